"""A difficulty ladder for every board: Easy, Medium, Hard, then the strongest there is.

:func:`ladder` answers, for a rules value, the players a person picks from by difficulty,
each a kind of the roster that plays those rules (:func:`~ttt_desktop.players.roster.kinds_for`)
with its options:

* **Easy**: Levi, who wins and blocks when a line is one short and otherwise plays at random;
* **Medium**: Humiston's rules where they play the board (win, block, corners, centre, sides),
  else the line utility, else a Searcher looking one ply ahead (greedy on the window
  evaluation, a rule player's strength);
* **Hard**: the Searcher under a short budget (two plies where the game is solved, so that
  it can still be beaten; a quarter of a second a move elsewhere);
* the top: **Unbeatable** (Perfect) where the game is solved, else **Strongest**.

>>> from ttt_desktop.engine.rules import GOMOKU, TIC_TAC_TOE
>>> [level.name for level in ladder(TIC_TAC_TOE)]
['Easy', 'Medium', 'Hard', 'Unbeatable']
>>> [(level.name, level.kind) for level in ladder(GOMOKU)][-1]
('Strongest', 'strongest')

Nothing here imports Qt.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from types import MappingProxyType

from ttt_desktop.engine.rules import Rules, coerce_rules
from ttt_desktop.players.roster import kinds_for

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any, Final

    from ttt_desktop.players.base import Player

HARD_BUDGET_MS: Final = 250.0
"""The Hard level's time per move on boards that are not solved."""
HARD_SOLVED_DEPTH: Final = 2
"""The Hard level's depth on solved boards (deeper, it would not lose at all)."""
MEDIUM_KINDS: Final = ("humiston", "utility")
"""The rule players Medium prefers, in order, where they play the board."""


@dataclass(frozen=True)
class Level:
    """One rung: its name, the kind that plays it and that kind's options."""

    name: str
    kind: str
    options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def create(self, seed: int | None = None) -> Player:
        """A new player of this level."""
        from ttt_desktop.players import create_player  # noqa: PLC0415  (no import circle)

        return create_player(self.kind, seed=seed, **self.options)


def _level(name: str, kind: str, **options: Any) -> Level:
    return Level(name, kind, MappingProxyType(options))


@functools.cache
def _ladder(rules: Rules) -> tuple[Level, ...]:
    kinds = kinds_for(rules)
    solved = "perfect" in kinds
    easy = _level("Easy", "levi" if "levi" in kinds else "rando")
    medium_kind = next((kind for kind in MEDIUM_KINDS if kind in kinds), None)
    medium = (
        _level("Medium", medium_kind)
        if medium_kind is not None
        else _level("Medium", "searcher", depth=1)
    )
    hard = (
        _level("Hard", "searcher", depth=HARD_SOLVED_DEPTH)
        if solved
        else _level("Hard", "searcher", budget_ms=HARD_BUDGET_MS)
    )
    top = _level("Unbeatable", "perfect") if solved else _level("Strongest", "strongest")
    return (easy, medium, hard, top)


def ladder(rules: Rules | str) -> tuple[Level, ...]:
    """The difficulty levels of ``rules`` (a value or a key such as "15,15,5"), easiest first."""
    return _ladder(coerce_rules(rules))
