"""The census of all games: sequences, finished games and positions, ply by ply.

:func:`census` counts every game of tic-tac-toe (X moving first): move
sequences and finished games per ply, who wins how often, and how many games
and positions remain when positions that are rotations or reflections of each
other are merged. It reproduces the figures quoted in the source documents
(255,168 games; 131,184 / 77,904 / 46,080; 26,830 up to symmetry).
:func:`reachable_boards` lists every position a game can reach.

Nothing here imports Qt.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ttt_desktop.analysis.symmetry import canonical_cells
from ttt_desktop.core.board import Board, Mark


@dataclass(frozen=True)
class Census:
    """Counts over the complete game tree with X moving first.

    ``sequences_per_ply[k]`` is the number of move sequences of length ``k``
    that a game can contain (the "total states" of the source's Figure 1.2);
    ``terminal_per_ply[k]`` how many of them end the game. ``outcomes`` counts
    finished games by result (``"X"``, ``"O"``, ``"draw"``). ``games`` is the
    number of complete games; ``games_up_to_symmetry`` the number left when, at
    every turn, moves leading to rotated or reflected copies of the same position
    are taken as one. Positions count distinct boards reachable in play (the
    empty board included), with and without merging symmetric copies, and how
    many of them are finished.
    """

    sequences_per_ply: tuple[int, ...]
    terminal_per_ply: tuple[int, ...]
    outcomes: Mapping[str, int]
    games: int
    games_up_to_symmetry: int
    positions: int
    positions_up_to_symmetry: int
    terminal_positions: int
    terminal_positions_up_to_symmetry: int

    def as_json(self) -> dict[str, Any]:
        """A plain dict of lists, ints and a dict, ready for ``json.dumps``."""
        return {
            "sequences_per_ply": list(self.sequences_per_ply),
            "terminal_per_ply": list(self.terminal_per_ply),
            "outcomes": dict(self.outcomes),
            "games": self.games,
            "games_up_to_symmetry": self.games_up_to_symmetry,
            "positions": self.positions,
            "positions_up_to_symmetry": self.positions_up_to_symmetry,
            "terminal_positions": self.terminal_positions,
            "terminal_positions_up_to_symmetry": self.terminal_positions_up_to_symmetry,
        }


def reachable_boards(first: Mark = Mark.X) -> tuple[Board, ...]:
    """Every board a game starting with ``first`` can reach, in order of ply (empty first)."""
    return _reachable_boards(Mark(first))


@functools.cache
def _reachable_boards(first: Mark) -> tuple[Board, ...]:
    layer = [Board.empty(first)]
    found: list[Board] = []
    while layer:
        found.extend(layer)
        following: dict[Board, None] = {}
        for board in layer:
            for cell in board.legal_moves():
                following[board.play(cell)] = None
        layer = list(following)
    return tuple(found)


@functools.cache
def census() -> Census:
    """Count the whole game tree (X first); computed once, in well under a second.

    Sequences are counted by carrying, ply by ply, how many move orders reach
    each position, so the 549,946 sequences are never walked one by one.
    """
    sequences_per_ply = [0] * 10
    terminal_per_ply = [0] * 10
    outcomes = {"X": 0, "O": 0, "draw": 0}
    layer: dict[Board, int] = {Board.empty(Mark.X): 1}
    for ply in range(10):
        following: dict[Board, int] = {}
        for board, orders in layer.items():
            sequences_per_ply[ply] += orders
            if board.is_over:
                terminal_per_ply[ply] += orders
                outcomes[board.winner.value if board.winner else "draw"] += orders
                continue
            for cell in board.legal_moves():
                child = board.play(cell)
                following[child] = following.get(child, 0) + orders
        layer = following

    boards = reachable_boards(Mark.X)
    terminal = [board for board in boards if board.is_over]
    return Census(
        sequences_per_ply=tuple(sequences_per_ply),
        terminal_per_ply=tuple(terminal_per_ply),
        outcomes=MappingProxyType(outcomes),  # read-only: the census is shared
        games=sum(terminal_per_ply),
        games_up_to_symmetry=_games_up_to_symmetry(Board.empty(Mark.X)),
        positions=len(boards),
        positions_up_to_symmetry=len({canonical_cells(board.cells) for board in boards}),
        terminal_positions=len(terminal),
        terminal_positions_up_to_symmetry=len({canonical_cells(board.cells) for board in terminal}),
    )


def _games_up_to_symmetry(start: Board) -> int:
    """Complete games from ``start`` when moves to symmetric positions count once."""
    memo: dict[str, int] = {}

    def games_from(board: Board) -> int:
        if board.is_over:
            return 1
        key = canonical_cells(board.cells)
        known = memo.get(key)
        if known is not None:
            return known
        distinct_children: dict[str, Board] = {}
        for cell in board.legal_moves():
            child = board.play(cell)
            distinct_children.setdefault(canonical_cells(child.cells), child)
        total = sum(games_from(child) for child in distinct_children.values())
        memo[key] = total
        return total

    return games_from(start)
