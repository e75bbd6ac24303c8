"""Game-tree analysis: the census of all games, the perfect-play solver, the symmetries.

* :func:`census` counts every game of tic-tac-toe (X moving first): move
  sequences and finished games per ply, who wins how often, and how many games
  and positions remain when positions that are rotations or reflections of each
  other are merged. It reproduces the figures quoted in the source documents
  (255,168 games; 131,184 / 77,904 / 46,080; 26,830 up to symmetry).
* :func:`solve` gives, for every legal move, its outcome under perfect play for
  the side to move and how many plies the game then lasts (the winner hurries,
  the loser delays). :func:`best_moves` picks the moves a perfect player may
  choose; :func:`position_value` values the position itself.
* :data:`SYMMETRIES` holds the eight symmetries of the square as cell
  permutations; :func:`transform_cells` and :func:`canonical_cells` use them.

Everything is memoised over boards (boards are interned immutable values), so
the whole game tree is solved once per process. Nothing here imports Qt.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from ttt_desktop.engine.board import Board, GameOverError, Mark
from ttt_desktop.engine.cells import Cell

# Symmetries ---------------------------------------------------------------------------

Symmetry = tuple[Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell]


def _rotate(permutation: Symmetry) -> Symmetry:
    # Quarter turn clockwise: the new cell (row, column) shows the old cell (2 - column, row).
    rotated = tuple(permutation[(2 - index % 3) * 3 + index // 3] for index in range(9))
    return rotated  # type: ignore[return-value]


def _mirror(permutation: Symmetry) -> Symmetry:
    # Left-right reflection: the new cell (row, column) shows the old cell (row, 2 - column).
    mirrored = tuple(permutation[(index // 3) * 3 + 2 - index % 3] for index in range(9))
    return mirrored  # type: ignore[return-value]


def _all_symmetries() -> tuple[Symmetry, ...]:
    identity: Symmetry = (0, 1, 2, 3, 4, 5, 6, 7, 8)
    turns = [identity]
    for _ in range(3):
        turns.append(_rotate(turns[-1]))
    return tuple(turns + [_mirror(turn) for turn in turns])


SYMMETRIES: Final[tuple[Symmetry, ...]] = _all_symmetries()
"""The eight symmetries of the square (identity first) as cell permutations.

``permutation[cell]`` is the cell whose content moves to ``cell``: the image of
a board string ``s`` is ``"".join(s[p] for p in permutation)``. The first four
are the rotations by 0, 90, 180 and 270 degrees clockwise; the last four are
the same rotations combined with a left-right reflection.

>>> SYMMETRIES[1]
(6, 3, 0, 7, 4, 1, 8, 5, 2)
>>> transform_cells("XO.......", SYMMETRIES[1])
'..X..O...'
"""


def transform_cells(cells: str, symmetry: Symmetry) -> str:
    """The nine-character board string ``cells`` after applying ``symmetry``."""
    return "".join([cells[source] for source in symmetry])


def transform_board(board: Board, symmetry: Symmetry) -> Board:
    """``board`` rotated or reflected by ``symmetry`` (same mark to move)."""
    return Board(transform_cells(board.cells, symmetry), board.to_move)


def map_cell(cell: Cell, symmetry: Symmetry) -> Cell:
    """Where ``cell`` goes under ``symmetry``: the inverse look-up of the permutation."""
    return symmetry.index(cell)


def canonical_cells(cells: str) -> str:
    """The representative of ``cells`` among its (up to eight) symmetric images.

    Two boards are rotations or reflections of each other exactly when their
    canonical strings are equal.
    """
    return min(transform_cells(cells, symmetry) for symmetry in SYMMETRIES)


# Solver ---------------------------------------------------------------------------------


class Outcome(enum.StrEnum):
    """The result of a game for one side."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


@dataclass(frozen=True, slots=True)
class MoveValue:
    """A move's (or a position's) value under perfect play, for the side to move.

    ``plies`` counts the moves from now to the end of the game, the move itself
    included, when the winner wins as fast as possible and the loser holds out as
    long as possible. ``score`` orders values: higher is better for the side to
    move (faster wins beat slower ones, slower losses beat faster ones).
    """

    outcome: Outcome
    plies: int

    @property
    def score(self) -> int:
        """An integer for comparing values: wins 11..20, draws 0, losses -20..-11."""
        if self.outcome is Outcome.WIN:
            return _WIN_BASE - self.plies
        if self.outcome is Outcome.LOSS:
            return self.plies - _WIN_BASE
        return 0

    def describe(self) -> str:
        """Plain words, e.g. ``"win in 3"`` or ``"draw"``."""
        if self.outcome is Outcome.DRAW:
            return "draw"
        return f"{self.outcome} in {self.plies}"


_WIN_BASE: Final = 20


def _value_from_score(score: int, empties: int) -> MoveValue:
    if score > 0:
        return MoveValue(Outcome.WIN, _WIN_BASE - score)
    if score < 0:
        return MoveValue(Outcome.LOSS, score + _WIN_BASE)
    # A drawn game always runs until the board is full.
    return MoveValue(Outcome.DRAW, empties)


@functools.cache
def position_score(board: Board) -> int:
    """The value of ``board`` for its side to move, as a :attr:`MoveValue.score`.

    Negamax over the whole tree, memoised per board. A finished board scores
    -20 when won (the side to move has lost, zero plies left) and 0 when drawn.
    """
    if board.is_over:
        return 0 if board.winner is None else -_WIN_BASE
    best = -_WIN_BASE - 1
    for cell in board.legal_moves():
        score = _score_after(board.play(cell))
        best = max(best, score)
    return best


def _score_after(child: Board) -> int:
    """The mover's score for the move leading to ``child``: one ply longer, sign flipped."""
    opponent_score = position_score(child)
    if opponent_score > 0:
        return 1 - opponent_score
    if opponent_score < 0:
        return -1 - opponent_score
    return 0


def position_value(board: Board) -> MoveValue:
    """The value of ``board`` for the side to move under perfect play.

    A finished board is a loss in 0 plies (won by the other side) or a draw in 0.
    """
    return _value_from_score(position_score(board), board.cells.count("."))


@functools.cache
def solve(board: Board) -> Mapping[Cell, MoveValue]:
    """Each legal move of ``board`` with its value under perfect play, for the side to move.

    Returns a read-only mapping in ascending cell order. A finished board raises
    :class:`GameOverError`.

    >>> values = solve(Board.from_string("XX." "OO." "..."))
    >>> values[2].describe(), values[5].describe(), values[6].describe()
    ('win in 1', 'draw', 'loss in 2')
    """
    if board.is_over:
        raise GameOverError(f"the game is over: no moves to solve in {board.cells!r}")
    empties = board.cells.count(".")
    values = {
        cell: _value_from_score(_score_after(board.play(cell)), empties)
        for cell in board.legal_moves()
    }
    return _ReadOnlyValues(values)


class _ReadOnlyValues(Mapping[Cell, MoveValue]):
    """A dict view that cannot be changed, so the memoised answer stays shared safely."""

    __slots__ = ("_values",)

    def __init__(self, values: dict[Cell, MoveValue]) -> None:
        self._values = values

    def __getitem__(self, cell: Cell) -> MoveValue:
        return self._values[cell]

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return repr(self._values)


@functools.cache
def best_moves(board: Board) -> tuple[Cell, ...]:
    """The moves a perfect player may choose: optimal, fastest win, slowest loss (ascending)."""
    values = solve(board)
    top = max(value.score for value in values.values())
    return tuple(cell for cell, value in values.items() if value.score == top)


# Census ---------------------------------------------------------------------------------


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
