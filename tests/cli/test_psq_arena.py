"""``ttt-arena tournament --psq DIR``: one Piskvork record a game, each opening of a Gomocup
suite played with both colours, and what can't be written refused in one line (exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ttt_desktop.arena import main
from ttt_desktop.core.rules import Rules
from ttt_desktop.formats.files import load_record
from ttt_desktop.formats.psq import record_from_psq

TOURNAMENT = ["tournament", "--players", "rando,levi", "--seed", "5"]


def refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.splitlines()
    return line


def test_one_record_a_game_each_opening_both_ways(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite = tmp_path / "openings_15.txt"
    # The organisers' format: offsets x,y from the centre, black first.
    suite.write_text("0,0, 1,-1, -1,1\n0,0, 0,1\n")
    folder = tmp_path / "records" / "run"
    argv = [*TOURNAMENT, "--rules", "15,15,5", "--games", "2", "--openings", str(suite)]
    assert main([*argv, "--psq", str(folder)]) == 0
    err = capsys.readouterr().err
    assert f"wrote 4 Piskvork records (.psq) in {folder}" in err
    paths = sorted(folder.iterdir())
    assert [path.name for path in paths] == [
        "game-00001 rando v levi.psq",
        "game-00002 levi v rando.psq",
        "game-00003 rando v levi.psq",
        "game-00004 levi v rando.psq",
    ]
    records = [load_record(path) for path in paths]
    rules = Rules(15, 15, 5)
    centre = 7 * 15 + 7
    first = (centre, centre - 15 + 1, centre + 15 - 1)
    second = (centre, centre + 15)
    # Games 1 and 2 share the first opening, 3 and 4 the second: each player black once.
    assert [record.moves[: len(first)] for record in records[:2]] == [first, first]
    assert [record.moves[: len(second)] for record in records[2:]] == [second, second]
    assert [(record.x.name, record.o.name) for record in records] == [
        ("Rando", "Levi"),
        ("Levi", "Rando"),
    ] * 2
    for path, record in zip(paths, records, strict=True):
        assert record.rules is rules
        assert record.is_finished
        text = path.read_text()
        assert text.startswith("Piskvorky 15x15, 11:11, 0\n")
        assert record_from_psq(text, started_at=record.started_at).moves == record.moves


def test_tic_tac_toe_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, [*TOURNAMENT, "--psq", str(tmp_path / "out")])
    assert line == (
        "ttt-arena: --psq: a Piskvork record (.psq) holds five-in-a-row games on boards of 5 "
        "to 20 a side, not Tic-tac-toe (3,3,3)"
    )
    assert not (tmp_path / "out").exists()


def test_a_folder_that_cannot_be_made(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("")
    line = refused(
        capsys, [*TOURNAMENT, "--rules", "gomoku", "--psq", str(tmp_path / "file" / "x")]
    )
    assert line.startswith("ttt-arena: --psq: can't make the folder ")
