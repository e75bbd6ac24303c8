"""How fast a search stops when told to, and what thinking costs over choosing.

1. ``minimax`` thinks about the empty board in a thread; after a delay the main
   thread sets the stop flag and times how long the search takes to give up
   (from setting the flag to :class:`SearchStopped` arriving). The bar: under 5 ms.
2. ``think`` against ``choose_move`` on the empty board for ``minimax`` and
   ``alphabeta`` (best of several runs): what counting nodes and keeping the
   principal line cost.

    .venv/bin/python benchmarks/think_stop.py
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttt_desktop.core import Board
from ttt_desktop.players import create_player
from ttt_desktop.players.thought import SearchStopped


def time_stop(delay_s: float) -> float:
    """Seconds from setting the stop flag to the search raising SearchStopped."""
    flag = threading.Event()
    stopped_at: list[float] = []
    search_started = threading.Event()

    def search() -> None:
        player = create_player("minimax", seed=1)

        def stop() -> bool:
            search_started.set()
            return flag.is_set()

        try:
            player.think(Board.empty(), stop=stop)
        except SearchStopped:
            stopped_at.append(time.perf_counter())

    thread = threading.Thread(target=search)
    thread.start()
    search_started.wait()
    time.sleep(delay_s)
    set_at = time.perf_counter()
    flag.set()
    thread.join()
    if not stopped_at:
        raise SystemExit("the search finished before it was told to stop: use a shorter delay")
    return stopped_at[0] - set_at


def best_of(runs: int, work: object) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()  # type: ignore[operator]
        times.append(time.perf_counter() - started)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="stops to time")
    options = parser.parse_args(argv)
    # A thread switch can delay the answer by the interpreter's switch interval; use the app's.
    sys.setswitchinterval(0.0005)
    Board.empty().play(4)  # warm the board cache as a running app has it
    create_player("minimax", seed=1).choose_move(Board.empty())
    stops_ms = [time_stop(0.005 + 0.002 * (run % 10)) * 1000 for run in range(options.runs)]
    print(
        f"stop minimax on the empty board ({options.runs} runs): median "
        f"{statistics.median(stops_ms):.2f} ms, longest {max(stops_ms):.2f} ms (bar 5 ms)"
    )
    for kind in ("minimax", "alphabeta"):
        runs = 5 if kind == "minimax" else 50
        choose = best_of(runs, lambda k=kind: create_player(k, seed=1).choose_move(Board.empty()))
        think = best_of(runs, lambda k=kind: create_player(k, seed=1).think(Board.empty()))
        print(
            f"{kind} on the empty board: choose_move {choose * 1000:.1f} ms, "
            f"think {think * 1000:.1f} ms ({think / choose:.2f}x)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
