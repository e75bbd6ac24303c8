"""The Utility agent of the JHU framework (document 003, Algorithm 3).

Nothing here imports Qt.
"""

from __future__ import annotations

import time
from typing import Final

from ttt_desktop.engine.board import Board, Mark
from ttt_desktop.engine.cells import CELLS, LINES, Cell
from ttt_desktop.engine.tactics import decisive_moves
from ttt_desktop.players.base import Player, legal_moves_or_raise

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ttt_desktop.players.thought import StopCheck, Thought

FULL_LINE_UTILITY: Final = -10

# The secondary evaluation ("replan") among equally useful cells: how many lines
# pass through a cell (centre 4, corners 3, sides 2).
_LINES_THROUGH: Final = tuple(sum(cell in line for line in LINES) for cell in CELLS)


def line_utility(board: Board, line: tuple[Cell, Cell, Cell], mark: Mark) -> int:
    """Algorithm 3's utility of one line for ``mark``.

    An empty line is worth 0 and a full one -10; otherwise three points per
    mark of ours minus one per mark of the opponent's.
    """
    marks = [board.cells[cell] for cell in line]
    if marks.count(".") == 3:
        return 0
    if "." not in marks:
        return FULL_LINE_UTILITY
    return 3 * marks.count(mark.value) - marks.count(mark.opponent.value)


def space_utilities(board: Board, mark: Mark) -> dict[Cell, int]:
    """The utility of each free cell for ``mark``: the sum of its lines' utilities."""
    by_line = {line: line_utility(board, line, mark) for line in LINES}
    return {
        cell: sum(utility for line, utility in by_line.items() if cell in line)
        for cell in board.legal_moves()
    }


class UtilityPlayer(Player):
    """Decisive moves first (win, else block), then the free cell of highest line utility.

    As in Algorithm 3: the Conditional agent's decisive check, then each free
    cell is scored by the utilities of the lines through it, and the best is
    played. Ties go to the secondary evaluation the algorithm's "replan" step
    asks for (the cell on more lines: centre, then corners, then sides) and
    then to chance.
    """

    kind = "utility"

    def choose_move(self, board: Board) -> Cell:
        legal_moves_or_raise(board)
        decisive = decisive_moves(board)
        if decisive:
            return self.pick(decisive)
        utilities = space_utilities(board, board.to_move)
        best = max(utilities.values())
        top = [cell for cell, utility in utilities.items() if utility == best]
        most_lines = max(_LINES_THROUGH[cell] for cell in top)
        return self.pick([cell for cell in top if _LINES_THROUGH[cell] == most_lines])

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """Rule ``win`` or ``block``, else ``utility``; the cells' utilities are the scores."""
        from ttt_desktop.players.thought import (  # noqa: PLC0415  (see thought.py)
            Meaning,
            Rule,
            Thought,
            decisive_rule,
            scores_of,
        )

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
            top = [cell for cell, utility in utilities.items() if utility == best]
            most_lines = max(_LINES_THROUGH[cell] for cell in top)
            candidates = tuple(cell for cell in top if _LINES_THROUGH[cell] == most_lines)
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
        )
