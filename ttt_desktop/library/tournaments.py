"""A tournament's schedule and finished games in the game library, for resuming it.

A tournament is stored as its settings (``TournamentSpec.as_json()``: the players, their
seeds, the games per pairing, the rules, the openings, the clock; the whole schedule
follows from them) and one row per finished game, written as the games come in. After a
crash, a kill or a quit, :meth:`TournamentStore.load` gives back both, and the runner
plays only the games that are missing.

The library knows nothing of the lab: a game here is a plain tuple ``(game, pairing, x,
o, moves, winner, seconds, reason)``, the fields of ``ttt_desktop.lab.tournament.TournamentGame``.

Nothing here imports Qt.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ttt_desktop.core.record import utc_now
from ttt_desktop.library.store import Library, LibraryError

__all__ = ["StoredTournament", "TournamentStore", "UnknownTournamentError"]

TournamentGameRow = tuple[int, int, int, int, str, str, float, str]


class UnknownTournamentError(LibraryError):
    """No tournament has that number in this library."""


@dataclass(frozen=True)
class StoredTournament:
    """One tournament of the library: its settings and how far it got."""

    id: int
    name: str
    created_at: str
    settings: dict[str, Any]
    total_games: int
    played: int
    finished_at: str | None

    @property
    def finished(self) -> bool:
        return self.played >= self.total_games


class TournamentStore:
    """The tournaments of one :class:`~ttt_desktop.library.Library` (its thread only)."""

    def __init__(self, library: Library) -> None:
        self.library = library

    def add(self, name: str, settings: Mapping[str, Any], total_games: int) -> int:
        """Store a new tournament's settings; returns its number (for ``--resume``)."""
        with self.library._write() as db:
            cursor = db.execute(
                "INSERT INTO tournaments (name, created_at, settings, total_games) "
                "VALUES (?, ?, ?, ?)",
                (name, utc_now(), json.dumps(dict(settings), sort_keys=True), total_games),
            )
            return int(cursor.lastrowid or 0)

    def add_games(self, tournament: int, games: Iterable[Sequence[Any]]) -> None:
        """Store finished games (a game already stored is left as it is)."""
        rows = [
            (tournament, g[0], g[1], g[2], g[3], g[4], g[5], g[7] if len(g) > 7 else "", g[6])
            for g in games
        ]
        if not rows:
            return
        with self.library._write() as db:
            db.executemany(
                "INSERT OR IGNORE INTO tournament_games "
                "(tournament_id, game, pairing, x, o, moves, winner, reason, seconds) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )

    def mark_finished(self, tournament: int) -> None:
        with self.library._write() as db:
            db.execute(
                "UPDATE tournaments SET finished_at = ? WHERE id = ? AND finished_at IS NULL",
                (utc_now(), tournament),
            )

    def get(self, tournament: int) -> StoredTournament:
        """The tournament numbered ``tournament``; :class:`UnknownTournamentError` if none."""
        with self.library._read() as db:
            row = db.execute(
                "SELECT t.id, t.name, t.created_at, t.settings, t.total_games, "
                "(SELECT count(*) FROM tournament_games g WHERE g.tournament_id = t.id), "
                "t.finished_at FROM tournaments t WHERE t.id = ?",
                (tournament,),
            ).fetchone()
        if row is None:
            raise UnknownTournamentError(
                self.library.path,
                f"the game library {self.library.path.name} has no tournament {tournament}",
            )
        return self._stored(row)

    def all(self) -> list[StoredTournament]:
        """Every tournament, newest first."""
        with self.library._read() as db:
            rows = db.execute(
                "SELECT t.id, t.name, t.created_at, t.settings, t.total_games, "
                "(SELECT count(*) FROM tournament_games g WHERE g.tournament_id = t.id), "
                "t.finished_at FROM tournaments t ORDER BY t.id DESC"
            ).fetchall()
        return [self._stored(row) for row in rows]

    def games(self, tournament: int) -> list[TournamentGameRow]:
        """The tournament's finished games, in game order."""
        with self.library._read() as db:
            return [
                (game, pairing, x, o, moves, winner, seconds, reason)
                for game, pairing, x, o, moves, winner, seconds, reason in db.execute(
                    "SELECT game, pairing, x, o, moves, winner, seconds, reason "
                    "FROM tournament_games WHERE tournament_id = ? ORDER BY game",
                    (tournament,),
                )
            ]

    def _stored(self, row: Sequence[Any]) -> StoredTournament:
        try:
            settings = json.loads(row[3])
        except ValueError:
            raise self.library._damaged(f"tournament {row[0]}'s settings") from None
        return StoredTournament(
            int(row[0]), row[1], row[2], settings, int(row[4]), int(row[5]), row[6]
        )
