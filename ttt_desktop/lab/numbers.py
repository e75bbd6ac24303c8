"""The game in numbers: complete games by the move they end on and by result.

``ttt_desktop.analysis.census()`` gives the totals document 000 quotes (255,168 games;
131,184 won by X, 77,904 by O, 46,080 drawn; 26,830 up to symmetry; ...). The chart of
the numbers page needs them split by ply and result at once, with and without merging
symmetric positions; :func:`games_by_ply` counts that here, the same way the census
does (move orders carried ply by ply; symmetric moves taken once at every turn), and the
tests check its sums against the census.

Nothing here imports Qt.
"""

from __future__ import annotations

import functools
from typing import Final

from ttt_desktop.analysis import canonical_cells
from ttt_desktop.core.board import Board, Mark

__all__ = ["WINNERS", "games_by_ply"]

WINNERS: Final = ("X", "O", "draw")

PlyCounts = tuple[tuple[int, int, int], ...]
"""Per ply 0-9: games ending there won by X, won by O, drawn."""


@functools.cache
def games_by_ply(up_to_symmetry: bool = False) -> PlyCounts:
    """Complete games (X first) ending at each ply, by result: ``counts[ply][result]``."""
    if up_to_symmetry:
        return _by_ply_up_to_symmetry()
    counts = [[0, 0, 0] for _ in range(10)]
    layer: dict[Board, int] = {Board.empty(Mark.X): 1}
    for ply in range(10):
        following: dict[Board, int] = {}
        for board, orders in layer.items():
            if board.is_over:
                counts[ply][_result(board)] += orders
                continue
            for cell in board.legal_moves():
                child = board.play(cell)
                following[child] = following.get(child, 0) + orders
        layer = following
    return tuple((x, o, draw) for x, o, draw in counts)


def _result(board: Board) -> int:
    return 0 if board.winner is Mark.X else 1 if board.winner is Mark.O else 2


def _by_ply_up_to_symmetry() -> PlyCounts:
    memo: dict[str, tuple[int, ...]] = {}

    def games_from(board: Board) -> tuple[int, ...]:
        """30 counts: ply * 3 + result."""
        if board.is_over:
            vector = [0] * 30
            vector[(9 - board.cells.count(".")) * 3 + _result(board)] = 1
            return tuple(vector)
        key = canonical_cells(board.cells)
        known = memo.get(key)
        if known is not None:
            return known
        distinct: dict[str, Board] = {}
        for cell in board.legal_moves():
            child = board.play(cell)
            distinct.setdefault(canonical_cells(child.cells), child)
        total = [0] * 30
        for child in distinct.values():
            for slot, count in enumerate(games_from(child)):
                total[slot] += count
        memo[key] = tuple(total)
        return memo[key]

    flat = games_from(Board.empty(Mark.X))
    return tuple((flat[3 * ply], flat[3 * ply + 1], flat[3 * ply + 2]) for ply in range(10))
