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

from ttt_desktop.core.board import Board, GameOverError
from ttt_desktop.core.cells import Cell
from ttt_desktop.players.roster import display_name, supports

# The cold path: no typing module (docs/manual/developer/architecture.md, "Cold start").
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ClassVar

    from ttt_desktop.core.clock import StopCheck
    from ttt_desktop.core.rules import Rules
    from ttt_desktop.core.swap import SwapAnswer
    from ttt_desktop.players.thought import Thought


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
    budget_ms: float | None = None
    """The time this player may take for its next move, in milliseconds, set by whoever runs
    the game (a match's or tournament's time control, a Gomocup manager's turn time) before
    each move; None means the kind's own default. A player that honours it answers within
    it, counted from the moment it is asked (:func:`deadline_of`), whatever it has to set up
    first; players whose every move is quick (the rule players) ignore it."""

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

    @classmethod
    def supports(cls, rules: Rules) -> bool:
        """Whether this kind plays by ``rules`` (the roster says; every kind plays 3x3)."""
        return supports(cls.kind, rules)

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
        from ttt_desktop.players.thought import Thought  # noqa: PLC0415  (the first move's path)

        started = time.perf_counter()
        move = self.choose_move(board)
        return Thought(
            self.kind,
            board.cells,
            board.to_move.value,
            move,
            seconds=time.perf_counter() - started,
            rules=board.rules.key,
        )

    def swap_stones(self, board: Board, rule: str) -> tuple[int, ...]:
        """The three stones this player places as the opener under ``rule`` (swap or swap2) on
        the empty ``board``: black, white, black, legal and distinct. This default draws a
        classical opening with the player's generator
        (:func:`ttt_desktop.players.swap_policy.opening_stones`).
        """
        from ttt_desktop.players.swap_policy import opening_stones  # noqa: PLC0415  (the first move's path)

        return opening_stones(self, board, rule)

    def swap_choice(self, board: Board, options: tuple[str, ...], rule: str) -> SwapAnswer:
        """This player's choice among ``options`` under ``rule`` on ``board`` (white to move),
        with the stones that come with it (see :class:`~ttt_desktop.core.swap.SwapAnswer`).
        This default judges the position with :meth:`think` where the thought carries a
        value, else draws a side with the player's generator
        (:func:`ttt_desktop.players.swap_policy.choose`).
        """
        from ttt_desktop.players.swap_policy import choose  # noqa: PLC0415  (the first move's path)

        return choose(self, board, options, rule)

    def pick(self, cells: Sequence[Cell]) -> Cell:
        """One of ``cells`` (non-empty), chosen with this player's own generator."""
        if len(cells) == 1:
            return cells[0]
        return cells[int(self._random() * len(cells))]

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def deadline_of(budget_ms: float | None, started: float) -> float | None:
    """The ``time.perf_counter()`` reading by which a move asked at ``started`` is answered.

    None without a budget. ``started`` is read first thing in ``choose_move`` or
    ``think``, so that imports on first use and a board's tables built on first use are
    spent from the budget, not beside it.
    """
    return None if budget_ms is None else started + budget_ms / 1000


def stop_at(deadline: float | None, stop: StopCheck | None = None) -> StopCheck | None:
    """A stop check that answers true once ``stop`` does or the clock reaches ``deadline``.

    ``stop`` itself when there is no deadline. A search given it tells the two apart by
    asking ``stop`` again: a player told to stop gives up, one out of time answers with
    the best it has.
    """
    if deadline is None:
        return stop
    clock = time.perf_counter
    if stop is None:
        return lambda: clock() >= deadline
    caller = stop
    return lambda: caller() or clock() >= deadline


def legal_moves_or_raise(board: Board) -> tuple[Cell, ...]:
    """The legal moves of ``board``; :class:`GameOverError` when there are none."""
    moves = board.legal_moves()
    if not moves:
        outcome = f"{board.winner} has won" if board.winner else "it is a draw"
        raise GameOverError(f"the game is over ({outcome}): there is no move to choose")
    return moves
