"""The tournament window offers the engine list's brains for the boards they play, each
with its time a move; their forfeits and pipe logs come with the games."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from ttt_desktop.brains.engines import EngineEntry, EngineList
from ttt_desktop.brains.manager import owned_processes
from ttt_desktop.core.record import GameRecord
from ttt_desktop.core.rules import GOMOKU, Rules
from ttt_desktop.gui.lab.tournament_window import TournamentWindow

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="brains run on Linux")

BAD_BRAIN = Path(__file__).parents[1] / "data" / "brains" / "bad_brain.py"
NINE = Rules(9, 9, 5)
RUN_TIMEOUT_MS = 120_000  # a ceiling that only stops a hung run, not a speed bar


def _ours() -> str:
    return f"{sys.executable} -m ttt_desktop.cli brain --player rando --seed 1"


@pytest.fixture
def engines_file(tmp_path: Path) -> Path:
    path = tmp_path / "engines.json"
    engines = EngineList(path)
    ours = EngineEntry("TTT Rando", _ours(), sizes=(9, 15), mnk=True)
    engines.add(ours.with_times(1500))
    engines.add(EngineEntry("Crasher", f"{sys.executable} {BAD_BRAIN} crash-mid", sizes=(9,)))
    engines.add(EngineEntry("Unprobed", f"{sys.executable} {BAD_BRAIN} ok"))
    engines.save()
    return path


def _row_of(window: TournamentWindow, kind: str) -> int:
    table = window.players_table
    for row in range(table.rowCount()):
        if table.item(row, 0).data(Qt.ItemDataRole.UserRole) == kind:
            return row
    raise AssertionError(f"{kind} is not offered")


def test_brains_are_offered_for_the_boards_they_play(qtbot: QtBot, engines_file: Path) -> None:
    window = TournamentWindow(settings=QSettings(), engines_file=engines_file)
    qtbot.addWidget(window)
    window.set_rules(NINE)
    table = window.players_table
    assert window.brain_times["engine:TTT Rando"].value() == 1500  # its time per move
    assert window.brain_times["engine:Crasher"].value() == 5000  # none set: the default
    unprobed = table.item(_row_of(window, "engine:Unprobed"), 0)
    assert not unprobed.flags() & Qt.ItemFlag.ItemIsEnabled
    assert "not probed" in unprobed.toolTip()
    assert not window.brain_times["engine:Unprobed"].isEnabled()
    window.set_rules(GOMOKU)
    crasher = table.item(_row_of(window, "engine:Crasher"), 0)
    assert not crasher.flags() & Qt.ItemFlag.ItemIsEnabled
    assert crasher.toolTip() == "Crasher plays 9x9 (as probed), not Gomoku 15x15"
    # A brain added to the list since shows when the window shows again.
    engines = EngineList.load(engines_file)
    engines.add(EngineEntry("Late", f"{sys.executable} {BAD_BRAIN} ok", sizes=(15,)))
    engines.save()
    window.show()
    qtbot.waitExposed(window)
    assert table.item(_row_of(window, "engine:Late"), 0).flags() & Qt.ItemFlag.ItemIsEnabled


def test_a_tournament_with_brains_keeps_forfeits_and_logs(
    qtbot: QtBot, engines_file: Path, tmp_path: Path
) -> None:
    stored: list[GameRecord] = []

    def store(records: list[GameRecord]) -> int:
        stored.extend(records)
        return len(records)

    window = TournamentWindow(
        settings=QSettings(),
        engines_file=engines_file,
        store_games=store,
        library_path=tmp_path / "games.sqlite3",
    )
    qtbot.addWidget(window)
    window.set_rules(NINE)
    window.set_players({"rando": 1, "engine:TTT Rando": 1, "engine:Crasher": 1})
    assert window.chosen_kinds() == ["rando", "engine:TTT Rando", "engine:Crasher"]
    window.brain_times["engine:TTT Rando"].setValue(2500)
    window.games_spin.setValue(2)
    window.jobs_spin.setValue(2)
    spec = window.spec()
    assert [e.label for e in spec.entrants] == ["rando", "TTT Rando", "Crasher"]
    assert spec.clock_of(spec.entrants[1]).turn_ms == 2500
    with qtbot.waitSignal(window.run_finished, timeout=RUN_TIMEOUT_MS):
        window.start()
    result = window.result
    assert result is not None and result.finished and len(result) == 6
    assert result.spec.brains is not None
    assert owned_processes(result.spec.brains.owner) == []
    crasher = 2
    for row, game in enumerate(result.games()):
        record = window.record_of_row(row)
        if crasher in (game.x, game.o):
            assert record.forfeit is not None and "crashed" in record.forfeit.reason
            assert any("> START 9" in line for line in record.log)
            result_text = window.games_model.index(row, 3).data()
            assert "crashed" in result_text
        if 1 in (game.x, game.o):
            assert any(side.kind == "brain.ttt-rando" for side in (record.x, record.o))
    assert window.progress_label.text().endswith("Lost off the board: Crasher 4.")
    window.store_in_library()
    assert len(stored) == 6 and sum(1 for r in stored if r.log) == 6


def test_a_stopped_tournament_with_a_brain_resumes_with_its_logs(
    qtbot: QtBot, engines_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typing import Any  # noqa: PLC0415

    from ttt_desktop.core.clock import TimeControl  # noqa: PLC0415
    from ttt_desktop.lab.spec import TournamentSpec, make_entrants  # noqa: PLC0415
    from ttt_desktop.lab.storing import TournamentSaver  # noqa: PLC0415
    from ttt_desktop.library import Library  # noqa: PLC0415

    path = tmp_path / "games.sqlite"
    spec = TournamentSpec(
        make_entrants([("rando", 1), ("engine:TTT Rando", 2)], [None, TimeControl(turn_ms=900.0)]),
        4,
        9,
        rules=NINE,
    )
    with Library(path) as library:
        TournamentSaver(library, spec, "stopped with a brain").finish(False)
    window = TournamentWindow(settings=QSettings(), engines_file=engines_file, library_path=path)
    qtbot.addWidget(window)

    def pick(_parent: object, _title: str, _label: str, items: list[str], *_: object) -> Any:
        return items[0], True

    monkeypatch.setattr("ttt_desktop.gui.lab.tournament_window.QInputDialog.getItem", pick)
    with qtbot.waitSignal(window.run_finished, timeout=RUN_TIMEOUT_MS):
        window.resume()
    result = window.result
    assert result is not None and result.finished and result.spec == spec
    assert result.spec.brains is not None
    assert owned_processes(result.spec.brains.owner) == []
    assert str(path) + ".logs" in result.spec.brains.log_dir
    for row in range(4):
        record = window.record_of_row(row)
        assert record.result is not None and record.log
