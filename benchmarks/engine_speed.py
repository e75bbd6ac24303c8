"""Engine speed: the perfect player and the arena against textbook minimax, in one run.

Prints a compact table:

* the perfect player's first move on the empty board in a fresh process,
  imports included (timed by the process itself, from its first statement to
  the move made), against textbook minimax's first move in a fresh process
  timed the same way (``benchmarks/plain_minimax.py``); and, for comparison,
  the same processes timed from outside, interpreter start and exit included;
* the mean time per move over every non-terminal position a game can reach
  (X moving first: 4,520), perfect against textbook minimax;
* ``ttt-arena match --x perfect --o rando --games 100000``, timed from process
  start, in games per second.

Usage: ``.venv/bin/python benchmarks/engine_speed.py`` (about a minute; the
textbook minimax pass over every position is most of it). Each timing is the
best of several runs, as ``timeit`` advises: on a shared machine the other
runs measure the neighbours, not the code.

The outside timings include the interpreter's own start-up (about 20 ms here,
the same for both sides), which depends on the environment rather than on the
code. ``--also-python PATH`` repeats the fresh-process timings with another
interpreter, e.g. a venv where the wheel is installed normally
(``pip install --no-deps ttt_desktop-*.whl``). Byte code is cached as in an
installed copy, even where PYTHONDONTWRITEBYTECODE is set.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT_ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from plain_minimax import best_move  # noqa: E402

from ttt_desktop.analysis import reachable_boards  # noqa: E402
from ttt_desktop.core import Board, Mark  # noqa: E402
from ttt_desktop.players import create_player  # noqa: E402

# Each fresh process prints the seconds from its first statement (before any import of
# ours) to the move made: the interpreter's own start-up is timed separately.
PERFECT_FIRST_MOVE = (
    "import time; started = time.perf_counter()\n"
    "from ttt_desktop.players import create_player; from ttt_desktop.core import Board\n"
    "create_player('perfect', seed=1).choose_move(Board.empty())\n"
    "print(time.perf_counter() - started)"
)
PLAIN_FIRST_MOVE = (
    "import time; started = time.perf_counter()\n"
    "import sys; sys.path.insert(0, 'benchmarks')\n"
    "from plain_minimax import best_move\n"
    "best_move([' '] * 9, 'X')\n"
    "print(time.perf_counter() - started)"
)
BARS = {"first move": 35.0, "mean move": 50_000.0, "match": 30_000.0}
AIMS = {"first move": 100.0, "match": 100_000.0}


@dataclass(frozen=True)
class ProcessTiming:
    """The best of several runs of one command: wall time from start to exit, and CPU time."""

    wall: float
    cpu: float
    inside: float | None = None
    """What the process printed as its own timing (seconds), if it printed a number."""


def time_processes(commands: list[list[str]], runs: int) -> list[ProcessTiming]:
    """Time each command ``runs`` times from process start to exit, after one untimed run.

    The commands take turns, so a burst of other work on a shared machine slows
    them alike rather than one of them. CPU time (user + system, from
    ``getrusage``) is reported beside wall time, which other work stretches.
    """
    walls: list[list[float]] = [[] for _ in commands]
    cpus: list[list[float]] = [[] for _ in commands]
    insides: list[list[float]] = [[] for _ in commands]
    # Byte code is cached as in an installed copy (pip compiles on install); the first,
    # untimed run of each command writes the cache where the environment forbids it.
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for command in commands:
        subprocess.run(command, cwd=PROJECT_ROOT, check=True, capture_output=True, env=environment)
    for _ in range(runs):
        for index, command in enumerate(commands):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            started = time.perf_counter()
            finished = subprocess.run(
                command, cwd=PROJECT_ROOT, check=True, capture_output=True, env=environment
            )
            walls[index].append(time.perf_counter() - started)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus[index].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            with contextlib.suppress(IndexError, ValueError):
                insides[index].append(float(finished.stdout.split()[-1]))
    return [
        ProcessTiming(min(wall), min(cpu), min(inside) if inside else None)
        for wall, cpu, inside in zip(walls, cpus, insides, strict=True)
    ]


def time_first_moves(python: str, runs: int) -> tuple[ProcessTiming, ProcessTiming, ProcessTiming]:
    """Bare interpreter start, perfect's first move and textbook minimax's, in fresh processes."""
    bare, perfect, plain = time_processes(
        [
            [python, "-c", "pass"],
            [python, "-c", PERFECT_FIRST_MOVE],
            [python, "-c", PLAIN_FIRST_MOVE],
        ],
        runs,
    )
    return bare, perfect, plain


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
        started = time.process_time()
        for board in boards:
            choose(board)
        per_pass.append(time.process_time() - started)
    return min(per_pass) / len(boards)


def mean_move_seconds_plain(boards: list[Board]) -> float:
    positions = [as_plain(board) for board in boards]
    started = time.process_time()
    for cells, player in positions:
        best_move(cells, player)
    return (time.process_time() - started) / len(positions)


def verdict(ratio: float, key: str) -> str:
    met = "meets" if ratio >= BARS[key] else "MISSES"
    aim = f", aim {AIMS[key]:,.0f}" if key in AIMS else ""
    return f"{met} bar {BARS[key]:,.0f}{aim}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per timing")
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

    bare, perfect_first, plain_first = time_first_moves(python, options.runs)

    boards = [board for board in reachable_boards(Mark.X) if not board.is_over]
    perfect_mean = mean_move_seconds_perfect(boards, options.passes)
    print(f"textbook minimax over all {len(boards):,} positions (one pass) ...", file=sys.stderr)
    plain_mean = mean_move_seconds_plain(boards)

    match_command = [
        python, "-m", "ttt_desktop.arena", "match", "--x", "perfect", "--o", "rando",
        "--games", str(options.games), "--seed", "1",
    ]  # fmt: skip
    (match,) = time_processes([match_command], 3)

    rows = [
        first_move_row("first move, fresh process, imports to move", perfect_first, plain_first),
        whole_process_row("  the same process, start to exit", perfect_first, plain_first),
    ]
    if options.also_python:
        other = options.also_python
        other_bare, other_perfect, other_plain = time_first_moves(other, options.runs)
        rows.append(first_move_row("  imports to move, --also-python", other_perfect, other_plain))
        rows.append(whole_process_row("  start to exit, --also-python", other_perfect, other_plain))
    rows.append(
        (
            f"mean move over {len(boards):,} positions (CPU)",
            f"{perfect_mean * 1e9:.0f} ns",
            f"{plain_mean * 1e3:.3f} ms",
            f"{plain_mean / perfect_mean:,.0f}x",
            verdict(plain_mean / perfect_mean, "mean move"),
        )
    )
    rows.append(
        (
            f"arena match, {options.games:,} games",
            f"{match.wall:.2f} s (cpu {match.cpu:.2f})",
            "",
            f"{options.games / match.wall:,.0f} games/s (cpu {options.games / match.cpu:,.0f})",
            verdict(options.games / match.wall, "match"),
        )
    )
    headers = ("measure", "perfect", "textbook", "speed-up (wall)", "")
    widths = [max(len(row[i]) for row in [headers, *rows]) for i in range(len(headers))]
    for row in [headers, *rows]:
        print("  ".join(text.ljust(width) for text, width in zip(row, widths, strict=True)))
    print(f"\ninterpreter start alone (python -c pass): {bare.wall * 1e3:.1f} ms")
    if options.also_python:
        print(f"the same with --also-python {options.also_python}: {other_bare.wall * 1e3:.1f} ms")


def first_move_row(
    label: str, perfect: ProcessTiming, plain: ProcessTiming
) -> tuple[str, str, str, str, str]:
    """The bar's measure: in a fresh process, from the first import to the move made."""
    assert perfect.inside is not None and plain.inside is not None
    ratio = plain.inside / perfect.inside
    return (
        label,
        f"{perfect.inside * 1e3:.1f} ms",
        f"{plain.inside * 1e3:.0f} ms",
        f"{ratio:,.1f}x",
        verdict(ratio, "first move"),
    )


def whole_process_row(
    label: str, perfect: ProcessTiming, plain: ProcessTiming
) -> tuple[str, str, str, str, str]:
    """The same processes timed from outside: the interpreter's start and exit included."""
    return (
        label,
        f"{perfect.wall * 1e3:.1f} ms (cpu {perfect.cpu * 1e3:.0f})",
        f"{plain.wall * 1e3:.0f} ms (cpu {plain.cpu * 1e3:.0f})",
        f"{plain.wall / perfect.wall:,.1f}x (cpu {plain.cpu / perfect.cpu:,.1f}x)",
        "(for comparison)",
    )


if __name__ == "__main__":
    main()
