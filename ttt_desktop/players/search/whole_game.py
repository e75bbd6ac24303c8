"""Tic-tac-toe searched to the end of the game: its utility and its move order, for the core.

A finished board is worth, for the side to move there, 0 for a draw and for a loss
-(1 + the empty cells left) (the side that just moved has won; a win is worth the
negative): so among wins the faster is worth more, and among losses the slower, and a
search to the end chooses exactly the moves the solver in :mod:`ttt_desktop.analysis` calls
best. Plain minimax tries the moves in the board's order; alpha-beta tries the winning
moves first, then the blocks, then the centre, the corners and the sides, so that cutoffs
come early (at its root in :func:`root_order`).

:func:`whole_game_search` is the :class:`~ttt_desktop.players.search.negamax.Negamax` of
that game. What a node expands to depends on the board alone, so it is worked out once per
board met (a few thousand) and kept: a tuple in a dict, safe to share between threads.

Nothing here imports Qt.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ttt_desktop.core.board import Board, Mark, TicTacToeBoard
from ttt_desktop.core.cells import CENTRE, CORNERS, SIDES, Cell
from ttt_desktop.core.clock import StopCheck
from ttt_desktop.core.tactics import completing_cells
from ttt_desktop.players.search.negamax import Expansion, Negamax, Observer
from ttt_desktop.players.thought import STOP_EVERY

BEYOND_THE_GAME: Final = 100
"""Beyond every value of the game (at most 10 either way): the window of a whole search."""
TO_THE_END: Final = 9
"""The depth a whole-game search passes on: more than the plies any position has left."""

# Centre, then corners, then sides: the cells on more lines tend to be the better moves.
_POSITIONAL_ORDER: Final = (CENTRE, *CORNERS, *SIDES)
_RANK: Final = {cell: rank for rank, cell in enumerate(_POSITIONAL_ORDER)}


def utility(board: Board, player: Mark) -> int:
    """Finished ``board`` for ``player``: ±(1 + empty cells) for a win or loss, 0 for a draw."""
    if board.winner is None:
        return 0
    reward = 1 + board.cells.count(".")
    return reward if board.winner is player else -reward


def root_order(board: Board, moves: list[Cell] | None = None) -> list[Cell]:
    """``moves`` (default the legal moves) as alpha-beta tries them: wins, blocks, then
    centre, corners, sides; among equals in the order given (the sort is stable)."""
    wins = set(completing_cells(board, board.to_move))
    blocks = set(completing_cells(board, board.to_move.opponent))
    return sorted(
        board.legal_moves() if moves is None else moves,
        key=lambda cell: (cell not in wins, cell not in blocks, _RANK[cell]),
    )


def _ordered(board: Board) -> tuple[Cell, ...]:
    """Legal moves as alpha-beta tries them below its root: wins, then blocks (each
    ascending), then centre, corners, sides."""
    wins = completing_cells(board, board.to_move)
    blocks = completing_cells(board, board.to_move.opponent)
    by_rank = sorted(board.legal_moves(), key=_RANK.__getitem__)
    first = [*wins, *(cell for cell in blocks if cell not in wins)]
    return (*first, *(cell for cell in by_rank if cell not in first))


class _Expansions(dict[Board, "int | Expansion[Cell]"]):
    """Board -> what it expands to: its value when the game is over, else its moves."""

    def __init__(self, order: bool) -> None:
        super().__init__()
        self.order = order

    def __missing__(self, board: Board) -> int | Expansion[Cell]:
        expansion: int | Expansion[Cell]
        if board.is_over:
            expansion = utility(board, board.to_move)
        else:
            moves = _ordered(board) if self.order else board.legal_moves()
            expansion = (moves, TO_THE_END, -BEYOND_THE_GAME, None)
        self[board] = expansion
        return expansion


_PLAIN: Final = _Expansions(order=False)
_ORDERED: Final = _Expansions(order=True)

_PLAY: Final[Callable[[Board, Cell], Board]] = TicTacToeBoard.play  # type: ignore[assignment]
"""Tic-tac-toe's move, unbound (no method made per node): every node here is its board."""


def whole_game_search(
    *,
    pruning: bool,
    lines: bool = False,
    stop: StopCheck | None = None,
    observer: Observer[Board, Cell] | None = None,
    play: Callable[[Board, Cell], Board] = _PLAY,
    undo: Callable[[Board, Cell], object] | None = None,
) -> Negamax[Board, Cell]:
    """The core over tic-tac-toe to the end: alpha-beta (wins, blocks, centre, corners,
    sides first) with ``pruning``, else plain minimax in the board's order; ``stop`` asked
    every 512 nodes (:data:`~ttt_desktop.players.thought.STOP_EVERY`). An ``observer`` (the
    tree explorer) follows the search's path with its own ``play`` and ``undo``."""
    return Negamax(
        None,
        play,
        expand_node=(_ORDERED if pruning else _PLAIN).__getitem__,
        undo=undo,
        pruning=pruning,
        lines=lines,
        stop=stop,
        every=STOP_EVERY,
        observer=observer,
    )
