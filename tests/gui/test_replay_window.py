"""Watching and reviewing in the real window: move list, history browsing during a live
match, pause between moves, matches, play on from here, game files, replay live."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from slow_players import Players
from test_game_files import drag_events

from ttt_desktop.core import BranchPoint, GameRecord, Mark, PlayerEntry
from ttt_desktop.core.rules import GOMOKU
from ttt_desktop.formats.files import save_record
from ttt_desktop.formats.text_codec import record_to_text
from ttt_desktop.gui.game.controller import Seat
from ttt_desktop.gui.help.manual import manual_folder
from ttt_desktop.gui.review.review import PlayOnDialog, ReviewFeatures
from ttt_desktop.gui.shell.main_window import MainWindow

WindowMaker = Callable[..., MainWindow]

ANN = Seat("human", "Ann")
BOB = Seat("human", "Bob")


class Errors:
    """Collects the error dialogs a window would have shown."""

    def __init__(self, review: ReviewFeatures) -> None:
        self.shown: list[str] = []
        self.details: list[str] = []
        review.game_files.show_error_dialog = self._show  # type: ignore[method-assign]

    def _show(self, _title: str, text: str, details: str = "") -> None:
        self.shown.append(text)
        self.details.append(details)


def seat(window: MainWindow, x: Seat, o: Seat) -> None:
    window.controller.session.set_seat(Mark.X, x)
    window.controller.session.set_seat(Mark.O, o)


def hot_seat_game(qtbot: QtBot, window: MainWindow, cells: tuple[int, ...]) -> GameRecord:
    seat(window, ANN, BOB)
    window.controller.session.new_game(Mark.X)
    for cell in cells:
        with qtbot.waitSignal(window.controller.move_played):
            window.board.cell_clicked.emit(cell)
    return window.controller.session.record


@pytest.fixture
def players() -> Players:
    return Players()


@pytest.fixture
def window(make_window: WindowMaker, players: Players) -> MainWindow:
    made = make_window(player_factory=players)
    made.set_move_delay(0)
    return made


# Move list and history ----------------------------------------------------------------


def test_move_list_follows_a_game_and_clicking_shows_that_position(
    qtbot: QtBot, window: MainWindow
) -> None:
    review = window.review
    record = hot_seat_game(qtbot, window, (4, 0, 8))
    assert review.move_list.rowCount() == 4
    assert review.move_list.item(2, 1).text() == "Bob"
    review.move_list.select_ply(1)
    assert window.board.board == record.board_at(1)
    assert window.board.last_move == 4
    assert not window.board.accepts_clicks, "history is for looking"
    assert review.replay_bar.viewed_ply == 1
    assert window.controller.session.record is record, "browsing never changes the record"


def test_the_move_list_names_cells_as_the_board_does(qtbot: QtBot, window: MainWindow) -> None:
    review = window.review
    hot_seat_game(qtbot, window, (6, 4))
    listing = review.move_list
    assert [listing.item(ply, 3).text() for ply in (1, 2)] == ["1", "5"]
    assert listing.horizontalHeaderItem(3).text() == "Keypad"
    seat(window, ANN, BOB)
    window.controller.session.new_game(Mark.X, GOMOKU)
    centre = GOMOKU.geometry.parse("h8")
    for cell in (centre, GOMOKU.geometry.parse("a1"), GOMOKU.geometry.parse("o15")):
        with qtbot.waitSignal(window.controller.move_played):
            window.board.cell_clicked.emit(cell)
    assert listing.columnCount() == 4, "no second notation beside the board's"
    assert [listing.item(ply, 3).text() for ply in (1, 2, 3)] == ["h8", "a1", "o15"]
    title = listing.horizontalHeaderItem(3)
    assert title.text() == "Cell (a1-o15)"
    assert "a1 is the bottom-left" in title.toolTip()
    metrics = listing.horizontalHeader().fontMetrics()
    assert listing.columnWidth(3) >= metrics.horizontalAdvance(title.text()), "read whole"


def test_board_click_in_history_returns_to_the_newest_position(
    qtbot: QtBot, window: MainWindow
) -> None:
    review = window.review
    record = hot_seat_game(qtbot, window, (4, 0))
    review.replay_bar.go_to_start()
    with qtbot.assertNotEmitted(window.controller.move_played):
        window.board.cell_clicked.emit(8)
    assert review.replay_bar.viewed_ply == 2
    assert window.board.board == record.final_board
    assert window.board.accepts_clicks
    assert "earlier position" in window.statusBar().currentMessage()
    with qtbot.waitSignal(window.controller.move_played):
        window.board.cell_clicked.emit(8)


def test_history_keys_in_the_view_menu_and_the_help(qtbot: QtBot, window: MainWindow) -> None:
    review = window.review
    menus = [action.text() for action in window.menuBar().actions()]
    assert menus == ["&Game", "&File", "&View", "&Lab", "&Help"]
    shortcuts = {
        action.text(): action.shortcut().toString() for action in review.view_menu.actions()
    }
    assert shortcuts["&Back one move"] == "Alt+Left"
    assert shortcuts["&Forward one move"] == "Alt+Right"
    assert shortcuts["First &position"] == "Alt+Home"
    assert shortcuts["&Newest position"] == "Alt+End"
    assert "move list" in (manual_folder() / "watching.md").read_text(encoding="utf-8")
    listed = {(what, keys) for _, what, keys in window.help.show_shortcuts().rows()}
    assert ("Back one move", "Alt+Left") in listed
    hot_seat_game(qtbot, window, (4, 0, 8))
    review.replay_bar.history_actions[0].trigger()
    assert window.board.board == window.controller.session.record.board_at(2)
    assert review.move_list.current_ply == 2


def test_history_keys_pressed_in_the_window(qtbot: QtBot, window: MainWindow) -> None:
    review = window.review
    record = hot_seat_game(qtbot, window, (4, 0, 8))
    window.activateWindow()
    qtbot.waitActive(window)
    window.board.setFocus()
    alt = Qt.KeyboardModifier.AltModifier
    qtbot.keyClick(window.board.cell_widget(4), Qt.Key.Key_Left, alt)
    assert review.replay_bar.viewed_ply == 2
    qtbot.keyClick(window.board.cell_widget(4), Qt.Key.Key_Home, alt)
    assert window.board.board == record.board_at(0)
    qtbot.keyClick(window.board.cell_widget(4), Qt.Key.Key_Right, alt)
    assert review.replay_bar.viewed_ply == 1
    qtbot.keyClick(window.board.cell_widget(4), Qt.Key.Key_End, alt)
    assert review.replay_bar.viewed_ply == 3
    # Without Alt the arrows are the board's: they move its cursor, not the history.
    qtbot.keyClick(window.board.cell_widget(4), Qt.Key.Key_Left)
    assert review.replay_bar.viewed_ply == 3
    assert window.board.cursor_cell == 3
    # Ctrl+P plays a game with a person in it back from the start.
    review.replay_bar.set_move_delay_ms(3000)
    qtbot.keyClick(window.board.cell_widget(3), Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert review.replay_bar.is_playing_back
    assert review.replay_bar.viewed_ply == 0


def test_speed_slider_drives_the_move_delay(window: MainWindow) -> None:
    # A game between computers: the slider is their speed.
    window.controller.session.set_seat(Mark.X, Seat("turnstile", "Turnstile"))
    window.controller.session.set_seat(Mark.O, Seat("rando", "Rando"))
    window.new_game()
    bar = window.review.replay_bar
    bar.speed.setValue(0)
    assert window.controller.session.move_delay_ms == 3000
    window.ai_speed_actions[200].trigger()
    assert bar.move_delay_ms == 200
    window.set_move_delay(1200)
    assert bar.move_delay_ms == 1200, "the slider follows the delay whoever sets it"


def test_the_speed_slider_leaves_the_computers_speed_against_people_alone(
    window: MainWindow,
) -> None:
    window.ai_speed_actions[400].trigger()
    record = window.controller.session.record
    assert record.x.is_human or record.o.is_human
    bar = window.review.replay_bar
    bar.speed.setValue(0)  # the playback's pace
    assert bar.move_delay_ms == 3000
    assert window.controller.session.move_delay_ms == 400
    assert window.ai_speed_actions[400].isChecked()


def test_move_list_and_replay_bar_layout_is_remembered(
    make_window: WindowMaker, players: Players
) -> None:
    first = make_window(player_factory=players)
    # A person's game opens on the board alone; the View menu asks for the history.
    assert first.controller.session.seat(Mark.X).is_human
    assert not first.review.replay_bar.isVisible()
    assert not first.review.moves_dock.isVisible()
    first.review.history_always_action.trigger()
    assert first.review.replay_bar.isVisible()
    assert first.review.moves_dock.isVisible()
    first.close()
    second = make_window(player_factory=players)
    assert second.review.history_always_action.isChecked()
    assert second.review.replay_bar.isVisible()
    assert second.review.moves_dock.isVisible()


# Watching a live match ------------------------------------------------------------------


def test_history_browsing_while_a_match_runs(
    qtbot: QtBot, window: MainWindow, players: Players
) -> None:
    review = window.review
    bar = review.replay_bar
    seat(window, Seat("turnstile", "Left"), Seat("turnstile", "Right"))
    window.controller.session.new_game(Mark.X)
    for _ in range(3):
        with qtbot.waitSignal(window.controller.move_played):
            players.allow()
    bar.back_button.click()
    bar.back_button.click()
    assert bar.viewed_ply == 1
    with qtbot.waitSignal(window.controller.move_played) as played:
        players.allow()
    assert len(played.args[0].moves) == 4, "the match carries on"
    assert window.board.board == played.args[0].board_at(1), "history stays on show"
    assert review.move_list.rowCount() == 5
    assert bar.timeline.maximum() == 4
    bar.live_button.click()
    assert window.board.board == played.args[0].final_board
    with qtbot.waitSignal(window.controller.move_played) as played:
        players.allow()
    assert window.board.board == played.args[0].final_board, "following again"


def test_pause_between_moves_in_the_window(
    qtbot: QtBot, window: MainWindow, players: Players
) -> None:
    bar = window.review.replay_bar
    seat(window, Seat("turnstile", "Left"), Seat("turnstile", "Right"))
    with qtbot.waitSignal(window.controller.thinking_started):
        window.controller.session.new_game(Mark.X)
    assert bar.is_live_match
    bar.play_button.click()
    assert window.controller.session.paused
    assert bar.play_button.accessibleName() == "Play"
    assert window.statusBar().currentMessage().startswith("Paused between moves")
    with qtbot.waitSignal(window.controller.move_played) as played:
        players.allow()
    assert played.args[0].moves == (0,), "the move in hand is recorded"
    assert bar.viewed_ply == 0, "and shown only when the viewer steps to it"
    assert window.board.board == played.args[0].board_at(0)
    bar.forward_button.click()
    assert window.board.board == played.args[0].board_at(1)
    players.allow()
    with qtbot.waitSignal(window.controller.move_played) as played:
        bar.forward_button.click()  # at the newest move: one more, then held again
    assert len(played.args[0].moves) == 2
    assert bar.viewed_ply == 2
    assert not window.controller.session.is_thinking
    players.allow(9)
    with qtbot.waitSignal(window.controller.game_finished, timeout=10_000):
        bar.play_button.click()
    assert not window.controller.session.paused
    assert window.statusBar().currentMessage() == ""


@pytest.mark.slow
def test_watched_perfect_match_of_twenty_games_is_all_draws(
    qtbot: QtBot, window: MainWindow
) -> None:
    review = window.review
    seat(window, Seat("perfect", "Perfect"), Seat("perfect", "Perfect"))
    review.replay_bar.speed.setValue(review.replay_bar.speed.maximum())
    assert window.controller.session.move_delay_ms == 0
    with qtbot.waitSignal(review.match_runner.match_finished, timeout=120_000) as finished:
        review.watch_match(20)
    score = finished.args[0]
    assert (score.played, score.draws) == (20, 20)
    assert review.match_label.text() == (
        "Match over, 20 games: Perfect (X) 0, Perfect (O) 0, draws 20"
    )
    assert review.match_label.isVisible()
    assert window.board.board.is_draw


def test_match_with_a_person_is_refused(window: MainWindow) -> None:
    errors = Errors(window.review)
    seat(window, ANN, Seat("perfect", "Perfect"))
    window.review.watch_match(3)
    assert errors.shown == ["a match is for two computer players: choose one for X and for O."]
    assert not window.review.match_runner.is_running


def test_stop_match_from_the_menu(qtbot: QtBot, window: MainWindow, players: Players) -> None:
    review = window.review
    seat(window, Seat("turnstile", "Left"), Seat("turnstile", "Right"))
    review.watch_match(4, "o")
    assert review.stop_match_action.isEnabled()
    assert review.match_label.text().startswith("Game 1 of 4")
    with qtbot.waitSignal(review.match_runner.match_finished):
        review.stop_match_action.trigger()
    assert review.match_label.text().startswith("Match stopped after 0 of 4")
    assert not review.stop_match_action.isEnabled()


# Play on from here ------------------------------------------------------------------------


def test_play_on_from_an_earlier_position(qtbot: QtBot, window: MainWindow) -> None:
    review = window.review
    finished = hot_seat_game(qtbot, window, (0, 3, 1, 4, 2))
    assert finished.is_finished
    review.move_list.select_ply(3)
    assert review.play_on_action.isEnabled()
    perfect = Seat("perfect", "Perfect")
    with qtbot.waitSignal(window.controller.move_played, timeout=10_000) as reply:
        review.play_on_from_here(o=perfect)
    branch = window.controller.session.record
    assert branch.moves[:3] == (0, 3, 1)
    assert reply.args[0].moves[3] == 2, "Perfect blocks X's row"
    assert branch.o.name == "Perfect"
    assert branch.x == finished.x
    assert branch.branched_from == BranchPoint(finished.started_at, 3, finished.moves)
    assert finished.moves == (0, 3, 1, 4, 2), "the old record is untouched"
    assert window.controller.session.seat(Mark.O) == perfect


def test_play_on_from_the_menu_asks_for_players(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    review = window.review
    hot_seat_game(qtbot, window, (0, 3, 1, 4, 2))
    review.replay_bar.go_to_start()
    asked: list[int] = []

    def ask(ply: int) -> tuple[Seat, Seat]:
        asked.append(ply)
        return BOB, ANN

    monkeypatch.setattr(review, "ask_play_on_seats", ask)
    review.play_on_action.trigger()
    assert asked == [0]
    branch = window.controller.session.record
    assert branch.moves == ()
    assert branch.branched_from is not None
    assert branch.branched_from.ply == 0
    assert (branch.x.name, branch.o.name) == ("Bob", "Ann")


def test_play_on_dialog(qtbot: QtBot) -> None:
    perfect = Seat("perfect", "Perfect")
    dialog = PlayOnDialog(None, [ANN, perfect], ANN, BOB, 4)
    qtbot.addWidget(dialog)
    assert dialog.seats == (ANN, BOB), "the players of the game are offered first"
    dialog.o_box.setCurrentIndex(1)
    assert dialog.seats == (ANN, perfect)


# Game files in the window ------------------------------------------------------------------


def test_save_and_open_in_the_window(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    review = window.review
    record = hot_seat_game(qtbot, window, (0, 3, 1, 4, 2))
    path = tmp_path / "saved.tttgame"
    monkeypatch.setattr(review.game_files, "ask_save_path", lambda _suggested: str(path))
    review.game_files.save_action.trigger()
    window.controller.session.new_game(Mark.O)
    assert review.move_list.rowCount() == 1
    monkeypatch.setattr(review.game_files, "ask_open_path", lambda: str(path))
    with qtbot.waitSignal(window.controller.game_started):
        review.game_files.open_action.trigger()
    assert window.controller.session.record == record
    assert review.move_list.rowCount() == 6
    assert window.board.board == record.final_board
    assert window.status_label.text() == "Ann wins"
    assert str(path.resolve()) in review.game_files.recent_files()


@pytest.mark.parametrize(
    ("contents", "message"),
    [
        (b"{not json", "damaged or cut short"),
        (b'{"format": "ttt-desktop-game", "version": 1, "players": {"X": ', "cut short"),
        (b'{"format": "something-else"}', "not a TTT Desktop game"),
        (b'{"format": "ttt-desktop-game", "version": 7}', "newer version of TTT Desktop"),
        (b"\x00\x01\x02\xff", "not a TTT Desktop game"),
    ],
)
def test_bad_file_leaves_the_game_alone(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, contents: bytes, message: str
) -> None:
    errors = Errors(window.review)
    record = hot_seat_game(qtbot, window, (4, 0))
    window.review.replay_bar.go_to_start()
    path = tmp_path / "bad.tttgame"
    path.write_bytes(contents)
    with qtbot.assertNotEmitted(window.controller.game_started):
        window.review.game_files.open(path)
    assert len(errors.shown) == 1
    assert message in errors.shown[0]
    assert window.controller.session.record is record
    assert window.review.move_list.rowCount() == 3
    assert window.review.replay_bar.viewed_ply == 0, "even the view stays where it was"


def test_file_with_an_unknown_player_kind_leaves_the_game_alone(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    errors = Errors(window.review)
    record = hot_seat_game(qtbot, window, (4,))
    foreign = GameRecord(PlayerEntry("hal-9000", "HAL", 1), PlayerEntry("human", "Dave"), Mark.X)
    path = tmp_path / "foreign.tttgame"
    save_record(foreign, path)
    window.review.game_files.open(path)
    assert "a computer player this version of TTT Desktop doesn't have" in errors.shown[0]
    assert "foreign.tttgame" in errors.shown[0]
    assert "'hal-9000'" in errors.details[0]
    assert window.controller.session.record is record


def test_copy_and_paste_a_game(qtbot: QtBot, window: MainWindow) -> None:
    review = window.review
    record = hot_seat_game(qtbot, window, (4, 0, 8))
    review.game_files.copy_action.trigger()
    assert QGuiApplication.clipboard().text() == record_to_text(record)
    window.controller.session.new_game(Mark.X)
    with qtbot.waitSignal(window.controller.game_started) as started:
        review.game_files.paste_action.trigger()
    assert started.args[0] == record
    assert window.statusBar().currentMessage() == "Pasted a game"


def test_drop_a_file_on_the_window(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    record = GameRecord(
        PlayerEntry("human", "Ann"), PlayerEntry("human", "Bob"), Mark.O, moves=(4, 0)
    )
    path = tmp_path / "dropped.tttgame"
    save_record(record, path)
    enter, drop, _mime = drag_events(path)
    QApplication.sendEvent(window, enter)
    assert enter.isAccepted()
    with qtbot.waitSignal(window.controller.game_started) as started:
        QApplication.sendEvent(window, drop)
    assert started.args[0] == record


# Replay live --------------------------------------------------------------------------------


def test_replay_live_from_a_loaded_file(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    review = window.review
    seat(window, Seat("rando", "Rando"), Seat("levi", "Levi"))
    with qtbot.waitSignal(window.controller.game_finished, timeout=10_000) as finished:
        window.controller.session.new_game(Mark.O)
    original: GameRecord = finished.args[0]
    path = tmp_path / "rando-levi.tttgame"
    save_record(original, path)
    window.controller.session.new_game(Mark.X)
    with qtbot.waitSignal(window.controller.game_started):
        review.game_files.open(path)
    assert review.replay_live_action.isEnabled()
    with qtbot.waitSignal(window.controller.game_finished, timeout=10_000) as replayed:
        review.replay_live_action.trigger()
    assert replayed.args[0].moves == original.moves
    assert replayed.args[0].started_at != original.started_at


def test_replay_live_of_a_human_game_explains_why_not(qtbot: QtBot, window: MainWindow) -> None:
    errors = Errors(window.review)
    hot_seat_game(qtbot, window, (4,))
    assert not window.review.replay_live_action.isEnabled()
    window.review.replay_live()
    assert errors.shown == [
        "Ann is a person: only games between computer players can be replayed live."
    ]


def test_the_history_items_are_disabled_on_an_empty_board(
    qtbot: QtBot, two_people: WindowMaker, play_moves: Callable[..., GameRecord]
) -> None:
    window = two_people()
    actions = window.review.replay_bar.history_actions
    assert [action.text() for action in actions] == [
        "&Back one move",
        "&Forward one move",
        "First &position",
        "&Newest position",
        "Play / &pause",
    ]
    assert not any(action.isEnabled() for action in actions)
    play_moves(window, (4,))
    back, forward, first, newest, play = actions
    assert back.isEnabled() and first.isEnabled() and play.isEnabled()
    assert not forward.isEnabled() and not newest.isEnabled()
    window.new_game()
    assert not any(action.isEnabled() for action in actions)
