"""A search process stopped from outside (SIGSTOP): said within seconds, with Wait and Restart.

The real search process is stopped with SIGSTOP while a computer player thinks; the
window must say so within a few seconds (its heartbeat stands still), offer to wait
or to restart it, and go on either way. The GUI thread never waits on the process.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator

import pytest
from conftest import WindowMaker
from PySide6.QtCore import QElapsedTimer, Qt
from pytestqt.qtbot import QtBot
from slow_players import GatedPlayer, SlowPlayers

from ttt_desktop.core import Mark
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.players import process as search_process

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs SIGSTOP")


@pytest.fixture
def stopped_pids() -> Iterator[list[int]]:
    """Processes a test stopped: let go again at teardown, whatever happened."""
    pids: list[int] = []
    yield pids
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGCONT)


def _thinking_against_gated(
    qtbot: QtBot, make_window: WindowMaker, test_players: SlowPlayers
) -> MainWindow:
    test_players.answer_cell = 4
    window = make_window()
    window.ai_speed_actions[0].trigger()
    panel = window.player_panel
    panel.choose_index(Mark.X, panel.index_of(Mark.X, name="Player 1"))
    panel.choose_index(Mark.O, panel.index_of(Mark.O, kind="gated"))
    with qtbot.waitSignal(window.controller.thinking_started):
        qtbot.mouseClick(window.board.cell_widget(0), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: test_players.has(GatedPlayer))
    qtbot.waitUntil(lambda: test_players.last(GatedPlayer).calls == 1)
    return window


def _stop_the_search(qtbot: QtBot, window: MainWindow, stopped_pids: list[int]) -> int:
    pid = window.controller.search_process.pid
    assert pid is not None
    stopped_pids.append(pid)
    clock = QElapsedTimer()
    clock.start()
    with qtbot.waitSignal(
        window.controller.search_silence_changed,
        timeout=int((search_process.SILENT_AFTER_S + 5) * 1000),
        check_params_cb=lambda silent: silent,
    ):
        os.kill(pid, signal.SIGSTOP)
    # Said within a few seconds, not after the two-minute move limit.
    assert clock.elapsed() < (search_process.SILENT_AFTER_S + 3) * 1000
    box = window.not_answering.box
    assert box is not None and box.isVisible()
    assert "not answering" in box.text()
    assert window.busy_indicator.is_busy  # the window itself still answers
    return pid


@pytest.mark.slow
def test_a_stopped_search_process_is_reported_and_a_restart_plays_the_move(
    qtbot: QtBot, make_window: WindowMaker, test_players: SlowPlayers, stopped_pids: list[int]
) -> None:
    window = _thinking_against_gated(qtbot, make_window, test_players)
    old_pid = _stop_the_search(qtbot, window, stopped_pids)
    test_players.gate.set()  # the fresh process's player answers at once
    with qtbot.waitSignal(window.controller.move_played, timeout=30_000) as played:
        restart = window.not_answering.restart_button
        assert restart is not None
        restart.click()
    assert played.args[0].moves[-1] == 4
    assert window.not_answering.box is None
    new_pid = window.controller.search_process.pid
    assert new_pid is not None and new_pid != old_pid
    assert window.controller.search_process.restarts == 1


@pytest.mark.slow
def test_waiting_for_a_stopped_search_process_goes_on_when_it_answers_again(
    qtbot: QtBot, make_window: WindowMaker, test_players: SlowPlayers, stopped_pids: list[int]
) -> None:
    window = _thinking_against_gated(qtbot, make_window, test_players)
    pid = _stop_the_search(qtbot, window, stopped_pids)
    wait = window.not_answering.wait_button
    assert wait is not None
    wait.click()
    assert window.not_answering.box is None
    assert "not answering" in window.statusBar().currentMessage()
    with qtbot.waitSignal(
        window.controller.search_silence_changed,
        timeout=10_000,
        check_params_cb=lambda silent: not silent,
    ):
        os.kill(pid, signal.SIGCONT)
    assert window.statusBar().currentMessage() == ""
    test_players.gate.set()
    with qtbot.waitSignal(window.controller.move_played, timeout=10_000) as played:
        pass
    assert played.args[0].moves[-1] == 4
    assert window.controller.search_process.pid == pid  # the same process, never restarted
