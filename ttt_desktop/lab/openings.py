"""Openings for tournaments and matches: built-in sets per board, and opening files.

A tournament with openings plays each opening twice per pairing, once with each player
as X (see :class:`~ttt_desktop.lab.tournament.TournamentSpec`), so an opening that
favours one side favours both players equally; that is how cutechess-cli and fastchess
use opening books.

Built-in sets (:func:`builtin_openings`):

* boards at least 7 by 7 (gomoku's 15x15 among them): the 26 classical three-stone
  openings near the centre, the shapes of renju's opening set: X in the centre, O next to
  it straight (13 openings) or diagonally (13), X's second stone anywhere in the centre's
  5x5 square, each shape once up to the board's symmetries (26 on a square board, more
  on an oblong one, which has fewer symmetries);
* smaller boards (3x3 among them): every first move.

An opening file holds one opening per line: cells named as the board names them
(:func:`ttt_desktop.engine.geometry.Geometry.parse`: keypad digits on 3x3, ``h8`` style
elsewhere), separated by spaces or commas; blank lines and lines starting with ``#``
are skipped. A bad line is refused with its number and what is wrong with it.

Nothing here imports Qt.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from ttt_desktop.engine.board import Board, Mark
from ttt_desktop.engine.rules import Rules

__all__ = [
    "OPENING_FILE_LIMIT",
    "OpeningSeat",
    "builtin_openings",
    "opening_sequence",
    "parse_openings",
    "read_openings",
]

OPENING_FILE_LIMIT: Final = 1_000_000
"""The largest opening file read, in bytes (the user-file reader refuses a larger one)."""

_BIG_BOARD: Final = 7
"""Boards at least this wide and high get the three-stone set; smaller ones every first move."""


class OpeningSeat:
    """A seat that plays its side's moves of an opening, then lets its player think."""

    def __init__(self, player: Any, opening: tuple[int, ...]) -> None:
        self.player = player
        self.opening = opening
        self.length = len(opening)
        # A brain may lose a game off the board: the play loop must know it of the seat.
        self.may_forfeit = getattr(player, "may_forfeit", False)

    def choose_move(self, board: Any) -> int:
        ply = board.ply
        if ply < self.length:
            cell: int = self.opening[ply]
            return cell
        return int(self.player.choose_move(board))


def opening_sequence(
    openings: Sequence[tuple[int, ...]], rules: Rules, symmetries_seed: int | None = None
) -> Callable[[int], tuple[int, ...]]:
    """Opening number ``j`` of a run: the set in turn, each turned by a symmetry if seeded.

    With ``symmetries_seed`` each ``j`` gets one of the board's symmetries drawn from the
    seed and ``j`` alone, so a run is repeatable and any of its games can be replayed.
    """
    if not openings:
        raise ValueError("no openings to play")
    geometry = rules.geometry

    def opening(number: int) -> tuple[int, ...]:
        cells = openings[number % len(openings)]
        if symmetries_seed is None:
            return cells
        drawn = random.Random(f"{symmetries_seed}:{number}").randrange(len(geometry.symmetries))
        return geometry.transform(cells, drawn)

    return opening


def builtin_openings(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The board's built-in opening set (cells from the empty board), in a fixed order."""
    geometry = rules.geometry
    if rules.m < _BIG_BOARD or rules.n < _BIG_BOARD:
        return tuple((cell,) for cell in geometry.cells)
    m = rules.m
    row, column = rules.n // 2, m // 2
    centre = row * m + column
    openings: list[tuple[int, ...]] = []
    seen: set[tuple[tuple[int, ...], int]] = set()
    for o_cell in (centre - m, centre - m + 1):  # straight up, and diagonally up-right
        for d_row in range(-2, 3):
            for d_column in range(-2, 3):
                third = (row + d_row) * m + column + d_column
                if third in (centre, o_cell):
                    continue
                opening = (centre, o_cell, third)
                key = min(
                    (tuple(sorted((table[centre], table[third]))), table[o_cell])
                    for table in geometry.symmetries
                    # Only the symmetries that keep the first two stones where they are.
                    if table[centre] == centre and table[o_cell] == o_cell
                )
                if key not in seen:
                    seen.add(key)
                    openings.append(opening)
    return tuple(openings)


def parse_openings(
    text: str, rules: Rules, source: str = "the openings"
) -> tuple[tuple[int, ...], ...]:
    """Openings from ``text``, one a line; raises ``ValueError`` naming a bad line."""
    geometry = rules.geometry
    openings: list[tuple[int, ...]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = f"{source}, line {number}"
        try:
            cells = tuple(geometry.parse(name) for name in line.replace(",", " ").split())
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None
        board = Board.empty(Mark.X, rules)
        for cell in cells:
            if board[cell] is not None:
                raise ValueError(f"{where}: {geometry.name(cell)} is played twice")
            board = board.play(cell)
            if board.is_over:
                raise ValueError(f"{where}: the game is over after {geometry.name(cell)}")
        openings.append(cells)
    if not openings:
        raise ValueError(f"{source} holds no opening (one a line, cells such as {_example(rules)})")
    return tuple(openings)


def read_openings(path: str | os.PathLike[str], rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The openings of the file at ``path``; ``ValueError`` (or ``UserFileError``) if bad."""
    # The user-file reader loads only here: a tournament without an opening file never needs it.
    from ttt_desktop.formats.files import FileKind, UserFileError, read_user_text  # noqa: PLC0415

    text = read_user_text(path, FileKind("opening file", OPENING_FILE_LIMIT))
    try:
        return parse_openings(text, rules, os.fspath(path))
    except UserFileError:
        raise
    except ValueError as error:
        raise UserFileError(str(error)) from None


def _example(rules: Rules) -> str:
    geometry = rules.geometry
    return " ".join(geometry.name(cell) for cell in builtin_openings(rules)[-1])
