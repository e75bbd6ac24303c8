"""Choosing a board: the New game dialog, the remembered choice, the player drop-downs,
``--rules``, the 15x15 board at the window's default size, and a 7,7,5 game of two people."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import PeopleSeater, WindowMaker
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialogButtonBox, QPushButton, QSpinBox
from pytestqt.qtbot import QtBot
from slow_players import NameQueue

from ttt_desktop.core import Mark
from ttt_desktop.core.rules import GOMOKU, PRESETS, RULE_PRESETS, TIC_TAC_TOE, Rules
from ttt_desktop.gui.board.board_widget import MarkStyle
from ttt_desktop.gui.game.controller import Seat
from ttt_desktop.gui.game.new_game_dialog import NewGameDialog
from ttt_desktop.gui.shell import app
from ttt_desktop.gui.shell.main_window import DEFAULT_WINDOW_SIZE
from ttt_desktop.gui.shell.self_test import run_self_test
from ttt_desktop.gui.shell.settings import AppSettings, SeatChoice
from ttt_desktop.players import HUMAN_KIND, roster
from ttt_desktop.players.roster import kinds_for

ROOT = Path(__file__).resolve().parents[2]


def start_button(dialog: NewGameDialog) -> QPushButton:
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)


def test_a_new_user_starts_on_tic_tac_toe(make_window: WindowMaker) -> None:
    window = make_window()
    assert window.controller.session.rules is TIC_TAC_TOE
    assert window.board.rules is TIC_TAC_TOE
    assert window.new_game_with_action.shortcut().toString() == "Ctrl+Shift+N"


def test_the_dialog_lists_the_presets_with_pictures(make_window: WindowMaker) -> None:
    window = make_window()
    dialog = window.new_game_dialog()
    titles = [dialog.presets.item(row).text() for row in range(dialog.presets.count())]
    assert titles[: len(PRESETS)] == [
        "Tic-tac-toe",
        "4x4, 4 in a row",
        "5x5, 4 in a row",
        "6x5, 4 in a row",
        "7x7, 5 in a row",
        "Gomoku 15x15",
    ]
    assert titles[-1].startswith("Custom")
    for row in range(len(PRESETS)):
        assert not dialog.presets.item(row).icon().isNull()
    # Choosing a preset fills the numbers; typing numbers selects the matching preset.
    dialog.presets.setCurrentRow(list(PRESETS).index("gomoku"))
    assert (dialog.columns.value(), dialog.rows.value(), dialog.in_a_row.value()) == (15, 15, 5)
    assert dialog.chosen_rules() is GOMOKU
    dialog.columns.setValue(7)
    dialog.rows.setValue(7)
    assert dialog.chosen_rules() is Rules(7, 7, 5)
    assert dialog.presets.currentRow() == list(PRESETS).index("7x7-five")
    dialog.rule_combo.setCurrentIndex(dialog.rule_combo.findData("standard"))
    assert dialog.chosen_rules() is Rules(7, 7, 5, exact=True)
    assert dialog.presets.currentRow() == dialog.presets.count() - 1
    dialog.close()


def test_the_preset_highlight_follows_the_numbers_typed(
    make_window: WindowMaker, qtbot: QtBot
) -> None:
    window = make_window()
    dialog = window.new_game_dialog()
    dialog.show()
    qtbot.waitExposed(dialog)
    presets = dialog.presets

    def highlighted() -> list[int]:
        return [presets.row(item) for item in presets.selectedItems()]

    def type_into(box: QSpinBox, text: str) -> None:
        box.setFocus()
        box.lineEdit().selectAll()
        qtbot.keyClicks(box.lineEdit(), text)

    assert highlighted() == [list(PRESETS).index("tic-tac-toe")]
    # Half typed: "1" makes no board, and tic-tac-toe is no longer shown as the choice.
    dialog.columns.setFocus()
    dialog.columns.lineEdit().selectAll()
    qtbot.keyClick(dialog.columns.lineEdit(), "1")
    assert dialog.chosen_rules() is None
    assert highlighted() == [] and presets.currentRow() == -1
    qtbot.keyClick(dialog.columns.lineEdit(), "5")
    assert highlighted() == [presets.count() - 1], "15x3: no preset, the custom row"
    type_into(dialog.rows, "15")
    type_into(dialog.in_a_row, "5")
    assert dialog.chosen_rules() is GOMOKU
    assert highlighted() == [list(PRESETS).index("gomoku")]
    type_into(dialog.in_a_row, "4")
    assert highlighted() == [presets.count() - 1]
    dialog.in_a_row.lineEdit().clear()
    assert highlighted() == []
    type_into(dialog.in_a_row, "5")
    assert highlighted() == [list(PRESETS).index("gomoku")]
    # And a preset chosen after that fills the numbers as before.
    presets.setCurrentRow(list(PRESETS).index("7x7-five"))
    assert dialog.chosen_rules() is Rules(7, 7, 5)
    assert highlighted() == [list(PRESETS).index("7x7-five")]
    dialog.close()


def test_the_custom_numbers_are_checked_as_typed(make_window: WindowMaker, qtbot: QtBot) -> None:
    settings = AppSettings()
    settings.set_seat_choice("O", SeatChoice("learner", "Learner"))  # tic-tac-toe only
    window = make_window(settings=settings)
    dialog = window.new_game_dialog()
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.columns.minimum() == 3 and dialog.columns.maximum() == 20
    assert dialog.columns_limits.text() == "3 to 20"
    dialog.columns.setValue(6)
    dialog.rows.setValue(4)
    assert dialog.k_limits.text() == "3 to 6 (the longer side)"
    # A k longer than the longer side: said at once, and no game can start.
    dialog.in_a_row.lineEdit().selectAll()
    qtbot.keyClicks(dialog.in_a_row.lineEdit(), "9")
    assert dialog.chosen_rules() is None
    assert "In a row must be 3 to 6" in dialog.verdict.text()
    assert not start_button(dialog).isEnabled()
    dialog.in_a_row.lineEdit().selectAll()
    qtbot.keyClicks(dialog.in_a_row.lineEdit(), "4")
    assert dialog.chosen_rules() is Rules(6, 4, 4)
    assert dialog.verdict.text() == "Board: 6x4, 4 in a row"
    # The computer seated at O plays only tic-tac-toe: a person takes the seat.
    assert dialog.chosen_seat(Mark.O) is None
    assert dialog.seat_note.text().startswith("Choose a player for O")
    assert not start_button(dialog).isEnabled()
    combo = dialog.seat_combos[Mark.O]
    combo.setCurrentIndex(combo.findText(window.player_panel.people[-1]))
    assert start_button(dialog).isEnabled()
    # An empty box: a number is asked for.
    dialog.rows.lineEdit().clear()
    assert dialog.chosen_rules() is None
    assert dialog.verdict.text() == "Type a number in each box."
    dialog.close()


def test_computers_that_do_not_play_the_board_are_disabled_with_the_reason(
    make_window: WindowMaker,
) -> None:
    window = make_window()
    dialog = window.new_game_dialog()
    assert dialog.disabled_kinds(Mark.O) == {}  # every computer plays tic-tac-toe
    dialog.presets.setCurrentRow(list(PRESETS).index("gomoku"))
    disabled = dialog.disabled_kinds(Mark.O)
    playing = set(kinds_for(GOMOKU))
    offered = {entry.kind for entry in window.roster}
    assert set(disabled) == offered - playing
    assert disabled["perfect"].startswith("Perfect plays only the boards this program has solved")
    assert disabled["perfect"].endswith("4,4,4, 4,5,4, 5,4,4), not Gomoku 15x15")
    assert disabled["learner"] == "Learner plays only tic-tac-toe, not Gomoku 15x15"
    assert playing & offered and not playing & set(disabled)
    dialog.close()


def test_a_chosen_board_starts_and_is_remembered(make_window: WindowMaker, qtbot: QtBot) -> None:
    settings = AppSettings()
    window = make_window(settings=settings, ask_name=NameQueue("Ann"))
    dialog = window.new_game_dialog()
    dialog.presets.setCurrentRow(list(PRESETS).index("7x7-five"))
    levi = window.roster[[entry.kind for entry in window.roster].index("levi")]
    combo = dialog.seat_combos[Mark.O]
    combo.setCurrentIndex(combo.findText(f"Computer: {levi.name}"))
    with qtbot.waitSignal(
        window.controller.game_started,
        check_params_cb=lambda record: record.o.kind == "levi",
    ) as started:
        start_button(dialog).click()
    record = started.args[0]
    assert record.rules is Rules(7, 7, 5)
    assert window.board.rules is Rules(7, 7, 5)
    assert window.controller.session.seat(Mark.O) == Seat("levi", levi.name)
    assert settings.rules() is Rules(7, 7, 5)
    # The drop-downs offer only the computers that play 7x7.
    assert set(window.player_panel.offered_kinds()) <= set(kinds_for(Rules(7, 7, 5)))
    assert "perfect" not in window.player_panel.offered_kinds()
    # Play again keeps the board; a new window opens on it.
    window.controller.shutdown()
    again = make_window(settings=settings)
    assert again.controller.session.rules is Rules(7, 7, 5)
    assert again.board.rules is Rules(7, 7, 5)
    assert again.controller.session.seat(Mark.O).kind in kinds_for(Rules(7, 7, 5)) or (
        again.controller.session.seat(Mark.O).kind == HUMAN_KIND
    )


def test_a_remembered_computer_that_does_not_play_the_board_gives_its_seat_up(
    make_window: WindowMaker,
) -> None:
    settings = AppSettings()
    settings.set_rules(GOMOKU)
    settings.set_seat_choice("O", SeatChoice("perfect", "Perfect"))
    window = make_window(settings=settings)
    assert window.controller.session.rules is GOMOKU
    assert window.controller.session.seat(Mark.O).kind in kinds_for(GOMOKU)


def test_two_people_play_a_whole_7x7_game_through_the_window(
    make_window: WindowMaker, seat_people: PeopleSeater, qtbot: QtBot
) -> None:
    window = make_window(ask_name=NameQueue("Alice", "Bob"), rules=Rules(7, 7, 5))
    seat_people(window)
    board = window.board
    assert window.controller.session.rules is Rules(7, 7, 5)
    geometry = Rules(7, 7, 5).geometry
    # X makes five on the diagonal b2-f6; O plays along the top row.
    names = ["b2", "a7", "c3", "b7", "d4", "c7", "e5", "d7", "f6"]
    for name in names[:-1]:
        with qtbot.waitSignal(window.controller.move_played):
            qtbot.mouseClick(
                board, Qt.MouseButton.LeftButton, pos=board.cell_centre(geometry.parse(name))
            )
    assert board.last_move == geometry.parse("d7")
    # The last move by keyboard: the cursor to f6, then Enter.
    board.setFocus()
    qtbot.waitUntil(board.hasFocus)
    board.set_cursor_cell(geometry.parse("f6"))
    assert board.accessibleName().endswith("f6: empty")
    with qtbot.waitSignal(window.controller.game_finished) as finished:
        qtbot.keyClick(board, Qt.Key.Key_Return)
    record = finished.args[0]
    assert record.final_board.winner is Mark.X
    assert record.rules is Rules(7, 7, 5)
    assert board.winning_line == record.final_board.winning_line
    assert sorted(geometry.names(board.winning_line or ()).split()) == [
        "b2",
        "c3",
        "d4",
        "e5",
        "f6",
    ]
    assert "Alice wins" in window.status_label.text()


def test_the_default_window_shows_15x15_cells_of_24_px_or_more(
    make_window: WindowMaker, qtbot: QtBot
) -> None:
    window = make_window(rules=GOMOKU)
    # The size a first start opens at (on a screen with room for it).
    window.resize(DEFAULT_WINDOW_SIZE)
    qtbot.waitUntil(lambda: window.size() == DEFAULT_WINDOW_SIZE)
    qtbot.waitUntil(lambda: window.board.cell_size() >= 24)
    assert window.board.rules is GOMOKU
    # The whole grid is in view, without scrolling.
    assert window.board_view.horizontalScrollBar().maximum() == 0
    assert window.board_view.verticalScrollBar().maximum() == 0


@pytest.mark.parametrize("value", ["7,7,5", "gomoku"])
def test_the_rules_option_opens_the_window_on_that_board(value: str) -> None:
    options, _ = app._parse(["--rules", value])
    assert app._rules_asked(options) is Rules.parse(value)


OPENED_ON = """
import sys
from ttt_desktop.gui.shell import app, self_test

def report(window, **options):
    print("opened on", window.controller.session.rules.key, window.board.rules.key)
    return 0

self_test.run_self_test = report
sys.exit(app.main(sys.argv[1:]))
"""


def test_the_app_opens_on_the_board_asked_for(tmp_path: Path) -> None:
    """``ttt-desktop --rules 7,7,5`` opens the window on 7x7 (here its self-test hook reports
    the board instead of playing)."""
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            OPENED_ON,
            "--rules",
            "7x7x5",
            "--self-test",
            "-platform",
            "offscreen",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
        env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path), "HOME": str(tmp_path)},
    )
    assert result.returncode == 0, result.stderr
    assert "opened on 7,7,5 7,7,5" in result.stdout


def test_a_bad_rules_option_says_why_and_exits_with_2() -> None:
    for value in ("3,3,9", "chess", "21,21,5"):
        result = subprocess.run(
            [sys.executable, "-m", "ttt_desktop", "--rules", value],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
            check=False,
        )
        assert result.returncode == 2, result
        assert result.stderr.startswith("ttt-desktop: --rules: "), result.stderr
        assert result.stdout == ""


def test_the_view_menu_zooms_and_chooses_marks(make_window: WindowMaker, qtbot: QtBot) -> None:
    settings = AppSettings()
    window = make_window(settings=settings, rules=Rules(15, 15, 5))
    view_menu = window.review.view_menu.actions()
    for action in (window.zoom_in_action, window.zoom_out_action, window.zoom_reset_action):
        assert action in view_menu
    assert QKeySequence(QKeySequence.StandardKey.ZoomIn) in window.zoom_in_action.shortcuts()
    fitted = window.board.cell_size()
    window.zoom_in_action.trigger()
    assert window.board_view.zoom > 1
    qtbot.waitUntil(lambda: window.board.cell_size() > fitted)
    window.zoom_out_action.trigger()
    assert window.board_view.zoom == 1
    qtbot.waitUntil(lambda: window.board.cell_size() == fitted)
    assert window.board.draws_stones  # automatic: stones on 15x15
    window.mark_style_actions[MarkStyle.MARKS].trigger()
    assert not window.board.draws_stones
    window.controller.shutdown()
    again = make_window(settings=settings, rules=Rules(15, 15, 5))
    assert again.board.mark_style is MarkStyle.MARKS
    assert again.mark_style_actions[MarkStyle.MARKS].isChecked()


def test_the_self_test_plays_tic_tac_toe_whatever_board_was_chosen_last(
    make_window: WindowMaker,
) -> None:
    settings = AppSettings()
    settings.set_rules(GOMOKU)
    options, _ = app._parse(["--self-test"])
    asked = app._rules_asked(options)
    assert asked is TIC_TAC_TOE
    assert app._rules_asked(app._parse([])[0]) is None
    offered = [entry for entry in roster() if entry.kind != "sequence"]
    window = make_window(settings=settings, roster=offered, rules=asked)
    assert window.controller.session.rules is TIC_TAC_TOE
    out, err = io.StringIO(), io.StringIO()
    assert run_self_test(window, out=out, err=err) == 0, err.getvalue()
    assert window.controller.session.record.rules is TIC_TAC_TOE


def test_the_first_screen_offers_the_board_choice(make_window: WindowMaker, qtbot: QtBot) -> None:
    window = make_window()
    button = window.choose_board_button
    assert button.isVisible() and button.isEnabled()
    assert button.text() == "Tic-tac-toe..."
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.findChild(NewGameDialog) is not None)
    dialog = window.findChild(NewGameDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.presets.setCurrentRow(list(PRESETS).index("gomoku"))
    dialog.accept()
    assert window.controller.session.rules is GOMOKU
    assert button.text() == "Gomoku 15x15..."


def test_the_dialog_offers_gomocups_rules_and_says_where_renju_and_caro_play(
    make_window: WindowMaker,
) -> None:
    window = make_window()
    dialog = window.new_game_dialog()
    titles = [dialog.presets.item(row).text() for row in range(dialog.presets.count())]
    assert titles[len(PRESETS) : len(PRESETS) + 3] == [
        "15x15, exactly 5 in a row",
        "Renju 15x15",
        "Caro 15x15",
    ]
    dialog.presets.setCurrentRow(len(PRESETS) + 1)
    assert dialog.chosen_rules() is RULE_PRESETS["renju"]
    assert dialog.rule_combo.currentData() == "renju"
    assert dialog.verdict.text() == "Board: Renju 15x15"
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    # Renju is five in a row from 15 a side: a smaller board or another k is refused, said.
    dialog.columns.setValue(9)
    assert dialog.chosen_rules() is None and not ok.isEnabled()
    assert dialog.verdict.text() == "Renju is five in a row on a board of 15 to 20 a side."
    dialog.columns.setValue(17)
    dialog.rows.setValue(17)
    assert dialog.chosen_rules() is Rules(17, 17, 5, rule="renju")
    assert dialog.presets.currentRow() == dialog.presets.count() - 1  # custom
    dialog.rule_combo.setCurrentIndex(dialog.rule_combo.findData("caro"))
    dialog.in_a_row.setValue(6)
    assert dialog.verdict.text() == "Caro is five in a row on a board of 15 to 20 a side."
    dialog.in_a_row.setValue(5)
    assert dialog.chosen_rules() is Rules(17, 17, 5, rule="caro")
    # Showing a board's rules picks its rule in the list.
    dialog.show_rules(Rules(7, 7, 5))
    assert dialog.rule_combo.currentData() == "free-style"
    dialog.close()
