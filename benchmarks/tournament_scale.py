"""A tournament end to end on the command line: 1 job against 2, and the tail after the last game.

Runs ``ttt-arena tournament --players rando,levi,ralph,utility,humiston,learner --games 3000
--seed 9 --json`` (90,000 games) as a fresh process with ``--jobs 1`` and ``--jobs 2`` in
turn, several times, and prints each run's wall-clock and CPU seconds (its own and its
workers'), the medians and the speed-up of 2 jobs over 1 (the bar: at least 1.7x on 2
cores). Both runs must print the same document but for the timing fields.

Then, through the runner in this process, the tail: the time from the last game's arrival
to the JSON report written (the bar: well under a second whatever the size).

The machine's load average is printed before and after: other work on the cores skews
wall-clock figures, so the CPU seconds are printed too, and a quiet machine is the judge.

The package is compiled to bytecode first, as an installed one is: where
``PYTHONDONTWRITEBYTECODE`` is set and the sources changed, every run would otherwise
compile them again (about 50 ms, in 1 job and 2 alike, before any game).

    .venv/bin/python benchmarks/tournament_scale.py                 # 3 repeats
    .venv/bin/python benchmarks/tournament_scale.py --repeats 5 --games 1000
"""

from __future__ import annotations

import argparse
import compileall
import io
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from ttt_desktop.lab import report
from ttt_desktop.lab.runner import run_tournament
from ttt_desktop.lab.spec import TournamentSpec, parse_entrants
from ttt_desktop.lab.tournament import TournamentGame

PLAYERS = "rando,levi,ralph,utility,humiston,learner"
ROOT = Path(__file__).resolve().parent.parent
TIMING_FIELDS = ("seconds", "jobs", "games_per_second")


def _run(jobs: int, games: int) -> tuple[float, float, dict[str, object]]:
    """(wall seconds, CPU seconds with the workers', the JSON document) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "ttt_desktop.arena",
            "tournament",
            "--players",
            PLAYERS,
            "--games",
            str(games),
            "--seed",
            "9",
            "--json",
            "--jobs",
            str(jobs),
        ],
        capture_output=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    # Until the command has exited and its output is read: turning its 18 MB into text
    # here (about 40 ms) is this script's work, not the command's.
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    document = json.loads(done.stdout)
    for field in TIMING_FIELDS:
        document.pop(field, None)
    return wall, cpu, document


def _tail(games: int, jobs: int) -> tuple[float, float]:
    """(seconds from the last game's arrival to the report written, of which the report)."""
    spec = TournamentSpec(parse_entrants(PLAYERS, 9), 2 * games, 9)
    writer = report.ArenaJsonWriter([entrant.label for entrant in spec.entrants])
    last = [0.0]

    def on_games(_batch: list[TournamentGame]) -> None:
        last[0] = time.perf_counter()

    # As the command line runs it: the workers format their games' texts.
    result = run_tournament(
        spec, jobs=jobs, on_games=on_games, render=writer.formatter, on_rendered=writer.add_texts
    )
    finished = time.perf_counter()
    writer.write(result, io.StringIO())
    written = time.perf_counter()
    return written - last[0], written - finished


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000, help="games per pairing and colour")
    parser.add_argument("--repeats", type=int, default=3)
    arguments = parser.parse_args()
    compileall.compile_dir(ROOT / "ttt_desktop", quiet=1)
    print(
        f"{PLAYERS}, --games {arguments.games} ({15 * 2 * arguments.games:,} games); "
        f"{os.cpu_count()} cores; load average before: "
        + " ".join(f"{load:.2f}" for load in os.getloadavg())
    )
    walls: dict[int, list[float]] = {1: [], 2: []}
    cpus: dict[int, list[float]] = {1: [], 2: []}
    documents: dict[int, dict[str, object]] = {}
    for repeat in range(arguments.repeats):
        for jobs in (1, 2):
            wall, cpu, document = _run(jobs, arguments.games)
            walls[jobs].append(wall)
            cpus[jobs].append(cpu)
            documents[jobs] = document
            print(
                f"run {repeat + 1}, {jobs} job{'s' if jobs > 1 else ''}: {wall:6.2f} s wall, "
                f"{cpu:6.2f} s CPU (load average {os.getloadavg()[0]:.2f})"
            )
    if documents[1] != documents[2]:
        raise SystemExit("1 job and 2 jobs printed different tournaments")
    one, two = statistics.median(walls[1]), statistics.median(walls[2])
    print(
        f"median: 1 job {one:.2f} s, 2 jobs {two:.2f} s: {one / two:.2f}x "
        f"(best of each: {min(walls[1]) / min(walls[2]):.2f}x); same games and tables"
    )
    cpu_one, cpu_two = statistics.median(cpus[1]), statistics.median(cpus[2])
    # On 2 cores the 2-job run takes at least half its CPU: the bound on its speed-up.
    print(
        f"CPU: 1 job {cpu_one:.2f} s, 2 jobs {cpu_two:.2f} s ({cpu_two / cpu_one:.2f}x; "
        f"2 cores bound the speed-up to {2 * cpu_one / cpu_two:.2f}x)"
    )
    tails = [_tail(arguments.games, 2) for _ in range(arguments.repeats)]
    print(
        "tail after the last game (2 jobs): "
        + ", ".join(f"{tail * 1000:.0f} ms (report {write * 1000:.0f} ms)" for tail, write in tails)
    )
    print("load average after: " + " ".join(f"{load:.2f}" for load in os.getloadavg()))


if __name__ == "__main__":
    main()
