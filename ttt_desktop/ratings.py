"""Ratings for people and computer players, from the results of their games.

The arithmetic is the maintained ``openskill`` package's (Weng-Lin Bayesian rating,
Plackett-Luce model; a draw is a shared rank). Each player has a skill estimate ``mu``
and an uncertainty ``sigma``; what people read is a number on a chess-like scale
(everybody starts at 1500) with an error bar of two standard deviations either side:
a player's true strength lies within ``rating +/- error`` with about 95% confidence.

>>> table = rate([GameResult("ann", "bob", "X"), GameResult("ann", "bob", "draw")])
>>> table["ann"].rating > 1500 > table["bob"].rating
True
>>> table["ann"].wins, table["ann"].draws, table["bob"].losses
(1, 1, 1)

Players are plain string keys chosen by the caller (the game library uses
``"human:Ann"`` and ``"computer:perfect"``). Results are applied in the order given,
so the same sequence always gives the same ratings.

Nothing here imports Qt; ``openskill`` itself is imported on first use.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Literal

if TYPE_CHECKING:
    from openskill.models import PlackettLuce, PlackettLuceRating

Winner = Literal["X", "O", "draw"]

#: openskill's default prior: mu 25, sigma 25/3.
START_MU: Final = 25.0
START_SIGMA: Final = 25.0 / 3.0
#: Displayed rating = ``SCALE * mu``: 1500 at the start, like chess ratings.
SCALE: Final = 60.0
#: The error bar spans this many standard deviations either side (about 95%).
ERROR_SIGMAS: Final = 2.0
#: A player's rating is shown next to their name once they have played this many games.
ESTABLISHED_GAMES: Final = 10

_OUTCOMES: Final = frozenset({"X", "O", "draw"})


@dataclass(frozen=True)
class GameResult:
    """One finished game between two players: who had X, who had O, and the result."""

    x: str
    o: str
    result: Winner

    def __post_init__(self) -> None:
        if self.result not in _OUTCOMES:
            raise ValueError(f"a result is 'X', 'O' or 'draw', not {self.result!r}")
        if not isinstance(self.x, str) or not isinstance(self.o, str) or not self.x or not self.o:
            raise ValueError("both players must be named by non-empty strings")


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating after some games: the model's ``mu``/``sigma`` and what to show."""

    player: str
    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def rating(self) -> float:
        """The displayed rating (1500 at the start)."""
        return SCALE * self.mu

    @property
    def error(self) -> float:
        """Half the width of the error bar, on the displayed scale (two sigmas)."""
        return SCALE * ERROR_SIGMAS * self.sigma

    @property
    def low(self) -> float:
        """The bottom of the error bar."""
        return self.rating - self.error

    @property
    def high(self) -> float:
        """The top of the error bar."""
        return self.rating + self.error

    @property
    def conservative(self) -> float:
        """``mu - 3 sigma`` on the displayed scale: a rating the player very likely exceeds.

        Leaderboards sort by it so that one lucky game does not put a newcomer on top.
        """
        return SCALE * (self.mu - 3.0 * self.sigma)

    @property
    def is_established(self) -> bool:
        """True once enough games were played for the rating to be worth showing."""
        return self.games >= ESTABLISHED_GAMES

    @property
    def score(self) -> float:
        """Points per game (win 1, draw 1/2), or NaN before the first game."""
        if not self.games:
            return math.nan
        return (self.wins + 0.5 * self.draws) / self.games

    def label(self) -> str:
        """``"1623 ± 212"``: the rating and its error bar, rounded."""
        return f"{round(self.rating)} ± {round(self.error)}"


def _model() -> PlackettLuce:
    from openskill.models import PlackettLuce  # noqa: PLC0415 (lazy: 14 ms)

    # Same constants as openskill's defaults, spelled out so the scale above stays true.
    return PlackettLuce(mu=START_MU, sigma=START_SIGMA)


@dataclass
class Ratings:
    """Ratings updated one game at a time; ``rate()`` is the one-call form.

    >>> ratings = Ratings()
    >>> ratings.add(GameResult("computer:perfect", "computer:rando", "X")).rating > 1500
    True
    >>> [entry.player for entry in ratings.leaderboard()]
    ['computer:perfect', 'computer:rando']
    """

    _players: dict[str, PlayerRating] = field(default_factory=dict)
    _model_instance: PlackettLuce | None = None

    @classmethod
    def of(cls, players: Iterable[PlayerRating]) -> Ratings:
        """Ratings that carry on from ``players``' current values (e.g. read from a database)."""
        return cls({player.player: player for player in players})

    def __len__(self) -> int:
        return len(self._players)

    def __contains__(self, player: object) -> bool:
        return player in self._players

    def __iter__(self) -> Iterator[str]:
        return iter(self._players)

    def __getitem__(self, player: str) -> PlayerRating:
        return self._players[player]

    def get(self, player: str) -> PlayerRating:
        """The player's rating; a fresh 1500 for somebody who has not played."""
        return self._players.get(player) or PlayerRating(player)

    def as_dict(self) -> dict[str, PlayerRating]:
        """Every rated player by key."""
        return dict(self._players)

    def add(self, game: GameResult) -> PlayerRating:
        """Apply one game's result; returns X's new rating."""
        if game.x == game.o:
            # Somebody playing themselves tells nothing about their strength.
            return self.get(game.x)
        before_x, before_o = self.get(game.x), self.get(game.o)
        result = game.result
        if result == "O":
            (o_mu, o_sigma), (x_mu, x_sigma) = rate_pair(
                before_o.mu, before_o.sigma, before_x.mu, before_x.sigma, draw=False
            )
        else:
            (x_mu, x_sigma), (o_mu, o_sigma) = rate_pair(
                before_x.mu, before_x.sigma, before_o.mu, before_o.sigma, draw=result == "draw"
            )
        self._players[game.x] = _after(before_x, x_mu, x_sigma, result, "X")
        self._players[game.o] = _after(before_o, o_mu, o_sigma, result, "O")
        return self._players[game.x]

    def add_with_openskill(self, game: GameResult) -> PlayerRating:
        """:meth:`add` through ``openskill`` itself: the reference :meth:`add` is checked with."""
        if game.x == game.o:
            return self.get(game.x)
        if self._model_instance is None:
            self._model_instance = _model()
        model = self._model_instance
        before_x, before_o = self.get(game.x), self.get(game.o)
        ranks: list[float] = {"X": [1.0, 2.0], "O": [2.0, 1.0], "draw": [1.0, 1.0]}[game.result]
        (after_x,), (after_o,) = model.rate(
            [[_model_rating(model, before_x)], [_model_rating(model, before_o)]],
            ranks=ranks,
        )
        self._players[game.x] = _updated(before_x, after_x, game.result, "X")
        self._players[game.o] = _updated(before_o, after_o, game.result, "O")
        return self._players[game.x]

    def extend(self, games: Iterable[GameResult]) -> None:
        """Apply results in order."""
        for game in games:
            self.add(game)

    def leaderboard(self) -> list[PlayerRating]:
        """Every player, best first (by the conservative rating, then by rating, then key)."""
        return sorted(self._players.values(), key=lambda p: (-p.conservative, -p.rating, p.player))


# openskill's PlackettLuce defaults (the model :func:`_model` makes).
_BETA_SQUARED: Final = (START_SIGMA / 2.0) ** 2
_TAU: Final = START_MU / 300.0
_TAU_SQUARED: Final = _TAU * _TAU
_KAPPA: Final = 0.0001
_sqrt: Final = math.sqrt
_exp: Final = math.exp


def rate_pair(
    first_mu: float, first_sigma: float, second_mu: float, second_sigma: float, *, draw: bool
) -> tuple[tuple[float, float], tuple[float, float]]:
    """openskill's PlackettLuce ``rate`` for two one-player teams, ``first`` ahead (or level).

    The same arithmetic, operation for operation, as openskill 6's ``rate`` with the
    default model (tau, no weights, no balance, no margin, no sigma limit), without its
    copies and per-call objects: about twenty times quicker, the same floats to the last
    bit (``tests/library/test_ratings.py`` checks it against openskill on random games).
    """
    sqrt = _sqrt
    sigma_0 = sqrt(first_sigma * first_sigma + _TAU_SQUARED)
    sigma_1 = sqrt(second_sigma * second_sigma + _TAU_SQUARED)
    ss_0 = sigma_0**2
    ss_1 = sigma_1**2
    c = sqrt(0.0 + (ss_0 + _BETA_SQUARED) + (ss_1 + _BETA_SQUARED))
    e_0 = _exp(first_mu / c)
    e_1 = _exp(second_mu / c)
    # openskill's sums over the teams ranked at or below each, unrolled (adding 0.0 or
    # dividing by 1 changes no float, so those steps are left out).
    if draw:
        both = e_0 + e_1
        v = e_0 / both
        omega_0 = (1 - v) / 2 - v / 2
        delta_0 = v * (1 - v) / 2 + v * (1 - v) / 2
        v = e_1 / both
        omega_1 = -(v / 2) + (1 - v) / 2
        delta_1 = v * (1 - v) / 2 + v * (1 - v) / 2
    else:
        v = e_0 / (e_0 + e_1)
        omega_0 = 1 - v
        delta_0 = v * (1 - v)
        v = e_1 / (e_0 + e_1)
        omega_1 = -v
        delta_1 = v * (1 - v)
    c_squared = c**2
    omega_0 *= ss_0 / c
    delta_0 *= ss_0 / c_squared
    delta_0 *= sqrt(ss_0) / c
    omega_1 *= ss_1 / c
    delta_1 *= ss_1 / c_squared
    delta_1 *= sqrt(ss_1) / c
    share_0 = sigma_0**2 / ss_0
    share_1 = sigma_1**2 / ss_1
    # max(x, kappa), written out (the same float, without the call).
    left_0 = 1 - share_0 * delta_0
    left_1 = 1 - share_1 * delta_1
    return (
        (first_mu + share_0 * omega_0, sigma_0 * sqrt(_KAPPA if left_0 < _KAPPA else left_0)),
        (second_mu + share_1 * omega_1, sigma_1 * sqrt(_KAPPA if left_1 < _KAPPA else left_1)),
    )


def _after(before: PlayerRating, mu: float, sigma: float, result: str, mark: str) -> PlayerRating:
    won = result == mark
    drew = result == "draw"
    return PlayerRating(
        player=before.player,
        mu=mu,
        sigma=sigma,
        games=before.games + 1,
        wins=before.wins + int(won),
        draws=before.draws + int(drew),
        losses=before.losses + int(not won and not drew),
    )


def _model_rating(model: PlackettLuce, rating: PlayerRating) -> PlackettLuceRating:
    return model.rating(mu=rating.mu, sigma=rating.sigma, name=rating.player)


def _updated(
    before: PlayerRating, after: PlackettLuceRating, result: str, mark: str
) -> PlayerRating:
    won = result == mark
    drew = result == "draw"
    return PlayerRating(
        player=before.player,
        mu=float(after.mu),
        sigma=float(after.sigma),
        games=before.games + 1,
        wins=before.wins + int(won),
        draws=before.draws + int(drew),
        losses=before.losses + int(not won and not drew),
    )


def rate(games: Iterable[GameResult]) -> dict[str, PlayerRating]:
    """Every player's rating after ``games``, applied in order."""
    ratings = Ratings()
    ratings.extend(games)
    return ratings.as_dict()


def leaderboard(ratings: Mapping[str, PlayerRating]) -> list[PlayerRating]:
    """Ratings best first, as :meth:`Ratings.leaderboard` orders them."""
    return sorted(ratings.values(), key=lambda p: (-p.conservative, -p.rating, p.player))
