"""The Train window: train a learner in a worker process and watch its learning curve.

Choose the board and the method: on tic-tac-toe the tabular learner (source document
004's), set its episodes, learning rate, exploration and its decay, the opponent
(self-play or any computer) and the seed, and every measurement adds a point to two line
charts, the shares of wins, draws and losses against Perfect and against Rando. On any
board the n-tuple network learns by self-play on every core, for a number of games or of
minutes, and its chart is its score against the chosen fixed opponents (Levi, Utility,
the Searcher at a fixed budget of nodes) with each point's 95% interval as an error bar.
Pause, Resume and Stop act within a hundred episodes (a round of games). A paused
network's training is kept in the trained players' folder and can be resumed after a
restart. "Save as player" names the latest table or network and stores it in the
trained players' folder; it then appears in the X and O drop-downs of the boards it
plays.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPointF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QPen, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ttt_desktop.core.rules import Rules, RulesError
from ttt_desktop.gui.charts import LineChart
from ttt_desktop.gui.common.rules_text import rules_title
from ttt_desktop.gui.common.screen_fit import ScreenKeeper, fit_to_screen
from ttt_desktop.gui.common.theme import RESULTS
from ttt_desktop.gui.common.translation import number
from ttt_desktop.gui.review.game_files import describe_network_error, describe_os_error
from ttt_desktop.gui.shell.look import POLL_MS
from ttt_desktop.lab.spec import PLAYABLE_KINDS
from ttt_desktop.lab.trained import TrainedPlayerError, TrainedPlayers
from ttt_desktop.lab.training import TrainingRunner
from ttt_desktop.players import display_name
from ttt_desktop.players.learner import (
    CURVE_SEARCHER_NODES,
    NETWORK_OPPONENTS,
    NTUPLE,
    SELF_PLAY,
    TABLE,
    CurvePoint,
    TrainingSettings,
    network_training_problem,
    settings_for,
    settings_of,
)
from ttt_desktop.players.ntuple_file import NetworkDocument, NetworkFormatError

BOARD_CHOICES = ("3,3,3", "6,5,4", "7,7,4", "9,9,5", "15,15,5")
"""The boards the board list offers (any other may be typed: M,N,K)."""
PAUSED_FILE = "paused-training.json"
"""A paused network's training, in the trained players' folder, to resume after a restart."""


class TrainWindow(QWidget):
    """Training set-up, controls and the live learning curve."""

    point_added = Signal(int)
    """A point of the curve arrived (its episode count)."""
    state_changed = Signal(str)
    """"running", "paused", "finished", "stopped" or "failed"."""
    player_saved = Signal(str)
    """A trained player was saved (its kind)."""

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        trained: TrainedPlayers,
        on_saved: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(self.tr("Train the learner"))
        self.setObjectName("train-window")
        self.trained = trained
        self._on_saved = on_saved
        self.runner: TrainingRunner | None = None
        self._figures = ""  # the last measurement, in words
        self._stopping = False
        self._whiskers: list[object] = []  # the error bars' series on the score chart
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)
        self._build()
        self._offer_paused()
        fit_to_screen(self, QSize(1100, 680))
        self._screen_keeper = ScreenKeeper(self)  # within the screen when it shows

    # Building -----------------------------------------------------------------------

    def _build(self) -> None:
        box = QGroupBox(self.tr("Training"))
        form = QFormLayout(box)
        self.board_combo = QComboBox()
        self.board_combo.setEditable(True)
        for key in BOARD_CHOICES:
            rules = Rules.parse(key)
            self.board_combo.addItem(f"{rules.key} ({rules_title(rules)})", rules.key)
        self.board_combo.setToolTip(
            self.tr("A board from the list, or any M,N,K (M columns, N rows, K in a row)")
        )
        self.board_combo.currentTextChanged.connect(self._board_changed)
        form.addRow(self.tr("&Board:"), self.board_combo)
        self.method_combo = QComboBox()
        self.method_combo.addItem(self.tr("Table (tic-tac-toe only)"), TABLE)
        self.method_combo.addItem(self.tr("N-tuple network (any board)"), NTUPLE)
        self.method_combo.currentIndexChanged.connect(self._method_changed)
        form.addRow(self.tr("Met&hod:"), self.method_combo)
        self.length_combo = QComboBox()
        self.length_combo.addItem(self.tr("Games"), "games")
        self.length_combo.addItem(self.tr("Minutes"), "minutes")
        self.length_combo.currentIndexChanged.connect(self._update_buttons)
        form.addRow(self.tr("Train &for:"), self.length_combo)
        self.episodes_spin = QSpinBox()
        self.episodes_spin.setRange(100, 2_000_000_000)
        self.episodes_spin.setSingleStep(1000)
        self.episodes_spin.setValue(20_000)
        form.addRow(self.tr("&Episodes:"), self.episodes_spin)
        self.minutes_spin = QDoubleSpinBox()
        self.minutes_spin.setDecimals(1)
        self.minutes_spin.setRange(0.1, 24 * 60)
        self.minutes_spin.setValue(15.0)
        form.addRow(self.tr("M&inutes of training:"), self.minutes_spin)
        self.alpha_spin = self._fraction(0.5, 0.01, 1.0)
        form.addRow(self.tr("&Learning rate:"), self.alpha_spin)
        self.epsilon_spin = self._fraction(0.3, 0.0, 1.0)
        form.addRow(self.tr("E&xploration:"), self.epsilon_spin)
        self.decay_spin = self._fraction(0.9, 0.01, 1.0)
        self.decay_spin.setToolTip(
            self.tr("Exploration is multiplied by this every 1,000 episodes (1: no decay)")
        )
        form.addRow(self.tr("Exploration &decay:"), self.decay_spin)
        self.opponent_combo = QComboBox()
        self.opponent_combo.addItem(self.tr("Itself (self-play)"), SELF_PLAY)
        for kind in PLAYABLE_KINDS:
            self.opponent_combo.addItem(display_name(kind), kind)
        form.addRow(self.tr("&Opponent:"), self.opponent_combo)
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, 2**31 - 1)
        self.seed_spin.setValue(1)
        form.addRow(self.tr("S&eed:"), self.seed_spin)
        self.every_spin = QSpinBox()
        self.every_spin.setRange(100, 10_000_000)
        self.every_spin.setSingleStep(100)
        self.every_spin.setValue(1000)
        form.addRow(self.tr("&Measure every (episodes):"), self.every_spin)
        self.games_spin = QSpinBox()
        self.games_spin.setRange(2, 10_000)
        self.games_spin.setValue(200)
        form.addRow(self.tr("&Games per measurement:"), self.games_spin)
        self.curve_checks: dict[str, QCheckBox] = {}
        measured = QHBoxLayout()
        for kind in NETWORK_OPPONENTS:
            check = QCheckBox(display_name(kind))
            check.setChecked(True)
            check.toggled.connect(self._update_buttons)
            self.curve_checks[kind] = check
            measured.addWidget(check)
        self.curve_checks["searcher"].setToolTip(
            self.tr("The Searcher at a fixed budget: {nodes} nodes a move").format(
                nodes=number(CURVE_SEARCHER_NODES)
            )
        )
        self.measured_label = QLabel(self.tr("Measured &against:"))
        self.measured_label.setBuddy(self.curve_checks["levi"])
        form.addRow(self.measured_label, measured)
        self.workers_spin = QSpinBox()
        cores = os.cpu_count() or 1
        self.workers_spin.setRange(1, max(cores, 1) * 4)
        self.workers_spin.setValue(cores)
        self.workers_spin.setToolTip(
            self.tr("Processes that train the network; with 1 the same seed trains the same one")
        )
        form.addRow(self.tr("Pro&cesses:"), self.workers_spin)
        self._form = form

        self.start_button = QPushButton(self.tr("&Start"))
        self.start_button.clicked.connect(self.start)
        self.pause_button = QPushButton(self.tr("&Pause"))
        self.pause_button.clicked.connect(self.toggle_pause)
        self.stop_button = QPushButton(self.tr("S&top"))
        self.stop_button.clicked.connect(self.stop)
        self.save_button = QPushButton(self.tr("Save as pla&yer..."))
        self.save_button.clicked.connect(self._save_with_dialog)
        self.resume_button = QPushButton(self.tr("Resume the paused trai&ning"))
        self.resume_button.clicked.connect(self.resume_paused)
        self.resume_button.setVisible(False)
        buttons = QHBoxLayout()
        for button in (self.start_button, self.pause_button, self.stop_button):
            buttons.addWidget(button)
        self.progress_bar = QProgressBar()
        self.progress_bar.setAccessibleName(self.tr("Episodes trained"))
        self.status_label = QLabel(self.tr("Set the training up and press Start."))
        self.status_label.setWordWrap(True)
        self.status_label.setAccessibleName(self.tr("Training status"))

        left = QVBoxLayout()
        left.addWidget(box)
        left.addLayout(buttons)
        left.addWidget(self.save_button)
        left.addWidget(self.resume_button)
        left.addWidget(self.progress_bar)
        left.addWidget(self.status_label)
        left.addStretch(1)

        self.perfect_chart = LineChart(
            self.tr("Against Perfect"), x_title=self.tr("Episodes"), y_title=self.tr("Share")
        )
        self.rando_chart = LineChart(
            self.tr("Against Rando"), x_title=self.tr("Episodes"), y_title=self.tr("Share")
        )
        self.score_chart = LineChart(
            self.tr("Score against fixed opponents (95% error bars)"),
            x_title=self.tr("Games"),
            y_title=self.tr("Score"),
        )
        for chart in (self.perfect_chart, self.rando_chart, self.score_chart):
            chart.set_y_range(0.0, 1.0)
        charts = QVBoxLayout()
        charts.addWidget(self.perfect_chart)
        charts.addWidget(self.rando_chart)
        charts.addWidget(self.score_chart)

        self.board_label = QLabel()
        self.board_label.setWordWrap(True)
        self.board_label.setAccessibleName(self.tr("Board"))
        columns = QHBoxLayout()
        columns.addLayout(left, 0)
        columns.addLayout(charts, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.board_label)
        layout.addLayout(columns, 1)
        close = QShortcut(QKeySequence(QKeySequence.StandardKey.Close), self)
        close.activated.connect(self.close)
        self._method_changed()

    def _fraction(self, value: float, low: float, high: float) -> QDoubleSpinBox:
        spin = QDoubleSpinBox()
        spin.setDecimals(3)
        spin.setSingleStep(0.05)
        spin.setRange(low, high)
        spin.setValue(value)
        return spin

    # Settings -----------------------------------------------------------------------

    def chosen_rules(self) -> Rules:
        """The board chosen or typed; ``RulesError`` (a ``ValueError``) saying why not."""
        text = self.board_combo.currentText().strip()
        index = self.board_combo.findText(text)
        key = self.board_combo.itemData(index) if index >= 0 else text.partition(" (")[0]
        return Rules.parse(str(key))

    def method(self) -> str:
        return str(self.method_combo.currentData())

    def choose_board(self, key: str) -> None:
        """Choose the board ``key`` (typed in if it is not in the list)."""
        rules = Rules.parse(key)
        index = self.board_combo.findData(rules.key)
        if index >= 0:
            self.board_combo.setCurrentIndex(index)
        else:
            self.board_combo.setEditText(rules.key)

    def set_method(self, method: str) -> None:
        self.method_combo.setCurrentIndex(self.method_combo.findData(method))

    def settings(self) -> TrainingSettings:
        """The settings the form says; ``ValueError`` saying what is wrong."""
        rules = self.chosen_rules()
        if self.method() == TABLE:
            return TrainingSettings(
                episodes=self.episodes_spin.value(),
                alpha=self.alpha_spin.value(),
                epsilon=self.epsilon_spin.value(),
                epsilon_decay=self.decay_spin.value(),
                opponent=str(self.opponent_combo.currentData()),
                seed=self.seed_spin.value(),
                eval_every=self.every_spin.value(),
                eval_games=self.games_spin.value(),
                rules=rules.key,
            )
        by_time = self.length_combo.currentData() == "minutes"
        opponents = tuple(kind for kind, check in self.curve_checks.items() if check.isChecked())
        if not opponents:
            raise ValueError(self.tr("Choose at least one opponent to measure against."))
        return settings_for(
            NTUPLE,
            rules=rules.key,
            episodes=2_000_000_000 if by_time else self.episodes_spin.value(),
            minutes=self.minutes_spin.value() if by_time else 0.0,
            alpha=self.alpha_spin.value(),
            epsilon=self.epsilon_spin.value(),
            epsilon_decay=self.decay_spin.value(),
            seed=self.seed_spin.value(),
            eval_every=self.every_spin.value(),
            eval_games=self.games_spin.value(),
            workers=self.workers_spin.value(),
            opponents=opponents,
        )

    def set_opponent(self, kind: str) -> None:
        self.opponent_combo.setCurrentIndex(self.opponent_combo.findData(kind))

    def _board_changed(self) -> None:
        try:
            rules = self.chosen_rules()
        except RulesError:
            self._update_buttons()
            return
        table_index = self.method_combo.findData(TABLE)
        model = self.method_combo.model()
        item = model.item(table_index) if hasattr(model, "item") else None
        if item is not None:
            item.setEnabled(rules.is_classic)
        if not rules.is_classic and self.method() == TABLE:
            self.set_method(NTUPLE)
        else:
            self._method_changed()

    def _method_changed(self) -> None:
        network = self.method() == NTUPLE
        # The methods' own defaults: the network learns at its own rate, explores less.
        defaults = settings_for(NTUPLE) if network else TrainingSettings()
        self.alpha_spin.setValue(defaults.alpha)
        self.epsilon_spin.setValue(defaults.epsilon if network else 0.3)
        self.decay_spin.setValue(1.0 if network else 0.9)
        self.every_spin.setValue(defaults.eval_every if network else 1000)
        self.games_spin.setValue(defaults.eval_games if network else 200)
        for chart in (self.perfect_chart, self.rando_chart):
            chart.setVisible(not network)
        self.score_chart.setVisible(network)
        if network:
            self.board_label.setText(
                self.tr(
                    "The n-tuple network learns any board by playing itself on every "
                    "core. It plays every board with the same number in a row as the one "
                    "it learnt."
                )
                if network_training_problem() is None
                else self.tr(
                    "Training a network needs numpy, which this copy of TTT Desktop does not "
                    "have (the packaged app leaves it out: it would add about 40 MB). "
                    "Networks trained elsewhere still play here; train one where TTT "
                    "Desktop runs from source."
                )
            )
        else:
            # The learner's table is tic-tac-toe's positions: it learns no other board.
            self.board_label.setText(
                self.tr(
                    "The learner plays tic-tac-toe (3x3) only: it is trained and measured "
                    "on that board, whatever board the main window plays."
                )
            )
        self._update_buttons()

    # Running ------------------------------------------------------------------------

    def start(self) -> None:
        if self.runner is not None and self.runner.running:
            return
        try:
            settings = self.settings()
        except ValueError as error:
            QMessageBox.warning(self, self.tr("Train the learner"), str(error))
            return
        self._forget_paused()
        self._run(settings, None)

    def _run(self, settings: TrainingSettings, start: NetworkDocument | None) -> None:
        if self.runner is not None:
            self.runner.close()
        self._stopping = False
        self._figures = ""
        self.runner = TrainingRunner(settings, start=start)
        for chart in (self.perfect_chart, self.rando_chart, self.score_chart):
            chart.clear()
        self._clear_whiskers()
        for point in self.runner.points:  # a resumed training's curve so far
            self._add_point(point)
        timed = settings.minutes > 0
        self.progress_bar.setRange(0, round(settings.minutes * 60) if timed else settings.episodes)
        self.progress_bar.setValue(self._progress_of(self.runner.points[-1:]))
        self.status_label.setText(self.tr("Starting the worker process..."))
        self.status_label.setToolTip("")
        self.runner.start()
        self._timer.start()
        self._update_buttons()
        self.state_changed.emit("running")

    def _progress_of(self, points: list[CurvePoint]) -> int:
        runner = self.runner
        if runner is None or not points:
            return 0
        if runner.settings.minutes > 0:
            return round(points[-1].seconds)
        return points[-1].episodes

    def toggle_pause(self) -> None:
        runner = self.runner
        if runner is None or not runner.running:
            return
        if runner.paused:
            runner.resume()
            self.status_label.setText(self.tr("Training..."))
            self.state_changed.emit("running")
        else:
            runner.pause()
            self.status_label.setText(self.tr("Pausing..."))
        self._update_buttons()

    def stop(self) -> None:
        runner = self.runner
        if runner is None or not runner.running:
            return
        self._stopping = True
        runner.stop()
        self.status_label.setText(self.tr("Stopping..."))
        self._update_buttons()

    def _poll(self) -> None:
        runner = self.runner
        if runner is None:
            self._timer.stop()
            return
        was_paused = runner.paused
        for point in runner.poll(0.0):
            self._add_point(point)
        if runner.paused and not was_paused:
            self._keep_paused()
            self.status_label.setText(
                self.tr("Paused after {episodes} episodes.").format(
                    episodes=number(runner.episodes)
                )
            )
            self._update_buttons()
            self.state_changed.emit("paused")
        if runner.finished:
            self._timer.stop()
            if runner.error is not None:
                state = "failed"
                self.status_label.setText(
                    self.tr("The training failed: {reason}").format(
                        reason=runner.error.strip().splitlines()[-1]
                    )
                )
            else:
                state = "stopped" if self._stopping else "finished"
                self._forget_paused()
                text = (
                    self.tr("Stopped after {episodes} episodes.")
                    if self._stopping
                    else self.tr("Done: {episodes} episodes.")
                )
                # The last measurement's figures stay: the end is when they matter most.
                lines = [text.format(episodes=number(runner.episodes)), self._figures]
                self.status_label.setText("\n".join(line for line in lines if line))
                self.progress_bar.setValue(self.progress_bar.maximum())
            self._update_buttons()
            self.state_changed.emit(state)

    def _add_point(self, point: CurvePoint) -> None:
        if point.method == TABLE:
            self._add_table_point(point)
        else:
            self._add_network_point(point)
        self.progress_bar.setValue(min(self._progress_of([point]), self.progress_bar.maximum()))
        if self.runner is not None and not self.runner.paused and not self._stopping:
            self.status_label.setText(self._figures)
        self.point_added.emit(point.episodes)

    def _add_table_point(self, point: CurvePoint) -> None:
        names = (self.tr("Won"), self.tr("Drawn"), self.tr("Lost"))
        for chart, shares in ((self.perfect_chart, point.perfect), (self.rando_chart, point.rando)):
            # Colours from the theme's one table of result colours (green won, red lost).
            for name, share, result in zip(names, shares, RESULTS, strict=True):
                chart.append(name, point.episodes, share, colour=result)
        self._figures = self.tr(
            "{episodes} episodes, {positions} positions learned, exploration {epsilon}; "
            "against Perfect {won}% won, {lost}% lost"
        ).format(
            episodes=number(point.episodes),
            positions=number(point.positions),
            epsilon=number(point.exploration, 3),
            won=round(100 * point.perfect[0]),
            lost=round(100 * point.perfect[2]),
        )

    def _add_network_point(self, point: CurvePoint) -> None:
        scores = []
        # Each opponent's error bar a little beside the others', so that none hides another.
        spread = 0.03 * self.every_spin.value()
        middle = (len(point.shares) - 1) / 2
        for index, (kind, _) in enumerate(point.shares):
            score, low, high = point.score(kind)
            name = display_name(kind)
            self.score_chart.append(name, point.episodes, score)
            self._add_whisker(name, point.episodes + (index - middle) * spread, low, high)
            scores.append(
                self.tr("{name} {score}% ({low}-{high}%)").format(
                    name=name,
                    score=round(100 * score),
                    low=round(100 * low),
                    high=round(100 * high),
                )
            )
        self._figures = self.tr(
            "{games} games in {minutes} min of training; scores over {count} games each: {scores}"
        ).format(
            games=number(point.episodes),
            minutes=number(point.seconds / 60, 1),
            count=number(point.games),
            scores=", ".join(scores),
        )

    def _add_whisker(self, name: str, x: float, low: float, high: float) -> None:
        """An error bar from ``low`` to ``high`` at ``x``, in the colour of line ``name``."""
        from PySide6.QtCharts import QLineSeries  # noqa: PLC0415  (loaded with the chart)

        chart = self.score_chart.chart
        whisker = QLineSeries()
        whisker.setName(f"{name} 95%")
        pen = QPen(self.score_chart.colour_of(name))
        pen.setWidthF(1.0)
        whisker.setPen(pen)
        whisker.append(QPointF(x, low))
        whisker.append(QPointF(x, high))
        chart.addSeries(whisker)
        for axis in chart.axes():
            whisker.attachAxis(axis)
        for marker in chart.legend().markers(whisker):
            marker.setVisible(False)
        self._whiskers.append(whisker)

    def _clear_whiskers(self) -> None:
        chart = self.score_chart.chart
        for whisker in self._whiskers:
            chart.removeSeries(whisker)  # type: ignore[arg-type]
        self._whiskers.clear()

    def error_bars(self) -> list[tuple[str, float, float, float]]:
        """The error bars drawn: each one's line, x, low and high."""
        bars = []
        for whisker in self._whiskers:
            points = whisker.points()  # type: ignore[attr-defined]
            name = whisker.name().removesuffix(" 95%")  # type: ignore[attr-defined]
            bars.append((name, points[0].x(), points[0].y(), points[1].y()))
        return bars

    def _update_buttons(self) -> None:
        runner = self.runner
        running = runner is not None and runner.running
        network = self.method() == NTUPLE
        trainable = not network or network_training_problem() is None
        self.start_button.setEnabled(not running and trainable)
        self.pause_button.setEnabled(running and not self._stopping)
        self.pause_button.setText(
            self.tr("&Resume")
            if running and runner is not None and runner.paused
            else self.tr("&Pause")
        )
        self.stop_button.setEnabled(running and not self._stopping)
        has_table = runner is not None and runner.table is not None
        paused = runner is not None and runner.paused
        self.save_button.setEnabled(has_table and (not running or paused))
        self.resume_button.setEnabled(not running and network_training_problem() is None)
        by_time = network and self.length_combo.currentData() == "minutes"
        for widget in (self.board_combo, self.method_combo, self.seed_spin, self.alpha_spin):
            widget.setEnabled(not running)
        for widget in (self.epsilon_spin, self.decay_spin, self.every_spin, self.games_spin):
            widget.setEnabled(not running)
        self.opponent_combo.setEnabled(not running and not network)
        self.length_combo.setEnabled(not running and network)
        self.episodes_spin.setEnabled(not running and not by_time)
        self.minutes_spin.setEnabled(not running and by_time)
        self.workers_spin.setEnabled(not running and network)
        for check in self.curve_checks.values():
            check.setEnabled(not running and network)
        self.measured_label.setEnabled(network)

    # A paused network, kept to resume after a restart ------------------------------

    def paused_path(self) -> Path:
        return self.trained.folder / PAUSED_FILE

    def _keep_paused(self) -> None:
        runner = self.runner
        if runner is None or not isinstance(runner.table, NetworkDocument):
            return
        try:
            temporary = self.paused_path().with_suffix(".part")
            runner.table.save(temporary)
            temporary.replace(self.paused_path())
        except OSError as error:
            # In the window's language; the system's own words (English) as the tooltip.
            self.status_label.setText(
                self.tr("The paused training can't be kept for later: {refusal}.").format(
                    refusal=describe_os_error(error)
                )
            )
            self.status_label.setToolTip(str(error))

    def _forget_paused(self) -> None:
        self.paused_path().unlink(missing_ok=True)
        self.resume_button.setVisible(False)

    def _read_paused(self) -> tuple[TrainingSettings, NetworkDocument] | None:
        path = self.paused_path()
        if not path.is_file():
            return None
        try:
            document = NetworkDocument.load(path)
            return settings_of(document.training), document
        except (OSError, NetworkFormatError, ValueError) as error:
            # In the window's language; the reader's own words (English) as the tooltip.
            if isinstance(error, OSError):
                why = self.tr("its file can't be read: {refusal}").format(
                    refusal=describe_os_error(error)
                )
            else:
                why = describe_network_error(str(error))
            self.status_label.setText(
                self.tr("A paused training can't be resumed: {why}.").format(why=why)
            )
            self.status_label.setToolTip(str(error))
            return None

    def _offer_paused(self) -> None:
        found = self._read_paused()
        if found is None:
            return
        _settings, document = found
        seconds = float(document.training.get("seconds", 0.0))
        self.resume_button.setVisible(True)
        self.resume_button.setToolTip(
            self.tr("{board}: {games} games, {minutes} min of training so far").format(
                board=document.rules.key,
                games=number(int(document.training.get("games", 0))),
                minutes=number(seconds / 60, 1),
            )
        )
        self.status_label.setText(
            self.tr("A training paused on {board} after {games} games can be resumed.").format(
                board=document.rules.key, games=number(int(document.training.get("games", 0)))
            )
        )

    def resume_paused(self) -> None:
        """Train the paused network on, with its own settings, from where it stopped."""
        if self.runner is not None and self.runner.running:
            return
        found = self._read_paused()
        if found is None:
            self.resume_button.setVisible(False)
            return
        settings, document = found
        self.choose_board(document.rules.key)
        self.set_method(NTUPLE)
        self.resume_button.setVisible(False)
        self._run(settings, document)

    # Saving -------------------------------------------------------------------------

    def save_as_player(self, name: str) -> str:
        """Store the latest table as the player ``name``; returns its kind."""
        runner = self.runner
        if runner is None or runner.table is None:
            raise TrainedPlayerError(self.tr("There is no trained table yet."))
        profile = self.trained.save(name, runner.table)
        self.status_label.setText(
            self.tr("Saved “{name}”: it is in the X and O drop-downs now.").format(
                name=profile.name
            )
        )
        if self._on_saved is not None:
            self._on_saved()
        self.player_saved.emit(profile.kind)
        return profile.kind

    def _save_with_dialog(self) -> None:
        name, accepted = QInputDialog.getText(
            self, self.tr("Save as player"), self.tr("Name of the trained player:")
        )
        if not accepted:
            return
        try:
            self.save_as_player(name)
        except (TrainedPlayerError, OSError) as error:
            QMessageBox.warning(self, self.tr("Save as player"), str(error))

    # Closing ------------------------------------------------------------------------

    def shutdown(self) -> None:
        self._timer.stop()
        if self.runner is not None:
            self.runner.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.runner is not None and self.runner.running:
            self.shutdown()
            self._update_buttons()
        super().closeEvent(event)
