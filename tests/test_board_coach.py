"""The coach on boards other than 3x3: exact on the solved boards, a threat proof or a search
with its budget elsewhere, and the review of a big-board game."""

from __future__ import annotations

from ttt_desktop.analysis import board_coach, mnk_solver
from ttt_desktop.analysis.coach import summarise
from ttt_desktop.engine.board import Board, Mark
from ttt_desktop.engine.rules import GOMOKU, Rules
from ttt_desktop.players.coach_search import advise_job, evaluate, review_job

FOUR = Rules.parse("4,4,4")
G = GOMOKU.geometry


def gomoku(names: str) -> Board:
    return Board.empty(Mark.X, GOMOKU).play_all(G.parse(name) for name in names.split())


def never() -> bool:
    return False


def test_values_and_hint_on_4x4_agree_with_the_solver() -> None:
    positions = [
        Board.empty(Mark.X, FOUR),
        Board.empty(Mark.X, FOUR).play_all([5, 0]),
        Board.empty(Mark.X, FOUR).play_all([0, 5, 1, 10, 2]),  # X threatens d4: O must block
        Board.empty(Mark.X, FOUR).play_all([0, 4, 1, 5, 2]),  # X on a4-c4, O to move
    ]
    for board in positions:
        advice = board_coach.advise(board, evaluate)
        exact = mnk_solver.move_values(board)
        assert advice.source == "solved" and advice.proven
        words = {1: "win", 0: "draw", -1: "loss"}
        assert {value.cell: value.outcome for value in advice.values} == {
            cell: words[value] for cell, value in exact.items()
        }
        best = max(exact.values())
        assert set(advice.cells) <= {cell for cell, value in exact.items() if value == best}
        assert advice.outcome == words[best]
    blocking = board_coach.advise(positions[2], evaluate)
    assert blocking.cells == (FOUR.geometry.parse("d4"),)


def test_a_hint_on_15x15_with_a_threat_win_is_stated_as_proven() -> None:
    board = gomoku("h8 a1 i8 a3 j8 a5 h9 a7 h10 a9")
    advice = advise_job(GOMOKU.key, board.cells, "X", 100.0, 2000, stop=never)
    assert advice.source == "threats" and advice.proven
    assert advice.cells == (G.parse("h11"),)
    assert advice.sentence.startswith("X has a forced win in 3: h11, ")
    # The proof's first cell reads as the win it is among the values.
    h11 = advice.value_of(G.parse("h11"))
    assert h11 is not None and h11.outcome == "win" and h11.plies == 3
    assert board_coach.value_words(h11) == "wins in 2"


def test_a_win_at_once_on_15x15_says_so() -> None:
    board = gomoku("h8 a1 i8 a3 j8 a5 k8 a7")
    advice = board_coach.advise(board, evaluate, budget_ms=100, nodes=2000)
    assert advice.cells == (G.parse("g8"), G.parse("l8"))
    assert advice.sentence == "Take g8 or l8: each wins at once"


def test_a_hint_on_an_open_15x15_position_says_best_found_with_its_budget() -> None:
    board = gomoku("h8 h9 i8 g7 j9 i10")
    advice = board_coach.advise(board, evaluate, budget_ms=100, nodes=3000, threat_nodes=200)
    assert advice.source == "search" and not advice.proven
    name = G.name(advice.cells[0])
    assert advice.sentence.startswith(f"Best found in 0.1 s: {name}; the search expects {name}")
    assert advice.line[0] == advice.cells[0]
    # The values: the search's choice is the one it names; the others it proved no better.
    chosen = [value.cell for value in advice.values if value.rank == 1]
    assert chosen == [advice.cells[0]]
    assert board_coach.value_words(advice.value_of(advice.cells[0])) == "best found"  # type: ignore[arg-type]
    assert len(advice.values) > 1


def test_review_of_a_15x15_game_marks_the_blunder_and_the_line_preferred() -> None:
    # X builds an open three on row 8; O (move 6) plays far away instead of blocking.
    names = ["h8", "h9", "i8", "g7", "j8", "a1", "k8", "a2", "l8"]
    moves = [G.parse(name) for name in names]
    verdicts, seconds = review_job(GOMOKU.key, "X", moves, 50.0, 3000, stop=never)
    assert seconds > 0
    assert [verdict.number for verdict in verdicts] == list(range(1, 10))
    blunder = verdicts[5]
    assert blunder.kind == "blunder" and blunder.mark is Mark.O
    assert blunder.better and blunder.better[0] in {G.parse("g8"), G.parse("k8")}
    assert blunder.line[0] == blunder.better[0]
    assert blunder.sentence.startswith("After Oa1, X wins: ")
    assert "was better (" in blunder.sentence
    assert verdicts[-1].kind == "best"  # the winning move
    summaries = summarise(verdicts, {Mark.X: "Ann", Mark.O: "Bob"}, {Mark.X: 0, Mark.O: 1}, {})
    assert summaries[Mark.O].counts["blunder"] >= 1 and summaries[Mark.O].undos == 1
    review = board_coach.BoardReview(verdicts, summaries, False, 50.0, seconds)
    assert review.first_mistake is not None and review.first_mistake.number <= 6
    assert review.method.startswith("Judged by a search of 0.05 s per move")


def test_review_of_a_4x4_game_is_exact() -> None:
    # X takes a4-c4; O does not block d4 and X completes the row.
    moves = [0, 5, 1, 10, 2, 15, 3]
    verdicts, _ = board_coach.review_moves(FOUR, Mark.X, moves, None)
    assert all(verdict.exact for verdict in verdicts)
    assert verdicts[5].kind == "mistake" and verdicts[5].better == (3,)
    for ply, verdict in enumerate(verdicts):
        board = Board.empty(Mark.X, FOUR).play_all(moves[:ply])
        values = mnk_solver.move_values(board)
        assert (verdict.kind == "best") == (values[moves[ply]] == max(values.values()))


def test_review_marks_a_missed_win_with_its_proof() -> None:
    # X has four on row 8 with one end blocked, plays a15 instead of l8, and O blocks.
    names = ["h8", "a1", "i8", "a3", "j8", "a5", "k8", "g8", "a15", "l8"]
    moves = [G.parse(name) for name in names]
    verdicts, _ = review_job(GOMOKU.key, "X", moves, 50.0, 3000, stop=never)
    missed = verdicts[8]
    assert missed.kind == "missed_win" and missed.better == (G.parse("l8"),)
    assert missed.sentence == "Xa15 missed a forced win in 1: l8."
    assert verdicts[9].kind == "best"  # O's block
