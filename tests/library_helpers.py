"""Games for the library's tests: random but repeatable, finished or not."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from ttt_desktop.engine.board import Mark
from ttt_desktop.engine.record import GameRecord, PlayerEntry

PEOPLE = ("Ann", "Bob", "Cleo")
COMPUTERS = (("perfect", "Perfect"), ("rando", "Rando"), ("levi", "Levi"))


def random_entry(rng: random.Random) -> PlayerEntry:
    if rng.random() < 0.5:
        return PlayerEntry("human", rng.choice(PEOPLE))
    kind, name = rng.choice(COMPUTERS)
    return PlayerEntry(kind, name, rng.randrange(1000))


def random_game(rng: random.Random, *, index: int = 0, finished: bool = True) -> GameRecord:
    """A legal game between random players, started ``index`` minutes after 2026-01-01."""
    start = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(minutes=index, seconds=rng.random())
    stamp = start.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    record = GameRecord(
        random_entry(rng), random_entry(rng), rng.choice([Mark.X, Mark.O]), started_at=stamp
    )
    stop_at = rng.randrange(0, 8) if not finished else 9
    while not record.is_finished and record.ply < stop_at:
        empties = [cell for cell in range(9) if record.final_board.cells[cell] == "."]
        record = record.with_move(rng.choice(empties), round(rng.random(), 3))
    return record
