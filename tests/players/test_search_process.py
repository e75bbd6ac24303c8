"""The search process: players think in a child process that imports no Qt, keeps each game's
players between moves, stops when asked, and survives players that crash or hang."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "gui"))

from slow_players import CONTEXT, GatedPlayer, SlowPlayers

from ttt_desktop.core import Board, Mark
from ttt_desktop.lab.shared_flag import SharedFlag
from ttt_desktop.players import create_player
from ttt_desktop.players.process import (
    SILENT_AFTER_S,
    STOP_GRACE_S,
    CallJob,
    ProcessDied,
    SearchAbandoned,
    SearchFailed,
    SearchProcess,
    SearchRestarted,
    ThinkJob,
    child_modules,
    child_pid,
)
from ttt_desktop.players.thought import Thought


@pytest.fixture
def process() -> SearchProcess:
    made = SearchProcess()
    yield made
    made.close()


def think_job(board: Board, kind: str, seed: int, game: int | None = 1) -> ThinkJob:
    return ThinkJob.for_board(kind, seed, board, game, board.to_move.value)


def wait_for_the_gated_player(process: SearchProcess, players: SlowPlayers) -> None:
    """Until the process runs and its gated player is thinking (waiting at its gate)."""
    deadline = time.perf_counter() + 30
    while process.pid is None or not players.has(GatedPlayer):
        assert time.perf_counter() < deadline, "the gated player never started"
        time.sleep(0.01)


def test_the_child_imports_no_qt(process: SearchProcess) -> None:
    process.run(think_job(Board.empty(), "alphabeta", 1))
    loaded = process.run(CallJob(child_modules))
    assert "ttt_desktop.players.search" in loaded
    assert [name for name in loaded if name.startswith(("PySide6", "shiboken6"))] == []
    assert process.run(CallJob(child_pid)) != os.getpid()


def test_a_games_players_keep_their_generator_between_moves(process: SearchProcess) -> None:
    """A whole game thought in the child is the game the same seeds play in one process."""
    for kinds in (("rando", "levi"), ("alphabeta", "humiston"), ("ralph", "utility")):
        seeds = {Mark.X: 11, Mark.O: 12}
        local = {
            mark: create_player(kind, seed=seeds[mark])
            for mark, kind in zip((Mark.X, Mark.O), kinds, strict=True)
        }
        board = Board.empty()
        while not board.is_over:
            mark = board.to_move
            kind = kinds[0] if mark is Mark.X else kinds[1]
            thought = process.run(think_job(board, kind, seeds[mark], game=hash(kinds)))
            assert isinstance(thought, Thought)
            assert thought.move == local[mark].choose_move(board)
            board = board.play(thought.move)


@pytest.mark.parametrize("rules", ["4,4,4", "5,5,4", "10,6,4", "gomoku"])
def test_a_game_on_other_rules_is_thought_in_the_child(process: SearchProcess, rules: str) -> None:
    """The rules travel with the position: the child plays the board the parent has."""
    local = {mark: create_player("rando", seed=seed) for mark, seed in ((Mark.X, 5), (Mark.O, 6))}
    board = Board.empty(rules=rules)
    job = think_job(board, "rando", 5)
    assert job.rules == board.rules.key
    assert job.board() == board
    while not board.is_over:
        mark = board.to_move
        seed = 5 if mark is Mark.X else 6
        thought = process.run(think_job(board, "rando", seed, game=1))
        assert thought.rules == board.rules.key
        assert thought.move == local[mark].choose_move(board)
        board = board.play(thought.move)
    assert board.ply >= 2 * board.rules.k - 1


def test_stop_ends_a_minimax_search_at_once(process: SearchProcess) -> None:
    process.start()
    process.run(CallJob(child_pid))  # started and answering
    started = []

    def stop_soon() -> None:
        time.sleep(0.05)
        started.append(time.perf_counter())
        process.stop()

    import threading  # noqa: PLC0415

    stopper = threading.Thread(target=stop_soon)
    stopper.start()
    with pytest.raises(SearchAbandoned, match="stopped as asked"):
        process.run(think_job(Board.empty(), "minimax", 1, game=None))
    stopper.join()
    assert process.restarts == 0, "the search listened: no need to kill the process"


def test_a_player_error_is_reported_and_the_process_carries_on(process: SearchProcess) -> None:
    with pytest.raises(SearchFailed, match="the script for X has 0 moves"):
        process.run(think_job(Board.empty(), "sequence", 1))
    pid = process.pid
    assert isinstance(process.run(think_job(Board.empty(), "perfect", 1, game=2)), Thought)
    assert process.pid == pid


def test_a_player_that_kills_its_process_is_reported_and_a_new_process_starts() -> None:
    process = SearchProcess(SlowPlayers())
    try:
        process.run(think_job(Board.empty(), "perfect", 1))
        first = process.pid
        with pytest.raises(ProcessDied, match="exit code 3"):
            process.run(think_job(Board.empty(), "dying", 1, game=3))
        assert isinstance(process.run(think_job(Board.empty(), "perfect", 1, game=2)), Thought)
        assert process.pid != first
        assert process.restarts == 1
    finally:
        process.close()


@pytest.mark.slow
def test_a_player_that_ignores_stop_is_killed_after_the_grace_period() -> None:
    players = SlowPlayers()
    process = SearchProcess(players)
    try:
        process.start()
        first = process.pid
        import threading  # noqa: PLC0415

        def stop_when_waiting() -> None:
            while players.last(object).calls == 0:
                time.sleep(0.005)
            process.stop()

        stopper = threading.Thread(target=stop_when_waiting)
        stopper.start()
        asked = time.perf_counter()
        with pytest.raises(SearchAbandoned, match="did not stop when asked"):
            process.run(think_job(Board.empty(), "stubborn", 1, game=3))
        stopper.join()
        assert time.perf_counter() - asked >= STOP_GRACE_S
        assert not process.is_alive and process.pid is None
        assert isinstance(process.run(think_job(Board.empty(), "perfect", 1, game=2)), Thought)
        assert process.pid != first
    finally:
        process.close()


def test_a_time_limit_gives_up_on_a_hung_player() -> None:
    process = SearchProcess(SlowPlayers())
    try:
        with pytest.raises(SearchAbandoned, match=r"no answer within 0\.3 s"):
            process.run(think_job(Board.empty(), "stubborn", 1, game=3), time_limit_s=0.3)
        assert isinstance(process.run(think_job(Board.empty(), "levi", 1, game=2)), Thought)
    finally:
        process.close()


def test_close_ends_the_child_at_once() -> None:
    process = SearchProcess()
    process.start()
    process.run(CallJob(child_pid))
    pid = process.pid
    assert pid is not None
    process.close()
    assert not process.is_alive
    with pytest.raises(SearchAbandoned):
        process.run(CallJob(child_pid))


def test_a_flag_is_shared_with_the_child() -> None:
    flag = SharedFlag(CONTEXT)
    assert not flag.is_set() and not flag.wait(0.01)
    flag.set()
    assert flag.is_set() and flag.wait(0)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs SIGSTOP")
def test_a_stopped_process_is_noticed_and_a_restart_ends_the_job() -> None:
    players = SlowPlayers()
    process = SearchProcess(players)
    heard: list[object] = []

    def run() -> None:
        try:
            process.run(
                ThinkJob.for_board("gated", 1, Board.empty(Mark.X)), on_silence=heard.append
            )
        except SearchRestarted:
            heard.append("restarted")

    thread = threading.Thread(target=run)
    try:
        thread.start()
        wait_for_the_gated_player(process, players)
        pid = process.pid
        os.kill(pid, signal.SIGSTOP)
        stopped_at = time.perf_counter()
        while True not in heard:
            assert time.perf_counter() - stopped_at < SILENT_AFTER_S + 3, heard
            time.sleep(0.01)
        process.restart()
        thread.join(10)
        assert not thread.is_alive()
        assert heard == [True, False, "restarted"]
        # The next job runs in a fresh process.
        players.gate.set()
        assert process.run(CallJob(child_pid)) != pid
    finally:
        players.gate.set()
        process.close()
        thread.join(10)


def test_free_heap_pages_go_back_to_the_system() -> None:
    import platform  # noqa: PLC0415

    from ttt_desktop.players.process import release_free_heap  # noqa: PLC0415

    expected = platform.system() == "Linux" and platform.libc_ver()[0] == "glibc"
    assert release_free_heap() is expected
    assert release_free_heap() is expected  # the call is looked up once


@pytest.mark.parametrize("end", ["close", "restart"])
def test_only_the_running_thread_closes_the_connection_it_reads(end: str) -> None:
    # Closed under a reading thread, a connection fails that thread with a TypeError (its
    # handle is gone) or lets it read another file that took over the descriptor number.
    players = SlowPlayers()
    process = SearchProcess(players)
    outcome: list[object] = []

    def run() -> None:
        try:
            process.run(ThinkJob.for_board("gated", 1, Board.empty(Mark.X)))
        except Exception as error:  # what it raised is the result
            outcome.append(error)

    thread = threading.Thread(target=run)
    try:
        thread.start()
        wait_for_the_gated_player(process, players)
        connection = process._connection
        assert connection is not None
        getattr(process, end)()
        assert not process.is_alive
        thread.join(10)
        assert not thread.is_alive()
        expected = SearchAbandoned if end == "close" else SearchRestarted
        assert len(outcome) == 1 and type(outcome[0]) is expected, outcome
        assert connection.closed, "the running thread closes it when it leaves"
    finally:
        players.gate.set()
        process.close()
        thread.join(10)


def test_a_close_from_another_thread_leaves_the_connection_to_the_reader() -> None:
    process = SearchProcess()
    try:
        process.start()
        connection = process._connection
        assert connection is not None
        # Stand in for a thread inside run(): close() from this thread must end the
        # process but leave that thread's connection open for it to close.
        process._reader = threading.get_ident() + 1
        process.close()
        assert not process.is_alive
        assert not connection.closed
    finally:
        process._reader = None
        process.close()
        connection.close()
