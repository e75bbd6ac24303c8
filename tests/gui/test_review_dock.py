"""The Review dock (issue 18, fault 10): the board stays where it is on the screen when the
review appears at a game's end, choosing a verdict leaves "Try again from here" where it
was, and after "Try again" the dock still shows the review it came from."""

from __future__ import annotations

import pytest
import shiboken6
from conftest import MovePlayer, WindowMaker
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from ttt_desktop.gui.common import screen_fit
from ttt_desktop.gui.shell.main_window import MainWindow


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


def _board_on_screen(window: MainWindow) -> tuple[QPoint, QRect]:
    """Where the board widget's centre is on the screen, and where its cells are."""
    board = window.board
    cells = board.board_rect().toRect()
    return board.mapToGlobal(board.rect().center()), QRect(
        board.mapToGlobal(cells.topLeft()), cells.size()
    )


@pytest.mark.parametrize("size", [(1040, 660), (1366, 740), (1200, 700)])
def test_the_board_stays_where_it_is_when_the_review_appears(
    qtbot: QtBot, two_people: WindowMaker, play_moves: MovePlayer, size: tuple[int, int]
) -> None:
    window = two_people()
    window.resize(*size)
    window.reduce_motion_action.setChecked(True)
    _settle()
    dock = window.coach.review_dock
    assert not dock.isVisible() and not window.review.moves_dock.isVisible()
    before = _board_on_screen(window)
    play_moves(window, (0, 3, 1, 4, 8, 5))
    _settle()
    # The review took the room kept for it on the left, and the board did not move.
    assert dock.isVisible() and dock.x() < window.board.mapTo(window, QPoint(0, 0)).x()
    assert _board_on_screen(window) == before
    # Nor when the verdicts bring the move list beside the review,
    window.coach.review_panel.moves.setCurrentRow(4)
    _settle()
    assert _board_on_screen(window) == before
    # nor when the next game's first screen comes back without them.
    with qtbot.waitSignal(window.controller.game_started):
        window.new_game_action.trigger()
    _settle()
    assert not dock.isVisible()
    assert _board_on_screen(window) == before


def test_the_room_kept_never_widens_the_window_nor_shrinks_the_board(
    two_people: WindowMaker, play_moves: MovePlayer
) -> None:
    window = two_people()
    window.resize(1040, 660)
    _settle()
    room = window.dock_room
    assert room.strip.minimumSize().width() == 0
    assert room.kept() > 0
    side = window.board.board_rect().width()
    # A window too narrow for the board and the room: the room gives way, not the board.
    window.resize(760, 660)
    _settle()
    view = window.board_view
    assert view.width() >= view.height()
    assert room.kept() < view.width()
    window.resize(1040, 660)
    _settle()
    assert window.board.board_rect().width() == side


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


def test_deleting_the_window_while_the_review_shows_raises_nothing(
    qtbot: QtBot, two_people: WindowMaker, play_moves: MovePlayer
) -> None:
    window = _finished_game(two_people, play_moves)
    window.controller.shutdown()
    # Deleted while shown, as at the program's end: the docks hide while the window goes,
    # and the room kept for them must not look at it.
    with qtbot.capture_exceptions() as exceptions:
        shiboken6.delete(window)
    assert [str(error) for _, error, _ in exceptions] == []
