"""``ttt-arena``: the real command, run as a process and in-process through ``main``."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ttt_desktop import arena
from ttt_desktop.arena import ARENA_KINDS, build_parser, main, play_match
from ttt_desktop.players import create_player
from ttt_desktop.players.learner import SHIPPED_TABLE_PATH, LearnerPlayer, LearnerTable

PROJECT_ROOT = Path(__file__).resolve().parent.parent

# The source documents' figures (000, Figure 1.2 and the outcome counts; Schaefer 2002).
DOCUMENT_SEQUENCES_PER_PLY = [1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]
DOCUMENT_TERMINAL_PER_PLY = [0, 0, 0, 0, 0, 1440, 5328, 47952, 72576, 127872]


def run_arena(*arguments: str) -> subprocess.CompletedProcess[str]:
    """``python -m ttt_desktop.arena ARGUMENTS`` in a fresh process."""
    return subprocess.run(
        [sys.executable, "-m", "ttt_desktop.arena", *arguments],
        capture_output=True,
        text=True,
        cwd=PROJECT_ROOT,
        check=False,
    )


def arena_json(capsys: pytest.CaptureFixture[str], *arguments: str) -> Any:
    """``main([...])`` in this process, its stdout parsed as JSON."""
    assert main([*arguments, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def without_timings(match: dict[str, Any]) -> dict[str, Any]:
    """A match's JSON with the clock readings taken out (they differ from run to run)."""
    timeless = {
        key: value for key, value in match.items() if key not in ("seconds", "games_per_second")
    }
    for side in ("x", "o"):
        timeless[side] = {
            key: value
            for key, value in match[side].items()
            if key not in ("mean_move_us", "max_move_us")
        }
    return timeless


class TestCensus:
    def test_json_from_the_command_equals_the_documents(self) -> None:
        completed = run_arena("census", "--json")
        assert completed.returncode == 0, completed.stderr
        figures = json.loads(completed.stdout)
        assert figures["sequences_per_ply"] == DOCUMENT_SEQUENCES_PER_PLY
        assert figures["terminal_per_ply"] == DOCUMENT_TERMINAL_PER_PLY
        assert figures["outcomes"] == {"X": 131184, "O": 77904, "draw": 46080}
        assert figures["games"] == 255168
        assert figures["games_up_to_symmetry"] == 26830
        assert figures["positions"] == 5478
        assert figures["positions_up_to_symmetry"] == 765
        assert figures["terminal_positions"] == 958
        assert figures["terminal_positions_up_to_symmetry"] == 138

    def test_table_reads_like_the_documents_figure(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        assert main(["census"]) == 0
        text = capsys.readouterr().out
        rows = {line.split()[0]: line.split()[1:] for line in text.splitlines() if line.strip()}
        assert rows["1"] == ["9", "-"]
        assert rows["5"] == ["15,120", "1,440"]
        assert rows["9"] == ["127,872", "127,872"]
        assert rows["Total"] == ["-", "255,168"]
        for figure in ("131,184", "77,904", "46,080", "26,830"):
            assert figure in text


class TestMatch:
    def test_counts_add_up(self, capsys: pytest.CaptureFixture[str]) -> None:
        match = arena_json(
            capsys, "match", "--x", "levi", "--o", "rando", "--games", "500", "--seed", "3"
        )
        assert match["games"] == 500
        assert match["x_wins"] + match["o_wins"] + match["draws"] == 500
        assert match["x"]["wins"] == match["x_wins"] > match["o_wins"]
        assert match["x_started"] == 500
        # X moved first every game, so X made as many moves as O or one more, per game.
        assert match["o"]["moves"] <= match["x"]["moves"] <= match["o"]["moves"] + 500
        assert 5 * 500 <= match["x"]["moves"] + match["o"]["moves"] <= 9 * 500
        for side in ("x", "o"):
            assert 0 < match[side]["mean_move_us"] <= match[side]["max_move_us"]
        assert match["games_per_second"] > 0

    def test_a_seed_repeats_the_match(self, capsys: pytest.CaptureFixture[str]) -> None:
        arguments = ("match", "--x", "learner", "--o", "humiston", "--games", "300", "--seed", "8")
        first = arena_json(capsys, *arguments, "--start", "random")
        second = arena_json(capsys, *arguments, "--start", "random")
        assert without_timings(first) == without_timings(second)
        other_seed = arena_json(capsys, *arguments[:-1], "9", "--start", "random")
        assert without_timings(other_seed) != without_timings(first)

    @pytest.mark.parametrize(("start", "x_started"), [("x", 40), ("o", 0), ("alternate", 20)])
    def test_start_decides_who_moves_first(
        self, capsys: pytest.CaptureFixture[str], start: str, x_started: int
    ) -> None:
        arguments = ("match", "--x", "rando", "--o", "rando", "--games", "40", "--seed", "1")
        match = arena_json(capsys, *arguments, "--start", start)
        assert match["x_started"] == x_started
        assert match["o_started"] == 40 - x_started

    def test_perfect_never_loses(self, capsys: pytest.CaptureFixture[str]) -> None:
        match = arena_json(
            capsys,
            "match",
            "--x",
            "rando",
            "--o",
            "perfect",
            "--games",
            "2000",
            "--start",
            "alternate",
        )
        assert match["x_wins"] == 0
        assert match["o_wins"] > 1000

    def test_text_report_from_the_command(self) -> None:
        completed = run_arena(
            "match", "--x", "perfect", "--o", "learner", "--games", "200", "--seed", "4"
        )
        assert completed.returncode == 0, completed.stderr
        lines = completed.stdout.splitlines()
        x_row = next(line for line in lines if line.startswith("X "))
        o_row = next(line for line in lines if line.startswith("O "))
        assert x_row.split()[1:5] == ["perfect", "0", "200", "0"]
        assert o_row.split()[1:5] == ["learner", "0", "200", "0"]
        assert "games per second" in completed.stdout

    def test_reports_progress_as_it_goes(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(arena, "_PROGRESS_INTERVAL_NS", 0)  # a report after every game
        heard: list[int] = []
        rando, levi = create_player("rando", seed=1), create_player("levi", seed=2)
        play_match(rando, levi, 25, on_progress=heard.append)
        assert heard == list(range(1, 26))

    def test_play_match_reports_players(self) -> None:
        result = play_match(create_player("rando", seed=1), create_player("levi", seed=2), 100)
        assert (result.x.kind, result.o.kind) == ("rando", "levi")
        assert (result.x.seed, result.o.seed) == (1, 2)
        assert result.x.wins + result.o.wins + result.draws == 100


class TestTournament:
    def test_crosstable_is_complete_and_consistent(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        kinds = ["rando", "levi", "perfect"]
        tournament = arena_json(
            capsys, "tournament", "--players", ",".join(kinds), "--games", "50", "--seed", "2"
        )
        crosstable = tournament["crosstable"]
        assert set(crosstable) == set(kinds)
        for kind in kinds:
            assert set(crosstable[kind]) == set(kinds) - {kind}
            for opponent, record in crosstable[kind].items():
                assert record["wins"] + record["draws"] + record["losses"] == 100
                mirror = crosstable[opponent][kind]
                assert (record["wins"], record["draws"]) == (mirror["losses"], mirror["draws"])
        assert len(tournament["matches"]) == len(kinds) * (len(kinds) - 1)
        assert crosstable["perfect"]["rando"]["losses"] == 0
        assert tournament["standings"][0] == "perfect"
        assert sum(tournament["scores"].values()) == 50 * 2 * 3

    def test_text_crosstable(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert (
            main(["tournament", "--players", "perfect,learner", "--games", "20", "--seed", "1"])
            == 0
        )
        text = capsys.readouterr().out
        perfect_row = next(line for line in text.splitlines() if line.startswith("perfect "))
        assert perfect_row.split()[1:] == ["-", "0-40-0", "20.0"]
        assert "Standings:" in text

    def test_a_seed_repeats_the_tournament(self, capsys: pytest.CaptureFixture[str]) -> None:
        arguments = (
            "tournament",
            "--players",
            "rando,levi,humiston",
            "--games",
            "30",
            "--seed",
            "5",
        )
        first, second = arena_json(capsys, *arguments), arena_json(capsys, *arguments)
        assert first["crosstable"] == second["crosstable"]


class TestBadArguments:
    def test_unknown_kind_exits_2_listing_the_kinds(self) -> None:
        completed = run_arena("match", "--x", "deep-blue", "--o", "rando", "--games", "5")
        assert completed.returncode == 2
        assert "unknown player kind 'deep-blue'" in completed.stderr
        for kind in ARENA_KINDS:
            assert kind in completed.stderr
        assert completed.stdout == ""

    def test_unknown_kind_in_a_tournament(self, capsys: pytest.CaptureFixture[str]) -> None:
        with pytest.raises(SystemExit) as exit_info:
            main(["tournament", "--players", "rando,nobody", "--games", "5"])
        assert exit_info.value.code == 2
        assert "unknown player kind 'nobody'" in capsys.readouterr().err

    @pytest.mark.parametrize(
        "arguments",
        [
            [],
            ["match", "--x", "rando"],
            ["match", "--x", "rando", "--o", "rando", "--games", "0"],
            ["match", "--x", "rando", "--o", "rando", "--games", "many"],
            ["match", "--x", "rando", "--o", "rando", "--start", "sometimes"],
            ["match", "--x", "sequence", "--o", "rando"],
            ["tournament", "--players", "rando"],
            ["tournament", "--players", "rando,rando"],
            ["train", "--alpha", "2"],
            ["referee"],
        ],
    )
    def test_bad_arguments_exit_2(
        self, capsys: pytest.CaptureFixture[str], arguments: list[str]
    ) -> None:
        with pytest.raises(SystemExit) as exit_info:
            main(arguments)
        assert exit_info.value.code == 2
        assert "error:" in capsys.readouterr().err


class TestTrain:
    def test_default_output_is_not_the_shipped_table(self) -> None:
        arguments = build_parser().parse_args(["train"])
        assert arguments.out.resolve() != SHIPPED_TABLE_PATH

    def test_short_training_writes_a_table_and_an_improving_curve(self, tmp_path: Path) -> None:
        table_path, curve_path = tmp_path / "table.json", tmp_path / "curve.csv"
        completed = run_arena(
            "train",
            "--episodes",
            "3000",
            "--eval-every",
            "1000",
            "--eval-games",
            "500",
            "--seed",
            "4",
            "--out",
            str(table_path),
            "--curve",
            str(curve_path),
        )
        assert completed.returncode == 0, completed.stderr
        assert "episode 1000" in completed.stderr  # progress on stderr
        assert str(table_path) in completed.stdout

        with curve_path.open(newline="") as file:
            rows = list(csv.DictReader(file))
        assert [int(row["episode"]) for row in rows] == [1000, 2000, 3000]
        for row in rows:
            rates = (float(row[f"{result}_rate_vs_random"]) for result in ("win", "draw", "loss"))
            assert sum(rates) == pytest.approx(1.0, abs=1e-3)
            assert 0.0 <= float(row["loss_rate_vs_perfect_as_x"]) <= 1.0
            assert 0.0 <= float(row["loss_rate_vs_perfect_as_o"]) <= 1.0
        assert int(rows[-1]["positions"]) >= int(rows[0]["positions"])
        # Random play as X wins about 58% and loses about 29% against random play.
        assert float(rows[-1]["win_rate_vs_random"]) > 0.7
        assert float(rows[-1]["loss_rate_vs_random"]) < 0.2

        table = LearnerTable.load(table_path)
        assert table.training["episodes"] == 3000
        learner = create_player("learner", seed=1, table=table_path)
        assert isinstance(learner, LearnerPlayer)
        result = play_match(learner, create_player("rando", seed=2), 1000)
        assert result.x.wins > 700


def test_no_qt_is_loaded() -> None:
    code = (
        "import sys, ttt_desktop.arena, ttt_desktop.players.learner\n"
        "ttt_desktop.arena.main(['match', '--x', 'learner', '--o', 'perfect', '--games', '5'])\n"
        "assert not [name for name in sys.modules if name.startswith('PySide6')]\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=PROJECT_ROOT, check=False
    )
    assert completed.returncode == 0, completed.stderr
