"""Storing an arena run's games while it plays: in the game library, and as Piskvork
records (:class:`PsqFolder`, one ``.psq`` file a game).

A match stores its games as they finish: the games that ended within the last
:data:`FLUSH_SECONDS` go in one transaction (the library syncs each transaction to disk,
so one per game would cap a fast match at a few hundred games a second). A game that
took longer than that is stored the moment it ends. So a killed match loses at most
the games of its last half second, and the command says so when it starts.

Nothing here imports Qt.
"""

from __future__ import annotations

import re
import time
import uuid
from dataclasses import replace
from pathlib import Path
from typing import Any, Final, TextIO

from ttt_desktop.brains.match import entry_of, game_log
from ttt_desktop.core.play import PlayedGame
from ttt_desktop.core.record import PlayerEntry
from ttt_desktop.formats.files import save_record
from ttt_desktop.formats.psq import psq_writable
from ttt_desktop.lab.brains import read_log
from ttt_desktop.lab.tournament import game_record
from ttt_desktop.library import Library, StoreOutcome
from ttt_desktop.library.tournaments import TournamentStore
from ttt_desktop.players.base import Player

__all__ = [
    "FLUSH_SECONDS",
    "LibraryWriter",
    "PsqFolder",
    "TournamentSaver",
    "tournament_game_id",
]

FLUSH_SECONDS: Final = 0.5
"""The longest a finished game waits before it is stored."""


class LibraryWriter:
    """Stores an arena run's games in the game library, a transaction every half second."""

    BATCH: Final = 1000
    """The most games in one transaction."""

    def __init__(self, path: Path, kind: str, name: str, settings: dict[str, Any]) -> None:

        self.library = Library(path)
        self.event = self.library.add_event(kind, name, settings)
        self.pending: list[Any] = []
        self.ids: list[str] = []
        self.stored = 0
        self._last_flush = time.perf_counter()

    def add(self, x: Player, o: Player, game: PlayedGame) -> None:
        """Queue ``game`` between ``x`` and ``o``; stored within :data:`FLUSH_SECONDS`."""

        if getattr(x, "may_forfeit", False) or getattr(o, "may_forfeit", False):
            self.pending.append(_brain_record(x, o, game))
        else:
            self.pending.append(
                game.record(
                    PlayerEntry(x.kind, x.name, x.seed), PlayerEntry(o.kind, o.name, o.seed)
                )
            )
        self.ids.append(uuid.uuid4().hex)
        if (
            len(self.pending) >= self.BATCH
            or time.perf_counter() - self._last_flush >= FLUSH_SECONDS
        ):
            self.flush()

    def add_tournament(self, spec: Any, result: Any, tournament: int | None = None) -> None:
        """Every game of a finished (or cancelled) lab tournament, on its board, with its
        players' seeds, its forfeits and (brains) what was said on the pipes. The games of
        the library's ``tournament`` get ids of their own (a resumed run stores a game
        already stored once only)."""

        for game in result.games():
            # A tournament's games always start with X; think times are not kept per move.
            game_id = (
                uuid.uuid4().hex
                if tournament is None
                else tournament_game_id(self.library.path, tournament, game.index)
            )
            self.pending.append(
                game_record(spec, game, game_id=game_id, log=read_log(spec, game.index))
            )
            self.ids.append(game_id)
            if len(self.pending) >= self.BATCH:
                self.flush()

    def flush(self) -> None:

        if self.pending:
            outcomes = self.library.store_many(
                self.pending,
                game_ids=self.ids,
                source="arena",
                event=self.event,
                # A game already stored under its id (a resumed tournament's) stays as it is.
                replace=False,
            )
            self.stored += sum(outcome is not StoreOutcome.DUPLICATE for outcome in outcomes)
            self.pending, self.ids = [], []
        self._last_flush = time.perf_counter()

    def close(self, err: TextIO) -> None:
        try:
            self.flush()
        finally:
            self.library.close()
        err.write(f"stored {self.stored:,} games in {self.library.path}\n")


def _brain_record(x: Any, o: Any, game: PlayedGame) -> Any:
    """A game with a brain in it: the brain has no seed of ours, and what was said on its
    pipe goes with the game."""

    record = game.record(entry_of(x), entry_of(o))
    return replace(record, log=game_log(x, o))


def tournament_game_id(library: Path, tournament: int, index: int) -> str:
    """The stored game id of game ``index`` of the library's ``tournament``: the same in
    every run that plays it (a run and its resumptions)."""
    return uuid.uuid5(uuid.NAMESPACE_URL, f"ttt-desktop:{library}:{tournament}:{index}").hex


class TournamentSaver:
    """A tournament's settings, then its games as they finish, in the game library.

    The games that finished within the last :data:`FLUSH_SECONDS` go in one transaction,
    so a kill loses at most those, and ``--resume`` plays them again.
    """

    JOBS_KEY: Final = "jobs"
    """The settings' key for the run's number of workers (a resumption uses it again)."""

    def __init__(
        self, library: Any, spec: Any, name: str, resume: int | None = None, jobs: int = 1
    ) -> None:

        self.store = TournamentStore(library)
        if resume is None:
            settings = {**spec.as_json(), self.JOBS_KEY: jobs}
            self.id = self.store.add(name, settings, spec.total_games)
        else:
            self.id = resume
        self.pending: list[Any] = []
        self._last_flush = time.perf_counter()

    @classmethod
    def stored_jobs(cls, settings: dict[str, Any]) -> int:
        """The number of workers a stored tournament was started with (1 if not said)."""
        jobs = settings.get(cls.JOBS_KEY, 1)
        return jobs if type(jobs) is int and jobs >= 1 else 1

    def add(self, games: list[Any]) -> None:
        self.pending.extend(games)
        if time.perf_counter() - self._last_flush >= FLUSH_SECONDS:
            self.flush()

    def flush(self) -> None:
        if self.pending:
            self.store.add_games(
                self.id,
                [
                    (g.index, g.pairing, g.x, g.o, g.moves, g.winner, g.seconds, g.reason)
                    for g in self.pending
                ],
            )
            self.pending = []
        self._last_flush = time.perf_counter()

    def finish(self, finished: bool) -> None:
        self.flush()
        if finished:
            self.store.mark_finished(self.id)


class PsqFolder:
    """A tournament's games as Piskvork records (``.psq``), one file a game in ``folder``,
    written (atomically) as each game finishes: ``game-00001 A v B.psq``, numbered by the
    game's index in the tournament (a resumed run writes only the games it plays).

    Tournament games keep no think time per move: the records say 0 ms for each.
    :meth:`refusal` says why a tournament's rules can't be written this way, before any
    game is played.
    """

    def __init__(self, folder: str | Path, spec: Any) -> None:
        self.folder = Path(folder)
        self.spec = spec
        self.written = 0
        self._digits = max(5, len(str(spec.total_games)))

    @staticmethod
    def refusal(rules: Any) -> str | None:
        """Why games of ``rules`` can't be written as records (None when they can)."""

        return psq_writable(rules)

    def add(self, games: list[Any]) -> None:
        """Write each of ``games`` (:class:`~ttt_desktop.lab.tournament.TournamentGame`)."""

        labels = [entrant.label for entrant in self.spec.entrants]
        for game in games:
            record = game_record(self.spec, game)
            names = f"{labels[game.x]} v {labels[game.o]}"
            safe = re.sub(r"[^\w .,+@=-]", "_", names).strip()[:100]
            save_record(record, self.folder / f"game-{game.index + 1:0{self._digits}d} {safe}.psq")
            self.written += 1
