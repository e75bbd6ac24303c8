"""Opening rules: who places the first stones of a game, and who then chooses a colour.

Gomoku tournaments give the first player's edge back with an opening rule (Gomocup plays
swap2; Piskvork's users ask for swap). Under both, the *opener* (the player who would
move first) places the first three stones, black, white, black (in board order: the first
mark, the second, the first), and the *responder* then chooses:

* **swap**: to play black (the opener takes white and moves next) or white (the responder
  moves next);
* **swap2**: the same two choices, or to place two more stones (white, then black) and let
  the opener choose a colour; white moves next either way.

The stones are stones of the board like any others; an opening rule decides only who
places them and which player ends up holding which mark. :class:`SwapOpening` is the
phase as a value: the rule and the choices made so far; :meth:`SwapOpening.step` says what
happens at a ply (a stone placed by a role, or a choice asked of one) until the opening is
over. "Black" is the first mark to move (X in most games), "white" the second.

The choices are named as Gomocup's ``SWAP2BOARD`` answers them: at a choice a brain either
plays the white move itself (it takes white) or answers ``SWAP`` (it takes black and the
other side moves now as white), or, after three stones under swap2, places two stones.

>>> opening = SwapOpening(SWAP2)
>>> opening.step(0)
Step(kind='place', role='opener', options=())
>>> opening.step(3)
Step(kind='choose', role='responder', options=('black', 'white', 'place2'))
>>> opening = opening.with_choice(PLACE_TWO)
>>> opening.step(4), opening.step(5).role
(Step(kind='place', role='responder', options=()), 'opener')
>>> opening.with_choice(WHITE).swapped, opening.with_choice(WHITE).step(5) is None
(True, True)

Nothing here imports Qt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from ttt_desktop.core.board import Mark
    from ttt_desktop.core.rules import Rules

__all__ = [
    "BLACK",
    "FREE_OPENING",
    "OPENER",
    "OPENING_RULES",
    "OPENING_STONES",
    "PLACE_TWO",
    "RESPONDER",
    "SWAP",
    "SWAP2",
    "WHITE",
    "Step",
    "SwapAnswer",
    "SwapError",
    "SwapOpening",
    "check_opening_rule",
    "opening_for",
]

FREE_OPENING: Final = "free"
"""No opening rule: the first player's first stone is the game's first move (the default)."""
SWAP: Final = "swap"
SWAP2: Final = "swap2"
OPENING_RULES: Final = (FREE_OPENING, SWAP, SWAP2)
"""The opening rules, in the order the program offers them."""

BLACK: Final = "black"
"""A choice: to play the first mark's side (Gomocup's ``SWAP``); the other side moves now."""
WHITE: Final = "white"
"""A choice: to play the second mark's side, and to move now."""
PLACE_TWO: Final = "place2"
"""Swap2's third choice after three stones: place a white and a black stone, and let the
opener choose."""

OPENER: Final = "opener"
RESPONDER: Final = "responder"

OPENING_STONES: Final = 3
"""The stones the opener places."""
_PLACED_TWO: Final = 2
"""The stones the responder places under swap2's third choice."""
_MIN_SIDE: Final = 7
_MIN_K: Final = 5

_ALIASES: Final = {
    "free": FREE_OPENING,
    "none": FREE_OPENING,
    "": FREE_OPENING,
    "swap": SWAP,
    "swap1": SWAP,
    "swap2": SWAP2,
}


class SwapError(ValueError):
    """An opening rule that does not apply, or a choice that is not one of the options now;
    the message says why in the user's terms."""


@dataclass(frozen=True, slots=True)
class Step:
    """What happens at one ply of the opening: ``role`` places the stone (``kind`` "place"),
    or ``role`` chooses one of ``options`` before anything else (``kind`` "choose")."""

    kind: str
    role: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SwapAnswer:
    """A player's answer at a choice: ``choice`` and the stones that come with it.

    With :data:`WHITE` the stones are the white move the chooser plays now (one cell), or
    none (it is asked for its move as usual); with :data:`BLACK` none; with
    :data:`PLACE_TWO` the white stone, then the black one.
    """

    choice: str
    stones: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        expected = {BLACK: (0,), WHITE: (0, 1), PLACE_TWO: (_PLACED_TWO,)}.get(self.choice)
        if expected is None:
            raise SwapError(f"a choice is black, white or place2, not {self.choice!r}")
        if len(self.stones) not in expected:
            raise SwapError(
                f"the choice {self.choice} comes with {' or '.join(map(str, expected))} "
                f"stones, not {len(self.stones)}"
            )


def check_opening_rule(rules: Rules, opening_rule: str) -> str:
    """``opening_rule`` by its canonical name (aliases: "none", "swap1"), if it applies to
    ``rules``; :class:`SwapError` says why not.

    Swap and swap2 are five-in-a-row openings: they need k of at least 5 and a board of at
    least 7 by 7, where five opening stones can neither win nor fill the board.
    """
    name = _ALIASES.get(str(opening_rule).strip().lower())
    if name is None:
        raise SwapError(
            f"the opening rule is one of {', '.join(OPENING_RULES)}, not {opening_rule!r}"
        )
    if name != FREE_OPENING and (rules.k < _MIN_K or min(rules.m, rules.n) < _MIN_SIDE):
        raise SwapError(
            f"{name} is an opening of five in a row: it needs k of at least {_MIN_K} on a "
            f"board of at least {_MIN_SIDE}x{_MIN_SIDE}, not {rules.title}"
        )
    return name


def opening_for(rules: Rules, opening_rule: str) -> SwapOpening | None:
    """A fresh :class:`SwapOpening` for a game of ``rules`` under ``opening_rule`` (None
    under the free opening)."""
    name = check_opening_rule(rules, opening_rule)
    return None if name == FREE_OPENING else SwapOpening(name)


@dataclass(frozen=True, slots=True)
class SwapOpening:
    """The opening phase of one game: its rule (:data:`SWAP` or :data:`SWAP2`) and the
    choices made so far (:data:`BLACK`, :data:`WHITE`, :data:`PLACE_TWO`, in order)."""

    rule: str
    choices: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.rule not in (SWAP, SWAP2):
            raise SwapError(f"an opening phase is swap or swap2, not {self.rule!r}")
        for made, choice in enumerate(self.choices):
            options = _options(self.rule, self.choices[:made])
            if choice not in options:
                raise SwapError(_refusal(options, choice))

    @property
    def finished(self) -> bool:
        """Every choice is made: the rest of the game is ordinary play."""
        return self.options() == ()

    def options(self) -> tuple[str, ...]:
        """The choices open now (empty once :attr:`finished`)."""
        return _options(self.rule, self.choices)

    @property
    def choice_ply(self) -> int | None:
        """The ply at which the next choice is asked (None once :attr:`finished`)."""
        if self.finished:
            return None
        return OPENING_STONES + (_PLACED_TWO if self.choices == (PLACE_TWO,) else 0)

    @property
    def stones(self) -> int:
        """How many of the game's first stones belong to the opening (3, or 5 after
        swap2's third choice)."""
        return OPENING_STONES + (_PLACED_TWO if self.choices[:1] == (PLACE_TWO,) else 0)

    def step(self, ply: int) -> Step | None:
        """What happens at ``ply`` given the choices made so far: a stone placed by a role,
        a choice asked of a role, or None (ordinary play: the holder of the mark to move
        moves). A ply past an unmade choice is an error."""
        if ply < OPENING_STONES:
            return Step("place", OPENER)
        options = self.options()
        choice_ply = self.choice_ply
        if choice_ply is not None and ply > choice_ply:
            raise SwapError(f"ply {ply} comes after the choice at ply {choice_ply}")
        if ply == choice_ply:
            chooser = RESPONDER if not self.choices else OPENER
            return Step("choose", chooser, options)
        if self.choices[:1] == (PLACE_TWO,) and ply < self.stones:
            return Step("place", RESPONDER)
        return None

    def made_at(self, index: int) -> int:
        """The ply at which choice number ``index`` is made (3 for the first, 5 for the
        opener's after swap2's two stones)."""
        return OPENING_STONES + (_PLACED_TWO if index else 0)

    def until(self, ply: int) -> SwapOpening:
        """The phase as it stood with ``ply`` stones on the board: the choices made at or
        before it (a game taken back below a choice takes the choice back too)."""
        kept = tuple(c for i, c in enumerate(self.choices) if self.made_at(i) <= ply)
        return self if kept == self.choices else SwapOpening(self.rule, kept)

    def with_choice(self, choice: str) -> SwapOpening:
        """The phase after ``choice`` (:class:`SwapError` if it is not an option now)."""
        options = self.options()
        if choice not in options:
            raise SwapError(_refusal(options, choice))
        return SwapOpening(self.rule, (*self.choices, choice))

    @property
    def chooser(self) -> str | None:
        """The role asked the next choice (None once :attr:`finished`)."""
        if self.finished:
            return None
        return RESPONDER if not self.choices else OPENER

    @property
    def swapped(self) -> bool:
        """Whether the opener ends up holding the second mark (white): the responder chose
        black, or after swap2's two stones the opener chose white."""
        choices = self.choices
        if choices[:1] == (BLACK,):
            return True
        return choices == (PLACE_TWO, WHITE)

    def role_of(self, mark: Mark, first: Mark) -> str:
        """The role whose player holds ``mark`` once the choices so far are applied
        (``first`` is the mark that moves first, black)."""
        black_is_opener = not self.swapped
        return OPENER if (mark is first) == black_is_opener else RESPONDER

    def placer(self, ply: int) -> str | None:
        """The role that placed (or places) the opening stone at ``ply``, with every choice
        made that comes before it; None past the opening's stones."""
        if ply < OPENING_STONES:
            return OPENER
        if self.choices[:1] == (PLACE_TWO,) and ply < self.stones:
            return RESPONDER
        return None

    def describe(self) -> str:
        """The phase in words: "swap2: the responder placed two stones, the opener chose
        white"."""
        words = []
        for index, choice in enumerate(self.choices):
            who = "the responder" if index == 0 else "the opener"
            if choice == PLACE_TWO:
                words.append(f"{who} placed two stones")
            else:
                words.append(f"{who} chose {choice}")
        if not words:
            return f"{self.rule}: no choice yet"
        return f"{self.rule}: " + ", ".join(words)

    def to_json(self) -> dict[str, object]:
        return {"rule": self.rule, "choices": list(self.choices)}

    @classmethod
    def from_json(cls, data: object) -> SwapOpening:
        """The phase from :meth:`to_json`'s form; :class:`SwapError` names what is wrong."""
        if not isinstance(data, dict):
            raise SwapError("an opening phase is an object with a rule and its choices")
        rule, choices = data.get("rule"), data.get("choices", [])
        if not isinstance(rule, str) or not isinstance(choices, list):
            raise SwapError("an opening phase has a rule (text) and choices (a list)")
        if not all(isinstance(choice, str) for choice in choices):
            raise SwapError("an opening phase's choices are words")
        return cls(rule, tuple(choices))


def _options(rule: str, choices: tuple[str, ...]) -> tuple[str, ...]:
    """The choices open under ``rule`` after ``choices``."""
    if not choices:
        return (BLACK, WHITE, PLACE_TWO) if rule == SWAP2 else (BLACK, WHITE)
    if choices == (PLACE_TWO,):
        return (BLACK, WHITE)
    return ()


def _refusal(options: tuple[str, ...], choice: str) -> str:
    if not options:
        return "every choice of the opening is made"
    return f"the choice now is {' or '.join(options)}, not {choice!r}"
