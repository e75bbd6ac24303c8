"""The exact solver for small m,n,k boards: win, draw or loss with best play, proved.

:func:`solve` answers for the side to move of any position: +1 it wins, 0 a draw, -1 it
loses, whatever the other side does; :func:`move_values` gives the value of every legal move.
The search is a negamax alpha-beta over bitboards (one int per side) with:

* a transposition table (a dict keyed by the position itself, exact, no collisions) holding a
  lower and an upper bound per position, keyed canonically under the board's symmetries
  (:attr:`~ttt_desktop.core.geometry.Geometry.symmetries`) in the first plies, where
  symmetric positions are most common;
* forced moves: the side to move never holds a winning cell when a position is searched
  (it would have taken it), so a position is lost when the other side threatens two cells,
  forced when it threatens one; a move that makes two threats at once wins outright;
* the "no open line" bound: a side with no k-window free of the other's stones cannot win;
  neither side with one is a draw. A cell on no window open to either side is never
  played (an extra stone never hurts in these games, so such a move is no better than any
  other);
* move ordering: the table's best move first, then the moves that make a threat (the reply
  is forced), then the quiet ones, each group centre first; every move's new threats are
  found before any is searched, so a move making two threats ends the search at once (this
  ordering cut the positions searched on 6,4,4 about sevenfold).

Windows (every k-window of the board) are numbered; each side keeps an int with bit ``i``
set while window ``i`` is free of the other's stones, so a move updates it with one AND.

The values of positions near the start of the small boards are shipped in ``mnk_tables.bin``
beside this module (built by ``tools/make_solver_tables.py``), and long proofs are kept in a
cache file in the user's data folder (:func:`cache_path`), so the perfect player answers at
once on the boards in :data:`SOLVED`. Both are read lazily; a damaged cache is ignored.
The searches of one board in one process share one table, so each starts from all that the
earlier ones proved (the next position of a game, a hint asked again after a search told
to stop); :func:`values_known` says when it holds every move's value of a position already
and :func:`open_cells` measures how long a proof may take.

``exact`` rules (a line longer than k does not win) are refused where such a line fits:
:class:`SolverError`. The module imports the engine only; nothing here imports Qt.
"""

from __future__ import annotations

import os
import struct
import threading
import time
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.rules import Rules
from ttt_desktop.core.tactics import completing_bits

SOLVER_STOP_EVERY: Final = 512
"""The search asks ``stop`` once per this many positions (as the players' searches do)."""

SOLVER_MAX_CELLS: Final = 63
"""The most cells a board the solver proves may have (a position is two 64-bit words)."""
SOLVED: Final[tuple[str, ...]] = (
    "3,3,3",
    "4,3,3",
    "3,4,3",
    "4,4,3",
    "4,3,4",
    "3,4,4",
    "4,4,4",
    "5,4,4",
    "4,5,4",
)
"""Rules keys treated as solved: the opening positions come from the shipped tables, the rest
from a search well under a second. (5,5,4 is proved in seconds and its positions of up to
four stones are shipped too, but every move's value of a position of four to six stones can
take seconds: not yet at once.) :data:`ttt_desktop.players.boards.SOLVED_KEYS` is the same
list, as data."""

QUICK_PROOFS: Final[tuple[str, ...]] = ("5,5,4", "6,4,4", "4,6,4", "6,5,4", "5,6,4")
"""Rules keys not in :data:`SOLVED` whose empty board the solver proves from scratch within
seconds (measured, the value alone: 5,5,4 0.05 s, 6,4,4 1.8 s, 6,5,4 0.9 s; every first
move's value takes longer: 6,4,4 2.9 s, 6,5,4 29 s). The tables hold 6,4,4's positions of
up to four stones (17,701, 35 KB) and 6,5,4's of up to two (235; its three-stone positions
would take the solver an hour or more), and the coach gives the solver its larger share on every
position of these boards (:func:`ttt_desktop.analysis.board_coach.proof_share`)."""

CANONICAL_STONES: Final = 12
"""Positions with at most this many stones are stored under their canonical (symmetry-reduced)
key; deeper, symmetric twins are rarer than the cost of finding them."""

SOLVER_TABLE_PATH: Final = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "mnk_tables.bin"
)
TABLE_MAGIC: Final = b"TTT-MNK1"
CACHE_MAGIC: Final = b"TTT-MNKC"
CACHE_ENV: Final = "TTT_DESKTOP_SOLVER_CACHE"
"""An environment variable naming the cache file (tests and scripts); empty: no cache."""
CACHE_STONES: Final = 8
"""What a search proves about positions of at most this many stones goes to the cache."""
CACHE_MIN_SECONDS: Final = 0.5
"""Only a solve that took at least this long writes the cache (short ones are cheap again)."""
SHARED_TABLE_ENTRIES: Final = 500_000
"""The most positions the table the searches of one board share in a process keeps for the
next search (about 50 MB). One search may grow it past that (a proof of 6,4,4 from the
empty board leaves about 970,000, as big as its own table would be); the next search then
starts again from the shipped tables and the cache."""


class SolverError(ValueError):
    """Rules or a position the solver does not handle; the message says why."""


class SolveStopped(Exception):  # noqa: N818  (a request, not a fault)
    """The search was told to stop (its ``stop`` callable answered true) before it finished."""


@dataclass(frozen=True, slots=True)
class Solution:
    """The value of a position for the side to move and the moves that achieve it."""

    value: int
    """+1 the side to move wins, 0 a draw, -1 it loses (with best play by both)."""
    nodes: int
    """Positions searched (0 when the answer came from a table or the cache)."""
    seconds: float
    best: tuple[int, ...]
    """The moves achieving the value, ascending (empty when the game is over)."""

    @property
    def words(self) -> str:
        return {1: "win", 0: "draw", -1: "loss"}[self.value]


def is_solved(rules: Rules | str) -> bool:
    """Whether ``rules`` is one of the boards this program treats as solved."""
    key = rules.key if isinstance(rules, Rules) else Rules.parse(rules).key
    return key in SOLVED


def check_rules(rules: Rules) -> None:
    """Raise :class:`SolverError` for rules the solver cannot prove."""
    if rules.exact:
        raise SolverError(
            f"the solver plays free-style rules only: under {rules.key} a line longer than "
            f"{rules.k} does not win, which its threat logic does not model"
        )
    if rules.size > SOLVER_MAX_CELLS:
        raise SolverError(
            f"{rules.key} has {rules.size} cells: too many to solve exactly here "
            f"(at most {SOLVER_MAX_CELLS})"
        )


# The search -------------------------------------------------------------------------------


class _Geometry:
    """Per-rules tables for the search, built once per rules."""

    __slots__ = (
        "canon",
        "full",
        "inverse",
        "k1",
        "kill",
        "order",
        "size",
        "sym_chunks",
        "symmetries",
        "through",
    )

    def __init__(self, rules: Rules) -> None:
        geometry = rules.geometry
        size = geometry.size
        self.size = size
        self.full = geometry.full
        self.k1 = rules.k - 1
        through: list[list[tuple[int, int]]] = [[] for _ in range(size)]
        kill = [0] * size
        for index, mask in enumerate(geometry.masks):
            for cell in geometry.lines[index]:
                through[cell].append((1 << index, mask))
                kill[cell] |= 1 << index
        self.through = tuple(tuple(t) for t in through)
        self.kill = tuple(kill)
        # Centre first: the cells on most windows, then the nearest the centre.
        centre_row, centre_col = (geometry.n - 1) / 2, (geometry.m - 1) / 2

        def rank(cell: int) -> tuple[int, float, int]:
            row, col = divmod(cell, geometry.m)
            distance = abs(row - centre_row) + abs(col - centre_col)
            return (-len(through[cell]), distance, cell)

        self.order = tuple(sorted(range(size), key=rank))
        # Symmetries of a key (mover's bits | other's bits << size) in 8-bit chunks.
        bits = 2 * size
        chunks = (bits + 7) // 8
        sym_chunks = []
        for table in geometry.symmetries[1:]:
            full_table = table + tuple(cell + size for cell in table)
            per_chunk = []
            for chunk in range(chunks):
                entries = []
                for value in range(256):
                    mapped = 0
                    for bit in range(8):
                        position = chunk * 8 + bit
                        if value >> bit & 1 and position < bits:
                            mapped |= 1 << full_table[position]
                    entries.append(mapped)
                per_chunk.append(tuple(entries))
            sym_chunks.append(tuple(per_chunk))
        self.sym_chunks = tuple(sym_chunks)
        self.canon = bool(sym_chunks)
        # Cell maps of the symmetries and their inverses (a table's move is kept in the
        # canonical position's frame).
        self.symmetries = geometry.symmetries
        inverse = []
        for table in geometry.symmetries:
            back = [0] * size
            for cell, image in enumerate(table):
                back[image] = cell
            inverse.append(tuple(back))
        self.inverse = tuple(inverse)

    def canonical(self, key: int) -> int:
        """The least key among ``key``'s images under the board's symmetries."""
        best = key
        for per_chunk in self.sym_chunks:
            mapped = 0
            rest = key
            for entries in per_chunk:
                mapped |= entries[rest & 255]
                rest >>= 8
            if mapped < best:  # noqa: PLR1730  (a hot loop: no call)
                best = mapped
        return best

    def canonical_with(self, key: int) -> tuple[int, int]:
        """The least image of ``key`` and the number of the symmetry giving it (0: itself)."""
        best = key
        which = 0
        for number, per_chunk in enumerate(self.sym_chunks, 1):
            mapped = 0
            rest = key
            for entries in per_chunk:
                mapped |= entries[rest & 255]
                rest >>= 8
            if mapped < best:
                best = mapped
                which = number
        return best, which

    def images(self, key: int) -> list[int]:
        """Every image of ``key`` under the symmetries, the identity first."""
        result = [key]
        for per_chunk in self.sym_chunks:
            mapped = 0
            rest = key
            for entries in per_chunk:
                mapped |= entries[rest & 255]
                rest >>= 8
            result.append(mapped)
        return result


_GEOMETRIES: dict[Rules, _Geometry] = {}


def _geometry(rules: Rules) -> _Geometry:
    found = _GEOMETRIES.get(rules)
    if found is None:
        found = _GEOMETRIES[rules] = _Geometry(rules)
    return found


class _Searcher:
    """One search's state: the table, the node count, the stop check."""

    def __init__(
        self,
        rules: Rules,
        stop: Callable[[], bool] | None,
        *,
        table: dict[int, int] | None = None,
        symmetry: bool = True,
        open_lines: bool = True,
        tactics: bool = True,
        known: bool = True,
    ) -> None:
        check_rules(rules)
        self.rules = rules
        self.geo = _geometry(rules)
        self.stop = stop
        if table is None:
            table = _shared_table(rules) if known and symmetry else {}
        self.table: dict[int, int] = table
        self.nodes = 0
        self.symmetry = symmetry and self.geo.canon
        self.open_lines = open_lines
        self.tactics = tactics
        self.search = self._build()

    def _build(self) -> Callable[[int, int, int, int, int, int, int], int]:
        geo = self.geo
        size = geo.size
        full = geo.full
        k1 = geo.k1
        through = geo.through
        kill = geo.kill
        order = geo.order
        table = self.table
        table_get = table.get
        canonical_with = geo.canonical_with
        symmetries = geo.symmetries
        inverse = geo.inverse
        use_symmetry = self.symmetry
        canon_stones = CANONICAL_STONES
        open_lines = self.open_lines
        tactics = self.tactics
        stop = self.stop
        every = SOLVER_STOP_EVERY
        last_three = size - 3
        searcher = self
        counter = [0]
        moves_of = [(c, 1 << c, through[c], kill[c]) for c in order]

        def search(me: int, opp: int, om: int, oo: int, threats: int, alpha: int, beta: int) -> int:  # noqa: PLR0917
            # me/opp: the mover's and the other's stones; om/oo: windows free of the other's
            # stones for each; threats: cells where the other completes a line (the mover
            # has none). Returns the value for the mover, fail-soft within [-1, 1].
            count = counter[0] + 1
            counter[0] = count
            if count % every == 0 and stop is not None and stop():
                searcher.nodes = count
                raise SolveStopped
            occupied = me | opp
            if threats:
                if tactics and threats & (threats - 1):
                    return -1  # two threats: one block cannot stop both
            elif occupied == full:
                return 0
            lo = -1
            hi = 1
            stones = occupied.bit_count()
            if tactics and stones >= last_three:
                # A side with one move left wins only with a winning cell already on the
                # board: with two cells left neither side can; with three, not the other.
                if stones > last_three:
                    return 0
                lo = 0
                if beta <= 0:
                    return 0
            if open_lines:
                if not om:
                    if not oo:
                        return 0
                    hi = 0
                    if alpha >= 0:
                        return 0
                elif not oo:
                    lo = 0
                    if beta <= 0:
                        return 0
            key = me | opp << size
            frame = 0
            if use_symmetry and stones <= canon_stones:
                key, frame = canonical_with(key)
            entry = table_get(key)
            first = -1
            if entry is not None:
                e_lo = (entry & 3) - 1
                e_hi = (entry >> 2 & 3) - 1
                if e_lo > lo:  # noqa: PLR1730  (a hot loop: no call)
                    lo = e_lo
                if e_hi < hi:  # noqa: PLR1730  (a hot loop: no call)
                    hi = e_hi
                first = entry >> 4
                if frame and first >= 0:
                    first = inverse[frame][first]
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            a = alpha if alpha > lo else lo
            b = beta if beta < hi else hi
            best = -2
            best_move = -1
            live = om | oo
            if threats:
                cell = threats.bit_length() - 1
                candidates: Iterable[tuple[int, int, tuple[tuple[int, int], ...], int]] = (
                    (cell, threats, through[cell], kill[cell]),
                )
            elif first >= 0 and not occupied >> first & 1:
                candidates = [(first, 1 << first, through[first], kill[first])]
                candidates += [m for m in moves_of if m[0] != first]
            else:
                candidates = moves_of
            # Every move's new threats first: a move making two wins outright, and moves
            # making one (the reply is forced) are tried before quiet ones, after the
            # table's move. Cells on no free line are left out while another move exists.
            forcing = []
            quiet = []
            dead = None
            lead = None
            for cell, bit, windows, killed in candidates:
                if occupied & bit:
                    continue
                if open_lines and not live & killed:
                    if dead is None:
                        dead = (cell, bit, killed, 0)
                    continue
                mine = me | bit
                made = 0
                for index_bit, mask in windows:
                    if om & index_bit and (mine & mask).bit_count() == k1:
                        made |= mask & ~mine
                if tactics and made & (made - 1):
                    best = 1  # two threats at once: the other cannot block both
                    best_move = cell
                    break
                if cell == first:
                    lead = (cell, bit, killed, made)
                elif made:
                    forcing.append((cell, bit, killed, made))
                else:
                    quiet.append((cell, bit, killed, made))
            if best < 1:
                moves = forcing + quiet
                if lead is not None:
                    moves.insert(0, lead)
                if not moves:
                    if dead is None:
                        return 0  # the board is full
                    moves.append(dead)
                for cell, bit, killed, made in moves:
                    value = -search(opp, me | bit, oo & ~killed, om, made, -b, -a)
                    if value > best:
                        best = value
                        best_move = cell
                        if value > a:
                            a = value
                            if a >= b:
                                break
            if best <= alpha:
                if best < hi:  # noqa: PLR1730  (a hot loop: no call)
                    hi = best
            elif best >= beta:
                if best > lo:  # noqa: PLR1730  (a hot loop: no call)
                    lo = best
            else:
                lo = hi = best
            if frame and best_move >= 0:
                best_move = symmetries[frame][best_move]
            table[key] = (lo + 1) | (hi + 1) << 2 | best_move << 4
            return best

        self.counter = counter
        return search

    def value(self, me: int, opp: int, threats: int) -> int:
        """The value for the mover of a position where the mover has no winning cell."""
        om, oo = self.open_masks(me, opp)
        return self.search(me, opp, om, oo, threats, -1, 1)

    def open_masks(self, me: int, opp: int) -> tuple[int, int]:
        om = oo = 0
        for index, mask in enumerate(self.rules.geometry.masks):
            if not mask & opp:
                om |= 1 << index
            if not mask & me:
                oo |= 1 << index
        return om, oo

    @property
    def node_count(self) -> int:
        return self.counter[0]


def _sides(board: Board) -> tuple[int, int]:
    if board.to_move is Mark.X:
        return board.x_bits, board.o_bits
    return board.o_bits, board.x_bits


def _value_of(searcher: _Searcher, me: int, opp: int) -> int:
    """The exact value for the mover of a position that is not over."""
    rules = searcher.rules
    if completing_bits(rules.geometry, me, opp):
        return 1
    return searcher.value(me, opp, completing_bits(rules.geometry, opp, me))


def solve(
    board: Board,
    *,
    stop: Callable[[], bool] | None = None,
    known: bool = True,
    every: bool = False,
    best: bool = True,
) -> Solution:
    """The exact value of ``board`` for the side to move and the moves that achieve it.

    ``stop`` is asked every :data:`SOLVER_STOP_EVERY` positions; when it answers true the search
    raises :class:`SolveStopped`. Raises :class:`SolverError` for rules it does not handle.
    ``known=False`` proves from scratch: no shipped table, no cache read or written.
    With a winning cell on the board ``best`` holds the winning cells only (the quickest
    wins) unless ``every`` asks for every move that wins. ``best=False`` proves the value
    alone (``best`` is then empty): the figure the benchmark compares.
    """
    started = time.perf_counter()
    rules = board.rules
    check_rules(rules)
    if board.is_over:
        value = 0 if board.winner is None else -1
        return Solution(value, 0, time.perf_counter() - started, ())
    searcher = _Searcher(rules, stop, known=known)
    me, opp = _sides(board)
    value = _value_of(searcher, me, opp)
    moves = _moves_achieving(searcher, board, value, every=every) if best else ()
    seconds = time.perf_counter() - started
    if known:
        _remember(searcher, seconds)
    return Solution(value, searcher.node_count, seconds, moves)


def move_values(
    board: Board, *, stop: Callable[[], bool] | None = None, known: bool = True
) -> dict[int, int]:
    """The value (+1, 0, -1 for the side to move) of every legal move of ``board``."""
    rules = board.rules
    check_rules(rules)
    if board.is_over:
        return {}
    started = time.perf_counter()
    searcher = _Searcher(rules, stop, known=known)
    values = _move_values(searcher, board)
    if known:
        _remember(searcher, time.perf_counter() - started)
    return values


def open_cells(board: Board) -> int:
    """The empty cells of ``board`` on a window still free of one side's stones: the cells
    a proof plays (the others never matter), the measure of how long one takes."""
    x_bits, o_bits = board.x_bits, board.o_bits
    live = 0
    for mask in board.rules.geometry.masks:
        if not mask & o_bits or not mask & x_bits:
            live |= mask
    return (live & ~(x_bits | o_bits)).bit_count()


def values_known(board: Board) -> bool:
    """Whether this process holds every legal move's value of ``board`` proved already (the
    shipped tables, the cache, or an earlier search of the same board): :func:`move_values`
    then answers at once. False for rules the solver does not handle and finished games."""
    rules = board.rules
    if rules.exact or rules.size > SOLVER_MAX_CELLS or board.is_over:
        return False
    geometry = rules.geometry
    geo = _geometry(rules)
    size = geo.size
    table = _shared_table(rules)
    me, opp = _sides(board)
    wins = completing_bits(geometry, me, opp)
    occupied = me | opp
    for cell in range(size):
        bit = 1 << cell
        if occupied & bit or wins & bit:
            continue
        mine = me | bit
        if completing_bits(geometry, opp, mine):
            continue  # the reply wins at once
        key = opp | mine << size
        if geo.canon and (occupied.bit_count() + 1) <= CANONICAL_STONES:
            key = geo.canonical(key)
        entry = table.get(key)
        if entry is None or entry & 3 != entry >> 2 & 3:
            return False
    return True


def _keeping(searcher: _Searcher, board: Board) -> list[tuple[int, ...]]:
    """The symmetries that leave ``board`` as it is (they map moves onto equal moves)."""
    me, opp = _sides(board)
    key = me | opp << searcher.geo.size
    return [
        table
        for table, image in zip(
            board.rules.geometry.symmetries, searcher.geo.images(key), strict=True
        )
        if image == key
    ]


def _move_values(searcher: _Searcher, board: Board) -> dict[int, int]:
    """Each legal move's exact value, by null-window tests around the position's value."""
    me, opp = _sides(board)
    value = _value_of(searcher, me, opp)
    best = set(_moves_achieving(searcher, board, value, every=True))
    values = {}
    keeping = _keeping(searcher, board)
    for cell in board.legal_moves():
        if cell in best:
            values[cell] = value
        elif value < 1 or cell in values:
            values.setdefault(cell, -1)
        else:
            # Below a win: a draw or a loss, one test tells.
            drawn = _achieves(searcher, me, opp, cell, 0)
            for table in keeping:
                values[table[cell]] = 0 if drawn else -1
    # Each move's value is now proved, most of them by a bound and the position's value
    # together: written down exact, so the next look at any of them starts from it.
    for cell, cell_value in values.items():
        _store_exact(searcher, opp, me | 1 << cell, -cell_value)
    _store_exact(searcher, me, opp, value)
    return {cell: values[cell] for cell in board.legal_moves()}


def _store_exact(searcher: _Searcher, me: int, opp: int, value: int) -> None:
    """Write down ``value`` as the proved value for the mover of the position (me, opp)."""
    geo = searcher.geo
    key = me | opp << geo.size
    if searcher.symmetry and (me | opp).bit_count() <= CANONICAL_STONES:
        key = geo.canonical(key)
    entry = searcher.table.get(key)
    move = -1 if entry is None else entry >> 4
    searcher.table[key] = (value + 1) | (value + 1) << 2 | move << 4


def _achieves(searcher: _Searcher, me: int, opp: int, cell: int, value: int) -> bool:
    """Whether the move at ``cell`` (not a winning cell) is worth at least ``value``."""
    mine = me | 1 << cell
    if completing_bits(searcher.rules.geometry, opp, mine):
        return value <= -1  # the reply wins at once
    threats = completing_bits(searcher.rules.geometry, mine, opp)
    om, oo = searcher.open_masks(opp, mine)
    # The move is worth at least ``value`` when the reply's value is at most -value.
    # A null window on -value: a result at most -value proves the reply is no better.
    return searcher.search(opp, mine, om, oo, threats, -value, 1 - value) <= -value


def _moves_achieving(
    searcher: _Searcher, board: Board, value: int, *, every: bool = False
) -> tuple[int, ...]:
    """The legal moves whose value is ``value`` (the position's own), ascending.

    With a winning cell on the board only the winning cells are given (the quickest wins)
    unless ``every`` asks for every move that wins."""
    moves = board.legal_moves()
    if value == -1:
        return moves
    me, opp = _sides(board)
    wins = completing_bits(board.rules.geometry, me, opp)
    if value == 1 and wins and not every:
        return tuple(cell for cell in moves if wins >> cell & 1)
    keeping = _keeping(searcher, board)
    good: dict[int, bool] = {cell: True for cell in moves if wins >> cell & 1}
    for cell in moves:
        if cell not in good:
            achieved = _achieves(searcher, me, opp, cell, value)
            for table in keeping:
                good[table[cell]] = achieved
    return tuple(cell for cell in moves if good[cell])


# A plain reference, for the benchmark's before/after ratio --------------------------------


def solve_plain(board: Board, *, stop: Callable[[], bool] | None = None) -> Solution:
    """A straight solver: negamax alpha-beta with a transposition table, the benchmark's reference.

    Immediate wins and forced blocks first and centre-first ordering, as a plain port does;
    no symmetry, no open-line bound, no double-threat cut, no dead cells, no incremental
    threats (each node looks for winning cells along every window). ``best`` is left empty.
    """
    started = time.perf_counter()
    rules = board.rules
    check_rules(rules)
    geo = _geometry(rules)
    size, full, k1 = geo.size, geo.full, geo.k1
    masks = rules.geometry.masks
    order = geo.order
    table: dict[int, int] = {}
    nodes = [0]

    def completing(me: int, opp: int) -> int:
        cells = 0
        for mask in masks:
            if not mask & opp and (me & mask).bit_count() == k1:
                cells |= mask & ~me
        return cells

    def search(me: int, opp: int, alpha: int, beta: int) -> int:
        nodes[0] += 1
        if nodes[0] % SOLVER_STOP_EVERY == 0 and stop is not None and stop():
            raise SolveStopped
        occupied = me | opp
        if occupied == full:
            return 0
        if completing(me, opp):
            return 1
        blocks = completing(opp, me)
        if blocks & (blocks - 1):
            return -1
        key = me | opp << size
        entry = table.get(key)
        lo, hi = -1, 1
        if entry is not None:
            lo, hi = (entry & 3) - 1, (entry >> 2) - 1
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
        a, b = max(alpha, lo), min(beta, hi)
        best = -2
        for cell in order:
            bit = 1 << cell
            if occupied & bit or (blocks and not blocks & bit):
                continue
            value = -search(opp, me | bit, -b, -a)
            if value > best:
                best = value
                if value > a:
                    a = value
                    if a >= b:
                        break
        if best <= alpha:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        table[key] = (lo + 1) | (hi + 1) << 2
        return best

    if board.is_over:
        return Solution(0 if board.winner is None else -1, 0, 0.0, ())
    me, opp = _sides(board)
    value = search(me, opp, -1, 1)
    return Solution(value, nodes[0], time.perf_counter() - started, ())


__all__ = [
    "QUICK_PROOFS",
    "SOLVED",
    "SOLVER_STOP_EVERY",
    "Solution",
    "SolveStopped",
    "SolverError",
    "is_solved",
    "move_values",
    "open_cells",
    "solve",
    "solve_plain",
    "values_known",
]


# Shipped tables and the cache ------------------------------------------------------------
#
# Both files: a magic line, then zlib-compressed sections, one per rules: the key's length
# ("<H") and the key, the count of positions ("<I"), the positions' canonical keys (mover's
# stones | other's stones << size, "<Q" each) and one byte per position, its value + 1.

_known: dict[str, dict[int, int]] | None = None
_known_lock = threading.Lock()


def _entry(value: int) -> int:
    """A transposition-table entry holding the exact ``value`` and no best move."""
    return (value + 1) | (value + 1) << 2 | -1 << 4


def encode_values(sections: dict[str, dict[int, int]], magic: bytes = TABLE_MAGIC) -> bytes:
    """The file form of ``{rules key: {canonical key: value}}``."""
    payload = bytearray()
    for rules_key, values in sorted(sections.items()):
        name = rules_key.encode()
        keys = sorted(values)
        payload += struct.pack("<H", len(name)) + name + struct.pack("<I", len(keys))
        payload += struct.pack(f"<{len(keys)}Q", *keys)
        payload += bytes(values[key] + 1 for key in keys)
    return magic + zlib.compress(bytes(payload), 9)


_VALUE_OF_BYTE: Final = (-1, 0, 1)
"""A stored value byte (0, 1, 2) as the value it stands for (a loss, a draw, a win)."""


def decode_values(data: bytes, magic: bytes = TABLE_MAGIC) -> dict[str, dict[int, int]]:
    """The sections of a file written by :func:`encode_values`; ``ValueError`` if damaged."""
    if not data.startswith(magic):
        raise ValueError("not a table of solved positions")
    try:
        payload = zlib.decompress(data[len(magic) :])
        sections: dict[str, dict[int, int]] = {}
        offset = 0
        while offset < len(payload):
            (length,) = struct.unpack_from("<H", payload, offset)
            offset += 2
            rules_key = payload[offset : offset + length].decode()
            offset += length
            (count,) = struct.unpack_from("<I", payload, offset)
            offset += 4
            keys = struct.unpack_from(f"<{count}Q", payload, offset)
            offset += 8 * count
            raw = payload[offset : offset + count]
            offset += count
            if len(raw) != count or (raw and max(raw) > 2):
                raise ValueError("truncated or damaged values")
            Rules.parse(rules_key)
            # Built at C speed (a generator took about 70 ms for the shipped tables).
            values = map(_VALUE_OF_BYTE.__getitem__, raw)
            sections[rules_key] = dict(zip(keys, values, strict=True))
    except (zlib.error, struct.error, UnicodeDecodeError, ValueError) as error:
        raise ValueError(f"a damaged table of solved positions: {error}") from None
    return sections


def cache_path() -> str | None:
    """The cache of proved positions: ``$TTT_DESKTOP_SOLVER_CACHE`` (empty: none), else
    ``solver-cache.bin`` in ``$XDG_DATA_HOME/ttt-desktop`` (``~/.local/share`` by default)."""
    explicit = os.environ.get(CACHE_ENV)
    if explicit is not None:
        return explicit or None
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share"
    )
    return os.path.join(base, "ttt-desktop", "solver-cache.bin")


def _read(path: str | None, magic: bytes) -> dict[str, dict[int, int]]:
    """A values file's sections; nothing when it is missing or damaged (never an error)."""
    if not path:
        return {}
    try:
        with open(path, "rb") as file:
            return decode_values(file.read(), magic)
    except (OSError, ValueError):
        return {}


def _load_known() -> dict[str, dict[int, int]]:
    global _known  # noqa: PLW0603  (a load-once cache)
    known = _known
    if known is None:
        with _known_lock:
            known = _known
            if known is None:
                known = {}
                for path, magic in ((cache_path(), CACHE_MAGIC), (SOLVER_TABLE_PATH, TABLE_MAGIC)):
                    for rules_key, values in _read(path, magic).items():
                        entry_of = {value: _entry(value) for value in (-1, 0, 1)}
                        known.setdefault(rules_key, {}).update(
                            zip(values, map(entry_of.__getitem__, values.values()), strict=True)
                        )
                _known = known
    return known


def known_entries(rules: Rules) -> dict[int, int]:
    """Table entries (exact values) for the positions of ``rules`` proved before."""
    return _load_known().get(rules.key, {})


_shared: dict[str, dict[int, int]] = {}


def _shared_table(rules: Rules) -> dict[int, int]:
    """The table the searches of ``rules`` share in this process, the shipped tables' and the
    cache's values first. Every entry is a proved bound, whatever window the search that
    wrote it had (a search told to stop writes none for the positions it left unfinished),
    so a later search on the same board, the next position of a game, the same position
    asked again, starts from all that the earlier ones proved. One board's table at a time,
    started again past :data:`SHARED_TABLE_ENTRIES`."""
    with _known_lock:
        table = _shared.get(rules.key)
        if table is not None and len(table) <= SHARED_TABLE_ENTRIES:
            return table
    known = known_entries(rules)
    with _known_lock:
        _shared.clear()
        table = _shared[rules.key] = dict(known)
    return table


def forget_known() -> None:
    """Drop the values read from the tables and the cache, and what the searches of this
    process proved (all is read or proved again when needed)."""
    global _known  # noqa: PLW0603
    with _known_lock:
        _known = None
        _shared.clear()


def exact_values(searcher: _Searcher, max_stones: int) -> dict[int, int]:
    """The exact values a search proved for positions of at most ``max_stones`` stones."""
    result = {}
    for key, entry in searcher.table.items():
        low, high = (entry & 3) - 1, (entry >> 2 & 3) - 1
        if low == high and key.bit_count() <= max_stones:
            result[key] = low
    return result


def _remember(searcher: _Searcher, seconds: float) -> None:
    """Add what a long search proved near the start of the game to the cache file."""
    path = cache_path()
    if not path or seconds < CACHE_MIN_SECONDS or not searcher.symmetry:
        return
    proved = exact_values(searcher, CACHE_STONES)
    sections = _read(path, CACHE_MAGIC)
    values = sections.setdefault(searcher.rules.key, {})
    before = len(values)
    values.update(proved)
    if len(values) == before:
        return
    try:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        temporary = f"{path}.{os.getpid()}.tmp"
        with open(temporary, "wb") as file:
            file.write(encode_values(sections, CACHE_MAGIC))
        os.replace(temporary, path)
    except OSError:
        return
    known = _known
    if known is not None:
        known.setdefault(searcher.rules.key, {}).update(
            (key, _entry(value)) for key, value in proved.items()
        )
