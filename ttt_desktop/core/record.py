"""The game record: who played, who started, the rules, the moves, what was taken back.

A :class:`GameRecord` is an immutable value, like a :class:`Board`: adding a move
returns a new record, and every board of the game is derived from the moves, so a
record can never disagree with itself. Constructing one checks everything and
raises ``ValueError`` with a message a person can act on.

A record carries its rules (``rules``, tic-tac-toe unless told); its moves are
0-based cells of that rules' board, row-major from the top-left. A coached game
also remembers a stable ``game_id`` (uuid4 hex, made with the game), the moves
taken back (:class:`UndoEvent`) and the hints asked for (:class:`HintUse`).

How records are written and read lives in :mod:`ttt_desktop.formats`: versioned
JSON for files (:mod:`~ttt_desktop.formats.json_codec`), a short text for the
clipboard (:mod:`~ttt_desktop.formats.text_codec`) and the file I/O
(:mod:`~ttt_desktop.formats.files`).

Nothing here imports Qt.
"""

from __future__ import annotations

import dataclasses
import math
import os
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.cells import Cell
from ttt_desktop.core.ending import ending
from ttt_desktop.core.rules import MAX_SIDE, TIC_TAC_TOE, Rules
from ttt_desktop.core.swap import OPENER, SwapError, SwapOpening, check_opening_rule

MAX_CELLS: Final = MAX_SIDE * MAX_SIDE
_GAME_ID_PATTERN: Final = re.compile(r"[0-9a-f]{32}")
HUMAN: Final = "human"
_KIND_PATTERN: Final = re.compile(r"[\w.-]{1,64}")
# The longest player name, in characters after tidying: typed names are held to it
# too (the window's name field), so a file can't bring in a name nobody could type.
# Long enough for "Bartholomew Fitzgerald-Worthington the Third"; the header elides the rest.
MAX_NAME_LENGTH: Final = 60


def utc_now() -> str:
    """The current time as ISO 8601 UTC with milliseconds, e.g. ``2026-01-01T23:24:05.123Z``."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def new_game_id() -> str:
    """A fresh game id: 32 lowercase hex digits (a random uuid4, RFC 4122).

    Made as ``uuid.uuid4().hex`` makes it, without importing ``uuid``: that brings
    ``platform`` along, 2 ms before the first paint for the first game's id.
    """
    octets = bytearray(os.urandom(16))
    octets[6] = (octets[6] & 0x0F) | 0x40  # version 4
    octets[8] = (octets[8] & 0x3F) | 0x80  # the RFC 4122 variant
    return octets.hex()


def check_game_id(value: object) -> str:
    """``value`` if it is a game id (32 lowercase hex digits); ``ValueError`` otherwise."""
    if not isinstance(value, str) or not _GAME_ID_PATTERN.fullmatch(value):
        raise ValueError(f"a game id is 32 lowercase hex digits, not {short_repr(value)}")
    return value


def _check_timestamp(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{what} must be an ISO 8601 timestamp string, not {value!r}")
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{what} {short_repr(value)} is not an ISO 8601 timestamp") from None
    if any(ch.isspace() for ch in value):
        raise ValueError(
            f"{what} {short_repr(value)} must use 'T' between date and time, no spaces"
        )
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
            f"but {short_repr(tidy)} has {len(tidy)}"
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
                f"not {short_repr(self.kind)}"
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


def check_moves(moves: Iterable[Cell], what: str, rules: Rules | None = None) -> tuple[Cell, ...]:
    """``moves`` as a tuple of cells of ``rules``' board; ``ValueError`` naming the limits.

    Without rules, cells of any board are accepted (0 up to the largest board's last
    cell); the record checks them again against its own rules.
    """
    values = tuple(moves)
    size = MAX_CELLS if rules is None else rules.size
    for cell in values:
        if not (type(cell) is int and 0 <= cell < size):
            if rules is None or rules.is_classic:
                raise ValueError(f"{what} must be cells 0-{size - 1}, but one is {cell!r}")
            raise ValueError(
                f"{what} must be cells 0-{size - 1} of the {rules.m}x{rules.n} board "
                f"({rules.key}), but one is {short_repr(cell)}"
            )
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
            self, "parent_moves", check_moves(self.parent_moves, "the parent game's moves")
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
            self, "moves_before", check_moves(self.moves_before, "the moves before an undo")
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
        # Any board's plies; the record checks the ply against its own board.
        if type(self.ply) is not int or not 0 <= self.ply < MAX_CELLS:
            raise ValueError(f"a hint is asked for after 0-{MAX_CELLS - 1} moves, not {self.ply!r}")
        try:
            object.__setattr__(self, "mark", Mark(self.mark))
        except ValueError:
            raise ValueError(f"a hint is asked for by 'X' or 'O', not {self.mark!r}") from None


MAX_LOG_LINES: Final = 2000
"""The most lines of a game's log (what was said on an external program's pipe)."""
MAX_LOG_LINE: Final = 500
"""The longest line of a game's log, in characters."""


@dataclass(frozen=True)
class Forfeit:
    """A game lost off the board: ``loser`` broke a rule of the match (an external program
    crashed, ran out of time, answered garbage or an illegal move); ``reason`` says how."""

    loser: Mark
    reason: str

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "loser", Mark(self.loser))
        except ValueError:
            raise ValueError(f"a forfeit is lost by 'X' or 'O', not {self.loser!r}") from None
        if not isinstance(self.reason, str) or not self.reason.strip():
            raise ValueError("a forfeit needs a reason")
        object.__setattr__(self, "reason", " ".join(self.reason.split())[:MAX_LOG_LINE])


def _check_log(lines: object) -> tuple[str, ...]:
    values = tuple(lines) if isinstance(lines, tuple | list) else None
    if (
        values is None
        or len(values) > MAX_LOG_LINES
        or not all(isinstance(line, str) and len(line) <= MAX_LOG_LINE for line in values)
    ):
        raise ValueError(
            f"a game's log is at most {MAX_LOG_LINES} lines of at most {MAX_LOG_LINE} characters"
        )
    return values


_known_final = threading.local()
"""``board``: (moves, the board after them) that :meth:`GameRecord.with_move` hands the
record it makes, so the new record need not replay its moves to find its final board."""


@dataclass(frozen=True)
class GameRecord:
    """One game, finished or running: players, who moved first, moves, think times, timestamps.

    Constructing a record checks it: the moves must be legal in order from the empty
    board with ``first`` to move, and there is one think time per move (an empty
    ``move_seconds`` means zero for every move). It must also agree with itself: a
    finished game has a finish time and a running one has none, the finish is not
    before the start, and a branch's parent moves are a legal game whose kept moves
    are this game's first moves. Boards and the result are derived.

    ``rules`` (tic-tac-toe unless given; a rules string such as ``"15,15,5"`` is
    parsed) decide the board: every cell of the moves, of the moves before an undo and
    of a branch's parent, and every hint's ply, is checked against its size.

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
    forfeit: Forfeit | None = None
    """A game ended off the board (a brain's crash, timeout, illegal move): who lost, why."""
    log: tuple[str, ...] = ()
    """What was said on the pipes of the external programs that played (Gomocup brains)."""
    opening: SwapOpening | None = None
    """The swap or swap2 opening phase (:mod:`ttt_desktop.core.swap`) and the choices made;
    None under the free opening. ``x`` and ``o`` are the players who held X and O after
    the choices (the opener is :meth:`opening_player`)."""

    def __post_init__(self) -> None:
        given_moves = self.moves
        if not isinstance(self.rules, Rules):
            object.__setattr__(self, "rules", Rules.parse(self.rules))
        if not isinstance(self.x, PlayerEntry) or not isinstance(self.o, PlayerEntry):
            raise ValueError("both players must be PlayerEntry values")
        try:
            object.__setattr__(self, "first", Mark(self.first))
        except ValueError:
            raise ValueError(f"the first player is 'X' or 'O', not {self.first!r}") from None
        moves = check_moves(self.moves, "moves", self.rules)
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
        check_game_id(self.game_id)
        object.__setattr__(self, "undos", tuple(self.undos))
        object.__setattr__(self, "hints", tuple(self.hints))
        start = Board.empty(self.first, self.rules)
        for undo in self.undos:
            if not isinstance(undo, UndoEvent):
                raise ValueError("undos must be UndoEvent values")
            # The moves before an undo were a real game; the mark given the turn is the mover.
            check_moves(undo.moves_before, "the moves before an undo", self.rules)
            start.play_all(undo.moves_before)
            if undo.by is not self.mark_at(undo.ply):
                raise ValueError(
                    f"an undo back to move {undo.ply} gives the turn to {self.mark_at(undo.ply)}, "
                    f"not {undo.by}"
                )
        for hint in self.hints:
            if not isinstance(hint, HintUse):
                raise ValueError("hints must be HintUse values")
            if hint.ply >= self.rules.size:
                raise ValueError(
                    f"a hint is asked for after 0-{self.rules.size - 1} moves, not {hint.ply}"
                )
            if hint.mark is not self.mark_at(hint.ply):
                raise ValueError(
                    f"after {hint.ply} moves it is {self.mark_at(hint.ply)}'s turn, "
                    f"so {hint.mark} can't have asked for that hint"
                )
        # Raises the IllegalMoveError family for a move the rules forbid. A record one move
        # longer than a checked one (with_move) is handed its final board: no replay.
        known = getattr(_known_final, "board", None)
        if known is not None and known[0] is given_moves and moves is given_moves:
            final = known[1]
        else:
            final = start.play_all(moves)
        # Kept, not a field: every question about the newest position (final_board, result,
        # is_finished) is then one lookup, not a replay of the moves (thousands of plays a
        # move on a big board, where the window asks a dozen times a move).
        object.__setattr__(self, "_final_board", final)
        if self.forfeit is not None:
            if not isinstance(self.forfeit, Forfeit):
                raise ValueError("forfeit must be a Forfeit or None")
            if final.is_over:
                raise ValueError("a game that ended on the board can't also be forfeited")
        object.__setattr__(self, "log", _check_log(self.log))
        if self.opening is not None:
            self._check_opening(self.opening, len(moves))
        self._check_finish(final.is_over or self.forfeit is not None)
        if self.branched_from is not None:
            self._check_branch(self.branched_from)

    def _check_finish(self, over: bool) -> None:
        if over and self.finished_at is None:
            raise ValueError("the game has ended, but it has no finish time")
        if not over and self.finished_at is not None:
            raise ValueError(
                f"the game has not ended, but it has a finish time ({short_repr(self.finished_at)})"
            )
        if self.finished_at is not None and _instant(self.finished_at) < _instant(self.started_at):
            raise ValueError(
                f"the finish time {self.finished_at} is before the start time {self.started_at}"
            )

    def _check_opening(self, opening: SwapOpening, ply: int) -> None:
        if not isinstance(opening, SwapOpening):
            raise ValueError("opening must be a SwapOpening or None")
        try:
            check_opening_rule(self.rules, opening.rule)
        except SwapError as error:
            raise ValueError(str(error)) from None
        choice_ply = opening.choice_ply
        if choice_ply is not None and ply > choice_ply:
            raise ValueError(
                f"{opening.rule}: a choice is due after {choice_ply} stones, "
                f"but the game has {ply} moves and the choice was not made"
            )
        if opening.choices and ply < opening.made_at(len(opening.choices) - 1):
            raise ValueError(
                f"{opening.rule}: {opening.describe()}, but the game has only {ply} moves"
            )

    def opening_player(self, role: str) -> PlayerEntry:
        """The player of ``role`` (:data:`~ttt_desktop.core.swap.OPENER` or ``RESPONDER``) in
        the swap opening; without one the opener is the player who moved first."""
        opener_mark = self.first
        if self.opening is not None and self.opening.swapped:
            opener_mark = self.first.opponent
        return self.player(opener_mark if role == OPENER else opener_mark.opponent)

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
        if ply == len(self.moves):
            return self.final_board
        # 3x3 boards are interned and memoise their children, so this is a few lookups.
        return Board.empty(self.first, self.rules).play_all(self.moves[:ply])

    @property
    def ply(self) -> int:
        """How many moves have been played."""
        return len(self.moves)

    @property
    def final_board(self) -> Board:
        """The board after every recorded move (worked out once, when the record was made)."""
        final: Board = self.__dict__["_final_board"]
        return final

    @property
    def result(self) -> str | None:
        """``"X"`` or ``"O"`` for a win, ``"draw"``, or None while the game is running."""
        if self.forfeit is not None:
            return self.forfeit.loser.opponent.value
        board = self.final_board
        if board.winner is not None:
            return board.winner.value
        return "draw" if board.is_over else None

    @property
    def ending(self) -> str | None:
        """How the game ended: "five" (the winning row's word), "draw", "forbidden" (black's
        forbidden move under renju), "forfeit"; None while it runs
        (:func:`ttt_desktop.core.ending.ending`)."""
        forfeit = self.forfeit
        return ending(self.final_board, None if forfeit is None else forfeit.reason)

    @property
    def is_finished(self) -> bool:
        """True once the game has a result (on the board or by a forfeit)."""
        return self.forfeit is not None or self.final_board.is_over

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

        Raises :class:`~ttt_desktop.core.IllegalMoveError` (a ``ValueError``) for an
        illegal move, and ``ValueError`` after a forfeit.
        """
        if self.forfeit is not None:
            raise ValueError(f"the game is over: {self.forfeit.loser} forfeited it")
        board = self.final_board.play(cell)
        moves = (*self.moves, cell)
        _known_final.board = (moves, board)
        try:
            return dataclasses.replace(
                self,
                moves=moves,
                # Milliseconds are plenty for a think time, and keep files and texts short.
                move_seconds=(*self.move_seconds, round(_check_seconds(seconds), 3)),
                finished_at=_finish_time(self.started_at) if board.is_over else None,
            )
        finally:
            _known_final.board = None

    def with_choice(self, choice: str) -> GameRecord:
        """This record with the opening's next choice made (:mod:`ttt_desktop.core.swap`):
        the players exchange marks when the choice says so. ``ValueError`` (a
        :class:`~ttt_desktop.core.swap.SwapError`) if no choice is due now or ``choice`` is
        not one of its options."""
        opening = self.opening
        if opening is None:
            raise SwapError("the game has no opening rule: there is no choice to make")
        if opening.choice_ply != self.ply:
            raise SwapError(
                f"{opening.rule}: the choice comes after {opening.choice_ply} stones, "
                f"not after {self.ply}"
            )
        after = opening.with_choice(choice)
        x, o = (self.o, self.x) if after.swapped != opening.swapped else (self.x, self.o)
        return dataclasses.replace(self, opening=after, x=x, o=o)

    def with_undo(self, count: int) -> GameRecord:
        """This record with its last ``count`` moves taken back, and the undo noted.

        The game reopens if it had ended. Raises ``ValueError`` for a count that is
        not 1 to the number of moves.
        """
        event = UndoEvent(self.moves, count, self.mark_at(self.ply - count))
        return dataclasses.replace(
            self,
            **self._seats_until(event.ply),
            moves=self.moves[: event.ply],
            move_seconds=self.move_seconds[: event.ply],
            finished_at=None,
            forfeit=None,
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

    def _seats_until(self, ply: int) -> dict[str, Any]:
        """The opening and the seats with the moves from ``ply`` on taken back: a choice
        made after ``ply`` stones is taken back too, and a swap it made is undone."""
        opening = self.opening
        if opening is None:
            return {}
        earlier = opening.until(ply)
        if earlier is opening:
            return {}
        x, o = (self.o, self.x) if earlier.swapped != opening.swapped else (self.x, self.o)
        return {"opening": earlier, "x": x, "o": o}

    def truncated(self, ply: int) -> GameRecord:
        """The record of the first ``ply`` moves; unfinished unless those moves end the game."""
        board = self.board_at(ply)
        forfeit = self.forfeit if ply == self.ply else None
        return dataclasses.replace(
            self,
            **self._seats_until(ply),
            moves=self.moves[:ply],
            move_seconds=self.move_seconds[:ply],
            finished_at=self.finished_at if board.is_over or forfeit else None,
            forfeit=forfeit,
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
            finished_at=started_at if kept.final_board.is_over else None,
            branched_from=BranchPoint(self.started_at, ply, self.moves),
            game_id=new_game_id(),
            undos=(),
            hints=(),
            forfeit=None,
            log=(),
        )

    # JSON ---------------------------------------------------------------------


def _check_seconds(value: object) -> float:
    if type(value) is int or type(value) is float:
        try:
            seconds = float(value)
        except OverflowError:
            # A whole number too large for a float (1 followed by 309 zeros).
            seconds = math.inf
        if math.isfinite(seconds) and seconds >= 0:
            return seconds
    raise ValueError(
        f"a think time must be a finite number of seconds >= 0, not {short_repr(value)}"
    )


def short_repr(value: object) -> str:
    """``repr(value)`` cut to 60 characters, for messages about values from files."""
    try:
        text = repr(value)
    except ValueError:
        # Python won't print a whole number of thousands of digits.
        return "a number far too large"
    return text if len(text) <= 60 else text[:57] + "..."
