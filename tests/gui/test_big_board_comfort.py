"""Comfort on every board, in the real window: the first start's two names in the
interface's language, move numbers on the stones, rulers that stay in view when the board
is zoomed, the value label over the hover preview, the buttons under the board."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from conftest import WindowMaker
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from ttt_desktop.core import Mark
from ttt_desktop.gui.common import translation
from ttt_desktop.gui.shell.settings import AppSettings, SeatChoice
from ttt_desktop.players import HUMAN_KIND


@pytest.fixture
def german() -> Iterator[Callable[[], None]]:
    """Call to switch the application to German; English again at the end of the test."""
    installed: list[object] = []

    def switch() -> None:
        installed.extend(translation.install(QSettings(), "de"))
        assert installed, "ttt_desktop_de loads"

    yield switch
    translation.remove(installed)  # type: ignore[arg-type]


def _combo_texts(window: object, mark: Mark) -> list[str]:
    combo = window.player_panel.combo(mark)  # type: ignore[attr-defined]
    return [combo.itemText(index) for index in range(combo.count())]


def test_the_first_start_s_names_follow_a_change_of_language(
    qtbot: QtBot, make_window: WindowMaker, german: Callable[[], None]
) -> None:
    # A first start in English stores its two people (as choosing a seat does); the next
    # start is in German.
    english = make_window()
    assert english.player_panel.combo(Mark.X).currentText() == "Player 1"
    english.settings.set_people(english.settings.people())
    english.settings.set_seat_choice("X", SeatChoice(HUMAN_KIND, "Player 1"))
    english.close()
    settings = AppSettings()
    assert settings.qsettings.value("players/people") == ["Player 1", "Player 2"]
    german()
    window = make_window()
    x_names, o_names = _combo_texts(window, Mark.X), _combo_texts(window, Mark.O)
    assert "Spieler 1" in x_names and "Spieler 2" in o_names
    assert not {"Player 1", "Player 2"} & {*x_names, *o_names}
    assert window.player_panel.combo(Mark.X).currentText() == "Spieler 1"
    assert window.header.name_label(Mark.X).text() == "Spieler 1"
    assert "Player 1" not in window.status_label.text()
    # Stored again in English, so they follow the language back.
    window.settings.set_people(window.settings.people())
    assert settings.qsettings.value("players/people") == ["Player 1", "Player 2"]
