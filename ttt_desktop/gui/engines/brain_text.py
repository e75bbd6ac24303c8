"""A brain's own words made safe to show: :func:`printable`.

A Gomocup brain is someone else's program, and what it says (its ``ABOUT`` fields, its
``ERROR`` and ``MESSAGE`` lines, the garbage a forfeit quotes, its pipe's log) reaches the
window as it was printed: terminal colours and titles (ANSI CSI and OSC sequences),
backspaces, carriage returns, bells, NULs, direction overrides that make a line read
backwards. :func:`printable` drops all of them, so a label, a tooltip or a log shows the
text and nothing can rewrite what is around it. Every place the window shows a brain's
text passes it through here.

A brain names cells in the protocol's coordinates (``x,y``, each from 0 at the top-left),
not as this board does ("h8"): :func:`with_cell_names` puts the board's name beside each
such pair, and :func:`own_cell_names` finds the names in other notations a brain may use
("G12"), which cannot be read exactly and are only pointed out.

Nothing here imports Qt.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from ttt_desktop.brains.protocol import cell_of

if TYPE_CHECKING:
    from ttt_desktop.core.rules import Rules

__all__ = ["own_cell_names", "printable", "printable_lines", "with_cell_names"]

_ESCAPES: Final = re.compile(
    r"""
    (?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?   # CSI: colours, cursor moves
    | (?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])              # OSC, DCS, SOS, PM, APC ...
      .*?(?:\x07|\x1b\\|\x9c|\Z)                          # ... up to BEL or ST (or the end)
    | \x1b[\x20-\x2f]*[\x30-\x7e]?                         # any other escape (ESC ( B, ESC c)
    """,
    re.VERBOSE | re.DOTALL,
)
_SPACES: Final = re.compile(r"[\t\n\r\v\f]")
_CONTROLS: Final = re.compile(
    # C0 and C1 controls, DEL, and the marks that reorder text (bidirectional overrides).
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)


def printable(text: object) -> str:
    """``text`` as one line without escape sequences or control characters.

    Tabs and line breaks become spaces; anything else that is not text goes.

    >>> printable("\\x1b[31mred\\x1b[0m\\tand\\x07 \\x1b]0;title\\x07plain\\r\\n")
    'red and plain  '
    """
    line = _ESCAPES.sub("", str(text))
    return _CONTROLS.sub("", _SPACES.sub(" ", line))


def printable_lines(text: object) -> str:
    """``text`` with its line breaks kept (each line as :func:`printable` makes it)."""
    return "\n".join(printable(line) for line in str(text).splitlines())


# "7,7" standing alone: not part of a longer list of numbers ("7,7,5"), a decimal ("3,5.5"),
# a negative number or a word.
_XY_PAIR: Final = re.compile(r"(?<![\w.,-])(\d{1,2}),(\d{1,2})(?![\w.]|,\d)")
_LETTER_NAME: Final = re.compile(r"(?<![\w.,-])[A-Za-z]\d{1,2}(?![\w.]|,\d)")


def with_cell_names(text: str, rules: Rules) -> tuple[str, int]:
    """``text`` with this board's name after each ``x,y`` pair that is a cell of ``rules``
    in the protocol's coordinates, and how many were named.

    Pairs off the board are left as they are.

    >>> from ttt_desktop.core.rules import GOMOKU
    >>> with_cell_names("best 7,7 then 0,14 (not 15,3 nor 7,7,5)", GOMOKU)
    ('best 7,7 [h8] then 0,14 [a1] (not 15,3 nor 7,7,5)', 2)
    """
    geometry = rules.geometry
    cells: list[int] = []

    def named(match: re.Match[str]) -> str:
        x, y = int(match[1]), int(match[2])
        if x >= rules.m or y >= rules.n:
            return match[0]
        cells.append(cell_of(x, y, rules.m))
        return f"{match[0]} [{geometry.name(cells[-1])}]"

    shown = _XY_PAIR.sub(named, text)
    return shown, len(cells)


def own_cell_names(text: str) -> tuple[str, ...]:
    """Words of ``text`` that look like a cell named by a letter and a number ("G12"): a
    brain's own notation, which may count rows from the top or skip a letter, so they are
    never read as this board's names.

    >>> own_cell_names("pv G12 h8, depth 12, x1.5")
    ('G12', 'h8')
    """
    return tuple(_LETTER_NAME.findall(text))
