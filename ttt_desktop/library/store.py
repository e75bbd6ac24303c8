"""The game library: every game in one SQLite file, with the columns history searches on.

``Library(path)`` opens (or creates) the database, brings its schema up to date and
keeps one connection. Writes are one transaction each (``BEGIN IMMEDIATE`` ...
``COMMIT``), in WAL mode with ``synchronous=FULL``: a game :meth:`Library.store`
returned for survives a killed process and a power cut.

What can go wrong with somebody's file is named by an exception a person can read
(:class:`LibraryError` and its kinds): a damaged file, one locked by another program,
a read-only one, or one written by a newer version of the app. None of them ever
changes the file; :func:`move_aside` keeps a damaged one under a new name, and only
when it is called.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import json
import os
import sqlite3
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, Literal, NamedTuple

from ttt_desktop.core.record import GameRecord, PlayerEntry, utc_now
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules
from ttt_desktop.formats.json_codec import record_from_json, record_to_dict
from ttt_desktop.library import schema
from ttt_desktop.library.rating_table import (
    rate_game,
    rebuild_ratings,
    rename_rating,
    unrate_game,
)
from ttt_desktop.ratings import PlayerRating

SQLITE_HEADER: Final = b"SQLite format 3\x00"
DEFAULT_TIMEOUT: Final = 2.0
PAGE_CACHE_KIB: Final = 1024
"""SQLite's page cache per open library (its default is 2,000 KiB)."""


# Errors -------------------------------------------------------------------------------


class LibraryError(Exception):
    """The library can't be used; ``str(error)`` says why in words a person can act on."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(message)
        self.path = path


class LibraryCorruptError(LibraryError):
    """The file is damaged or is not a game library at all."""


class LibraryLockedError(LibraryError):
    """Another program holds the library and did not let go in time."""


class LibraryReadOnlyError(LibraryError):
    """The file or its folder can't be written."""


class LibraryNewerError(LibraryError):
    """The library was written by a newer version of the app."""


def _translate(path: Path, error: sqlite3.Error | UnicodeDecodeError) -> LibraryError:
    name = path.name
    if isinstance(error, UnicodeDecodeError) or "could not decode" in str(error).lower():
        # SQLite hands back whatever bytes a damaged page holds as a column's text.
        return LibraryCorruptError(
            path, f"the game library {name} is damaged (a stored text is not valid UTF-8)"
        )
    text = str(error).lower()
    if "locked" in text or "busy" in text:
        return LibraryLockedError(
            path, f"the game library {name} is in use by another program; try again later"
        )
    if "readonly" in text or "read-only" in text or "unable to open" in text:
        return LibraryReadOnlyError(
            path, f"the game library {name} can't be written (read-only file or folder)"
        )
    if isinstance(error, sqlite3.DatabaseError) and not isinstance(
        error, sqlite3.OperationalError | sqlite3.IntegrityError | sqlite3.ProgrammingError
    ):
        return LibraryCorruptError(path, f"the game library {name} is damaged ({error})")
    if any(sign in text for sign in ("malformed", "not a database", "disk i/o", "mismatch")):
        return LibraryCorruptError(path, f"the game library {name} is damaged ({error})")
    return LibraryError(path, f"the game library {name} can't be used: {error}")


# Where the library lives --------------------------------------------------------------


def move_aside(path: str | os.PathLike[str]) -> Path:
    """Rename a damaged library (and its -wal/-shm files) to a new, unused name; returns it.

    ``library.sqlite3`` becomes ``library.corrupt-20260101-120000.sqlite3`` (with a
    counter if that exists too). Nothing is deleted or overwritten.
    """
    target = Path(path)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    for attempt in range(1000):
        suffix = "" if attempt == 0 else f"-{attempt}"
        aside = target.with_name(f"{target.stem}.corrupt-{stamp}{suffix}{target.suffix}")
        companions = [aside, *(Path(f"{aside}{end}") for end in ("-wal", "-shm"))]
        if not any(os.path.lexists(candidate) for candidate in companions):
            break
    else:  # pragma: no cover - a thousand damaged libraries in one second
        raise OSError(f"no free name to keep {target.name} aside")
    # os.link + unlink would refuse to overwrite, but rename is atomic; the names are unused.
    os.rename(target, aside)
    for end in ("-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.rename(f"{target}{end}", f"{aside}{end}")
    return aside


# Values -------------------------------------------------------------------------------


class StoreOutcome(enum.StrEnum):
    """What :meth:`Library.store` did with a record."""

    ADDED = "added"
    UPDATED = "updated"  # the same game, further on (e.g. an unfinished game that ended)
    DUPLICATE = "duplicate"  # already there; nothing changed


def player_key(entry: PlayerEntry) -> str:
    """How ratings and statistics name a player: a person by name, a computer by kind."""
    return f"human:{entry.name}" if entry.is_human else f"computer:{entry.kind}"


def renamed_person(record: GameRecord, old_name: str, new_name: str) -> GameRecord:
    """``record`` with the person called ``old_name`` (on either side) called ``new_name``."""
    changes = {
        side: dataclasses.replace(entry, name=new_name)
        for side, entry in (("x", record.x), ("o", record.o))
        if entry.is_human and entry.name == old_name
    }
    return dataclasses.replace(record, **changes) if changes else record  # type: ignore[arg-type]


def _record_text(record: GameRecord) -> str:
    # Compact JSON: a third of the pretty form's size, and json's C encoder writes it.
    return json.dumps(record_to_dict(record), ensure_ascii=False, separators=(",", ":"))


def moves_text(record: GameRecord) -> str:
    """The moves as the ``moves`` column holds them (what History's search looks in):
    keypad digits run together on 3x3 ("573"), cell names with spaces elsewhere ("h8 i9")."""
    geometry = record.rules.geometry
    if record.rules.is_classic:
        return "".join(geometry.name(cell) for cell in record.moves)
    return geometry.names(record.moves)


def game_id_of(record: GameRecord) -> str:
    """The record's stable id (format 2; a version-1 file's is derived from its content)."""
    return record.game_id


class GameRow(NamedTuple):
    """One game as the history lists it (the record itself is read on demand).

    A named tuple of plain values: Python's garbage collector stops tracking such tuples,
    so a list scrolled through 100,000 games adds nothing to its full collections.
    """

    id: int
    game_id: str
    started_at: str
    finished_at: str | None
    x_key: str
    x_name: str
    x_kind: str
    o_key: str
    o_name: str
    o_kind: str
    first: str
    result: str | None
    length: int
    moves: str
    source: str
    rules: str = TIC_TAC_TOE.key  # Rules.key

    @property
    def game_rules(self) -> Rules:
        """The game's rules as a value."""
        return Rules.parse(self.rules)

    @property
    def winner_name(self) -> str | None:
        """The winner's name, None for a draw or an unfinished game."""
        return {"X": self.x_name, "O": self.o_name}.get(self.result or "")

    def result_for(self, key: str) -> Literal["win", "draw", "loss", "unfinished"]:
        """The game's result from the side of player ``key``."""
        if self.result is None:
            return "unfinished"
        if self.result == "draw":
            return "draw"
        mine = "X" if self.x_key == key else "O"
        return "win" if self.result == mine else "loss"


_ROW_COLUMNS: Final = (
    "id, game_id, started_at, finished_at, x_key, x_name, x_kind, o_key, o_name, o_kind, "
    "first, result, length, moves, source, rules"
)

SORT_KEYS: Final[dict[str, str]] = {
    "date": "started_at",
    "x": "x_name",
    "o": "o_name",
    "first": "first",
    "result": "ifnull(result, '')",
    "length": "length",
    "rules": "rules",
}
"""The columns history can sort on, and the SQL expression (with an index) behind each."""

ResultFilter = Literal["win", "draw", "loss", "unfinished", "X", "O"]


@dataclass(frozen=True)
class GameFilter:
    """Which games to list; every field left at None matches everything.

    ``person`` and ``opponent`` are player keys (:func:`player_key`). ``result`` is
    seen from ``person``'s side ("win", "loss") or is a mark ("X", "O"); "draw" and
    "unfinished" need no side. ``since``/``until`` are ISO timestamps (UTC): games that
    started at or after ``since`` and before ``until``. ``text`` is looked for in the
    names, kinds, start time and moves (keypad digits on 3x3, cell names elsewhere).
    ``rules`` keeps the games of one rules (a :class:`Rules` or its key).
    """

    person: str | None = None
    opponent: str | None = None
    result: ResultFilter | None = None
    since: str | None = None
    until: str | None = None
    text: str | None = None
    rules: Rules | str | None = None

    def where(self, *, by_time: bool = False) -> tuple[str, list[Any]]:
        """The SQL condition and its parameters.

        ``by_time``: the query walks the games by start time (the history's default
        order); the player and result columns are then kept from their own indexes
        (SQLite's unary ``+``), so the walk reads the time-and-players index alone.
        """
        clauses: list[str] = []
        params: list[Any] = []
        plus = "+" if by_time else ""
        x_key, o_key, result = f"{plus}x_key", f"{plus}o_key", f"{plus}result"
        if self.rules is not None:
            clauses.append(f"{plus}rules = ?")
            params.append(Rules.parse(self.rules).key)
        if self.person and self.opponent:
            clauses.append(f"(({x_key} = ? AND {o_key} = ?) OR ({x_key} = ? AND {o_key} = ?))")
            params += [self.person, self.opponent, self.opponent, self.person]
        elif self.person or self.opponent:
            key = self.person or self.opponent
            clauses.append(f"({x_key} = ? OR {o_key} = ?)")
            params += [key, key]
        if self.result == "unfinished":
            clauses.append(f"{result} IS NULL")
        elif self.result in ("draw", "X", "O"):
            clauses.append(f"{result} = ?")
            params.append(self.result)
        elif self.result in ("win", "loss"):
            if not self.person:
                raise ValueError("a win or loss filter needs a person whose side it is")
            mine, theirs = ("X", "O") if self.result == "win" else ("O", "X")
            clauses.append(f"(({x_key} = ? AND {result} = ?) OR ({o_key} = ? AND {result} = ?))")
            params += [self.person, mine, self.person, theirs]
        elif self.result is not None:
            raise ValueError(f"unknown result filter {self.result!r}")
        if self.since:
            clauses.append("started_at >= ?")
            params.append(self.since)
        if self.until:
            clauses.append("started_at < ?")
            params.append(self.until)
        if self.text and self.text.strip():
            pattern = "%" + _escape_like(self.text.strip()) + "%"
            columns = ("x_name", "o_name", "x_kind", "o_kind", "started_at", "moves")
            clauses.append("(" + " OR ".join(f"{c} LIKE ? ESCAPE '\\'" for c in columns) + ")")
            params += [pattern] * len(columns)
        return (" AND ".join(clauses) or "1"), params


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


@dataclass(frozen=True)
class RatedPlayer:
    """A row of the leaderboard: who, and their rating."""

    key: str
    name: str
    kind: str
    rating: PlayerRating
    rules: Rules = TIC_TAC_TOE

    @property
    def is_human(self) -> bool:
        return self.key.startswith("human:")


@dataclass(frozen=True)
class PlayerName:
    """A player found in the library: key, shown name, kind, games played."""

    key: str
    name: str
    kind: str
    games: int


# The library --------------------------------------------------------------------------


class Library:
    """One game library file. Not thread-safe: use it from one thread (the GUI's)."""

    def __init__(self, path: str | os.PathLike[str], *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.path = Path(path)
        self._db = self._open(timeout)

    # Opening ----------------------------------------------------------------------

    def _open(self, timeout: float) -> sqlite3.Connection:
        path = self.path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise LibraryReadOnlyError(
                path, f"the folder for the game library can't be made: {error.strerror or error}"
            ) from None
        exists = os.path.lexists(path)
        if exists:
            self._check_file(path)
        elif not os.access(path.parent, os.W_OK):
            raise LibraryReadOnlyError(
                path, f"the game library can't be created: the folder {path.parent} is read-only"
            )
        try:
            db = sqlite3.connect(path, timeout=timeout, isolation_level=None)
        except sqlite3.Error as error:
            raise _translate(path, error) from None
        try:
            self._prepare(db)
        except (sqlite3.Error, UnicodeDecodeError) as error:
            db.close()
            raise _translate(path, error) from None
        except LibraryError:
            db.close()
            raise
        return db

    @staticmethod
    def _check_file(path: Path) -> None:
        if not path.is_file():
            raise LibraryCorruptError(path, f"the game library {path} is not a regular file")
        try:
            with path.open("rb") as stream:
                header = stream.read(len(SQLITE_HEADER))
        except OSError as error:
            raise LibraryReadOnlyError(
                path, f"the game library {path.name} can't be read: {error.strerror or error}"
            ) from None
        if header and header != SQLITE_HEADER:
            raise LibraryCorruptError(
                path, f"the game library {path.name} is damaged: it is not an SQLite database"
            )
        writable = os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)
        if not writable:
            raise LibraryReadOnlyError(
                path,
                f"the game library {path.name} is read-only (the file or its folder can't be "
                f"written), so games can't be remembered",
            )

    def _prepare(self, db: sqlite3.Connection) -> None:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > schema.SCHEMA_VERSION:
            raise LibraryNewerError(
                self.path,
                f"the game library {self.path.name} was written by a newer TTT Desktop "
                f"(schema {version}; this version knows up to {schema.SCHEMA_VERSION}); "
                f"it is left as it is",
            )
        # Before anything is written (WAL mode included): a file that is refused is
        # never changed.
        self._check_schema(db, version)
        mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise LibraryLockedError(
                self.path, f"the game library {self.path.name} could not be switched to WAL mode"
            )
        db.execute("PRAGMA synchronous = FULL")
        # SQLite's page cache is 2 MB by default and fills as the file grows (a long session
        # of stored games); pages beyond it are read from the system's file cache.
        db.execute(f"PRAGMA cache_size = -{PAGE_CACHE_KIB}")
        # Foreign keys off while migrating: a table copied into a new one (version 6)
        # keeps its row ids, so nothing points nowhere afterwards.
        self._migrate(db)
        db.execute("PRAGMA foreign_keys = ON")
        # Reads the schema: a damaged file usually shows itself here.
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()

    def _check_schema(self, db: sqlite3.Connection, version: int) -> None:
        """Refuse another program's SQLite file (reads only)."""
        tables = {
            row[0]
            for row in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        }
        if version == 0:
            ours = not tables
        else:
            columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
            ours = {"game_id", "record", "started_at", "moves"} <= columns
        if not ours:
            listed = ", ".join(sorted(tables)[:5]) or "none"
            raise LibraryCorruptError(
                self.path,
                f"the game library {self.path.name} is not a TTT Desktop game library: it is "
                f"another program's SQLite database (tables: {listed}); it is left as it is",
            )

    def _migrate(self, db: sqlite3.Connection) -> None:
        while True:
            db.execute("BEGIN IMMEDIATE")
            try:
                # Read inside the write lock: another process may have migrated meanwhile.
                version = db.execute("PRAGMA user_version").fetchone()[0]
                if version >= schema.SCHEMA_VERSION:
                    db.execute("COMMIT")
                    if version > schema.SCHEMA_VERSION:
                        raise LibraryNewerError(
                            self.path,
                            f"the game library {self.path.name} was written by a newer "
                            f"TTT Desktop; it is left as it is",
                        )
                    return
                schema.MIGRATIONS[version](db)
                db.execute(f"PRAGMA user_version = {version + 1}")
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

    def close(self) -> None:
        """Close the connection (the library can't be used afterwards)."""
        self._db.close()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    # Writing ----------------------------------------------------------------------

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        db = self._db
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
        except (sqlite3.Error, UnicodeDecodeError) as error:
            raise _translate(self.path, error) from None

    @contextlib.contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        try:
            yield self._db
        except (sqlite3.Error, UnicodeDecodeError) as error:
            raise _translate(self.path, error) from None

    def store(
        self,
        record: GameRecord,
        *,
        game_id: str | None = None,
        source: str = "window",
        event: int | None = None,
    ) -> StoreOutcome:
        """Store one game in its own transaction; see :meth:`store_many`."""
        return self.store_many(
            [record], game_ids=None if game_id is None else [game_id], source=source, event=event
        )[0]

    def store_many(
        self,
        records: Sequence[GameRecord],
        *,
        game_ids: Sequence[str] | None = None,
        source: str = "window",
        event: int | None = None,
        replace: bool = True,
    ) -> list[StoreOutcome]:
        """Store games in one transaction: all of them or (on an error) none.

        A game already stored (same id) is left alone when nothing changed or when
        ``replace`` is False (imports), and is updated otherwise: an unfinished game
        that went on, or ended, keeps one row. Finished games update the ratings.
        """
        if game_ids is not None and len(game_ids) != len(records):
            raise ValueError("one game id per record, or none")
        outcomes: list[StoreOutcome] = []
        with self._write() as db:
            stored_at = utc_now()
            for index, record in enumerate(records):
                gid = game_ids[index] if game_ids is not None else game_id_of(record)
                outcomes.append(
                    self._store_one(
                        db,
                        record,
                        gid,
                        source=source,
                        event=event,
                        stored_at=stored_at,
                        replace=replace,
                    )
                )
        return outcomes

    def _store_one(
        self,
        db: sqlite3.Connection,
        record: GameRecord,
        gid: str,
        *,
        source: str,
        event: int | None,
        stored_at: str,
        replace: bool,
    ) -> StoreOutcome:
        text = _record_text(record)
        old = db.execute(
            "SELECT id, record, result FROM games WHERE game_id = ?", (gid,)
        ).fetchone()
        if old is not None and (old[1] == text or not replace):
            return StoreOutcome.DUPLICATE
        x, o = record.x, record.o
        x_key, o_key = player_key(x), player_key(o)
        values = (
            record.started_at,
            record.finished_at,
            stored_at,
            x_key,
            x.kind,
            x.name,
            x.seed,
            o_key,
            o.kind,
            o.name,
            o.seed,
            record.first.value,
            record.result,
            record.ply,
            moves_text(record),
            source,
            text,
            event,
            record.rules.key,
        )
        if old is None:
            cursor = db.execute(
                "INSERT INTO games (game_id, started_at, finished_at, stored_at, x_key, x_kind, "
                "x_name, x_seed, o_key, o_kind, o_name, o_seed, first, result, length, moves, "
                "source, record, event_id, rules) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (gid, *values),
            )
            row_id = int(cursor.lastrowid or 0)
            outcome = StoreOutcome.ADDED
        else:
            row_id = int(old[0])
            db.execute(
                "UPDATE games SET started_at=?, finished_at=?, stored_at=?, x_key=?, x_kind=?, "
                "x_name=?, x_seed=?, o_key=?, o_kind=?, o_name=?, o_seed=?, first=?, result=?, "
                "length=?, moves=?, source=?, record=?, event_id=ifnull(?, event_id), rules=? "
                "WHERE id=?",
                (*values, row_id),
            )
            outcome = StoreOutcome.UPDATED
        old_result = None if old is None else old[2]
        rerated = False
        if old_result is not None:
            # A rated game changed (an undo after the end): its old result goes first.
            rerated = unrate_game(db, row_id)
        if record.result is not None and not rerated:
            rate_game(
                db,
                row_id,
                (x_key, x.name, x.kind),
                (o_key, o.name, o.kind),
                record.result,
                rules=record.rules.key,
            )
        return outcome

    def add_event(self, kind: str, name: str, settings: Mapping[str, Any] | None = None) -> int:
        """Record a match or tournament; returns its id for :meth:`store_many`'s ``event``."""
        with self._write() as db:
            cursor = db.execute(
                "INSERT INTO events (kind, name, created_at, settings) VALUES (?,?,?,?)",
                (kind, name, utc_now(), json.dumps(dict(settings or {}), sort_keys=True)),
            )
            return int(cursor.lastrowid or 0)

    def rename_person(self, old_name: str, new_name: str) -> int:
        """Call the person ``old_name`` ``new_name`` in every stored game; how many games.

        One transaction: the games' columns and full records, the person's rating and
        the rating kept before their latest game all follow, so their page, the
        leaderboard and the session score show the new name with the same numbers.
        A person is known by name: when ``new_name`` already has stored games (someone
        removed from the window keeps theirs), the two become one player and the ratings
        are computed again from every game.
        """
        old_key = f"human:{old_name}"
        new_key = f"human:{new_name}"
        if old_key == new_key:
            return 0
        with self._write() as db:
            rows = db.execute(
                "SELECT id, record FROM games WHERE x_key = ? OR o_key = ?", (old_key, old_key)
            ).fetchall()
            joined = db.execute(
                "SELECT 1 FROM games WHERE x_key = ? OR o_key = ? LIMIT 1", (new_key, new_key)
            ).fetchone()
            for row_id, text in rows:
                record = renamed_person(record_from_json(text), old_name, new_name)
                # Every expression of an UPDATE reads the row as it was.
                db.execute(
                    "UPDATE games SET record = :record, "
                    "x_name = CASE WHEN x_key = :old THEN :name ELSE x_name END, "
                    "o_name = CASE WHEN o_key = :old THEN :name ELSE o_name END, "
                    "x_key = CASE WHEN x_key = :old THEN :new ELSE x_key END, "
                    "o_key = CASE WHEN o_key = :old THEN :new ELSE o_key END "
                    "WHERE id = :id",
                    {
                        "record": _record_text(record),
                        "old": old_key,
                        "name": new_name,
                        "new": new_key,
                        "id": row_id,
                    },
                )
            if joined is not None:
                rebuild_ratings(db)
            else:
                rename_rating(db, old_key, new_key, new_name)
        return len(rows)

    def delete(self, ids: Iterable[int]) -> int:
        """Remove games by row id (one transaction); ratings are recomputed. How many went."""
        wanted = list(ids)
        with self._write() as db:
            removed = 0
            for start in range(0, len(wanted), 500):
                chunk = wanted[start : start + 500]
                marks = ",".join("?" * len(chunk))
                removed += db.execute(f"DELETE FROM games WHERE id IN ({marks})", chunk).rowcount
            rebuild_ratings(db)
        return removed

    # Reading ----------------------------------------------------------------------

    def count(self, where: GameFilter | None = None) -> int:
        """How many games match."""
        condition, params = (where or GameFilter()).where()
        with self._read() as db:
            return int(
                db.execute(f"SELECT count(*) FROM games WHERE {condition}", params).fetchone()[0]
            )

    def page(
        self,
        where: GameFilter | None = None,
        *,
        sort: str = "date",
        descending: bool = True,
        after: GameRow | None = None,
        limit: int = 256,
    ) -> list[GameRow]:
        """Up to ``limit`` games in order, starting after the row ``after`` (keyset paging).

        Each page is one indexed range scan, however deep into the list it is, so a
        view can fetch pages as it scrolls without slowing down.
        """
        if sort not in SORT_KEYS:
            raise ValueError(f"sort is one of {', '.join(SORT_KEYS)}, not {sort!r}")
        expression = SORT_KEYS[sort]
        condition, params = (where or GameFilter()).where(by_time=sort == "date")
        if after is not None:
            compare = "<" if descending else ">"
            condition += f" AND ({expression}, id) {compare} (?, ?)"
            params = [*params, _sort_value(after, sort), after.id]
        direction = "DESC" if descending else "ASC"
        sql = (
            f"SELECT {_ROW_COLUMNS} FROM games WHERE {condition} "
            f"ORDER BY {expression} {direction}, id {direction} LIMIT ?"
        )
        with self._read() as db:
            return [GameRow(*row) for row in db.execute(sql, [*params, limit])]

    def rows(self, where: GameFilter | None = None, *, oldest_first: bool = True) -> list[GameRow]:
        """Every matching game, by start time."""
        condition, params = (where or GameFilter()).where()
        direction = "ASC" if oldest_first else "DESC"
        with self._read() as db:
            return [
                GameRow(*row)
                for row in db.execute(
                    f"SELECT {_ROW_COLUMNS} FROM games WHERE {condition} "
                    f"ORDER BY started_at {direction}, id {direction}",
                    params,
                )
            ]

    def player_games(self, key: str, rules: Rules | str | None = None) -> list[tuple[Any, ...]]:
        """Player ``key``'s games oldest first (of one rules, or all), as plain tuples for
        summing up: id, X key, O key, X name, O name, first, result, first move (the cell's
        name: a keypad digit on 3x3, "h8" elsewhere), start time, rules (its key)."""
        condition, params = GameFilter(person=key, rules=rules).where(by_time=True)
        with self._read() as db:
            return db.execute(
                "SELECT id, x_key, o_key, x_name, o_name, first, result, "
                "CASE WHEN rules = '3,3,3' THEN substr(moves, 1, 1) "
                "ELSE substr(moves, 1, instr(moves || ' ', ' ') - 1) END, "
                f"started_at, rules FROM games WHERE {condition} "
                "ORDER BY started_at, id",
                params,
            ).fetchall()

    def row(self, row_id: int) -> GameRow | None:
        """One game's row by id."""
        with self._read() as db:
            found = db.execute(
                f"SELECT {_ROW_COLUMNS} FROM games WHERE id = ?", (row_id,)
            ).fetchone()
        return None if found is None else GameRow(*found)

    def record(self, row_id: int) -> GameRecord:
        """The full record of a stored game (``KeyError`` when there is none)."""
        with self._read() as db:
            found = db.execute("SELECT record FROM games WHERE id = ?", (row_id,)).fetchone()
        if found is None:
            raise KeyError(row_id)
        try:
            return record_from_json(found[0])
        except ValueError as error:
            raise LibraryCorruptError(
                self.path, f"a game stored in {self.path.name} can't be read: {error}"
            ) from None

    def record_texts(self, row_ids: Iterable[int]) -> Iterator[tuple[int, str]]:
        """``(id, JSON)`` of stored games, in the order asked for (missing ones skipped)."""
        with self._read() as db:
            for row_id in row_ids:
                found = db.execute("SELECT record FROM games WHERE id = ?", (row_id,)).fetchone()
                if found is not None:
                    yield row_id, found[0]

    def has_game(self, game_id: str) -> bool:
        """True when a game with this id is stored."""
        with self._read() as db:
            return (
                db.execute("SELECT 1 FROM games WHERE game_id = ?", (game_id,)).fetchone()
                is not None
            )

    def game_ids(self) -> set[str]:
        """Every stored game's id."""
        with self._read() as db:
            return {row[0] for row in db.execute("SELECT game_id FROM games")}

    def _damaged(self, what: str) -> LibraryCorruptError:
        return LibraryCorruptError(
            self.path, f"the game library {self.path.name} is damaged ({what})"
        )

    def players(self, rules: Rules | str | None = None) -> list[PlayerName]:
        """Everybody who played a stored game (of ``rules``, or any), people first, then
        by name."""
        where, params = _rules_clause(rules)
        sql = (
            "SELECT key, name, kind, count(*) FROM ("
            f" SELECT x_key AS key, x_name AS name, x_kind AS kind FROM games{where}"
            f" UNION ALL SELECT o_key, o_name, o_kind FROM games{where}) GROUP BY key"
        )
        with self._read() as db:
            found = [PlayerName(*row) for row in db.execute(sql, params * 2)]
        if not all(isinstance(p.name, str) and isinstance(p.key, str) for p in found):
            raise self._damaged("a stored player's name is not text")
        return sorted(found, key=lambda p: (p.kind != "human", p.name.casefold(), p.key))

    def rules_present(self) -> list[Rules]:
        """The rules of the stored games, tic-tac-toe first, then by board size."""
        with self._read() as db:
            keys = [row[0] for row in db.execute("SELECT DISTINCT rules FROM games")]
        found = []
        for key in keys:
            try:
                found.append(Rules.parse(key))
            except ValueError:
                continue  # written by a newer version that knows rules this one doesn't
        return sorted(found, key=lambda r: (not r.is_classic, r.m * r.n, r.m, r.k, r.exact))

    def ratings(self, rules: Rules | str | None = None) -> list[RatedPlayer]:
        """Every rated player (for ``rules``, or one row per player and rules), best first.

        Best is the higher displayed rating (what people read); the error bar breaks ties,
        the smaller first.
        """
        where, params = _rules_clause(rules)
        with self._read() as db:
            rows = db.execute(
                "SELECT rules, player_key, name, kind, mu, sigma, games, wins, draws, losses "
                f"FROM ratings{where}",
                params,
            ).fetchall()
        rated = [
            RatedPlayer(
                key,
                name,
                kind,
                PlayerRating(key, mu, sigma, games, wins, draws, losses),
                _rules_or_classic(rules_key),
            )
            for rules_key, key, name, kind, mu, sigma, games, wins, draws, losses in rows
        ]
        return sorted(rated, key=lambda p: (-p.rating.rating, p.rating.sigma, p.key, p.rules.key))

    def rating(self, key: str, rules: Rules | str = TIC_TAC_TOE) -> PlayerRating | None:
        """One player's rating at ``rules``, None before their first finished game there."""
        with self._read() as db:
            row = db.execute(
                "SELECT player_key, mu, sigma, games, wins, draws, losses FROM ratings "
                "WHERE rules = ? AND player_key = ?",
                (Rules.parse(rules).key, key),
            ).fetchone()
        return None if row is None else PlayerRating(*row)

    def tallies(self, since: str) -> list[tuple[str, str, str | None]]:
        """Finished games that started at or after ``since``: (X name, O name, winner name)."""
        with self._read() as db:
            rows = db.execute(
                "SELECT x_name, o_name, result FROM games WHERE result IS NOT NULL "
                "AND started_at >= ? ORDER BY id",
                (since,),
            ).fetchall()
        return [(x, o, {"X": x, "O": o}.get(result)) for x, o, result in rows]

    def is_stored_finished(self, game_id: str, since: str) -> bool:
        """Whether the game ``game_id`` is stored as finished, stored at or after ``since``."""
        with self._read() as db:
            row = db.execute(
                "SELECT 1 FROM games WHERE game_id = ? AND result IS NOT NULL AND stored_at >= ?",
                (game_id, since),
            ).fetchone()
        return row is not None

    def tally_counts(
        self, since: str, carried_over: Collection[str] = ()
    ) -> list[tuple[str, str, str | None, int]]:
        """:meth:`tallies` counted by SQLite: (X name, O name, winner name, games), one row
        per pairing as seated and result, in the order of each row's first game.

        The finished games started at or after ``since``, and those of ``carried_over``
        (game ids) whenever they started: a game begun before ``since`` and finished after
        it (the game in hand at the last quit, resumed at the start).

        As long as the pairings, not the games: the session score read every game of the
        session at each game's end, a list 10,000 games long in a long evening.
        """
        carried = sorted(set(carried_over))
        also = f" OR game_id IN ({', '.join('?' * len(carried))})" if carried else ""
        with self._read() as db:
            rows = db.execute(
                "SELECT x_name, o_name, result, count(*), min(id) AS first FROM games "
                f"WHERE result IS NOT NULL AND (started_at >= ?{also}) "
                "GROUP BY x_name, o_name, result ORDER BY first",
                (since, *carried),
            ).fetchall()
        return [(x, o, {"X": x, "O": o}.get(result), games) for x, o, result, games, _ in rows]

    def integrity_check(self) -> str:
        """SQLite's ``PRAGMA integrity_check``: ``"ok"`` for a sound file."""
        with self._read() as db:
            return "\n".join(row[0] for row in db.execute("PRAGMA integrity_check"))


def _rules_clause(rules: Rules | str | None) -> tuple[str, list[str]]:
    if rules is None:
        return "", []
    return " WHERE rules = ?", [Rules.parse(rules).key]


def _rules_or_classic(key: str) -> Rules:
    try:
        return Rules.parse(key)
    except ValueError:
        return TIC_TAC_TOE


def _sort_value(row: GameRow, sort: str) -> object:
    return {
        "date": row.started_at,
        "x": row.x_name,
        "o": row.o_name,
        "first": row.first,
        "result": row.result or "",
        "length": row.length,
        "rules": row.rules,
    }[sort]
