"""Time from process start to the window shown: ``python -m ttt_desktop``, several runs.

Each run starts a fresh interpreter with ``TTT_DESKTOP_REPORT_SHOWN=1`` (see
:mod:`ttt_desktop.gui.shell.startup_report`): the app prints the wall-clock time of the
window's first paint and quits. The figure is that time minus the moment just
before the process was started, so it includes the interpreter's own start, the
imports, building the window and the first paint. Settings go to a throw-away
folder. Prints every run, then the median, best and worst.

    .venv/bin/python benchmarks/gui_startup.py                  # offscreen, 9 runs
    xvfb-run -a .venv/bin/python benchmarks/gui_startup.py --platform xcb
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

from ttt_desktop.gui.shell.startup_report import REPORT_SHOWN_VARIABLE, read_shown_time


def one_start(platform: str, config_home: str) -> float:
    """Seconds from starting ``python -m ttt_desktop`` to its window's first paint."""
    environment = dict(os.environ)
    environment.update(
        {REPORT_SHOWN_VARIABLE: "1", "QT_QPA_PLATFORM": platform, "XDG_CONFIG_HOME": config_home}
    )
    started = time.time()
    result = subprocess.run(
        [sys.executable, "-m", "ttt_desktop"],
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    shown = read_shown_time(result.stdout)
    if result.returncode != 0 or shown is None:
        raise SystemExit(
            f"the app did not report its window (exit code {result.returncode}):\n{result.stderr}"
        )
    return shown - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="how many starts (default 9)")
    parser.add_argument(
        "--platform",
        default="offscreen",
        help="Qt platform: offscreen (default) or xcb under a display such as Xvfb",
    )
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="ttt-startup-") as config_home:
        # One start first, not counted: it fills the disk cache like any second launch.
        one_start(options.platform, config_home)
        times = []
        for run in range(1, options.runs + 1):
            seconds = one_start(options.platform, config_home)
            times.append(seconds)
            print(f"run {run}: {seconds * 1000:.0f} ms")
    print(
        f"start to window shown ({options.platform}, {options.runs} runs): median "
        f"{statistics.median(times) * 1000:.0f} ms, best {min(times) * 1000:.0f} ms, "
        f"worst {max(times) * 1000:.0f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
