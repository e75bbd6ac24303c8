"""The board in a scroll area that zooms: Ctrl+wheel, Ctrl+plus and Ctrl+minus.

At zoom 1 the board fills the room it is given, as it always has; zoomed in, the
board grows past that room and the scroll area shows scroll bars, and the keyboard
cursor is kept in view. :class:`BoardView` holds a
:class:`~ttt_desktop.gui.board.board_widget.BoardWidget` and knows nothing of games.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

from ttt_desktop.gui.board.board_widget import BoardWidget

ZOOM_STEP: Final = 1.25
MAX_ZOOM: Final = ZOOM_STEP**7  # about 4.8 times the fitted size
MIN_ZOOM: Final = 1.0


class BoardView(QScrollArea):
    """A :class:`BoardWidget` that fits its room at zoom 1 and scrolls when zoomed in."""

    zoom_changed = Signal(float)

    def __init__(self, board: BoardWidget | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board = board if board is not None else BoardWidget()
        self._zoom = 1.0
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(True)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        # The window's ground shows around the board, as when it had no scroll area. The
        # viewport is made here, not asked for: a widget Qt made would be looked up among
        # every widget class PySide6 knows, which makes them all (5-13 ms at the start).
        viewport = QWidget()
        viewport.setAutoFillBackground(False)
        self.setViewport(viewport)
        self.setWidget(self.board)
        self.board.setAutoFillBackground(False)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.board.zoom_requested.connect(self._on_zoom_requested)
        self.board.cursor_moved.connect(self._keep_cell_in_view)

    @property
    def zoom(self) -> float:
        """How many times its fitted size the board is drawn (1: it fits)."""
        return self._zoom

    def set_zoom(self, zoom: float) -> None:
        """Draw the board ``zoom`` times its fitted size (clamped to 1 .. about 4.8)."""
        zoom = min(MAX_ZOOM, max(MIN_ZOOM, zoom))
        if abs(zoom - self._zoom) < 1e-6:
            return
        self._zoom = zoom
        self._apply_zoom()
        self._keep_cell_in_view(self.board.cursor_cell)
        self.zoom_changed.emit(zoom)

    def zoom_in(self) -> None:
        """One step larger."""
        self.set_zoom(self._zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        """One step smaller, down to the fitted size."""
        self.set_zoom(self._zoom / ZOOM_STEP)

    def reset_zoom(self) -> None:
        """Back to the fitted size."""
        self.set_zoom(1.0)

    def _on_zoom_requested(self, direction: int) -> None:
        if direction > 0:
            self.zoom_in()
        else:
            self.zoom_out()

    def _apply_zoom(self) -> None:
        if self._zoom <= MIN_ZOOM:
            self.board.setMinimumSize(0, 0)
            return
        # Cells ``zoom`` times as large as when the board fits the room it has.
        fitted = self.board.cell_size_at(self.maximumViewportSize())
        self.board.setMinimumSize(self.board.size_for_cell(fitted * self._zoom))

    def _keep_cell_in_view(self, cell: int) -> None:
        if self._zoom <= MIN_ZOOM:
            return
        centre = self.board.cell_centre(cell)
        margin = round(self.board.cell_size())
        self.ensureVisible(centre.x(), centre.y(), margin, margin)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._zoom > MIN_ZOOM:
            self._apply_zoom()

    def sizeHint(self) -> QSize:
        return self.board.sizeHint()

    def minimumSizeHint(self) -> QSize:
        # As small as tic-tac-toe's board: a bigger board scrolls in a small window rather
        # than making the window larger.
        return QSize(180, 180)
