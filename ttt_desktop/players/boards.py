"""Which boards a kind of player plays, as data: any board, tic-tac-toe only, or the solved ones.

Shared by :mod:`ttt_desktop.players.roster` and :mod:`ttt_desktop.players.info`; imports the
rules only. Nothing here imports Qt.
"""

from __future__ import annotations

from ttt_desktop.core.rules import TIC_TAC_TOE, Rules

# The cold path: no typing module (docs/manual/developer/architecture.md, "Cold start").
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

ANY_BOARD: Final = "any"
CLASSIC_ONLY: Final = "classic"
SOLVED_BOARDS: Final = "solved"
NETWORK_BOARDS: Final = "networks"
"""The boards of a k the program ships a trained network for (:data:`NETWORK_KS`)."""

NETWORK_KS: Final[frozenset[int]] = frozenset((3, 4, 5))
"""The k of the n-tuple networks shipped in ``players/data`` (``ntuple-k<K>.json``; a test
keeps the two the same). A network plays every board of its k."""

SOLVED_KEYS: Final[frozenset[str]] = frozenset(
    ("3,3,3", "4,3,3", "3,4,3", "4,4,3", "4,3,4", "3,4,4", "4,4,4", "5,4,4", "4,5,4")
)
"""The rules keys of the solved boards, as data (a test keeps it equal to
:data:`ttt_desktop.analysis.mnk_solver.SOLVED`, which the players' roster must not import)."""

FIRST_PLAYER_WINS: Final[frozenset[str]] = frozenset(("4,3,3", "3,4,3", "4,4,3"))
"""The solved boards the first player wins with best play; on the others of
:data:`SOLVED_KEYS` best play draws (a test keeps it equal to the solver's values)."""


def plays(boards: str, rules: Rules) -> bool:
    """Whether a kind whose roster entry says ``boards`` plays by ``rules``."""
    if boards == ANY_BOARD or rules is TIC_TAC_TOE:
        return True
    if boards == NETWORK_BOARDS:
        return rules.k in NETWORK_KS
    return boards == SOLVED_BOARDS and rules.key in SOLVED_KEYS
