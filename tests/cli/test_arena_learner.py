"""``ttt-arena train`` on any board, and trained files as seats (``learner:FILE``)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from ttt_desktop.cli import main
from ttt_desktop.core.rules import Rules
from ttt_desktop.lab.spec import parse_entrants
from ttt_desktop.players import create_player
from ttt_desktop.players.ntuple import NTupleNetwork, NTuplePlayer
from ttt_desktop.players.roster import display_name, supports


@pytest.fixture(scope="module")
def network_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("trained")
    path, curve = folder / "net.json", folder / "curve.csv"
    status = main(
        [
            "train", "--rules", "7,6,4", "--episodes", "40", "--eval-every", "20",
            "--eval-games", "2", "--workers", "1", "--seed", "3",
            "--out", str(path), "--curve", str(curve),
        ]
    )  # fmt: skip
    assert status == 0
    return path


def test_training_a_network_writes_it_and_its_curve(
    network_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    network = NTupleNetwork.load(network_file)
    assert network.rules is Rules.parse("7,6,4")
    assert network.training["games"] == 40
    with (network_file.parent / "curve.csv").open(newline="") as file:
        rows = list(csv.DictReader(file))
    assert [int(row["games"]) for row in rows] == [0, 24, 40]
    for row in rows:
        for kind in ("levi", "utility", "searcher"):
            assert float(row[f"low_vs_{kind}"]) <= float(row[f"score_vs_{kind}"])
            assert float(row[f"score_vs_{kind}"]) <= float(row[f"high_vs_{kind}"])


def test_progress_goes_to_stderr_and_the_file_to_stdout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "n.json"
    arguments = ["train", "--rules", "7,6,4", "--episodes", "16", "--eval-every", "8"]
    arguments += ["--eval-games", "2", "--workers", "1", "--out", str(out)]
    assert main([*arguments, "--curve", str(tmp_path / "c.csv")]) == 0
    captured = capsys.readouterr()
    assert "training 7,6,4 by the ntuple method" in captured.err
    assert "game 16: scores over 2 games each" in captured.err
    assert str(out) in captured.out


def test_a_time_limit_stops_the_training(tmp_path: Path) -> None:
    out = tmp_path / "n.json"
    arguments = ["train", "--rules", "7,6,4", "--minutes", "0.01", "--workers", "1"]
    arguments += ["--eval-games", "2", "--out", str(out), "--curve", str(tmp_path / "c.csv")]
    assert main(arguments) == 0
    network = NTupleNetwork.load(out)
    assert 0.6 <= network.training["seconds"] < 30
    assert network.training["minutes"] == 0.01


def test_a_network_trains_on_from_its_file(network_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "more.json"
    arguments = ["train", "--rules", "7,6,4", "--resume", str(network_file), "--episodes", "56"]
    arguments += ["--eval-games", "2", "--workers", "1", "--out", str(out)]
    assert main([*arguments, "--curve", str(tmp_path / "c.csv")]) == 0
    again = NTupleNetwork.load(out)
    assert again.training["games"] == 56
    assert [point["episodes"] for point in again.training["curve"]][:3] == [0, 24, 40]


def test_the_file_plays_as_a_seat_in_match_and_tournament(
    network_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seat = f"learner:{network_file}"
    assert supports(seat, Rules.parse("9,9,4")) and not supports(seat, Rules.parse("9,9,5"))
    assert display_name(seat) == "net"
    player = create_player(seat, seed=1)
    assert isinstance(player, NTuplePlayer) and player.name == "net"
    assert main(["match", "--rules", "7,6,4", "--x", seat, "--o", "levi", "--games", "4"]) == 0
    assert "X: net (ntuple)" in capsys.readouterr().out
    status = main(
        ["tournament", "--rules", "7,6,4", "--players", f"{seat},levi", "--games", "2", "--json"]
    )
    assert status == 0
    standings = json.loads(capsys.readouterr().out)
    assert "net" in json.dumps(standings)
    assert [entrant.name for entrant in parse_entrants(f"{seat},levi", 1)] == ["net", "Levi"]


def test_a_table_file_plays_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = tmp_path / "table.json"
    arguments = ["train", "--episodes", "300", "--eval-every", "300", "--eval-games", "10"]
    assert main([*arguments, "--out", str(table), "--curve", str(tmp_path / "c.csv")]) == 0
    capsys.readouterr()
    assert main(["match", "--x", f"learner:{table}", "--o", "rando", "--games", "4"]) == 0
    assert main(["match", "--rules", "7,7,4", "--x", f"learner:{table}", "--o", "rando"]) == 2
    assert "plays only tic-tac-toe (3,3,3), not" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("{", "not valid JSON"),
        ("[1]", "a trained file is a JSON object"),
        ('{"format": "other"}', "neither a learner table nor a network"),
        ('{"format": "ttt-desktop-ntuple-network", "version": 1, "rules": "7,7,4"}', "windows"),
        ('{"format": "ttt-desktop-learner-table", "version": 1, "values": 3}', "'values'"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ],
)
def test_damaged_files_are_refused_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, reason: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        main(["match", "--rules", "7,7,4", "--x", f"learner:{path}", "--o", "levi"])
    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert str(path) in error and reason in error
    with pytest.raises(ValueError, match=reason):
        parse_entrants(f"learner:{path},levi", 1)


def test_a_missing_file_or_a_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for seat, reason in ((f"learner:{tmp_path / 'none.json'}", "can't read it"),
                         (f"learner:{tmp_path}", "not a regular file"),
                         ("learner:", "needs a file")):  # fmt: skip
        with pytest.raises(SystemExit):
            main(["match", "--x", seat, "--o", "levi"])
        assert reason in capsys.readouterr().err


def test_the_table_refuses_other_boards_and_a_network_its_curve_kinds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["train", "--method", "table", "--rules", "7,7,4"]) == 2
    assert "train a network there (--method ntuple)" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["train", "--rules", "7,7,4", "--opponents", "monty"])
    assert "the curve measures against" in capsys.readouterr().err


def test_without_numpy_a_network_is_refused_with_the_reason_and_the_table_trains(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The packaged app carries no numpy: training a network there says why, exit 2.
    import importlib.util  # noqa: PLC0415

    from ttt_desktop.players import learner  # noqa: PLC0415

    learner.network_training_problem.cache_clear()
    found = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "numpy" else found(name, *a)
    )
    try:
        assert main(["train", "--rules", "7,7,4", "--out", str(tmp_path / "n.json")]) == 2
        error = capsys.readouterr().err
        assert "training a network needs numpy" in error and "still play here" in error
        assert not (tmp_path / "n.json").exists()
        out = tmp_path / "table.json"
        arguments = ["train", "--episodes", "50", "--eval-every", "50", "--eval-games", "2"]
        assert main([*arguments, "--out", str(out), "--curve", str(tmp_path / "c.csv")]) == 0
        assert out.is_file()
    finally:
        learner.network_training_problem.cache_clear()
