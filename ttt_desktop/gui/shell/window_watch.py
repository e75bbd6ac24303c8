"""Quitting cleanly when the window is destroyed from outside.

On X11 another program can destroy a client's window outright (``XDestroyWindow``),
as happens when a window manager or compositor dies with windows reparented into
its own. Qt doesn't notice: the widget still counts as shown, so the application
would run on for ever with no window. :class:`WindowDestroyedWatcher` reads the X
server's ``DestroyNotify`` for the window and then closes it the normal way, so
the window saves what it saves on any close and the event loop ends.

Closing makes Qt unmap and later destroy an X window that no longer exists; the X
server answers those requests with ``BadWindow`` errors, which the watcher keeps
out of the log since they only repeat that the window has gone.

Other platforms have no such event; there the watcher does nothing.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from typing import Final

from PySide6.QtCore import QAbstractNativeEventFilter, QByteArray, QCoreApplication, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

_XCB_EVENT: Final = b"xcb_generic_event_t"
_XCB_ERROR: Final = 0
_XCB_DESTROY_NOTIFY: Final = 17
_BAD_WINDOW: Final = 3
_BAD_DRAWABLE: Final = 9


class _XcbErrorOrDestroy(ctypes.Structure):
    # The first 12 bytes of xcb_destroy_notify_event_t, and of xcb_generic_error_t.
    _fields_ = (
        ("response_type", ctypes.c_uint8),
        ("error_code", ctypes.c_uint8),  # pad0 in an event
        ("sequence", ctypes.c_uint16),
        ("event_or_resource", ctypes.c_uint32),  # the event window; an error's resource id
        ("window", ctypes.c_uint32),
    )


class WindowDestroyedWatcher(QAbstractNativeEventFilter):
    """Close ``window`` (the normal way) when its X window is destroyed from outside,
    then quit (``quit``, by default the application's)."""

    def __init__(self, window: QWidget, quit: Callable[[], None] | None = None) -> None:
        super().__init__()
        self._window = window
        self._quit = quit if quit is not None else QCoreApplication.quit
        self._window_id = int(window.winId())
        self.destroyed_from_outside = False

    def nativeEventFilter(
        self,
        eventType: QByteArray | bytes | bytearray | memoryview,  # noqa: N803
        message: object,
    ) -> tuple[bool, int]:
        # ``message`` is a shiboken VoidPtr: its address is int(message) (its truth
        # value is its length, unknown here, so it can't be tested with "not").
        address = int(message)  # type: ignore[call-overload]
        kind_name = eventType.data() if isinstance(eventType, QByteArray) else bytes(eventType)
        if kind_name != _XCB_EVENT or address == 0:
            return False, 0
        event = _XcbErrorOrDestroy.from_address(address)
        kind = event.response_type & 0x7F
        if kind == _XCB_DESTROY_NOTIFY and event.window == self._window_id:
            if not self.destroyed_from_outside:
                self.destroyed_from_outside = True
                # Not from inside the X event handler: from the event loop, as a close.
                QTimer.singleShot(0, self._close)
            return False, 0
        if (
            kind == _XCB_ERROR
            and self.destroyed_from_outside
            and event.error_code in (_BAD_WINDOW, _BAD_DRAWABLE)
            and event.event_or_resource == self._window_id
        ):
            return True, 0
        return False, 0

    def _close(self) -> None:
        window = self._window
        window.close()
        if window.isVisible():
            # Something refused the close: without a window there is nobody to ask.
            window.hide()
        # Other top-level windows may be open: with the main window gone, all end.
        self._quit()


def watch_for_outside_destruction(window: QWidget) -> WindowDestroyedWatcher | None:
    """Install a :class:`WindowDestroyedWatcher` for ``window`` on X11; None elsewhere.

    Keep the returned watcher referenced for as long as the window lives.
    """
    app = QCoreApplication.instance()
    if app is None or QGuiApplication.platformName() != "xcb":
        return None
    watcher = WindowDestroyedWatcher(window)
    app.installNativeEventFilter(watcher)
    return watcher
