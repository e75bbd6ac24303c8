"""The n-tuple learner: a pattern network trained by temporal differences, on any board.

The second player of the self-play series that source document 004 begins (the first is
the tabular :mod:`ttt_desktop.players.learner`, which knows tic-tac-toe's positions one by
one). This one values a position by the patterns it sees, so what it learns in one
position holds in every other, and on every board with the same k:

* **Features.** Every straight window of ``k + 1`` cells (across, down and both diagonals;
  at most :data:`~ttt_desktop.players.ntuple_file.LONGEST_WINDOW`), including the windows
  that reach one cell past the board's edge, is read as a pattern: each cell empty, the
  mover's, the opponent's or off the board. A pattern and its mirror image share one
  weight, and every window shares the same table of weights (an n-tuple network with
  weight sharing, as used for Connect Four and Othello, with the lines of k in a row as
  its tuples).
* **Value.** The value of a position just after a move, for the side that made it, is
  the sum of its windows' weights, read within -1 (lost) and 1 (won). Playing a cell
  changes only the windows through it, so every legal move's value costs a handful of
  look-ups (in training, numpy does all the moves at once).
* **Playing.** A winning cell if there is one, else a cell that blocks the opponent's
  win, else the move whose position is valued highest (ties drawn from the player's own
  generator). Wins and blocks are checked by the board itself, so every rule's own lines
  count (exactly k, renju, caro).
* **Training** (:func:`self_play_game`, driven by :func:`ttt_desktop.players.learner.train`):
  TD(0) by self-play on the positions after each move. After each move of the opponent
  the mover's previous position is pulled towards minus the opponent's best value (the
  game's end: 1 for the winner, 0 for a draw); one network plays both sides, each seeing
  the board as its own. The step is normalised (normalised least mean squares): a step of
  ``alpha`` moves a position's value that share of the way to its target, however many
  of its windows share a weight. With probability ``epsilon`` a move is drawn among the
  few best instead (exploration). A ``tanh`` output and a step shared evenly among the
  windows learnt, then unlearnt, Utility's play on 9x9 within three minutes; this one
  held it (the manual's learner page has the figures).

The player (:mod:`ttt_desktop.players.ntuple_player`, re-exported here) reads a network
without numpy and holds the windows' geometry this module's arrays are built from. numpy is
imported with this module, which only the trainer imports, in its own processes (never the
window, nor the packaged app, which carries no numpy: see the README's dependencies).
Nothing here imports Qt.
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import random
from collections.abc import Callable, Mapping
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.cells import Cell
from ttt_desktop.core.rules import Rules
from ttt_desktop.core.tactics import blocking_cells, completing_cells
from ttt_desktop.players.base import legal_moves_or_raise
from ttt_desktop.players.ntuple_file import (
    MAX_WEIGHT,
    NetworkDocument,
    pattern_class_count,
    window_length,
)
from ttt_desktop.players.ntuple_player import (
    MINE,
    SHIPPED_NETWORKS,
    THEIRS,
    WALL,
    NTuplePlayer,
    pattern_class_list,
    shipped_document,
    window_cells,
)

__all__ = [
    "EXPLORE_AMONG",
    "SHIPPED_NETWORKS",
    "Layout",
    "NTupleNetwork",
    "NTuplePlayer",
    "SelfPlayHelpers",
    "game_generator",
    "pattern_classes",
    "self_play_game",
    "shipped_network",
    "train_games",
    "windows_of",
]

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

EXPLORE_AMONG: Final = 4
"""An exploring move is drawn among this many of the best-valued moves."""
_MINE, _THEIRS, _WALL = MINE, THEIRS, WALL


@functools.cache
def pattern_classes(window: int) -> Ints:
    """:func:`~ttt_desktop.players.ntuple_player.pattern_class_list` as an array."""
    return np.array(pattern_class_list(window), dtype=np.int64)


class Layout:
    """The windows of one board: which cells each holds, and which windows each cell is in.

    ``window_cells[w]`` are window ``w``'s cells in order (``size`` for the cell off the
    board), ``cell_windows[c]`` the windows through cell ``c`` and ``cell_powers[c]`` the
    place value of ``c`` in each (padded with the spare window ``windows`` and 0).
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        m, n, k = rules.m, rules.n, rules.k
        self.size = size = m * n
        self.window = window = window_length(rules)
        cells_of = window_cells(rules)
        self.windows = len(cells_of)
        self.window_cells: Ints = np.array(cells_of, dtype=np.int64).reshape(-1, window)
        self.powers: Ints = 4 ** np.arange(window, dtype=np.int64)
        by_cell: list[list[tuple[int, int]]] = [[] for _ in range(size)]
        for index, cells in enumerate(cells_of):
            for place, cell in enumerate(cells):
                if cell < size:
                    by_cell[cell].append((index, 4**place))
        widest = max((len(entries) for entries in by_cell), default=0)
        self.cell_windows: Ints = np.full((size, max(widest, 1)), self.windows, dtype=np.int64)
        self.cell_powers: Ints = np.zeros((size, max(widest, 1)), dtype=np.int64)
        for cell, entries in enumerate(by_cell):
            for slot, (index, power) in enumerate(entries):
                self.cell_windows[cell, slot] = index
                self.cell_powers[cell, slot] = power
        self.classes: Ints = pattern_classes(window)
        # Whether a pattern holds k of the mover's cells in a row (k or more: the free-style
        # line; a board's own rule may ask more of a line, which the board then checks).
        self.winning: npt.NDArray[np.bool_] | None = None
        if window >= k:
            digits = (np.arange(4**window)[:, None] // self.powers[None, :]) % 4
            mine = (digits == _MINE).astype(np.int64)
            runs = np.zeros(4**window, dtype=np.int64)
            best = np.zeros(4**window, dtype=np.int64)
            for place in range(window):
                runs = (runs + 1) * mine[:, place]
                best = np.maximum(best, runs)
            self.winning = best >= k

    def codes(self, board: Board) -> tuple[Ints, Ints]:
        """Every window's pattern on ``board``, as X sees it and as O sees it (the mover's
        cells are X's in the first, O's in the second); a spare 0 at the end of each."""
        values = np.zeros(self.size + 1, dtype=np.int64)
        values[self.size] = _WALL
        x_cells, o_cells = _cells_of(board.bits(Mark.X)), _cells_of(board.bits(Mark.O))
        values[x_cells] = _MINE
        values[o_cells] = _THEIRS
        as_x = np.zeros(self.windows + 1, dtype=np.int64)
        as_x[:-1] = (values[self.window_cells] * self.powers).sum(axis=1)
        values[x_cells] = _THEIRS
        values[o_cells] = _MINE
        as_o = np.zeros(self.windows + 1, dtype=np.int64)
        as_o[:-1] = (values[self.window_cells] * self.powers).sum(axis=1)
        return as_x, as_o


def _cells_of(bits: int) -> list[int]:
    cells = []
    while bits:
        low = bits & -bits
        cells.append(low.bit_length() - 1)
        bits ^= low
    return cells


@functools.lru_cache(maxsize=8)
def windows_of(rules: Rules) -> Layout:
    """The :class:`Layout` of ``rules``' board, made once per process."""
    return Layout(rules)


class NTupleNetwork:
    """The learned weights: one per pattern class of a ``window``-cell window.

    ``rules`` is the board it was trained on; it plays every board with the same k.
    ``training`` records how it was made.
    """

    def __init__(
        self, rules: Rules, weights: Floats | None = None, training: Mapping[str, Any] | None = None
    ) -> None:
        self.rules = rules
        self.k = rules.k
        self.window = window_length(rules)
        classes = pattern_class_count(self.window)
        if weights is None:
            weights = np.zeros(classes, dtype=np.float64)
        elif weights.shape != (classes,):
            raise ValueError(f"a network of {self.window}-cell windows has {classes} weights")
        self.weights: Floats = weights
        self.training: dict[str, Any] = dict(training or {})
        # The empty window says nothing; its weight stays 0.
        self.empty_class = int(pattern_classes(self.window)[0])

    def plays(self, rules: Rules) -> bool:
        """Whether this network plays ``rules``' board (the same k as its own)."""
        return window_length(rules) == self.window and rules.k == self.k

    def copy(self) -> NTupleNetwork:
        return NTupleNetwork(self.rules, self.weights.copy(), self.training)

    # Files --------------------------------------------------------------------

    def document(self) -> NetworkDocument:
        clipped = np.clip(self.weights, -MAX_WEIGHT, MAX_WEIGHT)
        return NetworkDocument(
            self.rules, self.window, tuple(float(value) for value in clipped), self.training
        )

    @classmethod
    def from_document(cls, document: NetworkDocument) -> NTupleNetwork:
        return cls(document.rules, np.array(document.weights, dtype=np.float64), document.training)

    def to_json(self) -> dict[str, Any]:
        return self.document().to_json()

    @classmethod
    def from_json(cls, document: object) -> NTupleNetwork:
        """:class:`~ttt_desktop.players.ntuple_file.NetworkFormatError` when malformed."""
        return cls.from_document(NetworkDocument.from_json(document))

    @classmethod
    def load(cls, path: str | Path) -> NTupleNetwork:
        return cls.from_document(NetworkDocument.load(path))

    def save(self, path: str | Path) -> None:
        self.document().save(path)


def shipped_network(k: int) -> NTupleNetwork:
    """The network shipped for boards of ``k`` in a row, as the trainer's network.

    Raises ``FileNotFoundError`` for a k the program ships none for.
    """
    return NTupleNetwork.from_document(shipped_document(k))


class _Choice:
    """A move chosen, with the values the training needs."""

    __slots__ = ("best", "cell", "forced", "value")

    def __init__(self, cell: Cell, value: float, best: float, forced: bool) -> None:
        self.cell, self.value, self.best, self.forced = cell, value, best, forced


def _choose(  # noqa: PLR0917  (the inner loop: positional)
    network: NTupleNetwork,
    layout: Layout,
    board: Board,
    codes: tuple[Ints, Ints],
    uniform: Callable[[], float],
    epsilon: float,
) -> tuple[_Choice, list[Cell], Floats | None]:
    """The move for the side to move: a win, else a block, else the best valued (or, at
    ``epsilon``, one of the few best). Also the cells it chose among and their sums (the
    raw values; None when a win decided)."""
    mover = board.to_move
    mine, theirs = (codes[0], codes[1]) if mover is Mark.X else (codes[1], codes[0])
    legal = legal_moves_or_raise(board)
    moves: Ints = np.fromiter(legal, dtype=np.int64, count=len(legal))
    windows = layout.cell_windows[moves]
    powers = layout.cell_powers[moves]
    winning = layout.winning
    # Wins: the network's windows flag the cells that may complete a line, the board decides.
    if winning is not None:
        maybe = moves[winning[mine[windows] + powers].any(axis=1)]
        wins = [int(cell) for cell in maybe if board.play(int(cell)).winner is mover]
    else:
        wins = list(completing_cells(board, mover))
    if wins:
        cell = wins[int(uniform() * len(wins))] if len(wins) > 1 else wins[0]
        return _Choice(cell, 1.0, 1.0, True), wins, None
    if winning is None or winning[theirs[windows] + powers].any():
        allowed = set(legal)
        blocks = [cell for cell in blocking_cells(board, mover.opponent) if cell in allowed]
    else:
        blocks = []
    if blocks:
        at = np.array([legal.index(cell) for cell in blocks], dtype=np.int64)
        moves, windows, powers = moves[at], windows[at], powers[at]
    old = mine[windows]
    classes, weights = layout.classes, network.weights
    deltas = (weights[classes[old + powers]] - weights[classes[old]]).sum(axis=1)
    base = float(weights[classes[mine]].sum())  # the spare window's is the empty one's: 0
    # Moves are ranked by the sums themselves, unclipped.
    sums: Floats = base + deltas
    top = float(sums.max())
    if epsilon and not blocks and uniform() < epsilon:
        among = np.argsort(-sums, kind="stable")[:EXPLORE_AMONG]
        index = int(among[int(uniform() * len(among))])
    else:
        ties = np.flatnonzero(sums == top)
        index = int(ties[int(uniform() * len(ties))]) if len(ties) > 1 else int(ties[0])
    cells = [int(cell) for cell in moves]
    chosen = _Choice(cells[index], _clip(float(sums[index])), _clip(top), bool(blocks))
    return chosen, cells, sums


def _clip(value: float) -> float:
    """A value read within -1 (lost) and 1 (won)."""
    return max(-1.0, min(1.0, value))


def _play(layout: Layout, codes: tuple[Ints, Ints], cell: Cell, mover: Mark) -> None:
    """Update both views' patterns for ``mover``'s stone on ``cell``."""
    windows, powers = layout.cell_windows[cell], layout.cell_powers[cell]
    if mover is Mark.X:
        codes[0][windows] += powers * _MINE
        codes[1][windows] += powers * _THEIRS
    else:
        codes[0][windows] += powers * _THEIRS
        codes[1][windows] += powers * _MINE
    codes[0][-1] = codes[1][-1] = 0


def self_play_game(
    network: NTupleNetwork,
    rules: Rules,
    uniform: Callable[[], float],
    *,
    epsilon: float,
    alpha: float,
) -> tuple[Mark | None, int]:
    """One training game of ``network`` against itself on ``rules``' board, X first,
    learning as it goes (TD(0) on the positions after each move); the winner and the moves.

    ``alpha`` is the share of the way a position's value moves to its target.
    """
    layout = windows_of(rules)
    board = Board.empty(Mark.X, rules=rules)
    codes = layout.codes(board)
    classes, weights = layout.classes, network.weights
    empty = network.empty_class
    size = len(weights)
    # Per side: the patterns, value and squared norm of its last position, waiting for
    # their target.
    waiting: dict[Mark, tuple[Ints, float, float]] = {}
    moves = 0

    def learn(mark: Mark, target: float) -> None:
        found = waiting.pop(mark, None)
        if found is None:
            return
        features, value, norm = found
        np.add.at(weights, features, alpha * (target - value) / norm)
        weights[empty] = 0.0

    while True:
        mover = board.to_move
        choice, _, _ = _choose(network, layout, board, codes, uniform, epsilon)
        board = board.play(choice.cell)
        _play(layout, codes, choice.cell, mover)
        moves += 1
        other = mover.opponent
        if board.winner is not None:
            learn(other, -1.0)
            return board.winner, moves
        if board.is_over:
            learn(other, 0.0)
            return None, moves
        # What the opponent's last position was worth is what this one is not; an exploring
        # move is not held against it (its best value is).
        learn(other, -(choice.value if choice.forced else choice.best))
        features = classes[(codes[0] if mover is Mark.X else codes[1])[:-1]]
        counts = np.bincount(features, minlength=size)
        counts[empty] = 0  # its weight stays 0: it does not learn
        norm = max(1.0, float((counts * counts).sum()))
        waiting[mover] = (features, float(weights[features].sum()), norm)


# Training in rounds, on helper processes -------------------------------------------------


def game_generator(seed: int, game: int) -> random.Random:
    """The generator of training game ``game`` (from 1) of a training seeded ``seed``: each
    game its own, so a training resumed, or shared among processes, plays the same games."""
    return random.Random(seed * 4_294_967_296 + game)


def train_games(
    network: NTupleNetwork,
    rules: Rules,
    seed: int,
    first: int,
    count: int,
    *,
    epsilon: float,
    alpha: float,
) -> tuple[int, int, int]:
    """Training games ``first`` to ``first + count - 1``, learnt into ``network`` one after
    another; X's wins, O's wins and the moves played."""
    x_wins = o_wins = moves = 0
    for game in range(first, first + count):
        winner, played = self_play_game(
            network, rules, game_generator(seed, game).random, epsilon=epsilon, alpha=alpha
        )
        moves += played
        if winner is Mark.X:
            x_wins += 1
        elif winner is Mark.O:
            o_wins += 1
    return x_wins, o_wins, moves


def _helper_main(connection: Connection, shared: Any) -> None:
    """A helper process: plays the games it is sent, learning into the shared weights."""
    weights: Floats = np.frombuffer(shared, dtype=np.float64)
    network: NTupleNetwork | None = None
    try:
        while True:
            task = connection.recv()
            if task is None:
                break
            key, seed, first, count, epsilon, alpha = task
            rules = Rules.parse(key)
            if network is None or network.rules is not rules:
                network = NTupleNetwork(rules, weights)
            connection.send(
                train_games(network, rules, seed, first, count, epsilon=epsilon, alpha=alpha)
            )
    except (EOFError, OSError, KeyboardInterrupt):
        pass
    finally:
        connection.close()


class SelfPlayHelpers:
    """``count`` helper processes (``spawn``) that play a share of each training round.

    They learn into :attr:`weights`, one array in shared memory that this process learns
    into too (lock-free, as Hogwild! does: two processes seldom touch the same weight at
    the same moment, and a lost update costs less than waiting), so every core trains the
    one network. With helpers the games of a round interleave as the processes run, so
    only a training on one process is repeatable move for move.
    """

    def __init__(self, count: int, weights: Floats) -> None:
        context = multiprocessing.get_context("spawn")
        self._shared = context.RawArray("d", len(weights))
        self.weights: Floats = np.frombuffer(self._shared, dtype=np.float64)
        self.weights[:] = weights
        self._connections: list[Connection] = []
        self._processes: list[Any] = []
        for _ in range(count):
            ours, theirs = context.Pipe()
            process = context.Process(
                target=_helper_main,
                args=(theirs, self._shared),
                name="ttt-training-helper",
                daemon=True,
            )
            process.start()
            theirs.close()
            self._connections.append(ours)
            self._processes.append(process)

    def __len__(self) -> int:
        return len(self._connections)

    def send(self, tasks: list[tuple[Any, ...]]) -> None:
        for connection, task in zip(self._connections, tasks, strict=True):
            connection.send(task)

    def receive(self) -> list[tuple[int, int, int]]:
        """Each helper's X wins, O wins and moves of its games; ``RuntimeError`` if one
        has died."""
        try:
            return [connection.recv() for connection in self._connections]
        except (EOFError, OSError):
            raise RuntimeError("a training helper process ended unexpectedly") from None

    def close(self) -> None:
        for connection in self._connections:
            with contextlib.suppress(OSError):
                connection.send(None)
            connection.close()
        for process in self._processes:
            process.join(2.0)
            if process.is_alive():
                process.kill()
                process.join(1.0)
        self._connections, self._processes = [], []
