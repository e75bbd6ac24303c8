"""Lab > Engines...: add a brain by its command (name from ABOUT, sizes probed), test it,
remove it; the list is saved, and a broken list is kept aside with a message."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from ttt_desktop.brains.engines import EngineEntry, EngineList
from ttt_desktop.brains.manager import DEFAULT_CLOCK, BrainSettings
from ttt_desktop.brains.player import BrainPlayer
from ttt_desktop.engine.board import Board, Mark
from ttt_desktop.engine.clock import TimeControl
from ttt_desktop.engine.rules import GOMOKU
from ttt_desktop.gui.engines_dialog import EnginesDialog
from ttt_desktop.gui.insight.words import figures, headline

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="brains run on Linux")

BAD_BRAIN = Path(__file__).parents[1] / "data" / "brains" / "bad_brain.py"


def _ours() -> str:
    return f"{sys.executable} -m ttt_desktop.cli brain --player rando --seed 1"


def test_add_probe_test_and_remove_an_engine(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "engines.json"
    dialog = EnginesDialog(path=path)
    qtbot.addWidget(dialog)
    dialog.add_command(_ours())
    assert not dialog.add_button.isEnabled()  # busy: one job at a time
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1, timeout=30_000)
    assert dialog.table.item(0, 0).text() == "TTT Rando"
    assert "15" in dialog.table.item(0, 2).text() and "20" in dialog.table.item(0, 2).text()
    saved = EngineList.load(path).get("TTT Rando")
    assert saved.rectangles is True and saved.mnk and 15 in saved.sizes
    dialog.table.selectRow(0)
    dialog.test_button.click()
    assert "plays a test game" in dialog.status.text()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=30_000)
    assert "a test game on Gomoku" in dialog.status.text()
    dialog.remove_button.click()
    assert dialog.table.rowCount() == 0
    assert len(EngineList.load(path)) == 0


def test_a_test_game_reports_a_forfeit(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "engines.json"
    engines = EngineList(path)
    engines.add(EngineEntry("Garbage", f"{sys.executable} {BAD_BRAIN} garbage", sizes=(15,)))
    engines.save()
    dialog = EnginesDialog(path=path)
    qtbot.addWidget(dialog)
    dialog.table.selectRow(0)
    dialog.test_button.click()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=30_000)
    assert "lost a test game" in dialog.status.text()
    assert "instead of a move" in dialog.status.text()


def test_a_command_that_does_not_run_is_reported(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = EnginesDialog(path=tmp_path / "engines.json")
    qtbot.addWidget(dialog)
    dialog.add_command("/nonexistent/pbrain-none")
    qtbot.waitUntil(lambda: not dialog.busy, timeout=10_000)
    assert "did not work" in dialog.status.text() and "can't start" in dialog.status.text()
    assert dialog.table.rowCount() == 0


def test_a_broken_list_is_kept_aside(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "engines.json"
    path.write_text(json.dumps({"format": "something else"}))
    dialog = EnginesDialog(path=path)
    qtbot.addWidget(dialog)
    assert "moved to" in dialog.status.text()
    assert list(tmp_path.glob("engines.json.bad-*"))


def test_the_thinking_dock_shows_what_a_brain_said() -> None:
    command = [sys.executable, "-m", "ttt_desktop.cli", "brain", "--player", "levi"]
    with BrainPlayer(
        command, settings=BrainSettings(clock=TimeControl(turn_ms=1000, margin_ms=250))
    ) as brain:
        thought = brain.think(Board.empty(Mark.X, GOMOKU))
    assert headline(thought).startswith("brain.ttt-levi (X) played")
    said = [line for line in figures(thought) if line.startswith("It said: levi")]
    assert said and "ms" in said[0]


def test_a_brains_time_per_move_and_game_is_set_remembered_and_used(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from ttt_desktop.brains.factory import BrainPlayerFactory  # noqa: PLC0415
    from ttt_desktop.players import create_player  # noqa: PLC0415

    path = tmp_path / "engines.json"
    engines = EngineList(path)
    engines.add(EngineEntry("Ok", f"{sys.executable} {BAD_BRAIN} ok", sizes=(15,)))
    engines.save()
    dialog = EnginesDialog(path=path)
    qtbot.addWidget(dialog)
    assert not dialog.turn_spin.isEnabled()  # nothing selected
    dialog.table.selectRow(0)
    assert dialog.turn_spin.isEnabled() and dialog.turn_spin.value() == 5000
    assert dialog.match_spin.value() == 0 and dialog.match_spin.text() == "no limit"
    dialog.turn_spin.setValue(1500)
    dialog.match_spin.setValue(90_000)
    dialog.turn_spin.editingFinished.emit()
    saved = EngineList.load(path).get("Ok")
    assert (saved.turn_ms, saved.match_ms) == (1500, 90_000)
    # Neither limit is not a clock: the time per move it had stays.
    dialog.set_times(0, 0)
    assert "needs a time per move" in dialog.status.text()
    assert EngineList.load(path).get("Ok").turn_ms == 1500
    # A fresh dialog shows what was kept; the window's games use it.
    again = EnginesDialog(path=path)
    qtbot.addWidget(again)
    again.table.selectRow(0)
    assert again.turn_spin.value() == 1500
    factory = BrainPlayerFactory(create_player, path)
    with factory("brain.ok") as brain:
        clock = brain.settings.clock
        assert (clock.turn_ms, clock.game_ms) == (1500, None)
        assert clock.margin_ms == DEFAULT_CLOCK.margin_ms  # the Gomocup judge's 1,000 ms
    dialog.set_times(1500, 90_000)
    with factory("brain.ok") as brain:
        clock = brain.settings.clock
        assert (clock.turn_ms, clock.game_ms) == (1500, 90_000)


def test_an_engine_list_with_a_bad_time_is_refused() -> None:
    with pytest.raises(ValueError, match="turn_ms is a whole number"):
        EngineEntry("Ok", "x", turn_ms=-1)
    with pytest.raises(ValueError, match="needs a time per move or a time per game"):
        EngineEntry("Ok", "x", turn_ms=0)
    entry = EngineEntry("Ok", "x")
    # A match's clock over the brain's own, with the larger margin of the two.
    clock = entry.settings(TimeControl(turn_ms=700, margin_ms=250)).clock
    assert (clock.turn_ms, clock.margin_ms) == (700, 1000)
    assert entry.with_times(0, 30_000).settings().clock.turn_ms is None
