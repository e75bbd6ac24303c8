"""The Gomocup (Piskvork) brain protocol: the commands, the replies, the coordinates.

A brain is a console program; the manager writes one command per line on its stdin and
reads its answers on its stdout (see the protocol's text, "Gomoku AI protocol", on
plastovicka.github.io). This module is both sides' grammar, strict in what it writes
and lenient in what it reads:

* Written lines end with CR LF, commands in capitals, INFO keys in lower case, numbers
  in decimal, coordinates ``x,y`` with no spaces.
* Read lines may end with CR LF, LF or CR; words are matched in any case; spaces around
  numbers and commas are allowed; empty lines are ignored; very long lines are cut
  (:class:`LineSplitter`), never kept whole.

Coordinates are ``x,y`` counted from 0 at the top-left: ``x`` is the column, ``y`` the
row. Our cells are numbered row-major from the top-left too, so on a board of ``m``
columns the cell is ``y * m + x`` (:func:`cell_of`, :func:`xy_of`).

The protocol has no way to say k: brains play five in a row. This program's extension
(only ever sent to a brain that says in its ABOUT line ``mnk="1"``) is the INFO key
``k`` (``INFO k 4``: k in a row); "exactly k" is the protocol's own ``INFO rule 1``.
Brains that do not know the key ignore it, as the protocol asks of unknown INFO keys.

The opening rules swap and swap2 are played through the protocol's ``SWAP2BOARD`` (2022):
the stones on the board in the order they were placed, then ``DONE``; the brain answers
its three opening stones (``x,y x,y x,y``) on an empty board, ``SWAP`` (it takes black),
one move (it takes white and plays it) or, after three stones, two moves (swap2's white
and black stone). The stones are written as BOARD writes them, ``x,y,who``: Rapfi reads
the third number and misreads a bare ``x,y``, and brains that read only ``x,y`` take the
first two. The protocol has no plain swap; this program tells a brain that knows its
extensions ``INFO opening swap`` (or ``swap2``) before each ``SWAP2BOARD``, so that it
does not place two stones where swap has no such choice.

Nothing here imports Qt.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from ttt_desktop.core.rules import Rules

__all__ = [
    "EOL",
    "K_INFO_KEY",
    "MAX_LINE",
    "MNK_ABOUT_KEY",
    "OPENING_INFO_KEY",
    "RULE_CARO",
    "RULE_CONTINUOUS",
    "RULE_EXACT",
    "RULE_FREE_STYLE",
    "RULE_NAMES",
    "RULE_RENJU",
    "SWAP_ANSWER",
    "Command",
    "LineSplitter",
    "Reply",
    "ReplyKind",
    "Swap2Reply",
    "about_line",
    "board_lines",
    "cell_of",
    "command_line",
    "format_about",
    "parse_about",
    "parse_command",
    "parse_coordinates",
    "parse_reply",
    "parse_stone",
    "parse_swap2_reply",
    "rule_of",
    "start_line",
    "swap2board_lines",
    "xy_of",
]

EOL: Final = "\r\n"
"""What ends every line this program writes."""

MAX_LINE: Final = 4096
"""The longest line kept, in characters; the rest of a longer line is dropped."""

MNK_ABOUT_KEY: Final = "mnk"
"""The ABOUT field by which a brain says it understands ``INFO k`` (any k in a row)."""

K_INFO_KEY: Final = "k"
"""This program's INFO key for k in a row (``INFO k 4``)."""

OPENING_INFO_KEY: Final = "opening"
"""This program's INFO key for the opening rule ``SWAP2BOARD`` is asked under (``INFO
opening swap``; swap2 when not said)."""

SWAP_ANSWER: Final = "SWAP"
"""A brain's ``SWAP2BOARD`` answer that it takes black."""

RULE_FREE_STYLE: Final = 0
"""The ``INFO rule`` value of free-style (five or more in a row win; no bit set)."""
RULE_EXACT: Final = 1
"""The ``INFO rule`` bit for "exactly five" (a longer line does not win)."""
RULE_CONTINUOUS: Final = 2
"""The ``INFO rule`` bit for a continuous game (it goes on after a five)."""
RULE_RENJU: Final = 4
"""The ``INFO rule`` bit for renju."""
RULE_CARO: Final = 8
"""The ``INFO rule`` bit for caro."""
RULE_NAMES: Final = {
    RULE_FREE_STYLE: "free-style",
    RULE_EXACT: "exactly five",
    RULE_CONTINUOUS: "continuous game",
    RULE_RENJU: "renju",
    RULE_CARO: "caro",
}

BOARD_OWN: Final = 1
BOARD_OPPONENT: Final = 2

_COORDINATES = re.compile(r"\s*(-?\d{1,9})\s*,\s*(-?\d{1,9})\s*")
_COORDINATES_IN = re.compile(r"(-?\d{1,9})\s*,\s*(-?\d{1,9})")
_BOARD_STONE = re.compile(r"\s*(-?\d{1,9})\s*,\s*(-?\d{1,9})\s*,\s*(\d{1,9})\s*")
_SWAP2_MOVES = re.compile(r"\s*-?\d{1,9}\s*,\s*-?\d{1,9}(?:\s+-?\d{1,9}\s*,\s*-?\d{1,9})*\s*")
_ABOUT_FIELD = re.compile(r'([A-Za-z_][\w-]*)\s*=\s*(?:"([^"]*)"?|([^\s,]+))')


def cell_of(x: int, y: int, m: int) -> int:
    """The cell at column ``x`` and row ``y`` of a board ``m`` columns wide."""
    return y * m + x


def xy_of(cell: int, m: int) -> tuple[int, int]:
    """``(x, y)`` of ``cell`` on a board ``m`` columns wide."""
    y, x = divmod(cell, m)
    return x, y


# Writing ----------------------------------------------------------------------------


def command_line(name: str, *arguments: object) -> str:
    """One command as written: ``"TURN 7,7\\r\\n"`` from ``("TURN", "7,7")``."""
    text = " ".join([name.upper(), *(str(argument) for argument in arguments)])
    if "\r" in text or "\n" in text:
        raise ValueError(f"a command is one line, not {text!r}")
    return text + EOL


def start_line(m: int, n: int) -> str:
    """``START m`` for a square board, ``RECTSTART m,n`` for another (the protocol asks for
    START whenever the board is square)."""
    if m == n:
        return command_line("START", m)
    return command_line("RECTSTART", f"{m},{n}")


def rule_of(rules: Rules) -> int:
    """The ``INFO rule`` bitmask of ``rules`` (:attr:`Rules.gomocup_rule
    <ttt_desktop.core.rules.Rules.gomocup_rule>`: 0 free-style, 1 exactly five, 4 renju,
    8 caro)."""
    return rules.gomocup_rule


def board_lines(stones: Iterable[tuple[int, int, int]]) -> str:
    """``BOARD``, a line ``x,y,who`` per stone (1 the brain's own, 2 the opponent's), ``DONE``."""
    lines = ["BOARD", *(f"{x},{y},{who}" for x, y, who in stones), "DONE"]
    return EOL.join(lines) + EOL


def swap2board_lines(stones: Iterable[tuple[int, int, int]]) -> str:
    """``SWAP2BOARD``, a line ``x,y,who`` per stone in the order they were placed (1 the
    brain's own, 2 the opponent's, as in BOARD), ``DONE``."""
    lines = ["SWAP2BOARD", *(f"{x},{y},{who}" for x, y, who in stones), "DONE"]
    return EOL.join(lines) + EOL


def format_about(fields: Mapping[str, str]) -> str:
    """The brain's ABOUT answer: ``name="...", version="..."`` (quotes dropped from values)."""
    return ", ".join(f'{key}="{value.replace(chr(34), "")}"' for key, value in fields.items())


def about_line(fields: Mapping[str, str]) -> str:
    """:func:`format_about` as a written line."""
    return format_about(fields) + EOL


# Reading ----------------------------------------------------------------------------


class LineSplitter:
    """Bytes in, lines out: CR LF, LF or CR end a line; empty lines are dropped; a line
    longer than ``limit`` characters is cut there (the rest up to its end is dropped).

    Bytes that are not UTF-8 are replaced, never an error.
    """

    def __init__(self, limit: int = MAX_LINE) -> None:
        self._limit = limit
        self._part = b""
        self._cut = False

    def feed(self, data: bytes) -> list[str]:
        """The complete lines ``data`` ends (after what came before)."""
        lines: list[str] = []
        start = 0
        size = len(data)
        while start < size:
            # The nearest line end, CR or LF.
            lf = data.find(b"\n", start)
            cr = data.find(b"\r", start)
            ends = [position for position in (lf, cr) if position >= 0]
            if not ends:
                self._add(data[start:])
                break
            end = min(ends)
            self._add(data[start:end])
            text = self._part.decode("utf-8", "replace").strip()
            if text:
                lines.append(text)
            self._part = b""
            self._cut = False
            start = end + 1
        return lines

    def _add(self, chunk: bytes) -> None:
        if self._cut:
            return
        room = self._limit - len(self._part)
        if len(chunk) > room:
            chunk = chunk[: max(room, 0)]
            self._cut = True
        self._part += chunk

    def rest(self) -> str | None:
        """What is left after the last line end (a last line without one), if anything."""
        text = self._part.decode("utf-8", "replace").strip()
        self._part = b""
        return text or None


class ReplyKind(enum.StrEnum):
    """What a brain's line is."""

    MOVE = "move"
    OK = "ok"
    ERROR = "error"
    UNKNOWN = "unknown"
    MESSAGE = "message"
    DEBUG = "debug"
    SUGGEST = "suggest"
    OTHER = "other"
    """Anything else: the ABOUT answer, or garbage where a move was wanted."""


@dataclass(frozen=True, slots=True)
class Reply:
    """One line from a brain: its kind, the text after the keyword, the move's coordinates."""

    kind: ReplyKind
    text: str
    x: int = -1
    y: int = -1

    @property
    def coordinates(self) -> tuple[int, int]:
        return self.x, self.y


_KEYWORDS: Final = {
    "OK": ReplyKind.OK,
    "ERROR": ReplyKind.ERROR,
    "UNKNOWN": ReplyKind.UNKNOWN,
    "MESSAGE": ReplyKind.MESSAGE,
    "DEBUG": ReplyKind.DEBUG,
    "SUGGEST": ReplyKind.SUGGEST,
}


def parse_coordinates(text: str) -> tuple[int, int] | None:
    """``(x, y)`` of ``"x,y"`` (spaces allowed), or None when it is not that."""
    found = _COORDINATES.fullmatch(text)
    if found is None:
        return None
    return int(found.group(1)), int(found.group(2))


def parse_reply(line: str) -> Reply:
    """A brain's line: a move ``x,y``, a keyword (any case) and its text, or other text."""
    text = line.strip()
    coordinates = parse_coordinates(text)
    if coordinates is not None:
        return Reply(ReplyKind.MOVE, text, *coordinates)
    word, _, rest = text.partition(" ")
    kind = _KEYWORDS.get(word.upper())
    if kind is None:
        # "OK - everything is good", "ERROR: size", "Message:" all start with a keyword.
        for keyword, candidate in _KEYWORDS.items():
            if word.upper().startswith(keyword) and not word[len(keyword) :].isalnum():
                kind = candidate
                rest = f"{word[len(keyword) :].lstrip(':-')} {rest}".strip()
                break
    if kind is None:
        return Reply(ReplyKind.OTHER, text)
    rest = rest.strip()
    if kind is ReplyKind.SUGGEST:
        coordinates = parse_coordinates(rest)
        if coordinates is None:
            return Reply(ReplyKind.OTHER, text)
        return Reply(kind, rest, *coordinates)
    return Reply(kind, rest)


@dataclass(frozen=True, slots=True)
class Swap2Reply:
    """A brain's answer to ``SWAP2BOARD``: ``SWAP`` (``swap``), or its moves' coordinates."""

    swap: bool
    moves: tuple[tuple[int, int], ...] = ()

    def __str__(self) -> str:
        if self.swap:
            return SWAP_ANSWER
        return " ".join(f"{x},{y}" for x, y in self.moves)


def parse_swap2_reply(text: str) -> Swap2Reply | None:
    """``SWAP`` (any case) or moves ``x,y`` separated by spaces; None for anything else.

    >>> parse_swap2_reply("7,7 8, 8  9,9").moves
    ((7, 7), (8, 8), (9, 9))
    >>> parse_swap2_reply("swap"), parse_swap2_reply("7,7,1")
    (Swap2Reply(swap=True, moves=()), None)
    """
    words = text.strip()
    if words.upper() == SWAP_ANSWER:
        return Swap2Reply(swap=True)
    if _SWAP2_MOVES.fullmatch(words) is None:
        return None
    moves = tuple((int(x), int(y)) for x, y in _COORDINATES_IN.findall(words))
    return Swap2Reply(swap=False, moves=moves)


def parse_about(text: str) -> dict[str, str]:
    """The fields of an ABOUT answer (``name="x", version="1.0"``); keys in lower case.

    Lenient: missing commas, unquoted values and a missing closing quote are accepted.
    """
    return {
        key.lower(): (quoted or bare).strip() for key, quoted, bare in _ABOUT_FIELD.findall(text)
    }


@dataclass(frozen=True, slots=True)
class Command:
    """A command as a brain reads it: the name in capitals and the rest of the line."""

    name: str
    argument: str = ""


def parse_command(line: str) -> Command | None:
    """A manager's line as a :class:`Command` (any case, any spaces); None for a blank line."""
    text = line.strip()
    if not text:
        return None
    name, _, rest = text.partition(" ")
    return Command(name.upper(), rest.strip())


def parse_stone(text: str) -> tuple[int, int, int] | None:
    """A BOARD line ``x,y,who`` as numbers, or None when it is not one."""
    found = _BOARD_STONE.fullmatch(text)
    if found is None:
        return None
    return int(found.group(1)), int(found.group(2)), int(found.group(3))
