"""What the commands of ``ttt-arena`` share: their errors (a refusal is exit 2,
a failure exit 1), the progress line on stderr, the checks of the players and the board,
the clock and the openings read from the options, the library writer.

Nothing here imports Qt.
"""

from __future__ import annotations

import argparse
import time
from typing import Any, Final, TextIO

from ttt_desktop.core.clock import PLAYER_MARGIN_MS
from ttt_desktop.core.rules import Rules
from ttt_desktop.players import KINDS
from ttt_desktop.players.roster import boards_text
from ttt_desktop.players.roster import kinds_for as roster_kinds_for
from ttt_desktop.players.roster import supports as roster_supports

ARENA_KINDS: Final[tuple[str, ...]] = tuple(kind for kind in KINDS if kind != "sequence")
"""The kinds the arena can field: every computer player but the scripted one."""


PROGRESS_INTERVAL_SECONDS: Final = 1.0


class FailedError(Exception):
    """The run failed partway (a worker process died); what was finished is kept."""


class RefusedError(Exception):
    """The run cannot be done as asked (a player or a figure does not support the rules)."""


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


def time_control(arguments: argparse.Namespace) -> Any:
    """The ``--turn-ms``/``--game-ms``/``--increment-ms``/``--margin-ms`` clock (None when
    neither time is given)."""
    turn, game = arguments.turn_ms, arguments.game_ms
    increment = arguments.increment_ms or 0.0
    margin = PLAYER_MARGIN_MS if arguments.margin_ms is None else arguments.margin_ms
    if turn is None and game is None:
        if increment or arguments.margin_ms is not None:
            raise ValueError("--increment-ms and --margin-ms go with --game-ms or --turn-ms")
        return None
    if increment and game is None:
        raise ValueError("--increment-ms goes with --game-ms")
    from ttt_desktop.core.clock import TimeControl  # noqa: PLC0415

    return TimeControl(turn, game, increment, margin)


def openings_of(arguments: argparse.Namespace, rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The openings --openings names (none without it), read before any player starts.

    A missing, unreadable or malformed file, and --symmetries alone, are refused (exit 2)
    with the reason in one line.
    """
    if arguments.openings is None:
        if arguments.symmetries:
            raise RefusedError("--symmetries turns openings: give --openings too")
        return ()
    from ttt_desktop.lab.openings import builtin_openings, read_openings  # noqa: PLC0415

    if arguments.openings == "builtin":
        return builtin_openings(rules)
    try:
        return read_openings(arguments.openings, rules)
    except ValueError as error:  # UserFileError among them: missing, too big, not text
        raise RefusedError(f"--openings: {error}") from None


def library_writer(
    arguments: argparse.Namespace, kind: str, name: str, settings: dict[str, Any]
) -> Any:
    path = getattr(arguments, "library", None)
    if path is None:
        return None
    from ttt_desktop.lab.storing import LibraryWriter  # noqa: PLC0415  (loads the library)

    return LibraryWriter(path, kind, name, settings)
