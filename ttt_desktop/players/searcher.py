"""The Searcher: iterative-deepening alpha-beta for any board, under a time or node budget.

The players' one search (:class:`~ttt_desktop.players.search.negamax.Negamax`, principal
variation search) over the game and evaluation below, deepened one ply at a time
(:func:`~ttt_desktop.players.search.deepening.deepen`) until its budget runs out:
``budget_ms`` of time (1,000 ms by default), or a ``nodes=`` budget (deterministic: the same
seed and node budget give the same moves), or a fixed ``depth=``.

What makes it play well on boards far too big to solve:

* **Windows.** Every k-window of the board is kept as one small number, how many of
  each side's stones it holds, updated by each move and undone after. A window holding
  only one side's stones is worth ``4 ** (stones - 1)`` to that side (:data:`WINDOW_BASE`;
  4 against 6 was worth +78 Elo at 100 ms a move, 95% +10 to +152, and +53 at 20,000
  positions, +4 to +103: ``benchmarks/search_ideas.py base``); so open-ended shapes,
  which lie in more windows, are worth more than blocked ones. The sum per side is kept
  incrementally, one table look-up per window through the cell played. A position is
  worth 4 times the sum of the side to move less 3 times the other's (:data:`TEMPO`; 4:3
  against 5:4 was worth +51 Elo over 400 games at 20,000 positions, 95% +17 to +86, and
  +31 at 100 ms, -36 to +101; 3:2 was -56 and 6:5 -35, 2:1 -225, 1:1 -139).
* **Fours.** A window holding k-1 stones of one side and no other stone (a "four" on a
  five-board) is worth far more than all lesser windows together, so a side's number of
  fours is read off its sum. The side to move with a four wins (proven); facing two fours
  it has lost (proven); facing one it must block it, and that forced block does not use up
  depth, so chains of fours are followed to their end at the horizon (a threat extension).
* **Move order.** The transposition table's move first, then every candidate by how much
  it makes and how much it spoils (the same window tables: the threat-first order), with
  killer moves and the history heuristic behind. At the last ply the children are scored
  from the tables without being played.
* **Candidates.** On boards above 49 cells only the empty cells one or two steps from a
  stone along a line are searched (the empty board: the centre); smaller boards search
  every empty cell, so a search that reaches the end of the game there is exact.
* **Transposition table.** Zobrist keys, with each entry's depth, bound flag and best move.
* **The whole budget.** Deepening goes on until the budget is spent; from the iteration the
  budget cuts short, a move that proved better than the best so far (its first move, searched
  with the whole window) is taken, with the depth of that iteration and the scores of the
  moves it finished. Worth +58 Elo at 50,000 positions a move (95%: +19 to +99) against
  starting no iteration after 40% of the budget and throwing away the one cut short
  (``benchmarks/search_ideas.py deepening``); +21 at 100 ms a move (-48 to +91, 100 games).
* **Width.** On those big boards a node inside the tree (not the root, not a forced block,
  not the last ply) searches only its :data:`WIDTH` best-ordered moves. A node with moves
  left out is valued at least ``-proven``, so no proven loss, and so no proven win one
  level up, rests on a move left out. At the same budget in positions it is worth +74 Elo
  at 20,000 positions a move and +135 at 100,000 (``benchmarks/search_ideas.py width``,
  95% intervals +40 to +110 and +85 to +190).

Under ``exact`` rules (a line longer than k does not win) fours whose completion would make
an overline are recognised as dead, at some cost in speed.

Under renju the whole tree keeps black's part of the rule: black's forbidden points
(:func:`ttt_desktop.core.renju.forbidden_cells`, once per position met, remembered by its
key) are no moves for black at any node, a four black can block only on a forbidden point
is a loss, and black's four whose fifth stone would make an overline is no win (as under
``exact`` rules, for black only). White plays anywhere and wins with five or more. Black is
the first player, whichever mark that is.

Under caro the whole tree keeps the rule too: a four whose fifth stone would make a five
with an opponent's stone at both ends is dead (no win, no threat), one that would make six
or more is not, and a four is answered by every move that stops it: its empty cell, or the
far end of its five when the other end already holds a stone of the side to move (a four
no one move stops is a loss).

Free-style and exactly-k positions are searched by the same tree compiled
(``_fastsearch.c``, the project's own C, optional: :data:`COMPILED_TREE` says whether it was built
here), about 37 times as fast: the same expansion, move order, table, node counts and looks at
the budget, so the same position and node or depth budget give the same move, value, depth,
nodes, root scores and line as the Python tree below (a test walks both). Renju and caro, and
a core watched from outside, keep the Python tree.

A win or loss found within the horizon is proven (among the candidate cells: on big boards
a cell far from every stone is never tried, and a node with moves left out by the width
proves no loss); the :class:`Thought` marks it with ``plies``.

Nothing here imports Qt.
"""

from __future__ import annotations

import random
import time
from operator import itemgetter
from typing import TYPE_CHECKING

from ttt_desktop.core.board import Board, ForbiddenMoveError, Mark
from ttt_desktop.core.cells import Cell
from ttt_desktop.core.renju import forbidden_cells
from ttt_desktop.core.rules import CARO, FIVE_ONLY_RULES, RENJU
from ttt_desktop.core.tactics import completing_cells
from ttt_desktop.players.base import Player, legal_moves_or_raise
from ttt_desktop.players.nearby import cells_near_stones
from ttt_desktop.players.search.deepening import deepen
from ttt_desktop.players.search.negamax import Expansion, Negamax, RootScore
from ttt_desktop.players.thought import Bound, CellScore, Meaning, Rule, SearchStopped, Thought

if TYPE_CHECKING:
    from collections.abc import Callable
    from types import EllipsisType
    from typing import Final, Protocol

    from ttt_desktop.core.clock import StopCheck
    from ttt_desktop.core.rules import Rules

    class _Entries(Protocol):
        """A transposition table as :meth:`Search._line` reads it (a dict, or a compiled
        search's :class:`~ttt_desktop.players._fastsearch.Table`)."""

        def get(self, key: int, /) -> tuple[int, int, int, int] | None: ...


try:
    from ttt_desktop.players import _fastsearch
except ImportError:  # no C compiler where it was installed: the pure-Python tree
    _fastsearch = None  # type: ignore[assignment]

_NEGAMAX: Final = Negamax
"""The players' own search core, which the compiled tree is a copy of."""
COMPILED_TREE: bool = _fastsearch is not None
"""Whether the compiled tree (``_fastsearch.c``) searches free-style and exactly-k positions
here; without it (built without a C compiler) the pure-Python tree below finds the same
moves, values and node counts, more slowly."""


def searches_in_use() -> str:
    """Which search tree runs here, in words for ``--version``, About and the self-test."""
    if COMPILED_TREE:
        return "compiled (C) for free-style and exactly k, pure Python for renju and caro"
    return "pure Python (the compiled one was not built here: no C compiler)"


def check_compiled_tree(searches: int = 6) -> int:
    """Search ``searches`` seeded positions of 15,15,5 and 15,15,5 exact through both trees
    (a node budget each); the number that agree in every field (all of them, or
    :class:`RuntimeError` naming the first that did not). Without the compiled tree: 0."""
    if _fastsearch is None:
        return 0
    from ttt_desktop.core.rules import GOMOKU, RULE_PRESETS  # noqa: PLC0415  (the self-test's)

    for index in range(searches):
        rules = GOMOKU if index % 2 == 0 else RULE_PRESETS["standard"]
        generator = random.Random(index)
        board = Board.empty(rules=rules)
        for _ in range(3 + index):
            after = board.play(generator.choice(list(cells_near_stones(board))))
            if after.is_over:
                break
            board = after
        found = []
        for tree in (True, False):
            result = Search(board, nodes=20_000, compiled=tree).run()
            found.append(
                (
                    result.move,
                    result.value,
                    result.depth,
                    result.nodes,
                    result.scored,
                    result.scores,
                    result.line,
                )
            )
        if found[0] != found[1]:
            raise RuntimeError(
                f"the compiled tree found {found[0][:4]}, the Python tree {found[1][:4]}, "
                f"on {rules.key} {board.cells}"
            )
    return searches


SEARCHER_BUDGET_MS: Final = 1000.0
"""The time a move takes when neither ``budget_ms`` nor a node or depth budget is given."""
NEIGHBOURHOOD_ABOVE: Final = 49
"""Boards with more cells than this search only the cells near the stones."""
MAX_PLY: Final = 64
"""The deepest ply a search goes (threat extensions included)."""
CHECK_EVERY: Final = 16
"""Nodes between two looks at the clock, the node budget and ``stop`` (well under 1 ms)."""
WINDOW_BASE: Final = 4
"""A window of i stones of one side only is worth ``WINDOW_BASE ** (i - 1)``."""
TEMPO: Final = (4, 3)
"""A position's value to the side to move: ``TEMPO[0]`` times its sum less ``TEMPO[1]``
times the other's (fours left out)."""
LINE_SOLVED_BELOW: Final = 7
"""A principal line left with this many empty cells or fewer is searched to the end."""
LINE_SEARCH_NODES: Final = 50_000
"""The most positions such a search of the line's end may visit (a few cells: far fewer)."""
TABLE_LIMIT: Final = 1_000_000
"""Transposition-table entries kept before the table is cleared."""
WHOLE_BUDGET: Final = True
"""Whether the deepening uses its whole budget (:class:`Search`'s ``whole_budget``)."""
WIDTH: Final = 12
"""On boards searched near the stones (more than :data:`NEIGHBOURHOOD_ABOVE` cells), the
moves searched at a node inside the tree: the best-ordered first, the rest cut
(``benchmarks/search_ideas.py`` measures what the cut is worth)."""
FORBIDDEN_LIMIT: Final = 200_000
"""Positions whose forbidden points (renju) are remembered before they are forgotten."""
_NONE_FORBIDDEN: Final[dict[int, str]] = {}
"""The one empty answer kept for every position without a forbidden point."""

_EXACT, _LOWER, _UPPER = 0, 1, 2
_BYTE_BITS: Final = tuple(
    tuple(bit for bit in range(8) if value >> bit & 1) for value in range(256)
)
"""Per byte value, its set bits, ascending."""
_X: Final = Mark.X


class Tables:
    """Everything the search needs about one rules value, built once (see :func:`tables_for`)."""

    def __init__(
        self, rules: Rules, base: int | None = None, tempo: tuple[int, int] | None = None
    ) -> None:
        if base is None:
            base = WINDOW_BASE
        self.ahead, self.behind = ahead, behind = TEMPO if tempo is None else tempo
        """A position's value to the side to move: ``ahead`` times its sum less ``behind``
        times the other's."""
        geometry = rules.geometry
        m, n, k = rules.m, rules.n, rules.k
        self.rules = rules
        self.size = size = m * n
        self.k = k
        self.k1 = k1 = k + 1
        self.exact = rules.exact
        self.windows: tuple[tuple[int, ...], ...] = geometry.lines
        self.masks: tuple[int, ...] = geometry.masks
        self.through: tuple[tuple[int, ...], ...] = geometry.lines_through
        count = len(self.windows)
        # Window values: 1, base, base**2, ... for 1 .. k-2 stones; a four outweighs all those
        # together (so fours are counted by the sum's high part); a full window more again.
        self.base = base
        """A window of i stones of one side only is worth ``base ** (i - 1)``."""
        weights: list[int] = [0] + [int(base ** (i - 1)) for i in range(1, k - 1)]
        lesser = (count + 1) * weights[-1] + 1
        self.four = four = 1 << lesser.bit_length()
        self.win = win = four << (count + 1).bit_length()
        weights += [four, win]
        self.weights = tuple(weights)
        self.mate = win << 2
        """Above every evaluation: a proven win is ``mate - plies``."""
        self.proven = self.mate - 4 * MAX_PLY
        # Per side: the packed gain and loss of playing in a window of each state
        # (state = X stones * (k + 1) + O stones); the gain in the high bits.
        self.shift = shift = (20 * win).bit_length() + 1
        self.loss_mask = (1 << shift) - 1
        packs: list[tuple[int, ...]] = []
        for side in (0, 1):
            pack = []
            for state in range(k1 * k1):
                x, o = divmod(state, k1)
                mine, theirs = (x, o) if side == 0 else (o, x)
                gain = weights[mine + 1] - weights[mine] if theirs == 0 and mine < k else 0
                loss = weights[theirs] if mine == 0 else 0
                pack.append(gain << shift | loss)
            pack.append(0)  # the sentinel window's state: nothing to gain or lose
            packs.append(tuple(pack))
        self.packs = tuple(packs)
        # Per side, for the last ply: what playing in a window of each state changes in the
        # child's evaluation (behind * the gain + ahead * the other's loss, fours left out),
        # or, for a window the move makes a four or a line of, a bit above any such sum: a
        # move whose sum reaches it is searched, not scored.
        self.tactical_bit = tactical_bit = (
            1 << ((ahead + behind) * 20 * (weights[k - 2] + 1)).bit_length()
        )
        fronts: list[tuple[int, ...]] = []
        for side in (0, 1):
            front = []
            for state in range(k1 * k1):
                x, o = divmod(state, k1)
                mine, theirs = (x, o) if side == 0 else (o, x)
                if theirs == 0 and mine >= k - 2:
                    front.append(tactical_bit)
                    continue
                gain = weights[mine + 1] - weights[mine] if theirs == 0 else 0
                loss = weights[theirs] if mine == 0 and theirs < k - 1 else 0
                front.append(behind * gain + ahead * loss)
            front.append(0)
            fronts.append(tuple(front))
        self.fronts = tuple(fronts)
        self.sentinel_state = k1 * k1
        # Per cell, one C call fetching the states of its windows as a tuple (two at
        # least: a cell on a single window also fetches the sentinel, the last state).
        sentinel = len(self.windows)
        self.fetch = tuple(
            itemgetter(*through, *([sentinel] * max(0, 2 - len(through))))
            for through in self.through
        )
        self.four_state = ((k - 1) * k1, k - 1)
        """The state of a window holding a four of X, of O."""
        # Exact rules: for each window the cells just beyond its ends.
        ends = []
        for window in self.windows:
            row0, col0 = divmod(window[0], m)
            row1, col1 = divmod(window[1], m)
            d_row, d_col = row1 - row0, col1 - col0
            mask = 0
            for row, col in ((row0 - d_row, col0 - d_col), (row0 + d_row * k, col0 + d_col * k)):
                if 0 <= row < n and 0 <= col < m:
                    mask |= 1 << (row * m + col)
            ends.append(mask)
        self.ends = tuple(ends)
        # Candidates on big boards: the cells one or two steps along a line from a stone.
        self.big = size > NEIGHBOURHOOD_ABOVE
        near = []
        for cell in range(size):
            mask = 0
            for forward, backward in geometry.rays[cell]:
                for other in forward[:2] + backward[:2]:
                    mask |= 1 << other
            near.append(mask)
        self.near = tuple(near)
        self.full = geometry.full
        self.centre = (n // 2) * m + m // 2
        # Zobrist keys: one per cell and side, the same in every process (a fixed seed).
        keys = random.Random(0x5EA2C4).getrandbits
        self.zobrist = (
            tuple(keys(64) for _ in range(size)),
            tuple(keys(64) for _ in range(size)),
        )
        self.side_key = keys(64)
        # Bit masks to cells: per byte of the mask, per byte value, the cells it holds (the
        # byte's bits moved to its place: 12,800 tuples on 20x20, the most of the build).
        self.bytes = (size + 7) // 8
        self.byte_cells = tuple(
            tuple([tuple(map((8 * index).__add__, bits)) for bits in _BYTE_BITS])
            for index in range(self.bytes)
        )
        self._compiled: _fastsearch.Tables | None = None
        """The compiled tree's copy (:meth:`compiled`), once asked for."""
        self._flattened = False

    def compiled(self) -> _fastsearch.Tables | None:
        """These tables as the compiled tree takes them, flattened on first use and kept;
        None without the compiled tree, or when a value of these rules would not fit in the
        64 bits it counts in (then the pure-Python tree searches)."""
        if not self._flattened:
            self._compiled = compiled_tables(self)
            self._flattened = True
        return self._compiled

    def cells_of(self, mask: int) -> list[int]:
        """The cells of a bit mask, ascending."""
        found: list[int] = []
        byte_cells = self.byte_cells
        for index, value in enumerate(mask.to_bytes(self.bytes, "little")):
            if value:
                found += byte_cells[index][value]
        return found


_WIDE: Final = 1 << 62
"""What every value of the compiled tree stays below (it counts in signed 64 bits)."""


def compiled_tables(t: Tables) -> _fastsearch.Tables | None:
    """``t`` flattened for the compiled tree (see :meth:`Tables.compiled`)."""
    if _fastsearch is None or t.size > 448 or any(len(w) != t.k for w in t.windows):
        return None
    gain = [p >> t.shift for pack in t.packs for p in pack]
    loss = [p & t.loss_mask for pack in t.packs for p in pack]
    front = [value for side in t.fronts for value in side]
    widest = max(len(through) for through in t.through)
    if (
        t.shift > 62
        or 4 * t.mate >= _WIDE
        or widest * (max(gain) + max(loss) + 1) + 4 * t.mate >= _WIDE
        or widest * max(front) >= _WIDE
        or (len(t.windows) + 1) * t.weights[-1] >= _WIDE
    ):
        return None
    ends = []
    for mask in t.ends:
        beyond = t.cells_of(mask)
        ends += beyond + [-1] * (2 - len(beyond))
    through_at = [0]
    for through in t.through:
        through_at.append(through_at[-1] + len(through))
    width = 8 * ((t.size + 63) // 64)
    return _fastsearch.Tables(
        t.size,
        t.k,
        t.exact,
        t.big,
        [cell for window in t.windows for cell in window],
        through_at,
        [window for through in t.through for window in through],
        ends,
        gain,
        loss,
        front,
        list(t.weights),
        b"".join(mask.to_bytes(width, "little") for mask in t.near),
        [*t.zobrist[0], *t.zobrist[1]],
        t.side_key,
        *t.four_state,
        t.four,
        t.mate,
        t.proven,
        t.loss_mask,
        t.shift,
        t.tactical_bit,
        t.weights[t.k - 2] * 4,
        t.ahead,
        t.behind,
    )


_tables: dict[tuple[Rules, int, tuple[int, int]], Tables] = {}


def tables_for(
    rules: Rules, base: int | None = None, tempo: tuple[int, int] | None = None
) -> Tables:
    """The search tables of ``rules`` (windows worth powers of ``base``, the side to move's
    sum weighed against the other's by ``tempo``; by default :data:`WINDOW_BASE` and
    :data:`TEMPO`), built on first use and kept."""
    base = WINDOW_BASE if base is None else base
    tempo = TEMPO if tempo is None else tempo
    found = _tables.get((rules, base, tempo))
    if found is None:
        found = _tables[rules, base, tempo] = Tables(rules, base, tempo)
    return found


class SearchResult:
    """What one search found: the move, the last finished depth, each root move's score."""

    __slots__ = ("depth", "line", "move", "nodes", "scored", "scores", "seconds", "value")

    def __init__(self) -> None:
        self.move = -1
        self.value = 0
        self.depth = 0
        self.nodes = 0
        """The search's count: the positions it entered and the last ply's children it scored
        (what a ``nodes=`` budget and the stop checks count)."""
        self.scored = 0
        """Of those, the last ply's children scored from the window tables without being
        entered: ``nodes - scored`` positions were searched."""
        self.seconds = 0.0
        self.line: tuple[Cell, ...] = ()
        self.scores: dict[Cell, tuple[int, int]] = {}
        """Cell -> (value, bound flag) of the last finished iteration."""


class Search:
    """One search of one position; :meth:`run` deepens until a budget or a proof ends it."""

    def __init__(
        self,
        board: Board,
        *,
        depth: int | None = None,
        nodes: int | None = None,
        seconds: float | None = None,
        started: float | None = None,
        stop: StopCheck | None = None,
        shuffle: Callable[[list[int]], None] | None = None,
        compiled: bool = True,
        width: int | EllipsisType | None = ...,
        whole_budget: bool | EllipsisType = ...,
        window_base: int | None = None,
        tempo: tuple[int, int] | None = None,
    ) -> None:
        if started is None:
            started = time.perf_counter()
        self.started = started
        """When the clock of ``seconds`` started (a ``time.perf_counter()`` reading)."""
        self.board = board
        self.tables = tables_for(board.rules, window_base, tempo)
        """The search tables (windows worth powers of ``window_base``, the sums weighed by
        ``tempo``; by default :data:`WINDOW_BASE` and :data:`TEMPO`)."""
        self.max_depth = depth
        self.node_limit = nodes
        self.seconds = seconds
        self.stop = stop
        self.shuffle = shuffle
        self.stopped_by_caller = False
        self.compiled = compiled
        self.width = WIDTH if width is ... else width
        self.whole_budget = WHOLE_BUDGET if whole_budget is ... else whole_budget
        """Whether deepening goes on to the end of the budget, taking from an iteration cut
        short a move that proved better than the best so far (else no iteration starts
        after 40% of the budget, and one cut short is thrown away)."""
        """The moves searched at a node inside the tree, the best-ordered first (None: all).
        The root's moves, a forced block and the last ply's are never cut; a node with
        moves cut is valued at least -proven, so a proof never rests on a cut move."""
        """Whether the compiled tree may search (free-style and exactly k, where it was
        built: :data:`COMPILED_TREE`); False keeps the pure-Python tree."""

    # The search proper --------------------------------------------------------------------

    def run(self) -> SearchResult:
        """Deepen until the budget, a proof or the end of the game; the last finished result.

        Raises :class:`~ttt_desktop.players.thought.SearchStopped` only when ``stop``
        answered true before an iteration finished.
        """
        t = self.tables
        board = self.board
        started = self.started
        deadline = None if self.seconds is None else started + self.seconds
        node_limit = self.node_limit
        stop = self.stop
        k1 = t.k1
        through = t.through
        masks = t.masks
        packs = t.packs
        shift = t.shift
        loss_mask = t.loss_mask
        four = t.four
        lesser_mask = four - 1
        ahead, behind = t.ahead, t.behind
        mate = t.mate
        proven = t.proven
        near_of = t.near
        exact = t.exact
        # Renju: black wins with exactly five (its fours' ends are checked as under exact
        # rules) and may not play its forbidden points anywhere in the tree.
        renju = board.rules.rule == RENJU
        caro = board.rules.rule == CARO
        black = 0 if board.first_player is _X else 1
        """The side (0 X, 1 O) of black, the first player, whose moves renju rules."""
        exacts = (
            exact or caro or (renju and black == 0),
            exact or caro or (renju and black == 1),
        )
        """Per side, whether its fours are checked for a win (``live``) before counting."""
        geometry = board.rules.geometry
        banned_at: dict[int, dict[int, str]] = {}
        ends = t.ends
        four_state = t.four_state
        zobrist = t.zobrist
        side_key = t.side_key
        cells_of = t.cells_of
        size = t.size
        big = t.big
        killer_bonus = t.weights[t.k - 2] * 4
        breadth = self.width if big else None
        whole_budget = self.whole_budget
        unsearched = -mate - 2
        """Below every value and every alpha: the best of a node before its first move."""

        # The position, kept in mutable form; ``turn`` is the side to move at the node.
        bb = [board.x_bits, board.o_bits]
        occ = bb[0] | bb[1]
        root_side = 0 if board.to_move is _X else 1
        turn = root_side
        state = [0] * len(masks) + [t.sentinel_state]
        for index, mask in enumerate(masks):
            state[index] = (bb[0] & mask).bit_count() * k1 + (bb[1] & mask).bit_count()
        weights = t.weights
        score = [0, 0]
        for st in state[:-1]:
            x, o = divmod(st, k1)
            if o == 0:
                score[0] += weights[x]
            if x == 0:
                score[1] += weights[o]
        if big:
            near = 0
            for cell in cells_of(occ):
                near |= near_of[cell]
            if not occ:
                near = 1 << t.centre
        else:
            near = t.full
        key = 0
        for cell in cells_of(bb[0]):
            key ^= zobrist[0][cell]
        for cell in cells_of(bb[1]):
            key ^= zobrist[1][cell]
        if root_side:
            key ^= side_key
        filled = occ.bit_count()
        fetch = t.fetch
        full = t.full
        fronts = t.fronts
        tactical_bit = t.tactical_bit
        getter = itemgetter
        tt: dict[int, tuple[int, int, int, int]] = {}
        killers = [[-1, -1] for _ in range(MAX_PLY + 2)]
        history = [[0] * size, [0] * size]
        forced_at = [-1] * (MAX_PLY + 2)
        steps = (k1, 1)
        """What a stone of each side adds to the state of a window through it."""
        taken: list[int] = []
        scored = [0]
        """The last ply's children scored from the tables without being entered, so far."""
        """Per move played and not yet taken back on a big board: the cells near a stone
        before it (the rest of a move is undone by the move itself)."""

        def out_of_budget() -> bool:
            if node_limit is not None and core.nodes >= node_limit:
                return True
            if deadline is not None and time.perf_counter() >= deadline:
                return True
            if stop is not None and stop():
                self.stopped_by_caller = True
                return True
            return False

        def live(side: int, window: int) -> bool:
            """Whether a four window of ``side`` would win when completed: make exactly k
            (exact rules, renju's black), or under caro not a five closed at both ends."""
            if caro:
                beyond = ends[window]
                return beyond.bit_count() < 2 or bb[1 - side] & beyond != beyond
            return not ends[window] & bb[side]

        def stops(side: int) -> list[int] | None:
            """Caro: the cells where the other side stops every live four of ``side`` (the
            four's empty cell, or the far end of its five when the near end already holds
            the other side's stone), common to all of them; None when ``side`` has none."""
            wanted = four_state[side]
            theirs = bb[1 - side]
            left = -1
            for window, st in enumerate(state[:-1]):
                if st == wanted and live(side, window):
                    stop = masks[window] & ~occ
                    beyond = ends[window]
                    if beyond & theirs and beyond & ~occ:
                        stop |= beyond & ~occ
                    left &= stop
            if left == -1:
                return None
            return cells_of(left) if left else []

        def completions(side: int, last: int) -> list[int]:
            """The cells where ``side`` completes a line (its fours' gaps), ascending."""
            wanted = four_state[side]
            dead_ends = exacts[side]
            found = 0
            if last >= 0:
                for window in through[last]:
                    if state[window] == wanted and (not dead_ends or live(side, window)):
                        found |= masks[window] & ~occ
            if not found:
                for window, st in enumerate(state[:-1]):
                    if st == wanted and (not dead_ends or live(side, window)):
                        found |= masks[window] & ~occ
            return cells_of(found) if found else []

        def has_win(side: int) -> bool:
            if score[side] < four:
                return False
            if not exacts[side]:
                return True
            wanted = four_state[side]
            return any(st == wanted and live(side, window) for window, st in enumerate(state))

        def banned() -> dict[int, str]:
            """Black's forbidden points in the position at the node (renju, black to move)."""
            found = banned_at.get(key)
            if found is None:
                if len(banned_at) >= FORBIDDEN_LIMIT:
                    banned_at.clear()
                found = forbidden_cells(geometry, bb[black], bb[1 - black]) or _NONE_FORBIDDEN
                banned_at[key] = found
            return found

        def candidates() -> list[int]:
            """The cells searched at a node that has no forced move: the one place the
            Searcher's moves are generated (near the stones on big boards; any free cell
            when those are all taken)."""
            return cells_of(near & ~occ) or cells_of(full & ~occ)

        def expand(
            last: int, depth: int, alpha: int, beta: int, ply: int
        ) -> int | Expansion[tuple[int, int]]:
            """A node decided here (a win, a draw, a loss to two fours, the horizon, the
            table), or its moves in order: a forced block alone and searched as deep, else
            the candidates by the table's move, killers, history and the window tables."""
            side = turn
            other = 1 - side
            mine = score[side]
            theirs = score[other]
            if mine >= four and (not exacts[side] or has_win(side)):
                return mate - ply - 1
            if filled == size:
                return 0
            forced = -1
            answers: list[int] | None = None
            if theirs >= four:
                if caro:
                    answers = stops(other)
                    if answers is not None:
                        if not answers:
                            return ply + 2 - mate
                        forced = answers[0]
                else:
                    blocks = completions(other, last)
                    if len(blocks) >= 2:
                        return ply + 2 - mate
                    if blocks:
                        forced = blocks[0]
            if forced < 0 and (depth <= 0 or ply >= MAX_PLY):
                return ahead * (mine & lesser_mask) - behind * (theirs & lesser_mask)
            if ply >= MAX_PLY:
                return ahead * (mine & lesser_mask) - behind * (theirs & lesser_mask)
            entry = tt.get(key)
            tt_move = -1
            if entry is not None:
                entry_depth, flag, value, tt_move = entry
                if entry_depth >= depth:
                    if value > proven:
                        value -= ply
                    elif value < -proven:
                        value += ply
                    if flag == _EXACT:
                        return value
                    if flag == _LOWER:
                        if value >= beta:
                            return value
                    elif value <= alpha:
                        return value
            forbidden = banned() if renju and side == black else None
            if forced >= 0 and forbidden and forced in forbidden:
                return ply + 2 - mate  # black may not block the four: white makes five
            forced_at[ply] = forced
            pack = packs[side]
            if forced >= 0:
                if answers is not None:  # caro: the four's empty cell and the end closing it
                    return (
                        [(c, sum(getter(*fetch[c](state))(pack))) for c in answers],
                        depth,
                        unsearched,
                        None,
                    )
                return [(forced, sum(getter(*fetch[forced](state))(pack)))], depth, unsearched, None
            cells = candidates()
            if forbidden:
                cells = [cell for cell in cells if cell not in forbidden] or [
                    cell for cell in cells_of(full & ~occ) if cell not in forbidden
                ]
                if not cells:
                    return 0  # black has no move it may make
            if depth == 1:
                # The last ply: children that make no four are scored from the tables,
                # without being played; those that make one are searched (their reply
                # is forced, which the search follows).
                core.count(len(cells), ply + 1)
                scored[0] += len(cells)
                front = fronts[side]
                if len(cells) * 4 > len(state):
                    # Many cells for the windows (the smaller boards): each window's worth
                    # once, then each cell's sum of its windows' worths.
                    worth = list(map(front.__getitem__, state))
                    values = [sum(fetch[c](worth)) for c in cells]
                else:
                    values = [sum(getter(*fetch[c](state))(front)) for c in cells]
                top = max(values)
                tactical = top >= tactical_bit
                if tactical:
                    moves = [
                        c for c, value in zip(cells, values, strict=True) if value >= tactical_bit
                    ]
                    top = max((value for value in values if value < tactical_bit), default=-1)
                best_move: tuple[int, int] | None = None
                if top >= 0:
                    best_move = (cells[values.index(top)], 0)
                    # The child's evaluation (ahead * its side's - behind * ours), negated.
                    best = (
                        0
                        if filled + 1 == size  # each child ends the game
                        else behind * (mine & lesser_mask) - ahead * (theirs & lesser_mask) + top
                    )
                else:
                    best = -mate
                if not tactical or best >= beta:
                    flag = _LOWER if best >= beta else _UPPER if best <= alpha else _EXACT
                    tt[key] = (1, flag, best, -1 if best_move is None else best_move[0])
                    return best
                return [(c, sum(getter(*fetch[c](state))(pack))) for c in moves], 0, best, best_move
            packed_of = [sum(getter(*fetch[c](state))(pack)) for c in cells]
            hist = history[side]
            killer = killers[ply]
            keyed = []
            for cell, p in zip(cells, packed_of, strict=True):
                order = (p >> shift) + (p & loss_mask) + hist[cell]
                if cell == tt_move:
                    order += mate
                elif cell == killer[0] or cell == killer[1]:
                    order += killer_bonus
                keyed.append((order, cell, p))
            keyed.sort(reverse=True)
            if breadth is not None and len(keyed) > breadth:
                # The first ``width`` moves alone; the node, having moves unsearched, is
                # lost by none of them beyond proof: its value is at least -proven.
                return [(cell, p) for _, cell, p in keyed[:breadth]], depth - 1, -proven, None
            return [(cell, p) for _, cell, p in keyed], depth - 1, unsearched, None

        def play(last: int, move: tuple[int, int]) -> int:
            """Play ``move`` (a cell and its packed gain and loss) on the position."""
            nonlocal occ, near, key, filled, turn
            cell, p = move
            side = turn
            other = 1 - side
            step = steps[side]
            for window in through[cell]:
                state[window] += step
            if big:
                taken.append(near)
                near |= near_of[cell]
            score[side] += p >> shift
            score[other] -= p & loss_mask
            bit = 1 << cell
            bb[side] |= bit
            occ |= bit
            key ^= zobrist[side][cell] ^ side_key
            filled += 1
            turn = other
            return cell

        def undo(last: int, move: tuple[int, int]) -> None:
            """Take ``move`` back."""
            nonlocal occ, near, key, filled, turn
            cell, p = move
            other = turn
            side = turn = 1 - other
            step = steps[side]
            filled -= 1
            for window in through[cell]:
                state[window] -= step
            score[side] -= p >> shift
            score[other] += p & loss_mask
            bit = 1 << cell
            bb[side] ^= bit
            occ ^= bit
            if big:
                near = taken.pop()
            key ^= zobrist[side][cell] ^ side_key

        def done(  # noqa: PLR0917  (the core's signature)
            last: int,
            depth: int,
            best: int,
            best_move: tuple[int, int] | None,
            alpha: int,
            beta: int,
            ply: int,
        ) -> None:
            """Remember the node's value (mate distances from the node) and its best move;
            a move that cut the node off is a killer at its ply and gains history (unless
            it was forced)."""
            if best >= beta and forced_at[ply] < 0 and best_move is not None:
                cell = best_move[0]  # a cutoff's move
                killer = killers[ply]
                if killer[0] != cell:
                    killer[1] = killer[0]
                    killer[0] = cell
                history[turn][cell] += depth
            stored = best + ply if best > proven else best - ply if best < -proven else best
            flag = _LOWER if best >= beta else _UPPER if best <= alpha else _EXACT
            if len(tt) >= TABLE_LIMIT:
                tt.clear()
            tt[key] = (depth, flag, stored, -1 if best_move is None else best_move[0])

        core: Negamax[int, tuple[int, int]] = Negamax(
            expand,
            play,
            undo=undo,
            done=done,
            pvs=True,
            stop=out_of_budget,
            every=CHECK_EVERY,
        )
        try:
            # The root ----------------------------------------------------------------------
            result = SearchResult()
            side = root_side
            other = 1 - side
            empties = size - filled
            # Renju and caro: the search itself counts a line of five or more (free-style);
            # at the root the rule's own wins, real threats and black's legal moves count.
            ruled = board.rules.rule in FIVE_ONLY_RULES
            rule_wins = completing_cells(board, board.to_move) if ruled else ()
            if rule_wins or (not ruled and has_win(side)):
                wins = list(rule_wins) or [
                    cell
                    for window, st in enumerate(state)
                    if st == four_state[side] and (not exact or live(side, window))
                    for cell in cells_of(masks[window] & ~occ)
                ]
                move = min(wins)
                result.move, result.value, result.depth = move, mate - 1, 1
                result.scores = {move: (mate - 1, _EXACT)}
                result.line = (move,)
                result.seconds = time.perf_counter() - started
                return result
            last_move = getattr(board, "last_move", None)
            last = -1 if last_move is None else last_move
            blocks = completions(other, last)
            if caro:
                blocks = stops(other) or []
            elif ruled and blocks:
                threats = completing_cells(board, board.to_move.opponent)
                blocks = [cell for cell in blocks if cell in threats]
            root_moves = blocks if blocks else candidates()
            if ruled:
                root_moves = _allowed(board, root_moves)
            if self.shuffle is not None:
                self.shuffle(root_moves)
            pack = packs[side]

            def packed(cell: int) -> tuple[int, int]:
                return cell, sum(getter(*fetch[cell](state))(pack))

            def promise(move: tuple[int, int]) -> int:
                return (move[1] >> shift) + (move[1] & loss_mask)

            ordered = sorted(map(packed, root_moves), key=promise, reverse=True)
            limit = min(self.max_depth or MAX_PLY, empties, MAX_PLY)

            # Free-style and exactly k: the same tree, compiled (``_fastsearch.c``); unless
            # another core than the players' own was put in (one watching the tree: the
            # compiled tree is its own core, which nothing sees into).
            flat = (
                t.compiled()
                if self.compiled and not ruled and ordered and Negamax is _NEGAMAX
                else None
            )
            if flat is not None and _fastsearch is not None:
                width = 8 * ((size + 63) // 64)
                move, value, depth, nodes, found, first, stopped, table, counted = _fastsearch.run(
                    flat,
                    bb[0].to_bytes(width, "little"),
                    bb[1].to_bytes(width, "little"),
                    near.to_bytes(width, "little"),
                    key,
                    side,
                    [(cell, p >> shift, p & loss_mask) for cell, p in ordered],
                    limit,
                    node_limit,
                    deadline,
                    started,
                    self.seconds,
                    stop,
                    TABLE_LIMIT,
                    breadth,
                    whole_budget,
                )
                self.stopped_by_caller = stopped
                if move < 0:
                    if stopped:
                        raise SearchStopped("the search was told to stop")
                    move = first
                else:
                    result.value, result.depth = value, depth
                    result.scores = {
                        cell: (score, _EXACT if exact else _UPPER) for cell, score, exact in found
                    }
                result.move = move
                result.nodes = nodes
                result.scored = counted
                result.seconds = time.perf_counter() - started
                result.line = self._line(move, table, key, side, deadline)
                return result

            partial: list[RootScore[tuple[int, int]]] = []
            """The moves the iteration under way has finished so far."""
            searching = [0]
            """The depth of the iteration under way."""

            def iteration(depth: int) -> list[RootScore[tuple[int, int]]]:
                searching[0] = depth
                partial.clear()
                return core.root(last, ordered, depth, -mate - 1, mate + 1, into=partial)

            def take(
                results: list[RootScore[tuple[int, int]]],
                best: RootScore[tuple[int, int]],
                depth: int,
            ) -> None:
                """Answer ``best`` of an iteration ``depth`` deep, with its root scores."""
                result.move, result.value, result.depth = best.move[0], best.value, depth
                result.scores = {
                    found.move[0]: (found.value, _EXACT if found.exact else _UPPER)
                    for found in results
                }

            def deeper(results: list[RootScore[tuple[int, int]]], depth: int) -> bool:
                """Take the iteration's result; whether to search one ply deeper."""
                best = results[0]
                for found in results:
                    if found.value > best.value:
                        best = found
                take(results, best, depth)
                ordered.remove(best.move)
                ordered.insert(0, best.move)
                if best.value > proven or all(found.value < -proven for found in results):
                    return False
                if len(ordered) == 1 and depth >= 2:
                    return False
                if whole_budget:
                    return True
                if deadline is not None and time.perf_counter() - started > 0.4 * self.seconds:  # type: ignore[operator]
                    return False
                return node_limit is None or core.nodes <= 0.4 * node_limit

            nothing: list[RootScore[tuple[int, int]]] = []
            deepen(iteration, range(1, limit + 1), found=nothing, deeper=deeper)
            cut_short = searching[0] > result.depth and not self.stopped_by_caller
            if whole_budget and cut_short and len(partial) >= 2:
                # The iteration cut short by the budget: its first move (the best so far)
                # was searched with the whole window, so a move after it that proved better
                # is better at this depth too; the best such is the answer, with the moves
                # finished.
                best = partial[0]
                for finished in partial[1:]:
                    if finished.exact and finished.value > best.value:
                        best = finished
                if best is not partial[0]:
                    take(partial, best, searching[0])
            if result.move < 0:
                if self.stopped_by_caller:
                    raise SearchStopped("the search was told to stop")
                # Nothing finished within the budget: the best-ordered move, unsearched.
                result.move = ordered[0][0]
            result.nodes = core.nodes
            result.scored = scored[0]
            result.seconds = time.perf_counter() - started
            result.line = self._line(result.move, tt, key, side, deadline)
            return result
        finally:
            # The recursion calls itself, so it and its closures hold each other (and through
            # them the transposition table): without this the table would wait for the cyclic
            # collector, whose pass would then free it in the time of some later move.
            core.close()

    def _line(
        self,
        move: int,
        tt: _Entries,
        key: int,
        side: int,
        deadline: float | None,
    ) -> tuple[Cell, ...]:
        """The principal line: ``move``, then the table's best moves while they are legal."""
        t = self.tables
        board = self.board.play(move)
        line = [move]
        key ^= t.zobrist[side][move] ^ t.side_key
        side = 1 - side
        while not board.is_over and len(line) < MAX_PLY:
            entry = tt.get(key)
            if entry is not None and entry[3] >= 0 and board[entry[3]] is None:
                cell = entry[3]
            else:
                # Positions the search decided without a move of its own: a win, a block.
                decisive = completing_cells(board, board.to_move) or completing_cells(
                    board, board.to_move.opponent
                )
                if decisive:
                    cell = decisive[0]
                elif t.size - board.ply <= LINE_SOLVED_BELOW and not self.stopped_by_caller:
                    # A few cells left, and no entry (the iteration that found the move did
                    # not pass here): the rest of the line from a short search to the end,
                    # within what is left of the move's time.
                    seconds = None if deadline is None else deadline - time.perf_counter()
                    if seconds is not None and seconds <= 0:
                        break
                    try:
                        cell = Search(board, nodes=LINE_SEARCH_NODES, seconds=seconds).run().move
                    except SearchStopped:
                        break
                else:
                    break
            try:
                after = board.play(cell)
            except ForbiddenMoveError:
                break  # the search's own line through black's forbidden cell ends here
            line.append(cell)
            board = after
            key ^= t.zobrist[side][cell] ^ t.side_key
            side = 1 - side
        return tuple(line)


def _allowed(board: Board, moves: list[int]) -> list[int]:
    """``moves`` without black's forbidden cells (renju); when every one is forbidden (all
    the blocks of a threat), the cells near the stones that black may play."""
    forbidden = board.forbidden_cells()
    if not forbidden:
        return moves
    kept = [cell for cell in moves if cell not in forbidden]
    return kept or list(cells_near_stones(board)) or list(board.legal_moves())


class SearcherPlayer(Player):
    """Iterative-deepening alpha-beta with a threat-aware window evaluation, on any board.

    Options: ``depth`` (search exactly that many plies, no time limit unless
    ``budget_ms`` is set), ``nodes`` (a node budget: deterministic), ``budget_ms`` (the
    time per move, counted from the moment the player is asked, the board's tables built on
    its first move included; whoever runs the game may change :attr:`budget_ms` before each
    move).
    With none of them a move takes :data:`SEARCHER_BUDGET_MS`. Ties are broken by the
    player's seeded generator (it shuffles the root moves before ordering them).
    """

    kind = "searcher"

    def __init__(
        self,
        *,
        seed: int | None = None,
        depth: int | None = None,
        nodes: int | None = None,
        budget_ms: float | None = None,
    ) -> None:
        super().__init__(seed=seed)
        for name, value in (("depth", depth), ("nodes", nodes)):
            if value is not None and (type(value) is not int or value < 1):
                raise ValueError(f"{name} is a whole number of at least 1, not {value!r}")
        if budget_ms is not None and (
            isinstance(budget_ms, bool)
            or not isinstance(budget_ms, int | float)
            or not budget_ms > 0
        ):
            raise ValueError(f"budget_ms is a positive number of milliseconds, not {budget_ms!r}")
        self.depth = depth
        self.nodes = nodes
        self.width: int | None = WIDTH
        """The moves searched at a node inside the tree (:class:`Search`'s ``width``)."""
        self.whole_budget: bool = WHOLE_BUDGET
        """Whether the deepening uses the whole budget (:class:`Search`'s ``whole_budget``)."""
        self.window_base: int = WINDOW_BASE
        """What a window's stones are worth (:class:`Search`'s ``window_base``)."""
        self.tempo: tuple[int, int] = TEMPO
        """The side to move's sum against the other's (:class:`Search`'s ``tempo``)."""
        if budget_ms is not None:
            self.budget_ms = float(budget_ms)

    def _seconds(self) -> float | None:
        if self.budget_ms is not None:
            return self.budget_ms / 1000
        if self.depth is not None or self.nodes is not None:
            return None
        return SEARCHER_BUDGET_MS / 1000

    def search(
        self, board: Board, stop: StopCheck | None = None, *, started: float | None = None
    ) -> SearchResult:
        """The search's result on ``board`` (raises
        :class:`~ttt_desktop.players.thought.SearchStopped` as :meth:`Search.run`).

        A time budget counts from ``started`` (default now): the board's tables, built on
        the first move of a board, are spent from it.
        """
        if started is None:
            started = time.perf_counter()
        legal_moves_or_raise(board)
        return Search(
            board,
            depth=self.depth,
            nodes=self.nodes,
            seconds=self._seconds(),
            started=started,
            stop=stop,
            shuffle=self.random.shuffle,
            width=self.width,
            whole_budget=self.whole_budget,
            window_base=self.window_base,
            tempo=self.tempo,
        ).run()

    def choose_move(self, board: Board) -> Cell:
        return self.search(board).move

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """Each root move's evaluation (a bound for those that proved no better), the depth
        of the last finished iteration, the nodes, and the principal line.

        Raises :class:`~ttt_desktop.players.thought.SearchStopped` when ``stop`` answered
        true before the first iteration finished.
        """
        started = time.perf_counter()
        result = self.search(board, stop, started=started)
        return thought_of(
            self.kind, board, result, tables_for(board.rules, self.window_base, self.tempo)
        )


def thought_of(
    kind: str, board: Board, result: SearchResult, tables: Tables | None = None
) -> Thought:
    """The :class:`Thought` of a search's result, as player ``kind`` reports it (``tables``:
    the search's, when not the default's)."""
    t = tables_for(board.rules) if tables is None else tables
    bounds = {_EXACT: Bound.EXACT, _LOWER: Bound.LOWER, _UPPER: Bound.UPPER}
    scores = []
    for cell, (value, flag) in sorted(result.scores.items()):
        # Beyond every evaluation a value stands for a win or a loss in so many moves, as an
        # exact value or a bound (``thought.proves`` says which prove it): never a number.
        plies = None
        if value > t.proven:
            plies = t.mate - value
        elif value < -t.proven:
            plies = t.mate + value
        scores.append(CellScore(cell, value, bounds[flag], plies))
    return Thought(
        kind,
        board.cells,
        board.to_move.value,
        result.move,
        Rule.DEEPENING,
        (result.move,),
        scores=tuple(scores),
        meaning=Meaning.EVALUATION,
        nodes=result.nodes - result.scored,
        scored=result.scored,
        depth=result.depth,
        seconds=result.seconds,
        line=result.line,
        rules=board.rules.key,
    )
