"""``--openings`` on the command line: a missing or malformed file, and openings where a
command cannot play them, are refused in one line with exit status 2, before any player
is made or brain started; a good file is played."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from ttt_desktop.arena import main

SPRT = ["match", "--x", "rando", "--o", "levi", "--sprt", "0,10", "--seed", "1"]
TOURNAMENT = ["tournament", "--players", "rando,levi", "--seed", "1"]


def marking_brain(marker: Path) -> str:
    """A brain seat whose process, if it is ever started, leaves ``marker`` behind."""
    script = f"open({str(marker)!r}, 'w').close()"
    return "brain:" + shlex.join([sys.executable, "-c", script])


def refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """The one line ``argv`` is refused with (exit 2, nothing on stdout, no traceback)."""
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("ttt-arena: ")
    return lines[0]


class TestAMissingFile:
    @pytest.mark.parametrize("command", [SPRT, TOURNAMENT], ids=["match --sprt", "tournament"])
    def test_is_refused_with_its_name(
        self, command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        missing = tmp_path / "no-such-openings.txt"
        line = refused(capsys, [*command, "--openings", str(missing)])
        assert line == (
            "ttt-arena: --openings: can't read no-such-openings.txt: No such file or directory"
        )

    def test_is_refused_before_a_brain_is_started(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        marker = tmp_path / "started"
        argv = ["match", "--x", marking_brain(marker), "--o", "rando", "--sprt", "0,10"]
        line = refused(capsys, [*argv, "--openings", str(tmp_path / "missing.txt")])
        assert "can't read missing.txt" in line
        assert not marker.exists()

    def test_a_folder_is_no_file(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        line = refused(capsys, [*TOURNAMENT, "--openings", str(tmp_path)])
        assert line.startswith("ttt-arena: --openings: ")


class TestAMalformedFile:
    @pytest.mark.parametrize("command", [SPRT, TOURNAMENT], ids=["match --sprt", "tournament"])
    def test_names_the_line_and_what_is_wrong(
        self, command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        path = tmp_path / "openings.txt"
        path.write_text("5\n# a comment\n3 3\n")
        line = refused(capsys, [*command, "--openings", str(path)])
        assert line == f"ttt-arena: --openings: {path}, line 3: 3 is played twice"

    def test_on_a_big_board(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        path = tmp_path / "openings.txt"
        path.write_text("h8 h9\nh8 z99\n")
        line = refused(capsys, [*TOURNAMENT, "--rules", "gomoku", "--openings", str(path)])
        assert f"{path}, line 2: a cell of 15,15,5 is a column a-o" in line
        assert "not 'z99'" in line

    def test_that_is_not_text(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        path = tmp_path / "openings.txt"
        path.write_bytes(b"\xff\xfe\x00h8")
        line = refused(capsys, [*SPRT, "--openings", str(path)])
        assert line.startswith("ttt-arena: --openings: openings.txt is not")
        assert line.endswith("it is not UTF-8 text")

    def test_with_no_opening_in_it(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        path = tmp_path / "openings.txt"
        path.write_text("# nothing yet\n\n")
        line = refused(capsys, [*SPRT, "--openings", str(path)])
        assert f"{path} holds no opening" in line

    def test_is_refused_before_a_brain_is_started(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        marker = tmp_path / "started"
        path = tmp_path / "openings.txt"
        path.write_text("0\n")
        argv = ["match", "--x", "rando", "--o", marking_brain(marker), "--sprt", "0,10"]
        line = refused(capsys, [*argv, "--openings", str(path)])
        assert "line 1: a tic-tac-toe cell is a keypad digit 1-9, not '0'" in line
        assert not marker.exists()


class TestOpeningsWhereTheyCannotBePlayed:
    def test_a_plain_match_refuses_them(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        path = tmp_path / "openings.txt"
        path.write_text("5\n")
        line = refused(capsys, ["match", "--x", "rando", "--o", "levi", "--openings", str(path)])
        assert "a match keeps each player on its side" in line
        assert "give --sprt" in line

    def test_a_plain_match_with_a_brain_refuses_them_before_starting_it(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        marker = tmp_path / "started"
        argv = ["match", "--x", marking_brain(marker), "--o", "rando", "--openings", "builtin"]
        assert "a match keeps each player on its side" in refused(capsys, argv)
        assert not marker.exists()

    @pytest.mark.parametrize("command", [SPRT, TOURNAMENT], ids=["match --sprt", "tournament"])
    def test_symmetries_alone(self, command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
        line = refused(capsys, [*command, "--symmetries"])
        assert line == "ttt-arena: --symmetries turns openings: give --openings too"


def test_a_good_file_is_played_by_an_sprt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "openings.txt"
    path.write_text("5 1\n9\n")
    argv = [*SPRT, "--games", "8", "--json", "--openings", str(path)]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert "2 openings" in captured.err
    document = json.loads(captured.out)
    assert document["sprt"]["games"] == 8
