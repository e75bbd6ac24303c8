"""Where a game starts: the built-in opening sets of each board, and a seat that plays an
opening's moves before its player thinks.

A tournament, a match or a learning curve that plays each opening twice, once with each
player as X, gives both players the same start: that is how cutechess-cli and fastchess
use opening books, and how a deterministic player's games differ from one another.
Built-in sets (:func:`builtin_openings`):

* boards at least 7 by 7 (gomoku's 15x15 among them): the 26 classical three-stone
  openings near the centre, the shapes of renju's opening set: X in the centre, O next to
  it straight (13 openings) or diagonally (13), X's second stone anywhere in the centre's
  5x5 square, each shape once up to the board's symmetries (26 on a square board, more
  on an oblong one, which has fewer symmetries);
* smaller boards (3x3 among them): every first move.

Opening files (cell names, the Gomocup suites) are read by :mod:`ttt_desktop.lab.openings`.
Nothing here imports Qt.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from ttt_desktop.core.rules import Rules

__all__ = ["OpeningSeat", "builtin_openings", "opening_sequence"]

_BIG_BOARD: Final = 7
"""Boards at least this wide and high get the three-stone set; smaller ones every first move."""


class OpeningSeat:
    """A seat that plays its side's moves of an opening, then lets its player think."""

    def __init__(self, player: Any, opening: tuple[int, ...]) -> None:
        self.player = player
        self.opening = opening
        self.length = len(opening)
        # A brain may lose a game off the board: the play loop must know it of the seat.
        self.may_forfeit = getattr(player, "may_forfeit", False)

    def choose_move(self, board: Any) -> int:
        ply = board.ply
        if ply < self.length:
            cell: int = self.opening[ply]
            return cell
        return int(self.player.choose_move(board))


def opening_sequence(
    openings: Sequence[tuple[int, ...]], rules: Rules, symmetries_seed: int | None = None
) -> Callable[[int], tuple[int, ...]]:
    """Opening number ``j`` of a run: the set in turn, each turned by a symmetry if seeded.

    With ``symmetries_seed`` each ``j`` gets one of the board's symmetries drawn from the
    seed and ``j`` alone, so a run is repeatable and any of its games can be replayed.
    """
    if not openings:
        raise ValueError("no openings to play")
    geometry = rules.geometry

    def opening(number: int) -> tuple[int, ...]:
        cells = openings[number % len(openings)]
        if symmetries_seed is None:
            return cells
        drawn = random.Random(f"{symmetries_seed}:{number}").randrange(len(geometry.symmetries))
        return geometry.transform(cells, drawn)

    return opening


def builtin_openings(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The board's built-in opening set (cells from the empty board), in a fixed order."""
    geometry = rules.geometry
    if rules.m < _BIG_BOARD or rules.n < _BIG_BOARD:
        return tuple((cell,) for cell in geometry.cells)
    m = rules.m
    row, column = rules.n // 2, m // 2
    centre = row * m + column
    openings: list[tuple[int, ...]] = []
    seen: set[tuple[tuple[int, ...], int]] = set()
    for o_cell in (centre - m, centre - m + 1):  # straight up, and diagonally up-right
        for d_row in range(-2, 3):
            for d_column in range(-2, 3):
                third = (row + d_row) * m + column + d_column
                if third in (centre, o_cell):
                    continue
                opening = (centre, o_cell, third)
                key = min(
                    (tuple(sorted((table[centre], table[third]))), table[o_cell])
                    for table in geometry.symmetries
                    # Only the symmetries that keep the first two stones where they are.
                    if table[centre] == centre and table[o_cell] == o_cell
                )
                if key not in seen:
                    seen.add(key)
                    openings.append(opening)
    return tuple(openings)
