"""The faults found by trying the app as a newcomer: one test (or more) per numbered fault.

Each test drives the real window as a person would and failed before its fix.
"""

from __future__ import annotations

import configparser
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import MovePlayer
from PySide6.QtCore import QElapsedTimer, QRect, QStandardPaths, Qt
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot
from slow_players import GatedPlayer, NameQueue, SlowPlayers

from ttt_desktop.core import GameRecord, Mark
from ttt_desktop.core.record import MAX_NAME_LENGTH
from ttt_desktop.formats.json_codec import record_from_json, record_to_json
from ttt_desktop.gui.common import screen_fit
from ttt_desktop.gui.game.controller import OPENING_DELAY_MS
from ttt_desktop.gui.game.player_panel import name_dialog
from ttt_desktop.gui.game.session_score import SessionScore
from ttt_desktop.gui.review.match import MatchDialog
from ttt_desktop.gui.shell.app import DESKTOP_FILE_NAME, WM_CLASS_NAME, qt_argv
from ttt_desktop.gui.shell.main_window import MainWindow

WindowMaker = Callable[..., MainWindow]
PROJECT_ROOT = Path(__file__).resolve().parents[2]


def choose(
    window: MainWindow, mark: Mark, *, kind: str | None = None, name: str | None = None
) -> None:
    panel = window.player_panel
    index = panel.index_of(mark, kind=kind, name=name)
    assert index >= 0, f"no entry for {kind or name} in the {mark} drop-down"
    panel.choose_index(mark, index)


def set_first_move(window: MainWindow, policy: str) -> None:
    combo = window.player_panel.start_combo
    combo.setCurrentIndex(combo.findData(policy))
    combo.activated.emit(combo.currentIndex())


# 2. Names were cut to 40 characters without a word ------------------------------------


def test_2_the_name_dialog_says_how_long_a_name_may_be(qtbot: QtBot) -> None:
    dialog = name_dialog(None)
    qtbot.addWidget(dialog)
    assert f"up to {MAX_NAME_LENGTH} characters" in dialog.labelText()
    field = dialog.findChild(QLineEdit)
    assert field is not None
    assert field.maxLength() == MAX_NAME_LENGTH


# 3. A computer moved unseen after a seat change -------------------------------------


def test_3_a_seat_change_follows_the_first_move_setting(
    qtbot: QtBot, make_window: WindowMaker, play_moves: MovePlayer
) -> None:
    window = make_window(ask_name=NameQueue("Alice", "Bob"))
    window.ai_speed_actions[0].trigger()
    panel = window.player_panel
    panel.choose_index(Mark.X, panel.new_person_index(Mark.X))
    panel.choose_index(Mark.O, panel.new_person_index(Mark.O))
    set_first_move(window, "alternate")
    window.new_game()
    assert window.controller.session.record.first is Mark.X
    play_moves(window, (0, 3, 1, 4, 2))  # X wins the game X opened
    window.new_game()
    assert window.controller.session.record.first is Mark.O, "take turns: O opens the second game"
    play_moves(window, (0, 3, 1, 4, 2))  # O wins the game O opened
    assert window.controller.session.record.is_finished

    # Picking a computer for O: taking turns, X (Alice) opens, and nobody has moved.
    with qtbot.waitSignal(window.controller.game_started) as started:
        choose(window, Mark.O, kind="perfect")
    record = started.args[0]
    assert record.first is Mark.X
    assert record.moves == ()
    assert window.controller.session.record.moves == ()
    assert not window.controller.session.is_thinking


def test_3_a_computer_opening_against_a_person_is_shown_with_a_delay(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.ai_speed_actions[0].trigger()  # "Instant"
    set_first_move(window, "x")
    choose(window, Mark.O, name="Player 1")
    timer = QElapsedTimer()
    with qtbot.waitSignal(window.controller.move_played, timeout=10_000) as played:
        timer.start()
        choose(window, Mark.X, kind="perfect")
    assert played.args[0].ply == 1
    assert timer.elapsed() >= OPENING_DELAY_MS * 0.95


# 4. Cancelling "New player..." left the focus in the drop-down ----------------------


def test_4_digits_play_again_after_new_player_is_cancelled(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window(ask_name=NameQueue(None))
    choose(window, Mark.O, name="Player 2")
    panel = window.player_panel
    combo = panel.combo(Mark.X)
    combo.setFocus()  # as a click on the drop-down leaves it
    assert window.focusWidget() is combo
    panel.choose_index(Mark.X, panel.new_person_index(Mark.X))
    focused = window.focusWidget()
    assert focused is window.board.cell_widget(window.board.cursor_cell)
    with qtbot.waitSignal(window.controller.move_played) as played:
        qtbot.keyClick(focused, Qt.Key.Key_5)
    assert played.args[0].moves == (4,)


# 6. "Wait: it is ...'s turn" outlived the computer's move ------------------------------


def test_6_the_wait_message_goes_when_it_is_the_persons_turn(
    qtbot: QtBot, make_window: WindowMaker, test_players: SlowPlayers, play_moves: MovePlayer
) -> None:
    window = make_window()
    window.ai_speed_actions[0].trigger()
    set_first_move(window, "x")
    choose(window, Mark.X, name="Player 1")
    choose(window, Mark.O, kind="gated")
    play_moves(window, (4,))
    qtbot.waitUntil(lambda: test_players.has(GatedPlayer))
    with qtbot.waitSignal(window.controller.move_refused):
        qtbot.mouseClick(window.board.cell_widget(0), Qt.MouseButton.LeftButton)
    assert window.statusBar().currentMessage().startswith("Wait: it is Gated (O)'s turn")
    with qtbot.waitSignal(window.controller.move_played):
        test_players.gate.set()
    assert window.statusBar().currentMessage() == ""


# 9. The window's class was "__main__.py" -------------------------------------------------


def test_9_the_window_class_is_the_desktop_entrys() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    path = PROJECT_ROOT / "resources" / f"{DESKTOP_FILE_NAME}.desktop"
    entry.read(path, encoding="utf-8")
    assert entry["Desktop Entry"]["StartupWMClass"] == WM_CLASS_NAME
    assert qt_argv(["-platform", "offscreen"]) == [WM_CLASS_NAME, "-platform", "offscreen"]


# 10. A pairing's score line swapped its names --------------------------------------------


def test_10_a_pairing_keeps_its_order_when_another_is_current() -> None:
    score = SessionScore()
    score.add_result("Ralph", "Perfect", "Perfect")
    score.add_result("Ralph", "Perfect", "Perfect")
    assert score.told("Ralph", "Perfect").describe() == "Ralph 0 : 2 Perfect, 0 draws"
    score.add_result("Alice", "Bob", None)
    described = [pairing.describe() for pairing in score.pairings()]
    assert described == ["Ralph 0 : 2 Perfect, 0 draws", "Alice 0 : 0 Bob, 1 draw"]
    # Sides swapped: still told as first played.
    assert score.told("Perfect", "Ralph").describe() == "Ralph 0 : 2 Perfect, 0 draws"


def test_10_the_score_box_keeps_the_order(
    qtbot: QtBot, make_window: WindowMaker, play_moves: MovePlayer
) -> None:
    window = make_window(ask_name=NameQueue("Zoe", "Adam"))
    window.ai_speed_actions[0].trigger()
    set_first_move(window, "x")
    panel = window.player_panel
    panel.choose_index(Mark.X, panel.new_person_index(Mark.X))
    panel.choose_index(Mark.O, panel.new_person_index(Mark.O))
    window.new_game()
    play_moves(window, (0, 3, 1, 4, 2))
    assert "Zoe 1 : 0 Adam" in panel.score_label.text()
    choose(window, Mark.O, name="Player 1")
    assert "Zoe 1 : 0 Adam" in panel.score_label.text()


# 13. A digit for a taken cell moved the cursor without a word ----------------------------


def test_13_a_digit_for_a_taken_cell_says_so_and_keeps_the_cursor(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window(ask_name=NameQueue("Alice", "Bob"))
    panel = window.player_panel
    panel.choose_index(Mark.X, panel.new_person_index(Mark.X))
    panel.choose_index(Mark.O, panel.new_person_index(Mark.O))
    board = window.board
    with qtbot.waitSignal(window.controller.move_played):
        qtbot.keyClick(board, Qt.Key.Key_7)  # top-left
    with qtbot.waitSignal(window.controller.move_played):
        qtbot.keyClick(board, Qt.Key.Key_5)  # centre
    assert board.cursor_cell == 4
    with qtbot.waitSignal(window.controller.move_refused) as refused:
        qtbot.keyClick(board, Qt.Key.Key_7)
    assert "taken" in refused.args[0]
    assert "taken" in window.statusBar().currentMessage()
    assert board.cursor_cell == 4, "the cursor stays where it was"


# 7. The board shrank when the match line appeared -----------------------------------------


def test_7_the_board_keeps_its_size_when_a_match_line_history_or_banner_appears(
    qtbot: QtBot,
    make_window: WindowMaker,
    play_moves: MovePlayer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A screen with room for the first-run size (the offscreen one is 800 px wide, and
    # windows keep within their screen).
    monkeypatch.setattr(screen_fit, "available_geometry", lambda widget: QRect(0, 0, 1366, 768))
    window = make_window(ask_name=NameQueue("Alice", "Bob"))
    window.resize(1040, 660)
    window.ai_speed_actions[0].trigger()
    set_first_move(window, "x")
    panel = window.player_panel
    panel.choose_index(Mark.X, panel.new_person_index(Mark.X))
    panel.choose_index(Mark.O, panel.new_person_index(Mark.O))
    review = window.review
    qtbot.waitUntil(lambda: not review.replay_bar.isVisible())
    # The grid's square, as drawn (the widget may widen or narrow around it).
    size = window.board.board_rect().size()
    # A person's game: browsing back brings the history, the board stays as it was.
    play_moves(window, (0, 3, 1, 4))
    review.replay_bar.step_back()
    assert review.replay_bar.isVisible()
    qtbot.waitUntil(lambda: window.board.board_rect().size() == size)
    review.replay_bar.follow_live()
    window.reduce_motion_action.setChecked(True)
    play_moves(window, (2,))
    assert window.result_banner.isVisible()
    assert window.board.board_rect().size() == size
    # Two computers: a match and its score line.
    choose(window, Mark.X, kind="gated")
    choose(window, Mark.O, kind="gated")
    review.watch_match(3)
    assert review.match_label.isVisible()
    for _ in range(5):
        QApplication.processEvents()
    assert window.board.board_rect().size() == size


# 8. Save and Open started in the working directory; the title named no file -------------


def test_8_save_and_open_start_in_documents_then_the_last_folder(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    window = make_window()
    files = window.review.game_files
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    expected = documents if Path(documents).is_dir() else str(Path.home())
    assert files.start_folder() == expected
    assert files.start_folder() != os.getcwd() or expected == os.getcwd()
    folder = tmp_path / "games"
    folder.mkdir()
    assert files.save(folder / "first.tttgame")
    assert files.start_folder() == str(folder.resolve())
    # Remembered for the next run.
    again = make_window(settings=window.settings)
    assert again.review.game_files.start_folder() == str(folder.resolve())


def test_8_the_window_title_names_the_open_file(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    window = make_window()
    assert "tttgame" not in window.windowTitle()
    path = tmp_path / "evening.tttgame"
    assert window.review.game_files.save(path)
    assert window.windowTitle().startswith("evening.tttgame - ")
    window.new_game()
    assert "evening.tttgame" not in window.windowTitle()
    with qtbot.waitSignal(window.controller.game_started):
        window.review.game_files.open(path)
    assert window.windowTitle().startswith("evening.tttgame - ")
    assert window.windowTitle().endswith(" - TTT Desktop")


# 12. The keyboard cursor and the mouse preview on two cells; the cursor in computer games --


def test_12_one_cell_pointed_at_and_no_cursor_between_computers(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    choose(window, Mark.O, name="Player 2")
    board = window.board
    cells = [board.cell_widget(cell) for cell in range(9)]
    qtbot.keyClick(cells[board.cursor_cell], Qt.Key.Key_Up)
    before = board.grab().toImage()
    # The mouse comes over another cell: the preview shows there, the dashed cursor goes.
    qtbot.mouseMove(cells[8])
    qtbot.waitUntil(lambda: board.hovered_cell == 8)
    assert board.shows_preview
    assert not board.shows_cursor
    assert board.grab().toImage() != before
    qtbot.keyClick(cells[board.cursor_cell], Qt.Key.Key_Down)
    assert not board.shows_preview
    # Two computers: nobody here plays, no cursor on the board.
    choose(window, Mark.X, kind="gated")
    choose(window, Mark.O, kind="gated")
    qtbot.keyClick(cells[board.cursor_cell], Qt.Key.Key_Up)
    assert not board.shows_cursor


# The first screen ---------------------------------------------------------------------------


def test_a_persons_game_opens_on_the_board_and_computers_bring_the_history(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    window = make_window()
    review = window.review
    assert window.controller.session.seat(Mark.X).is_human
    assert not review.replay_bar.isVisible()
    assert not review.moves_dock.isVisible()
    assert window.header.isVisible() and window.player_panel.isVisible()
    choose(window, Mark.X, kind="gated")
    choose(window, Mark.O, kind="gated")
    assert review.replay_bar.isVisible() and review.moves_dock.isVisible()
    choose(window, Mark.X, name="Player 1")
    assert not review.replay_bar.isVisible()
    # An opened game brings its history, even with a person in it.
    record = record_from_json(
        record_to_json(
            GameRecord(
                window.controller.session.record.x, window.controller.session.record.o, Mark.X
            )
            .with_move(4)
            .with_move(0)
        )
    )
    path = tmp_path / "opened.tttgame"
    path.write_text(record_to_json(record), encoding="utf-8")
    window.review.game_files.open(path)
    assert review.replay_bar.isVisible() and review.moves_dock.isVisible()
    window.new_game()
    assert not review.replay_bar.isVisible()


def test_the_match_dialog_names_the_players(qtbot: QtBot) -> None:
    dialog = MatchDialog(x_name="Perfect", o_name="Ralph")
    qtbot.addWidget(dialog)
    assert dialog.players_label.text() == "Perfect (X) against Ralph (O)"
    assert dialog.start_button.isEnabled()
    people = MatchDialog(x_name="Alice", o_name="Ralph", people_seated=True)
    qtbot.addWidget(people)
    assert "two computer players" in people.players_label.text()
    assert not people.start_button.isEnabled()


def test_watch_a_match_chooses_its_two_computer_players(
    make_window: Callable[..., MainWindow], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QDialog  # noqa: PLC0415

    from ttt_desktop.core.board import HUMAN_KIND  # noqa: PLC0415
    from ttt_desktop.gui.game.controller import Seat  # noqa: PLC0415

    window = make_window()
    window.controller.session.set_seat(Mark.X, Seat(HUMAN_KIND, "Alice"))
    review = window.review
    dialog = review.match_dialog()
    qtbot.addWidget(dialog)
    # A person seated no longer stops a match: the dialog offers the computers to choose.
    assert dialog.start_button.isEnabled()
    assert dialog.x_box is not None and dialog.o_box is not None
    names = [dialog.x_box.itemText(i) for i in range(dialog.x_box.count())]
    assert "Alice" not in names and {"Rando", "Perfect"} <= set(names)
    dialog.x_box.setCurrentIndex(names.index("Rando"))
    dialog.o_box.setCurrentIndex(names.index("Perfect"))
    dialog.games_box.setValue(2)
    monkeypatch.setattr(dialog, "exec", lambda: QDialog.DialogCode.Accepted)
    monkeypatch.setattr(review, "match_dialog", lambda: dialog)
    review.watch_match_action.trigger()
    assert window.controller.session.seat(Mark.X).name == "Rando"
    assert window.controller.session.seat(Mark.O).name == "Perfect"
    with qtbot.waitSignal(review.match_runner.match_finished, timeout=30_000) as finished:
        pass
    assert finished.args[0].played == 2
