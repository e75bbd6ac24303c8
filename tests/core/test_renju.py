"""Renju's forbidden points and every rule's win test (ttt_desktop.core.renju).

The fast answers are checked three ways: positions built by hand on the federation's
definitions (each with the reason worked out beside it), the one-line double-fours every
renju text shows, and every empty cell of random positions against the slow reference in
tests/helpers/renju_reference.py.
"""

from __future__ import annotations

import pytest
from helpers.renju_reference import reference_forbidden
from hypothesis import given, settings
from hypothesis import strategies as st

from ttt_desktop.core.geometry import Geometry
from ttt_desktop.core.renju import (
    DOUBLE_FOUR,
    DOUBLE_THREE,
    FORBIDDEN_REASONS,
    OVERLINE,
    forbidden_cells,
    forbidden_reason,
    winning_runs,
    wins,
)
from ttt_desktop.core.rules import CARO, RENJU, STANDARD, Rules

RENJU_15 = Rules(15, 15, 5, rule=RENJU)
GEOMETRY = RENJU_15.geometry


def stones(names: str, geometry: Geometry = GEOMETRY) -> int:
    return sum(1 << geometry.parse(name) for name in names.split())


def reason(black: str, white: str, move: str) -> str | None:
    return forbidden_reason(GEOMETRY, stones(black), stones(white), GEOMETRY.parse(move))


def line(pattern: str, rank: int = 8) -> tuple[str, str, str]:
    """Black's stones, white's and the move from one rank's pattern ('X', 'O', '.', 'M')."""
    black, white, move = [], [], ""
    for column, char in enumerate(pattern):
        name = f"{'abcdefghijklmno'[column]}{rank}"
        if char == "X":
            black.append(name)
        elif char == "O":
            white.append(name)
        elif char == "M":
            move = name
    return " ".join(black), " ".join(white), move


class TestHandBuilt:
    def test_double_three(self) -> None:
        # f8 g8 [h8] open both ways, h9 h10 [h8] too: two threes.
        assert reason("f8 g8 h9 h10", "", "h8") == DOUBLE_THREE

    def test_split_threes_count(self) -> None:
        # e8 . g8 [h8]: filling f8 makes the straight four e8-h8; h10 . [h8] h9 likewise.
        assert reason("e8 g8 h10 h9", "", "h8") == DOUBLE_THREE
        assert reason("e8 g8 h11 h9", "", "h8") == DOUBLE_THREE

    def test_a_three_closed_at_one_end_is_no_three(self) -> None:
        # White on e8 and i8: f8 g8 [h8] can become no straight four.
        assert reason("f8 g8 h9 h10", "e8 i8", "h8") is None
        # White on d8 only: e8 makes d8-blocked e8-h8, i8 makes f8-i8 with e8 and j8 free.
        assert reason("f8 g8 h9 h10", "d8", "h8") == DOUBLE_THREE

    def test_four_three_is_allowed(self) -> None:
        # e8 f8 g8 [h8] is a four, h9 h10 [h8] a three.
        assert reason("e8 f8 g8 h9 h10", "", "h8") is None

    def test_double_four_in_two_lines(self) -> None:
        assert reason("e8 f8 g8 h9 h10 h11", "", "h8") == DOUBLE_FOUR
        # Closed fours count as fours too.
        assert reason("e8 f8 g8 h9 h10 h11", "d8 h12", "h8") == DOUBLE_FOUR

    @pytest.mark.parametrize(
        "pattern",
        [
            "....X.XMX.X....",  # X.X[X]X.X: f8 and j8 each make a different five
            "....X.XXM.X....",  # X.XX[X].X
            "....XX.XM.XX...",  # XX.X[X].XX
            "...XXX.M.XXX...",  # XXX.[X].XXX
        ],
    )
    def test_double_four_in_one_line(self, pattern: str) -> None:
        assert reason(*line(pattern)) == DOUBLE_FOUR

    def test_a_straight_four_is_one_four(self) -> None:
        # .XXX[X]. with one more three: a four and a three, allowed.
        assert reason(*line("....XXXM.......")) is None
        black, white, move = line("....XXXM.......")
        assert reason(f"{black} h9 h10", white, move) is None

    def test_overline(self) -> None:
        assert reason(*line("...XXXMXX......")) == OVERLINE
        assert reason(*line("..XXXXXM.......")) == OVERLINE
        assert reason(*line("XXXXXM.........")) == OVERLINE

    def test_five_wins_over_a_forbidden_shape(self) -> None:
        # [h8] makes the five d8-h8 and, with h9 h10, i9 j10, what would be a double-three.
        assert reason("d8 e8 f8 g8 h9 h10 i9 j10", "", "h8") is None
        # A five in one line (d8-h8) and an overline in another (h3-h8): the five wins.
        black = stones("d8 e8 f8 g8 h3 h4 h5 h6 h7")
        assert forbidden_reason(GEOMETRY, black, 0, GEOMETRY.parse("h8")) is None
        after = black | 1 << GEOMETRY.parse("h8")
        assert wins(RENJU_15, True, after, 0, GEOMETRY.parse("h8"))

    def test_false_double_three_by_a_forbidden_follow_up(self) -> None:
        # f8 g8 [h8], with white on j8, becomes a straight four only through e8 (i8 makes
        # f8-i8, closed by j8); h6 h7 [h8] is a three (h5 or h9). e8 is a double-four
        # (e9 e10 e11 upwards, d9 c10 b11 on the diagonal, and e8-h8 itself), so the first
        # three is no three and [h8] is allowed.
        black = "f8 g8 h6 h7 e9 e10 e11 d9 c10 b11"
        assert reason(black.replace("f8 g8 h6 h7 ", ""), "j8", "e8") == DOUBLE_FOUR
        assert reason(black, "j8", "h8") is None
        # Without e11 and the diagonal, e8 is a four (e8-h8) and a three (e8 e9 e10):
        # allowed, so f8 g8 [h8] is a three and [h8] a double-three.
        assert reason("f8 g8 h6 h7 e9 e10", "j8", "h8") == DOUBLE_THREE

    def test_false_three_whose_straight_four_makes_a_five(self) -> None:
        # f8 g8 [h8] becomes a straight four only through e8 (white j8), and e8 also makes
        # the five e4-e8: "without at the same time a five in a row is made", the
        # federation's definition says, so that three is no three.
        assert reason("f8 g8 e4 e5 e6 e7 h6 h7", "j8", "h8") is None
        # With e6 e7 only, e8 is a four and a three (allowed, no five): a double-three.
        assert reason("f8 g8 e6 e7 h6 h7", "j8", "h8") == DOUBLE_THREE

    def test_a_three_whose_four_would_be_an_overline_is_no_three(self) -> None:
        # X..X[X]X..X: filling either side makes a five only with an overline beyond.
        assert reason(*line("..X..XMX..X....")) is None
        black, white, move = line("..X..XMX..X....")
        assert reason(f"{black} g9 g10", white, move) is None
        black, white, move = line(".....XMX.......")
        assert reason(f"{black} g9 g10", white, move) == DOUBLE_THREE

    def test_occupied_and_off_board_cells(self) -> None:
        assert reason("h8", "", "h8") is None
        with pytest.raises(ValueError, match="not on the 15x15 board"):
            forbidden_reason(GEOMETRY, 0, 0, 225)

    def test_forbidden_cells_lists_every_one_with_its_reason(self) -> None:
        black = stones("f8 g8 h9 h10")
        found = forbidden_cells(GEOMETRY, black, 0)
        assert found == {GEOMETRY.parse("h8"): DOUBLE_THREE}
        assert set(found.values()) <= set(FORBIDDEN_REASONS)
        assert forbidden_cells(GEOMETRY, 0, 0) == {}

    def test_the_edge_closes_a_line(self) -> None:
        # [a8] b8 c8 against the edge can become no straight four; [a8] a9 a10 is a three.
        assert reason("b8 c8 a9 a10", "", "a8") is None
        # [b8] c8 d8 can: e8 makes b8-e8, open at a8 and f8.
        assert reason("c8 d8 b9 b10", "", "b8") == DOUBLE_THREE
        # Unless white is on f8: then a8 and e8 both make closed fours.
        assert reason("c8 d8 b9 b10", "f8", "b8") is None


class TestAgainstTheReference:
    @settings(max_examples=120, deadline=None)
    @given(data=st.data())
    def test_every_cell_of_random_positions(self, data: st.DataObject) -> None:
        spread = data.draw(st.sampled_from([3, 4, 5, 7]), label="spread")
        centre_x = data.draw(st.integers(spread, 14 - spread), label="x")
        centre_y = data.draw(st.integers(spread, 14 - spread), label="y")
        area = [
            (centre_y + dy) * 15 + centre_x + dx
            for dy in range(-spread, spread + 1)
            for dx in range(-spread, spread + 1)
        ]
        chosen = data.draw(
            st.lists(st.sampled_from(area), unique=True, max_size=len(area) * 3 // 5),
            label="cells",
        )
        marks = data.draw(
            st.lists(st.sampled_from("XO"), min_size=len(chosen), max_size=len(chosen)),
            label="marks",
        )
        cells = ["."] * 225
        for cell, mark in zip(chosen, marks, strict=True):
            cells[cell] = mark
        text = "".join(cells)
        black = sum(1 << i for i, c in enumerate(text) if c == "X")
        white = sum(1 << i for i, c in enumerate(text) if c == "O")
        assert forbidden_cells(GEOMETRY, black, white) == reference_forbidden(text, 15, 15)


class TestWins:
    def test_free_style_and_standard(self) -> None:
        gomoku = Rules(15, 15, 5)
        standard = Rules(15, 15, 5, rule=STANDARD)
        geometry = gomoku.geometry
        six = stones("c8 d8 e8 f8 g8 h8", geometry)
        five = stones("d8 e8 f8 g8 h8", geometry)
        h8 = geometry.parse("h8")
        assert wins(gomoku, True, six, 0, h8) and wins(gomoku, False, five, 0, h8)
        assert not wins(standard, True, six, 0, h8) and not wins(standard, False, six, 0, h8)
        assert wins(standard, False, five, 0, h8)
        assert winning_runs(gomoku, True, five, 0, h8) == (
            tuple(geometry.parse(n) for n in ["d8", "e8", "f8", "g8", "h8"]),
        )
        assert not wins(gomoku, True, stones("e8 f8 g8 h8", geometry), 0, h8)

    def test_renju_black_exactly_five_white_five_or_more(self) -> None:
        h8 = GEOMETRY.parse("h8")
        six = stones("c8 d8 e8 f8 g8 h8")
        five = stones("d8 e8 f8 g8 h8")
        assert wins(RENJU_15, True, five, 0, h8)
        assert not wins(RENJU_15, True, six, 0, h8)
        assert wins(RENJU_15, False, six, 0, h8) and wins(RENJU_15, False, five, 0, h8)

    def test_caro_five_blocked_at_both_ends_does_not_win(self) -> None:
        caro = Rules(15, 15, 5, rule=CARO)
        geometry = caro.geometry
        h8 = geometry.parse("h8")
        five = stones("d8 e8 f8 g8 h8", geometry)
        both = stones("c8 i8", geometry)
        assert not wins(caro, True, five, both, h8)
        assert not wins(caro, False, five, both, h8)
        assert wins(caro, True, five, stones("c8", geometry), h8)
        assert wins(caro, True, five, stones("i8", geometry), h8)
        assert wins(caro, True, five, 0, h8)
        # Six or more wins, whatever stands at the ends.
        six = stones("c8 d8 e8 f8 g8 h8", geometry)
        assert wins(caro, False, six, stones("b8 i8", geometry), h8)
        # The edge is no stone: a8-e8 with white on f8 wins.
        edge = stones("a8 b8 c8 d8 e8", geometry)
        assert wins(caro, True, edge, stones("f8", geometry), geometry.parse("e8"))
        # Four blocked or not is no win.
        assert not wins(caro, True, stones("e8 f8 g8 h8", geometry), 0, h8)
