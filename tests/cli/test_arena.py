"""``ttt-arena``: the real command, run as a process and in-process through ``main``."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ttt_desktop.cli import ARENA_KINDS, build_parser, main
from ttt_desktop.cli.train import output_path
from ttt_desktop.core.board import Board, IllegalMoveError, Mark
from ttt_desktop.core.play import play_game
from ttt_desktop.core.record import PlayerEntry
from ttt_desktop.lab import match as lab_match
from ttt_desktop.lab.match import play_match
from ttt_desktop.players import create_player
from ttt_desktop.players.learner import SHIPPED_TABLE_PATH, LearnerPlayer, LearnerTable

PROJECT_ROOT = Path(__file__).resolve().parents[2]

# The source documents' figures (000, Figure 1.2 and the outcome counts; Schaefer 2002).
DOCUMENT_SEQUENCES_PER_PLY = [1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]
DOCUMENT_TERMINAL_PER_PLY = [0, 0, 0, 0, 0, 1440, 5328, 47952, 72576, 127872]


def run_arena(*arguments: str) -> subprocess.CompletedProcess[str]:
    """``python -m ttt_desktop.cli ARGUMENTS`` (``ttt-arena``) in a fresh process."""
    return subprocess.run(
        [sys.executable, "-m", "ttt_desktop.cli", *arguments],
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
        monkeypatch.setattr(lab_match, "_PROGRESS_INTERVAL_NS", 0)  # a report after every game
        heard: list[int] = []
        rando, levi = create_player("rando", seed=1), create_player("levi", seed=2)
        play_match(rando, levi, 25, on_progress=heard.append)
        assert heard == list(range(1, 26))

    def test_play_match_reports_players(self) -> None:
        result = play_match(create_player("rando", seed=1), create_player("levi", seed=2), 100)
        assert (result.x.kind, result.o.kind) == ("rando", "levi")
        assert (result.x.seed, result.o.seed) == (1, 2)
        assert result.x.wins + result.o.wins + result.draws == 100


class TestAnyBoard:
    def test_match_json_lists_every_game_of_any_board(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        match = arena_json(
            capsys,
            "match", "--rules", "7,7,5", "--x", "rando", "--o", "rando",
            "--games", "3", "--seed", "1", "--start", "alternate",
        )  # fmt: skip
        assert match["rules"] == "7,7,5"
        assert len(match["played"]) == 3
        winners = []
        for game, first in zip(match["played"], ("X", "O", "X"), strict=True):
            assert game["first"] == first
            board = Board.empty(Mark(first), "7,7,5").play_all(game["moves"])
            assert board.is_over
            assert all(0 <= cell < 49 for cell in game["moves"])
            assert game["winner"] == (None if board.winner is None else board.winner.value)
            winners.append(game["winner"])
        assert match["x_wins"] == winners.count("X")
        assert match["o_wins"] == winners.count("O")
        assert match["draws"] == winners.count(None)

    def test_presets_by_name_and_the_rules_in_the_text_report(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        assert main(["match", "--rules", "gomoku", "--x", "rando", "--o", "rando",
                     "--games", "2", "--seed", "4"]) == 0  # fmt: skip
        assert "Gomoku 15x15 (15,15,5), 2 games" in capsys.readouterr().out

    def test_3x3_json_also_lists_the_games(self, capsys: pytest.CaptureFixture[str]) -> None:
        match = arena_json(capsys, "match", "--x", "levi", "--o", "rando", "--games", "20",
                           "--seed", "3")  # fmt: skip
        assert match["rules"] == "3,3,3"
        assert len(match["played"]) == 20
        for game in match["played"]:
            assert Board.empty().play_all(game["moves"]).is_over

    def test_a_3x3_player_on_another_board_is_refused(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        assert main(["match", "--rules", "15,15,5", "--x", "perfect", "--o", "rando"]) == 2
        error = capsys.readouterr().err
        assert "perfect plays only the solved boards (3,3,3, 3,4,3," in error
        assert "not Gomoku 15x15 (15,15,5)" in error
        assert "rando" in error

    @pytest.mark.parametrize(
        ("arguments", "what"),
        [
            (["census", "--rules", "4,4,4"], "the census"),
            (["train", "--method", "table", "--rules", "gomoku"], "the learner's table"),
        ],
    )
    def test_3x3_only_figures_refuse_other_rules(
        self, capsys: pytest.CaptureFixture[str], arguments: list[str], what: str
    ) -> None:
        assert main(arguments) == 2
        assert f"{what} is for tic-tac-toe (3,3,3) only" in capsys.readouterr().err

    @pytest.mark.parametrize(("text", "message"), [("2,2,2", "3"), ("banana", "banana")])
    def test_bad_rules_exit_2(
        self, capsys: pytest.CaptureFixture[str], text: str, message: str
    ) -> None:
        with pytest.raises(SystemExit) as exit_info:
            main(["match", "--rules", text, "--x", "rando", "--o", "rando"])
        assert exit_info.value.code == 2
        assert message in capsys.readouterr().err

    def test_the_library_keeps_games_of_any_board(self, tmp_path: Path) -> None:
        from ttt_desktop.library import Library  # noqa: PLC0415

        path = tmp_path / "games.sqlite3"
        arguments = ["match", "--rules", "7,7,5", "--x", "rando", "--o", "levi", "--games", "4"]
        assert main([*arguments, "--seed", "3", "--library", str(path)]) == 0
        library = Library(path)
        records = [library.record(row.id) for row in library.rows()]
        assert len(records) == 4
        assert {record.rules.key for record in records} == {"7,7,5"}
        for record in records:
            assert record.board_at(len(record.moves)).is_over


class TestPlayGame:
    """The one game loop: the arena's, the lab's and the training's games all come from it."""

    def test_the_same_seeds_give_the_same_game_however_it_is_asked(self) -> None:
        def seats() -> tuple[object, object]:
            return create_player("levi", seed=3), create_player("humiston", seed=4)

        heard: list[tuple[Board, int, object]] = []
        plain = play_game(*seats())
        timed = play_game(*seats(), timed=True)
        thought = play_game(*seats(), think=True, on_move=lambda *move: heard.append(move))
        assert plain.moves == timed.moves == thought.moves
        assert plain.board is timed.board is thought.board
        assert [cell for _, cell, _ in heard] == list(plain.moves)
        assert all(getattr(answer, "move", None) == cell for _, cell, answer in heard)
        assert heard[0][0] is Board.empty()

    def test_times_per_seat_add_up_per_move(self) -> None:
        game = play_game(create_player("rando", seed=1), create_player("rando", seed=2),
                         "5,5,4", Mark.O, timed=True, move_times=True)  # fmt: skip
        assert game.first is Mark.O and game.rules.key == "5,5,4"
        x_total, x_max, o_total, o_max = game.seat_ns
        assert o_total == sum(game.move_ns[0::2]) and x_total == sum(game.move_ns[1::2])
        assert o_max == max(game.move_ns[0::2]) and x_max == max(game.move_ns[1::2])

    def test_stop_ends_the_game_unfinished_and_the_record_says_so(self) -> None:
        asked = iter(range(100))
        game = play_game(create_player("rando", seed=1), create_player("rando", seed=2),
                         "7,7,5", stop=lambda: next(asked) >= 4)  # fmt: skip
        assert game.stopped and not game.finished and len(game.moves) == 4
        record = game.record(PlayerEntry("rando", "Rando"), PlayerEntry("rando", "Rando"))
        assert record.rules.key == "7,7,5" and record.moves == game.moves
        assert record.finished_at is None

    def test_a_finished_game_becomes_a_game_record(self) -> None:
        game = play_game(create_player("perfect", seed=1), create_player("rando", seed=2),
                         move_times=True)  # fmt: skip
        record = game.record(PlayerEntry("perfect", "Perfect"), PlayerEntry("rando", "Rando"))
        assert record.final_board is game.board
        assert record.result == (game.winner.value if game.winner else "draw")
        assert len(record.move_seconds) == len(game.moves)

    def test_an_illegal_move_raises(self) -> None:
        class Stubborn:
            def choose_move(self, board: Board) -> int:
                return 4

        with pytest.raises(IllegalMoveError):
            play_game(Stubborn(), Stubborn())


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
        assert output_path(arguments).resolve() != SHIPPED_TABLE_PATH
        assert output_path(build_parser().parse_args(["train", "--rules", "9,9,5"])) == Path(
            "ntuple-9,9,5.json"
        )

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
        # From the untrained table (episode 0: every move from the fallback rules) on.
        assert [int(row["episode"]) for row in rows] == [0, 1000, 2000, 3000]
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
        "import sys, ttt_desktop.cli, ttt_desktop.players.learner\n"
        "ttt_desktop.cli.main(['match', '--x', 'learner', '--o', 'perfect', '--games', '5'])\n"
        "assert not [name for name in sys.modules if name.startswith('PySide6')]\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=PROJECT_ROOT, check=False
    )
    assert completed.returncode == 0, completed.stderr
