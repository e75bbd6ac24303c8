"""The simple players: Rando, Levi, Humiston and the scripted Sequence player.

* :class:`RandoPlayer` (Avalos 2018): any free cell, uniformly at random.
* :class:`LeviPlayer` (Avalos 2018): an immediate win, else a block, else random.
* :class:`HumistonPlayer` (Humiston 2019): win, block, a random free corner,
  the centre, a random side, in that order, on any board (then any other cell).
* :class:`SequencePlayer` (the JHU framework's Sequence agent): a scripted list
  of cells, for tests and for replaying games.

Nothing here imports Qt.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ttt_desktop.core.board import Board, IllegalMoveError, OccupiedCellError, OffBoardError
from ttt_desktop.core.cells import CENTRE, CORNERS, SIDES, Cell
from ttt_desktop.core.rules import MAX_SIDE
from ttt_desktop.core.tactics import decisive_moves
from ttt_desktop.players.base import Player, legal_moves_or_raise
from ttt_desktop.players.nearby import places
from ttt_desktop.players.thought import Rule, Thought, decisive_rule

if TYPE_CHECKING:
    from ttt_desktop.core.clock import StopCheck


class RandoPlayer(Player):
    """Rando "plays random moves till his final days": a uniformly random free cell."""

    kind = "rando"

    @property
    def uniform_draw(self) -> Callable[[], float] | None:
        """This player's ``random()``, from which each of its moves is
        ``legal_moves()[int(random() * len)]``: the play loop may play its games with
        another such seat in one compiled call (:mod:`ttt_desktop.core.play`). None for a
        kind or player that chooses otherwise (its own :meth:`choose_move`)."""
        if getattr(self.choose_move, "__func__", None) is not RandoPlayer.choose_move:
            return None
        return self._random

    def choose_move(self, board: Board) -> Cell:
        moves = board.legal_moves()
        if moves:
            return moves[int(self._random() * len(moves))]
        return legal_moves_or_raise(board)[0]

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """Rule ``random``: every free cell is a candidate."""
        started = time.perf_counter()
        moves = legal_moves_or_raise(board)
        # As choose_move: one draw even when a single cell is free.
        move = moves[int(self._random() * len(moves))]
        return _rule_thought(self, board, started, move, Rule.RANDOM, moves)


class LeviPlayer(Player):
    """Levi: an immediate win, else block the opponent's, else a random free cell.

    When several cells win (or several block) one is picked at random; with two
    threats to block Levi blocks one and loses to the other.
    """

    kind = "levi"

    def choose_move(self, board: Board) -> Cell:
        moves = legal_moves_or_raise(board)
        return self.pick(decisive_moves(board) or moves)

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """Rule ``win`` or ``block`` with the lines concerned, else ``random``."""
        started = time.perf_counter()
        moves = legal_moves_or_raise(board)
        decisive = decisive_rule(board)
        if decisive is not None:
            rule, cells, lines = decisive
            return _rule_thought(self, board, started, self.pick(cells), rule, cells, lines)
        return _rule_thought(self, board, started, self.pick(moves), Rule.RANDOM, moves)


class HumistonPlayer(Player):
    """Humiston's AI: win, block, a random free corner, the centre, then a random side.

    On any board: the four corners, the centre (one of the two or four middle cells
    when a side is even), the border cells that are not corners, and, once all of
    those are taken, any other free cell at random (on tic-tac-toe there is none).
    """

    kind = "humiston"

    def choose_move(self, board: Board) -> Cell:
        legal_moves_or_raise(board)
        decisive = decisive_moves(board)
        if decisive:
            return self.pick(decisive)
        if board.rules.is_classic:
            cells = board.cells
            free_corners = [cell for cell in CORNERS if cells[cell] == "."]
            if free_corners:
                return self.pick(free_corners)
            if cells[CENTRE] == ".":
                return CENTRE
            return self.pick([cell for cell in SIDES if cells[cell] == "."])
        return self.pick(_humiston_place(board)[1])

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """The first rule that applies: win, block, corner, centre, side, else random."""
        started = time.perf_counter()
        legal_moves_or_raise(board)
        decisive = decisive_rule(board)
        if decisive is not None:
            rule, options, lines = decisive
            return _rule_thought(self, board, started, self.pick(options), rule, options, lines)
        name, options = _humiston_place(board)
        return _rule_thought(self, board, started, self.pick(options), Rule(name), options)


def _humiston_place(board: Board) -> tuple[str, tuple[Cell, ...]]:
    """The first of Humiston's places with a free cell: its rule's name and the free cells."""
    legal = set(board.legal_moves())
    for name, cells in zip(_PLACE_RULES, places(board.geometry), strict=True):
        free = tuple(cell for cell in cells if cell in legal)
        if free:
            return name, free
    raise AssertionError("a board with a legal move has a free cell in one of its places")


_PLACE_RULES = ("corner", "centre", "side", "random")


class ScriptExhaustedError(IllegalMoveError):
    """A :class:`SequencePlayer` was asked for more moves than its script holds."""


class SequencePlayer(Player):
    """Plays the cells of ``moves`` in order: the first scripted cell that is not yet its own.

    The place in the script is read from the board (cells already holding this
    side's mark are passed over), so the player keeps no state between calls,
    survives undo and replays, and can join a game in progress. A scripted cell
    the opponent holds raises :class:`OccupiedCellError`, a script that has run
    out raises :class:`ScriptExhaustedError` (both :class:`IllegalMoveError`): a
    scripted player never returns an illegal move.

    >>> from ttt_desktop.core import Board
    >>> player = SequencePlayer(moves=[4, 0], seed=0)
    >>> player.choose_move(Board.empty()), player.choose_move(Board.empty().play_all([4, 8]))
    (4, 0)
    """

    kind = "sequence"

    def __init__(self, *, seed: int | None = None, moves: Iterable[Cell] = ()) -> None:
        super().__init__(seed=seed)
        script = tuple(moves)
        for cell in script:
            # Each board checks its own limit when the move is played (see choose_move).
            if not (type(cell) is int and 0 <= cell < MAX_SIDE * MAX_SIDE):
                raise OffBoardError(
                    f"a scripted move must be a cell 0-8 (keypad 1-9) on tic-tac-toe, "
                    f"or a cell of the board played, not {cell!r}"
                )
        self.moves: tuple[Cell, ...] = script

    def choose_move(self, board: Board) -> Cell:
        legal_moves_or_raise(board)
        mine = board.to_move
        geometry = board.geometry
        for number, cell in enumerate(self.moves, start=1):
            if not geometry.is_cell(cell):
                raise OffBoardError(
                    f"scripted move {number} for {mine}, {cell}, is not a cell of "
                    f"{board.rules.key} (cells 0-{geometry.size - 1})"
                )
            occupant = board[cell]
            if occupant is mine:
                continue
            if occupant is not None:
                raise OccupiedCellError(
                    f"scripted move {number} for {mine}, {geometry.describe(cell)}, "
                    f"is already taken by {occupant}"
                )
            return cell
        raise ScriptExhaustedError(
            f"the script for {mine} has {len(self.moves)} moves and all have been played"
        )

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """Rule ``script``: the move is the next cell of the list, which is the rule's cells."""
        started = time.perf_counter()
        move = self.choose_move(board)
        return _rule_thought(self, board, started, move, Rule.SCRIPT, (move,), (), self.moves)


def _rule_thought(  # noqa: PLR0917  (one private helper, called positionally)
    player: Player,
    board: Board,
    started: float,
    move: Cell,
    rule: Rule,
    candidates: tuple[Cell, ...],
    lines: tuple[tuple[Cell, ...], ...] = (),
    rule_cells: tuple[Cell, ...] | None = None,
) -> Thought:
    """A rule player's thought: the move, its rule, the cells it chose from, the lines."""
    return Thought(
        player.kind,
        board.cells,
        board.to_move.value,
        move,
        rule,
        candidates,
        seconds=time.perf_counter() - started,
        rule_cells=candidates if rule_cells is None else rule_cells,
        rule_lines=lines,
        rules=board.rules.key,
    )
