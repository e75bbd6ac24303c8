"""What every computer player is: the :class:`Player` base class, its errors, shared helpers.

A player is asked for a move with :meth:`Player.choose_move` and answers with a
legal cell. It never changes the board (boards are immutable) and keeps no
state shared with other players, so each may think in its own worker thread.
Randomness comes only from the player's own ``random.Random(seed)``: two
players of the same kind and seed play the same game.

Nothing here imports Qt.
"""

from __future__ import annotations

import abc
import os
import random
import time
from collections.abc import Callable, Sequence

from ttt_desktop.engine.board import Board, GameOverError, Mark
from ttt_desktop.engine.cells import LINES, Cell
from ttt_desktop.players.roster import display_name

# typing is for the type checker only: importing it costs a fresh process ~9 ms,
# a fifth of the perfect player's first move (benchmarks/engine_speed.py).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ClassVar, Final

    from ttt_desktop.players.thought import StopCheck, Thought

HUMAN_KIND = "human"
"""The kind that game records use for a person; :func:`create_player` does not make one."""


def fresh_seed() -> int:
    """A new seed from the operating system's randomness (32 bits: short enough to read out)."""
    return int.from_bytes(os.urandom(4), "big")


class Player(abc.ABC):
    """A computer player of one kind, with its own seeded random generator.

    Subclasses set :attr:`kind` and implement :meth:`choose_move`; their
    constructors take the seed and their own options as keyword arguments.
    ``seed=None`` draws a fresh seed and keeps it in :attr:`seed`, so the game
    can be played again move for move.
    """

    kind: ClassVar[str]
    seed: int
    name: str
    random: random.Random

    def __init__(self, *, seed: int | None = None) -> None:
        if seed is None:
            seed = fresh_seed()
        elif type(seed) is not int:
            raise TypeError(f"a seed is an int, not {seed!r}")
        self.seed = seed
        self.random = random.Random(seed)
        # Bound once: choose_move of the fast players is a handful of operations.
        self._random: Callable[[], float] = self.random.random
        self.name = display_name(self.kind)

    @abc.abstractmethod
    def choose_move(self, board: Board) -> Cell:
        """A legal move for the side to move on ``board``.

        Raises :class:`GameOverError` when the game on ``board`` is over.
        """

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """The move :meth:`choose_move` would make, with what the player knows about it.

        Uses the player's generator exactly as :meth:`choose_move` does, so a game
        played by thinking is the game played by choosing. ``stop`` is asked now
        and then during a search; once it answers true the search raises
        :class:`~ttt_desktop.players.thought.SearchStopped`. This default, for
        players that know nothing more, reports the move alone; every kind of the
        roster overrides it.
        """
        from ttt_desktop.players.thought import Thought  # noqa: PLC0415  (see thought.py)

        started = time.perf_counter()
        move = self.choose_move(board)
        return Thought(
            self.kind, board.cells, board.to_move.value, move, seconds=time.perf_counter() - started
        )

    def pick(self, cells: Sequence[Cell]) -> Cell:
        """One of ``cells`` (non-empty), chosen with this player's own generator."""
        if len(cells) == 1:
            return cells[0]
        return cells[int(self._random() * len(cells))]

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def legal_moves_or_raise(board: Board) -> tuple[Cell, ...]:
    """The legal moves of ``board``; :class:`GameOverError` when there are none."""
    moves = board.legal_moves()
    if not moves:
        outcome = f"{board.winner} has won" if board.winner else "it is a draw"
        raise GameOverError(f"the game is over ({outcome}): there is no move to choose")
    return moves


# The three ways a line can hold two of a mark and one gap, and where the gap is.
_X_GAPS: Final = {"XX.": 2, "X.X": 1, ".XX": 0}
_O_GAPS: Final = {"OO.": 2, "O.O": 1, ".OO": 0}
_X: Final = Mark.X  # a module name: on Python 3.11 ``Mark.X`` itself is a slow look-up

# Board string -> (X's completing cells, O's). Filled as boards are met; at most a few
# thousand entries. Entries are immutable and a dict store is atomic, so threads may share it.
_completing_by_cells: dict[str, tuple[tuple[Cell, ...], tuple[Cell, ...]]] = {}


def completing_cells(board: Board, mark: Mark) -> tuple[Cell, ...]:
    """Empty cells where ``mark`` would complete a line of three (ascending).

    For the side to move these are its winning moves; for the other side, the
    threats it must block.
    """
    cells = board.cells
    known = _completing_by_cells.get(cells)
    if known is None:
        x_cells: set[Cell] = set()
        o_cells: set[Cell] = set()
        for line in LINES:
            marks = cells[line[0]] + cells[line[1]] + cells[line[2]]
            gap = _X_GAPS.get(marks)
            if gap is not None:
                x_cells.add(line[gap])
            gap = _O_GAPS.get(marks)
            if gap is not None:
                o_cells.add(line[gap])
        known = _completing_by_cells[cells] = (tuple(sorted(x_cells)), tuple(sorted(o_cells)))
    return known[0] if mark is _X else known[1]


def decisive_moves(board: Board) -> tuple[Cell, ...]:
    """The immediate wins for the side to move, else the cells blocking the opponent's.

    Empty when neither side threatens to complete a line. This is the
    "win, else block" check the source documents give Levi, Humiston's AI and
    the Conditional and Utility agents.
    """
    wins = completing_cells(board, board.to_move)
    if wins:
        return wins
    return completing_cells(board, board.to_move.opponent)
