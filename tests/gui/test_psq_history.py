"""History's import and export offer Piskvork records (.psq): the selected games exported
as records (those a record can't hold passed over and counted), and a folder of records
imported back, through the window."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot
from test_history import _close_messages, _history, _import, _window
from test_main_window import WindowMaker

from ttt_desktop.core import GameRecord, Mark, PlayerEntry
from ttt_desktop.core.rules import GOMOKU
from ttt_desktop.library import Library


def _games() -> list[GameRecord]:
    games = []
    for index, moves in enumerate([(112, 113, 97), (0, 1, 2, 3), (224, 223)]):
        record = GameRecord(
            PlayerEntry("human", "Ann"),
            PlayerEntry("searcher", "Searcher", index),
            Mark.X,
            rules=GOMOKU,
            started_at=f"2026-02-0{index + 1}T10:00:00.000Z",
        )
        for cell in moves:
            record = record.with_move(cell, 0.5)
        games.append(record)
    tic_tac_toe = GameRecord(
        PlayerEntry("human", "Ann"),
        PlayerEntry("human", "Bob"),
        Mark.X,
        started_at="2026-02-09T10:00:00.000Z",
    ).with_move(4)
    return [*games, tic_tac_toe]


def test_psq_out_and_back_in(make_window: WindowMaker, qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    with Library(path) as library:
        library.store_many(_games())
    window = _window(make_window, qtbot, path)
    history = _history(qtbot, window)
    assert "Piskvork records (*.psq)" in history.import_filters().split(";;")
    assert history.import_filters().startswith("Games (*.tttgame *.psq *.jsonl)")
    history.table.selectAll()
    folder = tmp_path / "records"
    folder.mkdir()
    written, passed_over = history.export_selected_psq(folder)
    assert len(written) == 3 and all(path.suffix == ".psq" for path in written)
    assert len(passed_over) == 1
    assert history.describe_psq_export(written, passed_over) == (
        "Exported 3 games. Passed over: 1 (a Piskvork record holds five in a row on boards "
        "of 5 to 20 a side)."
    )
    report = _import(qtbot, history, [str(folder)])
    # A record has no game id of its own: read back, each is a game of its own.
    assert (report.added, report.refused) == (3, [])
    again = _import(qtbot, history, [str(folder)])
    assert (again.added, again.duplicates) == (0, 3)
    _close_messages(history)
