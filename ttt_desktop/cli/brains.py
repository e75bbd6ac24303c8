"""The command line's Gomocup parts: ``ttt-arena brain``, ``pbrain-ttt``, and matches with
brains in them (``ttt-arena match --x brain:COMMAND`` or ``--x engine:NAME``).

Nothing here imports Qt.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator, Sequence
from typing import Any, Final, TextIO

from ttt_desktop.players import create_player
from ttt_desktop.players.base import Player

__all__ = [
    "BRAIN_PREFIX",
    "ENGINE_PREFIX",
    "is_brain_seat",
    "open_players",
    "pbrain_main",
    "run_brain_match",
]

BRAIN_PREFIX: Final = "brain:"
ENGINE_PREFIX: Final = "engine:"


def default_brain_kind() -> str:
    """What a brain plays without ``--player``: the roster's strongest kind for five in a
    row (the roster lists the kinds weakest first)."""
    from ttt_desktop.core.rules import GOMOKU  # noqa: PLC0415
    from ttt_desktop.players.roster import kinds_for  # noqa: PLC0415

    return kinds_for(GOMOKU)[-1]


def is_brain_seat(seat: str) -> bool:
    """Whether a ``--x``/``--o`` seat is an external brain (``brain:`` or ``engine:``)."""
    return seat.startswith((BRAIN_PREFIX, ENGINE_PREFIX))


def pbrain_main(argv: Sequence[str] | None = None) -> int:
    """``pbrain-ttt [--player KIND] [--seed S]``: one of our players as a Gomocup brain."""
    parser = argparse.ArgumentParser(
        prog="pbrain-ttt",
        description="Play as a Gomocup (Piskvork) brain on stdin and stdout.",
    )
    add_brain_arguments(parser)
    arguments = parser.parse_args(argv)
    return run_brain(arguments)


def add_brain_arguments(parser: argparse.ArgumentParser) -> None:
    from ttt_desktop.players import KINDS  # noqa: PLC0415

    default = default_brain_kind()
    parser.add_argument(
        "--player",
        default=default,
        choices=[kind for kind in KINDS if kind != "sequence"],
        metavar="KIND",
        help=f"the kind that plays (default {default}, the strongest for five in a row)",
    )
    parser.add_argument("--seed", type=int, metavar="S", help="for a repeatable brain")


def add_engines_arguments(parser: argparse.ArgumentParser) -> None:
    from pathlib import Path  # noqa: PLC0415

    parser.add_argument(
        "action", choices=("list", "add", "probe", "remove"), help="what to do (default list)"
    )
    parser.add_argument("name", nargs="?", help="the engine's name (add: default its ABOUT name)")
    parser.add_argument(
        "--command", dest="brain_command", metavar="COMMAND", help="add: the command that runs it"
    )
    parser.add_argument("--cwd", default="", metavar="DIR", help="add: its working directory")
    parser.add_argument(
        "--engines",
        type=Path,
        metavar="PATH",
        help="the engine list (default: engines.json in the data folder)",
    )
    parser.add_argument("--json", action="store_true", help="list: print one JSON object")


def run_engines(arguments: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``ttt-arena engines list|add|probe|remove``: the engine list from the command line."""
    from dataclasses import replace  # noqa: PLC0415

    from ttt_desktop.brains.engines import (  # noqa: PLC0415
        EngineEntry,
        EngineList,
        EngineListError,
        engines_path,
        probe,
    )
    from ttt_desktop.brains.manager import BrainError, split_command  # noqa: PLC0415

    try:
        engines = EngineList.load(engines_path(explicit=arguments.engines))
    except EngineListError as error:
        err.write(f"ttt-arena: {error}\n")
        return 1
    action = arguments.action
    try:
        if action == "list":
            if arguments.json:
                from ttt_desktop.cli.output import print_json  # noqa: PLC0415

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
    from ttt_desktop.brains.protocol import RULE_NAMES  # noqa: PLC0415

    if entry.rules is None:
        return ""
    names = [RULE_NAMES.get(rule, f"rule {rule}") for rule in entry.rules]
    text = f", rules {', '.join(names)}"
    if refusals:
        for rule, answer in entry.refusals.items():
            words = RULE_NAMES.get(int(rule), f"rule {rule}") if rule.isdigit() else rule
            text += f"; not {words} (it answered {answer} to INFO rule {rule})"
    return text


def run_brain(arguments: argparse.Namespace) -> int:
    from ttt_desktop.brains.serve import serve_brain  # noqa: PLC0415

    try:
        return serve_brain(arguments.player, arguments.seed)
    except KeyboardInterrupt:
        return 130


def _seat_player(seat: str, arguments: argparse.Namespace, seed: int) -> Player:
    """The player of a ``--x``/``--o`` seat: a brain with its settings under the match's
    clock (``arguments.clock``; None: the brain's own), or one of our players.
    :class:`~ttt_desktop.brains.manager.BrainRefused` for an engine whose probe says it
    does not play the match's rule (renju, caro, exactly five)."""
    from dataclasses import replace  # noqa: PLC0415
    from pathlib import Path  # noqa: PLC0415

    from ttt_desktop.brains.engines import EngineList, brain_folder, engines_path  # noqa: PLC0415
    from ttt_desktop.brains.manager import (  # noqa: PLC0415
        BrainRefused,
        BrainSettings,
        brain_clock,
        split_command,
    )
    from ttt_desktop.brains.player import BrainPlayer  # noqa: PLC0415

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
    arguments: argparse.Namespace, seed: int, err: TextIO
) -> Iterator[tuple[Player, Player] | None]:
    """The ``--x`` and ``--o`` players of a match with a brain (its clock, ``--memory``),
    closed at the end; None after saying on ``err`` why they can't be seated."""
    import random  # noqa: PLC0415

    from ttt_desktop.brains.engines import EngineListError  # noqa: PLC0415
    from ttt_desktop.brains.manager import BrainError  # noqa: PLC0415
    from ttt_desktop.players.roster import supports  # noqa: PLC0415

    rules = arguments.rules
    players: list[Player] = []
    try:
        for seat in (arguments.x, arguments.o):
            if not is_brain_seat(seat) and not supports(seat, rules):
                err.write(f"ttt-arena: {seat} does not play {rules.key}\n")
                yield None
                return
        seeds = random.Random(seed)
        try:
            for seat in (arguments.x, arguments.o):
                players.append(_seat_player(seat, arguments, seeds.getrandbits(32)))
        except (BrainError, KeyError, EngineListError, ValueError) as error:
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
    """A match with at least one brain: ``--games`` games, stored with ``--library``."""
    import random  # noqa: PLC0415
    import time  # noqa: PLC0415

    from ttt_desktop.brains.engines import EngineListError  # noqa: PLC0415
    from ttt_desktop.brains.manager import BrainError, BrainRefused  # noqa: PLC0415
    from ttt_desktop.brains.match import BrainMatchResult, play_brain_game  # noqa: PLC0415
    from ttt_desktop.core.board import Mark  # noqa: PLC0415
    from ttt_desktop.players.base import fresh_seed  # noqa: PLC0415
    from ttt_desktop.players.roster import supports  # noqa: PLC0415

    rules = arguments.rules
    for seat in (arguments.x, arguments.o):
        if not is_brain_seat(seat) and not supports(seat, rules):
            err.write(f"ttt-arena: {seat} does not play {rules.key}\n")
            return 2
    seed = arguments.seed if arguments.seed is not None else fresh_seed()
    seeds = random.Random(seed)
    players: list[Player] = []
    library = None
    try:
        try:
            for seat in (arguments.x, arguments.o):
                players.append(_seat_player(seat, arguments, seeds.getrandbits(32)))
        except (BrainError, KeyError, EngineListError, ValueError) as error:
            message = error.reason if isinstance(error, BrainError) else str(error).strip("'\"")
            err.write(f"ttt-arena: {message}\n")
            return 2
        x, o = players
        if arguments.library is not None:
            from ttt_desktop.library import Library  # noqa: PLC0415

            library = Library(arguments.library)
            event = library.add_event(
                "match",
                f"{x.name} v {o.name}",
                {
                    "x": arguments.x,
                    "o": arguments.o,
                    "games": arguments.games,
                    "seed": seed,
                    "rules": rules.key,
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
                    x, o, rules, first, clock=arguments.clock, opening_rule=arguments.opening_rule
                )
            except BrainRefused as error:
                err.write(f"ttt-arena: {error.reason}\n")
                return 2
            tally.add(record)
            if arguments.json:
                played.append(
                    {
                        "first": record.first.value,
                        "moves": list(record.moves),
                        "winner": record.result,
                        "ending": record.ending,
                        "forfeit": None if record.forfeit is None else record.forfeit.reason,
                        **(
                            {}
                            if record.opening is None
                            else {
                                "opening": record.opening.to_json(),
                                "x": record.x.name,
                                "o": record.o.name,
                            }
                        ),
                    }
                )
            if library is not None:
                library.store(record, source="arena", event=event)
            if record.forfeit is not None:
                err.write(f"game {index + 1}: {tally.forfeits[-1].partition(': ')[2]}\n")
            if time.monotonic() - reported >= 1.0 and index + 1 < arguments.games:
                reported = time.monotonic()
                err.write(f"match: {index + 1:,} of {arguments.games:,} games\n")
                err.flush()
        if arguments.json:
            from ttt_desktop.cli.output import print_json  # noqa: PLC0415
            from ttt_desktop.lab.sprt import elo_estimate  # noqa: PLC0415

            print_json(
                {
                    "seed": seed,
                    "rules": rules.key,
                    "games": tally.games,
                    "x": {"kind": x.kind, "name": x.name},
                    "o": {"kind": o.kind, "name": o.name},
                    "x_wins": tally.x_wins,
                    "o_wins": tally.o_wins,
                    "draws": tally.draws,
                    "forfeits": tally.forfeits,
                    "x_elo": elo_estimate(tally.x_wins, tally.draws, tally.o_wins).as_json(),
                    "played": played,
                },
                out,
            )
        else:
            _print_tally(tally, x, o, rules, seed, out)
        if library is not None:
            err.write(f"stored {tally.games:,} games in {library.path}\n")
        return 0
    finally:
        for player in players:
            close = getattr(player, "close", None)
            if close is not None:
                close()
        if library is not None:
            library.close()


def _print_tally(  # noqa: PLR0917
    tally: Any, x: Player, o: Player, rules: Any, seed: int, out: TextIO
) -> None:
    out.write(f"{rules.title} ({rules.key}), {tally.games:,} games, seed {seed}\n")
    out.write(f"  X {x.name}: {tally.x_wins:,} wins\n")
    out.write(f"  O {o.name}: {tally.o_wins:,} wins\n")
    out.write(f"  draws: {tally.draws:,}\n")
    from ttt_desktop.lab.sprt import elo_estimate  # noqa: PLC0415

    out.write(
        f"  X against O: {elo_estimate(tally.x_wins, tally.draws, tally.o_wins).describe()}\n"
    )
    if tally.forfeits:
        out.write(f"  forfeits: {len(tally.forfeits):,}\n")
        for line in tally.forfeits[:20]:
            out.write(f"    {line}\n")


def main() -> None:
    """The ``pbrain-ttt`` console script."""
    sys.exit(pbrain_main())
