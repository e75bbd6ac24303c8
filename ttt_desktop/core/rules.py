"""The rules of one game of the k-in-a-row family, as a value: m columns, n rows, k in a row.

Tic-tac-toe is ``Rules(3, 3, 3)``; gomoku is ``Rules(15, 15, 5)``. A :class:`Rules` value is
immutable and interned (one object per distinct rules), so it is a cheap dict key and
compares by identity. Everything that plays, stores, shows or analyses a game carries one.

>>> Rules.parse("gomoku")
Rules(15, 15, 5)
>>> Rules.parse("5,4,4").key, Rules.parse("5,4,4").title
('5,4,4', '5x4, four in a row')
>>> Rules.parse("15,15,5,exact").exact
True
>>> Rules(3, 3, 9)
Traceback (most recent call last):
...
ttt_desktop.core.rules.RulesError: k (in a row) must be 3 to max(m, n) = 3, not 9

Cells are ints from 0, row-major from the top-left, m per row, as OpenSpiel's ``mnk``
numbers its actions. How a cell is named to a person lives in
:mod:`ttt_desktop.core.geometry` (:func:`Geometry.name`).

Nothing here imports Qt.
"""

from __future__ import annotations

import _thread

# The cold path: no typing module (docs/manual/developer/architecture.md, "Cold start").
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ClassVar, Final

    from ttt_desktop.core.geometry import Geometry

MIN_SIDE: Final = 3
MAX_SIDE: Final = 20
MIN_K: Final = 3


class RulesError(ValueError):
    """Rules outside the limits, or a name no preset has; the message names the limit."""


_NUMBER_WORDS: Final = {
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
}


class Rules:
    """m columns, n rows, k in a row to win; ``exact`` when a line longer than k does not win.

    Free-style (a line of k or more wins) is the default, as in OpenSpiel's ``mnk`` and
    free-style gomoku; ``exact=True`` is the "exactly five" rule of Gomocup's standard
    game. Where no line longer than k fits (k equal to the longer side), ``exact`` is
    always False: the two rules are the same game.
    """

    __slots__ = ("_geometry", "exact", "k", "key", "m", "n", "size")

    m: int
    n: int
    k: int
    exact: bool
    key: str
    size: int
    _geometry: Geometry | None

    _interned: ClassVar[dict[tuple[int, int, int, bool], Rules]] = {}
    _lock: ClassVar = _thread.allocate_lock()

    def __new__(cls, m: int, n: int, k: int, exact: bool = False) -> Rules:
        key = (m, n, k, exact)
        # The type test first: 3.0 and True hash like 3 and 1 and would find an entry.
        if type(m) is int and type(n) is int and type(k) is int and type(exact) is bool:
            rules = cls._interned.get(key)
            if rules is not None:
                return rules
        _check_limits(m, n, k)
        if type(exact) is not bool:
            raise RulesError(f"exact is True or False, not {exact!r}")
        if k >= max(m, n):
            exact = False
        with cls._lock:
            rules = cls._interned.get((m, n, k, exact))
            if rules is None:
                rules = object.__new__(cls)
                object.__setattr__(rules, "m", m)
                object.__setattr__(rules, "n", n)
                object.__setattr__(rules, "k", k)
                object.__setattr__(rules, "exact", exact)
                object.__setattr__(rules, "size", m * n)
                object.__setattr__(rules, "key", f"{m},{n},{k}" + (",exact" if exact else ""))
                object.__setattr__(rules, "_geometry", None)
                cls._interned[(m, n, k, exact)] = rules
            cls._interned[key] = rules
        return rules

    # Parsing ------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str | Rules) -> Rules:
        """Rules from a preset name or alias ("gomoku", "tic-tac-toe") or "M,N,K[,exact]".

        Also accepts "MxN" sizes with k ("15x15,5") or alone ("9x9": five in a row, or the
        longer side when that is less), spaces, and a :class:`Rules` itself.
        """
        if isinstance(text, Rules):
            return text
        if not isinstance(text, str):
            raise RulesError(f"rules are a name or 'M,N,K', not {type(text).__name__}")
        spec = text.strip().lower()
        preset = PRESET_ALIASES.get(spec.replace("_", "-").replace(" ", "-"))
        if preset is not None:
            return preset
        exact = False
        for suffix in (",exactly", ",exact", " exactly", " exact"):
            if spec.endswith(suffix):
                exact = True
                spec = spec[: -len(suffix)]
                break
        parts = [p.strip() for p in spec.replace("x", ",").replace(";", ",").split(",")]
        if len(parts) == 2 and "x" in spec and all(p.isdigit() and len(p) <= 3 for p in parts):
            # A size alone ("9x9"): five in a row, or the board's longer side if it is less.
            m, n = (int(p) for p in parts)
            return cls(m, n, min(5, max(m, n)), exact)
        if len(parts) != 3 or not all(p.isdigit() and len(p) <= 3 for p in parts):
            names = ", ".join(PRESETS)
            raise RulesError(
                f"rules are 'M,N,K' (m columns, n rows, k in a row; add ',exact' for "
                f"exactly k), a size 'MxN' (five in a row), or one of {names}, not {text!r}"
            )
        m, n, k = (int(p) for p in parts)
        return cls(m, n, k, exact)

    # Derived ------------------------------------------------------------------

    @property
    def geometry(self) -> Geometry:
        """Cells, line masks, symmetries and notation of these rules, built once."""
        geometry = self._geometry
        if geometry is None:
            from ttt_desktop.core.geometry import Geometry  # noqa: PLC0415  (cold path)

            geometry = Geometry(self)
            object.__setattr__(self, "_geometry", geometry)
        return geometry

    @property
    def is_classic(self) -> bool:
        """True for tic-tac-toe (3,3,3), which keeps its own exact tables and keypad names."""
        return self is TIC_TAC_TOE

    @property
    def is_square(self) -> bool:
        return self.m == self.n

    @property
    def preset_name(self) -> str | None:
        """The preset's name ("gomoku"), or None for rules no preset has."""
        return _PRESET_NAME_OF.get(self)

    @property
    def title(self) -> str:
        """How a person is told the rules: "Tic-tac-toe", "Gomoku 15x15", "7x7, five in a row"."""
        special = _TITLES.get(self)
        if special is not None:
            return special
        count = _NUMBER_WORDS.get(self.k, str(self.k))
        text = f"{self.m}x{self.n}, {count} in a row"
        return text + (" (exactly)" if self.exact else "")

    # Value semantics ----------------------------------------------------------

    def __reduce__(self) -> tuple[type[Rules], tuple[int, int, int, bool]]:
        return (Rules, (self.m, self.n, self.k, self.exact))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Rules is immutable")

    def __repr__(self) -> str:
        extra = ", exact=True" if self.exact else ""
        return f"Rules({self.m}, {self.n}, {self.k}{extra})"

    def __str__(self) -> str:
        return self.key


def _check_limits(m: object, n: object, k: object) -> None:
    for name, value in (("m (columns)", m), ("n (rows)", n)):
        if type(value) is not int or not MIN_SIDE <= value <= MAX_SIDE:
            raise RulesError(f"{name} must be {MIN_SIDE} to {MAX_SIDE}, not {value!r}")
    longest = max(m, n)  # type: ignore[call-overload]
    if type(k) is not int or not MIN_K <= k <= longest:
        raise RulesError(f"k (in a row) must be {MIN_K} to max(m, n) = {longest}, not {k!r}")


TIC_TAC_TOE: Final = Rules(3, 3, 3)
"""The classic game, the default everywhere."""

GOMOKU: Final = Rules(15, 15, 5)
"""Free-style gomoku: 15x15, five or more in a row."""

PRESETS: Final[dict[str, Rules]] = {
    "tic-tac-toe": TIC_TAC_TOE,
    "4x4": Rules(4, 4, 4),
    "5x5-four": Rules(5, 5, 4),
    "6x5-four": Rules(6, 5, 4),
    "7x7-five": Rules(7, 7, 5),
    "gomoku": GOMOKU,
}
"""The named presets, smallest first; any m, n from 3 to 20 with 3 <= k <= max(m, n) also plays."""

PRESET_ALIASES: Final[dict[str, Rules]] = {
    **PRESETS,
    "tictactoe": TIC_TAC_TOE,
    "ttt": TIC_TAC_TOE,
    "classic": TIC_TAC_TOE,
    "3x3": TIC_TAC_TOE,
    "4x4x4": PRESETS["4x4"],
    "5x5x4": PRESETS["5x5-four"],
    "6x5x4": PRESETS["6x5-four"],
    "7x7x5": PRESETS["7x7-five"],
    "free-style-gomoku": GOMOKU,
    "freestyle": GOMOKU,
    "gomoku-15": GOMOKU,
    "15x15": GOMOKU,
    "gomoku-20": Rules(20, 20, 5),
    "20x20": Rules(20, 20, 5),
    "standard-gomoku": Rules(15, 15, 5, exact=True),
    "gomoku-exact": Rules(15, 15, 5, exact=True),
}

_PRESET_NAME_OF: Final[dict[Rules, str]] = {rules: name for name, rules in PRESETS.items()}

_TITLES: Final[dict[Rules, str]] = {
    TIC_TAC_TOE: "Tic-tac-toe",
    GOMOKU: "Gomoku 15x15",
    Rules(15, 15, 5, exact=True): "Gomoku 15x15, exactly five",
    Rules(20, 20, 5): "Gomoku 20x20",
}


def coerce_rules(value: Rules | str | None) -> Rules:
    """``value`` as :class:`Rules`; None is tic-tac-toe (the default everywhere)."""
    if value is None:
        return TIC_TAC_TOE
    return Rules.parse(value)
