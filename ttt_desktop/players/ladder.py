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
* the top: Perfect where the game is solved, named **Unbeatable** where best play draws and
  **Perfect** where the first player wins (there Perfect moving second can lose to best
  play); else **Strongest**, which nothing proves unbeatable.

:func:`standing` says which group a person picks a kind from on a board, the same idea for the
window's drop-downs: "unbeatable" (or "perfect") only for a kind proven there
(:data:`PROVEN_UNBEATEN`), whatever its strength.

>>> from ttt_desktop.core.rules import GOMOKU, TIC_TAC_TOE
>>> [level.name for level in ladder(TIC_TAC_TOE)]
['Easy', 'Medium', 'Hard', 'Unbeatable']
>>> [(level.name, level.kind) for level in ladder(GOMOKU)][-1]
('Strongest', 'strongest')
>>> standing("minimax", 5, TIC_TAC_TOE), standing("minimax", 5, GOMOKU)
('unbeatable', 'strong')

Nothing here imports Qt.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from ttt_desktop.core.rules import Rules, coerce_rules
from ttt_desktop.players import create_player
from ttt_desktop.players.boards import CLASSIC_ONLY, FIRST_PLAYER_WINS, SOLVED_BOARDS, plays
from ttt_desktop.players.roster import kinds_for

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
PROVEN_UNBEATEN: Final[Mapping[str, str]] = MappingProxyType(
    {
        "strategist": CLASSIC_ONLY,
        "minimax": CLASSIC_ONLY,
        "alphabeta": CLASSIC_ONLY,
        "searcher": CLASSIC_ONLY,
        "perfect": SOLVED_BOARDS,
        "strongest": SOLVED_BOARDS,
    }
)
"""The kinds proven never to lose a game that can be held, and the boards where (as in the
roster: tic-tac-toe only, or the solved boards). On tic-tac-toe ``tests/players/test_players.py``
walks every line an opponent can choose against each of them; on the solved boards Perfect
plays the exact solver's values, and Strongest is Perfect there. Off those boards no
player is proven: MiniMax has lost gomoku in five moves."""
STANDINGS: Final = ("easy", "medium", "hard", "strong", "unbeatable", "perfect")
"""The groups of :func:`standing`, weakest first."""


@dataclass(frozen=True)
class Level:
    """One rung: its name, the kind that plays it and that kind's options."""

    name: str
    kind: str
    options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def create(self, seed: int | None = None) -> Player:
        """A new player of this level."""
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
    if not solved:
        top = _level("Strongest", "strongest")
    elif rules.key in FIRST_PLAYER_WINS:
        top = _level("Perfect", "perfect")
    else:
        top = _level("Unbeatable", "perfect")
    return (easy, medium, hard, top)


def ladder(rules: Rules | str) -> tuple[Level, ...]:
    """The difficulty levels of ``rules`` (a value or a key such as "15,15,5"), easiest first."""
    return _ladder(coerce_rules(rules))


def proven_unbeaten(kind: str, rules: Rules) -> bool:
    """Whether ``kind`` is proven never to lose a game by ``rules`` that can be held."""
    boards = PROVEN_UNBEATEN.get(kind)
    return boards is not None and plays(boards, rules)


def standing(kind: str, strength: int, rules: Rules) -> str:
    """The group (one of :data:`STANDINGS`) a person picks ``kind`` from on ``rules``.

    "unbeatable" is a kind proven never to lose there (:func:`proven_unbeaten`) on a board
    whose best play draws, "perfect" one proven on a board the first player wins (moving
    second it can lose to best play); every other kind goes by its roster ``strength``
    (1-5): "easy", "medium", "hard", and "strong" for the strongest that are not proven.
    """
    if proven_unbeaten(kind, rules):
        return "perfect" if rules.key in FIRST_PLAYER_WINS else "unbeatable"
    if strength <= 2:
        return "easy"
    if strength == 3:
        return "medium"
    if strength == 4:
        return "hard"
    return "strong"
