"""Fixtures for the window's tests: private settings, test players, and windows that clean up.

Every test here gets its own settings folder (``QSettings.setPath`` to a temporary
directory), so nothing reads or writes the user's real settings. Windows made by
:func:`make_window` are shut down and deleted at teardown, and the teardown checks
that no worker thread is left running.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QSettings
from pytestqt.qtbot import QtBot
from slow_players import TEST_ROSTER_EXTRA, SlowPlayers

from ttt_desktop.gui.main_window import MainWindow
from ttt_desktop.gui.settings import APPLICATION, ORGANISATION, AppSettings
from ttt_desktop.players import roster


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


@pytest.fixture
def test_players() -> Iterator[SlowPlayers]:
    players = SlowPlayers()
    yield players
    # Let any gated player still waiting finish, so no search outlives its test.
    players.gate.set()


WindowMaker = Callable[..., MainWindow]


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
