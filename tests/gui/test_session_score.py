"""The session score counts each finished game once, from its record, whatever order the
window and the game library hear of the game's end in."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from slow_players import NameQueue
from test_main_window import WindowMaker, click_cell

from ttt_desktop.core import GameRecord, Mark, PlayerEntry
from ttt_desktop.gui.game.session_score import REMEMBERED_GAMES, SessionScore, result_of
from ttt_desktop.gui.shell.main_window import MainWindow

# X takes the top row (keypad 7 8 9 = cells 0 1 2) while O plays 3 and 4.
X_WINS = (0, 3, 1, 4, 2)


def finished_game(moves: tuple[int, ...] = X_WINS) -> GameRecord:
    record = GameRecord(PlayerEntry("human", "Ann"), PlayerEntry("human", "Ben"), Mark.X)
    for cell in moves:
        record = record.with_move(cell)
    return record


class TestCountingByGame:
    def test_a_game_counts_once_however_often_its_end_is_heard(self) -> None:
        score = SessionScore()
        record = finished_game()
        assert result_of(record) == ("Ann", "Ben", "Ann")
        assert score.count_game(record)
        assert not score.count_game(record)
        assert score.is_counted(record)
        assert score.score("Ann", "Ben").first_wins == 1
        assert score.score("Ann", "Ben").games == 1

    def test_a_running_game_is_not_counted(self) -> None:
        score = SessionScore()
        running = finished_game((0, 3))
        assert result_of(running) is None
        assert not score.count_game(running)
        assert score.pairings() == []

    def test_a_game_undone_and_ended_otherwise_counts_its_new_result(self) -> None:
        score = SessionScore()
        won = finished_game()
        score.count_game(won)
        reopened = won.with_undo(3)
        assert score.uncount_game(reopened)
        assert not score.uncount_game(reopened)
        assert score.score("Ann", "Ben").games == 0
        drawn = reopened
        for cell in (4, 8, 2, 6, 7, 1, 5):
            drawn = drawn.with_move(cell)
        assert drawn.result == "draw" and drawn.game_id == won.game_id
        score.count_game(won)
        score.count_game(drawn)  # the same game, another end: the old one goes
        assert score.score("Ann", "Ben").games == 1
        assert score.score("Ann", "Ben").draws == 1

    def test_a_long_session_remembers_only_the_newest_games(self) -> None:
        score = SessionScore()
        games = [finished_game() for _ in range(REMEMBERED_GAMES * 10)]
        for record in games:
            assert score.count_game(record)
        assert score.score("Ann", "Ben").first_wins == len(games)
        # One id and result per game piled up over an evening: now a few are kept.
        assert len(score._counted) == REMEMBERED_GAMES
        newest = games[-1]
        assert score.is_counted(newest)
        assert not score.count_game(newest)
        assert score.uncount_game(newest.with_undo(3))
        assert score.score("Ann", "Ben").first_wins == len(games) - 1
        # The oldest game's id is no longer kept.
        assert not score.is_counted(games[0])


def _window(make_window: WindowMaker, qtbot: QtBot, path: Path | None) -> MainWindow:
    window = make_window(ask_name=NameQueue("Alice", "Bob"), library_path=path)
    if path is not None:
        qtbot.waitUntil(lambda: window.history.library is not None)
    window.reduce_motion_action.setChecked(True)
    window.ai_speed_actions[0].trigger()
    panel = window.player_panel
    panel.choose_index(Mark.X, panel.new_person_index(Mark.X))
    panel.choose_index(Mark.O, panel.new_person_index(Mark.O))
    panel.start_combo.setCurrentIndex(panel.start_combo.findData("x"))
    panel.start_combo.activated.emit(panel.start_combo.currentIndex())
    window.new_game()
    return window


def _library_hears_last(window: MainWindow) -> None:
    """Connect the game library's handlers after the view model's (History is made first,
    so it hears every game event first otherwise)."""
    controller, history = window.controller, window.history
    for signal, slot in (
        (controller.game_started, history._on_game_started),
        (controller.move_played, history._on_move_played),
        (controller.game_finished, history._on_game_finished),
        (controller.history_changed, history._on_move_played),
        (controller.game_reopened, history._on_game_reopened),
    ):
        signal.disconnect(slot)
        signal.connect(slot)


def _shown_score(qtbot: QtBot, window: MainWindow) -> tuple[str, str]:
    qtbot.waitUntil(window.result_banner.isVisible)
    return window.player_panel.score_label.text(), window.result_banner.score_label.text()


@pytest.mark.parametrize("library", [True, False], ids=["library", "no-library"])
def test_the_score_shown_is_the_same_whoever_hears_the_end_first(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path, library: bool
) -> None:
    shown = {}
    for order in ("library-first", "window-first"):
        path = tmp_path / f"{order}.sqlite3" if library else None
        window = _window(make_window, qtbot, path)
        if order == "window-first":
            _library_hears_last(window)
        for cell in X_WINS:
            click_cell(qtbot, window, cell)
        first_end = _shown_score(qtbot, window)
        assert window.score.told("Alice", "Bob").first_wins == 1
        # Undone after the end and won again: still one game.
        window.coach.undo()
        assert window.score.told("Alice", "Bob").games == 0
        click_cell(qtbot, window, 2)
        second_end = _shown_score(qtbot, window)
        assert second_end == first_end
        assert window.score.told("Alice", "Bob").games == 1
        shown[order] = first_end
        window.close()
    panel_text, banner_text = shown["library-first"]
    assert banner_text == "Alice 1 : 0 Bob, 0 draws"
    assert "Alice 1 : 0 Bob, 0 draws" in panel_text
    assert shown["window-first"] == shown["library-first"]
