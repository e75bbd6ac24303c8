"""The exact solver's speed from scratch, beside a straight reference in the same run.

Solves the small boards from the empty board with no shipped table and no cache
(``mnk_solver.solve(board, known=False, best=False)``: the value's proof) and prints, per
board, the value for the first player, the positions searched, the seconds and the positions
per second; then the same for the straight reference (``mnk_solver.solve_plain``: negamax
alpha-beta with a transposition table, immediate wins and forced blocks, centre first; no
symmetry, no open-line bound, no double-threat cut) on 4,4,4 and 5,4,4, and the ratios.
Ratios hold within one run; the machine's load moves the absolute times.

    python benchmarks/solver_speed.py            # 4,4,4, 5,4,4, 5,5,4 and the reference
    python benchmarks/solver_speed.py --long     # also 6,4,4 and 6,5,4
    python benchmarks/solver_speed.py --json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttt_desktop.analysis import mnk_solver
from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import Rules

WORDS = {1: "first player wins", 0: "draw", -1: "second player wins"}
BOARDS = ("4,4,4", "5,4,4", "5,5,4")
LONG_BOARDS = ("6,4,4", "6,5,4")
REFERENCE_BOARDS = ("4,4,4", "5,4,4")


def row(name: str, key: str, solution: mnk_solver.Solution) -> dict[str, object]:
    rate = solution.nodes / solution.seconds if solution.seconds else 0.0
    print(
        f"{name:<10} {key:<6} {WORDS[solution.value]:<20} {solution.nodes:>12,} nodes "
        f"{solution.seconds:>9.2f} s {rate:>10,.0f} nodes/s",
        flush=True,
    )
    return {
        "solver": name,
        "rules": key,
        "value": solution.value,
        "nodes": solution.nodes,
        "seconds": round(solution.seconds, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--long", action="store_true", help="also 6,4,4 and 6,5,4")
    parser.add_argument("--json", action="store_true", help="also print the rows as JSON")
    arguments = parser.parse_args()
    os.environ[mnk_solver.CACHE_ENV] = ""  # never the user's cache
    rows = []
    solver_times = {}
    for key in BOARDS + (LONG_BOARDS if arguments.long else ()):
        solution = mnk_solver.solve(Board.empty(rules=Rules.parse(key)), known=False, best=False)
        solver_times[key] = solution
        rows.append(row("solver", key, solution))
    for key in REFERENCE_BOARDS:
        reference = mnk_solver.solve_plain(Board.empty(rules=Rules.parse(key)))
        rows.append(row("reference", key, reference))
        ours = solver_times[key]
        assert reference.value == ours.value, key
        print(
            f"{'':<10} {key:<6} the solver: {reference.nodes / ours.nodes:.1f}x fewer nodes, "
            f"{reference.seconds / ours.seconds:.1f}x faster",
            flush=True,
        )
    if arguments.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
