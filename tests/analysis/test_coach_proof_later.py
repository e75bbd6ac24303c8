"""The coach's proof after its first answer (``board_coach.worth_proving``, ``prove``): on a
board the solver proves, a position its share of the hint's time left unproved is proved
given longer, with every move's value the solver's."""

from __future__ import annotations

import pytest

from ttt_desktop.analysis import board_coach, mnk_solver
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.rules import GOMOKU, Rules
from ttt_desktop.players.coach_search import evaluate, prove_job

SIX_FIVE = Rules(6, 5, 4)


def position(rules: Rules, names: str) -> Board:
    board = Board.empty(Mark.X, rules)
    return board.play_all(rules.geometry.parse(name) for name in names.split())


def test_a_position_unproved_in_a_hints_share_is_proved_later() -> None:
    board = position(SIX_FIVE, "b4 c5 b2")
    mnk_solver.forget_known()
    first = board_coach.advise(board, evaluate, budget_ms=1, nodes=300)
    assert first.source == "search" and first.provable
    later = board_coach.prove(board)
    assert later is not None and later.source == "solved" and not later.provable
    values = mnk_solver.move_values(board)
    word = {1: "win", 0: "draw", -1: "loss"}
    assert {value.cell: value.outcome for value in later.values} == {
        cell: word[value] for cell, value in values.items()
    }
    # The job the search process runs gives the same advice.
    job = prove_job(SIX_FIVE.key, board.cells, board.to_move.value, 60_000, stop=lambda: False)
    assert job is not None and job.values == later.values


def test_a_proof_out_of_time_says_none() -> None:
    board = position(SIX_FIVE, "c1 f3 d5")
    mnk_solver.forget_known()
    assert board_coach.prove(board, budget_ms=1) is None


@pytest.mark.parametrize(
    ("rules", "names", "wanted"),
    [
        (SIX_FIVE, "b4 c5 b2", True),  # a board the solver proves whole in a second
        (GOMOKU, "h8 h9", False),  # too many cells for the solver
        (Rules(7, 7, 5), "d4 c3", False),  # its opening: far beyond the solver's reach
    ],
)
def test_what_is_worth_proving_later(rules: Rules, names: str, wanted: bool) -> None:
    board = position(rules, names)
    advice = board_coach.advise(board, evaluate, budget_ms=1, nodes=300)
    assert advice.provable is wanted
    assert board_coach.worth_proving(board, advice) is wanted
