"""How fast each searching player stops in the window's search process once told to.

For each kind, a fresh ``SearchProcess`` (the window's: a child process, a stop flag in
shared memory) is given a position to think about; after ``--after-ms`` the parent calls
``stop()`` and times how long ``run()`` takes to come back (with the best move found so
far, or :class:`SearchAbandoned` when the player had nothing yet). The bar (the players
issue): within 5 ms. Positions: a 15,15,5 middle game for the searches that play every
board, a 5,4,4 opening for Perfect on a solved board.

    .venv/bin/python benchmarks/stop_latency.py --runs 10
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import GOMOKU, Rules
from ttt_desktop.players.process import SearchAbandoned, SearchProcess, ThinkJob

MIDDLE_GAME = "h8 h9 i8 g8 j8 k8 i9 j10 i7 i10 h7 g6 j7 k7"
KINDS = ("searcher", "strongest", "monty", "minimax", "alphabeta", "ralph")


def position(kind: str) -> Board:
    if kind == "perfect":
        return Board.empty(rules=Rules(5, 4, 4)).play(9)
    board = Board.empty(rules=GOMOKU)
    return board.play_all(GOMOKU.geometry.parse(name) for name in MIDDLE_GAME.split())


def latencies(kind: str, runs: int, after_s: float) -> list[float]:
    board = position(kind)
    process = SearchProcess()
    process.start()
    found: list[float] = []
    try:
        process.run(ThinkJob.for_board("rando", 1, board))  # the process is up and warm
        for run in range(runs):
            done = threading.Event()

            def think(seed: int = run, done: threading.Event = done) -> None:
                try:
                    process.run(ThinkJob.for_board(kind, seed, board))
                except SearchAbandoned:
                    pass
                finally:
                    done.set()

            thread = threading.Thread(target=think)
            thread.start()
            if done.wait(after_s):
                thread.join()
                continue  # answered before being told to stop: nothing to time
            told = time.perf_counter()
            process.stop()
            done.wait()
            found.append((time.perf_counter() - told) * 1000)
            thread.join()
    finally:
        process.close()
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="stops to time per kind")
    parser.add_argument("--after-ms", type=float, default=20, help="time before the stop")
    options = parser.parse_args(argv)
    print(f"stop latency in the search process, {options.runs} stops per kind (ms)")
    worst = 0.0
    for kind in (*KINDS, "perfect"):
        times = latencies(kind, options.runs, options.after_ms / 1000)
        if not times:
            print(f"  {kind:>10}: answered within {options.after_ms:g} ms every time")
            continue
        worst = max(worst, *times)
        print(
            f"  {kind:>10}: median {statistics.median(times):5.2f}, longest {max(times):5.2f}"
            f" ({len(times)} stops)"
        )
    print(f"longest of all: {worst:.2f} ms (bar 5 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
