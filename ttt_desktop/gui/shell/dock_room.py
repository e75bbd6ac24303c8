"""Room beside the board for the docks, and room for the board beside the docks.

The review dock appears on the left when a game ends, and the move list there when a game
is browsed. A dock on the left pushes the window's central area to the right; with the
board centred in that area it jumped sideways by half the dock's width. :class:`DockRoom`
keeps, while no dock shows on the left, an empty strip as wide as those docks take at the
left of the central area (the board is centred in what remains), and gives it up when a
dock shows there: the board's column then has the same place on the screen with or
without the docks.

The strip only takes room the board does not need: the board (square, as tall as its
view) keeps its size, and a window too narrow for both keeps a narrower strip (the
board then moves by what was missing, and no more). It never adds to the window's
least width.

A dock whose contents cost something to make holds only an empty widget of the
contents' width until it first shows (:func:`hold_room`), and takes them then
(:func:`move_in`): the room kept for it is the same either way.

The other way round, :class:`BoardRoom` keeps the board usable when docks show on
both sides: on a 1,366 x 768 screen, at the first-run size, the Review and Thinking
docks left the board 180 px. When a dock shows and leaves the board narrower than
:data:`COMFORTABLE_BOARD_PX` (or than the board is tall, where that is less), the
window grows within its screen by what is missing; where the screen has no more room
(or the window is maximized or full screen) the side docks give way, down to their
least widths. Only a dock showing does this: a window made small by hand stays small,
and the window never shrinks by itself.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Final

import shiboken6
from PySide6.QtCore import QChildEvent, QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtWidgets import (
    QBoxLayout,
    QDockWidget,
    QMainWindow,
    QSizePolicy,
    QSpacerItem,
    QStyle,
    QWidget,
)

from ttt_desktop.gui.common.screen_fit import fit_to_screen, largest_size

LEFT: Final = Qt.DockWidgetArea.LeftDockWidgetArea
RIGHT: Final = Qt.DockWidgetArea.RightDockWidgetArea

COMFORTABLE_BOARD_PX: Final = 400
"""The board's width (its view's) the window makes room for when docks show beside it:
a 3x3 board's cells about 120 px, gomoku's 24 px."""
PASSES: Final = 4
"""How many times the room is looked at after a dock changed (each a step closer)."""


def hold_room(dock: QDockWidget, width: int) -> None:
    """Give ``dock`` an empty widget ``width`` px wide until its contents are made."""
    room = QWidget()
    room.setMinimumWidth(width)
    dock.setWidget(room)


def move_in(dock: QDockWidget, contents: QWidget) -> None:
    """Put ``contents`` in ``dock`` in place of the room it held (:func:`hold_room`)."""
    room = dock.widget()
    dock.setWidget(contents)
    if room is not None:
        room.deleteLater()


class DockRoom(QObject):
    """Keeps room at the left of the window's central row while no left dock shows.

    The central widget's layout is a row (the strip goes first in it); ``board_view`` is
    the view the board fills (its height is the board's size); ``docks`` are the docks
    that may show on the left. The width kept is the one those
    docks took the last time they showed (their size hint before that).
    """

    def __init__(
        self, window: QMainWindow, board_view: QWidget, docks: Sequence[QDockWidget]
    ) -> None:
        super().__init__(window)
        self.window = window
        central = window.centralWidget()
        layout = central.layout() if central is not None else None
        if central is None or not isinstance(layout, QBoxLayout):
            raise TypeError("the window's central widget has no row for the strip")
        self.central = central
        self.layout = layout
        self.board_view = board_view
        self.docks = list(docks)
        separator = window.style().pixelMetric(QStyle.PixelMetric.PM_DockWidgetSeparatorExtent)
        widest = max((dock.sizeHint().width() for dock in self.docks), default=0)
        # What the left docks take from the central area when they show.
        self.room = widest + separator
        # Shrinkable (Maximum) with no least width: the strip never widens the window.
        self.strip = QSpacerItem(0, 0, QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Minimum)
        self._updating = False
        self._again = False
        layout.insertSpacerItem(0, self.strip)
        # The view's size, once the layouts have placed it (the central widget's own
        # resize comes before its layout has placed the view).
        board_view.installEventFilter(self)
        for dock in self.docks:
            dock.visibilityChanged.connect(self.update)
            dock.dockLocationChanged.connect(self.update)
            dock.topLevelChanged.connect(self.update)
        self.update()

    def left_docks_shown(self) -> bool:
        """Whether a dock (of any feature) takes room on the window's left."""
        return any(
            not dock.isFloating()
            and dock.isVisibleTo(self.window)
            and self.window.dockWidgetArea(dock) == LEFT
            # Docks are the window's own children: a search through every widget of the
            # window made PySide6 meet (and make) most of Qt's widget classes, 2 ms.
            for dock in self.window.findChildren(
                QDockWidget, options=Qt.FindChildOption.FindDirectChildrenOnly
            )
        )

    def kept(self) -> int:
        """The strip's width now."""
        return self.strip.geometry().width() if self.strip.sizeHint().width() else 0

    def update(self, *_: object) -> None:
        """Set the strip for the docks shown now and the room the board leaves."""
        if not all(map(shiboken6.isValid, (self.window, self.central, self.board_view))):
            return  # the window is being deleted (its docks hide on the way)
        if self._updating:
            # Called again by the layout this call changed: once more when it is done.
            self._again = True
            return
        self._updating = True
        try:
            for _pass in range(3):  # the second pass finds the strip right
                self._again = False
                self._update()
                if not self._again:
                    break
        finally:
            self._updating = False

    def _update(self) -> None:
        if self.left_docks_shown():
            taken = self.central.x()
            if taken > 0:
                self.room = taken
            wanted = 0
        else:
            view = self.board_view
            # The width the board's column would have without the strip, less the board.
            spare = view.width() + self.kept() - view.height()
            wanted = max(0, min(self.room, spare))
        if wanted != self.strip.sizeHint().width():
            self.strip.changeSize(wanted, 0, QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Minimum)
            self.layout.invalidate()
            self.layout.activate()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Show):
            self.update()
        return False


class BoardRoom(QObject):
    """Makes room for ``board_view`` when a dock of ``window`` shows beside it.

    Every dock of the window is followed, those made later too. After a dock shows, is
    docked again or moves to another side, the window grows (within its screen) by what the
    board's view lacks of :data:`COMFORTABLE_BOARD_PX` wide, or of its own height
    where that is less; what the screen cannot give, the docks on the left and right
    give up, the one with most to spare first, down to their least widths.
    """

    def __init__(self, window: QMainWindow, board_view: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.board_view = board_view
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.make_room)
        # Looks left at the room since a dock changed: Qt shares a window's new width
        # between the central area and the docks, and a window manager may resize later.
        self._passes = 0
        self._watched: weakref.WeakSet[QDockWidget] = weakref.WeakSet()
        for dock in window.findChildren(
            QDockWidget, options=Qt.FindChildOption.FindDirectChildrenOnly
        ):
            self.watch(dock)
        # A dock made later is polished before it first shows.
        window.installEventFilter(self)

    def watch(self, dock: QDockWidget) -> None:
        """Make room for the board whenever ``dock`` shows or is docked somewhere new."""
        if dock in self._watched:
            return
        self._watched.add(dock)
        dock.visibilityChanged.connect(self._on_dock_changed)
        dock.dockLocationChanged.connect(self._on_dock_changed)
        dock.topLevelChanged.connect(self._on_dock_changed)

    def _on_dock_changed(self, *_: object) -> None:
        # Once the window's layout has placed the dock (and several changes at once
        # are looked at together).
        self._passes = PASSES
        self._timer.start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.ChildPolished and isinstance(event, QChildEvent):
            child = event.child()
            if isinstance(child, QDockWidget):
                self.watch(child)
        elif kind in (QEvent.Type.Resize, QEvent.Type.LayoutRequest) and self._passes > 0:
            # The window grew (or its docks moved) for the room asked: look again.
            self._timer.start()
        return False

    def missing(self) -> int:
        """How many px the board's view lacks of the width it should have now."""
        view = self.board_view
        return max(0, min(COMFORTABLE_BOARD_PX, view.height()) - view.width())

    def make_room(self) -> None:
        """Grow the window, and else narrow the side docks, until the board has its room."""
        window = self.window
        if not all(map(shiboken6.isValid, (window, self.board_view))) or not window.isVisible():
            return
        if self._passes <= 0:
            return
        self._passes -= 1
        layout = window.layout()
        if layout is not None:
            layout.activate()
        missing = self.missing()
        if missing <= 0:
            self._passes = 0
            return
        if not (window.isMaximized() or window.isFullScreen()):
            width = min(window.width() + missing, largest_size(window).width())
            if width > window.width():
                missing -= width - window.width()
                fit_to_screen(window, QSize(width, window.height()))
        if missing > 0 and not self._narrow_docks(missing):
            self._passes = 0  # the screen and the docks have no more to give

    def _narrow_docks(self, missing: int) -> bool:
        """Narrow the side docks by up to ``missing`` px in all; whether any had room."""
        window = self.window
        # One entry a side: the docks there (tabbed or stacked) share its width.
        sides: dict[Qt.DockWidgetArea, list[QDockWidget]] = {}
        for dock in window.findChildren(
            QDockWidget, options=Qt.FindChildOption.FindDirectChildrenOnly
        ):
            area = window.dockWidgetArea(dock)
            if area in (LEFT, RIGHT) and not dock.isFloating() and dock.isVisible():
                sides.setdefault(area, []).append(dock)
        spares: list[tuple[int, QDockWidget, int]] = []
        for docks in sides.values():
            width = max(dock.width() for dock in docks)
            least = max(
                dock.minimumSizeHint().expandedTo(dock.minimumSize()).width() for dock in docks
            )
            if width > least:
                spares.append((width - least, docks[0], width))
        narrowed: list[QDockWidget] = []
        widths: list[int] = []
        for spare, dock, width in sorted(spares, key=lambda entry: -entry[0]):
            if missing <= 0:
                break
            given = min(spare, missing)
            missing -= given
            narrowed.append(dock)
            widths.append(width - given)
        if narrowed:
            window.resizeDocks(narrowed, widths, Qt.Orientation.Horizontal)
        return bool(narrowed)
