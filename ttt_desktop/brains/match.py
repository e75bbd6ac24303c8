"""Games with brains in them: the one play loop, plus forfeits and the pipe's log.

:func:`play_brain_game` plays one game through :func:`ttt_desktop.core.play.play_game`
between any two players (brains or ours) and makes its
:class:`~ttt_desktop.core.record.GameRecord`: a brain that breaks a rule loses the game
with the reason in the record's ``forfeit``, and what was said on the brains' pipes goes
in its ``log`` (each line marked with the brain's mark). A brain that declines the board
raises :class:`~ttt_desktop.brains.manager.BrainRefused`: there is no game.

Nothing here imports Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ttt_desktop.brains.player import BrainPlayer
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.clock import GameClock, TimeControl
from ttt_desktop.core.play import play_game
from ttt_desktop.core.record import (
    MAX_LOG_LINE,
    MAX_LOG_LINES,
    Forfeit,
    GameRecord,
    PlayerEntry,
    utc_now,
)
from ttt_desktop.core.rules import Rules
from ttt_desktop.players.base import Player

__all__ = ["BrainMatchResult", "entry_of", "game_log", "play_brain_game", "play_brain_match"]


def entry_of(player: Player) -> PlayerEntry:
    """How a record names ``player`` (a brain has no seed of ours)."""
    seed = None if isinstance(player, BrainPlayer) else player.seed
    return PlayerEntry(player.kind, player.name, seed)


def game_log(x: Any, o: Any) -> tuple[str, ...]:
    """Both brains' logs, in the order things were said: ``X 12.3 > TURN 7,7`` is what
    the manager wrote to X 12.3 ms after the first line of the game. Any seat with a
    ``take_log()`` (a :class:`BrainPlayer`, or a seat holding one) counts; the others say
    nothing."""
    timed: list[tuple[float, str, str]] = []
    for mark, player in ((Mark.X, x), (Mark.O, o)):
        take_log = getattr(player, "take_log", None)
        if take_log is not None:
            timed.extend((when, mark.value, line) for when, line in take_log())
    timed.sort(key=lambda entry: entry[0])
    origin = timed[0][0] if timed else 0.0
    lines = [f"{mark} {(when - origin) * 1000:.1f} {line}" for when, mark, line in timed]
    lines = [line[:MAX_LOG_LINE] for line in lines]
    if len(lines) > MAX_LOG_LINES:
        half = MAX_LOG_LINES // 2
        left_out = len(lines) - 2 * half + 1
        lines = [*lines[:half], f"... {left_out:,} lines left out ...", *lines[-half + 1 :]]
    return tuple(lines)


def play_brain_game(
    x: Player,
    o: Player,
    rules: Rules,
    first: Mark = Mark.X,
    *,
    on_move: Callable[[Board, int, Any], None] | None = None,
    clock: TimeControl | None = None,
    opening_rule: str = "free",
) -> GameRecord:
    """One game between ``x`` and ``o``; a brain's failure is the other side's win.

    ``clock`` times our players too (a brain keeps its own, in its manager): each is
    given its budget from it, and one over its time loses the game, the reason in the
    record's forfeit. ``opening_rule`` "swap" or "swap2" plays that opening first (the
    record seats the players on the marks they ended up with)."""
    moves: list[int] = []
    seconds: list[float] = []
    timer = None
    if clock is not None:
        seats = {Mark.X: x, Mark.O: o}
        controls = {
            mark: None if getattr(seat, "may_forfeit", False) else clock
            for mark, seat in seats.items()
        }
        timer = GameClock(controls, seats)

    def heard(board: Board, cell: int, thought: Any) -> None:
        moves.append(cell)
        seconds.append(round(thought.seconds, 3))
        if timer is not None:
            timer.on_move(board, cell, thought)
        if on_move is not None:
            on_move(board, cell, thought)

    started = utc_now()
    stop = None if timer is None else timer.over
    played = play_game(
        x,
        o,
        rules,
        first,
        think=True,
        on_move=heard,
        stop=stop,
        opening_rule=opening_rule,
        on_choice=None if timer is None else timer.on_choice,
    )
    # The loop turns a brain's BrainFailure (a SeatForfeit) into the loss of the game.
    forfeit = None if played.forfeit is None else Forfeit(*played.forfeit)
    if timer is not None and timer.flagged is not None:
        # The move made after its time is not played: the game ends before it, lost.
        forfeit = Forfeit(timer.flagged, timer.flag_reason)
        del moves[-1], seconds[-1]
    board = Board.empty(first, rules).play_all(moves)
    if played.swapped:  # the opening exchanged the players' marks
        x, o = o, x
    return GameRecord(
        entry_of(x),
        entry_of(o),
        first,
        moves=tuple(moves),
        move_seconds=tuple(seconds),
        started_at=started,
        finished_at=utc_now() if board.is_over or forfeit else None,
        rules=rules,
        forfeit=forfeit,
        log=game_log(x, o),
        opening=played.opening,
    )


@dataclass
class BrainMatchResult:
    """What a match with brains added up to (X and O as seated)."""

    games: int = 0
    x_wins: int = 0
    o_wins: int = 0
    draws: int = 0
    forfeits: list[str] = field(default_factory=list)

    def add(self, record: GameRecord) -> None:
        """Count one finished game (for the players as seated: after a swap opening's
        exchange the mark that won is the other seat's)."""
        self.games += 1
        result = record.result
        if record.opening is not None and record.opening.swapped and result in ("X", "O"):
            result = "O" if result == "X" else "X"
        if result == "X":
            self.x_wins += 1
        elif result == "O":
            self.o_wins += 1
        else:
            self.draws += 1
        if record.forfeit is not None:
            loser = record.player(record.forfeit.loser).name
            self.forfeits.append(f"game {self.games}: {loser} lost: {record.forfeit.reason}")


def play_brain_match(
    x: Player,
    o: Player,
    games: int,
    rules: Rules,
    *,
    alternate: bool = False,
    stop: Callable[[], bool] | None = None,
    clock: TimeControl | None = None,
    opening_rule: str = "free",
) -> Iterator[GameRecord]:
    """``games`` games between ``x`` and ``o`` (X first, or in turn with ``alternate``),
    each record yielded as its game ends (``clock``: as :func:`play_brain_game`)."""
    for index in range(games):
        if stop is not None and stop():
            return
        first = Mark.O if alternate and index % 2 else Mark.X
        yield play_brain_game(x, o, rules, first, clock=clock, opening_rule=opening_rule)
