"""What the parser of ``ttt-arena`` and its commands share: their errors (a refusal is
exit 2, a failure exit 1, a misuse of the options the parser's usage and exit 2), the
progress line on stderr, the seats and the checks of the players and the board, the clock
read from the options, and the brain's options (``ttt-arena brain`` and ``pbrain-ttt``).

The parser imports this module, so it stays light: the rules, the clock and the roster,
nothing that plays a game (docs/manual/developer/architecture.md, "Cold start").
Nothing here imports Qt.
"""

from __future__ import annotations

import argparse
import time
from typing import Final, TextIO

from ttt_desktop.core.clock import PLAYER_MARGIN_MS, TimeControl
from ttt_desktop.core.rules import GOMOKU, Rules
from ttt_desktop.players import KINDS
from ttt_desktop.players.roster import boards_text
from ttt_desktop.players.roster import kinds_for as roster_kinds_for
from ttt_desktop.players.roster import supports as roster_supports

ARENA_KINDS: Final[tuple[str, ...]] = tuple(kind for kind in KINDS if kind != "sequence")
"""The kinds the arena can field: every computer player but the scripted one."""


PROGRESS_INTERVAL_SECONDS: Final = 1.0

BRAIN_PREFIX: Final = "brain:"
ENGINE_PREFIX: Final = "engine:"


class FailedError(Exception):
    """The run failed partway (a worker process died); what was finished is kept."""


class RefusedError(Exception):
    """The run cannot be done as asked (a player or a figure does not support the rules)."""


class UsageError(Exception):
    """The options do not go together: said as the parser says a bad option (its usage
    line, then the reason; exit 2)."""


class ProgressLine:
    """ProgressLine lines on stderr, only once a task has run for a second, then once a second."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self._started = time.perf_counter()
        self._last = self._started

    @property
    def stream(self) -> TextIO:
        return self._stream

    def say(self, message: str) -> None:
        now = time.perf_counter()
        # A little slack, so that a caller reporting once a second is not skipped every other time.
        due = now - self._last >= 0.9 * PROGRESS_INTERVAL_SECONDS
        if due and now - self._started >= PROGRESS_INTERVAL_SECONDS:
            self._last = now
            self._stream.write(f"[{now - self._started:6.1f} s] {message}\n")
            self._stream.flush()


def is_brain_seat(seat: str) -> bool:
    """Whether a ``--x``/``--o`` seat is an external brain (``brain:`` or ``engine:``)."""
    return seat.startswith((BRAIN_PREFIX, ENGINE_PREFIX))


def default_brain_kind() -> str:
    """What a brain plays without ``--player``: the roster's strongest kind for five in a
    row (the roster lists the kinds weakest first)."""
    return roster_kinds_for(GOMOKU)[-1]


def add_brain_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of a brain, ``ttt-arena brain`` and ``pbrain-ttt`` alike."""
    default = default_brain_kind()
    parser.add_argument(
        "--player",
        default=default,
        choices=[kind for kind in KINDS if kind != "sequence"],
        metavar="KIND",
        help=f"the kind that plays (default {default}, the strongest for five in a row)",
    )
    parser.add_argument("--seed", type=int, metavar="S", help="for a repeatable brain")


def arena_kinds_for(rules: Rules) -> tuple[str, ...]:
    """The arena's kinds that play ``rules``, weakest first."""
    playing = set(roster_kinds_for(rules))
    return tuple(kind for kind in ARENA_KINDS if kind in playing)


def check_players(rules: Rules, *kinds: str) -> None:
    for kind in kinds:
        if not roster_supports(kind, rules):
            which = boards_text(kind)
            if which == "tic-tac-toe":
                which = "tic-tac-toe (3,3,3)"
            raise RefusedError(
                f"{kind} plays only {which}, not {rules.title} ({rules.key}); "
                f"kinds for {rules.key}: {', '.join(arena_kinds_for(rules))}"
            )


def classic_only(rules: Rules, what: str, why: str) -> None:
    if not rules.is_classic:
        raise RefusedError(f"{what} is for tic-tac-toe (3,3,3) only, not {rules.key}: {why}")


def time_control(arguments: argparse.Namespace) -> TimeControl | None:
    """The ``--turn-ms``/``--game-ms``/``--increment-ms``/``--margin-ms`` clock (None when
    neither time is given); :class:`UsageError` for an increment or a margin without one."""
    turn, game = arguments.turn_ms, arguments.game_ms
    increment = arguments.increment_ms or 0.0
    margin = PLAYER_MARGIN_MS if arguments.margin_ms is None else arguments.margin_ms
    if turn is None and game is None:
        if increment or arguments.margin_ms is not None:
            raise UsageError("--increment-ms and --margin-ms go with --game-ms or --turn-ms")
        return None
    if increment and game is None:
        raise UsageError("--increment-ms goes with --game-ms")
    return TimeControl(turn, game, increment, margin)
