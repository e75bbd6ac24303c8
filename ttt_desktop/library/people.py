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
from ttt_desktop.library.store import Library

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


def _longest(results: list[Result], allowed: frozenset[str]) -> int:
    best = run = 0
    for result in results:
        run = run + 1 if result in allowed else 0
        best = max(best, run)
    return best


def person_stats(library: Library, key: str, *, review: bool = True) -> PersonStats:
    """Sum up player ``key``'s games (games against themselves are left out).

    Reads plain columns in one query (tens of thousands of games in well under a second).
    """
    rows = [row for row in library.player_games(key) if not (row[1] == key and row[2] == key)]
    name = key.partition(":")[2]
    if rows:
        last = rows[-1]
        name = last[3] if last[1] == key else last[4]
    wins: Counter[str] = Counter()
    draws: Counter[str] = Counter()
    losses: Counter[str] = Counter()
    opponent_names: dict[str, str] = {}
    results: list[Result] = []
    timeline: list[tuple[str, Result]] = []
    openings: Counter[str] = Counter()
    finished_ids: list[tuple[int, str]] = []
    for row_id, x_key, o_key, x_name, o_name, first, result, opening, started in rows:
        mine = "X" if x_key == key else "O"
        if first == mine and opening:
            openings[opening] += 1
        if result is None:
            continue
        other = o_key if mine == "X" else x_key
        opponent_names[other] = o_name if mine == "X" else x_name
        outcome: Result = "draw" if result == "draw" else "win" if result == mine else "loss"
        (wins if outcome == "win" else draws if outcome == "draw" else losses)[other] += 1
        results.append(outcome)
        timeline.append((started, outcome))
        finished_ids.append((row_id, mine))
    current = None
    if results:
        last_result = results[-1]
        length = len(results) - next(
            (i + 1 for i in range(len(results) - 1, -1, -1) if results[i] != last_result), 0
        )
        current = Streak(last_result, length)
    opponents = tuple(
        sorted(
            (
                OpponentRecord(k, opponent_names[k], Tally(wins[k], draws[k], losses[k]))
                for k in opponent_names
            ),
            key=lambda record: (-record.tally.games, record.name.casefold()),
        )
    )
    favourite = None
    if openings:
        digit, count = min(openings.items(), key=lambda item: (-item[1], _cell_of_digit(item[0])))
        favourite = (_cell_of_digit(digit), count)
    mistakes, reviewed = (None, 0)
    if review:
        mistakes, reviewed = _mistakes_per_game(library, finished_ids)
    return PersonStats(
        key=key,
        name=name,
        games=len(rows),
        unfinished=len(rows) - len(results),
        tally=Tally(sum(wins.values()), sum(draws.values()), sum(losses.values())),
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


def _mistakes_per_game(
    library: Library, finished: list[tuple[int, str]]
) -> tuple[float | None, int]:
    from ttt_desktop.analysis.coach import review_game  # noqa: PLC0415

    latest = finished[-REVIEWED_GAMES:]
    if not latest:
        return None, 0
    total = 0
    for row_id, mark in latest:
        review = review_game(library.record(row_id))
        total += review.summaries[Mark(mark)].mistakes
    return total / len(latest), len(latest)
