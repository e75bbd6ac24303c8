"""The replay bar and the move list on their own: every control, following, playback."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from ttt_desktop.core import GameRecord, Mark, PlayerEntry
from ttt_desktop.gui.review.move_list import MOVE_COLUMNS, MoveList
from ttt_desktop.gui.review.replay_bar import SPEED_STEPS_MS, ReplayBar, describe_delay

ANN = PlayerEntry("human", "Ann")
BOB = PlayerEntry("human", "Bob")
LEVI = PlayerEntry("levi", "Levi", seed=1)
PERFECT = PlayerEntry("perfect", "Perfect", seed=2)


def game(
    x: PlayerEntry, o: PlayerEntry, moves: tuple[int, ...], first: Mark = Mark.X
) -> GameRecord:
    record = GameRecord(x, o, first, started_at="2026-03-04T05:06:07.000Z")
    for cell in moves:
        record = record.with_move(cell)
    return record


def make_bar(qtbot: QtBot) -> tuple[ReplayBar, list[int]]:
    bar = ReplayBar()
    qtbot.addWidget(bar)
    views: list[int] = []
    bar.view_changed.connect(views.append)
    return bar, views


# The replay bar ------------------------------------------------------------------------


def test_buttons_step_through_a_finished_game(qtbot: QtBot) -> None:
    bar, views = make_bar(qtbot)
    bar.set_record(game(ANN, BOB, (0, 3, 1, 4, 2)))
    assert bar.viewed_ply == 5
    assert not bar.end_button.isEnabled()
    assert not bar.forward_button.isEnabled()
    bar.back_button.click()
    bar.back_button.click()
    assert bar.viewed_ply == 3
    assert bar.position_label.text() == "Move 3 of 5: X8"
    bar.start_button.click()
    assert bar.viewed_ply == 0
    assert not bar.back_button.isEnabled()
    assert bar.position_label.text() == "Start"
    bar.forward_button.click()
    assert bar.viewed_ply == 1
    bar.end_button.click()
    assert bar.viewed_ply == 5
    assert views == [5, 4, 3, 0, 1, 5]


def test_timeline_covers_every_ply(qtbot: QtBot) -> None:
    bar, views = make_bar(qtbot)
    bar.set_record(game(ANN, BOB, (4, 0, 8)))
    assert (bar.timeline.minimum(), bar.timeline.maximum(), bar.timeline.value()) == (0, 3, 3)
    bar.timeline.setValue(1)
    assert bar.viewed_ply == 1
    assert views[-1] == 1
    bar.step_forward()
    assert bar.timeline.value() == 2


def test_following_a_growing_game_and_browsing_back(qtbot: QtBot) -> None:
    bar, views = make_bar(qtbot)
    record = game(LEVI, PERFECT, ())
    bar.set_record(record)
    for cell in (4, 0, 8):
        record = record.with_move(cell)
        bar.set_record(record)
    assert bar.following
    assert bar.viewed_ply == 3
    assert bar.live_button.isChecked()
    bar.step_back()
    assert not bar.following
    assert not bar.live_button.isChecked()
    record = record.with_move(2)
    bar.set_record(record)
    assert bar.viewed_ply == 2, "history stays on show while the match goes on"
    assert bar.timeline.maximum() == 4
    bar.live_button.click()
    assert bar.following
    assert bar.viewed_ply == 4
    record = record.with_move(6)
    bar.set_record(record)
    assert bar.viewed_ply == 5
    assert views[-1] == 5


def test_play_pause_pauses_a_live_ai_match(qtbot: QtBot) -> None:
    bar, _views = make_bar(qtbot)
    requests: list[bool] = []
    bar.pause_requested.connect(requests.append)
    record = game(LEVI, PERFECT, (4,))
    bar.set_record(record)
    assert bar.is_live_match
    assert bar.play_button.accessibleName() == "Pause"
    bar.play_button.click()
    assert requests == [True]
    bar.set_match_paused(True)
    assert bar.play_button.accessibleName() == "Play"
    # The move that was being computed is recorded but not shown until stepped to.
    record = record.with_move(0)
    bar.set_record(record)
    assert bar.viewed_ply == 1
    assert bar.forward_button.isEnabled()
    bar.forward_button.click()
    assert bar.viewed_ply == 2
    bar.play_button.click()
    assert requests == [True, False]
    assert bar.following


def test_step_forward_at_the_end_of_a_paused_match_asks_for_one_move(qtbot: QtBot) -> None:
    bar, _views = make_bar(qtbot)
    record = game(LEVI, PERFECT, (4,))
    bar.set_record(record)
    bar.set_match_paused(True)
    with qtbot.waitSignal(bar.step_live_requested):
        bar.forward_button.click()
    record = record.with_move(0)
    bar.set_record(record)
    assert bar.viewed_ply == 2, "the move asked for is shown when it arrives"
    record = record.with_move(8)
    bar.set_record(record)
    assert bar.viewed_ply == 2


def test_play_back_a_finished_game(qtbot: QtBot) -> None:
    bar, views = make_bar(qtbot)
    bar.set_move_delay_ms(0)
    bar.set_record(game(ANN, BOB, (0, 3, 1, 4, 2)))
    assert not bar.is_live_match
    bar.play_button.click()
    assert bar.is_playing_back
    assert bar.viewed_ply == 0, "playback from the end starts over"
    qtbot.waitUntil(lambda: not bar.is_playing_back)
    assert bar.viewed_ply == 5
    assert views[-6:] == [0, 1, 2, 3, 4, 5]


def test_playback_stops_on_a_step(qtbot: QtBot) -> None:
    bar, _views = make_bar(qtbot)
    bar.set_move_delay_ms(3000)
    bar.set_record(game(ANN, BOB, (0, 3, 1, 4, 2)))
    bar.play_button.click()
    assert bar.is_playing_back
    bar.forward_button.click()
    assert not bar.is_playing_back
    assert bar.viewed_ply == 1


def test_human_game_without_moves_cannot_play(qtbot: QtBot) -> None:
    bar, _views = make_bar(qtbot)
    bar.set_record(game(ANN, LEVI, ()))
    assert not bar.play_button.isEnabled()
    assert bar.position_label.text() == "No moves"


def test_speed_slider_sets_the_delay(qtbot: QtBot) -> None:
    bar, _views = make_bar(qtbot)
    delays: list[int] = []
    bar.move_delay_changed.connect(delays.append)
    bar.speed.setValue(0)
    bar.speed.setValue(bar.speed.maximum())
    assert delays == [SPEED_STEPS_MS[0], 0]
    assert bar.speed_label.text() == "max speed"
    assert bar.move_delay_ms == 0
    bar.set_move_delay_ms(450)
    assert bar.move_delay_ms == 400
    assert delays == [3000, 0], "setting the slider from the controller emits nothing"
    assert describe_delay(3000) == "3 s/move"
    assert describe_delay(50) == "50 ms/move"


def test_history_actions_carry_modifier_shortcuts(qtbot: QtBot) -> None:
    bar, _views = make_bar(qtbot)
    shortcuts = [action.shortcut().toString() for action in bar.history_actions]
    assert shortcuts == ["Alt+Left", "Alt+Right", "Alt+Home", "Alt+End", "Ctrl+P"]
    bar.set_record(game(ANN, BOB, (0, 3, 1)))
    bar.history_actions[0].trigger()
    assert bar.viewed_ply == 2
    bar.history_actions[2].trigger()
    assert bar.viewed_ply == 0
    bar.history_actions[1].trigger()
    assert bar.viewed_ply == 1
    bar.history_actions[3].trigger()
    assert bar.viewed_ply == 3


def test_new_game_resets_the_view(qtbot: QtBot) -> None:
    bar, _views = make_bar(qtbot)
    bar.set_record(game(ANN, BOB, (0, 3, 1)))
    bar.go_to_start()
    fresh = GameRecord(ANN, BOB, Mark.O, started_at="2026-03-04T05:07:00.000Z")
    bar.set_record(fresh)
    assert bar.following
    bar.set_record(fresh.with_move(4))
    assert bar.viewed_ply == 1


# The move list ---------------------------------------------------------------------------


def make_list(qtbot: QtBot) -> tuple[MoveList, list[int]]:
    moves = MoveList()
    qtbot.addWidget(moves)
    chosen: list[int] = []
    moves.ply_selected.connect(chosen.append)
    return moves, chosen


def row_texts(moves: MoveList, row: int) -> list[str]:
    return [moves.item(row, column).text() for column in range(len(MOVE_COLUMNS))]


def test_move_list_rows(qtbot: QtBot) -> None:
    moves, chosen = make_list(qtbot)
    moves.set_record(game(ANN, LEVI, (4, 0, 8), first=Mark.O))
    assert moves.rowCount() == 4
    assert row_texts(moves, 0)[1] == "Start"
    assert row_texts(moves, 1) == ["1", "Levi", "O", "5"]
    assert row_texts(moves, 2) == ["2", "Ann", "X", "7"]
    assert row_texts(moves, 3) == ["3", "Levi", "O", "3"]
    assert moves.horizontalHeaderItem(3).text() == "Keypad"
    assert chosen == [], "listing moves chooses nothing"


def test_move_list_grows_and_resets(qtbot: QtBot) -> None:
    moves, _chosen = make_list(qtbot)
    record = game(ANN, BOB, (4,))
    moves.set_record(record)
    first_row = moves.item(1, 0)
    moves.set_record(record.with_move(0))
    assert moves.rowCount() == 3
    assert moves.item(1, 0) is first_row, "a growing game keeps its rows"
    moves.set_record(GameRecord(ANN, BOB, Mark.X, started_at="2026-03-04T05:09:00.000Z"))
    assert moves.rowCount() == 1


def test_clicking_a_move_selects_its_ply(qtbot: QtBot) -> None:
    moves, chosen = make_list(qtbot)
    moves.set_record(game(ANN, BOB, (4, 0, 8)))
    moves.show()
    rect = moves.visualItemRect(moves.item(2, 1))
    qtbot.mouseClick(moves.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert chosen == [2]
    assert moves.current_ply == 2


def test_move_list_keys_step_history(qtbot: QtBot) -> None:
    moves, chosen = make_list(qtbot)
    moves.set_record(game(ANN, BOB, (4, 0, 8, 2)))
    moves.set_current_ply(4)
    assert chosen == [], "highlighting from outside emits nothing"
    for key in (Qt.Key.Key_Left, Qt.Key.Key_Left, Qt.Key.Key_Home, Qt.Key.Key_Right):
        qtbot.keyClick(moves, key)
    qtbot.keyClick(moves, Qt.Key.Key_Down)
    qtbot.keyClick(moves, Qt.Key.Key_End)
    qtbot.keyClick(moves, Qt.Key.Key_Up)
    assert chosen == [3, 2, 0, 1, 2, 4, 3]
    moves.select_ply(99)
    assert chosen[-1] == 4
