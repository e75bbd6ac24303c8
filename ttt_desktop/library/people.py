"""A player's record from the library: results overall and per opponent, streaks, habits.

Qt-free. :func:`person_stats` reads one player's games (a person's or a computer's)
in the order they were played and sums them up; the coach's review gives the
mistakes per game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from ttt_desktop.core.board import Mark
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules
from ttt_desktop.library.store import Library

if TYPE_CHECKING:
    from ttt_desktop.analysis.board_coach import OutcomeWord as Outcome


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

    def plus(self, result: Outcome) -> Tally:
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

    kind: Outcome
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
    first_moves: int  # games the player began with a move (on the favourite's rules)
    mistakes_per_game: float | None  # over the latest REVIEWED_GAMES finished games
    reviewed_games: int
    timeline: tuple[tuple[str, Outcome], ...]  # (start time, result) of finished games, in order
    rules: Rules | None = None  # the rules summed up; None: every rules
    opening_rules: Rules = TIC_TAC_TOE  # the rules the favourite first move was played on

    def favourite_first_move_name(self) -> str | None:
        """The favourite first move's cell named on its board ("5", "h8")."""
        if self.favourite_first_move is None:
            return None
        return self.opening_rules.geometry.name(self.favourite_first_move[0])

    @property
    def score(self) -> float | None:
        """Points per finished game (win 1, draw 1/2); None before the first."""
        total = self.tally.games
        return None if total == 0 else (self.tally.wins + self.tally.draws / 2) / total


def _longest(results: list[Outcome], allowed: frozenset[str]) -> int:
    best = run = 0
    for result in results:
        run = run + 1 if result in allowed else 0
        best = max(best, run)
    return best


def person_stats(
    library: Library, key: str, *, review: bool = True, rules: Rules | str | None = None
) -> PersonStats:
    """Sum up player ``key``'s games of ``rules`` (None: every rules; games against
    themselves are left out). The favourite first move is on the rules they played most;
    mistakes are counted on tic-tac-toe's games, the only ones the coach reviews.

    Reads plain columns in one query (tens of thousands of games in well under a second).
    """
    wanted = None if rules is None else Rules.parse(rules)
    rows = [
        row for row in library.player_games(key, wanted) if not (row[1] == key and row[2] == key)
    ]
    name = key.partition(":")[2]
    if rows:
        last = rows[-1]
        name = last[3] if last[1] == key else last[4]
    wins: Counter[str] = Counter()
    draws: Counter[str] = Counter()
    losses: Counter[str] = Counter()
    opponent_names: dict[str, str] = {}
    results: list[Outcome] = []
    timeline: list[tuple[str, Outcome]] = []
    openings: dict[str, Counter[str]] = {}
    played: Counter[str] = Counter()
    finished_ids: list[tuple[int, str]] = []
    for row_id, x_key, o_key, x_name, o_name, first, result, opening, started, game_rules in rows:
        mine = "X" if x_key == key else "O"
        played[game_rules] += 1
        if first == mine and opening:
            openings.setdefault(game_rules, Counter())[opening] += 1
        if result is None:
            continue
        other = o_key if mine == "X" else x_key
        opponent_names[other] = o_name if mine == "X" else x_name
        outcome: Outcome = "draw" if result == "draw" else "win" if result == mine else "loss"
        (wins if outcome == "win" else draws if outcome == "draw" else losses)[other] += 1
        results.append(outcome)
        timeline.append((started, outcome))
        if game_rules == TIC_TAC_TOE.key:
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
    opening_rules = wanted or TIC_TAC_TOE
    first_moves = 0
    # The rules played most (tic-tac-toe on a tie), where the player began at least once.
    for rules_key, _ in sorted(played.items(), key=lambda item: (-item[1], item[0] != "3,3,3")):
        if rules_key in openings:
            opening_rules = Rules.parse(rules_key)
            geometry = opening_rules.geometry
            counted = openings[rules_key]
            cell_name, count = min(
                counted.items(), key=lambda item: (-item[1], geometry.parse(item[0]))
            )
            favourite = (geometry.parse(cell_name), count)
            first_moves = sum(counted.values())
            break
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
        first_moves=first_moves,
        mistakes_per_game=mistakes,
        reviewed_games=reviewed,
        timeline=tuple(timeline),
        rules=wanted,
        opening_rules=opening_rules,
    )


def _mistakes_per_game(
    library: Library, finished: list[tuple[int, str]]
) -> tuple[float | None, int]:
    from ttt_desktop.analysis.coach import review_game  # noqa: PLC0415  (the solver: on use)

    latest = finished[-REVIEWED_GAMES:]
    if not latest:
        return None, 0
    total = 0
    for row_id, mark in latest:
        review = review_game(library.record(row_id))
        total += review.summaries[Mark(mark)].mistakes
    return total / len(latest), len(latest)
