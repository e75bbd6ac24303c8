"""Renaming a person in the library: their games, their page and their rating follow.

A person is known by name (``human:<name>``); renaming rewrites every stored game of
theirs (columns and record), the ratings and the rating kept before their latest game,
in one transaction. A removed person's games are simply left where they are.
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest
from helpers.library_helpers import random_game

from ttt_desktop.core.board import Mark
from ttt_desktop.core.cells import cell_from_keypad
from ttt_desktop.core.record import GameRecord, PlayerEntry
from ttt_desktop.library import GameFilter, Library, LibraryLockedError
from ttt_desktop.library.people import person_stats
from ttt_desktop.library.store import renamed_person
from ttt_desktop.ratings import GameResult, rate

ANN = PlayerEntry("human", "Ann")
BOB = PlayerEntry("human", "Bob")
PERFECT = PlayerEntry("perfect", "Perfect", 3)


def _game(x: PlayerEntry, o: PlayerEntry, keys: str, minute: int) -> GameRecord:
    record = GameRecord(x, o, Mark.X, started_at=f"2026-03-01T10:{minute:02d}:00.000Z")
    for digit in keys:
        record = record.with_move(cell_from_keypad(int(digit)))
    return record


GAMES = [
    _game(ANN, BOB, "74859", 0),
    _game(BOB, ANN, "5193", 1),  # unfinished
    _game(PERFECT, ANN, "519372", 2),
    _game(ANN, PERFECT, "573146829", 3),
]


def _key(entry: PlayerEntry, renames: dict[str, str]) -> str:
    if entry.is_human:
        return f"human:{renames.get(entry.name, entry.name)}"
    return f"computer:{entry.kind}"


def _results(games: list[GameRecord], renames: dict[str, str]) -> list[GameResult]:
    """The finished games as the ratings see them, people renamed; none against oneself."""
    found = [
        GameResult(_key(g.x, renames), _key(g.o, renames), g.result)  # type: ignore[arg-type]
        for g in games
        if g.result is not None
    ]
    return [result for result in found if result.x != result.o]


def _rated(lib: Library) -> dict[str, tuple[float, float, int]]:
    return {p.key: (p.rating.mu, p.rating.sigma, p.rating.games) for p in lib.ratings()}


def test_renaming_moves_games_page_and_rating_to_the_new_name(tmp_path: Path) -> None:
    with Library(tmp_path / "games.sqlite3") as lib:
        lib.store_many(GAMES)
        page_before = person_stats(lib, "human:Ann", review=False)
        rating_before = lib.rating("human:Ann")
        assert rating_before is not None and rating_before.games == 3

        assert lib.rename_person("Ann", "Annie") == 4

        assert lib.count(GameFilter(person="human:Ann")) == 0
        assert lib.count(GameFilter(person="human:Annie")) == 4
        names = {(row.x_name, row.o_name) for row in lib.rows()}
        assert names == {
            ("Annie", "Bob"),
            ("Bob", "Annie"),
            ("Perfect", "Annie"),
            ("Annie", "Perfect"),
        }
        # The full records say the same, and keep their ids, moves and everything else.
        for row, game in zip(lib.rows(), GAMES, strict=True):
            stored = lib.record(row.id)
            assert stored.game_id == game.game_id
            assert stored.moves == game.moves
            assert "Ann" not in (stored.x.name, stored.o.name)
            assert "Annie" in (stored.x.name, stored.o.name)
        # Her page and her rating, unchanged but for the name.
        page_after = person_stats(lib, "human:Annie", review=False)
        assert page_after.name == "Annie"
        assert (page_after.games, page_after.unfinished, page_after.tally) == (
            page_before.games,
            page_before.unfinished,
            page_before.tally,
        )
        assert [o.tally for o in page_after.opponents] == [o.tally for o in page_before.opponents]
        assert page_after.timeline == page_before.timeline
        assert lib.rating("human:Ann") is None
        rating_after = lib.rating("human:Annie")
        assert rating_after is not None
        assert (rating_after.mu, rating_after.sigma, rating_after.games) == (
            rating_before.mu,
            rating_before.sigma,
            rating_before.games,
        )
        assert {p.name for p in lib.ratings()} == {"Annie", "Bob", "Perfect"}
        assert {p.name for p in lib.players()} == {"Annie", "Bob", "Perfect"}
        # The session score reads names from the library.
        assert ("Annie", "Bob", "Annie") in lib.tallies("2000")
        assert lib.integrity_check() == "ok"


def test_the_same_game_stored_again_after_a_rename_stays_one_game(tmp_path: Path) -> None:
    with Library(tmp_path / "games.sqlite3") as lib:
        lib.store(GAMES[1])  # unfinished, Bob v Ann
        lib.rename_person("Ann", "Annie")
        # The window goes on with the renamed game in hand and stores it when it ends.
        finished = renamed_person(GAMES[1], "Ann", "Annie")
        while not finished.is_finished:
            finished = finished.with_move(finished.final_board.cells.index("."))
        assert lib.store(finished) == "updated"
        assert lib.count() == 1
        assert lib.rating("human:Annie") is not None and lib.rating("human:Ann") is None


def test_an_undo_after_a_rename_takes_the_rating_back(tmp_path: Path) -> None:
    with Library(tmp_path / "games.sqlite3") as lib:
        lib.store_many(GAMES)
        lib.rename_person("Ann", "Annie")
        newest = renamed_person(GAMES[-1], "Ann", "Annie")
        # Reopened by an undo: unfinished again; the rating before it comes back.
        lib.store(newest.with_undo(1))
        expected = rate(_results(GAMES[:3], {"Ann": "Annie"}))
        got = lib.rating("human:Annie")
        assert got is not None
        assert got.games == 2
        assert got.mu == pytest.approx(expected["human:Annie"].mu)
        assert got.sigma == pytest.approx(expected["human:Annie"].sigma)


def test_renaming_to_a_name_with_stored_games_joins_the_two(tmp_path: Path) -> None:
    # Someone removed earlier kept their games; a person renamed to that name is them.
    with Library(tmp_path / "games.sqlite3") as lib:
        lib.store_many(GAMES)
        lib.rename_person("Bob", "Ann")
        assert lib.count(GameFilter(person="human:Bob")) == 0
        assert lib.count(GameFilter(person="human:Ann")) == 4
        # A game of Ann against "herself" counts for no rating, as any such game.
        expected = rate(_results(GAMES, {"Bob": "Ann"}))
        assert set(_rated(lib)) == set(expected)
        for key, (mu, sigma, games) in _rated(lib).items():
            assert (mu, sigma, games) == pytest.approx(
                (expected[key].mu, expected[key].sigma, expected[key].games)
            )


def test_renaming_leaves_computers_and_other_people_alone(tmp_path: Path) -> None:
    rng = random.Random(10)
    games = [random_game(rng, index=i, finished=i % 3 != 0) for i in range(120)]
    with Library(tmp_path / "games.sqlite3") as lib:
        lib.store_many(games)
        before = {row.id: row for row in lib.rows()}
        ratings = _rated(lib)
        lib.rename_person("Cleo", "Cleopatra")
        for row in lib.rows():
            old = before[row.id]
            for side in ("x", "o"):
                key, name = getattr(old, f"{side}_key"), getattr(old, f"{side}_name")
                if key == "human:Cleo":
                    assert getattr(row, f"{side}_key") == "human:Cleopatra"
                    assert getattr(row, f"{side}_name") == "Cleopatra"
                else:
                    assert (getattr(row, f"{side}_key"), getattr(row, f"{side}_name")) == (
                        key,
                        name,
                    )
        renamed = {("human:Cleopatra" if k == "human:Cleo" else k): v for k, v in ratings.items()}
        assert _rated(lib) == renamed
        # Nothing to rename: nothing changes.
        assert lib.rename_person("Zoe", "Zed") == 0
        assert _rated(lib) == renamed


def test_a_rename_is_one_transaction(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with Library(path, timeout=0.05) as lib:
        lib.store_many(GAMES)
        # Another program holds the write lock: nothing of the rename happens.
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        with pytest.raises(LibraryLockedError):
            lib.rename_person("Ann", "Annie")
        other.execute("ROLLBACK")
        other.close()
        assert lib.count(GameFilter(person="human:Ann")) == 4
        assert lib.rating("human:Ann") is not None and lib.rating("human:Annie") is None
