"""The start-play-quit path, many times in a row: does the app always exit cleanly?

Runs ``python -m ttt_desktop --self-test`` (offscreen unless ``--platform`` says
otherwise) N times, one after another. Each run opens the real window, plays a
computer game through the controller and its worker thread, and quits through
``app.main``'s shutdown path. Counts exit codes, and also counts runs whose error
output mentions a thread destroyed while running, a fatal Python error or a crash.
Settings go to a throw-away folder. Exit code 0 only when every run was clean.

    .venv/bin/python benchmarks/exit_loop.py            # 50 runs
    .venv/bin/python benchmarks/exit_loop.py --runs 200
"""

from __future__ import annotations

import argparse
import collections
import os
import subprocess
import sys
import tempfile
import time
from typing import Final

# Lines that make a run unclean even when its exit code is 0.
ALARMS: Final = ("QThread: Destroyed", "Fatal Python error", "Segmentation fault", "Traceback")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50, help="how many runs (default 50)")
    parser.add_argument("--platform", default="offscreen", help="Qt platform (default offscreen)")
    options = parser.parse_args(argv)

    exit_codes: collections.Counter[int] = collections.Counter()
    alarms: collections.Counter[str] = collections.Counter()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="ttt-exit-loop-") as config_home:
        environment = dict(os.environ)
        environment.update({"QT_QPA_PLATFORM": options.platform, "XDG_CONFIG_HOME": config_home})
        for run in range(1, options.runs + 1):
            result = subprocess.run(
                [sys.executable, "-m", "ttt_desktop", "--self-test"],
                env=environment,
                capture_output=True,
                text=True,
                check=False,
            )
            exit_codes[result.returncode] += 1
            found = [alarm for alarm in ALARMS if alarm in result.stderr]
            alarms.update(found)
            if result.returncode != 0 or found:
                print(f"run {run}: exit code {result.returncode}; {result.stderr.strip()[-500:]}")
    seconds = time.perf_counter() - started
    clean = exit_codes[0] == options.runs and not alarms
    codes = ", ".join(f"{code}: {count}" for code, count in sorted(exit_codes.items()))
    print(
        f"{options.runs} runs of start, self-test game and quit in {seconds:.0f} s "
        f"({options.platform}); exit codes {{{codes}}}; "
        f"warnings or crashes in stderr: {sum(alarms.values())}"
        + (f" ({dict(alarms)})" if alarms else "")
    )
    print("all clean" if clean else "NOT all clean")
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
