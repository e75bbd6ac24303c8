"""Tournament speed: games per second in this process, with 1 worker process and with N.

Plays the same round robin (same seed, so the same games) several times each way and
prints games/s (min, median, max over the repeats), the speed-up of N workers over 1
and over this process, and how long a cancel takes to return (the bar: 0.5 s).
The machine's load average is printed too: other work on the cores skews the figures.

    .venv/bin/python benchmarks/tournament_speed.py                     # 3 repeats, 1 and 2 jobs
    .venv/bin/python benchmarks/tournament_speed.py --jobs 1 2 4 --repeats 5
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from ttt_desktop.lab.runner import TournamentRunner, run_tournament
from ttt_desktop.lab.spec import TournamentSpec, parse_entrants

DEFAULT_PLAYERS = "rando,levi,ralph,humiston,utility,learner,strategist,alphabeta,perfect"


def _games_per_second(spec: TournamentSpec, jobs: int, processes: bool) -> float:
    started = time.perf_counter()
    result = run_tournament(spec, jobs=jobs, processes=processes)
    seconds = time.perf_counter() - started
    assert result.finished
    return len(result) / seconds


def _cancel_seconds(spec: TournamentSpec, jobs: int) -> tuple[float, int]:
    runner = TournamentRunner(spec, jobs)
    runner.start()
    played = 0
    while played < 20:
        played += len(runner.poll(0.5))
    started = time.perf_counter()
    runner.cancel()
    seconds = time.perf_counter() - started
    kept = len(runner.result)
    runner.close()
    return seconds, kept


def _summary(values: list[float]) -> str:
    return f"{min(values):8,.0f} {statistics.median(values):8,.0f} {max(values):8,.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default=DEFAULT_PLAYERS)
    parser.add_argument("--games", type=int, default=400, help="games per pairing")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeats", type=int, default=3)
    arguments = parser.parse_args()

    spec = TournamentSpec(parse_entrants(arguments.players, 1), arguments.games, 1)
    print(
        f"{len(spec.entrants)} players, {spec.total_games:,} games per run, "
        f"{arguments.repeats} repeats; {os.cpu_count()} cores; load average before: "
        + " ".join(f"{load:.2f}" for load in os.getloadavg())
    )
    print(f"{'':<26} {'min':>8} {'median':>8} {'max':>8}  games/s")
    rows: dict[str, list[float]] = {}
    label = "this process (no workers)"
    rows[label] = [_games_per_second(spec, 1, False) for _ in range(arguments.repeats)]
    print(f"{label:<26} {_summary(rows[label])}")
    for jobs in arguments.jobs:
        label = f"{jobs} worker process{'es' if jobs > 1 else ''}"
        rows[label] = [_games_per_second(spec, jobs, True) for _ in range(arguments.repeats)]
        print(f"{label:<26} {_summary(rows[label])}")
    medians = {label: statistics.median(values) for label, values in rows.items()}
    one = medians.get("1 worker process")
    inline = medians["this process (no workers)"]
    for jobs in arguments.jobs:
        label = f"{jobs} worker process{'es' if jobs > 1 else ''}"
        line = f"speed-up of {label}: {medians[label] / inline:.2f}x over this process"
        if one:
            line += f", {medians[label] / one:.2f}x over 1 worker process"
        print(line)
    slow = TournamentSpec(parse_entrants("minimax,rando,levi", 1), 400, 1)
    cancels = [_cancel_seconds(slow, max(arguments.jobs)) for _ in range(arguments.repeats)]
    times = [seconds for seconds, _ in cancels]
    print(
        f"cancel with minimax mid-game ({max(arguments.jobs)} jobs): "
        f"{min(times) * 1000:.0f}-{max(times) * 1000:.0f} ms to return, "
        f"{', '.join(str(kept) for _, kept in cancels)} finished games kept"
    )
    print("load average after: " + " ".join(f"{load:.2f}" for load in os.getloadavg()))


if __name__ == "__main__":
    main()
