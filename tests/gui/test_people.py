"""Renaming and removing people: the drop-downs, the seats, the game in hand and the score."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import MovePlayer
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from ttt_desktop.core import Mark
from ttt_desktop.gui.game.people_dialog import PeopleDialog
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import AppSettings

WindowMaker = Callable[..., MainWindow]


@pytest.fixture
def alice_beat_bob(two_people: WindowMaker, play_moves: MovePlayer) -> MainWindow:
    """A window where Alice (X) has just beaten Bob (O)."""
    window = two_people()
    play_moves(window, (0, 3, 1, 4, 2))
    return window


def test_renaming_keeps_the_score_under_the_new_name(
    qtbot: QtBot, alice_beat_bob: MainWindow
) -> None:
    window = alice_beat_bob
    assert "Alice 1 : 0 Bob" in window.player_panel.score_label.text()
    dialog = PeopleDialog(
        window.player_panel.people, ["Alice", "Bob"], window, ask_new_name=lambda *_: " Alicia "
    )
    qtbot.addWidget(dialog)
    dialog.rename_requested.connect(window.rename_person)
    dialog.list.setCurrentRow(dialog.people.index("Alice"))
    dialog.rename_current()
    assert "Alicia" in dialog.people and "Alice" not in dialog.people
    panel = window.player_panel
    assert "Alicia" in panel.people and "Alice" not in panel.people
    assert "Alicia" in AppSettings().people()
    assert window.controller.session.seat(Mark.X).name == "Alicia"
    assert panel.combo(Mark.X).currentText() == "Alicia"
    # The game in hand and its score follow; no new game was started.
    assert window.controller.session.record.x.name == "Alicia"
    assert window.controller.session.record.is_finished
    assert window.header.name_label(Mark.X).text() == "Alicia"
    assert "Alicia 1 : 0 Bob" in panel.score_label.text()
    assert window.settings.seat_choice("X").name == "Alicia"
    # Another game adds to the same tally.
    window.new_game()
    for cell in (0, 3, 1, 4, 2):
        with qtbot.waitSignal(window.controller.move_played):
            qtbot.mouseClick(window.board.cell_widget(cell), Qt.MouseButton.LeftButton)
    assert "Alicia 2 : 0 Bob" in panel.score_label.text()


def test_a_name_already_taken_is_refused(qtbot: QtBot) -> None:
    dialog = PeopleDialog(["Alice", "Bob"], [], ask_new_name=lambda *_: "Bob")
    qtbot.addWidget(dialog)
    with qtbot.assertNotEmitted(dialog.rename_requested):
        dialog.rename_current()
    assert dialog.people == ["Alice", "Bob"]
    assert "already someone called Bob" in dialog.note.text()


def test_removing_a_person_who_is_not_playing(qtbot: QtBot, alice_beat_bob: MainWindow) -> None:
    window = alice_beat_bob
    dialog = window.people_dialog()
    qtbot.addWidget(dialog)
    dialog.list.setCurrentRow(dialog.people.index("Alice"))
    assert not dialog.remove_button.isEnabled(), "Alice is playing"
    assert "Alice is playing now" in dialog.note.text()
    dialog.list.setCurrentRow(dialog.people.index("Player 1"))
    assert dialog.remove_button.isEnabled()
    dialog.remove_current()
    assert "Player 1" not in window.player_panel.people
    assert window.player_panel.index_of(Mark.O, name="Player 1") < 0
    assert "Player 1" not in AppSettings().people()


def test_the_drop_down_entry_opens_the_dialog(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    panel = window.player_panel
    before = window.controller.session.seat(Mark.X)
    with qtbot.assertNotEmitted(window.controller.game_started):
        panel.choose_index(Mark.X, panel.manage_people_index(Mark.X))
    dialog = window.findChild(PeopleDialog)
    assert dialog is not None and dialog.isVisible()
    assert panel.combo(Mark.X).currentText() == before.name
    dialog.reject()
