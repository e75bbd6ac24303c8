"""The Utility agent of the JHU framework (document 003, Algorithm 3), on any board.

Algorithm 3 rates each line of three: an empty line is worth 0, a full one -10,
any other three points per mark of ours minus one per mark of the opponent's. On
a board of k in a row the lines are the k-windows (every run of k cells across,
down or diagonally), rated the same way: :func:`window_utility` is that one rule,
and everything here is built on it:

* :func:`space_utilities`: a free cell's utility, the sum over the windows through
  it (the Utility player plays the highest); :func:`promise` the same for both sides
  at once (the depth-limited AlphaBeta tries the most promising cells first);
* :func:`position_utility`: a whole position's balance, the sum over every window
  of its utility for one side minus its utility for the other, which the
  depth-limited MiniMax and AlphaBeta use at their horizon, kept up to date move by
  move with :func:`utility_change`.

Nothing here imports Qt.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Final

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.cells import Cell
from ttt_desktop.core.tactics import decisive_moves
from ttt_desktop.players.base import Player, legal_moves_or_raise
from ttt_desktop.players.thought import Meaning, Rule, Thought, decisive_rule, scores_of

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ttt_desktop.core.clock import StopCheck

FULL_LINE_UTILITY: Final = -10


def window_utility(ours: int, theirs: int, k: int) -> int:
    """Algorithm 3's utility of one window of ``k`` cells holding ``ours`` and ``theirs``.

    An empty window is worth 0 and a full one -10; otherwise three points per
    mark of ours minus one per mark of the opponent's.
    """
    if not ours and not theirs:
        return 0
    if ours + theirs == k:
        return FULL_LINE_UTILITY
    return 3 * ours - theirs


def line_utility(board: Board, line: tuple[Cell, ...], mark: Mark) -> int:
    """Algorithm 3's utility of one line (a k-window of ``board``) for ``mark``."""
    marks = [board.cells[cell] for cell in line]
    return window_utility(marks.count(mark.value), marks.count(mark.opponent.value), len(line))


def space_utilities(
    board: Board, mark: Mark, cells: Iterable[Cell] | None = None
) -> dict[Cell, int]:
    """The utility of each free cell (or each of ``cells``) for ``mark``.

    A cell's utility is the sum of the utilities of the windows through it.
    """
    geometry, k = board.geometry, board.rules.k
    mine, theirs = board.bits(mark), board.bits(mark.opponent)
    masks = geometry.masks
    by_window: dict[int, int] = {}
    utilities: dict[Cell, int] = {}
    for cell in board.legal_moves() if cells is None else cells:
        total = 0
        for index in geometry.lines_through[cell]:
            utility = by_window.get(index)
            if utility is None:
                mask = masks[index]
                utility = by_window[index] = window_utility(
                    (mine & mask).bit_count(), (theirs & mask).bit_count(), k
                )
            total += utility
        utilities[cell] = total
    return utilities


def promise(board: Board, cells: Iterable[Cell]) -> dict[Cell, int]:
    """Each of ``cells``' utility for the side to move plus its utility for the opponent.

    A cell worth much to either side is worth taking: the depth-limited AlphaBeta
    tries such cells first. One pass over the windows for both sides.
    """
    geometry, k = board.geometry, board.rules.k
    mine, theirs = board.bits(board.to_move), board.bits(board.to_move.opponent)
    both = _tables(k)[0]
    width = k + 1
    by_window = [
        both[(mine & mask).bit_count() * width + (theirs & mask).bit_count()]
        for mask in geometry.masks
    ]
    through = geometry.lines_through
    return {cell: sum([by_window[index] for index in through[cell]]) for cell in cells}


def position_utility(board: Board, mark: Mark) -> int:
    """The sum over every window of its utility for ``mark`` minus its utility for the opponent.

    Empty and full windows cancel out; every other window adds four times the
    difference of the two sides' marks in it, so the balance favours the side
    whose marks lie on more windows that are not yet full.
    """
    k = board.rules.k
    mine, theirs = board.bits(mark), board.bits(mark.opponent)
    total = 0
    for mask in board.geometry.masks:
        ours, others = (mine & mask).bit_count(), (theirs & mask).bit_count()
        total += window_utility(ours, others, k) - window_utility(others, ours, k)
    return total


def utility_change(board: Board, cell: Cell) -> int:
    """How much :func:`position_utility` for the side to move grows when it plays ``cell``."""
    k = board.rules.k
    mark = board.to_move
    mine, theirs = board.bits(mark), board.bits(mark.opponent)
    change = _tables(k)[1]
    width = k + 1
    return sum(
        change[(mine & mask).bit_count() * width + (theirs & mask).bit_count()]
        for mask in board.geometry.masks_through[cell]
    )


def _tables(k: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`window_utility` worked out once for windows of ``k``, indexed ``ours * (k + 1) +
    theirs``: the window's utility for one side plus for the other (for :func:`promise`), and
    how much one more mark of ours changes ours minus theirs (for :func:`utility_change`)."""
    known = _tables_by_k.get(k)
    if known is None:
        both, change = [], []
        for ours in range(k + 1):
            for theirs in range(k + 1):
                if ours + theirs > k:
                    both.append(0)
                    change.append(0)
                    continue
                both.append(window_utility(ours, theirs, k) + window_utility(theirs, ours, k))
                if ours + theirs == k:  # a full window takes no more marks
                    change.append(0)
                    continue
                change.append(
                    window_utility(ours + 1, theirs, k)
                    - window_utility(theirs, ours + 1, k)
                    - window_utility(ours, theirs, k)
                    + window_utility(theirs, ours, k)
                )
        known = _tables_by_k[k] = (tuple(both), tuple(change))
    return known


_tables_by_k: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _most_lines(board: Board, cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The secondary evaluation ("replan"): the cells on the most windows.

    On tic-tac-toe the centre is on 4 lines, the corners on 3 and the sides on 2.
    """
    through = board.geometry.lines_through
    top = tuple(cells)
    most = max(len(through[cell]) for cell in top)
    return tuple(cell for cell in top if len(through[cell]) == most)


class UtilityPlayer(Player):
    """Decisive moves first (win, else block), then the free cell of highest line utility.

    As in Algorithm 3: the Conditional agent's decisive check, then each free
    cell is scored by the utilities of the windows through it, and the best is
    played. Ties go to the secondary evaluation the algorithm's "replan" step
    asks for (the cell on more windows: on tic-tac-toe the centre, then corners,
    then sides) and then to chance. Plays any board.
    """

    kind = "utility"

    def choose_move(self, board: Board) -> Cell:
        legal_moves_or_raise(board)
        decisive = decisive_moves(board)
        if decisive:
            return self.pick(decisive)
        utilities = space_utilities(board, board.to_move)
        best = max(utilities.values())
        return self.pick(_most_lines(board, (c for c, u in utilities.items() if u == best)))

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """Rule ``win`` or ``block``, else ``utility``; the cells' utilities are the scores."""
        started = time.perf_counter()
        legal_moves_or_raise(board)
        utilities = space_utilities(board, board.to_move)
        decisive = decisive_rule(board)
        if decisive is not None:
            rule, candidates, lines = decisive
            move = self.pick(candidates)
        else:
            rule, lines = Rule.UTILITY, ()
            best = max(utilities.values())
            candidates = _most_lines(board, (c for c, u in utilities.items() if u == best))
            move = self.pick(candidates)
        return Thought(
            self.kind,
            board.cells,
            board.to_move.value,
            move,
            rule,
            candidates,
            scores=scores_of(utilities),
            meaning=Meaning.UTILITY,
            seconds=time.perf_counter() - started,
            rule_cells=candidates,
            rule_lines=lines,
            rules=board.rules.key,
        )
