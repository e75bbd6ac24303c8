"""A brain's own words are shown without terminal escapes or control characters: in the
Thinking dock, the status line, the result banner, the engine log and the drop-downs."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from ttt_desktop.brains.engines import EngineEntry, EngineList
from ttt_desktop.core import Mark
from ttt_desktop.core.rules import GOMOKU
from ttt_desktop.gui.engines.brain_text import (
    own_cell_names,
    printable,
    printable_lines,
    with_cell_names,
)
from ttt_desktop.gui.history.engine_log import EngineLogDialog
from ttt_desktop.gui.shell.main_window import MainWindow

ESCAPES_BRAIN = Path(__file__).parents[1] / "data" / "brains" / "escapes_brain.py"
COORDINATES_BRAIN = Path(__file__).parents[1] / "data" / "brains" / "coordinates_brain.py"
NOT_TEXT = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


@pytest.mark.parametrize(
    ("said", "shown"),
    [
        ("\x1b[31mred\x1b[0m", "red"),
        ("\x1b[1;38;5;208mbold orange\x1b[m", "bold orange"),
        ("\x1b]0;a title\x07after", "after"),
        ("\x1b]8;;http://example.com\x1b\\link\x1b]8;;\x1b\\", "link"),
        ("before\x1b]0;never ends", "before"),
        ("\x1bP1$r0m\x1b\\dcs gone", "dcs gone"),
        ("\x9b31mC1 CSI\x9dC1 OSC\x9c", "C1 CSI"),
        ("\x1b(Bcharset \x1bcreset", "charset reset"),
        ("bell\x07 nul\x00 back\x08space del\x7f", "bell nul backspace del"),
        ("tab\tline\r\nbreak\vform\ffeed", "tab line  break form feed"),
        ("\u202eevil\u202c \u2066isolate\u2069", "evil isolate"),
        ("plain é 五 ✓ — as it is", "plain é 五 ✓ — as it is"),
        ("", ""),
    ],
)
def test_printable_drops_escapes_and_controls(said: str, shown: str) -> None:
    assert printable(said) == shown
    assert not NOT_TEXT.search(printable(said))


def test_printable_lines_keeps_the_lines() -> None:
    assert printable_lines("one\x1b[1m\r\ntwo\x07\nthree") == "one\ntwo\nthree"


@pytest.mark.skipif(sys.platform != "linux", reason="brains run on Linux")
def test_a_brain_speaking_in_escapes_is_shown_as_text(
    qtbot: QtBot, two_people: type, tmp_path: Path
) -> None:
    engines_file = tmp_path / "engines.json"
    engines = EngineList(engines_file)
    name = "\x1b[31mEscaping\x1b[0m\x07"
    engines.add(EngineEntry(name, f"{sys.executable} {ESCAPES_BRAIN}", sizes=(15,)))
    engines.save()
    window: MainWindow = two_people(engines_file=engines_file, rules=GOMOKU)
    panel = window.player_panel
    kind = window.roster[-1].kind
    assert window.roster[-1].name == "Escaping"
    assert printable(window.roster[-1].description) == window.roster[-1].description
    panel.choose_index(Mark.O, panel.index_of(Mark.O, kind=kind))
    window.insight.dock.show()
    window.controller.session.new_game(Mark.X, GOMOKU)
    with qtbot.waitSignal(window.controller.computer_thought, timeout=20_000):
        window.controller.session.play_cell(GOMOKU.size // 2)
    details = window.insight.panel.details.text()
    assert "It said: depth 3 best h8link" in details
    assert not NOT_TEXT.search(details.replace("\n", ""))
    with qtbot.waitSignal(window.controller.game_finished, timeout=20_000) as finished:
        window.controller.session.play_cell(GOMOKU.size // 2 + 1)
    record = finished.args[0]
    assert record.forfeit is not None
    # The log keeps what was said as it was said; the window shows it as text.
    assert any("\x1b[2Kgarbage" in line for line in record.log)
    status = window.status_label.text()
    assert "lost by forfeit" in status and "garbage" in status
    assert not NOT_TEXT.search(status)
    qtbot.waitUntil(window.result_banner.isVisible)
    assert not NOT_TEXT.search(window.result_banner.score_label.text().replace("\n", ""))
    dialog = EngineLogDialog(record, window)
    qtbot.addWidget(dialog)
    log = dialog.text.toPlainText()
    assert "< MESSAGE depth 3" in log and not NOT_TEXT.search(log.replace("\n", ""))
    assert not NOT_TEXT.search(dialog.summary.text())


def test_a_brains_x_y_pairs_get_this_boards_names() -> None:
    assert with_cell_names("best 7,7 then 0,0 or 14,14", GOMOKU) == (
        "best 7,7 [h8] then 0,0 [a15] or 14,14 [o1]",
        3,
    )
    # Off the board, a longer list of numbers, a decimal or a negative: left as said.
    for said in ("15,0", "0,15", "15,15,5", "3,5.5", "-1,4", "x7,7", "1,2,3"):
        assert with_cell_names(said, GOMOKU) == (said, 0), said
    assert own_cell_names("pv G12 h8, depth 12, x1.5 7,7") == ("G12", "h8")


@pytest.mark.skipif(sys.platform != "linux", reason="brains run on Linux")
def test_the_thinking_dock_names_a_brains_cells_as_the_board_does(
    qtbot: QtBot, two_people: type, tmp_path: Path
) -> None:
    engines_file = tmp_path / "engines.json"
    engines = EngineList(engines_file)
    engines.add(EngineEntry("Coordinates", f"{sys.executable} {COORDINATES_BRAIN}", sizes=(15,)))
    engines.save()
    window: MainWindow = two_people(engines_file=engines_file, rules=GOMOKU)
    panel = window.player_panel
    panel.choose_index(Mark.O, panel.index_of(Mark.O, kind=window.roster[-1].kind))
    window.insight.dock.show()
    window.controller.session.new_game(Mark.X, GOMOKU)
    with qtbot.waitSignal(window.controller.computer_thought, timeout=20_000):
        window.controller.session.play_cell(GOMOKU.geometry.parse("h8"))
    # It played 0,0: the top-left, a15 here.
    assert window.controller.session.record.moves[-1] == GOMOKU.geometry.parse("a15")
    details = window.insight.panel.details.text().splitlines()
    assert (
        "It counts x,y from 0 at the top-left: its move 0,0 is a15 here, and this board's "
        "name follows each x,y it said, in brackets."
    ) in details
    assert (
        "It said: depth 4 best 0,0 [a15] pv 0,0 [a15] 14,14 [o1] 20,3 G12 eval 3,5.5 rules 15,15,5"
    ) in details
    assert (
        "Names such as G12 in its words are its own notation, which may not be this board's."
    ) in details
