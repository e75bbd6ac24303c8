"""The Lab's tournament window plays openings (none, the built-in set, a file of cell names
or a Gomocup suite), each with both colours, and says why a file can't be used."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from ttt_desktop.core.rules import GOMOKU
from ttt_desktop.gui.common import translation
from ttt_desktop.gui.lab.tournament_window import TournamentWindow
from ttt_desktop.lab.openings import builtin_openings


def window(qtbot: QtBot) -> TournamentWindow:
    tournament = TournamentWindow(settings=QSettings())
    qtbot.addWidget(tournament)
    tournament.set_rules(GOMOKU)
    tournament.set_players({"rando": 1, "levi": 1})
    tournament.games_spin.setValue(4)
    return tournament


def choose(tournament: TournamentWindow, choice: str, path: Path | None = None) -> None:
    tournament.openings_combo.setCurrentIndex(tournament.openings_combo.findData(choice))
    if path is not None:
        tournament.openings_edit.setText(str(path))


def test_none_and_the_built_in_set(qtbot: QtBot) -> None:
    tournament = window(qtbot)
    assert tournament.spec().openings == ()
    assert not tournament.openings_edit.isEnabled()
    choose(tournament, "builtin")
    assert tournament.spec().openings == builtin_openings(GOMOKU)
    assert tournament.start_button.isEnabled()


def test_a_gomocup_suite_each_opening_with_both_colours(qtbot: QtBot, tmp_path: Path) -> None:
    suite = tmp_path / "openings.txt"
    suite.write_text("0,0, 1,-1\n0,0, 0,1, 2,2\n")
    tournament = window(qtbot)
    choose(tournament, "file", suite)
    assert tournament.openings_edit.isEnabled()
    spec = tournament.spec()
    centre = 7 * 15 + 7
    assert spec.openings == ((centre, centre - 15 + 1), (centre, centre + 15, centre + 32))
    # Games 2j and 2j + 1 of a pairing share opening j, with the players' colours swapped.
    for game in range(4):
        assert spec.opening(0, game) == spec.openings[game // 2]
    assert spec.sides(0, 0) == spec.sides(0, 1)[::-1]
    assert tournament.start_button.isEnabled()


def test_what_cannot_be_used_is_said(qtbot: QtBot, tmp_path: Path) -> None:
    tournament = window(qtbot)
    choose(tournament, "file")
    assert not tournament.start_button.isEnabled()
    assert tournament.progress_label.text() == "Choose the opening file."
    choose(tournament, "file", tmp_path / "missing.txt")
    assert not tournament.start_button.isEnabled()
    assert tournament.progress_label.text() == (
        "The openings can't be used. “missing.txt” is not there any more: it may have been "
        "moved or deleted."
    )
    assert tournament.progress_label.toolTip() == (
        "can't read missing.txt: No such file or directory"
    )
    bad = tmp_path / "bad.txt"
    bad.write_text("0,0, 1\n")
    choose(tournament, "file", bad)
    assert tournament.progress_label.text() == (
        "The openings can't be used. “bad.txt” has a line that is not an opening this board "
        "can play."
    )
    # The reader's words, for the line it refuses, as the tooltip.
    assert tournament.progress_label.toolTip().startswith(
        f"{bad}, line 1: an odd count of numbers (3)"
    )
    good = tmp_path / "good.txt"
    good.write_text("h8 i9\n")
    choose(tournament, "file", good)
    assert tournament.start_button.isEnabled()
    tournament.games_spin.setValue(5)
    assert not tournament.start_button.isEnabled()
    assert "must be even" in tournament.progress_label.text()
    tournament.games_spin.setValue(6)
    assert tournament.start_button.isEnabled()
    assert "Press Start" in tournament.progress_label.text()
    assert not tournament.progress_label.toolTip()


def test_what_cannot_be_used_is_said_in_german(qtbot: QtBot, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("0,0, 1\n")
    installed = translation.install(QSettings(), "de")
    try:
        tournament = window(qtbot)
        choose(tournament, "file", tmp_path / "missing.txt")
        missing = tournament.progress_label.text()
        choose(tournament, "file", bad)
        odd = tournament.progress_label.text()
    finally:
        translation.remove(installed)
    assert missing == (
        "Die Eröffnungen lassen sich nicht verwenden. „missing.txt“ ist nicht mehr "
        "vorhanden: Die Datei wurde vielleicht verschoben oder gelöscht."
    )
    assert odd.startswith("Die Eröffnungen lassen sich nicht verwenden. „bad.txt“ hat eine Zeile")
    for text in (missing, odd):
        for english in ("can't read", "No such file", "line 1", "odd count", "numbers"):
            assert english not in text
    assert tournament.progress_label.toolTip().startswith(f"{bad}, line 1: an odd count")
