"""The History window: every stored game, a page per person, and the leaderboard.

Three tabs under one board filter (all boards, or the games of one rules). *Games*:
the list (newest first, any column sorts), filters for person, opponent, result, dates
and free text, double-click opens a game in the main window, export of the selected
games (``.tttgame`` files or one JSON-lines file) and import of ``.tttgame`` and
``.jsonl`` files or folders of them (dialog or drag and drop; in a thread of its own,
with progress and cancel). *People*: one player's results overall and per opponent,
streaks, favourite first move, mistakes per game, their rating on each board and
results over time as a chart. *Leaderboard*: everybody's rating per board, with its
error bar, highest first.

The window knows the library only through a
:class:`~ttt_desktop.gui.history.handle.LibraryHandle` and opens games through the
function it is given.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Final, TypeVar

from PySide6.QtCore import (
    QDate,
    QDateTime,
    QModelIndex,
    QSize,
    QStandardPaths,
    Qt,
    QThread,
    QTime,
    QTimer,
    Signal,
)
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressDialog,
    QPushButton,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ttt_desktop.core.record import GameRecord
from ttt_desktop.core.rules import Rules
from ttt_desktop.formats.psq import PSQ_SUFFIX
from ttt_desktop.gui.charts import BarSet, ErrorBar, ErrorBarChart, StackedBarChart
from ttt_desktop.gui.common.rules_text import rules_title
from ttt_desktop.gui.common.screen_fit import ScreenKeeper, fit_to_screen
from ttt_desktop.gui.common.translation import number as local_number
from ttt_desktop.gui.history.engine_log import EngineLogDialog
from ttt_desktop.gui.history.handle import LibraryHandle
from ttt_desktop.gui.history.model import ROW_ROLE, HistoryModel, date_format
from ttt_desktop.gui.review.game_files import describe_library_error, describe_os_error
from ttt_desktop.library import (
    GameFilter,
    GameRow,
    Library,
    LibraryCorruptError,
    LibraryError,
    LibraryLockedError,
    PlayerName,
    RatedPlayer,
)
from ttt_desktop.library.people import PersonStats, person_stats
from ttt_desktop.library.transfer import (
    GAME_SUFFIX,
    LINES_SUFFIX,
    ImportReport,
    export_files,
    export_json_lines,
    export_psq_files,
    import_files,
)

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


class ImportJob(QThread):
    """An import in a thread of its own, with its own connection to the library file
    (SQLite connections stay in their thread); the window's connection waits at most
    for one batch of games while it stores."""

    progressed = Signal(int, int)  # files read, files found
    done = Signal(object)  # the ImportReport
    failed = Signal(str)

    def __init__(self, path: Path, paths: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._path = path
        self._paths = paths
        self._stop = False
        self.report: ImportReport | None = None

    def cancel(self) -> None:
        """Stop after the file being read (what was stored by then stays)."""
        self._stop = True

    def run(self) -> None:
        try:
            with Library(self._path, timeout=10) as library:
                self.report = import_files(
                    library,
                    self._paths,
                    progress=self.progressed.emit,
                    stop=lambda: self._stop,
                )
        except LibraryError as error:
            self.failed.emit(str(error))
            return
        self.done.emit(self.report)


def _documents_folder() -> str:
    return QStandardPaths.writableLocation(
        QStandardPaths.StandardLocation.DocumentsLocation
    ) or str(Path.home())


class HistoryWindow(QWidget):
    """The History window over a :class:`LibraryHandle` (one per main window).

    ``open_game`` shows a stored game in the main window (False when it can't).
    """

    def __init__(
        self,
        handle: LibraryHandle,
        open_game: Callable[[GameRecord], bool],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.handle = handle
        self._open_game = open_game
        self.last_folder: str | None = None  # where the last export or import dialog was
        self.import_job: ImportJob | None = None
        self.last_import_report: ImportReport | None = None
        self.import_message = ""
        self.setObjectName("history-window")
        self.setWindowTitle(self.tr("History"))
        fit_to_screen(self, QSize(980, 640))
        self._screen_keeper = ScreenKeeper(self)  # within the screen when it shows
        self.setAcceptDrops(True)
        self.model: HistoryModel | None = None
        self._players: list[PlayerName] = []
        self._people_chart: StackedBarChart | None = None
        self._person_ratings: list[RatedPlayer] = []
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

        self.board_combo = QComboBox()
        self.board_combo.setObjectName("filter-board")
        self.board_combo.setAccessibleName(self.tr("Board"))
        self.board_combo.addItem(self.tr("All boards"), None)
        self.board_combo.activated.connect(self._on_board_changed)
        board_row = QHBoxLayout()
        board_row.addWidget(QLabel(self.tr("Board:")))
        board_row.addWidget(self.board_combo)
        board_row.addStretch(1)

        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_games_tab(), self.tr("Games"))
        self.tabs.addTab(self._build_people_tab(), self.tr("People"))
        self.tabs.addTab(self._build_leaderboard_tab(), self.tr("Leaderboard"))
        self.tabs.currentChanged.connect(self._on_tab_changed)

        layout = QVBoxLayout(self)
        layout.addLayout(problem_row)
        layout.addLayout(board_row)
        layout.addWidget(self.tabs)
        for keys in (QKeySequence(QKeySequence.StandardKey.Close), QKeySequence("Escape")):
            close = QShortcut(keys, self)
            close.activated.connect(self.close)
        handle.games_changed.connect(self._on_library_changed)
        handle.problem_changed.connect(self._show_problem)
        self._show_problem()

    # The board filter ---------------------------------------------------------------------

    def board_rules(self) -> Rules | None:
        """The rules chosen in the board filter, None for all boards."""
        key = self.board_combo.currentData()
        return None if not key else Rules.parse(key)

    def _fill_board_combo(self, library: Library) -> None:
        combo = self.board_combo
        current = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(self.tr("All boards"), None)
        for rules in library.rules_present():
            combo.addItem(rules_title(rules), rules.key)
        combo.setCurrentIndex(max(combo.findData(current), 0))
        combo.blockSignals(False)

    def _on_board_changed(self) -> None:
        library = self.handle.library
        if library is None:
            return
        try:
            self._players = library.players(self.board_rules())
            self._fill_player_combos()
        except LibraryError as error:
            self.handle.report(error)
            return
        self.apply_filter()
        self._refresh_current_tab()

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
        for edit in (self.since_edit, self.until_edit):
            edit.setDisplayFormat(date_format())
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
        self.export_psq_button = QPushButton(self.tr("Export as .psq…"))
        self.export_psq_button.setToolTip(
            self.tr(
                "Piskvork records, the format of the Gomocup's archives, one file a game "
                "(five-in-a-row games only)"
            )
        )
        self.export_psq_button.clicked.connect(self._export_psq_dialog)
        self.import_button = QPushButton(self.tr("Import games…"))
        self.import_button.setToolTip(
            self.tr(
                "Game files (.tttgame), Piskvork records (.psq), JSON lines (.jsonl) or "
                "folders of them; or drop them on this window"
            )
        )
        self.import_button.clicked.connect(self._import_dialog)
        self.log_button = QPushButton(self.tr("Show engine log"))
        self.log_button.setToolTip(
            self.tr("What was said on a Gomocup brain's pipe during the selected game")
        )
        self.log_button.clicked.connect(self.show_engine_log)
        buttons = QHBoxLayout()
        buttons.addWidget(self.count_label, 1)
        for button in (
            self.open_button,
            self.export_button,
            self.export_lines_button,
            self.export_psq_button,
            self.import_button,
            self.log_button,
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
            rules=self.board_rules(),
        )

    def apply_filter(self) -> None:
        """Show the games the controls describe."""
        self._filter_timer.stop()
        if self.model is None:
            return
        try:
            self.model.set_filter(self.current_filter())
        except LibraryError as error:
            self.handle.report(error)
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
        library = self.handle.library
        if library is None:
            return False
        record = self._guard(lambda: library.record(row.id))
        return record is not None and self._open_game(record)

    def show_engine_log(self) -> QDialog | None:
        """Show the selected game's engine log, read-only (None: it has none)."""
        library = self.handle.library
        rows = self.selected_rows()
        if library is None or not rows:
            self._say(self.tr("Select a game with a Gomocup brain in it first."))
            return None
        record = self._guard(lambda: library.record(rows[0].id))
        if record is None:
            return None
        if not record.log:
            self._say(self.tr("This game has no engine log: only games with a brain have one."))
            return None
        dialog = EngineLogDialog(record, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    # Export and import ------------------------------------------------------------------

    def export_selected_files(self, folder: str | Path) -> list[Path]:
        library = self.handle.library
        rows = self.selected_rows()
        if library is None or not rows:
            return []
        return export_files(library, [row.id for row in rows], folder)

    def export_selected_psq(self, folder: str | Path) -> tuple[list[Path], list[tuple[int, str]]]:
        """The selected games as Piskvork records in ``folder``: the files written, and the
        games passed over (row id, why)."""
        library = self.handle.library
        rows = self.selected_rows()
        if library is None or not rows:
            return [], []
        return export_psq_files(library, [row.id for row in rows], folder)

    def export_selected_lines(self, path: str | Path) -> int:
        library = self.handle.library
        rows = self.selected_rows()
        if library is None or not rows:
            return 0
        return export_json_lines(library, [row.id for row in rows], path)

    def _export_files_dialog(self) -> None:
        if not self.selected_rows():
            self._say(self.tr("Select the games to export first."))
            return
        folder = QFileDialog.getExistingDirectory(
            self, self.tr("Export games to folder"), self.start_folder()
        )
        if folder:
            self.last_folder = folder
            written = self._guard(lambda: self.export_selected_files(folder))
            if written is not None:
                self._say(
                    (
                        self.tr("Exported {n} game.")
                        if len(written) == 1
                        else self.tr("Exported {n} games.")
                    ).format(n=len(written))
                )

    def _export_psq_dialog(self) -> None:
        if not self.selected_rows():
            self._say(self.tr("Select the games to export first."))
            return
        folder = QFileDialog.getExistingDirectory(
            self, self.tr("Export games as Piskvork records to folder"), self.start_folder()
        )
        if folder:
            self.last_folder = folder
            done = self._guard(lambda: self.export_selected_psq(folder))
            if done is not None:
                self._say(self.describe_psq_export(*done))

    def describe_psq_export(self, written: list[Path], passed_over: list[tuple[int, str]]) -> str:
        """What an export as Piskvork records did, in words."""
        text = (
            self.tr("Exported {n} game.") if len(written) == 1 else self.tr("Exported {n} games.")
        ).format(n=len(written))
        if passed_over:
            text += " " + self.tr(
                "Passed over: {n} (a Piskvork record holds five in a row on boards of 5 to 20 "
                "a side)."
            ).format(n=len(passed_over))
        return text

    def _export_lines_dialog(self) -> None:
        if not self.selected_rows():
            self._say(self.tr("Select the games to export first."))
            return
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Export games as JSON lines"),
            str(Path(self.start_folder()) / f"games{LINES_SUFFIX}"),
            self.tr("JSON lines (*{suffix})").format(suffix=LINES_SUFFIX),
        )
        if path:
            self.last_folder = str(Path(path).parent)
            count = self._guard(lambda: self.export_selected_lines(path))
            if count is not None:
                self._say(
                    (
                        self.tr("Exported {n} game.")
                        if count == 1
                        else self.tr("Exported {n} games.")
                    ).format(n=count)
                )

    def start_folder(self) -> str:
        """Where the export and import dialogs open: the last folder used, else Documents."""
        if self.last_folder and Path(self.last_folder).is_dir():
            return self.last_folder
        return _documents_folder()

    def import_filters(self) -> str:
        """The import dialog's file types: game files, Piskvork records and JSON lines,
        together or apart."""
        return ";;".join(
            [
                self.tr("Games (*{game} *{psq} *{lines})").format(
                    game=GAME_SUFFIX, psq=PSQ_SUFFIX, lines=LINES_SUFFIX
                ),
                self.tr("TTT Desktop games (*{suffix})").format(suffix=GAME_SUFFIX),
                self.tr("Piskvork records (*{suffix})").format(suffix=PSQ_SUFFIX),
                self.tr("JSON lines (*{suffix})").format(suffix=LINES_SUFFIX),
            ]
        )

    def _import_dialog(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(
            self, self.tr("Import games"), self.start_folder(), self.import_filters()
        )
        if paths:
            self.last_folder = str(Path(paths[0]).parent)
            self.import_paths(paths)

    def import_paths(self, paths: list[str]) -> ImportJob | None:
        """Import game files, JSON lines or folders of them in a thread of its own, with
        a progress dialog that can cancel; says what happened when it ends."""
        if self.handle.library is None or self.handle.path is None:
            self._say(self.tr("There is no game library to import into."))
            return None
        if self.import_job is not None:
            self._say(self.tr("An import is already running."))
            return None
        job = ImportJob(self.handle.path, paths, self)
        progress = QProgressDialog(self.tr("Importing games…"), self.tr("Cancel"), 0, 0, self)
        progress.setObjectName("import-progress")
        progress.setWindowTitle(self.tr("Import"))
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(300)
        progress.canceled.connect(job.cancel)
        self.import_progress = progress

        def advance(done: int, total: int) -> None:
            progress.setMaximum(total)
            progress.setValue(done)
            progress.setLabelText(
                self.tr("Importing games: {done} of {total} files read").format(
                    done=done, total=total
                )
            )

        def finish() -> None:
            progress.reset()
            progress.deleteLater()
            self.import_job = None

        def succeeded(report: ImportReport) -> None:
            finish()
            self.last_import_report = report
            self.import_message = self.describe_import(report)
            self.handle.games_changed.emit()
            self._say(self.import_message)

        def failed(reason: str) -> None:
            finish()
            self.import_message = reason
            self.handle.games_changed.emit()  # batches stored before the failure show
            self._say(reason)

        # Queued: these run in the window's thread (plain functions would otherwise be
        # called in the import's).
        queued = Qt.ConnectionType.QueuedConnection
        job.progressed.connect(advance, queued)
        job.done.connect(succeeded, queued)
        job.failed.connect(failed, queued)
        # Deleted once its thread has finished: the result arrives while the thread is still
        # returning from run(), and a QThread deleted while it runs aborts the process.
        job.finished.connect(job.deleteLater)
        self.import_job = job
        job.start()
        return job

    def stop_import(self) -> None:
        """Cancel a running import and wait for its thread (the games stored so far stay)."""
        job = self.import_job
        if job is not None and job.isRunning():
            job.cancel()
            job.wait()

    def closeEvent(self, event: QCloseEvent) -> None:
        # Closing History stops an import (between two files): its thread must not
        # outlive the window.
        self.stop_import()
        super().closeEvent(event)

    def describe_import(self, report: ImportReport) -> str:
        lines = [self.tr("The import was cancelled; the games read before stay.")] * int(
            report.cancelled
        )
        lines += [
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
        except ValueError as error:
            self._say(str(error))
        except OSError as error:
            self._say(
                self.tr("Could not write the files: {reason}.").format(
                    reason=describe_os_error(error)
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
        library = self.handle.library
        key = self.people_combo.currentData()
        if library is None or not key:
            self.summary_label.setText(self.tr("No games stored yet."))
            self.opponents_table.setRowCount(0)
            return None
        try:
            stats = person_stats(library, key, rules=self.board_rules())
            self._person_ratings = [
                player for player in library.ratings(self.board_rules()) if player.key == stats.key
            ]
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
        # A rating per board: a 3x3 rating says nothing about gomoku.
        for rated in self._person_ratings:
            parts.append(
                self.tr("Rating on {board}: {rating}").format(
                    board=_html(rules_title(rated.rules)), rating=rated.rating.label()
                )
            )
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
            _cell, count = stats.favourite_first_move
            text = self.tr(
                "Favourite first move: cell {cell} ({count} of {total} games begun)"
            ).format(cell=stats.favourite_first_move_name(), count=count, total=stats.first_moves)
            if stats.rules is None and not stats.opening_rules.is_classic:
                text += " — " + _html(rules_title(stats.opening_rules))
            parts.append(text)
        if stats.mistakes_per_game is not None:
            parts.append(
                self.tr("Mistakes per game: {mistakes} (over {games} games)").format(
                    mistakes=local_number(stats.mistakes_per_game, 2), games=stats.reviewed_games
                )
            )
        return parts[0] + "<br>".join(parts[1:])

    def _show_people_chart(self, stats: PersonStats) -> None:
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
                self.tr("Board"),
                self.tr("Rating"),
                self.tr("Games"),
                self.tr("W / D / L"),
            ]
        )
        self.leaderboard.setToolTip(
            self.tr(
                "Everybody starts at 1500; winning raises a rating, losing lowers it, more so "
                "against a stronger player. The ± says how sure it is: the true strength is "
                "within it 19 times in 20, and it narrows with every game. Highest rating "
                "first; each board has its own ratings."
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
        library = self.handle.library
        try:
            rated = [] if library is None else library.ratings(self.board_rules())
        except LibraryError as error:
            self.handle.report(error)
            rated = []
        table = self.leaderboard
        table.setRowCount(len(rated))
        for number, player in enumerate(rated):
            rating = player.rating
            cells = [
                player.name,
                self.tr("person") if player.is_human else player.kind,
                rules_title(player.rules),
                rating.label(),
                str(rating.games),
                f"{rating.wins} / {rating.draws} / {rating.losses}",
            ]
            for column, value in enumerate(cells):
                item = QTableWidgetItem(value)
                if column >= 3:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                table.setItem(number, column, item)
        if rated and self.tabs.currentIndex() == 2:
            if self._ratings_chart is None:
                self._ratings_chart = ErrorBarChart(
                    self.tr("Ratings"), y_title=self.tr("Rating"), bar_name=self.tr("Rating")
                )
                self._ratings_chart.setObjectName("leaderboard-chart")
                self._ratings_chart.setMinimumSize(320, 260)
                self.leaderboard_chart_holder.addWidget(self._ratings_chart)
            top = rated[:LEADERBOARD_CHART_PLAYERS]
            self._ratings_chart.set_data(
                [ErrorBar(self._chart_label(p, rated), *_bar(p)) for p in top]
            )

    def _chart_label(self, player: RatedPlayer, rated: list[RatedPlayer]) -> str:
        """The player's name, with the board when the chart mixes boards."""
        if len({p.rules for p in rated}) > 1:
            return f"{player.name} ({rules_title(player.rules)})"
        return player.name

    # Refreshing --------------------------------------------------------------------------

    def refresh(self) -> None:
        """Re-read the library: the list (keeping filters and sort), the people, the ratings."""
        library = self.handle.library
        if library is None:
            self.model = None
            self.table.setModel(None)
            self._show_count()
            return
        try:
            self._fill_board_combo(library)
            self._players = library.players(self.board_rules())
            self._fill_player_combos()
            if self.model is None or self.model.library is not library:
                self.model = HistoryModel(library, self)
                self.table.setModel(self.model)
                self.table.setSortingEnabled(True)
                self.table.horizontalHeader().setSortIndicator(0, Qt.SortOrder.DescendingOrder)
                header = self.table.horizontalHeader()
                header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
                header.setStretchLastSection(True)
                for column, width in enumerate((140, 150, 150, 120, 150, 60, 120)):
                    # Never narrower than its heading (with room for the sort arrow).
                    self.table.setColumnWidth(column, max(width, header.sectionSizeHint(column)))
            self.apply_filter()
            self._refresh_current_tab()
        except LibraryError as error:
            self.handle.report(error)

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
        problem = self.handle.problem
        if self.handle.path is None:
            text = self.tr("Games are not being remembered: no game library was given.")
        elif problem is None:
            text = ""
        else:
            text = self.tr("Games are not being remembered. {why}").format(
                why=describe_library_error(problem)
            )
        self.problem_label.setText(text)
        # The library's own words (English: SQLite's or the system's reason), for an expert.
        self.problem_label.setToolTip("" if problem is None else str(problem))
        self.problem_label.setVisible(bool(text))
        self.fresh_button.setVisible(isinstance(problem, LibraryCorruptError))
        self.retry_button.setVisible(isinstance(problem, LibraryLockedError))
        self.tabs.setEnabled(self.handle.library is not None)

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
            aside = self.handle.start_fresh()
            self.refresh()
            if aside is not None:
                self._say(
                    self.tr(
                        "The damaged library was kept as {name}; a new one was started."
                    ).format(name=aside.name)
                )

    def _retry(self) -> None:
        if self.handle.open():
            self.refresh()


def _bar(player: RatedPlayer) -> tuple[float, float, float]:
    return player.rating.rating, player.rating.low, player.rating.high


def _fit_columns(table: QTableWidget) -> None:
    """The first column takes the room left; the others are as wide as their contents."""
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
