"""The command line's other Gomocup brains: ``ttt-arena engines`` (the engine list: list,
add, probe, remove) and matches with brains in them (``ttt-arena match --x
brain:COMMAND`` or ``--x engine:NAME``, which the dispatcher of
:mod:`ttt_desktop.cli.arena` hands here).

Nothing here imports Qt.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from ttt_desktop import library
from ttt_desktop.brains.engines import (
    EngineEntry,
    EngineList,
    EngineListError,
    brain_folder,
    engines_path,
    probe,
)
from ttt_desktop.brains.manager import (
    BrainError,
    BrainRefused,
    BrainSettings,
    brain_clock,
    split_command,
)
from ttt_desktop.brains.match import BrainMatchResult, play_brain_game
from ttt_desktop.brains.player import BrainPlayer
from ttt_desktop.brains.protocol import RULE_NAMES
from ttt_desktop.cli.common import (
    BRAIN_PREFIX,
    ENGINE_PREFIX,
    ProgressLine,
    RefusedError,
    is_brain_seat,
)
from ttt_desktop.cli.match import check_match_options, run_sprt
from ttt_desktop.cli.output import print_json
from ttt_desktop.core.board import Mark
from ttt_desktop.core.rules import Rules
from ttt_desktop.lab.sprt import elo_estimate
from ttt_desktop.players import create_player
from ttt_desktop.players.base import Player, fresh_seed
from ttt_desktop.players.roster import supports

__all__ = ["open_players", "run_brain_match", "run_engines"]


def run_engines(arguments: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``ttt-arena engines list|add|probe|remove``: the engine list from the command line."""
    try:
        engines = EngineList.load(engines_path(explicit=arguments.engines))
    except EngineListError as error:
        err.write(f"ttt-arena: {error}\n")
        return 1
    action = arguments.action
    try:
        if action == "list":
            if arguments.json:
                print_json([entry.as_json() for entry in engines], out)
                return 0
            if not len(engines):
                out.write(f"no engines in {engines.path}\n")
            for entry in engines:
                sizes = ", ".join(map(str, entry.sizes)) or "not probed"
                rectangles = {True: ", rectangles", False: ", no rectangles", None: ""}
                out.write(f"{entry.name}: {entry.command} (sizes {sizes}")
                out.write(f"{rectangles[entry.rectangles]}{', any k' if entry.mnk else ''}")
                out.write(f"{_rules_words(entry)})\n")
            return 0
        if action == "add":
            if not arguments.brain_command:
                err.write("ttt-arena: engines add needs --command\n")
                return 2
            found = probe(
                EngineEntry(arguments.name or "new", arguments.brain_command, arguments.cwd)
            )
            name = (
                arguments.name
                or found.about.get("name")
                or split_command(arguments.brain_command)[0].rpartition("/")[2]
            )
            entry = replace(found, name=" ".join(name.split())[:60])
        else:
            if not arguments.name:
                err.write(f"ttt-arena: engines {action} needs the engine's name\n")
                return 2
            entry = engines.get(arguments.name)
            if action == "remove":
                engines.remove(entry.name)
                engines.save()
                out.write(f"removed {entry.name} from {engines.path}\n")
                return 0
            entry = probe(entry)
    except KeyError as error:
        err.write(f"ttt-arena: {str(error).strip(chr(34) + chr(39))}\n")
        return 2
    except BrainError as error:
        err.write(f"ttt-arena: {error.reason}\n")
        return 2
    engines.add(entry)
    engines.save()
    sizes = ", ".join(map(str, entry.sizes)) or "none"
    out.write(f"{entry.name}: accepts sizes {sizes}{_rules_words(entry, refusals=True)}; ")
    out.write(f"saved in {engines.path}\n")
    return 0


def _rules_words(entry: Any, *, refusals: bool = False) -> str:
    """``", rules free-style, exactly five"`` as probed (empty when not asked), with what
    it answered to the others if ``refusals``."""
    if entry.rules is None:
        return ""
    names = [RULE_NAMES.get(rule, f"rule {rule}") for rule in entry.rules]
    text = f", rules {', '.join(names)}"
    if refusals:
        for rule, answer in entry.refusals.items():
            words = RULE_NAMES.get(int(rule), f"rule {rule}") if rule.isdigit() else rule
            text += f"; not {words} (it answered {answer} to INFO rule {rule})"
    return text


def _seat_player(seat: str, arguments: argparse.Namespace, seed: int) -> Player:
    """The player of a ``--x``/``--o`` seat: a brain with its settings under the match's
    clock (``arguments.clock``; None: the brain's own), or one of our players.
    :class:`~ttt_desktop.brains.manager.BrainRefused` for an engine whose probe says it
    does not play the match's rule (renju, caro, exactly five)."""
    if not is_brain_seat(seat):
        return create_player(seat, seed=seed)
    clock = arguments.clock
    path = engines_path(explicit=arguments.engines)
    if seat.startswith(ENGINE_PREFIX):
        entry = EngineList.load(path).get(seat[len(ENGINE_PREFIX) :])
        refusal = entry.rule_refusal(arguments.rules)
        if refusal is None:
            refusal = entry.opening_refusal(getattr(arguments, "opening_rule", "free"))
        if refusal is not None:
            raise BrainRefused(refusal)
        command, name, cwd = entry.command, entry.name, entry.cwd or None
        settings = entry.settings(clock, brain_folder(path, entry.name))
    else:
        command, name, cwd = seat[len(BRAIN_PREFIX) :], None, None
        program = Path(split_command(command)[0]).name
        settings = BrainSettings(clock=brain_clock(clock), folder=brain_folder(path, program))
    if arguments.memory is not None:
        settings = replace(settings, max_memory=arguments.memory)
    if arguments.enforce_memory:
        settings = replace(settings, enforce_memory=True)
    return BrainPlayer(command, name=name, cwd=cwd, settings=settings)


@contextlib.contextmanager
def open_players(
    arguments: argparse.Namespace, seeds: random.Random, err: TextIO
) -> Iterator[tuple[Player, Player] | None]:
    """The ``--x`` and ``--o`` players of a match with a brain (its clock, ``--memory``),
    their seeds drawn from ``seeds``, closed at the end; None after saying on ``err`` why
    they can't be seated (the engine list's errors are ValueErrors)."""
    rules = arguments.rules
    players: list[Player] = []
    try:
        for seat in (arguments.x, arguments.o):
            if not is_brain_seat(seat) and not supports(seat, rules):
                err.write(f"ttt-arena: {seat} does not play {rules.key}\n")
                yield None
                return
        try:
            for seat in (arguments.x, arguments.o):
                players.append(_seat_player(seat, arguments, seeds.getrandbits(32)))
        except (BrainError, KeyError, ValueError) as error:
            message = error.reason if isinstance(error, BrainError) else str(error).strip("'\"")
            err.write(f"ttt-arena: {message}\n")
            yield None
            return
        yield players[0], players[1]
    finally:
        for player in players:
            close = getattr(player, "close", None)
            if close is not None:
                close()


def run_brain_match(arguments: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``ttt-arena match`` with at least one brain: ``--games`` games (or an SPRT, pairs of
    games, with ``--sprt``), stored with ``--library``; the exit status."""
    check_match_options(arguments)
    seed = arguments.seed if arguments.seed is not None else fresh_seed()
    seeds = random.Random(seed)
    with open_players(arguments, seeds, err) as players:
        if players is None:
            return 2
        if arguments.sprt is not None:
            try:
                run_sprt(arguments, *players, seed, out, ProgressLine(err))
            except BrainRefused as error:
                raise RefusedError(error.reason) from None
            return 0
        x, o = players
        store = None
        try:
            if arguments.library is not None:
                store = library.Library(arguments.library)
                event = store.add_event(
                    "match",
                    f"{x.name} v {o.name}",
                    {
                        "x": arguments.x,
                        "o": arguments.o,
                        "games": arguments.games,
                        "seed": seed,
                        "rules": arguments.rules.key,
                        **({} if arguments.clock is None else {"clock": arguments.clock.as_json()}),
                        **(
                            {"opening_rule": arguments.opening_rule}
                            if arguments.opening_rule != "free"
                            else {}
                        ),
                    },
                )
            tally = BrainMatchResult()
            reported = time.monotonic()
            played: list[dict[str, Any]] = []
            for index in range(arguments.games):
                first = Mark.O if arguments.start == "o" else Mark.X
                if arguments.start == "alternate" and index % 2:
                    first = Mark.O
                if arguments.start == "random":
                    first = Mark.X if seeds.random() < 0.5 else Mark.O
                try:
                    record = play_brain_game(
                        x,
                        o,
                        arguments.rules,
                        first,
                        clock=arguments.clock,
                        opening_rule=arguments.opening_rule,
                    )
                except BrainRefused as error:
                    err.write(f"ttt-arena: {error.reason}\n")
                    return 2
                tally.add(record)
                if arguments.json:
                    played.append(_brain_game_json(record))
                if store is not None:
                    store.store(record, source="arena", event=event)
                if record.forfeit is not None:
                    err.write(f"game {index + 1}: {tally.forfeits[-1].partition(': ')[2]}\n")
                if time.monotonic() - reported >= 1.0 and index + 1 < arguments.games:
                    reported = time.monotonic()
                    err.write(f"match: {index + 1:,} of {arguments.games:,} games\n")
                    err.flush()
            estimate = elo_estimate(tally.x_wins, tally.draws, tally.o_wins)
            if arguments.json:
                print_json(
                    {
                        "seed": seed,
                        "rules": arguments.rules.key,
                        "games": tally.games,
                        "x": {"kind": x.kind, "name": x.name},
                        "o": {"kind": o.kind, "name": o.name},
                        "x_wins": tally.x_wins,
                        "o_wins": tally.o_wins,
                        "draws": tally.draws,
                        "forfeits": tally.forfeits,
                        "x_elo": estimate.as_json(),
                        "played": played,
                    },
                    out,
                )
            else:
                _print_tally(tally, (x, o), arguments.rules, seed, estimate.describe(), out)
            if store is not None:
                err.write(f"stored {tally.games:,} games in {store.path}\n")
            return 0
        finally:
            if store is not None:
                store.close()


def _brain_game_json(record: Any) -> dict[str, Any]:
    """One game of a brain match, as ``--json`` lists it."""
    return {
        "first": record.first.value,
        "moves": list(record.moves),
        "winner": record.result,
        "ending": record.ending,
        "forfeit": None if record.forfeit is None else record.forfeit.reason,
        **(
            {}
            if record.opening is None
            else {"opening": record.opening.to_json(), "x": record.x.name, "o": record.o.name}
        ),
    }


def _print_tally(  # noqa: PLR0917
    tally: BrainMatchResult,
    players: tuple[Player, Player],
    rules: Rules,
    seed: int,
    estimate: str,
    out: TextIO,
) -> None:
    x, o = players
    out.write(f"{rules.title} ({rules.key}), {tally.games:,} games, seed {seed}\n")
    out.write(f"  X {x.name}: {tally.x_wins:,} wins\n")
    out.write(f"  O {o.name}: {tally.o_wins:,} wins\n")
    out.write(f"  draws: {tally.draws:,}\n")
    out.write(f"  X against O: {estimate}\n")
    if tally.forfeits:
        out.write(f"  forfeits: {len(tally.forfeits):,}\n")
        for line in tally.forfeits[:20]:
            out.write(f"    {line}\n")
