"""A match: the same two computer players, many games, and what they add up to.

:func:`play_match` plays ``games`` games of one X player against one O player through
the one game loop (:func:`ttt_desktop.core.play.play_game`) on any rules both play, and
sums wins, draws, moves and think times per side into a :class:`MatchResult`. Each game
can be handed on as it ends (``on_game``), for the game library or a list of the games.

The loop is lean on purpose (the bar is a hundred thousand 3x3 games a second): a game
costs the play loop's call and four additions here.

Nothing here imports Qt.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from ttt_desktop.core.board import Mark
from ttt_desktop.core.play import PlayedGame, play_games
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules, coerce_rules
from ttt_desktop.players.base import Player

__all__ = ["STARTS", "MatchResult", "SideResult", "play_match"]

STARTS: Final = ("x", "o", "alternate", "random")
"""Who moves first in each game of a match."""

# On Python 3.11 ``Mark.X`` costs about 0.3 us (the enum metaclass's attribute hook); the
# match loop compares with these names instead.
_X: Final = Mark.X
_O: Final = Mark.O

_PROGRESS_INTERVAL_NS: Final = 1_000_000_000


@dataclass(frozen=True)
class SideResult:
    """One side of a match: who played it and how it did."""

    kind: str
    name: str
    seed: int
    wins: int
    moves: int
    total_move_ns: int
    max_move_ns: int

    @property
    def mean_move_us(self) -> float:
        """Mean time per move in microseconds (0 when the side never moved)."""
        return self.total_move_ns / self.moves / 1000 if self.moves else 0.0

    @property
    def max_move_us(self) -> float:
        return self.max_move_ns / 1000

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "seed": self.seed,
            "wins": self.wins,
            "moves": self.moves,
            "mean_move_us": round(self.mean_move_us, 3),
            "max_move_us": round(self.max_move_us, 3),
        }


@dataclass(frozen=True)
class MatchResult:
    """The outcome of ``games`` games between the same X and O players."""

    x: SideResult
    o: SideResult
    draws: int
    games: int
    x_started: int
    start: str
    seconds: float
    rules: Rules = TIC_TAC_TOE

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def losses(self, mark: Mark) -> int:
        """Games lost by ``mark``'s side: the other side's wins."""
        return self.o.wins if mark is Mark.X else self.x.wins

    def as_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules.key,
            "games": self.games,
            "start": self.start,
            "x_started": self.x_started,
            "o_started": self.games - self.x_started,
            "x": self.x.as_json(),
            "o": self.o.as_json(),
            "x_wins": self.x.wins,
            "o_wins": self.o.wins,
            "draws": self.draws,
            "seconds": round(self.seconds, 6),
            "games_per_second": round(self.games_per_second, 1),
        }


def _first_movers(start: str, rng: random.Random) -> Callable[[int], Mark]:
    if start == "x":
        return lambda game: _X
    if start == "o":
        return lambda game: _O
    if start == "alternate":
        return lambda game: _X if game % 2 == 0 else _O
    if start == "random":
        return lambda game: _X if rng.random() < 0.5 else _O
    raise ValueError(f"start is one of {', '.join(STARTS)}, not {start!r}")


def play_match(
    x_player: Player,
    o_player: Player,
    games: int,
    *,
    rules: Rules | str | None = None,
    start: str = "x",
    start_seed: int = 0,
    on_progress: Callable[[int], None] | None = None,
    on_game: Callable[[PlayedGame], None] | None = None,
    move_times: bool = False,
    opening_rule: str = "free",
) -> MatchResult:
    """Play ``games`` games of ``rules`` (tic-tac-toe when None), ``x_player`` against ``o_player``.

    ``start`` says who moves first: always X, always O, in turn (X first) or at
    random (from ``start_seed``). ``on_progress`` hears the number of games
    played, once a second. ``on_game`` hears each game as it ends; ``move_times``
    keeps each move's think time in it (for the game library; it slows the loop).
    ``opening_rule`` "swap" or "swap2" lets the first mover place three stones and the
    other choose a colour (:mod:`ttt_desktop.core.swap`); the tallies are the players'
    (``x_player``'s wins whichever mark it ended up with), and a game's moves and times
    count for the mark that played them, given to the player who held it at the end.
    """
    rules = coerce_rules(rules)
    keep = on_game is not None
    first_of = _first_movers(start, random.Random(start_seed))
    fixed_first = {"x": _X, "o": _O}.get(start)
    clock = time.perf_counter_ns
    x_wins = o_wins = x_started = 0
    x_ns = o_ns = x_max = o_max = x_moves = o_moves = 0
    started = time.perf_counter()
    next_report_ns = clock() + _PROGRESS_INTERVAL_NS
    firsts = (
        itertools.repeat(fixed_first, games)
        if fixed_first is not None
        else (first_of(game) for game in range(games))
    )
    series = play_games(
        x_player,
        o_player,
        firsts,
        rules,
        timed=True,
        keep_moves=keep,
        move_times=move_times,
        opening_rule=opening_rule,
    )
    for game, played in enumerate(series, 1):
        board, first, _, _, seat_ns, _ = played
        plies = board.ply  # type: ignore[attr-defined]
        swapped = played.swapped
        if swapped:  # the seats exchanged marks: the marks' figures go to the other seat
            first = first.opponent  # type: ignore[attr-defined]
            seat_ns = (*seat_ns[2:], *seat_ns[:2])  # type: ignore[index]
        if first is _X:
            x_started += 1
            x_moves += (plies + 1) >> 1
            o_moves += plies >> 1
        else:
            o_moves += (plies + 1) >> 1
            x_moves += plies >> 1
        game_x_ns: int
        game_x_max: int
        game_o_ns: int
        game_o_max: int
        game_x_ns, game_x_max, game_o_ns, game_o_max = seat_ns  # type: ignore[misc]
        x_ns += game_x_ns
        o_ns += game_o_ns
        # Comparisons, not max(): this loop runs a hundred thousand times a second.
        if game_x_max > x_max:  # noqa: PLR1730
            x_max = game_x_max
        if game_o_max > o_max:  # noqa: PLR1730
            o_max = game_o_max
        winner = board.winner  # type: ignore[attr-defined]
        if type(played) is not PlayedGame:
            # A forfeit (a brain's failure) is the game's, not the board's; the opening's
            # exchange makes the winning mark the other seat's.
            winner = played.seat_winner
        if winner is _X:
            x_wins += 1
        elif winner is _O:
            o_wins += 1
        if on_game is not None:
            on_game(played)
        if on_progress is not None and clock() >= next_report_ns:
            on_progress(game)
            next_report_ns = clock() + _PROGRESS_INTERVAL_NS
    seconds = time.perf_counter() - started
    return MatchResult(
        x=SideResult(x_player.kind, x_player.name, x_player.seed, x_wins, x_moves, x_ns, x_max),
        o=SideResult(o_player.kind, o_player.name, o_player.seed, o_wins, o_moves, o_ns, o_max),
        draws=games - x_wins - o_wins,
        games=games,
        x_started=x_started,
        start=start,
        seconds=seconds,
        rules=rules,
    )
