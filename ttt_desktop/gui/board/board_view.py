"""The board in a scroll area that zooms: Ctrl+wheel, Ctrl+plus and Ctrl+minus.

At zoom 1 the board fills the room it is given, as it always has; zoomed in, the
board grows past that room and the scroll area shows scroll bars, and the keyboard
cursor is kept in view. While the board's own coordinates are scrolled out of sight,
rulers along the view's left and bottom edges show the rows and columns in view, so a
cell can still be named. :class:`BoardView` holds a
:class:`~ttt_desktop.gui.board.board_widget.BoardWidget` and knows nothing of games.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QEvent, QObject, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

from ttt_desktop.gui.board.board_widget import BoardWidget
from ttt_desktop.gui.common import theme

ZOOM_STEP: Final = 1.25
MAX_ZOOM: Final = ZOOM_STEP**7  # about 4.8 times the fitted size
MIN_ZOOM: Final = 1.0


class BoardRuler(QWidget):
    """The columns' letters (along the bottom) or the rows' numbers (along the left) of the
    part of the board in view, drawn over the view's edge while the board's own are out of
    sight. Clicks go through it to the board."""

    def __init__(self, view: BoardView, *, columns: bool) -> None:
        super().__init__(view)
        self._view = view
        self.columns = columns
        self.setObjectName("column-ruler" if columns else "row-ruler")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.hide()

    def labels(self) -> list[tuple[str, float]]:
        """Each label in view and the centre of its column (x) or row (y), in this widget."""
        board = self._view.board
        rules = board.rules
        offset = board.mapTo(self._view, board.rect().topLeft()) - self.pos()
        result = []
        count = rules.m if self.columns else rules.n
        extent = self.width() if self.columns else self.height()
        for index in range(count):
            cell = index if self.columns else index * rules.m
            centre = board.cell_rect(cell).center()
            at = centre.x() + offset.x() if self.columns else centre.y() + offset.y()
            if 0 <= at <= extent:
                label = board.column_label(index) if self.columns else board.row_label(index)
                result.append((label, at))
        return result

    def paintEvent(self, event: QPaintEvent) -> None:
        board = self._view.board
        colours = theme.board_colours(self.palette())
        painter = QPainter(self)
        ground = QColor(colours.background)
        ground.setAlpha(235)
        painter.fillRect(self.rect(), ground)
        text = QColor(colours.text)
        text.setAlpha(200)
        painter.setPen(text)
        painter.setFont(board.coordinate_font)
        size = board.cell_size()
        for label, at in self.labels():
            if self.columns:
                box = QRectF(at - size / 2, 0, size, self.height())
            else:
                box = QRectF(0, at - size / 2, self.width(), size)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label)
        painter.end()


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
        self.column_ruler = BoardRuler(self, columns=True)
        self.row_ruler = BoardRuler(self, columns=False)
        self.board.installEventFilter(self)
        self.board.board_changed.connect(self._place_rulers)
        self.horizontalScrollBar().valueChanged.connect(self._place_rulers)
        self.verticalScrollBar().valueChanged.connect(self._place_rulers)

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
        self._place_rulers()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.board and event.type() in (QEvent.Type.Move, QEvent.Type.Resize):
            self._place_rulers()
        return super().eventFilter(watched, event)

    def _place_rulers(self) -> None:
        """Show a ruler along each edge whose coordinates on the board are out of view."""
        board = self.board
        viewport = self.viewport().geometry()
        band = round(board.coordinate_band)
        if band <= 0 or self._zoom <= MIN_ZOOM:
            self.column_ruler.hide()
            self.row_ruler.hide()
            return
        grid = board.board_rect()
        at = board.pos()
        # The board's own coordinates: under the grid and left of it, in the viewport.
        bottom_shown = at.y() + grid.bottom() + band <= viewport.height()
        left_shown = at.x() + grid.left() - band >= 0
        row_width = 0 if left_shown else band + 4
        for ruler, shown, rect in (
            (
                self.column_ruler,
                not bottom_shown,
                (
                    viewport.left() + row_width,
                    viewport.bottom() + 1 - band,
                    viewport.width() - row_width,
                    band,
                ),
            ),
            (
                self.row_ruler,
                not left_shown,
                (viewport.left(), viewport.top(), row_width, viewport.height()),
            ),
        ):
            if shown:
                ruler.setGeometry(*rect)
                ruler.show()
                ruler.raise_()
                ruler.update()
            else:
                ruler.hide()

    def sizeHint(self) -> QSize:
        return self.board.sizeHint()

    def minimumSizeHint(self) -> QSize:
        # As small as tic-tac-toe's board: a bigger board scrolls in a small window rather
        # than making the window larger.
        return QSize(180, 180)
