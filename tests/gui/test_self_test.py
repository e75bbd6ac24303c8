"""``--self-test``: passes on the real window, fails loudly (never hangs) when a part breaks."""

from __future__ import annotations

import io
import os
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers.brain_helpers import bad_brain, our_brain
from slow_players import BrokenOrReal

from ttt_desktop.brains.engines import EngineEntry, EngineList
from ttt_desktop.brains.location import ENGINES_ENV_VAR as ENGINES_VARIABLE
from ttt_desktop.core import Board, GameRecord
from ttt_desktop.formats.files import load_record
from ttt_desktop.gui.game import sound
from ttt_desktop.gui.shell import self_test
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.self_test import run_self_test
from ttt_desktop.players import PlayerInfo, create_player, roster

PROJECT_ROOT = Path(__file__).resolve().parents[2]
OFFERED = [entry for entry in roster() if entry.kind != "sequence"]
SPINNING = PlayerInfo("spinning", "Spinning", "Searches for a very long time.", 1, "tests")
WindowMaker = Callable[..., MainWindow]  # the make_window fixture (tests/gui/conftest.py)
BROKEN = PlayerInfo("broken", "Broken", "Raises instead of moving.", 1, "tests")
LINUX_BRAINS = pytest.mark.skipif(sys.platform != "linux", reason="brains run on Linux")


def run(window: MainWindow, **options: Any) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run_self_test(window, out=out, err=err, **options)
    return code, out.getvalue(), err.getvalue()


def test_passes_on_the_real_window_and_plays_a_whole_game(make_window: WindowMaker) -> None:
    window = make_window(roster=OFFERED)
    code, out, err = run(window)
    assert (code, err) == (0, "")
    for check in (
        "window", "players", "game", "record", "processes", "tournament", "sound", "playouts",
    ):  # fmt: skip
        assert f"self-test {check}: " in out
    assert out.rstrip().splitlines()[-1].startswith("self-test passed in ")
    assert f"{len(OFFERED)} computer players move" in out
    record = window.controller.session.record
    assert record.is_finished
    assert (record.x.kind, record.o.kind) == (OFFERED[0].kind, OFFERED[-1].kind)
    assert window.board.board == record.final_board


@pytest.mark.slow
def test_checks_the_board_the_window_was_opened_with(make_window: WindowMaker) -> None:
    from ttt_desktop.core.rules import Rules  # noqa: PLC0415

    rules = Rules(7, 7, 5)
    window = make_window(roster=OFFERED, rules=rules)
    code, out, err = run(window)
    assert (code, err) == (0, "")
    players = [line for line in out.splitlines() if line.startswith("self-test players: ")]
    assert "on 7x7" in players[0]
    assert "learner" not in players[0] and "perfect" not in players[0]
    assert "moves of 7x7" in out
    record = window.controller.session.record
    assert record.rules is rules and record.is_finished


def _engine_list_with_our_brain(path: Path) -> Path:
    engines = EngineList(path)
    command = shlex.join(our_brain("levi", seed=3))
    engines.add(EngineEntry("TTT Levi", command, sizes=(15, 19, 20), rectangles=True, mnk=True))
    engines.save()
    return path


@LINUX_BRAINS
def test_passes_with_a_brain_on_the_engine_list(make_window: WindowMaker, tmp_path: Path) -> None:
    engines_file = _engine_list_with_our_brain(tmp_path / "engines.json")
    window = make_window(roster=OFFERED, engines_file=engines_file)
    assert window.roster[-1].kind == "brain.ttt-levi"
    code, out, err = run(window)
    assert (code, err) == (0, "")
    assert f"{len(OFFERED) + 1} computer players move" in out and "brain.ttt-levi" in out
    # The game is still between our weakest and strongest players (tic-tac-toe).
    record = window.controller.session.record
    assert (record.x.kind, record.o.kind) == (OFFERED[0].kind, OFFERED[-1].kind)


@LINUX_BRAINS
def test_a_brain_that_fails_fails_the_players_check(
    make_window: WindowMaker, tmp_path: Path
) -> None:
    engines_file = tmp_path / "engines.json"
    engines = EngineList(engines_file)
    engines.add(EngineEntry("Garbage", shlex.join(bad_brain("garbage")), sizes=(15,)))
    engines.save()
    code, _, err = run(make_window(roster=OFFERED, engines_file=engines_file))
    assert code == 1
    assert "self-test FAILED: player 'brain.garbage' failed: " in err
    assert "instead of a move" in err


def test_a_hanging_game_trips_the_watchdog(
    make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The sweep of players gets a quick stand-in; the game itself meets the spinner.
    monkeypatch.setattr(
        self_test, "create_player", lambda kind, seed: create_player("rando", seed=seed)
    )
    window = make_window(roster=[OFFERED[0], SPINNING])
    code, out, err = run(window, timeout_s=0.5)
    assert code == 1
    assert "self-test FAILED: watchdog: the computer game did not finish within 0.5 s" in err
    assert "self-test passed" not in out


def test_a_crashing_player_fails_the_game_check(
    make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        self_test, "create_player", lambda kind, seed: create_player("rando", seed=seed)
    )
    window = make_window(roster=[OFFERED[0], BROKEN], player_factory=BrokenOrReal())
    code, _, err = run(window)
    assert code == 1
    assert "self-test FAILED: the computer game stopped" in err
    assert "search exploded" in err


def test_a_player_module_that_cannot_load_fails_the_players_check(
    make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    def missing_module(kind: str, *, seed: int | None = None) -> Any:
        raise ModuleNotFoundError(f"No module named 'ttt_desktop.players.{kind}'")

    monkeypatch.setattr(self_test, "create_player", missing_module)
    code, _, err = run(make_window(roster=OFFERED))
    assert code == 1
    assert f"self-test FAILED: player {OFFERED[0].kind!r} failed: ModuleNotFoundError" in err


def test_a_missing_icon_fails_the_window_check(
    make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(self_test, "resource_path", lambda relative: tmp_path / relative)
    code, out, err = run(make_window(roster=OFFERED))
    assert code == 1
    assert "self-test FAILED: the application icon is missing" in err
    assert "self-test game" not in out


def test_a_record_that_reads_back_differently_fails(
    make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    def lossy_load(path: Path) -> GameRecord:
        record = load_record(path)
        return record.truncated(len(record.moves) - 1)

    monkeypatch.setattr(self_test, "load_record", lossy_load)
    code, _, err = run(make_window(roster=OFFERED))
    assert code == 1
    assert "self-test FAILED: the saved game read back differently" in err


def test_a_worker_process_that_cannot_run_its_task_fails(
    make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A function defined here cannot be sent to another process (pickled by name).
    def local_solver(board: Board) -> tuple[int, ...]:
        return ()

    monkeypatch.setattr(self_test, "best_moves", local_solver)
    code, _, err = run(make_window(roster=OFFERED))
    assert code == 1
    assert "self-test FAILED: a spawn worker process failed" in err


@pytest.mark.slow
@pytest.mark.parametrize(
    "brains",
    [False, pytest.param(True, marks=LINUX_BRAINS)],
    ids=["no engine list", "our brain listed"],
)
def test_the_command_line_option_exits_zero(tmp_path: Path, brains: bool) -> None:
    environment = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    if brains:
        environment[ENGINES_VARIABLE] = str(_engine_list_with_our_brain(tmp_path / "e.json"))
    result = subprocess.run(
        [sys.executable, "-m", "ttt_desktop", "--self-test"],
        cwd=PROJECT_ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "self-test passed in " in result.stdout
    assert "FAILED" not in result.stderr
    assert ("brain.ttt-levi" in result.stdout) is brains


def _effects(statuses: list[str]) -> dict[str, Any]:
    return {name: _Effect(status) for name, status in zip(sound.SOUNDS, statuses, strict=False)}


class _Effect:
    def __init__(self, status: str) -> None:
        self.status_name = status

    def status(self) -> Any:
        return type("Status", (), {"name": self.status_name})()

    def deleteLater(self) -> None:
        pass


@pytest.mark.parametrize(
    ("output", "statuses", "expected"),
    [
        (True, ["Ready"] * 4, "move, win, loss, draw loaded by QSoundEffect"),
        (False, [], "no audio output device here, so no sound loaded"),
    ],
)
def test_the_sound_check_loads_every_sound_where_there_is_an_audio_output(
    qapp: Any, monkeypatch: pytest.MonkeyPatch, output: bool, statuses: list[str], expected: str
) -> None:
    monkeypatch.setattr(sound, "audio_output_present", lambda: output)
    monkeypatch.setattr(sound, "sound_effects", lambda parent: _effects(statuses))
    assert self_test._check_sounds(1.0).endswith(expected)


def test_the_sound_check_fails_on_a_sound_that_does_not_load(
    qapp: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sound, "audio_output_present", lambda: True)
    statuses = ["Ready", "Error", "Ready", "Ready"]
    monkeypatch.setattr(sound, "sound_effects", lambda parent: _effects(statuses))
    with pytest.raises(self_test.SelfTestError, match=r"the sounds did not load: .*'win': 'Error'"):
        self_test._check_sounds(1.0)
