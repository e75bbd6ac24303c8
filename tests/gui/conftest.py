"""Fixtures for the window's tests: private settings, test players, and windows that clean up.

Every test here gets its own settings folder (``QSettings.setPath`` to a temporary
directory) and its own home, data, config and cache folders (``HOME`` and the ``XDG_*``
variables), so nothing reads or writes the user's real settings, game library or engine
list; each test checks that the folders the window would use are its own. Windows made
by :func:`make_window` are shut down and deleted at teardown, and the teardown checks
that no worker thread is left running.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths, Qt
from pytestqt.qtbot import QtBot
from slow_players import TEST_ROSTER_EXTRA, NameQueue, SlowPlayers

from ttt_desktop.brains.location import ENGINES_ENV_VAR as ENGINES_VARIABLE
from ttt_desktop.core import Mark
from ttt_desktop.core.record import GameRecord
from ttt_desktop.gui.engines.engine_players import default_engines_path, set_engines
from ttt_desktop.gui.game import sound
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import APPLICATION, ORGANISATION, AppSettings
from ttt_desktop.library.location import LIBRARY_ENV_VAR as LIBRARY_VARIABLE
from ttt_desktop.players import roster


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, private_settings: Path) -> Path:
    """A home of this test's own: the data folder (library, engine list, trained players),
    the config and the cache are in it, and no engine list is named from outside."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for variable, folder in (
        ("XDG_DATA_HOME", ".local/share"),
        ("XDG_CONFIG_HOME", ".config"),
        ("XDG_CACHE_HOME", ".cache"),
        ("XDG_STATE_HOME", ".local/state"),
    ):
        monkeypatch.setenv(variable, str(home / folder))
    for variable in (ENGINES_VARIABLE, LIBRARY_VARIABLE):
        monkeypatch.delenv(variable, raising=False)
    data = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    for used in (Path(data), default_engines_path(), Path.home()):
        assert used.is_relative_to(home), f"a test would use {used}, outside {home}"
    return home


@pytest.fixture(autouse=True)
def no_brains_left_known() -> Iterator[None]:
    """The brains a test's window offered are forgotten after it (they are the module's)."""
    yield
    set_engines([])


@pytest.fixture(autouse=True)
def private_settings(tmp_path: Path) -> Iterator[Path]:
    """Point every ``QSettings`` of the app at a fresh folder for this test."""
    folder = tmp_path / "settings"
    folder.mkdir()
    for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
            QSettings.setPath(settings_format, scope, str(folder))
    QCoreApplication.setOrganizationName(ORGANISATION)
    QCoreApplication.setApplicationName(APPLICATION)
    yield folder


class RecordingSoundPlayer:
    """A sound player that plays nothing and keeps what it was asked to play."""

    available = True

    def __init__(self, parent: object = None) -> None:
        self.played: list[tuple[str, float]] = []

    def play(self, name: str, volume: float) -> None:
        self.played.append((name, volume))

    def names(self) -> list[str]:
        """The sounds asked for, in order."""
        return [name for name, _ in self.played]


@pytest.fixture(autouse=True)
def recorded_sounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows play their sounds into a :class:`RecordingSoundPlayer`: no audio device needed,
    and QtMultimedia (with its warnings about a missing device) stays unloaded."""
    monkeypatch.setattr(sound, "make_player", RecordingSoundPlayer)
    monkeypatch.setattr(sound, "system_wants_no_sounds", lambda: False)


def seat_two_people(window: MainWindow, first: str | None = "x") -> None:
    """Seat two new people (named by the window's ``ask_name``), computers instant, and start
    a game; ``first`` is who starts ("x", "o", "alternate", "random"; None: as it was)."""
    window.ai_speed_actions[0].trigger()
    panel = window.player_panel
    panel.choose_index(Mark.X, panel.new_person_index(Mark.X))
    panel.choose_index(Mark.O, panel.new_person_index(Mark.O))
    if first is not None:
        combo = panel.start_combo
        combo.setCurrentIndex(combo.findData(first))
        combo.activated.emit(combo.currentIndex())
    window.new_game()


@pytest.fixture
def seat_people() -> PeopleSeater:
    """:func:`seat_two_people`, for a window made with its own ``ask_name``."""
    return seat_two_people


@pytest.fixture
def test_players() -> Iterator[SlowPlayers]:
    players = SlowPlayers()
    yield players
    # Let any gated player still waiting finish, so no search outlives its test.
    players.gate.set()


WindowMaker = Callable[..., MainWindow]
MovePlayer = Callable[[MainWindow, Iterable[int]], GameRecord]
PeopleSeater = Callable[..., None]


@pytest.fixture
def make_window(qtbot: QtBot, test_players: SlowPlayers) -> Iterator[WindowMaker]:
    """Make real windows (shown) with the test players; all are shut down at teardown."""
    windows: list[MainWindow] = []

    def make(**options: Any) -> MainWindow:
        options.setdefault("player_factory", test_players)
        options.setdefault("roster", [*roster(), *TEST_ROSTER_EXTRA])
        options.setdefault("settings", AppSettings())
        window = MainWindow(**options)
        windows.append(window)
        window.show()
        qtbot.waitExposed(window)
        return window

    yield make
    test_players.gate.set()
    for window in windows:
        if shiboken6.isValid(window):
            window.controller.shutdown()
            assert not window.controller.is_worker_running
            window.close()
            shiboken6.delete(window)


@pytest.fixture
def two_people(qtbot: QtBot, make_window: WindowMaker) -> WindowMaker:
    """Make a window where two new people play each other, a game started.

    ``two_people(x="Alice", o="Bob", first="x", **make_window_options)``; with a
    ``library_path`` it waits for the library to open before seating them.
    """

    def make(
        x: str = "Alice", o: str = "Bob", *, first: str | None = "x", **options: Any
    ) -> MainWindow:
        window = make_window(ask_name=NameQueue(x, o), **options)
        if options.get("library_path") is not None:
            qtbot.waitUntil(lambda: window.history.library is not None)
        seat_two_people(window, first)
        return window

    return make


@pytest.fixture
def play_moves(qtbot: QtBot) -> MovePlayer:
    """Play ``cells`` in ``window`` by clicking them, each time waiting for the move; the
    record after the last move comes back."""

    def play(window: MainWindow, cells: Iterable[int]) -> GameRecord:
        record = window.controller.session.record
        for cell in cells:
            with qtbot.waitSignal(window.controller.move_played) as played:
                qtbot.mouseClick(window.board.cell_widget(cell), Qt.MouseButton.LeftButton)
            record = played.args[0]
        return record

    return play
