"""Cell numbering: the one place that knows how a cell is named.

Inside the engine a cell is an int 0-8, row by row from the top-left, as in
OpenSpiel. People see it two other ways:

* the keypad label 1-9, laid out like a numeric keypad (7 8 9 on the top row),
  as in the source documents and on the keyboard;
* a row and a column, each 1-3, counted from the top-left.

    internal      keypad
    0 1 2         7 8 9
    3 4 5         4 5 6
    6 7 8         1 2 3

Nothing here imports Qt.
"""

from __future__ import annotations

# The cold path: no typing module (docs/manual/developer/architecture.md, "Cold start").
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final


Cell = int

CELLS: Final = tuple(range(9))

# The eight lines of three, rows first, then columns, then the two diagonals.
LINES: Final[tuple[tuple[Cell, Cell, Cell], ...]] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)

CENTRE: Final[Cell] = 4
CORNERS: Final[tuple[Cell, ...]] = (0, 2, 6, 8)
SIDES: Final[tuple[Cell, ...]] = (1, 3, 5, 7)
OPPOSITE_CORNER: Final[dict[Cell, Cell]] = {0: 8, 2: 6, 6: 2, 8: 0}

_KEYPAD_OF_CELL: Final = (7, 8, 9, 4, 5, 6, 1, 2, 3)
_CELL_OF_KEYPAD: Final = {label: cell for cell, label in enumerate(_KEYPAD_OF_CELL)}


def is_cell(value: object) -> bool:
    """True for an int 0-8 (bools are not cells)."""
    return type(value) is int and 0 <= value <= 8


def keypad_label(cell: Cell) -> int:
    """The keypad digit of ``cell``: 7 is the top-left, 3 the bottom-right.

    >>> keypad_label(0), keypad_label(4), keypad_label(8)
    (7, 5, 3)
    """
    _check_cell(cell)
    return _KEYPAD_OF_CELL[cell]


def cell_from_keypad(label: int) -> Cell:
    """The cell a keypad digit 1-9 names.

    >>> cell_from_keypad(7), cell_from_keypad(3)
    (0, 8)
    """
    # The type check keeps True and 7.0 out: they hash like 1 and 7 and would pass the look-up.
    if type(label) is int and label in _CELL_OF_KEYPAD:
        return _CELL_OF_KEYPAD[label]
    raise ValueError(f"keypad label must be a digit 1-9, not {label!r}")


def row_column(cell: Cell) -> tuple[int, int]:
    """Row and column of ``cell``, each 1-3 from the top-left.

    >>> row_column(0), row_column(5)
    ((1, 1), (2, 3))
    """
    _check_cell(cell)
    return cell // 3 + 1, cell % 3 + 1


def cell_from_row_column(row: int, column: int) -> Cell:
    """The cell at ``row`` and ``column`` (each 1-3).

    >>> cell_from_row_column(3, 3)
    8
    """
    if not (type(row) is int and 1 <= row <= 3 and type(column) is int and 1 <= column <= 3):
        raise ValueError(f"row and column must each be 1-3, not ({row!r}, {column!r})")
    return (row - 1) * 3 + (column - 1)


def describe_cell(cell: Cell) -> str:
    """How a person is told about a cell: keypad label and row/column.

    >>> describe_cell(2)
    'cell 9 (row 1, column 3)'
    """
    row, column = row_column(cell)
    return f"cell {keypad_label(cell)} (row {row}, column {column})"


def _check_cell(cell: object) -> None:
    if not is_cell(cell):
        raise ValueError(f"a cell is an int 0-8, not {cell!r}")
