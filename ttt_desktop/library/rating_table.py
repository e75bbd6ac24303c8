"""The ``ratings`` table: each player's rating, updated in the transaction that stores a game."""

from __future__ import annotations

import sqlite3
from typing import Final

from ttt_desktop.ratings import GameResult, PlayerRating, Ratings

_COLUMNS: Final = "player_key, name, kind, mu, sigma, games, wins, draws, losses"


def _read(db: sqlite3.Connection, keys: tuple[str, ...]) -> list[PlayerRating]:
    marks = ",".join("?" * len(keys))
    rows = db.execute(
        f"SELECT player_key, mu, sigma, games, wins, draws, losses FROM ratings "
        f"WHERE player_key IN ({marks})",
        keys,
    ).fetchall()
    return [PlayerRating(*row) for row in rows]


def _write(db: sqlite3.Connection, rating: PlayerRating, name: str, kind: str, game: int) -> None:
    db.execute(
        f"INSERT OR REPLACE INTO ratings ({_COLUMNS}, last_game) VALUES (?,?,?,?,?,?,?,?,?,?)",
        (
            rating.player,
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


def rate_game(
    db: sqlite3.Connection,
    game: int,
    x: tuple[str, str, str],
    o: tuple[str, str, str],
    result: str,
) -> None:
    """Apply one finished game (row ``game``; players as key, name, kind) to the table."""
    x_key, o_key = x[0], o[0]
    if x_key == o_key:
        return
    before = {rating.player: rating for rating in _read(db, (x_key, o_key))}
    ratings = Ratings.of(before.values())
    ratings.add(GameResult(x_key, o_key, result))  # type: ignore[arg-type]
    _write(db, ratings[x_key], x[1], x[2], game)
    _write(db, ratings[o_key], o[1], o[2], game)
    for key in (x_key, o_key):
        old = before.get(key) or PlayerRating(key)
        db.execute(
            "INSERT OR REPLACE INTO rating_before "
            "(player_key, game, mu, sigma, games, wins, draws, losses) VALUES (?,?,?,?,?,?,?,?)",
            (key, game, old.mu, old.sigma, old.games, old.wins, old.draws, old.losses),
        )


def unrate_game(db: sqlite3.Connection, game: int) -> bool:
    """Take game ``game``'s old result out of the ratings; True when all were re-rated.

    When it is both players' latest rated game (an undo after the end of the newest game)
    their ratings before it are put back at once (False). Otherwise every game is rated
    again from the table as it is now, which already counts the game's new result (True).
    """
    rows = db.execute(
        "SELECT r.player_key, b.mu, b.sigma, b.games, b.wins, b.draws, b.losses "
        "FROM ratings r JOIN rating_before b ON b.player_key = r.player_key AND b.game = ? "
        "WHERE r.last_game = ?",
        (game, game),
    ).fetchall()
    if len(rows) != 2:  # not both players' latest game
        rebuild_ratings(db)
        return True
    for key, mu, sigma, games, wins, draws, losses in rows:
        if games == 0:
            db.execute("DELETE FROM ratings WHERE player_key = ?", (key,))
        else:
            db.execute(
                "UPDATE ratings SET mu=?, sigma=?, games=?, wins=?, draws=?, losses=?, "
                "last_game=NULL WHERE player_key=?",
                (mu, sigma, games, wins, draws, losses, key),
            )
        db.execute("DELETE FROM rating_before WHERE player_key = ?", (key,))
    return False


def rebuild_ratings(db: sqlite3.Connection) -> None:
    """Recompute the table from every finished game, in the order the games were stored."""
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
        _write(db, ratings[key], name, kind, game)


def rename_rating(db: sqlite3.Connection, old_key: str, new_key: str, new_name: str) -> None:
    """Player ``old_key``'s rating (and the one before their latest game) is ``new_key``'s now.

    ``new_key`` must have no rating yet. The row is copied, the rating before moved to
    it, then the old row deleted: the foreign key from ``rating_before`` holds throughout.
    """
    db.execute(
        f"INSERT INTO ratings ({_COLUMNS}, last_game) "
        "SELECT ?, ?, kind, mu, sigma, games, wins, draws, losses, last_game FROM ratings "
        "WHERE player_key = ?",
        (new_key, new_name, old_key),
    )
    db.execute("UPDATE rating_before SET player_key = ? WHERE player_key = ?", (new_key, old_key))
    db.execute("DELETE FROM ratings WHERE player_key = ?", (old_key,))
