"""Engine speed: the perfect player and the arena against textbook minimax, in one run.

Prints a compact table:

* the perfect player's first move on the empty board in a fresh process
  (interpreter start and imports included) against textbook minimax's first
  move, also in a fresh process (``benchmarks/plain_minimax.py``);
* the mean time per move over every non-terminal position a game can reach
  (X moving first: 4,520), perfect against textbook minimax;
* ``ttt-arena match --x perfect --o rando --games 100000``, timed from process
  start, in games per second.

Usage: ``.venv/bin/python benchmarks/engine_speed.py`` (about a minute; the
textbook minimax pass over every position is most of it). Timings are medians
of several runs; expect noise on a shared machine.

The fresh-process figures include the interpreter's own start-up, which depends
on the environment: the development venv installs the project in editable mode,
whose import hook (setuptools' editable finder, loaded from a ``.pth`` file)
adds tens of milliseconds to every start. ``--also-python PATH`` repeats the
two fresh-process timings with another interpreter, e.g. a venv where the
wheel is installed normally (``pip install --no-deps ttt_desktop-*.whl``).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT_ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from plain_minimax import best_move  # noqa: E402

from ttt_desktop.analysis import reachable_boards  # noqa: E402
from ttt_desktop.engine import Board, Mark  # noqa: E402
from ttt_desktop.players import create_player  # noqa: E402

PERFECT_FIRST_MOVE = (
    "from ttt_desktop.players import create_player; from ttt_desktop.engine import Board; "
    "create_player('perfect', seed=1).choose_move(Board.empty())"
)
BARS = {"first move": 35.0, "mean move": 50_000.0, "match": 30_000.0}
AIMS = {"first move": 100.0, "match": 100_000.0}


def wall_seconds(command: list[str], runs: int) -> float:
    """Median wall time of ``command`` from process start to exit, after one untimed run."""
    subprocess.run(command, cwd=PROJECT_ROOT, check=True, capture_output=True)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, cwd=PROJECT_ROOT, check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{model}, {os.cpu_count()} cores (nproc {len(os.sched_getaffinity(0))}), "
        f"Python {platform.python_version()} on {platform.system()}"
    )


def as_plain(board: Board) -> tuple[list[str], str]:
    return [" " if mark == "." else mark for mark in board.cells], board.to_move.value


def mean_move_seconds_perfect(boards: list[Board], passes: int) -> float:
    player = create_player("perfect", seed=1)
    choose = player.choose_move
    player.choose_move(Board.empty())  # the table is loaded before timing starts
    per_pass = []
    for _ in range(passes):
        started = time.perf_counter()
        for board in boards:
            choose(board)
        per_pass.append(time.perf_counter() - started)
    return statistics.median(per_pass) / len(boards)


def mean_move_seconds_plain(boards: list[Board]) -> float:
    positions = [as_plain(board) for board in boards]
    started = time.perf_counter()
    for cells, player in positions:
        best_move(cells, player)
    return (time.perf_counter() - started) / len(positions)


def verdict(ratio: float, key: str) -> str:
    met = "meets" if ratio >= BARS[key] else "MISSES"
    aim = f", aim {AIMS[key]:,.0f}" if key in AIMS else ""
    return f"{met} bar {BARS[key]:,.0f}{aim}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh processes per quick timing")
    parser.add_argument("--games", type=int, default=100_000, help="games in the arena match")
    parser.add_argument(
        "--passes", type=int, default=50, help="passes over all positions (perfect)"
    )
    parser.add_argument(
        "--also-python",
        metavar="PATH",
        help="another interpreter (with ttt_desktop installed) for the fresh-process timings",
    )
    options = parser.parse_args()
    python = sys.executable
    print(f"machine: {machine()}")
    print(f"python: {python}\n")

    bare = wall_seconds([python, "-c", "pass"], options.runs)
    perfect_first = wall_seconds([python, "-c", PERFECT_FIRST_MOVE], options.runs)
    plain_first = wall_seconds([python, "benchmarks/plain_minimax.py"], 3)

    boards = [board for board in reachable_boards(Mark.X) if not board.is_over]
    perfect_mean = mean_move_seconds_perfect(boards, options.passes)
    print(f"textbook minimax over all {len(boards):,} positions (one pass) ...", file=sys.stderr)
    plain_mean = mean_move_seconds_plain(boards)

    match_command = [
        python, "-m", "ttt_desktop.arena", "match", "--x", "perfect", "--o", "rando",
        "--games", str(options.games), "--seed", "1",
    ]  # fmt: skip
    match_wall = wall_seconds(match_command, 3)
    games_per_second = options.games / match_wall

    rows = [
        (
            "first move, empty board, fresh process",
            f"{perfect_first * 1e3:.1f} ms",
            f"{plain_first * 1e3:.0f} ms",
            f"{plain_first / perfect_first:,.1f}x",
            verdict(plain_first / perfect_first, "first move"),
        ),
        (
            f"mean move over {len(boards):,} positions",
            f"{perfect_mean * 1e9:.0f} ns",
            f"{plain_mean * 1e3:.3f} ms",
            f"{plain_mean / perfect_mean:,.0f}x",
            verdict(plain_mean / perfect_mean, "mean move"),
        ),
        (
            f"arena match, {options.games:,} games",
            f"{match_wall:.2f} s",
            "",
            f"{games_per_second:,.0f} games/s",
            verdict(games_per_second, "match"),
        ),
    ]
    if options.also_python:
        other = options.also_python
        other_bare = wall_seconds([other, "-c", "pass"], options.runs)
        other_perfect = wall_seconds([other, "-c", PERFECT_FIRST_MOVE], options.runs)
        other_plain = wall_seconds([other, "benchmarks/plain_minimax.py"], 3)
        rows.insert(
            1,
            (
                "  the same, --also-python",
                f"{other_perfect * 1e3:.1f} ms",
                f"{other_plain * 1e3:.0f} ms",
                f"{other_plain / other_perfect:,.1f}x",
                verdict(other_plain / other_perfect, "first move"),
            ),
        )
    headers = ("measure", "perfect", "textbook", "speed-up", "")
    widths = [max(len(row[i]) for row in [headers, *rows]) for i in range(len(headers))]
    for row in [headers, *rows]:
        print("  ".join(text.ljust(width) for text, width in zip(row, widths, strict=True)))
    print(f"\ninterpreter start alone (python -c pass): {bare * 1e3:.1f} ms")
    if options.also_python:
        print(f"the same with --also-python {options.also_python}: {other_bare * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
