"""What a computer player knows about its move: the :class:`Thought` value.

Every player answers :meth:`~ttt_desktop.players.base.Player.think` with a
:class:`Thought`, in the spirit of python-chess's ``InfoDict``: the move it
chose plus what it knows about it in its own terms.

* ``scores``: one :class:`CellScore` per legal cell the player scored, and
  ``meaning`` says what the numbers are (:class:`Meaning`): a minimax value, an
  alpha-beta value or bound, a line utility, Ralph's tally, a learned value, the
  solver's exact value with its distance.
* ``candidates``: the cells the move was drawn from (the equally good ones).
* ``nodes``, ``cutoffs``, ``depth``, ``seconds``: the search's size and time
  (nodes are the positions visited below the one thought about, so minimax on
  the empty board visits 549,945; cutoffs are the moves alpha-beta never looked
  at; depth is the deepest ply reached below the position); ``scored``: the moves
  at the horizon valued from an evaluation without being played (not nodes).
* ``line``: the principal line, the chosen move first, where there is one.
* ``messages``: an external program's own lines about its move (a Gomocup brain's).
* ``rule``, ``rule_cells``, ``rule_lines``: for the rule players, the rule that
  fired (:class:`Rule`), the cells it looked at and the lines of three it was
  about ("block: O threatens 1-5-9" is ``Rule.BLOCK`` with the line (0, 4, 8)).

A search that is told to stop (its ``stop`` callable answers true; searches ask
every :data:`STOP_EVERY` positions) raises :class:`SearchStopped`.

Most players and the search (:mod:`ttt_desktop.players.search.negamax` raises
:class:`SearchStopped`) import this module plainly. Three import it only when asked to think:
the base class and the perfect player, on the perfect player's first ``choose_move``
(``dataclasses`` costs a fresh process milliseconds), and the learner, which ``ttt-arena``'s
parser loads.
Nothing here imports Qt.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ttt_desktop.core.board import Board
from ttt_desktop.core.cells import Cell
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules
from ttt_desktop.core.tactics import blocking_cells, completing_cells, threat_lines

STOP_EVERY = 512
"""A search asks ``stop`` once per this many positions (about 0.1 ms of minimax)."""


class SearchStopped(Exception):  # noqa: N818  (a request, not a fault)
    """A search was told to stop before it finished; it has no answer."""


class Meaning(enum.StrEnum):
    """What the per-cell scores of a :class:`Thought` are."""

    NONE = "none"
    """No scores: the player did not rate cells (Rando, Sequence, the rule players' rules)."""
    MINIMAX = "minimax"
    """Full-depth minimax value for the side to move: 1 + empty cells left for a win, its
    negative for a loss, 0 for a draw (faster wins are worth more)."""
    ALPHABETA = "alphabeta"
    """The minimax scale, but a cell may hold only a bound (see :class:`Bound`)."""
    UTILITY = "utility"
    """Algorithm 3's utility: the sum of the utilities of the lines through the cell."""
    RALPH = "ralph"
    """Ralph's tally: wins completed on the cell minus losses, weighted by nearness."""
    LEARNED = "learned"
    """The learner's table value of the move, from -1 (lost) to 1 (won)."""
    EXACT = "exact"
    """The solver's exact value: wins 11 to 20 (sooner is higher), draw 0, losses -20 to -11,
    with ``plies``, the moves left to the end with best play."""
    EVALUATION = "evaluation"
    """A depth-limited search's evaluation for the side to move (positive is good for it).
    A score in the search's win or loss range (beyond every evaluation) carries ``plies``,
    the moves to the end it stands for, whatever its bound: :func:`proves` says what such
    a score proves, and its value is a number of the search's own scale, never shown."""
    WIN_RATE = "win rate"
    """Monte Carlo tree search: the side to move's mean result through the cell, from 0 (lost)
    to 1 (won), draws counting a half, with ``visits``, the simulations through it."""


class Bound(enum.StrEnum):
    """Whether a score is the value itself or only a bound on it."""

    EXACT = "exact"
    UPPER = "upper"
    """The value is at most the score (alpha-beta failed low: the move is no better)."""
    LOWER = "lower"
    """The value is at least the score (alpha-beta failed high)."""


class Rule(enum.StrEnum):
    """The rule that picked a rule player's move."""

    WIN = "win"
    BLOCK = "block"
    FORK = "fork"
    BLOCK_FORK = "block fork"
    CENTRE = "centre"
    OPPOSITE_CORNER = "opposite corner"
    CORNER = "corner"
    SIDE = "side"
    RANDOM = "random"
    """Any free cell, at random (Rando, and Levi when nothing is decisive)."""
    UTILITY = "utility"
    """The free cell of highest line utility (ties: the cell on more lines)."""
    TALLY = "tally"
    """Ralph's largest tally in absolute value."""
    ANY = "any"
    """Ralph with every tally zero: any free cell."""
    TABLE = "table"
    """The learner's best-valued move."""
    SCRIPT = "script"
    """The next cell of a scripted player's list."""
    SOLVED = "solved"
    """The perfect player's table of the solved game."""
    SEARCH = "search"
    """A full-depth game-tree search."""
    DEEPENING = "deepening"
    """An iterative-deepening search under a time or depth budget (best found, not proven)."""
    SIMULATION = "simulation"
    """Monte Carlo tree search: the most visited cell."""
    THREATS = "threats"
    """A forced win found by threat-space search (a proof, not an estimate)."""


@dataclass(frozen=True, slots=True)
class CellScore:
    """One cell's score; ``bound`` says whether it is exact; ``plies`` the moves to the end."""

    cell: Cell
    value: float
    bound: Bound = Bound.EXACT
    plies: int | None = None
    visits: int | None = None
    """Monte Carlo tree search: the simulations that went through the cell."""


@dataclass(frozen=True, slots=True)
class Thought:
    """What a player thought on one position (see the module's description)."""

    kind: str
    cells: str
    to_move: str
    move: Cell
    rule: Rule | None = None
    candidates: tuple[Cell, ...] = ()
    scores: tuple[CellScore, ...] = ()
    meaning: Meaning = Meaning.NONE
    nodes: int = 0
    cutoffs: int = 0
    depth: int = 0
    scored: int = 0
    """Moves at the search's horizon valued from its evaluation without being played: not
    positions searched, so not among ``nodes`` (the Searcher's last ply)."""
    seconds: float = 0.0
    line: tuple[Cell, ...] = ()
    rule_cells: tuple[Cell, ...] = ()
    rule_lines: tuple[tuple[Cell, ...], ...] = ()
    rules: str = TIC_TAC_TOE.key
    """The rules' key ("3,3,3", "15,15,5"): ``cells`` is a board of these rules."""
    messages: tuple[str, ...] = ()
    """What an external program said while it thought, in its own words (a Gomocup brain's
    MESSAGE lines: depth, evaluation, best line), for the Thinking dock to show as they are."""
    log: tuple[str, ...] = ()
    """What was said on an external program's pipe since its previous move (``"X 12.3 >
    TURN 7,7"``: the mark, ms since the game's first line, the line), for the game's log."""

    @property
    def board(self) -> Board:
        """The position thought about."""
        return Board.from_string(self.cells, self.to_move, rules=Rules.parse(self.rules))

    def score_of(self, cell: Cell) -> CellScore | None:
        """The score of ``cell``, or None when the player did not score it."""
        for score in self.scores:
            if score.cell == cell:
                return score
        return None


def lines_through(
    lines: tuple[tuple[Cell, ...], ...], cells: tuple[Cell, ...]
) -> tuple[tuple[Cell, ...], ...]:
    """The ``lines`` that pass through any of ``cells``."""
    return tuple(line for line in lines if any(cell in line for cell in cells))


def decisive_rule(
    board: Board,
) -> tuple[Rule, tuple[Cell, ...], tuple[tuple[Cell, ...], ...]] | None:
    """Win or block, as :func:`~ttt_desktop.core.tactics.decisive_moves` decides them.

    The rule, its cells (the same cells, in the same order, as ``decisive_moves``)
    and the lines they complete; None when neither side threatens a line.
    """
    me = board.to_move
    wins = completing_cells(board, me)
    if wins:
        return Rule.WIN, wins, threat_lines(board, me)
    blocks = blocking_cells(board, me.opponent)
    if blocks:
        return Rule.BLOCK, blocks, threat_lines(board, me.opponent)
    return None


def scores_of(values: dict[Cell, float] | dict[Cell, int]) -> tuple[CellScore, ...]:
    """Exact scores from a cell-to-value mapping, in cell order."""
    return tuple(CellScore(cell, values[cell]) for cell in sorted(values))


def proves(score: CellScore) -> int:
    """What an evaluation ``score`` proves for the side to move: 1 a win, -1 a loss, 0 neither.

    A score with ``plies`` is a win (value above 0) or a loss in that many moves. Exact, it
    proves it; a lower bound on a win proves a win (in at most ``plies``) and an upper bound
    on a loss a loss (in at most ``plies``); an upper bound on a win ("no better than a win
    in 7") and a lower bound on a loss prove nothing.
    """
    if score.plies is None or not score.value:
        return 0
    won = score.value > 0
    if score.bound is Bound.EXACT:
        return 1 if won else -1
    if score.bound is Bound.LOWER and won:
        return 1
    if score.bound is Bound.UPPER and not won:
        return -1
    return 0
