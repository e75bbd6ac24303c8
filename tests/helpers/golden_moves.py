"""The moves every kind of player chose in version 1.0.0, kept to prove they do not change.

``python tests/helpers/golden_moves.py`` wrote ``tests/data/choose_moves_1.0.0.json`` with the
code of version 1.0.0 (before players could :meth:`think`): for each kind, one player
with seed :data:`SEED` walks every non-terminal position a game can reach (X moving
first, then O moving first, in :func:`reachable_boards` order) and answers each with
``choose_move``; its answers, one character per position (the cell's digit, or ``-``
when it raised), make a string. The player's generator runs on from one position to the
next, so the strings also pin down how much randomness each move uses.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ttt_desktop.analysis import reachable_boards
from ttt_desktop.core import Board, IllegalMoveError, Mark
from ttt_desktop.players import KINDS, Player, create_player

GOLDEN_PATH = Path(__file__).resolve().parents[1] / "data" / "choose_moves_1.0.0.json"
SEED = 20_261_123
SEQUENCE_SCRIPT = (4, 0, 8, 2, 6, 1, 3, 5, 7)


def playable_boards() -> list[Board]:
    """Every non-terminal reachable position, X moving first, then O moving first."""
    return [
        board
        for first in (Mark.X, Mark.O)
        for board in reachable_boards(first)
        if not board.is_over
    ]


def make_player(kind: str) -> Player:
    if kind == "sequence":
        return create_player(kind, seed=SEED, moves=SEQUENCE_SCRIPT)
    return create_player(kind, seed=SEED)


def walk(kind: str, ask: str = "choose_move") -> str:
    """One player of ``kind`` answering every playable position in turn, as a string."""
    player = make_player(kind)
    answers = []
    for board in playable_boards():
        try:
            result = getattr(player, ask)(board)
        except IllegalMoveError:
            answers.append("-")
            continue
        move = result if ask == "choose_move" else result.move
        answers.append(str(move))
    return "".join(answers)


def main() -> None:
    golden = {"seed": SEED, "moves": {kind: walk(kind) for kind in KINDS}}
    GOLDEN_PATH.write_text(json.dumps(golden, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN_PATH}")


if __name__ == "__main__":
    main()
