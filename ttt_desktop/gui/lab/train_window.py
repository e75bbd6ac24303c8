"""The Train window: train a learner in a worker process and watch its learning curve.

Set the episodes, learning rate, exploration and its decay, the opponent (self-play or
any computer) and the seed; Start runs :mod:`ttt_desktop.lab.training` in a worker
process, and every measurement adds a point to two line charts: the shares of wins,
draws and losses against Perfect and against Rando. Pause, Resume and Stop act within a
hundred episodes. "Save as player" names the latest table and stores it in the trained
players' folder; it then appears in the X and O drop-downs.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
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

from ttt_desktop.gui.common.screen_fit import ScreenKeeper, fit_to_screen
from ttt_desktop.gui.common.theme import RESULTS
from ttt_desktop.gui.common.translation import number
from ttt_desktop.gui.shell.look import POLL_MS
from ttt_desktop.lab.spec import PLAYABLE_KINDS
from ttt_desktop.lab.trained import TrainedPlayerError, TrainedPlayers
from ttt_desktop.lab.training import TrainingRunner
from ttt_desktop.players import display_name
from ttt_desktop.players.learner import SELF_PLAY, CurvePoint, TrainingSettings


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
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)
        self._build()
        fit_to_screen(self, QSize(1100, 620))
        self._screen_keeper = ScreenKeeper(self)  # within the screen when it shows

    # Building -----------------------------------------------------------------------

    def _build(self) -> None:
        from ttt_desktop.gui.charts import LineChart  # noqa: PLC0415  (QtCharts on use)

        box = QGroupBox(self.tr("Training"))
        form = QFormLayout(box)
        self.episodes_spin = QSpinBox()
        self.episodes_spin.setRange(100, 2_000_000)
        self.episodes_spin.setSingleStep(1000)
        self.episodes_spin.setValue(20_000)
        form.addRow(self.tr("&Episodes:"), self.episodes_spin)
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
        self.every_spin.setRange(100, 1_000_000)
        self.every_spin.setSingleStep(100)
        self.every_spin.setValue(1000)
        form.addRow(self.tr("&Measure every (episodes):"), self.every_spin)
        self.games_spin = QSpinBox()
        self.games_spin.setRange(2, 10_000)
        self.games_spin.setValue(200)
        form.addRow(self.tr("&Games per measurement:"), self.games_spin)

        self.start_button = QPushButton(self.tr("&Start"))
        self.start_button.clicked.connect(self.start)
        self.pause_button = QPushButton(self.tr("&Pause"))
        self.pause_button.clicked.connect(self.toggle_pause)
        self.stop_button = QPushButton(self.tr("S&top"))
        self.stop_button.clicked.connect(self.stop)
        self.save_button = QPushButton(self.tr("Save as pla&yer..."))
        self.save_button.clicked.connect(self._save_with_dialog)
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
        left.addWidget(self.progress_bar)
        left.addWidget(self.status_label)
        left.addStretch(1)

        self.perfect_chart = LineChart(
            self.tr("Against Perfect"), x_title=self.tr("Episodes"), y_title=self.tr("Share")
        )
        self.rando_chart = LineChart(
            self.tr("Against Rando"), x_title=self.tr("Episodes"), y_title=self.tr("Share")
        )
        for chart in (self.perfect_chart, self.rando_chart):
            chart.set_y_range(0.0, 1.0)
        charts = QVBoxLayout()
        charts.addWidget(self.perfect_chart)
        charts.addWidget(self.rando_chart)

        # The learner's table is tic-tac-toe's positions: it learns no other board.
        self.board_label = QLabel(
            self.tr(
                "The learner plays tic-tac-toe (3x3) only: it is trained and measured "
                "on that board, whatever board the main window plays."
            )
        )
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
        self._update_buttons()

    def _fraction(self, value: float, low: float, high: float) -> QDoubleSpinBox:
        spin = QDoubleSpinBox()
        spin.setDecimals(3)
        spin.setSingleStep(0.05)
        spin.setRange(low, high)
        spin.setValue(value)
        return spin

    # Settings -----------------------------------------------------------------------

    def settings(self) -> TrainingSettings:
        return TrainingSettings(
            episodes=self.episodes_spin.value(),
            alpha=self.alpha_spin.value(),
            epsilon=self.epsilon_spin.value(),
            epsilon_decay=self.decay_spin.value(),
            opponent=str(self.opponent_combo.currentData()),
            seed=self.seed_spin.value(),
            eval_every=self.every_spin.value(),
            eval_games=self.games_spin.value(),
        )

    def set_opponent(self, kind: str) -> None:
        self.opponent_combo.setCurrentIndex(self.opponent_combo.findData(kind))

    # Running ------------------------------------------------------------------------

    def start(self) -> None:
        if self.runner is not None and self.runner.running:
            return
        try:
            settings = self.settings()
        except ValueError as error:
            QMessageBox.warning(self, self.tr("Train the learner"), str(error))
            return
        if self.runner is not None:
            self.runner.close()
        self._stopping = False
        self._figures = ""
        self.runner = TrainingRunner(settings)
        for chart in (self.perfect_chart, self.rando_chart):
            chart.clear()
        self.progress_bar.setRange(0, settings.episodes)
        self.progress_bar.setValue(0)
        self.status_label.setText(self.tr("Starting the worker process..."))
        self.runner.start()
        self._timer.start()
        self._update_buttons()
        self.state_changed.emit("running")

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
                text = (
                    self.tr("Stopped after {episodes} episodes.")
                    if self._stopping
                    else self.tr("Done: {episodes} episodes.")
                )
                # The last measurement's figures stay: the end is when they matter most.
                lines = [text.format(episodes=number(runner.episodes)), self._figures]
                self.status_label.setText("\n".join(line for line in lines if line))
                self.progress_bar.setValue(runner.episodes)
            self._update_buttons()
            self.state_changed.emit(state)

    def _add_point(self, point: CurvePoint) -> None:
        names = (self.tr("Won"), self.tr("Drawn"), self.tr("Lost"))
        for chart, shares in ((self.perfect_chart, point.perfect), (self.rando_chart, point.rando)):
            # Colours from the theme's one table of result colours (green won, red lost).
            for name, share, result in zip(names, shares, RESULTS, strict=True):
                chart.append(name, point.episodes, share, colour=result)
        self.progress_bar.setValue(point.episodes)
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
        if self.runner is not None and not self.runner.paused and not self._stopping:
            self.status_label.setText(self._figures)
        self.point_added.emit(point.episodes)

    def _update_buttons(self) -> None:
        runner = self.runner
        running = runner is not None and runner.running
        self.start_button.setEnabled(not running)
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
        for widget in (
            self.episodes_spin,
            self.alpha_spin,
            self.epsilon_spin,
            self.decay_spin,
            self.opponent_combo,
            self.seed_spin,
            self.every_spin,
            self.games_spin,
        ):
            widget.setEnabled(not running)

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
