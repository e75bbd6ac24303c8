"""The rules of one game of the k-in-a-row family, as a value: m columns, n rows, k in a row,
and the rule that says which lines win and which moves are forbidden.

Tic-tac-toe is ``Rules(3, 3, 3)``; gomoku is ``Rules(15, 15, 5)``. A :class:`Rules` value is
immutable and interned (one object per distinct rules), so it is a cheap dict key and
compares by identity. Everything that plays, stores, shows or analyses a game carries one.

The rule is one of four, the four Gomocup plays (its protocol's ``INFO rule``):

* ``free-style`` (the default): k or more in a row wins;
* ``standard``: exactly k in a row wins, a longer line does not (``exact``);
* ``renju`` (k = 5): the Renju International Federation's rule. Black (the first player,
  X here) wins with exactly five and may not play an overline, a double-four or a
  double-three (:mod:`ttt_desktop.core.renju`); white wins with five or more;
* ``caro`` (k = 5): the rule Gomocup's judge applies for ``INFO rule 8``: six or more in a
  row wins; exactly five wins unless an opponent's stone stands at both of its ends (the
  board's edge is no stone).

>>> Rules.parse("gomoku")
Rules(15, 15, 5)
>>> Rules.parse("5,4,4").key, Rules.parse("5,4,4").title
('5,4,4', '5x4, four in a row')
>>> Rules.parse("15,15,5,exact").exact, Rules.parse("standard").rule
(True, 'standard')
>>> Rules.parse("renju"), Rules.parse("renju").key, Rules.parse("renju").gomocup_rule
(Rules(15, 15, 5, rule='renju'), '15,15,5,renju', 4)
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

FREE_STYLE: Final = "free-style"
"""The rule of k or more in a row (Gomocup's ``INFO rule 0``)."""
STANDARD: Final = "standard"
"""The rule of exactly k in a row (``INFO rule 1``, "exactly five"; ``exact`` in a key)."""
RENJU: Final = "renju"
"""The Renju International Federation's rule (``INFO rule 4``); k = 5."""
CARO: Final = "caro"
"""Gomocup's caro (``INFO rule 8``); k = 5."""
RULE_CHOICES: Final = (FREE_STYLE, STANDARD, RENJU, CARO)
"""The four rules, in the order the program offers them."""

FIVE_ONLY_RULES: Final = frozenset({RENJU, CARO})
"""The rules defined for five in a row only."""
FIVE_ONLY_MIN_SIDE: Final = 15
"""The smallest side a renju or caro board may have: the federation's board and Gomocup's
are 15x15; smaller boards, where the exact solver and the small-board tables of the
program's players apply, play free-style and standard only."""

_GOMOCUP_RULE: Final = {FREE_STYLE: 0, STANDARD: 1, RENJU: 4, CARO: 8}
_GOMOCUP_CONTINUOUS: Final = 2
_RULE_ALIASES: Final = {
    "free-style": FREE_STYLE,
    "freestyle": FREE_STYLE,
    "free": FREE_STYLE,
    "standard": STANDARD,
    "exact": STANDARD,
    "exactly": STANDARD,
    "renju": RENJU,
    "caro": CARO,
}


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
    """m columns, n rows, k in a row to win, and the rule (:data:`RULE_CHOICES`).

    Free-style (a line of k or more wins) is the default, as in OpenSpiel's ``mnk`` and
    free-style gomoku. ``exact=True`` is the standard rule ("exactly five" in Gomocup's
    standard game), the same value as ``rule="standard"``. Where no line longer than k
    fits (k equal to the longer side) standard is free-style: the two rules are the same
    game. Renju and caro need k = 5 and a board of 15 to 20 a side
    (:data:`FIVE_ONLY_MIN_SIDE`).

    ``exact`` stays True for the standard rule only: under renju black's overline does not
    win but white's does, which :func:`ttt_desktop.core.renju.wins` answers per side.
    """

    __slots__ = ("_geometry", "exact", "k", "key", "m", "n", "rule", "size")

    m: int
    n: int
    k: int
    exact: bool
    rule: str
    key: str
    size: int
    _geometry: Geometry | None

    _interned: ClassVar[dict[tuple[int, int, int, bool, str | None], Rules]] = {}
    _lock: ClassVar = _thread.allocate_lock()

    def __new__(cls, m: int, n: int, k: int, exact: bool = False, rule: str | None = None) -> Rules:
        key = (m, n, k, exact, rule)
        # The type test first: 3.0 and True hash like 3 and 1 and would find an entry.
        if (
            type(m) is int
            and type(n) is int
            and type(k) is int
            and type(exact) is bool
            and (rule is None or type(rule) is str)
        ):
            rules = cls._interned.get(key)
            if rules is not None:
                return rules
        _check_limits(m, n, k)
        if type(exact) is not bool:
            raise RulesError(f"exact is True or False, not {exact!r}")
        rule = _checked_rule(m, n, k, exact, rule)
        if rule == STANDARD and k >= max(m, n):
            rule = FREE_STYLE
        exact = rule == STANDARD
        with cls._lock:
            canonical = (m, n, k, exact, rule)
            rules = cls._interned.get(canonical)
            if rules is None:
                rules = object.__new__(cls)
                object.__setattr__(rules, "m", m)
                object.__setattr__(rules, "n", n)
                object.__setattr__(rules, "k", k)
                object.__setattr__(rules, "exact", exact)
                object.__setattr__(rules, "rule", rule)
                object.__setattr__(rules, "size", m * n)
                suffix = "" if rule == FREE_STYLE else ",exact" if exact else f",{rule}"
                object.__setattr__(rules, "key", f"{m},{n},{k}{suffix}")
                object.__setattr__(rules, "_geometry", None)
                cls._interned[canonical] = rules
            cls._interned[key] = rules
        return rules

    # Parsing ------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str | Rules) -> Rules:
        """Rules from a preset name or alias ("gomoku", "tic-tac-toe", "renju") or
        "M,N,K[,RULE]", RULE one of free-style, standard (or exact), renju, caro.

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
        rule = FREE_STYLE
        for separator in (",", " ", ";"):
            head, found, tail = spec.rpartition(separator)
            named = _RULE_ALIASES.get(tail.strip().replace("_", "-").replace(" ", "-"))
            if found and named is not None:
                rule = named
                spec = head.strip()
                break
        parts = [p.strip() for p in spec.replace("x", ",").replace(";", ",").split(",")]
        if len(parts) == 2 and "x" in spec and all(p.isdigit() and len(p) <= 3 for p in parts):
            # A size alone ("9x9"): five in a row, or the board's longer side if it is less.
            m, n = (int(p) for p in parts)
            return cls(m, n, min(5, max(m, n)), rule=rule)
        if len(parts) != 3 or not all(p.isdigit() and len(p) <= 3 for p in parts):
            names = ", ".join([*PRESETS, *RULE_PRESETS])
            raise RulesError(
                f"rules are 'M,N,K' (m columns, n rows, k in a row; add ',standard' or "
                f"',exact' for exactly k, ',renju' or ',caro' for five in a row under those "
                f"rules), a size 'MxN' (five in a row), or one of {names}, not {text!r}"
            )
        m, n, k = (int(p) for p in parts)
        return cls(m, n, k, rule=rule)

    @classmethod
    def from_gomocup(cls, m: int, n: int, rule: int) -> Rules:
        """Five in a row on m x n under Gomocup's ``INFO rule`` bitmask (1 exactly five,
        2 continuous game, 4 renju, 8 caro); the continuous bit says how a game goes on
        after a five, not which line wins, and is left aside here.

        >>> Rules.from_gomocup(15, 15, 4).key, Rules.from_gomocup(20, 20, 2).key
        ('15,15,5,renju', '20,20,5')
        """
        if type(rule) is not int or rule < 0:
            raise RulesError(f"INFO rule is a bitmask (a number from 0), not {rule!r}")
        bits = rule & ~_GOMOCUP_CONTINUOUS
        for name, number in _GOMOCUP_RULE.items():
            if bits == number:
                return cls(m, n, min(5, max(m, n)), rule=name)
        raise RulesError(
            f"INFO rule {rule} is no rule this program plays: it plays 0 (free-style), "
            "1 (exactly five), 4 (renju) and 8 (caro), each with 2 (continuous) or not"
        )

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
    def gomocup_rule(self) -> int:
        """Gomocup's ``INFO rule`` bitmask for these rules: 0 free-style, 1 exactly five,
        4 renju, 8 caro (the continuous-game bit 2 is never set: a game here ends at a win).
        """
        return _GOMOCUP_RULE[self.rule]

    @property
    def has_forbidden_moves(self) -> bool:
        """True under renju: some cells are forbidden to black (X)."""
        return self.rule == RENJU

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
    def row_word(self) -> str:
        """k as a word, the name of the row that wins: "three", "four", "five" (a number past
        the words)."""
        return _NUMBER_WORDS.get(self.k, str(self.k))

    @property
    def title(self) -> str:
        """How a person is told the rules: "Tic-tac-toe", "Gomoku 15x15", "7x7, five in a row",
        "Renju 15x15"."""
        special = _TITLES.get(self)
        if special is not None:
            return special
        if self.rule == RENJU:
            return f"Renju {self.m}x{self.n}"
        if self.rule == CARO:
            return f"Caro {self.m}x{self.n}"
        text = f"{self.m}x{self.n}, {self.row_word} in a row"
        return text + (" (exactly)" if self.exact else "")

    # Value semantics ----------------------------------------------------------

    def __reduce__(self) -> tuple[type[Rules], tuple[int, int, int, bool, str]]:
        return (Rules, (self.m, self.n, self.k, self.exact, self.rule))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Rules is immutable")

    def __repr__(self) -> str:
        if self.rule == FREE_STYLE:
            extra = ""
        elif self.exact:
            extra = ", exact=True"
        else:
            extra = f", rule={self.rule!r}"
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


def _checked_rule(m: int, n: int, k: int, exact: bool, rule: object) -> str:
    """The rule named by ``exact`` and ``rule``, or :class:`RulesError` naming the limit."""
    if rule is None:
        return STANDARD if exact else FREE_STYLE
    if type(rule) is not str or rule not in RULE_CHOICES:
        raise RulesError(f"the rule is one of {', '.join(RULE_CHOICES)}, not {rule!r}")
    if exact and rule != STANDARD:
        raise RulesError(f"exact is the standard rule; it does not go with {rule}")
    if rule in FIVE_ONLY_RULES:
        if k != 5:
            raise RulesError(f"{rule} is five in a row: k must be 5, not {k}")
        if min(m, n) < FIVE_ONLY_MIN_SIDE:
            raise RulesError(
                f"{rule} plays on boards of {FIVE_ONLY_MIN_SIDE} to {MAX_SIDE} a side, not {m}x{n}"
            )
    return rule


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

RULE_PRESETS: Final[dict[str, Rules]] = {
    "standard": Rules(15, 15, 5, exact=True),
    "renju": Rules(15, 15, 5, rule=RENJU),
    "caro": Rules(15, 15, 5, rule=CARO),
}
"""Gomocup's rules by name, each on 15x15 with five in a row (``--rules renju``)."""

PRESET_ALIASES: Final[dict[str, Rules]] = {
    **PRESETS,
    **RULE_PRESETS,
    "free-style": GOMOKU,
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
    Rules(20, 20, 5, exact=True): "Gomoku 20x20, exactly five",
}


def coerce_rules(value: Rules | str | None) -> Rules:
    """``value`` as :class:`Rules`; None is tic-tac-toe (the default everywhere)."""
    if value is None:
        return TIC_TAC_TOE
    return Rules.parse(value)
