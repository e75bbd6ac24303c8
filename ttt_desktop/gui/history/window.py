"""The History window: every stored game, a page per person, and the leaderboard.

Three tabs. *Games*: the list (newest first, any column sorts), filters for person,
opponent, result, dates and free text, double-click opens a game in the main window,
export of the selected games (``.tttgame`` files or one JSON-lines file) and import of
many ``.tttgame`` files (dialog or drag and drop). *People*: one player's results
overall and per opponent, streaks, favourite first move, mistakes per game and results
over time as a chart. *Leaderboard*: everybody's rating with its error bar.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Final, TypeVar

from PySide6.QtCore import QDate, QDateTime, QModelIndex, Qt, QTime, QTimer
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ttt_desktop.engine.cells import keypad_label
from ttt_desktop.gui.history.model import ROW_ROLE, HistoryModel
from ttt_desktop.gui.translation import number as local_number
from ttt_desktop.library import (
    GameFilter,
    GameRow,
    LibraryCorruptError,
    LibraryError,
    LibraryLockedError,
    PlayerName,
)
from ttt_desktop.library.people import PersonStats, person_stats
from ttt_desktop.library.transfer import (
    GAME_SUFFIX,
    ImportReport,
    export_files,
    export_json_lines,
    import_files,
)

if TYPE_CHECKING:
    from ttt_desktop.gui.charts import ErrorBarChart, StackedBarChart
    from ttt_desktop.gui.history.features import HistoryFeatures

_T = TypeVar("_T")
FILTER_DELAY_MS: Final = 200
LEADERBOARD_CHART_PLAYERS: Final = 12
CHART_PERIODS: Final = 12


def _utc_start_of(date: QDate) -> str:
    """The UTC timestamp of local midnight at the start of ``date``."""
    moment = QDateTime(date, QTime(0, 0)).toSecsSinceEpoch()
    return (
        datetime.fromtimestamp(moment, UTC)
        .isoformat(timespec="milliseconds")
        .replace("+00:00", "Z")
    )


class HistoryWindow(QWidget):
    """The History window of a :class:`HistoryFeatures` (one per main window)."""

    def __init__(self, features: HistoryFeatures, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.features = features
        self.setObjectName("history-window")
        self.setWindowTitle(self.tr("History"))
        self.resize(980, 640)
        self.setAcceptDrops(True)
        self.model: HistoryModel | None = None
        self._players: list[PlayerName] = []
        self._people_chart: StackedBarChart | None = None
        self._ratings_chart: ErrorBarChart | None = None
        self._filter_timer = QTimer(self)
        self._filter_timer.setSingleShot(True)
        self._filter_timer.setInterval(FILTER_DELAY_MS)
        self._filter_timer.timeout.connect(self.apply_filter)

        self.problem_label = QLabel()
        self.problem_label.setObjectName("library-problem")
        self.problem_label.setWordWrap(True)
        self.fresh_button = QPushButton(
            self.tr("Keep the damaged file aside and start a new library")
        )
        self.fresh_button.clicked.connect(self._start_fresh)
        self.retry_button = QPushButton(self.tr("Try again"))
        self.retry_button.clicked.connect(self._retry)
        problem_row = QHBoxLayout()
        problem_row.addWidget(self.problem_label, 1)
        problem_row.addWidget(self.fresh_button)
        problem_row.addWidget(self.retry_button)

        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_games_tab(), self.tr("Games"))
        self.tabs.addTab(self._build_people_tab(), self.tr("People"))
        self.tabs.addTab(self._build_leaderboard_tab(), self.tr("Leaderboard"))
        self.tabs.currentChanged.connect(self._on_tab_changed)

        layout = QVBoxLayout(self)
        layout.addLayout(problem_row)
        layout.addWidget(self.tabs)
        close = QShortcut(QKeySequence(QKeySequence.StandardKey.Close), self)
        close.activated.connect(self.close)
        features.library_changed.connect(self._on_library_changed)
        features.problem_changed.connect(self._show_problem)
        self._show_problem()

    # Games tab ------------------------------------------------------------------------

    def _build_games_tab(self) -> QWidget:
        page = QWidget()
        self.person_combo = QComboBox()
        self.person_combo.setObjectName("filter-person")
        self.opponent_combo = QComboBox()
        self.opponent_combo.setObjectName("filter-opponent")
        self.result_combo = QComboBox()
        self.result_combo.setObjectName("filter-result")
        for label, value in (
            (self.tr("Any result"), None),
            (self.tr("Won"), "win"),
            (self.tr("Drawn"), "draw"),
            (self.tr("Lost"), "loss"),
            (self.tr("Unfinished"), "unfinished"),
            (self.tr("X won"), "X"),
            (self.tr("O won"), "O"),
        ):
            self.result_combo.addItem(label, value)
        self.since_check = QCheckBox(self.tr("From"))
        self.since_edit = QDateEdit(QDate.currentDate().addMonths(-1))
        self.since_edit.setCalendarPopup(True)
        self.until_check = QCheckBox(self.tr("to"))
        self.until_edit = QDateEdit(QDate.currentDate())
        self.until_edit.setCalendarPopup(True)
        self.search_edit = QLineEdit()
        self.search_edit.setObjectName("filter-text")
        self.search_edit.setPlaceholderText(self.tr("Search names, dates, moves…"))
        self.search_edit.setClearButtonEnabled(True)
        for combo in (self.person_combo, self.opponent_combo, self.result_combo):
            combo.setMinimumContentsLength(12)
            combo.activated.connect(self.apply_filter)
        for check in (self.since_check, self.until_check):
            check.toggled.connect(self.apply_filter)
        for edit in (self.since_edit, self.until_edit):
            edit.dateChanged.connect(self.apply_filter)
        self.search_edit.textChanged.connect(self._filter_timer.start)

        filters = QGridLayout()
        filters.addWidget(QLabel(self.tr("Person:")), 0, 0)
        filters.addWidget(self.person_combo, 0, 1)
        filters.addWidget(QLabel(self.tr("Opponent:")), 0, 2)
        filters.addWidget(self.opponent_combo, 0, 3)
        filters.addWidget(QLabel(self.tr("Result:")), 0, 4)
        filters.addWidget(self.result_combo, 0, 5)
        filters.addWidget(self.since_check, 1, 0)
        filters.addWidget(self.since_edit, 1, 1)
        filters.addWidget(self.until_check, 1, 2)
        filters.addWidget(self.until_edit, 1, 3)
        filters.addWidget(self.search_edit, 1, 4, 1, 2)

        self.table = QTableView()
        self.table.setObjectName("history-table")
        self.table.setAccessibleName(self.tr("Stored games"))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        self.table.doubleClicked.connect(self._open_index)

        self.count_label = QLabel()
        self.count_label.setObjectName("history-count")
        self.open_button = QPushButton(self.tr("Open in review"))
        self.open_button.clicked.connect(self.open_selected)
        self.export_button = QPushButton(self.tr("Export as files…"))
        self.export_button.clicked.connect(self._export_files_dialog)
        self.export_lines_button = QPushButton(self.tr("Export as JSON lines…"))
        self.export_lines_button.clicked.connect(self._export_lines_dialog)
        self.import_button = QPushButton(self.tr("Import games…"))
        self.import_button.setToolTip(self.tr("Or drop .tttgame files on this window"))
        self.import_button.clicked.connect(self._import_dialog)
        buttons = QHBoxLayout()
        buttons.addWidget(self.count_label, 1)
        for button in (
            self.open_button,
            self.export_button,
            self.export_lines_button,
            self.import_button,
        ):
            buttons.addWidget(button)

        layout = QVBoxLayout(page)
        layout.addLayout(filters)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        return page

    def current_filter(self) -> GameFilter:
        """The filter the controls describe."""
        person = self.person_combo.currentData()
        opponent = self.opponent_combo.currentData()
        result = self.result_combo.currentData()
        if result in ("win", "loss") and not person:
            result = None  # won/lost needs somebody whose side it is
        since = _utc_start_of(self.since_edit.date()) if self.since_check.isChecked() else None
        until = (
            _utc_start_of(self.until_edit.date().addDays(1))
            if self.until_check.isChecked()
            else None
        )
        return GameFilter(
            person=person or None,
            opponent=opponent or None,
            result=result,
            since=since,
            until=until,
            text=self.search_edit.text().strip() or None,
        )

    def apply_filter(self) -> None:
        """Show the games the controls describe."""
        self._filter_timer.stop()
        if self.model is None:
            return
        try:
            self.model.set_filter(self.current_filter())
        except LibraryError as error:
            self.features.problem = error
            self._show_problem()
            return
        self._show_count()

    def _show_count(self) -> None:
        if self.model is None:
            self.count_label.setText("")
            return
        total = self.model.total()
        self.count_label.setText(
            (self.tr("{n} game") if total == 1 else self.tr("{n} games")).format(n=total)
        )

    def selected_rows(self) -> list[GameRow]:
        """The selected games, in the list's order."""
        if self.model is None:
            return []
        numbers = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        return [self.model.row_at(number) for number in numbers]

    def _open_index(self, index: QModelIndex) -> None:
        row = index.data(ROW_ROLE)
        if isinstance(row, GameRow):
            self.open_row(row)

    def open_selected(self) -> None:
        rows = self.selected_rows()
        if rows:
            self.open_row(rows[0])

    def open_row(self, row: GameRow) -> bool:
        """Open a stored game in the main window's review."""
        library = self.features.library
        if library is None:
            return False
        return self.features.open_in_review(library.record(row.id))

    # Export and import ------------------------------------------------------------------

    def export_selected_files(self, folder: str | Path) -> list[Path]:
        library = self.features.library
        rows = self.selected_rows()
        if library is None or not rows:
            return []
        return export_files(library, [row.id for row in rows], folder)

    def export_selected_lines(self, path: str | Path) -> int:
        library = self.features.library
        rows = self.selected_rows()
        if library is None or not rows:
            return 0
        return export_json_lines(library, [row.id for row in rows], path)

    def _export_files_dialog(self) -> None:
        if not self.selected_rows():
            self._say(self.tr("Select the games to export first."))
            return
        folder = QFileDialog.getExistingDirectory(self, self.tr("Export games to folder"))
        if folder:
            written = self._guard(lambda: self.export_selected_files(folder))
            if written is not None:
                self._say(
                    (
                        self.tr("Exported {n} game.")
                        if len(written) == 1
                        else self.tr("Exported {n} games.")
                    ).format(n=len(written))
                )

    def _export_lines_dialog(self) -> None:
        if not self.selected_rows():
            self._say(self.tr("Select the games to export first."))
            return
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Export games as JSON lines"),
            "games.jsonl",
            self.tr("JSON lines (*.jsonl)"),
        )
        if path:
            count = self._guard(lambda: self.export_selected_lines(path))
            if count is not None:
                self._say(
                    (
                        self.tr("Exported {n} game.")
                        if count == 1
                        else self.tr("Exported {n} games.")
                    ).format(n=count)
                )

    def _import_dialog(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(
            self,
            self.tr("Import games"),
            "",
            self.tr("TTT Desktop games (*{suffix})").format(suffix=GAME_SUFFIX),
        )
        if paths:
            self.import_paths(paths)

    def import_paths(self, paths: list[str]) -> ImportReport | None:
        """Import game files (or folders of them) and say what happened."""
        library = self.features.library
        if library is None:
            self._say(self.tr("There is no game library to import into."))
            return None
        report = self._guard(lambda: import_files(library, paths))
        if report is None:
            return None
        self.features.library_changed.emit()
        self.last_import_report = report
        self.import_message = self.describe_import(report)
        self._say(self.import_message)
        return report

    def describe_import(self, report: ImportReport) -> str:
        lines = [
            (
                self.tr("Added: {n} game.") if report.added == 1 else self.tr("Added: {n} games.")
            ).format(n=report.added),
            self.tr("Skipped as already stored: {n}.").format(n=report.duplicates),
            self.tr("Refused: {n}.").format(n=len(report.refused)),
        ]
        for path, reason in report.refused[:10]:
            lines.append(f"• {path.name}: {reason}")
        if len(report.refused) > 10:
            lines.append(self.tr("…and {n} more.").format(n=len(report.refused) - 10))
        return "\n".join(lines)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls() and any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            # After the drop returns: the report's message box must not block the drag.
            QTimer.singleShot(0, lambda: self.import_paths(paths))

    def _guard(self, action: Callable[[], _T]) -> _T | None:
        try:
            return action()
        except LibraryError as error:
            self._say(str(error))
        except OSError as error:
            self._say(
                self.tr("Could not write the files: {reason}").format(
                    reason=error.strerror or error
                )
            )
        return None

    def _say(self, text: str) -> None:
        self.last_message = text
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("History"), text, parent=self)
        box.setObjectName("history-message")
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.open()

    # People tab ---------------------------------------------------------------------------

    def _build_people_tab(self) -> QWidget:
        page = QWidget()
        self.people_combo = QComboBox()
        self.people_combo.setObjectName("people-person")
        self.people_combo.setMinimumContentsLength(16)
        self.people_combo.activated.connect(self.show_person_page)
        self.summary_label = QLabel()
        self.summary_label.setObjectName("people-summary")
        self.summary_label.setWordWrap(True)
        self.summary_label.setTextFormat(Qt.TextFormat.RichText)
        self.summary_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.opponents_table = QTableWidget(0, 5)
        self.opponents_table.setObjectName("people-opponents")
        self.opponents_table.setHorizontalHeaderLabels(
            [
                self.tr("Opponent"),
                self.tr("Games"),
                self.tr("Won"),
                self.tr("Drawn"),
                self.tr("Lost"),
            ]
        )
        self.opponents_table.verticalHeader().setVisible(False)
        self.opponents_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        _fit_columns(self.opponents_table)
        self.people_chart_holder = QVBoxLayout()
        top = QFormLayout()
        top.addRow(self.tr("Player:"), self.people_combo)
        left = QVBoxLayout()
        left.addLayout(top)
        left.addWidget(self.summary_label)
        left.addWidget(self.opponents_table, 1)
        layout = QHBoxLayout(page)
        layout.addLayout(left, 2)
        layout.addLayout(self.people_chart_holder, 3)
        return page

    def show_person_page(self) -> PersonStats | None:
        """Fill the People tab for the player chosen in its drop-down."""
        library = self.features.library
        key = self.people_combo.currentData()
        if library is None or not key:
            self.summary_label.setText(self.tr("No games stored yet."))
            self.opponents_table.setRowCount(0)
            return None
        try:
            stats = person_stats(library, key)
        except LibraryError as error:
            self.summary_label.setText(str(error))
            return None
        self.person_stats = stats
        self.summary_label.setText(self._summary_html(stats))
        table = self.opponents_table
        table.setRowCount(len(stats.opponents))
        for number, record in enumerate(stats.opponents):
            cells = [
                record.name,
                record.tally.games,
                record.tally.wins,
                record.tally.draws,
                record.tally.losses,
            ]
            for column, value in enumerate(cells):
                item = QTableWidgetItem(str(value))
                if column:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                table.setItem(number, column, item)
        self._show_people_chart(stats)
        return stats

    def _summary_html(self, stats: PersonStats) -> str:
        tally = stats.tally
        parts = [
            f"<h3>{_html(stats.name)}</h3>",
            self.tr("{games} games: {wins} won, {draws} drawn, {losses} lost").format(
                games=stats.games, wins=tally.wins, draws=tally.draws, losses=tally.losses
            ),
        ]
        if stats.unfinished:
            parts.append(self.tr("{n} unfinished").format(n=stats.unfinished))
        rating = None
        library = self.features.library
        if library is not None:
            rating = library.rating(stats.key)
        if rating is not None:
            parts.append(self.tr("Rating: {rating}").format(rating=rating.label()))
        if stats.current_streak is not None:
            length = stats.current_streak.length
            one = length == 1
            kind = {
                "win": self.tr("{n} win in a row") if one else self.tr("{n} wins in a row"),
                "draw": self.tr("{n} draw in a row") if one else self.tr("{n} draws in a row"),
                "loss": self.tr("{n} loss in a row") if one else self.tr("{n} losses in a row"),
            }[stats.current_streak.kind].format(n=length)
            parts.append(self.tr("Current streak: {streak}").format(streak=kind))
        parts.append(
            self.tr("Longest winning streak: {wins}; longest unbeaten: {unbeaten}").format(
                wins=stats.longest_winning_streak, unbeaten=stats.longest_unbeaten_streak
            )
        )
        if stats.favourite_first_move is not None:
            cell, count = stats.favourite_first_move
            parts.append(
                self.tr(
                    "Favourite first move: cell {cell} ({count} of {total} games begun)"
                ).format(cell=keypad_label(cell), count=count, total=stats.first_moves)
            )
        if stats.mistakes_per_game is not None:
            parts.append(
                self.tr("Mistakes per game: {mistakes} (over {games} games)").format(
                    mistakes=local_number(stats.mistakes_per_game, 2), games=stats.reviewed_games
                )
            )
        return parts[0] + "<br>".join(parts[1:])

    def _show_people_chart(self, stats: PersonStats) -> None:
        from ttt_desktop.gui.charts import BarSet, StackedBarChart  # noqa: PLC0415

        if self._people_chart is None:
            self._people_chart = StackedBarChart(
                self.tr("Results over time"), y_title=self.tr("Games")
            )
            self._people_chart.setObjectName("people-chart")
            self._people_chart.setMinimumSize(360, 280)
            self.people_chart_holder.addWidget(self._people_chart)
        periods: OrderedDict[str, list[int]] = OrderedDict()
        months = {started[:7] for started, _ in stats.timeline}
        width = 7 if len(months) > 1 else 10  # by month, or by day within one month
        for started, result in stats.timeline:
            tally = periods.setdefault(started[:width], [0, 0, 0])
            tally[("win", "draw", "loss").index(result)] += 1
        recent = list(periods.items())[-CHART_PERIODS:]
        categories = [period for period, _ in recent]
        sets = [
            BarSet(self.tr("Won"), [float(t[0]) for _, t in recent], "won"),
            BarSet(self.tr("Drawn"), [float(t[1]) for _, t in recent], "drawn"),
            BarSet(self.tr("Lost"), [float(t[2]) for _, t in recent], "lost"),
        ]
        self._people_chart.set_data(categories, sets)

    # Leaderboard tab ------------------------------------------------------------------------

    def _build_leaderboard_tab(self) -> QWidget:
        page = QWidget()
        self.leaderboard = QTableWidget(0, 6)
        self.leaderboard.setObjectName("leaderboard")
        self.leaderboard.setHorizontalHeaderLabels(
            [
                self.tr("Player"),
                self.tr("Kind"),
                self.tr("Rating"),
                self.tr("Games"),
                self.tr("W / D / L"),
                self.tr("Safe rating"),
            ]
        )
        self.leaderboard.setToolTip(
            self.tr(
                "Ratings from OpenSkill (Weng-Lin): everybody starts at 1500; the ± is two "
                "standard deviations. Sorted by the safe rating (rating minus three deviations)."
            )
        )
        self.leaderboard.verticalHeader().setVisible(False)
        self.leaderboard.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        _fit_columns(self.leaderboard)
        self.leaderboard_chart_holder = QVBoxLayout()
        layout = QHBoxLayout(page)
        layout.addWidget(self.leaderboard, 1)
        layout.addLayout(self.leaderboard_chart_holder, 1)
        return page

    def show_leaderboard(self) -> None:
        library = self.features.library
        rated = [] if library is None else library.ratings()
        table = self.leaderboard
        table.setRowCount(len(rated))
        for number, player in enumerate(rated):
            rating = player.rating
            cells = [
                player.name,
                self.tr("person") if player.is_human else player.kind,
                rating.label(),
                str(rating.games),
                f"{rating.wins} / {rating.draws} / {rating.losses}",
                str(round(rating.conservative)),
            ]
            for column, value in enumerate(cells):
                item = QTableWidgetItem(value)
                if column >= 2:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                table.setItem(number, column, item)
        if rated and self.tabs.currentIndex() == 2:
            from ttt_desktop.gui.charts import ErrorBar, ErrorBarChart  # noqa: PLC0415

            if self._ratings_chart is None:
                self._ratings_chart = ErrorBarChart(
                    self.tr("Ratings"), y_title=self.tr("Rating"), bar_name=self.tr("Rating")
                )
                self._ratings_chart.setObjectName("leaderboard-chart")
                self._ratings_chart.setMinimumSize(320, 260)
                self.leaderboard_chart_holder.addWidget(self._ratings_chart)
            top = rated[:LEADERBOARD_CHART_PLAYERS]
            self._ratings_chart.set_data(
                [ErrorBar(p.name, p.rating.rating, p.rating.low, p.rating.high) for p in top]
            )

    # Refreshing --------------------------------------------------------------------------

    def refresh(self) -> None:
        """Re-read the library: the list (keeping filters and sort), the people, the ratings."""
        library = self.features.library
        if library is None:
            self.model = None
            self.table.setModel(None)
            self._show_count()
            return
        try:
            self._players = library.players()
            self._fill_player_combos()
            if self.model is None or self.model.library is not library:
                self.model = HistoryModel(library, self)
                self.table.setModel(self.model)
                self.table.setSortingEnabled(True)
                self.table.horizontalHeader().setSortIndicator(0, Qt.SortOrder.DescendingOrder)
                header = self.table.horizontalHeader()
                header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
                header.setStretchLastSection(True)
                for column, width in enumerate((140, 150, 150, 120, 150, 60)):
                    self.table.setColumnWidth(column, width)
            self.apply_filter()
            self._refresh_current_tab()
        except LibraryError as error:
            self.features.problem = error
            self._show_problem()

    def _fill_player_combos(self) -> None:
        for combo, anyone in (
            (self.person_combo, self.tr("Anyone")),
            (self.opponent_combo, self.tr("Anyone")),
            (self.people_combo, None),
        ):
            current = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            if anyone is not None:
                combo.addItem(anyone, None)
            for player in self._players:
                label = player.name if player.kind == "human" else f"{player.name} ({player.kind})"
                combo.addItem(label, player.key)
            index = combo.findData(current)
            combo.setCurrentIndex(max(index, 0))
            combo.blockSignals(False)

    def _on_tab_changed(self, _index: int) -> None:
        self._refresh_current_tab()

    def _refresh_current_tab(self) -> None:
        if self.tabs.currentIndex() == 1:
            self.show_person_page()
        elif self.tabs.currentIndex() == 2:
            self.show_leaderboard()

    def _on_library_changed(self) -> None:
        if self.isVisible():
            self.refresh()

    def _show_problem(self) -> None:
        problem = self.features.problem
        if self.features.library_path is None:
            text = self.tr("Games are not being remembered: no game library was given.")
        elif problem is None:
            text = ""
        else:
            text = self.tr("Games are not being remembered: {reason}").format(reason=str(problem))
        self.problem_label.setText(text)
        self.problem_label.setVisible(bool(text))
        self.fresh_button.setVisible(isinstance(problem, LibraryCorruptError))
        self.retry_button.setVisible(isinstance(problem, LibraryLockedError))
        self.tabs.setEnabled(self.features.library is not None)

    def _start_fresh(self) -> None:
        answer = QMessageBox.question(
            self,
            self.tr("Start a new game library?"),
            self.tr(
                "The damaged file is kept, renamed, in its folder; nothing is deleted. "
                "A new, empty library is started in its place."
            ),
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.features.start_fresh_library()
            self.refresh()

    def _retry(self) -> None:
        if self.features.open_library():
            self.refresh()


def _fit_columns(table: QTableWidget) -> None:
    """The first column takes the room left; the others are as wide as their contents."""
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
