"""Every label with an Alt shortcut ("&") has a field to give it to.

A form row whose field is a layout gets a label without a buddy: its "&" is drawn as a
character ("Ope&nings:") and Alt+N does nothing. Walked over the windows with forms.
"""

from __future__ import annotations

from conftest import WindowMaker
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from ttt_desktop.core.board import Mark
from ttt_desktop.gui.engines.engines_dialog import EnginesDialog
from ttt_desktop.gui.game.new_game_dialog import NewGameDialog


def labels_without_buddy(widget: QWidget) -> list[str]:
    """The texts of the labels under ``widget`` that show a mnemonic and have no buddy."""
    found = []
    for label in widget.findChildren(QLabel):
        text = label.text().replace("&&", "")
        if "&" in text and not text.lstrip().startswith("<") and label.buddy() is None:
            found.append(label.text())
    return found


def test_every_form_label_with_a_shortcut_has_its_field(
    make_window: WindowMaker, qtbot: QtBot
) -> None:
    window = make_window()
    tournament = window.lab.show_tournament()
    training = window.lab.show_training()
    assert tournament is not None and training is not None
    engines = EnginesDialog(window, engine_list=window.engine_list)
    qtbot.addWidget(engines)
    session = window.controller.session
    new_game = NewGameDialog(
        rules=session.rules,
        seats={mark: session.seat(mark) for mark in (Mark.X, Mark.O)},
        people=window.player_panel.people,
        roster=window.roster,
        parent=window,
    )
    qtbot.addWidget(new_game)
    for widget in (tournament, training, engines, new_game):
        assert labels_without_buddy(widget) == [], type(widget).__name__
    # The Lab's openings row: its label's shortcut reaches the openings' choice.
    label = next(label for label in tournament.findChildren(QLabel) if label.text() == "Ope&nings:")
    assert label.buddy() is tournament.openings_combo
