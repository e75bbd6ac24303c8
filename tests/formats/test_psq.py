"""Piskvork's records (.psq): every variant the Gomocup's archives hold, refusals that name
the line, the rules assumed, and round trips (Hypothesis)."""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ttt_desktop.core import GameRecord, Mark, PlayerEntry
from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import Rules
from ttt_desktop.formats import psq
from ttt_desktop.formats.files import GAME_FILE, load_record, read_user_file, save_record
from ttt_desktop.formats.psq import (
    PsqError,
    looks_like_psq,
    psq_writable,
    record_from_psq,
    record_to_psq,
)

START = "2026-01-02T03:04:05.000Z"

# Black's five on row 10 (x 3-7), white's stones on row 12: black wins at move 9.
FIVE = [(3, 10), (3, 12), (4, 10), (4, 12), (5, 10), (5, 12), (6, 10), (6, 12), (7, 10)]


def moves_text(moves: list[tuple[int, int]], times: bool = True, end: str = "\n") -> str:
    return "".join(
        f"{x},{y},{index * 100}{end}" if times else f"{x},{y}{end}"
        for index, (x, y) in enumerate(moves)
    )


def cell(rules: Rules, x: int, y: int) -> int:
    """The cell of a 1-based Piskvork x (column), y (row)."""
    return (y - 1) * rules.m + (x - 1)


GOMOCUP_JUDGE = (
    "Piskvorky 20x20, 11:11, 0\n"
    + moves_text(FIVE)
    + "pbrain-embryo.exe\npbrain-rapfi.exe\n-1\n1,Freestyle2023\n"
)


class TestVariants:
    def test_the_organisers_judge(self) -> None:
        record = record_from_psq(GOMOCUP_JUDGE, started_at=START)
        rules = Rules(20, 20, 5)
        assert record.rules is rules
        assert record.moves == tuple(cell(rules, x, y) for x, y in FIVE)
        assert record.move_seconds == tuple(index / 10 for index in range(len(FIVE)))
        assert record.result == "X"
        assert record.first is Mark.X
        assert (record.x.name, record.o.name) == ("pbrain-embryo.exe", "pbrain-rapfi.exe")
        assert record.x.kind == "brain.pbrain-embryo.exe"
        assert not record.x.is_human
        assert record.finished_at == START
        assert record.log[0].startswith("psq: the file does not say the rules: read as free-style")
        assert any("end code -1" in line for line in record.log)
        assert any("1,Freestyle2023" in line for line in record.log)

    def test_windows_line_ends_and_byte_order_mark(self) -> None:
        text = "\ufeff" + GOMOCUP_JUDGE.replace("\n", "\r\n")
        assert (
            record_from_psq(text, started_at=START).moves
            == record_from_psq(GOMOCUP_JUDGE, started_at=START).moves
        )
        assert record_from_psq(text.encode("utf-8"), started_at=START).result == "X"

    def test_piskvork_own_save_without_names(self) -> None:
        # A game saved from Piskvork's window: a person (level 0) began, no names, end code 0.
        text = "Piskvorky 15x15, 0:3, 0\n" + moves_text(FIVE[:4]) + "0\n"
        record = record_from_psq(text, started_at=START)
        assert record.rules is Rules(15, 15, 5)
        assert record.x == PlayerEntry("human", "Player X")
        assert record.o.kind.startswith("brain.") and not record.o.is_human
        assert record.result is None and record.finished_at is None

    def test_the_second_player_began(self) -> None:
        text = "Piskvorky 15x15, 0:0, 1\n" + moves_text(FIVE) + "homo-1\nhomo-2\n0\n"
        record = record_from_psq(text, started_at=START)
        # X is who made the first move: the file's second player.
        assert (record.x.name, record.o.name) == ("homo-2", "homo-1")
        assert record.x.is_human and record.o.is_human
        assert record.result == "X"

    def test_moves_without_times(self) -> None:
        text = "Piskvorky 15x15, 11:11, 0\n" + moves_text(FIVE, times=False)
        record = record_from_psq(text, started_at=START)
        assert record.move_seconds == (0.0,) * len(FIVE)
        assert record.result == "X"

    def test_spaces_and_blank_lines(self) -> None:
        text = "  piskvorky 15 x 15 , 11 : 11 , 0 \n\n 8 , 8 , 10 \n\n9,9,20\n\n"
        record = record_from_psq(text, started_at=START)
        assert record.moves == (cell(Rules(15, 15, 5), 8, 8), cell(Rules(15, 15, 5), 9, 9))

    def test_oblong_board(self) -> None:
        text = "Piskvorky 20x15, 11:11, 0\n20,15,5\n1,1,5\n"
        record = record_from_psq(text, started_at=START)
        assert record.rules is Rules(20, 15, 5)
        assert record.moves == (15 * 20 - 1, 0)

    def test_counted_from_zero(self) -> None:
        text = "Piskvorky 15x15, 11:11, 0\n0,0,0\n7,7,0\n"
        record = record_from_psq(text, started_at=START)
        assert record.moves == (0, 7 * 15 + 7)
        assert any("counted from 0" in line for line in record.log)

    def test_latin_1_names(self) -> None:
        data = b"Piskvorky 15x15, 11:11, 0\r\n8,8,0\r\npbrain-\xe8ern\xfd.exe\r\nb.exe\r\n-1\r\n"
        record = record_from_psq(data, started_at=START)
        assert record.x.name == "pbrain-èerný.exe"
        assert any("Latin-1" in line for line in record.log)

    def test_paths_as_names(self) -> None:
        text = (
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n"
            "C:\\gomocup\\brains\\pbrain-a.exe\n/home/b/pbrain-b\n-1\n"
        )
        record = record_from_psq(text, started_at=START)
        assert (record.x.name, record.o.name) == ("pbrain-a.exe", "pbrain-b")

    def test_an_empty_game(self) -> None:
        record = record_from_psq("Piskvorky 15x15, 0:0, 0\n0\n", started_at=START)
        assert record.moves == () and record.result is None

    def test_the_same_game_the_same_id(self) -> None:
        first = record_from_psq(GOMOCUP_JUDGE, started_at=START)
        later = record_from_psq(
            GOMOCUP_JUDGE.replace("\n", "\r\n"), started_at="2027-05-05T00:00:00.000Z"
        )
        assert first.game_id == later.game_id
        other = record_from_psq(GOMOCUP_JUDGE.replace("7,10,800", "7,10,801"), started_at=START)
        assert other.game_id != first.game_id


class TestRules:
    def test_an_overline_read_as_exactly_five(self) -> None:
        # Black: 3, 4, 6, 7, 8 on row 10, then 5 makes six; white plays on row 12, then more.
        black = [(3, 10), (4, 10), (6, 10), (7, 10), (8, 10), (5, 10)]
        white = [(3, 12), (4, 12), (6, 12), (7, 12), (1, 1), (1, 3)]
        moves = [stone for pair in zip(black, white, strict=True) for stone in pair]
        record = record_from_psq(
            "Piskvorky 15x15, 11:11, 0\n" + moves_text(moves), started_at=START
        )
        assert record.rules is Rules(15, 15, 5, exact=True)
        assert record.result is None
        assert "exactly five" in record.log[0] and "move 11" in record.log[0]

    def test_told_the_rules(self) -> None:
        exact = Rules(20, 20, 5, exact=True)
        record = record_from_psq(GOMOCUP_JUDGE, exact, started_at=START)
        assert record.rules is exact
        assert "as asked" in record.log[0]

    def test_told_other_rules_than_the_board(self) -> None:
        with pytest.raises(PsqError, match=r"line 1: the record is five in a row on 20x20, not"):
            record_from_psq(GOMOCUP_JUDGE, Rules(15, 15, 5))

    def test_a_game_that_goes_on_after_any_five(self) -> None:
        text = "Piskvorky 15x15, 11:11, 0\n" + moves_text([*FIVE, (1, 1)])
        with pytest.raises(
            PsqError, match=r"line 11: move 10 comes after the game was over \(move 9, line 10"
        ):
            record_from_psq(text)


class TestRefused:
    @pytest.mark.parametrize(
        ("text", "reason"),
        [
            ("", r"it is empty"),
            ("\n \r\n", r"it is empty"),
            ('{"format": "ttt-desktop-game"}', r"line 1 is not its header"),
            ("Piskvorky 15x15, 11:11\n8,8,0\n", r"line 1 is not its header"),
            (
                "Piskvorky 15x15, 11:11, 2\n",
                r"line 1: the header's last number says who began, 0 or 1, not 2",
            ),
            (
                "Piskvorky 22x22, 11:11, 0\n",
                r"line 1: the board is 22x22; five in a row is played here on boards of 5 to 20",
            ),
            ("Piskvorky 4x4, 11:11, 0\n", r"line 1: the board is 4x4"),
            (
                "Piskvorky 15x15, 11:11, 0\n8,8,0\n16,1,0\n",
                r"line 3: move 2, 16,1, is off the 15x15 board \(x runs 1 to 15",
            ),
            (
                "Piskvorky 15x15, 11:11, 0\n8,8,0\n-3,1,0\n",
                r"line 3: move 2, -3,1, is off the 15x15 board",
            ),
            (
                "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8,8,0\n",
                r"line 4: move 3, 8,8, is where move 1 is already",
            ),
            (
                "Piskvorky 15x15, 11:11, 0\n0,0,0\n15,15,0\n",
                r"line 2: the coordinate 0 \(0,0\) counts from 0, "
                r"but line 3 \(15,15\) counts from 1",
            ),
            (
                "Piskvorky 15x15, 11:11, 0\n8,8,0\na.exe\n9,9,0\n",
                r"line 4: a move \(9,9,0\) after line 3, which is not one \('a.exe'\)",
            ),
            (
                "Piskvorky 15x15, 11:11, 0\n8,8,0\na\nb\nc\n-1\n",
                r"line 5: a third line after the moves \('c'\)",
            ),
            ("Piskvorky 15x15, 11:11, 0\n123456,1,0\n", r"line 2: '123456' is no coordinate"),
            (
                "Piskvorky 15x15, 11:11, 0\n1,1,1234567890123\n",
                r"line 2: '1234567890123' is no think time",
            ),
        ],
    )
    def test_refused_with_the_line_and_why(self, text: str, reason: str) -> None:
        with pytest.raises(
            PsqError, match=r"^not a (readable )?Piskvork record \(\.psq\): .*" + reason
        ):
            record_from_psq(text)

    def test_a_negative_time_is_read_as_zero_and_said(self) -> None:
        record = record_from_psq("Piskvorky 15x15, 11:11, 0\n8,8,-5\n", started_at=START)
        assert record.move_seconds == (0.0,)
        assert any("line 2: a think time of -5 ms, read as 0" in line for line in record.log)


class TestWriting:
    def test_what_the_judge_writes(self) -> None:
        rules = Rules(20, 20, 5)
        record = GameRecord(
            PlayerEntry("brain.a", "A"), PlayerEntry("human", "Bo"), Mark.X, rules=rules
        )
        for index, (x, y) in enumerate(FIVE):
            record = record.with_move(cell(rules, x, y), index * 0.1)
        text = record_to_psq(record)
        lines = text.split("\r\n")
        assert lines[0] == "Piskvorky 20x20, 11:0, 0"
        assert lines[1:4] == ["3,10,0", "3,12,100", "4,10,200"]
        assert lines[-4:] == ["A", "Bo", "-1", ""]
        assert "\n" not in text.replace("\r\n", "")

    def test_o_first_is_written_first(self) -> None:
        rules = Rules(15, 15, 5)
        record = GameRecord(
            PlayerEntry("human", "Xena"), PlayerEntry("human", "Otto"), Mark.O, rules=rules
        ).with_move(112)
        text = record_to_psq(record)
        assert text.split("\r\n")[-4:-2] == ["Otto", "Xena"]
        again = record_from_psq(text, started_at=record.started_at)
        assert again.x.name == "Otto" and again.moves == record.moves

    @pytest.mark.parametrize("key", ["3,3,3", "15,15,4", "9,4,4", "4,4,4"])
    def test_other_games_are_refused(self, key: str) -> None:
        rules = Rules.parse(key)
        assert psq_writable(rules) is not None
        record = GameRecord(
            PlayerEntry("human", "A"), PlayerEntry("human", "B"), Mark.X, rules=rules
        )
        with pytest.raises(ValueError, match="five-in-a-row games on boards of 5 to 20"):
            record_to_psq(record)

    def test_looks_like_psq(self) -> None:
        assert looks_like_psq(GOMOCUP_JUDGE)
        assert looks_like_psq("\ufeff\r\n piskvorky 15x15, 0:0, 0")
        assert not looks_like_psq('{"format": "ttt-desktop-game"}')


class TestFiles:
    def test_save_and_load_by_name(self, tmp_path) -> None:
        rules = Rules(15, 15, 5)
        record = GameRecord(
            PlayerEntry("human", "Ann"), PlayerEntry("brain.b", "B"), Mark.X, rules=rules
        )
        record = record.with_move(112, 1.25).with_move(113, 0.5)
        path = tmp_path / "game.PSQ"
        save_record(record, path)
        assert read_user_file(path, GAME_FILE).startswith(
            b"Piskvorky 15x15, 0:11, 0\r\n8,8,1250\r\n"
        )
        loaded = load_record(path)
        assert loaded.moves == record.moves and loaded.move_seconds == record.move_seconds
        assert (loaded.x, loaded.o) == (PlayerEntry("human", "Ann"), PlayerEntry("brain.b", "B"))
        # The start time is the file's: the format has none.
        assert loaded.started_at.endswith("Z")

    def test_a_psq_under_another_name_is_read_by_its_header(self, tmp_path) -> None:
        path = tmp_path / "from-the-archive.txt"
        path.write_text(GOMOCUP_JUDGE)
        assert load_record(path).result == "X"

    def test_a_game_a_psq_cannot_hold_is_not_written(self, tmp_path) -> None:
        record = GameRecord(PlayerEntry("human", "A"), PlayerEntry("human", "B"), Mark.X).with_move(
            4
        )
        path = tmp_path / "ttt.psq"
        with pytest.raises(ValueError, match="five-in-a-row"):
            save_record(record, path)
        assert not path.exists()

    def test_a_bad_psq_file_is_refused_by_load_record(self, tmp_path) -> None:
        path = tmp_path / "bad.psq"
        path.write_text("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n")
        with pytest.raises(ValueError, match=r"line 3: move 2, 8,8, is where move 1 is already"):
            load_record(path)


# Round trips --------------------------------------------------------------------------

ROUND_TRIP = settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])
NAMES = (
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=20)
    .map(lambda name: " ".join("".join(ch if ch.isprintable() else " " for ch in name).split()))
    .filter(lambda name: bool(name) and "/" not in name and "\\" not in name)
)


@st.composite
def games(draw: st.DrawFn) -> GameRecord:
    """A game any way it can go on a five-in-a-row board (free-style), with think times."""
    m = draw(st.integers(5, 20))
    n = draw(st.integers(5, 20))
    rules = Rules(m, n, 5)
    seed = draw(st.integers(0, 2**32))
    length = draw(st.integers(0, m * n))
    generator = random.Random(seed)
    board = Board.empty(Mark.X, rules)

    def entry(mark: str) -> PlayerEntry:
        name = draw(
            st.one_of(NAMES, st.sampled_from(["-1", "12", "3,4", "3,4,5", "'7'", "homo-1"]))
        )
        if draw(st.booleans()) or name.startswith("homo-"):
            return PlayerEntry("human", name)
        return PlayerEntry("brain.x" + mark.lower(), name)

    record = GameRecord(entry("X"), entry("O"), Mark.X, rules=rules, started_at=START)
    for _ in range(length):
        if board.is_over:
            break
        move = generator.choice(board.legal_moves())
        board = board.play(move)
        record = record.with_move(move, draw(st.integers(0, 10**7)) / 1000)
    return record


@ROUND_TRIP
@given(games())
def test_a_game_written_reads_back(record: GameRecord) -> None:
    text = record_to_psq(record)
    again = record_from_psq(text, started_at=START)
    assert again.rules is record.rules
    assert again.moves == record.moves
    assert again.move_seconds == record.move_seconds
    assert again.result == record.result
    assert again.x.name == record.x.name and again.o.name == record.o.name
    assert again.x.is_human == record.x.is_human and again.o.is_human == record.o.is_human
    # Written again, the same text.
    assert record_to_psq(again) == text


@ROUND_TRIP
@given(games(), st.sampled_from(["\n", "\r\n"]), st.booleans())
def test_read_twice_the_same_game(record: GameRecord, end: str, bom: bool) -> None:
    text = record_to_psq(record).replace("\r\n", end)
    text = ("\ufeff" if bom else "") + text
    first = record_from_psq(text, started_at=START)
    second = record_from_psq(record_to_psq(first), started_at=START)
    assert first == second


LINES = st.one_of(
    st.from_regex(r"[+-]?\d{1,3}, ?[+-]?\d{1,3}(, ?[+-]?\d{1,8})?", fullmatch=True),
    st.from_regex(r"[+-]?\d{1,14}", fullmatch=True),
    st.text(max_size=30),
    st.sampled_from(["", "-1", "homo-1", "1,Freestyle", "pbrain-a.exe", "'3,4'"]),
)


@ROUND_TRIP
@given(
    st.from_regex(r"Piskvorky \d{1,2}x\d{1,2}, \d{1,2}:\d{1,2}, [0-2]", fullmatch=True),
    st.lists(LINES, max_size=40),
    st.sampled_from(["\n", "\r\n", "\r"]),
)
def test_any_file_is_a_game_or_a_reason(header: str, lines: list[str], end: str) -> None:
    text = end.join([header, *lines])
    try:
        record = record_from_psq(text, started_at=START)
    except PsqError as error:
        assert str(error).startswith(("not a Piskvork record", "not a readable Piskvork record"))
        return
    assert record == record_from_psq(text.encode("utf-8"), started_at=START)
    assert record_from_psq(record_to_psq(record), started_at=START).moves == record.moves


def test_the_modules_examples() -> None:
    failures, tried = doctest.testmod(psq)
    assert tried > 0 and failures == 0


def test_a_name_of_control_characters_is_no_name() -> None:
    """Control characters in a name read as spaces; a name of nothing else is no name."""
    header = "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\n"
    record = record_from_psq(header + "\x1b\n\x07\x1b\n-1\n")
    assert (record.x.name, record.o.name) == ("Player X", "Player O")
    record = record_from_psq(header + "A\x07B\nC:\\x\\pbrain-e\x1b.exe\n-1\n")
    assert (record.x.name, record.o.name) == ("A B", "pbrain-e .exe")
