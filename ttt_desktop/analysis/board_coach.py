"""The coach on every board: exact where the board is solved, a search with a budget elsewhere.

Tic-tac-toe keeps its own coach (:mod:`ttt_desktop.analysis.coach`, distance-aware and
worded move by move). Every other board is coached here, in two ways, and the words say
which:

* **Solved boards** (:func:`ttt_desktop.analysis.mnk_solver.is_solved`: 4,4,4, 5,4,4...):
  the hint, the value of every cell and the review are proved by the exact solver: win,
  draw or loss with best play (the solver gives no distances there).
* **Boards small enough for the solver** (free-style, at most 63 cells: 5,5,4, 6,4,4...):
  the hint and the cells' values are proved by the solver too whenever it finishes within
  its share of the coach's time (:func:`proof_share`: half on a position with few open
  cells or whose values are held already, a quarter where a side can complete a line next
  move, a tenth as a probe up to 29 open cells, nothing past that). Its tables, its cache
  and what the earlier hints of the game proved make many positions quick (5,5,4's
  positions of up to three stones are read from the tables); else, as below, in the time
  left.
* **Every other board**: a forced win found by the threat-space search
  (:mod:`ttt_desktop.analysis.threats`) is a proof and is stated as one ("X has a forced win
  in 7: h8, ..."); otherwise the hint and the values are what a search found within a
  budget of time ("Best found in 1 s: h8"). The review first settles what is proven about
  each position of the game (a threat win for either side, a search's proof, and the game's
  own end walked back through the replies that were forced), and no verdict contradicts
  it: a move after which its player has a proven forced win is never a mistake. Where
  nothing is proven, it marks the moves the search's evaluation judged worse than its own
  choice by a clear margin, both searched to the same depth, and its words say that the
  verdict is the search's ("Mistake (by a 0.2 s search)") rather than a proof.

The search itself belongs to the players' layer: it comes in as an :data:`Evaluate`
callable (``ttt_desktop.players.coach_search`` gives the Searcher's), so this module
imports the engine and the analysis only. Everything returned is plain data that can travel
between processes; the sentences are made when asked for (:attr:`BoardAdvice.sentence`,
:attr:`BoardVerdict.sentence`), through :func:`ttt_desktop.analysis.coach.translate`, so
they come out in the language of the process that reads them. Nothing here imports Qt.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal, Protocol

from ttt_desktop.analysis import mnk_solver
from ttt_desktop.analysis.coach import (
    PlayerSummary,
    VerdictKind,
    translate,
    verdict_label,
)
from ttt_desktop.analysis.threats import ThreatWin, forced_win, forced_win_after
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.clock import BACKGROUND_PROOF_MS, COACH_BUDGET_MS, REVIEW_BUDGET_MS
from ttt_desktop.core.rules import Rules
from ttt_desktop.core.tactics import completing_cells, stopping_cells

OutcomeWord = Literal["win", "draw", "loss"]
Source = Literal["solved", "threats", "search"]

HINT_THREAT_NODES: Final = 3000
"""The threat search's positions before a hint's search (about a tenth of a second)."""
REVIEW_THREAT_NODES: Final = 600
"""The threat search's positions per position of a reviewed game."""
MISTAKE_DROP: Final = 4
"""A drop of at least this many "threes" (the worth of a window of k-2 stones) is a mistake."""
LINE_SHOWN: Final = 8
"""The most moves of a line a sentence names."""
COACH_PROOF_SHARE: Final = 0.5
"""The share of a hint's time the solver may take to prove a position of a board it can
solve (not one of the solved boards) with few open cells or its values held already (see
:func:`proof_share`); the search has the rest when it does not finish."""
THREAT_PROOF_SHARE: Final = 0.25
"""The share it may take on a position with more open cells where a side can complete a
line at its next move (the blocks make such proofs short)."""
PROBE_SHARE: Final = 0.1
"""The share a short probe of the solver takes on a position with up to
:data:`PROBE_OPEN_CELLS` open cells and no threat."""
PROBE_OPEN_CELLS: Final = 29
"""Measured (seeded random games, positions past 20 open cells with no threat, 0.25 s each):
the solver proved 19 of 71 on 6,6,4 and 6,5,4 (won boards), every one with at most 29 open
cells and all but two within 0.1 s; none of 66 on 7,7,5 (21 to 49 open cells)."""
PROOF_OPEN_CELLS: Final = 20
"""The most open cells (:func:`~ttt_desktop.analysis.mnk_solver.open_cells`) of a position
the solver is tried on without a threat on the board or its values held already.
Measured on random games (every move's value, a second at most): with 18 open cells 5,5,4,
6,4,4, 7,7,5 and 5,5,5 are proved in 0.02-0.5 s; past 20, of 138 positions of 7,7,5,
6,5,4 and 5,5,5 with no side able to complete a line next move, 5 were proved within
0.25 s (all on 6,5,4, a won board); of 33 positions where a side could, 15."""


@dataclass(frozen=True, slots=True)
class CellEstimate:
    """One cell's value for the side to move.

    ``outcome`` is set when it is proven (by the solver, the threat search, or a search that
    reached the end), with ``plies`` to the end where known. ``rank`` is 1 for the search's
    choice (None otherwise: the search proves its other moves no better, it does not rank
    them); ``score`` is the search's evaluation, a bound for the moves not chosen.
    """

    cell: int
    outcome: OutcomeWord | None
    plies: int | None = None
    rank: int | None = None
    score: float = 0.0


@dataclass(frozen=True, slots=True)
class Evaluation:
    """What a search found on one position, for its side to move.

    ``value`` is the best move's evaluation; ``outcome``/``plies`` are set when the search
    proved the result; ``scores`` is each move it tried as (cell, evaluation, proven plies
    or None); ``scale`` is the worth of one window of k-2 stones, the unit of a drop.
    """

    move: int
    value: float
    outcome: OutcomeWord | None
    plies: int | None
    line: tuple[int, ...]
    scores: tuple[tuple[int, float, int | None], ...]
    depth: int
    nodes: int
    seconds: float
    scale: float
    scored: int = 0
    """Moves at the search's horizon valued without being played (not among ``nodes``)."""


class Evaluate(Protocol):
    """A search under a budget: ``evaluate(board, budget_ms=, nodes=, stop=)``, or to exactly
    ``depth`` plies (``budget_ms`` and ``nodes`` None: no limit but ``stop``)."""

    def __call__(
        self,
        board: Board,
        *,
        budget_ms: float | None,
        nodes: int | None,
        stop: Callable[[], bool] | None,
        depth: int | None = None,
    ) -> Evaluation: ...


def is_exact(rules: Rules | str) -> bool:
    """Whether the coach's answers on ``rules`` are proved (a solved board other than 3x3
    counts, as does tic-tac-toe, coached by :mod:`ttt_desktop.analysis.coach`)."""
    return mnk_solver.is_solved(rules)


def _seconds_text(budget_ms: float) -> str:
    return f"{budget_ms / 1000:g}"


def _names(rules: Rules, cells: Sequence[int]) -> str:
    shown = [rules.geometry.name(cell) for cell in cells[:LINE_SHOWN]]
    if len(cells) > LINE_SHOWN:
        shown.append("...")
    return ", ".join(shown)


def _cells_text(rules: Rules, cells: Sequence[int]) -> str:
    names = [rules.geometry.name(cell) for cell in cells]
    if len(names) <= 1:
        return "".join(names)
    return translate("Coach", "{first} or {last}").format(
        first=", ".join(names[:-1]), last=names[-1]
    )


# Advice on one position: the hint and the values together -------------------------------------


@dataclass(frozen=True, slots=True)
class BoardAdvice:
    """The coach's word on one position of any board but 3x3: the best cell(s) and why, and
    what each cell is worth.

    ``source`` says where it comes from: ``solved`` (the exact solver), ``threats`` (a
    forced win proved by the threat search) or ``search`` (the best a search found within
    ``budget_ms``; ``outcome`` is set when the search proved the result). ``line`` is the
    proof or the line the search expects, from the best cell on.
    """

    rules_key: str
    cells_text: str
    mover: str
    source: Source
    cells: tuple[int, ...]
    outcome: OutcomeWord | None
    plies: int | None
    line: tuple[int, ...]
    values: tuple[CellEstimate, ...]
    budget_ms: float | None
    seconds: float
    depth: int = 0
    nodes: int = 0
    block: bool = False
    provable: bool = False
    """Not a proof, but the solver may prove the position given longer: the coach goes on
    proving it in the background (:func:`worth_proving`, :func:`prove`)."""

    @property
    def rules(self) -> Rules:
        return Rules.parse(self.rules_key)

    @property
    def mark(self) -> Mark:
        return Mark(self.mover)

    @property
    def proven(self) -> bool:
        """True when the advice is a proof (solved board, threat win, or a search's proof)."""
        return self.source != "search" or self.outcome is not None

    @property
    def sentence(self) -> str:
        """The hint in words, in the reading process's language."""
        rules = self.rules
        mark = self.mover
        opponent = self.mark.opponent.value
        cell = _cells_text(rules, self.cells)
        if self.outcome == "win" and self.plies == 1:
            if len(self.cells) == 1:
                return translate("Coach", "Take {cell}: it wins at once").format(cell=cell)
            return translate("Coach", "Take {cell}: each wins at once").format(cell=cell)
        if self.source == "solved":
            if self.outcome == "win":
                if len(self.cells) == 1:
                    text = translate("Coach", "Take {cell}: it wins with best play (proved)")
                else:
                    text = translate("Coach", "Any of {cell} wins with best play (proved)")
            elif self.outcome == "draw":
                if len(self.cells) == 1:
                    text = translate(
                        "Coach", "Take {cell}: it is the only move that keeps the draw"
                    )
                else:
                    text = translate("Coach", "Any of {cells} keeps the draw")
            else:
                text = translate(
                    "Coach", "Whatever you play, {opponent} wins with best play (proved)"
                )
            return text.format(cell=cell, cells=cell, opponent=opponent)
        if self.outcome == "win" and self.plies is not None:
            text = translate("Coach", "{mark} has a forced win in {plies}: {moves}")
            return text.format(mark=mark, plies=self.plies, moves=_names(rules, self.line))
        seconds = _seconds_text(self.budget_ms or 0.0)
        if self.outcome == "loss":
            text = translate(
                "Coach",
                "{opponent} has a forced win whatever you play; {cell} holds out longest "
                "(found in {seconds} s)",
            )
            return text.format(opponent=opponent, cell=cell, seconds=seconds)
        if self.block:
            text = translate("Coach", "Block {cell} (best found in {seconds} s)")
            return text.format(cell=cell, seconds=seconds)
        text = translate("Coach", "Best found in {seconds} s: {cell}; the search expects {line}")
        return text.format(seconds=seconds, cell=cell, line=_names(rules, self.line))

    def value_of(self, cell: int) -> CellEstimate | None:
        return next((value for value in self.values if value.cell == cell), None)


def estimate_words(value: CellEstimate) -> str:
    """A cell's value in a word or two: "win", "draw", "loss", "wins in 3", "best found"
    (the search's choice); "" for a cell the search tried without proving anything."""
    if value.outcome is not None and value.plies is not None and value.outcome != "draw":
        n = (value.plies + 1) // 2
        if value.outcome == "win":
            return translate("Coach", "wins in %n", None, n)
        return translate("Coach", "loses in %n", None, n)
    if value.outcome == "win":
        return translate("Coach", "win")
    if value.outcome == "loss":
        return translate("Coach", "loss")
    if value.outcome == "draw":
        return translate("Coach", "draw")
    return translate("Coach", "best found") if value.rank == 1 else ""


def estimate_description(value: CellEstimate, budget_ms: float | None) -> str:
    """The long form for a screen reader."""
    if value.outcome == "win":
        return translate("Coach", "playing here wins with best play")
    if value.outcome == "loss":
        return translate("Coach", "playing here loses against best play")
    if value.outcome == "draw":
        return translate("Coach", "playing here leads to a draw with best play")
    text = translate("Coach", "the best move a search of {seconds} s found")
    return text.format(seconds=_seconds_text(budget_ms or 0.0))


def value_tone(value: CellEstimate) -> OutcomeWord:
    """The colour a value is drawn in: a proven outcome's, or the search's choice as a win."""
    if value.outcome is not None:
        return value.outcome
    return "win" if value.rank == 1 else "draw"


def _outcome(value: int) -> OutcomeWord:
    return {1: "win", 0: "draw", -1: "loss"}[value]  # type: ignore[return-value]


def _solvable(rules: Rules) -> bool:
    """Whether the solver can try ``rules`` (free-style, few enough cells)."""
    return not rules.exact and rules.size <= mnk_solver.SOLVER_MAX_CELLS


def proof_share(board: Board) -> float:
    """The share of a hint's time the solver is given on ``board``, 0 where it is not worth
    trying: a board it can solve, and the values of every move proved already in this
    process (the shipped tables, the cache, an earlier hint of the game: an answer at once),
    few open cells (:data:`PROOF_OPEN_CELLS`) or a board the solver proves whole in seconds
    (:data:`~ttt_desktop.analysis.mnk_solver.QUICK_PROOFS`, every position there, each try
    leaving its proofs for the next): :data:`COACH_PROOF_SHARE`; a side able to
    complete a line at its next move: :data:`THREAT_PROOF_SHARE`; up to
    :data:`PROBE_OPEN_CELLS` open cells a short probe (:data:`PROBE_SHARE`). The test costs
    about a millisecond; where it says 0 the whole time goes to the search."""
    if not _solvable(board.rules) or board.is_over:
        return 0.0
    if board.rules.key in mnk_solver.QUICK_PROOFS:
        return COACH_PROOF_SHARE
    if mnk_solver.open_cells(board) <= PROOF_OPEN_CELLS or mnk_solver.values_known(board):
        return COACH_PROOF_SHARE
    mark = board.to_move
    if completing_cells(board, mark) or completing_cells(board, mark.opponent):
        return THREAT_PROOF_SHARE
    if mnk_solver.open_cells(board) <= PROBE_OPEN_CELLS:
        return PROBE_SHARE
    return 0.0


def worth_proving(board: Board, advice: BoardAdvice) -> bool:
    """Whether the coach should go on proving ``board`` once ``advice`` (not the solver's)
    is on show: a board the solver proves whole in seconds
    (:data:`~ttt_desktop.analysis.mnk_solver.QUICK_PROOFS`, every position of which it has
    proved within :data:`BACKGROUND_PROOF_MS` in the measurements), or a position of another
    board it can solve on which it was given a share of the hint's time
    (:func:`proof_share`): such positions are often proved in seconds."""
    if advice.source == "solved" or board.is_over or not _solvable(board.rules):
        return False
    return board.rules.key in mnk_solver.QUICK_PROOFS or proof_share(board) > 0


def prove(
    board: Board, budget_ms: float = BACKGROUND_PROOF_MS, stop: Callable[[], bool] | None = None
) -> BoardAdvice | None:
    """The solver's advice on ``board`` (every move's proved value), when it is proved within
    ``budget_ms``; None when it is not (what the solver proved meanwhile stays in its table
    for the next try). The coach's proof in the background, after its first answer."""
    return _proved_within(board, budget_ms, 1.0, stop)


def _proved_within(
    board: Board, budget_ms: float, share: float, stop: Callable[[], bool] | None
) -> BoardAdvice | None:
    """The solver's advice on a board it can solve, when it proves the position within
    ``share`` of ``budget_ms`` (see :func:`proof_share`); None when time ran out (what it
    proved meanwhile stays in the solver's table for the next try). ``stop`` still stops it
    (the solver's stopped error goes up)."""
    deadline = time.perf_counter() + budget_ms * share / 1000

    def out_of_time() -> bool:
        return time.perf_counter() >= deadline or (stop is not None and stop())

    try:
        return _solved_advice(board, out_of_time)
    except mnk_solver.SolveStopped:
        if stop is not None and stop():
            raise
        return None


def _solved_advice(board: Board, stop: Callable[[], bool] | None) -> BoardAdvice:
    started = time.perf_counter()
    values = mnk_solver.move_values(board, stop=stop)
    best_value = max(values.values())
    wins_now = completing_cells(board, board.to_move)
    if wins_now:
        best = tuple(sorted(wins_now))
        plies: int | None = 1
    else:
        best = tuple(cell for cell, value in values.items() if value == best_value)
        plies = None
    block = len(completing_cells(board, board.to_move.opponent)) == 1 and not wins_now
    estimates = tuple(
        CellEstimate(cell, _outcome(value), 1 if cell in wins_now else None)
        for cell, value in values.items()
    )
    return BoardAdvice(
        board.rules.key,
        board.cells,
        board.to_move.value,
        "solved",
        best,
        _outcome(best_value),
        plies,
        best[:1],
        estimates,
        None,
        time.perf_counter() - started,
        block=block,
    )


def _estimates(
    evaluation: Evaluation, proof: tuple[int, int] | None = None
) -> tuple[CellEstimate, ...]:
    """The cells the search tried: proven results, and its choice (or ``proof``'s first cell,
    a (cell, plies) win the threat search proved) as rank 1."""
    chosen = evaluation.move if proof is None else proof[0]
    estimates = []
    for cell, score, proven_plies in sorted(evaluation.scores):
        outcome: OutcomeWord | None = None
        plies = proven_plies
        if plies is not None:
            outcome = "win" if score > 0 else "loss"
        if proof is not None and cell == chosen:
            outcome, plies = "win", proof[1]
        estimates.append(CellEstimate(cell, outcome, plies, 1 if cell == chosen else None, score))
    if proof is not None and all(value.cell != chosen for value in estimates):
        estimates.append(CellEstimate(chosen, "win", proof[1], 1, evaluation.value))
    return tuple(sorted(estimates, key=lambda value: value.cell))


def advise(
    board: Board,
    evaluate: Evaluate,
    *,
    budget_ms: float | None = COACH_BUDGET_MS,
    nodes: int | None = None,
    threat_nodes: int = HINT_THREAT_NODES,
    stop: Callable[[], bool] | None = None,
) -> BoardAdvice:
    """The coach's advice on ``board`` (not 3x3, not over): exact on solved boards, else a
    threat search's proof or the best ``evaluate`` finds within ``budget_ms`` (or ``nodes``),
    marked :attr:`~BoardAdvice.provable` where the solver may prove it given longer.

    ``stop`` ends the work early (the searches raise their own "stopped" errors)."""
    advice = _advise(board, evaluate, budget_ms, nodes, threat_nodes, stop)
    if worth_proving(board, advice):
        return dataclasses.replace(advice, provable=True)
    return advice


def _advise(  # noqa: PLR0917  (advise's own arguments)
    board: Board,
    evaluate: Evaluate,
    budget_ms: float | None,
    nodes: int | None,
    threat_nodes: int,
    stop: Callable[[], bool] | None,
) -> BoardAdvice:
    if board.is_over:
        raise ValueError("the game is over: there is nothing to advise")
    if mnk_solver.is_solved(board.rules) and not board.rules.exact:
        return _solved_advice(board, stop)
    started = time.perf_counter()
    search_ms = budget_ms
    share = 0.0 if budget_ms is None else proof_share(board)
    if budget_ms is not None and share > 0:
        proved = _proved_within(board, budget_ms, share, stop)
        if proved is not None:
            return proved
        # The search has what the solver's try left of the time.
        search_ms = max(1.0, budget_ms - (time.perf_counter() - started) * 1000)
    mark = board.to_move
    wins_now = completing_cells(board, mark)
    threat = None if wins_now else forced_win(board, max_nodes=threat_nodes, stop=stop)
    evaluation = evaluate(board, budget_ms=search_ms, nodes=nodes, stop=stop)
    if wins_now:
        values = tuple(
            CellEstimate(cell, "win", 1, 1, evaluation.value) for cell in sorted(wins_now)
        )
    else:
        values = _estimates(evaluation, None if threat is None else (threat.line[0], threat.plies))
    seconds = time.perf_counter() - started
    common = (board.rules.key, board.cells, mark.value)
    if wins_now:
        best = tuple(sorted(wins_now))
        return BoardAdvice(*common, "threats", best, "win", 1, best[:1], values, budget_ms, seconds)
    if threat is not None:
        return BoardAdvice(
            *common,
            "threats",
            threat.line[:1],
            "win",
            threat.plies,
            threat.line,
            values,
            budget_ms,
            seconds,
            evaluation.depth,
            evaluation.nodes,
        )
    # "Block" only for a move that stops every line of the opponent's (under caro the far
    # end of a five may; under renju black's block may be forbidden, and is then no hint).
    block = evaluation.move in stopping_cells(board, mark.opponent)
    return BoardAdvice(
        *common,
        "search",
        (evaluation.move,),
        evaluation.outcome,
        evaluation.plies,
        evaluation.line,
        values,
        budget_ms,
        seconds,
        evaluation.depth,
        evaluation.nodes,
        block=block and evaluation.outcome is None,
    )


# Review of a game ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardVerdict:
    """One move of a game on any board but 3x3, judged by the solver or a search.

    ``better`` is the cell the coach preferred (empty for a move as good as it),
    ``line`` the line it preferred from the position before the move, ``refutation``
    the line after the move played. ``drop`` is how much the evaluation fell for the
    mover, in "threes" (0 on solved boards and for proofs). ``proven`` says the verdict
    is a proof (the solver's, a threat win's, or the game's forced end), not a search's
    opinion; ``budget_ms`` is that search's time per position (None on solved boards).
    """

    rules_key: str
    ply: int
    mark: Mark
    cell: int
    kind: VerdictKind
    better: tuple[int, ...]
    line: tuple[int, ...]
    refutation: tuple[int, ...]
    drop: float
    proof_plies: int | None
    exact: bool
    proven: bool = False
    budget_ms: float | None = None

    @property
    def number(self) -> int:
        """The move's number in the game, counting from 1."""
        return self.ply + 1

    @property
    def keeps_value(self) -> bool:
        return self.kind in ("best", "kept")

    @property
    def tone(self) -> OutcomeWord:
        """How the move is drawn: a lost move as a loss, a missed win as a draw."""
        if self.kind in ("mistake", "blunder"):
            return "loss"
        return "draw" if self.kind == "missed_win" else "win"

    @property
    def label(self) -> str:
        """The verdict in a word or two, and off the solved boards what it rests on:
        "Mistake (by a 0.2 s search)", "Blunder (proven)"."""
        word = verdict_label(self.kind)
        if self.exact:
            return word
        if self.proven:
            return translate("Coach", "{verdict} (proven)").format(verdict=word)
        text = translate("Coach", "{verdict} (by a {seconds} s search)")
        return text.format(verdict=word, seconds=_seconds_text(self.budget_ms or 0.0))

    @property
    def sentence(self) -> str:
        """Why the move was not the best, in the reading process's language ("" if it was)."""
        if self.keeps_value:
            return ""
        rules = Rules.parse(self.rules_key)
        move = f"{self.mark.value}{rules.geometry.name(self.cell)}"
        better = _cells_text(rules, self.better)
        line = _names(rules, self.line)
        if self.kind == "missed_win":
            if self.proof_plies is not None:
                text = translate("Coach", "{move} missed a forced win in {plies}: {line}.")
            else:
                text = translate("Coach", "{move} let a won game go; {better} won ({line}).")
            return text.format(move=move, line=line, better=better, plies=self.proof_plies)
        if self.kind == "blunder":
            if self.exact:
                text = translate(
                    "Coach",
                    "After {move}, {opponent} wins: {refutation}; {better} was better ({line}).",
                )
            elif self.proven:
                text = translate(
                    "Coach",
                    "After {move}, {opponent} has a forced win: {refutation}; {better} was a "
                    "forced win ({line}).",
                )
            else:
                text = translate(
                    "Coach",
                    "After {move}, {opponent} has a forced win: {refutation}; the search "
                    "preferred {better} ({line}).",
                )
            return text.format(
                move=move,
                opponent=self.mark.opponent.value,
                refutation=_names(rules, self.refutation),
                better=better,
                line=line,
            )
        if self.exact:
            text = translate(
                "Coach", "{move} turned a drawn game into a loss; {better} held ({line})."
            )
            return text.format(move=move, better=better, line=line)
        text = translate(
            "Coach", "{move} lost ground by the search's evaluation; it preferred {line}."
        )
        return text.format(move=move, line=line)


@dataclass(frozen=True)
class BoardReview:
    """A game on any board but 3x3, reviewed: verdicts, summaries per player, the cost."""

    verdicts: tuple[BoardVerdict, ...]
    summaries: Mapping[Mark, PlayerSummary]
    exact: bool
    budget_ms: float | None
    seconds: float

    @property
    def first_mistake(self) -> BoardVerdict | None:
        return next((verdict for verdict in self.verdicts if not verdict.keeps_value), None)

    @property
    def method(self) -> str:
        """How the game was judged, in words."""
        if self.exact:
            return translate("Coach", "Judged by the exact solver.")
        text = translate("Coach", "Judged by a search of {budget} s per move ({seconds} s in all).")
        return text.format(
            budget=_seconds_text(self.budget_ms or 0.0), seconds=f"{self.seconds:.1f}"
        )


@dataclass(frozen=True, slots=True)
class _Position:
    """What the coach knows about one position of a reviewed game, for its side to move."""

    best: int
    value: float
    outcome: OutcomeWord | None
    plies: int | None
    line: tuple[int, ...]
    values: Mapping[int, OutcomeWord] | None  # every move's exact value (solved boards)
    scale: float
    depth: int = 0  # the search's last finished depth


def _position(
    board: Board,
    evaluate: Evaluate | None,
    *,
    budget_ms: float | None,
    nodes: int | None,
    threat_nodes: int,
    stop: Callable[[], bool] | None,
) -> _Position:
    if board.is_over:
        outcome: OutcomeWord = "draw" if board.winner is None else "loss"
        return _Position(-1, 0.0, outcome, 0, (), None, 1.0)
    if evaluate is None:
        values = mnk_solver.move_values(board, stop=stop)
        best_value = max(values.values())
        best = next(cell for cell, value in values.items() if value == best_value)
        words = {cell: _outcome(value) for cell, value in values.items()}
        return _Position(best, float(best_value), words[best], None, (best,), words, 1.0)
    evaluation = evaluate(board, budget_ms=budget_ms, nodes=nodes, stop=stop)
    if evaluation.outcome is None and threat_nodes > 0:
        threat = forced_win(board, max_nodes=threat_nodes, stop=stop)
        if threat is not None:
            return _Position(
                threat.line[0],
                evaluation.value,
                "win",
                threat.plies,
                threat.line,
                None,
                evaluation.scale,
                evaluation.depth,
            )
    return _Position(
        evaluation.move,
        evaluation.value,
        evaluation.outcome,
        evaluation.plies,
        evaluation.line,
        None,
        evaluation.scale,
        evaluation.depth,
    )


def _proven_winners(
    boards: Sequence[Board],
    moves: Sequence[int],
    positions: Sequence[_Position],
    held: Sequence[ThreatWin | None],
) -> list[tuple[Mark | None, tuple[int, ...]]]:
    """For each position of the game, the side proven to win from it (or None) and the
    proof's line from there.

    A position is won for its side to move when the solver, the threat search or the search
    proved it, or when the move played there reached a proven win; it is won for the other
    side when the threat search proved that side's win whatever the reply (``held``), or
    when the reply played was forced and reached that side's proven win: with none of the
    side's own to complete, lines of the other side's that no one move stops (two cells to
    complete at once; under caro no cell that blocks one and closes the other's five; under
    renju black's only stop forbidden), or the one move that stops them played. Walked back
    from the game's end, so a forced finish the searches ran out of nodes for is still
    proven by the game itself.
    """
    known: list[tuple[Mark | None, tuple[int, ...]]] = [(None, ())] * len(boards)
    for ply in reversed(range(len(boards))):
        board = boards[ply]
        if board.is_over:
            known[ply] = (board.winner, ())
            continue
        mark = board.to_move
        position, threat = positions[ply], held[ply]
        if position.outcome == "win":
            known[ply] = (mark, position.line)
        elif position.outcome == "loss":
            known[ply] = (mark.opponent, position.line)
        elif threat is not None:
            known[ply] = (mark.opponent, threat.line)
        elif ply < len(moves):
            winner, line = known[ply + 1]
            cell = moves[ply]
            if winner is mark:
                known[ply] = (mark, (cell, *line))
            elif winner is mark.opponent and not completing_cells(board, mark):
                threats_against = completing_cells(board, mark.opponent)
                if threats_against:
                    stops = stopping_cells(board, mark.opponent)
                    forbidden = board.forbidden_cells()  # black's, under renju
                    stops = tuple(stop for stop in stops if stop not in forbidden)
                    if stops in ((), (cell,)):
                        known[ply] = (winner, (cell, *line))
    return known


def _judge(
    rules: Rules,
    ply: int,
    board: Board,
    cell: int,
    *,
    before: _Position,
    after: _Position,
    following: _Position | None,
    known_before: tuple[Mark | None, tuple[int, ...]],
    known_after: tuple[Mark | None, tuple[int, ...]],
    drop_of: Callable[[], float],
    budget_ms: float | None,
) -> BoardVerdict:
    """The verdict on ``cell`` played on ``board``: what is proven first, the search's
    opinion only where nothing is (``following`` is the next position the mover faced in
    the game, if the game went on; ``drop_of`` the same-depth drop in threes)."""
    mark = board.to_move
    exact = before.values is not None
    won_before, _ = known_before
    won_after, proof_after = known_after
    drop = 0.0
    proven = True
    line = before.line
    kind: VerdictKind
    if board.play(cell).winner is mark:
        kind = "best"
    elif exact:
        assert before.values is not None
        was, now = before.outcome, before.values[cell]
        if cell == before.best or now == was:
            kind = "best"
        elif was == "win":
            kind = "missed_win" if now == "draw" else "blunder"
        else:
            kind = "mistake"
    elif won_after is mark:
        # A proven win after the move: never a mistake, whatever a search thought of it.
        kind = "best" if cell == before.best else "kept"
    elif won_before is mark and known_before[1][:1] == (cell,):
        kind = "best"  # the first move of the proof
    elif won_before is mark.opponent:
        kind = "kept"  # lost before the move, whatever it was
    elif won_after is mark.opponent:
        kind = "blunder"
        proven = won_before is mark  # else: no forced win for them was found before it
    elif won_before is mark:
        kind = "missed_win"  # no proof the move kept the win: the search's word
        proven = False
    elif cell == before.best:
        kind = "best"
        proven = False
    else:
        # Each position searched within its budget reaches its own depth, and a search's
        # values at depths of other parities differ by the side to move's share of the
        # evaluation: a mistake is a drop every look confirms (see review_moves).
        drop = (before.value + after.value) / max(before.scale, 1.0)
        if drop >= MISTAKE_DROP and following is not None:
            if following.outcome == "win":
                drop = 0.0  # its player could force a win at its next turn
            elif following.outcome is None:
                drop = min(drop, (before.value - following.value) / max(before.scale, 1.0))
        if drop >= MISTAKE_DROP:
            drop = min(drop, drop_of())
        kind = "mistake" if drop >= MISTAKE_DROP else "kept"
        proven = False
    refutation = proof_after if kind == "blunder" and not exact and proof_after else after.line
    if won_before is mark and not exact:
        line = known_before[1] or line
    better = () if kind in ("best", "kept") else (line[0] if line else before.best,)
    proof = before.plies if kind == "missed_win" else None
    if kind == "missed_win" and not exact and proof is None:
        proof = len(line) or None
    return BoardVerdict(
        rules.key,
        ply,
        mark,
        cell,
        kind,
        better,
        line,
        refutation,
        round(drop, 1),
        proof,
        exact,
        proven or exact,
        None if exact else budget_ms,
    )


def _matched_drop(
    board: Board,
    cell: int,
    before: _Position,
    evaluate: Evaluate,
    stop: Callable[[], bool] | None,
) -> float:
    """How far ``cell`` falls short of the search's choice on ``board``, in threes, with the
    position after it searched to the depth the search's choice was searched to (one ply
    less than the position before), so that both values share a horizon."""
    depth = max(before.depth - 1, 1)
    after = evaluate(board.play(cell), budget_ms=None, nodes=None, stop=stop, depth=depth)
    return (before.value + after.value) / max(before.scale, 1.0)


def review_moves(
    rules: Rules | str,
    first: Mark | str,
    moves: Sequence[int],
    evaluate: Evaluate | None,
    *,
    budget_ms: float | None = REVIEW_BUDGET_MS,
    nodes: int | None = None,
    threat_nodes: int = REVIEW_THREAT_NODES,
    stop: Callable[[], bool] | None = None,
) -> tuple[tuple[BoardVerdict, ...], float]:
    """Every move of a game judged, and the seconds it took.

    On solved boards the solver judges (``evaluate`` is not used). Elsewhere each position
    is searched once within ``budget_ms`` (or ``nodes``) and given to the threat search for
    either side (``threat_nodes`` each); what that proves, with the game's own forced end
    (:func:`_proven_winners`), is settled first. A move nothing proves anything about is a
    mistake when every look of the search finds its player :data:`MISTAKE_DROP` threes or
    more worse off than before it: the position after it searched within the budget, the
    same position searched to the depth the search's own choice was (so that both values
    share a horizon), and the position its player faced next in the game.
    """
    started = time.perf_counter()
    rules = Rules.parse(rules) if isinstance(rules, str) else rules
    exact = mnk_solver.is_solved(rules) and not rules.exact
    search = None if exact else evaluate
    if search is None and not exact:
        raise ValueError(f"{rules.key} is not solved: the review needs a search")
    boards = [Board.empty(Mark(first), rules)]
    for cell in moves:
        boards.append(boards[-1].play(cell))
    positions = [
        _position(
            board,
            search,
            budget_ms=budget_ms,
            nodes=nodes,
            threat_nodes=threat_nodes,
            stop=stop,
        )
        for board in boards
    ]
    held = [
        None
        if search is None or threat_nodes <= 0 or ply == 0
        else forced_win_after(board, max_nodes=threat_nodes, stop=stop)
        for ply, board in enumerate(boards)
    ]
    known = _proven_winners(boards, moves, positions, held)

    def drop_of(ply: int) -> Callable[[], float]:
        def drop() -> float:
            assert search is not None
            return _matched_drop(boards[ply], moves[ply], positions[ply], search, stop)

        return drop

    verdicts = tuple(
        _judge(
            rules,
            ply,
            boards[ply],
            cell,
            before=positions[ply],
            after=positions[ply + 1],
            following=(
                positions[ply + 2]
                if ply + 2 < len(boards) and not boards[ply + 2].is_over
                else None
            ),
            known_before=known[ply],
            known_after=known[ply + 1],
            drop_of=drop_of(ply),
            budget_ms=budget_ms,
        )
        for ply, cell in enumerate(moves)
    )
    return verdicts, time.perf_counter() - started
