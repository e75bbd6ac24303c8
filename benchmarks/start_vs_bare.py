"""The app's start against a bare PySide6 window, side by side in one run: time and memory.

Alternates starts of ``python -m ttt_desktop`` and of a bare PySide6 program (a
``QMainWindow`` with one ``QLabel``, 1040x660, reporting its first paint the same
way), 9 of each by default. For every start it notes, from outside:

- the time from just before the process is started to its window's first paint
  (the ``TTT_DESKTOP_SHOWN`` line, see :mod:`ttt_desktop.gui.shell.startup_report`);
- the CPU time the process had used by its first paint (``TTT_DESKTOP_CPU``): on a
  busy machine the wall clock includes waiting for a core, the CPU time much less;
- the RSS of the process, and of the process with all its descendants (the search
  process, any helper), taken ``--settle-ms`` after the first paint while the
  window is held open (``TTT_DESKTOP_REPORT_HOLD_MS``).

Prints every start, then the medians and the app-to-bare ratios. Settings and the
library go to a throw-away folder, so every start is a first start.

``--floor`` adds a third program to the turns: the bare window whose label is centred
with ``Qt.AlignmentFlag``, i.e. the bare window plus what any window pays once it names
the ``Qt`` namespace (PySide6 makes its 90-odd Python enums on first use).

    .venv/bin/python benchmarks/start_vs_bare.py                       # offscreen
    xvfb-run -a .venv/bin/python benchmarks/start_vs_bare.py --platform xcb
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

from ttt_desktop.gui.shell.startup_report import (
    CPU_LINE_PREFIX,
    HOLD_VARIABLE,
    REPORT_SHOWN_VARIABLE,
    SHOWN_LINE_PREFIX,
    read_cpu_time,
    read_shown_time,
)

# The bare program: nothing but PySide6, the same window size, the same report line.
BARE_PROGRAM = f"""
import os, sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

app = QApplication(sys.argv)
window = QMainWindow()
window.setCentralWidget(QLabel("Hello"))
window.resize(1040, 660)
hold_ms = int(os.environ.get({HOLD_VARIABLE!r}, "0") or 0)


class Reporter(QObject):
    seen = False

    def eventFilter(self, watched, event):
        if not self.seen and event.type() == QEvent.Type.Paint:
            self.seen = True
            QTimer.singleShot(0, report)
        return False


def report():
    cpu, now = time.process_time(), time.time()
    print({CPU_LINE_PREFIX!r}, f"{{cpu:.6f}}", flush=True)
    print({SHOWN_LINE_PREFIX!r}, f"{{now:.6f}}", flush=True)
    QTimer.singleShot(hold_ms, app.quit)


reporter = Reporter()
window.installEventFilter(reporter)
window.show()
sys.exit(app.exec())
"""

# The bare window naming the Qt namespace once, as every real window does.
BARE_WITH_QT_PROGRAM = BARE_PROGRAM.replace(
    "from PySide6.QtCore import QEvent, QObject, QTimer",
    "from PySide6.QtCore import QEvent, QObject, Qt, QTimer",
).replace(
    'window.setCentralWidget(QLabel("Hello"))',
    'label = QLabel("Hello")\nlabel.setAlignment(Qt.AlignmentFlag.AlignCenter)\n'
    "window.setCentralWidget(label)",
)
assert BARE_WITH_QT_PROGRAM.count("Qt.AlignmentFlag") == 1

KIB = 1024
MIB = 1024 * 1024


@dataclass(frozen=True)
class Start:
    seconds: float
    cpu_seconds: float
    rss: int
    """Bytes: the process's own RSS."""
    tree_rss: int
    """Bytes: the process and all its descendants."""
    processes: int


def _rss(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * KIB
    except OSError:
        pass
    return 0


def _descendants(pid: int) -> list[int]:
    """``pid``'s children, their children and so on (from /proc)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        parents.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        children = parents.get(todo.pop(), [])
        found += children
        todo += children
    return found


def one_start(command: list[str], environment: dict[str, str], settle_s: float) -> Start:
    """Start ``command``, read its first-paint line, measure its memory, let it quit."""
    started = time.time()
    process = subprocess.Popen(
        command, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    shown = cpu = None
    for line in process.stdout:
        cpu = read_cpu_time(line) if cpu is None else cpu
        shown = read_shown_time(line)
        if shown is not None:
            break
    if shown is None or cpu is None:
        _, errors = process.communicate()
        raise SystemExit(f"{command[-1]!r} did not report its window:\n{errors}")
    time.sleep(settle_s)
    family = [process.pid, *_descendants(process.pid)]
    rss = _rss(process.pid)
    tree = sum(_rss(pid) for pid in family)
    _, errors = process.communicate(timeout=60)
    if process.returncode != 0:
        raise SystemExit(f"exit code {process.returncode}:\n{errors}")
    return Start(shown - started, cpu, rss, tree, len(family))


def _median(values: list[float]) -> float:
    return statistics.median(values)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="starts of each (default 9)")
    parser.add_argument(
        "--platform",
        default="offscreen",
        help="Qt platform: offscreen (default) or xcb under a display such as Xvfb",
    )
    parser.add_argument(
        "--settle-ms",
        type=int,
        default=1000,
        help="how long after the first paint the memory is read (default 1000)",
    )
    parser.add_argument(
        "--floor",
        action="store_true",
        help="also start the bare window that names the Qt namespace once (see above)",
    )
    options = parser.parse_args(argv)
    settle_s = options.settle_ms / 1000
    with tempfile.TemporaryDirectory(prefix="ttt-start-vs-bare-") as home:
        environment = {
            **os.environ,
            REPORT_SHOWN_VARIABLE: "1",
            HOLD_VARIABLE: str(options.settle_ms + 500),
            "QT_QPA_PLATFORM": options.platform,
            "HOME": home,
            "XDG_CONFIG_HOME": str(Path(home) / "config"),
            "XDG_DATA_HOME": str(Path(home) / "data"),
        }
        # As for anyone's second launch, the app's modules load from their cached bytecode
        # (the uncounted first start writes it, were it missing).
        environment.pop("PYTHONDONTWRITEBYTECODE", None)
        programs = {
            "app": [sys.executable, "-m", "ttt_desktop"],
            "bare": [sys.executable, "-c", BARE_PROGRAM],
        }
        if options.floor:
            programs["bare+Qt"] = [sys.executable, "-c", BARE_WITH_QT_PROGRAM]
        # One start of each first, not counted: the disk cache is filled as for any launch.
        for command in programs.values():
            one_start(command, environment, 0.0)
        results: dict[str, list[Start]] = {name: [] for name in programs}
        for run in range(1, options.runs + 1):
            for name, command in programs.items():
                start = one_start(command, environment, settle_s)
                results[name].append(start)
                print(
                    f"run {run} {name:7}: {start.seconds * 1000:4.0f} ms, "
                    f"CPU {start.cpu_seconds * 1000:4.0f} ms, "
                    f"RSS {start.rss / MIB:5.1f} MiB, {start.processes} process(es) "
                    f"{start.tree_rss / MIB:5.1f} MiB",
                    flush=True,
                )
    app, bare = results["app"], results["bare"]
    figures = {
        "start to first paint (ms)": (
            [s.seconds * 1000 for s in app],
            [s.seconds * 1000 for s in bare],
        ),
        "CPU time to first paint (ms)": (
            [s.cpu_seconds * 1000 for s in app],
            [s.cpu_seconds * 1000 for s in bare],
        ),
        "RSS after start (MiB)": ([s.rss / MIB for s in app], [s.rss / MIB for s in bare]),
        "RSS, all processes (MiB)": (
            [s.tree_rss / MIB for s in app],
            [s.tree_rss / MIB for s in bare],
        ),
    }
    print(f"\n{options.platform}, medians of {options.runs} alternating starts:")
    for label, (app_values, bare_values) in figures.items():
        ours, theirs = _median(app_values), _median(bare_values)
        print(
            f"  {label:29} app {ours:6.1f}  bare {theirs:6.1f}  "
            f"ratio {ours / theirs:.2f}  difference {ours - theirs:+.1f}"
        )
    if "bare+Qt" in results:
        floor = results["bare+Qt"]
        for label, values in (
            ("start to first paint (ms)", [s.seconds * 1000 for s in floor]),
            ("CPU time to first paint (ms)", [s.cpu_seconds * 1000 for s in floor]),
        ):
            theirs = _median(figures[label][1])
            print(
                f"  {label:29} bare window naming Qt {_median(values):6.1f}  "
                f"ratio to bare {_median(values) / theirs:.2f}"
            )
    most = max(s.processes for s in app)
    print(f"  the app's processes after start: at most {most}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
