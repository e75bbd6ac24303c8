"""The window and its engine list: a hostile engines.json never stops the window and is
said until dismissed; a list changed outside the window shows in the drop-downs at once."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from ttt_desktop.brains.engines import EngineEntry, EngineList
from ttt_desktop.core import Mark
from ttt_desktop.core.rules import GOMOKU
from ttt_desktop.gui.engines.engine_players import is_brain
from ttt_desktop.gui.engines.engines_dialog import EnginesDialog
from ttt_desktop.gui.shell.main_window import MainWindow

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="brains run on Linux")

WindowMaker = Callable[..., MainWindow]


def _nested(path: Path) -> None:
    path.write_text("[" * 400_000)  # 400 KB of brackets, never closed


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _folder(path: Path) -> None:
    path.mkdir()
    (path / "inside.json").write_text("{}")


def _invalid(path: Path) -> None:
    path.write_text('{"format": "ttt-desktop-engines", "version": 2, "engines": [}')


HOSTILE = {
    "nested brackets": (_nested, "nested"),
    "a named pipe": (_fifo, "pipe"),
    "a link to /dev/zero": (_zero, "device"),
    "a folder": (_folder, "folder"),
    "invalid JSON": (_invalid, "JSON"),
}


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_a_hostile_engine_list_never_stops_the_window(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path, kind: str
) -> None:
    make, said = HOSTILE[kind]
    path = tmp_path / "data" / "engines.json"
    path.parent.mkdir()
    make(path)
    window = make_window(engines_file=path, rules=GOMOKU)  # shown and exposed
    assert window.isVisible()
    assert not any(is_brain(entry.kind) for entry in window.roster)
    (aside,) = path.parent.glob("engines.json.bad-*")
    assert not path.exists() and not path.is_symlink()
    problem = window.engines_problem
    assert f"the engine list {path} can't be read" in problem and said in problem, problem
    assert f"it was moved to {aside}" in problem
    # Said until dismissed: a box that leaves the window usable, and the status bar.
    qtbot.waitUntil(
        lambda: window.engines_notice.box is not None and window.engines_notice.box.isVisible()
    )
    box = window.engines_notice.box
    assert box is not None and not box.isModal()
    assert box.windowTitle() == "The engine list could not be read"
    assert str(aside) in box.informativeText()
    status = window.engines_notice.status
    assert status is not None and status.isVisible() and str(aside) in status.toolTip()
    assert status.text() == "The engine list could not be read (see Lab > Engines...)"
    # The window goes on: a new game, a move.
    window.controller.session.new_game(Mark.X, GOMOKU)
    window.controller.session.play_cell(GOMOKU.size // 2)
    assert window.controller.session.record.ply >= 1
    # The Engines dialog says it too, and dismissing it there closes the box.
    dialog = EnginesDialog(window, engine_list=window.engine_list)
    qtbot.addWidget(dialog)
    assert not dialog.notice.isHidden() and str(aside) in dialog.notice_text.text()
    dialog.dismiss_button.click()
    assert window.engines_problem == "" and window.engines_notice.box is None
    assert window.engines_notice.status is None
    dialog.reject()


def test_the_notice_box_dismisses_the_problem(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    path = tmp_path / "engines.json"
    _invalid(path)
    window = make_window(engines_file=path)
    qtbot.waitUntil(
        lambda: window.engines_notice.box is not None and window.engines_notice.box.isVisible()
    )
    box = window.engines_notice.box
    assert box is not None
    box.accept()
    assert window.engines_problem == "" and window.engines_notice.box is None
    # A list that goes bad while the window runs is said as well.
    path.write_text("{broken")
    qtbot.waitUntil(lambda: window.engines_notice.box is not None, timeout=10_000)
    assert "moved to" in window.engines_problem


def test_the_drop_downs_follow_the_engine_list_changed_outside(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    path = tmp_path / "data" / "engines.json"
    window = make_window(engines_file=path, rules=GOMOKU)
    assert not any(is_brain(entry.kind) for entry in window.roster)
    engines = EngineList(path)
    ok = f"{sys.executable} -c pass"
    engines.add(EngineEntry("Outside", ok, sizes=(15,)))
    with qtbot.waitSignal(window.engine_list.changed, timeout=10_000):
        engines.save()  # the data folder is made, then the file
    panel = window.player_panel
    assert panel.index_of(Mark.O, kind="brain.outside") >= 0
    engines.remove("Outside")
    engines.add(EngineEntry("Later", ok, sizes=(15,)))
    with qtbot.waitSignal(window.engine_list.changed, timeout=10_000):
        engines.save()
    kinds = [entry.kind for entry in window.roster if is_brain(entry.kind)]
    assert kinds == ["brain.later"]


def test_the_window_follows_the_engines_dialog_while_it_is_open(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    path = tmp_path / "engines.json"
    engines = EngineList(path)
    engines.add(EngineEntry("First", f"{sys.executable} -c pass", sizes=(15,)))
    engines.save()
    window = make_window(engines_file=path, rules=GOMOKU)
    dialog = EnginesDialog(window, engine_list=window.engine_list)
    qtbot.addWidget(dialog)
    dialog.table.selectRow(0)
    dialog.set_times(1234, 0)
    # Saved by the dialog: the window has it at once, without a reload of the file.
    (entry,) = [entry for entry in window.roster if is_brain(entry.kind)]
    assert entry.entry.turn_ms == 1234  # type: ignore[attr-defined]
    assert json.loads(path.read_text())["engines"][0]["turn_ms"] == 1234
    dialog.reject()
