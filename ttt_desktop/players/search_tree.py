"""The search trees of minimax and alpha-beta, one level at a time, for the tree explorer.

:func:`tree_children` gives the children of one node of the tree a search grows
from a position: each move with its backed-up value (from the searching side's
point of view, on the searches' scale), the nodes its subtree cost, and for
alpha-beta the alpha and beta the node was searched with, or that it was cut off
and how many nodes the cut hid (the positions minimax would have visited there).
Both trees are the players' one search
(:func:`~ttt_desktop.players.search.whole_game.whole_game_search`): minimax is it without
pruning, the whole tree; alpha-beta's tree is the one the AlphaBeta player grows (same move
order), searched again with an observer that records the node asked about.

:func:`compare_searches` runs both searches from a position and counts their nodes.

The work can take a second (minimax near the empty board), so the window asks for
it in the search process. Both trees go to the end of the game, which only tic-tac-toe's is
small enough for: any other board is refused (a :class:`ValueError`). Nothing here imports Qt.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from ttt_desktop.core.board import Board, Mark, TicTacToeBoard
from ttt_desktop.core.cells import Cell
from ttt_desktop.core.clock import StopCheck
from ttt_desktop.core.rules import TIC_TAC_TOE
from ttt_desktop.players.search.whole_game import (
    BEYOND_THE_GAME,
    TO_THE_END,
    root_order,
    whole_game_search,
)


@dataclass(frozen=True, slots=True)
class TreeNode:
    """One move in a search tree; ``value`` is None for a branch alpha-beta cut off."""

    cell: Cell
    mark: str
    value: int | None
    nodes: int
    """Positions searched in this subtree, itself included (0 when cut off)."""
    alpha: int | None = None
    beta: int | None = None
    cut_off: bool = False
    hidden: int = 0
    """For a cut-off branch: the positions minimax would have visited in it."""
    is_leaf: bool = False


@dataclass(frozen=True, slots=True)
class SearchComparison:
    """Both searches from one position: their nodes (below it) and alpha-beta's cutoffs."""

    minimax_nodes: int
    alphabeta_nodes: int
    alphabeta_cutoffs: int

    @property
    def share(self) -> float:
        """Alpha-beta's nodes as a fraction of minimax's."""
        return self.alphabeta_nodes / self.minimax_nodes if self.minimax_nodes else 1.0


@functools.cache
def subtree_size(board: Board) -> int:
    """Positions in the full game tree from ``board``, itself included."""
    return 1 + sum(subtree_size(board.play(cell)) for cell in board.legal_moves())


def _tic_tac_toe(cells: str, to_move: str) -> Board:
    """The tic-tac-toe position of ``cells``; any other board's cells are refused."""
    if len(cells) != len(TIC_TAC_TOE.geometry.cells):
        raise ValueError(
            f"the search trees are tic-tac-toe's only, not a board of {len(cells)} cells"
        )
    return TicTacToeBoard(cells, Mark(to_move))


def tree_children(
    algorithm: str,
    cells: str,
    to_move: str,
    path: tuple[Cell, ...],
    *,
    stop: StopCheck | None = None,
) -> tuple[TreeNode, ...]:
    """The children of the node reached by ``path`` in ``algorithm``'s tree from the position.

    ``algorithm`` is ``"minimax"`` or ``"alphabeta"``. Values are for the side to
    move at the root. For alpha-beta the node must have been searched (not cut off).
    """
    root = _tic_tac_toe(cells, to_move)
    node = root.play_all(path)
    if node.is_over:
        return ()
    if algorithm == "minimax":
        return _minimax_children(node, root.to_move, stop)
    if algorithm == "alphabeta":
        return _alphabeta_children(root, path, stop)
    raise ValueError(f"the tree explorer knows minimax and alphabeta, not {algorithm!r}")


def _minimax_children(node: Board, player: Mark, stop: StopCheck | None) -> tuple[TreeNode, ...]:
    children = []
    maximising = node.to_move is player
    for cell in node.legal_moves():
        child = node.play(cell)
        with whole_game_search(pruning=False, stop=stop) as search:
            value = search.search(child, TO_THE_END, -BEYOND_THE_GAME, BEYOND_THE_GAME, 1)
        children.append(
            TreeNode(
                cell,
                node.to_move.value,
                -value if maximising else value,  # the child's value is for its own mover
                search.nodes,
                is_leaf=child.is_over,
            )
        )
    return tuple(children)


class _Recorder:
    """Follows alpha-beta's path through the tree and records the node at ``target``.

    Values and windows come from the search for the side to move at each node; they are
    recorded for ``player``, the side to move at the root (a window seen from the other
    side is the same window negated and turned round).
    """

    def __init__(self, player: Mark, target: tuple[Cell, ...]) -> None:
        self.player = player
        self.target = target
        self.path: list[Cell] = []
        self.records: list[TreeNode] = []

    def play(self, board: Board, cell: Cell) -> Board:
        self.path.append(cell)
        return board.play(cell)

    def undo(self, board: Board, cell: Cell) -> None:
        self.path.pop()

    def _at_target(self) -> bool:
        return len(self.path) == len(self.target) and tuple(self.path) == self.target

    def searched(  # noqa: PLR0917  (the observer's signature)
        self, node: Board, move: Cell, value: int, nodes: int, alpha: int, beta: int
    ) -> None:
        if not self._at_target():
            return
        mine = node.to_move is self.player
        self.records.append(
            TreeNode(
                move,
                node.to_move.value,
                value if mine else -value,
                nodes,
                alpha if mine else -beta,
                beta if mine else -alpha,
                is_leaf=node.play(move).is_over,
            )
        )

    def cut_off(self, node: Board, moves: Sequence[Cell]) -> None:
        if not self._at_target():
            return
        for skipped in moves:
            self.records.append(
                TreeNode(
                    skipped,
                    node.to_move.value,
                    None,
                    0,
                    cut_off=True,
                    hidden=subtree_size(node.play(skipped)),
                )
            )


def _alphabeta_children(
    root: Board, target: tuple[Cell, ...], stop: StopCheck | None
) -> tuple[TreeNode, ...]:
    """The AlphaBeta player's search from ``root`` (its root order, unshuffled), recorded at
    ``target``."""
    recorder = _Recorder(root.to_move, target)
    with whole_game_search(
        pruning=True, stop=stop, observer=recorder, play=recorder.play, undo=recorder.undo
    ) as search:
        search.root(root, root_order(root), TO_THE_END, -BEYOND_THE_GAME, BEYOND_THE_GAME)
    if not recorder.records:
        raise ValueError("alpha-beta cut this branch off: it was never searched")
    return tuple(recorder.records)


def compare_searches(
    cells: str, to_move: str, *, stop: StopCheck | None = None
) -> SearchComparison:
    """Minimax's and alpha-beta's node counts from the position, from running both searches."""
    board = _tic_tac_toe(cells, to_move)
    with (
        whole_game_search(pruning=False, stop=stop) as minimax,
        whole_game_search(pruning=True, stop=stop) as alphabeta,
    ):
        if not board.is_over:
            window = (-BEYOND_THE_GAME, BEYOND_THE_GAME)
            minimax.root(board, board.legal_moves(), TO_THE_END, *window)
            alphabeta.root(board, root_order(board), TO_THE_END, *window)
    return SearchComparison(minimax.nodes, alphabeta.nodes, alphabeta.cutoffs)
