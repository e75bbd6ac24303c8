"""The coach's search on boards nobody has solved: the Searcher under a budget, as plain data.

:mod:`ttt_desktop.analysis.board_coach` takes its search as a callable;
:func:`evaluate` is that callable, built on the Searcher
(:mod:`ttt_desktop.players.searcher`, iterative-deepening alpha-beta). :func:`advise_job`
and :func:`review_job` are what the window runs in its search process (a
:class:`~ttt_desktop.players.process.CallJob`), so a hint on 15x15 never makes the window
wait: positions travel as rules key, cells and side to move, answers as plain data, and
every search listens to ``stop``.

Nothing here imports Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ttt_desktop.analysis import board_coach
from ttt_desktop.analysis.board_coach import BoardAdvice, BoardVerdict, Evaluation
from ttt_desktop.analysis.mnk_solver import SolveStopped
from ttt_desktop.analysis.threats import ThreatSearchStopped
from ttt_desktop.core.board import Board
from ttt_desktop.core.clock import COACH_BUDGET_MS
from ttt_desktop.players.searcher import SearcherPlayer, tables_for
from ttt_desktop.players.thought import SearchStopped, proves

COACH_SEED = 20_240
"""The Searcher's seed for the coach: the same position gets the same advice."""


def evaluate(
    board: Board,
    *,
    budget_ms: float | None,
    nodes: int | None,
    stop: Callable[[], bool] | None,
    depth: int | None = None,
) -> Evaluation:
    """The Searcher's view of ``board`` within ``budget_ms`` and/or ``nodes``, or to
    exactly ``depth`` plies (then with no time limit unless ``budget_ms`` is given).

    Raises :class:`~ttt_desktop.players.thought.SearchStopped` when ``stop`` answered true
    before the first iteration finished."""
    if budget_ms is None and nodes is None and depth is None:
        budget_ms = COACH_BUDGET_MS
    player = SearcherPlayer(seed=COACH_SEED, budget_ms=budget_ms, nodes=nodes, depth=depth)
    # The coach values every root move at one depth (its verdicts compare them), so it
    # answers from the last finished iteration, never from one cut short; and it answers
    # as soon as a further iteration is unlikely to finish (after 40% of the budget).
    player.whole_budget = False
    thought = player.think(board, stop=stop)
    tables = tables_for(board.rules)
    # Moves to the end only where the score proves the win or loss (not on a bound that
    # says "no better than a win in 7").
    scores = tuple(
        (score.cell, float(score.value), score.plies if proves(score) else None)
        for score in thought.scores
    )
    best = next((score for score in thought.scores if score.cell == thought.move), None)
    value = float(best.value) if best is not None else 0.0
    outcome: board_coach.OutcomeWord | None = None
    plies = None
    if best is not None and proves(best):
        outcome = "win" if best.value > 0 else "loss"
        plies = best.plies
    elif thought.scores and all(proves(score) < 0 for score in thought.scores):
        outcome, plies = "loss", max(score.plies or 0 for score in thought.scores)
    return Evaluation(
        thought.move,
        value,
        outcome,
        plies,
        tuple(thought.line) or (thought.move,),
        scores,
        thought.depth,
        thought.nodes,
        thought.seconds,
        float(tables.weights[max(tables.k - 2, 1)]),
        thought.scored,
    )


def advise_job(
    rules: str,
    cells: str,
    to_move: str,
    budget_ms: float | None,
    nodes: int | None,
    *,
    stop: Callable[[], bool],
) -> BoardAdvice:
    """:func:`~ttt_desktop.analysis.board_coach.advise` on a position given as text (a job
    for the search process)."""
    board = Board.from_string(cells, to_move, rules=rules)
    try:
        return board_coach.advise(board, evaluate, budget_ms=budget_ms, nodes=nodes, stop=stop)
    except (SolveStopped, ThreatSearchStopped):
        raise SearchStopped("the coach was told to stop") from None


def prove_job(
    rules: str,
    cells: str,
    to_move: str,
    budget_ms: float,
    *,
    stop: Callable[[], bool],
) -> BoardAdvice | None:
    """:func:`~ttt_desktop.analysis.board_coach.prove` on a position given as text (a job
    for the search process): the solver's advice, or None when ``budget_ms`` ran out."""
    board = Board.from_string(cells, to_move, rules=rules)
    try:
        return board_coach.prove(board, budget_ms, stop)
    except SolveStopped:
        raise SearchStopped("the coach was told to stop") from None


def review_job(
    rules: str,
    first: str,
    moves: Sequence[int],
    budget_ms: float | None,
    nodes: int | None,
    *,
    stop: Callable[[], bool],
) -> tuple[tuple[BoardVerdict, ...], float]:
    """:func:`~ttt_desktop.analysis.board_coach.review_moves` with the Searcher (a job for
    the search process)."""
    try:
        return board_coach.review_moves(
            rules, first, moves, evaluate, budget_ms=budget_ms, nodes=nodes, stop=stop
        )
    except (SolveStopped, ThreatSearchStopped):
        raise SearchStopped("the coach was told to stop") from None
