"""The coach and the review under renju and caro: no verdict claims a win through black's
forbidden point or a five closed at both ends, and no forbidden move is recommended.

The hints come from :func:`ttt_desktop.analysis.board_coach.advise` with the Searcher's
evaluation (as the window asks for them), on hand-built 15x15 positions where free-style
and the rule part; the review from :func:`~ttt_desktop.analysis.board_coach.review_moves`.
"""

from __future__ import annotations

import random

from ttt_desktop.analysis import board_coach
from ttt_desktop.analysis.threats import forced_win, forced_win_after
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.rules import CARO, GOMOKU, RENJU, Rules
from ttt_desktop.players.coach_search import evaluate

CARO_15 = Rules(15, 15, 5, rule=CARO)
RENJU_15 = Rules(15, 15, 5, rule=RENJU)
GEOMETRY = GOMOKU.geometry
NODES = 20_000


def cell(name: str) -> int:
    return GEOMETRY.parse(name)


def game(rules: Rules, names: str) -> Board:
    return Board.empty(rules=rules).play_all(cell(name) for name in names.split())


def advise(board: Board) -> board_coach.BoardAdvice:
    return board_coach.advise(board, evaluate, budget_ms=None, nodes=NODES)


def claimed_wins(advice: board_coach.BoardAdvice) -> set[int]:
    """The cells the advice says win: its own choice when it says so, and every value."""
    wins = {value.cell for value in advice.values if value.outcome == "win"}
    if advice.outcome == "win":
        wins.update(advice.cells)
    return wins


# X's four h8-k8 between O g8 and m8 (l8 makes a five closed at both ends), X to move.
CARO_CLOSED = "h8 g8 i8 m8 j8 a1 k8 o1 a15 a5"
# The same with O to move and O's open three c3 d3 e3.
CARO_CLOSED_O = "h8 g8 i8 m8 j8 c3 k8 d3 a15 e3 o15"
# O to move facing X e8-h8 beside O c8: i8 blocks one end and closes the other.
CARO_BLOCK_AND_CLOSE = "e8 c8 f8 a1 g8 o1 h8 h1 a15 a5 o15"


def test_the_coach_claims_no_win_by_a_closed_five() -> None:
    free = advise(game(GOMOKU, CARO_CLOSED))
    assert free.sentence == "Take l8: it wins at once"
    ruled = advise(game(CARO_15, CARO_CLOSED))
    assert cell("l8") not in claimed_wins(ruled)
    assert not (ruled.outcome == "win" and ruled.plies == 1)


def test_the_coach_does_not_block_a_closed_five() -> None:
    free = advise(game(GOMOKU, CARO_CLOSED_O))
    assert free.cells == (cell("l8"),)
    ruled = advise(game(CARO_15, CARO_CLOSED_O))
    assert ruled.cells[0] in (cell("b3"), cell("f3"))
    assert ruled.outcome == "win"
    assert ruled.sentence.startswith("O has a forced win in 3")


def test_the_coach_answers_a_four_by_the_cell_that_blocks_and_closes() -> None:
    free = advise(game(GOMOKU, CARO_BLOCK_AND_CLOSE))
    assert free.outcome == "loss"
    ruled = advise(game(CARO_15, CARO_BLOCK_AND_CLOSE))
    assert ruled.cells == (cell("i8"),)
    assert ruled.outcome != "loss"
    assert ruled.sentence.startswith("Block i8")


# Black (X) with f8 g8 h9 h10: h8 is a double-three; black's a8 b8 c8 . e8 f8: d8 an
# overline. Black to move in each.
RENJU_DOUBLE_THREE = "f8 a1 g8 a3 h9 a5 h10 a7"
RENJU_OVERLINE = "a8 a1 b8 o1 c8 o15 e8 a14 f8 o8"


def test_the_coach_never_recommends_a_forbidden_point() -> None:
    for names in (RENJU_DOUBLE_THREE, RENJU_OVERLINE):
        board = game(RENJU_15, names)
        forbidden = board.forbidden_cells()
        assert forbidden
        advice = advise(board)
        assert not set(advice.cells) & set(forbidden)
        assert not set(advice.line[:1]) & set(forbidden)
        assert not {value.cell for value in advice.values} & set(forbidden)


def test_the_coach_claims_no_win_by_black_s_overline() -> None:
    free = advise(game(GOMOKU, RENJU_OVERLINE))
    assert free.sentence == "Take d8: it wins at once"
    ruled = advise(game(RENJU_15, RENJU_OVERLINE))
    assert cell("d8") not in claimed_wins(ruled)
    assert ruled.outcome != "win" or ruled.plies != 1


def test_the_review_under_caro_sees_a_four_that_could_be_stopped() -> None:
    """O, facing X's e8-h8 beside O c8, played d8 rather than i8 (which blocks and closes);
    X won with i8. O's move is the blunder: the position before it was not lost, as it
    would be under free-style (two cells to complete)."""
    names = CARO_BLOCK_AND_CLOSE + " d8 i8"
    moves = [cell(name) for name in names.split()]
    for rules, kind in ((CARO_15, "blunder"), (GOMOKU, "kept")):
        verdicts, _ = board_coach.review_moves(
            rules, Mark.X, moves, evaluate, budget_ms=None, nodes=5_000, threat_nodes=2_000
        )
        o_move = verdicts[-2]
        assert (o_move.mark, o_move.cell) == (Mark.O, cell("d8"))
        assert o_move.kind == kind, rules
        if rules is CARO_15:
            assert o_move.better == (cell("i8"),)


def test_the_review_under_renju_plays_no_line_through_a_forbidden_point() -> None:
    """Every line the review shows for black's moves (the coach's preference and the
    refutation) starts with a move black may play."""
    names = RENJU_DOUBLE_THREE + " b2 a9"
    moves = [cell(name) for name in names.split()]
    verdicts, _ = board_coach.review_moves(
        RENJU_15, Mark.X, moves, evaluate, budget_ms=None, nodes=5_000, threat_nodes=2_000
    )
    boards = [Board.empty(rules=RENJU_15)]
    for move in moves:
        boards.append(boards[-1].play(move))
    for verdict in verdicts:
        board = boards[verdict.ply]
        for cells in (verdict.better, verdict.line[:1]):
            for preferred in cells:
                board.play(preferred)  # a ForbiddenMoveError would fail the test


def test_threat_lines_under_renju_are_games_the_board_plays() -> None:
    """White's four d4-d7 beside black's a8 b8 c8 . e8 f8: black could block only on d8, its
    overline, so white's d7 wins, and the line the threat search shows has black play a move
    it may play. Over seeded random renju positions likewise: every forced win's line, for
    either side, is a legal game the attacker wins."""
    board = game(RENJU_15, "a8 d4 b8 d5 c8 d6 e8 o1 f8 o3 d3")
    win = forced_win(board)
    assert win is not None
    assert win.line[0] == cell("d7")
    assert cell("d8") not in win.line[1::2]
    assert board.play_all(win.line).winner is Mark.O
    draw = random.Random(5)
    found = 0
    for _ in range(60):
        board = Board.empty(rules=RENJU_15)
        for _ in range(draw.randrange(8, 24)):
            square = [c for c in board.legal_moves() if 3 <= c % 15 <= 11 and 3 <= c // 15 <= 11]
            after = board.play(draw.choice(square))
            if after.is_over:
                break
            board = after
        for threat, attacker in (
            (forced_win(board, max_nodes=3000), board.to_move),
            (forced_win_after(board, max_nodes=3000), board.to_move.opponent),
        ):
            if threat is not None:
                found += 1
                assert board.play_all(threat.line).winner is attacker  # no forbidden move
    assert found > 5
