"""kill -9 at random moments loses no game the library said it stored (200 kills)."""

from __future__ import annotations

import multiprocessing
import random
import signal
import time
from pathlib import Path

import pytest
from helpers.library_writer import play_and_store

from ttt_desktop.library import Library

KILLS = 200


@pytest.mark.slow
def test_no_reported_game_is_lost_when_the_writer_is_killed_at_random(tmp_path: Path) -> None:
    path = str(tmp_path / "library.sqlite3")
    # forkserver: each writer is forked from a clean server process (never from this one,
    # which may hold Qt's threads), with the library's modules already imported.
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["helpers.library_writer"])
    rng = random.Random(2026)
    reported: list[str] = []
    awaited = 0
    for round_number in range(KILLS):
        receiver, sender = context.Pipe(duplex=False)
        writer = context.Process(target=play_and_store, args=(path, round_number, sender))
        writer.start()
        sender.close()
        # Wait for a random number of games to be reported (none: the kill lands while
        # the library is opened, or created and migrated), then kill a moment later,
        # whatever the machine's load: during a store, between stores, mid-transaction.
        wait_for = rng.choice([0, 0, 1, 2, 3, 5, 8])
        awaited += wait_for
        for _ in range(wait_for):
            reported.append(receiver.recv())
        time.sleep(rng.uniform(0.0, 0.006))
        writer.kill()
        writer.join()
        assert writer.exitcode == -signal.SIGKILL
        while receiver.poll():
            try:
                reported.append(receiver.recv())
            except EOFError:
                break
        receiver.close()
    with Library(path) as library:
        assert library.integrity_check() == "ok"
        stored = library.game_ids()
    print(f"{len(reported)} games reported stored over {KILLS} kills, {len(stored)} in the file")
    assert len(reported) >= awaited > KILLS
    assert set(reported) <= stored
