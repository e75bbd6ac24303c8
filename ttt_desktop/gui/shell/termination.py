"""SIGTERM and SIGHUP quit the app as its Quit does: the game in progress saved, children ended.

A desktop logging out (or ``kill``) sends SIGTERM; a terminal closing sends SIGHUP.
Python's default for SIGTERM ends the process on the spot: the game in hand since the
last save is lost, and the search process, busy with a move, runs on until it notices
its parent is gone. :func:`quit_on_termination` installs a Python handler for both
that closes the window from the Qt event loop (``closeEvent`` saves the game in
progress and the settings and shuts the controller down, ending the search process)
and then quits the loop, so ``app.main`` goes through its usual shutdown path; it then
ends the process with exit code 0 at once (:meth:`TerminationHandler.leave`).

Qt's loop does not give Python a chance to run a handler while it waits, so the C
handler writes the signal's number to a pipe (:func:`signal.set_wakeup_fd`) that a
:class:`QSocketNotifier` watches: the notifier wakes the loop, and Python runs the
handler before the notifier's slot. A pipe, not a socket pair: ``socket`` and the
modules it brings cost 4 ms before the first paint.

For benchmarks and tests, ``TTT_DESKTOP_QUIT_ON_SIGUSR1=1`` in the environment makes
SIGUSR1 trigger the window's Quit action (the menu's own path, as Ctrl+Q would).

POSIX only: elsewhere :func:`quit_on_termination` does nothing.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Mapping
from types import FrameType
from typing import Any, Final

from PySide6.QtCore import QCoreApplication, QObject, QSocketNotifier, QTimer
from PySide6.QtWidgets import QMainWindow

QUIT_SIGNALS: Final = ("SIGTERM", "SIGHUP")
"""The signals that quit the app (those the platform has)."""
QUIT_HOOK_VARIABLE: Final = "TTT_DESKTOP_QUIT_ON_SIGUSR1"
"""``1``: SIGUSR1 triggers the window's Quit action (a hook for benchmarks and tests)."""


class TerminationHandler(QObject):
    """While installed, the quit signals close ``window`` and quit the application."""

    def __init__(self, window: QMainWindow, *, quit_hook: bool = False) -> None:
        super().__init__()
        self._window = window
        self.received: list[int] = []
        """The numbers of the quit signals received, in order."""
        self._reader, self._writer = os.pipe()
        os.set_blocking(self._reader, False)
        os.set_blocking(self._writer, False)
        self._notifier = QSocketNotifier(self._reader, QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._drain)
        self._previous_wakeup = signal.set_wakeup_fd(self._writer, warn_on_full_buffer=False)
        self._previous: dict[int, Any] = {}
        for name in QUIT_SIGNALS:
            number = getattr(signal, name, None)
            if number is not None:
                self._previous[number] = signal.signal(number, self._on_quit_signal)
        if quit_hook and hasattr(signal, "SIGUSR1"):
            self._previous[signal.SIGUSR1] = signal.signal(signal.SIGUSR1, self._on_quit_hook)

    def _on_quit_signal(self, signum: int, frame: FrameType | None) -> None:
        # Runs in the main thread between two Python steps; Qt is told from its loop.
        self.received.append(signum)
        if len(self.received) == 1:
            QTimer.singleShot(0, self._quit)

    def _on_quit_hook(self, signum: int, frame: FrameType | None) -> None:
        action = getattr(self._window, "quit_action", None)
        QTimer.singleShot(0, self._window.close if action is None else action.trigger)

    def _quit(self) -> None:
        # closeEvent saves the game in progress and shuts the search process down; other
        # top-level windows (a dialog, the lab) do not keep the loop running.
        self._window.close()
        QCoreApplication.quit()

    def _drain(self) -> None:
        # The bytes only woke the loop; Python has run the handlers by now.
        with contextlib.suppress(OSError):
            while os.read(self._reader, 64):
                pass

    def remove(self) -> None:
        """Put the previous handlers back and close the pipe."""
        for number, previous in self._previous.items():
            signal.signal(number, previous)
        self._previous.clear()
        signal.set_wakeup_fd(self._previous_wakeup)
        self._notifier.setEnabled(False)
        os.close(self._reader)
        os.close(self._writer)

    def leave(self, exit_code: int) -> None:
        """End the process now, once everything of value is saved and the search process
        ended; returns only while other child processes run (a lab's pool of workers:
        the interpreter's teardown ends them).

        The interpreter's own teardown (freeing every module and Qt object) costs more
        CPU than the whole quit before it (60-110 ms against 30-50 ms), which a desktop
        logging out, many programs ending at once, can't spare: the app is gone within
        a second of SIGTERM on a loaded machine.
        """
        multiprocessing = sys.modules.get("multiprocessing")
        if multiprocessing is not None and multiprocessing.active_children():
            return
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                with contextlib.suppress(OSError, ValueError):
                    stream.flush()
        os._exit(exit_code)


def quit_on_termination(
    window: QMainWindow, environment: Mapping[str, str] = os.environ
) -> TerminationHandler | None:
    """Make SIGTERM and SIGHUP quit the app through ``window``'s close; None off POSIX.

    Call from the main thread; :meth:`TerminationHandler.remove` undoes it.
    """
    if os.name != "posix":
        return None
    return TerminationHandler(window, quit_hook=environment.get(QUIT_HOOK_VARIABLE) == "1")
