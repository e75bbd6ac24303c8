"""Tournaments at scale: the executor runner (local and Dask), a killed worker, resume,
openings, time controls and the SPRT."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from helpers.live_processes import live_processes

from ttt_desktop.arena import main
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.clock import GameClock, TimeControl
from ttt_desktop.core.rules import GOMOKU, TIC_TAC_TOE, Rules
from ttt_desktop.lab import report
from ttt_desktop.lab import runner as runner_module
from ttt_desktop.lab.openings import builtin_openings, parse_openings, read_openings
from ttt_desktop.lab.runner import (
    CONTEXTS,
    TournamentRunner,
    WorkerError,
    default_context,
    missing_tasks,
    run_tournament,
    task_games,
)
from ttt_desktop.lab.spec import TournamentSpec, parse_entrants
from ttt_desktop.lab.sprt import (
    SprtSettings,
    SprtState,
    expected_games,
    gsprt_llr,
    logistic_score,
    parse_sprt,
    play_sprt_match,
)
from ttt_desktop.lab.tournament import TournamentResult
from ttt_desktop.library import Library
from ttt_desktop.library.tournaments import TournamentStore
from ttt_desktop.players import create_player

ROOT = Path(__file__).resolve().parents[2]
TIMING = ("seconds", "jobs", "games_per_second")


SAME_GAMES_FORKED = """
from ttt_desktop.lab import report
from ttt_desktop.lab.runner import run_tournament
from ttt_desktop.lab.spec import TournamentSpec, parse_entrants

TIMING = ("seconds", "jobs", "games_per_second")
spec = TournamentSpec(parse_entrants("rando,levi,humiston,perfect", 11), 120, 11)
here = run_tournament(spec, processes=False)
there = run_tournament(spec, jobs=2, context="fork")
untimed = lambda document: {k: v for k, v in document.items() if k not in TIMING}
assert here.games() == there.games()
assert here.ratings() == there.ratings()
assert untimed(report.arena_json(here)) == untimed(report.arena_json(there))
print("same games, ratings and report")
"""


def spec_of(text: str, games: int, seed: int = 7, **options: Any) -> TournamentSpec:
    return TournamentSpec(parse_entrants(text, seed), games, seed, **options)


def check_games_are_real(result: TournamentResult) -> None:
    """Every game replays legally from the empty board to its result (or a loss on time)."""
    for game in result.games():
        board = Board.empty(Mark.X, result.spec.rules).play_all(game.cells)
        if game.reason == "time":
            continue
        assert board.is_over
        assert game.winner == (board.winner.value if board.winner else "draw")


def untimed(document: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in document.items() if key not in TIMING}


def arena(*arguments: str, **popen: Any) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "ttt_desktop.arena", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        **popen,
    )


def worker_pids(pid: int) -> list[int]:
    """The worker processes of ``pid``, spawned or forked (not multiprocessing's resource
    tracker)."""
    pids = []
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        parent_command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return []
    for child in children:
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"spawn_main" in command or command == parent_command:
            pids.append(int(child))
    return pids


# The same games wherever they are played ------------------------------------------------


class TestSameGames:
    @pytest.mark.parametrize("context", [None, *CONTEXTS])
    def test_in_process_and_two_local_workers(self, context: str | None) -> None:
        if context == "fork" and threading.active_count() > 1:
            # Workers are never forked from a process that runs other threads (a Dask
            # test leaves its offload thread in this one): a fresh interpreter checks it.
            check = subprocess.run(
                [sys.executable, "-c", SAME_GAMES_FORKED],
                capture_output=True,
                text=True,
                check=False,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
            )
            assert check.returncode == 0, check.stderr
            assert check.stdout.strip() == "same games, ratings and report"
            return
        spec = spec_of("rando,levi,humiston,perfect", 120, seed=11)
        here = run_tournament(spec, processes=False)
        there = run_tournament(spec, jobs=2, context=context)
        assert here.games() == there.games()
        assert here.ratings() == there.ratings()
        assert untimed(report.arena_json(here)) == untimed(report.arena_json(there))

    def test_the_workers_texts_make_the_encoders_document(self) -> None:
        # Each task's games come formatted in one piece; a resumed run's games (played
        # before, formatted here) sit between them; a game with a reason too.
        spec = spec_of("rando,levi,humiston", 300, seed=2)
        reference = run_tournament(spec, processes=False)
        done = [game for game in reference.games() if game.index % 7 == 3]
        writer = report.ArenaJsonWriter(reference.labels())
        result = run_tournament(
            spec, jobs=2, done=done, render=writer.formatter, on_rendered=writer.add_texts
        )
        text = io.StringIO()
        writer.write(result, text)
        expected = json.dumps(report.arena_json(result), indent=2) + "\n"
        assert text.getvalue() == expected
        assert untimed(json.loads(expected)) == untimed(report.arena_json(reference))
        timed = spec_of("rando,levi", 6, clock=TimeControl(turn_ms=1e-6))
        writer = report.ArenaJsonWriter(["rando", "levi"])
        result = run_tournament(
            timed, jobs=2, render=writer.formatter, on_rendered=writer.add_texts
        )
        text = io.StringIO()
        writer.write(result, text)
        assert '"reason": "time"' in text.getvalue()
        assert text.getvalue() == json.dumps(report.arena_json(result), indent=2) + "\n"

    def test_workers_are_forked_only_from_a_process_without_other_threads(self) -> None:
        if sys.platform.startswith("linux") and "PySide6.QtCore" not in sys.modules:
            assert default_context() == "fork"
        spec = spec_of("rando,levi", 4)
        release = threading.Event()
        other = threading.Thread(target=release.wait)
        other.start()
        try:
            assert default_context() == "spawn"
            runner = TournamentRunner(spec, 2, context="fork")
            with pytest.raises(ValueError, match="other threads"):
                runner.start()
            assert run_tournament(spec, jobs=2).games() == run_tournament(spec).games()
        finally:
            release.set()
            other.join()

    def test_any_board_with_openings_and_a_clock(self) -> None:
        spec = spec_of(
            "rando,levi",
            8,
            seed=3,
            rules=Rules.parse("9,9,5"),
            openings=builtin_openings(Rules.parse("9,9,5"))[:3],
            symmetric=True,
            clock=TimeControl(turn_ms=60_000),
        )
        here = run_tournament(spec, processes=False)
        assert here.games() == run_tournament(spec, jobs=2).games()
        check_games_are_real(here)

    def test_no_dask_is_imported_for_a_local_tournament(self) -> None:
        code = (
            "import sys\n"
            "from ttt_desktop.lab.runner import run_tournament\n"
            "from ttt_desktop.lab.spec import TournamentSpec, parse_entrants\n"
            "spec = TournamentSpec(parse_entrants('rando,levi', 1), 20, 1)\n"
            "assert run_tournament(spec, jobs=2).finished\n"
            "loaded = [m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')]\n"
            "assert not loaded, loaded\n"
        )
        subprocess.run(
            [sys.executable, "-c", code], check=True, env={**os.environ, "PYTHONPATH": str(ROOT)}
        )

    def test_a_local_dask_cluster_plays_the_same_games(self) -> None:
        distributed = pytest.importorskip(
            "distributed", reason="Dask is not installed (pip install 'ttt-desktop[cluster]')"
        )
        spec = spec_of("rando,levi,humiston,perfect", 60, seed=5)
        reference = run_tournament(spec, processes=False)
        with distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster:
            seen: list[int] = []
            result = run_tournament(
                spec,
                scheduler=cluster.scheduler_address,
                on_games=lambda games: seen.extend(g.index for g in games),
            )
        assert result.games() == reference.games()
        assert sorted(seen) == list(range(spec.total_games))
        assert result.jobs == 2

    @pytest.mark.slow
    def test_an_unreachable_scheduler_says_so(self, monkeypatch: pytest.MonkeyPatch) -> None:
        pytest.importorskip("distributed", reason="Dask is not installed")
        monkeypatch.setattr("ttt_desktop.lab.runner.CONNECT_SECONDS", 1.0)
        spec = spec_of("rando,levi", 2)
        with pytest.raises(WorkerError, match="can't be reached"):
            run_tournament(spec, scheduler="tcp://127.0.0.1:9")


# The schedule -----------------------------------------------------------------------------


class TestSchedule:
    def test_tasks_carry_a_share_of_a_second_and_shrink_near_the_end(self) -> None:
        assert task_games(None, 1000, 4) == runner_module.FIRST_TASK_GAMES
        assert task_games(None, 1, 4) == 1
        # 0.1 ms a game: 100 ms of play is 1,000 games.
        assert task_games(1e-4, 90_000, 4) == 1000
        # Near the end an eighth of what is left (4 tasks out) ...
        assert task_games(1e-4, 800, 4) == 100
        # ... but never under 5 ms of play, where the round trip would cost more.
        assert task_games(1e-4, 100, 4) == 50
        assert task_games(1e-4, 30, 4) == 30
        # Slow games go one at a time.
        assert task_games(1.0, 10, 4) == 1
        assert task_games(0.0, 10, 4) == 10

    @pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pipe sizes are Linux's")
    def test_the_results_pipe_holds_a_whole_task(self) -> None:
        import fcntl  # noqa: PLC0415

        runner = TournamentRunner(spec_of("rando,levi", 20), 2, context=default_context())
        runner.start()
        try:
            reader = runner._executor._result_queue._reader
            size = fcntl.fcntl(reader.fileno(), fcntl.F_GETPIPE_SZ)
            limit = int(Path("/proc/sys/fs/pipe-max-size").read_text())
            assert size == min(runner_module.RESULTS_PIPE_BYTES, limit)
            while runner.running:
                runner.poll(0.1)
        finally:
            runner.close()
            runner.wait_closed()
        assert runner.result.finished


# Nothing lost silently -------------------------------------------------------------------


class TestKilledWorker:
    def test_the_runner_reports_a_killed_worker_at_once_and_keeps_the_finished_games(
        self,
    ) -> None:
        spec = spec_of("minimax,rando,levi", 400, seed=5)
        runner = TournamentRunner(spec, 2)
        runner.start()
        polled = []
        while len(polled) < 3:
            polled += runner.poll(1.0)
        os.kill(runner._processes()[0].pid, signal.SIGKILL)
        killed_at = time.perf_counter()
        while runner.running:
            polled += runner.poll(0.2)
        assert time.perf_counter() - killed_at < 10
        assert runner.error is not None
        assert "a worker process ended unexpectedly" in runner.error
        assert "killed by signal 9" in runner.error
        assert not runner.result.finished
        assert sorted(g.index for g in polled) == [g.index for g in runner.result.games()]
        check_games_are_real(runner.result)
        runner.close()

    @pytest.mark.slow
    def test_the_command_fails_when_a_worker_is_killed(self) -> None:
        # The run the issue found losing 100 games and exiting 0.
        process = arena(
            "tournament", "--players", "rando,levi,ralph,perfect", "--games", "20000",
            "--jobs", "2", "--json",
        )  # fmt: skip
        try:
            deadline = time.perf_counter() + 60
            while len(worker_pids(process.pid)) < 2 and time.perf_counter() < deadline:
                time.sleep(0.05)
            time.sleep(1.0)
            victims = worker_pids(process.pid)
            assert victims, "no worker process to kill"
            os.kill(victims[0], signal.SIGKILL)
            out, err = process.communicate(timeout=60)
        finally:
            process.kill()
        assert process.returncode == 1, err
        assert "a worker process ended unexpectedly" in err
        assert out == ""

    @pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's parent-death signal")
    def test_the_workers_end_with_a_run_killed_by_sigkill(self) -> None:
        # A SIGKILL runs none of the command's code: its workers, waiting for their next
        # task, would wait for ever; they end with it.
        process = arena(
            "tournament", "--players", "rando,levi,ralph,perfect", "--games", "20000",
            "--jobs", "2", "--json",
        )  # fmt: skip
        workers: list[int] = []
        try:
            deadline = time.perf_counter() + 60
            while len(workers) < 2 and time.perf_counter() < deadline:
                time.sleep(0.05)
                workers = worker_pids(process.pid)
            assert len(workers) == 2, "the workers did not start"
            process.kill()
            process.communicate(timeout=60)
            deadline = time.perf_counter() + 10
            while time.perf_counter() < deadline:
                left = {pid for pid, _, _ in live_processes()} & set(workers)
                if not left:
                    break
                time.sleep(0.05)
            assert not left, f"workers {sorted(left)} outlived the run"
        finally:
            process.kill()
            for pid in workers:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)

    @pytest.mark.slow
    def test_a_worker_killed_while_it_sends_its_games_is_reported_at_once(self) -> None:
        # Half a result left in the pipe kept the pool's thread waiting for the rest: the
        # futures never failed and the run never ended. The command is stopped so that the
        # workers' results fill the pipe, one worker is killed in the middle of writing.
        # The results pipe keeps the kernel's 64 KiB, or the few tasks sent ahead would
        # all fit in it and no worker would be writing when the main process stops.
        process = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "import sys\n"
                "from ttt_desktop.lab import runner\n"
                "runner.RESULTS_PIPE_BYTES = 1 << 16\n"
                "from ttt_desktop.arena import main\n"
                "sys.exit(main(sys.argv[1:]))",
                "tournament", "--players", "rando,levi,ralph,perfect", "--games", "20000",
                "--jobs", "2", "--json",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )  # fmt: skip
        try:
            deadline = time.perf_counter() + 60
            while len(worker_pids(process.pid)) < 2 and time.perf_counter() < deadline:
                time.sleep(0.05)
            time.sleep(1.0)
            os.kill(process.pid, signal.SIGSTOP)
            victim = None
            deadline = time.perf_counter() + 30
            while victim is None and time.perf_counter() < deadline:
                for pid in worker_pids(process.pid):
                    with contextlib.suppress(OSError):
                        if Path(f"/proc/{pid}/wchan").read_text().endswith("pipe_write"):
                            victim = pid
                time.sleep(0.01)
            assert victim is not None, "no worker was writing its result"
            os.kill(victim, signal.SIGKILL)
            os.kill(process.pid, signal.SIGCONT)
            out, err = process.communicate(timeout=60)
        finally:
            with contextlib.suppress(OSError):
                os.kill(process.pid, signal.SIGCONT)
            process.kill()
        assert process.returncode == 1, err
        assert "a worker process ended unexpectedly (exit code -9, killed by signal 9)" in err
        assert "Exception" not in err
        assert out == ""


# Resume ---------------------------------------------------------------------------------


class TestResume:
    @pytest.mark.slow
    def test_a_killed_run_resumed_equals_the_uninterrupted_run(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        path = tmp_path / "library.sqlite3"
        common = ["--players", "rando,levi,ralph,perfect", "--games", "4000", "--seed", "4"]
        process = arena(
            "tournament", *common, "--jobs", "2", "--json", "--library", str(path),
            start_new_session=True,
        )  # fmt: skip
        stored = 0
        try:
            deadline = time.perf_counter() + 120
            while stored < 2000 and time.perf_counter() < deadline:
                time.sleep(0.1)
                if path.exists():
                    try:
                        with sqlite3.connect(path, timeout=5) as db:
                            stored = db.execute("SELECT count(*) FROM tournament_games").fetchone()[
                                0
                            ]
                    except sqlite3.OperationalError:
                        continue
            os.killpg(process.pid, signal.SIGKILL)
        finally:
            process.kill()
            process.communicate()
        with Library(path) as library:
            kept = TournamentStore(library).get(1)
        assert 2000 <= kept.played < kept.total_games == 48_000
        assert main(["tournament", "--resume", "1", "--library", str(path), "--json"]) == 0
        captured = capsys.readouterr()
        assert f"{kept.played:,} of 48,000 games played" in captured.err
        resumed = json.loads(captured.out)
        # With the run's own two workers, without being told again.
        assert resumed["jobs"] == 2
        assert main(["tournament", *common, "--jobs", "2", "--json"]) == 0
        uninterrupted = json.loads(capsys.readouterr().out)
        assert untimed(resumed) == untimed(uninterrupted)
        with Library(path) as library:
            again = TournamentStore(library).get(1)
            # Every game is a stored game too, as after a run never interrupted.
            assert library.count() == 48_000
        assert again.finished and again.finished_at is not None
        # A second resumption plays nothing and stores no game twice.
        assert main(["tournament", "--resume", "1", "--library", str(path), "--json"]) == 0
        capsys.readouterr()
        with Library(path) as library:
            assert library.count() == 48_000

    def test_missing_tasks_cover_exactly_the_missing_games(self) -> None:
        spec = spec_of("rando,levi,perfect", 130)
        done = set(range(0, spec.total_games, 3))
        tasks = missing_tasks(spec, done)
        chunks = spec.chunks()
        missing = []
        for number, only in tasks:
            chunk = chunks[number]
            numbers = range(chunk.first_index, chunk.first_index + chunk.count)
            missing += [n for n in numbers if only is None or n in only]
        assert sorted(missing) == sorted(set(range(spec.total_games)) - done)

    def test_resume_needs_a_known_tournament(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        path = tmp_path / "library.sqlite3"
        assert main(["tournament", "--resume", "7", "--library", str(path)]) == 1
        assert "has no tournament 7" in capsys.readouterr().err

    def test_the_settings_come_back_from_the_library(self) -> None:
        spec = spec_of(
            "rando,levi*2",
            6,
            rules=GOMOKU,
            openings=builtin_openings(GOMOKU),
            symmetric=True,
            clock=TimeControl(game_ms=5000, increment_ms=50),
            adjudicate=True,
        )
        assert TournamentSpec.from_json(json.loads(json.dumps(spec.as_json()))) == spec


# Openings -------------------------------------------------------------------------------


class TestOpenings:
    def test_every_first_move_on_3x3_and_26_three_stone_openings_on_15x15(self) -> None:
        assert builtin_openings(TIC_TAC_TOE) == tuple((cell,) for cell in range(9))
        openings = builtin_openings(GOMOKU)
        assert len(openings) == 26
        geometry = GOMOKU.geometry
        centre = geometry.parse("h8")
        shapes = set()
        for opening in openings:
            assert opening[0] == centre
            assert opening[1] in (geometry.parse("h9"), geometry.parse("i9"))
            row, column = geometry.row_column(opening[2])
            assert abs(row - 7) <= 2 and abs(column - 7) <= 2
            shapes.add(
                min(
                    (tuple(sorted((t[opening[0]], t[opening[2]]))), t[opening[1]])
                    for t in geometry.symmetries
                )
            )
        assert len(shapes) == 26

    def test_each_opening_is_played_with_both_colours(self) -> None:
        spec = spec_of("rando,levi", 12, openings=((0,), (4,), (8,)))
        result = run_tournament(spec, processes=False)
        games = result.games()
        for pair in range(6):
            first, second = games[2 * pair], games[2 * pair + 1]
            opening = spec.openings[pair % 3]
            assert first.cells[:1] == second.cells[:1] == list(opening)
            assert (first.x, first.o) == (second.o, second.x)
        check_games_are_real(result)

    def test_symmetries_turn_each_pair_by_the_seed(self) -> None:
        spec = spec_of("rando,levi", 40, rules=GOMOKU, openings=builtin_openings(GOMOKU)[:1])
        turned = TournamentSpec(**{**spec.__dict__, "symmetric": True})
        shown = {turned.opening(0, game) for game in range(40)}
        assert len(shown) > 1
        assert all(turned.opening(0, 2 * j) == turned.opening(0, 2 * j + 1) for j in range(20))
        assert {tuple(sorted(s)) for s in shown} <= {
            tuple(sorted(GOMOKU.geometry.transform(spec.openings[0], k))) for k in range(8)
        }
        again = TournamentSpec(**{**spec.__dict__, "symmetric": True})
        assert [again.opening(0, g) for g in range(40)] == [turned.opening(0, g) for g in range(40)]

    def test_an_opening_file(self, tmp_path: Path) -> None:
        path = tmp_path / "openings.txt"
        path.write_text("# two openings\nh8 h9 j10\n\nh8, i9\n")
        assert read_openings(path, GOMOKU) == ((112, 97, 84), (112, 98))
        path.write_text("h8 h9\nh8 z99\n")
        with pytest.raises(ValueError, match=r"openings.txt, line 2: a cell of 15,15,5"):
            read_openings(path, GOMOKU)
        with pytest.raises(ValueError, match="line 1: 5 is played twice"):
            parse_openings("5 5", TIC_TAC_TOE)
        with pytest.raises(ValueError, match="holds no opening"):
            parse_openings("# nothing\n", TIC_TAC_TOE)
        with pytest.raises(ValueError, match="the game is over"):
            parse_openings("1 4 2 5 3 6", TIC_TAC_TOE)

    def test_a_bad_opening_file_on_the_command_line(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        path = tmp_path / "openings.txt"
        path.write_text("5\n0\n")
        assert main(["tournament", "--players", "rando,levi", "--openings", str(path)]) == 2
        assert (
            "line 2: a tic-tac-toe cell is a keypad digit 1-9, not '0'" in capsys.readouterr().err
        )

    def test_builtin_openings_on_the_command_line(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert (
            main(
                [
                    "tournament",
                    "--players",
                    "rando,levi",
                    "--games",
                    "9",
                    "--seed",
                    "2",
                    "--openings",
                    "builtin",
                    "--symmetries",
                    "--json",
                ]
            )
            == 0
        )
        document = json.loads(capsys.readouterr().out)
        assert document["openings"] == [[cell] for cell in range(9)]
        firsts = [game["moves"][0] for game in document["games"]]
        assert sorted(set(firsts)) == list(range(9)) or len(set(firsts)) > 3


# Time controls --------------------------------------------------------------------------


class _Slow:
    """A seat that takes ``ms`` for each move and remembers the budgets it was given."""

    def __init__(self, ms: float) -> None:
        self.ms = ms
        self.budget_ms: float | None = None
        self.budgets: list[float | None] = []

    def choose_move(self, board: Any) -> int:
        self.budgets.append(self.budget_ms)
        time.sleep(self.ms / 1000)
        return int(board.legal_moves()[0])


class TestTimeControl:
    def test_bad_controls_are_refused(self) -> None:
        for options in (
            {},
            {"turn_ms": 0},
            {"turn_ms": 5, "increment_ms": 1},
            {"turn_ms": 5, "margin_ms": -1},
            {"game_ms": float("nan")},
        ):
            with pytest.raises(ValueError):
                TimeControl(**options)  # type: ignore[arg-type]

    @pytest.mark.slow
    def test_a_player_over_its_move_time_loses_on_time(self) -> None:
        from ttt_desktop.core.play import play_game  # noqa: PLC0415

        # The quick side's margin is wide: a busy machine may hold a thread for a while.
        quick, slow = _Slow(0), _Slow(1500)
        control = TimeControl(turn_ms=500)
        clock = GameClock(control, {Mark.X: quick, Mark.O: slow}, 0)
        played = play_game(quick, slow, stop=clock.over, on_move=clock.on_move)
        assert clock.flagged is Mark.O
        assert len(played.moves or ()) == 2
        # Each is given the move's time less the safety share: 455 ms of 500.
        budget = control.budget_ms(None)
        assert budget == 455
        assert quick.budgets == [budget] and slow.budgets == [budget]

    def test_a_game_clock_gives_a_share_of_the_time_left_plus_the_increment(self) -> None:
        from ttt_desktop.core.play import play_game  # noqa: PLC0415

        x, o = _Slow(0), _Slow(0)
        control = TimeControl(game_ms=2000, increment_ms=100)
        clock = GameClock(control, {Mark.X: x, Mark.O: o}, 0)
        play_game(x, o, stop=clock.over, on_move=clock.on_move)
        assert clock.flagged is None
        share = 2000 / 20 + 100
        assert control.share_ms(2000) == share
        assert x.budgets[0] == pytest.approx(share - min(share / 4, 20 + share * 0.05))
        # Each move takes a little time and earns the increment: the clock grows.
        assert all(b is not None and b > 150 for b in x.budgets[1:])

    def test_a_tiny_clock_flags_the_first_mover_in_every_game(self) -> None:
        spec = spec_of("rando,levi", 6, clock=TimeControl(turn_ms=1e-6))
        result = run_tournament(spec, processes=False)
        for game in result.games():
            assert (game.winner, game.reason, len(game.cells)) == ("O", "time", 1)
        assert report.arena_json(result)["games"][0]["reason"] == "time"
        text = io.StringIO()
        report.write_arena_json(result, text)
        assert json.loads(text.getvalue()) == json.loads(json.dumps(report.arena_json(result)))

    def test_a_generous_clock_changes_no_game(self) -> None:
        plain = spec_of("rando,levi,humiston", 10)
        timed = TournamentSpec(**{**plain.__dict__, "clock": TimeControl(turn_ms=60_000)})
        assert [(g.moves, g.winner) for g in run_tournament(timed, processes=False).games()] == [
            (g.moves, g.winner) for g in run_tournament(plain, processes=False).games()
        ]

    def test_clock_options_on_the_command_line(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert (
            main(
                [
                    "tournament",
                    "--players",
                    "rando,levi",
                    "--games",
                    "2",
                    "--game-ms",
                    "60000",
                    "--increment-ms",
                    "10",
                    "--json",
                ]
            )
            == 0
        )
        assert json.loads(capsys.readouterr().out)["clock"] == {
            "game_ms": 60000.0,
            "increment_ms": 10.0,
            "margin_ms": 50.0,  # the command line's default slack
        }
        with pytest.raises(SystemExit):
            main(["tournament", "--players", "rando,levi", "--turn-ms", "5", "--increment-ms", "5"])
        assert "goes with --game-ms" in capsys.readouterr().err
        # Both a time per move and a time per game, as the Gomocup plays.
        argv = ["tournament", "--players", "rando,levi", "--games", "1", "--json"]
        assert main([*argv, "--turn-ms", "5000", "--game-ms", "120000"]) == 0
        assert json.loads(capsys.readouterr().out)["clock"] == {
            "turn_ms": 5000.0,
            "game_ms": 120000.0,
            "margin_ms": 50.0,
        }


# Adjudication ---------------------------------------------------------------------------


def test_adjudicated_games_end_at_a_proved_forced_win() -> None:
    from ttt_desktop.analysis.threats import forced_win  # noqa: PLC0415

    rules = Rules.parse("9,9,5")
    spec = spec_of("rando,levi", 6, seed=2, rules=rules, adjudicate=True)
    result = run_tournament(spec, processes=False)
    plain = run_tournament(
        TournamentSpec(**{**spec.__dict__, "adjudicate": False}), processes=False
    )
    adjudicated = [game for game in result.games() if game.reason == "adjudicated"]
    assert adjudicated
    for game in adjudicated:
        board = Board.empty(Mark.X, rules).play_all(game.cells)
        assert not board.is_over
        win = forced_win(board, threes=False)
        assert win is not None and win.mover == game.winner == board.to_move.value
        # The same game unadjudicated went on from there: the same moves up to that point.
        full = plain.game(game.index)
        assert full.cells[: len(game.cells)] == game.cells


# Finish the games in progress, then stop ---------------------------------------------------


def test_finish_the_games_in_progress_then_stop() -> None:
    spec = spec_of("minimax,rando,levi", 400, seed=9)
    runner = TournamentRunner(spec, 2)
    runner.start()
    played = []
    while len(played) < 2:
        played += runner.poll(1.0)
    runner.request_stop()
    deadline = time.perf_counter() + 60
    while runner.running and time.perf_counter() < deadline:
        played += runner.poll(0.2)
    assert runner.done and runner.error is None
    assert runner.result.cancelled
    assert sorted(g.index for g in played) == [g.index for g in runner.result.games()]
    check_games_are_real(runner.result)
    runner.close()


# SPRT -----------------------------------------------------------------------------------


class TestSprt:
    def test_bounds_and_settings(self) -> None:
        settings = parse_sprt("elo0=0,elo1=10,alpha=0.05,beta=0.1")
        assert settings.lower == pytest.approx(-2.2512918)  # log(0.1 / 0.95)
        assert settings.upper == pytest.approx(2.8903718)  # log(0.9 / 0.05)
        for text in ("elo0=5,elo1=5", "alpha=0", "alpha=0.6,beta=0.5", "gamma=1", "elo1=x"):
            with pytest.raises(ValueError):
                parse_sprt(text)

    def test_the_trinomial_llr_agrees_with_the_normal_approximation(self) -> None:
        settings = SprtSettings(0, 10)
        s0, s1 = logistic_score(0), logistic_score(10)
        for wins, draws, losses in ((1100, 1000, 1000), (1000, 1000, 1000), (1200, 900, 900)):
            games = wins + draws + losses
            w, d = wins / games, draws / games
            score, square = w + d / 2, w + d / 4
            approximation = (s1 - s0) * (2 * score - s0 - s1) / ((square - score**2) / games) / 2
            llr = gsprt_llr([losses, draws, wins], settings)
            assert llr == pytest.approx(approximation, rel=0.02)

    def test_more_wins_raise_the_llr(self) -> None:
        settings = SprtSettings(0, 10, model="normalized")
        llrs = [gsprt_llr([100, 200, 300, 200, 100 + 20 * step], settings) for step in range(5)]
        assert llrs == sorted(llrs)

    def _expected(self, first: str, second: str, settings: SprtSettings) -> float:
        # The theory's expected number of games, from the pairs' distribution in a long run
        # of other seeds.
        sample = SprtState(settings)
        a, b = create_player(first, seed=101), create_player(second, seed=202)
        for _ in range(1500):
            scores = []
            for first_is_x in (True, False):
                from ttt_desktop.core.play import play_game  # noqa: PLC0415

                x, o = (a, b) if first_is_x else (b, a)
                winner = play_game(x, o).board.winner
                scores.append(0.5 if winner is None else float((winner is Mark.X) == first_is_x))
            sample.add_pair(*scores)
        return expected_games(settings, sample.pentanomial)

    def test_a_player_against_itself_accepts_h0(self) -> None:
        settings = SprtSettings(0, 10, 0.05, 0.05)
        match = play_sprt_match(
            create_player("rando", seed=1), create_player("rando", seed=2), settings
        )
        assert match.verdict == "H0"
        assert "H0 accepted" in match.conclusion()
        assert match.state.llr <= settings.lower
        assert match.state.games <= 3 * self._expected("rando", "rando", settings)

    def test_a_stronger_player_accepts_h1(self) -> None:
        settings = SprtSettings(0, 10, 0.05, 0.05)
        match = play_sprt_match(
            create_player("perfect", seed=1), create_player("rando", seed=2), settings
        )
        assert match.verdict == "H1"
        assert match.state.trinomial[0] == 0  # perfect never loses
        assert match.state.games <= 3 * self._expected("perfect", "rando", settings)

    def test_the_command_line_says_which_and_shows_the_llr(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        arguments = ["match", "--x", "perfect", "--o", "rando", "--seed", "3", "--games", "5000"]
        assert main([*arguments, "--sprt", "elo0=0,elo1=10,alpha=0.05,beta=0.05"]) == 0
        captured = capsys.readouterr()
        assert "H1 accepted" in captured.out
        assert "LLR" in captured.out
        assert "bounds -2.94 and 2.94" in captured.err
        assert main([*arguments, "--sprt", "elo1=10", "--json"]) == 0
        document = json.loads(capsys.readouterr().out)
        assert document["sprt"]["verdict"] == "H1"
        assert document["sprt"]["llr"] >= document["sprt"]["upper"]
        with pytest.raises(SystemExit):
            main([*arguments, "--sprt", "elo0=10,elo1=0"])
        assert "elo0 is less than elo1" in capsys.readouterr().err

    def test_each_pair_shares_an_opening_and_every_game_can_be_stored(self) -> None:
        from ttt_desktop.lab.openings import opening_sequence  # noqa: PLC0415

        rules = Rules(7, 7, 4)
        openings = builtin_openings(rules)
        heard: list[tuple[str, str, tuple[int, ...]]] = []

        def on_game(x: Any, o: Any, game: Any) -> None:
            heard.append((x.name, o.name, tuple(game.moves)))

        first, second = create_player("levi", seed=1), create_player("rando", seed=2)
        match = play_sprt_match(
            first,
            second,
            SprtSettings(0, 50),
            rules=rules,
            max_games=12,
            openings=opening_sequence(openings, rules, symmetries_seed=5),
            on_game=on_game,
        )
        assert len(heard) == match.state.games
        sequence = opening_sequence(openings, rules, symmetries_seed=5)
        for pair in range(len(heard) // 2):
            one, two = heard[2 * pair], heard[2 * pair + 1]
            assert (one[0], one[1]) == (two[1], two[0])  # the colours swap within a pair
            opening = sequence(pair)
            assert opening == sequence(pair)  # the same seed turns it the same way
            assert one[2][: len(opening)] == two[2][: len(opening)] == opening
        # A turned opening is one of the set under a symmetry of the board.
        shapes = {
            tuple(sorted(rules.geometry.transform(cells, s)))
            for cells in openings
            for s in range(len(rules.geometry.symmetries))
        }
        assert all(tuple(sorted(sequence(j))) in shapes for j in range(40))

    def test_the_command_line_plays_openings_and_stores_the_games(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        library = tmp_path / "games.sqlite"
        arguments = [
            "match", "--rules", "7,7,4", "--x", "levi", "--o", "rando", "--seed", "3",
            "--games", "8", "--sprt", "elo1=200", "--openings", "builtin", "--symmetries",
            "--library", str(library), "--json",
        ]  # fmt: skip
        assert main(arguments) == 0
        captured = capsys.readouterr()
        document = json.loads(captured.out)
        games = document["sprt"]["games"]
        assert 2 <= games <= 8
        assert "openings turned by symmetries" in captured.err
        assert f"stored {games:,} games" in captured.err
        with Library(library) as stored:
            assert stored.count() == games
        # A plain match refuses openings: its players keep their sides.
        assert main(["match", "--x", "levi", "--o", "rando", "--openings", "builtin"]) == 2
        assert "give --sprt" in capsys.readouterr().err
