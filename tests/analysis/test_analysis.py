"""The census, the solver and the symmetries, against the documents' figures and a reference."""

from __future__ import annotations

import itertools
import json

import pytest
from helpers.reference_game import (
    REFERENCE_LINES,
    move_outcome,
    optimal_moves,
    outcome_and_length,
    playable_positions,
)

from ttt_desktop.analysis import (
    SYMMETRIES,
    MoveValue,
    Outcome,
    best_moves,
    canonical_cells,
    census,
    map_cell,
    position_value,
    reachable_boards,
    tic_tac_toe_values,
    transform_board,
    transform_cells,
)
from ttt_desktop.core import Board, GameOverError, Mark

RESULT_NAMES = {1: Outcome.WIN, 0: Outcome.DRAW, -1: Outcome.LOSS}


class TestCensus:
    def test_reproduces_figure_1_2_of_the_first_document(self) -> None:
        result = census()
        assert result.sequences_per_ply == (
            1,
            9,
            72,
            504,
            3_024,
            15_120,
            54_720,
            148_176,
            200_448,
            127_872,
        )
        assert result.terminal_per_ply == (0, 0, 0, 0, 0, 1_440, 5_328, 47_952, 72_576, 127_872)

    def test_games_and_outcomes(self) -> None:
        result = census()
        assert result.games == 255_168 == sum(result.terminal_per_ply)
        assert result.outcomes == {"X": 131_184, "O": 77_904, "draw": 46_080}
        assert result.games_up_to_symmetry == 26_830

    def test_positions(self) -> None:
        result = census()
        assert result.positions == 5_478
        assert result.positions_up_to_symmetry == 765
        assert result.terminal_positions == 958
        assert result.terminal_positions_up_to_symmetry == 138

    def test_as_json_round_trips_through_json(self) -> None:
        data = census().as_json()
        assert json.loads(json.dumps(data)) == data
        assert data["sequences_per_ply"][5] == 15_120
        assert data["outcomes"]["draw"] == 46_080
        assert set(data) == {
            "sequences_per_ply",
            "terminal_per_ply",
            "outcomes",
            "games",
            "games_up_to_symmetry",
            "positions",
            "positions_up_to_symmetry",
            "terminal_positions",
            "terminal_positions_up_to_symmetry",
        }

    def test_reachable_boards_of_both_starters(self) -> None:
        for first in (Mark.X, Mark.O):
            boards = reachable_boards(first)
            assert len(boards) == len(set(boards)) == 5_478
            assert boards[0] == Board.empty(first)
            assert [board.ply for board in boards] == sorted(board.ply for board in boards)
            assert all(board.first_player is first for board in boards)


class TestSolve:
    def test_every_move_of_every_position_matches_the_reference(self) -> None:
        for (cells, mover), _ in playable_positions():
            board = Board.from_string(cells, mover)
            values = tic_tac_toe_values(board)
            assert list(values) == list(board.legal_moves())
            for cell, value in values.items():
                result, length = move_outcome(cells, mover, cell)
                assert value == MoveValue(RESULT_NAMES[result], length), (cells, mover, cell)
            result, length = outcome_and_length(cells, mover)
            assert position_value(board) == MoveValue(RESULT_NAMES[result], length)
            assert set(best_moves(board)) == optimal_moves(cells, mover)

    def test_solve_is_memoised_and_read_only(self) -> None:
        board = Board.from_string("XX.OO....")
        values = tic_tac_toe_values(board)
        assert tic_tac_toe_values(board) is values
        with pytest.raises(TypeError):
            values[2] = MoveValue(Outcome.LOSS, 1)  # type: ignore[index]

    def test_finished_boards(self) -> None:
        won = Board.from_string("XXXOO....")
        drawn = Board.from_string("XOXXOOOXX")
        with pytest.raises(GameOverError):
            tic_tac_toe_values(won)
        with pytest.raises(GameOverError):
            best_moves(drawn)
        assert position_value(won) == MoveValue(Outcome.LOSS, 0)
        assert position_value(drawn) == MoveValue(Outcome.DRAW, 0)

    def test_values_order_and_read(self) -> None:
        fast_win, slow_win = MoveValue(Outcome.WIN, 1), MoveValue(Outcome.WIN, 5)
        draw = MoveValue(Outcome.DRAW, 4)
        slow_loss, fast_loss = MoveValue(Outcome.LOSS, 6), MoveValue(Outcome.LOSS, 2)
        scores = [v.score for v in (fast_win, slow_win, draw, slow_loss, fast_loss)]
        assert scores == sorted(scores, reverse=True)
        assert len(set(scores)) == 5
        assert [fast_win.describe(), draw.describe(), fast_loss.describe()] == [
            "win in 1",
            "draw",
            "loss in 2",
        ]

    def test_the_empty_board_is_a_draw_everywhere(self) -> None:
        for first in (Mark.X, Mark.O):
            values = tic_tac_toe_values(Board.empty(first))
            assert set(values.values()) == {MoveValue(Outcome.DRAW, 9)}


class TestSymmetries:
    def test_eight_distinct_permutations_forming_a_group(self) -> None:
        assert len(set(SYMMETRIES)) == 8
        assert SYMMETRIES[0] == tuple(range(9))
        for symmetry in SYMMETRIES:
            assert sorted(symmetry) == list(range(9))
        for first, second in itertools.product(SYMMETRIES, repeat=2):
            composed = tuple(first[second[cell]] for cell in range(9))
            assert composed in SYMMETRIES

    def test_lines_map_to_lines_and_the_centre_stays(self) -> None:
        lines = {frozenset(line) for line in REFERENCE_LINES}
        for symmetry in SYMMETRIES:
            assert map_cell(4, symmetry) == 4
            for line in lines:
                assert frozenset(map_cell(cell, symmetry) for cell in line) in lines

    def test_transform_moves_marks_with_their_cells(self) -> None:
        for symmetry, cell in itertools.product(SYMMETRIES, range(9)):
            cells = "." * cell + "X" + "." * (8 - cell)
            image = transform_cells(cells, symmetry)
            assert image.index("X") == map_cell(cell, symmetry)

    def test_quarter_turn_and_mirror(self) -> None:
        # Clockwise: the top-left X goes to the top-right, the top-middle O to the middle-right.
        assert transform_cells("XO.......", SYMMETRIES[1]) == "..X..O..."
        assert transform_cells("XO.......", SYMMETRIES[4]) == ".OX......"

    def test_transformed_boards_have_the_same_values(self) -> None:
        for board in reachable_boards(Mark.O):
            if board.is_over or board.ply < 2:
                continue
            for symmetry in SYMMETRIES[1:]:
                image = transform_board(board, symmetry)
                assert position_value(image) == position_value(board)
                assert canonical_cells(image.cells) == canonical_cells(board.cells)
                assert {map_cell(cell, symmetry) for cell in best_moves(board)} == set(
                    best_moves(image)
                )


def test_the_shared_census_cannot_be_changed() -> None:
    with pytest.raises(TypeError):
        census().outcomes["X"] = 0  # type: ignore[index]
    assert census().outcomes["X"] == 131_184


def test_remembered_answers_stay_bounded_over_every_position() -> None:
    """A long session meets position after position: the memo tables keep the newest only,
    and an answer read again after it was forgotten is the same."""
    from ttt_desktop.analysis import solver  # noqa: PLC0415
    from ttt_desktop.analysis.coach import REMEMBERED_HINTS, _hint_for, hint  # noqa: PLC0415

    boards = [
        board
        for first in (Mark.X, Mark.O)
        for board in reachable_boards(first)
        if not board.is_over
    ]
    first_answers = {
        board: (solver.best_moves(board), solver.principal_line(board)) for board in boards
    }
    for board in boards:
        hint(board)
    assert len(boards) > solver.REMEMBERED_POSITIONS
    for memo in (solver.tic_tac_toe_values, solver.best_moves, solver.principal_line):
        assert memo.cache_info().currsize <= solver.REMEMBERED_POSITIONS
    assert _hint_for.cache_info().currsize <= REMEMBERED_HINTS
    for board in boards[:200]:
        assert (solver.best_moves(board), solver.principal_line(board)) == first_answers[board]
