"""Typing a cell's name on a big board plays it: "h8" as the edges name the cells, shown
beside the cursor while it is typed, Enter or a name that cannot go on playing it, Escape
forgetting it; the arrows and tic-tac-toe's keypad digits as before."""

from __future__ import annotations

from conftest import WindowMaker, seat_two_people
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from slow_players import NameQueue

from ttt_desktop.core import Mark
from ttt_desktop.core.rules import GOMOKU, TIC_TAC_TOE
from ttt_desktop.gui.shell.main_window import MainWindow

NAME = GOMOKU.geometry.name
PARSE = GOMOKU.geometry.parse


def gomoku_window(qtbot: QtBot, make_window: WindowMaker) -> MainWindow:
    window = make_window(rules=GOMOKU, ask_name=NameQueue("Alice", "Bob"))
    seat_two_people(window)
    window.board.setFocus()
    qtbot.waitUntil(window.board.hasFocus)
    return window


def test_a_typed_name_plays_its_cell(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = gomoku_window(qtbot, make_window)
    board = window.board
    label = board.typed_label
    # "h8": no row 80 and more, so the name is whole at its last digit and plays at once.
    qtbot.keyClick(board, "h")
    assert board.typed_name == "h"
    assert label.isVisible() and label.text() == "Cell h"
    with qtbot.waitSignal(window.controller.move_played) as played:
        qtbot.keyClick(board, "8")
    assert played.args[0].moves == (PARSE("h8"),)
    assert board.typed_name == "" and not label.isVisible()
    # "J1" (a capital too) waits, since j10 to j15 begin so; the cursor is on j1 meanwhile,
    # and the label beside it says what is typed.
    qtbot.keyClick(board, "J", Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClick(board, "1")
    assert board.typed_name == "j1" and label.text() == "Cell j1"
    assert NAME(board.cursor_cell) == "j1"
    assert board.rect().contains(label.geometry())
    # A digit that makes no row (j16) is not taken; Backspace takes back one character.
    qtbot.keyClick(board, "6")
    assert board.typed_name == "j1"
    qtbot.keyClick(board, Qt.Key.Key_Backspace)
    assert board.typed_name == "j"
    qtbot.keyClick(board, "1")
    with qtbot.waitSignal(window.controller.move_played) as played:
        qtbot.keyClick(board, "2")
    assert played.args[0].moves[-1] == PARSE("j12")
    # Enter plays a name that could have gone on.
    for key in "a1":
        qtbot.keyClick(board, key)
    with qtbot.waitSignal(window.controller.move_played) as played:
        qtbot.keyClick(board, Qt.Key.Key_Return)
    assert played.args[0].moves[-1] == PARSE("a1")
    # A column alone names no cell: Enter plays nothing, and Escape forgets the name.
    qtbot.keyClick(board, "o")
    with qtbot.assertNotEmitted(window.controller.move_played):
        qtbot.keyClick(board, Qt.Key.Key_Return)
        qtbot.keyClick(board, "1")
        qtbot.keyClick(board, Qt.Key.Key_Escape)
    assert board.typed_name == "" and not label.isVisible()
    assert window.controller.session.record.ply == 3
    # The arrows work as before, and forget a name half typed.
    qtbot.keyClick(board, "c")
    qtbot.keyClick(board, Qt.Key.Key_Right)
    assert board.typed_name == "" and not label.isVisible()
    assert NAME(board.cursor_cell) == "d1"
    with qtbot.waitSignal(window.controller.move_played) as played:
        qtbot.keyClick(board, Qt.Key.Key_Return)
    assert played.args[0].moves[-1] == PARSE("d1")


def test_a_taken_cell_typed_is_refused_as_a_click_is(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = gomoku_window(qtbot, make_window)
    board = window.board
    with qtbot.waitSignal(window.controller.move_played):
        qtbot.keyClicks(board, "h8")
    with qtbot.assertNotEmitted(window.controller.move_played):
        qtbot.keyClicks(board, "h8")
    assert window.controller.session.record.moves == (PARSE("h8"),)
    assert board.typed_name == ""


def test_tic_tac_toe_keeps_its_keypad_digits(qtbot: QtBot, two_people: WindowMaker) -> None:
    window = two_people("Alice", "Bob")
    assert window.board.rules is TIC_TAC_TOE
    window.board.setFocus()
    with qtbot.waitSignal(window.controller.move_played) as played:
        qtbot.keyClick(window.board.cell_widget(window.board.cursor_cell), "7")
    assert played.args[0].moves == (TIC_TAC_TOE.geometry.parse("7"),)
    assert played.args[0].board_at(1)[0] is Mark.X
    qtbot.keyClick(window.board.cell_widget(window.board.cursor_cell), "a")
    assert window.board.typed_name == ""
