"""``ttt-arena match``: two of our players, many games, or a sequential test (SPRT) of one
against the other, and the match's report; the options every match checks first, brains
or not (a match with a brain plays in :mod:`ttt_desktop.cli.engines`).

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
    UsageError,
    check_players,
    time_control,
)
from ttt_desktop.cli.output import game_json, print_json
from ttt_desktop.cli.sprt import LiveLlr
from ttt_desktop.core.board import Mark
from ttt_desktop.core.rules import Rules
from ttt_desktop.core.swap import check_opening_rule
from ttt_desktop.lab.match import MatchResult, play_match
from ttt_desktop.lab.openings import builtin_openings, opening_sequence, read_openings
from ttt_desktop.lab.sprt import elo_estimate, play_sprt_match
from ttt_desktop.players import create_player
from ttt_desktop.players.base import Player, fresh_seed


def check_match_options(arguments: argparse.Namespace) -> None:
    """What every match checks before a player is made or a brain started: the clock
    (``arguments.clock``), the openings (``arguments.opening_cells``, read or refused) and
    the opening rule on the board."""
    arguments.clock = time_control(arguments)
    arguments.opening_cells = match_openings(arguments)
    try:
        check_opening_rule(arguments.rules, arguments.opening_rule)
    except ValueError as error:
        raise UsageError(str(error)) from None


def openings_of(arguments: argparse.Namespace, rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The openings --openings names (none without it), read before any player starts.

    A missing, unreadable or malformed file, and --symmetries alone, are refused (exit 2)
    with the reason in one line.
    """
    if arguments.openings is None:
        if arguments.symmetries:
            raise RefusedError("--symmetries turns openings: give --openings too")
        return ()
    if arguments.openings == "builtin":
        return builtin_openings(rules)
    try:
        return read_openings(arguments.openings, rules)
    except ValueError as error:  # UserFileError among them: missing, too big, not text
        raise RefusedError(f"--openings: {error}") from None


def _library_writer(
    arguments: argparse.Namespace, name: str, settings: dict[str, Any], stream: TextIO
) -> Any:
    """The ``--library`` writer of a match (None without it), announced on ``stream``."""
    if arguments.library is None:
        return None
    # Cold start: a match without --library starts without the game library's writer,
    # which brings the library, the records' formats and the brains' modules
    # (docs/manual/developer/architecture.md, "Cold start").
    from ttt_desktop.lab.storing import FLUSH_SECONDS, LibraryWriter  # noqa: PLC0415

    writer = LibraryWriter(arguments.library, "match", name, settings)
    stream.write(
        f"storing each game in {writer.library.path} as it ends, within {FLUSH_SECONDS:g} s: "
        f"a kill loses at most the games of the last {FLUSH_SECONDS:g} s\n"
    )
    return writer


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


def run_match(arguments: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``ttt-arena match`` between two of our players; the exit status."""
    check_match_options(arguments)
    progress = ProgressLine(err)
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
        return 0
    games = arguments.games
    writer = _library_writer(
        arguments,
        f"{x_player.name} v {o_player.name}",
        {
            "x": arguments.x,
            "o": arguments.o,
            "games": games,
            "seed": seed,
            **_opening_rule_setting(arguments),
        },
        progress.stream,
    )
    played: list[dict[str, Any]] = []
    hearers: list[Callable[[Any], None]] = []
    if arguments.json:
        hearers.append(lambda game: played.append(game_json(game)))
    if writer is not None:
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
        elo = elo_estimate(result.x.wins, result.draws, result.o.wins).as_json()
        print_json({"seed": seed, **result.as_json(), "x_elo": elo, "played": played}, out)
    else:
        print_match(result, seed, out)
    return 0


def run_sprt(  # noqa: PLR0917
    arguments: argparse.Namespace,
    first: Player,
    second: Player,
    seed: int,
    out: TextIO,
    progress: ProgressLine,
) -> None:
    """An SPRT of ``first`` against ``second`` (ours or brains), pairs of games until a
    hypothesis is accepted or ``--games`` are played."""
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
    writer = _library_writer(
        arguments,
        f"{first.name} v {second.name} (SPRT)",
        {
            "x": arguments.x,
            "o": arguments.o,
            "games": arguments.games,
            "seed": seed,
            "sprt": settings.as_json(),
            **({"openings": [list(cells) for cells in openings]} if openings else {}),
            **({"symmetries": True} if arguments.symmetries else {}),
            **_opening_rule_setting(arguments),
        },
        progress.stream,
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


def _opening_rule_setting(arguments: argparse.Namespace) -> dict[str, str]:
    """The opening rule among a stored match's settings (none under the free opening)."""
    rule: str = arguments.opening_rule
    return {} if rule == "free" else {"opening_rule": rule}


def duration(microseconds: float) -> str:
    """A time in the unit that reads best: "0.61 us", "12.4 ms", "1.57 s"."""
    if microseconds < 1000:
        return f"{microseconds:.2f} us"
    if microseconds < 1_000_000:
        return f"{microseconds / 1000:.1f} ms"
    return f"{microseconds / 1_000_000:.2f} s"


def pace(games: int, seconds: float) -> str:
    """Games per second, or seconds per game when that is fewer than ten a second."""
    if seconds <= 0 or games <= 0:
        return f"{games:,} games"
    per_second = games / seconds
    if per_second >= 10:
        return f"{per_second:,.0f} games per second"
    return f"{seconds / games:.2f} s a game"


def print_match(result: MatchResult, seed: int, out: TextIO) -> None:
    board = "" if result.rules.is_classic else f"{result.rules.title} ({result.rules.key}), "
    out.write(
        f"{board}{result.games:,} games, X: {result.x.name} ({result.x.kind}) vs "
        f"O: {result.o.name} ({result.o.kind}); first move: {result.start} "
        f"(X started {result.x_started:,}); seed {seed}\n\n"
    )
    out.write(f"{'side':<4}  {'player':<12} {'wins':>8} {'draws':>8} {'losses':>8}")
    out.write(f"  {'mean move':>11}  {'max move':>11}\n")
    for mark, side in ((Mark.X, result.x), (Mark.O, result.o)):
        out.write(
            f"{mark.value:<4}  {side.kind:<12} {side.wins:>8,} {result.draws:>8,} "
            f"{result.losses(mark):>8,}  {duration(side.mean_move_us):>11}  "
            f"{duration(side.max_move_us):>11}\n"
        )
    estimate = elo_estimate(result.x.wins, result.draws, result.o.wins)
    out.write(f"\nX against O: {estimate.describe()}\n")
    out.write(
        f"{pace(result.games, result.seconds)} ({result.seconds:.3f} s; "
        "move times include the timer's own overhead of about 0.1 us)\n"
    )
