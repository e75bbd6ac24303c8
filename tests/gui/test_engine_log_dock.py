"""View > Engine log: what a brain says on its pipe, shown while the game goes on, its
forfeit's last words too; a new game starts it afresh; the Engines dialog opens it."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.brain_helpers import bad_brain, our_brain
from pytestqt.qtbot import QtBot

from ttt_desktop.brains.engines import EngineEntry, EngineList
from ttt_desktop.core import Mark
from ttt_desktop.core.rules import GOMOKU
from ttt_desktop.gui.engines.engine_log_dock import LINES_SHOWN
from ttt_desktop.gui.engines.engines_dialog import EnginesDialog
from ttt_desktop.gui.shell.main_window import MainWindow

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="brains run on Linux")

WindowMaker = Callable[..., MainWindow]
LEVI = "brain.ttt-levi"
CRASHER = "brain.crasher"


@pytest.fixture
def engines_file(tmp_path: Path) -> Path:
    path = tmp_path / "engines.json"
    engines = EngineList(path)
    engines.add(EngineEntry("TTT Levi", shlex.join(our_brain("levi", 4)), sizes=(15,)))
    engines.add(EngineEntry("Crasher", shlex.join(bad_brain("crash-mid")), sizes=(15,)))
    engines.save()
    return path


def _seat(window: MainWindow, mark: Mark, kind: str) -> None:
    panel = window.player_panel
    panel.choose_index(mark, panel.index_of(mark, kind=kind))


def _shown(window: MainWindow) -> list[str]:
    return window.engine_log.show().text.toPlainText().splitlines()


def test_the_log_follows_a_brains_game_move_by_move(
    qtbot: QtBot, two_people: Callable[..., MainWindow], engines_file: Path
) -> None:
    window = two_people(engines_file=engines_file, rules=GOMOKU)
    action = window.engine_log.action
    assert action.text() == "&Engine log" and action in window.review.view_menu.actions()
    action.trigger()
    dock = window.engine_log.dock
    assert dock is not None and dock.isVisible() and action.isChecked()
    assert dock.summary.text() == "No brain plays this game: only Gomocup brains have a log."
    assert dock.text.maximumBlockCount() == LINES_SHOWN
    _seat(window, Mark.O, LEVI)
    window.controller.session.new_game(Mark.X, GOMOKU)
    assert dock.summary.text() == "The brains have said nothing yet in this game."
    centre = GOMOKU.size // 2
    counts = []
    for cell in (centre, centre + 1, centre + 2):
        with qtbot.waitSignal(window.controller.computer_thought, timeout=30_000):
            window.controller.session.play_cell(
                cell
                if cell in window.controller.session.board.legal_moves()
                else window.controller.session.board.legal_moves()[0]
            )
        record = window.controller.session.record
        # What the pipe said up to this move, on show as the game goes on.
        assert dock.lines == record.log
        assert dock.text.toPlainText().splitlines() == list(record.log)
        counts.append(len(record.log))
    assert counts == sorted(counts) and counts[0] < counts[-1]
    text = dock.text.toPlainText()
    assert "O " in text and "> TURN 7,7" in text and "< MESSAGE levi" in text
    assert dock.summary.text().startswith(f"{len(record.log):,} lines of this game: > the")
    # A new game: its own log, empty so far.
    window.controller.session.new_game(Mark.X, GOMOKU)
    assert dock.lines == () and dock.text.toPlainText() == ""
    # Closed from its title bar: the menu follows.
    dock.close()
    assert not action.isChecked()


def test_a_forfeits_last_lines_are_in_the_log(
    qtbot: QtBot, two_people: Callable[..., MainWindow], engines_file: Path
) -> None:
    window = two_people(engines_file=engines_file, rules=GOMOKU)
    _seat(window, Mark.O, CRASHER)
    window.controller.session.new_game(Mark.X, GOMOKU)
    centre = GOMOKU.size // 2
    # Shown only now: the dock reads the game's log as it is.
    for ply, cell in ((2, centre), (4, centre + 1)):
        window.controller.session.play_cell(cell)
        qtbot.waitUntil(lambda ply=ply: window.controller.session.record.ply == ply, timeout=10_000)
    assert _shown(window) == list(window.controller.session.record.log)
    with qtbot.waitSignal(window.controller.game_finished, timeout=10_000) as finished:
        window.controller.session.play_cell(centre + 2)
    record = finished.args[0]
    assert record.forfeit is not None
    lines = window.engine_log.dock.text.toPlainText().splitlines()  # type: ignore[union-attr]
    assert lines == list(record.log) and any("exited with code 7" in line for line in lines)


def test_the_engines_dialog_opens_the_log(
    qtbot: QtBot, make_window: WindowMaker, engines_file: Path
) -> None:
    window = make_window(engines_file=engines_file, rules=GOMOKU)
    dialog = EnginesDialog(window, engine_list=window.engine_list, show_log=window.show_engine_log)
    qtbot.addWidget(dialog)
    assert dialog.log_button.isVisibleTo(dialog)
    dialog.log_button.click()
    dock = window.engine_log.dock
    assert dock is not None and dock.isVisible()
    dialog.reject()
    # Standing alone, the dialog has no game whose log it could show.
    alone = EnginesDialog(path=engines_file)
    qtbot.addWidget(alone)
    assert not alone.log_button.isVisibleTo(alone)
