"""The session score: wins, draws and losses per pairing of players, by name.

Kept for as long as the window is open (not saved). A pairing is the two names,
whichever marks they held, so "Alice v Perfect" counts the same when they swap
sides. Pure Python: no Qt here.
"""

from __future__ import annotations

from dataclasses import dataclass


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
    """Results of finished games, kept per unordered pair of names."""

    def __init__(self) -> None:
        # Key: the two names sorted; value: wins of the first name, of the second, draws.
        self._tallies: dict[tuple[str, str], tuple[int, int, int]] = {}

    def add_result(self, x_name: str, o_name: str, winner_name: str | None) -> None:
        """Count a finished game; ``winner_name`` is None for a draw."""
        key = tuple(sorted((x_name, o_name)))
        first, second = key
        first_wins, second_wins, draws = self._tallies.get((first, second), (0, 0, 0))
        if winner_name is None:
            draws += 1
        elif winner_name == first:
            first_wins += 1
        else:
            second_wins += 1
        self._tallies[(first, second)] = (first_wins, second_wins, draws)

    def score(self, name: str, other_name: str) -> PairingScore:
        """The tally between ``name`` and ``other_name``, from ``name``'s side."""
        first, second = sorted((name, other_name))
        first_wins, second_wins, draws = self._tallies.get((first, second), (0, 0, 0))
        if name == first:
            return PairingScore(name, other_name, first_wins, second_wins, draws)
        return PairingScore(name, other_name, second_wins, first_wins, draws)

    def pairings(self) -> list[PairingScore]:
        """Every pairing that has finished a game, in name order."""
        return [self.score(first, second) for first, second in sorted(self._tallies)]
