"""``ttt-arena forbidden``: the side to move's forbidden cells after a list of moves.

``ttt-arena forbidden --rules renju h8 i9 h9 ...`` plays the moves (black, X, first; cell
names as the board names them) and lists the cells the side to move may not play, each
with its reason (the board's ``forbidden_cells()``): under renju black's overlines,
double-fours and double-threes; white, and every other rule, has none. ``--json`` prints
one object. Moves that are no cells, a cell played twice, a move after the game is won,
black's own forbidden move among the moves, or rules without a side to move exit with
status 2 and the reason in one line.

Nothing here imports Qt.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from ttt_desktop.cli.common import RefusedError
from ttt_desktop.cli.output import print_json
from ttt_desktop.core.board import Board, ForbiddenMoveError, Mark, OccupiedCellError
from ttt_desktop.core.rules import Rules


def run_forbidden(arguments: argparse.Namespace, out: TextIO, _err: TextIO) -> int:
    """``ttt-arena forbidden``; the exit status."""
    rules: Rules = arguments.rules
    names = " ".join(arguments.moves).replace(",", " ").split()
    board = _replay(rules, names)
    first = board.to_move is board.first_player
    geometry = rules.geometry
    found = board.forbidden_cells()
    side = "black (X)" if first else "white (O)"
    if arguments.json:
        document: dict[str, Any] = {
            "rules": rules.key,
            "moves": [geometry.name(geometry.parse(name)) for name in names],
            "to_move": board.to_move.value,
            "forbidden": [
                {"cell": geometry.name(cell), "reason": reason} for cell, reason in found.items()
            ],
        }
        print_json(document, out)
        return 0
    after = f"after {len(names)} move{'' if len(names) == 1 else 's'}" if names else "empty"
    if not rules.has_forbidden_moves:
        out.write(
            f"{rules.title} ({rules.key}), {after}: no cell is forbidden under {rules.rule}\n"
        )
        return 0
    if not first:
        out.write(f"{rules.title} ({rules.key}), {after}, {side} to move: ")
        out.write("white has no forbidden cells\n")
        return 0
    count = f"{len(found)} forbidden cell{'' if len(found) == 1 else 's'}" if found else "none"
    out.write(f"{rules.title} ({rules.key}), {after}, {side} to move: {count}\n")
    for cell, reason in found.items():
        out.write(f"  {geometry.name(cell):>4}  {reason}\n")
    return 0


def _replay(rules: Rules, names: list[str]) -> Board:
    """The board after ``names`` (black, X, first), or :class:`RefusedError` saying which
    move cannot be played and why (the board's own refusals)."""
    geometry = rules.geometry
    board = Board.empty(Mark.X, rules)
    for number, name in enumerate(names, start=1):
        if board.winner is not None:
            raise RefusedError(
                f"move {number - 1}, {names[number - 2]}: "
                f"{'black' if board.winner is Mark.X else 'white'} wins there; "
                f"the game is over before move {number}"
            )
        try:
            cell = geometry.parse(name)
        except ValueError as error:
            raise RefusedError(f"move {number}, {name!r}: {error}") from None
        try:
            board = board.play(cell)
        except OccupiedCellError:
            raise RefusedError(f"move {number}, {name}: {geometry.name(cell)} is taken") from None
        except ForbiddenMoveError as error:
            raise RefusedError(
                f"move {number}, {name}: black may not play {geometry.name(cell)} "
                f"under {rules.rule} ({error.reason})"
            ) from None
    if board.winner is not None:
        raise RefusedError(
            f"move {len(names)}, {names[-1]}: "
            f"{'black' if board.winner is Mark.X else 'white'} wins there; nobody is to move"
        )
    if board.is_over:
        raise RefusedError("the board is full: nobody is to move")
    return board
