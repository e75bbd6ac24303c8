"""Brains as real ones behave, written for the suite: each plays its games to the end
through the manager, and nothing they start outlives the program that runs them.

The habits are those of widely used Gomocup brains: a second thread that is still
leaving its search when the next command comes (and drops it), a first move that sets up
the brain's tables, SUGGEST instead of a move, an ERROR line warning of a limit before a
move, children that leave the brain's session, brains deaf to hang-ups.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.brain_helpers import BAD_BRAIN, bad_brain, our_brain
from helpers.live_processes import command_line, live_processes

from ttt_desktop.brains import manager
from ttt_desktop.brains.engines import EngineEntry, EngineList, EngineListError, probe
from ttt_desktop.brains.keeper import descendants
from ttt_desktop.brains.manager import DEFAULT_MEMORY, BrainProcess, BrainRefused, BrainSettings
from ttt_desktop.brains.match import play_brain_game
from ttt_desktop.brains.player import BrainPlayer
from ttt_desktop.cli.arena import main as arena_main
from ttt_desktop.core.board import Mark
from ttt_desktop.core.clock import TimeControl
from ttt_desktop.core.rules import GOMOKU
from ttt_desktop.players import create_player

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="brains run on Linux")

RACING_BRAIN = Path(__file__).parents[1] / "data" / "brains" / "racing_brain.py"
QUICK = BrainSettings(clock=TimeControl(turn_ms=2000, margin_ms=500), end_grace_ms=300, setup_ms=0)


def racing_brain(finish_ms: int = 30) -> list[str]:
    return [sys.executable, str(RACING_BRAIN), str(finish_ms)]


def _alive(pids: list[int]) -> list[int]:
    live = {pid for pid, _, _ in live_processes()}
    return [pid for pid in pids if pid in live]


def _wait_all_gone(pids: list[int], seconds: float = 2.0) -> list[int]:
    deadline = time.monotonic() + seconds
    while _alive(pids) and time.monotonic() < deadline:
        time.sleep(0.02)
    return _alive(pids)


# A command arriving while the brain finishes its move -----------------------------------


def test_a_brain_still_finishing_its_move_is_not_stopped_or_written_to() -> None:
    opponent = create_player("rando", seed=11)
    with BrainPlayer(racing_brain(30), settings=QUICK) as brain:
        records = [play_brain_game(brain, opponent, GOMOKU, first) for first in (Mark.X, Mark.O)]
    for record in records:
        assert record.forfeit is None, record.forfeit
        assert record.is_finished and record.ply >= 9
        assert not any("Unknown command" in line for line in record.log)


@pytest.mark.slow
def test_the_racing_brain_drops_commands_when_the_manager_does_not_wait(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The same brain, stopped the moment its move arrives and written to at once: what the
    # manager did before it waited for a brain to finish its answer.
    monkeypatch.setattr(manager, "SETTLE_MS", 0.0)
    opponent = create_player("rando", seed=11)
    with BrainPlayer(racing_brain(30), settings=QUICK) as brain:
        records = [play_brain_game(brain, opponent, GOMOKU, Mark.X) for _ in range(3)]
    assert any(
        record.forfeit is not None and "Unknown command" in record.forfeit.reason
        for record in records
    )


# The protocol's whole brain side --------------------------------------------------------


@pytest.mark.slow
def test_a_first_move_may_include_the_brains_own_set_up() -> None:
    # 300 ms a move with 150 ms of margin; the first move takes 1.5 s (its tables).
    clock = TimeControl(turn_ms=300, game_ms=30_000, margin_ms=150)
    opponent = create_player("rando", seed=2)
    with BrainPlayer(bad_brain("slow-first"), settings=BrainSettings(clock=clock)) as brain:
        record = play_brain_game(brain, opponent, GOMOKU)
        process = brain.process
        assert process is not None
        # That move is charged to its game time for no more than its 300 ms.
        assert process.used_ms < 300 * (record.ply + 1) / 2 + 500
    assert record.forfeit is None and record.is_finished
    strict = BrainSettings(clock=clock, setup_ms=0)
    with BrainPlayer(bad_brain("slow-first"), settings=strict) as brain:
        record = play_brain_game(brain, opponent, GOMOKU)
    assert record.forfeit is not None and record.ply == 0


def test_suggest_is_answered_with_play() -> None:
    with BrainPlayer(bad_brain("suggest"), settings=QUICK) as brain:
        record = play_brain_game(brain, create_player("rando", seed=3), GOMOKU)
    assert record.forfeit is None and record.is_finished
    assert any("SUGGEST" in line for line in record.log)
    assert any("> PLAY " in line for line in record.log)


def test_an_error_before_a_move_is_a_warning_not_a_forfeit() -> None:
    said: list[str] = []

    def heard(board: object, cell: int, thought: object) -> None:
        said.extend(getattr(thought, "messages", ()))

    with BrainPlayer(bad_brain("warn"), settings=QUICK) as brain:
        record = play_brain_game(
            brain, create_player("rando", seed=4), GOMOKU, Mark.X, on_move=heard
        )
    assert record.forfeit is None and record.is_finished
    # Kept with the brain's messages, for the Thinking dock.
    assert "ERROR max memory too small, might exceed the memory limit" in said


def test_the_info_lines_say_real_figures_and_time_left_comes_before_every_move(
    tmp_path: Path,
) -> None:
    settings = BrainSettings(
        clock=TimeControl(turn_ms=1000, game_ms=60_000, margin_ms=200),
        folder=str(tmp_path),
        infos=(("hash_size", "4096"),),
    )
    with BrainPlayer(our_brain("levi"), settings=settings) as brain:
        record = play_brain_game(brain, create_player("rando", seed=5), GOMOKU, Mark.X)
    sent = [line.split("> ", 1)[1] for line in record.log if "> " in line]
    assert f"INFO max_memory {DEFAULT_MEMORY}" in sent and DEFAULT_MEMORY == 367_001_600
    assert f"INFO folder {tmp_path}" in sent and "INFO hash_size 4096" in sent
    assert "INFO timeout_turn 1000" in sent and "INFO timeout_match 60000" in sent
    for index, line in enumerate(sent):
        if line.startswith(("TURN", "BEGIN", "BOARD")):
            assert sent[index - 1].startswith("INFO time_left "), sent[index - 1 : index + 1]
    lefts = [int(line.split()[-1]) for line in sent if line.startswith("INFO time_left")]
    assert lefts[0] == 60_000 and lefts == sorted(lefts, reverse=True)
    # Without a game clock, the protocol's "unlimited".
    with BrainPlayer(our_brain("levi"), settings=QUICK) as brain:
        record = play_brain_game(brain, create_player("rando", seed=5), GOMOKU, Mark.X)
    assert any("> INFO time_left 2147483647" in line for line in record.log)


# Nothing outlives the program -----------------------------------------------------------


def _below(pid: int) -> list[int]:
    return [child for child in descendants(pid) if child in {p for p, _, _ in live_processes()}]


def test_a_child_that_leaves_the_session_goes_with_its_brain() -> None:
    brain = BrainProcess(bad_brain("setsid"), settings=QUICK)
    deadline = time.monotonic() + 10
    while len(_below(brain.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    family = _below(brain.pid)
    sessions = {int(fields[3]) for pid, fields, _ in live_processes() if pid in family}
    assert len(family) == 2 and len(sessions) == 2  # the brain, and a child in a session of its own
    brain.close()
    assert _wait_all_gone([brain.pid, *family]) == []


def _kill_host_script(brains: list[list[str]]) -> str:
    return (
        "import sys, threading, time\n"
        "from ttt_desktop.brains.manager import BrainSettings\n"
        "from ttt_desktop.brains.match import play_brain_game\n"
        "from ttt_desktop.brains.player import BrainPlayer\n"
        "from ttt_desktop.core.clock import TimeControl\n"
        "from ttt_desktop.core.rules import GOMOKU\n"
        "from ttt_desktop.players import create_player\n"
        "settings = BrainSettings(clock=TimeControl(turn_ms=60000))\n"
        f"brains = [BrainPlayer(c, settings=settings) for c in {brains!r}]\n"
        "for b in brains:\n"
        "    threading.Thread(target=play_brain_game, daemon=True,\n"
        "        args=(b, create_player('rando', seed=1), GOMOKU)).start()\n"
        "time.sleep(0.5)\n"
        "print(' '.join(str(b.process.pid) for b in brains), flush=True)\n"
        "time.sleep(600)\n"
    )


def test_no_brain_nor_its_children_outlive_a_host_killed_outright() -> None:
    # A brain thinking for ever, deaf to hang-ups; one with a child out of its session.
    script = _kill_host_script([bad_brain("ignore-hup"), bad_brain("setsid")])
    host = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        assert host.stdout is not None
        keepers = [int(pid) for pid in host.stdout.readline().split()]
        assert len(keepers) == 2
        deadline = time.monotonic() + 10
        while sum(len(_below(k)) for k in keepers) < 3 and time.monotonic() < deadline:
            time.sleep(0.02)
        family = [pid for keeper in keepers for pid in (keeper, *_below(keeper))]
        assert len(family) == 5  # two keepers, two brains, one child in its own session
        host.kill()
        host.wait(timeout=10)
        assert _wait_all_gone(family) == []
    finally:
        host.kill()
        host.wait(timeout=10)
        if host.stdout is not None:
            host.stdout.close()


def _kill_and_check(arguments: list[str], ready: Callable[[list[int], list[str]], bool]) -> None:
    """Run ``ttt-arena ARGUMENTS``, wait until ``ready(family, command lines)`` says its
    brains are under way, SIGKILL the command alone: everything below it is gone 2 s on."""
    process = subprocess.Popen(
        [sys.executable, "-m", "ttt_desktop.cli", *arguments],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        family: list[int] = []
        while time.monotonic() < deadline:
            family = _below(process.pid)
            lines = [
                command_line(data) for pid, _, data in live_processes("cmdline") if pid in family
            ]
            if ready(family, lines):
                break
            time.sleep(0.05)
        else:
            pytest.fail("the brains never started")
        process.kill()
        process.wait(timeout=10)
        assert _wait_all_gone(family) == []
    finally:
        process.kill()
        process.wait(timeout=10)


def test_no_brain_outlives_a_killed_arena_match() -> None:
    seat = f"brain:{sys.executable} {BAD_BRAIN} ignore-hup"
    arguments = ["match", "--rules", "gomoku", "--x", seat, "--o", "rando", "--games", "2"]
    _kill_and_check(
        [*arguments, "--turn-ms", "60000"],
        # The keeper and the brain, thinking for ever on its second move.
        lambda family, lines: sum("ignore-hup" in line for line in lines) >= 2,
    )


def test_no_brain_outlives_a_killed_tournament() -> None:
    # Killed outright, the command alone (not its group): its workers end with it, and
    # with them their brains' lifelines; the brains' children out of their session too.
    brain = f"brain:{sys.executable} {BAD_BRAIN}"
    players = f"{brain} ignore-hup,{brain} setsid"
    arguments = ["tournament", "--players", players, "--rules", "gomoku", "--games", "2"]
    _kill_and_check(
        [*arguments, "--jobs", "2", "--turn-ms", "60000"],
        lambda family, lines: len(family) >= 7 and any(x.startswith("sleep 600") for x in lines),
    )


# The engine list: what is not a list, what is not a brain --------------------------------


def _hostile(path: Path, kind: str) -> None:
    if kind == "nested":
        path.write_text("[" * 200_000 + "]" * 200_000)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    else:
        path.write_text('{"format": "ttt-desktop-engines", "version": 2, "engines": [')


@pytest.mark.parametrize(
    ("kind", "reason"),
    [
        ("nested", "nested too deeply"),
        ("fifo", "a named pipe"),
        ("zero", "a device"),
        ("folder", "a folder"),
        ("cut", "not valid JSON"),
    ],
)
def test_a_hostile_engine_list_is_refused_with_its_reason_and_moved_aside(
    tmp_path: Path, kind: str, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "engines.json"
    _hostile(path, kind)
    with pytest.raises(EngineListError, match=reason) as caught:
        EngineList.load(path)
    assert "moved to" in str(caught.value)
    assert not path.exists() and not path.is_symlink()
    assert len(list(tmp_path.glob("engines.json.bad-*"))) == 1
    assert len(EngineList.load(path)) == 0
    # The command line says so and goes on; it never waits on the file.
    _hostile(path, kind)
    assert arena_main(["engines", "list", "--engines", str(path)]) == 1
    assert reason in capsys.readouterr().err


def test_a_version_1_list_is_read() -> None:
    entry = EngineEntry.from_json(
        {
            "name": "Old",
            "command": "pbrain-old",
            "options": {"timeout_turn": 1500, "hash": 64},
            "sizes": [15, 20],
        },
        version=1,
    )
    assert (entry.turn_ms, entry.match_ms, entry.infos) == (1500, 0, {"hash": "64"})
    # Version 1's probes asked six sizes: the others are not known to be declined.
    assert entry.plays(GOMOKU) is True and entry.plays(GOMOKU.__class__(7, 7, 5)) is None


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (["/bin/cat"], "answered 'START 5' to START 5"),
        ([sys.executable, "-c", "import sys; sys.exit(1)"], "crashed (exited with code 1)"),
        ([sys.executable, "-c", "import time; time.sleep(60)"], "no answer within 500 ms"),
    ],
)
def test_a_program_that_is_not_a_brain_is_refused(command: list[str], reason: str) -> None:
    entry = EngineEntry("Not", shlex.join(command))
    with pytest.raises(BrainRefused, match="not a Gomocup brain") as caught:
        probe(entry, settings=BrainSettings(start_ms=500, end_grace_ms=100))
    assert reason in caught.value.reason


def test_engines_add_refuses_a_program_that_is_not_a_brain(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "engines.json"
    assert arena_main(["engines", "add", "--command", "/bin/cat", "--engines", str(path)]) == 2
    assert "not a Gomocup brain" in capsys.readouterr().err
    assert not path.exists()


def test_the_probe_finds_every_size_a_brain_takes() -> None:
    # The racing brain takes any START: 5 to 22, no rectangles (it does not know RECTSTART).
    found = probe(EngineEntry("Racing", " ".join(racing_brain(0))))
    assert found.sizes == tuple(range(5, 23)) and found.probed == tuple(range(5, 23))
    assert found.rectangles is False
    assert found.plays(GOMOKU.__class__(7, 7, 5)) is True


# Our own brain ---------------------------------------------------------------------------


def _our_brain_says(lines: list[str]) -> list[str]:
    done = subprocess.run(
        our_brain("levi"),
        input="".join(line + "\r\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return [line.strip() for line in done.stdout.splitlines() if line.strip()]


def test_our_brain_refuses_a_board_with_stones_no_game_has() -> None:
    said = _our_brain_says(["START 15", "BOARD", "7,7,1", "7,7,2", "DONE", "END"])
    assert said[-1] == "ERROR two stones on 7,7"
    said = _our_brain_says(["START 15", "BOARD", "7,7,1", "8,7,1", "9,7,1", "DONE", "END"])
    assert said[-1] == "ERROR no game has 3 stones of ours and 0 of the other's"


def test_our_brain_says_error_for_a_rule_it_does_not_play_and_plays_on() -> None:
    said = _our_brain_says(["START 15", "INFO rule 6", "BEGIN", "END"])
    assert said[1].startswith("ERROR INFO rule 6: continuous game is not played here")
    assert said[-1].count(",") == 1  # its move
    # Renju it plays, without a word.
    said = _our_brain_says(["START 15", "INFO rule 4", "BEGIN", "END"])
    assert not [line for line in said if line.startswith("ERROR")]
    assert said[-1].count(",") == 1


def test_our_brain_leaves_quietly_when_its_output_is_closed() -> None:
    process = subprocess.Popen(
        our_brain("levi"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdout.close()
    process.stdin.write(b"START 15\r\nBEGIN\r\n")
    process.stdin.close()
    assert process.wait(timeout=60) == 0
    assert process.stderr is not None
    with process.stderr:
        assert process.stderr.read() == b""
