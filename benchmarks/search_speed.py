"""Searcher speed: positions a second beside OpenSpiel's alpha-beta, and how fast it stops.

1. ``nodes``: the Searcher to a fixed depth on fixed positions of 7,7,5 and 15,15,5, and
   OpenSpiel's pure-Python ``open_spiel.python.algorithms.minimax.alpha_beta_search`` on
   the ``mnk`` game from the same positions to the same depth, in the same run. OpenSpiel's
   nodes are its ``_alpha_beta`` calls (every position it visits, leaves included); its
   leaves get a constant value function (``0.0``: no evaluation cost at all, and no move
   order, so plain alpha-beta over every empty cell). The Searcher's nodes are the
   positions it visits plus the last-ply children it scores from its window tables without
   playing them; it searches only cells near the stones on 15,15,5 and deepens one ply at a
   time (iterations 1 to the depth are all counted). Each figure is the best of
   ``--repeats`` runs, the sum over two positions.
2. ``stop``: the Searcher thinks on 15,15,5 with a minute's budget in a thread; after a
   delay the main thread sets the stop flag and times how long ``think`` takes to return
   (the bar: 5 ms).
3. ``profile``: cProfile of one 15,15,5 search (the hot spots, by own time).

    .venv/bin/python benchmarks/search_speed.py nodes
    .venv/bin/python benchmarks/search_speed.py stop --runs 20
    .venv/bin/python benchmarks/search_speed.py profile
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import os
import pstats
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import Rules
from ttt_desktop.players.searcher import SearcherPlayer
from ttt_desktop.players.thought import SearchStopped

POSITIONS = {
    "7,7,5": ("d4 c3 e5 c5 e3 d3", "d4 e4 c4 d5 c5 b3 e3 c3"),
    "15,15,5": ("h8 g7 i9 g9 h9 h7 i7 j8", "h8 i9 g9 h10 h9 h7 g8 f7 i8 j8"),
}
DEPTHS = {"7,7,5": (2, 3, 4), "15,15,5": (2, 3, 4)}
OPENSPIEL_DEPTHS = {"7,7,5": 4, "15,15,5": 3}
"""The deepest OpenSpiel is asked for (one ply more on 15,15,5 would take minutes)."""


def position(key: str, names: str) -> Board:
    rules = Rules.parse(key)
    board = Board.empty(rules=rules).play_all(rules.geometry.parse(name) for name in names.split())
    assert not board.is_over
    return board


def openspiel_search(board: Board, depth: int) -> tuple[int, float]:
    """Nodes and seconds of OpenSpiel's alpha_beta_search on ``board``'s mnk state."""
    import pyspiel  # type: ignore[import-not-found]  # noqa: PLC0415  (test extra)
    from open_spiel.python.algorithms import minimax  # type: ignore[import-untyped]  # noqa: PLC0415

    rules = board.rules
    game = pyspiel.load_game("mnk", {"m": rules.m, "n": rules.n, "k": rules.k})
    state = game.new_initial_state()
    xs = [cell for cell in range(rules.size) if board.x_bits >> cell & 1]
    os_ = [cell for cell in range(rules.size) if board.o_bits >> cell & 1]
    for index in range(len(xs) + len(os_)):
        state.apply_action((xs if index % 2 == 0 else os_)[index // 2])
    original = minimax._alpha_beta
    calls = 0

    def counted(*args: object, **kwargs: object) -> object:
        nonlocal calls
        calls += 1
        return original(*args, **kwargs)

    minimax._alpha_beta = counted
    try:
        started = time.perf_counter()
        minimax.alpha_beta_search(
            game, state, value_function=lambda _state: 0.0, maximum_depth=depth
        )
        seconds = time.perf_counter() - started
    finally:
        minimax._alpha_beta = original
    return calls, seconds


def nodes(options: argparse.Namespace) -> None:
    print(f"load average {os.getloadavg()[0]:.1f}")
    print(
        f"{'board':9} {'depth':>5} {'searcher nodes':>15} {'s':>7} {'nodes/s':>9}   "
        f"{'openspiel nodes':>15} {'s':>7} {'nodes/s':>9}"
    )
    for key, boards in POSITIONS.items():
        for depth in DEPTHS[key]:
            ours_nodes = theirs_nodes = 0
            ours_s = theirs_s = 0.0
            for names in boards:
                board = position(key, names)
                # The best of a few runs: the machine's other work only ever adds time.
                thoughts = [
                    SearcherPlayer(seed=1, depth=depth).think(board) for _ in range(options.repeats)
                ]
                thought = min(thoughts, key=lambda thought: thought.seconds)
                assert thought.depth == depth or any(s.plies for s in thought.scores)
                ours_nodes += thought.nodes
                ours_s += thought.seconds
                if options.openspiel and depth <= OPENSPIEL_DEPTHS[key]:
                    runs = [openspiel_search(board, depth) for _ in range(options.repeats)]
                    count, seconds = min(runs, key=lambda run: run[1])
                    theirs_nodes += count
                    theirs_s += seconds
            line = (
                f"{key:9} {depth:5} {ours_nodes:15,} {ours_s:7.2f} {ours_nodes / ours_s:9,.0f}   "
            )
            if theirs_s:
                line += f"{theirs_nodes:15,} {theirs_s:7.2f} {theirs_nodes / theirs_s:9,.0f}"
            print(line, flush=True)


def stop_latency(delay_s: float, board: Board) -> float:
    flag = threading.Event()
    returned_at: list[float] = []
    started = threading.Event()

    def search() -> None:
        player = SearcherPlayer(seed=1, budget_ms=60_000)

        def stop() -> bool:
            started.set()
            return flag.is_set()

        with contextlib.suppress(SearchStopped):
            player.think(board, stop=stop)
        returned_at.append(time.perf_counter())

    thread = threading.Thread(target=search)
    thread.start()
    started.wait()
    time.sleep(delay_s)
    set_at = time.perf_counter()
    flag.set()
    thread.join()
    return returned_at[0] - set_at


def stop(options: argparse.Namespace) -> None:
    # A thread switch can delay the answer by the interpreter's switch interval; use the app's.
    sys.setswitchinterval(0.0005)
    board = position("15,15,5", POSITIONS["15,15,5"][1])
    stops_ms = [
        stop_latency(0.05 + 0.037 * (run % 10), board) * 1000 for run in range(options.runs)
    ]
    print(
        f"load average {os.getloadavg()[0]:.1f}; stop the Searcher on 15,15,5 "
        f"({options.runs} runs): median {statistics.median(stops_ms):.2f} ms, "
        f"longest {max(stops_ms):.2f} ms (bar 5 ms)"
    )


def profile(options: argparse.Namespace) -> None:
    board = position("15,15,5", POSITIONS["15,15,5"][1])
    player = SearcherPlayer(seed=1, nodes=options.nodes)
    profiler = cProfile.Profile()
    profiler.enable()
    thought = player.think(board)
    profiler.disable()
    print(f"depth {thought.depth}, {thought.nodes:,} nodes, {thought.seconds:.2f} s")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(12)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("nodes", "stop", "profile"))
    parser.add_argument("--runs", type=int, default=20, help="stops to time")
    parser.add_argument("--repeats", type=int, default=3, help="searches per figure (best)")
    parser.add_argument("--nodes", type=int, default=300_000, help="the profiled search's nodes")
    parser.add_argument(
        "--no-openspiel", dest="openspiel", action="store_false", help="the Searcher only"
    )
    options = parser.parse_args(argv)
    {"nodes": nodes, "stop": stop, "profile": profile}[options.what](options)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
