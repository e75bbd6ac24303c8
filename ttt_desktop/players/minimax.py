"""MiniMax (Algorithm 5) and AlphaBeta (Algorithm 7) of document 003: the core, bound.

Both are the players' one search (:class:`~ttt_desktop.players.search.negamax.Negamax`):
MiniMax without pruning, AlphaBeta with it. On tic-tac-toe they search to the end of the
game (:mod:`~ttt_desktop.players.search.whole_game`), where a win is worth one point plus
one per empty cell left, so both choose exactly the moves the solver in
:mod:`ttt_desktop.analysis` calls best. MiniMax is the honest algorithm, with no memo and no
pruning: 549,945 positions visited for the first move on an empty board. AlphaBeta prunes
with good move ordering and visits a few thousand.

On every other board (or with a ``depth``, or under a time budget) both search to a depth
limit and rate the positions there with the line utility
(:mod:`~ttt_desktop.players.search.limited`); under a time budget they deepen one ply at a
time (:func:`~ttt_desktop.players.search.deepening.deepen`).

Nothing here imports Qt.
"""

from __future__ import annotations

import time

from ttt_desktop.core.board import Board
from ttt_desktop.core.cells import Cell
from ttt_desktop.core.clock import StopCheck
from ttt_desktop.players.base import Player, deadline_of, legal_moves_or_raise, stop_at
from ttt_desktop.players.search.deepening import deepen
from ttt_desktop.players.search.limited import (
    WIN_SCORE,
    LimitedSearch,
    check_depth,
    default_depth,
    search_cells,
)
from ttt_desktop.players.search.negamax import RootScore
from ttt_desktop.players.search.whole_game import (
    BEYOND_THE_GAME,
    TO_THE_END,
    root_order,
    whole_game_search,
)
from ttt_desktop.players.thought import Bound, CellScore, Meaning, Rule, SearchStopped, Thought
from ttt_desktop.players.utility import position_utility


class MinimaxPlayer(Player):
    """Plain full-depth minimax, exactly Algorithm 5: every move to every leaf.

    The root evaluates every legal move and takes the highest, at random among equals.
    Nothing is remembered between calls or positions. On other boards (or with a
    ``depth``) the same search stops at the depth limit and rates the positions there with
    the line utility (see the module).
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
        results = _whole_game(board, moves, pruning=False)
        best = max(result.value for result in results)
        return self.pick([result.move for result in results if result.value == best])

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """Every move's minimax value, the nodes visited, the depth and the principal line.

        The same search as :meth:`choose_move`, counted: ``nodes`` is every
        position below ``board`` (549,945 on the empty board).
        """
        started = time.perf_counter()
        moves = legal_moves_or_raise(board)
        if _depth_limited(self, board):
            return _limited_thought(self, board, stop, started, pruning=False)
        with whole_game_search(pruning=False, lines=True, stop=stop) as search:
            results = search.root(board, moves, TO_THE_END, -BEYOND_THE_GAME, BEYOND_THE_GAME)
        best = max(result.value for result in results)
        candidates = tuple(result.move for result in results if result.value == best)
        move = self.pick(candidates)
        return Thought(
            self.kind,
            board.cells,
            board.to_move.value,
            move,
            Rule.SEARCH,
            candidates,
            scores=tuple(CellScore(result.move, result.value) for result in results),
            meaning=Meaning.MINIMAX,
            nodes=search.nodes,
            depth=search.deepest,
            seconds=time.perf_counter() - started,
            line=(move, *results[moves.index(move)].line),
        )


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
        self.random.shuffle(moves)
        return _first_best(_whole_game(board, root_order(board, moves), pruning=True)).move

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """Each root move's value or bound, the nodes visited and cut off, the principal line.

        The same search as :meth:`choose_move` (same shuffle, same order), counted.
        A root move searched after a better one only proves it is no better: its
        score is an upper bound (``Bound.UPPER``), not its value.
        """
        started = time.perf_counter()
        moves = list(legal_moves_or_raise(board))
        if _depth_limited(self, board):
            return _limited_thought(self, board, stop, started, pruning=True)
        self.random.shuffle(moves)
        with whole_game_search(pruning=True, lines=True, stop=stop) as search:
            results = search.root(
                board, root_order(board, moves), TO_THE_END, -BEYOND_THE_GAME, BEYOND_THE_GAME
            )
        best = _first_best(results)
        return Thought(
            self.kind,
            board.cells,
            board.to_move.value,
            best.move,
            Rule.SEARCH,
            (best.move,),
            scores=tuple(
                CellScore(result.move, result.value, Bound.EXACT if result.exact else Bound.UPPER)
                for result in sorted(results, key=lambda result: result.move)
            ),
            meaning=Meaning.ALPHABETA,
            nodes=search.nodes,
            cutoffs=search.cutoffs,
            depth=search.deepest,
            seconds=time.perf_counter() - started,
            line=(best.move, *best.line),
        )


def _whole_game(
    board: Board, moves: list[Cell] | tuple[Cell, ...], *, pruning: bool
) -> list[RootScore[Cell]]:
    """Each of ``moves`` searched to the end of the game (uncounted: :meth:`choose_move`)."""
    with whole_game_search(pruning=pruning) as search:
        return search.root(board, moves, TO_THE_END, -BEYOND_THE_GAME, BEYOND_THE_GAME)


def _first_best(results: list[RootScore[Cell]]) -> RootScore[Cell]:
    """The first result of the highest value (the root's moves are tried in order)."""
    best = results[0]
    for result in results:
        if result.value > best.value:
            best = result
    return best


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
    empty = board.rules.size - board.ply
    if player.depth is not None:
        depth = player.depth
    elif board.rules.is_classic:
        depth = empty  # the end of the game, under a time budget
    else:
        depth = default_depth(player.kind, board.rules)
    balance = position_utility(board, board.to_move)
    with LimitedSearch(board, stop, pruning=pruning) as search:
        cells: list[Cell] = list(search_cells(board))
        if pruning:
            player.random.shuffle(cells)
            cells = search.ordered(board, tuple(cells))
        budget = player.budget_ms
        if budget is None:
            results = search.root(board, cells, depth, balance)
        else:
            search.core.listen(stop_at(deadline_of(budget, started), stop))
            results = []
            try:
                search.root(board, cells, 1, balance, into=results)
            except SearchStopped:
                if stop is not None and stop():
                    raise
                if not results:
                    search.core.listen(stop)
                    search.root(board, cells[:1], 1, balance, into=results)
                depth = 1  # no deeper iteration: the time is out
            # Deeper than the empty cells is the same tree again.
            results, _ = deepen(
                lambda deeper: search.root(board, cells, deeper, balance),
                range(2, min(depth, empty) + 1),
                found=results,
                told=stop,
            )
    best = max(result.value for result in results)
    if pruning:
        move = next(result.move for result in results if result.value == best)
        candidates: tuple[Cell, ...] = (move,)
    else:
        candidates = tuple(result.move for result in results if result.value == best)
        move = player.pick(candidates)
    best_line = next(result.line for result in results if result.move == move)

    def score(result: RootScore[Cell]) -> CellScore:
        # A win or a loss in so many moves, as an exact value or a bound (see thought.proves).
        value = result.value
        plies = empty - (abs(value) - WIN_SCORE) if abs(value) >= WIN_SCORE else None
        return CellScore(result.move, value, Bound.EXACT if result.exact else Bound.UPPER, plies)

    return Thought(
        player.kind,
        board.cells,
        board.to_move.value,
        move,
        Rule.SEARCH,
        candidates,
        scores=tuple(sorted((score(result) for result in results), key=lambda s: s.cell)),
        meaning=Meaning.EVALUATION,
        nodes=search.nodes,
        cutoffs=search.cutoffs,
        depth=search.deepest if budget is None else search.finished,
        seconds=time.perf_counter() - started,
        line=(move, *best_line),
        rules=board.rules.key,
    )
