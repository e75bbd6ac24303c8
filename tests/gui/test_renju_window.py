"""Renju in the window: black's forbidden points marked and described, a click on one
refused with the rule that forbids it, the View menu's switch, the title of the board."""

from __future__ import annotations

from conftest import WindowMaker
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot
from test_big_board_comfort import _play

from ttt_desktop.core.rules import RULE_PRESETS
from ttt_desktop.gui.game.controller import Seat
from ttt_desktop.players import HUMAN_KIND

RENJU = RULE_PRESETS["renju"]
# Black (X) f8 g8 h9 h10: h8 would make two open threes (f8-g8-h8 and h8-h9-h10).
DOUBLE_THREE = ("f8", "a1", "g8", "a3", "h9", "a5", "h10", "a7")


def test_black_s_forbidden_points_are_marked_and_a_click_on_one_is_refused(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(RENJU, Seat(HUMAN_KIND, "Ann"), Seat(HUMAN_KIND, "Bob"))
    assert window.choose_board_button.text() == "Renju 15x15..."
    _play(qtbot, window, DOUBLE_THREE)
    board = window.board
    h8 = RENJU.geometry.parse("h8")
    assert board.forbidden_points == {h8: "double-three"}
    name, description = board.cell_text(h8)
    assert name == "h8: empty"
    assert "forbidden for black: a double-three (two open threes at once)" in description
    assert "press to play here" not in description
    assert board.board.forbidden_cells() == {h8: "double-three"}
    moves = len(window.controller.session.record.moves)
    with qtbot.waitSignal(window.controller.move_refused) as refused:
        QTest.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.cell_centre(h8))
    assert refused.args == [
        "h8 is forbidden for black: a double-three (two open threes at once); under renju, "
        "choose another point."
    ]
    assert len(window.controller.session.record.moves) == moves
    # While white is to move nothing is marked (white may play h8).
    _play(qtbot, window, ["o15"])
    assert board.forbidden_points == {}
    assert "press to play here" in board.cell_text(h8)[1]
    _play(qtbot, window, ["a11"])
    assert board.forbidden_points == {h8: "double-three"}
    # The View menu's switch turns the marks off and on, and is remembered.
    window.forbidden_points_action.trigger()
    assert not board.shows_forbidden_points and board.forbidden_points == {}
    assert "forbidden" not in board.cell_text(h8)[1]
    window.forbidden_points_action.trigger()
    assert board.forbidden_points == {h8: "double-three"}


def test_caro_marks_nothing_and_black_may_play_a_double_three(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(RULE_PRESETS["caro"], Seat(HUMAN_KIND, "Ann"), Seat(HUMAN_KIND, "Bob"))
    _play(qtbot, window, DOUBLE_THREE)
    assert window.board.forbidden_points == {}
    h8 = window.board.rules.geometry.parse("h8")
    _play(qtbot, window, ["h8"])
    assert window.controller.session.record.moves[-1] == h8


def test_with_a_forbidden_move_losing_a_click_on_one_ends_the_game_as_in_tournament_renju(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    assert not window.forbidden_loses_action.isChecked()  # refused, not lost, at first
    window.forbidden_loses_action.trigger()
    window.start_game(RENJU, Seat(HUMAN_KIND, "Ann"), Seat(HUMAN_KIND, "Bob"))
    _play(qtbot, window, DOUBLE_THREE)
    board = window.board
    h8 = RENJU.geometry.parse("h8")
    with qtbot.waitSignal(window.controller.game_finished):
        QTest.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.cell_centre(h8))
    record = window.controller.session.record
    assert record.ending == "forbidden" and record.result == "O"
    assert record.forfeit is not None and "double-three" in record.forfeit.reason
    assert len(record.moves) == len(DOUBLE_THREE)  # the forbidden stone is not played
    # The session score counts the loss (a forfeit is no draw).
    score = window.view.score.told("Ann", "Bob")
    assert (score.first_wins, score.second_wins, score.draws) == (0, 1, 0)
    assert any(
        "Ann lost by a forbidden move: h8 is forbidden for black: double-three" in label.text()
        for label in window.findChildren(QLabel)
    )
    # Remembered, and off again when turned off.
    again = make_window()
    assert again.forbidden_loses_action.isChecked()
    again.forbidden_loses_action.trigger()
    assert not again.controller.session.forbidden_loses
