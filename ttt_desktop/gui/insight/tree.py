"""The search-tree explorer (View > Search tree, Ctrl+E): minimax's and alpha-beta's trees.

The tree of the search from the position on show, one level at a time: each node
is a move with its backed-up value (for the side to move at the root), the nodes
its subtree cost, and for alpha-beta the alpha and beta it was searched with;
branches alpha-beta cut off are greyed and say how many nodes they hid. A line
above compares the two searches from their actual node counts.

Both trees are searched to the end of the game, which only tic-tac-toe's is small enough
for: on every other board the explorer says so and shows no tree (the functions it calls
refuse any other board).

The model is lazy: a node's children are asked for when it is first expanded, in
the search process (:mod:`ttt_desktop.players.search_tree`), so expanding never
stalls the window; a "thinking..." row stands in until they arrive.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from PySide6.QtCore import QCoreApplication, QModelIndex, Qt
from PySide6.QtGui import QPalette, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from ttt_desktop.core import Board
from ttt_desktop.core.rules import TIC_TAC_TOE
from ttt_desktop.gui.common.rules_text import rules_title
from ttt_desktop.players.process import CallJob
from ttt_desktop.players.search_tree import (
    SearchComparison,
    TreeNode,
    compare_searches,
    tree_children,
)

ALGORITHMS: Final = ("alphabeta", "minimax")
PATH_ROLE: Final = Qt.ItemDataRole.UserRole + 1
LOADED_ROLE: Final = Qt.ItemDataRole.UserRole + 2
_INFINITY: Final = 100

Ask = Callable[[CallJob], int]


def bound_text(value: int | None) -> str:
    """Alpha or beta as shown: ``-∞``/``+∞`` for the open window."""
    if value is None:
        return ""
    if value <= -_INFINITY:
        return "-∞"
    if value >= _INFINITY:
        return "+∞"
    return f"{value:+d}" if value else "0"


def unavailable_text(board: Board) -> str:
    """Why the explorer shows no tree on ``board`` (any board but tic-tac-toe)."""
    return QCoreApplication.translate(
        "SearchTreeExplorer",
        "The search tree is for tic-tac-toe only. Minimax and alpha-beta are compared here "
        "over every position to the end of the game, and on {board} that tree is far too "
        "large to search.",
    ).format(board=rules_title(board.rules))


class SearchTreeExplorer(QDialog):
    """A window with the algorithm, the comparison line and the lazy tree."""

    def __init__(self, ask: Ask, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("search-tree-explorer")
        self.setWindowTitle(self.tr("Search tree"))
        self._ask = ask
        self._pending: dict[int, tuple[str, QStandardItem | None]] = {}
        self._board: Board | None = None
        self.algorithm_box = QComboBox()
        self.algorithm_box.setAccessibleName(self.tr("Search algorithm"))
        self.algorithm_box.addItem(self.tr("AlphaBeta"), "alphabeta")
        self.algorithm_box.addItem(self.tr("MiniMax"), "minimax")
        self.algorithm_box.currentIndexChanged.connect(self._reload)
        self.position_label = QLabel()
        # Whose side the values are from: +1 and -1 mean nothing without it.
        self.values_label = QLabel()
        self.values_label.setObjectName("search-values-side")
        self.values_label.setWordWrap(True)
        self.comparison = QLabel(self.tr("Comparing the searches..."))
        self.comparison.setObjectName("search-comparison")
        self.comparison.setWordWrap(True)
        self.comparison.setAccessibleName(self.tr("Comparison of the two searches"))
        self.model = QStandardItemModel(0, 6, self)
        self.model.setHorizontalHeaderLabels(
            [
                self.tr("Move"),
                self.tr("Value"),
                self.tr("Alpha"),
                self.tr("Beta"),
                self.tr("Nodes"),
                self.tr("Note"),
            ]
        )
        self.view = QTreeView()
        self.view.setModel(self.model)
        self.view.setAccessibleName(self.tr("Search tree"))
        self.view.setUniformRowHeights(True)
        self.view.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.view.expanded.connect(self._on_expanded)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Algorithm:")))
        top.addWidget(self.algorithm_box)
        top.addWidget(self.position_label, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.values_label)
        layout.addWidget(self.comparison)
        layout.addWidget(self.view, 1)
        self.resize(640, 520)

    @property
    def algorithm(self) -> str:
        """``"alphabeta"`` or ``"minimax"``."""
        return str(self.algorithm_box.currentData())

    @property
    def board(self) -> Board | None:
        """The position whose trees are on show (None: none, or a board with no tree)."""
        return self._board

    def set_algorithm(self, algorithm: str) -> None:
        """Show ``algorithm``'s tree."""
        self.algorithm_box.setCurrentIndex(self.algorithm_box.findData(algorithm))

    def explore(self, board: Board) -> None:
        """Show the trees of the searches from ``board`` (on tic-tac-toe; on any other
        board, why there are none)."""
        if not board.rules.is_classic:
            self._board = None
            self._pending.clear()
            self.model.removeRows(0, self.model.rowCount())
            self.position_label.setText(rules_title(board.rules))
            self.values_label.setText(unavailable_text(board))
            self.comparison.clear()
            self.comparison.setAccessibleDescription("")
            self.algorithm_box.setEnabled(False)
            self.view.setEnabled(False)
            return
        self.algorithm_box.setEnabled(True)
        self.view.setEnabled(True)
        self._board = board
        self.position_label.setText(
            self.tr("{mark} to move, {empty} empty cells").format(
                mark=board.to_move.value, empty=board.cells.count(".")
            )
        )
        mark = board.to_move.value
        self.values_label.setText(
            self.tr(
                "Values are from {mark}'s side ({mark} to move at the top): above 0 {mark} "
                "wins, the sooner the higher; 0 a draw; below 0 {mark} loses."
            ).format(mark=mark)
        )
        self.model.setHeaderData(
            1, Qt.Orientation.Horizontal, self.tr("Value for {mark}").format(mark=mark)
        )
        self.comparison.setText(self.tr("Comparing the searches..."))
        self.comparison.setAccessibleDescription(self.comparison.text())
        if board.is_over:
            self.comparison.setText(self.tr("The game is over: there is nothing to search."))
        else:
            ticket = self._ask(CallJob(compare_searches, (board.cells, board.to_move.value)))
            self._pending[ticket] = ("compare", None)
        self._reload()

    def _reload(self) -> None:
        self.model.removeRows(0, self.model.rowCount())
        self._pending = {t: p for t, p in self._pending.items() if p[0] == "compare"}
        board = self._board
        if board is None or board.is_over:
            return
        self._request_children(None, ())

    def _request_children(self, parent: QStandardItem | None, path: tuple[int, ...]) -> None:
        board = self._board
        assert board is not None
        job = CallJob(tree_children, (self.algorithm, board.cells, board.to_move.value, path))
        waiting = self._row([self.tr("thinking...")])
        (parent or self.model.invisibleRootItem()).appendRow(waiting)
        self._pending[self._ask(job)] = ("children", parent)

    def _on_expanded(self, index: QModelIndex) -> None:
        item = self.model.itemFromIndex(index.siblingAtColumn(0))
        if item is None or item.data(LOADED_ROLE):
            return
        item.setData(True, LOADED_ROLE)
        item.removeRows(0, item.rowCount())
        self._request_children(item, tuple(item.data(PATH_ROLE)))

    def answer(self, ticket: int, answer: Any) -> bool:
        """Take the search process's answer for ``ticket``; False when it is not this window's."""
        pending = self._pending.pop(ticket, None)
        if pending is None:
            return False
        what, parent = pending
        if what == "compare":
            self._show_comparison(answer)
        else:
            self._fill(parent, answer)
        return True

    def failed(self, ticket: int, message: str) -> bool:
        """Show a failure for ``ticket``; False when it is not this window's."""
        pending = self._pending.pop(ticket, None)
        if pending is None:
            return False
        text = self.tr("The search failed: {message}").format(message=message)
        if pending[0] == "compare":
            self.comparison.setText(text)
        else:
            holder = pending[1] or self.model.invisibleRootItem()
            holder.removeRows(0, holder.rowCount())
            holder.appendRow(self._row([text]))
        return True

    def _show_comparison(self, comparison: SearchComparison) -> None:
        text = self.tr(
            "alpha-beta visited {share}% of minimax's {minimax} nodes ({alphabeta} nodes, "
            "{cutoffs} moves cut off)"
        ).format(
            share=f"{100 * comparison.share:.2f}",
            minimax=f"{comparison.minimax_nodes:,}",
            alphabeta=f"{comparison.alphabeta_nodes:,}",
            cutoffs=f"{comparison.alphabeta_cutoffs:,}",
        )
        self.comparison.setText(text)
        self.comparison.setAccessibleDescription(text)

    def _fill(self, parent: QStandardItem | None, children: tuple[TreeNode, ...]) -> None:
        holder = parent or self.model.invisibleRootItem()
        holder.removeRows(0, holder.rowCount())
        path = () if parent is None else tuple(parent.data(PATH_ROLE))
        grey = self.palette().color(QPalette.ColorRole.PlaceholderText)
        for node in children:
            # The explorer searches tic-tac-toe's full tree only.
            move = f"{node.mark}{TIC_TAC_TOE.geometry.name(node.cell)}"
            if node.cut_off:
                row = self._row(
                    [
                        move,
                        "",
                        "",
                        "",
                        "",
                        self.tr("cut off: hid {nodes} nodes").format(nodes=f"{node.hidden:,}"),
                    ]
                )
                for cell in row:
                    cell.setForeground(grey)
            else:
                value = node.value or 0
                row = self._row(
                    [
                        move,
                        f"{value:+d}" if value else "0",
                        bound_text(node.alpha),
                        bound_text(node.beta),
                        f"{node.nodes:,}",
                        self.tr("game over") if node.is_leaf else "",
                    ]
                )
                if not node.is_leaf:
                    row[0].setData((*path, node.cell), PATH_ROLE)
                    row[0].setData(False, LOADED_ROLE)
                    # A stand-in child makes the node expandable; expanding asks for the rest.
                    row[0].appendRow(self._row([self.tr("thinking...")]))
            holder.appendRow(row)
        if self.algorithm == "minimax":
            self.view.hideColumn(2)
            self.view.hideColumn(3)
        else:
            self.view.showColumn(2)
            self.view.showColumn(3)

    @staticmethod
    def _row(texts: list[str]) -> list[QStandardItem]:
        row = []
        for text in texts:
            item = QStandardItem(text)
            item.setEditable(False)
            row.append(item)
        return row
