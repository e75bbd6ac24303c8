"""Both side docks on a laptop screen (issue 32, fault 7): with the Review dock and the
Thinking dock open at the first-run size on a 1,366 x 768 screen the board shrank to
180 px, the header's names showed "... vs ..." and the result banner was cut. The window
now makes room for the board within its screen, and the docks give way where the screen
has none."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import MovePlayer, WindowMaker
from PySide6.QtCore import QRect, QSettings, QSize
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from ttt_desktop.core import Mark
from ttt_desktop.gui.common import screen_fit, translation
from ttt_desktop.gui.shell.dock_room import COMFORTABLE_BOARD_PX
from ttt_desktop.gui.shell.main_window import DEFAULT_WINDOW_SIZE, MainWindow

LAPTOP = QRect(0, 0, 1366, 768)
# X takes the diagonal 1-5-9 while O plays 4 and 6.
X_WINS = (0, 3, 4, 5, 8)


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The application in English, then in German (English again after the test)."""
    installed = translation.install(QSettings(), request.param)
    yield request.param
    translation.remove(installed)


def _settle() -> None:
    for _ in range(10):
        QApplication.processEvents()


def _board_side(window: MainWindow) -> int:
    """The board's room (the widget, its margin and grid), in px: 180 before the fix."""
    board = window.board
    return min(board.width(), board.height())


def _won_game_with_both_docks(
    qtbot: QtBot, two_people: WindowMaker, play_moves: MovePlayer, area: QRect
) -> MainWindow:
    window = two_people("Alice", "Bob")
    assert window.size() == DEFAULT_WINDOW_SIZE.boundedTo(screen_fit.largest_size(window))
    window.reduce_motion_action.setChecked(True)
    play_moves(window, X_WINS)
    qtbot.waitUntil(window.result_banner.isVisible)
    assert window.coach.review_dock.isVisible()
    window.insight.dock_action.trigger()
    qtbot.waitUntil(window.insight.dock.isVisible)
    _settle()
    qtbot.waitUntil(lambda: area.contains(window.frameGeometry()))
    return window


def _assert_names_and_banner_whole(window: MainWindow) -> None:
    for mark in (Mark.X, Mark.O):
        label = window.header.name_label(mark)
        assert not label.is_elided(), (label.text(), label.elided_text(), label.width())
    banner = window.result_banner
    assert banner.isVisible()
    # The banner lies wholly on the board widget, at least as large as its contents need.
    assert window.board.rect().contains(banner.geometry()), banner.geometry()
    least = banner.minimumSizeHint()
    assert banner.width() >= least.width() and banner.height() >= least.height()
    title = banner.title_label
    assert title.width() >= title.sizeHint().width(), title.text()


def test_both_docks_leave_a_comfortable_board_on_a_laptop_screen(
    qtbot: QtBot,
    two_people: WindowMaker,
    play_moves: MovePlayer,
    monkeypatch: pytest.MonkeyPatch,
    language: str,
) -> None:
    monkeypatch.setattr(screen_fit, "available_geometry", lambda widget: LAPTOP)
    window = _won_game_with_both_docks(qtbot, two_people, play_moves, LAPTOP)
    # Both docks beside the board, neither hidden behind the other.
    review_dock, thinking_dock = window.coach.review_dock, window.insight.dock
    assert review_dock.windowTitle() == {"en": "Review", "de": "Analyse"}[language]
    assert not review_dock.visibleRegion().isEmpty()
    assert not thinking_dock.visibleRegion().isEmpty()
    assert review_dock.x() < window.board_view.mapTo(window, window.board_view.rect().topLeft()).x()
    qtbot.waitUntil(lambda: _board_side(window) >= COMFORTABLE_BOARD_PX)
    assert window.board_view.width() >= COMFORTABLE_BOARD_PX
    _assert_names_and_banner_whole(window)


def test_a_window_that_cannot_grow_narrows_its_docks_for_the_board(
    qtbot: QtBot,
    two_people: WindowMaker,
    play_moves: MovePlayer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A screen as wide as the first-run window: no room to grow into.
    area = QRect(0, 0, DEFAULT_WINDOW_SIZE.width() + 60, 768)
    monkeypatch.setattr(screen_fit, "available_geometry", lambda widget: area)
    window = _won_game_with_both_docks(qtbot, two_people, play_moves, area)
    thinking_dock = window.insight.dock
    # The docks gave the board what they could spare beyond their least widths.
    qtbot.waitUntil(lambda: thinking_dock.width() <= thinking_dock.minimumSizeHint().width() + 1)
    review_dock = window.coach.review_dock
    assert review_dock.width() <= review_dock.minimumSizeHint().width() + 1
    assert window.width() <= screen_fit.largest_size(window).width()


def test_the_room_made_stays_on_screen_and_the_window_never_shrinks_by_itself(
    qtbot: QtBot,
    two_people: WindowMaker,
    play_moves: MovePlayer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(screen_fit, "available_geometry", lambda widget: LAPTOP)
    window = _won_game_with_both_docks(qtbot, two_people, play_moves, LAPTOP)
    qtbot.waitUntil(lambda: _board_side(window) >= COMFORTABLE_BOARD_PX)
    grown = window.size()
    assert grown.width() > DEFAULT_WINDOW_SIZE.width()
    assert LAPTOP.contains(window.frameGeometry())
    # Hiding the docks gives the board the room back; the window keeps its size.
    window.insight.dock.hide()
    window.coach.review_dock.hide()
    _settle()
    assert window.size() == grown
    # Shown again, the docks find the room they left.
    window.insight.dock.show()
    _settle()
    assert window.size() == grown
    assert _board_side(window) >= COMFORTABLE_BOARD_PX


def test_a_user_who_made_the_window_small_keeps_it_small(
    qtbot: QtBot, two_people: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(screen_fit, "available_geometry", lambda widget: LAPTOP)
    window = two_people("Alice", "Bob")
    window.insight.dock_action.trigger()
    qtbot.waitUntil(window.insight.dock.isVisible)
    _settle()
    # Narrowing the window by hand with the dock open is a choice: nothing grows it back.
    window.resize(QSize(800, 600))
    _settle()
    assert window.size() == QSize(800, 600)
