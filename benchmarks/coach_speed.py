"""Coach speed: a value map, a hint and a whole review for every position, slowest first.

For each of the 4,520 non-terminal positions of games X starts, times:

* the value map: :func:`coach.cell_values` plus the words of every cell
  (:func:`coach.value_words` and :func:`coach.value_description`), what the board
  overlay draws and reads out;
* a hint: :func:`coach.hint`, the first call for that position (the coach's
  memo forgotten before each run, so the sentence is built) and a repeated call;
* a whole review: :func:`coach.review_game` of a game that passes through the
  position (the moves that reach it, then best play to the end), first (memo
  forgotten) and repeated.

Each position's figure is the best of ``--repeats`` runs (the others measure the
neighbours on a shared machine); the table gives the slowest position, the 99th
percentile and the median, in microseconds. The bar: the slowest under 1 ms.

Before the timings the solver's scores are read (``scores.bin``, once per
process: the first hint or value ever asked for pays for it); that one-off cost,
and the import, are printed first, timed in fresh processes.

Usage: ``.venv/bin/python benchmarks/coach_speed.py [--repeats 5]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT_ROOT))

from ttt_desktop.analysis import coach, principal_line, reachable_boards  # noqa: E402
from ttt_desktop.core import Board, Mark  # noqa: E402
from ttt_desktop.core.record import GameRecord, PlayerEntry  # noqa: E402

BAR_US = 1000.0
COLD_SCRIPT = (
    "import time; started = time.perf_counter()\n"
    "from ttt_desktop.analysis import coach\n"
    "from ttt_desktop.core import Board\n"
    "imported = time.perf_counter()\n"
    "coach.hint(Board.empty())\n"
    "print((imported - started) * 1000, (time.perf_counter() - imported) * 1000)"
)


def paths() -> dict[Board, tuple[int, ...]]:
    """One move sequence from the empty board (X first) to every reachable position."""
    found: dict[Board, tuple[int, ...]] = {Board.empty(Mark.X): ()}
    layer = [Board.empty(Mark.X)]
    while layer:
        following = []
        for board in layer:
            for cell in board.legal_moves():
                child = board.play(cell)
                if child not in found:
                    found[child] = (*found[board], cell)
                    following.append(child)
        layer = following
    return found


def game_through(board: Board, path: tuple[int, ...]) -> GameRecord:
    moves = path + principal_line(board)
    record = GameRecord(PlayerEntry("human", "Ann"), PlayerEntry("human", "Bob"), Mark.X)
    for cell in moves:
        record = record.with_move(cell)
    return record


def best_of(
    action: Callable[[], object], repeats: int, before: Callable[[], None] | None = None
) -> float:
    """The fastest of ``repeats`` calls, in microseconds (``before`` runs untimed before each)."""
    best = float("inf")
    for _ in range(repeats):
        if before is not None:
            before()
        started = time.perf_counter_ns()
        action()
        best = min(best, (time.perf_counter_ns() - started) / 1000)
    return best


def value_map(board: Board) -> list[tuple[str, str]]:
    return [
        (coach.value_words(value), coach.value_description(value))
        for value in coach.cell_values(board).values()
    ]


def cold_start() -> tuple[float, float]:
    env = dict(os.environ, PYTHONPATH=str(PROJECT_ROOT))
    output = subprocess.run(
        [sys.executable, "-c", COLD_SCRIPT], capture_output=True, text=True, check=True, env=env
    ).stdout.split()
    return float(output[0]), float(output[1])


def summary(name: str, figures: list[float]) -> str:
    ordered = sorted(figures)
    p99 = ordered[int(len(ordered) * 0.99) - 1]
    slowest = ordered[-1]
    verdict = "under the bar" if slowest < BAR_US else "OVER THE BAR"
    return f"{name:<28} {slowest:9.1f} {p99:9.1f} {statistics.median(ordered):9.1f}   {verdict}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5, help="runs per position (best kept)")
    args = parser.parse_args()

    colds = [cold_start() for _ in range(3)]
    imports = sorted(cold[0] for cold in colds)
    firsts = sorted(cold[1] for cold in colds)
    print(
        f"load: {os.getloadavg()[0]:.2f} (1-minute average), repeats per position: {args.repeats}"
    )
    print(
        f"fresh process: import coach {imports[0]:.0f}-{imports[-1]:.0f} ms, first hint "
        f"(reads the stored scores) {firsts[0]:.1f}-{firsts[-1]:.1f} ms (3 runs)"
    )

    boards = [board for board in reachable_boards(Mark.X) if not board.is_over]
    assert len(boards) == 4_520, len(boards)
    reach = paths()
    games = {board: game_through(board, reach[board]) for board in boards}
    coach.hint(Board.empty())  # the stored scores read, as after the first use

    values: list[float] = []
    hints_first: list[float] = []
    hints_again: list[float] = []
    reviews_first: list[float] = []
    reviews_again: list[float] = []
    for board in boards:
        record = games[board]
        show, advise = partial(value_map, board), partial(coach.hint, board)
        review = partial(coach.review_game, record)
        values.append(best_of(show, args.repeats))
        hints_first.append(best_of(advise, args.repeats, coach.forget))
        hints_again.append(best_of(advise, args.repeats))
        reviews_first.append(best_of(review, args.repeats, coach.forget))
        reviews_again.append(best_of(review, args.repeats))

    print(f"\n{len(boards)} positions, microseconds per position (bar: slowest < {BAR_US:.0f})")
    print(f"{'':<28} {'slowest':>9} {'p99':>9} {'median':>9}")
    print(summary("value map (9 cells, words)", values))
    print(summary("hint, first call", hints_first))
    print(summary("hint, again", hints_again))
    print(summary("review of a game, first", reviews_first))
    print(summary("review of a game, again", reviews_again))


if __name__ == "__main__":
    main()
