"""The perfect-play solver: the exact value of every position and every move.

:func:`solve` gives, for every legal move, its outcome under perfect play for
the side to move and how many plies the game then lasts (the winner hurries,
the loser delays). :func:`best_moves` picks the moves a perfect player may
choose; :func:`position_value` values the position itself;
:func:`principal_line` is the game that follows when both sides play best.

Everything is memoised over boards (boards are interned immutable values), so
the whole game tree is solved once per process. Nothing here imports Qt.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Final

from ttt_desktop.engine.board import Board, GameOverError
from ttt_desktop.engine.cells import Cell


class Outcome(enum.StrEnum):
    """The result of a game for one side."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


@dataclass(frozen=True, slots=True)
class MoveValue:
    """A move's (or a position's) value under perfect play, for the side to move.

    ``plies`` counts the moves from now to the end of the game, the move itself
    included, when the winner wins as fast as possible and the loser holds out as
    long as possible. ``score`` orders values: higher is better for the side to
    move (faster wins beat slower ones, slower losses beat faster ones).
    """

    outcome: Outcome
    plies: int

    @property
    def score(self) -> int:
        """An integer for comparing values: wins 11..20, draws 0, losses -20..-11."""
        if self.outcome is Outcome.WIN:
            return _WIN_BASE - self.plies
        if self.outcome is Outcome.LOSS:
            return self.plies - _WIN_BASE
        return 0

    def describe(self) -> str:
        """Plain words, e.g. ``"win in 3"`` or ``"draw"``."""
        if self.outcome is Outcome.DRAW:
            return "draw"
        return f"{self.outcome} in {self.plies}"


_WIN_BASE: Final = 20


def _value_from_score(score: int, empties: int) -> MoveValue:
    if score > 0:
        return MoveValue(Outcome.WIN, _WIN_BASE - score)
    if score < 0:
        return MoveValue(Outcome.LOSS, score + _WIN_BASE)
    # A drawn game always runs until the board is full.
    return MoveValue(Outcome.DRAW, empties)


@functools.cache
def position_score(board: Board) -> int:
    """The value of ``board`` for its side to move, as a :attr:`MoveValue.score`.

    Negamax over the whole tree, memoised per board. A finished board scores
    -20 when won (the side to move has lost, zero plies left) and 0 when drawn.
    """
    if board.is_over:
        return 0 if board.winner is None else -_WIN_BASE
    best = -_WIN_BASE - 1
    for cell in board.legal_moves():
        score = _score_after(board.play(cell))
        best = max(best, score)
    return best


def _score_after(child: Board) -> int:
    """The mover's score for the move leading to ``child``: one ply longer, sign flipped."""
    opponent_score = position_score(child)
    if opponent_score > 0:
        return 1 - opponent_score
    if opponent_score < 0:
        return -1 - opponent_score
    return 0


def position_value(board: Board) -> MoveValue:
    """The value of ``board`` for the side to move under perfect play.

    A finished board is a loss in 0 plies (won by the other side) or a draw in 0.
    """
    return _value_from_score(position_score(board), board.cells.count("."))


@functools.cache
def solve(board: Board) -> Mapping[Cell, MoveValue]:
    """Each legal move of ``board`` with its value under perfect play, for the side to move.

    Returns a read-only mapping in ascending cell order. A finished board raises
    :class:`GameOverError`.

    >>> values = solve(Board.from_string("XX." "OO." "..."))
    >>> values[2].describe(), values[5].describe(), values[6].describe()
    ('win in 1', 'draw', 'loss in 2')
    """
    if board.is_over:
        raise GameOverError(f"the game is over: no moves to solve in {board.cells!r}")
    empties = board.cells.count(".")
    values = {
        cell: _value_from_score(_score_after(board.play(cell)), empties)
        for cell in board.legal_moves()
    }
    return _ReadOnlyValues(values)


class _ReadOnlyValues(Mapping[Cell, MoveValue]):
    """A dict view that cannot be changed, so the memoised answer stays shared safely."""

    __slots__ = ("_values",)

    def __init__(self, values: dict[Cell, MoveValue]) -> None:
        self._values = values

    def __getitem__(self, cell: Cell) -> MoveValue:
        return self._values[cell]

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return repr(self._values)


@functools.cache
def best_moves(board: Board) -> tuple[Cell, ...]:
    """The moves a perfect player may choose: optimal, fastest win, slowest loss (ascending)."""
    values = solve(board)
    top = max(value.score for value in values.values())
    return tuple(cell for cell, value in values.items() if value.score == top)


@functools.cache
def principal_line(board: Board) -> tuple[Cell, ...]:
    """The moves from ``board`` to the end when both sides play best (the lowest best cell).

    Empty for a finished board.

    >>> principal_line(Board.from_string("XX." "OO." "..."))
    (2,)
    """
    if board.is_over:
        return ()
    cell = best_moves(board)[0]
    return (cell, *principal_line(board.play(cell)))
