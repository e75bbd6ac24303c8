"""Start-up timing: report the moment the window is first painted, then quit.

With ``TTT_DESKTOP_REPORT_SHOWN=1`` in the environment, :func:`ttt_desktop.gui.shell.app.main`
calls :func:`report_first_paint` on the shown window: when the window's first
paint event has been handled, one line ``TTT_DESKTOP_SHOWN <unix time>`` goes to
stdout and the application quits normally (``TTT_DESKTOP_REPORT_HOLD_MS=N``: N ms
later, so a benchmark can measure the running app's memory meanwhile). With
``TTT_DESKTOP_REPORT_MODULES=1`` too, a line ``TTT_DESKTOP_MODULES name name ...``
lists the modules loaded at that moment (:func:`read_modules` parses it): a test
keeps what the first screen does not need out of the start; on Linux a line
``TTT_DESKTOP_LIBRARIES name ...`` follows with the shared libraries mapped by then
(:func:`read_libraries`), Qt's plugins among them. Just before the
``TTT_DESKTOP_SHOWN`` line, ``TTT_DESKTOP_CPU <seconds>`` gives the CPU time the
process had used by then (all its threads; :func:`read_cpu_time`), a measure a busy
machine disturbs less than the wall clock.
A benchmark starts the app (from source or the packaged executable), notes the
wall-clock time just before, and reads the line: the difference is start-to-window
time, including the interpreter's (or the bootloader's) own start. :func:`read_shown_time` parses
the line, so producer and consumers share one format.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Mapping
from typing import Final

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QWidget

__all__ = [
    "CPU_LINE_PREFIX",
    "HOLD_VARIABLE",
    "LIBRARIES_LINE_PREFIX",
    "MODULES_LINE_PREFIX",
    "MODULES_VARIABLE",
    "REPORT_SHOWN_VARIABLE",
    "SHOWN_LINE_PREFIX",
    "FirstPaintReporter",
    "read_cpu_time",
    "read_libraries",
    "read_modules",
    "read_shown_time",
    "report_first_paint",
    "report_shown_requested",
]

REPORT_SHOWN_VARIABLE: Final = "TTT_DESKTOP_REPORT_SHOWN"
SHOWN_LINE_PREFIX: Final = "TTT_DESKTOP_SHOWN"
HOLD_VARIABLE: Final = "TTT_DESKTOP_REPORT_HOLD_MS"
MODULES_VARIABLE: Final = "TTT_DESKTOP_REPORT_MODULES"
MODULES_LINE_PREFIX: Final = "TTT_DESKTOP_MODULES"
LIBRARIES_LINE_PREFIX: Final = "TTT_DESKTOP_LIBRARIES"
CPU_LINE_PREFIX: Final = "TTT_DESKTOP_CPU"


def report_shown_requested(environment: Mapping[str, str] = os.environ) -> bool:
    """True when the environment asks for the first-paint report: ``TTT_DESKTOP_REPORT_SHOWN=1``."""
    return environment.get(REPORT_SHOWN_VARIABLE) == "1"


def read_shown_time(output: str) -> float | None:
    """The unix time in the first ``TTT_DESKTOP_SHOWN`` line of ``output``, or None."""
    for line in output.splitlines():
        prefix, _, value = line.partition(" ")
        if prefix == SHOWN_LINE_PREFIX:
            try:
                return float(value)
            except ValueError:
                return None
    return None


def read_cpu_time(output: str) -> float | None:
    """The CPU seconds in the first ``TTT_DESKTOP_CPU`` line of ``output``, or None."""
    for line in output.splitlines():
        prefix, _, value = line.partition(" ")
        if prefix == CPU_LINE_PREFIX:
            try:
                return float(value)
            except ValueError:
                return None
    return None


def _read_names(output: str, wanted: str) -> list[str] | None:
    for line in output.splitlines():
        prefix, _, names = line.partition(" ")
        if prefix == wanted:
            return names.split()
    return None


def read_modules(output: str) -> list[str] | None:
    """The module names in the first ``TTT_DESKTOP_MODULES`` line of ``output``, or None."""
    return _read_names(output, MODULES_LINE_PREFIX)


def read_libraries(output: str) -> list[str] | None:
    """The library file names in the first ``TTT_DESKTOP_LIBRARIES`` line, or None."""
    return _read_names(output, LIBRARIES_LINE_PREFIX)


def mapped_libraries() -> list[str]:
    """The file names of the shared libraries this process has mapped (Linux; else [])."""
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            paths = {line.split(maxsplit=5)[-1].strip() for line in maps if ".so" in line}
    except OSError:
        return []
    return sorted({os.path.basename(path) for path in paths if path.startswith("/")})


class FirstPaintReporter(QObject):
    """Watches ``window`` for its first paint event; then calls ``on_painted`` once.

    The call comes from a zero-delay timer, so it runs after the paint has been
    handled (and the frame handed to the window system), not in the middle of it.
    """

    def __init__(self, window: QWidget, on_painted: Callable[[], None]) -> None:
        super().__init__(window)
        self._window = window
        self._on_painted = on_painted
        self._seen = False
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Note the window's first paint event; never consumes an event."""
        if not self._seen and watched is self._window and event.type() == QEvent.Type.Paint:
            self._seen = True
            self._window.removeEventFilter(self)
            QTimer.singleShot(0, self, self._on_painted)
        return False


def _hold_ms(environment: Mapping[str, str]) -> int:
    try:
        return max(0, int(environment.get(HOLD_VARIABLE, "0")))
    except ValueError:
        return 0


def report_first_paint(
    window: QWidget, environment: Mapping[str, str] = os.environ
) -> FirstPaintReporter:
    """Print ``TTT_DESKTOP_SHOWN <unix time>`` after ``window``'s first paint, then quit the app
    (at once, or ``TTT_DESKTOP_REPORT_HOLD_MS`` later)."""
    hold_ms = _hold_ms(environment)
    list_modules = environment.get(MODULES_VARIABLE) == "1"

    def report() -> None:
        if sys.stdout is not None:
            cpu, now = time.process_time(), time.time()
            print(f"{CPU_LINE_PREFIX} {cpu:.6f}\n{SHOWN_LINE_PREFIX} {now:.6f}", flush=True)
            if list_modules:
                print(MODULES_LINE_PREFIX, *sorted(sys.modules), flush=True)
                print(LIBRARIES_LINE_PREFIX, *mapped_libraries(), flush=True)
        if hold_ms:
            # Precise: a coarse timer may fire up to 5% early, and the hold is a minimum.
            hold = QTimer(window)
            hold.setSingleShot(True)
            hold.setTimerType(Qt.TimerType.PreciseTimer)
            hold.timeout.connect(QCoreApplication.quit)
            hold.start(hold_ms)
        else:
            QCoreApplication.quit()

    return FirstPaintReporter(window, report)
