"""The game in numbers: document 000's figures, computed live, and games by ply as a chart.

A stacked bar chart shows how many complete games end on each move, split into X wins,
O wins and draws, with a toggle to count games up to symmetry; beside it, the table of
figures from ``ttt_desktop.analysis.census()`` (255,168 games; 131,184 / 77,904 /
46,080; 26,830 up to symmetry; 5,478 / 765 positions; 958 / 138 finished ones) and the
move sequences per ply. Nothing is typed in: every figure comes from counting the tree
when the page opens.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QCloseEvent, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ttt_desktop.analysis import census
from ttt_desktop.core import Mark
from ttt_desktop.gui.charts import BarSet, StackedBarChart
from ttt_desktop.gui.common import theme
from ttt_desktop.gui.common.screen_fit import ScreenKeeper, fit_to_screen
from ttt_desktop.gui.common.translation import number
from ttt_desktop.lab.numbers import games_by_ply

FIRST_PLY_SHOWN = 5
"""No game ends before the fifth move."""


class NumbersWindow(QWidget):
    """The numbers page: chart with a symmetry toggle, and the table of figures."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(self.tr("The game in numbers: tic-tac-toe"))
        self.setObjectName("numbers-window")
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            self.census = census()
            self.by_ply = {False: games_by_ply(False), True: games_by_ply(True)}
            self._build()
        finally:
            QGuiApplication.restoreOverrideCursor()
        fit_to_screen(self, QSize(1100, 600))
        self._screen_keeper = ScreenKeeper(self)  # within the screen when it shows

    def _build(self) -> None:
        self.chart = StackedBarChart(
            self.tr("Complete games by the move they end on"),
            x_title=self.tr("Move"),
            y_title=self.tr("Games"),
        )
        self.symmetry_box = QCheckBox(self.tr("Count games &up to symmetry"))
        self.symmetry_box.setToolTip(
            self.tr("Take moves to rotated or reflected copies of a position as one move")
        )
        self.symmetry_box.toggled.connect(self.show_games)
        self.total_label = QLabel()
        self.total_label.setAccessibleName(self.tr("Games in the chart"))
        left = QVBoxLayout()
        left.addWidget(self.chart, 1)
        row = QHBoxLayout()
        row.addWidget(self.symmetry_box)
        row.addStretch(1)
        row.addWidget(self.total_label)
        left.addLayout(row)

        self.figures = self._figures_table()
        self.plies = self._plies_table()
        right = QVBoxLayout()
        right.addWidget(QLabel(self.tr("Figures (X moves first)")))
        right.addWidget(self.figures)
        right.addWidget(QLabel(self.tr("Move sequences per ply")))
        right.addWidget(self.plies)
        right.addStretch(1)

        # The counts are tic-tac-toe's alone: the other boards have far too many games to count.
        self.board_label = QLabel(
            self.tr(
                "These numbers are about tic-tac-toe (3x3, three in a row), "
                "whatever board the main window plays."
            )
        )
        self.board_label.setWordWrap(True)
        self.board_label.setAccessibleName(self.tr("Board"))
        columns = QHBoxLayout()
        columns.addLayout(left, 3)
        columns.addLayout(right, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.board_label)
        layout.addLayout(columns, 1)
        close = QShortcut(QKeySequence(QKeySequence.StandardKey.Close), self)
        close.activated.connect(self.close)
        self.show_games(False)

    def show_games(self, up_to_symmetry: bool) -> None:
        """Draw the chart for all games, or for games up to symmetry."""
        counts = self.by_ply[bool(up_to_symmetry)]
        plies = range(FIRST_PLY_SHOWN, 10)
        colours = theme.board_colours(self.palette())
        sets = [
            BarSet(
                self.tr("X wins"), [counts[ply][0] for ply in plies], colours.mark(Mark.X).name()
            ),
            BarSet(
                self.tr("O wins"), [counts[ply][1] for ply in plies], colours.mark(Mark.O).name()
            ),
            # Draws in the result colours' "drawn", as in every chart of results.
            BarSet(self.tr("Draws"), [counts[ply][2] for ply in plies], "drawn"),
        ]
        self.chart.set_data([str(ply) for ply in plies], sets)
        total = sum(sum(per_ply) for per_ply in counts)
        text = (
            self.tr("{games} games up to symmetry") if up_to_symmetry else self.tr("{games} games")
        )
        self.total_label.setText(text.format(games=number(total)))

    def _table(self, rows: list[list[str]], headers: list[str]) -> QTableWidget:
        table = QTableWidget(len(rows), len(headers))
        table.setHorizontalHeaderLabels(headers)
        table.verticalHeader().hide()
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        for row, cells in enumerate(rows):
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                table.setItem(row, column, item)
        table.resizeColumnsToContents()
        table.resizeRowsToContents()
        table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        height = table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth()
        height += sum(table.rowHeight(row) for row in range(table.rowCount()))
        table.setMinimumHeight(height)
        table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        return table

    def _figures_table(self) -> QTableWidget:
        figures = self.census
        outcomes = figures.outcomes
        rows = [
            [
                self.tr("Complete games"),
                number(figures.games),
                number(figures.games_up_to_symmetry),
            ],
            [self.tr("won by X (first)"), number(outcomes["X"]), ""],
            [self.tr("won by O (second)"), number(outcomes["O"]), ""],
            [self.tr("drawn"), number(outcomes["draw"]), ""],
            [
                self.tr("Positions reachable in play"),
                number(figures.positions),
                number(figures.positions_up_to_symmetry),
            ],
            [
                self.tr("of which finished games"),
                number(figures.terminal_positions),
                number(figures.terminal_positions_up_to_symmetry),
            ],
        ]
        table = self._table(rows, [self.tr("Figure"), self.tr("All"), self.tr("Up to symmetry")])
        table.setAccessibleName(self.tr("Figures"))
        return table

    def _plies_table(self) -> QTableWidget:
        figures = self.census
        rows = [
            [
                str(ply),
                number(figures.sequences_per_ply[ply]),
                number(figures.terminal_per_ply[ply]),
            ]
            for ply in range(1, 10)
        ]
        table = self._table(
            rows, [self.tr("Move"), self.tr("Sequences"), self.tr("of which end the game")]
        )
        table.setAccessibleName(self.tr("Move sequences per ply"))
        return table

    def closeEvent(self, event: QCloseEvent) -> None:
        super().closeEvent(event)
