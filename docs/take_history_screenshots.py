"""Take docs/history.png, docs/history-person.png and docs/history-leaderboard.png.

Fills a throw-away game library with ten weeks of games (Alice and Bob against each
other and against computer players; the people's moves come from seeded simple
players, the computers' from the real ones), opens the real window on it with settings
in a throw-away folder, and grabs the History window's three tabs. Run under an X server:

    xvfb-run -a -s "-screen 0 1280x900x24 -nolisten tcp" \\
        .venv/bin/python docs/take_history_screenshots.py
"""

from __future__ import annotations

import random
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import shiboken6
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QWidget
from take_screenshots import OUT, settle

from ttt_desktop.core import Mark
from ttt_desktop.core.record import GameRecord, PlayerEntry
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import APPLICATION, ORGANISATION, AppSettings
from ttt_desktop.library import Library
from ttt_desktop.players import create_player

COMPUTERS = [
    ("perfect", "Perfect"),
    ("alphabeta", "Alphabeta"),
    ("ralph", "Ralph"),
    ("levi", "Levi"),
    ("rando", "Rando"),
    ("strategist", "Strategist"),
]
# How a person "thinks" in these games: mostly a simple player, sometimes anything.
PERSON_STYLE = {"Alice": ("levi", 0.25), "Bob": ("rando", 0.5)}


def play(x: PlayerEntry, o: PlayerEntry, first: Mark, started: datetime, seed: int) -> GameRecord:
    rng = random.Random(seed)
    stamp = started.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    record = GameRecord(x, o, first, started_at=stamp)
    movers = {}
    for mark, entry in ((Mark.X, x), (Mark.O, o)):
        if entry.is_human:
            kind, wander = PERSON_STYLE[entry.name]
            movers[mark] = (create_player(kind, seed=rng.randrange(1 << 30)), wander)
        else:
            movers[mark] = (create_player(entry.kind, seed=entry.seed), 0.0)
    while not record.is_finished:
        board = record.final_board
        player, wander = movers[board.to_move]
        if rng.random() < wander:
            cell = rng.choice([c for c in range(9) if board.cells[c] == "."])
        else:
            cell = player.choose_move(board)
        record = record.with_move(cell, round(rng.uniform(0.4, 4.0) if wander else 0.01, 3))
    return record


def fill(path: Path) -> None:
    rng = random.Random(2026)
    now = datetime.now(UTC).replace(microsecond=0)
    games = []
    for index in range(420):
        started = now - timedelta(days=70) + timedelta(minutes=240 * index + rng.randrange(200))
        person = PlayerEntry("human", rng.choice(["Alice", "Alice", "Bob"]))
        if rng.random() < 0.2:
            other = PlayerEntry("human", "Bob" if person.name == "Alice" else "Alice")
        else:
            kind, name = rng.choice(COMPUTERS)
            other = PlayerEntry(kind, name, rng.randrange(1000))
        x, o = (person, other) if index % 2 else (other, person)
        games.append(play(x, o, rng.choice([Mark.X, Mark.O]), started, index))
    # Computers among themselves, as ttt-arena --library stores them.
    for index in range(240):
        (xk, xn), (ok, on) = rng.sample(COMPUTERS, 2)
        started = now - timedelta(days=3, minutes=-index)
        x, o = PlayerEntry(xk, xn, index), PlayerEntry(ok, on, index + 1)
        games.append(play(x, o, rng.choice([Mark.X, Mark.O]), started, 10_000 + index))
    games.sort(key=lambda game: game.started_at)
    with Library(path) as library:
        library.store_many(games)


def save(app: QApplication, widget: QWidget, name: str) -> None:
    settle(app, 0.6)
    path = OUT / name
    if not widget.grab().save(str(path)):
        raise SystemExit(f"could not write {path}")
    print(f"wrote {path}")


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="ttt-history-shots-"))
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.NativeFormat, scope, str(folder))
    app = QApplication(sys.argv[:1])
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    path = folder / "library.sqlite3"
    fill(path)
    window = MainWindow(settings=AppSettings(), library_path=path)
    window.show()
    settle(app, 0.5, lambda: window.history.library is not None)
    history = window.history.show_history()
    history.resize(1000, 620)
    save(app, history, "history.png")
    history.tabs.setCurrentIndex(1)
    history.people_combo.setCurrentIndex(history.people_combo.findData("human:Alice"))
    history.people_combo.activated.emit(history.people_combo.currentIndex())
    save(app, history, "history-person.png")
    history.tabs.setCurrentIndex(2)
    save(app, history, "history-leaderboard.png")
    window.controller.shutdown()
    window.close()
    shiboken6.delete(window)


if __name__ == "__main__":
    main()
