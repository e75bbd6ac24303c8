"""The sequential probability ratio test of a two-player match, as engine testers run it.

cutechess-cli and fastchess stop a match between a new player and a reference as soon as
the games decide between two hypotheses about the new player's strength: H0, "it is
``elo0`` Elo stronger (or weaker)", and H1, "it is ``elo1`` Elo stronger", with error
rates ``alpha`` (accepting H1 when H0 holds) and ``beta`` (accepting H0 when H1 holds).
After each game (or pair of games) the log-likelihood ratio (LLR) of the results under
the two hypotheses is compared with the bounds ``log(beta / (1 - alpha))`` (H0 accepted
at or below it) and ``log((1 - beta) / alpha)`` (H1 accepted at or above it).

The LLR is the generalised SPRT's (GSPRT) as fastchess computes it (after Michel Van den
Bergh's notes on normalized Elo): the results are a distribution over scores, trinomial
for single games (loss 0, draw 1/2, win 1) or pentanomial for pairs of games with the
colours swapped (0, 1/4, 1/2, 3/4, 1: a pair's mean score); for each hypothesis the
distribution nearest the observed one with that hypothesis' expected score is found (a
maximum-likelihood estimate under one constraint, solved for its Lagrange multiplier),
and the LLR is the number of observations times the mean log ratio of the two. Empty
classes count 0.001 (fastchess's regularisation), so a run of wins alone does not
divide by zero. ``logistic`` Elo (the default, cutechess-cli's and fastchess's
``--sprt model=logistic``) turns Elo into an expected score by ``1 / (1 + 10^(-elo/400))``;
``normalized`` Elo (fastchess's default) measures it in the results' own standard
deviation.

Pairs are the better model when games are played in pairs (one colour each, the same
opening), as a match with SPRT plays them here: the two games of a pair are correlated
through the opening and the first move's edge, which the trinomial model ignores.

Nothing here imports Qt.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from ttt_desktop.core.board import Mark
from ttt_desktop.core.play import play_game
from ttt_desktop.lab.openings import OpeningSeat

__all__ = [
    "MODELS",
    "EloEstimate",
    "SprtMatch",
    "SprtSettings",
    "SprtState",
    "elo_estimate",
    "expected_games",
    "gsprt_llr",
    "logistic_score",
    "parse_sprt",
    "play_sprt_match",
]

Model = Literal["logistic", "normalized"]
MODELS: Final[tuple[Model, ...]] = ("logistic", "normalized")
_NELO_SCALE: Final = 800.0 / math.log(10)
_EMPTY: Final = 1e-3

TRINOMIAL_SCORES: Final = (0.0, 0.5, 1.0)
PENTANOMIAL_SCORES: Final = (0.0, 0.25, 0.5, 0.75, 1.0)


@dataclass(frozen=True)
class EloEstimate:
    """A player's Elo difference over its opponent from wins, draws and losses, as
    fastchess and cutechess-cli report it: the logistic Elo of the mean score, its 95%
    error bar (from the trinomial score's standard error; infinite when the score is
    0 or 1), and the likelihood of superiority (LOS: the chance that it is stronger,
    from wins and losses alone)."""

    elo: float
    margin: float
    los: float
    games: int

    def describe(self) -> str:
        if not self.games:
            return "no games"
        if math.isinf(self.elo):
            elo = "+inf" if self.elo > 0 else "-inf"
            return f"Elo {elo} (every game won or lost), LOS {self.los:.1%}"
        margin = "inf" if math.isinf(self.margin) else f"{self.margin:.1f}"
        return f"Elo {self.elo:+.1f} +/- {margin} (95%), LOS {self.los:.1%}"

    def as_json(self) -> dict[str, Any]:
        def finite(value: float) -> float | None:
            return None if math.isinf(value) or math.isnan(value) else round(value, 2)

        return {
            "elo": finite(self.elo),
            "elo_margin_95": finite(self.margin),
            "los": round(self.los, 4),
        }


def _elo_of(score: float) -> float:
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def elo_estimate(wins: int, draws: int, losses: int) -> EloEstimate:
    """The Elo difference, its 95% error bar and the LOS of a player with these results."""
    games = wins + draws + losses
    if not games:
        return EloEstimate(0.0, math.inf, 0.5, 0)
    score = (wins + draws / 2) / games
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / games
    error = math.sqrt(variance / games)
    elo = _elo_of(score)
    if math.isinf(elo) or error == 0:
        margin = math.inf
    else:
        margin = (_elo_of(score + 1.96 * error) - _elo_of(score - 1.96 * error)) / 2
    decided = wins + losses
    los = 0.5 if not decided else 0.5 * (1 + math.erf((wins - losses) / math.sqrt(2 * decided)))
    return EloEstimate(elo, margin, los, games)


def logistic_score(elo: float) -> float:
    """The expected score of a player ``elo`` logistic Elo stronger."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


@dataclass(frozen=True)
class SprtSettings:
    """``elo0``, ``elo1`` (``elo0 < elo1``), ``alpha``, ``beta`` and the Elo model."""

    elo0: float = 0.0
    elo1: float = 10.0
    alpha: float = 0.05
    beta: float = 0.05
    model: Model = "logistic"

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError(
                f"elo0 is less than elo1 ({self.elo0:g} is not less than {self.elo1:g})"
            )
        for name in ("alpha", "beta"):
            value = getattr(self, name)
            if not 0 < value < 1:
                raise ValueError(f"{name} is between 0 and 1, not {value:g}")
        if self.alpha + self.beta >= 1:
            raise ValueError("alpha + beta is less than 1")
        if self.model not in MODELS:
            raise ValueError(f"the Elo model is {' or '.join(MODELS)}, not {self.model!r}")

    @property
    def lower(self) -> float:
        """At or below this LLR H0 is accepted: ``log(beta / (1 - alpha))``."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """At or above this LLR H1 is accepted: ``log((1 - beta) / alpha)``."""
        return math.log((1 - self.beta) / self.alpha)

    def label(self) -> str:
        return (
            f"elo0={self.elo0:g} elo1={self.elo1:g} alpha={self.alpha:g} beta={self.beta:g} "
            f"({self.model}); bounds {self.lower:.2f} and {self.upper:.2f}"
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "elo0": self.elo0,
            "elo1": self.elo1,
            "alpha": self.alpha,
            "beta": self.beta,
            "model": self.model,
            "lower": round(self.lower, 4),
            "upper": round(self.upper, 4),
        }


def parse_sprt(text: str) -> SprtSettings:
    """``"elo0=0,elo1=10,alpha=0.05,beta=0.05"`` (any of them; ``model=normalized`` too)."""
    values: dict[str, Any] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        key, equals, value = part.partition("=")
        key = key.strip()
        if not equals or key not in {"elo0", "elo1", "alpha", "beta", "model"}:
            raise ValueError(
                f"{part.strip()!r}: the SPRT takes elo0=, elo1=, alpha=, beta= and model= "
                "(for example elo0=0,elo1=10,alpha=0.05,beta=0.05)"
            )
        if key == "model":
            values[key] = value.strip()
            continue
        try:
            values[key] = float(value)
        except ValueError:
            raise ValueError(f"{part.strip()!r}: {key} is a number") from None
    return SprtSettings(**values)


def _root(function: Callable[[float], float], low: float, high: float) -> float:
    """A root of ``function`` between ``low`` and ``high`` (it changes sign there), by halving."""
    f_low = function(low)
    for _ in range(200):
        middle = (low + high) / 2
        f_middle = function(middle)
        if f_middle == 0 or high - low < 1e-12:
            return middle
        if (f_middle < 0) == (f_low < 0):
            low, f_low = middle, f_middle
        else:
            high = middle
    return (low + high) / 2


def _nearest(
    scores: Sequence[float], observed: Sequence[float], phi: Sequence[float]
) -> list[float]:
    """The distribution nearest ``observed`` (maximum likelihood) with ``sum(p * phi) = 0``.

    p_i = observed_i / (1 + theta * phi_i), theta the root of sum(observed_i * phi_i /
    (1 + theta * phi_i)) = 0 between -1 / max(phi) and -1 / min(phi).
    """
    low, high = -1.0 / max(phi), -1.0 / min(phi)
    span = high - low
    # Just inside the poles, where the sum runs off to plus and minus infinity.
    theta = _root(
        lambda t: sum(o * f / (1.0 + t * f) for o, f in zip(observed, phi, strict=True)),
        low + span * 1e-12,
        high - span * 1e-12,
    )
    return [o / (1.0 + theta * f) for o, f in zip(observed, phi, strict=True)]


def _mean_variance(scores: Sequence[float], p: Sequence[float]) -> tuple[float, float]:
    mean = sum(a * q for a, q in zip(scores, p, strict=True))
    return mean, sum(q * (a - mean) ** 2 for a, q in zip(scores, p, strict=True))


def gsprt_llr(counts: Sequence[int], settings: SprtSettings) -> float:
    """The GSPRT's LLR of ``counts``: 3 classes (loss, draw, win) or 5 (pairs' scores)."""
    if len(counts) == 3:
        scores: Sequence[float] = TRINOMIAL_SCORES
    elif len(counts) == 5:
        scores = PENTANOMIAL_SCORES
    else:
        raise ValueError("counts are trinomial (3) or pentanomial (5)")
    if not sum(counts):
        return 0.0
    regularised = [float(count) if count else _EMPTY for count in counts]
    total = sum(regularised)
    observed = [count / total for count in regularised]
    if settings.model == "logistic":
        fitted = [
            _nearest(scores, observed, [a - logistic_score(elo) for a in scores])
            for elo in (settings.elo0, settings.elo1)
        ]
    else:
        # Normalized Elo: t = (mean - 1/2) / sigma, sigma of a game (sqrt 2 for a pair's).
        scale = (math.sqrt(2.0) if len(counts) == 5 else 1.0) / _NELO_SCALE
        fitted = [
            _normalized(scores, observed, elo * scale) for elo in (settings.elo0, settings.elo1)
        ]
    p0, p1 = fitted
    mean_log_ratio = sum(
        o * (math.log(b) - math.log(a)) for o, a, b in zip(observed, p0, p1, strict=True)
    )
    return total * mean_log_ratio


def _normalized(scores: Sequence[float], observed: Sequence[float], t_star: float) -> list[float]:
    """The maximum-likelihood distribution with (mean - 1/2) / sigma = ``t_star``, iterated."""
    p = [1.0 / len(scores)] * len(scores)
    for _ in range(10):
        mean, variance = _mean_variance(scores, p)
        sigma = math.sqrt(variance)
        phi = [a - 0.5 - 0.5 * t_star * sigma * (1.0 + ((a - mean) / sigma) ** 2) for a in scores]
        new = _nearest(scores, observed, phi)
        change = max(abs(x - y) for x, y in zip(new, p, strict=True))
        p = new
        if change < 1e-4:
            break
    return p


def expected_games(settings: SprtSettings, counts: Sequence[int]) -> float:
    """Wald's approximate expected number of games to a decision, for results like ``counts``.

    The LLR's expected step per observation is taken from the observed distribution's
    share of the final LLR; the expected number of observations is then the bound
    reached (weighted by how often each is: 1 - alpha or beta under H0, 1 - beta or
    alpha under H1, by the sign of the step) over that step. Pentanomial counts are
    pairs: the figure is in games (twice the pairs).
    """
    observations = sum(counts)
    if not observations:
        return math.inf
    step = gsprt_llr(counts, settings) / observations
    if step == 0:
        return math.inf
    lower, upper = settings.lower, settings.upper
    if step < 0:  # drifting towards H0
        reach = (1 - settings.alpha) * lower + settings.alpha * upper
    else:
        reach = (1 - settings.beta) * upper + settings.beta * lower
    pairs = 2 if len(counts) == 5 else 1
    return pairs * reach / step


@dataclass
class SprtState:
    """A running SPRT: results come in (single games or pairs), the LLR and the verdict."""

    settings: SprtSettings
    trinomial: list[int] = field(default_factory=lambda: [0, 0, 0])
    """The first player's losses, draws and wins."""
    pentanomial: list[int] = field(default_factory=lambda: [0, 0, 0, 0, 0])
    """Pairs by the first player's total: 0, 1/2, 1, 3/2, 2 points."""
    llr: float = 0.0

    @property
    def games(self) -> int:
        return sum(self.trinomial)

    def add_pair(self, first: float, second: float) -> None:
        """The first player's scores (0, 0.5 or 1) in the two games of a pair."""
        for score in (first, second):
            self.trinomial[int(score * 2)] += 1
        self.pentanomial[int((first + second) * 2)] += 1
        self.llr = gsprt_llr(self.pentanomial, self.settings)

    @property
    def verdict(self) -> Literal["H0", "H1"] | None:
        if self.llr >= self.settings.upper:
            return "H1"
        if self.llr <= self.settings.lower:
            return "H0"
        return None

    def describe(self) -> str:
        losses, draws, wins = self.trinomial
        bounds = f"[{self.settings.lower:.2f}, {self.settings.upper:.2f}]"
        return (
            f"{self.games:,} games, +{wins} ={draws} -{losses}; "
            f"pairs {'-'.join(map(str, self.pentanomial))}; LLR {self.llr:.2f} {bounds}; "
            f"{self.elo().describe()}"
        )

    def elo(self) -> EloEstimate:
        """The first player's Elo difference so far, with its error bar and LOS."""
        losses, draws, wins = self.trinomial
        return elo_estimate(wins, draws, losses)

    def as_json(self) -> dict[str, Any]:
        losses, draws, wins = self.trinomial
        return {
            **self.settings.as_json(),
            "llr": round(self.llr, 4),
            "verdict": self.verdict,
            "games": self.games,
            "wins": wins,
            "draws": draws,
            "losses": losses,
            "pentanomial": list(self.pentanomial),
            **self.elo().as_json(),
        }


@dataclass(frozen=True)
class SprtMatch:
    """How an SPRT match ended: the state, and why it stopped."""

    state: SprtState
    first: str
    second: str
    seconds: float
    max_games: int

    @property
    def verdict(self) -> Literal["H0", "H1"] | None:
        return self.state.verdict

    def conclusion(self) -> str:
        settings = self.state.settings
        if self.verdict == "H1":
            return (
                f"H1 accepted: {self.first} is stronger than {self.second} by about "
                f"{settings.elo1:g} Elo or more (LLR {self.state.llr:.2f} >= {settings.upper:.2f})"
            )
        if self.verdict == "H0":
            return (
                f"H0 accepted: {self.first} is not {settings.elo1:g} Elo stronger than "
                f"{self.second}; about {settings.elo0:g} Elo or less "
                f"(LLR {self.state.llr:.2f} <= {settings.lower:.2f})"
            )
        return (
            f"no decision after {self.state.games:,} games (the most asked for): "
            f"LLR {self.state.llr:.2f} is between {settings.lower:.2f} and {settings.upper:.2f}"
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "first": self.first,
            "second": self.second,
            "max_games": self.max_games,
            "seconds": round(self.seconds, 3),
            **self.state.as_json(),
        }


def play_sprt_match(
    first: Any,
    second: Any,
    settings: SprtSettings,
    *,
    rules: Any = None,
    max_games: int = 100_000,
    on_pair: Callable[[SprtState], None] | None = None,
    openings: Callable[[int], tuple[int, ...]] | None = None,
    on_game: Callable[[Any, Any, Any], None] | None = None,
    opening_rule: str = "free",
) -> SprtMatch:
    """Play pairs of games, ``first`` as X then as O, until the SPRT decides (or ``max_games``).

    ``on_pair`` hears the state after each pair (the live LLR). With ``openings``, pair
    ``j`` starts both its games from ``openings(j)`` (see
    :func:`ttt_desktop.lab.openings.opening_sequence`), so the two players meet each
    opening once with each colour. ``on_game`` hears ``(x, o, game)`` after every game
    (the players and :func:`ttt_desktop.core.play.play_game`'s result), for storing.
    ``opening_rule`` "swap" or "swap2": the first mover of each game (``first`` in the
    pair's first game) places three stones and the other chooses a colour; a game is
    scored for the player, whichever mark it ended up with.
    """

    state = SprtState(settings)
    started = time.perf_counter()
    pair = 0
    while state.games + 2 <= max(2, max_games) and state.verdict is None:
        opening = openings(pair) if openings is not None else ()
        scores = []
        for first_is_x in (True, False):
            x, o = (first, second) if first_is_x else (second, first)
            if opening:
                game = play_game(OpeningSeat(x, opening), OpeningSeat(o, opening), rules)
            else:
                game = play_game(x, o, rules, opening_rule=opening_rule)
            if on_game is not None:
                on_game(x, o, game)
            winner = game.seat_winner  # a forfeit's too; the player's, after a swap
            if winner is None:
                scores.append(0.5)
            else:
                scores.append(1.0 if (winner is Mark.X) == first_is_x else 0.0)
        state.add_pair(scores[0], scores[1])
        pair += 1
        if on_pair is not None:
            on_pair(state)
    return SprtMatch(state, first.name, second.name, time.perf_counter() - started, max_games)
