"""The coach in the real window: undo and redo in every kind of game, hints, move values,
and the Review dock, driven through the window's actions, keys and clicks."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot
from slow_players import SlowPlayers, StubbornPlayer

from ttt_desktop.analysis import coach
from ttt_desktop.core import GameRecord, Mark, cell_from_keypad
from ttt_desktop.formats.files import load_record, save_record
from ttt_desktop.gui.coach.features import SHOW_VALUES_KEY, redo_keys, undo_keys
from ttt_desktop.gui.coach.overlays import HINT_LAYER, REVIEW_LAYER, VALUES_LAYER
from ttt_desktop.gui.game.session_score import SessionScore
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import AppSettings
from ttt_desktop.players import roster

WindowMaker = Callable[..., MainWindow]

# Every computer kind a person can pick (the test-only kinds are covered separately).
COMPUTER_KINDS = [entry.kind for entry in roster() if entry.kind != "sequence"]


def choose(window: MainWindow, mark: Mark, *, kind: str | None = None, name: str | None = None):
    panel = window.player_panel
    index = panel.index_of(mark, kind=kind, name=name)
    assert index >= 0, f"no entry for {kind or name} in the {mark} drop-down"
    panel.choose_index(mark, index)


def set_first(window: MainWindow, first: str) -> None:
    panel = window.player_panel
    panel.start_combo.setCurrentIndex(panel.start_combo.findData(first))
    panel.start_combo.activated.emit(panel.start_combo.currentIndex())


def against(make_window: WindowMaker, kind: str, *, person: Mark = Mark.X) -> MainWindow:
    """Player 1 against the computer ``kind``, X first, computer moves instant."""
    window = make_window()
    window.ai_speed_actions[0].trigger()
    set_first(window, "x")
    choose(window, person, name="Player 1")
    choose(window, person.opponent, kind=kind)
    window.new_game()
    return window


def click(qtbot: QtBot, window: MainWindow, keypad: int) -> GameRecord:
    """Click the cell with keypad digit ``keypad``; the record after that move."""
    with qtbot.waitSignal(window.controller.move_played) as played:
        qtbot.mouseClick(
            window.board.cell_widget(cell_from_keypad(keypad)), Qt.MouseButton.LeftButton
        )
    record = played.args[0]
    assert isinstance(record, GameRecord)
    return record


def play_and_wait_reply(qtbot: QtBot, window: MainWindow, keypad: int) -> GameRecord:
    """The person's move, then the computer's reply (unless the move ended the game)."""
    controller = window.controller
    ply = controller.session.record.ply
    with qtbot.waitSignal(
        controller.move_played, check_params_cb=lambda r: r.ply == ply + 2 or r.is_finished
    ):
        qtbot.mouseClick(
            window.board.cell_widget(cell_from_keypad(keypad)), Qt.MouseButton.LeftButton
        )
    return controller.session.record


def free_keypad(window: MainWindow) -> int:
    """A keypad digit of an empty cell."""
    return next(
        d for d in range(1, 10) if window.controller.session.board[cell_from_keypad(d)] is None
    )


def focused(window: MainWindow) -> QWidget:
    """Where a key goes: the window's focus widget (a cell of the board, usually)."""
    window.activateWindow()
    QTest.qWaitForWindowActive(window)
    return window.focusWidget() or window.board.cell_widget(window.board.cursor_cell)


def keypads(record: GameRecord) -> list[int]:
    return [[7, 8, 9, 4, 5, 6, 1, 2, 3][cell] for cell in record.moves]


# Undo and redo ----------------------------------------------------------------------------


def test_keys_and_menu_entries(make_window: WindowMaker) -> None:
    window = make_window()
    features = window.coach
    assert features.undo_action.shortcuts()[0].toString() == "Ctrl+Z"
    redo = [key.toString() for key in features.redo_action.shortcuts()]
    assert "Ctrl+Shift+Z" in redo and "Ctrl+Y" in redo
    assert undo_keys()[0].toString() == "Ctrl+Z"
    assert {"Ctrl+Shift+Z", "Ctrl+Y"} <= {key.toString() for key in redo_keys()}
    assert features.hint_action.shortcut().toString() == "Ctrl+H"
    game_actions = window.game_menu.actions()
    for action in (features.undo_action, features.redo_action, features.hint_action):
        assert action in game_actions
        assert action in features.toolbar.actions()
    assert features.show_values_action in window.review.view_menu.actions()
    assert features.review_action in window.review.view_menu.actions()
    # No other action of the window takes the coach's keys.
    taken = [
        key.toString()
        for action in window.findChildren(type(features.undo_action))
        if action not in (features.undo_action, features.redo_action, features.hint_action)
        for key in action.shortcuts()
    ]
    for key in ("Ctrl+Z", "Ctrl+Shift+Z", "Ctrl+Y", "Ctrl+H"):
        assert key not in taken


def test_hot_seat_undo_is_one_move_and_redo_replays_it(
    qtbot: QtBot, two_people: WindowMaker
) -> None:
    window = two_people()
    features, controller = window.coach, window.controller
    assert not features.undo_action.isEnabled() and not features.redo_action.isEnabled()
    for digit in (5, 7, 3):
        click(qtbot, window, digit)
    assert features.undo_action.isEnabled() and not features.redo_action.isEnabled()

    # By the key, as a person would.
    with qtbot.waitSignal(controller.history_changed):
        qtbot.keyClick(focused(window), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert keypads(controller.session.record) == [5, 7]
    assert controller.session.board.to_move is Mark.X
    assert window.board.board is controller.session.board
    assert features.redo_action.isEnabled()
    features.undo_action.trigger()
    assert keypads(controller.session.record) == [5]
    assert window.status_label.text().startswith("Bob")

    with qtbot.waitSignal(controller.history_changed):
        qtbot.keyClick(focused(window), Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert keypads(controller.session.record) == [5, 7]
    features.redo_action.trigger()
    assert keypads(controller.session.record) == [5, 7, 3]
    assert not features.redo_action.isEnabled()

    # A different move ends redo.
    features.undo_action.trigger()
    click(qtbot, window, 9)
    assert not features.redo_action.isEnabled()
    features.redo_action.trigger()
    assert keypads(controller.session.record) == [5, 7, 9]
    # The record keeps what was taken back.
    assert [undo.count for undo in controller.session.record.undos] == [1, 1, 1]
    assert controller.session.record.moves_taken_back(Mark.X) == 2
    assert controller.session.record.moves_taken_back(Mark.O) == 1


def test_undo_all_the_way_and_the_move_list_follows(qtbot: QtBot, two_people: WindowMaker) -> None:
    window = two_people()
    features, controller = window.coach, window.controller
    for digit in (5, 7):
        click(qtbot, window, digit)
    features.undo_action.trigger()
    features.undo_action.trigger()
    assert controller.session.record.ply == 0
    assert not features.undo_action.isEnabled()
    assert window.review.replay_bar.record == controller.session.record
    assert window.review.replay_bar.viewed_ply == 0
    features.redo_action.trigger()
    features.redo_action.trigger()
    assert keypads(controller.session.record) == [5, 7]
    assert window.review.replay_bar.viewed_ply == 2


@pytest.mark.parametrize("kind", COMPUTER_KINDS)
def test_undo_against_each_computer_goes_back_to_the_persons_turn(
    qtbot: QtBot, make_window: WindowMaker, kind: str
) -> None:
    window = against(make_window, kind)
    features, controller = window.coach, window.controller
    play_and_wait_reply(qtbot, window, 5)
    first_reply = controller.session.record.moves[1]
    play_and_wait_reply(qtbot, window, free_keypad(window))
    assert controller.session.record.ply == 4
    assert features.undo_action.isEnabled()

    features.undo_action.trigger()
    assert controller.session.record.ply == 2, "the person's move and the computer's reply went"
    assert controller.session.board.to_move is Mark.X
    assert not controller.session.is_thinking
    assert window.board.accepts_clicks
    features.undo_action.trigger()
    assert controller.session.record.ply == 0
    assert not features.undo_action.isEnabled()

    # Redo brings back the person's move and the computer's reply, as they were.
    features.redo_action.trigger()
    assert controller.session.record.ply == 2 and controller.session.record.moves[1] == first_reply
    assert not controller.session.is_thinking
    features.redo_action.trigger()
    assert controller.session.record.ply == 4
    assert not features.redo_action.isEnabled()
    assert controller.session.record.moves_taken_back(Mark.X) == 2
    assert controller.session.record.moves_taken_back(Mark.O) == 0


def test_undo_when_the_computer_opened(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    window.ai_speed_actions[0].trigger()
    set_first(window, "x")
    choose(window, Mark.O, name="Player 1")
    with qtbot.waitSignal(window.controller.move_played):
        choose(window, Mark.X, kind="perfect")
    features, controller = window.coach, window.controller
    assert controller.session.record.ply == 1
    assert not features.undo_action.isEnabled(), "nothing of the person's to take back"
    play_and_wait_reply(qtbot, window, free_keypad(window))
    assert controller.session.record.ply == 3
    features.undo_action.trigger()
    assert controller.session.record.ply == 1
    assert controller.session.board.to_move is Mark.O
    assert controller.session.record.undos[-1].by is Mark.O


def test_undo_during_a_search_abandons_it(
    qtbot: QtBot, make_window: WindowMaker, test_players: SlowPlayers
) -> None:
    # A player that answers even when told to stop: its answer must not land.
    window = against(make_window, "stubborn")
    features, controller = window.coach, window.controller
    assert not features.redo_action.isEnabled()
    with qtbot.waitSignal(controller.thinking_started):
        click(qtbot, window, 5)
    qtbot.waitUntil(lambda: test_players.has(StubbornPlayer))
    stubborn = test_players.last(StubbornPlayer)
    qtbot.waitUntil(lambda: stubborn.calls == 1)  # the search is under way
    assert features.undo_action.isEnabled()
    assert not features.hint_action.isEnabled(), "no hint while the computer thinks"

    with qtbot.waitSignal(controller.thinking_stopped):
        features.undo_action.trigger()
    assert controller.session.record.ply == 0
    assert controller.session.board.to_move is Mark.X
    assert features.redo_action.isEnabled()
    with (
        qtbot.assertNotEmitted(controller.move_played),
        qtbot.waitSignal(controller.stale_answer_dropped),
    ):
        test_players.gate.set()
    assert controller.session.record.ply == 0
    assert window.status_label.text() == "Player 1 (X) to move"

    # Redo plays the person's move again, and the computer thinks afresh.
    with qtbot.waitSignal(controller.move_played, check_params_cb=lambda r: r.ply == 2):
        features.redo_action.trigger()
    assert keypads(controller.session.record)[0] == 5


def test_undo_after_a_result_reopens_the_game_and_it_counts_once(
    qtbot: QtBot, two_people: WindowMaker
) -> None:
    window = two_people()
    features, controller = window.coach, window.controller
    for digit in (7, 4, 8, 5):
        click(qtbot, window, digit)
    with qtbot.waitSignal(controller.game_finished):
        click(qtbot, window, 9)
    assert window.score.score("Alice", "Bob").first_wins == 1
    assert features.undo_action.isEnabled()

    qtbot.waitUntil(window.result_banner.isVisible)
    with qtbot.waitSignal(controller.game_reopened):
        features.undo_action.trigger()
    assert not controller.session.record.is_finished
    assert not window.result_banner.isVisible()
    assert window.score.score("Alice", "Bob").games == 0
    assert window.status_label.text().startswith("Alice")
    assert window.board.accepts_clicks
    # Finished again, another way: counted once, by the final result.
    click(qtbot, window, 6)  # X plays elsewhere
    while not controller.session.record.is_finished:
        click(qtbot, window, free_keypad(window))
    final = controller.session.record
    assert final.is_finished
    score = window.score.score("Alice", "Bob")
    assert score.games == 1
    expected = (1, 0, 0) if final.result == "X" else (0, 1, 0) if final.result == "O" else (0, 0, 1)
    assert (score.first_wins, score.second_wins, score.draws) == expected
    # Undo then redo to the same end: still one game.
    features.undo_action.trigger()
    with qtbot.waitSignal(controller.game_finished):
        features.redo_action.trigger()
    assert window.score.score("Alice", "Bob").games == 1


def test_no_undo_between_two_computers(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    window.ai_speed_actions[0].trigger()
    choose(window, Mark.X, kind="perfect")
    choose(window, Mark.O, kind="perfect")
    with qtbot.waitSignal(window.controller.game_finished, timeout=20_000):
        window.start_button.click()
    features = window.coach
    assert not features.undo_action.isEnabled()
    assert not features.redo_action.isEnabled()
    assert not features.hint_action.isEnabled()
    assert "browse" in features.undo_action.toolTip()
    record = window.controller.session.record
    window.controller.session.undo()
    assert window.controller.session.record == record


# Hints ----------------------------------------------------------------------------------


def test_hint_marks_the_best_cells_and_says_why(qtbot: QtBot, two_people: WindowMaker) -> None:
    window = two_people()
    features, controller = window.coach, window.controller
    for digit in (7, 5, 8):
        click(qtbot, window, digit)
    # O must block at 9.
    qtbot.keyClick(focused(window), Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    overlay = window.board.overlay(HINT_LAYER)
    assert overlay is not None and overlay.marked == (cell_from_keypad(9),)
    assert window.statusBar().currentMessage() == "Hint for O: Block 9"
    assert "hint: Block 9" in window.board.cell_widget(cell_from_keypad(9)).accessibleDescription()
    assert controller.session.record.hints_used(Mark.O) == 1
    # The next move takes the hint away, and its words.
    click(qtbot, window, 9)
    assert window.board.overlay(HINT_LAYER) is None
    assert window.statusBar().currentMessage() == ""
    features.hint_action.trigger()
    assert features.last_hint is not None
    assert features.last_hint.sentence == coach.hint(controller.session.board).sentence
    assert controller.session.record.hints_used(Mark.X) == 1


def test_hint_button_and_when_it_is_offered(qtbot: QtBot, two_people: WindowMaker) -> None:
    window = two_people()
    features = window.coach
    button = features.toolbar.widgetForAction(features.hint_action)
    assert button is not None and button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.board.overlay(HINT_LAYER) is not None
    assert window.statusBar().currentMessage() == (
        "Hint for X: Any of 1, 2, 3, 4, 5, 6, 7, 8, 9 keeps the draw"
    )
    for digit in (7, 4, 8, 5):
        click(qtbot, window, digit)
    # Browsing history: no hint for an old position.
    window.review.replay_bar.show_ply(1)
    assert not features.hint_action.isEnabled()
    window.review.replay_bar.follow_live()
    assert features.hint_action.isEnabled()
    with qtbot.waitSignal(window.controller.game_finished):
        click(qtbot, window, 9)
    assert not features.hint_action.isEnabled()


# Move values ----------------------------------------------------------------------------


def test_move_values_follow_moves_and_history_and_are_remembered(
    qtbot: QtBot, make_window: WindowMaker, two_people: WindowMaker
) -> None:
    window = two_people()
    features, board = window.coach, window.board
    assert not features.show_values_action.isChecked()
    assert board.overlay(VALUES_LAYER) is None
    features.show_values_action.trigger()
    overlay = board.overlay(VALUES_LAYER)
    assert overlay is not None
    assert {cell: note.text for cell, note in overlay.annotations.items()} == dict.fromkeys(
        range(9), "draw"
    )
    click(qtbot, window, 5)
    overlay = board.overlay(VALUES_LAYER)
    assert overlay is not None
    corners = {cell_from_keypad(d) for d in (1, 3, 7, 9)}
    for cell, note in overlay.annotations.items():
        assert note.text == ("draw" if cell in corners else "loses in 3")
        assert note.tone == ("draw" if cell in corners else "loss")
    description = board.cell_widget(cell_from_keypad(8)).accessibleDescription()
    assert "for O, playing here loses in 3 moves against best play" in description
    # Browsing history shows the values of the position on show.
    window.review.replay_bar.show_ply(0)
    overlay = board.overlay(VALUES_LAYER)
    assert overlay is not None and len(overlay.annotations) == 9
    window.review.replay_bar.follow_live()
    assert len(board.overlay(VALUES_LAYER).annotations) == 8  # type: ignore[union-attr]
    assert window.settings.qsettings.value(SHOW_VALUES_KEY) in (True, "true")

    # Remembered: the next window starts with the values on.
    again = make_window(settings=AppSettings())
    assert again.coach.show_values_action.isChecked()
    assert again.board.overlay(VALUES_LAYER) is not None
    features.show_values_action.trigger()
    assert board.overlay(VALUES_LAYER) is None


# The Review dock ----------------------------------------------------------------------------


def test_review_after_a_game_with_two_mistakes(qtbot: QtBot, two_people: WindowMaker) -> None:
    window = two_people()
    features, controller = window.coach, window.controller
    panel = features.review_panel
    assert not features.review_dock.isVisible()
    for digit in (5, 8, 7, 3, 9, 1, 6):
        click(qtbot, window, digit)
    features.undo_action.trigger()  # X takes back 6
    features.hint_action.trigger()  # and asks: block at 2
    click(qtbot, window, 4)  # ... but plays 4
    with qtbot.waitSignal(controller.game_finished):
        click(qtbot, window, 2)  # O completes 1-2-3
    assert features.review_dock.isVisible()
    record = controller.session.record
    assert record.result == "O"
    review = panel.review
    assert review is not None
    assert panel.moves.count() == record.ply
    rows = [panel.moves.item(row).text() for row in range(panel.moves.count())]
    assert rows[1].startswith("2. O8 - Mistake\nAfter O8, X plays 7 and threatens 3-5-7")
    assert rows[4].startswith("5. X9 - Missed a win\n")
    assert rows[6] == (
        "7. X4 - Mistake\nAfter X4, O plays 2 and completes 1-2-3; "
        "blocking at 2 would have kept the draw."
    )
    assert rows[7] == "8. O2 - Best"
    summary = panel.summary.text()
    assert "<b>Alice (X)</b>" in summary and "<b>Bob (O)</b>" in summary
    assert "1 move taken back" in summary and "1 hint" in summary
    assert "accuracy" in summary

    # Clicking a verdict shows the position before it with the better move marked.
    item = panel.moves.item(1)
    qtbot.mouseClick(
        panel.moves.viewport(),
        Qt.MouseButton.LeftButton,
        pos=panel.moves.visualItemRect(item).center(),
    )
    assert window.review.replay_bar.viewed_ply == 1
    assert window.board.board is record.board_at(1)
    overlay = window.board.overlay(REVIEW_LAYER)
    assert overlay is not None
    assert set(overlay.marked) == {cell_from_keypad(d) for d in (1, 3, 7, 9)}
    assert overlay.annotations[cell_from_keypad(8)].text == "played"
    assert [(g.cell, g.mark, g.number) for g in overlay.ghosts] == [
        (cell_from_keypad(8), Mark.O, 2)
    ]
    # Back to the end: the marking goes.
    window.review.replay_bar.follow_live()
    assert window.board.overlay(REVIEW_LAYER) is None

    # Try again from the position before the first mistake, same players.
    with qtbot.waitSignal(controller.game_started) as started:
        qtbot.mouseClick(panel.try_again_button, Qt.MouseButton.LeftButton)
    practice = started.args[0]
    assert practice.moves == record.moves[:1]
    assert practice.branched_from is not None and practice.branched_from.ply == 1
    assert (practice.x.name, practice.o.name) == ("Alice", "Bob")
    assert controller.session.board.to_move is Mark.O
    # The review it came from stays on show to practise with; the practice game's own
    # review comes when it ends.
    assert window.coach.review_dock.isVisible()
    assert panel.record is not None and panel.record.game_id == record.game_id


def test_an_opened_game_is_reviewed_at_once(
    qtbot: QtBot, tmp_path, two_people: WindowMaker
) -> None:
    window = two_people()
    for digit in (5, 8):
        click(qtbot, window, digit)
    window.coach.hint_action.trigger()
    window.coach.undo_action.trigger()
    click(qtbot, window, 9)
    path = tmp_path / "game.tttgame"
    save_record(window.controller.session.record, path)
    saved = load_record(path)
    assert saved.undos == window.controller.session.record.undos
    assert saved.hints == window.controller.session.record.hints
    assert saved.game_id == window.controller.session.record.game_id

    other = two_people()
    other.review.game_files.record_opened.emit(saved, str(path))
    panel = other.coach.review_panel
    assert panel.record is not None and panel.record.game_id == saved.game_id
    assert panel.moves.count() == 2
    assert panel.moves.item(1).text().startswith("2. O9 - Best")
    assert "1 hint" in panel.summary.text() and "1 move taken back" in panel.summary.text()
    # Playing on in the opened game keeps its review up to date.
    click(qtbot, other, 1)
    assert panel.moves.count() == 3
    other.coach.show_review(saved)
    assert other.coach.review_dock.isVisible()


def test_session_score_takes_a_result_back() -> None:
    score = SessionScore()
    score.add_result("Ann", "Ben", "Ann")
    score.add_result("Ann", "Ben", None)
    score.remove_result("Ann", "Ben", "Ann")
    assert score.score("Ann", "Ben").games == 1
    assert score.score("Ann", "Ben").draws == 1
    score.remove_result("Ann", "Ben", None)
    assert score.pairings() == []
    # Taking back what was never counted changes nothing.
    score.remove_result("Ann", "Cy", "Cy")
    score.add_result("Ben", "Ann", "Ann")
    score.remove_result("Ben", "Ann", "Ben")
    assert score.score("Ann", "Ben").first_wins == 1


def test_computers_game_reviewed_when_the_dock_shows(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """A computers' game ends with the Review dock hidden: its review is built when it shows."""
    window = make_window()
    window.ai_speed_actions[0].trigger()
    set_first(window, "x")
    choose(window, Mark.X, kind="perfect")
    choose(window, Mark.O, kind="perfect")
    features, controller = window.coach, window.controller
    with qtbot.waitSignal(controller.game_finished, timeout=30_000):
        window.new_game()
    record = controller.session.record
    assert record.is_finished and not features.review_dock.isVisible()
    assert features.review_due == record and features.review_panel.review is None
    features.review_action.trigger()
    assert features.review_dock.isVisible()
    assert features.review_due is None and features.review_panel.record == record
    review = features.review_panel.review
    assert review == coach.review_game(record)
    assert features.review_panel.moves.count() == len(record.moves)
