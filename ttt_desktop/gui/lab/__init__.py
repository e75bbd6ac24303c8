"""The AI lab in the window: a Lab menu with tournaments and training, and the game in numbers.

:class:`LabFeatures` attaches to the main window it is given: a "Lab" menu (before
Help) with Tournament... (Ctrl+Shift+T) and Train the learner... (Ctrl+Shift+L), and
Help > The game in numbers. Each window is built the first time it is asked for, so
nothing here (QtCharts included) is loaded before then. Games opened from the lab go
to the main window's review through the ``open_record`` callable it is given.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox, QWidget

from ttt_desktop.core.record import GameRecord

if TYPE_CHECKING:
    from ttt_desktop.gui.lab.numbers_window import NumbersWindow
    from ttt_desktop.gui.lab.tournament_window import TournamentWindow
    from ttt_desktop.gui.lab.train_window import TrainWindow
    from ttt_desktop.lab.trained import TrainedPlayers as TrainedPlayersLike

__all__ = ["LabFeatures"]


class LabFeatures(QObject):
    """The lab's menus and windows, attached to ``window``."""

    def __init__(
        self,
        window: QMainWindow,
        *,
        help_menu: QMenu,
        open_record: Callable[[GameRecord], None],
        trained_players_folder: Path | None = None,
        on_players_changed: Callable[[list[Any]], None] | None = None,
        history: Any = None,
        menu: QMenu | None = None,
    ) -> None:
        """``trained_players_folder`` holds the trained players, read once the window shows;
        ``on_players_changed`` hears its roster entries then and after each save.
        ``history`` (the window's game library features) lets tournaments be stored.
        ``menu`` is the Lab menu already in the window's menu bar (None: one is made and
        put before ``help_menu``)."""
        super().__init__(window)
        self.window = window
        self._open_record = open_record
        self._trained_folder = trained_players_folder
        self._trained: TrainedPlayersLike | None = None
        self._on_players_changed = on_players_changed
        self._history = history
        self._store_games = (
            self._store_in_library
            if history is not None and getattr(history, "library_path", None) is not None
            else None
        )
        self._scratch: Any = None
        if trained_players_folder is not None:
            # After the first paint: reading the tables costs a few ms each.
            QTimer.singleShot(300, self._players_changed)
        self.tournament_window: TournamentWindow | None = None
        self.train_window: TrainWindow | None = None
        self.numbers_window: NumbersWindow | None = None
        self._build_menus(help_menu, menu)
        window.installEventFilter(self)

    def _build_menus(self, help_menu: QMenu, menu: QMenu | None) -> None:
        if menu is None:
            menu = QMenu(self.tr("&Lab"), self.window)
            self.window.menuBar().insertMenu(help_menu.menuAction(), menu)
        self.lab_menu = menu
        self.tournament_action = QAction(self.tr("&Tournament..."), self)
        self.tournament_action.setShortcut(QKeySequence("Ctrl+Shift+T"))
        self.tournament_action.triggered.connect(self.show_tournament)
        self.lab_menu.addAction(self.tournament_action)
        self.train_action = QAction(self.tr("T&rain the learner..."), self)
        self.train_action.setShortcut(QKeySequence("Ctrl+Shift+L"))
        self.train_action.triggered.connect(self.show_training)
        self.lab_menu.addAction(self.train_action)
        self.lab_menu.addSeparator()
        self.numbers_action = QAction(self.tr("The game in &numbers"), self)
        self.numbers_action.triggered.connect(self.show_numbers)
        self.lab_menu.addAction(self.numbers_action)
        actions = help_menu.actions()
        if actions:
            help_menu.insertAction(actions[-1], self.numbers_action)
        else:
            help_menu.addAction(self.numbers_action)

    @property
    def trained_players(self) -> TrainedPlayersLike | None:
        """The trained players' store (the lab's module is imported on first use)."""
        if self._trained is None and self._trained_folder is not None:
            from ttt_desktop.lab.trained import TrainedPlayers  # noqa: PLC0415  (on first use)

            self._trained = TrainedPlayers(self._trained_folder)
        return self._trained

    # Windows ------------------------------------------------------------------------

    def show_tournament(self) -> TournamentWindow | None:
        if self.tournament_window is None and not self._charts_available():
            return None
        if self.tournament_window is None:
            from ttt_desktop.gui.lab.tournament_window import TournamentWindow  # noqa: PLC0415  (on first ask)

            self.tournament_window = TournamentWindow(
                self.window,
                open_record=self._open_game,
                store_games=self._store_games,
                library_path=getattr(self._history, "library_path", None),
                current_rules=self._current_rules(),
                engines_file=getattr(self.window, "engines_file", None),
            )
        else:
            current = self._current_rules()
            if current is not None:
                self.tournament_window.offer_rules(current)
        _raise(self.tournament_window)
        return self.tournament_window

    def _current_rules(self) -> Any:
        """The board the main window plays (None for a window without a game)."""
        controller = getattr(self.window, "controller", None)
        session = getattr(controller, "session", None)
        return getattr(session, "rules", None)

    def show_training(self) -> TrainWindow | None:
        if self.train_window is None and not self._charts_available():
            return None
        if self.train_window is None:
            from ttt_desktop.gui.lab.train_window import TrainWindow  # noqa: PLC0415  (on first ask)
            from ttt_desktop.lab.trained import TrainedPlayers  # noqa: PLC0415  (on first ask)

            trained = self.trained_players
            if trained is None:
                import tempfile  # noqa: PLC0415  (no folder: tests)

                # No folder given (tests, scripts): saved players last as long as the process.
                self._scratch = tempfile.TemporaryDirectory(prefix="ttt-trained-")
                trained = self._trained = TrainedPlayers(Path(self._scratch.name))
            self.train_window = TrainWindow(
                self.window, trained=trained, on_saved=self._players_changed
            )
        _raise(self.train_window)
        return self.train_window

    def show_numbers(self) -> NumbersWindow | None:
        if self.numbers_window is None and not self._charts_available():
            return None
        if self.numbers_window is None:
            from ttt_desktop.gui.lab.numbers_window import NumbersWindow  # noqa: PLC0415  (on first ask)

            self.numbers_window = NumbersWindow(self.window)
        _raise(self.numbers_window)
        return self.numbers_window

    def _charts_available(self) -> bool:
        """Whether QtCharts loads; if not (a trimmed install), say so instead of failing."""
        try:
            from PySide6 import QtCharts  # noqa: F401, PLC0415
        except ImportError as error:
            QMessageBox.warning(
                self.window,
                self.tr("Charts are missing"),
                self.tr(
                    "This installation lacks Qt's charts (QtCharts from PySide6-Addons), "
                    "which the lab draws with."
                )
                + f"\n\n{error}",
            )
            return False
        return True

    def _open_game(self, record: GameRecord) -> None:
        self._open_record(record)
        _raise(self.window)

    def _players_changed(self) -> None:
        trained = self.trained_players
        if trained is None:
            return
        profiles = trained.scan()
        if trained.problems:
            self.window.statusBar().showMessage(
                self.tr("A trained player's file can't be read and is left out: {problem}").format(
                    problem=trained.problems[0]
                ),
                15000,
            )
        if self._on_players_changed is not None:
            self._on_players_changed(profiles)

    def _store_in_library(self, records: list[GameRecord]) -> int:
        library = self._history.library
        if library is None:
            raise ValueError(self.tr("The game library is not open."))
        event = library.add_event("tournament", self.tr("Tournament"), {"games": len(records)})
        library.store_many(records, source="lab", event=event)
        self._history.library_changed.emit()
        return len(records)

    # Closing ------------------------------------------------------------------------

    def shutdown(self) -> None:
        """Stop every run and its worker processes."""
        for window in (self.tournament_window, self.train_window):
            if window is not None:
                window.shutdown()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Close:
            self.shutdown()
            for window in (self.tournament_window, self.train_window, self.numbers_window):
                if window is not None:
                    window.close()
            if self._scratch is not None:
                self._scratch.cleanup()
                self._scratch = None
        return False


def _raise(window: QWidget) -> None:
    """Show ``window`` in front (where the platform has a front: not offscreen)."""
    window.show()
    if QGuiApplication.platformName() != "offscreen":
        window.raise_()
        window.activateWindow()
