"""Renju's forbidden points for black, and the win test of every rule for either side.

Renju as the Renju International Federation (RIF) defines it, black being the first player
(X here):

* a **five** is exactly five stones in a row; black wins with a five, white with five or more;
* an **overline** is six or more of black's stones in a row;
* a **four** is a line of four black stones that one more stone turns into a five; a
  **straight four** is a four that two different stones turn into a five (``.XXXX.``);
* a **three** is a line of three black stones that one more stone turns into a straight
  four, where that stone makes no five at the same time (the federation's words) and is
  itself not forbidden (the check is recursive, as in the federation's rule and Gomocup's
  arbiter, GomocupJudge's ``check_forbid``, adapted from Piskvork);
* black may not make an overline, a double-four (two fours with one stone, one line
  holding two, ``XXX.X.XXX`` with the middle stone played, counts) or a double-three; a
  move that makes a five wins even if it makes one of these at the same time. White has no
  forbidden points.

:func:`forbidden_reason` says whether black may play a cell and why not;
:func:`forbidden_cells` lists every forbidden cell of a position. Both look only along the
four lines through a cell, five cells each way, and read each line's pattern from a table
filled as patterns are met (at most 3^10 of them), so a cell far from black's stones costs
four bit counts. :func:`wins` and :func:`winning_runs` are the win test of a move under
each rule (free-style, standard, renju, caro: :mod:`ttt_desktop.core.rules`).

Positions are two ints, black's stones and white's, a bit per cell (``1 << cell``), cells
numbered as in :class:`~ttt_desktop.core.geometry.Geometry`.

>>> from ttt_desktop.core.rules import Rules
>>> geometry = Rules.parse("renju").geometry
>>> black = sum(1 << geometry.parse(name) for name in ("f8", "g8", "h9", "h10"))
>>> forbidden_reason(geometry, black, 0, geometry.parse("h8"))
'double-three'

Nothing here imports Qt.
"""

from __future__ import annotations

from typing import Final

from ttt_desktop.core.geometry import Geometry
from ttt_desktop.core.rules import CARO, RENJU, STANDARD, Rules

OVERLINE: Final = "overline"
"""Six or more black stones in a row."""
DOUBLE_FOUR: Final = "double-four"
"""Two fours made by one black stone."""
DOUBLE_THREE: Final = "double-three"
"""Two threes made by one black stone (each able to become a straight four)."""
FORBIDDEN_REASONS: Final = (OVERLINE, DOUBLE_FOUR, DOUBLE_THREE)
"""The reasons a cell is forbidden to black, in the order they are looked for."""

_FIVE: Final = "five"
"""What :func:`_foul` answers for a stone that makes a five (no reason: black wins)."""

_REACH: Final = 5
"""How far along a line a cell's pattern reaches each way: a five's ends and the stones
beyond them, for the farthest four a stone can belong to."""
_CENTER: Final = 1 << _REACH
_WIDTH: Final = 2 * _REACH + 1

# A line's facts: (five, overline, fours, three points). Three points are the pattern's
# indexes (0 to 10, the cell itself at 5) of the stones that turn it into a straight four.
_LineFacts = tuple[bool, bool, int, tuple[int, ...]]


class _Tables:
    """Per cell and direction: the (bit, cell) pairs of the pattern's cells on the board, the
    bits off the board (blocked), and a mask of the cells within 4 each way."""

    __slots__ = ("near4", "off_board", "pairs")

    def __init__(self, geometry: Geometry) -> None:
        pairs = []
        off_board = []
        near4 = []
        for cell in geometry.cells:
            cell_pairs = []
            cell_off = []
            cell_near4 = []
            for forward, backward in geometry.rays[cell]:
                found = []
                off = 0
                mask4 = 0
                for step in range(1, _REACH + 1):
                    for ray, index in ((forward, _REACH + step), (backward, _REACH - step)):
                        if step <= len(ray):
                            other = ray[step - 1]
                            found.append((1 << index, other))
                            if step < _REACH:
                                mask4 |= 1 << other
                        else:
                            off |= 1 << index
                cell_pairs.append(tuple(found))
                cell_off.append(off)
                cell_near4.append(mask4)
            pairs.append(tuple(cell_pairs))
            off_board.append(tuple(cell_off))
            near4.append(tuple(cell_near4))
        self.pairs: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(pairs)
        self.off_board: tuple[tuple[int, ...], ...] = tuple(off_board)
        self.near4: tuple[tuple[int, ...], ...] = tuple(near4)


_TABLES: dict[object, _Tables] = {}
"""Per rules value (a geometry's ``rules``), its tables."""
_FACTS: dict[tuple[int, int], _LineFacts] = {}


def _tables(geometry: Geometry) -> _Tables:
    tables = _TABLES.get(geometry.rules)
    if tables is None:
        tables = _TABLES[geometry.rules] = _Tables(geometry)
    return tables


# One line's pattern -----------------------------------------------------------------


def _run(black: int, index: int) -> tuple[int, int]:
    """The first and last index of the run of black stones through ``index``."""
    low = index
    while low > 0 and black >> (low - 1) & 1:
        low -= 1
    high = index
    while high < _WIDTH - 1 and black >> (high + 1) & 1:
        high += 1
    return low, high


def _line_facts(black: int, blocked: int) -> _LineFacts:
    """What black's stone at the pattern's centre makes along one line.

    ``black`` and ``blocked`` (white or off the board) are 11-bit patterns, bit 5 the
    stone itself (set in ``black``).
    """
    key = (black, blocked)
    facts = _FACTS.get(key)
    if facts is not None:
        return facts
    low, high = _run(black, _REACH)
    length = high - low + 1
    empty = [i for i in range(_WIDTH) if not (black | blocked) >> i & 1]
    fours: set[int] = set()
    if length < 5:
        for point in empty:
            with_point = black | 1 << point
            first, last = _run(with_point, point)
            if last - first == 4 and first <= _REACH <= last:
                fours.add(((1 << (last + 1)) - (1 << first)) & ~(1 << point))
    threes: list[int] = []
    if length < 4 and not fours:
        for point in empty:
            with_point = black | 1 << point
            first, last = _run(with_point, _REACH)
            if (
                last - first == 3
                and first <= point <= last
                and _opens_both_ends(with_point, blocked, first, last)
            ):
                threes.append(point)
    facts = (length == 5, length > 5, len(fours), tuple(threes))
    _FACTS[key] = facts
    return facts


def _opens_both_ends(black: int, blocked: int, first: int, last: int) -> bool:
    """Whether the four from ``first`` to ``last`` is straight: a stone at either end
    makes exactly five (the cell beyond that end holds no black stone)."""
    for end, beyond in ((first - 1, first - 2), (last + 1, last + 2)):
        if end < 0 or end >= _WIDTH or (black | blocked) >> end & 1:
            return False
        if 0 <= beyond < _WIDTH and black >> beyond & 1:
            return False
    return True


# The whole position -----------------------------------------------------------------


def forbidden_reason(geometry: Geometry, black: int, white: int, cell: int) -> str | None:
    """Why black may not play ``cell`` here (:data:`FORBIDDEN_REASONS`), or None.

    None too for a cell that makes a five (black wins), and for an occupied cell (no move
    at all). The rules of ``geometry`` are not consulted: this is renju's answer for black.
    """
    if not 0 <= cell < geometry.size:
        raise ValueError(f"cell {cell!r} is not on the {geometry.m}x{geometry.n} board")
    if (black | white) >> cell & 1:
        return None
    reason = _foul(_tables(geometry), black | 1 << cell, white, cell, {})
    return None if reason is _FIVE else reason


def _foul(
    tables: _Tables, black: int, white: int, cell: int, known: dict[tuple[int, int], str | None]
) -> str | None:
    """Why black's stone just put on ``cell`` is forbidden (``black`` holds it), :data:`_FIVE`
    when it makes a five, or None.

    ``known`` keeps the answers of one question's recursive checks (white's stones are the
    same throughout): the same stones are reached in many orders.
    """
    near4 = tables.near4[cell]
    crowded = 0
    full_line = False
    for direction in range(4):
        within4 = (black & near4[direction]).bit_count()
        if within4 >= 2:
            crowded += 1
            if within4 >= 4:
                full_line = True
    if crowded < 2 and not full_line:
        # A double-three or double-four in two lines needs two more stones within 4 in
        # each; two fours in one line, or an overline, four more within 4 in one.
        return None
    pairs = tables.pairs[cell]
    off_board = tables.off_board[cell]
    facts: list[_LineFacts] = []
    for direction in range(4):
        pattern = _CENTER
        blocked = off_board[direction]
        for bit, other in pairs[direction]:
            if black >> other & 1:
                pattern |= bit
            elif white >> other & 1:
                blocked |= bit
        fact = _line_facts(pattern, blocked)
        if fact[0]:
            return _FIVE  # a five wins, whatever else the stone makes
        facts.append(fact)
    if any(fact[1] for fact in facts):
        return OVERLINE
    if sum(fact[2] for fact in facts) >= 2:
        return DOUBLE_FOUR
    candidates = [(direction, fact[3]) for direction, fact in enumerate(facts) if fact[3]]
    if len(candidates) < 2:
        return None
    threes = 0
    for position, (direction, points) in enumerate(candidates):
        if threes + len(candidates) - position < 2:
            break  # the lines left cannot make a second three
        for point in points:
            other = _cell_at(tables, cell, direction, point)
            if _follow_up(tables, black | 1 << other, white, other, known) is None:
                threes += 1
                break
        if threes >= 2:
            return DOUBLE_THREE
    return None


def _follow_up(
    tables: _Tables, black: int, white: int, cell: int, known: dict[tuple[int, int], str | None]
) -> str | None:
    """:func:`_foul` of a stone that would turn a three into a straight four, remembered:
    the three counts when this is None (neither a five nor forbidden)."""
    key = (black, cell)
    if key in known:
        return known[key]
    reason = known[key] = _foul(tables, black, white, cell, known)
    return reason


def _cell_at(tables: _Tables, cell: int, direction: int, index: int) -> int:
    """The board's cell at pattern index ``index`` of ``cell``'s line in ``direction``."""
    bit = 1 << index
    for pair_bit, other in tables.pairs[cell][direction]:
        if pair_bit == bit:
            return other
    raise AssertionError("a three's point is always on the board")  # pragma: no cover


def forbidden_cells(geometry: Geometry, black: int, white: int) -> dict[int, str]:
    """Every empty cell black may not play here, each with its reason, in cell order."""
    tables = _tables(geometry)
    # Only the cells ``_foul`` looks at past its first test are asked: two or more black
    # stones within 4 along two of its lines, or four along one. Counted for every cell at
    # once, a stone at a time (a cell is within 4 of a stone along a line when the stone is
    # within 4 of the cell), in saturating counters per direction: at least 1, 2, 3, 4.
    near4 = tables.near4
    counters = [[0, 0, 0, 0] for _ in range(4)]
    stones = black
    while stones:
        low = stones & -stones
        stones ^= low
        masks = near4[low.bit_length() - 1]
        for direction in range(4):
            mask = masks[direction]
            count = counters[direction]
            count[3] |= count[2] & mask
            count[2] |= count[1] & mask
            count[1] |= count[0] & mask
            count[0] |= mask
    a, b, c, d = (count[1] for count in counters)
    crowded = (a & (b | c | d)) | (b & (c | d)) | (c & d)
    full = counters[0][3] | counters[1][3] | counters[2][3] | counters[3][3]
    candidates = (crowded | full) & ~(black | white)
    found: dict[int, str] = {}
    while candidates:
        low = candidates & -candidates
        cell = low.bit_length() - 1
        candidates ^= low
        reason = _foul(tables, black | low, white, cell, {})
        if reason is not None and reason is not _FIVE:
            found[cell] = reason
    return found


# The win test of every rule ---------------------------------------------------------


def winning_runs(
    rules: Rules, first: bool, mine: int, theirs: int, cell: int
) -> tuple[tuple[int, ...], ...]:
    """The runs through ``cell`` that win for its side under ``rules`` (usually none).

    ``first`` is True for the first player's stones (X, black in renju), ``mine`` the
    mover's stones with ``cell`` among them, ``theirs`` the other side's. Free-style: k or
    more in a row; standard: exactly k; renju: black exactly five, white five or more; caro:
    six or more, or exactly five unless an opponent's stone stands at both of its ends.
    """
    geometry = rules.geometry
    k = rules.k
    rule = rules.rule
    exact = rule == STANDARD or (rule == RENJU and first)
    found: tuple[tuple[int, ...], ...] = ()
    for forward, backward in geometry.rays[cell]:
        ahead = 0
        for other in forward:
            if not mine >> other & 1:
                break
            ahead += 1
        behind = 0
        for other in backward:
            if not mine >> other & 1:
                break
            behind += 1
        length = ahead + behind + 1
        if length < k or (exact and length > k):
            continue
        if rule == CARO and length == k:
            ends = (forward[ahead : ahead + 1], backward[behind : behind + 1])
            if all(end and theirs >> end[0] & 1 for end in ends):
                continue  # five with an opponent's stone at each end
        found += ((*reversed(backward[:behind]), cell, *forward[:ahead]),)
    return found


def wins(rules: Rules, first: bool, mine: int, theirs: int, cell: int) -> bool:
    """Whether the stone on ``cell`` wins for its side (see :func:`winning_runs`)."""
    return bool(winning_runs(rules, first, mine, theirs, cell))
