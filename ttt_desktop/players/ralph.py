"""Ralph (Avalos 2018): a win-check, then a depth-limited recursive tally of future wins.

Nothing here imports Qt.
"""

from __future__ import annotations

import functools
import time
from typing import TYPE_CHECKING

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.cells import Cell
from ttt_desktop.core.rules import FIVE_ONLY_RULES, Rules
from ttt_desktop.core.tactics import completing_cells, decisive_moves
from ttt_desktop.players.base import Player, deadline_of, legal_moves_or_raise, stop_at
from ttt_desktop.players.nearby import cells_near_stones
from ttt_desktop.players.search.deepening import deepen
from ttt_desktop.players.thought import (
    CellScore,
    Meaning,
    Rule,
    SearchStopped,
    Thought,
    decisive_rule,
)

if TYPE_CHECKING:
    from ttt_desktop.core.clock import StopCheck

DEFAULT_DEPTH = 5
"""Plies Ralph looks ahead on tic-tac-toe; the source's ``depth > 6`` cut-off with the root at
depth 1."""

RADIUS = 1
"""On other boards Ralph tallies only the free cells within this many steps of a stone."""


def ralph_default_depth(rules: Rules) -> int:
    """Ralph's plies ahead by default: 5 on tic-tac-toe, fewer as the board grows.

    Chosen so a move takes well under a second on 15x15 (benchmarks/seed_players_speed.py):
    4 on boards of up to 16 cells, 3 elsewhere (the last ply costs little: only the cells
    that complete a line are counted there).
    """
    if rules.is_classic:
        return DEFAULT_DEPTH
    return 4 if rules.size <= 16 else 3


_SCORE_CEILING = 10


class RalphPlayer(Player):
    """Ralph as the source writes him, quirks included, without the crashes.

    1. Win-check: a cell that wins now, else one that blocks the opponent's
       immediate win (Levi's check, which the source put ahead of the scoring
       because the scoring alone misses such moves).
    2. Otherwise Ralph plays out every continuation up to ``depth`` plies ahead
       (default 5) and keeps one tally per cell. A finished game reached ``k``
       plies ahead adds ``9 - k`` (the source's ``10 - depth``, the root being
       depth 1) when Ralph has won and subtracts it when the opponent has won;
       draws add nothing.
    3. Ralph takes the cell whose tally is largest *in absolute value*, at random
       among equals, or any free cell when every tally is zero.

    On boards other than tic-tac-toe the walk is the same but narrower, so that a
    move stays well under a second on 15x15: ``depth`` defaults to
    :func:`ralph_default_depth` (4 plies on boards of up to 16 cells, 3 elsewhere), and
    the cells tallied, at every ply, are those free at the start within one step
    of a stone (the central cells on an empty board); when every tally is zero
    Ralph still plays any free cell. Given a time budget (``budget_ms``) he walks one
    ply deeper at a time there, up to ``depth``, and tallies from the deepest walk
    finished within it.

    The quirks are his personality, kept on purpose: the points go to the cell of
    the move that *ended* the game, not to the first move that led there, so a
    cell collects the wins and losses completed on it; a single number per cell
    lets many distant wins outweigh one near loss; and a large negative tally
    attracts Ralph as much as a large positive one (a cell where the opponent
    often completes a line is one worth taking). What is not kept: the source's
    recursion dropped the list of marks one at a time and failed three plies
    down, and Levi's move lookup called itself forever; here the marks simply
    alternate.
    """

    kind = "ralph"

    def __init__(self, *, seed: int | None = None, depth: int | None = None) -> None:
        super().__init__(seed=seed)
        if depth is not None and (type(depth) is not int or not 1 <= depth <= 9):
            raise ValueError(f"Ralph's depth is the plies he looks ahead, 1-9, not {depth!r}")
        self.depth: int | None = depth
        """The plies to look ahead; None: :func:`ralph_default_depth` of the board played."""

    def depth_for(self, rules: Rules) -> int:
        """The plies Ralph looks ahead on a board of ``rules``."""
        return ralph_default_depth(rules) if self.depth is None else self.depth

    def choose_move(self, board: Board) -> Cell:
        moves = legal_moves_or_raise(board)
        decisive = decisive_moves(board)
        if decisive:
            return self.pick(decisive)
        scores = self.tallies(board)
        target = max(abs(scores[cell]) for cell in moves)
        if target == 0:
            return self.pick(moves)
        return self.pick([cell for cell in moves if abs(scores[cell]) == target])

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """Rule ``win`` or ``block`` (no tallies made), else the tallies as scores.

        The rule is ``tally`` (the largest tally in absolute value) or ``any``
        when every tally is zero. ``nodes`` counts the positions the source's walk
        visits (the tallies are memoised here, but worth that walk).
        """
        started = time.perf_counter()

        moves = legal_moves_or_raise(board)
        decisive = decisive_rule(board)
        if decisive is not None:
            rule, cells, lines = decisive
            return Thought(
                self.kind,
                board.cells,
                board.to_move.value,
                move=self.pick(cells),
                rule=rule,
                candidates=cells,
                rule_cells=cells,
                rule_lines=lines,
                seconds=time.perf_counter() - started,
                rules=board.rules.key,
            )
        depth = self.depth_for(board.rules)
        if board.rules.is_classic:
            scores, walked = _classic_tallies(board, depth, deadline_of(self.budget_ms, started))
            nodes = walked - 1
            tallied = moves
        else:
            scores, nodes, depth = _timed_grid_tallies(
                board, depth, deadline_of(self.budget_ms, started), stop
            )
            tallied = cells_near_stones(board, RADIUS)
        target = max(abs(scores[cell]) for cell in moves)
        if target == 0:
            rule, candidates = Rule.ANY, moves
        else:
            rule = Rule.TALLY
            candidates = tuple(cell for cell in moves if abs(scores[cell]) == target)
        return Thought(
            self.kind,
            board.cells,
            board.to_move.value,
            move=self.pick(candidates),
            rule=rule,
            candidates=candidates,
            scores=tuple(CellScore(cell, scores[cell]) for cell in tallied),
            meaning=Meaning.RALPH,
            nodes=nodes,
            depth=min(depth, len(moves)),
            seconds=time.perf_counter() - started,
            rule_cells=candidates,
            rules=board.rules.key,
        )

    def tallies(self, board: Board, *, started: float | None = None) -> tuple[int, ...]:
        """Ralph's tallies, one per cell of ``board``, from the side to move's point of view.

        Under a time budget counted from ``started`` (default now): off tic-tac-toe the
        tallies of the deepest walk finished within it (see :func:`_timed_grid_tallies`), on
        tic-tac-toe those of the moves walked within it (see :func:`_classic_tallies`).
        """
        depth = self.depth_for(board.rules)
        if started is None and self.budget_ms is not None:
            started = time.perf_counter()
        deadline = None if started is None else deadline_of(self.budget_ms, started)
        if not board.rules.is_classic:
            return _timed_grid_tallies(board, depth, deadline)[0]
        return _classic_tallies(board, depth, deadline)[0]


def _classic_tallies(
    board: Board, depth: int, deadline: float | None
) -> tuple[tuple[int, ...], int]:
    """Ralph's tallies on tic-tac-toe for the side to move, and the positions the source's
    walk visits from ``board`` (itself too).

    Under a ``deadline`` (a ``time.perf_counter()`` reading) the moves of ``board`` are
    walked one by one until it comes: a process's first walk fills the memo (about 45 ms of
    CPU from the empty board), and the moves left unwalked tally nothing."""
    if deadline is None:
        for_x, walked = _tallies_for_x(board, 1, depth + 1)
    else:
        for_x, walked = _tally_walk(board, 1, depth + 1, deadline)
    if board.to_move is Mark.X:
        return for_x, walked
    return tuple(-score for score in for_x), walked


@functools.cache
def _tallies_for_x(board: Board, level: int, last_level: int) -> tuple[tuple[int, ...], int]:
    """:func:`_tally_walk` memoised: the same position at the same level always adds the same
    amounts, so the tallies equal the source's walk of every move sequence, only faster."""
    return _tally_walk(board, level, last_level)


def _tally_walk(
    board: Board, level: int, last_level: int, deadline: float | None = None
) -> tuple[tuple[int, ...], int]:
    """Ralph's recursion below ``board`` (at ``level``), counted for X (O's wins negative),
    and the positions the source's unmemoised walk visits from ``board``, itself too.

    With a ``deadline``, the moves of ``board`` left when it comes are not walked (the
    positions below them are walked in full, memoised)."""
    totals = [0] * 9
    child_level = level + 1
    if child_level > last_level:
        return tuple(totals), 1
    weight = _SCORE_CEILING - child_level
    walked = 1
    for cell in board.legal_moves():
        if deadline is not None and time.perf_counter() >= deadline:
            break
        child = board.play(cell)
        if child.winner is Mark.X:
            totals[cell] += weight
            walked += 1
        elif child.winner is Mark.O:
            totals[cell] -= weight
            walked += 1
        elif child.is_over:
            walked += 1
        else:
            below, size = _tallies_for_x(child, child_level, last_level)
            for index, score in enumerate(below):
                totals[index] += score
            walked += size
    return tuple(totals), walked


def _timed_grid_tallies(
    board: Board, depth: int, deadline: float | None, stop: StopCheck | None = None
) -> tuple[tuple[int, ...], int, int]:
    """:func:`_grid_tallies` of ``depth`` plies, or under a ``deadline`` (a
    ``time.perf_counter()`` reading) those of the deepest walk finished by then, one ply
    deeper at a time (a ply costs tens of times the one before on 15x15: a walk of 3 plies
    on 20x20 takes a few hundred milliseconds); all zero when not even one ply finished.
    With the nodes and the plies of the walk the tallies come from."""
    if deadline is None:
        return (*_grid_tallies(board, depth, stop), depth)

    clocked = stop_at(deadline, stop)
    nothing: tuple[tuple[int, ...], int, int] = ((0,) * board.rules.size, 0, 0)
    found, _ = deepen(
        lambda plies: (*_grid_tallies(board, plies, clocked), plies),
        range(1, depth + 1),
        found=nothing,
        told=stop,
    )
    return found


def _grid_tallies(
    board: Board, depth: int, stop: StopCheck | None = None
) -> tuple[tuple[int, ...], int]:
    """Ralph's tallies on a board other than tic-tac-toe, for the side to move, and the nodes.

    The walk of :func:`_tallies_for_x` over the cells near the stones (see
    :class:`RalphPlayer`), without a memo (a transposition needs four plies and
    would keep positions of a big board alive). On the last ply only the wins
    count, so the cells that complete a line there are read off the few windows
    that could be completed by then instead of played one by one; ``nodes`` still
    counts each of those cells as visited. Under renju and caro the wins there are the
    rule's (:func:`~ttt_desktop.core.tactics.completing_cells`), and under renju black's
    forbidden points are no moves of the walk. ``stop`` is asked before each move the walk
    plays (a last ply of a 20x20 position costs milliseconds); once it answers true the walk
    raises :class:`~ttt_desktop.players.thought.SearchStopped`.
    """
    me = board.to_move
    geometry, k = board.geometry, board.rules.k
    totals = [0] * board.rules.size
    tallied = cells_near_stones(board, RADIUS)
    tallied_bits = sum(1 << cell for cell in tallied)
    # The last ply's mover, and the windows it could complete there: none of the other
    # side's stones, and enough of its own that its moves in the walk could fill them.
    last = me if depth % 2 else me.opponent
    moves = (depth + 1) // 2 if last is me else depth // 2
    own, other = board.bits(last), board.bits(last.opponent)
    live = tuple(
        mask
        for mask in geometry.masks
        if not mask & other and (mask & own).bit_count() >= k - moves
    )
    ruled = board.rules.rule in FIVE_ONLY_RULES
    exact = board.rules.exact or ruled
    nodes = 0

    def walk(position: Board, level: int) -> None:
        nonlocal nodes
        child_level = level + 1
        weight = _SCORE_CEILING - child_level
        sign = weight if position.to_move is me else -weight
        if child_level > depth:
            nodes += len(tallied) - (level - 1)  # every move of the walk is a tallied cell
            if exact:
                wins = completing_cells(position, position.to_move)
            else:
                mine, theirs = position.bits(last), position.bits(last.opponent)
                found = 0
                for mask in live:
                    held = mask & mine
                    if not mask & theirs and held.bit_count() == k - 1:
                        found |= mask ^ held
                wins = geometry.cells_of(found & tallied_bits)
            for cell in wins:
                if tallied_bits >> cell & 1:
                    totals[cell] += sign
            return
        occupied = position.x_bits | position.o_bits
        free = [cell for cell in tallied if not occupied >> cell & 1]
        if ruled:
            forbidden = position.forbidden_cells()  # black's, under renju; else empty
            if forbidden:
                free = [cell for cell in free if cell not in forbidden]
        nodes += len(free)
        for cell in free:
            if stop is not None and stop():
                raise SearchStopped("Ralph was told to stop")
            child = position.play(cell)
            if child.winner is not None:
                totals[cell] += sign
            elif not child.is_over:
                walk(child, child_level)

    try:
        walk(board, 1)
    finally:
        # walk calls itself, so it and its closure hold each other: without this they
        # would wait for the cyclic collector, in the time of some later move.
        walk = None  # type: ignore[assignment]
    return tuple(totals), nodes
