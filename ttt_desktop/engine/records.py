"""Game records: who played, who started, the moves, and how to save and share them.

A :class:`GameRecord` is an immutable value, like a :class:`Board`: adding a move
returns a new record, and every board of the game is derived from the moves, so a
record can never disagree with itself. Records are written as versioned JSON
(``"format": "ttt-desktop-game"``, ``"version": 2``) for files, and as a short text
(a header plus the moves as keypad digits) for the clipboard. Reading either form
raises ``ValueError`` with a message a person can act on, whatever the input.

Format version 2 adds what a coached game remembers: a stable ``game_id`` (uuid4
hex, made with the game, kept on save and load, so a game stored twice is known
as one), the moves taken back (:class:`UndoEvent`) and the hints asked for
(:class:`HintUse`). Version-1 files still open: they get no undos or hints and a
``game_id`` derived from their content, the same every time they are read.

Nothing here imports Qt.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import math
import os
import re
import stat
import tempfile
import time
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from ttt_desktop.engine.board import Board, Mark
from ttt_desktop.engine.cells import Cell, cell_from_keypad, keypad_label
from ttt_desktop.engine.rules import MAX_SIDE, TIC_TAC_TOE, Rules

MAX_CELLS: Final = MAX_SIDE * MAX_SIDE

FORMAT_NAME: Final = "ttt-desktop-game"
FORMAT_VERSION: Final = 2
# Version-1 files get a game id derived from their content in this namespace.
_V1_ID_NAMESPACE: Final = uuid.UUID("6f0c3f4e-8d0b-4c55-9a51-7b1f6c2f1e01")
_GAME_ID_PATTERN: Final = re.compile(r"[0-9a-f]{32}")
TEXT_TITLE: Final = "TTT Desktop game"
HUMAN: Final = "human"
_KIND_PATTERN: Final = re.compile(r"[\w.-]{1,64}")
# A game file is a few hundred bytes; anything far bigger is not one of ours.
MAX_FILE_BYTES: Final = 1_000_000
# The longest player name, in characters after tidying: typed names are held to it
# too (the window's name field), so a file can't bring in a name nobody could type.
# Long enough for "Bartholomew Fitzgerald-Worthington the Third"; the header elides the rest.
MAX_NAME_LENGTH: Final = 60
# How old a leftover temporary file of an interrupted save must be before it is
# removed: a save in progress (another window, another process) takes milliseconds.
STALE_TEMPORARY_SECONDS: Final = 600.0


def utc_now() -> str:
    """The current time as ISO 8601 UTC with milliseconds, e.g. ``2026-01-01T23:24:05.123Z``."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def new_game_id() -> str:
    """A fresh game id: 32 lowercase hex digits (a random uuid4)."""
    return uuid.uuid4().hex


def _check_game_id(value: object) -> str:
    if not isinstance(value, str) or not _GAME_ID_PATTERN.fullmatch(value):
        raise ValueError(f"a game id is 32 lowercase hex digits, not {_short(value)}")
    return value


def _check_timestamp(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{what} must be an ISO 8601 timestamp string, not {value!r}")
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{what} {_short(value)} is not an ISO 8601 timestamp") from None
    if any(ch.isspace() for ch in value):
        raise ValueError(f"{what} {_short(value)} must use 'T' between date and time, no spaces")
    return value


def _instant(timestamp: str) -> datetime:
    # A checked timestamp as an aware time; one without a zone is taken as UTC.
    moment = datetime.fromisoformat(timestamp)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _finish_time(started_at: str) -> str:
    # Now, but never before the start: a game may have been started on a machine
    # whose clock ran ahead, and a record's finish can't come before its start.
    now = utc_now()
    return started_at if _instant(now) < _instant(started_at) else now


def _tidy_name(name: object, what: str) -> str:
    if not isinstance(name, str):
        raise ValueError(f"{what} must be a string, not {name!r}")
    # One line, single spaces: names travel through the one-line text header.
    tidy = " ".join("".join(ch if ch.isprintable() else " " for ch in name).split())
    if not tidy:
        raise ValueError(f"{what} must not be empty")
    if len(tidy) > MAX_NAME_LENGTH:
        raise ValueError(
            f"{what} may be at most {MAX_NAME_LENGTH} characters long, "
            f"but {_short(tidy)} has {len(tidy)}"
        )
    return tidy


@dataclass(frozen=True)
class PlayerEntry:
    """Who sat at a mark: a kind (``"human"`` or an AI kind id), a display name, an AI seed.

    The name is tidied to one line with single spaces; an empty name or kind, or a
    name longer than :data:`MAX_NAME_LENGTH` characters, is an error.
    """

    kind: str
    name: str
    seed: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or not _KIND_PATTERN.fullmatch(self.kind):
            raise ValueError(
                f"a player's kind is a short id of letters, digits, '_', '.' or '-', "
                f"not {_short(self.kind)}"
            )
        object.__setattr__(self, "name", _tidy_name(self.name, "a player's name"))
        if self.seed is not None and type(self.seed) is not int:
            raise ValueError(f"a player's seed must be a whole number or absent, not {self.seed!r}")

    @property
    def is_human(self) -> bool:
        """True when a person made this player's moves."""
        return self.kind == HUMAN

    def describe(self) -> str:
        """``"Alice (human)"`` or ``"Perfect (perfect, seed 7)"``."""
        details = self.kind if self.seed is None else f"{self.kind}, seed {self.seed}"
        return f"{self.name} ({details})"


def _moves_tuple(moves: Iterable[Cell], what: str) -> tuple[Cell, ...]:
    values = tuple(moves)
    for cell in values:
        # Cells of any board are ints from 0; each board checks its own upper limit.
        if not (type(cell) is int and 0 <= cell < MAX_CELLS):
            raise ValueError(f"{what} must be cells 0-{MAX_CELLS - 1}, but one is {cell!r}")
    return values


@dataclass(frozen=True)
class BranchPoint:
    """Where a "play on from here" game left its parent.

    ``parent_started_at`` identifies the parent game, ``ply`` is how many of the
    parent's moves were kept, and ``parent_moves`` are all the parent's moves.
    """

    parent_started_at: str
    ply: int
    parent_moves: tuple[int, ...]

    def __post_init__(self) -> None:
        _check_timestamp(self.parent_started_at, "the parent game's start time")
        object.__setattr__(
            self, "parent_moves", _moves_tuple(self.parent_moves, "the parent game's moves")
        )
        if type(self.ply) is not int or not 0 <= self.ply <= len(self.parent_moves):
            raise ValueError(
                f"a branch ply must be 0-{len(self.parent_moves)} "
                f"(the parent's move count), not {self.ply!r}"
            )


@dataclass(frozen=True)
class UndoEvent:
    """Moves taken back: the game's moves just before, how many went, and who asked.

    ``moves_before`` are all the moves on the board when the undo was asked for;
    the last ``count`` of them were taken back. ``by`` is the mark that moves next,
    the player the undo gave a turn back to.
    """

    moves_before: tuple[int, ...]
    count: int
    by: Mark

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "moves_before", _moves_tuple(self.moves_before, "the moves before an undo")
        )
        if type(self.count) is not int or not 1 <= self.count <= len(self.moves_before):
            raise ValueError(
                f"an undo takes back 1-{len(self.moves_before)} moves "
                f"(the moves there were), not {self.count!r}"
            )
        try:
            object.__setattr__(self, "by", Mark(self.by))
        except ValueError:
            raise ValueError(f"an undo is asked for by 'X' or 'O', not {self.by!r}") from None

    @property
    def ply(self) -> int:
        """How many moves were left on the board after the undo."""
        return len(self.moves_before) - self.count

    @property
    def taken_back(self) -> tuple[int, ...]:
        """The cells taken back, in the order they had been played."""
        return self.moves_before[self.ply :]


@dataclass(frozen=True)
class HintUse:
    """A hint asked for at the position after ``ply`` moves, by the mark then to move."""

    ply: int
    mark: Mark

    def __post_init__(self) -> None:
        if type(self.ply) is not int or not 0 <= self.ply <= 8:
            raise ValueError(f"a hint is asked for after 0-8 moves, not {self.ply!r}")
        try:
            object.__setattr__(self, "mark", Mark(self.mark))
        except ValueError:
            raise ValueError(f"a hint is asked for by 'X' or 'O', not {self.mark!r}") from None


@dataclass(frozen=True)
class GameRecord:
    """One game, finished or running: players, who moved first, moves, think times, timestamps.

    Constructing a record checks it: the moves must be legal in order from the empty
    board with ``first`` to move, and there is one think time per move (an empty
    ``move_seconds`` means zero for every move). It must also agree with itself: a
    finished game has a finish time and a running one has none, the finish is not
    before the start, and a branch's parent moves are a legal game whose kept moves
    are this game's first moves. Boards and the result are derived.

    >>> record = GameRecord(PlayerEntry("human", "Ann"), PlayerEntry("human", "Bob"), Mark.X)
    >>> record = record.with_move(4).with_move(0)
    >>> record.board_at(1).to_string(), record.result
    ('....X....', None)
    """

    x: PlayerEntry
    o: PlayerEntry
    first: Mark
    moves: tuple[int, ...] = ()
    move_seconds: tuple[float, ...] = ()
    started_at: str = field(default_factory=utc_now)
    finished_at: str | None = None
    branched_from: BranchPoint | None = None
    game_id: str = field(default_factory=new_game_id)
    undos: tuple[UndoEvent, ...] = ()
    hints: tuple[HintUse, ...] = ()
    rules: Rules = TIC_TAC_TOE

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            object.__setattr__(self, "rules", Rules.parse(self.rules))
        if not isinstance(self.x, PlayerEntry) or not isinstance(self.o, PlayerEntry):
            raise ValueError("both players must be PlayerEntry values")
        try:
            object.__setattr__(self, "first", Mark(self.first))
        except ValueError:
            raise ValueError(f"the first player is 'X' or 'O', not {self.first!r}") from None
        moves = _moves_tuple(self.moves, "moves")
        object.__setattr__(self, "moves", moves)
        seconds = tuple(self.move_seconds)
        if not seconds and moves:
            seconds = (0.0,) * len(moves)
        if len(seconds) != len(moves):
            raise ValueError(
                f"there must be one think time per move: {len(moves)} moves, "
                f"{len(seconds)} think times"
            )
        object.__setattr__(self, "move_seconds", tuple(_check_seconds(s) for s in seconds))
        _check_timestamp(self.started_at, "the start time")
        if self.finished_at is not None:
            _check_timestamp(self.finished_at, "the finish time")
        if self.branched_from is not None and not isinstance(self.branched_from, BranchPoint):
            raise ValueError("branched_from must be a BranchPoint or None")
        _check_game_id(self.game_id)
        object.__setattr__(self, "undos", tuple(self.undos))
        object.__setattr__(self, "hints", tuple(self.hints))
        start = Board.empty(self.first, self.rules)
        for undo in self.undos:
            if not isinstance(undo, UndoEvent):
                raise ValueError("undos must be UndoEvent values")
            # The moves before an undo were a real game; the mark given the turn is the mover.
            start.play_all(undo.moves_before)
            if undo.by is not self.mark_at(undo.ply):
                raise ValueError(
                    f"an undo back to move {undo.ply} gives the turn to {self.mark_at(undo.ply)}, "
                    f"not {undo.by}"
                )
        for hint in self.hints:
            if not isinstance(hint, HintUse):
                raise ValueError("hints must be HintUse values")
            if hint.mark is not self.mark_at(hint.ply):
                raise ValueError(
                    f"after {hint.ply} moves it is {self.mark_at(hint.ply)}'s turn, "
                    f"so {hint.mark} can't have asked for that hint"
                )
        # Raises the IllegalMoveError family for a move the rules forbid.
        final = start.play_all(moves)
        self._check_finish(final.is_over)
        if self.branched_from is not None:
            self._check_branch(self.branched_from)

    def _check_finish(self, over: bool) -> None:
        if over and self.finished_at is None:
            raise ValueError("the game has ended, but it has no finish time")
        if not over and self.finished_at is not None:
            raise ValueError(
                f"the game has not ended, but it has a finish time ({_short(self.finished_at)})"
            )
        if self.finished_at is not None and _instant(self.finished_at) < _instant(self.started_at):
            raise ValueError(
                f"the finish time {self.finished_at} is before the start time {self.started_at}"
            )

    def _check_branch(self, branch: BranchPoint) -> None:
        # The parent was played with the same first mark: its kept moves open this game.
        try:
            Board.empty(self.first, self.rules).play_all(branch.parent_moves)
        except ValueError as error:
            raise ValueError(
                f"the branch point's parent moves {list(branch.parent_moves)} "
                f"are not a legal game ({error})"
            ) from None
        kept = branch.parent_moves[: branch.ply]
        # As far as this game goes: moves taken back may leave it shorter than the kept part.
        if self.moves[: branch.ply] != kept[: len(self.moves)]:
            raise ValueError(
                f"the branch point keeps the parent's first {branch.ply} moves {list(kept)}, "
                f"but this game starts {list(self.moves[: branch.ply])}"
            )

    # Derived ------------------------------------------------------------------

    def board_at(self, ply: int) -> Board:
        """The board after the first ``ply`` moves (0 is the empty board)."""
        if type(ply) is not int or not 0 <= ply <= len(self.moves):
            raise ValueError(f"ply must be 0-{len(self.moves)}, not {ply!r}")
        # Boards are interned and memoise their children, so this is a few lookups.
        return Board.empty(self.first, self.rules).play_all(self.moves[:ply])

    @property
    def ply(self) -> int:
        """How many moves have been played."""
        return len(self.moves)

    @property
    def final_board(self) -> Board:
        """The board after every recorded move."""
        return self.board_at(len(self.moves))

    @property
    def result(self) -> str | None:
        """``"X"`` or ``"O"`` for a win, ``"draw"``, or None while the game is running."""
        board = self.final_board
        if board.winner is not None:
            return board.winner.value
        return "draw" if board.is_over else None

    @property
    def is_finished(self) -> bool:
        """True once the game has a result."""
        return self.final_board.is_over

    def player(self, mark: Mark) -> PlayerEntry:
        """The player holding ``mark``."""
        return self.x if Mark(mark) is Mark.X else self.o

    def mark_at(self, ply_index: int) -> Mark:
        """The mark that made move number ``ply_index`` (0-based)."""
        return self.first if ply_index % 2 == 0 else self.first.opponent

    # New records --------------------------------------------------------------

    def with_move(self, cell: int, seconds: float = 0.0) -> GameRecord:
        """This record plus one move thought about for ``seconds`` (kept to the millisecond).

        Sets ``finished_at`` when the move ends the game.

        Raises :class:`~ttt_desktop.engine.IllegalMoveError` (a ``ValueError``) for an
        illegal move.
        """
        board = self.final_board.play(cell)
        return dataclasses.replace(
            self,
            moves=(*self.moves, cell),
            # Milliseconds are plenty for a think time, and keep files and texts short.
            move_seconds=(*self.move_seconds, round(_check_seconds(seconds), 3)),
            finished_at=_finish_time(self.started_at) if board.is_over else None,
        )

    def with_undo(self, count: int) -> GameRecord:
        """This record with its last ``count`` moves taken back, and the undo noted.

        The game reopens if it had ended. Raises ``ValueError`` for a count that is
        not 1 to the number of moves.
        """
        event = UndoEvent(self.moves, count, self.mark_at(self.ply - count))
        return dataclasses.replace(
            self,
            moves=self.moves[: event.ply],
            move_seconds=self.move_seconds[: event.ply],
            finished_at=None,
            undos=(*self.undos, event),
        )

    def with_hint(self) -> GameRecord:
        """This record with a hint noted for the side to move; ``ValueError`` once it has ended."""
        if self.is_finished:
            raise ValueError("the game is over: there is nothing to hint")
        return dataclasses.replace(
            self, hints=(*self.hints, HintUse(self.ply, self.mark_at(self.ply)))
        )

    def moves_taken_back(self, mark: Mark) -> int:
        """How many of ``mark``'s own moves its player took back."""
        mark = Mark(mark)
        return sum(
            1
            for undo in self.undos
            if undo.by is mark
            for index in range(undo.ply, len(undo.moves_before))
            if self.mark_at(index) is mark
        )

    def hints_used(self, mark: Mark) -> int:
        """How many hints ``mark``'s player asked for."""
        mark = Mark(mark)
        return sum(1 for hint in self.hints if hint.mark is mark)

    def truncated(self, ply: int) -> GameRecord:
        """The record of the first ``ply`` moves; unfinished unless those moves end the game."""
        board = self.board_at(ply)
        return dataclasses.replace(
            self,
            moves=self.moves[:ply],
            move_seconds=self.move_seconds[:ply],
            finished_at=self.finished_at if board.is_over else None,
        )

    def branched_at(
        self, ply: int, *, x: PlayerEntry | None = None, o: PlayerEntry | None = None
    ) -> GameRecord:
        """A new game continuing this one from ``ply`` ("play on from here").

        It keeps the first ``ply`` moves, may seat other players, gets a fresh start
        time and game id, notes in ``branched_from`` where it left this game, and
        starts with no undos or hints of its own.
        """
        kept = self.truncated(ply)
        started_at = utc_now()
        return dataclasses.replace(
            kept,
            x=x if x is not None else self.x,
            o=o if o is not None else self.o,
            started_at=started_at,
            finished_at=kept.finished_at and started_at,
            branched_from=BranchPoint(self.started_at, ply, self.moves),
            game_id=new_game_id(),
            undos=(),
            hints=(),
        )

    # JSON ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready dictionary :meth:`to_json` writes."""
        data = self._version_1_dict()
        data["version"] = FORMAT_VERSION
        data["game_id"] = self.game_id
        data["undos"] = [
            {"moves_before": list(undo.moves_before), "count": undo.count, "by": undo.by.value}
            for undo in self.undos
        ]
        data["hints"] = [{"ply": hint.ply, "mark": hint.mark.value} for hint in self.hints]
        return data

    def _version_1_dict(self) -> dict[str, Any]:
        branch = self.branched_from
        return {
            "format": FORMAT_NAME,
            "version": 1,
            "players": {"X": _player_dict(self.x), "O": _player_dict(self.o)},
            "first": self.first.value,
            "moves": list(self.moves),
            "move_seconds": list(self.move_seconds),
            "result": self.result,
            "started_at": self.started_at,
            "finished_at": self.finished_at,
            "branched_from": None
            if branch is None
            else {
                "parent_started_at": branch.parent_started_at,
                "ply": branch.ply,
                "parent_moves": list(branch.parent_moves),
            },
        }

    def to_json(self) -> str:
        """The versioned JSON form (UTF-8 safe, pretty-printed, newline at the end)."""
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read :meth:`to_json`'s form.

        Raises ``ValueError`` with a clear message for malformed or truncated JSON, a
        file of another program, a newer format version, or an impossible game.
        """
        if isinstance(text, bytes | bytearray):
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError:
                raise ValueError("not a game file: the contents are not UTF-8 text") from None
        if not isinstance(text, str):
            raise ValueError(f"a game record is JSON text, not {type(text).__name__}")
        try:
            data = json.loads(text, parse_constant=_reject_constant)
        except RecursionError:
            raise ValueError("not a game file: the JSON is nested too deeply") from None
        except ValueError as error:
            if not text.strip():
                raise ValueError("not a game file: it is empty") from None
            raise ValueError(
                f"not a game file: the JSON is malformed or cut short ({error})"
            ) from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Build a record from :meth:`to_dict`'s form, checking everything (``ValueError``)."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT_NAME:
            raise ValueError(
                f'not a TTT Desktop game file (it lacks the "format": "{FORMAT_NAME}" marker)'
            )
        version = data.get("version")
        if type(version) is not int:
            raise ValueError(
                f"the game file's format version must be a whole number, not {version!r}"
            )
        if version > FORMAT_VERSION:
            raise ValueError(
                f"the game file uses format version {version}, written by a newer TTT Desktop; "
                f"this version reads format version {FORMAT_VERSION}"
            )
        if version < 1:
            raise ValueError(f"the game file's format version {version} does not exist")
        try:
            if version == 1:
                return _record_from_version_1(data)
            return _record_from_version_2(data)
        except ValueError as error:
            raise ValueError(f"the game file is damaged: {error}") from None

    # Text ---------------------------------------------------------------------

    def to_text(self) -> str:
        """A short text for the clipboard: a header, then the moves as keypad digits.

        >>> record = GameRecord(PlayerEntry("human", "Ann"), PlayerEntry("human", "Bob"), Mark.X,
        ...                     started_at="2026-01-01T00:00:00.000Z").with_move(4)
        >>> record = dataclasses.replace(record, game_id="0" * 32)
        >>> print(record.to_text())
        TTT Desktop game
        X: Ann (human)
        O: Bob (human)
        First: X
        Started: 2026-01-01T00:00:00.000Z
        Game id: 00000000000000000000000000000000
        Result: unfinished
        Times: 0.0
        Moves: 5
        """
        lines = [
            TEXT_TITLE,
            f"X: {self.x.describe()}",
            f"O: {self.o.describe()}",
            f"First: {self.first.value}",
            f"Started: {self.started_at}",
            f"Game id: {self.game_id}",
        ]
        if self.finished_at is not None:
            lines.append(f"Finished: {self.finished_at}")
        lines.append(f"Result: {_result_words(self.result)}")
        branch = self.branched_from
        if branch is not None:
            lines.append(
                f"Branched from: {branch.parent_started_at} at ply {branch.ply} "
                f"of {_keypad_string(branch.parent_moves) or '-'}"
            )
        if self.undos:
            lines.append(
                "Taken back: "
                + " ".join(f"{_keypad_string(u.moves_before)}/{u.count}" for u in self.undos)
            )
        if self.hints:
            lines.append("Hints: " + " ".join(str(hint.ply) for hint in self.hints))
        if self.moves:
            lines.append("Times: " + " ".join(repr(s) for s in self.move_seconds))
        lines.append(f"Moves: {_keypad_string(self.moves)}")
        return "\n".join(lines)

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read :meth:`to_text`'s form; ``ValueError`` with a clear message otherwise.

        A bare move string of keypad digits (``"5 1 9"``) is accepted too: two people,
        X first. A text without a game id (older versions wrote none) gets one
        derived from its content, like a version-1 file.
        """
        if not isinstance(text, str):
            raise ValueError(f"a game text is a string, not {type(text).__name__}")
        if len(text) > MAX_FILE_BYTES:
            # A game text is a few lines; a clipboard may hold anything at all.
            raise ValueError("not a TTT Desktop game text: it is far too long")
        lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
        if not lines:
            raise ValueError("there is no game in the text: it is empty")
        if lines[0] != TEXT_TITLE:
            if len(lines) == 1 and re.fullmatch(r"[1-9][1-9,\s]*", lines[0]):
                moves = _parse_keypad_string(lines[0])
                # Nothing says when it was played: now, and a finished game ends as it starts.
                started_at = utc_now()
                over = Board.empty(Mark.X).play_all(moves).is_over
                record = cls(
                    PlayerEntry(HUMAN, "Player X"),
                    PlayerEntry(HUMAN, "Player O"),
                    Mark.X,
                    moves,
                    started_at=started_at,
                    finished_at=started_at if over else None,
                )
                return dataclasses.replace(record, game_id=_derived_game_id(record))
            raise ValueError(f"not a TTT Desktop game text: it should start with {TEXT_TITLE!r}")
        fields: dict[str, str] = {}
        for line in lines[1:]:
            key, sep, value = line.partition(":")
            if not sep:
                raise ValueError(f"game text line {line!r} is not 'Name: value'")
            key = key.strip().lower()
            if key in fields:
                raise ValueError(f"game text names {key!r} twice")
            fields[key] = value.strip()
        try:
            record = _record_from_text_fields(fields)
        except ValueError as error:
            raise ValueError(f"the game text is damaged: {error}") from None
        return record


# Helpers for the JSON form ------------------------------------------------------


def _check_seconds(value: object) -> float:
    if type(value) is int or type(value) is float:
        try:
            seconds = float(value)
        except OverflowError:
            # A whole number too large for a float (1 followed by 309 zeros).
            seconds = math.inf
        if math.isfinite(seconds) and seconds >= 0:
            return seconds
    raise ValueError(f"a think time must be a finite number of seconds >= 0, not {_short(value)}")


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number a game file may hold")


def _player_dict(player: PlayerEntry) -> dict[str, Any]:
    return {"kind": player.kind, "name": player.name, "seed": player.seed}


def _require(data: Mapping[str, Any], key: str, check: Callable[[Any], bool], wanted: str) -> Any:
    if key not in data:
        raise ValueError(f'"{key}" is missing')
    value = data[key]
    if not check(value):
        raise ValueError(f'"{key}" must be {wanted}, not {_short(value)}')
    return value


def _short(value: object) -> str:
    try:
        text = repr(value)
    except ValueError:
        # Python won't print a whole number of thousands of digits.
        return "a number far too large"
    return text if len(text) <= 60 else text[:57] + "..."


def _is_int_list(value: object) -> bool:
    return isinstance(value, list) and all(type(item) is int for item in value)


def _is_number_list(value: object) -> bool:
    return isinstance(value, list) and all(type(item) in (int, float) for item in value)


def _player_from_dict(data: object, mark: str) -> PlayerEntry:
    if not isinstance(data, Mapping):
        raise ValueError(f"player {mark} must be an object with kind, name and seed")
    kind = _require(data, "kind", lambda v: isinstance(v, str), "a string")
    name = _require(data, "name", lambda v: isinstance(v, str), "a string")
    seed = data.get("seed")
    if seed is not None and type(seed) is not int:
        raise ValueError(f"player {mark}'s seed must be a whole number or null, not {_short(seed)}")
    return PlayerEntry(kind, name, seed)


def _record_from_version_1(data: Mapping[str, Any]) -> GameRecord:
    players = _require(data, "players", lambda v: isinstance(v, Mapping), "an object")
    for mark in ("X", "O"):
        if mark not in players:
            raise ValueError(f"player {mark} is missing")
    x = _player_from_dict(players["X"], "X")
    o = _player_from_dict(players["O"], "O")
    first = _require(data, "first", lambda v: v in ("X", "O"), '"X" or "O"')
    moves = _require(data, "moves", _is_int_list, "a list of cells 0-8")
    seconds = data.get("move_seconds", [])
    if not _is_number_list(seconds):
        raise ValueError(f'"move_seconds" must be a list of numbers, not {_short(seconds)}')
    started_at = _require(data, "started_at", lambda v: isinstance(v, str), "a timestamp string")
    finished_at = data.get("finished_at")
    if finished_at is not None and not isinstance(finished_at, str):
        raise ValueError(
            f'"finished_at" must be a timestamp string or null, not {_short(finished_at)}'
        )
    branch_data = data.get("branched_from")
    branch = None
    if branch_data is not None:
        if not isinstance(branch_data, Mapping):
            raise ValueError('"branched_from" must be an object or null')
        branch = BranchPoint(
            _require(branch_data, "parent_started_at", lambda v: isinstance(v, str), "a string"),
            _require(branch_data, "ply", lambda v: type(v) is int, "a whole number"),
            tuple(_require(branch_data, "parent_moves", _is_int_list, "a list of cells")),
        )
    record = GameRecord(
        x=x,
        o=o,
        first=Mark(first),
        moves=tuple(moves),
        move_seconds=tuple(seconds),
        started_at=started_at,
        finished_at=finished_at,
        branched_from=branch,
    )
    if "result" in data and data["result"] != record.result:
        raise ValueError(
            f'"result" says {_short(data["result"])} but the moves give {_short(record.result)}'
        )
    return dataclasses.replace(record, game_id=_derived_game_id(record))


def _derived_game_id(record: GameRecord) -> str:
    """The id of a game saved without one: the same for the same game, whenever it is read."""
    content = json.dumps(record._version_1_dict(), sort_keys=True, ensure_ascii=False)
    return uuid.uuid5(_V1_ID_NAMESPACE, content).hex


def _record_from_version_2(data: Mapping[str, Any]) -> GameRecord:
    record = _record_from_version_1(data)
    game_id = _check_game_id(_require(data, "game_id", lambda v: isinstance(v, str), "a string"))
    undo_data = data.get("undos", [])
    if not isinstance(undo_data, list):
        raise ValueError(f'"undos" must be a list, not {_short(undo_data)}')
    undos = []
    for item in undo_data:
        if not isinstance(item, Mapping):
            raise ValueError(f"an undo must be an object, not {_short(item)}")
        undos.append(
            UndoEvent(
                tuple(_require(item, "moves_before", _is_int_list, "a list of cells 0-8")),
                _require(item, "count", lambda v: type(v) is int, "a whole number"),
                Mark(_require(item, "by", lambda v: v in ("X", "O"), '"X" or "O"')),
            )
        )
    hint_data = data.get("hints", [])
    if not isinstance(hint_data, list):
        raise ValueError(f'"hints" must be a list, not {_short(hint_data)}')
    hints = []
    for item in hint_data:
        if not isinstance(item, Mapping):
            raise ValueError(f"a hint must be an object, not {_short(item)}")
        hints.append(
            HintUse(
                _require(item, "ply", lambda v: type(v) is int, "a whole number"),
                Mark(_require(item, "mark", lambda v: v in ("X", "O"), '"X" or "O"')),
            )
        )
    return dataclasses.replace(record, game_id=game_id, undos=tuple(undos), hints=tuple(hints))


# Helpers for the text form ------------------------------------------------------


_RESULT_WORDS: Final = {"X": "X wins", "O": "O wins", "draw": "draw", None: "unfinished"}
_PLAYER_TEXT: Final = re.compile(r"(?P<name>.+) \((?P<kind>[^(),]+)(?:, seed (?P<seed>-?\d+))?\)")
_BRANCH_TEXT: Final = re.compile(r"(?P<started>\S+) at ply (?P<ply>\d+) of (?P<moves>[1-9]*|-)")


def _result_words(result: str | None) -> str:
    return _RESULT_WORDS[result]


def _keypad_string(moves: Iterable[Cell]) -> str:
    return "".join(str(keypad_label(cell)) for cell in moves)


def _parse_keypad_string(text: str) -> tuple[Cell, ...]:
    digits = re.sub(r"[\s,]", "", text)
    if not re.fullmatch(r"[1-9]*", digits):
        raise ValueError(f"moves are keypad digits 1-9, not {text!r}")
    return tuple(cell_from_keypad(int(digit)) for digit in digits)


def _player_from_text(text: str, mark: str) -> PlayerEntry:
    match = _PLAYER_TEXT.fullmatch(text)
    if match is None:
        raise ValueError(f"player {mark} should read 'Name (kind)' or 'Name (kind, seed N)'")
    seed = match["seed"]
    return PlayerEntry(match["kind"], match["name"], None if seed is None else int(seed))


def _text_field(fields: Mapping[str, str], key: str) -> str:
    if key not in fields:
        raise ValueError(f"the {key!r} line is missing")
    return fields[key]


def _record_from_text_fields(fields: Mapping[str, str]) -> GameRecord:
    known = {
        "x",
        "o",
        "first",
        "started",
        "game id",
        "finished",
        "result",
        "branched from",
        "times",
        "moves",
        "taken back",
        "hints",
    }
    unknown = sorted(set(fields) - known)
    if unknown:
        raise ValueError(f"unknown line {unknown[0]!r}")
    first = _text_field(fields, "first")
    if first not in ("X", "O"):
        raise ValueError(f"'First' must be X or O, not {first!r}")
    moves = _parse_keypad_string(_text_field(fields, "moves"))
    seconds: tuple[float, ...] = ()
    if "times" in fields:
        try:
            seconds = tuple(float(item) for item in fields["times"].split())
        except ValueError:
            raise ValueError("'Times' must be numbers of seconds") from None
    branch = None
    if "branched from" in fields:
        match = _BRANCH_TEXT.fullmatch(fields["branched from"])
        if match is None:
            raise ValueError("'Branched from' should read '<start time> at ply N of <moves>'")
        parent_moves = () if match["moves"] == "-" else _parse_keypad_string(match["moves"])
        branch = BranchPoint(match["started"], int(match["ply"]), parent_moves)
    record = GameRecord(
        x=_player_from_text(_text_field(fields, "x"), "X"),
        o=_player_from_text(_text_field(fields, "o"), "O"),
        first=Mark(first),
        moves=moves,
        move_seconds=seconds,
        started_at=_text_field(fields, "started"),
        finished_at=fields.get("finished"),
        branched_from=branch,
    )
    if "result" in fields and fields["result"] != _result_words(record.result):
        raise ValueError(
            f"'Result' says {fields['result']!r} but the moves give "
            f"{_result_words(record.result)!r}"
        )
    undos = []
    for item in fields.get("taken back", "").split():
        before, slash, count = item.partition("/")
        if not slash or not count.isdigit():
            raise ValueError("'Taken back' should read '<moves>/<count>' for each undo")
        moves_before = _parse_keypad_string(before)
        ply = len(moves_before) - int(count)
        undos.append(UndoEvent(moves_before, int(count), record.mark_at(max(ply, 0))))
    hints = []
    for item in fields.get("hints", "").split():
        if not item.isdigit():
            raise ValueError("'Hints' should list the move counts hints were asked at")
        hints.append(HintUse(int(item), record.mark_at(int(item))))
    if undos or hints:
        record = dataclasses.replace(record, undos=tuple(undos), hints=tuple(hints))
    if "game id" in fields:
        return dataclasses.replace(record, game_id=_check_game_id(fields["game id"]))
    return dataclasses.replace(record, game_id=_derived_game_id(record))


# Files --------------------------------------------------------------------------


def save_record(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write ``record`` as JSON to ``path`` atomically.

    The text goes to a temporary file in the same folder, is flushed to disk, and
    then replaces ``path`` in one step, so a failure at any point leaves the old
    file as it was. Raises ``OSError`` when the folder can't be written.
    """
    target = Path(path)
    data = record.to_json().encode("utf-8")
    handle, temp_name = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or Path()
    )
    try:
        if hasattr(os, "fchmod"):
            # mkstemp's file is owner-only; the saved game gets the permissions of the
            # file it replaces, or those any new file of the user gets.
            os.fchmod(handle, _saved_file_mode(target))
        with os.fdopen(handle, "wb") as temp:
            temp.write(data)
            temp.flush()
            os.fsync(temp.fileno())
        os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp_name)
        raise
    _fsync_folder(target.parent)
    # A save killed between the two steps above leaves its temporary file behind.
    remove_stale_temporaries(target)


def _saved_file_mode(target: Path) -> int:
    """``target``'s permission bits if it exists, else a new file's (0o666 less the umask)."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        mask = os.umask(0o022)  # the only way to read the umask is to set it
        os.umask(mask)
        return 0o666 & ~mask


def _fsync_folder(folder: Path) -> None:
    # Makes the rename itself durable where the platform allows opening a folder.
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _temporary_pattern(target_name: str) -> re.Pattern[str]:
    # save_record's own naming: tempfile.mkstemp(prefix=".NAME.", suffix=".tmp") adds
    # eight characters from [a-z0-9_].
    return re.compile(re.escape(f".{target_name}.") + r"[a-z0-9_]{8}" + re.escape(".tmp"))


def remove_stale_temporaries(
    target: str | os.PathLike[str], *, older_than: float = STALE_TEMPORARY_SECONDS
) -> list[Path]:
    """Remove temporary files that interrupted saves of ``target`` left beside it.

    Only files of :func:`save_record`'s own naming (``.NAME.tttgame.XXXXXXXX.tmp``
    for target ``NAME.tttgame``) are touched, only plain files (not links, folders
    or pipes) owned by this user, and only when last written more than
    ``older_than`` seconds ago, so a save in progress elsewhere keeps its file.
    Problems are ignored: this is tidying, never a reason to fail. Returns the
    paths removed.
    """
    target = Path(target)
    folder = target.parent
    pattern = _temporary_pattern(target.name)
    deadline = time.time() - older_than
    owner = os.getuid() if hasattr(os, "getuid") else None
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not pattern.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or info.st_mtime > deadline:
                continue
            if owner is not None and info.st_uid != owner:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed


def _refuse_special_file(target: Path, mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        what = "a folder"
    elif stat.S_ISFIFO(mode):
        what = "a named pipe"
    elif stat.S_ISSOCK(mode):
        what = "a socket"
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        what = "a device"
    else:
        what = "not a regular file"
    raise ValueError(f"{target.name} is not a game file: it is {what}, not a regular file")


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read a game file; ``ValueError`` with a clear message for any file that isn't a game.

    Anything but a regular file (a named pipe, a device, a folder) is refused before
    it is opened, since reading one could wait for ever; the check is made again on
    the opened file, without waiting, in case the name changed in between.
    """
    target = Path(path)
    try:
        _refuse_special_file(target, os.stat(target).st_mode)
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        flags |= getattr(os, "O_BINARY", 0)
        descriptor = os.open(target, flags)
        with os.fdopen(descriptor, "rb") as stream:
            _refuse_special_file(target, os.fstat(stream.fileno()).st_mode)
            data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        reason = error.strerror or str(error)
        raise ValueError(f"can't read {target.name}: {reason}") from None
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(f"{target.name} is not a game file: it is far too large")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{target.name} is not a game file: it is not UTF-8 text") from None
    if "\x00" in text:
        raise ValueError(f"{target.name} is not a game file: it holds binary data")
    return GameRecord.from_json(text)
