"""The board under renju and caro: the rule's win test, black's forbidden cells, the moves.

The answers are the forbidden-point engine's (ttt_desktop.core.renju, checked on its own in
tests/core/test_renju.py); here the board is checked to ask it, and only under its rules.
"""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttt_desktop.core.board import (
    Board,
    ForbiddenMoveError,
    IllegalMoveError,
    Mark,
    RuledBoard,
)
from ttt_desktop.core.renju import DOUBLE_THREE, OVERLINE, forbidden_reason, wins
from ttt_desktop.core.rules import CARO, GOMOKU, RENJU, Rules

RENJU_15 = Rules(15, 15, 5, rule=RENJU)
CARO_15 = Rules(15, 15, 5, rule=CARO)
GEOMETRY = RENJU_15.geometry


def game(rules: Rules, names: str, first: Mark = Mark.X) -> Board:
    board = Board.empty(first, rules)
    for name in names.split():
        board = board.play(rules.geometry.parse(name))
    return board


# Black f8 g8 h9 h10 (white far away): h8 makes two open threes.
DOUBLE_THREE_GAME = "f8 a1 g8 a3 h9 a5 h10 a7"


class TestRenju:
    def test_kinds(self) -> None:
        assert type(Board.empty(rules=RENJU_15)) is RuledBoard
        assert type(Board.empty(rules=CARO_15)) is RuledBoard
        assert type(Board.empty(rules=GOMOKU)) is Board
        assert type(Board.empty(rules=Rules(15, 15, 5, exact=True))) is Board

    def test_forbidden_cell_is_left_out_and_refused(self) -> None:
        board = game(RENJU_15, DOUBLE_THREE_GAME)
        h8 = GEOMETRY.parse("h8")
        assert board.to_move is Mark.X
        assert board.forbidden_cells() == {h8: DOUBLE_THREE}
        assert h8 not in board.legal_moves()
        assert len(board.legal_moves()) == RENJU_15.size - 8 - 1
        with pytest.raises(ForbiddenMoveError, match="h8 is forbidden for black: double-three"):
            board.play(h8)
        with pytest.raises(IllegalMoveError) as caught:
            board.play(h8)
        assert caught.value.cell == h8  # type: ignore[attr-defined]
        assert caught.value.reason == DOUBLE_THREE  # type: ignore[attr-defined]

    def test_forbidden_cells_is_a_copy(self) -> None:
        board = game(RENJU_15, DOUBLE_THREE_GAME)
        board.forbidden_cells().clear()
        assert board.forbidden_cells()
        with pytest.raises(ForbiddenMoveError):
            board.play(GEOMETRY.parse("h8"))

    def test_refused_without_asking_the_list_first(self) -> None:
        with pytest.raises(ForbiddenMoveError, match="double-three"):
            game(RENJU_15, DOUBLE_THREE_GAME + " h8")

    def test_white_may_play_blacks_forbidden_point(self) -> None:
        board = game(RENJU_15, "f8 a1 g8 a3 h9 a5 h10")  # white to move
        assert board.to_move is Mark.O
        assert board.forbidden_cells() == {}
        after = board.play(GEOMETRY.parse("h8"))
        assert after.winner is None

    def test_other_rules_have_none(self) -> None:
        for rules in (GOMOKU, CARO_15, Rules(15, 15, 5, exact=True)):
            board = game(rules, DOUBLE_THREE_GAME)
            assert board.forbidden_cells() == {}
            assert GEOMETRY.parse("h8") in board.legal_moves()
            board.play(GEOMETRY.parse("h8"))
        assert Board.empty().forbidden_cells() == {}

    def test_black_is_the_first_player(self) -> None:
        # O moves first: O is black, X may play the point.
        board = game(RENJU_15, DOUBLE_THREE_GAME, first=Mark.O)
        assert board.to_move is Mark.O
        assert board.forbidden_cells() == {GEOMETRY.parse("h8"): DOUBLE_THREE}
        with pytest.raises(ForbiddenMoveError):
            board.play(GEOMETRY.parse("h8"))

    def test_black_five_wins(self) -> None:
        board = game(RENJU_15, "a8 a1 b8 a3 c8 a5 d8 a7 e8")
        assert board.winner is Mark.X
        names = [GEOMETRY.name(c) for c in board.winning_line or ()]
        assert names == ["a8", "b8", "c8", "d8", "e8"]

    def test_black_overline_is_forbidden(self) -> None:
        board = game(RENJU_15, "a8 a1 b8 a3 c8 a5 e8 a7 f8 a10")
        assert board.forbidden_cells()[GEOMETRY.parse("d8")] == OVERLINE
        with pytest.raises(ForbiddenMoveError, match="d8 is forbidden for black: overline"):
            board.play(GEOMETRY.parse("d8"))
        # Free-style: the same move is a win.
        assert game(GOMOKU, "a8 a1 b8 a3 c8 a5 e8 a7 f8 a10 d8").winner is Mark.X

    def test_white_overline_wins(self) -> None:
        board = game(RENJU_15, "o1 a8 o3 b8 o5 c8 o7 e8 o9 f8 o11 d8")
        assert board.winner is Mark.O
        assert len(board.winning_line or ()) == 6


class TestCaro:
    def test_five_closed_at_both_ends_wins_nothing(self) -> None:
        # White a8 b8 c8 d8 e8 between black's f8 and ... a8 is the edge, so use b-f.
        moves = "a8 b8 o1 c8 o3 d8 o5 e8 g8 f8"
        board = game(CARO_15, moves)
        assert board.winner is None
        assert game(GOMOKU, moves).winner is Mark.O

    def test_five_open_at_one_end_wins(self) -> None:
        board = game(CARO_15, "a8 b8 o1 c8 o3 d8 o5 e8 o7 f8")
        assert board.winner is Mark.O

    def test_six_wins(self) -> None:
        board = game(CARO_15, "o1 b8 a8 c8 o3 d8 o5 e8 h8 g8 o7 f8")
        assert board.winner is Mark.O
        assert len(board.winning_line or ()) == 6


def random_game(rules: Rules, seed: int, plies: int) -> Board:
    draw = random.Random(seed)
    board = Board.empty(rules=rules)
    centre = rules.geometry.parse("h8")
    for _ in range(plies):
        if board.is_over:
            break
        # Near the centre, so that stones meet and forbidden points come up.
        moves = [c for c in board.legal_moves() if abs(c % 15 - centre % 15) + abs(c // 15 - 7) < 6]
        board = board.play(draw.choice(moves or list(board.legal_moves())))
    return board


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(0, 2**32 - 1), st.integers(4, 60), st.sampled_from([RENJU_15, CARO_15]))
def test_every_move_asks_the_engine(seed: int, plies: int, rules: Rules) -> None:
    board = random_game(rules, seed, plies)
    if board.is_over:
        return
    first = board.ply % 2 == 0
    mine, theirs = board.bits(board.to_move), board.bits(board.to_move.opponent)
    geometry = rules.geometry
    legal = set(board.legal_moves())
    forbidden = board.forbidden_cells()
    for cell in geometry.cells:
        if (mine | theirs) >> cell & 1:
            assert cell not in legal
            continue
        reason = (
            forbidden_reason(geometry, mine, theirs, cell) if first and rules is RENJU_15 else None
        )
        assert forbidden.get(cell) == reason
        assert (cell in legal) == (reason is None)
        if reason is not None:
            with pytest.raises(ForbiddenMoveError):
                board.play(cell)
            continue
        after = board.play(cell)
        assert (after.winner is board.to_move) == wins(rules, first, mine | 1 << cell, theirs, cell)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.integers(0, 2**32 - 1), st.integers(1, 80), st.sampled_from([RENJU_15, CARO_15]))
def test_parsed_and_pickled_positions_agree(seed: int, plies: int, rules: Rules) -> None:
    board = random_game(rules, seed, plies)
    again = Board.from_string(board.cells, board.to_move, rules=rules)
    assert type(again) is RuledBoard
    assert again == board
    assert again.winner is board.winner
    assert set(again.winning_lines) == set(board.winning_lines)
    assert again.legal_moves() == board.legal_moves()
    assert again.forbidden_cells() == board.forbidden_cells()
    unpickled = pickle.loads(pickle.dumps(board))
    assert unpickled == board
    assert unpickled.legal_moves() == board.legal_moves()


def test_parsed_caro_five_closed_at_both_ends_is_no_win() -> None:
    board = game(CARO_15, "a8 b8 o1 c8 o3 d8 o5 e8 g8 f8")
    again = Board.from_string(board.cells, rules=CARO_15)
    assert again.winner is None
    assert not again.is_over
