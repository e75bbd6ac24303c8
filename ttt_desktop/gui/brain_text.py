"""A brain's own words made safe to show: :func:`printable`.

A Gomocup brain is someone else's program, and what it says (its ``ABOUT`` fields, its
``ERROR`` and ``MESSAGE`` lines, the garbage a forfeit quotes, its pipe's log) reaches the
window as it was printed: terminal colours and titles (ANSI CSI and OSC sequences),
backspaces, carriage returns, bells, NULs, direction overrides that make a line read
backwards. :func:`printable` drops all of them, so a label, a tooltip or a log shows the
text and nothing can rewrite what is around it. Every place the window shows a brain's
text passes it through here.

Nothing here imports Qt.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["printable", "printable_lines"]

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
