""":class:`PlayerInfo`, how a kind of player is presented.

Kept in its own module so that importing :mod:`ttt_desktop.players` does not
import :mod:`dataclasses` (about 15 ms): the roster builds its entries on first
use. Nothing here imports Qt.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """How a kind of player is presented: id, display name, one-line description, strength.

    ``strength`` runs from 1 (weakest) to 5 (unbeatable); ``source`` names the
    document the player comes from.
    """

    kind: str
    name: str
    description: str
    strength: int
    source: str
