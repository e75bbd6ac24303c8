"""Gomocup brains in tournaments: entries, clocks, forfeits, logs, no process left, resume."""

from __future__ import annotations

import json
import os
import shlex
import signal
import time
from pathlib import Path

import pytest
from helpers.brain_helpers import bad_brain, our_brain
from helpers.live_processes import live_processes

from ttt_desktop.arena import main
from ttt_desktop.brains.manager import BrainRefused, owned_processes
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.clock import TimeControl
from ttt_desktop.core.rules import Rules
from ttt_desktop.lab import brains as lab_brains
from ttt_desktop.lab import report
from ttt_desktop.lab.runner import TournamentRunner, run_tournament
from ttt_desktop.lab.spec import TournamentSpec, parse_entrants
from ttt_desktop.lab.tournament import game_record
from ttt_desktop.library import Library
from ttt_desktop.library.tournaments import TournamentStore

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(), reason="brains run on Linux")

BOARD = Rules.parse("9,9,5")


def command(argv: list[str]) -> str:
    return shlex.join(argv)


OURS = "brain:" + command(our_brain("rando", 1))
CRASHING = "brain:" + command(bad_brain("crash-mid"))
SILENT = "brain:" + command(bad_brain("silent"))


def spec_of(players: str, games: int = 2, **options: object) -> TournamentSpec:
    return TournamentSpec(parse_entrants(players, 5), games, 5, rules=BOARD, **options)  # type: ignore[arg-type]


class TestEntries:
    def test_brains_and_their_clocks_in_the_players_list(self) -> None:
        entrants = parse_entrants(f"rando[turn=200],{OURS}[game=3000],engine:Pela,levi", 3)
        assert [e.kind for e in entrants] == ["rando", OURS, "engine:Pela", "levi"]
        assert [e.is_brain for e in entrants] == [False, True, True, False]
        assert entrants[0].clock == TimeControl(turn_ms=200, margin_ms=50)
        assert entrants[1].clock == TimeControl(game_ms=3000, margin_ms=50)
        assert entrants[2].clock is None and entrants[2].label == "Pela"
        # Before it says its name, a brain is called after its program (or module).
        assert entrants[1].label == "cli"

    def test_a_clock_that_is_not_one_is_refused(self) -> None:
        with pytest.raises(ValueError, match=r"\[turn=MS\]"):
            parse_entrants("rando[fast],levi", 1)
        with pytest.raises(ValueError, match="more than 0"):
            parse_entrants("rando[turn=0],levi", 1)

    def test_a_brain_is_entered_once_and_has_no_increment(self) -> None:
        with pytest.raises(ValueError, match="entered twice"):
            parse_entrants(f"{OURS},{OURS}", 1)
        with pytest.raises(ValueError, match="increment"):
            spec_of(f"rando,{OURS}[game=1000+10]")

    def test_the_settings_keep_each_players_clock(self) -> None:
        spec = spec_of(f"rando[turn=300],{OURS}", clock=TimeControl(turn_ms=500))
        again = TournamentSpec.from_json(json.loads(json.dumps(spec.as_json())))
        assert again == spec
        assert again.clock_of(again.entrants[0]) == TimeControl(turn_ms=300, margin_ms=50)
        assert again.clock_of(again.entrants[1]) == TimeControl(turn_ms=500)

    def test_a_brain_declining_the_board_stops_the_tournament_before_it_starts(self) -> None:
        spec = spec_of(f"rando,brain:{command(bad_brain('refuse'))}")
        with pytest.raises(BrainRefused, match="declined START 9"):
            lab_brains.prepare(spec)
        # Five in a row only: a 4-in-a-row board is refused by a brain without our extension.
        four = TournamentSpec(spec.entrants, 2, 5, rules=Rules.parse("7,7,4"))
        with pytest.raises(BrainRefused, match="five in a row only"):
            lab_brains.prepare(four)


class TestTournament:
    def test_our_brain_and_a_crashing_one_in_this_process(self, tmp_path: Path) -> None:
        spec = lab_brains.prepare(
            spec_of(f"rando,{OURS},{CRASHING}"), log_dir=str(tmp_path / "logs")
        )
        assert [e.label for e in spec.entrants] == ["rando", "TTT Rando", "bad crash-mid"]
        try:
            result = run_tournament(spec, processes=False)
        finally:
            lab_brains.finish(spec)
        assert spec.brains is not None
        assert owned_processes(spec.brains.owner) == []
        assert result.finished and len(result) == 6
        totals = result.totals()
        # It crashes at its third move: every game of it is lost by forfeit.
        assert (totals[2].wins, totals[2].draws, totals[2].losses) == (0, 0, 4)
        for game in result.games():
            board = Board.empty(Mark.X, BOARD).play_all(game.cells)
            if 2 in (game.x, game.o):
                assert game.reason.startswith("forfeit: the brain crashed (exited with code 7)")
                assert not board.is_over
            else:
                assert board.is_over and not game.reason
        text = report.crosstable_text(result)
        assert "Lost off the board (forfeits, time): bad crash-mid 4" in text
        assert "lost: the brain crashed" in text
        assert report.arena_json(result)["forfeits"]["by_player"] == {"bad crash-mid": 4}
        # Each game's pipe log is kept; its record carries it, with the forfeit.
        lost = next(g for g in result.games() if g.reason)
        record = game_record(spec, lost, log=lab_brains.read_log(spec, lost.index))
        assert record.forfeit is not None and "crashed" in record.forfeit.reason
        assert record.o.kind == "brain.bad-crash-mid" or record.x.kind == "brain.bad-crash-mid"
        assert any("> START 9" in line for line in record.log)
        assert record.rules is BOARD

    def test_our_brain_plays_a_swap2_tournament_to_the_end(self, tmp_path: Path) -> None:
        # The seat a tournament gives a brain asks it the opening's questions (SWAP2BOARD).
        spec = lab_brains.prepare(
            spec_of(f"levi,{OURS}", opening_rule="swap2"), log_dir=str(tmp_path / "logs")
        )
        try:
            result = run_tournament(spec, processes=False)
        finally:
            lab_brains.finish(spec)
        assert spec.brains is not None and owned_processes(spec.brains.owner) == []
        assert result.finished and len(result) == 2
        for game in result.games():
            assert not game.reason  # no forfeit: every game played to its end
            assert game.choices and game.choices[-1] in ("black", "white")
            assert Board.empty(Mark.X, BOARD).play_all(game.cells).is_over

    @pytest.mark.slow
    def test_worker_processes_play_brains_under_a_clock(self) -> None:
        spec = lab_brains.prepare(spec_of(f"{OURS},{SILENT}[turn=150]", games=2))
        try:
            result = run_tournament(spec, jobs=2)
        finally:
            lab_brains.finish(spec)
        assert spec.brains is not None and owned_processes(spec.brains.owner) == []
        assert len(result) == 2
        for game in result.games():
            # 150 ms, the Gomocup judge's 1,000 ms of margin, 5,000 ms for a first move.
            assert game.reason == "forfeit: no answer within 6150 ms while thinking about its move"
            assert game.winner == ("X" if game.o == 1 else "O")

    def test_a_killed_worker_leaves_no_brain_behind(self) -> None:
        spec = lab_brains.prepare(spec_of(f"{OURS},{SILENT}[turn=5000]", games=4))
        assert spec.brains is not None
        runner = TournamentRunner(spec, 1)
        runner.start()
        try:
            deadline = time.monotonic() + 60
            while len(owned_processes(spec.brains.owner)) < 2:
                assert time.monotonic() < deadline, "the brains never started"
                runner.poll(0.05)
            (worker,) = runner._processes()
            os.kill(worker.pid, signal.SIGKILL)
            while runner.running:
                runner.poll(0.1)
        finally:
            runner.close()
            lab_brains.finish(spec)
        assert runner.error is not None and "killed by signal 9" in runner.error
        assert owned_processes(spec.brains.owner) == []

    def test_a_clusters_workers_end_their_brains_with_the_run(self) -> None:
        distributed = pytest.importorskip(
            "distributed", reason="Dask is not installed (pip install 'ttt-desktop[cluster]')"
        )
        spec = lab_brains.prepare(spec_of(f"rando,{OURS}", games=2))
        assert spec.brains is not None
        with distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=2,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster:
            result = run_tournament(spec, scheduler=cluster.scheduler_address)
            # The worker lives on; the brains it started do not.
            deadline = time.monotonic() + 10
            while owned_processes(spec.brains.owner) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert owned_processes(spec.brains.owner) == []
        assert result.finished and len(result) == 2


class TestCommandLine:
    @pytest.mark.slow
    def test_a_stored_tournament_with_brains_and_its_resume(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        library = tmp_path / "games.db"
        players = f"rando,{OURS}[turn=2000],{CRASHING}"
        common = ["--library", str(library), "--jobs", "2"]
        first = ["tournament", "--players", players, "--rules", "9,9,5", "--games", "1"]
        status = main([*first, "--seed", "4", *common])
        out = capsys.readouterr()
        assert status == 0, out.err
        assert "TTT Rando" in out.out and "bad crash-mid lost: the brain crashed" in out.out
        with Library(library) as opened:
            records = [opened.record(row.id) for row in opened.rows()]
        assert len(records) == 6
        forfeited = [r for r in records if r.forfeit is not None]
        assert len(forfeited) == 4 and all(r.log for r in forfeited)
        assert {r.rules.key for r in records} == {"9,9,5"}
        # The logs went with the stored games.
        assert not (tmp_path / "games.db.logs").exists()

        # Resume: half the games are lost (as after a kill); only those are played again.
        with Library(library) as opened:
            store = TournamentStore(opened)
            (stored,) = store.all()
            rows = store.games(stored.id)
            settings = stored.settings
            number = store.add("again", settings, stored.total_games)
            store.add_games(number, rows[:3])
        assert main(["tournament", "--resume", str(number), *common]) == 0
        out = capsys.readouterr()
        assert "3 of 6 games played, 3 to go" in out.err
        assert "Lost off the board (forfeits, time): bad crash-mid 4" in out.out
        with Library(library) as opened:
            assert len(TournamentStore(opened).games(number)) == 6

    def test_a_brain_that_declines_the_board_is_refused(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        refusing = "brain:" + command(bad_brain("refuse"))
        status = main(["tournament", "--players", f"rando,{refusing}", "--rules", "9,9,5"])
        assert status == 2
        assert "declined START 9" in capsys.readouterr().err


def _marked(mark: str) -> list[int]:
    """Live processes whose environment carries ``TEST_RUN_MARK=mark``."""
    wanted = f"TEST_RUN_MARK={mark}".encode()
    return [pid for pid, _, environ in live_processes("environ") if wanted in environ.split(b"\0")]


def test_ctrl_c_leaves_no_brain_behind() -> None:
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415
    import uuid  # noqa: PLC0415

    mark = uuid.uuid4().hex
    # The silent brain's games last its whole turn: long enough that, however loaded the
    # machine, the tournament is still going when the interrupt comes.
    players = f"{OURS},{SILENT}[turn=120000]"
    command = [sys.executable, "-m", "ttt_desktop.cli", "tournament", "--players", players]
    process = subprocess.Popen(
        [*command, "--rules", "9,9,5", "--games", "3", "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "TEST_RUN_MARK": mark},
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        # The command, its workers and their brains (each worker starts both).
        while len(_marked(mark)) < 5 and process.poll() is None:
            assert time.monotonic() < deadline, "the brains never started"
            time.sleep(0.05)
        assert process.poll() is None, process.communicate()
        # Ctrl+C reaches the terminal's foreground group: the command and its workers.
        os.killpg(process.pid, signal.SIGINT)
        _out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 130, err
    assert "interrupted" in err
    deadline = time.monotonic() + 10
    while _marked(mark) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _marked(mark) == []
