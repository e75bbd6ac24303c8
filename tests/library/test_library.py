"""The game library: storing, no duplicates, paging and filters, migrations, damaged files."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.library_helpers import old_library, random_game

from ttt_desktop.arena import main
from ttt_desktop.core.board import Mark
from ttt_desktop.core.record import GameRecord, PlayerEntry
from ttt_desktop.core.rules import TIC_TAC_TOE
from ttt_desktop.library import (
    LIBRARY_ENV_VAR,
    LIBRARY_FILE_NAME,
    SCHEMA_VERSION,
    SORT_KEYS,
    GameFilter,
    GameRow,
    Library,
    LibraryCorruptError,
    LibraryLockedError,
    LibraryNewerError,
    StoreOutcome,
    game_id_of,
    library_path,
    move_aside,
    player_key,
    schema,
)
from ttt_desktop.library.rating_table import rebuild_ratings
from ttt_desktop.ratings import GameResult, rate


@pytest.fixture
def games() -> list[GameRecord]:
    rng = random.Random(11)
    return [random_game(rng, index=i, finished=i % 7 != 3) for i in range(120)]


@pytest.fixture
def library(tmp_path: Path, games: list[GameRecord]) -> Library:
    lib = Library(tmp_path / LIBRARY_FILE_NAME)
    lib.store_many(games)
    return lib


def test_a_game_is_stored_once_with_its_columns_and_comes_back_whole(tmp_path: Path) -> None:
    game = GameRecord(PlayerEntry("human", "Ann"), PlayerEntry("perfect", "Perfect", 7), Mark.O)
    game = game.with_move(4, 1.25).with_move(0).with_move(8, 0.5)
    with Library(tmp_path / "lib.sqlite3") as lib:
        assert lib.store(game) is StoreOutcome.ADDED
        assert lib.store(game) is StoreOutcome.DUPLICATE
        assert lib.count() == 1
        (row,) = lib.page()
        assert (row.x_name, row.o_kind, row.first, row.result, row.length, row.moves) == (
            "Ann",
            "perfect",
            "O",
            None,
            3,
            "573",
        )
        assert (row.x_key, row.o_key) == ("human:Ann", "computer:perfect")
        assert row.game_id == game_id_of(game)
        assert lib.record(row.id) == game
        assert lib.schema_version == SCHEMA_VERSION
        # WAL and foreign keys are on for every connection the library makes.
        assert lib._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert lib._db.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_an_unfinished_game_that_goes_on_keeps_one_row_and_is_rated_when_it_ends(
    tmp_path: Path,
) -> None:
    game = GameRecord(PlayerEntry("human", "Ann"), PlayerEntry("human", "Bob"), Mark.X)
    with Library(tmp_path / "lib.sqlite3") as lib:
        partial = game.with_move(0).with_move(3)
        gid = "a" * 32
        assert lib.store(partial, game_id=gid) is StoreOutcome.ADDED
        assert lib.ratings() == []
        finished = partial.with_move(1).with_move(4).with_move(2)
        assert lib.store(finished, game_id=gid) is StoreOutcome.UPDATED
        assert lib.count() == 1
        assert [row.result for row in lib.page()] == ["X"]
        assert [p.key for p in lib.ratings()] == ["human:Ann", "human:Bob"]
        # An import never replaces what is there.
        assert lib.store_many([partial], game_ids=[gid], replace=False) == [StoreOutcome.DUPLICATE]
        assert lib.record(lib.page()[0].id) == finished


def _expected(rows: list[GameRow], sort: str, descending: bool) -> list[int]:
    def key(row: GameRow) -> tuple[object, int]:
        value = {
            "date": row.started_at,
            "x": row.x_name,
            "o": row.o_name,
            "first": row.first,
            "result": row.result or "",
            "length": row.length,
            "rules": row.rules,
        }[sort]
        return (value, row.id)

    return [row.id for row in sorted(rows, key=key, reverse=descending)]


@pytest.mark.parametrize("sort", sorted(SORT_KEYS))
@pytest.mark.parametrize("descending", [True, False])
def test_pages_in_any_order_join_up_to_the_whole_sorted_list(
    library: Library, sort: str, descending: bool
) -> None:
    everything = library.rows()
    seen: list[int] = []
    after = None
    while True:
        page = library.page(sort=sort, descending=descending, after=after, limit=7)
        if not page:
            break
        seen += [row.id for row in page]
        after = page[-1]
    assert seen == _expected(everything, sort, descending)
    assert len(seen) == library.count() == 120


def _python_filter(rows: list[GameRow], where: GameFilter) -> list[int]:
    kept = []
    for row in rows:
        keys = {row.x_key, row.o_key}
        if where.person and where.person not in keys:
            continue
        if where.opponent and where.opponent not in keys:
            continue
        if where.person and where.opponent and keys != {where.person, where.opponent}:
            continue
        if where.result in ("win", "loss"):
            mine = "X" if where.result == "win" else "O"
            theirs = "O" if mine == "X" else "X"
            won_as_x = row.x_key == where.person and row.result == mine
            won_as_o = row.o_key == where.person and row.result == theirs
            if not (won_as_x or won_as_o):
                continue
        if where.result == "draw" and row.result != "draw":
            continue
        if where.result == "unfinished" and row.result is not None:
            continue
        if where.result in ("X", "O") and row.result != where.result:
            continue
        if where.since and row.started_at < where.since:
            continue
        if where.until and row.started_at >= where.until:
            continue
        if where.text:
            haystack = [row.x_name, row.o_name, row.x_kind, row.o_kind, row.started_at, row.moves]
            if not any(where.text.lower() in value.lower() for value in haystack):
                continue
        kept.append(row.id)
    return kept


FILTERS = [
    GameFilter(person="human:Ann"),
    GameFilter(person="human:Ann", result="win"),
    GameFilter(person="human:Bob", result="loss"),
    GameFilter(person="human:Cleo", opponent="computer:perfect"),
    GameFilter(opponent="computer:rando", result="draw"),
    GameFilter(result="unfinished"),
    GameFilter(result="O"),
    GameFilter(since="2026-01-01T00:30:00Z", until="2026-01-01T01:10:00Z"),
    GameFilter(text="perf"),
    GameFilter(text="59"),
    GameFilter(text="100%_"),
    GameFilter(person="human:Ann", text="levi", since="2026-01-01T00:20:00Z"),
]


@pytest.mark.parametrize("where", FILTERS, ids=repr)
def test_filters_pick_exactly_the_games_they_describe(library: Library, where: GameFilter) -> None:
    expected = _python_filter(library.rows(), where)
    assert [row.id for row in library.rows(where)] == expected
    assert library.count(where) == len(expected)
    assert where.text == "100%_" or expected, "each filter should match some games"
    if where.text == "100%_":
        assert expected == []


def test_a_win_filter_needs_a_person() -> None:
    with pytest.raises(ValueError, match="needs a person"):
        GameFilter(result="win").where()


def test_the_ratings_table_is_openskill_over_the_finished_games_in_stored_order(
    library: Library, games: list[GameRecord]
) -> None:
    results = [
        GameResult(player_key(g.x), player_key(g.o), g.result)  # type: ignore[arg-type]
        for g in games
        if g.result is not None
    ]
    expected = rate(results)
    stored = {p.key: p for p in library.ratings()}
    assert set(stored) == set(expected)
    for key, rating in expected.items():
        assert stored[key].rating.mu == pytest.approx(rating.mu)
        assert stored[key].rating.sigma == pytest.approx(rating.sigma)
        assert stored[key].rating.games == rating.games
    # Deleting games re-rates from what is left.
    first_ids = [row.id for row in library.rows()[:30]]
    assert library.delete(first_ids) == 30
    left = [g for g in games[30:] if g.result is not None]
    again = rate(
        GameResult(player_key(g.x), player_key(g.o), g.result)  # type: ignore[arg-type]
        for g in left
    )
    assert {p.key: p.rating.games for p in library.ratings()} == {
        k: r.games for k, r in again.items()
    }


def test_players_and_session_tallies(library: Library, games: list[GameRecord]) -> None:
    players = library.players()
    assert [p.kind == "human" for p in players] == sorted(
        (p.kind == "human" for p in players), reverse=True
    )
    counts = {p.key: p.games for p in players}
    assert counts["human:Ann"] == sum(
        (player_key(g.x) == "human:Ann") + (player_key(g.o) == "human:Ann") for g in games
    )
    since = games[100].started_at
    tallies = library.tallies(since)
    later = [g for g in games[100:] if g.result is not None]
    assert len(tallies) == len(later)
    assert tallies[0] == (
        later[0].x.name,
        later[0].o.name,
        {"X": later[0].x.name, "O": later[0].o.name}.get(later[0].result or ""),
    )
    # The same games counted by SQLite: one row per pairing as seated and result, in the
    # order of each row's first game; as many rows as pairings, however many games.
    counted = library.tally_counts(since)
    expected: dict[tuple[str, str, str | None], int] = {}
    for tally in tallies:
        expected[tally] = expected.get(tally, 0) + 1
    assert counted == [(*tally, count) for tally, count in expected.items()]
    assert sum(count for *_, count in counted) == len(later) > len(counted)
    # A game begun before ``since`` and finished after it (resumed at a start) counts when
    # named; an unfinished one named changes nothing.
    earlier = next(g for g in games[:100] if g.result is not None)
    unfinished = next(g for g in games[:100] if g.result is None)
    carried = library.tally_counts(since, [earlier.game_id, unfinished.game_id])
    assert sum(count for *_, count in carried) == len(later) + 1
    assert library.tally_counts(since, [unfinished.game_id]) == counted


def test_whether_a_game_is_stored_finished_since_a_time(
    library: Library, games: list[GameRecord]
) -> None:
    finished = next(g for g in games if g.is_finished)
    running = next(g for g in games if not g.is_finished)
    assert library.is_stored_finished(finished.game_id, "2000-01-01T00:00:00Z")
    assert not library.is_stored_finished(running.game_id, "2000-01-01T00:00:00Z")
    assert not library.is_stored_finished("no-such-game", "2000-01-01T00:00:00Z")
    # Stored before the time asked about: not this session's.
    assert not library.is_stored_finished(finished.game_id, "9999-01-01T00:00:00Z")


# Migrations -----------------------------------------------------------------------------


@pytest.mark.parametrize("version", range(SCHEMA_VERSION))
def test_every_earlier_schema_is_migrated_with_its_games_kept(
    tmp_path: Path, version: int, games: list[GameRecord]
) -> None:
    path = tmp_path / "old.sqlite3"
    old_library(path, version, games[:40])
    with Library(path) as lib:
        assert lib.schema_version == SCHEMA_VERSION
        fresh = Library(tmp_path / "fresh.sqlite3")
        assert schema.describe_schema(lib._db) == schema.describe_schema(fresh._db)
        kept = games[:40] if version >= 1 else []
        assert lib.count() == len(kept)
        assert lib.game_ids() == {game_id_of(g) for g in kept}
        rated = rate(
            GameResult(player_key(g.x), player_key(g.o), g.result)  # type: ignore[arg-type]
            for g in kept
            if g.result is not None
        )
        assert {p.key: p.rating.games for p in lib.ratings()} == {
            k: r.games for k, r in rated.items()
        }
        # Every game so far is tic-tac-toe's, and so is every rating.
        assert {row.rules for row in lib.rows()} <= {"3,3,3"}
        assert lib.count(GameFilter(rules="3,3,3")) == len(kept)
        assert {p.rules for p in lib.ratings()} <= {TIC_TAC_TOE}
        for game in kept:
            assert lib.record(lib.rows(GameFilter(text=game.started_at))[0].id) == game
        # The ratings carried over are the ones rating every game again gives.
        carried = lib.ratings()
        with lib._write() as db:
            rebuild_ratings(db)
        assert lib.ratings() == carried
        # And it takes new games like a fresh one.
        assert lib.store(games[50]) is StoreOutcome.ADDED
        assert lib.integrity_check() == "ok"


# Where the file lives -------------------------------------------------------------------


def test_the_library_path_comes_from_the_option_then_the_environment_then_app_data() -> None:
    env = {LIBRARY_ENV_VAR: "/tmp/env.sqlite3"}
    assert library_path("/data", "/opt/x.sqlite3", env) == Path("/opt/x.sqlite3")
    assert library_path("/data", None, env) == Path("/tmp/env.sqlite3")
    assert library_path("/data", None, {}) == Path("/data") / LIBRARY_FILE_NAME
    assert library_path(None, None, {}) is None


# Damaged, locked, read-only and newer files ----------------------------------------------


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_a_file_that_is_not_a_database_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / LIBRARY_FILE_NAME
    path.write_bytes(b"my shopping list\n" * 100)
    before = _snapshot(tmp_path)
    with pytest.raises(LibraryCorruptError, match="damaged: it is not an SQLite database"):
        Library(path)
    assert _snapshot(tmp_path) == before


def test_a_database_damaged_inside_is_refused_and_left_as_it_is(
    tmp_path: Path, games: list[GameRecord]
) -> None:
    path = tmp_path / LIBRARY_FILE_NAME
    with Library(path) as lib:
        lib.store_many(games)
        lib._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    # Keep the 100-byte header, scribble over the first page's schema table.
    data[100:4096] = bytes(random.Random(5).randrange(256) for _ in range(3996))
    path.write_bytes(bytes(data))
    before = _snapshot(tmp_path)
    with pytest.raises(LibraryCorruptError, match="is damaged"):
        Library(path)
    assert _snapshot(tmp_path) == before


def test_a_damaged_library_moved_aside_makes_room_for_a_new_one(tmp_path: Path) -> None:
    path = tmp_path / LIBRARY_FILE_NAME
    path.write_bytes(b"garbage")
    Path(f"{path}-wal").write_bytes(b"wal")
    aside = move_aside(path)
    assert aside.name.startswith("library.corrupt-") and aside.suffix == ".sqlite3"
    assert aside.read_bytes() == b"garbage"
    assert Path(f"{aside}-wal").read_bytes() == b"wal"
    assert not path.exists()
    path.write_bytes(b"garbage again")
    second = move_aside(path)
    assert second != aside and second.read_bytes() == b"garbage again"
    with Library(path) as lib:
        assert lib.count() == 0


def test_a_library_from_a_newer_version_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / LIBRARY_FILE_NAME
    with Library(path) as lib:
        lib._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
        lib._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = _snapshot(tmp_path)
    with pytest.raises(LibraryNewerError, match="newer TTT Desktop"):
        Library(path)
    assert _snapshot(tmp_path) == before


def test_a_library_locked_by_another_program_says_so_and_loses_nothing(
    tmp_path: Path, games: list[GameRecord]
) -> None:
    path = tmp_path / LIBRARY_FILE_NAME
    lib = Library(path, timeout=0.05)
    lib.store(games[0])
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    with pytest.raises(LibraryLockedError, match="in use by another program"):
        lib.store(games[1])
    # Reading still works while another program writes (WAL).
    assert lib.count() == 1
    other.execute("ROLLBACK")
    other.close()
    assert lib.store(games[1]) is StoreOutcome.ADDED
    assert lib.count() == 2


READ_ONLY_SCRIPT = """
import sys
from ttt_desktop.library import Library, LibraryReadOnlyError
try:
    Library(sys.argv[1])
except LibraryReadOnlyError as error:
    print("refused:", error)
"""


def _make_read_only(target: Path) -> None:
    """Read-only even for root: the immutable attribute when root, else permissions."""
    if os.getuid() == 0:
        subprocess.run(["chattr", "+i", str(target)], check=True)
    else:
        target.chmod(0o555 if target.is_dir() else 0o444)


def _make_writable(target: Path) -> None:
    if os.getuid() == 0:
        subprocess.run(["chattr", "-i", str(target)], check=True)
    target.chmod(0o755 if target.is_dir() else 0o644)


@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_read_only_library_is_refused_and_left_as_it_is(
    tmp_path: Path, games: list[GameRecord], what: str
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / LIBRARY_FILE_NAME
    with Library(path) as lib:
        lib.store(games[0])
        lib._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for leftover in folder.glob(f"{LIBRARY_FILE_NAME}-*"):
        leftover.unlink()
    before = _snapshot(folder)
    target = path if what == "file" else folder
    _make_read_only(target)
    try:
        # In a fresh process, as the app would meet it.
        result = subprocess.run(
            [sys.executable, "-c", READ_ONLY_SCRIPT, str(path)],
            capture_output=True,
            text=True,
            check=True,
        )
    finally:
        _make_writable(target)
    assert result.stdout.startswith("refused: the game library library.sqlite3 is read-only")
    assert _snapshot(folder) == before


def test_stored_rows_are_plain_values(library: Library) -> None:
    row = library.page(limit=1)[0]
    assert row._asdict()["id"] == row.id
    assert library.row(row.id) == row
    assert library.row(10**9) is None


# ttt-arena --library ----------------------------------------------------------------------


def test_arena_match_and_tournament_store_their_games_in_the_library(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "arena.sqlite3"
    args = ["match", "--x", "perfect", "--o", "rando", "--games", "1200", "--seed", "4"]
    assert main([*args, "--json", "--library", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (
        main(
            [
                "tournament",
                "--players",
                "levi,rando",
                "--games",
                "30",
                "--seed",
                "5",
                "--library",
                str(path),
            ]
        )
        == 0
    )
    assert "stored 60 games" in capsys.readouterr().err
    with Library(path) as lib:
        match_rows = lib.rows(GameFilter(person="computer:perfect"))
        assert len(match_rows) == 1200 and lib.count() == 1260
        x_wins = sum(row.result == "X" for row in match_rows)
        draws = sum(row.result == "draw" for row in match_rows)
        assert (x_wins, draws) == (report["x"]["wins"], report["draws"])
        # Each stored game is the whole game, with the seeds that replay it.
        record = lib.record(match_rows[0].id)
        assert record.is_finished and record.x.seed == report["x"]["seed"]
        assert len(record.move_seconds) == record.ply
        events = lib._db.execute("SELECT kind, name FROM events ORDER BY id").fetchall()
        assert events == [("match", "Perfect v Rando"), ("tournament", "Tournament: levi, rando")]
        assert lib._db.execute("SELECT count(DISTINCT event_id) FROM games").fetchone()[0] == 2
        best = lib.ratings()[0]
        assert best.key == "computer:perfect" and best.rating.games == 1200


def test_arena_with_a_damaged_library_says_so_and_leaves_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.sqlite3"
    path.write_bytes(b"not a database at all")
    code = main(["match", "--x", "rando", "--o", "rando", "--games", "5", "--library", str(path)])
    assert code == 1
    assert "bad.sqlite3 is damaged" in capsys.readouterr().err
    assert path.read_bytes() == b"not a database at all"


def _ratings_of(lib: Library) -> dict[str, tuple[float, float, int]]:
    return {
        p.key: (round(p.rating.mu, 9), round(p.rating.sigma, 9), p.rating.games)
        for p in lib.ratings()
    }


def _expected_ratings(games: list[GameRecord]) -> dict[str, tuple[float, float, int]]:
    table = rate(
        GameResult(player_key(g.x), player_key(g.o), g.result)  # type: ignore[arg-type]
        for g in games
        if g.result is not None
    )
    return {k: (round(r.mu, 9), round(r.sigma, 9), r.games) for k, r in table.items()}


def test_a_newest_game_reopened_and_finished_again_is_rated_once(
    tmp_path: Path, games: list[GameRecord]
) -> None:
    finished = [g for g in games if g.result is not None][:30]
    with Library(tmp_path / "lib.sqlite3") as lib:
        lib.store_many(finished)
        last = finished[-1]
        reopened = last.truncated(last.ply - 1)
        assert lib.store(reopened) is StoreOutcome.UPDATED
        # Its rating is taken back at once: as if it had never been played.
        assert _ratings_of(lib) == _expected_ratings(finished[:-1])
        assert lib.store(last) is StoreOutcome.UPDATED
        assert _ratings_of(lib) == _expected_ratings(finished)
        # An older game reopened: every other game is rated again, in the stored order;
        # finished again, it counts once, as the newest result.
        others = [g for i, g in enumerate(finished) if i != 3]
        lib.store(finished[3].truncated(finished[3].ply - 1))
        assert _ratings_of(lib) == _expected_ratings(others)
        lib.store(finished[3])
        order = [*others, finished[3]]
        assert _ratings_of(lib) == _expected_ratings(order)
        # A finished older game replaced by another finished one: all rated again, once
        # each, in the order the rows were first stored.
        lib.store(finished[20], game_id=finished[5].game_id)
        replaced = [finished[20] if g is finished[5] else g for g in finished]
        assert _ratings_of(lib) == _expected_ratings(replaced)
