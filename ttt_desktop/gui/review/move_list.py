"""The move list: every move of a game as a row, and a way to pick the position to show.

:class:`MoveList` lists a :class:`~ttt_desktop.core.GameRecord`'s moves, one row
per ply (number, player, mark and the cell in the board's own notation: the keypad
digit on tic-tac-toe, "h8" elsewhere, as the board's edges and the status line name it,
the column's title saying which; a swap opening's stones as "Alice (opening)", who
placed them), below a "Start" row
for the empty board. Choosing a row, with the mouse or the keyboard, emits
:attr:`MoveList.ply_selected` with the ply whose position should be shown; the
list never changes the record.

Keys while the list has focus: Up/Down and Left/Right step one move, Home/End
go to the start and the newest move. (Window-wide, Alt with the same keys does it;
plain arrows and digits belong to the board.)
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHeaderView,
    QProxyStyle,
    QStyle,
    QStyleFactory,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from ttt_desktop.core import GameRecord
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules

MOVE_COLUMNS: Final = (
    "#",
    QT_TRANSLATE_NOOP("MoveList", "Player"),
    QT_TRANSLATE_NOOP("MoveList", "Mark"),
    QT_TRANSLATE_NOOP("MoveList", "Cell"),
)
CELL_COLUMN: Final = 3
"""The column of the cell, in the notation of the board played (its title says which)."""

_STEP_KEYS: Final = {
    Qt.Key.Key_Left: -1,
    Qt.Key.Key_Up: -1,
    Qt.Key.Key_Right: 1,
    Qt.Key.Key_Down: 1,
}


def move_row_texts(record: GameRecord, ply: int) -> tuple[str, str, str, str]:
    """The cells of the row for move number ``ply`` (1-based) of ``record``; a stone of a
    swap opening names who placed it, whichever mark it is: "Alice (opening)"."""
    cell = record.moves[ply - 1]
    mark = record.mark_at(ply - 1)
    name = record.player(mark).name
    opening = record.opening
    role = None if opening is None else opening.placer(ply - 1)
    if role is not None:
        name = QCoreApplication.translate("MoveList", "{name} (opening)").format(
            name=record.opening_player(role).name
        )
    return (str(ply), name, mark.value, record.rules.geometry.name(cell))


def plain_style(owner: QWidget) -> QStyle | None:
    """The application's style without its proxy, owned by ``owner`` (None if none is made).

    The window's style is a proxy written in Python (:mod:`ttt_desktop.gui.common.indicators`,
    for check boxes): every part a style draws then calls into Python and waits for the
    interpreter lock. A list repainted at every move draws a hundred parts, twice as slow
    so (and slower while the worker thread holds the lock), and has no check box.
    """
    style = QApplication.style()
    base = style.baseStyle() if isinstance(style, QProxyStyle) else style
    plain = QStyleFactory.create(base.name()) if base is not None else None
    if plain is not None:
        plain.setParent(owner)
    return plain


class MoveList(QTableWidget):
    """The moves of one game; row 0 is the start, row ``n`` the position after move ``n``."""

    ply_selected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(MOVE_COLUMNS), parent)
        self._record: GameRecord | None = None
        self._updating = False
        # The widest text of each column so far (px), so that a new row measures only itself.
        self._widest = [0] * len(MOVE_COLUMNS)
        self._section_widths: list[int | None] = [None] * len(MOVE_COLUMNS)
        self.setObjectName("move-list")
        self.setAccessibleName(self.tr("Moves"))
        self.setHorizontalHeaderLabels([self.tr(str(column)) for column in MOVE_COLUMNS])
        self.verticalHeader().setVisible(False)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setTabKeyNavigation(False)
        self.setWordWrap(False)
        header = self.horizontalHeader()
        # The short columns are as wide as what they hold, not as their titles (German
        # titles are long: "Zeile, Spalte" squeezed the players' names to "..."); a title
        # too long is elided and whole in its tooltip. The player column takes the rest.
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(12)
        for column in range(len(MOVE_COLUMNS)):
            title = self.horizontalHeaderItem(column)
            if title is not None:
                title.setToolTip(title.text())
        self._titled_rules: Rules | None = None
        self._title_cell_column(TIC_TAC_TOE)
        style = plain_style(self)
        if style is not None:
            # The scroll bars, the header and the viewport draw themselves: each is told.
            for widget in (self, *self.findChildren(QWidget)):
                widget.setStyle(style)
        self.currentCellChanged.connect(self._on_current_cell_changed)
        self._add_row(0, ("", self.tr("Start"), "", ""))
        self._measure_row(0)
        self._fit_columns()

    # What to show -------------------------------------------------------------

    @property
    def record(self) -> GameRecord | None:
        """The game listed, if any."""
        return self._record

    @property
    def current_ply(self) -> int:
        """The ply of the highlighted row (0 for the start)."""
        return max(0, self.currentRow())

    def set_record(self, record: GameRecord) -> None:
        """List ``record``'s moves; rows of a game that only grew are kept, not rebuilt."""
        previous = self._record
        self._record = record
        self._updating = True
        try:
            grew = (
                previous is not None
                and previous.started_at == record.started_at
                and previous.x == record.x
                and previous.o == record.o
                and record.moves[: len(previous.moves)] == previous.moves
            )
            keep = len(previous.moves) if grew and previous is not None else 0
            if keep == len(record.moves) and self.rowCount() == keep + 1:
                return  # the same moves (a change of thinking, say): nothing to redo
            self._title_cell_column(record.rules)
            self.setRowCount(keep + 1)
            if keep == 0:
                # Rebuilt: the widths are measured again from the start row.
                self._widest = [0] * len(MOVE_COLUMNS)
                self._measure_row(0)
            for ply in range(keep + 1, len(record.moves) + 1):
                self._add_row(ply, move_row_texts(record, ply))
                self._measure_row(ply)
            self._fit_columns()
        finally:
            self._updating = False

    def _title_cell_column(self, rules: Rules) -> None:
        """Name the cell column's notation: "Keypad" on tic-tac-toe, "Cell (a1-o15)" elsewhere."""
        if rules is self._titled_rules:
            return
        self._titled_rules = rules
        geometry = rules.geometry
        if rules.is_classic:
            title = self.tr("Keypad")
            tip = self.tr(
                "The cell's digit on the number keypad: 7 is the top-left, 3 the bottom-right"
            )
        else:
            first = geometry.name(geometry.cell_at(rules.n - 1, 0))
            last = geometry.name(rules.m - 1)
            title = self.tr("Cell ({first}-{last})").format(first=first, last=last)
            tip = self.tr(
                "The cell as the board's edges name it: the column's letter from the left, "
                "the row's number from the bottom ({first} is the bottom-left)"
            ).format(first=first)
        item = self.horizontalHeaderItem(CELL_COLUMN)
        if item is not None:
            item.setText(title)
            item.setToolTip(tip)

    def _measure_row(self, row: int) -> None:
        metrics = self.fontMetrics()
        for column in range(len(MOVE_COLUMNS)):
            item = self.item(row, column)
            if item is not None and column != 1:
                width = metrics.horizontalAdvance(item.text())
                self._widest[column] = max(self._widest[column], width)

    def _fit_columns(self) -> None:
        """Each short column as wide as its widest text (kept as rows come: a move's row is
        measured once, not every row at every move)."""
        header = self.horizontalHeader()
        padding = 2 * self.style().pixelMetric(self.style().PixelMetric.PM_HeaderMargin)
        # At least the width of "X/O", so a title has a few letters before its "...".
        least = self.fontMetrics().horizontalAdvance("XX/OO")
        for column in range(len(MOVE_COLUMNS)):
            if column == 1:
                continue
            widest = self._widest[column]
            title = self.horizontalHeaderItem(column)
            if column == CELL_COLUMN and title is not None:
                # The notation's title is read whole: it says what the column holds.
                title_width = header.fontMetrics().horizontalAdvance(title.text())
                widest = max(widest, title_width)
            width = max(widest, least) + padding + 6
            if width != self._section_widths[column] or header.sectionSize(column) != width:
                header.resizeSection(column, width)
                self._section_widths[column] = width

    def set_current_ply(self, ply: int) -> None:
        """Highlight the row of ``ply`` without emitting :attr:`ply_selected`."""
        ply = min(max(0, ply), self.rowCount() - 1)
        if ply == self.currentRow():
            return
        self._updating = True
        try:
            self.setCurrentCell(ply, 0)
            self.scrollTo(self.model().index(ply, 0))
        finally:
            self._updating = False

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            # Other letters: every row is measured again.
            self._widest = [0] * len(MOVE_COLUMNS)
            for row in range(self.rowCount()):
                self._measure_row(row)
            self._fit_columns()

    # Input --------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = Qt.Key(event.key())
        last = self.rowCount() - 1
        if key in _STEP_KEYS:
            self._select(min(last, max(0, self.current_ply + _STEP_KEYS[key])))
        elif key == Qt.Key.Key_Home:
            self._select(0)
        elif key == Qt.Key.Key_End:
            self._select(last)
        else:
            super().keyPressEvent(event)

    def select_ply(self, ply: int) -> None:
        """Highlight ``ply`` and emit :attr:`ply_selected` as a person's choice would."""
        self._select(min(max(0, ply), self.rowCount() - 1))

    def _select(self, ply: int) -> None:
        if ply == self.currentRow():
            self.ply_selected.emit(ply)
            return
        self.setCurrentCell(ply, 0)

    def _on_current_cell_changed(self, row: int, *_rest: int) -> None:
        if not self._updating and row >= 0:
            self.ply_selected.emit(row)

    def _add_row(self, row: int, texts: tuple[str, str, str, str]) -> None:
        if self.rowCount() <= row:
            self.setRowCount(row + 1)
        for column, text in enumerate(texts):
            item = QTableWidgetItem(text)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
            if column != 1:
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            self.setItem(row, column, item)
