"""The coach: verdicts, values and hints against an independent solver on every position,
and the exact words of hints and reviews for named positions and games."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers.reference_game import (
    completing,
    empty_cells,
    move_outcome,
    optimal_moves,
    outcome_and_length,
    playable_positions,
    preference,
)

from ttt_desktop.analysis import (
    MoveValue,
    Outcome,
    best_moves,
    coach,
    principal_line,
    tic_tac_toe_values,
)
from ttt_desktop.core import Board, Mark, cell_from_keypad, keypad_label
from ttt_desktop.core.record import GameRecord, PlayerEntry

RESULT_NAMES = {1: Outcome.WIN, 0: Outcome.DRAW, -1: Outcome.LOSS}
ANN = PlayerEntry("human", "Ann")
BOB = PlayerEntry("human", "Bob")


def value_of(option: tuple[int, int]) -> MoveValue:
    result, length = option
    return MoveValue(RESULT_NAMES[result], length)


def expected_kind(best: tuple[int, int], played: tuple[int, int]) -> str:
    """The verdict from the reference minimax alone."""
    if preference(played) == preference(best):
        return "best"
    if played[0] == best[0]:
        return "kept"
    if best[0] == 1:
        return "missed_win" if played[0] == 0 else "blunder"
    return "mistake"


def positions() -> Iterator[tuple[str, str, Board]]:
    for (cells, mover), _ in playable_positions():
        yield cells, mover, Board.from_string(cells, mover)


def game(*keypad: int, first: Mark = Mark.X) -> GameRecord:
    record = GameRecord(ANN, BOB, first, started_at="2026-01-01T00:00:00.000Z")
    for digit in keypad:
        record = record.with_move(cell_from_keypad(digit))
    return record


def labels(cells: object) -> set[str]:
    assert isinstance(cells, tuple | set | frozenset)
    return {str(keypad_label(cell)) for cell in cells}


class TestEveryPosition:
    def test_position_count(self) -> None:
        # Games X starts and games O starts: 4,520 non-terminal positions each.
        assert sum(1 for _ in positions()) == 2 * 4_520

    @pytest.mark.slow
    def test_every_verdict_agrees_with_the_reference_solver(self) -> None:
        counted = dict.fromkeys(coach.VERDICT_KINDS, 0)
        for cells, mover, board in positions():
            options = {cell: move_outcome(cells, mover, cell) for cell in empty_cells(cells)}
            best = max(options.values(), key=preference)
            for cell, option in options.items():
                verdict = coach.review_move(board, cell)
                kind = expected_kind(best, option)
                counted[kind] += 1
                assert verdict.kind == kind, (cells, mover, cell)
                assert verdict.mark is board.to_move
                assert verdict.before == value_of(best)
                assert verdict.after == value_of(option)
                assert verdict.keeps_value == (option[0] == best[0])
                assert verdict.refutation == principal_line(board.play(cell))
                if kind == "best":
                    assert verdict.better == ()
                    assert verdict.sentence == ""
                    continue
                assert set(verdict.better) == optimal_moves(cells, mover)
                # One sentence that names the move, the better cells and what follows.
                sentence = verdict.sentence
                assert sentence.endswith(".") and sentence.count(".") == 1, sentence
                assert coach.move_name(board.to_move, cell) in sentence
                assert coach.cell_list(verdict.better) in sentence
                if kind != "kept" or option[0] != 1:
                    reply = verdict.refutation[0]
                    assert f"{board.to_move.opponent.value} " in sentence
                    assert f" {keypad_label(reply)}" in sentence
        # Every kind of verdict occurs somewhere.
        assert all(counted.values()), counted

    def test_principal_lines_are_best_play_to_the_end(self) -> None:
        for cells, mover, board in positions():
            line = principal_line(board)
            current = board
            for cell in line:
                assert cell in optimal_moves(current.cells, current.to_move.value)
                current = current.play(cell)
            assert current.is_over
            assert len(line) == outcome_and_length(cells, mover)[1]

    def test_every_hint_names_best_cells_for_the_right_reason(self) -> None:
        for cells, mover, board in positions():
            found = coach.hint(board)
            best = optimal_moves(cells, mover)
            assert set(found.cells) <= best, (cells, mover)
            assert found.mark is board.to_move
            assert found.value == value_of(outcome_and_length(cells, mover))
            opponent = board.to_move.opponent.value
            mine, theirs = completing(cells, mover), completing(cells, opponent)
            if found.kind != "hold_out" or len(found.cells) < len(empty_cells(cells)):
                for label in labels(found.cells):
                    assert label in found.sentence
            else:
                assert found.sentence.startswith("Whatever you play")
            if mine:
                assert found.kind == "win_now"
                assert set(found.cells) == mine
            elif len(theirs) == 1:
                assert found.kind == "block"
                assert set(found.cells) == theirs
            elif theirs:
                assert found.kind == "lost_block"
                assert set(found.cells) == theirs
                assert found.value.outcome is Outcome.LOSS
            elif found.kind == "fork":
                for cell in found.cells:
                    after = board.play(cell)
                    assert len(completing(after.cells, mover)) >= 2
            elif found.value.outcome is Outcome.WIN:
                assert found.kind == "win"
                assert set(found.cells) == best
            elif found.value.outcome is Outcome.DRAW:
                assert found.kind == "keep_draw"
                assert set(found.cells) == best
            else:
                assert found.kind == "hold_out"
                assert set(found.cells) == best

    def test_cell_values_are_the_solvers_for_every_empty_cell(self) -> None:
        for cells, mover, board in positions():
            values = coach.cell_values(board)
            assert set(values) == set(empty_cells(cells))
            for cell, value in values.items():
                assert value == value_of(move_outcome(cells, mover, cell))
                words = coach.value_words(value)
                if value.outcome is Outcome.DRAW:
                    assert words == "draw"
                else:
                    verb = "wins" if value.outcome is Outcome.WIN else "loses"
                    assert words == f"{verb} in {coach.moves_to_end(value)}"


class TestWords:
    def test_value_words(self) -> None:
        assert coach.value_words(MoveValue(Outcome.WIN, 1)) == "wins in 1"
        assert coach.value_words(MoveValue(Outcome.WIN, 3)) == "wins in 2"
        assert coach.value_words(MoveValue(Outcome.LOSS, 2)) == "loses in 1"
        assert coach.value_words(MoveValue(Outcome.LOSS, 4)) == "loses in 2"
        assert coach.value_words(MoveValue(Outcome.DRAW, 5)) == "draw"
        assert coach.value_description(MoveValue(Outcome.WIN, 3)) == (
            "playing here wins in 2 moves with best play"
        )

    def test_names(self) -> None:
        assert coach.line_name((6, 7, 8)) == "1-2-3"
        assert coach.line_name((2, 4, 6)) == "1-5-9"
        assert coach.line_name((0, 4, 8)) == "3-5-7"
        assert coach.cell_list((0, 2, 6, 8)) == "1, 3, 7 or 9"
        assert coach.cell_list((4,)) == "5"
        assert coach.move_name(Mark.O, 5) == "O6"

    def test_the_translator_hook(self) -> None:
        calls: list[tuple[str, str, int]] = []
        german = {
            "Take {cell}: it wins at once": "Nimm {cell}: das gewinnt sofort",
            "wins in %n": "gewinnt in %n",
        }

        def translator(context: str, text: str, disambiguation: str | None, n: int) -> str:
            calls.append((context, text, n))
            return german.get(text, text).replace("%n", str(n))

        board = Board.from_string("XX.OO....")
        try:
            coach.set_translator(translator)
            assert coach.hint(board).sentence == "Nimm 9: das gewinnt sofort"
            assert coach.value_words(MoveValue(Outcome.WIN, 3)) == "gewinnt in 2"
        finally:
            coach.set_translator(None)
        assert ("Coach", "Take {cell}: it wins at once", -1) in calls
        assert ("Coach", "wins in %n", 2) in calls
        assert coach.hint(board).sentence == "Take 9: it wins at once"

    def test_values_are_the_solvers(self) -> None:
        board = Board.from_string("XX.OO....")
        assert coach.cell_values(board) == tic_tac_toe_values(board)
        assert coach.cell_values(board.play(2)) == {}
        assert best_moves(board) == (2,)


class TestNamedHints:
    # Boards row by row from the top-left (keypad 7 8 9 / 4 5 6 / 1 2 3); X moves first.
    @pytest.mark.parametrize(
        ("cells", "sentence", "kind", "marked"),
        [
            # X has 7 and 8: 9 completes the top row.
            ("XX.OO....", "Take 9: it wins at once", "win_now", {9}),
            # X has 7 and 9: 8 completes the top row; O's 5 and 1 threaten nothing open.
            ("X.X.O.O..", "Take 8: it wins at once", "win_now", {8}),
            # O has 5 and 2 on the middle column: X must take 8.
            ("X...O..OX", "Block 8", "block", {8}),
            # X has opposite corners 7 and 3: O must take the centre.
            ("XO......X", "Block 5", "block", {5}),
            # The same block can't save O: after 5, X blocks at 1 and makes two threats.
            ("X.O.....X", "Block 5, though X still wins with best play", "block", {5}),
            # O has 8 and 2: X's block at 5 also makes 7-5-3 and 4-5-6 threats.
            ("XO...X.O.", "Block 5: it also makes two threats", "block", {5}),
            # O has 5 and 1: X's block at 9 also threatens 7-8-9 and 3-6-9.
            ("X...O.O.X", "Block 9: it also makes two threats", "block", {9}),
            # X opened in the centre: any corner keeps the draw, a side loses.
            ("....X....", "Any of 1, 3, 7, 9 keeps the draw", "keep_draw", {1, 3, 7, 9}),
            # X opened in a corner: only the centre keeps the draw.
            ("X........", "Take 5: it is the only move that keeps the draw", "keep_draw", {5}),
            # X holds opposite corners around O's centre: a corner would lose, a side draws.
            ("X...O...X", "Any of 2, 4, 6, 8 keeps the draw", "keep_draw", {2, 4, 6, 8}),
            # O answered X's corner with a side: X wins by force.
            (
                "XO.......",
                "Take 1, 4 or 5: each wins in 3 moves with best play",
                "win",
                {1, 4, 5},
            ),
            # X has 7 and 9 against O's 8 and 1: 3 makes the 3-6-9 and 3-5-7 threats.
            ("XOX...O..", "Take 3: it makes two threats", "fork", {3}),
            ("XOXO.....", "Take 3 or 5: each makes two threats", "fork", {3, 5}),
            # X has 7, 9 and 1: it threatens 8 and 4 at once.
            (
                "X.X.O.X.O",
                "X threatens both 1-4-7 and 7-8-9: block at 4 or 8, but the game is lost",
                "lost_block",
                {4, 8},
            ),
            # No threat on the board yet, but every O move lets X make two.
            (
                "XOO..X.X.",
                "Whatever you play, X wins in 2 moves with best play",
                "hold_out",
                {1, 3, 4, 5},
            ),
        ],
    )
    def test_sentences(self, cells: str, sentence: str, kind: str, marked: set[int]) -> None:
        found = coach.hint(Board.from_string(cells))
        assert found.sentence == sentence
        assert found.kind == kind
        assert {keypad_label(cell) for cell in found.cells} == marked

    def test_a_game_over_has_no_hint(self) -> None:
        with pytest.raises(ValueError, match="over"):
            coach.hint(Board.from_string("XXXOO...."))


class TestNamedReviews:
    def test_a_game_with_two_mistakes(self) -> None:
        # X5 O8 (a side: loses), X7 O3, X9 (misses the fork at 1 or 4) O1, X4 (ignores 1-2-3).
        review = coach.review_game(game(5, 8, 7, 3, 9, 1, 4))
        verdicts = [(v.number, coach.move_name(v.mark, v.cell), v.kind) for v in review.verdicts]
        assert verdicts == [
            (1, "X5", "best"),
            (2, "O8", "mistake"),
            (3, "X7", "best"),
            (4, "O3", "best"),
            (5, "X9", "missed_win"),
            (6, "O1", "best"),
            (7, "X4", "mistake"),
        ]
        sentences = [v.sentence for v in review.verdicts if v.sentence]
        assert sentences == [
            "After O8, X plays 7 and threatens 3-5-7; O blocks at 3; X plays 4 and threatens "
            "both 1-4-7 and 4-5-6; 1, 3, 7 or 9 would have kept the draw.",
            "After X9, O blocks at 1 and threatens 1-2-3, and best play draws from there; "
            "1 or 4 would have won in 2 moves.",
            "After X4, O plays 2 and completes 1-2-3; blocking at 2 would have kept the draw.",
        ]
        first = review.first_mistake
        assert first is not None and first.number == 2
        assert sorted(keypad_label(cell) for cell in first.better) == [1, 3, 7, 9]

    def test_a_block_that_makes_two_threats(self) -> None:
        # X7, O5, X3, then O9 (a corner): X blocks at 1 and threatens 1-2-3 and 1-4-7.
        review = coach.review_game(game(7, 5, 3, 9))
        last = review.verdicts[-1]
        assert last.kind == "mistake"
        assert last.sentence == (
            "After O9, X blocks at 1 and threatens both 1-2-3 and 1-4-7; "
            "2, 4, 6 or 8 would have kept the draw."
        )

    def test_the_only_drawing_reply(self) -> None:
        # X7, then O8 (next to it): only the centre would have held.
        verdict = coach.review_game(game(7, 8)).verdicts[1]
        assert verdict.kind == "mistake"
        assert verdict.sentence == (
            "After O8, X plays 4 and threatens 1-4-7; O blocks at 1; X plays 5 and threatens "
            "both 3-5-7 and 4-5-6; 5 would have kept the draw."
        )

    def test_a_blunder(self) -> None:
        # X7, O9 loses for O; X8 then throws the win away and O takes over.
        board = Board.from_string("X.O......")
        verdict = coach.review_move(board, cell_from_keypad(8))
        assert verdict.kind == "blunder"
        assert verdict.sentence == (
            "After X8, O plays 6 and threatens 3-6-9; X blocks at 3 and threatens 3-5-7; "
            "O blocks at 5 and threatens both 1-5-9 and 4-5-6; 1, 3 or 4 would have won in "
            "3 moves."
        )

    def test_a_slower_win_keeps_the_result(self) -> None:
        # X has 7 and 4 (1 wins at once); 5 still wins, a move later.
        board = Board.from_string("XOOX.....")
        verdict = coach.review_move(board, cell_from_keypad(5))
        assert verdict.kind == "kept"
        assert verdict.sentence == "X5 still wins, in 2 moves; 1 would have won at once."

    def test_a_quicker_loss_keeps_the_result(self) -> None:
        board = Board.from_string("XOOX...X.")
        verdict = coach.review_move(board, cell_from_keypad(5))
        assert verdict.kind == "kept"
        assert verdict.sentence == (
            "After O5, X plays 1 and completes 1-4-7; blocking at 1 would have held out longer."
        )

    def test_a_missed_win_at_once(self) -> None:
        review = coach.review_game(game(7, 5, 3, 8, 2, 1, 4, 6, 9))
        kinds = [v.kind for v in review.verdicts]
        assert kinds == ["best"] * 6 + ["mistake", "missed_win", "best"]
        assert review.verdicts[7].sentence == (
            "After O6, X blocks at 9, and best play draws from there; 9 would have won at once."
        )

    def test_summary(self) -> None:
        review = coach.review_game(game(5, 8, 7, 3, 9, 1, 4))
        x, o = review.summaries[Mark.X], review.summaries[Mark.O]
        assert (x.name, x.moves, x.mistakes, x.value_keeping) == ("Ann", 4, 2, 2)
        assert x.accuracy == 0.5
        assert (o.name, o.moves, o.mistakes) == ("Bob", 3, 1)
        assert o.accuracy == pytest.approx(2 / 3)
        assert x.counts["missed_win"] == 1 and x.counts["mistake"] == 1
        assert (x.undos, x.hints, o.undos, o.hints) == (0, 0, 0, 0)

    def test_summary_counts_moves_taken_back_and_hints(self) -> None:
        record = game(5).with_hint().with_move(cell_from_keypad(8)).with_undo(2).with_hint()
        record = record.with_move(cell_from_keypad(5)).with_move(cell_from_keypad(1))
        record = record.with_hint().with_move(cell_from_keypad(9)).with_undo(1)
        review = coach.review_game(record)
        x, o = review.summaries[Mark.X], review.summaries[Mark.O]
        # X took back its 5 (with O's 8 after it), then its 9; O took nothing back.
        assert (x.undos, o.undos) == (2, 0)
        # O asked after X5; X at the empty board and after 5 1.
        assert (x.hints, o.hints) == (2, 1)

    def test_empty_game(self) -> None:
        review = coach.review_game(game())
        assert review.verdicts == ()
        assert review.summaries[Mark.X].accuracy is None
        assert review.first_mistake is None

    def test_a_game_o_starts(self) -> None:
        review = coach.review_game(game(5, 6, first=Mark.O))
        assert [v.mark for v in review.verdicts] == [Mark.O, Mark.X]
        assert review.verdicts[1].kind == "mistake"
        assert review.verdicts[1].sentence.startswith("After X6, O plays 7 and threatens 3-5-7")
