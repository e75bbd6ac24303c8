"""Game library speed: storing games, opening the History list on them, filtering it.

Makes a library of N random games (default 100,000) in a temporary folder and prints:

* inserts: games/s stored in batches of 1,000 (one transaction each, as ttt-arena does)
  and ms per game stored one at a time (one transaction and fsync each, as the window does);
* open: ms from building the model and view to the first rows painted, for the History
  model (QAbstractTableModel, keyset pages through canFetchMore/fetchMore) and for
  QSqlQueryModel on the same query;
* scroll: the slowest single scroll step (a page fetched and painted) while paging to
  row 20,000, for both models;
* filter: ms to the first page of a filtered list (a person's wins; a free-text search)
  and for the count of all matching games;
* sort: ms to the first page sorted by another column (the History model only:
  QSqlQueryModel can't sort and must be given a new query).

Each figure is the min / median / max over the repeats; the machine's load is printed.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/library_speed.py
    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/library_speed.py --games 20000 --repeats 3
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtSql import QSqlDatabase, QSqlQuery, QSqlQueryModel
from PySide6.QtWidgets import QApplication, QTableView

from ttt_desktop.core.board import Mark
from ttt_desktop.core.record import GameRecord, PlayerEntry
from ttt_desktop.gui.history.model import HistoryModel
from ttt_desktop.library import GameFilter, Library

PEOPLE = ("Ann", "Bob", "Cleo", "Dmitri", "Eve")
COMPUTERS = (("perfect", "Perfect"), ("rando", "Rando"), ("levi", "Levi"), ("ralph", "Ralph"))


def _entry(rng: random.Random) -> PlayerEntry:
    if rng.random() < 0.5:
        return PlayerEntry("human", rng.choice(PEOPLE))
    kind, name = rng.choice(COMPUTERS)
    return PlayerEntry(kind, name, rng.randrange(1 << 16))


def make_games(count: int, seed: int) -> list[GameRecord]:
    rng = random.Random(seed)
    start = datetime(2025, 1, 1, tzinfo=UTC)
    games = []
    for index in range(count):
        stamp = (start + timedelta(minutes=index)).isoformat(timespec="milliseconds")
        record = GameRecord(
            _entry(rng),
            _entry(rng),
            rng.choice([Mark.X, Mark.O]),
            started_at=stamp.replace("+00:00", "Z"),
        )
        stop = 9 if rng.random() < 0.95 else rng.randrange(1, 8)
        while not record.is_finished and record.ply < stop:
            empties = [c for c in range(9) if record.final_board.cells[c] == "."]
            record = record.with_move(rng.choice(empties), round(rng.random(), 3))
        games.append(record)
    return games


def _spread(values: list[float]) -> str:
    return f"{min(values):.1f} / {statistics.median(values):.1f} / {max(values):.1f}"


def _timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000


def _open_view(app: QApplication, make_model: Callable[[], object]) -> tuple[float, QTableView]:
    started = time.perf_counter()
    view = QTableView()
    view.resize(900, 600)
    view.verticalHeader().setVisible(False)  # as in the History window
    view.setModel(make_model())  # type: ignore[arg-type]
    view.show()
    app.processEvents()
    view.viewport().repaint()
    assert view.model().rowCount() > 0
    return (time.perf_counter() - started) * 1000, view


def _scroll(app: QApplication, view: QTableView, rows: int) -> float:
    """Page down until ``rows`` rows are fetched; the slowest step, in ms."""
    bar = view.verticalScrollBar()
    worst = 0.0
    model = view.model()
    while model.rowCount() < rows and model.canFetchMore(view.rootIndex()):
        started = time.perf_counter()
        bar.setValue(bar.maximum())
        app.processEvents()
        view.viewport().repaint()
        worst = max(worst, (time.perf_counter() - started) * 1000)
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--scroll-rows", type=int, default=20_000)
    arguments = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    print(f"load average before: {os.getloadavg()}")
    folder = Path(tempfile.mkdtemp(prefix="ttt-library-speed-"))
    path = folder / "library.sqlite3"

    games = make_games(arguments.games, seed=1)
    library = Library(path)
    started = time.perf_counter()
    for start in range(0, len(games), 1000):
        library.store_many(games[start : start + 1000], source="benchmark")
    seconds = time.perf_counter() - started
    print(f"insert {len(games):,} games in batches of 1,000: {len(games) / seconds:,.0f} games/s")
    singles = make_games(200, seed=2)
    per_game = [_timed(partial(library.store, game)) for game in singles]
    print(f"store one game per transaction (fsync), ms: {_spread(per_game)}")
    # The 100,000 records built for the inserts would otherwise stay in memory, and Python's
    # full garbage collections over them (about 1 s each here) would land in the timings.
    del games, singles
    gc.collect()
    size_mb = sum(p.stat().st_size for p in folder.iterdir()) / 1e6
    print(f"library size: {size_mb:.1f} MB for {library.count():,} games")

    ours_open, ours_scroll, sql_open, sql_scroll = [], [], [], []
    database = QSqlDatabase.addDatabase("QSQLITE", "benchmark")
    database.setDatabaseName(str(path))
    assert database.open()
    query_text = (
        "SELECT started_at, x_name, o_name, first, result, length FROM games "
        "ORDER BY started_at DESC, id DESC"
    )
    # One untimed round first: fonts, styles and the SQLite page cache warm up for both.
    for _ in range(arguments.repeats + 1):
        ms, view = _open_view(app, lambda: HistoryModel(library))
        ours_open.append(ms)
        ours_scroll.append(_scroll(app, view, arguments.scroll_rows))
        view.close()
        view.deleteLater()

        def sql_model() -> QSqlQueryModel:
            model = QSqlQueryModel()
            model.setQuery(QSqlQuery(query_text, database))
            return model

        ms, view = _open_view(app, sql_model)
        sql_open.append(ms)
        sql_scroll.append(_scroll(app, view, arguments.scroll_rows))
        view.close()
        view.deleteLater()
        app.processEvents()
    for figures in (ours_open, ours_scroll, sql_open, sql_scroll):
        del figures[0]
    print(
        f"open History, ms to first rows: HistoryModel {_spread(ours_open)}; "
        f"QSqlQueryModel {_spread(sql_open)}"
    )
    print(
        f"slowest scroll step to row {arguments.scroll_rows:,}, ms: HistoryModel "
        f"{_spread(ours_scroll)}; QSqlQueryModel {_spread(sql_scroll)}"
    )

    model = HistoryModel(library)
    filters = {
        "Ann's wins": GameFilter(person="human:Ann", result="win"),
        "Ann v Perfect, 2025-03": GameFilter(
            person="human:Ann",
            opponent="computer:perfect",
            since="2025-03-01T00:00:00Z",
            until="2025-04-01T00:00:00Z",
        ),
        "text 'ralph'": GameFilter(text="ralph"),
    }
    for label, where in filters.items():
        first = [_timed(partial(model.set_filter, where)) for _ in range(arguments.repeats)]
        count = [_timed(model.total) for _ in range(arguments.repeats)]
        print(
            f"filter {label}: first page ms {_spread(first)}; count ms {_spread(count)} "
            f"({model.total():,} games)"
        )
    model.set_filter(GameFilter())
    for column, name in ((1, "X"), (4, "result"), (5, "moves")):
        sort = [_timed(partial(model.sort, column)) for _ in range(arguments.repeats)]
        print(f"sort by {name}: first page ms {_spread(sort)}")
    print(f"load average after: {os.getloadavg()}")
    library.close()
    database.close()
    for leftover in folder.iterdir():
        leftover.unlink()
    folder.rmdir()
    QCoreApplication.processEvents()


if __name__ == "__main__":
    main()
