"""The board: an immutable, hashable value for one position of any k-in-a-row game.

:class:`Board` is the board of every rules value (:mod:`ttt_desktop.core.rules`): m
columns, n rows, k in a row. Build one with ``Board.empty(rules=...)`` or
``Board.from_string(text, rules=...)``; the rules default to tic-tac-toe. Every board is a
:class:`Board` and answers the same questions: ``rules``, ``geometry``, ``to_move``,
``winner``, ``winning_line``, ``is_over``, ``legal_moves()``, ``forbidden_cells()``,
``play(cell)``, ``board[cell]``, ``x_bits``/``o_bits``, ``cells`` (one character a cell)
and ``ply``.

:class:`Board` itself is the general game: one int per side (a bitboard), the win test
looking only along the four lines through the last move, nothing cached between
positions, so memory stays flat however many games are played. Two kinds of board
specialise it:

* :class:`TicTacToeBoard`, the board of tic-tac-toe, for speed: interned, so every
  position exists once per process and remembers the boards its moves lead to. Walking
  the game tree (search, self-play, the arena) then costs a list lookup per move after
  the first visit, and equality and hashing are by identity, which Python does in C: a
  board is as cheap a dict key as an int. That is safe to share between threads because
  a board never changes. The table fills as positions are met; a long session completes
  it once at idle moments (:func:`completion_steps`: about 5 MiB and 0.1 s for all
  10,956), so it grows no more.
* :class:`RuledBoard`, the board of renju and caro, whose win test is the rule's and
  which, under renju, keeps black's forbidden cells out of its moves
  (:meth:`Board.forbidden_cells`).

Tic-tac-toe's speed is a subclass rather than data inside one class, measured: the test
on the move itself would be cheap (a move seen before, about 70 ns, took 1 ns more with a
test of whether the board is interned), but one class would hash and compare in Python,
asking each time which kind of board it is, and a 3x3 board is a dict key on every hot
path of the tic-tac-toe players and the solver: a dict lookup by an interned board takes
13 ns with the identity hash in C, 106 ns through a Python ``__hash__`` that first asks
whether the board is interned. The subclass keeps identity in C and leaves the general
board's play and value semantics untouched.

Nothing here imports Qt.
"""

from __future__ import annotations

import _thread
import enum
from collections.abc import Iterable, Iterator

from ttt_desktop.core.cells import CELLS, LINES, Cell
from ttt_desktop.core.rules import FIVE_ONLY_RULES, RENJU, TIC_TAC_TOE, Rules

# The cold path: no typing module (docs/manual/developer/architecture.md, "Cold start").
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, ClassVar, Final

    from ttt_desktop.core.geometry import Geometry


HUMAN_KIND = "human"
"""The kind of a seat a person takes: a game record's player entry, the session's seat
(every other kind is a computer player's; ``players.create_player`` makes none of this one)."""


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
    """The move is not a cell of the board (0-8 on tic-tac-toe)."""


class GameOverError(IllegalMoveError):
    """The game has ended: nobody may move."""


class ForbiddenMoveError(IllegalMoveError):
    """Under renju, a cell black (the first player) may not play: ``cell`` and ``reason``
    (an overline, a double-four or a double-three: ``renju.FORBIDDEN_REASONS``); the
    message names both ("h8 is forbidden for black: double-three")."""

    def __init__(self, message: str, cell: Cell, reason: str) -> None:
        super().__init__(message)
        self.cell = cell
        self.reason = reason


def _lines_of(cells: str, mark: str) -> tuple[tuple[Cell, Cell, Cell], ...]:
    return tuple(
        line for line in LINES if cells[line[0]] == cells[line[1]] == cells[line[2]] == mark
    )


class Board:
    """One position of any k-in-a-row game: the marks on the cells and the mark to move.

    Build one with :meth:`empty` or :meth:`from_string`; get the next with :meth:`play`.
    This class is the general game, one bitboard per side, a value: equal positions
    compare and hash equal (they are not interned: a 15x15 game would otherwise keep every
    position it ever met). ``winning_line`` is the whole run of the winner's stones through
    the winning move (k or more cells; exactly k under ``exact`` rules), ordered along the
    line, and ``last_move`` the cell played last (None on a parsed board without a winner).
    Tic-tac-toe gives a :class:`TicTacToeBoard`, renju and caro a :class:`RuledBoard`.

    >>> from ttt_desktop.core.rules import Rules
    >>> board = Board.empty(rules=Rules(7, 7, 5)).play_all([24, 0, 25, 1, 26, 2, 27, 3])
    >>> board.to_move, board.name(28)
    (<Mark.X: 'X'>, 'a3')
    >>> board.play(23).winner, board.play(23).winning_line
    (<Mark.X: 'X'>, (23, 24, 25, 26, 27))
    """

    __slots__ = (
        "_cells",
        "_geometry",
        "_hash",
        "_legal",
        "is_over",
        "last_move",
        "o",
        "ply",
        "rules",
        "to_move",
        "winner",
        "winning_line",
        "winning_lines",
        "x",
    )

    rules: Rules
    """The rules this board is played by."""
    to_move: Mark
    ply: int
    """How many moves have been played."""
    winner: Mark | None
    winning_line: tuple[Cell, ...] | None
    winning_lines: tuple[tuple[Cell, ...], ...]
    is_over: bool
    x: int
    o: int
    last_move: Cell | None
    _geometry: Geometry
    _legal: tuple[Cell, ...] | None
    _cells: str | None
    _hash: int | None

    def __new__(cls, *args: object, **kwargs: object) -> Board:
        raise TypeError("a Board comes from Board.empty(rules=...) or Board.from_string")

    @classmethod
    def _make(  # noqa: PLR0917  (one call site a kind, hot)
        cls,
        rules: Rules,
        x: int,
        o: int,
        to_move: Mark,
        ply: int,
        last_move: Cell | None,
        winner: Mark | None,
        lines: tuple[tuple[Cell, ...], ...],
        legal: tuple[Cell, ...] | None,
    ) -> Board:
        board = object.__new__(cls)
        put = object.__setattr__
        put(board, "rules", rules)
        put(board, "_geometry", rules.geometry)
        put(board, "x", x)
        put(board, "o", o)
        put(board, "to_move", to_move)
        put(board, "ply", ply)
        put(board, "last_move", last_move)
        put(board, "winner", winner)
        put(board, "winning_line", lines[0] if lines else None)
        put(board, "winning_lines", lines)
        over = winner is not None or ply == rules.size
        put(board, "is_over", over)
        put(board, "_legal", () if over else legal)
        put(board, "_cells", None)
        put(board, "_hash", None)
        return board

    # Construction -------------------------------------------------------------

    @classmethod
    def empty(cls, first: Mark = Mark.X, rules: Rules | str | None = None) -> Board:
        """The empty board of ``rules`` (tic-tac-toe when None) with ``first`` to move."""
        if rules is not None and rules is not TIC_TAC_TOE:
            rules = Rules.parse(rules)
            if rules is not TIC_TAC_TOE:
                kind = _ruled_board() if rules.rule in FIVE_ONLY_RULES else Board
                return kind._make(rules, 0, 0, Mark(first), 0, None, None, (), rules.geometry.cells)
        return TicTacToeBoard(EMPTY * 9, Mark(first))

    @classmethod
    def from_string(
        cls, text: str, to_move: Mark | str | None = None, rules: Rules | str | None = None
    ) -> Board:
        """Parse one character a cell, ``X``, ``O`` or ``.``, row by row from the top-left.

        ``rules`` defaults to tic-tac-toe (nine characters); other rules take m x n
        characters, whose rows may come on lines of their own.

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
        if rules is not None and rules is not TIC_TAC_TOE:
            rules = Rules.parse(rules)
            if rules is not TIC_TAC_TOE:
                return _parse(text, to_move, rules)
        return TicTacToeBoard._parse_nine(text, to_move)

    # Queries ------------------------------------------------------------------

    @property
    def geometry(self) -> Geometry:
        """Cells, lines, symmetries and cell names of this board's rules."""
        return self._geometry

    @property
    def x_bits(self) -> int:
        """X's cells as a bitboard (bit ``cell`` set)."""
        return self.x

    @property
    def o_bits(self) -> int:
        """O's cells as a bitboard."""
        return self.o

    def bits(self, mark: Mark) -> int:
        """``mark``'s cells as a bitboard."""
        return self.x if mark is _X else self.o

    @property
    def cells(self) -> str:
        """One character a cell, row by row from the top-left: ``X``, ``O`` or ``.``."""
        text = self._cells
        if text is None:
            x, o = self.x, self.o
            text = "".join(
                "X" if x >> c & 1 else "O" if o >> c & 1 else EMPTY for c in self._geometry.cells
            )
            object.__setattr__(self, "_cells", text)
        return text

    def name(self, cell: Cell) -> str:
        """How a person names ``cell`` on this board ("7", "h8")."""
        return self.rules.geometry.name(cell)

    def to_string(self) -> str:
        """The form :meth:`from_string` reads: :attr:`cells`."""
        return self.cells

    def legal_moves(self) -> tuple[Cell, ...]:
        """Empty cells in ascending order; none once the game is over. Under renju black's
        forbidden cells are left out (:meth:`forbidden_cells`)."""
        legal = self._legal
        if legal is None:
            occupied = self.x | self.o
            legal = tuple(c for c in self._geometry.cells if not occupied >> c & 1)
            object.__setattr__(self, "_legal", legal)
        return legal

    def forbidden_cells(self) -> dict[Cell, str]:
        """The empty cells the mark to move may not play, each with its reason: under renju
        black's (the first player's) overlines, double-fours and double-threes when black is
        to move (:mod:`ttt_desktop.core.renju`); empty for every other rule and for white."""
        return {}

    def __getitem__(self, cell: Cell) -> Mark | None:
        self._geometry.check(cell)
        if self.x >> cell & 1:
            return _X
        if self.o >> cell & 1:
            return _O
        return None

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

        Raises :class:`OffBoardError`, :class:`OccupiedCellError`,
        :class:`GameOverError` or, under renju, :class:`ForbiddenMoveError` (all
        :class:`IllegalMoveError`).
        """
        geometry = self._geometry
        if not (type(cell) is int and 0 <= cell < geometry.size) or self.is_over:
            raise self._refusal(cell)
        bit = 1 << cell
        if (self.x | self.o) & bit:
            raise self._refusal(cell)
        mover = self.to_move
        if mover is _X:
            x, o, mine = self.x | bit, self.o, self.x | bit
        else:
            x, o, mine = self.x, self.o | bit, self.o | bit
        lines = _runs_through(geometry, mine, cell)
        parent_legal = self._legal
        legal: tuple[Cell, ...] | None = None
        if parent_legal is not None:
            at = parent_legal.index(cell)
            legal = parent_legal[:at] + parent_legal[at + 1 :]
        return Board._make(
            self.rules,
            x,
            o,
            _O if mover is _X else _X,
            self.ply + 1,
            cell,
            mover if lines else None,
            lines,
            legal,
        )

    def play_all(self, cells: Iterable[Cell]) -> Board:
        """The board after playing ``cells`` in order."""
        board = self
        for cell in cells:
            board = board.play(cell)
        return board

    def _refusal(self, cell: object) -> IllegalMoveError:
        """The error of a move that is off the board, after the game's end or on a taken cell."""
        geometry = self._geometry
        if not (type(cell) is int and 0 <= cell < geometry.size):
            return OffBoardError(
                f"{cell!r} is not a cell: the cells of {self.rules.key} are 0-{geometry.size - 1}"
            )
        if self.is_over:
            outcome = f"{self.winner} has won" if self.winner else "it is a draw"
            return GameOverError(
                f"the game is over ({outcome}): {geometry.describe(cell)} can't be played"
            )
        occupant = "X" if self.x >> cell & 1 else "O"
        return OccupiedCellError(f"{geometry.describe(cell)} is already taken by {occupant}")

    # Value semantics ----------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Board):
            return NotImplemented
        return (
            self.rules is other.rules
            and self.x == other.x
            and self.o == other.o
            and self.to_move is other.to_move
        )

    def __hash__(self) -> int:
        value = self._hash
        if value is None:
            value = hash((self.x, self.o, self.to_move is _X, self.rules.key))
            object.__setattr__(self, "_hash", value)
        return value

    def __reduce__(self) -> tuple[object, ...]:
        return (_parsed_board, (self.rules, self.cells, self.to_move.value))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Board is immutable: play() returns a new board")

    def __repr__(self) -> str:
        return (
            f"Board.from_string({self.cells!r}, to_move={self.to_move.value!r}, "
            f"rules={self.rules.key!r})"
        )

    def __str__(self) -> str:
        m, text = self.rules.m, self.cells
        return "\n".join(" ".join(text[i : i + m]) for i in range(0, len(text), m))


class TicTacToeBoard(Board):
    """The board of tic-tac-toe: nine cells, interned, each position once per process.

    A position knows the marks on its nine cells (``cells``, kept as a string) and whose
    turn it is, and derives everything else (winner, winning line, legal moves, the two
    bitboards) once, when first met. A position remembers the boards its moves lead to, so
    playing a move seen before is a list lookup. Equality and hashing are identity:
    interning makes equal positions the same object, also after pickling, copying or
    parsing. A position is reached by many games, so it has no ``last_move``.

    >>> board = Board.from_string("XX." "OO." "...")
    >>> type(board).__name__, board.to_move, board.legal_moves()
    ('TicTacToeBoard', <Mark.X: 'X'>, (2, 5, 6, 7, 8))
    >>> board.play(2).winner, board.play(2).winning_line
    (<Mark.X: 'X'>, (0, 1, 2))
    """

    __slots__ = ("_children", "cells")

    cells: str  # a slot here, the general board's property
    _legal: tuple[Cell, ...]
    _children: list[Board | None]

    # Keyed by the cells plus the mover's letter (a Mark is a str): a str hashes in C,
    # an enum member in Python.
    _interned: ClassVar[dict[str, TicTacToeBoard]] = {}
    _intern_lock: ClassVar = _thread.allocate_lock()

    rules = TIC_TAC_TOE

    def __new__(cls, cells: str, to_move: Mark) -> TicTacToeBoard:
        """Not for direct use: validation lives in :meth:`Board.from_string`."""
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
        put = object.__setattr__  # past __setattr__, which refuses every write
        put(self, "cells", cells)
        put(self, "to_move", to_move)
        put(self, "ply", 9 - cells.count(EMPTY))
        # One int per bitboard value (Python keeps only 0-256 once), shared by every board.
        backwards = cells[::-1]
        put(self, "x", _NINE_CELL_BITS[int(backwards.translate(_X_DIGITS), 2)])
        put(self, "o", _NINE_CELL_BITS[int(backwards.translate(_O_DIGITS), 2)])
        x_lines = _lines_of(cells, "X")
        o_lines = _lines_of(cells, "O")
        lines = x_lines or o_lines
        winner = _X if x_lines else _O if o_lines else None
        put(self, "winning_lines", lines)
        put(self, "winner", winner)
        put(self, "winning_line", lines[0] if lines else None)
        empties = tuple(c for c in CELLS if cells[c] == EMPTY)
        over = winner is not None or not empties
        put(self, "is_over", over)
        # One tuple per set of empty cells, shared by every board with those cells empty.
        put(self, "_legal", () if over else _EMPTIES.setdefault(empties, empties))
        put(self, "_children", [None] * 9)

    @classmethod
    def _parse_nine(cls, text: str, to_move: Mark | str | None) -> TicTacToeBoard:
        """The board of nine characters; see :meth:`Board.from_string`."""
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

    @property
    def geometry(self) -> Geometry:
        return self.rules.geometry  # made on first use (the cold path needs none)

    def legal_moves(self) -> tuple[Cell, ...]:
        return self._legal

    def __getitem__(self, cell: Cell) -> Mark | None:
        return _MARK_OF_CHAR.get(self.cells[cell])

    # Moves --------------------------------------------------------------------

    def play(self, cell: Cell) -> Board:
        if type(cell) is int and 0 <= cell <= 8:
            child = self._children[cell]
            if child is not None:
                return child
        else:
            raise OffBoardError(f"{cell!r} is not a cell: cells are 0-8 (keypad 1-9)")
        if self.is_over:
            outcome = f"{self.winner} has won" if self.winner else "it is a draw"
            where = TIC_TAC_TOE.geometry.describe(cell)
            raise GameOverError(f"the game is over ({outcome}): {where} can't be played")
        occupant = self.cells[cell]
        if occupant != EMPTY:
            raise OccupiedCellError(
                f"{TIC_TAC_TOE.geometry.describe(cell)} is already taken by {occupant}"
            )
        mover = self.to_move
        child = TicTacToeBoard(
            self.cells[:cell] + mover + self.cells[cell + 1 :],
            _O if mover is _X else _X,
        )
        self._children[cell] = child
        return child

    # Value semantics ----------------------------------------------------------
    # Identity, in C: interning makes equal positions the same object.

    __eq__ = object.__eq__
    __hash__ = object.__hash__

    def __reduce__(self) -> tuple[object, ...]:
        return (TicTacToeBoard, (self.cells, self.to_move))

    def __repr__(self) -> str:
        return f"Board.from_string({self.cells!r}, to_move={self.to_move.value!r})"


_EMPTIES: Final[dict[tuple[Cell, ...], tuple[Cell, ...]]] = {}

_NINE_CELL_BITS: Final = tuple(range(1 << 9))
# A nine-character board read backwards, as binary digits: cell 0 is the lowest bit.
_X_DIGITS: Final = str.maketrans("XO.", "100")
_O_DIGITS: Final = str.maketrans("XO.", "010")

POSITIONS: Final = 10_956
"""Tic-tac-toe positions a game can reach: 5,478 with X moving first, 5,478 with O first."""

COMPLETE_AT: Final = 2_000
"""Interned positions after which a long session interns the rest (:func:`completion_steps`)."""

_completed: list[bool] = []


def interned_positions() -> int:
    """How many tic-tac-toe positions this process holds (every one it has met, interned)."""
    return len(TicTacToeBoard._interned)


def wants_completion() -> bool:
    """True when the table of positions has grown past :data:`COMPLETE_AT` and is not complete.

    A long session meets rarer positions game after game, each interned for good (a few
    hundred bytes): completing the table once, stepwise at idle moments, leaves nothing to
    grow afterwards. A short session never pays for the positions it does not meet.
    """
    return not _completed and len(TicTacToeBoard._interned) >= COMPLETE_AT


def completion_steps(batch: int = 250) -> Iterator[int]:
    """Intern every position a game can reach (either mark first), ``batch`` positions a step.

    Each step expands ``batch`` positions (their moves' boards made and remembered, about
    2.5 ms); the generator yields the positions interned so far after each step, so a caller
    can go on at its own idle moments. Safe beside other threads' play (boards are interned
    under a lock and a child once made never changes). Once run to the end,
    :func:`wants_completion` is False for good.
    """
    if _completed:
        return
    waiting = [Board.empty(_X), Board.empty(_O)]
    seen = set(waiting)
    expanded = 0
    while waiting:
        board = waiting.pop()
        for cell in board.legal_moves():
            child = board.play(cell)
            if child not in seen:
                seen.add(child)
                waiting.append(child)
        expanded += 1
        if expanded % batch == 0:
            yield len(TicTacToeBoard._interned)
    _completed.append(True)
    yield len(TicTacToeBoard._interned)


def complete_positions() -> int:
    """Intern every position a game can reach at once (about 0.1 s); the positions interned."""
    for _ in completion_steps():
        pass
    return len(TicTacToeBoard._interned)


def _bits_of(cells: str, mark: str) -> int:
    bits = 0
    for cell, char in enumerate(cells):
        if char == mark:
            bits |= 1 << cell
    return bits


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


def _parse(text: str, to_move: Mark | str | None, rules: Rules) -> Board:
    """A board of ``rules`` from m x n characters; see :meth:`Board.from_string`."""
    size = rules.size
    if not isinstance(text, str):
        raise ValueError(
            f"a {rules.key} board is a string of {size} characters, not {type(text).__name__}"
        )
    text = "".join(text.split())  # rows may come on lines of their own
    if len(text) != size:
        raise ValueError(
            f"a {rules.key} board has {size} cells, but the text has {len(text)} characters"
        )
    stray = sorted(set(text) - {"X", "O", EMPTY})
    if stray:
        raise ValueError(
            "a board uses only 'X', 'O' and '.', but the text has " + ", ".join(map(repr, stray))
        )
    x, o = _bits_of(text, "X"), _bits_of(text, "O")
    x_count, o_count = x.bit_count(), o.bit_count()
    if abs(x_count - o_count) > 1:
        raise ValueError(
            f"impossible position: {x_count} X and {o_count} O "
            "(the players take turns, so the counts differ by at most one)"
        )
    if to_move is not None:
        try:
            to_move = Mark(to_move)
        except ValueError:
            raise ValueError(f"the mark to move is 'X' or 'O', not {to_move!r}") from None
    if x_count == o_count:
        next_mark = to_move if to_move is not None else _X
    else:
        next_mark = _O if x_count > o_count else _X
        if to_move is not None and to_move != next_mark:
            raise ValueError(
                f"impossible position: with {x_count} X and {o_count} O "
                f"it is {next_mark}'s turn, not {to_move}'s"
            )
    geometry = rules.geometry
    ruled = rules.rule in FIVE_ONLY_RULES
    kind: type[Board] = Board
    if ruled:
        kind = _ruled_board()
        # The first player (black) is X when X has more stones, else the mark to move
        # at an even ply.
        x_first = x_count > o_count or (x_count == o_count and next_mark is _X)
        x_runs = _rule_runs(rules, x_first, x, o)
        o_runs = _rule_runs(rules, not x_first, o, x)
    else:
        x_runs, o_runs = _winning_runs(geometry, x), _winning_runs(geometry, o)
    if x_runs and o_runs:
        raise ValueError("impossible position: both X and O have a line")
    runs = x_runs or o_runs
    winner: Mark | None = None
    lines: tuple[tuple[Cell, ...], ...] = ()
    last: Cell | None = None
    if runs:
        winner = _X if x_runs else _O
        if next_mark == winner:
            raise ValueError(
                f"impossible position: {winner} has a line but {winner.opponent} moved after it"
            )
        shared = set(runs[0]).intersection(*runs[1:])
        if not shared:
            raise ValueError(
                f"impossible position: {winner} has two separate lines, "
                "so play went on after the first"
            )
        last = min(shared)
        if ruled:
            mine, theirs = (x, o) if winner is _X else (o, x)
            lines = _renju.winning_runs(rules, (winner is _X) == x_first, mine, theirs, last)
        else:
            lines = _runs_through(geometry, x if winner is _X else o, last)
    occupied = x | o
    legal = tuple(c for c in geometry.cells if not occupied >> c & 1)
    return kind._make(rules, x, o, next_mark, x_count + o_count, last, winner, lines, legal)


class RuledBoard(Board):
    """A :class:`Board` of renju or caro: the win test of the rule
    (:func:`ttt_desktop.core.renju.winning_runs`: renju's black wins with exactly five,
    caro's five blocked at both ends wins nothing) and, under renju, black's forbidden cells
    (:meth:`forbidden_cells`), left out of :meth:`legal_moves` and refused by :meth:`play`
    with a :class:`ForbiddenMoveError`. Black is the first player, whichever mark that is.

    Free-style and standard boards are plain :class:`Board` values, whose play does not
    look at the rule at all.
    """

    __slots__ = ("_allowed", "_forbidden")

    _allowed: tuple[Cell, ...] | None
    _forbidden: dict[Cell, str] | None

    @classmethod
    def _make(  # noqa: PLR0917  (as Board's)
        cls,
        rules: Rules,
        x: int,
        o: int,
        to_move: Mark,
        ply: int,
        last_move: Cell | None,
        winner: Mark | None,
        lines: tuple[tuple[Cell, ...], ...],
        legal: tuple[Cell, ...] | None,
    ) -> Board:
        board = super()._make(rules, x, o, to_move, ply, last_move, winner, lines, legal)
        object.__setattr__(board, "_allowed", None)
        object.__setattr__(board, "_forbidden", None)
        return board

    def forbidden_cells(self) -> dict[Cell, str]:
        return dict(self._forbidden_now())

    def _forbidden_now(self) -> dict[Cell, str]:
        """This position's forbidden cells, found once (the dict is kept: not for callers)."""
        found = self._forbidden
        if found is None:
            found = {}
            if self.ply % 2 == 0 and not self.is_over and self.rules.rule == RENJU:
                black, white = (self.x, self.o) if self.to_move is _X else (self.o, self.x)
                found = _renju.forbidden_cells(self._geometry, black, white)
            object.__setattr__(self, "_forbidden", found)
        return found

    def legal_moves(self) -> tuple[Cell, ...]:
        allowed = self._allowed
        if allowed is None:
            allowed = Board.legal_moves(self)
            forbidden = self._forbidden_now()
            if forbidden:
                allowed = tuple(cell for cell in allowed if cell not in forbidden)
            object.__setattr__(self, "_allowed", allowed)
        return allowed

    def play(self, cell: Cell) -> Board:
        geometry = self._geometry
        if not (type(cell) is int and 0 <= cell < geometry.size) or self.is_over:
            raise self._refusal(cell)
        bit = 1 << cell
        if (self.x | self.o) & bit:
            raise self._refusal(cell)
        rules = self.rules
        mover = self.to_move
        first = self.ply % 2 == 0
        mine, theirs = (self.x, self.o) if mover is _X else (self.o, self.x)
        if first and rules.rule == RENJU:
            known = self._forbidden
            reason = (
                known.get(cell)
                if known is not None
                else _renju.forbidden_reason(geometry, mine, theirs, cell)
            )
            if reason is not None:
                raise ForbiddenMoveError(
                    f"{geometry.name(cell)} is forbidden for black: {reason}", cell, reason
                )
        mine |= bit
        x, o = (mine, theirs) if mover is _X else (theirs, mine)
        lines = _renju.winning_runs(rules, first, mine, theirs, cell)
        parent_legal = self._legal
        legal: tuple[Cell, ...] | None = None
        if parent_legal is not None:
            at = parent_legal.index(cell)
            legal = parent_legal[:at] + parent_legal[at + 1 :]
        return RuledBoard._make(
            rules,
            x,
            o,
            _O if mover is _X else _X,
            self.ply + 1,
            cell,
            mover if lines else None,
            lines,
            legal,
        )


_renju: Any = None
""":mod:`ttt_desktop.core.renju`, loaded with the first board of renju or caro (the cold
path of tic-tac-toe loads no more than it needs)."""


def _ruled_board() -> type[RuledBoard]:
    global _renju  # noqa: PLW0603  (loaded once, on first use)
    if _renju is None:
        from ttt_desktop.core import renju  # noqa: PLC0415

        _renju = renju
    return RuledBoard


def _rule_runs(rules: Rules, first: bool, mine: int, theirs: int) -> list[tuple[Cell, ...]]:
    """Every run of ``mine`` that wins under ``rules`` (renju, caro), each once, for
    checking a parsed position: :func:`ttt_desktop.core.renju.winning_runs` of each stone."""
    runs: list[tuple[Cell, ...]] = []
    for cell in rules.geometry.cells:
        if mine >> cell & 1:
            for run in _renju.winning_runs(rules, first, mine, theirs, cell):
                if run not in runs:
                    runs.append(run)
    return runs


def _parsed_board(rules: Rules, cells: str, to_move: str) -> Board:
    return Board.from_string(cells, to_move, rules=rules)


def _runs_through(geometry: Geometry, mine: int, cell: Cell) -> tuple[tuple[Cell, ...], ...]:
    """The winning runs of ``mine`` through ``cell`` (usually none): the win test of one move."""
    k = geometry.k
    exact = geometry.rules.exact
    found: tuple[tuple[Cell, ...], ...] = ()
    for forward, backward in geometry.rays[cell]:
        ahead = 0
        for other in forward:
            if not mine >> other & 1:
                break
            ahead += 1
        behind = 0
        for other in backward:
            if not mine >> other & 1:
                break
            behind += 1
        length = ahead + behind + 1
        if length >= k and (length == k or not exact):
            found += ((*reversed(backward[:behind]), cell, *forward[:ahead]),)
    return found


def _winning_runs(geometry: Geometry, mine: int) -> list[tuple[Cell, ...]]:
    """Every maximal run of ``mine`` that wins (each once), for checking a parsed position."""
    runs: list[tuple[Cell, ...]] = []
    seen: set[tuple[Cell, ...]] = set()
    for cell in geometry.cells:
        if mine >> cell & 1:
            for forward, backward in geometry.rays[cell]:
                if backward and mine >> backward[0] & 1:
                    continue  # not the start of its run in this direction
                length = 1
                for other in forward:
                    if not mine >> other & 1:
                        break
                    length += 1
                k = geometry.k
                if length >= k and (length == k or not geometry.rules.exact):
                    run = (cell, *forward[: length - 1])
                    if run not in seen:
                        seen.add(run)
                        runs.append(run)
    return runs
