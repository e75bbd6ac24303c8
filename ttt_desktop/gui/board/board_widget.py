"""The board widget: draws a position of any board, 3x3 to 20x20, and reports which cell a
person chose.

:class:`BoardWidget` shows whatever :class:`~ttt_desktop.core.Board` it is given,
with optional highlights (the last move, a winning line) and a flag saying whether
it takes moves. It emits :attr:`BoardWidget.cell_clicked` for a click, a keypad
digit (tic-tac-toe), a cell's name typed on the other boards ("h8": the name
completing it, or Enter), or Enter/Space on the cursor's cell, and knows no rules:
whether that move is allowed is the controller's business. The replay view reuses
it for history; :mod:`ttt_desktop.gui.board.board_view` puts it in a scroll area that zooms.

The widget paints every cell itself (no child widget per cell on any board but
tic-tac-toe, whose nine cells keep a focusable, accessible button each that paints
nothing). On the other boards the grid, its tile and the coordinates are painted
once per size into a pixmap, stones come from sprites, and a moving cursor or
hover repaints only the cells it leaves and enters.
"""

from __future__ import annotations

import dataclasses
import enum
import math
from collections.abc import Callable, Sequence
from typing import Final

import shiboken6
from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QEvent,
    QLineF,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QAccessible,
    QAccessibleEvent,
    QColor,
    QEnterEvent,
    QFocusEvent,
    QFont,
    QFontMetrics,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QAbstractButton, QFrame, QLabel, QSizePolicy, QWidget

from ttt_desktop.core import Board, Mark, row_column
from ttt_desktop.core.geometry import COLUMN_LETTERS
from ttt_desktop.core.rules import RENJU, TIC_TAC_TOE, Rules
from ttt_desktop.gui.board.board_overlay import (
    BoardOverlay,
    CellAnnotation,
    cell_descriptions,
    paint_annotation_over,
    paint_overlays,
)
from ttt_desktop.gui.common import theme
from ttt_desktop.gui.common.rules_text import forbidden_text, rules_title

_ARROW_STEPS: Final = {
    Qt.Key.Key_Left: (0, -1),
    Qt.Key.Key_Right: (0, 1),
    Qt.Key.Key_Up: (-1, 0),
    Qt.Key.Key_Down: (1, 0),
}
_DIGIT_KEYS: Final = {getattr(Qt.Key, f"Key_{digit}"): digit for digit in range(1, 10)}
_PLAY_KEYS: Final = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)
LINE_ANIMATION_MS: Final = 360
STONES_FROM_SIDE: Final = 9
"""Boards this wide and tall (or more) show stones rather than X and O, unless asked."""
GRID_MARGIN: Final = 8.0
"""Pixels between the widget's edge and the grid (or its coordinates) on boards but 3x3."""
MARK_STYLE_KEY: Final = "view/mark_style"
MOVE_NUMBERS_KEY: Final = "view/move_numbers"
FORBIDDEN_POINTS_KEY: Final = "view/forbidden_points"
"""Whether black's forbidden points are marked under renju (on unless turned off)."""
"""The setting: whether the stones carry their move numbers (off unless chosen)."""
PARTIAL_REPAINT_CELLS: Final = 12
"""A change of more cells than this repaints the whole board rather than cell by cell."""


class MarkStyle(enum.Enum):
    """How the marks are drawn: the setting's stored values."""

    AUTO = "auto"
    MARKS = "marks"
    STONES = "stones"

    @classmethod
    def from_setting(cls, value: object) -> MarkStyle:
        """The style stored as ``value``; automatic for anything else."""
        for style in cls:
            if style.value == value:
                return style
        return cls.AUTO


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
    """Any board from 3x3 to 20x20, painted by this one widget, scaled to its size.

    Tic-tac-toe keeps its rounded tile, its thick grid and its nine accessible cell
    buttons (a screen reader reads the classic board as nine buttons, as it always
    has). Every other board is one focusable surface: a grid of square cells with the
    coordinates (a-t, 1-20) on its edges, marks or stones, and an accessible name that
    follows the keyboard cursor ("h8: empty").
    """

    cell_clicked = Signal(int)
    line_drawn = Signal()  # the winning line is whole (after its animation, if any)
    board_changed = Signal(object)  # the Board now shown, after set_board
    cursor_moved = Signal(int)  # the keyboard cursor went to this cell
    zoom_requested = Signal(int)  # Ctrl+wheel over the board: +1 zoom in, -1 zoom out
    typed_name_changed = Signal(str)  # the part of a cell's name typed so far ("" when none)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._board: Board = Board.empty()
        self._rules: Rules = TIC_TAC_TOE
        self._last_move: int | None = None
        self._winning_line: tuple[int, ...] | None = None
        self._accepts_clicks = True
        self._preview_mark: Mark | None = None
        self.hovered_cell: int | None = None
        self._cursor_cell = 4
        self._overlays: dict[str, BoardOverlay] = {}
        self._cursor_enabled = True
        self._mark_style = MarkStyle.AUTO
        self._pressed_cell: int | None = None
        # Move numbers on the stones: the moves leading to the position on show come from
        # whoever knows them (set_move_source), checked against that position.
        self._numbers_shown = False
        self._move_source: Callable[[], Sequence[int] | None] | None = None
        self._numbers: dict[int, int] = {}
        # Under renju, black's forbidden points while black is to move, with their reasons.
        self._forbidden_shown = True
        self._forbidden: dict[int, str] = {}
        # A cell's name being typed ("h", "h1"), shown beside the cursor until it plays.
        self._typed_name = ""
        self._typed_label = QLabel(self)
        self._typed_label.setObjectName("typed-cell-name")
        self._typed_label.setFrameShape(QFrame.Shape.Box)
        self._typed_label.setAutoFillBackground(True)
        self._typed_label.setBackgroundRole(QPalette.ColorRole.ToolTipBase)
        self._typed_label.setForegroundRole(QPalette.ColorRole.ToolTipText)
        self._typed_label.setMargin(2)
        self._typed_label.hide()
        # Whether the keyboard (rather than the mouse) was used last on the board.
        self._keyboard_last = True
        self.reduced_motion = False
        # The grid, its tile and its coordinates, painted once per size and palette.
        self._grid_cache: QPixmap | None = None
        self._grid_cache_key: tuple[object, ...] | None = None
        self._stone_sprites: dict[tuple[object, ...], QPixmap] = {}
        self._band: float | None = None  # the coordinates' room, once measured
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
        self._cells: list[CellButton] = []
        self._make_cells()
        self._update_accessible_text()

    def _make_cells(self) -> None:
        """Nine accessible cell buttons on tic-tac-toe; none on any other board."""
        for button in self._cells:
            button.hide()
            button.deleteLater()
        self._cells = []
        if self._rules.is_classic:
            self._cells = [CellButton(cell, self) for cell in range(9)]
            self.setFocusProxy(self._cells[self._cursor_cell])
            self.setMouseTracking(False)
            for cell, button in enumerate(self._cells):
                button.setGeometry(self.cell_rect(cell).toAlignedRect())
                button.show()
        else:
            self.setFocusProxy(None)  # type: ignore[arg-type]
            self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            self.setMouseTracking(True)

    # What to show -------------------------------------------------------------

    def set_board(
        self,
        board: Board,
        *,
        last_move: int | None = None,
        winning_line: tuple[int, ...] | None = None,
    ) -> None:
        """Show ``board``, marking ``last_move`` and drawing ``winning_line`` through its cells.

        A board of other rules than the one on show rebuilds the grid (the cursor goes
        to the centre). A winning line that was not on show is drawn with a short
        animation (none when :attr:`reduced_motion` is set); :attr:`line_drawn` follows
        once it is whole.
        """
        old_board, old_last, old_line = self._board, self._last_move, self._winning_line
        rules_changed = board.rules is not self._rules
        if rules_changed:
            had_focus = self._board_has_focus()
            self._rules = board.rules
            self._cursor_cell = self._centre_cell()
            self.hovered_cell = None
            self._pressed_cell = None
            self._set_typed_name("")
            self._overlays.clear()
            self._grid_cache = None
            self._make_cells()
            self.updateGeometry()
            if had_focus:
                self.setFocus(Qt.FocusReason.OtherFocusReason)
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
        old_numbers = self._numbers
        self._numbers = self._numbers_of(board)
        renumbered = any(self._numbers.get(cell) != number for cell, number in old_numbers.items())
        old_forbidden = self._forbidden
        self._forbidden = self._forbidden_of(board)
        renumbered = renumbered or self._forbidden != old_forbidden
        self._update_accessible_text()
        self._update_cursors()
        if rules_changed or self._cells or winning_line != old_line or renumbered:
            self.update()
        else:
            # A move on a big board: repaint the cells that changed and the last-move marks.
            changed = (old_board.x_bits ^ board.x_bits) | (old_board.o_bits ^ board.o_bits)
            cells = set(self._rules.geometry.cells_of(changed))
            cells.update(cell for cell in (old_last, last_move) if cell is not None)
            if len(cells) > PARTIAL_REPAINT_CELLS:
                self.update()
            else:
                for cell in cells:
                    self._update_cell(cell)
        self.board_changed.emit(board)

    def _centre_cell(self) -> int:
        rules = self._rules
        return (rules.n // 2) * rules.m + rules.m // 2

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
        self._update_cell(self.hovered_cell)

    def set_overlay(self, name: str, overlay: BoardOverlay | None) -> None:
        """Draw ``overlay`` under ``name`` (a feature's own layer); None or empty removes it.

        Layers are drawn in the order they were first set; cells outside the board on
        show are left out. See :mod:`ttt_desktop.gui.board.board_overlay`.
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
            self._update_cell(self._cursor_cell)

    @property
    def mark_style(self) -> MarkStyle:
        """How marks are drawn: X and O, stones, or automatic (stones from 9x9 up)."""
        return self._mark_style

    def set_mark_style(self, style: MarkStyle) -> None:
        """Draw marks as ``style`` says."""
        if style is not self._mark_style:
            self._mark_style = style
            self.update()

    @property
    def shows_move_numbers(self) -> bool:
        """True when each mark carries the number of the move that placed it."""
        return self._numbers_shown

    def set_move_numbers_shown(self, shown: bool) -> None:
        """Number the marks by their moves (the moves come from :meth:`set_move_source`)."""
        if shown != self._numbers_shown:
            self._numbers_shown = shown
            self._numbers = self._numbers_of(self._board)
            self._update_accessible_text()
            self.update()

    @property
    def shows_forbidden_points(self) -> bool:
        """True when black's forbidden points are marked under renju."""
        return self._forbidden_shown

    @property
    def forbidden_points(self) -> dict[int, str]:
        """The forbidden points marked on the position on show, with their reasons."""
        return dict(self._forbidden)

    def set_forbidden_points_shown(self, shown: bool) -> None:
        """Mark black's forbidden points under renju (a cross in each, and in the cell's
        description), while black is to move."""
        if shown != self._forbidden_shown:
            self._forbidden_shown = shown
            self._forbidden = self._forbidden_of(self._board)
            self._update_accessible_text()
            self._update_cursors()
            self.update()

    def _forbidden_of(self, board: Board) -> dict[int, str]:
        if not self._forbidden_shown or board.rules.rule != RENJU or board.is_over:
            return {}
        return board.forbidden_cells()  # a copy already

    def set_move_source(self, source: Callable[[], Sequence[int] | None] | None) -> None:
        """Where the moves come from: ``source()`` gives the moves of the game in hand, first
        move first (None when there is none), asked each time a position is shown. The
        position after its first moves is numbered when it is the one on show (the newest,
        or one browsed back in history, whoever shows it); any other position, nothing."""
        self._move_source = source
        self._numbers = self._numbers_of(self._board)
        self.update()

    def move_number(self, cell: int) -> int | None:
        """The number drawn on ``cell``'s mark (1 for the first move), if any."""
        return self._numbers.get(cell)

    def _numbers_of(self, board: Board) -> dict[int, int]:
        """Each mark's move number, when shown and the source's moves lead to ``board``."""
        if not self._numbers_shown or self._move_source is None:
            return {}
        line = self._move_source()
        if not line or len(line) < board.ply:
            return {}
        moves = list(line[: board.ply])
        if not moves or len(set(moves)) != len(moves):
            return {}
        first = sum(1 << cell for cell in moves[0::2])
        second = sum(1 << cell for cell in moves[1::2])
        if {first, second} != {board.x_bits, board.o_bits}:
            return {}
        return {cell: number for number, cell in enumerate(moves, 1)}

    @property
    def draws_stones(self) -> bool:
        """True when the marks are drawn as stones on the board on show."""
        if self._mark_style is MarkStyle.AUTO:
            return min(self._rules.m, self._rules.n) >= STONES_FROM_SIDE
        return self._mark_style is MarkStyle.STONES

    @property
    def shows_coordinates(self) -> bool:
        """True when the edges carry the cells' coordinates (every board but tic-tac-toe)."""
        return not self._rules.is_classic

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
            if self._winning_line is not None:
                self.update(self._line_bounds())

    @property
    def board(self) -> Board:
        """The position shown."""
        return self._board

    @property
    def rules(self) -> Rules:
        """The rules of the board on show."""
        return self._rules

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

    @property
    def typed_name(self) -> str:
        """The part of a cell's name typed so far ("h", "h1"; "" when none)."""
        return self._typed_name

    @property
    def typed_label(self) -> QLabel:
        """The small label beside the cursor that shows :attr:`typed_name` while it is typed."""
        return self._typed_label

    def cell_widget(self, cell: int) -> CellButton:
        """The focusable, accessible child standing for ``cell`` (tic-tac-toe only).

        Other boards have no child per cell: the board itself takes focus and names
        the cursor's cell (see :meth:`cell_text`).
        """
        if not self._cells:
            raise LookupError(
                f"only tic-tac-toe has a widget per cell; {self._rules.key} is painted whole"
            )
        return self._cells[cell]

    def cell_name(self, cell: int) -> str:
        """The cell's name in the board's notation: "5" on tic-tac-toe, "h8" elsewhere."""
        return self._rules.geometry.name(cell)

    # Geometry -----------------------------------------------------------------

    def _coordinate_band(self) -> float:
        """The room for the coordinates on the left and bottom edges (0 on tic-tac-toe)."""
        if self._rules.is_classic:
            return 0.0
        if self._band is None:
            # Asked for every cell's rectangle: measured once per font, not once a cell.
            self._band = float(max(14, QFontMetrics(self._coordinate_font()).height() + 4))
        return self._band

    def _coordinate_font(self) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(11)
        return font

    @property
    def coordinate_font(self) -> QFont:
        """The font of the coordinates on the edges (and of rulers that show them)."""
        return self._coordinate_font()

    @property
    def coordinate_band(self) -> float:
        """The room the coordinates take beside and under the grid (0 on tic-tac-toe)."""
        return self._coordinate_band()

    def column_label(self, column: int) -> str:
        """The name of ``column`` as its edge shows it ("h")."""
        rules = self._rules
        return rules.geometry.name((rules.n - 1) * rules.m + column)[:-1]

    def row_label(self, row: int) -> str:
        """The name of ``row`` (0 at the top) as its edge shows it ("15" on 15x15's top row)."""
        return self._rules.geometry.name(row * self._rules.m)[1:]

    def board_rect(self) -> QRectF:
        """The rectangle the cells occupy: as large as fits with a margin, centred.

        Square on square boards; the coordinates (other boards) sit outside it.
        """
        return self._grid_rect(self.width(), self.height())

    def _grid_rect(self, width: int, height: int) -> QRectF:
        rules = self._rules
        if rules.is_classic:
            margin = max(8.0, min(width, height) * 0.04)
            side = max(0.0, min(width, height) - 2 * margin)
            return QRectF((width - side) / 2, (height - side) / 2, side, side)
        band = self._coordinate_band()
        margin = GRID_MARGIN
        room_x = width - 2 * margin - band
        room_y = height - 2 * margin - band
        # Whole pixels per cell: every grid line falls on a pixel, crisp at any size.
        size = float(max(0, min(int(room_x / rules.m), int(room_y / rules.n))))
        grid_w, grid_h = size * rules.m, size * rules.n
        left = round(band + margin + (room_x - grid_w) / 2)
        top = round(margin + (room_y - grid_h) / 2)
        return QRectF(left, top, grid_w, grid_h)

    def cell_size(self) -> float:
        """The side of one cell, in pixels."""
        return self.board_rect().width() / self._rules.m

    def cell_size_at(self, size: QSize) -> float:
        """The side of one cell were the widget ``size`` large."""
        return self._grid_rect(size.width(), size.height()).width() / self._rules.m

    def size_for_cell(self, cell: float) -> QSize:
        """The widget size whose cells are ``cell`` pixels (with the margins and coordinates)."""
        rules = self._rules
        if rules.is_classic:
            # board_rect keeps a margin of 4% (at least 8 px) on each side of the square.
            side = cell * 3
            whole = max(side + 16, side / 0.92)
            return QSize(round(whole) + 1, round(whole) + 1)
        extra = self._coordinate_band() + 2 * GRID_MARGIN
        return QSize(round(cell * rules.m + extra) + 1, round(cell * rules.n + extra) + 1)

    def cell_rect(self, cell: int) -> QRectF:
        """The square of ``cell`` inside :meth:`board_rect`."""
        grid = self.board_rect()
        m = self._rules.m
        size = grid.width() / m
        row, column = divmod(cell, m)
        return QRectF(grid.left() + column * size, grid.top() + row * size, size, size)

    def cell_centre(self, cell: int) -> QPoint:
        """The centre of ``cell`` in widget coordinates (for clicks in tests and tools)."""
        return self.cell_rect(cell).center().toPoint()

    def cell_at(self, position: QPointF | QPoint) -> int | None:
        """The cell under ``position``, or None outside the grid."""
        point = QPointF(position)
        grid = self.board_rect()
        if grid.width() <= 0 or not grid.contains(point):
            return None
        m, n = self._rules.m, self._rules.n
        size = grid.width() / m
        column = int((point.x() - grid.left()) / size)
        row = int((point.y() - grid.top()) / size)
        if not (0 <= column < m and 0 <= row < n):
            return None
        return row * m + column

    def sizeHint(self) -> QSize:
        return QSize(390, 390)

    def minimumSizeHint(self) -> QSize:
        if self._rules.is_classic:
            return QSize(180, 180)
        # At least 12 px a cell, with the coordinates beside.
        extra = int(self._coordinate_band() + 2 * GRID_MARGIN)
        return QSize(self._rules.m * 12 + extra, self._rules.n * 12 + extra)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._band = None
        super().changeEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        for cell, button in enumerate(self._cells):
            button.setGeometry(self.cell_rect(cell).toAlignedRect())
        if self._typed_name:
            self._place_typed_label()
        super().resizeEvent(event)

    # Input --------------------------------------------------------------------

    def handle_key(self, event: QKeyEvent) -> bool:
        """Digits 1-9 (also on the numpad) play that keypad cell on tic-tac-toe; on the other
        boards a cell's name typed ("h8", see :meth:`_type_name`) plays that cell; arrows move
        the cursor; Enter or Space plays the cursor's cell. True when the key was used."""
        key = Qt.Key(event.key())
        classic = self._rules.is_classic
        if not classic and self._type_name(event):
            self._use_keyboard()
            return True
        digit = classic and key in _DIGIT_KEYS
        used = digit or key in _ARROW_STEPS or key in _PLAY_KEYS
        if used:
            self._use_keyboard()
        # Numpad digits carry the keypad modifier; Ctrl/Alt with a digit are someone else's.
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if digit and modifiers == Qt.KeyboardModifier.NoModifier:
            cell = TIC_TAC_TOE.geometry.parse(str(_DIGIT_KEYS[key]))
            # A taken cell keeps the cursor where it was; the controller says it is taken.
            if self._board[cell] is None:
                self.set_cursor_cell(cell)
            self.cell_clicked.emit(cell)
            return True
        if key in _ARROW_STEPS:
            self._set_typed_name("")
            m, n = self._rules.m, self._rules.n
            row, column = divmod(self._cursor_cell, m)
            row_step, column_step = _ARROW_STEPS[key]
            row = min(n - 1, max(0, row + row_step))
            column = min(m - 1, max(0, column + column_step))
            self.set_cursor_cell(row * m + column)
            return True
        if key in _PLAY_KEYS:
            self.cell_clicked.emit(self._cursor_cell)
            return True
        return False

    def _use_keyboard(self) -> None:
        """The keyboard in use: its cursor shows, the mouse's preview does not."""
        if not self._keyboard_last:
            self._keyboard_last = True
            self._update_cell(self.hovered_cell)
            self._update_cell(self._cursor_cell)

    def _type_name(self, event: QKeyEvent) -> bool:
        """Typing a cell's name as the edges show it: a column's letter, then the row's number.

        The cursor follows what is typed (a letter: that column; a number: that cell). The
        name plays as soon as no longer one begins with it (on 15x15 "h2" plays, "h1" waits
        for a second digit or Enter, since h10 to h15 begin so); Enter or Space plays it,
        Backspace takes back a character, Escape forgets it, another letter starts anew.
        A digit that makes no row is not taken. True when the key was used for the name.
        """
        modifiers = event.modifiers() & ~(
            Qt.KeyboardModifier.KeypadModifier | Qt.KeyboardModifier.ShiftModifier
        )
        if modifiers != Qt.KeyboardModifier.NoModifier:
            return False
        text = event.text().lower()
        typed = self._typed_name
        rules = self._rules
        if len(text) == 1 and text in COLUMN_LETTERS[: rules.m]:
            self._set_typed_name(text)
            return True
        if len(text) == 1 and text in "0123456789" and typed:
            digits = typed[1:] + text
            if digits[0] == "0" or int(digits) > rules.n:
                return True  # no row is named so: the name stays as it was
            if int(digits) * 10 > rules.n:
                self._play_typed_name(typed[0] + digits)
            else:
                self._set_typed_name(typed[0] + digits)
            return True
        if not typed:
            return False
        key = Qt.Key(event.key())
        if key == Qt.Key.Key_Backspace:
            self._set_typed_name(typed[:-1])
            return True
        if key == Qt.Key.Key_Escape:
            self._set_typed_name("")
            return True
        if key in _PLAY_KEYS:
            if len(typed) > 1:  # a column alone names no cell: it waits for its row
                self._play_typed_name(typed)
            return True
        return False

    def _play_typed_name(self, name: str) -> None:
        cell = self._rules.geometry.parse(name)
        self._set_typed_name("")
        # A taken cell keeps the cursor where it was; the controller says it is taken.
        if self._board[cell] is None:
            self.set_cursor_cell(cell)
        self.cell_clicked.emit(cell)

    def _set_typed_name(self, name: str) -> None:
        """Show ``name`` as typed so far, and move the cursor to what it names."""
        if name == self._typed_name:
            return
        self._typed_name = name
        if name:
            m = self._rules.m
            column = COLUMN_LETTERS.index(name[0])
            if len(name) > 1:
                self.set_cursor_cell(self._rules.geometry.parse(name))
            else:
                self.set_cursor_cell(self._cursor_cell // m * m + column)
            self._typed_label.setText(self.tr("Cell {name}").format(name=name))
            self._typed_label.setAccessibleName(self._typed_label.text())
            self._typed_label.adjustSize()
            self._place_typed_label()
            self._typed_label.show()
            self._typed_label.raise_()
        else:
            self._typed_label.hide()
        self.typed_name_changed.emit(name)

    def _place_typed_label(self) -> None:
        """Just above the cursor's cell (below it on the top row), inside the board."""
        label = self._typed_label
        rect = self.cell_rect(self._cursor_cell)
        x = round(rect.center().x() - label.width() / 2)
        y = round(rect.top()) - label.height() - 2
        if y < 0:
            y = round(rect.bottom()) + 2
        x = min(max(0, x), max(0, self.width() - label.width()))
        label.move(x, min(max(0, y), max(0, self.height() - label.height())))

    def set_cursor_cell(self, cell: int, *, give_focus: bool = True) -> None:
        """Move the keyboard cursor to ``cell`` (and the keyboard focus, if the board has it)."""
        old = self._cursor_cell
        self._cursor_cell = cell
        if self._cells:
            button = self._cells[cell]
            self.setFocusProxy(button)
            if give_focus and self._board_has_focus():
                button.setFocus(Qt.FocusReason.OtherFocusReason)
            self.update()
        else:
            self._update_cell(old)
            self._update_cell(cell)
            self._update_accessible_text()
        if cell != old:
            self.cursor_moved.emit(cell)

    def set_hovered_cell(self, cell: int | None) -> None:
        """The cell under the mouse (for the preview), or None.

        The mouse over a cell hides the dashed keyboard cursor until the next key, so
        the preview and the cursor never point at two cells.
        """
        if cell != self.hovered_cell:
            old = self.hovered_cell
            self.hovered_cell = cell
            if cell is not None and self._keyboard_last:
                self._keyboard_last = False
                self._update_cell(self._cursor_cell)
            self._update_cell(old)
            self._update_cell(cell)
            if not self._cells:
                clickable = cell is not None and self._accepts_clicks and self._board[cell] is None
                self.setCursor(
                    Qt.CursorShape.PointingHandCursor if clickable else Qt.CursorShape.ArrowCursor
                )

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.handle_key(event):
            super().keyPressEvent(event)

    def event(self, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and self._typed_name
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Escape, Qt.Key.Key_Backspace, *_PLAY_KEYS)
        ):
            # While a name is typed these keys are the name's, not a shortcut's.
            event.accept()
            return True
        return super().event(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and not self._cells:
            self._pressed_cell = self.cell_at(event.position())
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if not self._cells:
            self.set_hovered_cell(self.cell_at(event.position()))
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        # On tic-tac-toe clicks reach the cell buttons; this covers events sent to the
        # board itself, and every click on other boards.
        self._set_typed_name("")
        cell = self.cell_at(event.position())
        if event.button() == Qt.MouseButton.LeftButton and cell is not None:
            pressed, self._pressed_cell = self._pressed_cell, None
            if self._cells or pressed in (None, cell):
                if not self._cells:
                    self.set_cursor_cell(cell)
                self.cell_clicked.emit(cell)
        else:
            super().mouseReleaseEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            steps = event.angleDelta().y()
            if steps:
                self.zoom_requested.emit(1 if steps > 0 else -1)
            event.accept()
            return
        super().wheelEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self.set_hovered_cell(None)
        super().leaveEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        self._update_cell(self._cursor_cell)
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self._set_typed_name("")
        self._update_cell(self._cursor_cell)
        super().focusOutEvent(event)

    def _board_has_focus(self) -> bool:
        if self._cells:
            return any(button.hasFocus() for button in self._cells)
        return self.hasFocus()

    def _update_cell(self, cell: int | None) -> None:
        """Repaint only ``cell`` (with room for a stroke that spills over its edges)."""
        if cell is None:
            return
        if self._cells:
            # Tic-tac-toe's nine cells are cheap; its line and marks reach across them.
            self.update()
            return
        rect = self.cell_rect(cell)
        spill = rect.width() * 0.2 + 3
        self.update(rect.adjusted(-spill, -spill, spill, spill).toAlignedRect())

    def _line_bounds(self) -> QRect:
        assert self._winning_line is not None
        first = self.cell_rect(self._winning_line[0])
        last = self.cell_rect(self._winning_line[-1])
        spill = first.width() * 0.5
        return first.united(last).adjusted(-spill, -spill, spill, spill).toAlignedRect()

    def _update_cursors(self) -> None:
        for cell, button in enumerate(self._cells):
            clickable = (
                self._accepts_clicks and self._board[cell] is None and cell not in self._forbidden
            )
            button.setCursor(
                Qt.CursorShape.PointingHandCursor if clickable else Qt.CursorShape.ArrowCursor
            )

    # Words for a screen reader -------------------------------------------------

    def cell_text(self, cell: int) -> tuple[str, str]:
        """The accessible name and description of ``cell``.

        Tic-tac-toe: "row 1, column 3: X" and "keypad 9, last move"; other boards:
        "h8: X" and "last move, press to play here".
        """
        mark = self._board[cell]
        content = self.tr("empty") if mark is None else mark.value
        notes: list[str] = []
        if self._rules.is_classic:
            row, column = row_column(cell)
            name = self.tr("row {row}, column {column}: {content}").format(
                row=row, column=column, content=content
            )
            notes.append(self.tr("keypad {digit}").format(digit=self.cell_name(cell)))
        else:
            name = self.tr("{cell}: {content}").format(cell=self.cell_name(cell), content=content)
        number = self._numbers.get(cell)
        if number is not None:
            notes.append(self.tr("move {number}").format(number=number))
        if cell == self._last_move:
            notes.append(self.tr("last move"))
        if self._winning_line is not None and cell in self._winning_line:
            notes.append(self.tr("part of the winning line"))
        reason = self._forbidden.get(cell)
        if reason is not None:
            notes.append(forbidden_text(reason))
        elif mark is None and self._accepts_clicks:
            notes.append(self.tr("press to play here"))
        notes += cell_descriptions(self._overlays.values(), cell)
        return name, ", ".join(notes)

    def _update_accessible_text(self) -> None:
        if self._cells:
            for cell, button in enumerate(self._cells):
                name, description = self.cell_text(cell)
                button.setAccessibleName(name)
                button.setAccessibleDescription(description)
            return
        # One surface: its name is the cursor's cell, so moving the cursor reads the cell.
        name, description = self.cell_text(self._cursor_cell)
        self.setAccessibleName(
            self.tr("Board {title}, {cell}").format(title=rules_title(self._rules), cell=name)
        )
        self.setAccessibleDescription(description)
        if self.isVisible():
            QAccessible.updateAccessibility(QAccessibleEvent(self, QAccessible.Event.NameChanged))

    # Painting -----------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._rules.is_classic:
            self._paint_classic()
        else:
            self._paint_grid(event.rect())

    def _paint_classic(self) -> None:
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

        stones = self.draws_stones
        for cell in range(9):
            mark = self._board[cell]
            if mark is None:
                continue
            colour = colours.mark(mark)
            if self._winning_line is not None and cell not in self._winning_line:
                colour.setAlpha(110)
            if stones:
                self._paint_stone(painter, mark, self.cell_rect(cell), colour)
            else:
                paint_mark(painter, mark, self.cell_rect(cell), colour)
        if self._numbers:
            self._paint_move_numbers(painter, colours, size, stones)

        self._paint_layers(painter, colours, highlight, None)
        painter.end()

    def _paint_layers(
        self,
        painter: QPainter,
        colours: theme.BoardColours,
        highlight: QColor,
        region: QRect | None,
    ) -> None:
        """Overlays, the hover preview, the cursor and the winning line, over the marks."""
        size = self.cell_size()
        hovered = self.hovered_cell
        previewed = hovered if self.shows_preview else None
        # The value written on the cell the faint mark is previewed on goes over the mark,
        # at the cell's foot (drawn under it, each hid the other).
        hover_label = self._annotation_at(previewed)
        if self._overlays:
            overlays = [overlay.within(self._rules.size) for overlay in self._overlays.values()]
            if hover_label is not None:
                overlays = [_without_annotation(overlay, previewed) for overlay in overlays]
            paint_overlays(
                painter,
                overlays,
                rect_of=self.cell_rect,
                colours=colours,
                highlight=highlight,
                paint_mark=self._paint_any_mark,
            )

        if previewed is not None and self._preview_mark is not None:
            rect = self.cell_rect(previewed)
            inset = 5 if self._cells else max(1.0, size * 0.06)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colours.hover)
            painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), 8, 8)
            ghost = colours.mark(self._preview_mark)
            ghost.setAlpha(70)
            self._paint_any_mark(painter, self._preview_mark, rect, ghost)
            if hover_label is not None:
                paint_annotation_over(painter, rect, hover_label, colours)

        if self.shows_cursor:
            cursor = QColor(highlight)
            inset = 4 if self._cells else max(1.5, size * 0.06)
            width = 2.5 if self._cells else max(1.5, min(2.5, size * 0.08))
            painter.setPen(QPen(cursor, width, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            radius = 8 if self._cells else max(2.0, size * 0.15)
            painter.drawRoundedRect(
                self.cell_rect(self._cursor_cell).adjusted(inset, inset, -inset, -inset),
                radius,
                radius,
            )

        if self._winning_line is not None and (
            region is None or region.intersects(self._line_bounds())
        ):
            self._paint_winning_line(painter, size, colours)

    def _annotation_at(self, cell: int | None) -> CellAnnotation | None:
        """The annotation drawn on ``cell`` (the layer set last wins), if any."""
        if cell is None:
            return None
        found = None
        for overlay in self._overlays.values():
            found = overlay.annotations.get(cell, found)
        return found

    def _paint_any_mark(self, painter: QPainter, mark: Mark, rect: QRectF, colour: QColor) -> None:
        if self.draws_stones:
            self._paint_stone(painter, mark, rect, colour)
        else:
            paint_mark(painter, mark, rect, colour)

    def _paint_grid(self, region: QRect) -> None:
        """Any board but tic-tac-toe: the cached grid, then only the cells in ``region``."""
        grid = self.board_rect()
        size = grid.width() / self._rules.m
        if size <= 0:
            return
        palette = self.palette()
        colours = theme.board_colours(palette)
        highlight = palette.color(QPalette.ColorRole.Highlight)
        painter = QPainter(self)
        painter.drawPixmap(0, 0, self._grid_pixmap(colours))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)

        m = self._rules.m
        # Only the rows and columns the region touches.
        first_column = max(0, int((region.left() - grid.left()) / size) - 1)
        last_column = min(m - 1, int((region.right() - grid.left()) / size) + 1)
        first_row = max(0, int((region.top() - grid.top()) / size) - 1)
        last_row = min(self._rules.n - 1, int((region.bottom() - grid.top()) / size) + 1)

        line = self._winning_line
        if line is not None:
            winner = self._board[line[0]]
            if winner is not None:
                tint = colours.mark(winner)
                tint.setAlpha(38)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(tint)
                for cell in line:
                    painter.drawRect(self.cell_rect(cell).adjusted(1, 1, -1, -1))
        elif self._last_move is not None and not self.draws_stones:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colours.last_move)
            painter.drawRect(self.cell_rect(self._last_move).adjusted(1, 1, -1, -1))

        stones = self.draws_stones
        # Every mark is a sprite drawn once per size and colour: a frame is then one
        # drawPixmap a mark (a 20x20 board full of stones paints in about 1.6 ms).
        sprites: dict[tuple[Mark, bool], tuple[QPixmap, float]] = {}
        line_cells = set(line) if line is not None else set()
        left, top = grid.left(), grid.top()
        for mark, bits in ((Mark.X, self._board.x_bits), (Mark.O, self._board.o_bits)):
            for cell in self._rules.geometry.cells_of(bits):
                row, column = divmod(cell, m)
                if not (first_row <= row <= last_row and first_column <= column <= last_column):
                    continue
                faded = line is not None and cell not in line_cells
                found = sprites.get((mark, faded))
                if found is None:
                    colour = colours.mark(mark)
                    if faded:
                        colour.setAlpha(110)
                    found = sprites[(mark, faded)] = self._mark_sprite(mark, size, colour, stones)
                sprite, offset = found
                painter.drawPixmap(
                    QPointF(left + column * size + offset, top + row * size + offset), sprite
                )

        if self._numbers:
            self._paint_move_numbers(
                painter, colours, size, stones, (first_row, last_row, first_column, last_column)
            )
        elif self._last_move is not None and stones and self._board[self._last_move] is not None:
            # A dot on the last stone, in a colour that stands out from it.
            rect = self.cell_rect(self._last_move)
            radius = max(2.0, size * 0.12)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(colours.background))
            painter.drawEllipse(rect.center(), radius, radius)

        if self._forbidden:
            self._paint_forbidden(painter, colours, size)
        self._paint_layers(painter, colours, highlight, region)
        painter.end()

    def _paint_forbidden(self, painter: QPainter, colours: theme.BoardColours, size: float) -> None:
        """A cross in the loss colour on each of black's forbidden points."""
        pen = QPen(QColor(colours.annotation_loss))
        pen.setWidthF(max(1.5, size * 0.07))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        arm = size * 0.17
        for cell in self._forbidden:
            centre = self.cell_rect(cell).center()
            painter.drawLine(centre + QPointF(-arm, -arm), centre + QPointF(arm, arm))
            painter.drawLine(centre + QPointF(-arm, arm), centre + QPointF(arm, -arm))

    def _paint_move_numbers(
        self,
        painter: QPainter,
        colours: theme.BoardColours,
        size: float,
        stones: bool,
        span: tuple[int, int, int, int] | None = None,
    ) -> None:
        """Each mark's move number: in the middle of a stone, in a colour that stands out
        from it; in a corner beside an X or an O. The last move's number is underlined."""
        m = self._rules.m
        font = QFont(self.font())
        font.setBold(True)
        for cell, number in self._numbers.items():
            mark = self._board[cell]
            if mark is None:
                continue
            row, column = divmod(cell, m)
            if span is not None:
                first_row, last_row, first_column, last_column = span
                if not (first_row <= row <= last_row and first_column <= column <= last_column):
                    continue
            rect = self.cell_rect(cell)
            text = str(number)
            stone = colours.mark(mark)
            if stones:
                share = 0.42 if len(text) <= 2 else 0.32
                box = rect
                ink = QColor("#111111") if stone.lightness() > 150 else QColor("#ffffff")
            else:
                share = 0.28 if len(text) <= 2 else 0.22
                box = QRectF(
                    rect.left(),
                    rect.top() + rect.height() * 0.55,
                    rect.width() * 0.96,
                    rect.height() * 0.43,
                )
                ink = QColor(colours.text)
            font.setPixelSize(max(7, int(size * share)))
            font.setUnderline(cell == self._last_move)
            painter.setFont(font)
            painter.setPen(ink)
            align = (
                Qt.AlignmentFlag.AlignCenter
                if stones
                else (Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom)
            )
            painter.drawText(box, align, text)

    def _grid_pixmap(self, colours: theme.BoardColours) -> QPixmap:
        """The tile, the grid lines and the coordinates, painted once per size and scheme."""
        ratio = self.devicePixelRatioF()
        key = (self.size(), ratio, self._rules, colours, self.font().key())
        if self._grid_cache is not None and key == self._grid_cache_key:
            return self._grid_cache
        pixmap = QPixmap(self.size() * ratio)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        grid = self.board_rect()
        m, n = self._rules.m, self._rules.n
        size = grid.width() / m
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colours.background)
        band = self._coordinate_band()
        painter.drawRoundedRect(grid.adjusted(-band - 4, -6, 6, band + 4), 8, 8)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        pen = QPen(colours.grid, 1)
        pen.setCosmetic(True)
        painter.setPen(pen)
        left, top = grid.left(), grid.top()
        right, bottom = grid.right(), grid.bottom()
        lines = [QLineF(left + c * size, top, left + c * size, bottom) for c in range(m + 1)]
        lines += [QLineF(left, top + r * size, right, top + r * size) for r in range(n + 1)]
        painter.drawLines(lines)
        # Coordinates: letters under the columns, numbers beside the rows (1 at the bottom).
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.setFont(self._coordinate_font())
        text = QColor(colours.text)
        text.setAlpha(190)
        painter.setPen(text)
        centre = Qt.AlignmentFlag.AlignCenter
        for column in range(m):
            box = QRectF(left + column * size, bottom + 1, size, band)
            painter.drawText(box, centre, self.column_label(column))
        for row in range(n):
            box = QRectF(left - band - 2, top + row * size, band, size)
            painter.drawText(box, centre, self.row_label(row))
        painter.end()
        self._grid_cache = pixmap
        self._grid_cache_key = key
        return pixmap

    def _paint_stone(self, painter: QPainter, mark: Mark, rect: QRectF, colour: QColor) -> None:
        """A round stone in ``mark``'s colour, from a sprite made once per size and colour."""
        sprite, offset = self._mark_sprite(mark, rect.width(), colour, True)
        painter.drawPixmap(QPointF(rect.left() + offset, rect.top() + offset), sprite)

    def _mark_sprite(
        self, mark: Mark, size: float, colour: QColor, stone: bool
    ) -> tuple[QPixmap, float]:
        """``mark`` for a cell of ``size`` px, as a stone or X/O, and its offset in the cell."""
        ratio = self.devicePixelRatioF()
        side = max(1, int(size * 0.84)) if stone else max(1, math.ceil(size))
        key = (side, ratio, colour.rgba(), mark, stone)
        sprite = self._stone_sprites.get(key)
        if sprite is None:
            if len(self._stone_sprites) > 64:
                self._stone_sprites.clear()
            if stone:
                sprite = _stone_sprite(side, ratio, colour, mark)
            else:
                sprite = QPixmap(round(side * ratio), round(side * ratio))
                sprite.setDevicePixelRatio(ratio)
                sprite.fill(Qt.GlobalColor.transparent)
                painter = QPainter(sprite)
                painter.setRenderHint(QPainter.RenderHint.Antialiasing)
                paint_mark(painter, mark, QRectF(0, 0, size, size), colour)
                painter.end()
            self._stone_sprites[key] = sprite
        return sprite, (size - side) / 2 if stone else 0.0

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
        halo_width, line_width = size * 0.1, size * 0.05
        if not self._cells:
            # Small cells: a stroke wide enough to see. Over stones of the winner's colour
            # the line takes the board's line colour, or it would vanish into them.
            halo_width, line_width = max(5.0, size * 0.16), max(2.5, size * 0.08)
            if self.draws_stones:
                colour = QColor(colours.winning_line)
        painter.setPen(
            QPen(colours.winning_halo, halo_width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        )
        painter.drawLine(start, end)
        painter.setPen(QPen(colour, line_width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawLine(start, end)


def _without_annotation(overlay: BoardOverlay, cell: int | None) -> BoardOverlay:
    """``overlay`` with nothing written on ``cell``."""
    if cell is None or cell not in overlay.annotations:
        return overlay
    annotations = {key: value for key, value in overlay.annotations.items() if key != cell}
    return dataclasses.replace(overlay, annotations=annotations)


def _stone_sprite(side: int, ratio: float, colour: QColor, mark: Mark) -> QPixmap:
    """A stone of ``side`` px: the mark's colour, lit from the top left, with a darker rim."""
    # Imported for the first stone: PySide6 makes QGradient's enums with it (170 presets
    # among them), 1.5 ms that a board of crosses and noughts never needs.
    from PySide6.QtGui import QRadialGradient  # noqa: PLC0415  (the first stone: see above)

    pixmap = QPixmap(round(side * ratio), round(side * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    box = QRectF(0.5, 0.5, side - 1.0, side - 1.0)
    gradient = QRadialGradient(box.center() - QPointF(side * 0.18, side * 0.18), side * 0.7)
    light = QColor(colour).lighter(130 if mark is Mark.X else 120)
    light.setAlpha(colour.alpha())
    gradient.setColorAt(0.0, light)
    gradient.setColorAt(1.0, colour)
    rim = QColor(colour).darker(140)
    rim.setAlpha(colour.alpha())
    painter.setPen(QPen(rim, max(1.0, side * 0.05)))
    painter.setBrush(gradient)
    painter.drawEllipse(box.adjusted(side * 0.03, side * 0.03, -side * 0.03, -side * 0.03))
    painter.end()
    return pixmap
