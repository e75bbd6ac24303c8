"""Room kept beside the board for the docks on the window's left, so the board stays put.

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
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QBoxLayout,
    QDockWidget,
    QMainWindow,
    QSizePolicy,
    QSpacerItem,
    QStyle,
    QWidget,
)

LEFT: Final = Qt.DockWidgetArea.LeftDockWidgetArea


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
