"""The coach on boards other than 3x3: exact on the solved boards, a threat proof or a search
with its budget elsewhere, and the review of a big-board game."""

from __future__ import annotations

import functools
import random

import pytest

from ttt_desktop.analysis import board_coach, mnk_solver
from ttt_desktop.analysis.coach import summarise
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.rules import GOMOKU, Rules
from ttt_desktop.core.tactics import completing_cells
from ttt_desktop.players.coach_search import advise_job, evaluate, review_job

FOUR = Rules.parse("4,4,4")
G = GOMOKU.geometry


@pytest.fixture(autouse=True)
def _a_fresh_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the user's cache of proofs, nor starts from another's."""
    monkeypatch.setenv(mnk_solver.CACHE_ENV, "")
    mnk_solver.forget_known()


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
    assert board_coach.estimate_words(h11) == "wins in 2"


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
    assert board_coach.estimate_words(advice.value_of(advice.cells[0])) == "best found"  # type: ignore[arg-type]
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
    # X's win after it is proven; that a1 lost a game O had not lost is the search's word.
    assert blunder.sentence.startswith("After Oa1, X has a forced win: ")
    assert "; the search preferred " in blunder.sentence
    assert blunder.label == "Blunder (by a 0.05 s search)"
    assert verdicts[-1].kind == "best"  # the winning move
    assert verdicts[-1].label == "Best (proven)"
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


# The review never contradicts a proof, and says when a verdict is the search's opinion ------

TWENTY = Rules.parse("20,20,5")


def pessimist(
    board: Board,
    *,
    budget_ms: float | None,
    nodes: int | None,
    stop: object,
    depth: int | None = None,
) -> board_coach.Evaluation:
    """A search whose opinion is that X loses ten threes with every ply: each of X's moves a
    clear mistake by every look, each of O's fine. It never proves anything."""
    scale = 36.0
    for_x = -10.0 * board.ply * scale
    value = for_x if board.to_move is Mark.X else -for_x
    far = next(cell for cell in range(len(board.cells)) if board[cell] is None)
    return board_coach.Evaluation(
        far, value, None, None, (far,), ((far, value, None),), 3, 1, 0.0, scale
    )


def uneven(plies: int) -> board_coach.Evaluate:
    """The Searcher to ``plies`` plies with one side to move and one more with the other, as a
    time budget leaves it (exactly the depth the review asks for, when it asks)."""

    def search(
        board: Board,
        *,
        budget_ms: float | None,
        nodes: int | None,
        stop: object,
        depth: int | None = None,
    ) -> board_coach.Evaluation:
        chosen = depth or plies + board.ply % 2
        return evaluate(board, budget_ms=None, nodes=None, stop=never, depth=chosen)

    return search


def names_of(rules: Rules, names: str) -> list[int]:
    return [rules.geometry.parse(name) for name in names.split()]


def test_a_move_after_which_the_threat_search_proves_a_win_is_never_a_mistake() -> None:
    # X makes an open three on row 8, O answers elsewhere, X makes the open four g8-j8 (the
    # threat search's own first move would be k8) and wins at k8. The search thinks every X
    # move a mistake; the threat search proves the win after g8 whatever O replies.
    moves = names_of(GOMOKU, "h8 a1 i8 a3 j8 a5 g8 a7 k8")
    verdicts, _ = board_coach.review_moves(GOMOKU, Mark.X, moves, pessimist, budget_ms=200.0)
    open_four, win = verdicts[6], verdicts[8]
    assert open_four.kind in ("best", "kept") and open_four.proven
    assert open_four.label in ("Best (proven)", "Kept the result (proven)")
    assert win.kind == "best" and win.label == "Best (proven)"
    # O's answer elsewhere let the proven win in; that O was not lost before is the search's.
    blunder = verdicts[5]
    assert blunder.kind == "blunder" and not blunder.proven
    assert blunder.label == "Blunder (by a 0.2 s search)"
    assert blunder.sentence.startswith("After Oa5, X has a forced win: ")
    assert "; the search preferred " in blunder.sentence
    # Where nothing is proven, the search's opinion stands, and says so.
    two = verdicts[2]
    assert two.kind == "mistake" and not two.proven
    assert two.label == "Mistake (by a 0.2 s search)"
    assert two.sentence == "Xi8 lost ground by the search's evaluation; it preferred a15."
    # The open three is no mistake: X could force the win at its next turn.
    assert verdicts[4].kind == "kept" and not verdicts[4].proven


def test_the_games_own_forced_end_proves_the_win_when_the_threat_search_runs_short() -> None:
    # The threat search gets one node a position, so it proves nothing: the game does. After
    # the open four g8-j8 O cannot block both ends, so X's win from g8 on was forced.
    moves = names_of(GOMOKU, "h8 a1 i8 a3 j8 a5 g8 a7 k8")
    verdicts, _ = board_coach.review_moves(
        GOMOKU, Mark.X, moves, pessimist, budget_ms=200.0, threat_nodes=1
    )
    assert verdicts[6].kind == "kept" and verdicts[6].proven
    assert verdicts[7].kind == "kept" and verdicts[7].proven  # O was lost whatever it played
    assert verdicts[4].kind == "mistake" and not verdicts[4].proven  # the open three: opinion


@pytest.mark.slow
def test_a_won_open_three_game_has_no_mistake_of_the_winner_by_a_search_of_uneven_depth() -> None:
    # O opens; X builds i9-j9, makes the open three h9-i9-j9, O answers far away, X makes the
    # open four and wins: five moves, none of them a mistake, whatever depth each position's
    # search reached (a time budget reaches depths of both parities).
    for rules, first, names in (
        (GOMOKU, "O", "h8 i9 a1 j9 a2 h9 a3 k9 a4 g9"),
        (TWENTY, "O", "j10 m12 a1 l12 a2 k12 a3 n12 a4 o12"),
    ):
        moves = names_of(rules, names)
        for depth in (2, 4):
            verdicts, _ = board_coach.review_moves(
                rules, first, moves, uneven(depth), budget_ms=200.0
            )
            summaries = summarise(verdicts, {Mark.X: "Ann", Mark.O: "Bob"}, {}, {})
            winner = summaries[Mark.X]
            assert winner.moves == 5
            assert (winner.mistakes, winner.accuracy) == (0, 1.0), (rules.key, depth, verdicts)
            # The open four and the win are proven; the rest is the search's, and says so.
            assert verdicts[7].proven and verdicts[9].label == "Best (proven)"
            for verdict in verdicts[:6]:
                assert not verdict.proven
                assert verdict.label.endswith(" (by a 0.2 s search)")


def test_a_board_the_solver_proves_in_the_coach_s_time_is_coached_exactly() -> None:
    # 5,5,4 is not one of the solved boards, but the solver proves it from the empty board
    # within a fraction of the coach's second: the hint and every value are proofs.
    board = Board.empty(rules=Rules.parse("5,5,4"))
    advice = board_coach.advise(board, evaluate, budget_ms=1000)
    assert advice.source == "solved"
    assert {value.outcome for value in advice.values} == {"draw"}
    assert len(advice.values) == 25
    assert "keeps the draw" in advice.sentence
    later = board.play(12).play(0).play(6)  # a position the solver proves in milliseconds
    after = board_coach.advise(later, evaluate, budget_ms=1000)
    exact = mnk_solver.move_values(later)
    assert after.source == "solved"
    assert {value.cell: value.outcome for value in after.values} == {
        cell: {1: "win", 0: "draw", -1: "loss"}[value] for cell, value in exact.items()
    }


def test_a_position_the_solver_does_not_prove_in_time_gets_the_search_s_advice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The solver's cache and tables off: every first move's value of 6,4,4 takes it
    # seconds, more than its half of 0.2 s, so the search answers, and says it is a search.
    monkeypatch.setenv(mnk_solver.CACHE_ENV, "")
    monkeypatch.setattr(mnk_solver, "SOLVER_TABLE_PATH", "/nonexistent/mnk_tables.bin")
    mnk_solver.forget_known()
    board = Board.empty(rules=Rules.parse("6,4,4"))
    advice = board_coach.advise(board, evaluate, budget_ms=200, nodes=2000)
    assert advice.source == "search"
    assert "Best found" in advice.sentence


# Exact where the solver proves in the hint's time, and no time lost where it cannot --------


@functools.cache
def exhaustive(board: Board) -> int:
    """Plain negamax to the end for the side to move (no code shared with the solver)."""
    if board.winner is not None:
        return -1
    if board.is_over:
        return 0
    best = -1
    for cell in board.legal_moves():
        best = max(best, -exhaustive(board.play(cell)))
        if best == 1:
            break
    return best


def test_hints_along_5_5_4_games_are_proved_and_agree_with_plain_negamax() -> None:
    # The coach asked at every position of random games from 12 stones on, one solver table
    # through all of them (as in the window's search process): each answer is the solver's,
    # and every cell's value is the exhaustive search's.
    rules = Rules.parse("5,5,4")
    rng = random.Random(554)
    words = {1: "win", 0: "draw", -1: "loss"}
    for _ in range(3):
        board = Board.empty(Mark.X, rules)
        while board.ply < 12:
            board = board.play(rng.choice(board.legal_moves()))
        while not board.is_over:
            advice = board_coach.advise(board, evaluate, budget_ms=1000)
            assert advice.source == "solved", board.cells
            expected = {cell: words[-exhaustive(board.play(cell))] for cell in board.legal_moves()}
            assert {value.cell: value.outcome for value in advice.values} == expected
            best = max(expected.values(), key=("loss", "draw", "win").index)
            assert {expected[cell] for cell in advice.cells} == {best}
            board = board.play(rng.choice(board.legal_moves()))
    exhaustive.cache_clear()


def test_centre_and_corner_on_5_5_4_are_coached_exactly_within_the_hint_s_time() -> None:
    # c3 then a1: each of X's moves needs a proof of its own (a win, or a draw, both ways);
    # from scratch that takes the solver seconds, from the shipped tables no time.
    rules = Rules.parse("5,5,4")
    board = Board.empty(Mark.X, rules).play_all(rules.geometry.parse(name) for name in ("c3", "a1"))
    assert board_coach.proof_share(board) > 0
    advice = board_coach.advise(board, evaluate, budget_ms=1000)
    assert advice.source == "solved"
    assert advice.seconds < 1.0
    assert advice.outcome == "win"
    assert {value.cell: value.outcome for value in advice.values} == {
        cell: {1: "win", 0: "draw", -1: "loss"}[value]
        for cell, value in mnk_solver.move_values(board).items()
    }


@pytest.mark.parametrize(("key", "from_ply"), [("6,4,4", 12), ("6,5,4", 18)])
def test_hints_along_6_4_4_and_6_5_4_games_are_proved_and_agree_with_plain_negamax(
    key: str, from_ply: int
) -> None:
    # Boards the solver proves whole in seconds: the solver has its larger share of every
    # hint there (a budget no proof needs, so the figure checked is the value, not the
    # time: benchmarks/coach_exact_time.py measures that). One solver table through the
    # games, as in the window's search process; every cell's value is the exhaustive one.
    rules = Rules.parse(key)
    assert key in mnk_solver.QUICK_PROOFS
    rng = random.Random(key)
    words = {1: "win", 0: "draw", -1: "loss"}
    for _ in range(2):
        board = Board.empty(Mark.X, rules)
        while board.ply < from_ply and not board.is_over:
            board = board.play(rng.choice(board.legal_moves()))
        while not board.is_over:
            assert board_coach.proof_share(board) == board_coach.COACH_PROOF_SHARE
            advice = board_coach.advise(board, evaluate, budget_ms=600_000)
            assert advice.source == "solved", board.cells
            expected = {cell: words[-exhaustive(board.play(cell))] for cell in board.legal_moves()}
            assert {value.cell: value.outcome for value in advice.values} == expected
            best = max(expected.values(), key=("loss", "draw", "win").index)
            assert {expected[cell] for cell in advice.cells} == {best}
            board = board.play(rng.choice(board.legal_moves()))
    exhaustive.cache_clear()


def test_the_empty_6_5_4_board_is_tried_by_the_solver_with_its_larger_share() -> None:
    # 30 open cells and no threat: elsewhere no proof is tried there; on 6,5,4 it is.
    board = Board.empty(Mark.X, Rules.parse("6,5,4"))
    assert mnk_solver.open_cells(board) > board_coach.PROBE_OPEN_CELLS
    assert board_coach.proof_share(board) == board_coach.COACH_PROOF_SHARE
    assert board_coach.proof_share(Board.empty(Mark.X, Rules.parse("6,6,4"))) == 0


@pytest.mark.slow
@pytest.mark.parametrize(("key", "most_stones"), [("6,4,4", 3), ("6,5,4", 1)])
def test_the_shipped_opening_values_of_6_4_4_and_6_5_4_agree_with_proofs_from_scratch(
    key: str, most_stones: int
) -> None:
    # The empty board and seeded positions of up to ``most_stones`` stones, whose every
    # move's value the shipped tables hold: the coach's values against the solver's from
    # scratch (no table, no cache).
    rules = Rules.parse(key)
    rng = random.Random(f"tables:{key}")
    boards = [Board.empty(Mark.X, rules)]
    for stones in range(1, most_stones + 1):
        board = Board.empty(Mark.X, rules)
        for _ in range(stones):
            board = board.play(rng.choice(board.legal_moves()))
        boards.append(board)
    for board in boards:
        assert mnk_solver.values_known(board), board.cells
        advice = board_coach.advise(board, evaluate, budget_ms=1000)
        assert advice.source == "solved"
        scratch = mnk_solver.move_values(board, known=False)
        assert {value.cell: value.outcome for value in advice.values} == {
            cell: {1: "win", 0: "draw", -1: "loss"}[value] for cell, value in scratch.items()
        }


@pytest.mark.slow
def test_the_shipped_5_5_4_values_of_centre_and_corner_agree_with_a_proof_from_scratch() -> None:
    rules = Rules.parse("5,5,4")
    board = Board.empty(Mark.X, rules).play_all(rules.geometry.parse(name) for name in ("c3", "a1"))
    advice = board_coach.advise(board, evaluate, budget_ms=1000)
    scratch = mnk_solver.move_values(board, known=False)
    assert {value.cell: value.outcome for value in advice.values} == {
        cell: {1: "win", 0: "draw", -1: "loss"}[value] for cell, value in scratch.items()
    }


def test_a_position_far_beyond_a_proof_in_a_hint_s_time_gives_the_search_all_of_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 7,7,5 from the empty board: 49 open cells, nothing proved, no threat. The solver is
    # not tried (a quarter of every hint went to a try that could not finish) and the
    # search has the whole budget.
    board = Board.empty(Mark.X, Rules.parse("7,7,5"))
    assert board_coach.proof_share(board) == 0

    def no_proof(*args: object, **kwargs: object) -> dict[int, int]:
        raise AssertionError("the solver was tried")

    budgets: list[float | None] = []

    def searched(board: Board, **kwargs: object) -> board_coach.Evaluation:
        budgets.append(kwargs["budget_ms"])  # type: ignore[arg-type]
        return evaluate(board, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(mnk_solver, "move_values", no_proof)
    advice = board_coach.advise(board, searched, budget_ms=200, nodes=2000)
    assert advice.source == "search"
    assert budgets == [200]
    monkeypatch.undo()

    # Fewer open cells, no threat: a short probe (won positions of 6,6,4 are often proved
    # within it).
    def quiet_middle(board: Board) -> bool:
        threats = completing_cells(board, Mark.X) or completing_cells(board, Mark.O)
        return not board.is_over and not threats and 20 < mnk_solver.open_cells(board) <= 29

    rng = random.Random(3)
    middle = board
    while not quiet_middle(middle):
        middle = board if middle.is_over else middle.play(rng.choice(middle.legal_moves()))
    assert board_coach.proof_share(middle) == board_coach.PROBE_SHARE
    # A side that can complete a line next move makes the proof short: a quarter is tried.
    seven = Rules.parse("7,7,5")
    four = Board.empty(Mark.X, seven).play_all(
        seven.geometry.parse(name) for name in ("a1", "g7", "b1", "g6", "c1", "g5", "d1")
    )
    assert mnk_solver.open_cells(four) > board_coach.PROOF_OPEN_CELLS
    assert board_coach.proof_share(four) == board_coach.THREAT_PROOF_SHARE
    # Late in a game, few open cells: tried, and proved.
    monkeypatch.undo()
    rng = random.Random(7)
    late = Board.empty(Mark.X, Rules.parse("7,7,5"))
    while late.is_over or mnk_solver.open_cells(late) > 12:
        if late.is_over:
            late = Board.empty(Mark.X, late.rules)
        late = late.play(rng.choice(late.legal_moves()))
    assert board_coach.proof_share(late) > 0
    assert board_coach.advise(late, evaluate, budget_ms=1000).source == "solved"
