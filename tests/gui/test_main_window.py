"""The real window, driven like a person would: mouse, keyboard, drop-downs, menus, settings.

Each test waits on the controller's signals (emitted in the GUI thread), never on a
sleep. Windows come from ``make_window`` (see conftest), which shuts the AI thread
down at teardown and checks it has stopped.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import threading
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import PySide6
import pytest
from PySide6.QtCore import QByteArray, QElapsedTimer, QSize, Qt, qVersion
from PySide6.QtGui import QAccessible, QKeySequence
from PySide6.QtWidgets import QMessageBox, QWidget
from pytestqt.qtbot import QtBot
from slow_players import (
    GatedPlayer,
    NameQueue,
    SlowPlayers,
    SpinningPlayer,
    StubbornPlayer,
)

import ttt_desktop
from ttt_desktop.core import GameRecord, Mark
from ttt_desktop.gui.game.player_panel import NEW_PERSON_TEXT
from ttt_desktop.gui.help.manual import ManualWindow
from ttt_desktop.gui.shell.dialogs import about_html
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import AppSettings
from ttt_desktop.players import player_info

WindowMaker = Callable[..., MainWindow]
T = TypeVar("T")

# Helpers ----------------------------------------------------------------------------


def process_exists(pid: int) -> bool:
    """True while a process ``pid`` exists (and is not a zombie)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().split(") ")[-1][:1] != "Z"
    except FileNotFoundError:
        return False


def choose(
    window: MainWindow, mark: Mark, *, kind: str | None = None, name: str | None = None
) -> None:
    """Pick a player in ``mark``'s drop-down, as a person would."""
    panel = window.player_panel
    index = panel.index_of(mark, kind=kind, name=name)
    assert index >= 0, f"no entry for {kind or name} in the {mark} drop-down"
    panel.choose_index(mark, index)


def click_cell(qtbot: QtBot, window: MainWindow, cell: int) -> GameRecord:
    """Click ``cell``'s button and return the record of the move it played."""
    with qtbot.waitSignal(window.controller.move_played) as blocker:
        qtbot.mouseClick(window.board.cell_widget(cell), Qt.MouseButton.LeftButton)
    record = blocker.args[0]
    assert isinstance(record, GameRecord)
    return record


def wait_for_player(qtbot: QtBot, players: SlowPlayers, kind: type[T]) -> T:
    """The newest player of class ``kind``, once the worker thread has made it."""
    qtbot.waitUntil(lambda: players.has(kind))
    player: T = players.last(kind)
    return player


def against(make_window: WindowMaker, kind: str, *, first: str = "x") -> MainWindow:
    """A window with Player 1 (X, human) against the computer ``kind`` (O)."""
    window = make_window()
    window.ai_speed_actions[0].trigger()
    panel = window.player_panel
    panel.start_combo.setCurrentIndex(panel.start_combo.findData(first))
    panel.start_combo.activated.emit(panel.start_combo.currentIndex())
    choose(window, Mark.X, name="Player 1")
    choose(window, Mark.O, kind=kind)
    return window


# Mouse and hot-seat play ----------------------------------------------------------------


def test_hot_seat_game_to_a_win_shows_winner_and_line(
    qtbot: QtBot, two_people: WindowMaker
) -> None:
    window = two_people()
    assert window.status_label.text() == "Alice (X) to move"
    assert "no games finished yet" in window.player_panel.score_label.text()
    for cell in (0, 3, 1, 4):
        record = click_cell(qtbot, window, cell)
        assert window.board.board is record.final_board
        assert window.board.last_move == cell
    assert window.status_label.text() == "Alice (X) to move"
    assert not window.play_again_button.isEnabled()

    with qtbot.waitSignal(window.controller.game_finished) as finished:
        qtbot.mouseClick(window.board.cell_widget(2), Qt.MouseButton.LeftButton)
    record = finished.args[0]
    assert record.result == "X"
    assert window.status_label.text() == "Alice wins"
    assert window.board.winning_line == (0, 1, 2)
    assert window.play_again_button.isEnabled()
    assert "Alice 1 : 0 Bob, 0 draws" in window.player_panel.score_label.text()
    assert window.board.cell_widget(1).accessibleDescription().endswith("part of the winning line")


def test_clicks_at_cell_centres_of_the_board_play(qtbot: QtBot, two_people: WindowMaker) -> None:
    window = two_people()
    board = window.board
    with qtbot.waitSignal(window.controller.move_played):
        qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.cell_centre(8))
    assert window.controller.session.board.to_string() == "........X"
    assert window.status_label.text() == "Bob (O) to move"


def test_occupied_cell_is_refused_with_a_hint(qtbot: QtBot, two_people: WindowMaker) -> None:
    window = two_people()
    click_cell(qtbot, window, 4)
    with (
        qtbot.waitSignal(window.controller.move_refused) as refused,
        qtbot.assertNotEmitted(window.controller.move_played),
    ):
        qtbot.mouseClick(window.board.cell_widget(4), Qt.MouseButton.LeftButton)
    assert "taken" in refused.args[0]
    assert "taken" in window.statusBar().currentMessage()
    assert window.controller.session.board.ply == 1


def test_draw_and_play_again_alternates_the_first_player(
    qtbot: QtBot, two_people: WindowMaker
) -> None:
    window = two_people(first="alternate")
    assert window.controller.session.record.first is Mark.X
    for cell in (0, 4, 8, 1, 7, 6, 2, 5):
        click_cell(qtbot, window, cell)
    with qtbot.waitSignal(window.controller.game_finished):
        qtbot.mouseClick(window.board.cell_widget(3), Qt.MouseButton.LeftButton)
    assert window.status_label.text() == "Draw"
    assert window.board.winning_line is None
    assert "Alice 0 : 0 Bob, 1 draw" in window.player_panel.score_label.text()

    with qtbot.waitSignal(window.controller.game_started) as started:
        window.play_again_button.click()
    assert started.args[0].first is Mark.O
    assert window.status_label.text() == "Bob (O) to move"
    assert not window.play_again_action.isEnabled()


def test_choosing_the_other_sides_person_swaps_them(qtbot: QtBot, two_people: WindowMaker) -> None:
    window = two_people()
    choose(window, Mark.O, name="Alice")
    assert window.controller.session.seat(Mark.O).name == "Alice"
    assert window.controller.session.seat(Mark.X).name == "Bob"
    assert window.player_panel.combo(Mark.X).currentText() == "Bob"
    assert window.player_panel.combo(Mark.O).currentText() == "Alice"
    # Two computers of the same kind may play each other.
    choose(window, Mark.X, kind="perfect")
    choose(window, Mark.O, kind="perfect")
    assert window.controller.session.seat(Mark.X) == window.controller.session.seat(Mark.O)


def test_swap_sides_exchanges_the_players(qtbot: QtBot, two_people: WindowMaker) -> None:
    window = two_people()
    with qtbot.waitSignal(window.controller.game_started):
        window.player_panel.swap_button.click()
    assert window.controller.session.seat(Mark.X).name == "Bob"
    assert window.controller.session.seat(Mark.O).name == "Alice"
    assert window.player_panel.combo(Mark.X).currentText() == "Bob"


# Against the computer ------------------------------------------------------------------


def test_perfect_replies_and_the_board_stays_consistent(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = against(make_window, "perfect")
    controller = window.controller
    with qtbot.waitSignal(controller.move_played, check_params_cb=lambda r: r.ply == 2):
        qtbot.mouseClick(window.board.cell_widget(0), Qt.MouseButton.LeftButton)
    record = controller.session.record
    assert record.moves[0] == 0
    assert record.o.kind == "perfect" and record.o.seed is not None
    assert record.moves[1] == 4  # the only move that does not lose against a corner
    assert window.board.board is record.final_board
    assert window.board.last_move == 4
    assert not controller.session.is_thinking
    assert not window.busy_indicator.is_busy
    assert window.busy_indicator.isHidden()
    assert window.status_label.text() == "Player 1 (X) to move"


def test_clicks_while_the_computer_thinks_are_refused_not_queued(
    qtbot: QtBot, make_window: WindowMaker, test_players: SlowPlayers
) -> None:
    test_players.answer_cell = 4
    window = against(make_window, "gated")
    controller = window.controller
    with qtbot.waitSignal(controller.thinking_started):
        click_cell(qtbot, window, 0)
    assert window.status_label.text() == "Gated (O) is thinking..."
    assert window.busy_indicator.is_busy
    assert window.busy_indicator.isVisible()
    assert not window.board.accepts_clicks

    with qtbot.waitSignal(controller.move_refused) as refused:
        qtbot.mouseClick(window.board.cell_widget(8), Qt.MouseButton.LeftButton)
    assert "Gated (O)" in refused.args[0]
    assert "Gated" in window.statusBar().currentMessage()
    assert controller.session.board.ply == 1

    with qtbot.waitSignal(controller.move_played) as played:
        test_players.gate.set()
    # The refused click was dropped: the computer's move is the only one played.
    assert played.args[0].moves == (0, 4)
    assert window.status_label.text() == "Player 1 (X) to move"


def test_new_game_while_thinking_drops_the_stale_answer(
    qtbot: QtBot, make_window: WindowMaker, test_players: SlowPlayers
) -> None:
    """A player that cannot be interrupted still answers; that answer must not land."""
    test_players.answer_cell = 8
    window = against(make_window, "stubborn")
    controller = window.controller
    with qtbot.waitSignal(controller.thinking_started):
        click_cell(qtbot, window, 0)
    old_game = controller.session.record
    stubborn = wait_for_player(qtbot, test_players, StubbornPlayer)
    qtbot.waitUntil(lambda: stubborn.calls == 1)

    # O starts the new game, so the new game's request queues behind the stale one.
    controller.session.start_policy = "o"
    window.new_game()
    assert controller.session.record.ply == 0
    played: list[GameRecord] = []
    controller.move_played.connect(played.append)
    with qtbot.waitSignal(controller.move_played):
        test_players.gate.set()
    assert [record.started_at for record in played] == [controller.session.record.started_at]
    assert played[0].moves == (8,)
    assert all(record.started_at != old_game.started_at for record in played)
    assert controller.session.board.to_string() == "........O"


def test_stale_answer_is_never_emitted(
    qtbot: QtBot, make_window: WindowMaker, test_players: SlowPlayers
) -> None:
    window = against(make_window, "stubborn")
    controller = window.controller
    with qtbot.waitSignal(controller.thinking_started):
        click_cell(qtbot, window, 0)
    stubborn = wait_for_player(qtbot, test_players, StubbornPlayer)
    qtbot.waitUntil(lambda: stubborn.calls == 1)  # the search is under way, not just queued
    choose(window, Mark.O, name="Player 2")  # players changed: a new game, two people
    assert controller.session.record.ply == 0
    stale_generation = controller.session.generation - 1
    with (
        qtbot.assertNotEmitted(controller.move_played),
        qtbot.waitSignal(controller.stale_answer_dropped) as dropped,
    ):
        test_players.gate.set()
    assert dropped.args == [stale_generation]
    assert controller.session.board.ply == 0
    assert window.status_label.text() == "Player 1 (X) to move"


def test_new_game_interrupts_a_long_search(
    qtbot: QtBot, make_window: WindowMaker, test_players: SlowPlayers
) -> None:
    window = against(make_window, "spinning")
    with qtbot.waitSignal(window.controller.thinking_started):
        click_cell(qtbot, window, 4)
    spinner = wait_for_player(qtbot, test_players, SpinningPlayer)
    assert spinner.started.wait(60)
    choose(window, Mark.O, kind="perfect")
    # The worker answers in order: Perfect's reply comes after the search has ended.
    with qtbot.waitSignal(window.controller.move_played, check_params_cb=lambda r: r.ply == 2):
        click_cell(qtbot, window, 0)
    assert spinner.interrupted


def test_a_player_that_ends_the_search_process_is_reported_and_the_window_carries_on(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = against(make_window, "dying")
    with qtbot.waitSignal(window.controller.move_refused, timeout=20_000) as refused:
        click_cell(qtbot, window, 0)
    assert "Dying could not move" in refused.args[0]
    assert "search process ended unexpectedly (exit code 3)" in refused.args[0]
    assert not window.controller.session.is_thinking
    # A new process answers the next computer's moves.
    choose(window, Mark.O, kind="perfect")
    with qtbot.waitSignal(
        window.controller.move_played, timeout=20_000, check_params_cb=lambda r: r.ply == 2
    ):
        click_cell(qtbot, window, 0)
    assert window.controller.search_process.restarts == 1


def test_a_computer_player_with_a_bug_is_reported_not_obeyed(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = against(make_window, "broken")
    with qtbot.waitSignal(window.controller.move_refused) as refused:
        click_cell(qtbot, window, 0)
    assert "Broken could not move" in refused.args[0]
    assert "taken" in refused.args[0]
    assert window.controller.session.board.to_string() == "X........"
    assert not window.controller.session.is_thinking
    assert "Broken could not move" in window.statusBar().currentMessage()


def test_computer_against_computer_plays_itself_to_the_end(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = against(make_window, "perfect")
    choose(window, Mark.X, kind="strategist")
    # Seated, not started: the game waits to be asked for.
    assert window.controller.session.awaiting_start and not window.controller.session.is_thinking
    assert window.status_label.text() == "Strategist v Perfect: press Start to watch"
    with qtbot.waitSignal(window.controller.game_finished, timeout=20_000) as finished:
        window.start_action.trigger()
    assert not window.start_button.isVisible()
    assert finished.args[0].result == "draw"
    assert window.status_label.text() == "Draw"
    assert "Strategist 0 : 0 Perfect, 1 draw" in window.player_panel.score_label.text()


def test_minimum_visible_delay_holds_the_answer_back(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = against(make_window, "rando")
    window.ai_speed_actions[200].trigger()
    assert window.controller.session.move_delay_ms == 200
    # A lower bound only: the answer may come later, never sooner. The clock starts
    # before the click, so it runs at least as long as the controller's own.
    timer = QElapsedTimer()
    timer.start()
    with qtbot.waitSignal(window.controller.thinking_started):
        click_cell(qtbot, window, 4)
    with qtbot.waitSignal(window.controller.move_played) as reply:
        pass
    assert reply.args[0].ply == 2
    assert timer.elapsed() >= 200


# Keyboard and accessibility ------------------------------------------------------------


def cursor_cell_widget(window: MainWindow) -> QWidget:
    """The cell under the keyboard cursor, which holds the focus when the board has it."""
    return window.board.cell_widget(window.board.cursor_cell)


def test_keyboard_plays_a_whole_game(qtbot: QtBot, two_people: WindowMaker) -> None:
    window = two_people()
    board = window.board
    controller = window.controller
    # Keys go where the focus would be: the cell under the cursor (the board's focus proxy).
    assert board.focusProxy() is board.cell_widget(board.cursor_cell)
    with qtbot.waitSignal(controller.move_played):
        qtbot.keyClick(board, Qt.Key.Key_7)  # top-left
    with qtbot.waitSignal(controller.move_played):
        qtbot.keyClick(board, Qt.Key.Key_5, Qt.KeyboardModifier.KeypadModifier)  # numpad centre
    assert controller.session.board.to_string() == "X...O...."
    # The cursor sits on the centre now: Right, Up, Right walks it to the top-right.
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Right):
        qtbot.keyClick(cursor_cell_widget(window), key)
    assert board.cursor_cell == 2
    assert board.focusProxy() is board.cell_widget(2)
    with qtbot.waitSignal(controller.move_played):
        qtbot.keyClick(cursor_cell_widget(window), Qt.Key.Key_Return)
    qtbot.keyClick(cursor_cell_widget(window), Qt.Key.Key_Down)
    with qtbot.waitSignal(controller.move_played):
        qtbot.keyClick(cursor_cell_widget(window), Qt.Key.Key_Space)  # O takes cell 5
    with qtbot.waitSignal(controller.game_finished) as finished:
        qtbot.keyClick(board, Qt.Key.Key_8)  # top middle: X completes the top row
    assert finished.args[0].moves == (0, 4, 2, 5, 1)
    assert window.status_label.text() == "Alice wins"


def test_every_cell_has_an_accessible_name_and_description(
    qtbot: QtBot, two_people: WindowMaker
) -> None:
    window = two_people()
    click_cell(qtbot, window, 2)
    names = [window.board.cell_widget(cell).accessibleName() for cell in range(9)]
    assert names[0] == "row 1, column 1: empty"
    assert names[2] == "row 1, column 3: X"
    assert names[8] == "row 3, column 3: empty"
    assert len(set(names)) == 9
    description = window.board.cell_widget(2).accessibleDescription()
    assert description == "keypad 9, last move"
    assert window.board.cell_widget(6).accessibleDescription() == "keypad 1, press to play here"

    # What assistive technology sees: a pressable button per cell with that name.
    interface = QAccessible.queryAccessibleInterface(window.board.cell_widget(2))
    assert interface is not None
    assert interface.text(QAccessible.Text.Name) == "row 1, column 3: X"
    assert interface.role() == QAccessible.Role.Button
    action = interface.actionInterface()
    assert action is not None
    with qtbot.waitSignal(window.controller.move_played):
        cell_interface = QAccessible.queryAccessibleInterface(window.board.cell_widget(4))
        cell_action = cell_interface.actionInterface()
        assert cell_action is not None
        cell_action.doAction(cell_action.pressAction())
    assert window.controller.session.board[4] is Mark.O


# Players, settings, menus --------------------------------------------------------------


def test_drop_downs_group_people_and_computers_with_strength(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    combo = window.player_panel.combo(Mark.O)
    texts = [combo.itemText(index) for index in range(combo.count())]
    assert texts[0] == "People"
    assert texts[1:5] == ["Player 1", "Player 2", NEW_PERSON_TEXT, "Rename or remove people..."]
    # The computers by difficulty, weakest first, each under its group.
    groups = ["Easy", "Medium", "Hard", "Unbeatable: never loses"]
    rows = [texts.index(group) for group in groups]
    assert rows == sorted(rows)
    # (The tests' own stand-ins, strength 1, follow the real Easy players.)
    assert texts[rows[0] + 1 : rows[0] + 4] == ["Rando", "Levi", "Ralph"]
    assert texts[rows[1] + 1 : rows[2]] == ["Humiston", "Utility"]
    assert texts[rows[2] + 1 : rows[3]] == ["Learner", "N-tuple", "Monty"]
    assert texts[rows[3] + 1 : rows[3] + 5] == ["Strategist", "MiniMax", "AlphaBeta", "Perfect"]
    assert "Sequence" not in " ".join(texts)
    headers = [combo.model().index(row, 0) for row in (0, *rows)]
    assert all(not (index.flags() & Qt.ItemFlag.ItemIsSelectable) for index in headers)
    # Each keeps its own description; "never loses" is said once, by the group.
    perfect = combo.model().index(texts.index("Perfect"), 0)
    assert perfect.data(Qt.ItemDataRole.ToolTipRole) == player_info("perfect").description
    tooltips = [
        combo.model().index(row, 0).data(Qt.ItemDataRole.ToolTipRole) or ""
        for row in range(combo.count())
    ]
    assert sum("never loses" in text for text in [*texts, *tooltips]) == 1


def test_new_player_name_is_added_and_cancel_keeps_the_choice(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window(ask_name=NameQueue(None, "  Zoë   Smith "))
    panel = window.player_panel
    before = window.controller.session.seat(Mark.X)
    panel.choose_index(Mark.X, panel.new_person_index(Mark.X))
    assert window.controller.session.seat(Mark.X) == before
    assert panel.combo(Mark.X).currentText() == before.name
    with qtbot.waitSignal(window.controller.game_started):
        panel.choose_index(Mark.X, panel.new_person_index(Mark.X))
    assert window.controller.session.seat(Mark.X).name == "Zoë Smith"
    assert panel.combo(Mark.X).currentText() == "Zoë Smith"
    assert panel.index_of(Mark.O, name="Zoë Smith") > 0
    assert "Zoë Smith" in AppSettings().people()


def test_settings_are_restored_in_a_second_window(qtbot: QtBot, make_window: WindowMaker) -> None:
    first = make_window(ask_name=NameQueue("Alice"))
    panel = first.player_panel
    panel.choose_index(Mark.X, panel.new_person_index(Mark.X))
    choose(first, Mark.O, kind="perfect")
    panel.start_combo.setCurrentIndex(panel.start_combo.findData("random"))
    panel.start_combo.activated.emit(panel.start_combo.currentIndex())
    first.ai_speed_actions[1000].trigger()
    # Taller than its least size: the width is left alone, the offscreen screen is narrow.
    first.resize(first.minimumSizeHint() + QSize(0, 48))
    first_size = first.size()
    first.close()
    assert not first.controller.is_worker_running

    second = make_window()
    assert second.controller.session.seat(Mark.X).name == "Alice"
    assert second.controller.session.seat(Mark.X).is_human
    assert second.controller.session.seat(Mark.O).kind == "perfect"
    assert second.player_panel.combo(Mark.O).currentText().startswith("Perfect")
    assert second.controller.session.start_policy == "random"
    assert second.player_panel.start_combo.currentData() == "random"
    assert second.controller.session.move_delay_ms == 1000
    assert second.ai_speed_actions[1000].isChecked()
    assert second.size() == first_size
    assert "Alice" in second.player_panel.people


def test_speeds_off_the_menu_share_one_entry(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    for delay in (800, 50, 3000):
        window.set_move_delay(delay)
    assert window.controller.session.move_delay_ms == 3000
    assert window.custom_speed_action.isChecked()
    assert window.custom_speed_action.isVisible()
    assert window.custom_speed_action.text() == "Other (3 s)"
    assert AppSettings().move_delay_ms() == 3000
    window.ai_speed_actions[400].trigger()
    assert window.controller.session.move_delay_ms == 400
    assert not window.custom_speed_action.isVisible()
    assert len(window.ai_speed_group.actions()) == 5


def test_broken_settings_fall_back_to_defaults(qtbot: QtBot, make_window: WindowMaker) -> None:
    settings = AppSettings()
    store = settings.qsettings
    store.setValue("players/X", "ai:no-such-player")
    store.setValue("players/O", 42)
    store.setValue("game/start_policy", "sometimes")
    store.setValue("game/ai_move_delay_ms", "soon")
    store.setValue("window/geometry", QByteArray(b"garbage"))
    window = make_window(settings=settings)
    assert window.controller.session.seat(Mark.X).name == "Player 1"
    assert not window.controller.session.seat(Mark.O).is_human
    assert window.controller.session.start_policy == "alternate"
    assert window.controller.session.move_delay_ms == 400


def test_menus_have_the_standard_shortcuts(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    exact = QKeySequence.SequenceMatch.ExactMatch
    assert window.new_game_action.shortcut().matches(QKeySequence("Ctrl+N")) == exact
    assert window.quit_action.shortcut().matches(QKeySequence("Ctrl+Q")) == exact
    titles = [action.text() for action in window.menuBar().actions()]
    assert titles[0] == "&Game"
    assert titles[-1] == "&Help"


def test_quit_closes_the_window_and_stops_the_thread(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.quit_action.trigger()
    assert not window.isVisible()
    assert not window.controller.is_worker_running


def test_help_and_about_dialogs(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    window.how_to_play_action.trigger()
    window.about_action.trigger()
    boxes = {box.objectName(): box for box in window.findChildren(QMessageBox)}
    assert set(boxes) >= {"about"}
    for box in boxes.values():
        assert box.isVisible()
        box.close()
    manual = window.findChild(ManualWindow)
    assert manual is not None and manual.isVisible()
    manual.close()
    about = about_html()
    assert "LGPLv3" in about
    assert f"Qt {qVersion()}" in about
    assert f"PySide6 {PySide6.__version__}" in about
    assert "MIT" in about
    assert "sounds" in about and "make_sounds.py" in about
    assert "random playouts" in about.lower()
    # Which search runs, as the Searcher's module says it.
    from ttt_desktop.players.searcher import COMPILED_TREE  # noqa: PLC0415

    assert ("search (the Searcher" in about) is COMPILED_TREE
    assert ("search runs in pure Python" in about) is not COMPILED_TREE


# Closing -------------------------------------------------------------------------------


def test_closing_while_a_slow_computer_thinks_exits_cleanly(
    qtbot: QtBot, make_window: WindowMaker, test_players: SlowPlayers
) -> None:
    window = against(make_window, "spinning")
    with qtbot.waitSignal(window.controller.thinking_started):
        click_cell(qtbot, window, 4)
    spinner = wait_for_player(qtbot, test_players, SpinningPlayer)
    assert spinner.started.wait(60)
    pid = window.controller.search_process.pid
    window.close()
    assert not window.controller.is_worker_running
    # The search process was ended with the window, not waited for.
    assert not window.controller.search_process.is_alive
    assert pid is not None and not process_exists(pid)


def test_closing_while_a_gated_computer_waits_exits_cleanly(
    qtbot: QtBot, make_window: WindowMaker, test_players: SlowPlayers
) -> None:
    window = against(make_window, "gated")
    with qtbot.waitSignal(window.controller.thinking_started):
        click_cell(qtbot, window, 4)
    gated = wait_for_player(qtbot, test_players, GatedPlayer)
    qtbot.waitUntil(lambda: gated.calls == 1)  # the search is under way, not just queued
    window.close()
    assert not window.controller.is_worker_running
    assert not test_players.gate.is_set()


CLOSE_MID_SEARCH = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from ttt_desktop.core import Mark
from ttt_desktop.gui.shell.app import main
from ttt_desktop.gui.game.controller import Seat
from ttt_desktop.gui.shell.main_window import MainWindow

app = QApplication(sys.argv[:1])

def close_mid_search(window):
    if window.controller.session.is_thinking:
        print("closing while", window.status_label.text(), flush=True)
        window.close()
    else:
        QTimer.singleShot(5, lambda: close_mid_search(window))

def start_a_long_search():
    window = next(w for w in app.topLevelWidgets() if isinstance(w, MainWindow))
    window.controller.session.move_delay_ms = 0
    for mark in (Mark.X, Mark.O):
        window.controller.session.set_seat(mark, Seat("minimax", "MiniMax"))
    window.controller.session.new_game(Mark.X)
    QTimer.singleShot(50, lambda: close_mid_search(window))

QTimer.singleShot(0, start_a_long_search)
sys.exit(main([]))
"""


def test_the_app_closed_mid_search_exits_cleanly(tmp_path: Path) -> None:
    """The whole process, through app.main: exit code 0 and no thread warning or crash."""
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-c", CLOSE_MID_SEARCH],
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "closing while MiniMax (X) is thinking..." in result.stdout
    for alarm in ("QThread", "Fatal Python error", "Traceback"):
        assert alarm not in result.stderr


@pytest.mark.parametrize("argument", ["--version"])
def test_version_on_the_command_line(argument: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ttt_desktop", argument],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"TTT Desktop {ttt_desktop.__version__}"


def test_the_launcher_is_declared_and_runs_the_app() -> None:
    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text("utf-8"))
    target = project["project"]["gui-scripts"]["ttt-desktop"]
    module_name, _, function_name = target.partition(":")
    launcher = getattr(importlib.import_module(module_name), function_name)
    assert launcher(["--version"]) == 0


def test_no_thread_of_ours_survives(make_window: WindowMaker) -> None:
    window = make_window()
    window.close()
    names = [thread.name for thread in threading.enumerate()]
    assert not window.controller.is_worker_running
    assert "ai-worker" not in names
