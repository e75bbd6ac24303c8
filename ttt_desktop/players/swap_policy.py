"""How a computer player plays the opening under swap and swap2: its stones and its choices.

:meth:`Player.swap_stones <ttt_desktop.players.base.Player.swap_stones>` and
:meth:`Player.swap_choice <ttt_desktop.players.base.Player.swap_choice>` are this module's
:func:`opening_stones` and :func:`choose` (the rules of the phase are
:mod:`ttt_desktop.core.swap`'s; a Gomocup brain answers for itself instead).

* **The opener's stones.** One of the board's classical three-stone openings
  (:func:`ttt_desktop.core.openings.builtin_openings`: black in the centre, white next to
  it, black's second stone in the centre's 5x5 square), drawn with the player's own seeded
  generator and turned by one of the board's symmetries drawn the same way, whatever the
  kind: the same seed gives the same stones. No kind searches for the most even of them:
  the Searcher's own values of the 26 openings on 15x15 disagree in sign between 200 ms and
  1 s a look on 12 to 14 of the 26 (two runs; whether its search ends at depth 4 or 5 decides
  them), and 26 looks within one move's budget would give each a 26th of it.
* **The chooser.** A player whose thought carries a value (:func:`white_edge`: the
  Searcher's and Strongest's evaluations, Monty's win rates, Ralph's tallies, MiniMax's and
  AlphaBeta's values, a learnt value) thinks as white on the position, white being to move
  at every choice, and takes the side its own judgement favours: white with the move it
  found (it plays it now), or black. Under swap2 at three stones, when the judgement is
  close to even (within the bands below), it places two stones instead: white's move it
  found, then the move it would answer as black, provided the five stones still leave the
  game open and it judges them close to even as well (else it takes the side it leaned to).
  Those three looks share the choice's budget (``budget_ms``) in thirds, a choice that may
  not place two stones has one look with the whole budget, and a player without a budget
  looks with its own default each time. A player whose thought carries no value (Rando,
  Levi, Humiston, Utility, Strategist, a Ralph whose every tally is zero) draws black or
  white with its seeded generator and never places two stones: it has no judgement of
  balance to place them by.

Nothing here imports Qt.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

from ttt_desktop.core.board import ForbiddenMoveError
from ttt_desktop.core.openings import builtin_openings
from ttt_desktop.core.swap import (
    BLACK,
    OPENING_STONES,
    PLACE_TWO,
    WHITE,
    SwapAnswer,
    SwapError,
    check_opening_rule,
)
from ttt_desktop.players.thought import Meaning, proves

if TYPE_CHECKING:
    import random
    from typing import Protocol

    from ttt_desktop.core.board import Board
    from ttt_desktop.core.cells import Cell
    from ttt_desktop.core.rules import Rules
    from ttt_desktop.players.thought import Thought

    class Player(Protocol):
        """What this module asks of a player (a :class:`ttt_desktop.players.base.Player`,
        whose defaults call it: named here, not imported, so the two import no circle)."""

        random: random.Random
        budget_ms: float | None

        def think(self, board: Board) -> Thought: ...


__all__ = [
    "EVEN_LEARNED",
    "EVEN_WIN_RATE",
    "choose",
    "even_evaluation",
    "opening_stones",
    "white_edge",
]

EVEN_WIN_RATE: Final = 0.05
"""Monty's win rates within this of a half (45% to 55%) are close to even."""
EVEN_LEARNED: Final = 0.1
"""A learnt value (from -1 to 1) within this of 0 is close to even."""
_CHOICES: Final = frozenset({BLACK, WHITE, PLACE_TWO})
_LOOKS_BEFORE_PLACING: Final = 3
"""The looks of a choice that may place two stones: the position, black's reply, the five
stones."""


def even_evaluation(rules: Rules) -> float:
    """The evaluations (``Meaning.EVALUATION``) close to even on ``rules``: within
    ``6 ** (k - 3)`` (36 on five in a row). On 15x15 at 1 s a look the Searcher's values of
    the 26 openings lie between -102 and +23, 9 of them within 36 (one run, windows worth
    powers of 4 and the side to move's sum 4 to 3; with powers of 6 and 5 to 4, before the
    Searcher's width and whole budget, -112 to +99 and 8 or 9 within, two runs).
    MiniMax's and AlphaBeta's line utilities are read on the same scale."""
    return float(6 ** max(rules.k - 3, 0))


def white_edge(thought: Thought, rules: Rules) -> float | None:
    """How much better white stands by ``thought`` (white's, white to move), in units of the
    close-to-even band: above 0 white is better, below black; within -1 to 1 close to even;
    an infinity for a proven win or loss. None when the thought carries no value of the
    position (no score for its move, scores that are no value, every Ralph tally zero, a
    bound in the win or loss range that proves nothing)."""
    meaning = thought.meaning
    if meaning is Meaning.RALPH:
        # Ralph's tallies count the wins (plus) and losses (minus) its walk completes: their
        # sum leans one way or says nothing; it never calls a position even.
        total = sum(score.value for score in thought.scores)
        return math.copysign(math.inf, total) if total else None
    score = thought.score_of(thought.move)
    if score is None:
        return None
    value = score.value
    if meaning is Meaning.EVALUATION:
        proof = proves(score)
        if proof:
            return math.copysign(math.inf, proof)
        if score.plies is not None:
            return None
        return value / even_evaluation(rules)
    if meaning is Meaning.WIN_RATE:
        if score.plies is not None:  # proven: 1 won, a half drawn, 0 lost
            return 0.0 if value == 0.5 else math.copysign(math.inf, value - 0.5)
        return (value - 0.5) / EVEN_WIN_RATE
    if meaning in (Meaning.MINIMAX, Meaning.ALPHABETA, Meaning.EXACT):
        return math.copysign(math.inf, value) if value else 0.0
    if meaning is Meaning.LEARNED:
        return value / EVEN_LEARNED
    return None


def opening_stones(player: Player, board: Board, rule: str) -> tuple[int, ...]:
    """The opener's three stones (black, white, black) on the empty ``board`` under ``rule``
    (swap or swap2): a classical opening and a symmetry, both drawn with ``player``'s
    generator (see the module's description). :class:`SwapError` when ``rule`` does not
    apply to the board; ``ValueError`` when the board holds a stone."""
    rules = board.rules
    check_opening_rule(rules, rule)
    if board.ply:
        raise ValueError("the opener places its stones on the empty board")
    openings = [cells for cells in builtin_openings(rules) if len(cells) == OPENING_STONES]
    geometry = rules.geometry
    cells = player.random.choice(openings)
    stones = geometry.transform(cells, player.random.randrange(len(geometry.symmetries)))
    for cell in stones:
        board = board.play(cell)  # a forbidden point would raise: none is, at two stones
    return stones


def choose(player: Player, board: Board, options: tuple[str, ...], rule: str) -> SwapAnswer:
    """``player``'s answer at a choice of the opening: one of ``options`` on ``board`` (white
    to move), with its stones (see the module's description). :class:`SwapError` when
    ``rule`` does not apply to the board or ``options`` are no choices."""
    check_opening_rule(board.rules, rule)
    if not options or not set(options) <= _CHOICES:
        raise SwapError(f"the choices are black, white or place2, not {options!r}")
    may_place = PLACE_TWO in options
    budget_ms = player.budget_ms
    look_ms = budget_ms / _LOOKS_BEFORE_PLACING if may_place and budget_ms else budget_ms
    thought = _look(player, board, look_ms)
    edge = white_edge(thought, board.rules)
    if edge is None:
        sides = [choice for choice in options if choice != PLACE_TWO] or list(options)
        return SwapAnswer(player.random.choice(sides))
    if may_place and abs(edge) <= 1:
        stones = _two_stones(player, board, thought.move, look_ms)
        if stones is not None:
            return SwapAnswer(PLACE_TWO, stones)
    if edge < 0 and BLACK in options:
        return SwapAnswer(BLACK)
    if WHITE in options:
        return SwapAnswer(WHITE, (thought.move,))
    return SwapAnswer(BLACK)


def _two_stones(
    player: Player, board: Board, white: Cell, look_ms: float | None
) -> tuple[int, int] | None:
    """White's ``white`` and black's reply as ``player`` would play it, when the five stones
    leave the game open and ``player`` judges them close to even; else None."""
    after_white = board.play(white)
    if after_white.is_over:
        return None
    black = _look(player, after_white, look_ms).move
    try:
        after = after_white.play(black)
    except ForbiddenMoveError:
        return None
    if after.is_over:
        return None
    edge = white_edge(_look(player, after, look_ms), board.rules)
    if edge is None or abs(edge) > 1:
        return None
    return white, black


def _look(player: Player, board: Board, look_ms: float | None) -> Thought:
    """``player``'s thought on ``board`` within ``look_ms`` (its own budget kept after)."""
    kept = player.budget_ms
    player.budget_ms = look_ms
    try:
        return player.think(board)
    finally:
        player.budget_ms = kept
