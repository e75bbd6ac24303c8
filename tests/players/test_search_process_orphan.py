"""A search process whose parent is killed outright (SIGKILL, a crash) ends with it, even in the
middle of a long search; multiprocessing's resource tracker goes too."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from helpers.live_processes import session_members

GUI_TESTS = Path(__file__).resolve().parents[1] / "gui"
PROJECT_ROOT = Path(__file__).resolve().parents[2]
DEADLINE_S = 30.0
"""Generous: the checks poll, and pass as soon as the processes are gone."""

# The parent: starts a search process, sets a spinner (120 s of search) thinking, says the
# child's id once the spinner runs, and waits to be killed.
PARENT = textwrap.dedent(
    """
    import sys, threading, time
    sys.path.insert(0, sys.argv[1])
    from slow_players import SlowPlayers
    from ttt_desktop.core import Board
    from ttt_desktop.players.process import SearchProcess, ThinkJob

    players = SlowPlayers()
    process = SearchProcess(players)
    process.start()
    job = ThinkJob.for_board("spinning", 1, Board.empty())
    threading.Thread(target=process.run, args=(job,), daemon=True).start()
    while not players.last(object).started.is_set():
        time.sleep(0.01)
    print(process.pid, flush=True)
    time.sleep(600)
    """
)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
def test_the_search_process_ends_when_its_parent_is_killed_mid_search() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, str(GUI_TESTS)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=PROJECT_ROOT,
        start_new_session=True,
    )
    try:
        assert parent.stdout is not None
        child = int(parent.stdout.readline())
        members = session_members(parent.pid)
        assert child in members and len(members) >= 2
        parent.kill()
        parent.wait()
        deadline = time.monotonic() + DEADLINE_S
        while session_members(parent.pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert session_members(parent.pid) == []
    finally:
        for pid in session_members(parent.pid):
            os.kill(pid, signal.SIGKILL)
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        if parent.stdout is not None:
            parent.stdout.close()
