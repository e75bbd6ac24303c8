"""A window destroyed from outside (not asked to close) ends the app cleanly.

The first tests feed the watcher the X server's events as bytes, offscreen. The
last runs the real app on a private Xvfb server, destroys its window with
``XDestroyWindow`` from another X client, and checks that the process quits with
status 0 having saved its settings as on a normal close. It needs Xvfb, xdotool
and libX11, and is skipped (with the reason) where any is missing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from ttt_desktop.gui.shell.window_watch import WindowDestroyedWatcher, watch_for_outside_destruction

DESTROY_NOTIFY = 17
BAD_WINDOW = 3


def xcb_event(
    response_type: int, second: int, first_id: int, window: int
) -> ctypes.Array[ctypes.c_char]:
    """The first bytes of an xcb event or error, as the X server sends them."""
    data = bytes([response_type, second]) + (7).to_bytes(2, sys.byteorder)
    data += first_id.to_bytes(4, sys.byteorder) + window.to_bytes(4, sys.byteorder)
    return ctypes.create_string_buffer(data + bytes(20))


def feed(watcher: WindowDestroyedWatcher, event: ctypes.Array[ctypes.c_char]) -> bool:
    handled, _result = watcher.nativeEventFilter(b"xcb_generic_event_t", ctypes.addressof(event))
    return handled


def test_offscreen_needs_no_watcher(qtbot: QtBot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    assert watch_for_outside_destruction(window) is None


def test_destroy_notify_closes_the_window_the_normal_way(qtbot: QtBot) -> None:
    closes: list[bool] = []

    class Window(QWidget):
        def closeEvent(self, event: object) -> None:
            closes.append(True)

    window = Window()
    qtbot.addWidget(window)
    window.show()
    quits: list[bool] = []
    watcher = WindowDestroyedWatcher(window, quit=lambda: quits.append(True))
    window_id = int(window.winId())
    # Another window's end, an error before the end: nothing happens.
    assert not feed(watcher, xcb_event(DESTROY_NOTIFY, 0, window_id + 1, window_id + 1))
    assert not feed(watcher, xcb_event(0, BAD_WINDOW, window_id, 0))
    assert not watcher.destroyed_from_outside
    assert not feed(watcher, xcb_event(DESTROY_NOTIFY, 0, window_id, window_id))
    assert watcher.destroyed_from_outside
    qtbot.waitUntil(lambda: not window.isVisible())
    assert closes == [True]
    assert quits == [True]
    # The server's complaints about the window that is gone stay out of the log.
    assert feed(watcher, xcb_event(0, BAD_WINDOW, window_id, 0))
    assert not feed(watcher, xcb_event(0, BAD_WINDOW, window_id + 1, 0))


# The real thing, on an X server of its own ------------------------------------------


def missing_x_tools() -> str | None:
    if shutil.which("Xvfb") is None:
        return "needs Xvfb (an X server) to destroy a real window"
    if shutil.which("xdotool") is None:
        return "needs xdotool to find the app's window"
    if ctypes.util.find_library("X11") is None:
        return "needs libX11 to destroy a window from another X client"
    return None


@pytest.fixture
def x_display(tmp_path: Path) -> Iterator[str]:
    """A private Xvfb server; its display name (it picks a free number itself)."""
    reason = missing_x_tools()
    if reason is not None:
        pytest.skip(reason)
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
        pass_fds=(write_end,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    with os.fdopen(read_end) as numbers:
        number = numbers.readline().strip()
    try:
        if not number:
            pytest.skip("Xvfb did not start here")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait()


def destroy_window(display_name: str, window_id: int) -> None:
    """``XDestroyWindow`` from a client of our own, as a dying window manager does."""
    x11 = ctypes.CDLL(ctypes.util.find_library("X11"))
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XDestroyWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    display = x11.XOpenDisplay(display_name.encode())
    assert display, f"can't open X display {display_name}"
    try:
        x11.XDestroyWindow(display, window_id)
        x11.XSync(display, 0)
    finally:
        x11.XCloseDisplay(display)


def test_app_quits_cleanly_when_its_x_window_is_destroyed(x_display: str, tmp_path: Path) -> None:
    config = tmp_path / "config"
    env = {
        **os.environ,
        "DISPLAY": x_display,
        "QT_QPA_PLATFORM": "xcb",
        "XDG_CONFIG_HOME": str(config),
        "HOME": str(tmp_path),
    }
    app = subprocess.Popen(
        [sys.executable, "-m", "ttt_desktop"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        found = subprocess.run(
            ["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(app.pid)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            timeout=120,  # a guard against a window that never shows, not a speed bar
        )
        window_id = int(found.stdout.split()[0])
        destroy_window(x_display, window_id)
        # Before the fix the process ran on without a window: this wait would expire.
        _out, errors = app.communicate(timeout=120)
    finally:
        if app.poll() is None:
            app.kill()
            app.communicate()
    assert app.returncode == 0, errors
    assert "BadWindow" not in errors
    assert "Traceback" not in errors
    saved = (config / "TTT Desktop" / "TTT Desktop.conf").read_text()
    assert "geometry=" in saved, "the window's geometry is saved as on a normal close"
