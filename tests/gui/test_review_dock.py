"""The Review dock (issue 18, fault 10): choosing a verdict leaves "Try again from here" where
it was, and after "Try again" the dock still shows the review it came from."""

from __future__ import annotations

import pytest
from conftest import MovePlayer, WindowMaker
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from ttt_desktop.gui import screen_fit
from ttt_desktop.gui.main_window import MainWindow


@pytest.fixture(autouse=True)
def laptop_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(screen_fit, "available_geometry", lambda widget: QRect(0, 0, 1366, 768))


def _settle() -> None:
    for _ in range(10):
        QApplication.processEvents()


def _finished_game(two_people: WindowMaker, play_moves: MovePlayer) -> MainWindow:
    window = two_people()
    window.resize(1040, 660)
    window.reduce_motion_action.setChecked(True)
    play_moves(window, (0, 3, 1, 4, 8, 5))  # O wins after X's mistakes
    _settle()
    assert window.coach.review_dock.isVisible()
    return window


def test_choosing_a_verdict_leaves_try_again_under_the_mouse(
    qtbot: QtBot, two_people: WindowMaker, play_moves: MovePlayer
) -> None:
    window = _finished_game(two_people, play_moves)
    panel = window.coach.review_panel
    button = panel.try_again_button
    where = button.mapTo(window, QPoint(0, 0))
    item = panel.moves.item(4)
    qtbot.mouseClick(
        panel.moves.viewport(),
        Qt.MouseButton.LeftButton,
        pos=panel.moves.visualItemRect(item).center(),
    )
    _settle()
    assert window.review.moves_dock.isVisible()  # the moves came, and took room
    assert button.mapTo(window, QPoint(0, 0)) == where


def test_try_again_keeps_the_review_it_came_from(
    qtbot: QtBot, two_people: WindowMaker, play_moves: MovePlayer
) -> None:
    window = _finished_game(two_people, play_moves)
    panel = window.coach.review_panel
    reviewed = panel.record
    assert reviewed is not None
    with qtbot.waitSignal(window.controller.game_started):
        panel.try_again_button.click()
    _settle()
    assert window.coach.review_dock.isVisible()
    assert panel.record is reviewed and panel.moves.count() == len(reviewed.moves)
    assert "appears here when it ends" not in panel.title.text()
