"""The command line's start: wall time of fresh processes, beside ``python -c pass``.

Runs each of these in fresh processes, in turns (one of each, then again), ``--runs``
times (default 15), and prints each one's median and fastest wall time, from just before
the process is started to its exit, with the bare interpreter's in the same run:

- ``python -c pass`` (the reference: the interpreter's own start);
- ``ttt-arena --version``;
- ``ttt-arena match --help``;
- ``ttt-arena match --x rando --o rando --games 10``;
- ``pbrain-ttt``, answering ``START 15`` (``OK``) then ``END``: a Gomocup brain manager
  times that start.

Each command runs as its console script does (``from ttt_desktop.cli import main``), with
the checkout as the working directory and first on ``PYTHONPATH``, so ``--before DIR``
runs a second checkout (a worktree of an earlier commit) the same way, in the same
turns, and prints both side by side with the ratio.

The processes keep their compiled bytecode, as an installed package does, in a throw-away
folder (``PYTHONPYCACHEPREFIX``; one uncounted warm-up run of each writes it), so the
checkouts stay clean; ``--from-source`` runs them with ``PYTHONDONTWRITEBYTECODE`` instead,
every module of the package compiled again in every process, as a source tree without
caches starts.

    .venv/bin/python benchmarks/cli_start.py
    .venv/bin/python benchmarks/cli_start.py --before /tmp/cli-before --runs 21
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

ARENA = "import sys; from ttt_desktop.cli import main; sys.exit(main())"
BRAIN = "from ttt_desktop.cli.brains import main; main()"


@dataclass(frozen=True)
class Case:
    label: str
    program: str | None  # None: ``python -c pass``
    arguments: tuple[str, ...] = ()
    stdin: str = ""
    expect: str = ""
    """A piece of the standard output that shows the command did its work."""


CASES = (
    Case("python -c pass", None),
    Case("ttt-arena --version", ARENA, ("--version",), expect="ttt-arena (TTT Desktop)"),
    Case("ttt-arena match --help", ARENA, ("match", "--help"), expect="--sprt"),
    Case(
        "ttt-arena match rando v rando, 10 games",
        ARENA,
        ("match", "--x", "rando", "--o", "rando", "--games", "10", "--seed", "1"),
        expect="10 games",
    ),
    Case("pbrain-ttt START 15, END", BRAIN, stdin="START 15\nEND\n", expect="OK"),
)


def environment_for(checkout: Path, cache: str | None) -> dict[str, str]:
    """The processes' environment: the checkout first on the path; bytecode kept under
    ``cache`` (None: not written at all)."""
    environment = {**os.environ, "PYTHONPATH": str(checkout)}
    environment.pop("PYTHONPYCACHEPREFIX", None)
    if cache is None:
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        environment.pop("PYTHONDONTWRITEBYTECODE", None)
        environment["PYTHONPYCACHEPREFIX"] = cache
    return environment


def run_once(case: Case, checkout: Path, cache: str | None) -> float:
    """One fresh process's wall time in seconds; exits if the command failed."""
    code = "pass" if case.program is None else case.program
    environment = environment_for(checkout, cache)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", code, *case.arguments],
        input=case.stdin,
        capture_output=True,
        text=True,
        cwd=checkout,
        env=environment,
        check=False,
    )
    seconds = time.perf_counter() - started
    if done.returncode != 0 or case.expect not in done.stdout:
        sys.exit(
            f"{case.label} in {checkout} failed (exit {done.returncode}):\n"
            f"{done.stdout[-500:]}{done.stderr[-2000:]}"
        )
    return seconds


def package_of(checkout: Path, cache: str | None) -> str:
    """Where the checkout's runs import the package from (to show it is the checkout's)."""
    done = subprocess.run(
        [sys.executable, "-c", "import ttt_desktop; print(ttt_desktop.__file__)"],
        capture_output=True,
        text=True,
        cwd=checkout,
        env=environment_for(checkout, cache),
        check=True,
    )
    return str(Path(done.stdout.strip()).parent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="fresh processes of each (15)")
    parser.add_argument(
        "--before", type=Path, metavar="DIR", help="a second checkout, run the same way"
    )
    parser.add_argument(
        "--from-source",
        action="store_true",
        help="write no bytecode: every process compiles the package's modules again",
    )
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cli-start-pycache-") as folder:
        measure(options, None if options.from_source else folder)


def measure(options: argparse.Namespace, cache: str | None) -> None:
    checkouts = {"now": HERE}
    if options.before is not None:
        checkouts["before"] = options.before.resolve()
    for name, checkout in checkouts.items():
        print(f"{name}: {package_of(checkout, cache)}")
    print(
        "bytecode: "
        + (
            "none written (compiled in every process)"
            if cache is None
            else "kept between the processes"
        )
    )
    times: dict[tuple[str, str], list[float]] = {
        (case.label, name): [] for case in CASES for name in checkouts
    }
    for case in CASES:  # one warm-up of each, not counted
        for checkout in checkouts.values():
            run_once(case, checkout, cache)
    for _ in range(options.runs):
        for case in CASES:
            for name, checkout in checkouts.items():
                times[case.label, name].append(run_once(case, checkout, cache))
    print(f"{options.runs} fresh processes each, in turns; median (fastest) wall time\n")
    width = max(len(case.label) for case in CASES)
    header = f"{'':<{width}}  {'now':>17}  {'over bare':>9}"
    if "before" in checkouts:
        header += f"  {'before':>17}  {'over bare':>9}  {'now/before':>10}"
    print(header)
    bare = {name: statistics.median(times[CASES[0].label, name]) for name in checkouts}
    for case in CASES:
        line = f"{case.label:<{width}}"
        for name in checkouts:
            runs = times[case.label, name]
            median = statistics.median(runs)
            over = "" if case.program is None else f"+{median - bare[name]:.3f} s"
            line += f"  {median:7.3f} s ({min(runs):.3f})  {over:>9}"
        if "before" in checkouts:
            now = statistics.median(times[case.label, "now"])
            before = statistics.median(times[case.label, "before"])
            line += f"  {now / before:10.2f}"
        print(line)


if __name__ == "__main__":
    main()
