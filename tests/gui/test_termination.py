"""SIGTERM (a desktop logging out) quits the app as Quit does: the game in progress saved, exit
code 0, and no process of the app left: not the search process, not the resource tracker."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.live_processes import command_line, live_processes
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from ttt_desktop.core import Mark
from ttt_desktop.core.record import GameRecord, PlayerEntry
from ttt_desktop.core.rules import GOMOKU
from ttt_desktop.formats.files import load_record, save_record
from ttt_desktop.gui.shell import termination

DEADLINE_S = 60.0
"""Generous (a busy machine starts the app slowly); the checks poll and pass at once."""
GOMOKU_CENTRE = 7 * 15 + 7

posix_proc = pytest.mark.skipif(
    os.name != "posix" or not Path("/proc/self/stat").exists(), reason="needs Linux's /proc"
)


def session_members(sid: int) -> dict[int, tuple[str, int]]:
    """The live processes of session ``sid``: pid -> (command line, threads)."""
    return {
        pid: (command_line(data), int(fields[17]))
        for pid, fields, data in live_processes("cmdline")
        if int(fields[3]) == sid
    }


def wait_for(condition: object, what: str) -> None:
    deadline = time.monotonic() + DEADLINE_S
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            pytest.fail(f"not within {DEADLINE_S:g} s: {what}")
        time.sleep(0.02)


@posix_proc
def test_sigterm_saves_the_game_exits_0_and_leaves_no_process(tmp_path: Path) -> None:
    # A game in progress: a person as X has played the centre, the Searcher as O is to
    # move, so the window starts its search process and the computer thinks at once.
    config, data = tmp_path / "config", tmp_path / "data"
    (config / "TTT Desktop").mkdir(parents=True)
    (config / "TTT Desktop" / "TTT Desktop.conf").write_text(
        "[players]\nX=human:Ann\nO=ai:searcher\n"
    )
    game = data / "TTT Desktop" / "TTT Desktop" / "game-in-progress.tttgame"
    game.parent.mkdir(parents=True)
    record = GameRecord(
        PlayerEntry("human", "Ann"),
        PlayerEntry("searcher", "Searcher", seed=1),
        Mark.X,
        rules=GOMOKU,
    ).with_move(GOMOKU_CENTRE)
    save_record(record, game)
    environment = dict(
        os.environ,
        XDG_CONFIG_HOME=str(config),
        XDG_DATA_HOME=str(data),
        QT_QPA_PLATFORM="offscreen",
        PYTHONPATH=os.pathsep.join([str(Path(__file__).resolve().parents[2]), *sys.path]),
    )
    environment.pop("TTT_DESKTOP_LIBRARY", None)
    with subprocess.Popen(
        [sys.executable, "-m", "ttt_desktop"],
        env=environment,
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    ) as app:
        try:

            def search_process_serving() -> bool:
                # The child (multiprocessing's spawn) runs its heartbeat thread: it serves.
                return any(
                    "spawn_main" in command and threads >= 2
                    for command, threads in session_members(app.pid).values()
                )

            wait_for(search_process_serving, "the search process started")
            os.kill(app.pid, signal.SIGTERM)
            deadline = time.monotonic() + DEADLINE_S
            while app.poll() is None and time.monotonic() < deadline:
                time.sleep(0.02)
            assert app.poll() == 0
            wait_for(lambda: not session_members(app.pid), "every process of the app ended")
            assert app.stderr is not None
            assert "Traceback" not in app.stderr.read()
        finally:
            for pid in session_members(app.pid):
                os.kill(pid, signal.SIGKILL)
            if app.poll() is None:
                app.kill()
    # Saved, not lost: the game in hand is there for the next start.
    saved = load_record(game)
    assert saved.rules == GOMOKU and saved.moves[:1] == (GOMOKU_CENTRE,)
    assert not saved.is_finished


class Quitting:
    def __init__(self) -> None:
        self.calls = 0

    def quit(self) -> None:
        self.calls += 1


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_the_handler_closes_the_window_and_quits_and_is_removed_cleanly(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    quitting = Quitting()
    monkeypatch.setattr(termination, "QCoreApplication", quitting)
    window = QMainWindow()
    qtbot.addWidget(window)
    window.show()
    before = {name: signal.getsignal(getattr(signal, name)) for name in ("SIGTERM", "SIGHUP")}
    handler = termination.quit_on_termination(window, environment={})
    assert handler is not None
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        qtbot.waitUntil(lambda: not window.isVisible() and quitting.calls == 1)
        assert handler.received == [signal.SIGTERM]
        # A second signal while quitting does not quit twice.
        os.kill(os.getpid(), signal.SIGHUP)
        qtbot.waitUntil(lambda: len(handler.received) == 2)
        qtbot.wait(20)
        assert quitting.calls == 1
    finally:
        handler.remove()
    after = {name: signal.getsignal(getattr(signal, name)) for name in ("SIGTERM", "SIGHUP")}
    assert after == before


@pytest.mark.skipif(not hasattr(signal, "SIGUSR1"), reason="POSIX signals")
def test_the_quit_hook_triggers_the_quit_action_only_when_asked(qtbot: QtBot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.quit_action = QAction(window)  # type: ignore[attr-defined]
    triggered: list[bool] = []
    window.quit_action.triggered.connect(lambda: triggered.append(True))  # type: ignore[attr-defined]
    before = signal.getsignal(signal.SIGUSR1)
    handler = termination.quit_on_termination(
        window, environment={termination.QUIT_HOOK_VARIABLE: "1"}
    )
    assert handler is not None
    try:
        os.kill(os.getpid(), signal.SIGUSR1)
        qtbot.waitUntil(lambda: triggered == [True])
        assert handler.received == []
    finally:
        handler.remove()
    assert signal.getsignal(signal.SIGUSR1) == before
    plain = termination.quit_on_termination(window, environment={})
    assert plain is not None
    try:
        assert signal.getsignal(signal.SIGUSR1) == before
    finally:
        plain.remove()


def test_leaving_at_once_waits_for_the_teardown_while_other_children_run(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    import multiprocessing  # noqa: PLC0415

    # A lab's pool of worker processes: the interpreter's teardown ends them, so the
    # process is not ended under them (leave returns instead of exiting).
    monkeypatch.setattr(multiprocessing, "active_children", lambda: [object()])
    window = QMainWindow()
    qtbot.addWidget(window)
    handler = termination.quit_on_termination(window, environment={})
    assert handler is not None
    handler.remove()
    handler.leave(0)  # returns: this test goes on
    assert window.isWindow()
