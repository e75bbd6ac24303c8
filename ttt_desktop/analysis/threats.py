"""Threat-space search: a forced win by a sequence of threats (Allis, van den Herik and Huntjens).

A *four* is a move after which the attacker would complete a line at a cell the defender
must take at once (a k-window holding k-1 of the attacker's stones and one gap). A
*three* is a move after which the attacker has a move that makes two such cells at once
(an open four or a double four), so the defender has a few defences to choose from.
:func:`forced_win` looks for a win made of fours alone first (VCF, victory by continuous
fours: every reply is forced, the tree is narrow), then of fours and threes (VCT), deeper
and deeper within a budget of nodes.

Every win it reports is a proof, not an estimate. The search is an AND-OR search over
real moves, and at every defender move it tries each reply that could possibly help:

* against a four, the one cell that blocks it (any other move lets the line be
  completed; two fours at once cannot both be blocked);
* against a three, every cell that spoils one of the attacker's double threats (the
  move that would make it and the cells it would threaten), and every move that makes a
  four of the defender's own, which the attacker must then answer (that answer must
  itself be a threat, or the line fails).

Any other defender move leaves a double threat the defender cannot meet, so checking
these replies checks them all. A defender who can complete a line at once refutes the
line. Under ``exact`` rules (a line longer than k does not win) a window counts only when
the cells just beyond its ends are not the attacker's, so no overline is ever taken for
a win. Under renju black's windows are exact so (black wins with exactly five), white's
are not, and black attacking never plays a forbidden cell nor counts on a double threat
at one (:mod:`ttt_desktop.core.renju`); black defending never replies on one either (a
threat black could stop only there is met by another move black may play, which loses),
so no line the search shows goes through a forbidden point. Under caro a window counts
only when the cells just beyond its ends are not both the other side's (a five closed at
both ends wins nothing; six or more wins), a four is answered by every move that stops it
(its empty cell, or the far end of its five when the near end is already the defender's:
a four no one stone stops is won), a double threat counts only when no one stone would
stop what it makes, and against a three the cells just beyond the windows of its double
threats are defences too.

The search is stoppable: ``stop`` is asked every :data:`THREAT_STOP_EVERY` nodes and, once it
answers true, :class:`ThreatSearchStopped` is raised. Running out of ``max_nodes`` is not
an error: :func:`forced_win` returns None, as when there is no threat win.

>>> from ttt_desktop.core.board import Board, Mark
>>> from ttt_desktop.core.rules import GOMOKU
>>> g = GOMOKU.geometry
>>> board = Board.empty(rules=GOMOKU).play_all(
...     g.parse(name) for name in "h8 a1 i8 a3 j8 a5 h9 a7 h10 a9".split())
>>> win = forced_win(board)  # h11 makes an open four: h7 and h12
>>> sentence(win, g)
'X has a forced win in 3: h11, h12, h7'

Nothing here imports Qt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ttt_desktop.core.board import Board
from ttt_desktop.core.playout import layout_of
from ttt_desktop.core.rules import CARO, RENJU

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Final

    from ttt_desktop.core.board import Mark
    from ttt_desktop.core.geometry import Geometry

MAX_NODES: Final = 20_000
"""The default node budget of :func:`forced_win`."""
VCF_DEPTH: Final = 20
"""The most attacker moves a win by fours alone may take."""
VCT_DEPTH: Final = 6
"""The most attacker moves a win by fours and threes may take."""
THREAT_STOP_EVERY: Final = 16
"""``stop`` is asked once per this many nodes (well under a millisecond on 20x20: a player
that gives the search a share of its move's time stops it that close to the share's end)."""


class ThreatSearchStopped(Exception):  # noqa: N818  (a request, not a fault)
    """The threat search was told to stop (its ``stop`` callable answered true)."""


class _OutOfNodes(Exception):  # noqa: N818
    pass


@dataclass(frozen=True, slots=True)
class ThreatWin:
    """A forced win for ``mover`` found by threat-space search.

    ``line`` is the attacker's moves with the defender's replies from the position
    searched, ending with the move that completes the line (against a three the defender
    has several defences: the line shows the one that holds out longest in the proof);
    ``plies`` is its length; ``nodes`` the positions the search visited; ``fours_only``
    whether every attacker move is a four (VCF).
    """

    mover: str
    line: tuple[int, ...]
    plies: int
    nodes: int
    fours_only: bool


def sentence(win: ThreatWin, geometry: Geometry) -> str:
    """The win in plain English: "X has a forced win in 7: h8, i9, ..." (plies, both sides)."""
    moves = ", ".join(geometry.name(cell) for cell in win.line)
    return f"{win.mover} has a forced win in {win.plies}: {moves}"


def forced_win(
    board: Board,
    *,
    max_nodes: int = MAX_NODES,
    stop: Callable[[], bool] | None = None,
    threes: bool = True,
    max_depth: int = VCT_DEPTH,
) -> ThreatWin | None:
    """A forced threat win for the side to move on ``board``, or None.

    VCF first (fours only, up to :data:`VCF_DEPTH` attacker moves), then, with
    ``threes``, fours and threes up to ``max_depth`` attacker moves, each by iterative
    deepening so that shorter wins are found first. None when there is none within
    those depths, or the ``max_nodes`` budget runs out. Raises
    :class:`ThreatSearchStopped` when ``stop`` answers true.
    """
    return _deepening(
        board, board.to_move, _ThreatSearch.attack, max_nodes, stop, threes, max_depth
    )


def forced_win_after(
    board: Board,
    *,
    max_nodes: int = MAX_NODES,
    stop: Callable[[], bool] | None = None,
    threes: bool = True,
    max_depth: int = VCT_DEPTH,
) -> ThreatWin | None:
    """A forced threat win for the side that has just moved on ``board`` (not the side to
    move), whatever the side to move replies; or None.

    The same proof as :func:`forced_win`, from the defender's turn: the side to move
    faces a four, two of them, or a three, and every reply that could help still loses
    (a defender who can complete a line at once refutes it; a defender facing no threat has
    a free move and is not proven lost). The win's ``line`` starts with the defender's
    reply that holds out longest, so it has one ply more than the attacker's moves; its
    ``mover`` is the attacker. Budgets and ``stop`` as in :func:`forced_win`.
    """
    return _deepening(
        board, board.to_move.opponent, _ThreatSearch.defend, max_nodes, stop, threes, max_depth
    )


def _deepening(  # noqa: PLR0917  (the two entry points' arguments, passed on)
    board: Board,
    attacker_mark: Mark,
    step: Callable[[_ThreatSearch, int, int, int], list[int] | None],
    max_nodes: int,
    stop: Callable[[], bool] | None,
    threes: bool,
    max_depth: int,
) -> ThreatWin | None:
    """Fours alone first, then threes too: ``step(search, attacker, defender, depth)`` one
    depth deeper at a time, until a line is found, no line was cut short by the depth, or
    the budget runs out (:func:`forced_win` and :func:`forced_win_after`)."""
    if board.is_over:
        return None
    if max_nodes < 1:
        raise ValueError(f"max_nodes is at least 1, not {max_nodes!r}")
    rule = board.rules.rule
    search = _ThreatSearch(board, max_nodes, stop)
    search.caro = rule == CARO
    if rule == RENJU:
        # Black (the first player) wins with exactly five and may not play its forbidden
        # cells; white wins with five or more.
        black_attacks = attacker_mark is board.first_player
        search.exact_attacker, search.exact_defender = black_attacks, not black_attacks
        if black_attacks:
            search.renju_geometry = board.geometry
        else:
            search.black_defends = board.geometry
    attacker = search.padded(board.bits(attacker_mark))
    defender = search.padded(board.bits(attacker_mark.opponent))
    try:
        for fours_only, deepest in ((True, VCF_DEPTH), (False, max_depth)):
            if not fours_only and not threes:
                break
            search.threes = not fours_only
            search.failed.clear()
            for depth in range(1, deepest + 1):
                search.deepened = False
                line = step(search, attacker, defender, depth)
                if line is not None:
                    return ThreatWin(
                        attacker_mark.value, tuple(line), len(line), search.nodes, fours_only
                    )
                if not search.deepened:
                    break  # no line was cut short by the depth: deeper finds nothing new
    except _OutOfNodes:
        return None
    return None


class _ThreatSearch:
    """The AND-OR search over the padded bitboards of :mod:`ttt_desktop.core.playout`."""

    __slots__ = (
        "bit_of",
        "black_defends",
        "board_bits",
        "caro",
        "cell_of",
        "deepened",
        "directions",
        "exact_attacker",
        "exact_defender",
        "failed",
        "fouls",
        "k",
        "max_nodes",
        "nodes",
        "renju_geometry",
        "stop",
        "threes",
        "won",
    )

    def __init__(self, board: Board, max_nodes: int, stop: Callable[[], bool] | None) -> None:
        layout = layout_of(board.rules)
        self.k = layout.k
        self.exact_attacker = self.exact_defender = layout.exact
        self.caro = False
        """Caro: a window closed at both ends by the other side counts for nothing."""
        self.renju_geometry: Geometry | None = None
        self.black_defends: Geometry | None = None
        """The board's geometry when black defends under renju (its replies are checked)."""
        """The board's geometry when black attacks under renju (its moves are checked)."""
        self.fouls: dict[tuple[int, int, int], bool] = {}
        """Whether black's move is forbidden, by (black, white, move), as found."""
        self.board_bits = layout.board_bits
        self.directions = tuple(
            (shift, tuple(i * shift for i in range(layout.k))) for shift in layout.shifts
        )
        self.bit_of = layout.bit_of
        self.cell_of = {1 << bit: cell for cell, bit in enumerate(layout.bit_of)}
        self.max_nodes = max_nodes
        self.stop = stop
        self.nodes = 0
        self.threes = False
        self.deepened = False
        # Proven lines are proofs at any depth; failures only up to the depth searched.
        self.won: dict[tuple[int, int, bool], list[int]] = {}
        self.failed: dict[tuple[int, int, bool], int] = {}

    def padded(self, bits: int) -> int:
        """A board's bitboard (bit ``cell``) in the padded layout."""
        bit_of = self.bit_of
        found = 0
        for cell in range(len(bit_of)):
            if bits >> cell & 1:
                found |= 1 << bit_of[cell]
        return found

    def reply(self, me: int, them: int, moves: list[int]) -> list[int]:
        """The defender's ``moves`` it may play: under renju, when black defends, those that
        are not black's forbidden points, or, when every one is, the first free cell black
        may play (a move that does not stop the threat; empty when there is none)."""
        geometry = self.black_defends
        if geometry is None:
            return moves
        allowed = [move for move in moves if not self.forbidden(them, me, move, geometry)]
        if allowed:
            return allowed
        free = self.board_bits & ~me & ~them
        while free:
            move = free & -free
            free ^= move
            if not self.forbidden(them, me, move, geometry):
                return [move]
        return []

    def forbidden(self, me: int, them: int, move: int, geometry: Geometry | None = None) -> bool:
        """Whether black (``me``, attacking under renju, or defending when ``geometry`` is
        given) may not play ``move`` here."""
        if geometry is None:
            geometry = self.renju_geometry
        if geometry is None:
            return False
        key = (me, them, move)
        known = self.fouls.get(key)
        if known is None:
            from ttt_desktop.core.renju import forbidden_reason  # noqa: PLC0415  (renju only)

            cell_of = self.cell_of
            black = sum(1 << cell_of[bit] for bit in _bits(me))
            white = sum(1 << cell_of[bit] for bit in _bits(them))
            known = forbidden_reason(geometry, black, white, cell_of[move]) is not None
            self.fouls[key] = known
        return known

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _OutOfNodes
        stop = self.stop
        if stop is not None and not self.nodes % THREAT_STOP_EVERY and stop():
            raise ThreatSearchStopped("the threat search was told to stop")

    def scan(
        self,
        me: int,
        them: int,
        exact: bool,
        with_threes: bool = False,
        ends: dict[int, int] | None = None,
    ) -> tuple[int, dict[int, int], dict[int, int]]:
        """``me``'s completing cells; for each empty cell, the cells a move there would make
        completing (from windows with k-2 of ``me``); for each, how many k-3 windows
        (three-to-be) it lies in, when ``with_threes`` and the search plays threes. Cells
        are single bits of the padded layout. ``exact``: a window counts only where it makes
        exactly k (no stone of ``me``'s just beyond either end).

        Under caro a window with ``them``'s stones just beyond both ends counts for nothing;
        ``ends``, when given, gets for each cell of ``makes`` the empty cells just beyond
        the windows it would make a four in.

        Every window of a direction is looked at at once: bit ``p`` of a bitboard stands
        for the window starting at ``p``, and four saturating counters of the window's
        empty cells (at least 1, 2, 3, 4) are built from the empty cells shifted along it.
        """
        k = self.k
        wins = 0
        makes: dict[int, int] = {}
        threes: dict[int, int] = {}
        want_threes = with_threes and self.threes and k > 3
        open_ = self.board_bits & ~them
        empty = open_ & ~me
        for shift, offsets in self.directions:
            fits = open_
            at_least_1 = at_least_2 = at_least_3 = at_least_4 = 0
            for offset in offsets:
                gaps = empty >> offset
                fits &= open_ >> offset
                at_least_4 |= at_least_3 & gaps
                at_least_3 |= at_least_2 & gaps
                at_least_2 |= at_least_1 & gaps
                at_least_1 |= gaps
            if exact:
                # Exactly k: the cells just before and after the window are not ``me``'s.
                fits &= ~(me << shift) & ~(me >> (k * shift))
            elif self.caro:
                # Caro: not closed by ``them`` just before and just after the window.
                fits &= ~(them << shift & them >> (k * shift))
            fits &= ~at_least_4 if want_threes else ~at_least_3
            if not fits:
                continue
            one = fits & at_least_1 & ~at_least_2
            if one:
                for offset in offsets:
                    wins |= (one & (empty >> offset)) << offset
            two = fits & at_least_2 & ~at_least_3
            while two:
                start = two & -two
                two ^= start
                first = second = 0
                for offset in offsets:
                    cell = start << offset
                    if cell & empty:
                        if first:
                            second = cell
                        else:
                            first = cell
                makes[first] = makes.get(first, 0) | second
                makes[second] = makes.get(second, 0) | first
                if ends is not None:
                    beyond = (start >> shift | start << (k * shift)) & empty
                    ends[first] = ends.get(first, 0) | beyond
                    ends[second] = ends.get(second, 0) | beyond
            if want_threes:
                three = fits & at_least_3
                if three:
                    for offset in offsets:
                        cells = (three & (empty >> offset)) << offset
                        while cells:
                            low = cells & -cells
                            threes[low] = threes.get(low, 0) + 1
                            cells ^= low
        return wins, makes, threes

    def stops(self, me: int, them: int) -> int:
        """Caro: the empty cells where a stone of ``them`` leaves ``me`` no winning cell
        (0 when none does): each winning window's empty cell, or the cell just beyond it
        when the cell beyond its other end is ``them``'s, common to every winning window."""
        k = self.k
        open_ = self.board_bits & ~them
        empty = open_ & ~me
        left = -1
        for shift, offsets in self.directions:
            fits = open_
            at_least_1 = at_least_2 = 0
            for offset in offsets:
                gaps = empty >> offset
                fits &= open_ >> offset
                at_least_2 |= at_least_1 & gaps
                at_least_1 |= gaps
            # Windows of k-1 of ``me`` and one empty cell, not closed at both ends.
            fits &= at_least_1 & ~at_least_2 & ~(them << shift & them >> (k * shift))
            while fits:
                start = fits & -fits
                fits ^= start
                stop = 0
                for offset in offsets:
                    if start << offset & empty:
                        stop = start << offset
                        break
                before, after = start >> shift, start << (k * shift)
                if them & before and empty & after:
                    stop |= after
                elif them & after and empty & before:
                    stop |= before
                left &= stop
        return 0 if left == -1 else left

    def attack(self, me: int, them: int, depth: int) -> list[int] | None:
        """OR node: ``me`` to move; a winning line of cells, or None."""
        self._count()
        key = (me, them, self.threes)
        known = self.won.get(key)
        if known is not None:
            return known
        if self.failed.get(key, -1) >= depth:
            return None  # searched as deep before (an immediate win would have been kept)
        wins, makes, threes = self.scan(me, them, self.exact_attacker, with_threes=True)
        if wins:
            return [self.cell_of[wins & -wins]]
        if depth <= 0:
            self.deepened = True
            return None
        their_wins, _, _ = self.scan(them, me, self.exact_defender)
        if their_wins:
            if self.caro:
                answers = self.stops(them, me)
                if not answers:
                    return None  # no one stone stops the defender's line: lost, not won
                candidates = _bits(answers)  # forced; each must be a threat itself
            elif their_wins & (their_wins - 1):
                return None  # two cells to block: lost, not won
            else:
                candidates = [their_wins]  # the block is forced; it must be a threat itself
        else:
            fours = sorted(makes, key=lambda bit: (-makes[bit].bit_count(), bit))
            candidates = fours
            if self.threes:
                candidates = fours + sorted(
                    (bit for bit in threes if bit not in makes),
                    key=lambda bit: (-threes[bit], bit),
                )
        checked = self.renju_geometry is not None
        for move in candidates:
            if checked and self.forbidden(me, them, move):
                continue
            line = self.defend(me | move, them, depth - 1)
            if line is not None:
                found = [self.cell_of[move], *line]
                self.won[key] = found
                return found
        if self.failed.get(key, -1) < depth:
            self.failed[key] = depth
        return None

    def defend(self, me: int, them: int, depth: int) -> list[int] | None:
        """AND node: the defender (``them``) to move after ``me``'s threat; a line if every
        reply still loses (the line through the reply that holds out longest), else None."""
        self._count()
        their_wins, their_makes, _ = self.scan(them, me, self.exact_defender)
        if their_wins:
            return None  # the defender completes a line
        caro = self.caro
        ends: dict[int, int] | None = {} if caro else None
        wins, makes, _ = self.scan(me, them, self.exact_attacker, ends=ends)
        if wins and caro:
            answers = self.stops(me, them)
            if not answers:
                # No one stone stops every line: whichever the defender takes, one is left.
                first = wins & -wins
                rest, _, _ = self.scan(me, them | first, self.exact_attacker)
                return [self.cell_of[first], self.cell_of[rest & -rest]]
            replies = _bits(answers)
        elif wins:
            first = wins & -wins
            if wins ^ first:
                # Two cells to complete: one is blocked, the other wins.
                blocks = self.reply(me, them, _bits(wins))
                if not blocks:
                    return None  # black may play no cell at all: no win to prove
                rest = wins & ~blocks[0]
                return [self.cell_of[blocks[0]], self.cell_of[rest & -rest]]
            replies = [first]
        else:
            doubles = [bit for bit, made in makes.items() if made & (made - 1)]
            if doubles and self.renju_geometry is not None:
                # A double threat black may not make (a double-four, ...) is none.
                doubles = [bit for bit in doubles if not self.forbidden(me, them, bit)]
            if doubles and caro:
                # A double threat one stone would stop (blocking one line, closing the
                # other's five) is none.
                doubles = [bit for bit in doubles if not self.stops(me | bit, them)]
            if not doubles:
                return None  # no threat pending: the defender has a free move
            if depth <= 0:
                self.deepened = True
                return None
            spoil = 0
            for bit in doubles:
                spoil |= bit | makes[bit]
                if ends is not None:
                    spoil |= ends.get(bit, 0)  # a stone there would let one close a five
            for bit in their_makes:
                spoil |= bit  # a four of the defender's own
            replies = sorted(_bits(spoil), key=lambda bit: (bit not in their_makes, bit))
        replies = self.reply(me, them, replies)
        if not replies:
            return None  # black may play no cell at all: no win to prove
        longest: list[int] | None = None
        for reply in replies:
            line = self.attack(me, them | reply, depth)
            if line is None:
                return None
            if longest is None or len(line) + 1 > len(longest):
                longest = [self.cell_of[reply], *line]
        return longest


def _bits(bits: int) -> list[int]:
    found = []
    while bits:
        low = bits & -bits
        found.append(low)
        bits ^= low
    return found
