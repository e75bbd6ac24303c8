"""How a game ended, in one word: the winning row ("five"), a draw, black's forbidden move
(renju), a forfeit.

The unattended loop (:mod:`ttt_desktop.core.play`) and the game records
(:mod:`ttt_desktop.core.record`) both answer with :func:`ending`; ``ttt-arena match --json``
shows it for every game. A forbidden move is kept as a forfeit of black's whose reason
:func:`forbidden_forfeit` writes: the cell is never on the board, so a record of the game
replays like any other.

Nothing here imports Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ttt_desktop.core.board import Board, ForbiddenMoveError

__all__ = ["ENDING_DRAW", "ENDING_FORBIDDEN", "ENDING_FORFEIT", "ending", "forbidden_forfeit"]

ENDING_DRAW = "draw"
"""How a game ends with the board full and no winner."""
ENDING_FORBIDDEN = "forbidden"
"""How a game ends when black (the first player) plays a cell renju forbids it: black loses."""
ENDING_FORFEIT = "forfeit"
"""How a game ends when a seat loses it off the board (a crash, a timeout, garbage)."""


def forbidden_forfeit(error: ForbiddenMoveError) -> str:
    """The reason kept with the loss of a forbidden move ("forbidden: h8 is forbidden for
    black: double-three"): what :func:`ending` reads as :data:`ENDING_FORBIDDEN`."""
    return f"{ENDING_FORBIDDEN}: {error}"


def ending(board: Board, forfeit_reason: str | None) -> str | None:
    """How a game ended: the winning row's word when it was won on the board ("five", and
    "three" on tic-tac-toe), :data:`ENDING_DRAW`, :data:`ENDING_FORBIDDEN` for black's
    forbidden move (renju), :data:`ENDING_FORFEIT` for any other loss off the board; None
    while it goes on. ``forfeit_reason`` is the reason of the game's forfeit (None: none)."""
    if forfeit_reason is not None:
        forbidden = forfeit_reason.startswith(f"{ENDING_FORBIDDEN}: ")
        return ENDING_FORBIDDEN if forbidden else ENDING_FORFEIT
    if board.winner is not None:
        return board.rules.row_word
    return ENDING_DRAW if board.is_over else None
