"""Any board searched to a depth limit and rated by document 003's line utility, for the core.

MiniMax and AlphaBeta search every board but tic-tac-toe (and tic-tac-toe with a ``depth``
or a time budget) to a depth limit (the ``depth`` option, by default :func:`default_depth`
of the board) and rate the positions found there with the line utility over k-windows
(:func:`~ttt_desktop.players.utility.position_utility`); a finished game is still worth a
win or a loss, beyond any utility. Both look only at the free cells next to a stone on
boards of more than :data:`ALL_CELLS_UP_TO` cells (:func:`search_cells`), so at the same
depth they search the same tree and find the same value; alpha-beta tries wins, blocks,
then the cells of most line utility for either side first, and prunes.

Nothing here imports Qt.
"""

from __future__ import annotations

from typing import Final

from ttt_desktop.core.board import Board
from ttt_desktop.core.cells import Cell
from ttt_desktop.core.clock import StopCheck
from ttt_desktop.core.rules import Rules
from ttt_desktop.core.tactics import completing_cells
from ttt_desktop.players.nearby import cells_near_stones
from ttt_desktop.players.search.negamax import Expansion, Negamax, RootScore
from ttt_desktop.players.utility import promise, utility_change

WIN_SCORE: Final = 1_000_000
"""A won game's worth beyond any line utility: this plus the empty cells left (sooner is more)."""
BEYOND_ANY_SCORE: Final = 2 * WIN_SCORE
"""Beyond every value of the search: the window of a whole search."""
MAX_DEPTH: Final = 20
ALL_CELLS_UP_TO: Final = 25
"""Boards of at most this many cells are searched over every free cell, not only near stones."""

Node = tuple[Board, int]
"""A position and its line utility for its side to move, carried down the tree move by move."""


def check_depth(depth: object) -> int | None:
    """``depth`` if it is a valid search depth (1-20 plies) or None; ValueError otherwise."""
    if depth is not None and (type(depth) is not int or not 1 <= depth <= MAX_DEPTH):
        raise ValueError(
            f"a search depth is the plies to look ahead, 1-{MAX_DEPTH}, "
            f"or none for the default of the board, not {depth!r}"
        )
    return depth


def default_depth(kind: str, rules: Rules) -> int:
    """The plies MiniMax (``kind`` ``"minimax"``) or AlphaBeta search on ``rules`` by default.

    Chosen so a move takes about a second or less in pure Python on 15x15
    (benchmarks/seed_players_speed.py): alpha-beta's pruning buys it one or two
    plies more than minimax at the same cost. On tic-tac-toe both search to the end,
    so this is used there only through an explicit ``depth``.
    """
    size = rules.size
    if kind == "minimax":
        return 4 if size <= 16 else 3 if size <= 49 else 2
    return 6 if size <= 16 else 5 if size <= 49 else 3


def search_cells(board: Board) -> tuple[Cell, ...]:
    """The moves the depth-limited searches consider: every free cell on small boards, else
    those next to a stone (the central cells on an empty board)."""
    if board.rules.size <= ALL_CELLS_UP_TO:
        return board.legal_moves()
    return cells_near_stones(board, 1)


class LimitedSearch:
    """Depth-limited minimax (``pruning`` off) or alpha-beta on the core, from ``board``.

    A node is a position and its line utility for the side to move (``balance``), carried
    down the tree with :func:`~ttt_desktop.players.utility.utility_change`. Values are for
    the side to move: a game won by the side that just moved is ``-(WIN_SCORE + empty
    cells)``, a drawn one 0. At the last ply the positions are not built: a cell that
    completes a line is a win, any other is the balance after it. ``nodes`` counts every
    position visited, ``deepest`` the deepest ply below the root, ``cutoffs`` the moves
    alpha-beta left unsearched (a win found at the last ply leaves the other moves there).
    ``stop`` is asked at every node, before its moves are found and ordered (on 20x20 that
    alone takes a millisecond), so told to stop the search answers within a few
    milliseconds; once it answers true the search raises
    :class:`~ttt_desktop.players.thought.SearchStopped`. A context manager, as its core is.
    """

    __slots__ = ("_wins", "core", "finished", "pruning", "size", "winning")

    def __init__(self, board: Board, stop: StopCheck | None = None, *, pruning: bool) -> None:
        self.size = board.rules.size
        self.pruning = pruning
        self.finished = 0
        """The depth of the last search of every root move that finished."""
        self.winning = False
        """Whether the position :meth:`ordered` last ordered has a winning move."""
        self._wins: frozenset[Cell] = frozenset()
        self.core: Negamax[Node, Cell] = Negamax(
            self.expand,
            self.play,
            score=self.score,
            pruning=pruning,
            lines=True,
            stop=stop,
            every=1,
        )

    def __enter__(self) -> LimitedSearch:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.core.close()

    @property
    def nodes(self) -> int:
        return self.core.nodes

    @property
    def cutoffs(self) -> int:
        return self.core.cutoffs

    @property
    def deepest(self) -> int:
        return self.core.deepest

    def root(
        self,
        board: Board,
        cells: list[Cell],
        depth: int,
        balance: int,
        into: list[RootScore[Cell]] | None = None,
    ) -> list[RootScore[Cell]]:
        """Each of ``cells`` searched ``depth`` plies from ``board`` (whose utility for its side
        to move is ``balance``): its value, whether exact, its line."""
        if depth <= 1:  # the moves are scored, not played (see score)
            self._wins = frozenset(completing_cells(board, board.to_move))
        results = self.core.root(
            (board, balance), cells, depth, -BEYOND_ANY_SCORE, BEYOND_ANY_SCORE, into
        )
        self.finished = min(depth, self.size - board.ply)
        return results

    def expand(
        self, node: Node, depth: int, alpha: int, beta: int, ply: int
    ) -> int | Expansion[Cell]:
        """A finished game's value, else the cells to search (ordered, for alpha-beta)."""
        board, balance = node
        if board.winner is not None:
            return -(WIN_SCORE + self.size - board.ply)
        if board.is_over:
            return 0
        if depth <= 0:
            return balance
        if not self.pruning:
            if depth == 1:  # the moves are scored, not played (see score)
                self._wins = frozenset(completing_cells(board, board.to_move))
            return search_cells(board), depth - 1, -BEYOND_ANY_SCORE, None
        cells = self.ordered(board)
        if depth == 1 and self.winning:
            # Ordered first, a win now: nothing beats it, so the other moves are cut off.
            self.core.count(0, ply, len(cells) - 1)
            return cells[:1], 0, -BEYOND_ANY_SCORE, None
        return cells, depth - 1, -BEYOND_ANY_SCORE, None

    def play(self, node: Node, cell: Cell) -> Node:
        """The child of ``node`` after ``cell``, with its balance for its side to move."""
        board, balance = node
        return board.play(cell), -(balance + utility_change(board, cell))

    def score(self, node: Node, cell: Cell) -> int:
        """Playing ``cell`` last, for the side to move: a win, a draw, or the balance after.

        Asked only for the moves of the position whose winning cells were found last (by
        :meth:`expand`, :meth:`ordered` or :meth:`root`, just before)."""
        board, balance = node
        if cell in self._wins:
            return WIN_SCORE + self.size - board.ply - 1
        if board.ply + 1 == self.size:
            return 0
        return balance + utility_change(board, cell)

    def ordered(self, board: Board, cells: tuple[Cell, ...] | None = None) -> list[Cell]:
        """``cells`` (default :func:`search_cells`), most promising first.

        Wins, then blocks, then the cells of most line utility for the side to move
        plus for the opponent (a cell good for both is good to take); ties keep the
        order given (the sort is stable). Sets :attr:`winning`: whether a cell wins now.
        """
        if cells is None:
            cells = search_cells(board)
        me = board.to_move
        wins = frozenset(completing_cells(board, me))
        self._wins = wins
        self.winning = bool(wins)
        blocks = set(completing_cells(board, me.opponent))
        worth = promise(board, cells)
        return sorted(cells, key=lambda cell: (cell not in wins, cell not in blocks, -worth[cell]))
