"""The brain manager's overhead per move: our brain against our brain at instant moves.

Two of our Rando players play gomoku (15x15, five in a row) twice in the same run: in
this process through the one play loop, and as Gomocup brains (``ttt-arena brain``, one
process each) through the manager (INFO time_left, TURN, the answer read by a thread,
the move checked, SIGSTOP/SIGCONT of the brain whose turn it is not). The overhead per
move round trip is the difference of the mean times per move; the bar is 2 ms.

    PYTHONPATH=. .venv/bin/python benchmarks/brain_overhead.py [games]
"""

from __future__ import annotations

import statistics
import sys
import time

from ttt_desktop.brains.manager import BrainSettings
from ttt_desktop.brains.match import play_brain_game
from ttt_desktop.brains.player import BrainPlayer
from ttt_desktop.core.board import Mark
from ttt_desktop.core.clock import TimeControl
from ttt_desktop.core.play import play_game
from ttt_desktop.core.rules import GOMOKU
from ttt_desktop.players import create_player

BAR_MS = 2.0


def brain(seed: int) -> list[str]:
    return [
        sys.executable,
        "-m",
        "ttt_desktop.cli",
        "brain",
        "--player",
        "rando",
        "--seed",
        str(seed),
    ]


def in_process(games: int) -> float:
    """Mean milliseconds per move of rando v rando in this process (thinking, as brains do)."""
    x, o = create_player("rando", seed=1), create_player("rando", seed=2)
    moves = 0
    started = time.perf_counter()
    for game in range(games):
        played = play_game(x, o, GOMOKU, Mark.X if game % 2 == 0 else Mark.O, think=True)
        moves += played.board.ply
    return (time.perf_counter() - started) * 1000 / moves


def through_pipes(games: int, suspend: bool) -> tuple[float, float]:
    """Mean and median milliseconds per move of the same players as brains."""
    settings = BrainSettings(clock=TimeControl(turn_ms=5000, game_ms=120_000), suspend=suspend)
    per_game: list[float] = []
    moves = 0
    started = time.perf_counter()
    with (
        BrainPlayer(brain(1), settings=settings) as x,
        BrainPlayer(brain(2), settings=settings) as o,
    ):
        # The first game starts the brains (START, INFO): leave it out of the figure.
        play_brain_game(x, o, GOMOKU)
        started = time.perf_counter()
        for game in range(games):
            begun = time.perf_counter()
            record = play_brain_game(x, o, GOMOKU, Mark.X if game % 2 == 0 else Mark.O)
            assert record.forfeit is None, record.forfeit
            moves += record.ply
            per_game.append((time.perf_counter() - begun) * 1000 / record.ply)
    mean = (time.perf_counter() - started) * 1000 / moves
    return mean, statistics.median(per_game)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    local = in_process(games)
    print(f"in process:         {local * 1000:8.1f} us per move")
    for suspend in (True, False):
        mean, median = through_pipes(games, suspend)
        overhead = mean - local
        label = "brains (SIGSTOP)" if suspend else "brains (no SIGSTOP)"
        verdict = "ok" if overhead <= BAR_MS else "OVER THE BAR"
        print(
            f"{label:20s}{mean * 1000:8.1f} us per move (median game {median * 1000:.1f} us); "
            f"overhead {overhead:.3f} ms per move round trip, bar {BAR_MS} ms: {verdict}"
        )


if __name__ == "__main__":
    main()
