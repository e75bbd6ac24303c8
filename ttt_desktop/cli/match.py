"""``ttt-arena match``: two players, many games, or a sequential test (SPRT) of one
against the other; brains too.

Nothing here imports Qt.
"""

from __future__ import annotations

import argparse
import functools
import random
from collections.abc import Callable
from typing import Any, TextIO

from ttt_desktop.cli.common import (
    ProgressLine,
    RefusedError,
    check_players,
    library_writer,
    openings_of,
)
from ttt_desktop.cli.output import game_json, print_json, print_match
from ttt_desktop.core.rules import Rules
from ttt_desktop.lab.match import play_match
from ttt_desktop.players import create_player
from ttt_desktop.players.base import fresh_seed


def match_openings(arguments: argparse.Namespace) -> tuple[tuple[int, ...], ...]:
    """A match's openings: only an SPRT plays them (each pair shares one), brains or not."""
    if arguments.sprt is None:
        if arguments.openings is not None or arguments.symmetries:
            raise RefusedError(
                "a match keeps each player on its side, so openings would favour one of them: "
                "give --sprt (pairs of games, each opening with both colours) or play a "
                "tournament"
            )
        return ()
    return openings_of(arguments, arguments.rules)


def run_match(arguments: argparse.Namespace, out: TextIO, progress: ProgressLine) -> None:
    rules: Rules = arguments.rules
    check_players(rules, arguments.x, arguments.o)
    if arguments.clock is not None:
        raise RefusedError(
            "a match between our own players plays each with its own budget, without a "
            "clock; to time them, play a tournament: ttt-arena tournament --players "
            f"{arguments.x},{arguments.o} --turn-ms MS (or --game-ms MS)"
        )
    seed = arguments.seed if arguments.seed is not None else fresh_seed()
    seeds = random.Random(seed)
    x_player = create_player(arguments.x, seed=seeds.getrandbits(32))
    o_player = create_player(arguments.o, seed=seeds.getrandbits(32))
    if arguments.sprt is not None:
        run_sprt(arguments, x_player, o_player, seed, out, progress)
        return
    games = arguments.games
    writer = library_writer(
        arguments,
        "match",
        f"{x_player.name} v {o_player.name}",
        {
            "x": arguments.x,
            "o": arguments.o,
            "games": games,
            "seed": seed,
            **(
                {"opening_rule": arguments.opening_rule} if arguments.opening_rule != "free" else {}
            ),
        },
    )
    played: list[dict[str, Any]] = []
    hearers: list[Callable[[Any], None]] = []
    if arguments.json:
        hearers.append(lambda game: played.append(game_json(game)))
    if writer is not None:
        from ttt_desktop.lab.storing import FLUSH_SECONDS  # noqa: PLC0415

        progress.stream.write(
            f"storing each game in {writer.library.path} as it ends, within {FLUSH_SECONDS:g} s: "
            f"a kill loses at most the games of the last {FLUSH_SECONDS:g} s\n"
        )
        hearers.append(functools.partial(writer.add, x_player, o_player))
    on_game = None
    if len(hearers) == 1:
        on_game = hearers[0]
    elif hearers:

        def on_game(game: Any) -> None:
            for hear in hearers:
                hear(game)

    try:
        result = play_match(
            x_player,
            o_player,
            games,
            rules=rules,
            start=arguments.start,
            start_seed=seeds.getrandbits(32),
            on_progress=lambda count: progress.say(f"match: {count:,} of {games:,} games"),
            on_game=on_game,
            move_times=writer is not None,
            opening_rule=arguments.opening_rule,
        )
    finally:
        if writer is not None:
            writer.close(progress.stream)
    if arguments.json:
        from ttt_desktop.lab.sprt import elo_estimate  # noqa: PLC0415

        elo = elo_estimate(result.x.wins, result.draws, result.o.wins).as_json()
        print_json({"seed": seed, **result.as_json(), "x_elo": elo, "played": played}, out)
    else:
        print_match(result, seed, out)


def run_sprt(  # noqa: PLR0917
    arguments: argparse.Namespace,
    first: Any,
    second: Any,
    seed: int,
    out: TextIO,
    progress: ProgressLine,
) -> None:
    from ttt_desktop.cli.sprt import LiveLlr  # noqa: PLC0415
    from ttt_desktop.lab.openings import opening_sequence  # noqa: PLC0415
    from ttt_desktop.lab.sprt import play_sprt_match  # noqa: PLC0415

    if arguments.start != "x":
        raise RefusedError(
            "an SPRT match plays pairs of games, each player X once: leave out --start"
        )
    rules: Rules = arguments.rules
    openings: tuple[tuple[int, ...], ...] = arguments.opening_cells
    if openings and arguments.opening_rule != "free":
        raise RefusedError(
            f"an opening suite and the {arguments.opening_rule} rule both choose the first "
            "stones: give --openings or --opening-rule, not both"
        )
    settings = arguments.sprt
    book = (
        f"; {len(openings):,} openings{' turned by symmetries' if arguments.symmetries else ''}"
        if openings
        else ""
    )
    progress.stream.write(
        f"SPRT of {arguments.x} against {arguments.o}: {settings.label()}; at most "
        f"{arguments.games:,} games{book}\n"
    )
    writer = library_writer(
        arguments,
        "match",
        f"{first.name} v {second.name} (SPRT)",
        {
            "x": arguments.x,
            "o": arguments.o,
            "games": arguments.games,
            "seed": seed,
            "sprt": settings.as_json(),
            **({"openings": [list(cells) for cells in openings]} if openings else {}),
            **({"symmetries": True} if arguments.symmetries else {}),
            **(
                {"opening_rule": arguments.opening_rule} if arguments.opening_rule != "free" else {}
            ),
        },
    )
    if writer is not None:
        from ttt_desktop.lab.storing import FLUSH_SECONDS  # noqa: PLC0415

        progress.stream.write(
            f"storing each game in {writer.library.path} as it ends, within {FLUSH_SECONDS:g} s: "
            f"a kill loses at most the games of the last {FLUSH_SECONDS:g} s\n"
        )
    progress.stream.flush()
    try:
        match = play_sprt_match(
            first,
            second,
            settings,
            rules=rules,
            max_games=arguments.games,
            on_pair=LiveLlr(progress.stream),
            openings=(
                opening_sequence(openings, rules, seed if arguments.symmetries else None)
                if openings
                else None
            ),
            on_game=writer.add if writer is not None else None,
            opening_rule=arguments.opening_rule,
        )
    finally:
        if writer is not None:
            writer.close(progress.stream)
    if arguments.json:
        print_json(
            {
                "seed": seed,
                "rules": arguments.rules.key,
                "x": arguments.x,
                "o": arguments.o,
                "sprt": match.as_json(),
            },
            out,
        )
    else:
        out.write(f"{arguments.x} against {arguments.o} (seed {seed}): {match.state.describe()}\n")
        out.write(match.conclusion() + "\n")


def run_brain_sprt(arguments: argparse.Namespace, out: TextIO, progress: ProgressLine) -> int:
    """An SPRT with a brain in it: the players as a brain match seats them."""
    from ttt_desktop.brains.manager import BrainRefused  # noqa: PLC0415
    from ttt_desktop.cli.brains import open_players  # noqa: PLC0415

    seed = arguments.seed if arguments.seed is not None else fresh_seed()
    with open_players(arguments, seed, progress.stream) as players:
        if players is None:
            return 2
        try:
            run_sprt(arguments, *players, seed, out, progress)
        except BrainRefused as error:
            raise RefusedError(error.reason) from None
    return 0


def _opening_rule_setting(arguments: argparse.Namespace) -> dict[str, str]:
    """The opening rule among a stored match's settings (none under the free opening)."""
    rule: str = arguments.opening_rule
    return {} if rule == "free" else {"opening_rule": rule}
