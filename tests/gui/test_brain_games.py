"""Brains of the engine list in the window: offered in the drop-downs for the boards they
play, a whole game on 15x15 with their MESSAGE lines in the Thinking dock, a crash lost
by forfeit with the reason shown and stored, and no brain process left once the window
closes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import shiboken6
from helpers.live_processes import command_line, live_processes
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from ttt_desktop.brains.engines import EngineEntry, EngineList
from ttt_desktop.core import Mark
from ttt_desktop.core.board import Board
from ttt_desktop.core.record import Forfeit, GameRecord, PlayerEntry
from ttt_desktop.core.rules import GOMOKU, TIC_TAC_TOE, Rules
from ttt_desktop.gui.engines.engines_dialog import EnginesDialog
from ttt_desktop.gui.game.controller import Seat
from ttt_desktop.gui.game.player_panel import ENTRY_ROLE
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.library import Library

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="brains run on Linux")

BAD_BRAIN = Path(__file__).parents[1] / "data" / "brains" / "bad_brain.py"
LEVI = "brain.ttt-levi"
CRASHER = "brain.crasher"


@pytest.fixture
def engines_file(tmp_path: Path) -> Path:
    """An engine list in a temporary data folder: our Levi as a brain, and one that crashes."""
    path = tmp_path / "data" / "engines.json"
    engines = EngineList(path)
    ours = f"{sys.executable} -m ttt_desktop.cli.arena brain --player levi --seed 4"
    engines.add(EngineEntry("TTT Levi", ours, sizes=(15, 20), rectangles=True))
    crasher = f"{sys.executable} {BAD_BRAIN} crash-mid"
    engines.add(EngineEntry("Crasher", crasher, sizes=(15,), rectangles=False))
    engines.save()
    return path


def _brain_processes(command_part: str) -> list[int]:
    """Live processes whose command line holds ``command_part``."""
    return [pid for pid, _, data in live_processes("cmdline") if command_part in command_line(data)]


def _rows(window: MainWindow, mark: Mark) -> dict[str, tuple[bool, str]]:
    """The drop-down's computers: kind -> (enabled, tooltip)."""
    model = window.player_panel.combo(mark).model()
    rows = {}
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        seat = index.data(ENTRY_ROLE)
        if isinstance(seat, Seat) and not seat.is_human:
            enabled = bool(model.flags(index) & model.flags(index).ItemIsEnabled)
            rows[seat.kind] = (enabled, str(index.data(3) or ""))  # 3: the tooltip role
    return rows


def _play(qtbot: QtBot, window: MainWindow, cell: int) -> None:
    """A person's move at ``cell`` (the big boards have no widget per cell to click)."""
    with qtbot.waitSignal(window.controller.move_played, timeout=5_000):
        window.controller.session.play_cell(cell)


def _seat(window: MainWindow, mark: Mark, kind: str) -> None:
    panel = window.player_panel
    panel.choose_index(mark, panel.index_of(mark, kind=kind))
    assert window.controller.session.seat(mark).kind == kind


def test_brains_follow_the_roster_for_the_boards_they_play(
    make_window: type, engines_file: Path
) -> None:
    window = make_window(engines_file=engines_file, rules=GOMOKU)
    rows = _rows(window, Mark.O)
    kinds = list(rows)
    # After the roster's players, in the list's order.
    assert kinds[-2:] == [LEVI, CRASHER]
    assert rows[LEVI][0] and rows[CRASHER][0]
    window.controller.session.new_game(rules=Rules(20, 20, 5))
    rows = _rows(window, Mark.O)
    assert rows[LEVI][0]
    assert rows[CRASHER] == (False, "Crasher plays 15x15 (as probed), not 20x20, 5 in a row")
    window.controller.session.new_game(rules=TIC_TAC_TOE)
    rows = _rows(window, Mark.X)
    assert not rows[LEVI][0] and "five in a row" in rows[LEVI][1]
    # The new-game dialog says the same.
    dialog = window.new_game_dialog()
    assert "five in a row" in dialog.disabled_kinds(Mark.O)[LEVI]
    dialog.deleteLater()


def test_the_lists_follow_the_engine_list_after_the_engines_dialog(
    make_window: type, engines_file: Path
) -> None:
    window = make_window(engines_file=engines_file, rules=GOMOKU)
    engines = EngineList.load(engines_file)
    engines.remove("Crasher")
    engines.add(EngineEntry("Another", "another-brain", sizes=(15,)))
    engines.save()
    window.refresh_engines()
    rows = _rows(window, Mark.O)
    assert CRASHER not in rows and rows["brain.another"][0]


def test_the_lists_refresh_when_the_engines_dialog_closes(
    qtbot: QtBot, make_window: type, engines_file: Path
) -> None:
    window = make_window(engines_file=engines_file, rules=GOMOKU)
    (action,) = [
        action for action in window.lab.lab_menu.actions() if action.text() == "&Engines..."
    ]
    engines = EngineList.load(engines_file)
    engines.remove("TTT Levi")
    engines.save()
    seen: list[str] = []

    def close_the_dialog() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, EnginesDialog) and dialog.path == engines_file
        item = dialog.table.item(0, 0)
        seen.append(item.text() if item is not None else "")
        dialog.reject()

    QTimer.singleShot(0, close_the_dialog)
    action.trigger()
    assert seen == ["Crasher"]
    assert LEVI not in _rows(window, Mark.X) and CRASHER in _rows(window, Mark.X)


@pytest.mark.slow
def test_a_whole_game_against_a_brain_with_its_messages_in_the_thinking_dock(
    qtbot: QtBot, make_window: type, engines_file: Path, tmp_path: Path
) -> None:
    window = make_window(
        engines_file=engines_file, rules=GOMOKU, library_path=tmp_path / "games.sqlite3"
    )
    qtbot.waitUntil(lambda: window.history.library is not None)
    window.ai_speed_actions[0].trigger()
    window.insight.dock.show()
    _seat(window, Mark.X, LEVI)
    _seat(window, Mark.O, "levi")
    said: list[str] = []

    def heard(record: object, thought: object) -> None:
        if getattr(thought, "kind", "") == LEVI:
            assert getattr(thought, "messages", ())
            said.append(window.insight.panel.details.text())

    window.controller.computer_thought.connect(heard)
    with qtbot.waitSignal(window.controller.game_finished, timeout=120_000) as finished:
        window.controller.session.new_game(Mark.X, GOMOKU)
    record = finished.args[0]
    assert record.rules is GOMOKU and record.x.kind == LEVI and record.x.name == "TTT Levi"
    assert record.forfeit is None and record.final_board.is_over
    # Its MESSAGE lines, as the Thinking dock shows each of its moves.
    assert len(said) == (record.ply + 1) // 2
    assert all("It said:" in text for text in said)
    # What the pipe said is the game's log, stored with it.
    assert any(line.startswith("X ") and "> TURN" in line for line in record.log)
    library = window.history.library
    qtbot.waitUntil(lambda: library.count() == 1, timeout=10_000)
    (row,) = library.rows()
    assert library.record(row.id).log == record.log


def test_a_crashing_brain_loses_with_the_reason_shown_and_stored(
    qtbot: QtBot, two_people: type, engines_file: Path, tmp_path: Path
) -> None:
    window = two_people(
        engines_file=engines_file, rules=GOMOKU, library_path=tmp_path / "games.sqlite3"
    )
    _seat(window, Mark.O, CRASHER)
    window.controller.session.new_game(Mark.X, GOMOKU)
    centre = GOMOKU.size // 2
    _play(qtbot, window, centre)
    qtbot.waitUntil(lambda: window.controller.session.record.ply == 2, timeout=10_000)
    _play(qtbot, window, centre + 1)
    qtbot.waitUntil(lambda: window.controller.session.record.ply == 4, timeout=10_000)
    # Its third move: it crashes (exit code 7).
    with qtbot.waitSignal(window.controller.game_finished, timeout=10_000) as finished:
        _play(qtbot, window, centre + 2)
    record = finished.args[0]
    assert record.forfeit is not None and record.forfeit.loser is Mark.O
    assert "crashed (exited with code 7)" in record.forfeit.reason
    assert record.result == "X" and record.ply == 5
    status = window.status_label.text()
    assert status.startswith("Alice wins: Crasher lost by forfeit (") and "code 7" in status
    qtbot.waitUntil(window.result_banner.isVisible)
    assert window.result_banner.title_label.text() == "Alice wins!"
    assert "Crasher lost by forfeit: the brain crashed" in window.result_banner.score_label.text()
    assert window.play_again_button.isEnabled()
    library = window.history.library
    qtbot.waitUntil(lambda: library is not None and library.count() == 1, timeout=10_000)
    (row,) = library.rows()
    stored = library.record(row.id)
    assert stored.forfeit == record.forfeit and row.result == "X"
    assert any("crash" in line or "ended:" in line for line in stored.log)


def test_no_brain_outlives_its_game_or_the_window(
    qtbot: QtBot, two_people: type, engines_file: Path
) -> None:
    window = two_people(engines_file=engines_file, rules=GOMOKU)
    marker = "--player levi --seed 4"
    _seat(window, Mark.O, LEVI)
    window.controller.session.new_game(Mark.X, GOMOKU)
    _play(qtbot, window, GOMOKU.size // 2)
    qtbot.waitUntil(lambda: window.controller.session.record.ply == 2, timeout=10_000)
    assert _brain_processes(marker)
    # A new game between people: the brain of the last one ends.
    window.player_panel.choose_index(Mark.O, window.player_panel.index_of(Mark.O, name="Bob"))
    window.controller.session.new_game(Mark.X, GOMOKU)
    qtbot.waitUntil(lambda: not _brain_processes(marker), timeout=10_000)
    _seat(window, Mark.O, LEVI)
    window.controller.session.new_game(Mark.X, GOMOKU)
    _play(qtbot, window, GOMOKU.size // 2)
    qtbot.waitUntil(lambda: window.controller.session.record.ply == 2, timeout=10_000)
    assert _brain_processes(marker)
    window.close()
    assert not window.controller.is_worker_running
    qtbot.waitUntil(lambda: not _brain_processes(marker), timeout=5_000)
    assert shiboken6.isValid(window)


def test_history_shows_a_forfeit_and_the_engine_log(
    qtbot: QtBot, make_window: type, engines_file: Path, tmp_path: Path
) -> None:
    path = tmp_path / "games.sqlite3"
    board = Board.empty(Mark.X, GOMOKU).play_all([112, 113, 97])
    record = GameRecord(
        PlayerEntry("human", "Alice"),
        PlayerEntry(CRASHER, "Crasher"),
        Mark.X,
        moves=(112, 113, 97),
        move_seconds=(1.0, 0.01, 1.0),
        started_at="2026-11-24T10:00:00Z",
        finished_at="2026-11-24T10:01:00Z",
        rules=GOMOKU,
        forfeit=Forfeit(board.to_move, "the brain crashed (exited with code 7) while thinking"),
        log=("O 0.0 > START 15", "O 1.2 < OK", "O 9.9 > TURN 7,7", "O 12.0 ended: code 7"),
    )
    with Library(path) as library:
        library.store(record)
    window = make_window(engines_file=engines_file, library_path=path)
    qtbot.waitUntil(lambda: window.history.library is not None)
    window.history.action.trigger()
    history = window.history.history_window
    assert history is not None
    qtbot.waitExposed(history)
    history.table.selectRow(0)
    dialog = history.show_engine_log()
    assert dialog is not None
    assert dialog.text.isReadOnly()
    assert dialog.text.toPlainText().splitlines() == list(record.log)
    assert "Crasher lost by forfeit: the brain crashed" in dialog.summary.text()
    dialog.close()
    # Opened in the window, the game shows its result and why, not an unfinished game.
    assert history.open_row(history.selected_rows()[0])
    assert window.controller.session.record.forfeit == record.forfeit
    assert window.status_label.text() == (
        "Alice wins: Crasher lost by forfeit "
        "(the brain crashed (exited with code 7) while thinking)"
    )
    assert window.play_again_button.isEnabled()
