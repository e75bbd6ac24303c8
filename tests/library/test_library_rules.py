"""The library and the rules: every board stored and rated on its own, migrated libraries,
and the files a hostile tester fed it (foreign, damaged, nested, many)."""

from __future__ import annotations

import dataclasses
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.library_helpers import old_library, random_game

from ttt_desktop.core import GameRecord, PlayerEntry
from ttt_desktop.core.board import Mark
from ttt_desktop.core.rules import GOMOKU, TIC_TAC_TOE, Rules
from ttt_desktop.formats.files import save_record
from ttt_desktop.formats.json_codec import record_from_json, record_to_json
from ttt_desktop.library import (
    SCHEMA_VERSION,
    GameFilter,
    Library,
    LibraryCorruptError,
    StoreOutcome,
    game_id_of,
)
from ttt_desktop.library.people import person_stats
from ttt_desktop.library.transfer import (
    export_json_lines,
    find_game_files,
    import_files,
)

ANN = PlayerEntry("human", "Ann")
BOB = PlayerEntry("human", "Bob")


def _played(rules: Rules, x: PlayerEntry, o: PlayerEntry, moves: list[int]) -> GameRecord:
    record = GameRecord(x, o, Mark.X, rules=rules)
    for cell in moves:
        record = record.with_move(cell)
    return record


def _random_to_the_end(rules: Rules, seed: int, x: PlayerEntry = ANN, o: PlayerEntry = BOB):
    rng = random.Random(seed)
    record = GameRecord(x, o, Mark.X, rules=rules)
    while not record.is_finished:
        record = record.with_move(rng.choice(record.final_board.legal_moves()))
    return record


def _format_carries_rules() -> bool:
    record = _played(GOMOKU, ANN, BOB, [112])
    try:
        return record_from_json(record_to_json(record)) == record
    except ValueError:
        return False


# Until the game file format carries the rules, a big board's record can't be read back.
needs_rules_in_files = pytest.mark.skipif(
    not _format_carries_rules(), reason="the game file format does not carry the rules yet"
)


def test_a_gomoku_game_is_stored_with_its_rules_and_cell_names(tmp_path: Path) -> None:
    # Ann wins five in a row on the top row (a15..e15) while Bob plays the row below.
    moves = [0, 15, 1, 16, 2, 17, 3, 18, 4]
    game = _played(GOMOKU, ANN, BOB, moves)
    assert game.result == "X"
    with Library(tmp_path / "lib.sqlite3") as lib:
        assert lib.store(game) is StoreOutcome.ADDED
        (row,) = lib.rows()
        assert row.rules == "15,15,5" and row.game_rules is GOMOKU
        assert row.length == 9
        assert row.moves == GOMOKU.geometry.names(moves) == "a15 a14 b15 b14 c15 c14 d15 d14 e15"
        assert lib.count(GameFilter(text="c15")) == 1
        assert lib.rules_present() == [GOMOKU]


def test_a_20_by_20_game_of_400_moves_is_stored(tmp_path: Path) -> None:
    rules = Rules(20, 20, 20)  # nobody gets 20 in a row by chance: the board fills up
    game = _random_to_the_end(rules, 3)
    assert game.ply == 400 and game.result == "draw"
    with Library(tmp_path / "lib.sqlite3") as lib:
        assert lib.store(game) is StoreOutcome.ADDED
        (row,) = lib.rows()
        assert (row.length, row.rules) == (400, "20,20,20")
        assert len(row.moves.split()) == 400


@needs_rules_in_files
def test_games_of_every_board_come_back_whole(tmp_path: Path) -> None:
    games = [
        _random_to_the_end(rules, seed)
        for seed, rules in enumerate(
            [TIC_TAC_TOE, Rules(4, 4, 4), Rules(10, 6, 4), GOMOKU, Rules(20, 20, 20)]
        )
    ]
    with Library(tmp_path / "lib.sqlite3") as lib:
        lib.store_many(games)
        for row in lib.rows():
            assert lib.record(row.id) == next(g for g in games if g.game_id == row.game_id)


def test_ratings_are_kept_per_rules(tmp_path: Path) -> None:
    # Ann beats Bob at tic-tac-toe three times; Bob beats Ann at gomoku twice.
    ann_wins = [_played(TIC_TAC_TOE, ANN, BOB, [0, 3, 1, 4, 2]) for _ in range(3)]
    bob_wins = [_played(GOMOKU, BOB, ANN, [0, 15, 1, 16, 2, 17, 3, 18, 4]) for _ in range(2)]
    with Library(tmp_path / "lib.sqlite3") as lib:
        lib.store_many([*ann_wins, *bob_wins])
        ann_3 = lib.rating("human:Ann", TIC_TAC_TOE)
        ann_g = lib.rating("human:Ann", GOMOKU)
        assert ann_3 is not None and ann_g is not None
        assert (ann_3.games, ann_3.wins, ann_g.games, ann_g.losses) == (3, 3, 2, 2)
        assert ann_3.rating > 1500 > ann_g.rating
        assert lib.rating("human:Ann") == ann_3  # tic-tac-toe's unless asked
        assert [(p.key, p.rules) for p in lib.ratings(GOMOKU)] == [
            ("human:Bob", GOMOKU),
            ("human:Ann", GOMOKU),
        ]
        assert len(lib.ratings()) == 4
        assert lib.count(GameFilter(rules=GOMOKU)) == 2
        assert lib.count(GameFilter(rules="3,3,3", person="human:Ann", result="win")) == 3
        assert [p.key for p in lib.players(GOMOKU)] == ["human:Ann", "human:Bob"]
        gomoku_page = person_stats(lib, "human:Ann", rules=GOMOKU)
        assert (gomoku_page.tally.losses, gomoku_page.tally.wins) == (2, 0)
        everything = person_stats(lib, "human:Ann", review=False)
        assert (everything.tally.wins, everything.tally.losses) == (3, 2)
        # Ann began every tic-tac-toe game in the corner 7 (cell 0).
        assert everything.favourite_first_move_name() == "7"
        assert person_stats(lib, "human:Bob", rules=GOMOKU).favourite_first_move_name() == "a15"
        # Deleting the gomoku games takes their ratings, and only theirs.
        gomoku_ids = [row.id for row in lib.rows(GameFilter(rules=GOMOKU))]
        lib.delete(gomoku_ids)
        assert lib.rating("human:Ann", GOMOKU) is None
        assert lib.rating("human:Ann", TIC_TAC_TOE) == ann_3


@needs_rules_in_files
def test_renaming_a_person_carries_every_rules_rating(tmp_path: Path) -> None:
    with Library(tmp_path / "lib.sqlite3") as lib:
        lib.store(_played(TIC_TAC_TOE, ANN, BOB, [0, 3, 1, 4, 2]))
        lib.store(_played(GOMOKU, BOB, ANN, [0, 15, 1, 16, 2, 17, 3, 18, 4]))
        ratings = {p.rules: p.rating for p in lib.ratings() if p.key == "human:Ann"}
        assert lib.rename_person("Ann", "Annie") == 2
        for rules, rating in ratings.items():
            assert lib.rating("human:Annie", rules) == dataclasses.replace(
                rating, player="human:Annie"
            )


def test_an_undo_after_a_gomoku_game_ended_takes_its_rating_back(tmp_path: Path) -> None:
    game = _played(GOMOKU, BOB, ANN, [0, 15, 1, 16, 2, 17, 3, 18, 4])
    with Library(tmp_path / "lib.sqlite3") as lib:
        lib.store(_played(TIC_TAC_TOE, ANN, BOB, [0, 3, 1, 4, 2]))
        before = lib.rating("human:Ann", TIC_TAC_TOE)
        lib.store(game)
        lib.store(game.truncated(8))  # reopened: unfinished again
        assert lib.rating("human:Ann", GOMOKU) is None
        assert lib.rating("human:Ann", TIC_TAC_TOE) == before


# Migration under kill -9 -----------------------------------------------------------------

MIGRATE_SCRIPT = """
import sys
from ttt_desktop.library import Library
print("opening", flush=True)
Library(sys.argv[1]).close()
print("done", flush=True)
"""


def _version(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("PRAGMA user_version").fetchone()[0])
    finally:
        db.close()


@pytest.mark.slow
def test_a_kill_during_the_migration_loses_nothing(tmp_path: Path) -> None:
    rng = random.Random(8)
    games = [random_game(rng, index=i, finished=i % 9 != 4) for i in range(4000)]
    wanted = {game_id_of(g) for g in games}
    originals = {}
    for version in (1, 3, 5):
        originals[version] = tmp_path / f"v{version}.sqlite3"
        old_library(originals[version], version, games)
    # How long the whole migration takes here, to kill at every point of it.
    timed = tmp_path / "timed.sqlite3"
    shutil.copy(originals[5], timed)
    start = time.perf_counter()
    with Library(timed) as reference:
        took = time.perf_counter() - start
        wanted_ratings = reference.ratings()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    seen = []
    for round_number in range(15):
        version = (1, 3, 5)[round_number % 3]
        path = tmp_path / f"round{round_number}.sqlite3"
        shutil.copy(originals[version], path)
        child = subprocess.Popen(
            [sys.executable, "-c", MIGRATE_SCRIPT, str(path)],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert child.stdout is not None
        assert child.stdout.readline() == "opening\n"
        time.sleep(rng.uniform(0.0, took * 1.5))
        child.kill()
        child.wait()
        child.stdout.close()
        seen.append(_version(path))
        # Either not migrated or migrated (each step all or nothing), with every game.
        with Library(path) as lib:
            assert lib.schema_version == SCHEMA_VERSION
            assert lib.integrity_check() == "ok"
            assert lib.game_ids() == wanted
            assert lib.ratings() == wanted_ratings
    print(f"migration {took:.2f} s; versions found after the kills: {seen}")
    assert set(seen) <= set(range(SCHEMA_VERSION + 1))


# Hostile files -----------------------------------------------------------------------


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_another_programs_database_with_a_games_table_is_refused_unchanged(
    tmp_path: Path,
) -> None:
    path = tmp_path / "library.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT, score REAL)")
    db.execute("INSERT INTO games (title, score) VALUES ('chess', 1.0)")
    db.commit()
    db.close()
    before = _snapshot(tmp_path)
    with pytest.raises(LibraryCorruptError, match="another program's SQLite database"):
        Library(path)
    assert _snapshot(tmp_path) == before
    # The same at a version number this app uses.
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 3")
    db.close()
    before = _snapshot(tmp_path)
    with pytest.raises(LibraryCorruptError, match="not a TTT Desktop game library"):
        Library(path)
    assert _snapshot(tmp_path) == before


def _flip_names(path: Path) -> None:
    """Flip bits in the stored names: texts that are no longer UTF-8."""
    data = bytearray(path.read_bytes())
    for name in (b"Ann", b"Bob"):
        start = 0
        while (start := data.find(name, start)) >= 0:
            data[start] |= 0x80  # a continuation byte with nothing before it
            start += 1
    path.write_bytes(bytes(data))


def test_a_library_with_flipped_bits_says_it_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    with Library(path) as lib:
        lib.store_many([random_game(random.Random(i), index=i) for i in range(60)])
        lib._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    _flip_names(path)
    with pytest.raises(LibraryCorruptError, match="damaged"), Library(path) as lib:
        lib.players()
        lib.page()
        lib.ratings()


def test_a_folder_nested_1500_deep_is_imported(tmp_path: Path) -> None:
    folder = tmp_path / "deep"
    folder.mkdir()
    chain = [folder]
    for _ in range(1500):
        chain.append(chain[-1] / "d")
        chain[-1].mkdir()
    game = random_game(random.Random(4))
    save_record(game, chain[-1] / "deep.tttgame")
    try:
        assert find_game_files([folder]) == [chain[-1] / "deep.tttgame"]
        with Library(tmp_path / "lib.sqlite3") as lib:
            report = import_files(lib, [folder])
            assert (report.added, report.refused) == (1, [])
            assert lib.has_game(game.game_id)
    finally:
        # Removed from the bottom up: shutil.rmtree (pytest's clean-up) recurses.
        (chain[-1] / "deep.tttgame").unlink()
        for inner in reversed(chain):
            inner.rmdir()


def test_json_lines_exported_are_imported_back(tmp_path: Path) -> None:
    rng = random.Random(6)
    games = [random_game(rng, index=i) for i in range(30)]
    with Library(tmp_path / "a.sqlite3") as first:
        first.store_many(games)
        export_json_lines(first, [row.id for row in first.rows()], tmp_path / "games.jsonl")
    (tmp_path / "bad.jsonl").write_text(
        '{"format": "nope"}\n\n' + record_to_json(games[0]).replace("\n", "") + "\n"
    )
    with Library(tmp_path / "b.sqlite3") as second:
        report = import_files(second, [tmp_path / "games.jsonl", tmp_path / "bad.jsonl"])
        assert (report.added, report.duplicates) == (30, 1)
        assert [(p.name, reason[:7]) for p, reason in report.refused] == [("bad.jsonl", "line 1:")]
        assert second.game_ids() == {g.game_id for g in games}


def test_a_line_too_long_is_refused_and_the_lines_after_it_are_read(tmp_path: Path) -> None:
    rng = random.Random(7)
    games = [random_game(rng, index=i) for i in range(6)]
    lines = [record_to_json(game).replace("\n", "") for game in games]
    huge = '{"format": "' + "x" * 3_000_000 + '"}'
    (tmp_path / "mixed.jsonl").write_text("\n".join([*lines[:3], huge, *lines[3:]]) + "\n")
    with Library(tmp_path / "lib.sqlite3") as library:
        report = import_files(library, [tmp_path / "mixed.jsonl"])
        # Every line is either added or refused with its reason.
        assert report.added == 6
        assert [(p.name, reason[:31]) for p, reason in report.refused] == [
            ("mixed.jsonl", "line 4: far too long for a game")
        ]
        assert library.game_ids() == {game.game_id for game in games}


@pytest.mark.slow
def test_20000_files_import_in_batches_with_progress_and_stop(tmp_path: Path) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    game = random_game(random.Random(2))
    text = record_to_json(game)
    for number in range(20_000):
        # The same game under 20,000 ids.
        (folder / f"{number:05}.tttgame").write_text(
            text.replace(game.game_id, f"{number:05x}{game.game_id[5:]}")
        )
    heard: list[tuple[int, int]] = []
    with Library(tmp_path / "lib.sqlite3") as lib:
        report = import_files(
            lib,
            [folder],
            progress=lambda done, total: heard.append((done, total)),
            stop=lambda: len(heard) >= 1200,
        )
        assert report.cancelled and report.added == 1200 == lib.count()
        assert heard[0] == (1, 20_000) and heard[-1] == (1200, 20_000)
        start = time.perf_counter()
        report = import_files(lib, [folder])
        took = time.perf_counter() - start
        assert (report.added, report.duplicates, report.cancelled) == (18_800, 1200, False)
    print(f"20,000 files imported in {took:.1f} s")


def test_pages_by_board_join_up_across_boards(tmp_path: Path) -> None:
    rng = random.Random(9)
    games = [random_game(rng, index=i) for i in range(20)]
    games += [_random_to_the_end(rules, i) for i, rules in enumerate([GOMOKU, Rules(4, 4, 4)] * 4)]
    with Library(tmp_path / "lib.sqlite3") as lib:
        lib.store_many(games)
        for descending in (True, False):
            seen: list[int] = []
            after = None
            while page := lib.page(sort="rules", descending=descending, after=after, limit=3):
                seen += [row.id for row in page]
                after = page[-1]
            rows = sorted(lib.rows(), key=lambda r: (r.rules, r.id), reverse=descending)
            assert seen == [row.id for row in rows]
        assert lib.rules_present() == [TIC_TAC_TOE, Rules(4, 4, 4), GOMOKU]
