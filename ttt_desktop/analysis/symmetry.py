"""The eight symmetries of the square as cell permutations, and canonical boards.

Nothing here imports Qt.
"""

from __future__ import annotations

from typing import Final

from ttt_desktop.core.board import Board, TicTacToeBoard
from ttt_desktop.core.cells import Cell

Symmetry = tuple[Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell]


def _rotate(permutation: Symmetry) -> Symmetry:
    # Quarter turn clockwise: the new cell (row, column) shows the old cell (2 - column, row).
    rotated = tuple(permutation[(2 - index % 3) * 3 + index // 3] for index in range(9))
    return rotated  # type: ignore[return-value]


def _mirror(permutation: Symmetry) -> Symmetry:
    # Left-right reflection: the new cell (row, column) shows the old cell (row, 2 - column).
    mirrored = tuple(permutation[(index // 3) * 3 + 2 - index % 3] for index in range(9))
    return mirrored  # type: ignore[return-value]


def _all_symmetries() -> tuple[Symmetry, ...]:
    identity: Symmetry = (0, 1, 2, 3, 4, 5, 6, 7, 8)
    turns = [identity]
    for _ in range(3):
        turns.append(_rotate(turns[-1]))
    return tuple(turns + [_mirror(turn) for turn in turns])


SYMMETRIES: Final[tuple[Symmetry, ...]] = _all_symmetries()
"""The eight symmetries of the square (identity first) as cell permutations.

``permutation[cell]`` is the cell whose content moves to ``cell``: the image of
a board string ``s`` is ``"".join(s[p] for p in permutation)``. The first four
are the rotations by 0, 90, 180 and 270 degrees clockwise; the last four are
the same rotations combined with a left-right reflection.

>>> SYMMETRIES[1]
(6, 3, 0, 7, 4, 1, 8, 5, 2)
>>> transform_cells("XO.......", SYMMETRIES[1])
'..X..O...'
"""


def transform_cells(cells: str, symmetry: Symmetry) -> str:
    """The nine-character board string ``cells`` after applying ``symmetry``."""
    return "".join([cells[source] for source in symmetry])


def transform_board(board: Board, symmetry: Symmetry) -> Board:
    """``board`` rotated or reflected by ``symmetry`` (same mark to move)."""
    return TicTacToeBoard(transform_cells(board.cells, symmetry), board.to_move)


def map_cell(cell: Cell, symmetry: Symmetry) -> Cell:
    """Where ``cell`` goes under ``symmetry``: the inverse look-up of the permutation."""
    return symmetry.index(cell)


def canonical_cells(cells: str) -> str:
    """The representative of ``cells`` among its (up to eight) symmetric images.

    Two boards are rotations or reflections of each other exactly when their
    canonical strings are equal.
    """
    return min(transform_cells(cells, symmetry) for symmetry in SYMMETRIES)
