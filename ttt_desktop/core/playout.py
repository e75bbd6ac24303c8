"""Random play to the end of a game, as fast as pure Python allows: MCTS's rollouts.

:func:`random_playout` plays uniformly random moves from a position until the game ends
and returns the winner and the moves. It works on two ints, one per side, laid out with
one empty guard column (``m + 1`` bits a row), so a line of k in any direction is found
by a few shifted ANDs over the whole board, and the free cells are a list from which a
random one is swapped out. The result is the game :meth:`Board.play` would give for the
same moves (a test plays them back on the board).

Under renju and caro the playout keeps the rule: under renju black (the first player)
never plays a forbidden point (:func:`ttt_desktop.core.renju.forbidden_reason`, asked of
each cell drawn for black; a point drawn and refused stays free for white) and wins with
exactly five, white with five or more; under caro six or more in a row wins, and exactly
five unless an opponent's stone stands at both of its ends. Black left with no cell it may
play ends the playout drawn.

>>> import random
>>> from ttt_desktop.core.board import Board
>>> from ttt_desktop.core.rules import GOMOKU
>>> winner, moves = random_playout(Board.empty(rules=GOMOKU), random.Random(1).random)
>>> final = Board.empty(rules=GOMOKU).play_all(moves)
>>> final.is_over, final.winner == winner
(True, True)

Nothing here imports Qt.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.rules import CARO, FIVE_ONLY_RULES, RENJU

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ttt_desktop.core.rules import Rules


class _Layout:
    """The padded layout of one rules: bit of each cell, shifts of the four directions."""

    __slots__ = (
        "bit_of",
        "board_bits",
        "caro",
        "cell_of",
        "cell_of_mask",
        "crowding",
        "directions",
        "exact",
        "geometry",
        "k",
        "padded_size",
        "ruled",
        "shifts",
        "steps",
        "width",
    )

    def __init__(self, rules: Rules) -> None:
        m, n, k = rules.m, rules.n, rules.k
        width = m + 1
        self.k = k
        self.exact = rules.exact
        self.ruled = rules.rule in FIVE_ONLY_RULES
        """Renju or caro: the playout keeps the rule (:func:`_ruled_playout`)."""
        self.caro = rules.rule == CARO
        self.geometry = rules.geometry
        self.bit_of = tuple((cell // m) * width + cell % m for cell in range(m * n))
        self.cell_of = {bit: cell for cell, bit in enumerate(self.bit_of)}
        self.cell_of_mask = {1 << bit: cell for cell, bit in enumerate(self.bit_of)}
        self.crowding: dict[int, tuple[int, int, int, int, int]] = {}
        """Renju, per cell's single bit: the cells within four of it along its lines, all
        four lines and then each. Black's cell with fewer than two stones there along two
        lines and fewer than four along each is never forbidden
        (:func:`ttt_desktop.core.renju.forbidden_reason` asks no more)."""
        if rules.rule == RENJU:
            bit_of = self.bit_of
            for cell, rays in enumerate(rules.geometry.rays):
                lines = [0, 0, 0, 0]
                for direction, (forward, backward) in enumerate(rays):
                    for other in forward[:4] + backward[:4]:
                        lines[direction] |= 1 << bit_of[other]
                a, b, c, d = lines
                self.crowding[1 << bit_of[cell]] = (a | b | c | d, a, b, c, d)
        self.shifts = (1, width, width + 1, width - 1)
        # A run of k from runs of 1 by doubling: each step ANDs the runs with themselves
        # shifted by `step` cells; the last step tops up to exactly k.
        steps = []
        length = 1
        while length * 2 <= k:
            steps.append(length)
            length *= 2
        if length < k:
            steps.append(k - length)
        self.steps = tuple(steps)
        self.width = width
        # The same steps already multiplied by each direction's shift, and the shifts that
        # reach the cell before a run and the cell after it (for exactly k).
        self.directions = tuple(
            (tuple(step * shift for step in steps), shift, k * shift) for shift in self.shifts
        )
        board_bits = 0
        for bit in self.bit_of:
            board_bits |= 1 << bit
        self.board_bits = board_bits
        self.padded_size = n * width
        """The padded bits of the board, guard columns included (the compiled loop's)."""

    def wins(self, bits: int) -> bool:
        """Whether ``bits`` hold a winning line (k or more; exactly k under exact rules)."""
        steps = self.steps
        for shift in self.shifts:
            runs = bits
            for step in steps:
                runs &= runs >> (step * shift)
            if runs:
                if not self.exact:
                    return True
                # Exactly k: the cell before the run's start and the cell after its end
                # are not ours (the guard column and the edges read as empty).
                if runs & ~(bits << shift) & ~(bits >> (self.k * shift)):
                    return True
        return False


_layouts: dict[Rules, _Layout] = {}

_compiled_playout: Callable[..., int] | None
_compiled_game: Callable[..., tuple[Any, ...]] | None
try:
    from ttt_desktop.core._fastplay import playout as _compiled_playout
    from ttt_desktop.core._fastplay import random_game as _compiled_game
except ImportError:  # no C compiler where it was installed: the pure-Python loop
    _compiled_playout = _compiled_game = None

COMPILED: bool = _compiled_playout is not None
"""Whether the compiled playouts (``_fastplay.c``) run here; without them (built without a C
compiler) the pure-Python loops below play the same games, more slowly."""


def compiled_random_game(rules: Rules) -> Callable[..., tuple[Any, ...]] | None:
    """The compiled loop of a whole game between two uniformly random seats on ``rules``
    (``game(first_random, second_random, moves)``, see ``_fastplay.c``'s ``random_game``), or
    None where it does not play (no compiled loop here, renju, caro)."""
    if _compiled_game is None:
        return None
    layout = _layout(rules)
    if layout.ruled:
        return None
    return functools.partial(
        _compiled_game, layout.width, layout.padded_size, layout.k, layout.exact
    )


def playouts_in_use() -> str:
    """Which random playouts run here, in words for ``--version``, About and the self-test."""
    if COMPILED:
        return "compiled (C) for free-style and exactly k, pure Python for renju and caro"
    return "pure Python (the compiled ones were not built here: no C compiler)"


def check_compiled(games: int = 20) -> int:
    """Play ``games`` seeded playouts on 15x15 through both loops, and as many whole games of
    two uniformly random seats through the compiled loop and the board; the number that agree
    (all of them, or :class:`RuntimeError` naming the first that did not). Without the
    compiled loop: 0."""
    if _compiled_playout is None:
        return 0
    import random  # noqa: PLC0415  (the self-test's, not the playouts')

    from ttt_desktop.core.rules import GOMOKU  # noqa: PLC0415

    layout = _layout(GOMOKU)
    free = [1 << bit for bit in layout.bit_of]
    for seed in range(games):
        compiled = _compiled_playout(
            layout.width, layout.padded_size, layout.k, layout.exact, 0, 0, list(free),
            random.Random(seed).random, None,
        )  # fmt: skip
        python = python_playout_bits(layout, 0, 0, list(free), random.Random(seed).random)
        if compiled != python:
            raise RuntimeError(
                f"the compiled playout of seed {seed} ended {compiled}, the Python one {python}"
            )
        # The whole game of two uniformly random seats (the play loop's), against the board.
        compiled_moves: list[int] = []
        if _compiled_game is not None:
            _compiled_game(
                layout.width, layout.padded_size, layout.k, layout.exact,
                random.Random(seed).random, random.Random(~seed).random, compiled_moves,
            )  # fmt: skip
            draws = (random.Random(seed).random, random.Random(~seed).random)
            board = Board.empty(rules=GOMOKU)
            board_moves = []
            while not board.is_over:
                legal = board.legal_moves()
                board_moves.append(legal[int(draws[board.ply & 1]() * len(legal))])
                board = board.play(board_moves[-1])
            if compiled_moves != board_moves:
                raise RuntimeError(f"the compiled game of seed {seed} is not the board's game")
    return games


def _layout(rules: Rules) -> _Layout:
    layout = _layouts.get(rules)
    if layout is None:
        layout = _layouts[rules] = _Layout(rules)
    return layout


def random_playout(board: Board, random: Callable[[], float]) -> tuple[Mark | None, list[int]]:
    """Play uniformly random moves from ``board`` to the end: the winner (None: a draw), moves.

    ``random`` is a generator's ``random()`` (``random.Random(seed).random``), so a
    playout is repeatable.
    """
    if board.is_over:
        return board.winner, []
    layout = _layout(board.rules)
    bit_of = layout.bit_of
    if layout.ruled:
        return _recorded_ruled_playout(board, layout, random)
    wins = layout.wins
    mine = 0
    theirs = 0
    for cell in board.geometry.cells_of(board.bits(board.to_move)):
        mine |= 1 << bit_of[cell]
    for cell in board.geometry.cells_of(board.bits(board.to_move.opponent)):
        theirs |= 1 << bit_of[cell]
    free = list(board.legal_moves())
    moves: list[int] = []
    mover = board.to_move
    if _compiled_playout is not None:
        masks = [1 << bit_of[cell] for cell in free]
        result = _compiled_playout(
            layout.width, layout.padded_size, layout.k, layout.exact, mine, theirs, masks,
            random, moves,
        )  # fmt: skip
        return (None if result == 0 else mover if result > 0 else mover.opponent), moves
    while free:
        index = int(random() * len(free))
        cell = free[index]
        free[index] = free[-1]
        free.pop()
        moves.append(cell)
        mine |= 1 << bit_of[cell]
        if wins(mine):
            return mover, moves
        mine, theirs = theirs, mine
        mover = mover.opponent
    return None, moves


def _recorded_ruled_playout(
    board: Board, layout: _Layout, random: Callable[[], float]
) -> tuple[Mark | None, list[int]]:
    """:func:`random_playout` under renju or caro: :func:`_ruled_playout` with its moves."""
    bit_of = layout.bit_of
    mover = board.to_move
    own, other = board.bits(mover), board.bits(mover.opponent)
    mine = theirs = 0
    free = []
    for cell in board.geometry.cells:
        bit = 1 << bit_of[cell]
        if own >> cell & 1:
            mine |= bit
        elif other >> cell & 1:
            theirs |= bit
        else:
            free.append(bit)
    moves: list[int] = []
    first = mover is board.first_player
    result = _ruled_playout(layout, mine, theirs, free, random, first, moves)
    winner = None if result == 0 else mover if result > 0 else mover.opponent
    return winner, moves


def layout_of(rules: Rules) -> _Layout:
    """The padded layout of ``rules`` (built once per rules): what :func:`playout_bits` plays on."""
    return _layout(rules)


def playout_bits(  # noqa: PLR0917  (Monty's one call a simulation)
    layout: _Layout,
    mine: int,
    theirs: int,
    free: list[int],
    random: Callable[[], float],
    first: bool = False,
) -> int:
    """A random playout on padded bitboards: 1 if the side to move wins, -1 if it loses, 0 a draw.

    ``mine`` and ``theirs`` are the sides' stones in ``layout``'s padded bits (the side to
    move first); ``free`` holds the single-bit masks of the free cells and is used up
    (its order is changed: pass a copy).
    This is :func:`random_playout` without the board and without the moves: Monte Carlo
    tree search calls it once per simulation and keeps its own bitboards, which saves
    rebuilding them from a :class:`Board` (two passes over every cell) each time.
    ``first``: the side to move is the first player (black: under renju its moves are
    checked and it wins with exactly five); only renju and caro look at it.
    """
    if layout.ruled:
        return _ruled_playout(layout, mine, theirs, free, random, first, None)
    if _compiled_playout is not None:
        result: int = _compiled_playout(
            layout.width, layout.padded_size, layout.k, layout.exact, mine, theirs, free,
            random, None,
        )  # fmt: skip
        return result
    return python_playout_bits(layout, mine, theirs, free, random)


def python_playout_bits(
    layout: _Layout, mine: int, theirs: int, free: list[int], random: Callable[[], float]
) -> int:
    """:func:`playout_bits`'s pure-Python loop for free-style and exactly k: the reference
    the compiled one is checked against, and the one that runs without a C compiler."""
    directions = layout.directions
    if not layout.exact:
        if len(directions[0][0]) == 3:
            return _playout_three_steps(directions, mine, theirs, free, random)
        if len(directions[0][0]) == 2:
            return _playout_two_steps(directions, mine, theirs, free, random)
    exact = layout.exact
    sign = 1
    while free:
        index = int(random() * len(free))
        bit = free[index]
        last = free.pop()
        if index < len(free):
            free[index] = last
        mine |= bit
        for steps, before, after in directions:
            runs = mine
            for step in steps:
                runs &= runs >> step
            if runs:
                if not exact:
                    return sign
                if runs & ~(mine << before) & ~(mine >> after):
                    return sign
        mine, theirs = theirs, mine
        sign = -sign
    return 0


def _ruled_playout(  # noqa: PLR0917  (one loop, the rule's cases inline)
    layout: _Layout,
    mine: int,
    theirs: int,
    free: list[int],
    random: Callable[[], float],
    first: bool,
    moves: list[int] | None,
) -> int:
    """:func:`playout_bits` under renju or caro (five in a row), the moves appended to
    ``moves`` (cells) when it is a list.

    After each stone the mover's runs of five are found over the whole board (a run not
    through the stone was there before and won nothing); under caro one with an opponent's
    stone just before and just after it wins nothing (the edges and the guard column read
    as empty, and a run of six holds a run of five whose end is the mover's own); under
    renju black's runs of five with a black stone beyond an end (an overline) win nothing.
    """
    # Per direction: the three doubling steps of a run of five, the shifts to its ends.
    checks = tuple((*steps, before, after) for steps, before, after in layout.directions)
    caro = layout.caro
    cell_of_mask = layout.cell_of_mask
    geometry = layout.geometry
    crowding = layout.crowding
    black = white = 0
    if not caro:
        # Renju: the stones as cells (bit ``cell``), for black's forbidden points.
        from ttt_desktop.core.renju import forbidden_reason  # noqa: PLC0415  (renju only)

        own = other = 0
        stones = mine | theirs
        while stones:
            low = stones & -stones
            stones ^= low
            if mine & low:
                own |= 1 << cell_of_mask[low]
            else:
                other |= 1 << cell_of_mask[low]
        black, white = (own, other) if first else (other, own)
    black_turn = first
    sign = 1
    left = len(free)
    while left:
        index = int(random() * left)
        bit = free[index]
        if black_turn and not caro:
            # Black's draw among the cells it may play: a forbidden one is set aside for
            # this move (moved past the cells still drawn from), white may take it later.
            pool = left
            while _crowded(mine, crowding[bit]) and forbidden_reason(
                geometry, black, white, cell_of_mask[bit]
            ):
                pool -= 1
                free[index] = free[pool]
                free[pool] = bit
                if not pool:
                    return 0  # black may play no free cell: drawn
                index = int(random() * pool)
                bit = free[index]
            black |= 1 << cell_of_mask[bit]
        elif not caro:
            white |= 1 << cell_of_mask[bit]
        left -= 1
        free[index] = free[left]
        free[left] = bit
        mine |= bit
        if moves is not None:
            moves.append(cell_of_mask[bit])
        for s1, s2, s3, before, after in checks:
            runs = mine & mine >> s1
            runs &= runs >> s2
            runs &= runs >> s3
            if runs:
                if caro:
                    runs &= ~(theirs << before & theirs >> after)
                elif black_turn:
                    runs &= ~(mine << before) & ~(mine >> after)
                if runs:
                    return sign
        mine, theirs = theirs, mine
        sign = -sign
        black_turn = not black_turn
    return 0


def _crowded(black: int, near: tuple[int, int, int, int, int]) -> bool:
    """Whether black's stones (``black``) near a cell (``near``: see ``_Layout.crowding``)
    could make it forbidden: two or more along two of its lines, or four along one."""
    if (black & near[0]).bit_count() < 4:
        return False
    crowded = 0
    for line in near[1:]:
        count = (black & line).bit_count()
        if count >= 4:
            return True
        if count >= 2:
            crowded += 1
    return crowded >= 2


# The loops above written out for the common step counts (k = 5 to 8 take three doubling
# steps, k = 3 and 4 two): the inner loops cost more than the shifts and ANDs themselves.


def _playout_three_steps(
    directions: tuple[tuple[tuple[int, ...], int, int], ...],
    mine: int,
    theirs: int,
    free: list[int],
    random: Callable[[], float],
) -> int:
    (a1, a2, a3), (b1, b2, b3), (c1, c2, c3), (d1, d2, d3) = (d[0] for d in directions)
    sign = 1
    left = len(free)
    while left:
        # The cell drawn is swapped with the last one still free (the list is not shrunk).
        index = int(random() * left)
        left -= 1
        mine |= free[index]
        free[index] = free[left]
        runs = mine & mine >> a1
        runs &= runs >> a2
        if runs & runs >> a3:
            return sign
        runs = mine & mine >> b1
        runs &= runs >> b2
        if runs & runs >> b3:
            return sign
        runs = mine & mine >> c1
        runs &= runs >> c2
        if runs & runs >> c3:
            return sign
        runs = mine & mine >> d1
        runs &= runs >> d2
        if runs & runs >> d3:
            return sign
        mine, theirs = theirs, mine
        sign = -sign
    return 0


def _playout_two_steps(
    directions: tuple[tuple[tuple[int, ...], int, int], ...],
    mine: int,
    theirs: int,
    free: list[int],
    random: Callable[[], float],
) -> int:
    (a1, a2), (b1, b2), (c1, c2), (d1, d2) = (d[0] for d in directions)
    sign = 1
    left = len(free)
    while left:
        index = int(random() * left)
        left -= 1
        mine |= free[index]
        free[index] = free[left]
        runs = mine & mine >> a1
        if runs & runs >> a2:
            return sign
        runs = mine & mine >> b1
        if runs & runs >> b2:
            return sign
        runs = mine & mine >> c1
        if runs & runs >> c2:
            return sign
        runs = mine & mine >> d1
        if runs & runs >> d2:
            return sign
        mine, theirs = theirs, mine
        sign = -sign
    return 0
