"""Lab > Engines...: add a brain by its program (file and folder browsers, name from ABOUT,
sizes probed in the background), refuse a program that is not a brain, set and keep each
brain's settings, test it with its own times, remove it after asking; the list is saved,
followed on disk, and a broken list is kept aside with a message."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers.brain_helpers import BAD_BRAIN, our_brain
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from ttt_desktop.brains.engines import EngineEntry, EngineList
from ttt_desktop.brains.manager import DEFAULT_CLOCK, BrainSettings
from ttt_desktop.brains.player import BrainPlayer
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.clock import TimeControl
from ttt_desktop.core.rules import GOMOKU
from ttt_desktop.gui.common import translation
from ttt_desktop.gui.engines.engine_add_dialog import AddEngineDialog, program_folder
from ttt_desktop.gui.engines.engine_list import WatchedEngineList
from ttt_desktop.gui.engines.engines_dialog import EnginesDialog, parse_info_lines, size_ranges
from ttt_desktop.gui.insight.words import figures, headline

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="brains run on Linux")

PBRAIN = Path(sys.executable).parent / "pbrain-ttt"
PROJECT_ROOT = Path(__file__).resolve().parents[2]


def _ours() -> str:
    return shlex.join(our_brain("rando"))


def _dialog(qtbot: QtBot, path: Path) -> EnginesDialog:
    dialog = EnginesDialog(path=path)
    qtbot.addWidget(dialog)
    return dialog


def _list_with(path: Path, *entries: EngineEntry) -> Path:
    engines = EngineList(path)
    for entry in entries:
        engines.add(entry)
    engines.save()
    return path


def _ok_brain(name: str = "Ok", **settings: Any) -> EngineEntry:
    return EngineEntry(name, f"{sys.executable} {BAD_BRAIN} ok", sizes=(15,), **settings)


def _answer_removal(monkeypatch: pytest.MonkeyPatch, yes: bool) -> list[str]:
    """Answer the Remove question ``yes`` or no; the questions asked come back."""
    from PySide6.QtWidgets import QMessageBox  # noqa: PLC0415

    asked: list[str] = []

    def question(parent: object, title: str, text: str, *rest: object) -> Any:
        asked.append(text)
        return QMessageBox.StandardButton.Yes if yes else QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", question)
    return asked


def test_add_probe_test_and_remove_an_engine(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "engines.json"
    dialog = _dialog(qtbot, path)
    dialog.add_command(_ours())
    assert not dialog.add_button.isEnabled()  # busy: one job at a time
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1, timeout=30_000)
    assert dialog.table.item(0, 0).text() == "TTT Rando"
    assert dialog.table.item(0, 2).text() == "5\u201320"  # every size from 5 to 20
    saved = EngineList.load(path).get("TTT Rando")
    assert saved.rectangles is True and saved.mnk and 15 in saved.sizes
    # The working folder is the program's (the interpreter's here).
    assert saved.cwd == str(Path(sys.executable).parent)
    assert dialog.selected() == saved  # the new engine is selected
    dialog.test_button.click()
    assert "plays a test game (5,000 ms a move, 1,000 ms of margin)" in dialog.status.text()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=30_000)
    assert "a test game on Gomoku" in dialog.status.text()
    asked = _answer_removal(monkeypatch, yes=False)
    dialog.remove_button.click()
    assert asked == ["Remove TTT Rando from the engine list? Its games stay in the library."]
    assert dialog.table.rowCount() == 1 and len(EngineList.load(path)) == 1
    _answer_removal(monkeypatch, yes=True)
    dialog.remove_button.click()
    assert dialog.table.rowCount() == 0
    assert len(EngineList.load(path)) == 0
    assert dialog.status.text() == "TTT Rando was removed from the engine list."


def test_the_add_dialog_browses_for_the_program_and_its_folder(
    qtbot: QtBot, tmp_path: Path
) -> None:
    add = AddEngineDialog(taken=["Mine"])
    qtbot.addWidget(add)
    # Arguments typed before the program is chosen are kept.
    add.command_edit.setText("--player levi")
    add.ask_program = lambda start: str(PBRAIN)  # type: ignore[method-assign]
    add.browse_program_button.click()
    assert add.command_edit.text() == f"{PBRAIN} --player levi"
    assert add.folder_edit.placeholderText() == f"{PBRAIN.parent} (the program's folder)"
    assert add.refusal() == ""
    assert add.values() == (f"{PBRAIN} --player levi", str(PBRAIN.parent), "")
    add.ask_folder = lambda start: str(tmp_path)  # type: ignore[method-assign]
    add.browse_folder_button.click()
    add.name_edit.setText("  Levi   the brain ")
    assert add.values() == (f"{PBRAIN} --player levi", str(tmp_path), "Levi the brain")
    assert program_folder("pbrain-ttt") == "" or Path(program_folder("pbrain-ttt")).is_dir()


def test_the_add_dialog_refuses_what_cannot_be_a_brain(qtbot: QtBot, tmp_path: Path) -> None:
    text_file = tmp_path / "notes.txt"
    text_file.write_text("not a program")
    add = AddEngineDialog(taken=["Mine"])
    qtbot.addWidget(add)
    cases = [
        ("", "", "", "Choose the brain's program, or type the command that runs it."),
        ("'unclosed", "", "", "The command can't be read: a quotation mark is not closed."),
        ("no-such-brain-here", "", "", "There is no program no-such-brain-here on the PATH."),
        (f"{tmp_path}/absent", "", "", f"There is no program at {tmp_path}/absent."),
        (str(text_file), "", "", f"{text_file} can't be run: it is not marked executable."),
        (str(PBRAIN), f"{tmp_path}/nowhere", "", f"{tmp_path}/nowhere is not a folder."),
        (str(PBRAIN), "", "mine", "There is already an engine called mine."),
    ]
    for command, folder, name, refusal in cases:
        add.command_edit.setText(command)
        add.folder_edit.setText(folder)
        add.name_edit.setText(name)
        add.accept()
        assert add.isVisible() is False and add.result() == 0  # not accepted
        assert add.problem.text() == refusal
        assert not add.problem.isHidden()


def test_add_opens_the_add_dialog_and_probes_in_the_background(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from PySide6.QtCore import QTimer  # noqa: PLC0415
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    path = tmp_path / "engines.json"
    dialog = _dialog(qtbot, path)
    dialog.show()
    folder = tmp_path / "levi-home"
    folder.mkdir()

    def fill_in() -> None:
        add = QApplication.activeModalWidget()
        assert isinstance(add, AddEngineDialog)
        add.command_edit.setText(f"{PBRAIN} --player levi")
        add.folder_edit.setText(str(folder))
        add.add_button.click()

    QTimer.singleShot(0, fill_in)
    dialog.add_button.click()
    # The probe runs in the background: the dialog answers meanwhile.
    assert dialog.busy and "who it is and what it plays" in dialog.status.text()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=60_000)
    entry = EngineList.load(path).get("TTT Levi")
    assert entry.cwd == str(folder) and entry.command == f"{PBRAIN} --player levi"
    assert entry.about["name"] == "TTT Levi" and entry.mnk
    assert dialog.status.text() == "TTT Levi accepts board sizes 5\u201320."
    assert dialog.status_icon.isHidden()
    # Added again under the same ABOUT name: it gets a name of its own.
    dialog.add_command(f"{PBRAIN} --player levi")
    qtbot.waitUntil(lambda: not dialog.busy, timeout=60_000)
    assert [entry.name for entry in EngineList.load(path)] == ["TTT Levi", "TTT Levi (2)"]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("program", "reason"),
    [
        ("/bin/cat", "it is not a Gomocup brain: it answered 'START 5' to START 5, where a"),
        ("exits", "it is not a Gomocup brain: the brain crashed (exited with code 1)"),
        ("sleeps", "it is not a Gomocup brain: no answer within 3000 ms while answering ABOUT"),
        ("/nonexistent/pbrain-none", "can't start"),
    ],
)
def test_a_program_that_is_not_a_brain_is_refused(
    qtbot: QtBot, tmp_path: Path, program: str, reason: str
) -> None:
    scripts = {"exits": "#!/bin/sh\nexit 1\n", "sleeps": "#!/bin/sh\nexec sleep 600\n"}
    if program in scripts:
        script = tmp_path / program
        script.write_text(scripts[program])
        script.chmod(0o755)
        program = str(script)
    path = tmp_path / "engines.json"
    dialog = _dialog(qtbot, path)
    dialog.add_command(program)
    qtbot.waitUntil(lambda: not dialog.busy, timeout=30_000)
    status = dialog.status.text()
    assert status.startswith(f"{program} was not added: "), status
    assert reason in dialog.status.toolTip(), status  # the manager's words, for an expert
    assert not dialog.status_icon.isHidden()  # a warning sign beside it
    assert dialog.table.rowCount() == 0 and not path.exists()


def test_a_test_game_reports_a_forfeit(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "engines.json"
    garbage = EngineEntry("Garbage", f"{sys.executable} {BAD_BRAIN} garbage", sizes=(15,))
    dialog = _dialog(qtbot, _list_with(path, garbage))
    dialog.table.selectRow(0)
    dialog.test_button.click()
    qtbot.waitUntil(lambda: not dialog.busy, timeout=30_000)
    assert "lost a test game" in dialog.status.text()
    assert "instead of a move" in dialog.status.text()


def test_a_test_game_uses_and_names_the_brains_own_times(qtbot: QtBot, tmp_path: Path) -> None:
    path = _list_with(tmp_path / "engines.json", _ok_brain(turn_ms=1500, match_ms=90_000))
    dialog = _dialog(qtbot, path)
    dialog.table.selectRow(0)
    dialog.margin_spin.setValue(400)
    dialog.margin_spin.editingFinished.emit()
    dialog.test_button.click()
    times = "1,500 ms a move, 90,000 ms a game, 400 ms of margin"
    assert dialog.status.text() == f"Ok plays a test game ({times})..."
    qtbot.waitUntil(lambda: not dialog.busy, timeout=30_000)
    assert dialog.status.text().endswith(f"moves; {times}).")


def test_a_command_that_does_not_run_is_reported(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = _dialog(qtbot, tmp_path / "engines.json")
    dialog.add_command("/nonexistent/pbrain-none")
    qtbot.waitUntil(lambda: not dialog.busy, timeout=10_000)
    assert "was not added" in dialog.status.text() and "can't start" in dialog.status.toolTip()
    assert dialog.table.rowCount() == 0


def test_a_broken_list_is_kept_aside_and_said_until_dismissed(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "engines.json"
    path.write_text(json.dumps({"format": "something else"}))
    dialog = _dialog(qtbot, path)
    (aside,) = tmp_path.glob("engines.json.bad-*")
    assert not dialog.notice.isHidden()
    assert "can't be read" in dialog.notice_text.text()
    assert f"moved to {aside}" in dialog.notice_text.text()
    dialog.dismiss_button.click()
    assert dialog.notice.isHidden() and dialog.engine_list.problem == ""


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

    path = _list_with(tmp_path / "engines.json", _ok_brain())
    dialog = _dialog(qtbot, path)
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
    again = _dialog(qtbot, path)
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


def test_every_setting_is_edited_saved_as_changed_and_used(qtbot: QtBot, tmp_path: Path) -> None:
    from ttt_desktop.brains.factory import BrainPlayerFactory  # noqa: PLC0415
    from ttt_desktop.players import create_player  # noqa: PLC0415

    path = _list_with(tmp_path / "engines.json", _ok_brain())
    dialog = _dialog(qtbot, path)
    dialog.table.selectRow(0)
    assert dialog.settings_box.title() == "Settings of Ok"
    assert (dialog.margin_spin.value(), dialog.memory_spin.value()) == (1000, 350)
    assert not dialog.enforce_check.isChecked() and dialog.infos_edit.toPlainText() == ""

    def saved() -> EngineEntry:
        return EngineList.load(path).get("Ok")

    dialog.margin_spin.setValue(250)
    dialog.margin_spin.editingFinished.emit()
    assert saved().margin_ms == 250
    dialog.memory_spin.setValue(64)
    dialog.memory_spin.editingFinished.emit()
    dialog.enforce_check.click()
    assert (saved().memory_mb, saved().enforce_memory) == (64, True)
    dialog.memory_spin.setValue(0)  # no limit: nothing to enforce
    dialog.memory_spin.editingFinished.emit()
    assert (saved().memory_mb, saved().enforce_memory) == (0, False)
    assert dialog.memory_spin.text() == "no limit" and not dialog.enforce_check.isEnabled()
    dialog.memory_spin.setValue(200)
    dialog.memory_spin.editingFinished.emit()
    dialog.folder_edit.setText(str(tmp_path))
    dialog.folder_edit.editingFinished.emit()
    assert saved().cwd == str(tmp_path)
    dialog.ask_folder = lambda start: str(PROJECT_ROOT)  # type: ignore[method-assign]
    dialog.folder_button.click()
    assert saved().cwd == str(PROJECT_ROOT) and dialog.folder_edit.text() == str(PROJECT_ROOT)
    dialog.infos_edit.setPlainText("hash_size 64\n\nINFO style  fast and sharp\n")
    dialog.infos_edit.editing_finished.emit()
    assert saved().infos == {"hash_size": "64", "style": "fast and sharp"}
    # A fresh dialog shows them all.
    again = _dialog(qtbot, path)
    again.table.selectRow(0)
    assert again.infos_edit.toPlainText() == "hash_size 64\nstyle fast and sharp"
    assert (again.margin_spin.value(), again.memory_spin.value()) == (250, 200)
    assert again.folder_edit.text() == str(PROJECT_ROOT)
    # The window's games run it so: its INFO lines, memory, folder and margin.
    with BrainPlayerFactory(create_player, path)("brain.ok") as brain:
        settings = brain.settings
        assert settings.infos == (("hash_size", "64"), ("style", "fast and sharp"))
        assert settings.max_memory == 200 * 1024 * 1024 and not settings.enforce_memory
        assert settings.clock.margin_ms == 250 and brain.cwd == str(PROJECT_ROOT)
        info = brain.process.info_lines(GOMOKU)
        assert info[-2:] == ["INFO hash_size 64\r\n", "INFO style fast and sharp\r\n"]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("hash_size", "Line 1: a key and a value, such as: hash_size 64"),
        ("a 1\nINFO", "Line 2: a key and a value, such as: hash_size 64"),
        ("timeout_turn 100", "Line 1: INFO timeout_turn is sent by the manager itself"),
        ("a 1\n\nMAX_MEMORY 5", "Line 3: INFO max_memory is sent by the manager itself"),
        ("a 1\na 2", "Line 2: a is given twice."),
        ("a \x1b[31m1", "Line 1: it holds characters that are not text."),
    ],
)
def test_info_lines_that_cannot_be_kept_are_refused(text: str, problem: str) -> None:
    assert parse_info_lines(text)[1].startswith(problem)


@pytest.mark.parametrize(
    ("sizes", "shown"),
    [((), ""), ((15,), "15"), ((5, 6, 7), "5\u20137"), ((9, 15, 16, 17, 19), "9, 15\u201317, 19")],
)
def test_board_sizes_are_shown_as_runs(sizes: tuple[int, ...], shown: str) -> None:
    assert size_ranges(sizes) == shown


def test_a_refused_setting_leaves_the_list_as_it_was(qtbot: QtBot, tmp_path: Path) -> None:
    path = _list_with(tmp_path / "engines.json", _ok_brain(infos={"hash_size": "64"}))
    dialog = _dialog(qtbot, path)
    dialog.table.selectRow(0)
    before = path.read_bytes()
    dialog.infos_edit.setPlainText("rule 1")
    dialog.infos_edit.editing_finished.emit()
    assert dialog.status.text().startswith("Not changed: Line 1: INFO rule is sent by the")
    # The text stays as typed, to be put right; the list is not written.
    assert dialog.infos_edit.toPlainText() == "rule 1" and path.read_bytes() == before
    dialog.folder_edit.setText(str(tmp_path / "nowhere"))
    dialog.folder_edit.editingFinished.emit()
    assert dialog.status.text() == f"Not changed: {tmp_path / 'nowhere'} is not a folder."
    assert dialog.folder_edit.text() == "" and path.read_bytes() == before


@pytest.mark.slow
def test_a_list_changed_outside_shows_at_once_and_a_save_here_is_not_read_back(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = _list_with(tmp_path / "data" / "engines.json", _ok_brain())
    dialog = _dialog(qtbot, path)
    watched: WatchedEngineList = dialog.engine_list
    assert watched.following
    # Another window saves the list (atomically: the file is replaced).
    other = EngineList.load(path)
    other.add(_ok_brain("Another"))
    with qtbot.waitSignal(watched.file_checked) as checked:
        other.save()
    assert checked.args == [True]
    assert [dialog.table.item(row, 0).text() for row in range(2)] == ["Ok", "Another"]
    assert dialog.reloads == 1
    # The command line removes one.
    removed = subprocess.run(
        [sys.executable, "-m", "ttt_desktop.cli", "engines", "remove", "Ok", "--engines", path],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert "removed Ok" in removed.stdout
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1)
    assert dialog.table.item(0, 0).text() == "Another" and dialog.reloads == 2
    # Saved here: the file changes, and is not read back (no reload, no loop).
    dialog.table.selectRow(0)
    with (
        qtbot.waitSignal(watched.file_checked) as checked,
        qtbot.waitSignal(watched.changed),
    ):
        dialog.set_times(2000, 0)
    assert checked.args == [False] and dialog.reloads == 2
    with qtbot.assertNotEmitted(watched.changed, wait=3 * 150):
        pass
    assert EngineList.load(path).get("Another").turn_ms == 2000
    # The file removed outside: the list empties.
    path.unlink()
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 0)


def test_the_folder_is_watched_before_the_list_exists(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "not yet" / "data" / "engines.json"
    dialog = _dialog(qtbot, path)
    assert dialog.table.rowCount() == 0 and not path.parent.exists()
    _list_with(path, _ok_brain())
    qtbot.waitUntil(lambda: dialog.table.rowCount() == 1)


def test_a_brain_is_offered_only_under_the_rules_it_plays(
    qtbot: QtBot, make_window: Any, tmp_path: Path
) -> None:
    from PySide6.QtCore import Qt  # noqa: PLC0415
    from PySide6.QtGui import QStandardItemModel  # noqa: PLC0415

    from ttt_desktop.brains.engines import probe  # noqa: PLC0415
    from ttt_desktop.core.rules import Rules  # noqa: PLC0415

    mine = probe(EngineEntry("Mine", f"{sys.executable} {BAD_BRAIN} no-renju"), sizes=(15,))
    ok = probe(_ok_brain("Ok"), sizes=(15,))
    old = _ok_brain("Old")  # probed before rules were asked: renju unknown
    path = _list_with(tmp_path / "engines.json", mine, ok, old)
    window = make_window(engines_file=path, rules=Rules.parse("renju"))
    panel = window.player_panel
    model = panel.combo(Mark.O).model()
    assert isinstance(model, QStandardItemModel)
    items = {
        name: model.item(panel.index_of(Mark.O, kind=f"brain.{name.lower()}"))
        for name in ("Mine", "Ok", "Old")
    }
    assert items["Ok"].isEnabled()
    assert not items["Mine"].isEnabled() and not items["Old"].isEnabled()
    assert items["Mine"].toolTip() == (
        "Mine does not play renju: it answered ERROR renju is not supported to INFO rule 4 "
        "when probed"
    )
    assert items["Old"].toolTip() == (
        "Old was not asked whether it plays renju: probe it in Lab > Engines..."
    )
    # The engines window says what each plays, and what it answered to the others.
    dialog = EnginesDialog(window, engine_list=window.engine_list)
    qtbot.addWidget(dialog)
    rows = {dialog.table.item(row, 0).text(): row for row in range(dialog.table.rowCount())}
    cell = dialog.table.item(rows["Mine"], 4)
    assert cell.text() == "free-style, exactly five, caro"
    assert "answered ERROR renju is not supported to INFO rule 4" in cell.toolTip()
    assert dialog.table.item(rows["Ok"], 4).text() == "free-style, exactly five, renju, caro"
    assert dialog.table.item(rows["Old"], 4).text() == ""
    assert dialog.table.horizontalHeaderItem(4).data(Qt.ItemDataRole.DisplayRole) == "Rules"
    dialog.reject()


def test_the_engines_refusals_are_said_in_german(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _list_with(tmp_path / "engines.json", _ok_brain())
    installed = translation.install(QSettings(), "de")
    try:
        add = AddEngineDialog(taken=[])
        qtbot.addWidget(add)
        add.command_edit.setText("'unclosed")
        add.accept()
        unclosed = add.problem.text()
        dialog = _dialog(qtbot, path)
        dialog.table.selectRow(0)
        assert not dialog.change_selected(margin_ms=-1)  # not a value the list keeps
        kept = dialog.status.text(), dialog.status.toolTip()

        def refuse(*_args: object) -> None:
            raise PermissionError(13, "Permission denied", str(path))

        monkeypatch.setattr(dialog.engine_list, "save", refuse)
        dialog.change_selected(margin_ms=300)
        saved = dialog.status.text(), dialog.status.toolTip()
        dialog.add_command("/nonexistent/pbrain-none")
        qtbot.waitUntil(lambda: not dialog.busy, timeout=10_000)
        started = dialog.status.text(), dialog.status.toolTip()
    finally:
        translation.remove(installed)
    assert (
        unclosed
        == "Der Befehl lässt sich nicht lesen: Ein Anführungszeichen wird nicht geschlossen."
    )
    assert (
        kept[0] == "Nicht geändert: Die Liste der Spielprogramme kann diesen Wert nicht übernehmen."
    )
    assert "margin_ms is a whole number" in kept[1]  # the list's own words, for an expert
    assert saved[0] == (
        "Die Liste der Spielprogramme ließ sich nicht speichern: Das System hat es nicht erlaubt."
    )
    assert "Permission denied" in saved[1]
    assert started[0] == (
        "/nonexistent/pbrain-none wurde nicht hinzugefügt: Sein Programm ließ sich nicht starten."
    )
    assert "can't start" in started[1]
    for text in (unclosed, kept[0], saved[0], started[0]):
        for english in ("No closing", "quotation", "whole number", "Permission", "can't", "the "):
            assert english not in text


def test_the_engines_window_says_which_brains_play_swap2(
    qtbot: QtBot, make_window: Any, tmp_path: Path
) -> None:
    from dataclasses import replace  # noqa: PLC0415

    from PySide6.QtCore import Qt  # noqa: PLC0415

    yes = replace(_ok_brain("Yes"), swap2=True)
    no = replace(_ok_brain("No"), swap2=False, swap2_refusal="ERROR Unknown command")
    old = _ok_brain("Old")  # probed before SWAP2BOARD was asked
    path = _list_with(tmp_path / "engines.json", yes, no, old)
    window = make_window(engines_file=path)
    dialog = EnginesDialog(window, engine_list=window.engine_list)
    qtbot.addWidget(dialog)
    assert dialog.table.horizontalHeaderItem(5).data(Qt.ItemDataRole.DisplayRole) == "Swap2"
    rows = {dialog.table.item(row, 0).text(): row for row in range(dialog.table.rowCount())}
    cells = {name: dialog.table.item(row, 5) for name, row in rows.items()}
    assert [cells[name].text() for name in ("Yes", "No", "Old")] == ["yes", "no", ""]
    assert cells["No"].toolTip() == (
        "Not swap or swap2: it answered ERROR Unknown command to SWAP2BOARD"
    )
    assert cells["Old"].toolTip() == "Not asked yet: Probe asks it"
    dialog.reject()
