"""The perfect-play solver: the exact value of every position and every move.

:func:`tic_tac_toe_values` gives, for every legal move, its outcome under perfect play for
the side to move and how many plies the game then lasts (the winner hurries,
the loser delays). :func:`best_moves` picks the moves a perfect player may
choose; :func:`position_value` values the position itself;
:func:`principal_line` is the game that follows when both sides play best.

Position scores come from ``scores.bin`` beside this module (the whole game
solved, one byte per position, read once per process); without it they are
solved by negamax. The answers for the positions used most recently are memoised
(boards are interned immutable values; :data:`REMEMBERED_POSITIONS`), so memory stays
flat over a long session. Nothing here imports Qt.
"""

from __future__ import annotations

import enum
import functools
import os
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Final

from ttt_desktop.core.board import Board, GameOverError, Mark
from ttt_desktop.core.cells import Cell


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

REMEMBERED_POSITIONS: Final = 1024
"""How many positions' answers :func:`tic_tac_toe_values`, :func:`best_moves` and
:func:`principal_line` each remember (the most recently used): the rest are read off the
table again in microseconds. Remembering all 10,956 cost about 7 MiB, filled game after game."""


@functools.cache
def _value_from_score(score: int, empties: int) -> MoveValue:
    # One value per score and count of empty cells (a few hundred at most), shared by
    # every remembered answer.
    if score > 0:
        return MoveValue(Outcome.WIN, _WIN_BASE - score)
    if score < 0:
        return MoveValue(Outcome.LOSS, score + _WIN_BASE)
    # A drawn game always runs until the board is full.
    return MoveValue(Outcome.DRAW, empties)


# The solved game, stored: one byte per position and mover, read once per process, so
# the first value asked for costs a file read instead of solving the whole tree (about
# 0.15 s). Regenerate with ``python -m ttt_desktop.analysis``; a test compares.
SCORE_TABLE_PATH: Final = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scores.bin")
SCORE_TABLE_TITLE: Final = b"TTT-SCORES-1"
_POSITIONS: Final = 3**9
_SCORE_TABLE_SIZE: Final = len(SCORE_TABLE_TITLE) + 2 * _POSITIONS
# A stored byte is the score plus this; 0 marks a position no game reaches.
_SCORE_OFFSET: Final = 64
_TERNARY: Final = str.maketrans(".XO", "012")
_score_table: list[bytes | None] = []
_score_table_lock = threading.Lock()


def score_table_index(board: Board) -> int:
    """Where ``board``'s score is in the table file: the board read in base 3, then the mover."""
    number = int(board.cells.translate(_TERNARY), 3)
    return len(SCORE_TABLE_TITLE) + 2 * number + (0 if board.to_move is Mark.X else 1)


def stored_scores() -> bytes | None:
    """The table file's bytes (read once, thread-safe); None when it is missing or not ours."""
    if not _score_table:
        with _score_table_lock:
            if not _score_table:
                try:
                    with open(SCORE_TABLE_PATH, "rb") as file:
                        data: bytes | None = file.read()
                except OSError:
                    data = None
                if data is not None and (
                    not data.startswith(SCORE_TABLE_TITLE) or len(data) != _SCORE_TABLE_SIZE
                ):
                    data = None
                _score_table.append(data)
    return _score_table[0]


def position_score(board: Board) -> int:
    """The value of ``board`` for its side to move, as a :attr:`MoveValue.score`.

    Read from the stored table (a byte, nothing remembered per board); negamax over the
    tree below ``board``, memoised per board, where there is no table. A finished board
    scores -20 when won (the side to move has lost, zero plies left) and 0 when drawn.
    """
    table = stored_scores()
    if table is not None:
        stored = table[score_table_index(board)]
        if stored:
            return stored - _SCORE_OFFSET
    return solved_score(board)


@functools.cache
def solved_score(board: Board) -> int:
    """:func:`position_score` computed by negamax alone, never read from the table."""
    if board.is_over:
        return 0 if board.winner is None else -_WIN_BASE
    best = -_WIN_BASE - 1
    for cell in board.legal_moves():
        opponent_score = solved_score(board.play(cell))
        best = max(best, _flip(opponent_score))
    return best


def score_table_bytes() -> bytes:
    """The table file's contents, solved from scratch (every position either side starts)."""
    from ttt_desktop.analysis.gametree import reachable_boards  # noqa: PLC0415  (only here)

    data = bytearray(_SCORE_TABLE_SIZE)
    data[: len(SCORE_TABLE_TITLE)] = SCORE_TABLE_TITLE
    for first in (Mark.X, Mark.O):
        for board in reachable_boards(first):
            data[score_table_index(board)] = solved_score(board) + _SCORE_OFFSET
    return bytes(data)


def _flip(opponent_score: int) -> int:
    """The mover's score for a move after which the opponent scores ``opponent_score``."""
    if opponent_score > 0:
        return 1 - opponent_score
    if opponent_score < 0:
        return -1 - opponent_score
    return 0


def _score_after(child: Board) -> int:
    """The mover's score for the move leading to ``child``: one ply longer, sign flipped."""
    return _flip(position_score(child))


def position_value(board: Board) -> MoveValue:
    """The value of ``board`` for the side to move under perfect play.

    A finished board is a loss in 0 plies (won by the other side) or a draw in 0.
    """
    return _value_from_score(position_score(board), board.cells.count("."))


@functools.lru_cache(maxsize=REMEMBERED_POSITIONS)
def tic_tac_toe_values(board: Board) -> Mapping[Cell, MoveValue]:
    """Each legal move of ``board`` with its value under perfect play, for the side to move.

    Returns a read-only mapping in ascending cell order. A finished board raises
    :class:`GameOverError`.

    >>> values = tic_tac_toe_values(Board.from_string("XX." "OO." "..."))
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


@functools.lru_cache(maxsize=REMEMBERED_POSITIONS)
def best_moves(board: Board) -> tuple[Cell, ...]:
    """The moves a perfect player may choose: optimal, fastest win, slowest loss (ascending)."""
    values = tic_tac_toe_values(board)
    top = max(value.score for value in values.values())
    return tuple(cell for cell, value in values.items() if value.score == top)


@functools.lru_cache(maxsize=REMEMBERED_POSITIONS)
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
