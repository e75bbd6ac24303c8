"""Full-depth game-tree search: MiniMax (Algorithm 5) and AlphaBeta (Algorithm 7) of document 003.

Both search to the end of the game, with the same utility for a finished
board, seen from the searching player's side: a win is worth one point plus one
per empty cell left, a loss the negative of that, a draw 0. So among wins the
faster is worth more, and among losses the slower; both players therefore
choose exactly the moves the solver in :mod:`ttt_desktop.analysis` calls best.

MiniMax is the honest algorithm, with no memo and no pruning: about 550,000
positions visited for the first move on an empty board, seconds in Python.
AlphaBeta prunes with good move ordering and visits a few thousand.

Nothing here imports Qt.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Final

from ttt_desktop.engine.board import Board, Mark
from ttt_desktop.engine.cells import CENTRE, CORNERS, SIDES, Cell
from ttt_desktop.engine.tactics import completing_cells
from ttt_desktop.players.base import Player, legal_moves_or_raise

if TYPE_CHECKING:
    from ttt_desktop.players.thought import StopCheck, Thought

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
    """

    kind = "minimax"

    def choose_move(self, board: Board) -> Cell:
        moves = legal_moves_or_raise(board)
        player = board.to_move
        values = [min_value(board.play(cell), player) for cell in moves]
        best = max(values)
        return self.pick([cell for cell, value in zip(moves, values, strict=True) if value == best])

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """Every move's minimax value, the nodes visited, the depth and the principal line.

        The same search as :meth:`choose_move`, counted: ``nodes`` is every
        position below ``board`` (549,945 on the empty board).
        """
        from ttt_desktop.players.thought import (  # noqa: PLC0415  (see thought.py)
            CellScore,
            Meaning,
            Rule,
            Thought,
        )

        started = time.perf_counter()
        moves = legal_moves_or_raise(board)
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

    Moves are tried winning moves first, then blocks, then centre, corners and
    sides, so cut-offs come early. To choose at random among equally good moves,
    the root shuffles its moves with the player's generator before ordering
    them (the sort is stable) and keeps the first move that reaches the best
    value: pruning never discards a better move, only equal or worse ones.
    """

    kind = "alphabeta"

    def choose_move(self, board: Board) -> Cell:
        moves = list(legal_moves_or_raise(board))
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
        from ttt_desktop.players.thought import (  # noqa: PLC0415  (see thought.py)
            Bound,
            CellScore,
            Meaning,
            Rule,
            Thought,
        )

        started = time.perf_counter()
        moves = list(legal_moves_or_raise(board))
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
