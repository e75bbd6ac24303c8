"""Tactics of any k-in-a-row board, from the k-window masks: wins, blocks and threats.

* :func:`completing_cells`: the empty cells where a mark would complete a line of k
  (for the side to move its winning moves, for the other side the threats to block);
  :func:`completing_bits` the same from bitboards;
* :func:`stopping_cells`: the empty cells where the other side's stone leaves a mark no
  winning cell (under caro a five's far end can stop it too); :func:`blocking_cells` the
  blocks a player makes: those, else the completing cells;
* :func:`decisive_moves`: "win, else block", the check the source documents give Levi,
  Humiston's AI and the Conditional and Utility agents;
* :func:`threat_lines`: the k-windows holding k-1 of a mark and one empty cell;
* :func:`threat_cells`: the empty cells that would make such a window (a threat), with
  how many threats each makes (two or more is a fork).

On tic-tac-toe the answers are cached per position (a few thousand at most); on other
boards nothing is cached, so memory stays flat however many games are played.

>>> from ttt_desktop.core.board import Board, Mark
>>> from ttt_desktop.core.rules import Rules
>>> board = Board.from_string("XX." "OO." "...")
>>> completing_cells(board, Mark.X), decisive_moves(board)
((2,), (2,))
>>> big = Board.empty(rules=Rules(7, 7, 4)).play_all([0, 48, 1, 47, 2])
>>> completing_cells(big, Mark.X), decisive_moves(big)
((3,), (3,))

Nothing here imports Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.cells import LINES, Cell
from ttt_desktop.core.rules import CARO, FIVE_ONLY_RULES, RENJU

if TYPE_CHECKING:
    from typing import Final

    from ttt_desktop.core.geometry import Geometry

_X: Final = Mark.X  # a module name: on Python 3.11 ``Mark.X`` itself is a slow look-up

# Tic-tac-toe: the three ways a line can hold two of a mark and one gap, and where the gap is.
_X_GAPS: Final = {"XX.": 2, "X.X": 1, ".XX": 0}
_O_GAPS: Final = {"OO.": 2, "O.O": 1, ".OO": 0}

# Tic-tac-toe board string -> (X's completing cells, O's). Filled as boards are met; at most a
# few thousand entries. Entries are immutable and a dict store is atomic, so threads may share it.
_completing_by_cells: dict[str, tuple[tuple[Cell, ...], tuple[Cell, ...]]] = {}
_completing_pairs: dict[
    tuple[tuple[Cell, ...], tuple[Cell, ...]], tuple[tuple[Cell, ...], tuple[Cell, ...]]
] = {}

# Per geometry: for each k-window, the cells just beyond its two ends (for "exactly k").
_window_ends: dict[object, tuple[int, ...]] = {}


def completing_cells(board: Board, mark: Mark) -> tuple[Cell, ...]:
    """Empty cells where ``mark`` would complete a line of k (ascending).

    Under ``exact`` rules a cell that would make a line longer than k is not one; under
    renju and caro only the cells where the rule says the line wins are
    (:func:`ttt_desktop.core.renju.wins`: not black's overline, not caro's five closed
    at both ends).
    """
    rules = board.rules
    if rules.is_classic:
        return _classic_completing(board.cells)[0 if mark is _X else 1]
    geometry = board.geometry
    mine, theirs = board.bits(mark), board.bits(mark.opponent)
    found = geometry.cells_of(completing_bits(geometry, mine, theirs))
    if found and rules.rule in FIVE_ONLY_RULES:
        from ttt_desktop.core.renju import wins  # noqa: PLC0415  (renju and caro only)

        first = mark is board.first_player
        found = tuple(cell for cell in found if wins(rules, first, mine | 1 << cell, theirs, cell))
    return found


def completing_in(cells: str, mark: str) -> tuple[Cell, ...]:
    """:func:`completing_cells` of a tic-tac-toe position given as its nine characters
    (``"X"``, ``"O"``, ``"."``), for positions that are not on a board (the players' what-ifs)."""
    return _classic_completing(cells)[0 if mark == "X" else 1]


def completing_bits(geometry: Geometry, mine: int, theirs: int) -> int:
    """:func:`completing_cells` from bitboards: the empty cells (as bits) completing ``mine``.

    For questions about stones not on a board yet (what would the opponent threaten
    if it had a stone there?), which a board, always with its side to move, cannot ask.
    Under caro a window with a stone of ``theirs`` just beyond both ends is left out (its
    five would win nothing); renju's overlines are :func:`completing_cells`' to leave out.
    """
    need = geometry.k - 1
    ends = _ends_of(geometry) if geometry.rules.exact else None
    caro = _ends_of(geometry) if geometry.rules.rule == CARO else None
    found = 0
    for index, mask in enumerate(geometry.masks):
        if mask & theirs:
            continue
        held = mine & mask
        if held.bit_count() == need:
            if ends is not None and ends[index] & mine:
                continue
            if (
                caro is not None
                and caro[index].bit_count() == 2
                and caro[index] & theirs == caro[index]
            ):
                continue  # caro: a five closed at both ends wins nothing
            found |= mask ^ held
    return found


def stopping_cells(board: Board, mark: Mark) -> tuple[Cell, ...]:
    """The empty cells where a stone of ``mark``'s opponent leaves ``mark`` no winning cell
    (ascending; empty when ``mark`` has none, or no one stone stops them all).

    Under caro a line's empty cell stops it, and so does the cell just beyond its five when
    the cell beyond the other end is already the opponent's (the five would be closed at
    both ends); the cells returned stop every line at once. Under the other rules a line is
    stopped on its empty cell only: the one completing cell, or none when there are more.
    """
    found = completing_cells(board, mark)
    if not found or board.rules.rule != CARO:
        return found if len(found) == 1 else ()
    geometry = board.geometry
    mine, theirs = board.bits(mark), board.bits(mark.opponent)
    free = ~(mine | theirs)
    ends = _ends_of(geometry)
    need = geometry.k - 1
    left = -1
    for index, mask in enumerate(geometry.masks):
        if mask & theirs or (mine & mask).bit_count() != need:
            continue
        beyond = ends[index]
        if beyond.bit_count() == 2 and beyond & theirs == beyond:
            continue  # a five closed at both ends: no win
        stop = mask & ~mine
        if beyond & theirs and beyond & free:
            stop |= beyond & free
        left &= stop
    return geometry.cells_of(left) if left > 0 else ()


def blocking_cells(board: Board, mark: Mark) -> tuple[Cell, ...]:
    """The cells where the other side blocks ``mark``'s winning cells: the completing cells,
    or under caro the cells that stop every line at once (:func:`stopping_cells`) when there
    are any (empty when ``mark`` has no winning cell)."""
    found = completing_cells(board, mark)
    if found and board.rules.rule == CARO:
        return stopping_cells(board, mark) or found
    return found


def decisive_moves(board: Board) -> tuple[Cell, ...]:
    """The immediate wins for the side to move, else the cells blocking the opponent's.

    Empty when neither side threatens to complete a line. Under renju black's forbidden
    cells are no blocks (black may not play them); under caro the blocks are the cells
    that stop every line (:func:`stopping_cells`) when there are any.
    """
    wins = completing_cells(board, board.to_move)
    if wins:
        return wins
    blocks = blocking_cells(board, board.to_move.opponent)
    if blocks and board.rules.has_forbidden_moves:
        forbidden = board.forbidden_cells()  # black may not block on a forbidden cell
        blocks = tuple(cell for cell in blocks if cell not in forbidden)
    return blocks


def threat_lines(board: Board, mark: Mark) -> tuple[tuple[Cell, ...], ...]:
    """The k-windows holding k-1 of ``mark`` and one empty cell (where ``mark`` threatens),
    those only whose completion wins by the rule (not an overline under standard and for
    renju's black, not a five closed at both ends under caro)."""
    geometry = board.geometry
    if board.rules.is_classic:
        cells, char = board.cells, mark.value
        wanted = sorted(f"{char}{char}.")
        return tuple(line for line in LINES if sorted(cells[cell] for cell in line) == wanted)
    mine, theirs = board.bits(mark), board.bits(mark.opponent)
    need = geometry.k - 1
    found = tuple(
        index
        for index, mask in enumerate(geometry.masks)
        if not mask & theirs and (mine & mask).bit_count() == need
    )
    rules = board.rules
    if found and (rules.exact or rules.rule in FIVE_ONLY_RULES):
        # Only the windows whose completion wins by the rule: not an overline where exactly
        # k wins (standard; renju's black), not a five closed at both ends (caro).
        ends = _ends_of(geometry)
        if rules.rule == CARO:
            found = tuple(
                i for i in found if ends[i].bit_count() < 2 or ends[i] & theirs != ends[i]
            )
        elif rules.exact or (rules.rule == RENJU and mark is board.first_player):
            found = tuple(i for i in found if not ends[i] & mine)
    return tuple(geometry.lines[index] for index in found)


def threat_cells(board: Board, mark: Mark) -> dict[Cell, int]:
    """Empty cells where ``mark`` would make a threat (k-1 in a window, one gap), and how many.

    A cell that makes two or more threats at once is a fork. Cells that win at once are
    not included (see :func:`completing_cells`).
    """
    geometry = board.geometry
    mine, theirs = board.bits(mark), board.bits(mark.opponent)
    need = geometry.k - 2
    counts: dict[Cell, int] = {}
    for mask in geometry.masks:
        if mask & theirs:
            continue
        held = mine & mask
        if held.bit_count() == need:
            for cell in geometry.cells_of(mask ^ held):
                counts[cell] = counts.get(cell, 0) + 1
    for cell in completing_cells(board, mark):
        counts.pop(cell, None)
    return dict(sorted(counts.items()))


def _classic_completing(cells: str) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
    known = _completing_by_cells.get(cells)
    if known is None:
        x_cells: set[Cell] = set()
        o_cells: set[Cell] = set()
        for line in LINES:
            marks = cells[line[0]] + cells[line[1]] + cells[line[2]]
            gap = _X_GAPS.get(marks)
            if gap is not None:
                x_cells.add(line[gap])
            gap = _O_GAPS.get(marks)
            if gap is not None:
                o_cells.add(line[gap])
        found = (tuple(sorted(x_cells)), tuple(sorted(o_cells)))
        # One pair per answer (a few hundred), shared by every board with that answer.
        known = _completing_by_cells[cells] = _completing_pairs.setdefault(found, found)
    return known


def _ends_of(geometry: Geometry) -> tuple[int, ...]:
    ends = _window_ends.get(geometry.rules)
    if ends is None:
        masks = []
        m, n = geometry.m, geometry.n
        for line in geometry.lines:
            (row0, col0), (row1, col1) = divmod(line[0], m), divmod(line[1], m)
            d_row, d_col = row1 - row0, col1 - col0
            mask = 0
            for row, col in (
                (row0 - d_row, col0 - d_col),
                (row0 + d_row * len(line), col0 + d_col * len(line)),
            ):
                if 0 <= row < n and 0 <= col < m:
                    mask |= 1 << (row * m + col)
            masks.append(mask)
        ends = _window_ends[geometry.rules] = tuple(masks)
    return ends
