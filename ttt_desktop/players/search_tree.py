"""The search trees of minimax and alpha-beta, one level at a time, for the tree explorer.

:func:`tree_children` gives the children of one node of the tree a search grows
from a position: each move with its backed-up value (from the searching side's
point of view, on the searches' scale), the nodes its subtree cost, and for
alpha-beta the alpha and beta the node was searched with, or that it was cut off
and how many nodes the cut hid (the positions minimax would have visited there).
Alpha-beta's tree is the one the player's own search grows (same move order),
traced again to the node asked about; minimax's is the whole tree.

:func:`compare_searches` runs both searches from a position and counts their nodes.

The work can take a second (minimax near the empty board), so the window asks for
it in the search process. Both trees go to the end of the game, which only tic-tac-toe's is
small enough for: any other board is refused (a :class:`ValueError`). Nothing here imports Qt.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.cells import Cell
from ttt_desktop.core.clock import StopCheck
from ttt_desktop.core.rules import TIC_TAC_TOE
from ttt_desktop.core.tactics import completing_cells
from ttt_desktop.players.search import _INFINITY, _RANK, CountingSearch, ordered_moves, utility
from ttt_desktop.players.thought import SearchStopped


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


def root_order(board: Board) -> tuple[Cell, ...]:
    """The alpha-beta player's order at its root: wins, blocks, then centre, corners, sides."""
    wins = set(completing_cells(board, board.to_move))
    blocks = set(completing_cells(board, board.to_move.opponent))
    return tuple(
        sorted(
            board.legal_moves(),
            key=lambda cell: (cell not in wins, cell not in blocks, _RANK[cell]),
        )
    )


def _tic_tac_toe(cells: str, to_move: str) -> Board:
    """The tic-tac-toe position of ``cells``; any other board's cells are refused."""
    if len(cells) != len(TIC_TAC_TOE.geometry.cells):
        raise ValueError(
            f"the search trees are tic-tac-toe's only, not a board of {len(cells)} cells"
        )
    return Board(cells, Mark(to_move))


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
    player = root.to_move
    node = root.play_all(path)
    if node.is_over:
        return ()
    if algorithm == "minimax":
        return _minimax_children(node, player, stop)
    if algorithm == "alphabeta":
        return _AlphaBetaTrace(root, path, stop).children()
    raise ValueError(f"the tree explorer knows minimax and alphabeta, not {algorithm!r}")


def _minimax_children(node: Board, player: Mark, stop: StopCheck | None) -> tuple[TreeNode, ...]:
    children = []
    maximising = node.to_move is player
    for cell in node.legal_moves():
        child = node.play(cell)
        search = CountingSearch(player, stop)
        value, _ = search.min_value(child, 1) if maximising else search.max_value(child, 1)
        children.append(
            TreeNode(cell, node.to_move.value, value, search.nodes, is_leaf=child.is_over)
        )
    return tuple(children)


class _AlphaBetaTrace:
    """The alpha-beta player's search from ``root``, recording the node at ``target``."""

    def __init__(self, root: Board, target: tuple[Cell, ...], stop: StopCheck | None) -> None:
        self.root = root
        self.player = root.to_move
        self.target = target
        self.stop = stop
        self.found: tuple[TreeNode, ...] | None = None
        self.nodes = 0

    def children(self) -> tuple[TreeNode, ...]:
        self._search(self.root, (), -_INFINITY, _INFINITY, root_order(self.root))
        if self.found is None:
            raise ValueError("alpha-beta cut this branch off: it was never searched")
        return self.found

    def _search(
        self,
        board: Board,
        path: tuple[Cell, ...],
        alpha: int,
        beta: int,
        moves: tuple[Cell, ...] | None = None,
    ) -> int:
        self.nodes += 1
        if self.stop is not None and not self.nodes & 511 and self.stop():
            raise SearchStopped("the search was told to stop")
        if board.is_over:
            return utility(board, self.player)
        recording = path == self.target
        maximising = board.to_move is self.player
        value = -_INFINITY if maximising else _INFINITY
        order = moves if moves is not None else ordered_moves(board)
        records: list[TreeNode] = []
        for index, cell in enumerate(order):
            child = board.play(cell)
            before = self.nodes
            child_value = self._search(child, (*path, cell), alpha, beta)
            if recording:
                records.append(
                    TreeNode(
                        cell,
                        board.to_move.value,
                        child_value,
                        self.nodes - before,
                        alpha,
                        beta,
                        is_leaf=child.is_over,
                    )
                )
            if maximising:
                if child_value > value:
                    value = child_value
                    alpha = max(alpha, value)
                cut = child_value >= beta
            else:
                if child_value < value:
                    value = child_value
                    beta = min(beta, value)
                cut = child_value <= alpha
            if cut and index + 1 < len(order):
                if recording:
                    for skipped in order[index + 1 :]:
                        records.append(
                            TreeNode(
                                skipped,
                                board.to_move.value,
                                None,
                                0,
                                cut_off=True,
                                hidden=subtree_size(board.play(skipped)),
                            )
                        )
                break
        if recording:
            self.found = tuple(records)
        return value


def compare_searches(
    cells: str, to_move: str, *, stop: StopCheck | None = None
) -> SearchComparison:
    """Minimax's and alpha-beta's node counts from the position, from running both searches."""
    board = _tic_tac_toe(cells, to_move)
    minimax = CountingSearch(board.to_move, stop)
    alphabeta = CountingSearch(board.to_move, stop)
    if not board.is_over:
        for cell in board.legal_moves():
            minimax.min_value(board.play(cell), 1)
        alpha = -_INFINITY
        for cell in root_order(board):
            value, _ = alphabeta.ab_min(board.play(cell), 1, alpha, _INFINITY)
            alpha = max(alpha, value)
    return SearchComparison(minimax.nodes, alphabeta.nodes, alphabeta.cutoffs)
