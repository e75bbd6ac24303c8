"""Games for the library's tests: random but repeatable, finished or not."""

from __future__ import annotations

import os
import random
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from ttt_desktop.core.board import Mark
from ttt_desktop.core.record import GameRecord, PlayerEntry
from ttt_desktop.core.rules import TIC_TAC_TOE
from ttt_desktop.formats.json_codec import record_to_json
from ttt_desktop.library import game_id_of, player_key, schema

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


def old_library(path: str | os.PathLike[str], version: int, games: Sequence[GameRecord]) -> None:
    """Write a library at schema ``version`` (before the current one) holding ``games``
    (from version 1 on), as that version of the app left it: rated from version 3 on."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    # Games are written and rated in the version-5 shape; version 6 on carry them over.
    before_rules = min(version, 5)
    for migration in schema.MIGRATIONS[:before_rules]:
        migration(db)
    if version >= 1:
        for number, game in enumerate(games):
            _v1_insert(db, game, number)
    if version >= 3:
        # From version 3 on, the app kept the ratings table up to date with every store.
        schema._rate_v3(db)
    for migration in schema.MIGRATIONS[before_rules:version]:
        migration(db)
    db.execute(f"PRAGMA user_version = {version}")
    db.execute("COMMIT")
    db.close()


def _v1_insert(db: sqlite3.Connection, game: GameRecord, number: int) -> None:
    db.execute(
        "INSERT INTO games (game_id, started_at, finished_at, stored_at, x_key, x_kind, x_name, "
        "x_seed, o_key, o_kind, o_name, o_seed, first, result, length, moves, source, record) "
        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (
            game_id_of(game),
            game.started_at,
            game.finished_at,
            game.started_at,
            player_key(game.x),
            game.x.kind,
            game.x.name,
            game.x.seed,
            player_key(game.o),
            game.o.kind,
            game.o.name,
            game.o.seed,
            game.first.value,
            game.result,
            game.ply,
            "".join(TIC_TAC_TOE.geometry.name(c) for c in game.moves),
            f"old-{number}",
            record_to_json(game),
        ),
    )
