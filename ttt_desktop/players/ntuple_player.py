"""The n-tuple learner's player: a trained network's windows and weights, read in pure Python.

The network (:mod:`ttt_desktop.players.ntuple` trains it, with numpy) values a position by
its straight windows of ``k + 1`` cells: each window's pattern (each cell empty, the
mover's, the opponent's or off the board, base 4, the window's first cell the lowest digit)
has a weight, a pattern and its mirror image sharing one. This module holds the geometry
of those windows (:func:`window_cells`, :func:`pattern_class_list`, which the trainer's
arrays are built from) and the player, which needs no numpy: a move changes only the
windows through its cell, so each legal move's value is a handful of look-ups. The
packaged app carries no numpy (it would add about 40 MB); the player plays there as it
does from source.

A move's value is the position's sum of weights plus the exact sum (:func:`math.fsum`) of
what the move changes, so two moves that change the same patterns get the same value however
their windows are ordered, and ties are ties. Nothing here imports Qt or numpy.
"""

from __future__ import annotations

import functools
import math
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.cells import Cell
from ttt_desktop.core.geometry import DIRECTIONS
from ttt_desktop.core.rules import Rules
from ttt_desktop.core.tactics import blocking_cells, completing_cells
from ttt_desktop.players.base import Player, legal_moves_or_raise
from ttt_desktop.players.ntuple_file import NetworkDocument, pattern_class_count, window_length
from ttt_desktop.players.thought import Meaning, Rule, Thought, decisive_rule, scores_of

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ttt_desktop.core.clock import StopCheck

__all__ = [
    "EMPTY",
    "MINE",
    "SHIPPED_NETWORKS",
    "THEIRS",
    "WALL",
    "NTuplePlayer",
    "PlayLayout",
    "pattern_class_list",
    "play_layout",
    "shipped_document",
    "window_cells",
]

SHIPPED_NETWORKS: Final = Path(__file__).resolve().parent / "data"
"""Where the networks shipped with the program are: ``ntuple-k<K>.json``, one per k."""
EMPTY, MINE, THEIRS, WALL = 0, 1, 2, 3
"""A window cell's digit: empty, the mover's, the opponent's, off the board."""


def _line_length(start: tuple[int, int], d_row: int, d_col: int, m: int, n: int) -> int:
    """How many cells the whole line through ``start`` (on the board) has in its direction."""
    row, col = start
    while 0 <= row - d_row < n and 0 <= col - d_col < m:
        row, col = row - d_row, col - d_col
    length = 0
    while 0 <= row < n and 0 <= col < m:
        length += 1
        row, col = row + d_row, col + d_col
    return length


@functools.lru_cache(maxsize=8)
def window_cells(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """Every window of ``rules``' board, each as its cells in order (``m * n`` for the one
    cell off the board a window may hold at either end): across, down and both diagonals,
    only on lines long enough for k in a row."""
    m, n, k = rules.m, rules.n, rules.k
    size = m * n
    window = window_length(rules)
    found: list[tuple[int, ...]] = []
    for d_row, d_col in DIRECTIONS:
        for row in range(-1, n + 1):
            for col in range(-1, m + 1):
                spots = [(row + d_row * i, col + d_col * i) for i in range(window)]
                inside = [0 <= r < n and 0 <= c < m for r, c in spots]
                walls = window - sum(inside)
                if walls > 1 or (walls == 1 and inside[0] and inside[-1]):
                    continue
                on_board = spots[0] if inside[0] else spots[1]
                if _line_length(on_board, d_row, d_col, m, n) < k:
                    continue
                pairs = zip(spots, inside, strict=True)
                found.append(tuple(r * m + c if ok else size for (r, c), ok in pairs))
    return tuple(found)


@functools.cache
def pattern_class_list(window: int) -> tuple[int, ...]:
    """For each pattern of ``window`` cells, the index of its weight: a pattern and its
    mirror image share one, numbered in the order of the smaller of the two."""
    smaller = []
    for code in range(4**window):
        mirrored, rest = 0, code
        for _ in range(window):
            mirrored = mirrored * 4 + rest % 4
            rest //= 4
        smaller.append(min(code, mirrored))
    index = {value: number for number, value in enumerate(sorted(set(smaller)))}
    classes = tuple(index[value] for value in smaller)
    assert len(index) == pattern_class_count(window)
    return classes


class PlayLayout:
    """The windows of one board as the player reads them: each window's cells and their
    place values, and for each cell the windows through it with its place value there."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.size = rules.m * rules.n
        self.window = window_length(rules)
        self.cells = window_cells(rules)
        self.places: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((cell, 4**place) for place, cell in enumerate(cells)) for cells in self.cells
        )
        through: list[list[tuple[int, int]]] = [[] for _ in range(self.size)]
        for index, cells in enumerate(self.cells):
            for place, cell in enumerate(cells):
                if cell < self.size:
                    through[cell].append((index, 4**place))
        self.through: tuple[tuple[tuple[int, int], ...], ...] = tuple(map(tuple, through))
        self.classes = pattern_class_list(self.window)

    def codes(self, board: Board, mover: Mark) -> list[int]:
        """Every window's pattern on ``board`` as ``mover`` sees it."""
        digits = [EMPTY] * (self.size + 1)
        digits[self.size] = WALL
        for cell, mark in enumerate(board.cells):
            if mark != ".":
                digits[cell] = MINE if mark == mover.value else THEIRS
        return [sum(digits[cell] * power for cell, power in places) for places in self.places]


@functools.lru_cache(maxsize=8)
def play_layout(rules: Rules) -> PlayLayout:
    """The :class:`PlayLayout` of ``rules``' board, made once per process."""
    return PlayLayout(rules)


@functools.cache
def shipped_document(k: int) -> NetworkDocument:
    """The network shipped for boards of ``k`` in a row, read once per process.

    Raises ``FileNotFoundError`` for a k the program ships none for.
    """
    return NetworkDocument.load(SHIPPED_NETWORKS / f"ntuple-k{k}.json")


class _Network:
    """A network as the player reads it: its board, k and weights as floats."""

    __slots__ = ("k", "rules", "weights", "window")

    def __init__(self, rules: Rules, window: int, weights: Sequence[float]) -> None:
        self.rules, self.k, self.window = rules, rules.k, window
        self.weights = [float(value) for value in weights]

    def plays(self, rules: Rules) -> bool:
        return window_length(rules) == self.window and rules.k == self.k


def _readable(network: Any) -> _Network:
    """A network document, a trainer's network (its weights any sequence of floats) or the
    path of a network file, as the player reads it."""
    if isinstance(network, (str, Path)):
        network = NetworkDocument.load(network)
    weights = network.weights
    if hasattr(weights, "tolist"):
        weights = weights.tolist()
    return _Network(network.rules, network.window, weights)


def _clip(value: float) -> float:
    """A value read within -1 (lost) and 1 (won)."""
    return max(-1.0, min(1.0, value))


class NTuplePlayer(Player):
    """Plays a win, else a block, else the move its network values most; ties go to the
    player's own generator.

    ``network`` is a network document (:class:`~ttt_desktop.players.ntuple_file.
    NetworkDocument`), a trainer's :class:`~ttt_desktop.players.ntuple.NTupleNetwork` or
    the path of a network file; by default the network shipped for the board's k (read when
    the first move is asked). The player reads the weights once, when it is made.
    """

    kind: ClassVar[str] = "ntuple"

    def __init__(self, *, seed: int | None = None, network: Any = None) -> None:
        super().__init__(seed=seed)
        self.network: _Network | None = None if network is None else _readable(network)

    def _network_for(self, board: Board) -> _Network:
        network = self.network
        rules = board.rules
        if network is None:
            try:
                return _shipped(rules.k)
            except FileNotFoundError:
                raise ValueError(
                    f"no network is shipped for {rules.k} in a row; train one: "
                    f"ttt-arena train --method ntuple --rules {rules.key}"
                ) from None
        if not network.plays(rules):
            raise ValueError(
                f"this network was trained for {network.k} in a row ({network.rules.key}); "
                f"it does not play {rules.key}"
            )
        return network

    def _decide(self, board: Board) -> tuple[Cell, bool, list[Cell], list[float] | None]:
        """The move, whether a block forced it, the cells chosen among and their values
        (None when a win decided)."""
        network = self._network_for(board)
        mover = board.to_move
        legal = legal_moves_or_raise(board)
        wins = [cell for cell in completing_cells(board, mover) if board.play(cell).winner is mover]
        if wins:
            cell = wins[int(self._random() * len(wins))] if len(wins) > 1 else wins[0]
            return cell, True, wins, None
        allowed = set(legal)
        blocks = [cell for cell in blocking_cells(board, mover.opponent) if cell in allowed]
        cells = blocks or list(legal)
        layout = play_layout(board.rules)
        codes = layout.codes(board, mover)
        weights, classes, through = network.weights, layout.classes, layout.through
        base = math.fsum(weights[classes[code]] for code in codes)
        sums = []
        for cell in cells:
            terms = []
            for window, power in through[cell]:
                code = codes[window]
                terms.append(weights[classes[code + power * MINE]])
                terms.append(-weights[classes[code]])
            sums.append(base + math.fsum(terms))
        top = max(sums)
        ties = [index for index, value in enumerate(sums) if value == top]
        index = ties[int(self._random() * len(ties))] if len(ties) > 1 else ties[0]
        return cells[index], bool(blocks), cells, sums

    def choose_move(self, board: Board) -> Cell:
        """A winning cell, else a block, else the best-valued move."""
        return self._decide(board)[0]

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """Rule ``win`` or ``block`` when one decided, else ``table`` with the network's
        value of each move (from -1, lost, to 1, won) as its scores: the heat map."""
        started = time.perf_counter()
        move, forced, cells, sums = self._decide(board)
        lines: tuple[tuple[Cell, ...], ...] = ()
        scores: tuple[Any, ...] = ()
        if sums is None:
            rule = Rule.WIN
            candidates = tuple(sorted(cells))
        else:
            rule = Rule.TABLE
            top = max(sums)
            candidates = tuple(
                sorted(cell for cell, total in zip(cells, sums, strict=True) if total == top)
            )
            if forced:
                decisive = decisive_rule(board)
                if decisive is not None:
                    rule, _, lines = decisive
            scores = scores_of(
                {cell: _clip(total) for cell, total in zip(cells, sums, strict=True)}
            )
        return Thought(
            self.kind,
            board.cells,
            board.to_move.value,
            move,
            rule,
            candidates,
            scores=scores,
            meaning=Meaning.NONE if sums is None else Meaning.LEARNED,
            seconds=time.perf_counter() - started,
            rule_cells=candidates,
            rule_lines=lines,
            rules=board.rules.key,
        )


@functools.cache
def _shipped(k: int) -> _Network:
    return _readable(shipped_document(k))
