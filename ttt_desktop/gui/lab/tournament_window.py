"""The Tournament window: pick computer players, run them against each other on every core.

The set-up (players and how many seeds of each, round robin or gauntlet, games per
pairing, seed, worker processes) sits on the left; the results fill in on the right as
games come back from the workers: standings with ratings and their error bars (table
and chart), the crosstable, and every game (double-click one to open it in review).
The run goes on in worker processes (:mod:`ttt_desktop.lab.runner`); this window only
polls them from a timer, so it never waits for a game.

The engine list's Gomocup brains are offered below our players, each with its own time a
move (its time per move in the engine list at first), for the boards their probe found
them to play. They play in the worker processes (:mod:`ttt_desktop.lab.brains`); a brain
that fails loses its game by forfeit, its reason in the games list, and each game's pipe
log goes with the game when it is opened or stored ("Show engine log" in History).
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSettings,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QCloseEvent,
    QKeySequence,
    QShortcut,
    QShowEvent,
    QStandardItemModel,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ttt_desktop.brains.engines import EngineList, EngineListError
from ttt_desktop.core.clock import TimeControl
from ttt_desktop.core.record import GameRecord
from ttt_desktop.core.rules import PRESETS, TIC_TAC_TOE, Rules, RulesError
from ttt_desktop.core.swap import FREE_OPENING, SWAP, SWAP2, SwapError, check_opening_rule
from ttt_desktop.gui.charts import ErrorBar, ErrorBarChart
from ttt_desktop.gui.common.forms import buddy_label
from ttt_desktop.gui.common.rules_text import rules_title
from ttt_desktop.gui.common.screen_fit import ScreenKeeper, fit_to_screen
from ttt_desktop.gui.common.translation import number
from ttt_desktop.gui.engines.brain_text import printable
from ttt_desktop.gui.engines.engine_players import why_not
from ttt_desktop.gui.review.game_files import describe_openings_error, describe_os_error
from ttt_desktop.gui.shell.look import POLL_MS
from ttt_desktop.gui.shell.settings import APPLICATION, ORGANISATION
from ttt_desktop.lab.brains import finish, prepare, read_log
from ttt_desktop.lab.cluster import TLS_FILES, Scheduler, SchedulerError, TlsFiles
from ttt_desktop.lab.openings import builtin_openings, read_openings
from ttt_desktop.lab.runner import TournamentRunner, WorkerError
from ttt_desktop.lab.spec import PLAYABLE_KINDS, TournamentSpec, is_brain_kind, make_entrants
from ttt_desktop.lab.storing import TournamentSaver
from ttt_desktop.lab.tournament import TournamentGame, TournamentResult, brain_log_dir
from ttt_desktop.lab.tournament import entrant_name as lab_entrant_name
from ttt_desktop.lab.tournament import game_record as lab_game_record
from ttt_desktop.library import Library, LibraryError
from ttt_desktop.library.tournaments import TournamentStore
from ttt_desktop.players import display_name, fresh_seed
from ttt_desktop.players.boards import NETWORK_BOARDS, NETWORK_KS, SOLVED_BOARDS
from ttt_desktop.players.roster import BOARDS, supports

REFRESH_SECONDS: Final = 0.25
CANCEL_GRACE_SECONDS: Final = 0.3
DEFAULT_PLAYERS: Final = ("rando", "levi", "humiston", "learner", "perfect")
MAX_SEEDS_PER_KIND: Final = 8
TOURNAMENT_TURN_MS: Final = 200
"""The time a move on a board other than 3x3: a 15x15 tournament of searching players ends."""
TURN_MARGIN_MS: Final = 100.0
"""The slack over the time a move before a player loses on time (a search stops at its next
look at the clock; a busy computer is slow to switch back to it)."""
TOURNAMENT_RULES_KEY: Final = "lab/tournament_rules"
TURN_MS_KEY: Final = "lab/tournament_turn_ms"
OPENING_RULE_KEY: Final = "lab/tournament_opening_rule"


def tournament_game_record(result: TournamentResult, game: TournamentGame) -> GameRecord:
    """A tournament game as a game record, its players seeded as they played, a game lost
    off the board with its reason, and a brain's game with its pipe log."""
    spec = result.spec
    log: tuple[str, ...] = ()
    if spec.brains is not None:
        log = read_log(spec, game.index)
    record: GameRecord = lab_game_record(spec, game, game_id=game_id(spec, game.index), log=log)
    return record


class OpeningsError(ValueError):
    """The openings the set-up asks for can't be played; the message says why, in the
    window's language; ``details``, the reader's English words (the line it refuses)."""

    def __init__(self, message: str, details: str = "") -> None:
        super().__init__(message)
        self.details = details


def _app_settings() -> QSettings:
    return QSettings(ORGANISATION, APPLICATION)


def game_id(spec: TournamentSpec, index: int) -> str:
    """A stable id for a tournament's game: the same game stored twice is one game."""
    key = json.dumps([spec.as_json(), index], sort_keys=True)
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


class GamesModel(QAbstractTableModel):
    """Every game of the tournament, in game order: number, X, O, result, moves."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._result: TournamentResult | None = None
        self._games: list[TournamentGame] = []
        self._headers = [
            self.tr("Game"),
            self.tr("X"),
            self.tr("O"),
            self.tr("Result"),
            self.tr("Moves"),
        ]

    def set_result(self, result: TournamentResult | None) -> None:
        self.beginResetModel()
        self._result = result
        self._games = result.games() if result is not None else []
        self.endResetModel()

    def game_at(self, row: int) -> TournamentGame:
        return self._games[row]

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self._games)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self._headers)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self._headers[section]
        return None

    def _why(self, reason: str) -> str:
        """Why a game ended off the board, in words (a brain's forfeit in the manager's)."""
        if reason == "time":
            return self.tr("on time")
        if reason == "adjudicated":
            return self.tr("adjudicated")
        return self.tr("forfeit: {reason}").format(
            reason=printable(reason.removeprefix("forfeit: "))
        )

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = 0) -> Any:
        if self._result is None or not index.isValid():
            return None
        game = self._games[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.ToolTipRole and column == 3 and game.reason:
            return self._why(game.reason)
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if column == 0:
            return number(game.index + 1)
        if column in (1, 2):
            return lab_entrant_name(self._result.spec, game.x if column == 1 else game.o)
        if column == 3:
            if game.winner == "draw":
                return self.tr("Draw")
            winner = game.x if game.winner == "X" else game.o
            name = lab_entrant_name(self._result.spec, winner)
            if game.reason:
                return self.tr("{name} wins ({why})").format(name=name, why=self._why(game.reason))
            return self.tr("{name} wins").format(name=name)
        rules = self._result.spec.rules
        if rules is TIC_TAC_TOE:
            return " ".join(str(cell + 1) for cell in game.cells)
        return " ".join(rules.geometry.name(cell) for cell in game.cells)


class TournamentWindow(QWidget):
    """The tournament set-up, its run, and its results as they come."""

    run_finished = Signal()
    """The run ended: all games played, cancelled, or a worker failed (GUI thread)."""
    results_refreshed = Signal(int)
    """The tables were redrawn with this many games."""

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        open_record: Callable[[GameRecord], None] | None = None,
        store_games: Callable[[list[GameRecord]], int] | None = None,
        library_path: str | Path | None = None,
        current_rules: Rules | None = None,
        settings: QSettings | None = None,
        engines_file: str | Path | None = None,
    ) -> None:
        """``current_rules``: the board the main window plays, offered with the presets.
        ``settings`` keeps the board and the time a move chosen last. ``engines_file``:
        the engine list whose brains are offered (None: none)."""
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(self.tr("Tournament"))
        self.setObjectName("tournament-window")
        self._open_record = open_record
        self._store_games = store_games
        # Each game goes to the library as it finishes, so a stopped tournament resumes.
        self._library_path = None if library_path is None else Path(library_path)
        self._engines_file = None if engines_file is None else Path(engines_file)
        # The engine list's brains by their kind (engine:NAME), and each one's time a move.
        self._brains: dict[str, Any] = {}
        self.brain_times: dict[str, QSpinBox] = {}
        self._saver: Any = None
        self._settings = settings if settings is not None else _app_settings()
        # Ticked kinds put aside while the board is one they do not play.
        self._parked: set[str] = set()
        self.runner: TournamentRunner | None = None
        self.result: TournamentResult | None = None
        self._last_refresh = 0.0
        self._cancel_deadline: float | None = None
        self._temporary_logs: Any = None
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)
        self._build()
        self._choose_first_board(current_rules)
        fit_to_screen(self, QSize(1180, 720))
        self._screen_keeper = ScreenKeeper(self)  # within the screen when it shows

    # Building -----------------------------------------------------------------------

    def _build(self) -> None:
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self._build_setup())
        splitter.addWidget(self._build_results())
        splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        close = QShortcut(QKeySequence(QKeySequence.StandardKey.Close), self)
        close.activated.connect(self.close)

    def _build_setup(self) -> QWidget:
        box = QGroupBox(self.tr("Set-up"))
        layout = QVBoxLayout(box)
        board_form = QFormLayout()
        self.board_combo = QComboBox()
        self.board_combo.setAccessibleName(self.tr("Board"))
        self.board_combo.setToolTip(self.tr("The board every game of the tournament is played on"))
        for rules in PRESETS.values():
            self.board_combo.addItem(rules_title(rules), rules.key)
        board_form.addRow(self.tr("&Board:"), self.board_combo)
        self.turn_spin = QSpinBox()
        self.turn_spin.setRange(10, 60_000)
        self.turn_spin.setSingleStep(50)
        self.turn_spin.setSuffix(self.tr(" ms"))
        self.turn_spin.setAccessibleName(self.tr("Time a move"))
        self.turn_spin.setValue(self._remembered_turn_ms())
        board_form.addRow(self.tr("Time a &move:"), self.turn_spin)
        layout.addLayout(board_form)
        layout.addWidget(QLabel(self.tr("Players (tick them; seeds: how many of each kind)")))
        self.players_table = QTableWidget(len(PLAYABLE_KINDS), 2)
        self.players_table.setAccessibleName(self.tr("Players"))
        self.players_table.setHorizontalHeaderLabels([self.tr("Player"), self.tr("Seeds")])
        self.players_table.verticalHeader().hide()
        self.players_table.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.Stretch
        )
        self.players_table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.seed_counts: dict[str, QSpinBox] = {}
        for row, kind in enumerate(PLAYABLE_KINDS):
            item = QTableWidgetItem(display_name(kind))
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(
                Qt.CheckState.Checked if kind in DEFAULT_PLAYERS else Qt.CheckState.Unchecked
            )
            item.setData(Qt.ItemDataRole.UserRole, kind)
            self.players_table.setItem(row, 0, item)
            spin = QSpinBox()
            spin.setRange(1, MAX_SEEDS_PER_KIND)
            spin.setAccessibleName(self.tr("Seeds of {name}").format(name=display_name(kind)))
            spin.valueChanged.connect(self._update_start)
            self.players_table.setCellWidget(row, 1, spin)
            self.seed_counts[kind] = spin
        self._add_brain_rows()
        self.players_table.resizeRowsToContents()
        self.players_table.itemChanged.connect(self._update_start)
        self.board_combo.currentIndexChanged.connect(self._board_changed)
        self.turn_spin.valueChanged.connect(self._turn_changed)
        layout.addWidget(self.players_table, 1)

        form = QFormLayout()
        self.format_combo = QComboBox()
        self.format_combo.addItem(self.tr("Round robin: everyone meets everyone"), "round-robin")
        self.format_combo.addItem(self.tr("Gauntlet: one against the field"), "gauntlet")
        self.format_combo.currentIndexChanged.connect(self._update_start)
        form.addRow(self.tr("&Format:"), self.format_combo)
        self.challenger_combo = QComboBox()
        for kind in PLAYABLE_KINDS:
            self.challenger_combo.addItem(display_name(kind), kind)
        self.challenger_combo.setCurrentIndex(PLAYABLE_KINDS.index("perfect"))
        self.challenger_combo.currentIndexChanged.connect(self._update_start)
        form.addRow(self.tr("&Challenger:"), self.challenger_combo)
        self.games_spin = QSpinBox()
        self.games_spin.setRange(1, 100_000)
        self.games_spin.setValue(20)
        self.games_spin.setToolTip(self.tr("The two players take turns at X, who moves first"))
        # The count of games said under the set-up follows it.
        self.games_spin.valueChanged.connect(self._update_start)
        form.addRow(self.tr("&Games per pairing:"), self.games_spin)
        self.openings_combo = QComboBox()
        self.openings_combo.addItem(self.tr("None"), "")
        self.openings_combo.addItem(self.tr("Built-in set"), "builtin")
        self.openings_combo.addItem(self.tr("From a file"), "file")
        self.openings_combo.setToolTip(
            self.tr(
                "Start the games from openings, each played once with each colour: the "
                "board's built-in set, or a file of cell names (h8 h9 j10) or a Gomocup "
                "opening suite (offsets from the centre, 0,0, 1,-1)"
            )
        )
        self.openings_edit = QLineEdit()
        self.openings_edit.setPlaceholderText(self.tr("an opening file"))
        self.openings_edit.setAccessibleName(self.tr("Opening file"))
        self.openings_browse = QPushButton(self.tr("Browse..."))
        self.openings_browse.clicked.connect(self._browse_openings)
        self.openings_combo.currentIndexChanged.connect(self._openings_changed)
        self.openings_edit.textChanged.connect(self._update_start)
        openings_row = QHBoxLayout()
        openings_row.addWidget(self.openings_combo)
        openings_row.addWidget(self.openings_edit, 1)
        openings_row.addWidget(self.openings_browse)
        form.addRow(buddy_label(self.tr("Ope&nings:"), self.openings_combo), openings_row)
        self.openings_edit.setEnabled(False)
        self.openings_browse.setEnabled(False)
        self.opening_rule_combo = QComboBox()
        self.opening_rule_combo.addItem(self.tr("Free"), FREE_OPENING)
        self.opening_rule_combo.addItem(self.tr("Swap"), SWAP)
        self.opening_rule_combo.addItem(self.tr("Swap2"), SWAP2)
        remembered_rule = self._settings.value(OPENING_RULE_KEY)
        found = self.opening_rule_combo.findData(remembered_rule)
        self.opening_rule_combo.setCurrentIndex(max(found, 0))
        self.opening_rule_combo.currentIndexChanged.connect(self._opening_rule_changed)
        form.addRow(self.tr("Opening &rule:"), self.opening_rule_combo)
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, 2**31 - 1)
        self.seed_spin.setValue(fresh_seed() % 2**31)
        self.seed_spin.setToolTip(self.tr("The same seed plays the same games"))
        form.addRow(self.tr("S&eed:"), self.seed_spin)
        self.jobs_spin = QSpinBox()
        self.jobs_spin.setRange(1, max(1, os.cpu_count() or 1) * 2)
        self.jobs_spin.setValue(max(1, os.cpu_count() or 1))
        self.jobs_spin.setToolTip(
            self.tr("Worker processes; the games are the same for any number")
        )
        form.addRow(self.tr("&Worker processes:"), self.jobs_spin)
        self.scheduler_edit = QLineEdit()
        self.scheduler_edit.setPlaceholderText(self.tr("this computer"))
        self.scheduler_edit.setToolTip(
            self.tr(
                "A Dask scheduler's address (tls://host:8786, with the certificates below) "
                "plays the games on its workers; empty: worker processes on this computer"
            )
        )
        form.addRow(self.tr("Sc&heduler:"), self.scheduler_edit)
        self.scheduler_edit.textChanged.connect(self._update_start)
        self.tls_edits: dict[str, QLineEdit] = {}
        for key, label, tip in (
            ("ca", self.tr("TLS authority:"), self.tr("The certificate authority (ca.pem)")),
            ("cert", self.tr("TLS certificate:"), self.tr("This computer's certificate")),
            ("key", self.tr("TLS key:"), self.tr("This computer's private key")),
        ):
            edit = QLineEdit()
            edit.setToolTip(tip + self.tr(" (ttt-arena cluster-certs makes them)"))
            edit.setPlaceholderText(self.tr("a .pem file"))
            self.tls_edits[key] = edit
            edit.textChanged.connect(self._update_start)
            files = QHBoxLayout()
            files.addWidget(edit, 1)
            browse = QPushButton(self.tr("Browse..."))
            browse.clicked.connect(lambda _=False, edit=edit: self._browse_tls(edit))
            files.addWidget(browse)
            form.addRow(label, files)
        layout.addLayout(form)

        buttons = QHBoxLayout()
        self.start_button = QPushButton(self.tr("&Start"))
        self.start_button.clicked.connect(self.start)
        self.cancel_button = QPushButton(self.tr("&Cancel"))
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.finish_button = QPushButton(self.tr("Finish games in &progress, then stop"))
        self.finish_button.setEnabled(False)
        self.finish_button.clicked.connect(self.finish_and_stop)
        self.resume_button = QPushButton(self.tr("Res&ume..."))
        self.resume_button.setToolTip(
            self.tr("Carry on a stopped tournament of the game library: only its missing games")
        )
        self.resume_button.setEnabled(self._library_path is not None)
        self.resume_button.clicked.connect(self.resume)
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.resume_button)
        buttons.addWidget(self.finish_button)
        buttons.addWidget(self.cancel_button)
        layout.addLayout(buttons)
        self.progress_bar = QProgressBar()
        self.progress_bar.setAccessibleName(self.tr("Games played"))
        self.progress_bar.setValue(0)
        layout.addWidget(self.progress_bar)
        self.progress_label = QLabel(self.tr("Pick at least two players and press Start."))
        self.progress_label.setWordWrap(True)
        self.progress_label.setAccessibleName(self.tr("Tournament progress"))
        layout.addWidget(self.progress_label)
        self._update_start()
        return box

    def _add_brain_rows(self) -> None:
        """The engine list's brains as rows below our players (again: the list is read
        anew, the ticks and times of the brains still there kept)."""
        table = self.players_table
        ticked = set()
        times = {kind: spin.value() for kind, spin in self.brain_times.items()}
        for row in reversed(range(table.rowCount())):
            kind = str(self._kind_item(row).data(Qt.ItemDataRole.UserRole))
            if is_brain_kind(kind):
                if self._kind_item(row).checkState() == Qt.CheckState.Checked:
                    ticked.add(kind)
                table.removeRow(row)
        self._brains.clear()
        self.brain_times.clear()
        if self._engines_file is None:
            return
        try:
            entries = list(EngineList.load(self._engines_file))
        except EngineListError:
            entries = []  # the main window says what is wrong with the list
        blocked = table.blockSignals(True)
        for entry in entries:
            kind = f"engine:{entry.name}"
            self._brains[kind] = entry
            row = table.rowCount()
            table.insertRow(row)
            item = QTableWidgetItem(entry.name)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if kind in ticked else Qt.CheckState.Unchecked)
            item.setData(Qt.ItemDataRole.UserRole, kind)
            table.setItem(row, 0, item)
            spin = QSpinBox()
            spin.setRange(10, 600_000)
            spin.setSingleStep(100)
            spin.setSuffix(self.tr(" ms"))
            spin.setValue(times.get(kind, max(10, entry.turn_ms or 5000)))
            spin.setAccessibleName(self.tr("Time a move of {name}").format(name=entry.name))
            spin.setToolTip(
                self.tr(
                    "The brain's time for each move in this tournament (its time per move in "
                    "Lab > Engines... at first); a brain over it loses the game"
                )
            )
            spin.valueChanged.connect(self._update_start)
            table.setCellWidget(row, 1, spin)
            self.brain_times[kind] = spin
        table.blockSignals(blocked)
        table.resizeRowsToContents()

    def reload_engines(self) -> None:
        """Offer the engine list's brains as the list is now (not while a run goes on)."""
        if self._running():
            return
        self._add_brain_rows()
        self._board_changed()

    def showEvent(self, event: QShowEvent) -> None:
        # Brains added in Lab > Engines... since the window was last shown.
        if self._engines_file is not None and not self._running():
            self.reload_engines()
        super().showEvent(event)

    def _plays(self, kind: str, rules: Rules) -> bool:
        """Whether ``kind`` plays ``rules`` (a brain: as the engine list's probe found)."""
        if is_brain_kind(kind):
            entry = self._brains.get(kind)
            return entry is not None and entry.plays(rules) is True
        return supports(kind, rules)

    def _row_spin(self, kind: str) -> QSpinBox:
        """The spin box beside ``kind``: its seeds, or a brain's time a move."""
        return self.brain_times[kind] if is_brain_kind(kind) else self.seed_counts[kind]

    def _build_results(self) -> QWidget:
        self.results_board_label = QLabel()
        self.results_board_label.setAccessibleName(self.tr("Board of the results"))
        self.results_board_label.setWordWrap(True)
        self.tabs = QTabWidget()
        standings = QWidget()
        standings_layout = QVBoxLayout(standings)
        self.standings_table = QTableWidget(0, 7)
        self.standings_table.setAccessibleName(self.tr("Standings"))
        self.standings_table.setHorizontalHeaderLabels(
            [
                self.tr("Place"),
                self.tr("Player"),
                self.tr("Points"),
                self.tr("Won"),
                self.tr("Drawn"),
                self.tr("Lost"),
                self.tr("Rating"),
            ]
        )
        self.standings_table.verticalHeader().hide()
        self.standings_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.standings_table.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.Stretch
        )
        # Each heading whole before there are results too: at 100 px a column, the name
        # column was left 26 px ("laye") and "Unentschieden" cut in German.
        self.standings_table.resizeColumnsToContents()
        standings_layout.addWidget(self.standings_table, 2)
        self.ratings_chart = ErrorBarChart(
            self.tr("Ratings (1500 at the start; bars: two standard deviations)"),
            y_title=self.tr("Rating"),
            bar_name=self.tr("Rating"),
        )
        standings_layout.addWidget(self.ratings_chart, 3)
        self.tabs.addTab(standings, self.tr("S&tandings"))

        self.crosstable = QTableWidget(0, 0)
        self.crosstable.setAccessibleName(self.tr("Crosstable"))
        self.crosstable.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.crosstable.setToolTip(
            self.tr("The row player's wins-draws-losses against the column player")
        )
        self.tabs.addTab(self.crosstable, self.tr("C&rosstable"))

        games = QWidget()
        games_layout = QVBoxLayout(games)
        self.games_model = GamesModel(self)
        self.games_view = QTableView()
        self.games_view.setAccessibleName(self.tr("Games"))
        self.games_view.setModel(self.games_model)
        self.games_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.games_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.games_view.verticalHeader().hide()
        self.games_view.horizontalHeader().setStretchLastSection(True)
        self.games_view.doubleClicked.connect(lambda index: self.open_game(index.row()))
        games_layout.addWidget(self.games_view)
        self.open_game_button = QPushButton(self.tr("&Open in review"))
        self.open_game_button.clicked.connect(self._open_selected_game)
        games_layout.addWidget(self.open_game_button, 0, Qt.AlignmentFlag.AlignRight)
        self.tabs.addTab(games, self.tr("&Games"))

        export = QHBoxLayout()
        self.export_standings_button = QPushButton(self.tr("Export standings (CSV)..."))
        self.export_standings_button.clicked.connect(lambda: self._export_with_dialog("standings"))
        self.export_games_button = QPushButton(self.tr("Export games (CSV)..."))
        self.export_games_button.clicked.connect(lambda: self._export_with_dialog("games"))
        self.export_json_button = QPushButton(self.tr("Export all (JSON)..."))
        self.export_json_button.clicked.connect(lambda: self._export_with_dialog("json"))
        self.store_button = QPushButton(self.tr("Store in the game library"))
        self.store_button.setVisible(self._store_games is not None)
        self.store_button.clicked.connect(self.store_in_library)
        for button in (
            self.export_standings_button,
            self.export_games_button,
            self.export_json_button,
            self.store_button,
        ):
            button.setEnabled(False)
            export.addWidget(button)
        export.addStretch(1)

        panel = QWidget()
        panel_layout = QVBoxLayout(panel)
        panel_layout.setContentsMargins(0, 0, 0, 0)
        panel_layout.addWidget(self.results_board_label)
        panel_layout.addWidget(self.tabs, 1)
        panel_layout.addLayout(export)
        return panel

    # Board --------------------------------------------------------------------------

    def rules(self) -> Rules:
        """The board chosen for the tournament."""
        key = self.board_combo.currentData()
        try:
            return Rules.parse(str(key))
        except RulesError:
            return TIC_TAC_TOE

    def offer_rules(self, rules: Rules) -> int:
        """Offer ``rules`` in the board choice (the presets are there already); its index."""
        index = self.board_combo.findData(rules.key)
        if index < 0:
            self.board_combo.addItem(rules_title(rules), rules.key)
            index = self.board_combo.count() - 1
        return index

    def set_rules(self, rules: Rules) -> None:
        """Choose ``rules`` as the tournament's board."""
        self.board_combo.setCurrentIndex(self.offer_rules(rules))
        self._board_changed()

    def _choose_first_board(self, current: Rules | None) -> None:
        """The board remembered, else the main window's; both are offered."""
        if current is not None:
            self.offer_rules(current)
        remembered = self._remembered_rules()
        self.set_rules(remembered or current or TIC_TAC_TOE)

    def _remembered_rules(self) -> Rules | None:
        value = self._settings.value(TOURNAMENT_RULES_KEY)
        if not isinstance(value, str):
            return None
        try:
            return Rules.parse(value)
        except RulesError:
            return None  # a hand-edited value: the default instead

    def _remembered_turn_ms(self) -> int:
        value = self._settings.value(TURN_MS_KEY)
        try:
            turn_ms = int(str(value))
        except ValueError:
            return TOURNAMENT_TURN_MS
        return turn_ms if 10 <= turn_ms <= 60_000 else TOURNAMENT_TURN_MS

    def _turn_changed(self, value: int) -> None:
        self._settings.setValue(TURN_MS_KEY, value)
        self._update_start()

    def _board_changed(self, *_args: object) -> None:
        """Offer only the kinds that play the board; keep the others' ticks for later."""
        rules = self.rules()
        self._settings.setValue(TOURNAMENT_RULES_KEY, rules.key)
        classic = rules is TIC_TAC_TOE
        self.turn_spin.setEnabled(not classic and not self._running())
        self.turn_spin.setToolTip(
            self.tr("Tic-tac-toe's games are played without a clock")
            if classic
            else self.tr(
                "How long a searching player thinks about each move; a player far over "
                "its time loses on time"
            )
        )
        table = self.players_table
        table.blockSignals(True)
        for row in range(table.rowCount()):
            item = self._kind_item(row)
            kind = str(item.data(Qt.ItemDataRole.UserRole))
            plays = self._plays(kind, rules)
            checked = item.checkState() == Qt.CheckState.Checked
            if plays:
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                item.setToolTip("")
                if kind in self._parked:
                    self._parked.discard(kind)
                    item.setCheckState(Qt.CheckState.Checked)
            else:
                if checked:
                    self._parked.add(kind)
                    item.setCheckState(Qt.CheckState.Unchecked)
                item.setFlags(Qt.ItemFlag.ItemIsUserCheckable)
                item.setToolTip(self._not_playing(kind, rules))
            self._row_spin(kind).setEnabled(plays)
        table.blockSignals(False)
        self._offer_openings()
        model = self.challenger_combo.model()
        assert isinstance(model, QStandardItemModel)
        for index in range(self.challenger_combo.count()):
            kind = str(self.challenger_combo.itemData(index))
            entry = model.item(index)
            plays = supports(kind, rules)
            entry.setEnabled(plays)
            entry.setToolTip("" if plays else self._not_playing(kind, rules))
        if not supports(str(self.challenger_combo.currentData()), rules):
            # The strongest kind that plays the board challenges instead.
            playable = [kind for kind in PLAYABLE_KINDS if supports(kind, rules)]
            self.challenger_combo.setCurrentIndex(self.challenger_combo.findData(playable[-1]))
        self._update_start()

    def _not_playing(self, kind: str, rules: Rules) -> str:
        """Why ``kind`` is not offered on ``rules``."""
        if is_brain_kind(kind):
            entry = self._brains[kind]
            return why_not(kind, entry.name, rules, entry)
        name = display_name(kind)
        if BOARDS.get(kind) == SOLVED_BOARDS:
            text = self.tr(
                "{name} plays only the boards solved exactly (up to 4x4 and 5x4 with four "
                "in a row), not {board}"
            )
        elif BOARDS.get(kind) == NETWORK_BOARDS:
            text = self.tr(
                "{name} plays only the boards of {ks} in a row, which its shipped networks "
                "learnt, not {board}"
            ).format(ks=", ".join(map(str, sorted(NETWORK_KS))), name="{name}", board="{board}")
        else:
            text = self.tr("{name} plays only tic-tac-toe, not {board}")
        return text.format(name=name, board=rules_title(rules))

    def _running(self) -> bool:
        return self.runner is not None and self.runner.running

    # Set-up -------------------------------------------------------------------------

    def _kind_item(self, row: int) -> QTableWidgetItem:
        item = self.players_table.item(row, 0)
        assert item is not None
        return item

    def chosen_kinds(self) -> list[str]:
        kinds = []
        rules = self.rules()
        for row in range(self.players_table.rowCount()):
            item = self._kind_item(row)
            kind = str(item.data(Qt.ItemDataRole.UserRole))
            if item.checkState() == Qt.CheckState.Checked and self._plays(kind, rules):
                kinds.append(kind)
        return kinds

    def set_players(self, counts: dict[str, int]) -> None:
        """Tick exactly the kinds in ``counts``, each with that many seeds."""
        self._parked.clear()
        for row in range(self.players_table.rowCount()):
            item = self._kind_item(row)
            kind = str(item.data(Qt.ItemDataRole.UserRole))
            item.setCheckState(Qt.CheckState.Checked if kind in counts else Qt.CheckState.Unchecked)
            if kind in self.seed_counts:
                self.seed_counts[kind].setValue(counts.get(kind, 1))

    def set_format(self, fmt: str, challenger: str | None = None) -> None:
        self.format_combo.setCurrentIndex(self.format_combo.findData(fmt))
        if challenger is not None:
            self.challenger_combo.setCurrentIndex(self.challenger_combo.findData(challenger))

    def spec(self) -> TournamentSpec:
        """The tournament the set-up describes; ``ValueError`` says what is missing."""
        fmt = str(self.format_combo.currentData())
        kinds = self.chosen_kinds()
        seed = self.seed_spin.value()
        choices: list[tuple[str, int]] = []
        if fmt == "gauntlet":
            challenger = str(self.challenger_combo.currentData())
            choices.append((challenger, seed))
            kinds = [kind for kind in kinds if kind != challenger] + (
                [challenger] if self.seed_counts[challenger].value() > 1 else []
            )
        for kind in kinds:
            if is_brain_kind(kind):
                choices.append((kind, seed))  # a brain has no seed of ours
                continue
            count = self.seed_counts[kind].value()
            for copy in range(count):
                entrant_seed = seed + 1 + copy
                if (kind, entrant_seed) not in choices:
                    choices.append((kind, entrant_seed))
        if len(choices) < 2:
            raise ValueError(self.tr("Pick at least two players (or two seeds of one)."))
        rules = self.rules()
        clock = (
            None
            if rules is TIC_TAC_TOE
            else TimeControl(turn_ms=float(self.turn_spin.value()), margin_ms=TURN_MARGIN_MS)
        )
        # A brain's own time a move; our players share the tournament's.
        clocks = [
            TimeControl(turn_ms=float(self.brain_times[kind].value()), margin_ms=TURN_MARGIN_MS)
            if is_brain_kind(kind)
            else None
            for kind, _seed in choices
        ]
        return TournamentSpec(
            make_entrants(choices, clocks),
            self.games_spin.value(),
            seed,
            "gauntlet" if fmt == "gauntlet" else "round-robin",
            rules=rules,
            openings=self.openings(rules),
            clock=clock,
            opening_rule=self.opening_rule(rules),
        )

    def opening_rule(self, rules: Rules) -> str:
        """The opening rule chosen, where it applies to ``rules`` (else the free opening)."""
        chosen = str(self.opening_rule_combo.currentData())
        if chosen == FREE_OPENING:
            return FREE_OPENING
        try:
            return check_opening_rule(rules, chosen)
        except SwapError:
            return FREE_OPENING

    def _opening_rule_changed(self, *_args: object) -> None:
        self._settings.setValue(OPENING_RULE_KEY, str(self.opening_rule_combo.currentData()))
        self._offer_openings()
        self._update_start()

    def _offer_openings(self) -> None:
        """The opening rule where the board allows one; an opening suite without one (both
        would choose the first stones)."""
        rules = self.rules()
        running = self._running()
        try:
            check_opening_rule(rules, SWAP)
            applies = True
        except SwapError:
            applies = False
        self.opening_rule_combo.setEnabled(applies and not running)
        self.opening_rule_combo.setToolTip(
            self.tr(
                "Swap: the game's first mover places three stones (black, white, black) and "
                "the other chooses a colour; swap2: the other may also place two more stones "
                "and let the first mover choose"
            )
            if applies
            else self.tr("Swap and swap2 are openings of five in a row on 7x7 and up")
        )
        swap = self.opening_rule(rules) != FREE_OPENING
        if swap and self.openings_combo.currentData():
            self.openings_combo.setCurrentIndex(0)
        self.openings_combo.setEnabled(not swap and not running)
        self.openings_combo.setToolTip(
            self.tr("The opening rule places the first stones: choose Free to use openings")
            if swap
            else self.tr(
                "Start the games from openings, each played once with each colour: the "
                "board's built-in set, or a file of cell names (h8 h9 j10) or a Gomocup "
                "opening suite (offsets from the centre, 0,0, 1,-1)"
            )
        )

    def openings(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        """The openings the set-up asks for (none, the built-in set, a file's), checked:
        :class:`OpeningsError` says what is wrong with the file, or with the games per
        pairing (even, so that each opening is played once with each colour)."""
        choice = str(self.openings_combo.currentData())
        if not choice:
            return ()

        if self.games_spin.value() % 2:
            raise OpeningsError(
                self.tr(
                    "With openings, the games per pairing must be even: each opening is "
                    "played once with each colour."
                )
            )
        if choice == "builtin":
            return builtin_openings(rules)
        path = self.openings_edit.text().strip()
        if not path:
            raise OpeningsError(self.tr("Choose the opening file."))
        try:
            return read_openings(path, rules)
        except ValueError as error:
            why = describe_openings_error(Path(path).name, str(error))
            raise OpeningsError(
                self.tr("The openings can't be used. {why}").format(why=why), details=str(error)
            ) from None

    def _openings_changed(self, *_args: object) -> None:
        from_file = self.openings_combo.currentData() == "file"
        self.openings_edit.setEnabled(from_file)
        self.openings_browse.setEnabled(from_file)
        self._update_start()

    def _browse_openings(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Choose an opening file"),
            self.openings_edit.text(),
            self.tr("Opening files (*.txt);;All files (*)"),
        )
        if name:
            self.openings_edit.setText(name)

    def _update_start(self, *_args: object) -> None:
        running = self.runner is not None and self.runner.running
        gauntlet = self.format_combo.currentData() == "gauntlet"
        self.challenger_combo.setEnabled(gauntlet and not running)
        refusal = None
        details = ""  # the reader's English words behind the refusal: the label's tooltip
        try:
            spec = self.spec()
        except OpeningsError as error:
            spec, refusal, details = None, str(error), error.details
        except ValueError:
            spec = None
        if spec is not None:
            try:
                self._scheduler()
            except ValueError as error:  # refused here, before anything is sent
                spec, refusal = None, str(error)
        self.start_button.setEnabled(spec is not None and not running)
        if not running and self.result is None:
            self.progress_label.setToolTip(details)
        if not running and refusal is not None and self.result is None:
            self.progress_label.setText(refusal)
        if not running and spec is not None and self.result is None:
            self.progress_label.setText(
                self.tr("{players} players, {games} games. Press Start.").format(
                    players=len(spec.entrants), games=number(spec.total_games)
                )
            )

    # Running ------------------------------------------------------------------------

    def _scheduler(self) -> Scheduler | None:
        """The scheduler field's scheduler with its TLS files (None: this computer);
        ``ValueError`` with the reason, in the window's words, when it is not a safe one
        (the lab's own check, :meth:`Scheduler.check`, decides)."""
        address = self.scheduler_edit.text().strip()
        files = [self.tls_edits[key].text().strip() for key in TLS_FILES]
        if not address:
            return None
        # Files given with a tcp:// scheduler are refused by the check, not dropped.
        scheduler = Scheduler(address, TlsFiles(*files) if any(files) else None)
        missing = [
            self._tls_file_name(key) for key, name in zip(TLS_FILES, files, strict=True) if not name
        ]
        if missing and scheduler.scheme == "tls":
            raise ValueError(
                self.tr("{address} needs three TLS files; missing: {files}.").format(
                    address=address, files=", ".join(missing)
                )
            )
        try:
            scheduler.check()
        except SchedulerError as error:
            raise ValueError(self._scheduler_refusal(error, address)) from None
        return scheduler

    def _tls_file_name(self, key: str) -> str:
        return {
            "ca": self.tr("the TLS authority"),
            "cert": self.tr("the TLS certificate"),
            "key": self.tr("the TLS key"),
        }[key]

    def _scheduler_refusal(self, error: SchedulerError, address: str) -> str:
        """Why the lab refused the scheduler, said for this window (no command-line options)."""
        if error.kind == "address":
            return self.tr(
                "{address} is not a scheduler's address: write tls://HOST:PORT "
                "(or tcp://127.0.0.1:PORT on this computer)."
            ).format(address=address)
        if error.kind == "plain-remote":
            return self.tr(
                "{address} is a plain tcp:// scheduler on another computer: anyone who can "
                "reach its port can run any program on every worker. Use tls://HOST:PORT with "
                "the TLS authority, certificate and key (ttt-arena cluster-certs makes them; "
                "start the scheduler and the workers with the same files)."
            ).format(address=address)
        if error.kind == "tls-scheme":
            return self.tr("The TLS files go with a tls:// scheduler, not {address}.").format(
                address=address
            )
        if error.kind in ("no-file", "unreadable"):
            text = (
                self.tr("{file} {name}: there is no such file.")
                if error.kind == "no-file"
                else self.tr("{file} {name} can't be read.")
            ).format(file=self._tls_file_name(error.file), name=error.name)
            return text[:1].upper() + text[1:]  # "The TLS key ...", "Der TLS-Schlüssel ..."
        return str(error)

    def _browse_tls(self, edit: QLineEdit) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Choose a PEM file"),
            edit.text(),
            self.tr("PEM files (*.pem *.key);;All files (*)"),
        )
        if name:
            edit.setText(name)

    def start(self) -> None:
        """Start the tournament the set-up describes."""
        if self.runner is not None and self.runner.running:
            return
        try:
            spec = self.spec()
            self._scheduler()  # refused before anything starts
        except ValueError as error:
            QMessageBox.warning(self, self.tr("Tournament"), str(error))
            return
        self._run(spec)

    def _run(
        self, spec: TournamentSpec, done: list[TournamentGame] | None = None, kept: int = 0
    ) -> None:
        if self.runner is not None:
            self.runner.close()
        self._end_brains()
        self._close_saver()
        self._open_saver(spec, kept)
        spec = self._with_brains(spec)
        scheduler = self._scheduler()
        self.runner = TournamentRunner(
            spec,
            self.jobs_spin.value(),
            scheduler=scheduler,
            done=done or (),
            on_games=None if self._saver is None else self._saver.add,
        )
        self.result = self.runner.result
        self._cancel_deadline = None
        self.progress_bar.setRange(0, spec.total_games)
        self.progress_bar.setValue(len(self.result))
        self.progress_label.setText(self.tr("Starting the worker processes..."))
        try:
            self.runner.start()
        except WorkerError as error:
            self.runner = None
            self._close_saver()
            QMessageBox.warning(self, self.tr("Tournament"), str(error))
            return
        self._set_running(True)
        self._refresh(force=True)
        self._timer.start()

    def _with_brains(self, spec: TournamentSpec) -> TournamentSpec:
        """``spec`` with what its brains need: the engine list, the run's mark, and a
        folder for each game's pipe log (beside the game library, else a temporary one)."""
        if not spec.has_brains:
            return spec

        if self._saver is not None and self._library_path is not None:
            log_dir = str(brain_log_dir(self._library_path, self._saver.id))
        else:
            self._temporary_logs = tempfile.TemporaryDirectory(prefix="ttt-tournament-logs-")
            log_dir = self._temporary_logs.name
        engines = "" if self._engines_file is None else str(self._engines_file)
        # No brain is started here: the window never waits on one (the workers start them).
        return prepare(spec, engines_file=engines, log_dir=log_dir, check=False)

    def _end_brains(self) -> None:
        """No brain of the last run outlives it (a killed worker's brains too)."""
        result = self.result
        if result is not None and result.spec.brains is not None:
            finish(result.spec, grace=0.0)

    def finish_and_stop(self) -> None:
        """Let the games in progress end, then stop (returns at once; see _poll)."""
        runner = self.runner
        if runner is None or not runner.running:
            return
        runner.request_stop()
        self.finish_button.setEnabled(False)
        self.progress_label.setText(self.tr("Finishing the games in progress..."))

    def resume(self) -> None:
        """Pick a stopped tournament of the game library and play its missing games."""
        if self._library_path is None or (self.runner is not None and self.runner.running):
            return

        try:
            with Library(self._library_path) as library:
                store = TournamentStore(library)
                stopped = [t for t in store.all() if not t.finished]
                labels = [
                    self.tr("{id}: {name} ({played} of {total} games)").format(
                        id=t.id, name=t.name, played=number(t.played), total=number(t.total_games)
                    )
                    for t in stopped
                ]
                if not stopped:
                    QMessageBox.information(
                        self, self.tr("Resume"), self.tr("No stopped tournament to resume.")
                    )
                    return
                label, chosen = QInputDialog.getItem(
                    self, self.tr("Resume"), self.tr("Tournament:"), labels, 0, False
                )
                if not chosen:
                    return
                stored = stopped[labels.index(label)]
                spec = TournamentSpec.from_json(stored.settings)
                done = [TournamentGame(*row) for row in store.games(stored.id)]  # type: ignore[arg-type]
        except (LibraryError, ValueError) as error:
            QMessageBox.warning(self, self.tr("Resume"), str(error))
            return
        self.seed_spin.setValue(spec.seed % 2**31)
        self.games_spin.setValue(spec.games_per_pairing)
        self.set_rules(spec.rules)
        if spec.clock is not None and spec.clock.turn_ms is not None:
            self.turn_spin.setValue(round(spec.clock.turn_ms))
        self._run(spec, done, kept=stored.id)

    def _open_saver(self, spec: TournamentSpec, resumed: int) -> None:
        if self._library_path is None:
            return

        try:
            library = Library(self._library_path)
        except LibraryError:
            return  # the window's history says what is wrong with the library
        name = self.tr("Tournament: {players}").format(
            players=", ".join(entrant.label for entrant in spec.entrants)
        )
        if spec.rules is not TIC_TAC_TOE:
            name = self.tr("{name} on {board}").format(name=name, board=rules_title(spec.rules))
        self._saver = TournamentSaver(library, spec, name, resume=resumed or None)

    def _close_saver(self, finished: bool = False) -> None:
        saver, self._saver = self._saver, None
        if saver is not None:
            try:
                saver.finish(finished)
            finally:
                saver.store.library.close()

    def cancel(self) -> None:
        """Stop the run, keeping the games finished so far (returns at once; see _poll)."""
        runner = self.runner
        if runner is None or not runner.running:
            return

        runner.request_stop()
        self._cancel_deadline = time.perf_counter() + CANCEL_GRACE_SECONDS
        self.cancel_button.setEnabled(False)
        self.progress_label.setText(self.tr("Cancelling..."))

    def _set_running(self, running: bool) -> None:
        self.cancel_button.setEnabled(running)
        self.finish_button.setEnabled(running)
        self.resume_button.setEnabled(not running and self._library_path is not None)
        self.turn_spin.setEnabled(not running and self.rules() is not TIC_TAC_TOE)
        for widget in (
            self.board_combo,
            self.players_table,
            self.format_combo,
            self.games_spin,
            self.seed_spin,
            self.jobs_spin,
            self.scheduler_edit,
            *self.tls_edits.values(),
        ):
            widget.setEnabled(not running)
        self._offer_openings()
        has_games = not running and self.result is not None and len(self.result) > 0
        for button in (
            self.export_standings_button,
            self.export_games_button,
            self.export_json_button,
            self.store_button,
        ):
            button.setEnabled(has_games)
        self._update_start()

    def _poll(self) -> None:
        runner = self.runner
        if runner is None:
            self._timer.stop()
            return
        new = runner.poll(0.0)
        if self._saver is not None:
            self._saver.add([])  # stores what came within the last half second
        if (
            runner.running
            and self._cancel_deadline is not None
            and time.perf_counter() >= self._cancel_deadline
        ):
            new += runner.cancel(grace=0.0)
        if runner.done:
            self._timer.stop()
            self._end_brains()
            self._close_saver(finished=self.result is not None and self.result.finished)
            self._refresh(force=True)
            self._set_running(False)
            if runner.error is not None:
                QMessageBox.critical(
                    self,
                    self.tr("Tournament"),
                    self.tr("A worker process failed; the games played so far are kept.")
                    + "\n\n"
                    + runner.error.strip().splitlines()[-1],
                )
            self.run_finished.emit()
        elif new and time.perf_counter() - self._last_refresh >= REFRESH_SECONDS:
            self._refresh()
        else:
            self._show_progress()

    def wait_until_done(self) -> None:
        """Block until the run ends (scripts and screenshots)."""
        while self.runner is not None and self.runner.running:
            self.runner.poll(0.1)
        self._poll()

    # Results ------------------------------------------------------------------------

    def _show_progress(self) -> None:
        runner = self.runner
        if runner is None or self.result is None:
            return
        played, total = len(self.result), self.result.spec.total_games
        self.progress_bar.setValue(played)
        if runner.done:
            seconds = runner.elapsed
            rate = played / seconds if seconds else 0.0
            if self.result.cancelled:
                text = self.tr("Cancelled: {played} of {total} games kept ({seconds} s).")
            else:
                text = self.tr("Done: {played} games in {seconds} s ({rate} games/s).")
            self.progress_label.setText(
                text.format(
                    played=number(played),
                    total=number(total),
                    seconds=number(seconds, 1),
                    rate=number(rate, 0),
                )
                + self._lost_off_board()
            )
            return
        if runner.stop_requested:
            return
        left = runner.seconds_left()
        if left is None:
            text = self.tr("{played} of {total} games").format(played=0, total=number(total))
        else:
            text = self.tr("{played} of {total} games, about {left} left").format(
                played=number(played), total=number(total), left=self._duration(left)
            )
        self.progress_label.setText(text)

    def _lost_off_board(self) -> str:
        """ " Lost off the board: Crasher 4." (forfeits and losses on time), or nothing."""
        result = self.result
        if result is None:
            return ""
        counts: dict[str, int] = {}
        for game in result.games():
            if game.reason and game.winner != "draw" and game.reason != "adjudicated":
                loser = lab_entrant_name(result.spec, game.o if game.winner == "X" else game.x)
                counts[loser] = counts.get(loser, 0) + 1
        if not counts:
            return ""
        each = ", ".join(f"{label} {number(count)}" for label, count in counts.items())
        return " " + self.tr("Lost off the board: {players}.").format(players=each)

    def _duration(self, seconds: float) -> str:
        if seconds < 60:
            return self.tr("{n} s").format(n=max(1, round(seconds)))
        minutes, rest = divmod(round(seconds), 60)
        return self.tr("{m} min {s} s").format(m=minutes, s=rest)

    def _refresh(self, *, force: bool = False) -> None:
        result = self.result
        if result is None:
            return
        self._last_refresh = time.perf_counter()
        self._show_board(result.spec)
        self._show_progress()
        ratings = self._current_ratings()
        self._fill_standings(result, ratings)
        self._fill_crosstable(result)
        self.games_model.set_result(result)
        self.results_refreshed.emit(len(result))

    def _show_board(self, spec: TournamentSpec) -> None:
        """Name the board (and the clock) the results are of, above the tables."""
        text = self.tr("Played on: {board}").format(board=rules_title(spec.rules))
        if spec.clock is not None and spec.clock.turn_ms is not None:
            text += self.tr(", {ms} ms a move").format(ms=number(spec.clock.turn_ms))
        self.results_board_label.setText(text)

    def _current_ratings(self) -> dict[str, Any]:
        """Ratings over every game finished so far, in game order (see TournamentResult)."""
        result = self.result
        if result is None:
            return {}
        return result.ratings()

    def _fill_standings(self, result: TournamentResult, ratings: dict[str, Any]) -> None:
        labels = result.labels()
        totals = result.totals()
        points = result.points()
        order = result.standings()
        table = self.standings_table
        table.setRowCount(len(order))
        bars = []
        for row, entrant in enumerate(order):
            rating = ratings.get(labels[entrant])
            cells = [
                str(row + 1),
                lab_entrant_name(result.spec, entrant),
                number(points[entrant], 1 if points[entrant] % 1 else 0),
                str(totals[entrant].wins),
                str(totals[entrant].draws),
                str(totals[entrant].losses),
                rating.label() if rating is not None else "",
            ]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column != 1:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                table.setItem(row, column, item)
            if rating is not None:
                bars.append(
                    ErrorBar(
                        lab_entrant_name(result.spec, entrant),
                        rating.rating,
                        rating.low,
                        rating.high,
                    )
                )
        table.resizeColumnsToContents()
        table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        if bars:
            self.ratings_chart.set_data(bars)

    def _fill_crosstable(self, result: TournamentResult) -> None:
        names = [
            lab_entrant_name(result.spec, entrant) for entrant in range(len(result.spec.entrants))
        ]
        table = self.crosstable
        table.setRowCount(len(names))
        table.setColumnCount(len(names) + 1)
        table.setHorizontalHeaderLabels([*names, self.tr("Points")])
        table.setVerticalHeaderLabels(names)
        crosstable = result.crosstable()
        points = result.points()
        for a in range(len(names)):
            for b in range(len(names)):
                record = crosstable.get((a, b))
                text = "" if record is None else f"{record.wins}-{record.draws}-{record.losses}"
                item = QTableWidgetItem("-" if a == b else text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                table.setItem(a, b, item)
            item = QTableWidgetItem(number(points[a], 1 if points[a] % 1 else 0))
            item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(a, len(names), item)
        table.resizeColumnsToContents()

    # Games --------------------------------------------------------------------------

    def record_of_row(self, row: int) -> GameRecord:
        assert self.result is not None
        return tournament_game_record(self.result, self.games_model.game_at(row))

    def open_game(self, row: int) -> None:
        """Open the game in ``row`` of the games list in the main window's review."""
        if self.result is None or self._open_record is None:
            return
        self._open_record(self.record_of_row(row))

    def _open_selected_game(self) -> None:
        rows = self.games_view.selectionModel().selectedRows()
        if rows:
            self.open_game(rows[0].row())

    # Export -------------------------------------------------------------------------

    def export(self, what: str, path: Path) -> None:
        """Write the standings or games as CSV, or everything as JSON, to ``path``."""
        if self.result is None:
            raise ValueError(self.tr("There is no tournament to export yet."))
        if what == "json":
            path.write_text(json.dumps(self.result.as_json(), indent=2) + "\n", encoding="utf-8")
            return
        rows = self.result.standings_csv_rows() if what == "standings" else self.result.csv_rows()
        with path.open("w", newline="", encoding="utf-8") as file:
            csv.writer(file).writerows(rows)

    def _export_with_dialog(self, what: str) -> None:
        suffix = "json" if what == "json" else "csv"
        filters = self.tr("JSON (*.json)") if what == "json" else self.tr("CSV (*.csv)")
        name, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export"), f"tournament-{what}.{suffix}", filters
        )
        if not name:
            return
        try:
            self.export(what, Path(name))
        except OSError as error:
            QMessageBox.warning(
                self,
                self.tr("Export"),
                self.tr("Could not write {file}: {reason}.").format(
                    file=name, reason=describe_os_error(error)
                ),
            )

    def store_in_library(self) -> None:
        if self._store_games is None or self.result is None:
            return
        records = [tournament_game_record(self.result, game) for game in self.result.games()]
        try:
            added = self._store_games(records)
        except (OSError, ValueError) as error:
            QMessageBox.warning(self, self.tr("Game library"), str(error))
            return
        self.progress_label.setText(
            self.tr("Stored {added} games in the game library.").format(added=number(added))
        )

    # Closing ------------------------------------------------------------------------

    def shutdown(self) -> None:
        """Stop any run and its processes at once."""
        self._timer.stop()
        if self.runner is not None:
            self.runner.close()
        self._end_brains()
        self._close_saver()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.runner is not None and self.runner.running:
            self.shutdown()
            self._set_running(False)
            self._refresh(force=True)
        super().closeEvent(event)
