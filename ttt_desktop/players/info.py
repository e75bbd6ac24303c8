""":class:`PlayerInfo`, how a kind of player is presented.

Kept in its own module so that importing :mod:`ttt_desktop.players` does not
import :mod:`dataclasses` (about 15 ms): the roster builds its entries on first
use. Nothing here imports Qt.
"""

from __future__ import annotations

from dataclasses import dataclass

from ttt_desktop.core.rules import Rules
from ttt_desktop.players.boards import plays


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """How a kind of player is presented: id, display name, one-line description, strength.

    ``strength`` runs from 1 (weakest) to 5 (the strongest; only some are proven never to
    lose, and only on some boards: :func:`ttt_desktop.players.ladder.standing`); ``source``
    names the document the player comes from; ``boards`` is "any" for a player of every board,
    "classic" for one that plays tic-tac-toe only, "solved" for one that plays the boards the
    exact solver proves.
    """

    kind: str
    name: str
    description: str
    strength: int
    source: str
    boards: str = "classic"

    def supports(self, rules: Rules) -> bool:
        """Whether this kind plays by ``rules``."""
        return plays(self.boards, rules)
