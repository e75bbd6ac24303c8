"""The History table's model: stored games, fetched from the library a page at a time.

A QAbstractTableModel with ``canFetchMore``/``fetchMore``: it starts with one page of
rows and the view asks for the next page as it scrolls near the end. Each page is one
indexed keyset query (:meth:`ttt_desktop.library.Library.page`), as fast at row 99,000
as at row 0, so the list opens at once and scrolls without a stall however many games
there are. ``benchmarks/library_speed.py`` measures it against QSqlQueryModel.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QCoreApplication,
    QDate,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from ttt_desktop.core.rules import Rules
from ttt_desktop.core.swap import OPENER
from ttt_desktop.formats.json_codec import record_from_json
from ttt_desktop.gui.common.rules_text import opening_text, rules_title
from ttt_desktop.library import GameFilter, GameRow, Library

PAGE_ROWS: Final = 256
ROW_ROLE: Final = Qt.ItemDataRole.UserRole + 1

# Column: sort key in the library, header text (translated when shown; marked for
# pyside6-lupdate, which only collects literal texts in translate calls or these marks).
HISTORY_COLUMNS: Final[tuple[tuple[str, str], ...]] = (
    ("date", str(QT_TRANSLATE_NOOP("HistoryModel", "Date"))),
    ("x", "X"),
    ("o", "O"),
    ("first", str(QT_TRANSLATE_NOOP("HistoryModel", "Started"))),
    ("result", str(QT_TRANSLATE_NOOP("HistoryModel", "Result"))),
    ("length", str(QT_TRANSLATE_NOOP("HistoryModel", "Moves"))),
    ("rules", str(QT_TRANSLATE_NOOP("HistoryModel", "Board"))),
)

Index = QModelIndex | QPersistentModelIndex
# Roles as plain ints: data() runs for every painted cell, and enum look-ups add up.
_DISPLAY: Final = int(Qt.ItemDataRole.DisplayRole.value)
_TOOLTIP: Final = int(Qt.ItemDataRole.ToolTipRole.value)
_ALIGNMENT: Final = int(Qt.ItemDataRole.TextAlignmentRole.value)
_ROW: Final = int(ROW_ROLE)
_ROLES: Final = frozenset({_DISPLAY, _TOOLTIP, _ALIGNMENT, _ROW})
_RIGHT: Final = int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)
_LENGTH_COLUMN: Final = [key for key, _ in HISTORY_COLUMNS].index("length")
_OPENING_COLUMNS: Final = frozenset(
    [key for key, _ in HISTORY_COLUMNS].index(key) for key in ("first", "rules")
)


def _tr(text: str) -> str:
    return QCoreApplication.translate("HistoryModel", text)


ISO_DATE: Final = "yyyy-MM-dd"


def date_format(locale: QLocale | None = None) -> str:
    """How History writes a date: the locale's short date with the whole year
    ("24.10.2026", "10/24/2026"), or ISO ("2026-10-24") where the locale has no real
    date format of its own (the C locale's "24 10 2026" reads like three numbers)."""
    locale = QLocale() if locale is None else locale
    if locale.language() == QLocale.Language.C:
        return ISO_DATE
    text = locale.dateFormat(QLocale.FormatType.ShortFormat)
    if "yyyy" not in text:
        text = text.replace("yy", "yyyy")
    return text if "d" in text and "M" in text and "yy" in text else ISO_DATE


def local_time(stamp: str | None, locale: QLocale | None = None) -> str:
    """An ISO UTC timestamp as the local date and time: ``2026-01-01 13:05`` (or the
    locale's date, :func:`date_format`)."""
    if not stamp:
        return ""
    try:
        moment = datetime.fromisoformat(stamp).astimezone()
    except ValueError:
        return stamp
    locale = QLocale() if locale is None else locale
    day = QDate(moment.year, moment.month, moment.day)
    return f"{locale.toString(day, date_format(locale))} {moment:%H:%M}"


def result_text(row: GameRow) -> str:
    """``"Ann won"``, ``"Draw"`` or ``"Unfinished"``."""
    if row.result is None:
        return QCoreApplication.translate("HistoryModel", "Unfinished")
    if row.result == "draw":
        return QCoreApplication.translate("HistoryModel", "Draw")
    return QCoreApplication.translate("HistoryModel", "{} won").format(row.winner_name)


def board_text(key: str) -> str:
    """The board of a game's rules key, as people call it ("Tic-tac-toe", "Gomoku 15x15")."""
    try:
        return rules_title(Rules.parse(key))
    except ValueError:
        return key  # rules this version does not know


def started_text(row: GameRow) -> str:
    """Who moved first, by name."""
    return row.x_name if row.first == "X" else row.o_name


class HistoryModel(QAbstractTableModel):
    """Games newest first (or in any column's order), filtered, fetched lazily."""

    def __init__(self, library: Library, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._library = library
        self._locale = QLocale()
        # Plain tuples of plain values: the garbage collector stops tracking them, so a list
        # scrolled through 100,000 games adds nothing to its full collections.
        self._rows: list[tuple[Any, ...]] = []
        self._filter = GameFilter()
        self._sort = "date"
        self._descending = True
        self._exhausted = True
        self._texts: dict[int, tuple[str, str, str, str, str, int, str]] = {}
        self.reload()

    # Query --------------------------------------------------------------------------

    @property
    def library(self) -> Library:
        return self._library

    @property
    def game_filter(self) -> GameFilter:
        return self._filter

    @property
    def sort_key(self) -> tuple[str, bool]:
        """The sort column's key and whether it is descending."""
        return self._sort, self._descending

    def set_filter(self, game_filter: GameFilter) -> None:
        """Show only the games ``game_filter`` matches (from the first page again)."""
        self._filter = game_filter
        self.reload()

    def reload(self) -> None:
        """Drop the rows and fetch the first page again (after a store, a filter, a sort)."""
        self.beginResetModel()
        self._texts.clear()
        self._rows = [
            tuple(row)
            for row in self._library.page(
                self._filter, sort=self._sort, descending=self._descending, limit=PAGE_ROWS
            )
        ]
        self._exhausted = len(self._rows) < PAGE_ROWS
        self.endResetModel()

    def total(self) -> int:
        """How many games match the filter (all pages, fetched or not)."""
        return self._library.count(self._filter)

    def row_at(self, row: int) -> GameRow:
        return GameRow(*self._rows[row])

    def fetched_rows(self) -> list[GameRow]:
        return [GameRow(*row) for row in self._rows]

    # QAbstractTableModel ------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HISTORY_COLUMNS)

    def canFetchMore(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and not self._exhausted

    def fetchMore(self, parent: Index = QModelIndex()) -> None:  # noqa: B008
        if parent.isValid() or self._exhausted:
            return
        after = GameRow(*self._rows[-1]) if self._rows else None
        page = self._library.page(
            self._filter,
            sort=self._sort,
            descending=self._descending,
            after=after,
            limit=PAGE_ROWS,
        )
        self._exhausted = len(page) < PAGE_ROWS
        if page:
            first = len(self._rows)
            self.beginInsertRows(QModelIndex(), first, first + len(page) - 1)
            self._rows.extend(tuple(row) for row in page)
            self.endInsertRows()

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role != _DISPLAY or orientation != Qt.Orientation.Horizontal:
            return None
        return _tr(HISTORY_COLUMNS[section][1]) if 0 <= section < len(HISTORY_COLUMNS) else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        role = int(role)
        if role not in _ROLES:
            return None
        number = index.row()
        if not 0 <= number < len(self._rows):
            return None
        if role == _DISPLAY:
            texts = self._texts.get(number)
            if texts is None:
                texts = self._texts[number] = self._display(
                    GameRow(*self._rows[number]), self._locale
                )
            return texts[index.column()]
        row = GameRow(*self._rows[number])
        if role == _ROW:
            return row
        column = index.column()
        if role == _TOOLTIP and column in (1, 2):
            kind = row.x_kind if column == 1 else row.o_kind
            return (
                QCoreApplication.translate("HistoryModel", "A person")
                if kind == "human"
                else QCoreApplication.translate("HistoryModel", "Computer player: {}").format(kind)
            )
        if role == _TOOLTIP and column in _OPENING_COLUMNS:
            return self._opening_tip(row)
        if role == _ALIGNMENT and column == _LENGTH_COLUMN:
            return _RIGHT
        return None

    def opening_tip(self, row: GameRow) -> str | None:
        """A game's swap opening in words, with who opened it (None for a free opening)."""
        return self._opening_tip(row)

    def _opening_tip(self, row: GameRow) -> str | None:
        # Read on hovering only: the list's rows do not carry the opening.
        for _row_id, text in self._library.record_texts([row.id]):
            if '"opening"' not in text:
                return None

            try:
                record = record_from_json(text)
            except ValueError:
                return None
            if record.opening is None:
                return None
            return QCoreApplication.translate(
                "HistoryModel", "{opening}; the opening's first stones by {name}"
            ).format(opening=opening_text(record.opening), name=record.opening_player(OPENER).name)
        return None

    @staticmethod
    def _display(row: GameRow, locale: QLocale) -> tuple[str, str, str, str, str, int, str]:
        return (
            local_time(row.started_at, locale),
            row.x_name,
            row.o_name,
            started_text(row),
            result_text(row),
            row.length,
            board_text(row.rules),
        )

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(HISTORY_COLUMNS):
            return
        self._sort = HISTORY_COLUMNS[column][0]
        self._descending = order == Qt.SortOrder.DescendingOrder
        self.reload()
