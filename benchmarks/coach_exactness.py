"""How often the coach's hint is exact within its time, per board, beside an earlier version.

For each board, plays seeded random games (every move drawn at random among the legal ones)
and asks the coach (``board_coach.advise`` with the Searcher, the coach's default budget) on
every position of each game, as a person asking for a hint at every move would. A position
counts as *exact* when the answer is the solver's ("solved": the hint and every cell's value
proved) and *exact in time* when it also came within the budget (plus 50 ms for the Python
around it). The solver's table is started afresh with each game (no user cache, nothing kept
from the game before), so the figures are those of a first game on the board.

``--before DIR`` runs the same measurement, in a second process, on the code in DIR (a
checkout of an earlier commit, e.g. ``git worktree add -f /tmp/prev_coach <commit>``) and
prints both side by side. Ratios hold within one run; the machine's load moves the times.

    nice python benchmarks/coach_exactness.py
    nice python benchmarks/coach_exactness.py --before /tmp/prev_coach --games 4
    python benchmarks/coach_exactness.py --boards 5,5,4 7,7,5 --games 2
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

BOARDS = ("4,4,4", "5,4,4", "5,5,4", "6,4,4", "6,5,4", "6,6,4", "5,5,5", "7,7,5")
SEED = 32
SLACK_MS = 50.0
OPENING_PLIES = 6
"""The first plies, where the solver's proofs are longest, are counted apart too."""


def measure(boards: list[str], games: int) -> dict[str, dict[str, float]]:
    """Per board: positions asked, shares exact and exact in time (all and the opening's),
    the longest and the median answer in seconds, and the search fallback's count."""
    os.environ["TTT_DESKTOP_SOLVER_CACHE"] = ""  # never the user's cache
    from ttt_desktop.analysis import board_coach, mnk_solver  # noqa: PLC0415
    from ttt_desktop.core.board import Board, Mark  # noqa: PLC0415
    from ttt_desktop.core.clock import COACH_BUDGET_MS  # noqa: PLC0415
    from ttt_desktop.core.rules import Rules  # noqa: PLC0415
    from ttt_desktop.players.coach_search import evaluate  # noqa: PLC0415

    rows = {}
    for key in boards:
        rules = Rules.parse(key)
        rng = random.Random(f"{SEED}:{key}")
        times: list[float] = []
        exact = in_time = opening = opening_exact = 0
        for _ in range(games):
            mnk_solver.forget_known()
            board = Board.empty(Mark.X, rules)
            while not board.is_over:
                started = time.perf_counter()
                advice = board_coach.advise(board, evaluate, budget_ms=COACH_BUDGET_MS)
                seconds = time.perf_counter() - started
                times.append(seconds)
                solved = advice.source == "solved"
                timely = solved and seconds * 1000 <= COACH_BUDGET_MS + SLACK_MS
                exact += solved
                in_time += timely
                if board.ply < OPENING_PLIES:
                    opening += 1
                    opening_exact += timely
                board = board.play(rng.choice(board.legal_moves()))
        times.sort()
        count = len(times)
        rows[key] = {
            "positions": count,
            "exact": exact / count,
            "exact_in_time": in_time / count,
            "opening_exact_in_time": opening_exact / opening if opening else 0.0,
            "longest_s": times[-1],
            "median_s": times[count // 2],
        }
        print(f"  measured {key}: {count} positions", file=sys.stderr, flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", nargs="+", default=list(BOARDS), help="rules keys")
    parser.add_argument("--games", type=int, default=3, help="random games per board")
    parser.add_argument("--before", help="a checkout of an earlier version, measured beside")
    parser.add_argument("--json", action="store_true", help="print the rows only, as JSON")
    options = parser.parse_args(argv)
    if options.games < 1:
        parser.error("--games must be at least 1")
    here = Path(__file__).resolve().parent.parent
    before = None
    if options.before:
        folder = Path(options.before)
        if not (folder / "ttt_desktop").is_dir():
            parser.error(f"--before {folder}: no ttt_desktop package there")
        command = [sys.executable, __file__, "--json", "--games", str(options.games)]
        environment = {**os.environ, "PYTHONPATH": str(folder)}
        done = subprocess.run(
            [*command, "--boards", *options.boards],
            env=environment,
            cwd=folder,
            capture_output=True,
            text=True,
            check=True,
        )
        before = json.loads(done.stdout)
    sys.path.append(str(here))  # after PYTHONPATH: --before's checkout comes first
    rows = measure(options.boards, options.games)
    if options.json:
        print(json.dumps(rows))
        return 0
    from ttt_desktop.core.clock import COACH_BUDGET_MS  # noqa: PLC0415

    print(
        f"The coach's hint on every position of {options.games} seeded random game(s) a board, "
        f"budget {COACH_BUDGET_MS / 1000:g} s: the share answered exactly (the solver's proof) "
        f"within it, all positions and the first {OPENING_PLIES} plies; the longest answer."
    )
    header = f"{'board':<7} {'positions':>9} {'exact in time':>14} {'opening':>8} {'longest':>8}"
    if before is not None:
        header += f"   | before: {'exact in time':>13} {'opening':>8} {'longest':>8}"
    print(header)
    for key, row in rows.items():
        line = (
            f"{key:<7} {row['positions']:>9} {row['exact_in_time']:>14.0%} "
            f"{row['opening_exact_in_time']:>8.0%} {row['longest_s']:>7.2f}s"
        )
        if before is not None:
            old = before[key]
            line += (
                f"   | {'':>8}{old['exact_in_time']:>13.0%} "
                f"{old['opening_exact_in_time']:>8.0%} {old['longest_s']:>7.2f}s"
            )
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
