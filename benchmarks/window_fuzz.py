"""The window's stateful fuzz test, run long: many windows, many random steps each.

Runs ``tests/gui/test_window_fuzz.py`` with ``TTT_WINDOW_FUZZ_EXAMPLES`` windows of
``TTT_WINDOW_FUZZ_STEPS`` steps (the suite runs 8 x 40) and prints how many steps
ran, how long they took and what happened (moves by people and computers, results).
Exit code: pytest's (0 when every step kept every invariant).

    .venv/bin/python benchmarks/window_fuzz.py                         # 50 windows x 100 steps
    .venv/bin/python benchmarks/window_fuzz.py --windows 200 --steps 100 --shrink
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--windows", type=int, default=50, help="state machines (default 50)")
    parser.add_argument("--steps", type=int, default=100, help="steps in each (default 100)")
    parser.add_argument("--shrink", action="store_true", help="shrink a failure (slow)")
    options = parser.parse_args(argv)
    environment = dict(os.environ)
    environment["TTT_WINDOW_FUZZ_EXAMPLES"] = str(options.windows)
    environment["TTT_WINDOW_FUZZ_STEPS"] = str(options.steps)
    if options.shrink:
        environment["TTT_WINDOW_FUZZ_SHRINK"] = "1"
    print(
        f"window fuzz: up to {options.windows} windows x {options.steps} steps; "
        f"load {os.getloadavg()}",
        flush=True,
    )
    started = time.perf_counter()
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-s",
            "-p",
            "no:cacheprovider",
            "tests/gui/test_window_fuzz.py",
        ],
        cwd=ROOT,
        env=environment,
        check=False,
    )
    print(f"{time.perf_counter() - started:.0f} s; load {os.getloadavg()}")
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
