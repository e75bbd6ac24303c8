"""Brains that misbehave: each game ends in a recorded loss (or a clear refusal) within its
time limit, no process of the brain is left, and the library keeps every game."""

from __future__ import annotations

import gc
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.brain_helpers import bad_brain, group_members, our_brain, wait_gone

from ttt_desktop.brains.manager import BrainRefused, BrainSettings
from ttt_desktop.brains.match import play_brain_game, play_brain_match
from ttt_desktop.brains.player import BrainPlayer
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.clock import TimeControl
from ttt_desktop.core.rules import GOMOKU
from ttt_desktop.library import Library
from ttt_desktop.players import create_player

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="brains run on Linux")

CONTROL = BrainSettings(
    clock=TimeControl(turn_ms=300, game_ms=20_000, margin_ms=150), end_grace_ms=300, setup_ms=0
)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("crash-start", "crashed (exited with code 3) while answering START 15"),
        ("crash-mid", "crashed (exited with code 7) while thinking"),
        ("silent", "no answer within 450 ms while thinking"),
        ("silent-clock", "the 200 ms left of its game time"),
        ("late", "no answer within 450 ms while thinking"),
        ("illegal", "a cell already taken"),
        ("off-board", "played 18,15, off the 15x15 board"),
        ("garbage", 'answered "I think I\'ll play somewhere nice" instead of a move'),
    ],
)
def test_a_misbehaving_brain_loses_with_the_reason(mode: str, reason: str, tmp_path: Path) -> None:
    opponent = create_player("rando", seed=3)
    started = time.monotonic()
    control = CONTROL
    if mode == "silent-clock":
        mode, control = (
            "silent",
            BrainSettings(clock=TimeControl(turn_ms=300, game_ms=200, margin_ms=150), setup_ms=0),
        )
    with BrainPlayer(bad_brain(mode), settings=control) as brain:
        group = brain.process.brain_pid  # type: ignore[union-attr]
        record = play_brain_game(brain, opponent, GOMOKU, Mark.O)
        # The failing process is gone at once (a fresh one would start for another game).
        assert wait_gone(group) == []
    assert time.monotonic() - started < 5
    assert record.forfeit is not None and record.forfeit.loser is Mark.X
    assert reason in record.forfeit.reason
    assert record.result == "O" and record.is_finished
    assert any(line.startswith("X ") for line in record.log)
    with Library(tmp_path / "lib.sqlite3") as library:
        library.store(record)
        (row,) = library.rows()
        assert row.result == "O"
        assert library.record(row.id).forfeit == record.forfeit


def test_a_brain_over_its_memory_limit_loses() -> None:
    control = BrainSettings(
        clock=TimeControl(turn_ms=2000, margin_ms=250),
        max_memory=200 * 1024 * 1024,
        enforce_memory=True,
        end_grace_ms=300,
    )
    with BrainPlayer(bad_brain("hog"), settings=control) as brain:
        group = brain.process.brain_pid  # type: ignore[union-attr]
        record = play_brain_game(brain, create_player("rando", seed=3), GOMOKU)
    assert wait_gone(group) == []
    assert record.forfeit is not None and record.forfeit.loser is Mark.X
    assert "crashed (exited with code 1)" in record.forfeit.reason
    assert any("MemoryError" in line for line in record.log)
    assert any("INFO max_memory 209715200" in line for line in record.log)


def test_a_brain_without_restart_gets_a_fresh_process_for_each_game() -> None:
    with BrainPlayer(bad_brain("no-restart"), settings=CONTROL) as brain:
        groups = set()
        for seed in (1, 2, 3):
            record = play_brain_game(brain, create_player("rando", seed=seed), GOMOKU)
            assert record.forfeit is None and record.is_finished
            groups.add(brain.process.brain_pid)  # type: ignore[union-attr]
        assert len(groups) == 3
        assert any("UNKNOWN RESTART" in line for line in record.log)
    assert [wait_gone(group) for group in groups] == [[], [], []]


def test_a_brain_that_declines_the_board_is_refused_not_beaten() -> None:
    with BrainPlayer(bad_brain("refuse"), settings=CONTROL) as brain:
        group = brain.process.brain_pid  # type: ignore[union-attr]
        with pytest.raises(BrainRefused, match=r"declined START 15 \(this brain plays 20x20"):
            play_brain_game(brain, create_player("rando", seed=1), GOMOKU)
    assert wait_gone(group) == []


def test_a_flood_of_messages_is_cut_not_kept() -> None:
    control = BrainSettings(
        clock=TimeControl(turn_ms=3000, game_ms=60_000, margin_ms=250), end_grace_ms=300
    )
    with BrainPlayer(bad_brain("flood"), settings=control) as brain:
        group = brain.process.brain_pid  # type: ignore[union-attr]
        record = play_brain_game(brain, create_player("rando", seed=2), GOMOKU)
    assert wait_gone(group) == []
    # About 2.5 MB a move, game after game: the log keeps its first and last lines.
    assert record.forfeit is None and record.is_finished
    assert len(record.log) <= 1100
    assert sum(len(line) for line in record.log) < 600_000
    assert any("lines left out" in line for line in record.log)


def test_a_brain_ignoring_end_is_killed_after_the_grace_period() -> None:
    brain = BrainPlayer(bad_brain("ignore-end"), settings=CONTROL)
    group = brain.process.brain_pid  # type: ignore[union-attr]
    play_brain_game(brain, create_player("rando", seed=4), GOMOKU)
    started = time.monotonic()
    brain.close()
    assert time.monotonic() - started < 1.0
    assert wait_gone(group) == []
    assert any("did not leave within 300 ms of END" in line for _, line in brain.take_log())


def test_a_forked_child_goes_with_its_brain() -> None:
    brain = BrainPlayer(bad_brain("fork"), settings=CONTROL)
    group = brain.process.brain_pid  # type: ignore[union-attr]
    assert len(wait_gone(group, 0)) == 2  # the brain and its lingering child
    record = play_brain_game(brain, create_player("rando", seed=5), GOMOKU)
    assert record.is_finished
    brain.close()
    assert wait_gone(group) == []


def test_a_forgotten_brain_is_killed_by_its_finalizer() -> None:
    brain = BrainPlayer(bad_brain("ignore-end"), settings=CONTROL)
    group = brain.process.brain_pid  # type: ignore[union-attr]
    assert group_members(group)
    del brain
    gc.collect()
    assert wait_gone(group) == []


def test_the_brain_whose_turn_it_is_not_is_stopped() -> None:
    with BrainPlayer(our_brain("rando"), settings=CONTROL) as brain:
        process = brain.process
        assert process is not None
        brain.choose_move(Board.empty(Mark.X, GOMOKU))
        # SIGSTOP takes effect when the kernel next schedules the process.
        deadline = time.monotonic() + 2
        while True:
            stat = Path(f"/proc/{process.brain_pid}/stat").read_text()
            state = stat.rpartition(")")[2].split()[0]
            if state == "T" or time.monotonic() > deadline:
                break
            time.sleep(0.01)
        assert state == "T"  # stopped until its next turn


@pytest.mark.slow
def test_a_hundred_game_match_between_brains_stores_every_game(tmp_path: Path) -> None:
    control = BrainSettings(
        clock=TimeControl(turn_ms=2000, game_ms=60_000, margin_ms=250), end_grace_ms=500
    )
    with (
        BrainPlayer(our_brain("rando", 1), settings=control) as x,
        BrainPlayer(our_brain("levi", 2), settings=control) as o,
        Library(tmp_path / "lib.sqlite3") as library,
    ):
        groups = [x.process.brain_pid, o.process.brain_pid]  # type: ignore[union-attr]
        records = list(play_brain_match(x, o, 100, GOMOKU, alternate=True))
        library.store_many(records, source="arena")
        assert library.count() == 100
    assert all(record.forfeit is None and record.is_finished for record in records)
    assert [wait_gone(group) for group in groups] == [[], []]


def test_no_brain_outlives_a_program_that_forgets_to_close_it() -> None:
    script = (
        "import sys\n"
        "from ttt_desktop.brains.player import BrainPlayer\n"
        f"brain = BrainPlayer({bad_brain('ignore-end')!r})\n"
        "print(brain.process.brain_pid, flush=True)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=30, check=True
    )
    group = int(done.stdout.split()[0])
    assert wait_gone(group) == []
