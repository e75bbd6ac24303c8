"""The geometry of one set of rules, built once: cells, k-windows as bit masks, symmetries, names.

Get it from the rules (``Rules.geometry``); never build one by hand. A cell is an int from
0, row-major from the top-left, m per row (OpenSpiel's ``mnk`` action numbering). A set of
cells is an int with bit ``cell`` set (a bitboard).

Naming a cell is done here and nowhere else (:meth:`Geometry.name`, :meth:`Geometry.parse`):

* on tic-tac-toe the keypad digit, 7 8 9 on the top row, as in the source documents;
* elsewhere a column letter and a row number, ``a1`` at the bottom-left, as gomoku boards
  are labelled (columns a-t, rows 1-20).

>>> from ttt_desktop.core.rules import Rules
>>> g = Rules(15, 15, 5).geometry
>>> g.name(0), g.name(224), g.name(7 * 15 + 7)
('a15', 'o1', 'h8')
>>> g.parse("h8") == 112, len(g.lines), len(g.symmetries)
(True, 572, 8)
>>> Rules(3, 3, 3).geometry.name(0)
'7'

Nothing here imports Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ttt_desktop.core.cells import _KEYPAD_OF_CELL

if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Final, Protocol

    class Rules(Protocol):
        """What a geometry is built from and answers with: a
        :class:`ttt_desktop.core.rules.Rules` value (named here, not imported: the rules
        import their geometry, so the two would import each other)."""

        @property
        def m(self) -> int: ...
        @property
        def n(self) -> int: ...
        @property
        def k(self) -> int: ...
        @property
        def exact(self) -> bool: ...
        @property
        def key(self) -> str: ...
        @property
        def rule(self) -> str: ...
        @property
        def is_classic(self) -> bool: ...


COLUMN_LETTERS: Final = "abcdefghijklmnopqrst"
# (row step, column step): across, down, down-right, down-left.
DIRECTIONS: Final = ((0, 1), (1, 0), (1, 1), (1, -1))


class Geometry:
    """Cells, lines and names of one :class:`~ttt_desktop.core.rules.Rules`."""

    __slots__ = (
        "cells",
        "full",
        "k",
        "lines",
        "lines_through",
        "m",
        "masks",
        "masks_through",
        "n",
        "rays",
        "rules",
        "size",
        "symmetries",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        m, n, k = rules.m, rules.n, rules.k
        self.m, self.n, self.k, self.size = m, n, k, m * n
        self.cells: tuple[int, ...] = tuple(range(m * n))
        self.full: int = (1 << (m * n)) - 1
        lines: list[tuple[int, ...]] = []
        for row in range(n):
            for col in range(m):
                for d_row, d_col in DIRECTIONS:
                    end_row, end_col = row + d_row * (k - 1), col + d_col * (k - 1)
                    if 0 <= end_row < n and 0 <= end_col < m:
                        lines.append(
                            tuple((row + d_row * i) * m + col + d_col * i for i in range(k))
                        )
        # Rows first, then columns, then the diagonals, as tic-tac-toe's eight lines.
        lines.sort(key=lambda line: (_direction_order(line, m), line))
        self.lines: tuple[tuple[int, ...], ...] = tuple(lines)
        self.masks: tuple[int, ...] = tuple(mask_of(line) for line in lines)
        through: list[list[int]] = [[] for _ in range(m * n)]
        for index, line in enumerate(lines):
            for cell in line:
                through[cell].append(index)
        self.lines_through: tuple[tuple[int, ...], ...] = tuple(tuple(t) for t in through)
        self.masks_through: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.masks[i] for i in t) for t in through
        )
        # For each cell and direction: the cells one way and the other, nearest first.
        rays: list[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]] = []
        for cell in range(m * n):
            row, col = divmod(cell, m)
            per_direction = []
            for d_row, d_col in DIRECTIONS:
                forward = _ray(row, col, d_row, d_col, m, n)
                backward = _ray(row, col, -d_row, -d_col, m, n)
                per_direction.append((forward, backward))
            rays.append(tuple(per_direction))
        self.rays: tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...] = tuple(rays)
        self.symmetries: tuple[tuple[int, ...], ...] = _symmetries(m, n)

    # Coordinates --------------------------------------------------------------

    def row_column(self, cell: int) -> tuple[int, int]:
        """Row and column of ``cell``, each from 0 at the top-left."""
        self.check(cell)
        return divmod(cell, self.m)

    def cell_at(self, row: int, column: int) -> int:
        """The cell at ``row``, ``column`` (each from 0 at the top-left)."""
        if not (0 <= row < self.n and 0 <= column < self.m):
            raise ValueError(
                f"row must be 0-{self.n - 1} and column 0-{self.m - 1}, not ({row}, {column})"
            )
        return row * self.m + column

    def is_cell(self, value: object) -> bool:
        return type(value) is int and 0 <= value < self.size

    def check(self, cell: object) -> None:
        if not self.is_cell(cell):
            raise ValueError(
                f"a cell of {self.rules.key} is an int 0-{self.size - 1}, not {cell!r}"
            )

    # Names --------------------------------------------------------------------

    def name(self, cell: int) -> str:
        """How a person names ``cell``: a keypad digit on tic-tac-toe, else "h8"."""
        self.check(cell)
        if self.rules.is_classic:
            return str(_KEYPAD_OF_CELL[cell])
        row, col = divmod(cell, self.m)
        return f"{COLUMN_LETTERS[col]}{self.n - row}"

    def parse(self, text: str) -> int:
        """The cell a name names: the inverse of :meth:`name`; raises ``ValueError``.

        On tic-tac-toe a digit 1-9; elsewhere a letter and a number ("h8", "H8").
        """
        if not isinstance(text, str):
            raise ValueError(f"a cell's name is text, not {type(text).__name__}")
        spec = text.strip().lower()
        if self.rules.is_classic:
            if len(spec) == 1 and spec in "123456789":
                return _KEYPAD_OF_CELL.index(int(spec))
            raise ValueError(f"a tic-tac-toe cell is a keypad digit 1-9, not {text!r}")
        last_column = COLUMN_LETTERS[self.m - 1]
        if (
            2 <= len(spec) <= 3
            and spec[0] in COLUMN_LETTERS[: self.m]
            and spec[1:].isdigit()
            and 1 <= int(spec[1:]) <= self.n
        ):
            return (self.n - int(spec[1:])) * self.m + COLUMN_LETTERS.index(spec[0])
        raise ValueError(
            f"a cell of {self.rules.key} is a column a-{last_column} and a row 1-{self.n} "
            f"(like a1, the bottom-left), not {text!r}"
        )

    def names(self, cells: Iterable[int]) -> str:
        """Cells named and joined by spaces: "7 5 3" or "h8 i9 j10"."""
        return " ".join(self.name(cell) for cell in cells)

    def describe(self, cell: int) -> str:
        """How a person is told about a cell in an error: "cell 9 (row 1, column 3)" or "h8"."""
        row, col = self.row_column(cell)
        if self.rules.is_classic:
            return f"cell {self.name(cell)} (row {row + 1}, column {col + 1})"
        return f"cell {self.name(cell)}"

    # Sets of cells ------------------------------------------------------------

    def cells_of(self, bits: int) -> tuple[int, ...]:
        """The cells of a bitboard, ascending."""
        if not bits:
            return ()
        return tuple(cell for cell in self.cells if bits >> cell & 1)

    def transform(self, cells: Iterable[int], symmetry: int) -> tuple[int, ...]:
        """Cells moved by symmetry number ``symmetry`` (0 is the identity)."""
        table = self.symmetries[symmetry]
        return tuple(table[cell] for cell in cells)

    def __repr__(self) -> str:
        return f"Geometry({self.rules!r})"


def mask_of(cells: Iterable[int]) -> int:
    """The bitboard of ``cells``."""
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def _direction_order(line: tuple[int, ...], m: int) -> int:
    step = line[1] - line[0]
    if step == 1:
        return 0
    if step == m:
        return 1
    return 2 if step == m + 1 else 3


def _ray(row: int, col: int, d_row: int, d_col: int, m: int, n: int) -> tuple[int, ...]:  # noqa: PLR0917
    cells = []
    row, col = row + d_row, col + d_col
    while 0 <= row < n and 0 <= col < m:
        cells.append(row * m + col)
        row, col = row + d_row, col + d_col
    return tuple(cells)


def _symmetries(m: int, n: int) -> tuple[tuple[int, ...], ...]:
    """Cell permutations of the board's symmetries: 8 on a square, 4 on a rectangle.

    Each is a table ``new_cell = table[cell]``; the identity comes first.
    """

    def table(f: object) -> tuple[int, ...]:
        return tuple(f(*divmod(c, m)) for c in range(m * n))  # type: ignore[operator]

    last_row, last_col = n - 1, m - 1
    maps = [
        lambda r, c: r * m + c,  # identity
        lambda r, c: r * m + (last_col - c),  # mirror left-right
        lambda r, c: (last_row - r) * m + c,  # mirror top-bottom
        lambda r, c: (last_row - r) * m + (last_col - c),  # half turn
    ]
    if m == n:
        maps += [
            lambda r, c: c * m + r,  # transpose
            lambda r, c: (last_col - c) * m + (last_row - r),  # anti-transpose
            lambda r, c: c * m + (last_row - r),  # quarter turn
            lambda r, c: (last_col - c) * m + r,  # three-quarter turn
        ]
    return tuple(table(f) for f in maps)
