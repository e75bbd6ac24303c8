"""The board: an immutable, hashable value for one tic-tac-toe position.

A :class:`Board` knows the marks on its nine cells and whose turn it is, and
derives everything else (winner, winning line, legal moves). ``play`` returns a
new board. Boards are interned: every position exists once per process, and a
position remembers the boards its moves lead to, so walking the game tree
(search, self-play, the arena) costs a list lookup per move after the first
visit. That is safe to share between threads because a board never changes.
Because each position exists once, equality and hashing are by identity, which
Python does in C: a board is as cheap a dict key as an int.

Nothing here imports Qt.
"""

from __future__ import annotations

import _thread
import enum
from collections.abc import Iterable

from ttt_desktop.engine.cells import CELLS, LINES, Cell, describe_cell

# typing is for the type checker only: importing it costs a fresh process ~9 ms,
# a fifth of the perfect player's first move (benchmarks/engine_speed.py).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ClassVar, Final


class Mark(enum.StrEnum):
    """A player's mark; its value is the character used in board strings."""

    X = "X"
    O = "O"  # noqa: E741  (the letter is the point)

    @property
    def opponent(self) -> Mark:
        return _O if self is _X else _X


# Module-level names for the members: on Python 3.11 ``Mark.X`` goes through the enum
# metaclass's attribute hook and costs about 0.3 us, a global costs a few ns.
_X: Final = Mark.X
_O: Final = Mark.O
_MARK_OF_CHAR: Final[dict[str, Mark]] = {"X": _X, "O": _O}

EMPTY: Final = "."


class IllegalMoveError(ValueError):
    """A move that the rules do not allow; the message names the cell as a person sees it."""


class OccupiedCellError(IllegalMoveError):
    """The cell already holds a mark."""


class OffBoardError(IllegalMoveError):
    """The move is not a cell 0-8."""


class GameOverError(IllegalMoveError):
    """The game has ended: nobody may move."""


def _lines_of(cells: str, mark: str) -> tuple[tuple[Cell, Cell, Cell], ...]:
    return tuple(
        line for line in LINES if cells[line[0]] == cells[line[1]] == cells[line[2]] == mark
    )


class Board:
    """One position: nine cells and the mark to move.

    Build one with :meth:`empty` or :meth:`from_string`; get the next with :meth:`play`.

    >>> board = Board.from_string("XX." "OO." "...")
    >>> board.to_move, board.legal_moves()
    (<Mark.X: 'X'>, (2, 5, 6, 7, 8))
    >>> board.play(2).winner, board.play(2).winning_line
    (<Mark.X: 'X'>, (0, 1, 2))
    """

    __slots__ = (
        "_children",
        "_legal_moves",
        "cells",
        "is_over",
        "to_move",
        "winner",
        "winning_line",
        "winning_lines",
    )

    cells: str
    to_move: Mark
    winner: Mark | None
    winning_line: tuple[Cell, Cell, Cell] | None
    winning_lines: tuple[tuple[Cell, Cell, Cell], ...]
    is_over: bool
    _legal_moves: tuple[Cell, ...]
    _children: list[Board | None]

    # Keyed by the cells plus the mover's letter (a Mark is a str): a str hashes in C,
    # an enum member in Python.
    _interned: ClassVar[dict[str, Board]] = {}
    _intern_lock: ClassVar = _thread.allocate_lock()

    def __new__(cls, cells: str, to_move: Mark) -> Board:
        """Not for direct use: validation lives in :meth:`from_string`."""
        key = cells + to_move
        board = cls._interned.get(key)
        if board is not None:
            return board
        with cls._intern_lock:
            board = cls._interned.get(key)
            if board is None:
                board = object.__new__(cls)
                board._init(cells, to_move)
                cls._interned[key] = board
        return board

    def _init(self, cells: str, to_move: Mark) -> None:
        self.cells = cells
        self.to_move = to_move
        x_lines = _lines_of(cells, "X")
        o_lines = _lines_of(cells, "O")
        self.winning_lines = x_lines or o_lines
        self.winner = _X if x_lines else _O if o_lines else None
        self.winning_line = self.winning_lines[0] if self.winning_lines else None
        empties = tuple(c for c in CELLS if cells[c] == EMPTY)
        self.is_over = self.winner is not None or not empties
        self._legal_moves = () if self.is_over else empties
        # Set last: __setattr__ takes its presence to mean the board is complete.
        self._children = [None] * 9

    # Construction -------------------------------------------------------------

    @classmethod
    def empty(cls, first: Mark = Mark.X) -> Board:
        """The empty board with ``first`` to move."""
        return cls(EMPTY * 9, Mark(first))

    @classmethod
    def from_string(cls, text: str, to_move: Mark | str | None = None) -> Board:
        """Parse nine characters of ``X``, ``O`` and ``.``, row by row from the top-left.

        Without ``to_move``, X is taken to have moved first, so X moves when the
        counts are equal. A position no game can reach raises ``ValueError``
        saying why.

        >>> Board.from_string("X........").to_move
        <Mark.O: 'O'>
        >>> Board.from_string("O........").to_move
        <Mark.X: 'X'>
        >>> Board.from_string("XXXOO.O..")
        Traceback (most recent call last):
        ...
        ValueError: impossible position 'XXXOO.O..': X has a line but O moved after it
        """
        if not isinstance(text, str):
            raise ValueError(f"a board is a string of 9 characters, not {type(text).__name__}")
        if len(text) != 9:
            raise ValueError(f"a board has 9 cells, but {text!r} has {len(text)} characters")
        stray = sorted(set(text) - {"X", "O", EMPTY})
        if stray:
            raise ValueError(
                f"a board uses only 'X', 'O' and '.', but {text!r} has "
                f"{', '.join(map(repr, stray))}"
            )
        if to_move is not None:
            try:
                to_move = Mark(to_move)
            except ValueError:
                raise ValueError(f"the mark to move is 'X' or 'O', not {to_move!r}") from None
        x_count, o_count = text.count("X"), text.count("O")
        if abs(x_count - o_count) > 1:
            raise ValueError(
                f"impossible position {text!r}: {x_count} X and {o_count} O "
                "(the players take turns, so the counts differ by at most one)"
            )
        if x_count == o_count:
            next_mark = to_move if to_move is not None else Mark.X
        else:
            next_mark = Mark.O if x_count > o_count else Mark.X
            if to_move is not None and to_move != next_mark:
                raise ValueError(
                    f"impossible position {text!r}: with {x_count} X and {o_count} O "
                    f"it is {next_mark}'s turn, not {to_move}'s"
                )
        _check_win_history(text, next_mark)
        return cls(text, next_mark)

    # Queries ------------------------------------------------------------------

    def to_string(self) -> str:
        """The nine-character form :meth:`from_string` reads."""
        return self.cells

    def legal_moves(self) -> tuple[Cell, ...]:
        """Empty cells in ascending order; none once the game is over."""
        return self._legal_moves

    def __getitem__(self, cell: Cell) -> Mark | None:
        return _MARK_OF_CHAR.get(self.cells[cell])

    @property
    def ply(self) -> int:
        """How many moves have been played."""
        return 9 - self.cells.count(EMPTY)

    @property
    def first_player(self) -> Mark:
        """The mark that made (or will make) the first move of the game."""
        if self.ply % 2 == 0:
            return self.to_move
        return self.to_move.opponent

    @property
    def is_draw(self) -> bool:
        return self.is_over and self.winner is None

    # Moves --------------------------------------------------------------------

    def play(self, cell: Cell) -> Board:
        """The board after the mark to move takes ``cell``.

        Raises :class:`OffBoardError`, :class:`OccupiedCellError` or
        :class:`GameOverError` (all :class:`IllegalMoveError`).
        """
        if type(cell) is int and 0 <= cell <= 8:
            child = self._children[cell]
            if child is not None:
                return child
        else:
            raise OffBoardError(f"{cell!r} is not a cell: cells are 0-8 (keypad 1-9)")
        if self.is_over:
            outcome = f"{self.winner} has won" if self.winner else "it is a draw"
            raise GameOverError(
                f"the game is over ({outcome}): {describe_cell(cell)} can't be played"
            )
        occupant = self.cells[cell]
        if occupant != EMPTY:
            raise OccupiedCellError(f"{describe_cell(cell)} is already taken by {occupant}")
        mover = self.to_move
        child = Board(
            self.cells[:cell] + mover + self.cells[cell + 1 :],
            _O if mover is _X else _X,
        )
        self._children[cell] = child
        return child

    def play_all(self, cells: Iterable[Cell]) -> Board:
        """The board after playing ``cells`` in order."""
        board = self
        for cell in cells:
            board = board.play(cell)
        return board

    # Value semantics ----------------------------------------------------------
    # Equality and hashing are object identity (inherited): interning makes equal
    # positions the same object, also after pickling, copying or parsing.

    def __reduce__(self) -> tuple[type[Board], tuple[str, Mark]]:
        return (Board, (self.cells, self.to_move))

    def __setattr__(self, name: str, value: object) -> None:
        if hasattr(self, "_children"):
            raise AttributeError("Board is immutable: play() returns a new board")
        object.__setattr__(self, name, value)

    def __repr__(self) -> str:
        return f"Board.from_string({self.cells!r}, to_move={self.to_move.value!r})"

    def __str__(self) -> str:
        rows = (self.cells[i : i + 3] for i in (0, 3, 6))
        return "\n".join(" ".join(row) for row in rows)


def _check_win_history(text: str, next_mark: Mark) -> None:
    """Reject a won position that no game reaches.

    The winner must have made the last move, that move must lie on every one of
    the winner's lines, and before it nobody had a line.
    """
    x_lines, o_lines = _lines_of(text, "X"), _lines_of(text, "O")
    if x_lines and o_lines:
        raise ValueError(f"impossible position {text!r}: both X and O have a line")
    lines = x_lines or o_lines
    if not lines:
        return
    winner = _X if x_lines else _O
    if next_mark == winner:
        raise ValueError(
            f"impossible position {text!r}: {winner} has a line but "
            f"{winner.opponent} moved after it"
        )
    shared = set(lines[0]).intersection(*lines[1:])
    if not shared:
        raise ValueError(
            f"impossible position {text!r}: {winner} has two separate lines, "
            "so play went on after the first"
        )
