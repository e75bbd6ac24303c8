"""The ``ratings`` table: each player's rating per rules, updated as a game is stored.

A player has one rating for each rules they played (``rules`` holds ``Rules.key``,
"3,3,3" for tic-tac-toe): a person's 3x3 rating says nothing about their gomoku.
"""

from __future__ import annotations

import sqlite3
from typing import Final

from ttt_desktop.ratings import GameResult, PlayerRating, Ratings

_COLUMNS: Final = "rules, player_key, name, kind, mu, sigma, games, wins, draws, losses"


def _read(db: sqlite3.Connection, rules: str, keys: tuple[str, ...]) -> list[PlayerRating]:
    marks = ",".join("?" * len(keys))
    rows = db.execute(
        f"SELECT player_key, mu, sigma, games, wins, draws, losses FROM ratings "
        f"WHERE rules = ? AND player_key IN ({marks})",
        (rules, *keys),
    ).fetchall()
    return [PlayerRating(*row) for row in rows]


def _write(
    db: sqlite3.Connection, rules: str, rating: PlayerRating, *, name: str, kind: str, game: int
) -> None:
    db.execute(
        f"INSERT OR REPLACE INTO ratings ({_COLUMNS}, last_game) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
        (
            rules,
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
    *,
    rules: str = "3,3,3",
) -> None:
    """Apply one finished game (row ``game``; players as key, name, kind) to the ratings
    of its ``rules`` (a ``Rules.key``)."""
    x_key, o_key = x[0], o[0]
    if x_key == o_key:
        return
    before = {rating.player: rating for rating in _read(db, rules, (x_key, o_key))}
    ratings = Ratings.of(before.values())
    ratings.add(GameResult(x_key, o_key, result))  # type: ignore[arg-type]
    _write(db, rules, ratings[x_key], name=x[1], kind=x[2], game=game)
    _write(db, rules, ratings[o_key], name=o[1], kind=o[2], game=game)
    for key in (x_key, o_key):
        old = before.get(key) or PlayerRating(key)
        db.execute(
            "INSERT OR REPLACE INTO rating_before (rules, player_key, game, mu, sigma, games, "
            "wins, draws, losses) VALUES (?,?,?,?,?,?,?,?,?)",
            (rules, key, game, old.mu, old.sigma, old.games, old.wins, old.draws, old.losses),
        )


def unrate_game(db: sqlite3.Connection, game: int) -> bool:
    """Take game ``game``'s old result out of the ratings; True when all were re-rated.

    When it is both players' latest rated game (an undo after the end of the newest game)
    their ratings before it are put back at once (False). Otherwise every game is rated
    again from the table as it is now, which already counts the game's new result (True).
    """
    rows = db.execute(
        "SELECT r.rules, r.player_key, b.mu, b.sigma, b.games, b.wins, b.draws, b.losses "
        "FROM ratings r JOIN rating_before b "
        "ON b.rules = r.rules AND b.player_key = r.player_key AND b.game = ? "
        "WHERE r.last_game = ?",
        (game, game),
    ).fetchall()
    if len(rows) != 2:  # not both players' latest game
        rebuild_ratings(db)
        return True
    for rules, key, mu, sigma, games, wins, draws, losses in rows:
        if games == 0:
            db.execute("DELETE FROM ratings WHERE rules = ? AND player_key = ?", (rules, key))
        else:
            db.execute(
                "UPDATE ratings SET mu=?, sigma=?, games=?, wins=?, draws=?, losses=?, "
                "last_game=NULL WHERE rules = ? AND player_key=?",
                (mu, sigma, games, wins, draws, losses, rules, key),
            )
        db.execute("DELETE FROM rating_before WHERE rules = ? AND player_key = ?", (rules, key))
    return False


def rebuild_ratings(db: sqlite3.Connection) -> None:
    """Recompute the table from every finished game, in the order the games were stored,
    each rules on its own."""
    db.execute("DELETE FROM rating_before")
    db.execute("DELETE FROM ratings")
    tables: dict[str, Ratings] = {}
    names: dict[tuple[str, str], tuple[str, str, int]] = {}
    for row in db.execute(
        "SELECT id, rules, x_key, x_name, x_kind, o_key, o_name, o_kind, result FROM games "
        "WHERE result IS NOT NULL ORDER BY id"
    ):
        game, rules, x_key, x_name, x_kind, o_key, o_name, o_kind, result = row
        ratings = tables.get(rules)
        if ratings is None:
            ratings = tables[rules] = Ratings()
        ratings.add(GameResult(x_key, o_key, result))
        if x_key != o_key:
            names[rules, x_key] = (x_name, x_kind, game)
            names[rules, o_key] = (o_name, o_kind, game)
    for rules, ratings in tables.items():
        for key in ratings:
            name, kind, game = names[rules, key]
            _write(db, rules, ratings[key], name=name, kind=kind, game=game)


def rename_rating(db: sqlite3.Connection, old_key: str, new_key: str, new_name: str) -> None:
    """Player ``old_key``'s ratings (and the ones before their latest games) are ``new_key``'s.

    ``new_key`` must have no rating yet. The rows are copied, the ratings before moved to
    them, then the old rows deleted: the foreign key from ``rating_before`` holds throughout.
    """
    db.execute(
        f"INSERT INTO ratings ({_COLUMNS}, last_game) "
        "SELECT rules, ?, ?, kind, mu, sigma, games, wins, draws, losses, last_game FROM ratings "
        "WHERE player_key = ?",
        (new_key, new_name, old_key),
    )
    db.execute("UPDATE rating_before SET player_key = ? WHERE player_key = ?", (new_key, old_key))
    db.execute("DELETE FROM ratings WHERE player_key = ?", (old_key,))
