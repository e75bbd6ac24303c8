"""No dock or panel grows a window past its screen, and every window fits a 1,366 x 768
laptop screen (issue 18, faults 2 and 13)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import WindowMaker
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from ttt_desktop.gui.common import screen_fit
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import AppSettings

# A 1,366 x 768 screen less a 28 px desktop panel.
LAPTOP = QRect(0, 28, 1366, 740)


def _show_docks(qtbot: QtBot, window: MainWindow, *, all_of_them: bool = True) -> None:
    if not window.insight.dock.isVisible():
        window.insight.dock_action.trigger()
    if all_of_them:
        window.review.moves_dock.show()
        window.coach.review_dock.show()
    panel = window.insight.panel
    # The longest name in the ask row used to widen the dock again.
    panel.select_kind("alphabeta")
    qtbot.waitUntil(window.insight.dock.isVisible)
    qtbot.wait(50)  # the keeper runs from the event loop after the window has grown


def test_the_docks_never_push_the_window_past_the_real_screen(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    settings = AppSettings()
    window = make_window(settings=settings)
    area = screen_fit.available_geometry(window)
    # The offscreen screen is 800 px wide: room for the Thinking dock beside the board and
    # the players (with the moves too, the least widths add up to 983 px).
    _show_docks(qtbot, window, all_of_them=False)
    qtbot.waitUntil(lambda: area.contains(window.frameGeometry()))
    assert window.board.width() > 150
    window.save_settings()
    # The size remembered is one that fits.
    again = make_window(settings=settings)
    assert area.contains(again.frameGeometry())


def test_a_dock_shown_near_the_screens_edge_keeps_the_window_on_it(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    area = QRect(0, 0, 1280, 1024)
    monkeypatch.setattr(screen_fit, "available_geometry", lambda widget: area)
    window = make_window()
    window.resize(1040, 660)
    window.move(200, 40)
    _show_docks(qtbot, window)
    qtbot.waitUntil(lambda: area.contains(window.frameGeometry()))
    assert window.frameGeometry().right() <= area.right()


@pytest.mark.parametrize(
    "opener",
    [
        lambda window: window.lab.show_tournament(),
        lambda window: window.lab.show_training(),
        lambda window: window.lab.show_numbers(),
        lambda window: window.history.show_history(),
    ],
    ids=["tournament", "training", "numbers", "history"],
)
def test_every_window_fits_a_laptop_screen(
    qtbot: QtBot,
    make_window: WindowMaker,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: object,
    opener: Callable[[MainWindow], QWidget],
) -> None:
    monkeypatch.setattr(screen_fit, "available_geometry", lambda widget: LAPTOP)
    window = make_window(library_path=f"{tmp_path}/library.sqlite3")
    other = opener(window)
    assert other is not None
    qtbot.waitExposed(other)
    assert other.width() <= LAPTOP.width()
    assert other.height() + screen_fit.TITLE_BAR_PX <= LAPTOP.height()
    qtbot.waitUntil(lambda: LAPTOP.contains(other.frameGeometry()))
    other.close()
