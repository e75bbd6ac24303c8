"""Opening files in the Gomocup organisers' suite format (their judge's ``openings_20.txt``):
stones as offsets ``x, y`` from the centre, read onto the board being played, told apart
from files of cell names by what they hold, bad lines refused with their numbers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ttt_desktop.arena import main
from ttt_desktop.core.rules import GOMOKU, TIC_TAC_TOE, Rules
from ttt_desktop.lab.openings import gomocup_centre, parse_openings, read_openings

SUITE = Path(__file__).parents[1] / "data" / "gomocup_openings.txt"
BIG = Rules.parse("20,20,5")


def names(openings: tuple[tuple[int, ...], ...], rules: Rules) -> list[str]:
    return [rules.geometry.names(cells) for cells in openings]


class TestTheCentre:
    def test_is_m_half_and_n_half(self) -> None:
        assert gomocup_centre(GOMOKU) == (7, 7)
        assert gomocup_centre(BIG) == (10, 10)
        assert gomocup_centre(Rules.parse("9,6,4")) == (4, 3)
        assert gomocup_centre(TIC_TAC_TOE) == (1, 1)


class TestTheSuiteFile:
    """tests/data/gomocup_openings.txt, worked out by hand: x is the column and y the row,
    both from the top-left as in the protocol, so the cell is (centre_y + y) * m +
    (centre_x + x), and y growing is down the board (row numbers falling)."""

    def test_on_15x15(self) -> None:
        openings = read_openings(SUITE, GOMOKU)
        # Centre (7, 7): 7 * 15 + 7 = 112, h8.
        # 0,0 1,-1 2,1: (7, 7) (8, 6) (9, 8) -> 112, 6 * 15 + 8 = 98, 8 * 15 + 9 = 129.
        # -1,0 0,1 1,-1: (6, 7) (7, 8) (8, 6) -> 111, 127, 98.
        # -7,-7 7,7: the corners, (0, 0) top-left and (14, 14) bottom-right -> 0, 224.
        assert openings == ((112, 98, 129), (111, 127, 98), (0, 224))
        assert names(openings, GOMOKU) == ["h8 i9 j7", "g8 h7 i9", "a15 o1"]

    def test_on_20x20(self) -> None:
        openings = read_openings(SUITE, BIG)
        # Centre (10, 10): 10 * 20 + 10 = 210, k10.
        # (10, 10) (11, 9) (12, 11) -> 210, 9 * 20 + 11 = 191, 11 * 20 + 12 = 232.
        # (9, 10) (10, 11) (11, 9) -> 209, 230, 191.
        # (3, 3) (17, 17) -> 63, 357.
        assert openings == ((210, 191, 232), (209, 230, 191), (63, 357))
        assert names(openings, BIG) == ["k10 l11 m9", "j10 k9 l11", "d17 r3"]

    def test_the_corners_of_20x20(self) -> None:
        # The judge's centre of an even board is the upper-left of the middle four points,
        # so offsets run from -10 to 9.
        openings = parse_openings("-10,-10, 9,9, 9,-10, -10,9", BIG)
        assert names(openings, BIG) == ["a20 t1 t20 a1"]

    def test_on_an_oblong_board(self) -> None:
        rules = Rules.parse("9,6,4")  # 9 columns, 6 rows: the centre is (4, 3), e3
        openings = parse_openings("0,0, -4,-3, 4,2", rules)
        assert openings == ((3 * 9 + 4, 0, 5 * 9 + 8),)
        assert names(openings, rules) == ["e3 a6 i1"]

    def test_in_the_organisers_spacing(self) -> None:
        # As in their file: pairs spaced or not, no spaces at all, a trailing comma.
        # -7,-6 is (0, 1): column a, the second row from the top, a14.
        text = "-7,-6, -6,-7, -3,-7\n-6,1,-6,0,-5,1,-3,2\n\n0,0,1,1,\n"
        assert names(parse_openings(text, GOMOKU), GOMOKU) == [
            "a14 b15 e15",
            "b7 b8 c7 e6",
            "h8 i7",
        ]

    def test_with_a_byte_order_mark_and_windows_line_ends(self, tmp_path: Path) -> None:
        path = tmp_path / "openings_15.txt"
        path.write_bytes(b"\xef\xbb\xbf0,0, 0,-1\r\n1,1, -1,-1\r\n")
        assert names(read_openings(path, GOMOKU), GOMOKU) == ["h8 h9", "i7 g9"]

    def test_a_tournament_plays_each_opening_with_both_colours(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        argv = ["tournament", "--players", "rando,levi", "--rules", "gomoku", "--games", "3"]
        assert main([*argv, "--seed", "1", "--json", "--openings", str(SUITE)]) == 0
        document = json.loads(capsys.readouterr().out)
        assert document["openings"] == [[112, 98, 129], [111, 127, 98], [0, 224]]
        started: dict[tuple[int, ...], set[str]] = {}
        for game in document["games"]:
            opening = next(o for o in document["openings"] if game["moves"][: len(o)] == o)
            started.setdefault(tuple(opening), set()).add(game["x"])
        assert len(started) == 3
        assert all(len(seats) == 2 for seats in started.values())


class TestTellingTheFormatsApart:
    def test_cell_names_are_still_cell_names(self) -> None:
        assert parse_openings("h8 h9 j10\nh8, i9\n", GOMOKU) == ((112, 97, 84), (112, 98))

    def test_on_3x3_keypad_digits_stay_digits(self) -> None:
        # "5, 1" would be an offset off the board: keypad digits are never 0 or negative.
        assert parse_openings("5, 1\n9\n", TIC_TAC_TOE) == ((4, 6), (2,))

    def test_on_3x3_a_zero_or_a_minus_makes_a_suite(self) -> None:
        # The centre is (1, 1), cell 4; -1,-1 is the top-left, 1,1 the bottom-right.
        assert parse_openings("0,0, -1,-1\n1, 1\n", TIC_TAC_TOE) == ((4, 0), (8,))

    def test_a_file_of_both_is_refused(self) -> None:
        with pytest.raises(ValueError) as refusal:
            parse_openings("h8 h9\n0,0, 1,1\n", GOMOKU, "mixed.txt")
        assert str(refusal.value) == (
            "mixed.txt, line 2 holds numbers, as a Gomocup suite's offsets from the centre, "
            "but line 1 names cells: a file is in one format or the other"
        )

    def test_an_empty_file_names_both_formats(self) -> None:
        with pytest.raises(ValueError, match=r"h8 .*or a Gomocup suite's offsets"):
            parse_openings("\n# none\n", GOMOKU, "empty.txt")


class TestBadLines:
    @pytest.mark.parametrize(
        ("text", "message"),
        [
            (
                "0,0, 1,1\n\n0,0, 8,0\n",
                "suite.txt, line 3: stone 2 (8, 0 from the centre) is off the 15x15 board, "
                "whose offsets run from -7 to 7",
            ),
            (
                "0,0, 0,-8\n",
                "suite.txt, line 1: stone 2 (0, -8 from the centre) is off the 15x15 board, "
                "whose offsets run from -7 to 7",
            ),
            (
                "0,0\n1,1, 2,2, 1,1\n",
                "suite.txt, line 2: stone 3 (1, 1 from the centre) repeats stone 1, both at i7",
            ),
            (
                "0,0\n0,0, 1\n",
                "suite.txt, line 2: an odd count of numbers (3): each stone is a pair x, y of "
                "offsets from the centre",
            ),
            (
                "0,0, 123456789, 0\n",
                "suite.txt, line 1: stone 2 (123456789, 0 from the centre) is off the 15x15 "
                "board, whose offsets run from -7 to 7",
            ),
            (
                # X takes the five h8-h4 (y 0 to 4) with its fifth stone, the ninth.
                "0,0, 1,0, 0,1, 1,1, 0,2, 1,2, 0,3, 1,3, 0,4\n",
                "suite.txt, line 1: the game is over after stone 9 (h4)",
            ),
        ],
        ids=["off the side", "off the top", "repeated", "odd", "huge", "game over"],
    )
    def test_are_refused_with_their_numbers(self, text: str, message: str) -> None:
        with pytest.raises(ValueError) as refusal:
            parse_openings(text, GOMOKU, "suite.txt")
        assert str(refusal.value) == message

    def test_a_number_of_thousands_of_digits_is_quoted_short(self) -> None:
        huge = "9" * 5000
        with pytest.raises(ValueError) as refusal:
            parse_openings(f"0,0, -{huge}, 0", GOMOKU, "s.txt")
        assert str(refusal.value) == (
            "s.txt, line 1: stone 2 (-99999999999..., 0 from the centre) is off the 15x15 "
            "board, whose offsets run from -7 to 7"
        )
        # On 3x3 too, where telling a suite from keypad digits looks at every number.
        with pytest.raises(ValueError, match=r"^s.txt, line 1: stone 2 \(-99999999999\.\.\., 0"):
            parse_openings(f"0,0, -{huge}, 0", TIC_TAC_TOE, "s.txt")

    def test_a_20x20_suite_on_15x15(self) -> None:
        # The organisers' 20x20 suites reach offsets of -10: off a 15x15 board.
        text = "0,0, 1,1\n-4,-10, -8,-8, -7,-7\n"
        assert len(parse_openings(text, BIG)) == 2
        with pytest.raises(ValueError, match=r"^s.txt, line 2: stone 1 \(-4, -10 from"):
            parse_openings(text, GOMOKU, "s.txt")

    def test_on_an_oblong_board_the_ranges_are_told_apart(self) -> None:
        with pytest.raises(ValueError, match=r"x from -4 to 4, y from -3 to 2$"):
            parse_openings("0,0, 0,3", Rules.parse("9,6,4"), "s.txt")

    def test_on_the_command_line(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        path = tmp_path / "openings_20.txt"
        path.write_text("0,0, 1,1\n-4,-10, -8,-8\n")
        argv = ["match", "--x", "rando", "--o", "levi", "--rules", "gomoku", "--sprt", "0,10"]
        assert main([*argv, "--openings", str(path)]) == 2
        captured = capsys.readouterr()
        assert captured.err == (
            f"ttt-arena: --openings: {path}, line 2: stone 1 (-4, -10 from the centre) is off "
            "the 15x15 board, whose offsets run from -7 to 7\n"
        )
