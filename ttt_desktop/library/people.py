"""A player's record from the library: results overall and per opponent, streaks, habits.

Qt-free. :func:`person_stats` reads one player's games (a person's or a computer's)
in the order they were played and sums them up; the coach's review gives the
mistakes per game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final, Literal

from ttt_desktop.engine.board import Mark
from ttt_desktop.library.store import GameFilter, GameRow, Library

Result = Literal["win", "draw", "loss"]

#: Mistakes per game are counted over at most this many of the latest games.
REVIEWED_GAMES: Final = 100


@dataclass(frozen=True)
class Tally:
    """Wins, draws and losses (finished games only)."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def plus(self, result: Result) -> Tally:
        return Tally(
            self.wins + (result == "win"),
            self.draws + (result == "draw"),
            self.losses + (result == "loss"),
        )


@dataclass(frozen=True)
class OpponentRecord:
    """The player's results against one opponent."""

    key: str
    name: str
    tally: Tally


@dataclass(frozen=True)
class Streak:
    """A run of the same result: ``kind`` ("win", "draw", "loss") ``length`` times."""

    kind: Result
    length: int


@dataclass(frozen=True)
class PersonStats:
    """Everything the People page shows about one player."""

    key: str
    name: str
    games: int  # stored games, finished or not
    unfinished: int
    tally: Tally
    opponents: tuple[OpponentRecord, ...]  # most games first
    current_streak: Streak | None
    longest_winning_streak: int
    longest_unbeaten_streak: int
    favourite_first_move: tuple[int, int] | None  # (cell, how often) when the player began
    first_moves: int  # games the player began with a move
    mistakes_per_game: float | None  # over the latest REVIEWED_GAMES finished games
    reviewed_games: int
    timeline: tuple[tuple[str, Result], ...]  # (start time, result) of finished games, in order

    @property
    def score(self) -> float | None:
        """Points per finished game (win 1, draw 1/2); None before the first."""
        total = self.tally.games
        return None if total == 0 else (self.tally.wins + self.tally.draws / 2) / total


def _side(row: GameRow, key: str) -> Mark:
    return Mark.X if row.x_key == key else Mark.O


def _result(row: GameRow, mark: Mark) -> Result:
    if row.result == "draw":
        return "draw"
    return "win" if row.result == mark.value else "loss"


def _longest(results: list[Result], allowed: frozenset[str]) -> int:
    best = run = 0
    for result in results:
        run = run + 1 if result in allowed else 0
        best = max(best, run)
    return best


def person_stats(library: Library, key: str, *, review: bool = True) -> PersonStats:
    """Sum up player ``key``'s games (games against themselves are left out)."""
    rows = [
        row
        for row in library.rows(GameFilter(person=key))
        if not (row.x_key == key and row.o_key == key)
    ]
    name = next(
        (row.x_name if row.x_key == key else row.o_name for row in reversed(rows)),
        key.partition(":")[2],
    )
    tally = Tally()
    per_opponent: dict[str, Tally] = {}
    opponent_names: dict[str, str] = {}
    results: list[Result] = []
    timeline: list[tuple[str, Result]] = []
    openings: Counter[int] = Counter()
    for row in rows:
        mark = _side(row, key)
        if row.first == mark.value and row.moves:
            openings[_cell_of_digit(row.moves[0])] += 1
        if row.result is None:
            continue
        result = _result(row, mark)
        other_key, other_name = (
            (row.o_key, row.o_name) if mark is Mark.X else (row.x_key, row.x_name)
        )
        opponent_names[other_key] = other_name
        per_opponent[other_key] = per_opponent.get(other_key, Tally()).plus(result)
        tally = tally.plus(result)
        results.append(result)
        timeline.append((row.started_at, result))
    current = None
    if results:
        last = results[-1]
        length = len(results) - next(
            (i + 1 for i in range(len(results) - 1, -1, -1) if results[i] != last), 0
        )
        current = Streak(last, length)
    opponents = tuple(
        sorted(
            (OpponentRecord(k, opponent_names[k], t) for k, t in per_opponent.items()),
            key=lambda record: (-record.tally.games, record.name.casefold()),
        )
    )
    favourite = None
    if openings:
        cell, count = min(openings.items(), key=lambda item: (-item[1], item[0]))
        favourite = (cell, count)
    mistakes, reviewed = (None, 0)
    if review:
        mistakes, reviewed = _mistakes_per_game(library, key, rows)
    return PersonStats(
        key=key,
        name=name,
        games=len(rows),
        unfinished=sum(row.result is None for row in rows),
        tally=tally,
        opponents=opponents,
        current_streak=current,
        longest_winning_streak=_longest(results, frozenset({"win"})),
        longest_unbeaten_streak=_longest(results, frozenset({"win", "draw"})),
        favourite_first_move=favourite,
        first_moves=sum(openings.values()),
        mistakes_per_game=mistakes,
        reviewed_games=reviewed,
        timeline=tuple(timeline),
    )


def _cell_of_digit(digit: str) -> int:
    from ttt_desktop.engine.cells import cell_from_keypad  # noqa: PLC0415

    return cell_from_keypad(int(digit))


def _mistakes_per_game(library: Library, key: str, rows: list[GameRow]) -> tuple[float | None, int]:
    from ttt_desktop.analysis.coach import review_game  # noqa: PLC0415

    finished = [row for row in rows if row.result is not None][-REVIEWED_GAMES:]
    if not finished:
        return None, 0
    total = 0
    for row in finished:
        review = review_game(library.record(row.id))
        total += review.summaries[_side(row, key)].mistakes
    return total / len(finished), len(finished)
