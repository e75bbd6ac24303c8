"""An independent reference for the rules, written with plain strings and lists.

The engine and analysis tests compare against this module, so it shares no code
with ``ttt_desktop``: its own lines, its own win check, its own walk of the game
tree and its own minimax. Positions are ``(cells, mover)`` pairs: nine
characters of ``X``, ``O`` and ``.``, and the mark to move.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

Position = tuple[str, str]

REFERENCE_LINES = tuple(
    [tuple(range(row * 3, row * 3 + 3)) for row in range(3)]
    + [(column, column + 3, column + 6) for column in range(3)]
    + [(0, 4, 8), (2, 4, 6)]
)


def other(mark: str) -> str:
    return "O" if mark == "X" else "X"


def lines_of(cells: str, mark: str) -> list[tuple[int, ...]]:
    return [line for line in REFERENCE_LINES if all(cells[i] == mark for i in line)]


@functools.cache
def winner_of(cells: str) -> str | None:
    for mark in "XO":
        if lines_of(cells, mark):
            return mark
    return None


def is_finished(cells: str) -> bool:
    return winner_of(cells) is not None or "." not in cells


def empty_cells(cells: str) -> list[int]:
    return [i for i, char in enumerate(cells) if char == "."]


def after(cells: str, cell: int, mark: str) -> str:
    as_list = list(cells)
    as_list[cell] = mark
    return "".join(as_list)


@functools.cache
def reachable(first: str) -> dict[Position, tuple[int, ...]]:
    """Every position of a game ``first`` starts, with one move sequence reaching it."""
    found: dict[Position, tuple[int, ...]] = {}
    stack: list[tuple[str, str, tuple[int, ...]]] = [("." * 9, first, ())]
    while stack:
        cells, mover, moves = stack.pop()
        if (cells, mover) in found:
            continue
        found[(cells, mover)] = moves
        if is_finished(cells):
            continue
        for cell in empty_cells(cells):
            stack.append((after(cells, cell, mover), other(mover), (*moves, cell)))
    return found


def all_reachable() -> dict[Position, tuple[int, ...]]:
    """Positions of games started by X and by O (the two sets are disjoint)."""
    return {**reachable("X"), **reachable("O")}


def playable_positions() -> Iterator[tuple[Position, tuple[int, ...]]]:
    """Every reachable position that is not over, with a move sequence to it."""
    for position, moves in all_reachable().items():
        if not is_finished(position[0]):
            yield position, moves


@functools.cache
def outcome_and_length(cells: str, mover: str) -> tuple[int, int]:
    """(result for ``mover``: 1 win, 0 draw, -1 loss; plies to the end) under perfect play.

    Plain minimax over (result, length) pairs: the winner prefers shorter games,
    the loser longer ones.
    """
    if winner_of(cells) is not None:
        return (1 if winner_of(cells) == mover else -1), 0
    if "." not in cells:
        return 0, 0
    options = [move_outcome(cells, mover, cell) for cell in empty_cells(cells)]
    return max(options, key=preference)


def move_outcome(cells: str, mover: str, cell: int) -> tuple[int, int]:
    """(result for ``mover``, plies to the end, this move included) after ``cell`` is played."""
    result, length = outcome_and_length(after(cells, cell, mover), other(mover))
    return -result, length + 1


def preference(option: tuple[int, int]) -> tuple[int, int]:
    """Sort key: wins before draws before losses; quick wins first, slow losses first."""
    result, length = option
    if result > 0:
        return 2, -length
    if result < 0:
        return 0, length
    return 1, 0


def optimal_moves(cells: str, mover: str) -> set[int]:
    """The moves a perfect player may choose (optimal, fastest win, slowest loss)."""
    options = {cell: move_outcome(cells, mover, cell) for cell in empty_cells(cells)}
    best = max(map(preference, options.values()))
    return {cell for cell, option in options.items() if preference(option) == best}


def completing(cells: str, mark: str) -> set[int]:
    """Empty cells where ``mark`` would complete a line."""
    return {
        cell
        for cell in empty_cells(cells)
        if any(
            cell in line and sum(cells[i] == mark for i in line) == 2 for line in REFERENCE_LINES
        )
    }
