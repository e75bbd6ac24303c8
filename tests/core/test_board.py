"""The board against an independent reference, over every reachable position and all 3^9 strings."""

from __future__ import annotations

import itertools
import pickle
import re

import pytest
from helpers.reference_game import (
    all_reachable,
    empty_cells,
    is_finished,
    lines_of,
    other,
    playable_positions,
    winner_of,
)
from hypothesis import given
from hypothesis import strategies as st

from ttt_desktop.core import (
    Board,
    GameOverError,
    IllegalMoveError,
    Mark,
    OccupiedCellError,
    OffBoardError,
    keypad_label,
)

REACHABLE = all_reachable()


def board_at(moves: tuple[int, ...], first: str) -> Board:
    return Board.empty(Mark(first)).play_all(moves)


def first_mover(cells: str, mover: str) -> str:
    return mover if (9 - cells.count(".")) % 2 == 0 else other(mover)


class TestEveryReachablePosition:
    def test_counts_match_the_reference(self) -> None:
        # 5,478 positions per starter; the two sets share nothing (see reference_game).
        assert len(REACHABLE) == 2 * 5478

    def test_derived_properties_match_the_reference(self) -> None:
        for (cells, mover), moves in REACHABLE.items():
            board = board_at(moves, first_mover(cells, mover))
            winner = winner_of(cells)
            assert board.cells == cells
            assert board.to_string() == cells
            assert board.to_move is Mark(mover)
            assert board.ply == 9 - cells.count(".") == len(moves)
            assert board.first_player is Mark(first_mover(cells, mover))
            assert board.winner == (None if winner is None else Mark(winner))
            assert board.is_over == is_finished(cells)
            assert board.is_draw == (is_finished(cells) and winner is None)
            expected_lines = set(lines_of(cells, winner)) if winner else set()
            assert set(board.winning_lines) == expected_lines
            assert len(board.winning_lines) == len(expected_lines)
            if winner:
                assert board.winning_line in expected_lines
            else:
                assert board.winning_line is None
            expected_moves = () if is_finished(cells) else tuple(empty_cells(cells))
            assert board.legal_moves() == expected_moves
            for cell, char in enumerate(cells):
                assert board[cell] == (None if char == "." else Mark(char))

    def test_each_move_leads_to_the_reference_child(self) -> None:
        for (cells, mover), moves in playable_positions():
            board = board_at(moves, first_mover(cells, mover))
            for cell in empty_cells(cells):
                child = board.play(cell)
                expected = cells[:cell] + mover + cells[cell + 1 :]
                assert (child.cells, child.to_move) == (expected, Mark(other(mover)))
                assert board.play(cell) is child

    def test_boards_are_interned_and_parse_back(self) -> None:
        for (cells, mover), moves in REACHABLE.items():
            board = board_at(moves, first_mover(cells, mover))
            # repr is "Board.from_string(cells, to_move=mover)": evaluating it parses back.
            assert eval(repr(board), {"Board": Board}) is board
            assert pickle.loads(pickle.dumps(board)) is board

    def test_occupied_cells_are_refused_naming_the_keypad_cell(self) -> None:
        for (cells, mover), moves in playable_positions():
            board = board_at(moves, first_mover(cells, mover))
            for cell, char in enumerate(cells):
                if char == ".":
                    continue
                with pytest.raises(OccupiedCellError) as caught:
                    board.play(cell)
                assert f"cell {keypad_label(cell)} " in str(caught.value)
                assert f"taken by {char}" in str(caught.value)

    def test_finished_games_refuse_every_cell(self) -> None:
        for (cells, mover), moves in REACHABLE.items():
            if not is_finished(cells):
                continue
            board = board_at(moves, first_mover(cells, mover))
            winner = winner_of(cells)
            for cell in range(9):
                with pytest.raises(GameOverError) as caught:
                    board.play(cell)
                message = str(caught.value)
                assert f"cell {keypad_label(cell)} " in message
                assert (f"{winner} has won" if winner else "draw") in message


class TestFromString:
    def test_accepts_exactly_the_reachable_positions(self) -> None:
        """All 3^9 strings, with the mover given as X, as O, and left to inference."""
        accepted = 0
        for chars in itertools.product("XO.", repeat=9):
            cells = "".join(chars)
            for mover in ("X", "O"):
                if (cells, mover) in REACHABLE:
                    board = Board.from_string(cells, mover)
                    assert (board.cells, board.to_move) == (cells, Mark(mover))
                    accepted += 1
                else:
                    with pytest.raises(ValueError, match="impossible position"):
                        Board.from_string(cells, mover)
            self.check_inferred_mover(cells)
        assert accepted == len(REACHABLE)

    @staticmethod
    def check_inferred_mover(cells: str) -> None:
        # Without a mover: X moves when the counts are equal (X is taken to have started),
        # otherwise the side with fewer marks.
        x_count, o_count = cells.count("X"), cells.count("O")
        inferred = "X" if x_count <= o_count else "O"
        if (cells, inferred) in REACHABLE:
            assert Board.from_string(cells).to_move is Mark(inferred)
        else:
            with pytest.raises(ValueError, match="impossible position"):
                Board.from_string(cells)

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("X" * 8, "has 8 characters"),
            ("." * 10, "has 10 characters"),
            ("XO.xo....", "only 'X', 'O' and '.'"),
            ("XO. .....", "only 'X', 'O' and '.'"),
            ("XXX......", "3 X and 0 O"),
            ("XXXOOO...", "both X and O have a line"),
            ("XXXOO.O..", "X has a line but O moved after it"),
            ("XXXXOOOO.", "X has a line but O moved after it"),
            ("XXX...OOO", "both X and O have a line"),
        ],
    )
    def test_rejects_with_a_reason(self, text: str, message: str) -> None:
        with pytest.raises(ValueError, match=re.escape(message)):
            Board.from_string(text)

    @pytest.mark.parametrize("not_text", [None, 123, b"........."])
    def test_rejects_non_strings(self, not_text: object) -> None:
        with pytest.raises(ValueError, match="a board is a string"):
            Board.from_string(not_text)  # type: ignore[arg-type]

    @pytest.mark.parametrize("mover", ["x", "", "XO", 1])
    def test_rejects_a_bad_mover(self, mover: object) -> None:
        with pytest.raises(ValueError, match="the mark to move is 'X' or 'O'"):
            Board.from_string("." * 9, mover)  # type: ignore[arg-type]

    def test_rejects_a_mover_out_of_turn(self) -> None:
        with pytest.raises(ValueError, match="it is O's turn, not X's"):
            Board.from_string("X........", "X")


class TestMovesAndErrors:
    @pytest.mark.parametrize("cell", [-1, 9, 100, "4", 4.0, True, None])
    def test_off_board_moves(self, cell: object) -> None:
        with pytest.raises(OffBoardError, match=r"cells are 0-8 \(keypad 1-9\)"):
            Board.empty().play(cell)  # type: ignore[arg-type]

    def test_errors_are_value_errors(self) -> None:
        for error in (OccupiedCellError, OffBoardError, GameOverError):
            assert issubclass(error, IllegalMoveError)
        assert issubclass(IllegalMoveError, ValueError)

    def test_play_all_stops_at_the_first_illegal_move(self) -> None:
        with pytest.raises(OccupiedCellError, match="cell 5 "):
            Board.empty().play_all([4, 0, 4])

    def test_boards_are_immutable(self) -> None:
        board = Board.empty()
        with pytest.raises(AttributeError, match="immutable"):
            board.cells = "X........"  # type: ignore[misc]
        with pytest.raises(AttributeError, match="immutable"):
            board.to_move = Mark.O  # type: ignore[misc]

    def test_text_forms(self) -> None:
        board = Board.from_string("XO......X", "O")
        assert str(board) == "X O .\n. . .\n. . X"
        assert repr(board) == "Board.from_string('XO......X', to_move='O')"
        assert board != "XO......X"
        assert Board.empty(Mark.O).first_player is Mark.O
        assert Mark.X.opponent is Mark.O and Mark.O.opponent is Mark.X


# Property tests over random legal games ----------------------------------------------


@st.composite
def games(draw: st.DrawFn) -> tuple[Board, list[int]]:
    """A starting board (X or O first) and a random legal move sequence from it."""
    board = Board.empty(draw(st.sampled_from([Mark.X, Mark.O])))
    moves: list[int] = []
    while not board.is_over and draw(st.integers(0, 9)) > 0:
        cell = draw(st.sampled_from(board.legal_moves()))
        moves.append(cell)
        board = board.play(cell)
    return Board.empty(board.first_player), moves


@given(games())
def test_random_games_keep_boards_consistent(game: tuple[Board, list[int]]) -> None:
    start, moves = game
    board = start
    seen = [board]
    for cell in moves:
        before = (board.cells, board.to_move, board.legal_moves())
        assert cell in board.legal_moves()
        child = board.play(cell)
        assert (board.cells, board.to_move, board.legal_moves()) == before
        assert child.legal_moves() == (
            () if child.is_over else tuple(c for c in board.legal_moves() if c != cell)
        )
        assert child[cell] is board.to_move
        assert child.to_move is board.to_move.opponent
        assert child.ply == board.ply + 1
        assert child.first_player is start.to_move
        board = child
        seen.append(board)
    assert start.play_all(moves) is board
    for position in seen:
        again = Board.from_string(position.to_string(), position.to_move)
        assert again is position
        assert again == position and hash(again) == hash(position)
    assert len(set(seen)) == len(seen)


@given(games(), games())
def test_equality_is_cells_and_mover(
    first: tuple[Board, list[int]], second: tuple[Board, list[int]]
) -> None:
    a = first[0].play_all(first[1])
    b = second[0].play_all(second[1])
    same = (a.cells, a.to_move) == (b.cells, b.to_move)
    assert (a == b) == same
    assert (a is b) == same
    if same:
        assert hash(a) == hash(b)


# In a fresh interpreter: the count of interned positions is this process's alone there.
_COMPLETION_CHECK = """
import random
from ttt_desktop.core import board as engine_board
from ttt_desktop.core.board import Board, Mark

assert not engine_board.wants_completion()
games = 0
while not engine_board.wants_completion() and games < 5000:  # a long session's positions
    position = Board.empty(random.choice((Mark.X, Mark.O)))
    while not position.is_over:
        position = position.play(random.choice(position.legal_moves()))
    games += 1
assert engine_board.interned_positions() >= engine_board.COMPLETE_AT, games
assert engine_board.wants_completion()
counts = list(engine_board.completion_steps(batch=500))
assert counts == sorted(counts) and len(counts) > 5, counts
assert counts[-1] == engine_board.interned_positions() == engine_board.POSITIONS
assert not engine_board.wants_completion()
assert list(engine_board.completion_steps()) == []
for _ in range(2000):
    position = Board.empty(random.choice((Mark.X, Mark.O)))
    while not position.is_over:
        position = position.play(random.choice(position.legal_moves()))
assert engine_board.interned_positions() == engine_board.POSITIONS
print("ok")
"""


def test_a_completed_table_of_positions_grows_no_more() -> None:
    """A long session completes the table once; every position a game reaches is in it."""
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415

    done = subprocess.run(
        [sys.executable, "-c", _COMPLETION_CHECK],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_positions_with_the_same_empty_cells_share_one_tuple_of_moves() -> None:
    board = Board.from_string("X........", Mark.O)
    other_board = Board.from_string("O........", Mark.X)
    assert board.legal_moves() == other_board.legal_moves() == tuple(range(1, 9))
    assert board.legal_moves() is other_board.legal_moves()
