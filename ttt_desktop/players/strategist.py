"""The Strategist: Newell and Simon's eight rules, with the fork rules written out.

Document 002 lists the classic strategy (win, block, fork, block a fork, centre,
opposite corner, empty corner, empty side) but leaves the two fork rules
unwritten. They are written out here, and a test walks every line of play an
opponent can choose, as X and as O, to show the Strategist never loses.

The rules carry over to any board of k in a row: a threat is a window of k holding
k-1 of a mark and one empty cell, a fork a move that makes two threats at once (two
cells that would each complete a line), the centre the middle cell or cells, the
corners and sides those of the board's border; when all of those are taken the
Strategist plays any free cell. Tic-tac-toe keeps its own code, move for move. Blocking a
fork late in a big game means trying hundreds of cells; given a time budget (``budget_ms``)
the Strategist tries those it can within it.

Nothing here imports Qt.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ttt_desktop.core.board import Board
from ttt_desktop.core.cells import CENTRE, CORNERS, LINES, OPPOSITE_CORNER, SIDES, Cell
from ttt_desktop.core.tactics import (
    blocking_cells,
    completing_bits,
    completing_cells,
    completing_in,
    threat_lines,
)
from ttt_desktop.players.base import Player, deadline_of, legal_moves_or_raise
from ttt_desktop.players.nearby import cells_near_stones, places
from ttt_desktop.players.thought import Rule, Thought

if TYPE_CHECKING:
    from ttt_desktop.core.clock import StopCheck
    from ttt_desktop.core.geometry import Geometry


def with_mark(cells: str, cell: Cell, mark: str) -> str:
    """``cells`` with ``mark`` written on ``cell``."""
    return cells[:cell] + mark + cells[cell + 1 :]


def fork_cells(cells: str, mark: str) -> list[Cell]:
    """Empty cells where ``mark`` would make two threats at once (a fork), ascending."""
    return [
        cell
        for cell in range(9)
        if cells[cell] == "." and len(completing_in(with_mark(cells, cell, mark), mark)) >= 2
    ]


class StrategistPlayer(Player):
    """Plays the first rule that applies, choosing at random among equal cells.

    1. **Win**: complete a line of ours.
    2. **Block**: complete the opponent's line ourselves.
    3. **Fork**: make two threats at once; the opponent can block only one.
    4. **Block a fork**: when the opponent could fork next move, answer with a
       move that leaves them no fork. A move is *safe* when either it makes a
       threat whose forced block does not hand the opponent two threats, or it
       makes no threat and leaves the opponent no fork cell. With a single fork
       cell, take that cell if that is safe; otherwise prefer a safe move that
       makes a threat (forcing the opponent to defend, ideally on a fork cell of
       theirs), then any safe move; if nothing is safe, take a fork cell. (With
       X on two opposite corners and O in the centre, O must not take a corner:
       X's forced block would be a fork. A side move is safe and forcing.)
    5. **Centre**. 6. **Opposite corner** of a corner the opponent holds.
    7. **Empty corner**. 8. **Empty side**.

    Among candidate moves in rule 4, the preferences of rules 5-8 break ties.
    """

    kind = "strategist"

    def choose_move(self, board: Board) -> Cell:
        return self.pick(self._decide(board)[1])

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """The rule that applies first, the cells it offers, and the cells and lines it saw.

        ``rule_cells`` are the cells the rule is about: the winning or blocking
        cells, our fork cells, the opponent's fork cells for ``block fork``, and
        the candidates for the positional rules.
        """
        started = time.perf_counter()
        rule, options, rule_cells, lines = self._decide(board)
        move = self.pick(options)
        return Thought(
            self.kind,
            board.cells,
            board.to_move.value,
            move,
            Rule(rule),
            options,
            seconds=time.perf_counter() - started,
            rule_cells=rule_cells,
            rule_lines=lines if rule != "fork" else _fork_lines_of(board, move),
            rules=board.rules.key,
        )

    def _decide(self, board: Board) -> _Decision:
        """The first rule that applies: its name, its cells to pick from, the cells it saw."""
        moves = legal_moves_or_raise(board)
        if not board.rules.is_classic:
            return _grid_decision(board, moves, deadline_of(self.budget_ms, time.perf_counter()))
        cells = board.cells
        me = board.to_move.value
        opponent = board.to_move.opponent.value

        wins = completing_in(cells, me)
        if wins:
            options = tuple(sorted(wins))
            return "win", options, options, _threat_lines(cells, me)
        blocks = completing_in(cells, opponent)
        if blocks:
            options = tuple(sorted(blocks))
            return "block", options, options, _threat_lines(cells, opponent)
        forks = tuple(fork_cells(cells, me))
        if forks:
            return "fork", forks, forks, ()
        opponent_forks = fork_cells(cells, opponent)
        if opponent_forks:
            options = self._block_fork(cells, moves, me, opponent, opponent_forks)
            return "block fork", options, tuple(opponent_forks), ()
        rule, options = _positional(cells, moves, opponent)
        return rule, options, options, ()

    def _block_fork(
        self,
        cells: str,
        moves: Sequence[Cell],
        me: str,
        opponent: str,
        opponent_forks: list[Cell],
    ) -> tuple[Cell, ...]:
        safe: list[Cell] = []
        forcing: list[Cell] = []
        for cell in moves:
            after = with_mark(cells, cell, me)
            threats = completing_in(after, me)
            if threats:
                # No fork of ours exists (rule 3), so this is one threat and one forced reply.
                (reply,) = threats
                if len(completing_in(with_mark(after, reply, opponent), opponent)) < 2:
                    safe.append(cell)
                    forcing.append(cell)
            elif not fork_cells(after, opponent):
                safe.append(cell)
        if len(opponent_forks) == 1 and opponent_forks[0] in safe:
            return (opponent_forks[0],)
        on_fork_cells = [cell for cell in forcing if cell in opponent_forks]
        for candidates in (on_fork_cells, forcing, safe, opponent_forks):
            if candidates:
                return _positional(cells, candidates, opponent)[1]
        raise AssertionError("a playable board always has a fork cell here")


_Decision = tuple[str, tuple[Cell, ...], tuple[Cell, ...], tuple[tuple[Cell, ...], ...]]


def _positional(
    cells: str, candidates: Iterable[Cell], opponent: str
) -> tuple[str, tuple[Cell, ...]]:
    """Rules 5-8 among ``candidates``: centre, opposite corner, empty corner, empty side."""
    options = tuple(candidates)
    if CENTRE in options:
        return "centre", (CENTRE,)
    opposite = tuple(
        cell for cell in options if cell in CORNERS and cells[OPPOSITE_CORNER[cell]] == opponent
    )
    if opposite:
        return "opposite corner", opposite
    corners = tuple(cell for cell in options if cell in CORNERS)
    if corners:
        return "corner", corners
    sides = tuple(cell for cell in options if cell in SIDES)
    return "side", sides or options


def _threat_lines(cells: str, mark: str) -> tuple[tuple[Cell, Cell, Cell], ...]:
    return tuple(
        line
        for line in LINES
        if [cells[cell] for cell in line].count(mark) == 2
        and [cells[cell] for cell in line].count(".") == 1
    )


def _fork_lines(cells: str, cell: Cell, mark: str) -> tuple[tuple[Cell, Cell, Cell], ...]:
    """The lines (two or more) that ``mark``'s fork at ``cell`` threatens to complete."""
    return tuple(line for line in _threat_lines(with_mark(cells, cell, mark), mark) if cell in line)


def _fork_lines_of(board: Board, cell: Cell) -> tuple[tuple[Cell, ...], ...]:
    """The lines that the side to move's fork at ``cell`` threatens to complete."""
    if board.rules.is_classic:
        return _fork_lines(board.cells, cell, board.to_move.value)
    after = board.play(cell)
    return tuple(line for line in threat_lines(after, board.to_move) if cell in line)


# Any board but tic-tac-toe ------------------------------------------------------------------


def _grid_decision(
    board: Board, moves: tuple[Cell, ...], deadline: float | None = None
) -> _Decision:
    """The eight rules on a board of k in a row (see the module), rule 4 within ``deadline``
    (see :func:`_grid_block_fork`)."""
    geometry = board.geometry
    me, opponent = board.to_move, board.to_move.opponent
    # Under renju black may not play its forbidden cells: a rule whose cells are all
    # forbidden gives way to the next (empty, and never asked, on every other rule).
    forbidden = board.forbidden_cells()
    wins = completing_cells(board, me)
    if wins:
        return "win", wins, wins, threat_lines(board, me)
    blocks = _allowed(blocking_cells(board, opponent), forbidden)
    if blocks:
        return "block", blocks, blocks, threat_lines(board, opponent)
    mine, theirs = board.bits(me), board.bits(opponent)
    forks = _allowed(grid_fork_cells(geometry, mine, theirs), forbidden)
    if forks:
        return "fork", forks, forks, ()
    opponent_forks = grid_fork_cells(geometry, theirs, mine)
    if opponent_forks:
        options = _allowed(
            _grid_block_fork(board, mine, theirs, opponent_forks, deadline), forbidden
        )
        if options:
            return "block fork", options, opponent_forks, ()
    rule, options = _grid_positional(board, moves)
    return rule, options, options, ()


def _allowed(cells: tuple[Cell, ...], forbidden: dict[Cell, str]) -> tuple[Cell, ...]:
    """``cells`` without the forbidden ones (``cells`` itself when none is)."""
    if not forbidden:
        return cells
    return tuple(cell for cell in cells if cell not in forbidden)


def grid_fork_cells(geometry: Geometry, mine: int, theirs: int) -> tuple[Cell, ...]:
    """Empty cells where the side holding ``mine`` would make two threats at once, ascending.

    Only a cell in a window holding k-2 of ``mine`` and none of ``theirs`` can make a
    threat, so only those are tried.
    """
    need = geometry.k - 2
    near = 0
    for mask in geometry.masks:
        if not mask & theirs and (mask & mine).bit_count() == need:
            near |= mask & ~mine
    return tuple(
        cell
        for cell in geometry.cells_of(near)
        if completing_bits(geometry, mine | 1 << cell, theirs).bit_count() >= 2
    )


def _grid_block_fork(
    board: Board,
    mine: int,
    theirs: int,
    opponent_forks: tuple[Cell, ...],
    deadline: float | None = None,
) -> tuple[Cell, ...]:
    """Rule 4 as on tic-tac-toe, among the cells next to a stone and the opponent's fork cells.

    Each cell tried costs a look for the opponent's forks after it (half a second for the
    lot late in a 20x20 game), so with a ``deadline`` (a ``time.perf_counter()`` reading)
    the cells left untried when it comes are left out: the opponent's fork cells are tried
    first. Which cells are tried first changes nothing when all are.
    """
    geometry = board.geometry
    safe: list[Cell] = []
    forcing: list[Cell] = []
    tried = [*opponent_forks, *(c for c in cells_near_stones(board) if c not in opponent_forks)]
    clock = time.perf_counter
    for cell in tried:
        if deadline is not None and clock() >= deadline:
            break
        after = mine | 1 << cell
        threats = completing_bits(geometry, after, theirs)
        if threats:
            # No fork of ours exists (rule 3), so this is one threat and one forced reply.
            if completing_bits(geometry, theirs | threats, after).bit_count() < 2:
                safe.append(cell)
                forcing.append(cell)
        elif not grid_fork_cells(geometry, theirs, after):
            safe.append(cell)
    if len(opponent_forks) == 1 and opponent_forks[0] in safe:
        return (opponent_forks[0],)
    on_fork_cells = [cell for cell in forcing if cell in opponent_forks]
    for candidates in (on_fork_cells, forcing, safe, opponent_forks):
        if candidates:
            return _grid_positional(board, candidates)[1]
    raise AssertionError("the opponent's fork cells are never empty here")


def _grid_positional(board: Board, candidates: Sequence[Cell]) -> tuple[str, tuple[Cell, ...]]:
    """Rules 5-8 among ``candidates``: centre, opposite corner, corner, side, else any of them."""
    corners, centre, sides, _ = places(board.geometry)
    offered = set(candidates)
    middle = tuple(cell for cell in centre if cell in offered)
    if middle:
        return "centre", middle
    theirs = board.bits(board.to_move.opponent)
    last = board.rules.size - 1
    opposite = tuple(cell for cell in corners if cell in offered and theirs >> (last - cell) & 1)
    if opposite:
        return "opposite corner", opposite
    free_corners = tuple(cell for cell in corners if cell in offered)
    if free_corners:
        return "corner", free_corners
    free_sides = tuple(cell for cell in sides if cell in offered)
    if free_sides:
        return "side", free_sides
    return "random", tuple(sorted(offered))
