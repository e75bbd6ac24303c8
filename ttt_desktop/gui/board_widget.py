"""The board widget: draws a position and reports which cell a person chose.

:class:`BoardWidget` shows whatever :class:`~ttt_desktop.engine.Board` it is given,
with optional highlights (the last move, a winning line) and a flag saying whether
it takes moves. It emits :attr:`BoardWidget.cell_clicked` for a click, a keypad
digit, or Enter/Space on the focused cell, and knows no rules: whether that move
is allowed is the controller's business. The replay view reuses it for history.

Each cell is a focusable child button (:class:`CellButton`) with an accessible
name and description, so a screen reader can read and play the board; the board
itself paints everything, so the winning line can cross the cells.
"""

from __future__ import annotations

from typing import Final

import shiboken6
from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QEvent,
    QPoint,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QEnterEvent,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import QAbstractButton, QSizePolicy, QWidget

from ttt_desktop.engine import Board, Mark, row_column
from ttt_desktop.engine.rules import TIC_TAC_TOE
from ttt_desktop.gui import theme
from ttt_desktop.gui.board_overlay import BoardOverlay, cell_descriptions, paint_overlays

_ARROW_STEPS: Final = {
    Qt.Key.Key_Left: (0, -1),
    Qt.Key.Key_Right: (0, 1),
    Qt.Key.Key_Up: (-1, 0),
    Qt.Key.Key_Down: (1, 0),
}
_DIGIT_KEYS: Final = {getattr(Qt.Key, f"Key_{digit}"): digit for digit in range(1, 10)}
_PLAY_KEYS: Final = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)
LINE_ANIMATION_MS: Final = 360


def mark_colour(mark: Mark, palette: QPalette | None = None) -> QColor:
    """The colour a mark is drawn in with ``palette`` (default: the application's).

    Marks differ by shape first; the colours only help (blue cross, orange ring).
    """
    return theme.mark_colour(mark, palette)


def paint_mark(painter: QPainter, mark: Mark, rect: QRectF, colour: QColor) -> None:
    """Draw ``mark`` inside ``rect``: a cross for X, a ring for O (shared with icons and menus)."""
    side = min(rect.width(), rect.height())
    inset = side * 0.22
    box = QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2, side, side).adjusted(
        inset, inset, -inset, -inset
    )
    pen = QPen(colour, max(2.0, side * 0.1), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if mark is Mark.X:
        # One path, stroked once, so a translucent cross is not darker where it crosses.
        cross = QPainterPath()
        cross.moveTo(box.topLeft())
        cross.lineTo(box.bottomRight())
        cross.moveTo(box.topRight())
        cross.lineTo(box.bottomLeft())
        painter.drawPath(cross)
    else:
        painter.drawEllipse(box)


class CellButton(QAbstractButton):
    """One cell as a focusable, accessible button; :class:`BoardWidget` paints it."""

    def __init__(self, cell: int, board: BoardWidget) -> None:
        super().__init__(board)
        self.cell = cell
        self._board = board
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setObjectName(f"cell-{TIC_TAC_TOE.geometry.name(cell)}")
        self.clicked.connect(self._report_click)

    def _board_alive(self) -> bool:
        # While the window is deleted, Qt sends focus and leave events to a cell
        # whose board is already half gone; such events must not reach the board.
        return shiboken6.isValid(self._board)

    def _report_click(self) -> None:
        self._board.set_cursor_cell(self.cell, give_focus=False)
        self._board.cell_clicked.emit(self.cell)

    def paintEvent(self, event: QPaintEvent) -> None:
        """Nothing to draw here: the board draws every cell, so lines can cross them."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not (self._board_alive() and self._board.handle_key(event)):
            super().keyPressEvent(event)

    # A mouse click is handled here rather than by QAbstractButton, whose pressed look
    # (which this button does not draw) would repaint the whole board on press and on
    # release. Keyboard and assistive "press" still go through QAbstractButton.click().

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            event.accept()
        else:
            super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        inside = self.rect().contains(event.position().toPoint())
        if event.button() == Qt.MouseButton.LeftButton and inside and self._board_alive():
            event.accept()
            self._report_click()
        else:
            super().mouseReleaseEvent(event)

    def enterEvent(self, event: QEnterEvent) -> None:
        if self._board_alive():
            self._board.set_hovered_cell(self.cell)
        super().enterEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        if self._board_alive() and self._board.hovered_cell == self.cell:
            self._board.set_hovered_cell(None)
        super().leaveEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        if self._board_alive():
            self._board.set_cursor_cell(self.cell, give_focus=False)
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        if self._board_alive():
            self._board.update()
        super().focusOutEvent(event)


class BoardWidget(QWidget):
    """A square 3x3 board, centred and scaled to the widget, drawn with antialiased vectors."""

    cell_clicked = Signal(int)
    line_drawn = Signal()  # the winning line is whole (after its animation, if any)
    board_changed = Signal(object)  # the Board now shown, after set_board

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._board = Board.empty()
        self._last_move: int | None = None
        self._winning_line: tuple[int, ...] | None = None
        self._accepts_clicks = True
        self._preview_mark: Mark | None = None
        self.hovered_cell: int | None = None
        self._cursor_cell = 4
        self._overlays: dict[str, BoardOverlay] = {}
        self._cursor_enabled = True
        # Whether the keyboard (rather than the mouse) was used last on the board.
        self._keyboard_last = True
        self.reduced_motion = False
        # How much of the winning line is drawn (0-1), animated when a line appears.
        self._line_progress = 1.0
        self._line_animation = QVariantAnimation(self)
        self._line_animation.setStartValue(0.0)
        self._line_animation.setEndValue(1.0)
        self._line_animation.setDuration(LINE_ANIMATION_MS)
        self._line_animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        self._line_animation.valueChanged.connect(self._on_line_progress)
        self._line_animation.finished.connect(self.line_drawn)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName(self.tr("Board"))
        self._cells = [CellButton(cell, self) for cell in range(9)]
        self.setFocusProxy(self._cells[self._cursor_cell])
        self._update_accessible_text()

    # What to show -------------------------------------------------------------

    def set_board(
        self,
        board: Board,
        *,
        last_move: int | None = None,
        winning_line: tuple[int, ...] | None = None,
    ) -> None:
        """Show ``board``, marking ``last_move`` and drawing ``winning_line`` through its cells.

        A winning line that was not on show is drawn with a short animation (none
        when :attr:`reduced_motion` is set); :attr:`line_drawn` follows once it is whole.
        """
        new_line = winning_line is not None and winning_line != self._winning_line
        self._board = board
        self._last_move = last_move
        self._winning_line = winning_line
        if new_line:
            self._line_animation.stop()
            if self.reduced_motion:
                self._line_progress = 1.0
                self.line_drawn.emit()
            else:
                self._line_progress = 0.0
                self._line_animation.start()
        elif winning_line is None:
            self._line_animation.stop()
            self._line_progress = 1.0
        self._update_accessible_text()
        self._update_cursors()
        self.update()
        self.board_changed.emit(board)

    def set_accepts_clicks(self, accepts: bool) -> None:
        """Whether moves are wanted now; when not, no hover preview and no hand cursor."""
        if accepts == self._accepts_clicks:
            return
        self._accepts_clicks = accepts
        self._update_cursors()
        self._update_accessible_text()
        self.update()

    def set_preview_mark(self, mark: Mark | None) -> None:
        """The mark a click would place, shown faintly under the mouse (None: no preview)."""
        if mark == self._preview_mark:
            return
        self._preview_mark = mark
        self.update()

    def set_overlay(self, name: str, overlay: BoardOverlay | None) -> None:
        """Draw ``overlay`` under ``name`` (a feature's own layer); None or empty removes it.

        Layers are drawn in the order they were first set. See
        :mod:`ttt_desktop.gui.board_overlay`.
        """
        if overlay is None or overlay.is_empty:
            if self._overlays.pop(name, None) is None:
                return
        elif self._overlays.get(name) == overlay:
            return
        else:
            self._overlays[name] = overlay
        self._update_accessible_text()
        self.update()

    def overlay(self, name: str) -> BoardOverlay | None:
        """The overlay drawn under ``name``, if any."""
        return self._overlays.get(name)

    @property
    def overlays(self) -> dict[str, BoardOverlay]:
        """Every overlay drawn, by name, in drawing order (a copy)."""
        return dict(self._overlays)

    def set_cursor_enabled(self, enabled: bool) -> None:
        """Whether the dashed keyboard cursor is drawn (off when nobody here plays)."""
        if enabled != self._cursor_enabled:
            self._cursor_enabled = enabled
            self.update()

    @property
    def shows_cursor(self) -> bool:
        """True when the dashed keyboard cursor is drawn."""
        return self._cursor_enabled and self._keyboard_last and self._board_has_focus()

    @property
    def keyboard_in_use(self) -> bool:
        """True when a key was pressed on the board after the mouse last came over it."""
        return self._keyboard_last

    @property
    def shows_preview(self) -> bool:
        """True when the faint mark under the mouse is drawn."""
        return (
            not self._keyboard_last
            and self.hovered_cell is not None
            and self._accepts_clicks
            and self._preview_mark is not None
            and self._board[self.hovered_cell] is None
        )

    @property
    def line_progress(self) -> float:
        """How much of the winning line is drawn, 0 to 1."""
        return self._line_progress

    @property
    def is_drawing_line(self) -> bool:
        """True while the winning line is being drawn."""
        return self._line_animation.state() == QAbstractAnimation.State.Running

    def _on_line_progress(self, value: object) -> None:
        if isinstance(value, float):
            self._line_progress = value
            self.update()

    @property
    def board(self) -> Board:
        """The position shown."""
        return self._board

    @property
    def accepts_clicks(self) -> bool:
        """True when the board shows itself as taking moves."""
        return self._accepts_clicks

    @property
    def last_move(self) -> int | None:
        """The cell marked as the last move, if any."""
        return self._last_move

    @property
    def winning_line(self) -> tuple[int, ...] | None:
        """The cells the winning line is drawn through, if any."""
        return self._winning_line

    @property
    def cursor_cell(self) -> int:
        """The cell the keyboard cursor is on."""
        return self._cursor_cell

    def cell_widget(self, cell: int) -> CellButton:
        """The focusable, accessible child standing for ``cell``."""
        return self._cells[cell]

    # Geometry -----------------------------------------------------------------

    def board_rect(self) -> QRectF:
        """The square the grid occupies: as large as fits with a margin, centred."""
        margin = max(8.0, min(self.width(), self.height()) * 0.04)
        side = max(0.0, min(self.width(), self.height()) - 2 * margin)
        return QRectF((self.width() - side) / 2, (self.height() - side) / 2, side, side)

    def cell_rect(self, cell: int) -> QRectF:
        """The square of ``cell`` inside :meth:`board_rect`."""
        square = self.board_rect()
        size = square.width() / 3
        row, column = row_column(cell)
        return QRectF(
            square.left() + (column - 1) * size, square.top() + (row - 1) * size, size, size
        )

    def cell_centre(self, cell: int) -> QPoint:
        """The centre of ``cell`` in widget coordinates (for clicks in tests and tools)."""
        return self.cell_rect(cell).center().toPoint()

    def cell_at(self, position: QPointF | QPoint) -> int | None:
        """The cell under ``position``, or None outside the grid."""
        point = QPointF(position)
        for cell in range(9):
            if self.cell_rect(cell).contains(point):
                return cell
        return None

    def sizeHint(self) -> QSize:
        return QSize(390, 390)

    def minimumSizeHint(self) -> QSize:
        return QSize(180, 180)

    def resizeEvent(self, event: QResizeEvent) -> None:
        for cell, button in enumerate(self._cells):
            button.setGeometry(self.cell_rect(cell).toAlignedRect())
        super().resizeEvent(event)

    # Input --------------------------------------------------------------------

    def handle_key(self, event: QKeyEvent) -> bool:
        """Digits 1-9 (also on the numpad) play that keypad cell; arrows move the cursor;
        Enter or Space plays the cursor's cell. True when the key was used."""
        key = Qt.Key(event.key())
        if key in _DIGIT_KEYS or key in _ARROW_STEPS or key in _PLAY_KEYS:
            # The keyboard in use: its cursor shows, the mouse's preview does not.
            self._keyboard_last = True
            self.update()
        # Numpad digits carry the keypad modifier; Ctrl/Alt with a digit are someone else's.
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if key in _DIGIT_KEYS and modifiers == Qt.KeyboardModifier.NoModifier:
            cell = TIC_TAC_TOE.geometry.parse(str(_DIGIT_KEYS[key]))
            # A taken cell keeps the cursor where it was; the controller says it is taken.
            if self._board[cell] is None:
                self.set_cursor_cell(cell)
            self.cell_clicked.emit(cell)
            return True
        if key in _ARROW_STEPS:
            row, column = divmod(self._cursor_cell, 3)
            row_step, column_step = _ARROW_STEPS[key]
            row = min(2, max(0, row + row_step))
            column = min(2, max(0, column + column_step))
            self.set_cursor_cell(row * 3 + column)
            return True
        if key in _PLAY_KEYS:
            self.cell_clicked.emit(self._cursor_cell)
            return True
        return False

    def set_cursor_cell(self, cell: int, *, give_focus: bool = True) -> None:
        """Move the keyboard cursor to ``cell`` (and the keyboard focus, if the board has it)."""
        self._cursor_cell = cell
        button = self._cells[cell]
        self.setFocusProxy(button)
        if give_focus and self._board_has_focus():
            button.setFocus(Qt.FocusReason.OtherFocusReason)
        self.update()

    def set_hovered_cell(self, cell: int | None) -> None:
        """The cell under the mouse (for the preview), or None.

        The mouse over a cell hides the dashed keyboard cursor until the next key, so
        the preview and the cursor never point at two cells.
        """
        if cell != self.hovered_cell:
            self.hovered_cell = cell
            if cell is not None:
                self._keyboard_last = False
            self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.handle_key(event):
            super().keyPressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        # Clicks reach the cell buttons; this covers events sent to the board itself.
        cell = self.cell_at(event.position())
        if event.button() == Qt.MouseButton.LeftButton and cell is not None:
            self.cell_clicked.emit(cell)
        else:
            super().mouseReleaseEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self.set_hovered_cell(None)
        super().leaveEvent(event)

    def _board_has_focus(self) -> bool:
        return any(button.hasFocus() for button in self._cells)

    def _update_cursors(self) -> None:
        for cell, button in enumerate(self._cells):
            clickable = self._accepts_clicks and self._board[cell] is None
            button.setCursor(
                Qt.CursorShape.PointingHandCursor if clickable else Qt.CursorShape.ArrowCursor
            )

    def _update_accessible_text(self) -> None:
        for cell, button in enumerate(self._cells):
            row, column = row_column(cell)
            mark = self._board[cell]
            content = self.tr("empty") if mark is None else mark.value
            button.setAccessibleName(
                self.tr("row {row}, column {column}: {content}").format(
                    row=row, column=column, content=content
                )
            )
            notes = [self.tr("keypad {digit}").format(digit=TIC_TAC_TOE.geometry.name(cell))]
            if cell == self._last_move:
                notes.append(self.tr("last move"))
            if self._winning_line is not None and cell in self._winning_line:
                notes.append(self.tr("part of the winning line"))
            if mark is None and self._accepts_clicks:
                notes.append(self.tr("press to play here"))
            notes += cell_descriptions(self._overlays.values(), cell)
            button.setAccessibleDescription(", ".join(notes))

    # Painting -----------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        colours = theme.board_colours(palette)
        square = self.board_rect()
        size = square.width() / 3
        if size <= 0:
            return

        # The board: a soft tile with rounded corners, in the scheme's board colour.
        highlight = palette.color(QPalette.ColorRole.Highlight)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colours.background)
        painter.drawRoundedRect(square.adjusted(-6, -6, 6, 6), 10, 10)

        if self._winning_line is not None:
            winner = self._board[self._winning_line[0]]
            if winner is not None:
                tint = colours.mark(winner)
                tint.setAlpha(38)
                painter.setBrush(tint)
                for cell in self._winning_line:
                    painter.drawRoundedRect(self.cell_rect(cell).adjusted(5, 5, -5, -5), 8, 8)
        elif self._last_move is not None:
            painter.setBrush(colours.last_move)
            painter.drawRoundedRect(self.cell_rect(self._last_move).adjusted(5, 5, -5, -5), 8, 8)

        # Solid rather than translucent, so the crossings are not darker than the lines.
        painter.setPen(
            QPen(
                colours.grid,
                max(1.5, size * 0.025),
                Qt.PenStyle.SolidLine,
                Qt.PenCapStyle.RoundCap,
            )
        )
        for step in (1, 2):
            x = square.left() + step * size
            y = square.top() + step * size
            painter.drawLine(QPointF(x, square.top() + 4), QPointF(x, square.bottom() - 4))
            painter.drawLine(QPointF(square.left() + 4, y), QPointF(square.right() - 4, y))

        for cell in range(9):
            mark = self._board[cell]
            if mark is None:
                continue
            colour = colours.mark(mark)
            if self._winning_line is not None and cell not in self._winning_line:
                colour.setAlpha(110)
            paint_mark(painter, mark, self.cell_rect(cell), colour)

        if self._overlays:
            paint_overlays(
                painter,
                self._overlays.values(),
                rect_of=self.cell_rect,
                colours=colours,
                highlight=highlight,
                paint_mark=paint_mark,
            )

        hovered = self.hovered_cell
        if self.shows_preview and hovered is not None and self._preview_mark is not None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colours.hover)
            painter.drawRoundedRect(self.cell_rect(hovered).adjusted(5, 5, -5, -5), 8, 8)
            ghost = colours.mark(self._preview_mark)
            ghost.setAlpha(70)
            paint_mark(painter, self._preview_mark, self.cell_rect(hovered), ghost)

        if self.shows_cursor:
            cursor = QColor(highlight)
            painter.setPen(QPen(cursor, 2.5, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(self.cell_rect(self._cursor_cell).adjusted(4, 4, -4, -4), 8, 8)

        if self._winning_line is not None:
            self._paint_winning_line(painter, size, colours)
        painter.end()

    def _paint_winning_line(
        self, painter: QPainter, size: float, colours: theme.BoardColours
    ) -> None:
        assert self._winning_line is not None
        start = self.cell_rect(self._winning_line[0]).center()
        end = self.cell_rect(self._winning_line[-1]).center()
        # Run the stroke a little past the outer cells' centres, as if drawn by hand.
        direction = end - start
        length = (direction.x() ** 2 + direction.y() ** 2) ** 0.5
        if length > 0:
            overshoot = direction * (size * 0.32 / length)
            start, end = start - overshoot, end + overshoot
        # Drawn from the first cell towards the last as the line appears.
        end = start + (end - start) * self._line_progress
        # The winner's colour, with a halo in the board's colour over the marks.
        winner = self._board[self._winning_line[0]]
        colour = colours.mark(winner) if winner is not None else QColor(colours.winning_line)
        painter.setPen(
            QPen(colours.winning_halo, size * 0.1, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        )
        painter.drawLine(start, end)
        painter.setPen(QPen(colour, size * 0.05, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawLine(start, end)
