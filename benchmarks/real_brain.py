"""A real Gomocup brain through our engine manager: do its games end on the board?

Plays a brain you have built (give its command; nothing of it is in this project) against
our players on 15x15 free-style, colours alternated, both sides under the same clock
(our players are given their budget by it and lose on time past it; the brain's clock is
its manager's, with the Gomocup judge's 1,000 ms margin and 5 s more for its first move,
as ``ttt-arena match`` gives it), and prints for each opponent and time per move: the
games, the score, every forfeit and loss on time with its reason, and the longest move of
each side against its time.

    .venv/bin/python benchmarks/real_brain.py --brain /path/to/pbrain-x \\
        [--opponents rando,strongest] [--turn-ms 1000,100] [--games 100] [--margin-ms 50] \\
        [--brain-ms 100] [--records DIR]

``--records`` writes each game as a Piskvork .psq file in DIR (to open in the app or replay).

``--brain-ms`` gives the brain a time of its own a move (time odds: our players keep
``--turn-ms``, the brain is told ``--brain-ms`` and held to it by its manager).

Run it on a quiet machine and again while the machine is loaded (the test suite running
beside it): the note says which.
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import time

from ttt_desktop.brains.manager import BrainSettings, brain_clock
from ttt_desktop.brains.match import play_brain_game
from ttt_desktop.brains.player import BrainPlayer
from ttt_desktop.core.board import Mark
from ttt_desktop.core.clock import TimeControl
from ttt_desktop.core.rules import GOMOKU
from ttt_desktop.formats.psq import record_to_psq
from ttt_desktop.players import create_player


def run(  # noqa: PLR0917  (the command line's options)
    brain_command: str,
    opponent: str,
    turn_ms: float,
    games: int,
    margin_ms: float,
    brain_ms: float | None = None,
    records: pathlib.Path | None = None,
) -> None:
    clock = TimeControl(turn_ms=turn_ms, margin_ms=margin_ms)
    brain_control = clock if brain_ms is None else TimeControl(turn_ms=brain_ms)
    settings = BrainSettings(clock=brain_clock(brain_control))
    score = collections.Counter[str]()
    forfeits: list[str] = []
    longest = {"brain": 0.0, "ours": 0.0}
    started = time.perf_counter()
    moves = 0
    with BrainPlayer(brain_command, settings=settings) as brain:
        for game in range(games):
            ours = create_player(opponent, seed=1000 + game)
            brain_first = game % 2 == 0
            x, o = (brain, ours) if brain_first else (ours, brain)
            brain_mark = Mark.X if brain_first else Mark.O
            record = play_brain_game(x, o, GOMOKU, Mark.X, clock=clock)
            moves += record.ply
            if records is not None:
                records.mkdir(parents=True, exist_ok=True)
                name = f"{opponent}-{turn_ms:g}ms-game{game + 1:03d}.psq"
                (records / name).write_text(record_to_psq(record), encoding="utf-8")
            for ply, seconds in enumerate(record.move_seconds):
                side = "brain" if (ply % 2 == 0) == brain_first else "ours"
                longest[side] = max(longest[side], seconds * 1000)
            result = record.result
            if result is None:
                score["unfinished"] += 1
            elif result == "draw":
                score["draw"] += 1
            else:
                score["brain" if result == brain_mark.value else "ours"] += 1
            if record.forfeit is not None:
                loser = "brain" if record.forfeit.loser is brain_mark else opponent
                forfeits.append(f"game {game + 1}: {loser}: {record.forfeit.reason}")
    seconds = time.perf_counter() - started
    print(
        f"{brain.name} v {opponent}, {turn_ms:g} ms a move"
        + ("" if brain_ms is None else f" (the brain {brain_ms:g} ms)")
        + f", {games} games, {moves} moves, {seconds:.0f} s:"
    )
    print(
        f"  brain won {score['brain']}, {opponent} won {score['ours']}, draws {score['draw']}"
        f", unfinished {score['unfinished']}"
    )
    brain_forfeits = sum(1 for line in forfeits if ": brain: " in line)
    print(f"  forfeits: brain {brain_forfeits}, {opponent} {len(forfeits) - brain_forfeits}")
    for line in forfeits[:20]:
        print(f"    {line}")
    print(
        f"  longest move: brain {longest['brain']:.0f} ms (allowed "
        f"{turn_ms if brain_ms is None else brain_ms:g} + "
        f"{settings.clock.margin_ms:g}, +{settings.setup_ms} on its first), {opponent} "
        f"{longest['ours']:.0f} ms (allowed {turn_ms:g} + {margin_ms:g})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--brain", required=True, help="the brain's command")
    parser.add_argument("--opponents", default="rando,strongest")
    parser.add_argument("--turn-ms", default="1000,100")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--margin-ms", type=float, default=50.0, help="our players' margin")
    parser.add_argument("--brain-ms", type=float, help="the brain's own time a move (odds)")
    parser.add_argument("--records", type=pathlib.Path, help="write each game's .psq here")
    arguments = parser.parse_args()
    for turn in arguments.turn_ms.split(","):
        for opponent in arguments.opponents.split(","):
            run(
                arguments.brain,
                opponent,
                float(turn),
                arguments.games,
                arguments.margin_ms,
                arguments.brain_ms,
                arguments.records,
            )


if __name__ == "__main__":
    main()
