"""A slow, plainly written reference for renju's forbidden points, straight from the rules.

Black's stone is put on the board, and each of the four whole lines through it is read as a
list of cells: a five is a run of exactly five, an overline a run of six or more, a four a
set of four stones that one more stone on the line turns into a five (counted once per
set), a three a line where one more stone, making no five at the same time and itself not
forbidden (asked of this same function in the position with that stone), makes a straight
four: four in a row that either end's stone turns into a five. No windows, tables, shortcuts
or memory between calls: this is what :mod:`ttt_desktop.core.renju` is checked against.
"""

from __future__ import annotations

EMPTY, BLACK, WHITE = ".", "X", "O"
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def whole_lines(m: int, n: int, cell: int) -> list[list[int]]:
    """The four whole lines through ``cell``, each in order from one edge to the other."""
    row, col = divmod(cell, m)
    lines = []
    for d_row, d_col in DIRECTIONS:
        r, c = row, col
        while 0 <= r - d_row < n and 0 <= c - d_col < m:
            r, c = r - d_row, c - d_col
        line = []
        while 0 <= r < n and 0 <= c < m:
            line.append(r * m + c)
            r, c = r + d_row, c + d_col
        lines.append(line)
    return lines


def run_through(board: list[str], line: list[int], index: int) -> tuple[int, int]:
    """First and last index in ``line`` of the run of black stones through ``line[index]``."""
    first = index
    while first > 0 and board[line[first - 1]] == BLACK:
        first -= 1
    last = index
    while last < len(line) - 1 and board[line[last + 1]] == BLACK:
        last += 1
    return first, last


def makes_five(board: list[str], line: list[int], index: int) -> bool:
    first, last = run_through(board, line, index)
    return last - first + 1 == 5


def makes_any_five(board: list[str], m: int, n: int, cell: int) -> bool:
    """Whether a black stone on the empty ``cell`` makes a five along some line."""
    board[cell] = BLACK
    try:
        return any(makes_five(board, line, line.index(cell)) for line in whole_lines(m, n, cell))
    finally:
        board[cell] = EMPTY


def fours_in_line(board: list[str], line: list[int], at: int) -> int:
    """How many fours the stone at ``line[at]`` belongs to along this line."""
    found = set()
    for index, point in enumerate(line):
        if board[point] != EMPTY:
            continue
        board[point] = BLACK
        first, last = run_through(board, line, index)
        if last - first + 1 == 5 and first <= at <= last:
            found.add(frozenset(line[first : last + 1]) - {point})
        board[point] = EMPTY
    return len(found)


def is_straight_four(board: list[str], line: list[int], first: int, last: int) -> bool:
    """Whether the four black stones ``line[first..last]`` are a straight four."""
    if last - first + 1 != 4:
        return False
    for end in (first - 1, last + 1):
        if not 0 <= end < len(line) or board[line[end]] != EMPTY:
            return False
        board[line[end]] = BLACK
        five = makes_five(board, line, end)
        board[line[end]] = EMPTY
        if not five:
            return False
    return True


def is_three(board: list[str], m: int, n: int, line: list[int], at: int) -> bool:
    """Whether the stone at ``line[at]`` makes a three along this line (no four there)."""
    if fours_in_line(board, line, at):
        return False
    for index, point in enumerate(line):
        if board[point] != EMPTY:
            continue
        board[point] = BLACK
        first, last = run_through(board, line, at)
        straight = first <= index <= last and is_straight_four(board, line, first, last)
        board[point] = EMPTY
        if (
            straight
            and not makes_any_five(board, m, n, point)
            and reference_reason(board, m, n, point) is None
        ):
            return True
    return False


def reference_reason(board: list[str], m: int, n: int, cell: int) -> str | None:
    """Why black may not play the empty ``cell`` of ``board`` (one character a cell), or None."""
    assert board[cell] == EMPTY
    board[cell] = BLACK
    try:
        lines = whole_lines(m, n, cell)
        positions = [line.index(cell) for line in lines]
        if any(makes_five(board, line, at) for line, at in zip(lines, positions, strict=True)):
            return None
        for line, at in zip(lines, positions, strict=True):
            first, last = run_through(board, line, at)
            if last - first + 1 > 5:
                return "overline"
        fours = sum(
            fours_in_line(board, line, at) for line, at in zip(lines, positions, strict=True)
        )
        if fours >= 2:
            return "double-four"
        threes = sum(
            is_three(board, m, n, line, at) for line, at in zip(lines, positions, strict=True)
        )
        if threes >= 2:
            return "double-three"
        return None
    finally:
        board[cell] = EMPTY


def reference_forbidden(cells: str, m: int, n: int) -> dict[int, str]:
    """Every empty cell of ``cells`` forbidden to black, with the reason."""
    board = list(cells)
    found = {}
    for cell, mark in enumerate(board):
        if mark == EMPTY:
            reason = reference_reason(board, m, n, cell)
            if reason is not None:
                found[cell] = reason
    return found
