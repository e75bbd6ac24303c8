"""Full-depth game-tree search: MiniMax (Algorithm 5) and AlphaBeta (Algorithm 7) of document 003.

Both search to the end of the game, with the same utility for a finished
board, seen from the searching player's side: a win is worth one point plus one
per empty cell left, a loss the negative of that, a draw 0. So among wins the
faster is worth more, and among losses the slower; both players therefore
choose exactly the moves the solver in :mod:`ttt_desktop.analysis` calls best.

MiniMax is the honest algorithm, with no memo and no pruning: about 550,000
positions visited for the first move on an empty board, seconds in Python.
AlphaBeta prunes with good move ordering and visits a few thousand.

On every other board the game tree is far too big, so both search to a depth
limit (the ``depth`` option, by default :func:`default_depth` of the board) and
rate the positions found there with document 003's line utility over k-windows
(:func:`~ttt_desktop.players.utility.position_utility`); a finished game is still
worth a win or a loss, beyond any utility. Both look only at the free cells next to
a stone (:func:`~ttt_desktop.players.nearby.cells_near_stones`), so at the same
depth they search the same tree and find the same value; AlphaBeta tries wins,
blocks, then the cells of most line utility for either side first, and prunes.

Nothing here imports Qt.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Final

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.cells import CENTRE, CORNERS, SIDES, Cell
from ttt_desktop.core.rules import Rules
from ttt_desktop.core.tactics import completing_cells
from ttt_desktop.players.base import Player, deadline_of, legal_moves_or_raise, stop_at
from ttt_desktop.players.nearby import cells_near_stones
from ttt_desktop.players.utility import position_utility, promise, utility_change

if TYPE_CHECKING:
    from ttt_desktop.core.clock import StopCheck
    from ttt_desktop.players.thought import Bound, CellScore, Thought

_INFINITY: Final = 100


def utility(board: Board, player: Mark) -> int:
    """Finished ``board`` for ``player``: ±(1 + empty cells) for a win or loss, 0 for a draw."""
    if board.winner is None:
        return 0
    reward = 1 + board.cells.count(".")
    return reward if board.winner is player else -reward


class MinimaxPlayer(Player):
    """Plain full-depth minimax, exactly Algorithm 5: MAX-VALUE and MIN-VALUE to every leaf.

    The root evaluates every legal move with MIN-VALUE and takes the highest,
    at random among equals. Nothing is remembered between calls or positions.
    On other boards (or with a ``depth``) the same search stops at the depth limit
    and rates the positions there with the line utility (see the module).
    """

    kind = "minimax"

    def __init__(self, *, seed: int | None = None, depth: int | None = None) -> None:
        super().__init__(seed=seed)
        self.depth: int | None = check_depth(depth)
        """The plies to search; None: the whole game on tic-tac-toe, else :func:`default_depth`."""

    def choose_move(self, board: Board) -> Cell:
        moves = legal_moves_or_raise(board)
        if _depth_limited(self, board):
            return self.think(board).move
        player = board.to_move
        values = [min_value(board.play(cell), player) for cell in moves]
        best = max(values)
        return self.pick([cell for cell, value in zip(moves, values, strict=True) if value == best])

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """Every move's minimax value, the nodes visited, the depth and the principal line.

        The same search as :meth:`choose_move`, counted: ``nodes`` is every
        position below ``board`` (549,945 on the empty board).
        """
        started = time.perf_counter()
        from ttt_desktop.players.thought import (  # noqa: PLC0415  (see thought.py)
            CellScore,
            Meaning,
            Rule,
            Thought,
        )

        moves = legal_moves_or_raise(board)
        if _depth_limited(self, board):
            return _limited_thought(self, board, stop, started, pruning=False)
        search = CountingSearch(board.to_move, stop)
        results = [search.min_value(board.play(cell), 1) for cell in moves]
        best = max(value for value, _ in results)
        candidates = tuple(
            cell for cell, (value, _) in zip(moves, results, strict=True) if value == best
        )
        move = self.pick(candidates)
        return Thought(
            self.kind,
            board.cells,
            board.to_move.value,
            move,
            Rule.SEARCH,
            candidates,
            scores=tuple(
                CellScore(cell, value) for cell, (value, _) in zip(moves, results, strict=True)
            ),
            meaning=Meaning.MINIMAX,
            nodes=search.nodes,
            depth=search.deepest,
            seconds=time.perf_counter() - started,
            line=(move, *results[moves.index(move)][1]),
        )


def max_value(board: Board, player: Mark) -> int:
    """MAX-VALUE: the best ``player`` can force when it is ``player``'s turn on ``board``."""
    if board.is_over:
        return utility(board, player)
    value = -_INFINITY
    for cell in board.legal_moves():
        child_value = min_value(board.play(cell), player)
        value = max(value, child_value)
    return value


def min_value(board: Board, player: Mark) -> int:
    """MIN-VALUE: the least the opponent can hold ``player`` to when the opponent moves."""
    if board.is_over:
        return utility(board, player)
    value = _INFINITY
    for cell in board.legal_moves():
        child_value = max_value(board.play(cell), player)
        value = min(value, child_value)
    return value


# Alpha-beta ------------------------------------------------------------------------------

# Centre, then corners, then sides: the cells on more lines tend to be the better moves.
_POSITIONAL_ORDER: Final = (CENTRE, *CORNERS, *SIDES)
_RANK: Final = {cell: rank for rank, cell in enumerate(_POSITIONAL_ORDER)}


# Board -> its ordered moves. The order depends on the position alone, so it is worked out
# once per position met (a few thousand); tuples in a dict are safe to share between threads.
_ordered_by_board: dict[Board, tuple[Cell, ...]] = {}


def ordered_moves(board: Board) -> tuple[Cell, ...]:
    """Legal moves, most promising first: wins, blocks, then centre, corners, sides."""
    known = _ordered_by_board.get(board)
    if known is not None:
        return known
    wins = completing_cells(board, board.to_move)
    blocks = completing_cells(board, board.to_move.opponent)
    by_rank = sorted(board.legal_moves(), key=_RANK.__getitem__)
    first = [*wins, *(cell for cell in blocks if cell not in wins)]
    ordered = (*first, *(cell for cell in by_rank if cell not in first))
    _ordered_by_board[board] = ordered
    return ordered


class AlphaBetaPlayer(Player):
    """Full-depth minimax with alpha-beta pruning (Algorithm 7) and move ordering.

    On other boards (or with a ``depth``) it searches to the depth limit as
    :class:`MinimaxPlayer` does there, pruning, and so reaches deeper in the same time.

    Moves are tried winning moves first, then blocks, then centre, corners and
    sides, so cut-offs come early. To choose at random among equally good moves,
    the root shuffles its moves with the player's generator before ordering
    them (the sort is stable) and keeps the first move that reaches the best
    value: pruning never discards a better move, only equal or worse ones.
    """

    kind = "alphabeta"

    def __init__(self, *, seed: int | None = None, depth: int | None = None) -> None:
        super().__init__(seed=seed)
        self.depth: int | None = check_depth(depth)
        """The plies to search; None: the whole game on tic-tac-toe, else :func:`default_depth`."""

    def choose_move(self, board: Board) -> Cell:
        moves = list(legal_moves_or_raise(board))
        if _depth_limited(self, board):
            return self.think(board).move
        player = board.to_move
        self.random.shuffle(moves)
        wins = set(completing_cells(board, player))
        blocks = set(completing_cells(board, player.opponent))
        moves.sort(key=lambda cell: (cell not in wins, cell not in blocks, _RANK[cell]))
        best_value, best_move = -_INFINITY, moves[0]
        alpha, beta = -_INFINITY, _INFINITY
        for cell in moves:
            value = alpha_beta_min(board.play(cell), player, alpha, beta)
            if value > best_value:
                best_value, best_move = value, cell
                alpha = max(alpha, value)
        return best_move

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """Each root move's value or bound, the nodes visited and cut off, the principal line.

        The same search as :meth:`choose_move` (same shuffle, same order), counted.
        A root move searched after a better one only proves it is no better: its
        score is an upper bound (``Bound.UPPER``), not its value.
        """
        started = time.perf_counter()
        from ttt_desktop.players.thought import (  # noqa: PLC0415  (see thought.py)
            Bound,
            CellScore,
            Meaning,
            Rule,
            Thought,
        )

        moves = list(legal_moves_or_raise(board))
        if _depth_limited(self, board):
            return _limited_thought(self, board, stop, started, pruning=True)
        player = board.to_move
        self.random.shuffle(moves)
        wins = set(completing_cells(board, player))
        blocks = set(completing_cells(board, player.opponent))
        moves.sort(key=lambda cell: (cell not in wins, cell not in blocks, _RANK[cell]))
        search = CountingSearch(player, stop)
        best_value, best_move = -_INFINITY, moves[0]
        best_line: tuple[Cell, ...] = ()
        alpha, beta = -_INFINITY, _INFINITY
        scores = []
        for cell in moves:
            value, line = search.ab_min(board.play(cell), 1, alpha, beta)
            exact = value > alpha
            scores.append(CellScore(cell, value, Bound.EXACT if exact else Bound.UPPER))
            if value > best_value:
                best_value, best_move, best_line = value, cell, line
                alpha = max(alpha, value)
        return Thought(
            self.kind,
            board.cells,
            board.to_move.value,
            best_move,
            Rule.SEARCH,
            (best_move,),
            scores=tuple(sorted(scores, key=lambda score: score.cell)),
            meaning=Meaning.ALPHABETA,
            nodes=search.nodes,
            cutoffs=search.cutoffs,
            depth=search.deepest,
            seconds=time.perf_counter() - started,
            line=(best_move, *best_line),
        )


def alpha_beta_max(board: Board, player: Mark, alpha: int, beta: int) -> int:
    """MAX-VALUE with bounds: stops as soon as the value reaches ``beta``."""
    if board.is_over:
        return utility(board, player)
    value = -_INFINITY
    for cell in ordered_moves(board):
        child_value = alpha_beta_min(board.play(cell), player, alpha, beta)
        if child_value > value:
            value = child_value
            alpha = max(alpha, value)
        if child_value >= beta:
            return value
    return value


def alpha_beta_min(board: Board, player: Mark, alpha: int, beta: int) -> int:
    """MIN-VALUE with bounds: stops as soon as the value falls to ``alpha``."""
    if board.is_over:
        return utility(board, player)
    value = _INFINITY
    for cell in ordered_moves(board):
        child_value = alpha_beta_max(board.play(cell), player, alpha, beta)
        if child_value < value:
            value = child_value
            beta = min(beta, value)
        if child_value <= alpha:
            return value
    return value


# Counted searches, for think() -----------------------------------------------------------

_STOP_MASK: Final = 511  # ask ``stop`` once per 512 positions (thought.STOP_EVERY)
_NO_LINE: tuple[Cell, ...] = ()


class CountingSearch:
    """Minimax and alpha-beta as above, counting as they go and keeping the principal line.

    Each method returns the value and the line of best play below the position
    (the moves after it). ``nodes`` counts every position visited, ``deepest`` the
    deepest ply below the root, ``cutoffs`` the moves alpha-beta left unsearched.
    ``stop`` is asked every 512 positions; once it answers true the search raises
    :class:`~ttt_desktop.players.thought.SearchStopped`.
    """

    __slots__ = ("cutoffs", "deepest", "nodes", "player", "stop")

    def __init__(self, player: Mark, stop: StopCheck | None = None) -> None:
        self.player = player
        self.stop = stop
        self.nodes = 0
        self.cutoffs = 0
        self.deepest = 0

    def _visit(self, ply: int) -> None:
        self.nodes += 1
        self.deepest = max(self.deepest, ply)
        if self.stop is not None and not self.nodes & _STOP_MASK and self.stop():
            from ttt_desktop.players.thought import SearchStopped  # noqa: PLC0415

            raise SearchStopped("the search was told to stop")

    def max_value(self, board: Board, ply: int) -> tuple[int, tuple[Cell, ...]]:
        """MAX-VALUE with its line; ``ply`` is how deep ``board`` lies below the root."""
        # The visit is written out (not self._visit): a call per position costs a third more.
        self.nodes += 1
        if ply > self.deepest:  # noqa: PLR1730  (a call to max() per position costs more)
            self.deepest = ply
        if not self.nodes & _STOP_MASK and self.stop is not None and self.stop():
            _stopped()
        if board.is_over:
            return utility(board, self.player), _NO_LINE
        value, line = -_INFINITY, _NO_LINE
        best_cell, below = -1, ply + 1
        min_value = self.min_value
        for cell in board.legal_moves():
            child_value, child_line = min_value(board.play(cell), below)
            if child_value > value:
                value, best_cell, line = child_value, cell, child_line
        return value, (best_cell, *line)

    def min_value(self, board: Board, ply: int) -> tuple[int, tuple[Cell, ...]]:
        """MIN-VALUE with its line."""
        self.nodes += 1
        if ply > self.deepest:  # noqa: PLR1730  (a call to max() per position costs more)
            self.deepest = ply
        if not self.nodes & _STOP_MASK and self.stop is not None and self.stop():
            _stopped()
        if board.is_over:
            return utility(board, self.player), _NO_LINE
        value, line = _INFINITY, _NO_LINE
        best_cell, below = -1, ply + 1
        max_value = self.max_value
        for cell in board.legal_moves():
            child_value, child_line = max_value(board.play(cell), below)
            if child_value < value:
                value, best_cell, line = child_value, cell, child_line
        return value, (best_cell, *line)

    def ab_max(self, board: Board, ply: int, alpha: int, beta: int) -> tuple[int, tuple[Cell, ...]]:
        """:func:`alpha_beta_max` with its line and counts."""
        self._visit(ply)
        if board.is_over:
            return utility(board, self.player), _NO_LINE
        value, line = -_INFINITY, _NO_LINE
        moves = ordered_moves(board)
        for index, cell in enumerate(moves):
            child_value, child_line = self.ab_min(board.play(cell), ply + 1, alpha, beta)
            if child_value > value:
                value, line = child_value, (cell, *child_line)
                alpha = max(alpha, value)
            if child_value >= beta:
                self.cutoffs += len(moves) - index - 1
                return value, line
        return value, line

    def ab_min(self, board: Board, ply: int, alpha: int, beta: int) -> tuple[int, tuple[Cell, ...]]:
        """:func:`alpha_beta_min` with its line and counts."""
        self._visit(ply)
        if board.is_over:
            return utility(board, self.player), _NO_LINE
        value, line = _INFINITY, _NO_LINE
        moves = ordered_moves(board)
        for index, cell in enumerate(moves):
            child_value, child_line = self.ab_max(board.play(cell), ply + 1, alpha, beta)
            if child_value < value:
                value, line = child_value, (cell, *child_line)
                beta = min(beta, value)
            if child_value <= alpha:
                self.cutoffs += len(moves) - index - 1
                return value, line
        return value, line


def _stopped() -> None:
    from ttt_desktop.players.thought import SearchStopped  # noqa: PLC0415

    raise SearchStopped("the search was told to stop")


# Depth-limited search, on every board but tic-tac-toe -------------------------------------

WIN_SCORE: Final = 1_000_000
"""A won game's worth beyond any line utility: this plus the empty cells left (sooner is more)."""

MAX_DEPTH: Final = 20
ALL_CELLS_UP_TO: Final = 25
"""Boards of at most this many cells are searched over every free cell, not only near stones."""


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
    """Depth-limited minimax and alpha-beta in negamax form, counting as they go.

    Values are for the side to move at the position searched: a game won by the
    side that just moved is ``-(WIN_SCORE + empty cells)``, a drawn one 0, and a
    position at the depth limit is worth its
    :func:`~ttt_desktop.players.utility.position_utility` for the side to move,
    carried down the tree move by move (``balance``) with
    :func:`~ttt_desktop.players.utility.utility_change`. At the last ply the
    positions are not built: a cell that completes a line is a win, any other is
    the balance after it. Both searches consider the same cells
    (:func:`search_cells`), so at the same depth they return the same value.
    ``nodes`` counts every position visited, ``deepest`` the deepest ply below the
    root, ``cutoffs`` the moves alpha-beta left unsearched. ``stop`` is asked every
    64 positions and before each position's moves are found and ordered (on 20x20 that
    alone takes a millisecond: 64 such positions went by between two asks before), so
    told to stop the search answers within a few milliseconds; once it answers true the
    search raises :class:`~ttt_desktop.players.thought.SearchStopped`.
    """

    __slots__ = ("cutoffs", "deepest", "finished", "nodes", "size", "stop", "winning")

    def __init__(self, board: Board, stop: StopCheck | None = None) -> None:
        self.size = board.rules.size
        self.stop = stop
        self.nodes = 0
        self.cutoffs = 0
        self.deepest = 0
        self.finished = 0
        """The depth of the last search of every root move that finished."""
        self.winning = False
        """Whether the position :meth:`ordered` last ordered has a winning move."""

    def _visit(self, count: int, ply: int) -> None:
        before = self.nodes
        self.nodes += count
        self.deepest = max(self.deepest, ply)
        if self.stop is not None and before >> 6 != self.nodes >> 6 and self.stop():
            _stopped()

    def _frontier(self, board: Board, cells: tuple[Cell, ...], balance: int) -> list[int]:
        """The values, for the side to move on ``board``, of playing each of ``cells`` last."""
        wins = completing_cells(board, board.to_move)
        empty_after = self.size - board.ply - 1
        return [
            WIN_SCORE + empty_after
            if cell in wins
            else 0
            if not empty_after
            else balance + utility_change(board, cell)
            for cell in cells
        ]

    def minimax(
        self, board: Board, depth: int, balance: int, ply: int
    ) -> tuple[int, tuple[Cell, ...]]:
        """The negamax value of ``board`` searched ``depth`` plies, with its line."""
        if self.stop is not None and self.stop():  # a big board's node costs a millisecond
            _stopped()
        cells = search_cells(board)
        if depth == 1:
            self._visit(len(cells), ply + 1)
            values = self._frontier(board, cells, balance)
            best = max(values)
            return best, (cells[values.index(best)],)
        value, line = -WIN_SCORE * 2, _NO_LINE
        for cell in cells:
            child_value, child_line = self.child(board, cell, depth, balance, ply, None)
            if child_value > value:
                value, line = child_value, (cell, *child_line)
        return value, line

    def alphabeta(  # noqa: PLR0917  (the recursion's state, positionally)
        self, board: Board, depth: int, balance: int, ply: int, alpha: int, beta: int
    ) -> tuple[int, tuple[Cell, ...]]:
        """The negamax value of ``board`` within (``alpha``, ``beta``), with its line."""
        if self.stop is not None and self.stop():  # ordering a big board's cells: a millisecond
            _stopped()
        cells = self.ordered(board)
        if depth == 1 and self.winning:  # ordered first: nothing beats a win now
            self._visit(1, ply + 1)
            self.cutoffs += len(cells) - 1
            return WIN_SCORE + self.size - board.ply - 1, (cells[0],)
        value, line = -WIN_SCORE * 2, _NO_LINE
        for index, cell in enumerate(cells):
            if depth == 1:
                self._visit(1, ply + 1)
                empty_after = self.size - board.ply - 1
                child_value = balance + utility_change(board, cell) if empty_after else 0
                child_line = _NO_LINE
            else:
                child_value, child_line = self.child(
                    board, cell, depth, balance, ply, (alpha, beta)
                )
            if child_value > value:
                value, line = child_value, (cell, *child_line)
                alpha = max(alpha, value)
            if value >= beta:
                self.cutoffs += len(cells) - index - 1
                break
        return value, line

    def child(  # noqa: PLR0917
        self,
        board: Board,
        cell: Cell,
        depth: int,
        balance: int,
        ply: int,
        window: tuple[int, int] | None,
    ) -> tuple[int, tuple[Cell, ...]]:
        """The value of playing ``cell`` for the side to move: the child searched, negated."""
        self._visit(1, ply + 1)
        child = board.play(cell)
        if child.winner is not None:
            return WIN_SCORE + self.size - child.ply, _NO_LINE
        if child.is_over:
            return 0, _NO_LINE
        if depth == 1:
            return balance + utility_change(board, cell), _NO_LINE
        child_balance = -(balance + utility_change(board, cell))
        if window is None:
            value, line = self.minimax(child, depth - 1, child_balance, ply + 1)
        else:
            alpha, beta = window
            value, line = self.alphabeta(child, depth - 1, child_balance, ply + 1, -beta, -alpha)
        return -value, line

    def ordered(self, board: Board, cells: tuple[Cell, ...] | None = None) -> list[Cell]:
        """``cells`` (default :func:`search_cells`), most promising first.

        Wins, then blocks, then the cells of most line utility for the side to move
        plus for the opponent (a cell good for both is good to take); ties keep the
        order given (the sort is stable). Sets :attr:`winning`: whether a cell wins now.
        """
        if cells is None:
            cells = search_cells(board)
        me = board.to_move
        wins = set(completing_cells(board, me))
        self.winning = bool(wins)
        blocks = set(completing_cells(board, me.opponent))
        worth = promise(board, cells)
        return sorted(cells, key=lambda cell: (cell not in wins, cell not in blocks, -worth[cell]))


def _depth_limited(player: MinimaxPlayer | AlphaBetaPlayer, board: Board) -> bool:
    """Whether ``player`` searches ``board`` to a depth limit rather than to the end of the
    game: on every board but tic-tac-toe, with a ``depth``, and under a time budget (on
    tic-tac-toe minimax's whole tree takes a few hundred milliseconds: deepening one ply at
    a time reaches the end of the game when the time allows)."""
    return player.depth is not None or not board.rules.is_classic or player.budget_ms is not None


def _limited_thought(
    player: MinimaxPlayer | AlphaBetaPlayer,
    board: Board,
    stop: StopCheck | None,
    started: float,
    *,
    pruning: bool,
) -> Thought:
    """A depth-limited search from ``board``: each root move's value (or bound), the best line.

    Minimax values every root move exactly and picks at random among the best.
    Alpha-beta shuffles the root moves with the player's generator, orders them
    (wins, blocks, utility) and keeps the first that reaches the best value; a root
    move searched after a better one only proves it is no better (an upper bound).

    With a time budget (the player's ``budget_ms``, counted from ``started``) the search
    goes one ply deeper at a time up to its depth (on tic-tac-toe, the end of the game)
    and answers from the deepest search finished when time runs out; out of time within
    the first ply, from the root moves searched so far (the first of them at least);
    ``stop`` still stops it at once.
    """
    from ttt_desktop.players.thought import (  # noqa: PLC0415  (see thought.py)
        CellScore,
        Meaning,
        Rule,
        SearchStopped,
        Thought,
    )

    empty = board.rules.size - board.ply
    if player.depth is not None:
        depth = player.depth
    elif board.rules.is_classic:
        depth = empty  # the end of the game, under a time budget
    else:
        depth = default_depth(player.kind, board.rules)
    search = LimitedSearch(board, stop)
    balance = position_utility(board, board.to_move)
    cells: list[Cell] = list(search_cells(board))
    if pruning:
        player.random.shuffle(cells)
        cells = search.ordered(board, tuple(cells))
    budget = player.budget_ms
    if budget is None:
        results = _root_results(search, board, cells, depth, balance, pruning=pruning)
    else:
        search.stop = stop_at(deadline_of(budget, started), stop)
        results = []
        try:
            _root_results(search, board, cells, 1, balance, pruning=pruning, into=results)
        except SearchStopped:
            if stop is not None and stop():
                raise
            if not results:
                search.stop = stop
                _root_results(search, board, cells[:1], 1, balance, pruning=pruning, into=results)
            depth = 1  # no deeper iteration: the time is out
        # Deeper than the empty cells is the same tree again.
        for deeper in range(2, min(depth, empty) + 1):
            try:
                results = _root_results(search, board, cells, deeper, balance, pruning=pruning)
            except SearchStopped:
                if stop is not None and stop():
                    raise
                break
    best = max(value for _, value, _, _ in results)
    if pruning:
        move = next(cell for cell, value, _, _ in results if value == best)
        candidates: tuple[Cell, ...] = (move,)
    else:
        candidates = tuple(cell for cell, value, _, _ in results if value == best)
        move = player.pick(candidates)
    best_line = next(line for cell, _, _, line in results if cell == move)

    def score(cell: Cell, value: int, bound: Bound) -> CellScore:
        # A win or a loss in so many moves, as an exact value or a bound (see thought.proves).
        plies = empty - (abs(value) - WIN_SCORE) if abs(value) >= WIN_SCORE else None
        return CellScore(cell, value, bound, plies)

    return Thought(
        player.kind,
        board.cells,
        board.to_move.value,
        move,
        Rule.SEARCH,
        candidates,
        scores=tuple(sorted((score(c, v, b) for c, v, b, _ in results), key=lambda s: s.cell)),
        meaning=Meaning.EVALUATION,
        nodes=search.nodes,
        cutoffs=search.cutoffs,
        depth=search.deepest if budget is None else search.finished,
        seconds=time.perf_counter() - started,
        line=(move, *best_line),
        rules=board.rules.key,
    )


_RootResult = tuple[Cell, int, "Bound", tuple[Cell, ...]]


def _root_results(
    search: LimitedSearch,
    board: Board,
    cells: list[Cell],
    depth: int,
    balance: int,
    *,
    pruning: bool,
    into: list[_RootResult] | None = None,
) -> list[_RootResult]:
    """Each root move searched ``depth`` plies: its value, whether exact, its line.

    The results go into ``into`` when given, one by one, so a caller whose search was
    stopped keeps those of the moves searched before.
    """
    from ttt_desktop.players.thought import Bound  # noqa: PLC0415  (see thought.py)

    alpha = -WIN_SCORE * 2
    results: list[_RootResult] = [] if into is None else into
    for cell in cells:
        value, line = search.child(
            board, cell, depth, balance, 0, (alpha, WIN_SCORE * 2) if pruning else None
        )
        exact = not pruning or value > alpha
        results.append((cell, value, Bound.EXACT if exact else Bound.UPPER, line))
        if pruning and value > alpha:
            alpha = value
    search.finished = min(depth, search.size - board.ply)
    return results
