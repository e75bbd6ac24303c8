"""Where the coach, the first screen, the people dialog and the game library meet.

* After a game, the coach's Review appears; the next game a person starts (New game,
  Play again, a seat change) is back on the first screen: board, players, score.
  The View menu's "Moves and replay in every game" keeps the panels, as it does the
  move list. Games opened (a file, History) show their review at once.
* Renaming a person renames them in the game library too: their stored games, their
  page and their rating. Removing a person keeps their stored games.
* The board's square at the first-run size, in fault 7's four scenes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import MovePlayer
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from ttt_desktop.core import Mark
from ttt_desktop.formats.files import save_record
from ttt_desktop.gui.common import screen_fit
from ttt_desktop.gui.game.controller import Seat
from ttt_desktop.gui.game.people_dialog import PeopleDialog
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.library import GameFilter
from ttt_desktop.players import HUMAN_KIND

WindowMaker = Callable[..., MainWindow]
# X takes the top row while O plays 3 and 4.
X_WINS = (0, 3, 1, 4, 2)


@pytest.fixture
def two_people_calm(two_people: WindowMaker, monkeypatch: pytest.MonkeyPatch) -> WindowMaker:
    """Alice (X) against Bob (O) at the first-run size, the winning line drawn at once.

    On a 1,366 x 768 screen: the offscreen one is 800 px wide, and windows keep within
    their screen.
    """
    monkeypatch.setattr(screen_fit, "available_geometry", lambda widget: QRect(0, 0, 1366, 768))

    def make(**options: Any) -> MainWindow:
        window = two_people(**options)
        window.resize(1040, 660)
        window.reduce_motion_action.setChecked(True)
        return window

    return make


def _settle() -> None:
    for _ in range(5):
        QApplication.processEvents()


def _first_screen(window: MainWindow) -> bool:
    review = window.review
    return not (
        window.coach.review_dock.isVisible()
        or review.moves_dock.isVisible()
        or review.replay_bar.isVisible()
        or window.result_banner.isVisible()
    )


# 1. The review after a game, and the first screen again for the next one ----------------


def test_the_next_game_is_back_on_the_first_screen(
    qtbot: QtBot, play_moves: MovePlayer, two_people_calm: WindowMaker
) -> None:
    window = two_people_calm()
    _settle()
    assert _first_screen(window)
    size = window.board.board_rect().size()
    dock = window.coach.review_dock
    starts: list[Callable[[], None]] = [
        window.new_game_action.trigger,
        window.result_banner.play_again_button.click,
        window.play_again_action.trigger,
        # A seat change starts the next game too.
        lambda: window.player_panel.choose_index(
            Mark.O, window.player_panel.index_of(Mark.O, name="Player 1")
        ),
    ]
    for start in starts:
        play_moves(window, X_WINS)
        # The review appears with the result; the board keeps its size.
        assert dock.isVisible()
        assert window.coach.review_panel.moves.count() == len(X_WINS)
        _settle()
        assert window.board.board_rect().size() == size
        with qtbot.waitSignal(window.controller.game_started):
            start()
        _settle()
        assert _first_screen(window), start
        assert window.board.board_rect().size() == size


def test_panels_kept_in_every_game_when_asked(
    qtbot: QtBot, play_moves: MovePlayer, two_people_calm: WindowMaker
) -> None:
    window = two_people_calm()
    window.review.history_always_action.setChecked(True)
    dock = window.coach.review_dock
    _settle()
    size = window.board.board_rect().size()
    play_moves(window, X_WINS)
    assert dock.isVisible()
    window.new_game_action.trigger()
    _settle()
    # Asked for: the review of the last game stays beside the move list.
    assert dock.isVisible() and window.review.moves_dock.isVisible()
    assert window.board.board_rect().size() == size
    # And the first screen comes back once the option is off.
    window.review.history_always_action.setChecked(False)
    play_moves(window, X_WINS)
    window.new_game_action.trigger()
    _settle()
    assert _first_screen(window)


def test_an_opened_game_shows_its_review_and_the_next_game_does_not(
    qtbot: QtBot, tmp_path: Path, play_moves: MovePlayer, two_people_calm: WindowMaker
) -> None:
    window = two_people_calm()
    finished = play_moves(window, X_WINS)
    path = tmp_path / "won.tttgame"
    save_record(finished, path)
    window.new_game_action.trigger()
    _settle()
    assert _first_screen(window)
    with qtbot.waitSignal(window.controller.game_started):
        window.review.game_files.open(path)
    assert window.coach.review_dock.isVisible()
    assert window.review.moves_dock.isVisible()
    assert window.coach.review_panel.record is not None
    window.new_game_action.trigger()
    _settle()
    assert _first_screen(window)


def test_a_game_opened_from_history_shows_its_moves_and_review(
    qtbot: QtBot, tmp_path: Path, play_moves: MovePlayer, two_people_calm: WindowMaker
) -> None:
    window = two_people_calm(library_path=tmp_path / "library.sqlite3")
    finished = play_moves(window, X_WINS)
    window.new_game_action.trigger()
    _settle()
    assert _first_screen(window)
    library = window.history.library
    assert library is not None
    (row,) = library.rows(GameFilter(result="X"))
    assert window.history.open_in_review(library.record(row.id))
    assert window.controller.session.record.game_id == finished.game_id
    assert window.coach.review_dock.isVisible()
    assert window.review.moves_dock.isVisible()


# 2. Renaming and removing people: the game library follows --------------------------


def test_renaming_a_person_renames_their_stored_games_page_and_rating(
    qtbot: QtBot, tmp_path: Path, play_moves: MovePlayer, two_people_calm: WindowMaker
) -> None:
    window = two_people_calm(library_path=tmp_path / "library.sqlite3")
    play_moves(window, X_WINS)
    window.new_game_action.trigger()
    play_moves(window, (0, 3, 1))  # unfinished, in hand
    library = window.history.library
    assert library is not None
    rating = library.rating("human:Alice")
    assert rating is not None and rating.games == 1
    history = window.history.show_history()
    qtbot.waitExposed(history)

    dialog = PeopleDialog(
        window.player_panel.people, ["Alice", "Bob"], window, ask_new_name=lambda *_: "Alicia"
    )
    qtbot.addWidget(dialog)
    dialog.rename_requested.connect(window.rename_person)
    dialog.list.setCurrentRow(dialog.people.index("Alice"))
    dialog.rename_current()

    assert library.count(GameFilter(person="human:Alice")) == 0
    assert library.count(GameFilter(person="human:Alicia")) == 1
    renamed = library.rating("human:Alicia")
    assert renamed is not None and library.rating("human:Alice") is None
    assert (renamed.mu, renamed.sigma, renamed.games) == (rating.mu, rating.sigma, rating.games)
    (row,) = library.rows()
    assert library.record(row.id).x.name == "Alicia"
    # The session score (a view over the library), the History window and its People page.
    assert "Alicia 1 : 0 Bob" in window.player_panel.score_label.text()
    names = [history.people_combo.itemText(i) for i in range(history.people_combo.count())]
    assert any("Alicia" in name for name in names)
    assert not any("Alice" in name and "Alicia" not in name for name in names)
    history.people_combo.setCurrentIndex(history.people_combo.findData("human:Alicia"))
    stats = history.show_person_page()
    assert stats is not None and stats.tally.wins == 1
    # The game in hand is stored under the new name when it ends; a new person called
    # Alice later starts with no games of her own.
    play_moves(window, (4, 2))
    assert window.controller.session.record.is_finished
    assert library.count(GameFilter(person="human:Alicia")) == 2
    assert library.count(GameFilter(person="human:Alice")) == 0
    assert "Alicia 2 : 0 Bob" in window.player_panel.score_label.text()
    window._seat(Mark.X, Seat(HUMAN_KIND, "Alice"))
    window.new_game()
    assert "Alice v Bob</b>: no games finished yet" in window.player_panel.score_label.text()


def test_removing_a_person_keeps_their_stored_games(
    qtbot: QtBot, tmp_path: Path, play_moves: MovePlayer, two_people_calm: WindowMaker
) -> None:
    window = two_people_calm(library_path=tmp_path / "library.sqlite3")
    play_moves(window, X_WINS)
    window._seat(Mark.X, Seat(HUMAN_KIND, "Player 1"))
    window.new_game()
    dialog = window.people_dialog()
    qtbot.addWidget(dialog)
    dialog.list.setCurrentRow(dialog.people.index("Alice"))
    dialog.remove_current()
    assert "Alice" not in window.player_panel.people
    assert "Alice's games stay in History" in dialog.note.text()
    library = window.history.library
    assert library is not None
    assert library.count(GameFilter(person="human:Alice")) == 1
    assert library.rating("human:Alice") is not None


# 3. The board's size at the first-run window size ---------------------------------------


def test_the_board_takes_the_room_at_the_first_run_size(
    qtbot: QtBot, play_moves: MovePlayer, two_people_calm: WindowMaker
) -> None:
    """At 1040x660 the square was 345 px (header, room under the board, the coach's
    toolbar row); 1.0 had 416 px. The toolbar sits in the menu bar, the match line in
    the status bar, and the square is the same in fault 7's scenes."""
    window = two_people_calm()
    coach, review = window.coach, window.review
    if not window.menuBar().isNativeMenuBar():
        assert window.menuBar().cornerWidget() is coach.toolbar
        assert window.toolBarArea(coach.toolbar) == Qt.ToolBarArea.NoToolBarArea
    assert window.statusBar().isAncestorOf(review.match_label)
    assert not window.below_board.isAncestorOf(review.match_label)
    _settle()
    size = window.board.board_rect().size()
    assert size.width() >= 390, size
    # Browsing back, a won game with its banner and review, the next game, a match.
    play_moves(window, (0, 3, 1, 4))
    review.replay_bar.step_back()
    _settle()
    assert review.moves_dock.isVisible()
    assert window.board.board_rect().size() == size
    review.replay_bar.follow_live()
    play_moves(window, (2,))
    _settle()
    assert window.result_banner.isVisible() and coach.review_dock.isVisible()
    assert window.board.board_rect().size() == size
    window.new_game_action.trigger()
    _settle()
    assert window.board.board_rect().size() == size
    for mark in (Mark.X, Mark.O):
        panel = window.player_panel
        panel.choose_index(mark, panel.index_of(mark, kind="gated"))
    review.watch_match(3)
    _settle()
    assert review.match_label.isVisible()
    assert window.board.board_rect().size() == size
