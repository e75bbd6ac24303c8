"""Time controls and the clocks that keep them: one home for "how long may this move take".

A :class:`TimeControl` is what a side is given: a time per move (``turn_ms``, Gomocup's
``timeout_turn``), a time for all its moves of a game (``game_ms``, ``timeout_match``)
with an increment after each move, or both, as the Gomocup plays (5 s a move and 120 s a
game); and a margin (``margin_ms``, cutechess-cli's ``timemargin``, the Gomocup judge's
tolerance): how much later than its time an answer is still accepted.

A :class:`SideClock` is one side's clock in one game: how long its next move may take
(:meth:`SideClock.allowed_ms`), how long a searching player should aim to take
(:meth:`SideClock.budget_ms`: its share of the time left, less a safety share, so that a
search that stops at its next look at the clock still answers in time on a loaded
machine), and, once the move is made, whether it was over (:meth:`SideClock.charge`).

A :class:`GameClock` is both sides' clocks in one game played by the one play loop
(:func:`~ttt_desktop.core.play.play_game`): its ``on_move`` and ``over`` are the loop's
hook and stop; it sets each timed seat's ``budget_ms`` before its move and flags a side
that was over its time.

Every clock of the program is one of these: the tournaments' and matches' clocks for our
players, the brain manager's for Gomocup brains, the brain side's (``ttt-arena brain``).

Nothing here imports Qt.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from ttt_desktop.core.board import Mark

__all__ = [
    "PLAYER_MARGIN_MS",
    "UNLIMITED_MS",
    "GameClock",
    "SideClock",
    "TimeControl",
    "safety_ms",
]

UNLIMITED_MS: Final = 2_147_483_647
"""The time left the Gomocup protocol sends when a game's time is unlimited."""

SAFETY_SHARE: Final = 0.25
"""At most this share of a move's time is kept back from a searching player's budget..."""
SAFETY_FIXED_MS: Final = 20.0
SAFETY_PER_MS: Final = 0.05
"""...and at most this much: ``SAFETY_FIXED_MS`` plus ``SAFETY_PER_MS`` of the move's time
(a loaded machine's scheduling and a search's last look at the clock cost about the same
at 100 ms as at 10 s)."""
MIN_BUDGET_MS: Final = 1.0
PLAYER_MARGIN_MS: Final = 50.0
"""The margin our players are given by default (a search stops at its next look at the
clock, not on the microsecond); a Gomocup brain has its manager's (1,000 ms)."""

StopCheck = Callable[[], bool]
"""Asked now and then during a search or a wait: true means stop now."""

COACH_BUDGET_MS: Final = 1000.0
"""The coach's search time for a hint or the move values, unless the person chose another."""
REVIEW_BUDGET_MS: Final = 200.0
"""The coach's search time per position when a game is reviewed."""
BACKGROUND_PROOF_MS: Final = 60_000.0
"""The longest the coach goes on proving a position after its first answer (a board the
solver can prove; see :func:`ttt_desktop.analysis.board_coach.worth_proving`). Measured
(``benchmarks/coach_exact_time.py``): every move's value of 6,5,4's positions of up to five
stones took 1.2-29 s, 6,4,4's at most 2.9 s."""


def safety_ms(share_ms: float) -> float:
    """How much of a move's time ``share_ms`` a searching player keeps back: a quarter of
    it, but no more than 20 ms plus 5% (25 ms of 100, 30 of 200, 70 of 1,000, 270 of
    5,000)."""
    return min(share_ms * SAFETY_SHARE, SAFETY_FIXED_MS + share_ms * SAFETY_PER_MS)


@dataclass(frozen=True)
class TimeControl:
    """The time a side is given (see the module's description); times in milliseconds.

    ``turn_ms``: the most one move may take (None: no limit a move). ``game_ms``: the
    most all of a side's moves of one game may take together (None: no limit a game);
    ``increment_ms`` is added to it after each move. ``margin_ms``: how much later than
    that an answer is still accepted before the side loses on time. At least one of the
    two limits is set.
    """

    turn_ms: float | None = None
    game_ms: float | None = None
    increment_ms: float = 0.0
    margin_ms: float = 0.0

    MOVES_AHEAD: ClassVar[int] = 20
    """A game clock's share for a move: the time left over this many moves, plus the
    increment."""

    def __post_init__(self) -> None:
        if self.turn_ms is None and self.game_ms is None:
            raise ValueError("a time control needs a time per move or a time per game")
        for name in ("turn_ms", "game_ms"):
            value = getattr(self, name)
            if value is not None and not (
                isinstance(value, int | float) and not isinstance(value, bool) and value > 0
            ):
                raise ValueError(f"{name.replace('_', ' ')} is more than 0, not {value!r}")
        for name in ("increment_ms", "margin_ms"):
            value = getattr(self, name)
            if (
                not isinstance(value, int | float)
                or isinstance(value, bool)
                or not 0 <= value < math.inf
            ):
                raise ValueError(f"{name.replace('_', ' ')} is 0 or more, not {value!r}")
        if self.increment_ms and self.game_ms is None:
            raise ValueError("an increment goes with a time per game")

    def start_ms(self) -> float | None:
        """A game clock's time at the start of a game (None: no game clock)."""
        return self.game_ms

    def allowed_ms(self, left_ms: float | None) -> float:
        """The most the next move may take with ``left_ms`` on the game clock (None: no
        game clock): the time per move or the time left, whichever is less (infinite
        when neither limits it). The margin comes on top."""
        allowed = math.inf if self.turn_ms is None else float(self.turn_ms)
        if self.game_ms is not None and left_ms is not None:
            allowed = min(allowed, max(0.0, left_ms))
        return allowed

    def share_ms(self, left_ms: float | None) -> float:
        """The time the next move should take: the time per move, or the game clock's
        share for one move (the time left over :attr:`MOVES_AHEAD` moves plus the
        increment), whichever is less; never more than :meth:`allowed_ms`."""
        share = math.inf if self.turn_ms is None else float(self.turn_ms)
        if self.game_ms is not None and left_ms is not None:
            left = max(0.0, left_ms)
            share = min(share, left / self.MOVES_AHEAD + self.increment_ms, left)
        return share

    def budget_ms(self, left_ms: float | None) -> float:
        """What a searching player of ours is given for its next move: its share less
        the safety share (:func:`safety_ms`), at least 1 ms."""
        share = self.share_ms(left_ms)
        return max(MIN_BUDGET_MS, share - safety_ms(share))

    def label(self) -> str:
        """The control in words: "100 ms a move", "60000 ms a game + 100 ms a move"."""
        parts = []
        if self.turn_ms is not None:
            parts.append(f"{self.turn_ms:g} ms a move")
        if self.game_ms is not None:
            plus = f" + {self.increment_ms:g} ms a move" if self.increment_ms else ""
            parts.append(f"{self.game_ms:g} ms a game{plus}")
        return ", ".join(parts)

    def as_json(self) -> dict[str, float]:
        """The control as JSON (only the values that are set)."""
        fields = {
            "turn_ms": self.turn_ms,
            "game_ms": self.game_ms,
            "increment_ms": self.increment_ms,
            "margin_ms": self.margin_ms,
        }
        return {key: value for key, value in fields.items() if value}

    @classmethod
    def from_json(cls, data: Any) -> TimeControl:
        """A control from :meth:`as_json`'s object (``ValueError`` when it is not one)."""
        if not isinstance(data, dict):
            raise ValueError("a time control is an object")
        known = {"turn_ms", "game_ms", "increment_ms", "margin_ms"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown time control fields: {', '.join(map(str, unknown))}")
        return cls(**data)

    @classmethod
    def parse(cls, text: str, margin_ms: float = 0.0) -> TimeControl:
        """A control written as ``turn=MS``, ``game=MS`` or ``game=MS+INC``, or both parts
        separated by a space or a slash (``turn=5000 game=120000``, Gomocup's fast games)."""
        turn: float | None = None
        game: float | None = None
        increment = 0.0
        readable = True
        for part in text.replace("/", " ").split():
            key, equals, value = part.partition("=")
            key = key.strip().lower()
            try:
                if equals and key == "turn" and turn is None:
                    turn = float(value)
                elif equals and key == "game" and game is None:
                    total, _, plus = value.partition("+")
                    game = float(total)
                    increment = float(plus) if plus.strip() else 0.0
                else:
                    readable = False
            except ValueError:
                readable = False
        if not readable or (turn is None and game is None):
            raise ValueError(
                f"[{text}] is not a time control: write [turn=MS] for a time per move, "
                "[game=MS] or [game=MS+INC] for a time per game, or both ([turn=MS game=MS])"
            )
        # The values' own checks ("more than 0") say what is wrong with a readable one.
        return cls(turn, game, increment, margin_ms)


class SideClock:
    """One side's clock in one game under ``control`` (see the module's description)."""

    __slots__ = ("control", "left_ms", "moves")

    def __init__(self, control: TimeControl) -> None:
        self.control = control
        self.left_ms: float | None = control.start_ms()
        """The game clock's time left (None: no game clock); negative once over."""
        self.moves = 0

    def allowed_ms(self) -> float:
        """The most the next move may take (the margin comes on top)."""
        return self.control.allowed_ms(self.left_ms)

    def budget_ms(self) -> float:
        """A searching player's budget for its next move (:meth:`TimeControl.budget_ms`)."""
        return self.control.budget_ms(self.left_ms)

    def time_left_ms(self) -> int:
        """The game time left as the Gomocup protocol's ``INFO time_left`` says it:
        :data:`UNLIMITED_MS` without a game clock, negative once over."""
        if self.left_ms is None:
            return UNLIMITED_MS
        return round(self.left_ms)

    def over(self, spent_ms: float, grace_ms: float = 0.0) -> bool:
        """Whether a move that took ``spent_ms`` was over the time it had, the margin and
        ``grace_ms`` more."""
        return spent_ms > self.allowed_ms() + self.control.margin_ms + grace_ms

    def charge(
        self, spent_ms: float, *, grace_ms: float = 0.0, counted_ms: float | None = None
    ) -> bool:
        """Count a move that took ``spent_ms``; True when it was over its time (the side
        loses on time). ``grace_ms`` is allowed on top of the margin, and ``counted_ms``
        is what the game clock is charged when that is not the whole time (a brain's
        first move, which may include its own set-up)."""
        flagged = self.over(spent_ms, grace_ms)
        self.moves += 1
        if self.left_ms is not None:
            self.left_ms -= spent_ms if counted_ms is None else counted_ms
            self.left_ms += self.control.increment_ms
        return flagged


class GameClock:
    """Both sides' clocks in one game: sets their budgets, flags the one over its time.

    ``controls`` gives each mark its control (None: that side is not timed here; a
    Gomocup brain's clock is kept by its manager, which knows when its answer came);
    ``seats`` are the players, whose ``budget_ms`` is set before each of their moves.
    Moves before ply ``opening`` (an opening's stones, played for the players) are not
    timed. Hand :meth:`on_move` and :meth:`over` to the play loop as its hook and stop.
    """

    def __init__(
        self,
        controls: TimeControl | dict[Mark, TimeControl | None],
        seats: dict[Mark, Any],
        opening: int = 0,
    ) -> None:
        if isinstance(controls, TimeControl):
            controls = {Mark.X: controls, Mark.O: controls}
        self.clocks = {
            mark: None if control is None else SideClock(control)
            for mark, control in controls.items()
        }
        self.seats = seats
        self.opening = opening
        self.flagged: Mark | None = None
        """The side that lost on time, once one has."""
        self.flag_reason = ""
        self._swapped = False
        for mark, seat in seats.items():
            clock = self.clocks.get(mark)
            if clock is not None:
                seat.budget_ms = clock.budget_ms()

    def on_move(self, board: Any, _cell: int, answer: Any) -> None:
        """The play loop's hook: ``answer`` is the move's time in seconds, or a thought
        with its ``seconds``."""
        mover = board.to_move
        if board.ply < self.opening or self.flagged is not None:
            return
        clock = self.clocks.get(mover)
        if clock is None:
            return
        spent = float(getattr(answer, "seconds", answer)) * 1000.0
        allowed = clock.allowed_ms()
        if clock.charge(spent):
            self.flagged = mover
            self.flag_reason = (
                f"over its time: {spent:.0f} ms for a move, with {allowed:.0f} ms and "
                f"{clock.control.margin_ms:g} ms of margin"
            )
        self.seats[mover].budget_ms = clock.budget_ms()

    def over(self) -> bool:
        """The play loop's stop: whether a side has lost on time."""
        return self.flagged is not None

    def on_choice(self, _board: Any, opening: Any) -> None:
        """The play loop's hook for a swap opening's choices: when the players exchange
        marks, each keeps its own clock and its budget (the clocks change marks with them)."""
        swapped = bool(opening.swapped)
        if swapped == self._swapped:
            return
        self._swapped = swapped
        x, o = Mark.X, Mark.O
        self.clocks[x], self.clocks[o] = self.clocks.get(o), self.clocks.get(x)
        self.seats[x], self.seats[o] = self.seats[o], self.seats[x]
