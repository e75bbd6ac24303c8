"""The session score: wins, draws and losses per pairing of players, by name.

Kept for as long as the window is open (not saved). A pairing is the two names,
whichever marks they held, so "Alice v Perfect" counts the same when they swap
sides. A finished game is counted from its record, once, by its game id: whoever
hears of the game's end first counts it, and hearing of it again changes nothing,
so no tally depends on the order in which listeners hear of it. Only the newest games'
ids are remembered (:data:`REMEMBERED_GAMES`): a game is reopened by undo right after its
end, and a long session's ids would otherwise pile up, one per game. Pure Python: no Qt
here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ttt_desktop.core.board import Mark

if TYPE_CHECKING:
    from ttt_desktop.core.record import GameRecord

Result = tuple[str, str, str | None]
"""A counted game: X's name, O's name, the winner's name (None for a draw)."""

REMEMBERED_GAMES = 16
"""How many of the newest counted games keep their id and result, for taking a result back
when the game is reopened (undo after the end) or its end is heard again."""


def result_of(record: GameRecord) -> Result | None:
    """The names and winner of a finished game (a forfeit's too: the loser's opponent won);
    None while it runs."""
    result = record.result
    if result is None:
        return None
    winner = None if result == "draw" else record.player(Mark(result)).name
    return record.x.name, record.o.name, winner


@dataclass(frozen=True)
class PairingScore:
    """The tally between two players, from ``first_name``'s side."""

    first_name: str
    second_name: str
    first_wins: int = 0
    second_wins: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        """How many games the two have finished."""
        return self.first_wins + self.second_wins + self.draws

    def describe(self) -> str:
        """``"Alice 2 : 1 Perfect, 3 draws"`` (names in the order asked for)."""
        draws = "1 draw" if self.draws == 1 else f"{self.draws} draws"
        return (
            f"{self.first_name} {self.first_wins} : {self.second_wins} {self.second_name}, {draws}"
        )


class SessionScore:
    """Results of finished games, kept per unordered pair of names.

    A pairing is always told in one order: the names as they sat (X, then O) in
    its first game, whichever pairing is current and whoever plays X now.
    """

    def __init__(self) -> None:
        # Key: the two names sorted; value: wins of the first name, of the second, draws.
        self._tallies: dict[tuple[str, str], tuple[int, int, int]] = {}
        # Key: the two names sorted; value: the order they are told in.
        self._order: dict[tuple[str, str], tuple[str, str]] = {}
        # The result each of the newest games was counted with, by game id, oldest first.
        self._counted: dict[str, Result] = {}

    def count_game(self, record: GameRecord) -> bool:
        """Count the finished game ``record`` once; False when there was nothing new to count.

        A game counted again with the same result changes nothing; with another result
        (undone and finished anew) its old result is taken back first. A game still
        running is not counted.
        """
        result = result_of(record)
        if result is None:
            return False
        counted = self._counted.get(record.game_id)
        if counted == result:
            return False
        if counted is not None:
            self.remove_result(*counted)
            del self._counted[record.game_id]  # stored again below, as the newest
        self._counted[record.game_id] = result
        if len(self._counted) > REMEMBERED_GAMES:
            del self._counted[next(iter(self._counted))]
        self.add_result(*result)
        return True

    def uncount_game(self, record: GameRecord) -> bool:
        """Take back the result :meth:`count_game` counted for ``record``'s game (reopened by
        undo); False when it was not counted."""
        counted = self._counted.pop(record.game_id, None)
        if counted is None:
            return False
        self.remove_result(*counted)
        return True

    def is_counted(self, record: GameRecord) -> bool:
        """True when ``record``'s game is counted with ``record``'s result."""
        result = result_of(record)
        return result is not None and self._counted.get(record.game_id) == result

    def add_result(self, x_name: str, o_name: str, winner_name: str | None, games: int = 1) -> None:
        """Count a finished game (``games`` alike); ``winner_name`` is None for a draw."""
        first, second = sorted((x_name, o_name))
        self._order.setdefault((first, second), (x_name, o_name))
        first_wins, second_wins, draws = self._tallies.get((first, second), (0, 0, 0))
        if winner_name is None:
            draws += games
        elif winner_name == first:
            first_wins += games
        else:
            second_wins += games
        self._tallies[(first, second)] = (first_wins, second_wins, draws)

    def remove_result(self, x_name: str, o_name: str, winner_name: str | None) -> None:
        """Take back a result :meth:`add_result` counted (a finished game reopened by undo).

        A result that is not counted (say, after a rename) changes nothing.
        """
        first, second = sorted((x_name, o_name))
        key = (first, second)
        if key not in self._tallies:
            return
        first_wins, second_wins, draws = self._tallies[key]
        if winner_name is None:
            draws = max(0, draws - 1)
        elif winner_name == first:
            first_wins = max(0, first_wins - 1)
        elif winner_name == second:
            second_wins = max(0, second_wins - 1)
        if first_wins + second_wins + draws == 0:
            del self._tallies[key]
            self._order.pop(key, None)
        else:
            self._tallies[key] = (first_wins, second_wins, draws)

    def score(self, name: str, other_name: str) -> PairingScore:
        """The tally between ``name`` and ``other_name``, from ``name``'s side."""
        first, second = sorted((name, other_name))
        first_wins, second_wins, draws = self._tallies.get((first, second), (0, 0, 0))
        if name == first:
            return PairingScore(name, other_name, first_wins, second_wins, draws)
        return PairingScore(name, other_name, second_wins, first_wins, draws)

    def told(self, name: str, other_name: str) -> PairingScore:
        """The tally between the two, in the order the pairing is always told."""
        first, second = sorted((name, other_name))
        return self.score(*self._order.get((first, second), (name, other_name)))

    def pairings(self) -> list[PairingScore]:
        """Every pairing that has finished a game, first played first, each in its order."""
        return [self.score(*names) for names in self._order.values()]

    def rename(self, old_name: str, new_name: str) -> None:
        """Keep ``old_name``'s results under ``new_name`` (merged with any it has)."""
        if old_name == new_name:
            return
        tallies, order = self._tallies, self._order
        self._tallies, self._order = {}, {}
        for key, names in order.items():
            first_wins, second_wins, draws = tallies[key]
            renamed = tuple(new_name if name == old_name else name for name in names)
            if renamed[0] == renamed[1]:
                continue  # a person can't play themselves: that pairing's games go
            wins = dict(zip(key, (first_wins, second_wins), strict=True))
            x_name, o_name = renamed
            new_key = (min(renamed), max(renamed))
            self._order.setdefault(new_key, (x_name, o_name))
            old = self._tallies.get(new_key, (0, 0, 0))
            mapped = {
                (new_name if name == old_name else name): count for name, count in wins.items()
            }
            self._tallies[new_key] = (
                old[0] + mapped[new_key[0]],
                old[1] + mapped[new_key[1]],
                old[2] + draws,
            )
