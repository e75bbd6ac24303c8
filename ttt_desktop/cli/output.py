"""What ``ttt-arena``'s commands print alike: JSON documents and a game as JSON.

Light (``json`` and the played game), since the brain's commands print with it too.
Nothing here imports Qt.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from ttt_desktop.core.play import PlayedGame

__all__ = ["game_json", "print_json"]


def print_json(document: object, out: TextIO) -> None:
    out.write(json.dumps(document, indent=2) + "\n")


def game_json(game: PlayedGame) -> dict[str, Any]:
    """One game of a match: who moved first, its cells (0-based, row-major from the
    top-left, m per row), its winner ("X", "O" or None for a draw) and how it ended
    ("five", "draw", "forbidden", "forfeit": :attr:`PlayedGame.ending`); under a swap
    opening rule its choices and whether the seats exchanged marks."""
    winner = game.winner
    played: dict[str, Any] = {
        "first": game.first.value,
        "moves": list(game.moves or ()),
        "winner": None if winner is None else winner.value,
        "ending": game.ending,
    }
    if game.forfeit is not None:
        played["reason"] = game.forfeit[1]
    if game.opening is not None:
        # The swap opening's choices; "swapped": --x's player ended up playing O.
        played["opening"] = game.opening.to_json()
        played["swapped"] = game.swapped
    return played
