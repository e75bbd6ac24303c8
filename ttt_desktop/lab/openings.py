"""Openings for tournaments and matches: built-in sets per board, and opening files.

A tournament with openings plays each opening twice per pairing, once with each player
as X (see :class:`~ttt_desktop.lab.spec.TournamentSpec`), so an opening that
favours one side favours both players equally; that is how cutechess-cli and fastchess
use opening books.

Built-in sets (:func:`builtin_openings`):

* boards at least 7 by 7 (gomoku's 15x15 among them): the 26 classical three-stone
  openings near the centre, the shapes of renju's opening set: X in the centre, O next to
  it straight (13 openings) or diagonally (13), X's second stone anywhere in the centre's
  5x5 square, each shape once up to the board's symmetries (26 on a square board, more
  on an oblong one, which has fewer symmetries);
* smaller boards (3x3 among them): every first move.

An opening file holds one opening per line, in one of two formats told apart by what the
file holds (blank lines and lines starting with ``#`` are skipped in both):

* cells named as the board names them
  (:func:`ttt_desktop.core.geometry.Geometry.parse`: keypad digits on 3x3, ``h8`` style
  elsewhere), separated by spaces or commas;
* the Gomocup organisers' opening suites (their judge's ``openings_20.txt``): whole numbers
  separated by commas, two or more a line, taken in pairs ``x, y``, each a stone's offset
  from the board's centre (:func:`gomocup_centre`) in the protocol's axes (``x`` the
  column, ``y`` the row, both growing from the top-left, so ``0, -1`` is the point above
  the centre), the first stone X's (black's) and then alternating. A file whose every
  opening line is such numbers is a suite; on 3x3, whose cell names are digits too, only
  if one of its numbers is 0 or negative (a keypad digit never is).

A bad line is refused with its number and what is wrong with it: a cell off the board, a
cell played twice, an opening that ends the game.

Nothing here imports Qt.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from typing import Final

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.openings import OpeningSeat, builtin_openings, opening_sequence
from ttt_desktop.core.rules import Rules
from ttt_desktop.formats.files import FileKind, UserFileError, read_user_text

__all__ = [
    "OPENING_FILE_LIMIT",
    "OpeningSeat",
    "builtin_openings",
    "gomocup_centre",
    "opening_sequence",
    "parse_openings",
    "read_openings",
]

OPENING_FILE_LIMIT: Final = 1_000_000
"""The largest opening file read, in bytes (the user-file reader refuses a larger one)."""

_OFFSETS: Final = re.compile(r"[+-]?\d+(?:\s*,\s*[+-]?\d+)+\s*,?")
"""A line of a Gomocup suite: two or more whole numbers separated by commas (a trailing
comma allowed); a lone number is no stone, and on 3x3 a keypad digit."""

_LONGEST_OFFSET: Final = 4
"""Digits read of an offset; one with more is off every board (and no huge int is made)."""

_SHOWN_DIGITS: Final = 12
"""The most of an offset a message quotes."""


def gomocup_centre(rules: Rules) -> tuple[int, int]:
    """The point a Gomocup suite's offsets count from: ``(x, y)`` = ``(m // 2, n // 2)``.

    That is the organisers' ``board_size // 2`` on their square boards: (7, 7), h8, on
    15x15 and (10, 10), k10, on 20x20.
    """
    return rules.m // 2, rules.n // 2


def parse_openings(
    text: str, rules: Rules, source: str = "the openings"
) -> tuple[tuple[int, ...], ...]:
    """Openings from ``text``, one a line, as cell names or a Gomocup suite (see the
    module); raises ``ValueError`` naming a bad line."""
    lines = [
        (number, line)
        for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1)
        if (line := raw.strip()) and not line.startswith("#")
    ]
    if not lines:
        raise ValueError(
            f"{source} holds no opening (one a line, cells such as {_example(rules)}, or "
            "a Gomocup suite's offsets from the centre such as 0,0, 1,-1)"
        )
    if _is_gomocup_suite([line for _, line in lines], rules):
        return tuple(_gomocup_opening(line, rules, f"{source}, line {n}") for n, line in lines)
    geometry = rules.geometry
    offsets_line = next((n for n, line in lines if _OFFSETS.fullmatch(line)), None)
    openings: list[tuple[int, ...]] = []
    for number, line in lines:
        where = f"{source}, line {number}"
        if number == offsets_line and not rules.is_classic:
            names = next(n for n, line in lines if not _OFFSETS.fullmatch(line))
            raise ValueError(
                f"{where} holds numbers, as a Gomocup suite's offsets from the centre, but "
                f"line {names} names cells: a file is in one format or the other"
            )
        try:
            cells = tuple(geometry.parse(name) for name in line.replace(",", " ").split())
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None
        openings.append(_played(cells, rules, where, geometry.name))
    return tuple(openings)


def _is_gomocup_suite(lines: Sequence[str], rules: Rules) -> bool:
    if not all(_OFFSETS.fullmatch(line) for line in lines):
        return False
    if not rules.is_classic:
        return True  # the board's cell names all have a letter
    # A 0 or a minus: no keypad digit (read without int(), which refuses huge numbers).
    return any(
        number.startswith("-") or not number.lstrip("+").strip("0")
        for line in lines
        for number in _numbers(line)
    )


def _numbers(line: str) -> list[str]:
    numbers = [number.strip() for number in line.split(",")]
    return numbers[:-1] if numbers[-1] == "" else numbers


def _gomocup_opening(line: str, rules: Rules, where: str) -> tuple[int, ...]:
    """One line of a Gomocup suite as cells of the board, checked."""
    numbers = _numbers(line)
    if len(numbers) % 2:
        raise ValueError(
            f"{where}: an odd count of numbers ({len(numbers)}): each stone is a pair x, y "
            "of offsets from the centre"
        )
    geometry = rules.geometry
    centre_x, centre_y = gomocup_centre(rules)
    cells: list[int] = []
    for index in range(0, len(numbers), 2):
        stone = index // 2 + 1
        written = ", ".join(_shown(number) for number in numbers[index : index + 2])
        x = _from_centre(centre_x, numbers[index])
        y = _from_centre(centre_y, numbers[index + 1])
        if not (0 <= x < rules.m and 0 <= y < rules.n):
            raise ValueError(
                f"{where}: stone {stone} ({written} from the centre) is off the "
                f"{rules.m}x{rules.n} board, whose offsets run {_offset_range(rules)}"
            )
        cell = geometry.cell_at(y, x)
        if cell in cells:
            raise ValueError(
                f"{where}: stone {stone} ({written} from the centre) repeats stone "
                f"{cells.index(cell) + 1}, both at {geometry.name(cell)}"
            )
        cells.append(cell)

    def name(cell: int) -> str:
        return f"stone {cells.index(cell) + 1} ({geometry.name(cell)})"

    return _played(tuple(cells), rules, where, name)


def _from_centre(centre: int, number: str) -> int:
    """``centre`` moved by the offset ``number``; -1 (off every board) for a huge one."""
    if len(number.lstrip("+-")) > _LONGEST_OFFSET:
        return -1
    return centre + int(number)


def _shown(number: str) -> str:
    """An offset as a message quotes it: a long one cut short."""
    return number if len(number) <= _SHOWN_DIGITS else number[:_SHOWN_DIGITS] + "..."


def _offset_range(rules: Rules) -> str:
    centre_x, centre_y = gomocup_centre(rules)
    x_range = f"{-centre_x} to {rules.m - 1 - centre_x}"
    y_range = f"{-centre_y} to {rules.n - 1 - centre_y}"
    if x_range == y_range:
        return f"from {x_range}"
    return f"x from {x_range}, y from {y_range}"


def _played(
    cells: tuple[int, ...], rules: Rules, where: str, name: Callable[[int], str]
) -> tuple[int, ...]:
    """``cells`` played from the empty board, X first: refused if one repeats or ends it."""
    board = Board.empty(Mark.X, rules)
    for cell in cells:
        if board[cell] is not None:
            raise ValueError(f"{where}: {name(cell)} is played twice")
        board = board.play(cell)
        if board.is_over:
            raise ValueError(f"{where}: the game is over after {name(cell)}")
    return cells


def read_openings(path: str | os.PathLike[str], rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The openings of the file at ``path``; ``ValueError`` (or ``UserFileError``) if bad."""
    # The user-file reader loads only here: a tournament without an opening file never needs it.

    text = read_user_text(path, FileKind("opening file", OPENING_FILE_LIMIT))
    try:
        return parse_openings(text, rules, os.fspath(path))
    except UserFileError:
        raise
    except ValueError as error:
        raise UserFileError(str(error)) from None


def _example(rules: Rules) -> str:
    geometry = rules.geometry
    return " ".join(geometry.name(cell) for cell in builtin_openings(rules)[-1])
