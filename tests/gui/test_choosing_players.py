"""Choosing players stores no game nobody played (issue 18, fault 5).

Seating a second computer does not start a game between the two before the choice
is done, a change of seat does not store the game left as "Unfinished", and a
start-up with two computers seated waits: a game between computers starts when
asked (the Start button or Game > Start the computers' game).
"""

from __future__ import annotations

from pathlib import Path

from conftest import MovePlayer, WindowMaker
from pytestqt.qtbot import QtBot

from ttt_desktop.core import Mark
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import AppSettings, SeatChoice


def _choose(window: MainWindow, mark: Mark, **which: str) -> None:
    panel = window.player_panel
    index = panel.index_of(mark, **which)
    assert index >= 0
    panel.choose_index(mark, index)


def _stored(window: MainWindow) -> int:
    library = window.history.library
    assert library is not None
    return library.count()


def test_seating_a_second_computer_waits_for_start_and_stores_nothing(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    window = make_window(library_path=tmp_path / "library.sqlite3")
    qtbot.waitUntil(lambda: window.history.library is not None)
    window.ai_speed_actions[0].trigger()
    _choose(window, Mark.O, kind="perfect")
    _choose(window, Mark.X, kind="rando")
    # Leave the event loop its chance to play and store a game: it must not.
    with qtbot.assertNotEmitted(window.controller.thinking_started, wait=300):
        _choose(window, Mark.X, kind="strategist")
    assert window.controller.session.awaiting_start
    assert not window.controller.session.record.moves
    assert window.start_button.isVisible() and window.start_action.isEnabled()
    assert _stored(window) == 0
    # A pause chosen on the replay bar before Start does not hold the game Start asks for.
    window.controller.session.set_paused(True)
    with qtbot.waitSignal(window.controller.game_finished, timeout=20_000):
        window.start_button.click()
    qtbot.waitUntil(lambda: _stored(window) == 1)
    # Play again is asked for: it plays at once.
    with qtbot.waitSignal(window.controller.game_finished, timeout=20_000):
        window.play_again()
    qtbot.waitUntil(lambda: _stored(window) == 2)


def test_a_seat_change_stores_no_unfinished_game(
    qtbot: QtBot, two_people: WindowMaker, play_moves: MovePlayer, tmp_path: Path
) -> None:
    window = two_people("Alice", "Bob", library_path=tmp_path / "library.sqlite3")
    play_moves(window, [4, 0])
    _choose(window, Mark.O, kind="rando")
    assert not window.controller.session.record.moves
    play_moves(window, [4])
    qtbot.waitUntil(lambda: len(window.controller.session.record.moves) == 2)
    _choose(window, Mark.O, kind="perfect")
    assert _stored(window) == 0
    library = window.history.library
    assert library is not None
    assert library.count() == 0  # nothing "Unfinished, 2 moves" on Alice's page


def test_a_start_up_with_two_computers_seated_plays_nothing_unasked(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    settings = AppSettings()
    settings.set_seat_choice("X", SeatChoice("rando", "Rando"))
    settings.set_seat_choice("O", SeatChoice("perfect", "Perfect"))
    settings.set_move_delay_ms(0)
    window = make_window(settings=settings, library_path=tmp_path / "library.sqlite3")
    qtbot.waitUntil(lambda: window.history.library is not None)
    with qtbot.assertNotEmitted(window.controller.thinking_started, wait=300):
        pass
    assert window.controller.session.seat(Mark.X).kind == "rando"
    assert window.controller.session.awaiting_start and not window.controller.session.record.moves
    assert "press Start" in window.status_label.text()
    assert _stored(window) == 0
