"""The lab's shared flag: seen across processes, and never left locked by a killed worker."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from typing import Any

import pytest

from ttt_desktop.lab.shared_flag import SharedFlag

CONTEXT = multiprocessing.get_context("spawn")


def _spin(flag: Any, started: Any) -> None:
    started.set()
    while True:
        flag.is_set()


def _set_when_asked(ask: SharedFlag, answer: SharedFlag) -> None:
    if ask.wait(30):
        answer.set()


def test_set_and_clear_are_seen_by_a_worker_and_back() -> None:
    ask, answer = SharedFlag(CONTEXT), SharedFlag(CONTEXT)
    worker = CONTEXT.Process(target=_set_when_asked, args=(ask, answer), daemon=True)
    worker.start()
    try:
        assert not answer.is_set()
        ask.set()
        assert answer.wait(30)
        worker.join(30)
        assert worker.exitcode == 0
        answer.clear()
        assert not answer.is_set() and not answer.wait(0.02)
    finally:
        worker.kill()
        worker.join()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_worker_killed_while_reading_leaves_the_flag_usable() -> None:
    # A multiprocessing.Event's is_set() takes a lock: a worker killed holding it (this
    # one spends most of its time there) left the next set() waiting for ever.
    for _ in range(5):
        flag = SharedFlag(CONTEXT)
        started = CONTEXT.Event()
        worker = CONTEXT.Process(target=_spin, args=(flag, started), daemon=True)
        worker.start()
        assert started.wait(30)
        time.sleep(0.05)
        os.kill(worker.pid, signal.SIGKILL)
        worker.join(30)
        flag.set()  # returns: there is no lock to wait for
        assert flag.is_set()
        flag.clear()
        assert not flag.is_set()
