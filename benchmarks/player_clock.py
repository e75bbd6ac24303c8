"""Whether each computer player keeps to its clock: wall time per move minus the budget.

For each kind, board and budget B, a fresh process plays seeded games of the kind against
itself through the play loop (:func:`ttt_desktop.core.play.play_game`, the loop a
tournament plays in, ``perf_counter_ns`` around each ``choose_move``), with both players'
``budget_ms`` set to B, whole games until at least ``--moves`` moves are made (so the end of
a long game is timed as well as its opening). A fresh process per row, so the
first move pays what a tournament worker's first move pays (the imports on first use, the
tables of the board). For every move it takes the wall time minus B and prints the first
move's, the median, the 99th percentile and the largest, and how many moves went past
B + 10 ms and past B + 50 ms; ``cpu`` is the largest move's own CPU time (its thread's)
minus B: far below its wall time, the move was kept waiting for a core, not working.

Beside the players, in the same run, two references of the machine's own noise: ``sleep``
is ``time.sleep(B)`` timed the same way, ``spin`` a loop that looks at the clock until B has
passed (what a player that checks the time continually would overrun by).

    .venv/bin/python benchmarks/player_clock.py                       # every board and budget
    .venv/bin/python benchmarks/player_clock.py --boards 15,15,5 --budgets 100 --moves 30
    .venv/bin/python benchmarks/player_clock.py --load 2              # two busy loops beside

``--load N`` runs N busy loops (``python -c 'while 1: pass'``) for the length of the run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

PROJECT_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT_ROOT))

if TYPE_CHECKING:
    from ttt_desktop.core.board import Board

BOARDS = ("3,3,3", "7,7,5", "9,9,5", "15,15,5", "20,20,5")
BUDGETS = (50.0, 100.0, 200.0)
TIMED_KINDS = (
    "ralph",
    "monty",
    "strategist",
    "minimax",
    "alphabeta",
    "perfect",
    "searcher",
    "strongest",
)
"""The kinds that honour ``budget_ms`` (the other kinds' moves take well under a millisecond);
each plays the boards it supports (Perfect: the solved ones)."""
REFERENCES = ("sleep", "spin")


def overruns(
    kind: str, rules_text: str, budget_ms: float, moves: int, seed: int
) -> list[tuple[float, float]]:
    """Each move's wall time and CPU time minus ``budget_ms`` (ms), in the order played; the
    first is cold."""
    if kind in REFERENCES:
        return _reference(kind, budget_ms, moves)
    from ttt_desktop.core.play import play_game  # noqa: PLC0415  (timed from a cold start)
    from ttt_desktop.core.rules import Rules  # noqa: PLC0415
    from ttt_desktop.players import create_player  # noqa: PLC0415

    rules = Rules.parse(rules_text)
    found: list[tuple[float, float]] = []
    cpu: list[float] = []

    def on_move(_board: object, _cell: int, seconds: float) -> None:
        found.append((seconds * 1000 - budget_ms, cpu[-1] * 1000 - budget_ms))

    def counted(choose: Callable[[Board], int]) -> Callable[[Board], int]:
        def choose_move(board: Board) -> int:
            before = time.thread_time()
            try:
                return choose(board)
            finally:
                cpu.append(time.thread_time() - before)

        return choose_move

    game = 0
    while len(found) < moves:
        x = create_player(kind, seed=seed + 2 * game)
        o = create_player(kind, seed=seed + 2 * game + 1)
        x.budget_ms = o.budget_ms = budget_ms
        for player in (x, o):
            player.choose_move = counted(player.choose_move)  # type: ignore[method-assign, assignment]
        play_game(x, o, rules, on_move=on_move)
        game += 1
    return found


def _reference(kind: str, budget_ms: float, moves: int) -> list[tuple[float, float]]:
    clock = time.perf_counter_ns
    found = []
    for _ in range(moves):
        before, before_cpu = clock(), time.thread_time()
        if kind == "sleep":
            time.sleep(budget_ms / 1000)
        else:
            deadline = before + budget_ms * 1e6
            while clock() < deadline:
                pass
        wall = (clock() - before) / 1e6 - budget_ms
        found.append((wall, (time.thread_time() - before_cpu) * 1000 - budget_ms))
    return found


def _row(
    kind: str, budget_ms: float, moves: list[tuple[float, float]]
) -> tuple[str, dict[str, float]]:
    found = [wall for wall, _ in moves]
    first, ordered = found[0], sorted(found)
    p99 = statistics.quantiles(ordered, n=100, method="inclusive")[98] if len(found) > 1 else first
    figures = {
        "moves": len(found),
        "first": first,
        "median": statistics.median(ordered),
        "p99": p99,
        "max": ordered[-1],
        "over10": sum(1 for value in found if value > 10),
        "over50": sum(1 for value in found if value > 50),
        "cpu": max(moves)[1],
    }
    text = (
        f"  {kind:<10} {budget_ms:5.0f} {figures['moves']:5d} {first:+8.1f}"
        f" {figures['median']:+7.1f} {p99:+7.1f} {figures['max']:+8.1f}"
        f" {figures['over10']:6d} {figures['over50']:6d} {figures['cpu']:+7.1f}"
    )
    return text, figures


def _measure(
    kind: str, rules: str, budget_ms: float, moves: int, seed: int
) -> list[tuple[float, float]]:
    """``overruns`` in a fresh process."""
    command = [
        sys.executable,
        __file__,
        "--one",
        json.dumps([kind, rules, budget_ms, moves, seed]),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return [(wall, cpu) for wall, cpu in json.loads(done.stdout.splitlines()[-1])]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kinds", default=",".join(TIMED_KINDS), help="kinds, comma-separated")
    parser.add_argument("--boards", default=";".join(BOARDS), help="boards, ';'-separated")
    parser.add_argument("--budgets", default="50,100,200", help="budgets in ms, comma-separated")
    parser.add_argument("--moves", type=int, default=60, help="moves per kind, board and budget")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--load", type=int, default=0, help="busy loops to run beside")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.one:
        kind, rules, budget_ms, moves, seed = json.loads(options.one)
        print(json.dumps(overruns(kind, rules, budget_ms, moves, seed)))
        return 0

    from ttt_desktop.core.rules import Rules  # noqa: PLC0415
    from ttt_desktop.players import kinds_for  # noqa: PLC0415

    kinds = options.kinds.split(",")
    budgets = [float(value) for value in options.budgets.split(",")]
    loads = [subprocess.Popen([sys.executable, "-c", "while 1: pass"]) for _ in range(options.load)]
    started = time.perf_counter()
    worst: dict[str, float] = {}
    over: dict[str, int] = {}
    try:
        print(
            f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}, "
            f"{options.load} busy loops beside; ms past the budget per move"
        )
        header = (
            f"  {'kind':<10} {'B':>5} {'moves':>5} {'first':>8} {'median':>7} {'p99':>7}"
            f" {'max':>8} {'>B+10':>6} {'>B+50':>6} {'cpu':>7}"
        )
        print("references (the machine's own noise)")
        print(header)
        for reference in REFERENCES:
            for budget in budgets:
                found = _measure(reference, "3,3,3", budget, options.moves, options.seed)
                print(_row(reference, budget, found)[0], flush=True)
        for board in options.boards.split(";"):
            playing = kinds_for(Rules.parse(board))
            print(board)
            print(header)
            for kind in kinds:
                if kind not in playing:
                    continue
                for budget in budgets:
                    found = _measure(kind, board, budget, options.moves, options.seed)
                    text, figures = _row(kind, budget, found)
                    print(text, flush=True)
                    worst[kind] = max(worst.get(kind, -budget), figures["max"])
                    over[kind] = over.get(kind, 0) + int(figures["over50"])
        print(
            f"load average {os.getloadavg()[0]:.1f} at the end, "
            f"{time.perf_counter() - started:.0f} s in all"
        )
        for kind in kinds:
            if kind in worst:
                print(
                    f"  {kind:<10} longest overrun {worst[kind]:+.1f} ms,"
                    f" {over[kind]} moves past B + 50 ms"
                )
    finally:
        for load in loads:
            load.kill()
            load.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
