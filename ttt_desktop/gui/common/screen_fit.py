"""Windows fit the screen they are on: never wider or taller than its free area.

A window is sized with :func:`fit_to_screen` when it opens (the size it would like,
cut down to the screen's available area less the window manager's frame), and a
:class:`ScreenKeeper` watches a main window whose docks and panels may otherwise
push it past the screen's edge (Qt grows a window to make room for a dock's
minimum width): after any such growth it is brought back within the screen, so
that no grown size is remembered either. On a 1,366 x 768 laptop screen with a
panel every window of the app fits.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QEvent, QObject, QRect, QSize, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

TITLE_BAR_PX: Final = 32
"""Room kept for a title bar while a window's real frame is not known yet (before it shows)."""


def available_geometry(widget: QWidget) -> QRect:
    """The free area (less panels and docks of the desktop) of the screen ``widget`` is on."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def frame_extra(widget: QWidget) -> QSize:
    """What the window manager's frame adds to ``widget``'s size (a guess before it shows)."""
    frame, inner = widget.frameGeometry(), widget.geometry()
    extra = QSize(frame.width() - inner.width(), frame.height() - inner.height())
    if not widget.isVisible() or extra.height() <= 0:
        extra.setHeight(max(extra.height(), TITLE_BAR_PX))
    return extra


def largest_size(widget: QWidget) -> QSize:
    """The largest size ``widget`` (a window) may have on its screen, frame included."""
    area, extra = available_geometry(widget), frame_extra(widget)
    return QSize(area.width() - extra.width(), area.height() - extra.height())


def fit_to_screen(widget: QWidget, wanted: QSize | None = None) -> None:
    """Resize ``widget`` (a window) to ``wanted`` (default: its size now), cut down to the
    screen's free area, and move it back within that area where it sticks out."""
    wanted = widget.size() if wanted is None else wanted
    largest = largest_size(widget)
    size = QSize(min(wanted.width(), largest.width()), min(wanted.height(), largest.height()))
    if size != widget.size():
        widget.resize(size)
    _move_within(widget)


def _move_within(widget: QWidget) -> None:
    if not widget.isVisible():
        return
    area, frame = available_geometry(widget), widget.frameGeometry()
    x = max(area.left(), min(frame.x(), area.right() + 1 - frame.width()))
    y = max(area.top(), min(frame.y(), area.bottom() + 1 - frame.height()))
    if (x, y) != (frame.x(), frame.y()):
        widget.move(x, y)


def place_beside(widget: QWidget, window: QWidget, keep_clear: QRect) -> None:
    """Move ``widget`` (a window just shown) beside ``window``, right or left where the
    screen has room, and else to the screen's side away from ``keep_clear`` (in global
    coordinates: the board), so that it does not open over it."""
    area = available_geometry(window)
    fit_to_screen(widget)
    frame, outer = widget.frameGeometry(), window.frameGeometry()
    width = frame.width()
    if outer.right() + 1 + width <= area.right() + 1:
        x = outer.right() + 1
    elif outer.left() - width >= area.left():
        x = outer.left() - width
    elif keep_clear.center().x() < area.center().x():
        x = area.right() + 1 - width
    else:
        x = area.left()
    y = max(area.top(), min(outer.top(), area.bottom() + 1 - frame.height()))
    widget.move(x, y)


class ScreenKeeper(QObject):
    """Brings ``window`` back within its screen whenever it grows past it (a dock shown, a
    panel widened); never while it is maximized or full screen (the system sizes it then)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.fit)
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() in (QEvent.Type.Resize, QEvent.Type.Show):
            self._timer.start()
        return False

    def fit(self) -> None:
        """Bring the window within its screen now (nothing when it already is)."""
        window = self._window
        if window.isMaximized() or window.isFullScreen() or not window.isVisible():
            return
        fit_to_screen(window)
