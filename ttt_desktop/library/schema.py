"""The library's schema: numbered migrations, applied in order, each in one transaction.

``PRAGMA user_version`` holds the number of the last migration applied. A database at
version N gets migrations N+1, N+2, ... up to :data:`SCHEMA_VERSION`; one written by a
newer version of the app (a higher number) is never touched. A migration is a function
of a connection inside a transaction; it may run SQL and Python alike. Once released a
migration is never edited: a change to the schema is a new migration at the end.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from typing import Final

Migration = Callable[[sqlite3.Connection], None]


def _v1_games(db: sqlite3.Connection) -> None:
    # One row per game: the full record as JSON, plus the columns the history filters and
    # sorts on. game_id is the record's stable id: the same game is never stored twice.
    db.execute(
        """
        CREATE TABLE games (
            id          INTEGER PRIMARY KEY,
            game_id     TEXT    NOT NULL UNIQUE,
            started_at  TEXT    NOT NULL,
            finished_at TEXT,
            stored_at   TEXT    NOT NULL,
            x_key       TEXT    NOT NULL,
            x_kind      TEXT    NOT NULL,
            x_name      TEXT    NOT NULL,
            x_seed      INTEGER,
            o_key       TEXT    NOT NULL,
            o_kind      TEXT    NOT NULL,
            o_name      TEXT    NOT NULL,
            o_seed      INTEGER,
            first       TEXT    NOT NULL CHECK (first IN ('X', 'O')),
            result      TEXT    CHECK (result IN ('X', 'O', 'draw')),
            length      INTEGER NOT NULL CHECK (length BETWEEN 0 AND 9),
            moves       TEXT    NOT NULL,
            source      TEXT    NOT NULL,
            record      TEXT    NOT NULL
        )
        """
    )
    for column in ("started_at", "x_key", "o_key", "x_name", "o_name", "result", "length"):
        db.execute(f"CREATE INDEX games_by_{column} ON games ({column})")
    # History sorts unfinished games (no result) together, before the others.
    db.execute("CREATE INDEX games_by_result_sort ON games (ifnull(result, ''))")


def _v2_events(db: sqlite3.Connection) -> None:
    # Matches and tournaments (from ttt-arena or the lab): games point at the event they
    # belong to; deleting an event keeps its games (they just lose the link).
    db.execute(
        """
        CREATE TABLE events (
            id         INTEGER PRIMARY KEY,
            kind       TEXT NOT NULL,
            name       TEXT NOT NULL,
            created_at TEXT NOT NULL,
            settings   TEXT NOT NULL DEFAULT '{}'
        )
        """
    )
    db.execute(
        "ALTER TABLE games ADD COLUMN event_id INTEGER REFERENCES events(id) ON DELETE SET NULL"
    )
    db.execute("CREATE INDEX games_by_event ON games (event_id)")
    db.execute("CREATE INDEX games_by_first ON games (first)")


def _v3_ratings(db: sqlite3.Connection) -> None:
    # Every player's rating after the games so far, kept up to date with each stored game
    # (in the same transaction), so the leaderboard never replays 100,000 games.
    db.execute(
        """
        CREATE TABLE ratings (
            player_key TEXT PRIMARY KEY,
            name       TEXT    NOT NULL,
            kind       TEXT    NOT NULL,
            mu         REAL    NOT NULL,
            sigma      REAL    NOT NULL,
            games      INTEGER NOT NULL,
            wins       INTEGER NOT NULL,
            draws      INTEGER NOT NULL,
            losses     INTEGER NOT NULL,
            last_game  INTEGER REFERENCES games(id) ON DELETE SET NULL
        )
        """
    )
    # Rate the finished games already stored, in the order they were stored.
    _rate_v3(db)


def _rate_v3(db: sqlite3.Connection) -> None:
    # The ratings of version 3 (one per player, every board together), as that version
    # computed them; kept here unchanged so that the migration stays what it was.
    from ttt_desktop.ratings import GameResult, Ratings  # noqa: PLC0415  (one migration)

    db.execute("DELETE FROM ratings")
    if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'rating_before'").fetchone():
        db.execute("DELETE FROM rating_before")
    ratings = Ratings()
    names: dict[str, tuple[str, str, int]] = {}
    for row in db.execute(
        "SELECT id, x_key, x_name, x_kind, o_key, o_name, o_kind, result FROM games "
        "WHERE result IS NOT NULL ORDER BY id"
    ):
        game, x_key, x_name, x_kind, o_key, o_name, o_kind, result = row
        ratings.add(GameResult(x_key, o_key, result))
        if x_key != o_key:
            names[x_key] = (x_name, x_kind, game)
            names[o_key] = (o_name, o_kind, game)
    for key in ratings:
        name, kind, game = names[key]
        rating = ratings[key]
        db.execute(
            "INSERT OR REPLACE INTO ratings (player_key, name, kind, mu, sigma, games, wins, "
            "draws, losses, last_game) VALUES (?,?,?,?,?,?,?,?,?,?)",
            (
                key,
                name,
                kind,
                rating.mu,
                rating.sigma,
                rating.games,
                rating.wins,
                rating.draws,
                rating.losses,
                game,
            ),
        )


def _v4_person_scan(db: sqlite3.Connection) -> None:
    # A person's games newest first: walking this index from the newest end finds the first
    # page of their games (or wins, or losses) without reading a single game row, where
    # the per-column indexes would collect and sort all of them (tens of thousands).
    db.execute("CREATE INDEX games_by_time_and_players ON games (started_at, x_key, o_key, result)")


def _v5_rating_before(db: sqlite3.Connection) -> None:
    # Each player's rating before their latest rated game: an undo after the end of the
    # newest game takes its rating back at once, where a re-rating replays every game.
    db.execute(
        """
        CREATE TABLE rating_before (
            player_key TEXT PRIMARY KEY REFERENCES ratings(player_key) ON DELETE CASCADE,
            game       INTEGER NOT NULL,
            mu         REAL    NOT NULL,
            sigma      REAL    NOT NULL,
            games      INTEGER NOT NULL,
            wins       INTEGER NOT NULL,
            draws      INTEGER NOT NULL,
            losses     INTEGER NOT NULL
        )
        """
    )


_V1_COLUMNS: Final = (
    "id, game_id, started_at, finished_at, stored_at, x_key, x_kind, x_name, x_seed, o_key, "
    "o_kind, o_name, o_seed, first, result, length, moves, source, record, event_id"
)


def _v6_rules(db: sqlite3.Connection) -> None:
    # Every game gets its rules (m,n,k as Rules.key; all games so far are tic-tac-toe's
    # "3,3,3"), and a game may have up to 400 moves (20 x 20). SQLite can't drop a CHECK,
    # so the table is copied into a new one (row ids kept) and the indexes made again.
    # Ratings are kept per rules: a person's 3x3 rating is not their gomoku rating. Every
    # game so far is tic-tac-toe's, so the ratings so far are the 3x3 ones: they are
    # copied (exactly what rating the games again would give, without the wait).
    # Foreign keys are off while migrating: nothing is cascaded as tables go.
    db.execute("ALTER TABLE rating_before RENAME TO rating_before_v5")
    db.execute("ALTER TABLE ratings RENAME TO ratings_v5")
    db.execute(
        """
        CREATE TABLE games_v6 (
            id          INTEGER PRIMARY KEY,
            game_id     TEXT    NOT NULL UNIQUE,
            started_at  TEXT    NOT NULL,
            finished_at TEXT,
            stored_at   TEXT    NOT NULL,
            x_key       TEXT    NOT NULL,
            x_kind      TEXT    NOT NULL,
            x_name      TEXT    NOT NULL,
            x_seed      INTEGER,
            o_key       TEXT    NOT NULL,
            o_kind      TEXT    NOT NULL,
            o_name      TEXT    NOT NULL,
            o_seed      INTEGER,
            first       TEXT    NOT NULL CHECK (first IN ('X', 'O')),
            result      TEXT    CHECK (result IN ('X', 'O', 'draw')),
            length      INTEGER NOT NULL CHECK (length BETWEEN 0 AND 400),
            moves       TEXT    NOT NULL,
            source      TEXT    NOT NULL,
            record      TEXT    NOT NULL,
            event_id    INTEGER REFERENCES events(id) ON DELETE SET NULL,
            rules       TEXT    NOT NULL DEFAULT '3,3,3'
        )
        """
    )
    db.execute(
        f"INSERT INTO games_v6 ({_V1_COLUMNS}, rules) SELECT {_V1_COLUMNS}, '3,3,3' FROM games"
    )
    db.execute("DROP TABLE games")
    db.execute("ALTER TABLE games_v6 RENAME TO games")
    for column in (
        "started_at",
        "x_key",
        "o_key",
        "x_name",
        "o_name",
        "result",
        "length",
        "event_id",
        "first",
    ):
        name = "event" if column == "event_id" else column
        db.execute(f"CREATE INDEX games_by_{name} ON games ({column})")
    db.execute("CREATE INDEX games_by_result_sort ON games (ifnull(result, ''))")
    db.execute(
        "CREATE INDEX games_by_time_and_players ON games (started_at, x_key, o_key, result, rules)"
    )
    db.execute("CREATE INDEX games_by_rules ON games (rules, started_at)")
    db.execute(
        """
        CREATE TABLE ratings (
            rules      TEXT    NOT NULL,
            player_key TEXT    NOT NULL,
            name       TEXT    NOT NULL,
            kind       TEXT    NOT NULL,
            mu         REAL    NOT NULL,
            sigma      REAL    NOT NULL,
            games      INTEGER NOT NULL,
            wins       INTEGER NOT NULL,
            draws      INTEGER NOT NULL,
            losses     INTEGER NOT NULL,
            last_game  INTEGER REFERENCES games(id) ON DELETE SET NULL,
            PRIMARY KEY (rules, player_key)
        )
        """
    )
    db.execute("CREATE INDEX ratings_by_player ON ratings (player_key)")
    db.execute(
        """
        CREATE TABLE rating_before (
            rules      TEXT    NOT NULL,
            player_key TEXT    NOT NULL,
            game       INTEGER NOT NULL,
            mu         REAL    NOT NULL,
            sigma      REAL    NOT NULL,
            games      INTEGER NOT NULL,
            wins       INTEGER NOT NULL,
            draws      INTEGER NOT NULL,
            losses     INTEGER NOT NULL,
            PRIMARY KEY (rules, player_key),
            FOREIGN KEY (rules, player_key) REFERENCES ratings (rules, player_key)
                ON DELETE CASCADE
        )
        """
    )
    db.execute(
        "INSERT INTO ratings (rules, player_key, name, kind, mu, sigma, games, wins, draws, "
        "losses, last_game) SELECT '3,3,3', player_key, name, kind, mu, sigma, games, wins, "
        "draws, losses, last_game FROM ratings_v5"
    )
    db.execute(
        "INSERT INTO rating_before (rules, player_key, game, mu, sigma, games, wins, draws, "
        "losses) SELECT '3,3,3', player_key, game, mu, sigma, games, wins, draws, losses "
        "FROM rating_before_v5"
    )
    db.execute("DROP TABLE rating_before_v5")
    db.execute("DROP TABLE ratings_v5")


def _v7_tournaments(db: sqlite3.Connection) -> None:
    # A tournament's settings (its whole schedule follows from them) and each game as it
    # finishes, so an interrupted tournament resumes with only the missing games.
    db.execute(
        """
        CREATE TABLE tournaments (
            id          INTEGER PRIMARY KEY,
            name        TEXT    NOT NULL,
            created_at  TEXT    NOT NULL,
            settings    TEXT    NOT NULL,
            total_games INTEGER NOT NULL,
            finished_at TEXT
        )
        """
    )
    db.execute(
        """
        CREATE TABLE tournament_games (
            tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
            game          INTEGER NOT NULL,
            pairing       INTEGER NOT NULL,
            x             INTEGER NOT NULL,
            o             INTEGER NOT NULL,
            moves         TEXT    NOT NULL,
            winner        TEXT    NOT NULL CHECK (winner IN ('X', 'O', 'draw')),
            reason        TEXT    NOT NULL DEFAULT '',
            seconds       REAL    NOT NULL,
            PRIMARY KEY (tournament_id, game)
        ) WITHOUT ROWID
        """
    )


MIGRATIONS: Final[tuple[Migration, ...]] = (
    _v1_games,
    _v2_events,
    _v3_ratings,
    _v4_person_scan,
    _v5_rating_before,
    _v6_rules,
    _v7_tournaments,
)
"""Migration ``i`` (0-based) takes the database from version ``i`` to ``i + 1``."""

SCHEMA_VERSION: Final = len(MIGRATIONS)


def describe_schema(db: sqlite3.Connection) -> str:
    """The schema as JSON (tables, columns, indexes), for tests comparing databases."""
    rows = db.execute(
        "SELECT type, name, tbl_name FROM sqlite_master "
        "WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
    ).fetchall()
    tables = {
        name: [tuple(column) for column in db.execute(f"PRAGMA table_info({name})")]
        for kind, name, _ in rows
        if kind == "table"
    }
    return json.dumps({"objects": rows, "columns": tables}, sort_keys=True)
