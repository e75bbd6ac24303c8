"""Monty: Monte Carlo tree search (UCT) with MCTS-Solver, for any board.

Each simulation walks down the tree from the position, choosing at every node the child
of highest UCT score (its mean result plus ``c * sqrt(ln N / n)``), adds one new child,
plays random moves from there to the end of the game (a rollout,
:func:`ttt_desktop.core.playout.playout_bits`) and adds the result, a win 1, a draw a
half, a loss 0, to every node on the way back up. After the budget the move played is
the most visited child of the root.

MCTS-Solver (Winands, Björnsson and Saito 2008) backs up proven results as well:

* a node whose side to move can complete a line at once is a proven win (found when the
  node is first visited, from the padded bitboards);
* a node with a child that is a proven loss for the opponent is a proven win;
* a node all of whose children are proven is proven too, with the best of their values
  (so proven losses and draws need every move to have been looked at).

A simulation that reaches a proven node backs up its proven value without a rollout, a
proven loss is never chosen while another move is left, and once the root itself is
proven the search ends before its budget. A proven win at the root is played at once.

Forced replies are handled in the tree: when the opponent threatens to complete a line,
the only children are the cells that block it (every other move loses at once).

Under renju black's forbidden points (:func:`ttt_desktop.core.renju.forbidden_reason`,
asked of each candidate as it is drawn) are no children of a node where black is to move,
anywhere in the tree, and a threat black could block only on a forbidden point is a proven
loss; white plays anywhere. In the tree black wins with exactly five (an overline is no win
and no threat), white with five or more. Under caro a five with an opponent's stone at both
ends is no win and no threat, six or more is, and a threat is answered by every move that
stops it: its empty cell, or the far end of a five closed at one end already. Black is the
first player, whichever mark that is. The rollouts keep the rule too
(:func:`ttt_desktop.core.playout.playout_bits`).

On big boards (more than :data:`NEIGHBOURHOOD_FROM` cells) only the cells within two
steps of a stone are tried in the tree (the centre on an empty board); a proven loss or
draw there needs every legal move, so on those boards only wins are proven except after
a forced block. Rollouts play anywhere.

The budget is :attr:`Player.budget_ms <ttt_desktop.players.base.Player.budget_ms>` when
whoever runs the game sets one (counted from the moment Monty is asked; no simulation is
started that would end past it at the mean pace so far), else ``simulations`` (default
:data:`SIMULATIONS`). The
``stop`` callable is asked after every simulation: told to stop, Monty answers with the
most visited move so far, or raises :class:`~ttt_desktop.players.thought.SearchStopped`
when no simulation has finished.

All randomness comes from the player's own generator, so the same seed and budget of
simulations give the same move and the same thought.

Nothing here imports Qt.
"""

from __future__ import annotations

import gc
import math
import time
from typing import TYPE_CHECKING

from ttt_desktop.core.board import Board
from ttt_desktop.core.cells import Cell
from ttt_desktop.core.playout import layout_of, playout_bits
from ttt_desktop.core.renju import forbidden_cells, forbidden_reason
from ttt_desktop.core.rules import FIVE_ONLY_RULES, RENJU
from ttt_desktop.core.tactics import completing_cells
from ttt_desktop.players.base import Player, legal_moves_or_raise
from ttt_desktop.players.nearby import cells_near_stones
from ttt_desktop.players.thought import (
    CellScore,
    Meaning,
    Rule,
    SearchStopped,
    Thought,
    decisive_rule,
)

if TYPE_CHECKING:
    from typing import Final

    from ttt_desktop.core.clock import StopCheck
    from ttt_desktop.core.playout import _Layout

SIMULATIONS: Final = 2000
"""Simulations per move when no time budget is set."""
MAX_SIMULATIONS: Final = 1_000_000
"""The most simulations a time budget may run (a bound on the tree's memory)."""
EXPLORATION: Final = 1.4
"""UCT's exploration constant c (about sqrt(2))."""
NEIGHBOURHOOD_FROM: Final = 64
"""Boards with more cells than this try only cells near the stones in the tree."""
WRAP_UP_SHARE: Final = 0.02
"""The share of a time budget kept for after the last simulation: the thought, and freeing the
tree (about 2 ms after 200 ms of simulations on 20x20)."""
SINGLE_MOVE_SIMULATIONS: Final = 100
"""With one move to choose from (a single forced block) the search stops after this many."""

_WIN: Final = 1
_DRAW: Final = 0
_LOSS: Final = -1


class _Node:
    """One position of the tree.

    ``wins`` is the sum of the results for the side that moved into this node (so the
    parent picks the child of highest mean), ``proven`` the value for the side to move
    here (1 won, 0 drawn, -1 lost; None while unknown) and ``plies`` the moves to the end
    with best play once proven. ``untried`` holds the candidate moves not yet expanded
    (None before the node's first visit; until the node is visited again, their bits in
    one int: most nodes of a tree are visited once, and a list of a 20x20 board's
    candidates per node made a big tree slow to free), ``complete`` whether the
    candidates are every move worth playing (so that a proven loss or draw holds).
    ``children`` is the shared empty tuple until the first child is added.
    """

    __slots__ = ("bit", "children", "complete", "plies", "proven", "untried", "visits", "wins")

    def __init__(self, bit: int) -> None:
        self.bit = bit
        self.children: list[_Node] | tuple[()] = ()
        self.untried: list[int] | int | None = None
        self.complete = True
        self.visits = 0
        self.wins = 0.0
        self.proven: int | None = None
        self.plies: int | None = None


class _Tactics:
    """Completing cells and neighbourhoods on the padded bitboards of one rules."""

    __slots__ = ("board_bits", "caro", "exact", "gaps", "near", "width")

    def __init__(self, layout: _Layout) -> None:
        self.board_bits = layout.board_bits
        self.exact = layout.exact
        self.caro = layout.caro
        self.width = layout.width
        k = layout.k
        # Per direction: the shift, the window's offsets and the shifts past its ends.
        self.gaps = tuple(
            (shift, tuple(i * shift for i in range(k)), k * shift) for shift in layout.shifts
        )
        self.near = len(layout.bit_of) > NEIGHBOURHOOD_FROM

    def completing(self, mine: int, empty: int, exactly: bool = False, theirs: int = 0) -> int:
        """The empty cells (as bits) where ``mine`` would complete a winning line (one of
        exactly k when ``exactly``: black's under renju; under caro not a five with a stone
        of ``theirs`` at both ends)."""
        found = 0
        exact = self.exact or exactly
        caro = self.caro
        for shift, offsets, past in self.gaps:
            shifted = [mine >> offset for offset in offsets]
            k = len(offsets)
            # prefix[j]: windows whose cells before j are all mine; suffix likewise after j.
            prefix = [-1] * (k + 1)
            for j in range(k):
                prefix[j + 1] = prefix[j] & shifted[j]
            suffix = -1
            for j in range(k - 1, -1, -1):
                offset = offsets[j]
                starts = prefix[j] & suffix & (empty >> offset)
                if starts:
                    if exact:
                        # Exactly k: the cells just before and after the window are not mine.
                        starts &= ~(mine << shift) & ~(mine >> past)
                    elif caro:
                        # Caro: not closed by their stones just before and just after it.
                        starts &= ~(theirs << shift & theirs >> past)
                    found |= starts << offset
                suffix &= shifted[j]
        return found

    def stops(self, mine: int, theirs: int, empty: int) -> int:
        """Caro: the empty cells where a stone of ``theirs`` leaves ``mine`` no winning cell
        (0 when none does, or ``mine`` has none): each winning window's empty cell, or the
        cell just beyond it when the cell beyond its other end holds a stone of ``theirs``
        (the five would be closed at both ends), common to every winning window."""
        left = -1
        for shift, offsets, past in self.gaps:
            shifted = [mine >> offset for offset in offsets]
            k = len(offsets)
            prefix = [-1] * (k + 1)
            for j in range(k):
                prefix[j + 1] = prefix[j] & shifted[j]
            suffix = -1
            for j in range(k - 1, -1, -1):
                offset = offsets[j]
                starts = prefix[j] & suffix & (empty >> offset)
                starts &= ~(theirs << shift & theirs >> past)
                while starts:
                    start = starts & -starts
                    starts ^= start
                    before, after = start >> shift, start << past
                    stop = start << offset
                    if theirs & before and empty & after:
                        stop |= after
                    elif theirs & after and empty & before:
                        stop |= before
                    left &= stop
                suffix &= shifted[j]
        return 0 if left == -1 else left

    def around(self, stones: int) -> int:
        """The cells within two steps (in any direction) of ``stones``, stones included."""
        board = self.board_bits
        width = self.width
        grown = stones
        for _ in range(2):
            grown = (grown | grown << 1 | grown >> 1) & board
            grown = (grown | grown << width | grown >> width) & board
        return grown


def _bits_list(bits: int) -> list[int]:
    """The single-bit masks of ``bits``, lowest first."""
    found = []
    while bits:
        low = bits & -bits
        found.append(low)
        bits ^= low
    return found


class MontyPlayer(Player):
    """UCT with MCTS-Solver; see the module's description.

    ``simulations`` is the budget per move when :attr:`budget_ms` is None;
    ``exploration`` UCT's constant.
    """

    kind = "monty"

    def __init__(
        self,
        *,
        seed: int | None = None,
        simulations: int = SIMULATIONS,
        exploration: float = EXPLORATION,
    ) -> None:
        super().__init__(seed=seed)
        if type(simulations) is not int or simulations < 1:
            raise ValueError(f"simulations is a whole number of at least 1, not {simulations!r}")
        if not isinstance(exploration, (int, float)) or not exploration >= 0:
            raise ValueError(f"exploration is a number of at least 0, not {exploration!r}")
        self.simulations = simulations
        self.exploration = float(exploration)

    def choose_move(self, board: Board) -> Cell:
        return self.think(board).move

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """Search ``board`` within the budget; the thought carries every root child's visits.

        ``scores`` hold one entry per root child tried: ``value`` the mean result for
        the side to move (draws a half; 1, 0.5 or 0 once proven, with ``plies``) and
        ``visits``; the visits add up to ``nodes``, the simulations run.

        Under a time budget the cyclic collector is held off until the tree is freed: the
        tree holds no cycle (refcounting frees it), but the collector's passes walk it as
        it grows, and once its nodes outnumber a quarter of the process's long-lived
        objects they set off full passes (20-58 ms inside a move of a loaded tournament).
        """
        if self.budget_ms is None or not gc.isenabled():
            return self._think(board, stop)
        gc.disable()
        try:
            return self._think(board, stop)
        finally:
            gc.enable()

    def _think(self, board: Board, stop: StopCheck | None) -> Thought:
        started = time.perf_counter()

        legal_moves_or_raise(board)
        search = _Search(board, self._random, self.exploration)
        root = search.root
        rule = Rule.SIMULATION
        decisive = decisive_rule(board) if root.proven == _WIN or search.root_blocks else None
        rule_cells: tuple[Cell, ...] = ()
        rule_lines: tuple[tuple[Cell, ...], ...] = ()
        if decisive is not None:
            rule, rule_cells, rule_lines = decisive
        if root.proven == _WIN:
            # A line to complete: no search.
            wins = search.root_wins
            scores = tuple(CellScore(cell, 1.0, plies=1, visits=0) for cell in wins)
            return Thought(
                self.kind,
                board.cells,
                board.to_move.value,
                wins[0],
                Rule.WIN,
                (wins[0],),
                scores=scores,
                meaning=Meaning.WIN_RATE,
                seconds=time.perf_counter() - started,
                line=(wins[0],),
                rule_cells=rule_cells,
                rule_lines=rule_lines,
                rules=board.rules.key,
            )
        limit = self.simulations
        deadline = None
        if self.budget_ms is not None:
            limit = MAX_SIMULATIONS
            deadline = started + max(self.budget_ms, 1.0) * (1 - WRAP_UP_SHARE) / 1000.0
        untried = root.untried  # a list at the root (see _Search)
        single = (len(untried) if isinstance(untried, list) else 0) + len(root.children) == 1
        if single:
            limit = min(limit, SINGLE_MOVE_SIMULATIONS)
        if stop is not None and stop():
            raise SearchStopped("the search was told to stop before its first simulation")
        run = 0
        simulate = search.simulate
        clock = time.perf_counter
        first = clock()
        while run < limit and root.proven is None:
            simulate()
            run += 1
            if stop is not None and stop():
                break
            if deadline is not None:
                # No simulation is started that the mean so far says would end past the
                # deadline (one takes milliseconds on a big board).
                now = clock()
                if now + (now - first) / run >= deadline:
                    break
        move_node = search.best_child()
        cell_of = search.cell_of
        found = []
        for child in sorted(root.children, key=lambda node: cell_of[node.bit]):
            if child.proven is not None:
                value = (1.0 - child.proven) / 2.0
            else:
                value = child.wins / child.visits
            found.append(
                CellScore(cell_of[child.bit], value, plies=child.plies, visits=child.visits)
            )
        move = cell_of[move_node.bit]
        line = [move]
        node = move_node
        while node.children:
            node = max(node.children, key=_by_visits)
            line.append(cell_of[node.bit])
        return Thought(
            self.kind,
            board.cells,
            board.to_move.value,
            move,
            rule,
            (move,),
            scores=tuple(found),
            meaning=Meaning.WIN_RATE,
            nodes=run,
            depth=search.deepest,
            seconds=time.perf_counter() - started,
            line=tuple(line),
            rule_cells=rule_cells,
            rule_lines=rule_lines,
            rules=board.rules.key,
        )


def _by_visits(node: _Node) -> tuple[int, float]:
    return node.visits, node.wins


class _Search:
    """One search's tree, bitboards and generator."""

    __slots__ = (
        "cell_of",
        "deepest",
        "free",
        "geometry",
        "layout",
        "mine",
        "random",
        "renju",
        "root",
        "root_black",
        "root_blocks",
        "root_wins",
        "tactics",
        "theirs",
        "uct",
    )

    def __init__(self, board: Board, random: object, exploration: float) -> None:
        layout = layout_of(board.rules)
        self.layout = layout
        self.tactics = _Tactics(layout)
        self.cell_of = {1 << bit: cell for cell, bit in enumerate(layout.bit_of)}
        self.geometry = board.rules.geometry
        self.renju = board.rules.rule == RENJU
        self.root_black = board.to_move is board.first_player
        bit_of = layout.bit_of
        mine = theirs = 0
        mover = board.to_move
        own, other = board.bits(mover), board.bits(mover.opponent)
        for cell in range(board.rules.size):
            if own >> cell & 1:
                mine |= 1 << bit_of[cell]
            elif other >> cell & 1:
                theirs |= 1 << bit_of[cell]
        self.mine, self.theirs = mine, theirs
        self.free = _bits_list(layout.board_bits & ~(mine | theirs))
        self.random = random
        self.uct = exploration
        self.deepest = 0
        self.root = _Node(0)
        self._open(self.root, mine, theirs, self.root_black)
        if isinstance(self.root.untried, int):
            self.root.untried = _bits_list(self.root.untried)
        self.root_wins: tuple[Cell, ...] = ()
        self.root_blocks = False
        if board.rules.rule in FIVE_ONLY_RULES:
            self._root_by_the_rule(board)
        if self.root.proven == _WIN:
            if not self.root_wins:
                empty = layout.board_bits & ~(mine | theirs)
                wins = self.tactics.completing(mine, empty)
                self.root_wins = tuple(sorted(self.cell_of[bit] for bit in _bits_list(wins)))
        else:
            empty = layout.board_bits & ~(mine | theirs)
            white_to_move = self.renju and not self.root_black
            self.root_blocks = bool(self.tactics.completing(theirs, empty, white_to_move, mine))

    def _root_by_the_rule(self, board: Board) -> None:
        """Renju and caro at the root: its wins are the rule's (not black's overline, not
        caro's five closed at both ends) and black's forbidden cells are no candidates
        (deeper in the tree :meth:`_open` and :meth:`simulate` ask them)."""
        root = self.root
        bit_of = self.layout.bit_of
        if root.proven == _WIN:
            wins = completing_cells(board, board.to_move)
            if wins:
                self.root_wins = wins
                return
            root.proven = root.plies = None
            root.untried = [1 << bit_of[cell] for cell in cells_near_stones(board)]
            root.complete = False
            return
        forbidden = board.forbidden_cells()
        if forbidden and isinstance(root.untried, list):
            banned = {1 << bit_of[cell] for cell in forbidden}
            kept = [bit for bit in root.untried if bit not in banned]
            if not kept:  # every block is forbidden: any move black may make
                kept = [1 << bit_of[cell] for cell in board.legal_moves()]
            root.untried = kept

    def _open(self, node: _Node, mine: int, theirs: int, black: bool = False) -> None:
        """First visit of ``node`` (``mine`` to move, black when ``black``): its candidates,
        or its proven value. Under renju black wins with exactly five (white with five or
        more), and black's forbidden points are no candidates."""
        tactics = self.tactics
        occupied = mine | theirs
        empty = tactics.board_bits & ~occupied
        if not empty:
            node.proven, node.plies, node.untried = _DRAW, 0, []
            return
        renju = self.renju
        if tactics.completing(mine, empty, renju and black, theirs):
            node.proven, node.plies, node.untried = _WIN, 1, []
            return
        # Black's forbidden points: asked here of a block, of other candidates as they are
        # drawn (simulate); the root's are left to _root_by_the_rule.
        ruled = black and renju and node is not self.root
        blocks = tactics.completing(theirs, empty, renju and not black, mine)
        if blocks:
            if tactics.caro:
                # Caro: every move that stops the line; at the root, with none, the line's
                # cells still (the root is never proven lost: a move is played).
                stops = tactics.stops(theirs, mine, empty)
                blocks = stops or (blocks if node is self.root else 0)
            if ruled:
                blocks &= ~self._banned(mine, theirs, blocks)
            if blocks:
                node.untried = blocks
            else:  # no move stops the line (black's are forbidden, caro's): it is completed next
                node.proven, node.plies, node.untried = _LOSS, 2, []
            return
        if tactics.near:
            near = tactics.around(occupied) & empty if occupied else self.cell_of_centre()
            node.untried = near
            node.complete = near == empty
        else:
            node.untried = empty

    def _all_forbidden(self, node: _Node, mine: int, theirs: int) -> None:
        """Every candidate of black's ``node`` was forbidden: the other cells black may play
        are its candidates, or, with none, the game is drawn there."""
        empty = self.tactics.board_bits & ~(mine | theirs)
        allowed = empty & ~self._banned(mine, theirs)
        if allowed:
            node.untried, node.complete = allowed, True
        else:
            node.proven, node.plies = _DRAW, 0

    def _banned(self, mine: int, theirs: int, among: int = 0) -> int:
        """Black's forbidden points (black, ``mine``, to move), as bits of the layout: all
        of them, or those of ``among`` (a block's few cells, asked one by one)."""
        cell_of = self.cell_of
        black = white = 0
        for bit in _bits_list(mine):
            black |= 1 << cell_of[bit]
        for bit in _bits_list(theirs):
            white |= 1 << cell_of[bit]
        geometry = self.geometry
        if among:
            return sum(
                bit
                for bit in _bits_list(among)
                if forbidden_reason(geometry, black, white, cell_of[bit]) is not None
            )
        bit_of = self.layout.bit_of
        found = 0
        for cell in forbidden_cells(geometry, black, white):
            found |= 1 << bit_of[cell]
        return found

    def cell_of_centre(self) -> int:
        layout = self.layout
        m = layout.width - 1
        n = len(layout.bit_of) // m
        return 1 << layout.bit_of[(n // 2) * m + m // 2]

    def simulate(self) -> None:
        """One simulation: select, expand one child, roll out, back up (with proofs)."""
        node = self.root
        path = [node]
        mine, theirs = self.mine, self.theirs
        black = self.root_black
        random = self.random
        log = math.log
        sqrt = math.sqrt
        c = self.uct
        while True:
            if node.proven is not None:
                result = node.proven
                break
            untried = node.untried
            if untried is None:
                self._open(node, mine, theirs, black)
                continue
            if untried:
                if isinstance(untried, int):
                    untried = node.untried = _bits_list(untried)
                index = int(random() * len(untried))  # type: ignore[operator]
                bit = untried[index]
                last = untried.pop()
                if index < len(untried):
                    untried[index] = last
                if (
                    black
                    and self.renju
                    and node is not self.root
                    and self._banned(mine, theirs, bit)
                ):
                    # Black's forbidden point (renju), asked as it is drawn: no child.
                    if not untried and not node.children:
                        self._all_forbidden(node, mine, theirs)
                    continue
                child = _Node(bit)
                if node.children:
                    node.children.append(child)
                else:
                    node.children = [child]
                path.append(child)
                mine |= bit
                mine, theirs = theirs, mine
                self._open(child, mine, theirs, not black)
                if child.proven is not None:
                    result = child.proven
                else:
                    free = self.free.copy()
                    remove = free.remove
                    for step in path[1:]:
                        remove(step.bit)
                    result = playout_bits(self.layout, mine, theirs, free, random, not black)  # type: ignore[arg-type]
                break
            # Every candidate expanded: the child of highest UCT score, proven losses last.
            scale = c * sqrt(log(node.visits))
            best = None
            best_score = -1.0
            for child in node.children:
                proven = child.proven
                if proven is None:
                    visits = child.visits
                    score = child.wins / visits + scale / sqrt(visits)
                elif proven == _WIN:
                    score = -1.0 + child.visits * 1e-12  # lost for us: only if nothing else
                else:
                    score = 0.5 + scale / sqrt(child.visits)
                if score > best_score:
                    best, best_score = child, score
            node = best  # type: ignore[assignment]
            path.append(node)
            mine |= node.bit
            mine, theirs = theirs, mine
            black = not black
        if len(path) > self.deepest:
            self.deepest = len(path) - 1
        # Back up: ``result`` is for the side to move at the last node of the path.
        score = (result + 1) * 0.5
        proving = path[-1].proven is not None
        for index in range(len(path) - 1, -1, -1):
            node = path[index]
            node.visits += 1
            node.wins += 1.0 - score
            score = 1.0 - score
            if proving and index < len(path) - 1 and node.proven is None:
                proving = _prove(node)

    def best_child(self) -> _Node:
        """The move to play: a proven win (the fastest), else the most visited non-loss."""
        children = self.root.children
        wins = [child for child in children if child.proven == _LOSS]
        if wins:
            return min(wins, key=lambda child: (child.plies, -child.visits))
        alive = [child for child in children if child.proven != _WIN] or children
        return max(alive, key=_by_visits)


def _prove(node: _Node) -> bool:
    """Try to prove ``node`` from its children; whether it now is proven."""
    best: int | None = None
    plies = 0
    unknown = False
    for child in node.children:
        proven = child.proven
        if proven is None:
            unknown = True
            continue
        value = -proven
        if value == _WIN:
            if best != _WIN or child.plies + 1 < plies:  # type: ignore[operator]
                best, plies = _WIN, child.plies + 1  # type: ignore[operator]
        elif best is None or value > best:
            best, plies = value, child.plies + 1  # type: ignore[operator]
        elif value == best and best == _LOSS and child.plies + 1 > plies:  # type: ignore[operator]
            plies = child.plies + 1  # type: ignore[operator]
    if best == _WIN:
        node.proven, node.plies = _WIN, plies
        return True
    if unknown or node.untried or not node.complete or best is None:
        return False
    node.proven, node.plies = best, plies
    return True
