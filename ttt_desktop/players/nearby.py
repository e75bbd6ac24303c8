"""Places on any board that the rule players and the depth-limited searches name.

* :func:`corner_cells`, :func:`central_cells`, :func:`edge_cells`: the board's four
  corners, its centre (one cell when both sides are odd; the two or four middle cells
  when a side is even) and its sides (the border cells that are not corners). On
  tic-tac-toe they are the corners 1 3 7 9, the centre 5 and the sides 2 4 6 8.
* :func:`cells_near_stones`: the free cells within a distance of a stone (the king's
  step), found with bitboard shifts; the central cells on an empty board. Searches on
  big boards look only there: a move far from every stone is almost never the best.

Nothing here imports Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ttt_desktop.core.board import Board
from ttt_desktop.core.cells import Cell

if TYPE_CHECKING:
    from ttt_desktop.core.geometry import Geometry

# Per geometry: (the cells not in the first column, the cells not in the last column).
_column_masks: dict[object, tuple[int, int]] = {}
_places: dict[object, tuple[tuple[Cell, ...], ...]] = {}


def corner_cells(geometry: Geometry) -> tuple[Cell, ...]:
    """The four corners, ascending."""
    m, n = geometry.m, geometry.n
    return tuple(sorted({0, m - 1, (n - 1) * m, n * m - 1}))


def _middles(length: int) -> tuple[int, ...]:
    half = length // 2
    return (half,) if length % 2 else (half - 1, half)


def central_cells(geometry: Geometry) -> tuple[Cell, ...]:
    """The centre: the middle cell, or the two or four middle cells when a side is even."""
    return tuple(
        row * geometry.m + column for row in _middles(geometry.n) for column in _middles(geometry.m)
    )


def edge_cells(geometry: Geometry) -> tuple[Cell, ...]:
    """The sides: cells on the border that are not corners, ascending."""
    m, n = geometry.m, geometry.n
    corners = set(corner_cells(geometry))
    return tuple(
        cell
        for cell in geometry.cells
        if cell not in corners and (cell < m or cell >= (n - 1) * m or cell % m in {0, m - 1})
    )


def places(geometry: Geometry) -> tuple[tuple[Cell, ...], ...]:
    """The corners, the centre, the sides and the other cells of ``geometry`` (kept once)."""
    known = _places.get(geometry.rules)
    if known is None:
        corners, centre, sides = (
            corner_cells(geometry),
            central_cells(geometry),
            edge_cells(geometry),
        )
        named = {*corners, *centre, *sides}
        others = tuple(cell for cell in geometry.cells if cell not in named)
        known = _places[geometry.rules] = (corners, centre, sides, others)
    return known


def cells_near_stones(board: Board, radius: int = 1) -> tuple[Cell, ...]:
    """Free cells within ``radius`` king's steps of a stone, ascending; the centre if none.

    Under renju black's forbidden cells are left out when black is to move (a list of the
    moves the side to move may make).

    >>> from ttt_desktop.core.rules import Rules
    >>> board = Board.empty(rules=Rules(7, 7, 5)).play(0)
    >>> cells_near_stones(board)
    (1, 7, 8)
    """
    geometry = board.geometry
    occupied = board.x_bits | board.o_bits
    if not occupied:
        return central_cells(geometry)
    masks = _column_masks.get(geometry.rules)
    if masks is None:
        m = geometry.m
        not_first = sum(1 << cell for cell in geometry.cells if cell % m)
        not_last = sum(1 << cell for cell in geometry.cells if cell % m != m - 1)
        masks = _column_masks[geometry.rules] = (not_first, not_last)
    not_first, not_last = masks
    m, full = geometry.m, geometry.full
    reach = occupied
    for _ in range(radius):
        across = reach | (reach << 1 & not_first) | (reach >> 1 & not_last)
        reach = (across | across << m | across >> m) & full
    cells = geometry.cells_of(reach & ~occupied)
    if board.rules.has_forbidden_moves:
        forbidden = board.forbidden_cells()
        if forbidden:
            cells = tuple(cell for cell in cells if cell not in forbidden)
    return cells
