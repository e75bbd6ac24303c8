"""Sound: which sound each moment chooses, the View menu's switch and volume, the settings,
the system's wish for silence, the project's own WAV files, and QtMultimedia loaded late.

The window plays into the recording player conftest.py puts in (no audio device needed)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import threading
import wave
from pathlib import Path

import pytest
from conftest import MovePlayer, RecordingSoundPlayer, WindowMaker
from PySide6.QtCore import QObject, QSettings
from pytestqt.qtbot import QtBot

from ttt_desktop.core import Mark
from ttt_desktop.core.record import GameRecord, PlayerEntry
from ttt_desktop.gui.game import sound
from ttt_desktop.gui.game.controller import Seat
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import SOUND_VOLUMES, AppSettings
from ttt_desktop.players import HUMAN_KIND
from ttt_desktop.resource_paths import resource_path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import make_sounds  # noqa: E402

ANN = PlayerEntry(HUMAN_KIND, "Ann")
BOB = PlayerEntry(HUMAN_KIND, "Bob")
PERFECT = PlayerEntry("perfect", "Perfect", 1)
RANDO = PlayerEntry("rando", "Rando", 2)
X_WINS = (0, 3, 1, 4, 2)
O_WINS = (0, 3, 1, 4, 8, 5)
DRAW = (0, 4, 8, 1, 7, 6, 2, 5, 3)


def _recorder(window: MainWindow) -> RecordingSoundPlayer:
    player = window.sound.player
    assert isinstance(player, RecordingSoundPlayer)
    return player


def _game(x: PlayerEntry, o: PlayerEntry, moves: tuple[int, ...]) -> GameRecord:
    record = GameRecord(x, o, Mark.X)
    for cell in moves:
        record = record.with_move(cell)
    return record


@pytest.mark.parametrize(
    ("x", "o", "moves", "expected"),
    [
        (ANN, PERFECT, X_WINS, "win"),  # the person won
        (ANN, PERFECT, O_WINS, "loss"),  # the computer won
        (PERFECT, ANN, X_WINS, "loss"),  # the person plays O this time
        (PERFECT, ANN, O_WINS, "win"),
        (ANN, PERFECT, DRAW, "draw"),
        (ANN, BOB, X_WINS, "win"),  # two people: somebody won
        (ANN, BOB, O_WINS, "win"),
        (PERFECT, RANDO, O_WINS, "win"),  # two computers
        (ANN, BOB, DRAW, "draw"),
        (ANN, PERFECT, X_WINS[:3], None),  # still running
    ],
)
def test_the_end_sounds_from_the_persons_side(
    x: PlayerEntry, o: PlayerEntry, moves: tuple[int, ...], expected: str | None
) -> None:
    assert sound.end_sound(_game(x, o, moves)) == expected


def test_a_move_clicks_and_a_won_game_plays_the_win(
    two_people: WindowMaker, play_moves: MovePlayer
) -> None:
    window = two_people()
    recorder = _recorder(window)
    recorder.played.clear()
    play_moves(window, X_WINS)
    # One click per move but the last, whose sound is the end's.
    assert recorder.names() == ["move"] * 4 + ["win"]
    assert {volume for _, volume in recorder.played} == {SOUND_VOLUMES["medium"]}
    window.new_game()
    play_moves(window, DRAW)
    assert recorder.names()[5:] == ["move"] * 8 + ["draw"]


def test_against_a_computer_its_win_is_the_persons_loss(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.ai_speed_actions[0].trigger()
    controller = window.controller
    controller.session.start_policy = "x"
    window._seat(Mark.O, Seat("perfect", "Perfect"))
    controller.session.new_game(Mark.X)
    recorder = _recorder(window)
    recorder.played.clear()
    moves = 0
    # The person (X) always takes the lowest free cell; Perfect punishes that.
    while not controller.session.record.is_finished:
        qtbot.waitUntil(
            lambda: (
                controller.session.record.is_finished
                or (
                    controller.session.board.to_move is Mark.X
                    and not controller.session.is_thinking
                )
            )
        )
        if controller.session.record.is_finished:
            break
        with qtbot.waitSignal(controller.move_played):
            controller.session.play_cell(controller.session.board.legal_moves()[0])
        qtbot.waitUntil(
            lambda: (
                controller.session.board.to_move is Mark.X or controller.session.record.is_finished
            )
        )
    moves = len(controller.session.record.moves)
    assert controller.session.record.result == "O"
    assert recorder.names() == ["move"] * (moves - 1) + ["loss"]


def test_sound_off_plays_nothing_and_is_remembered(
    two_people: WindowMaker, play_moves: MovePlayer
) -> None:
    window = two_people()
    recorder = _recorder(window)
    assert window.sound.sound_action.isChecked(), "on by default"
    assert window.sound.volume_actions["medium"].isChecked(), "at a medium volume"
    window.sound.sound_action.trigger()
    assert not window.sound.volume_menu.isEnabled()
    recorder.played.clear()
    play_moves(window, X_WINS)
    assert recorder.played == []
    assert AppSettings().sound_on() is False
    window.sound.sound_action.trigger()
    window.sound.volume_actions["loud"].trigger()
    assert AppSettings().sound_volume() == "loud"
    window.new_game()
    play_moves(window, (4,))
    assert recorder.played == [("move", SOUND_VOLUMES["loud"])]


def test_a_new_window_takes_the_remembered_sound_settings(make_window: WindowMaker) -> None:
    settings = AppSettings()
    settings.set_sound_on(False)
    settings.set_sound_volume("quiet")
    window = make_window()
    assert not window.sound.sound_action.isChecked()
    assert window.sound.volume_actions["quiet"].isChecked()
    assert window.sound.volume == SOUND_VOLUMES["quiet"]
    view_entries = [action.objectName() for action in window.review.view_menu.actions()]
    assert "sound" in view_entries
    assert window.sound.volume_menu.menuAction() in window.review.view_menu.actions()


def test_stored_nonsense_falls_back_to_the_defaults() -> None:
    raw = QSettings()
    raw.setValue("view/sound_volume", "deafening")
    raw.setValue("view/sound", "maybe")
    settings = AppSettings(raw)
    assert settings.sound_volume() == "medium"
    assert settings.sound_on() is True
    raw.setValue("view/sound", "false")
    assert settings.sound_on() is False
    with pytest.raises(ValueError, match="quiet, medium, loud"):
        settings.set_sound_volume("deafening")


def test_no_sound_while_the_desktop_asks_for_silence(
    two_people: WindowMaker, play_moves: MovePlayer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sound, "system_wants_no_sounds", lambda: True)
    window = two_people()
    recorder = _recorder(window)
    recorder.played.clear()
    play_moves(window, X_WINS)
    assert window.sound.sound_action.isChecked()
    assert recorder.played == []


def test_gnome_event_sounds_off_is_read_from_gsettings(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    gsettings = tmp_path / "gsettings"
    gsettings.write_text("#!/bin/sh\necho false\n")
    gsettings.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("XDG_CURRENT_DESKTOP", "ubuntu:GNOME")
    assert sound._gnome_event_sounds_off() is True
    gsettings.write_text("#!/bin/sh\necho true\n")
    assert sound._gnome_event_sounds_off() is False
    monkeypatch.setenv("XDG_CURRENT_DESKTOP", "KDE")
    assert sound._gnome_event_sounds_off() is False


def test_a_game_that_arrives_finished_makes_no_sound(make_window: WindowMaker) -> None:
    window = make_window()
    recorder = _recorder(window)
    recorder.played.clear()
    window.controller.open_record(_game(ANN, BOB, X_WINS))
    assert window.controller.session.record.is_finished
    assert recorder.played == []


def test_the_sounds_are_the_projects_own_wav_files() -> None:
    for name, data in make_sounds.expected_files().items():
        path = resource_path(f"sounds/{name}")
        assert path.is_file(), f"run tools/make_sounds.py ({name} is missing)"
        with wave.open(str(path)) as committed:
            assert (committed.getnchannels(), committed.getsampwidth()) == (1, 2)
            assert committed.getframerate() == make_sounds.RATE
            seconds = committed.getnframes() / committed.getframerate()
            frames = committed.readframes(committed.getnframes())
        assert 0.05 <= seconds <= 1.0, name
        # What the script writes now (a last-bit difference of libm aside).
        with wave.open(io.BytesIO(data)) as generated:
            expected = generated.readframes(generated.getnframes())
        assert len(frames) == len(expected), f"run tools/make_sounds.py ({name} differs)"
        difference = max(
            abs(
                int.from_bytes(frames[i : i + 2], "little", signed=True)
                - int.from_bytes(expected[i : i + 2], "little", signed=True)
            )
            for i in range(0, len(frames), 2)
        )
        assert difference <= 1, f"run tools/make_sounds.py ({name} differs)"
    assert {path.stem for path in resource_path("sounds").glob("*.wav")} == set(sound.SOUNDS)


def test_qtmultimedia_is_loaded_by_the_first_sound_not_at_start_up(tmp_path: Path) -> None:
    # Offscreen, the window's own player stays silent (nobody listens: the self-test in CI
    # must load no QtNetwork, which QtMultimedia brings); a player told someone listens
    # loads QtMultimedia at its first sound, or says it can't.
    script = f"""
import json, os, sys
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtCore import QObject, QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
    QSettings.setPath(QSettings.Format.NativeFormat, scope, {str(tmp_path)!r})
from ttt_desktop.gui.shell.main_window import MainWindow
window = MainWindow()
window.show()
app.processEvents()
before = "PySide6.QtMultimedia" in sys.modules
window.controller.session.play_cell(4)
app.processEvents()
player = window.sound.player
offscreen = "PySide6.QtMultimedia" in sys.modules or player.available
from ttt_desktop.gui.game.sound import QtSoundPlayer
listened = QtSoundPlayer(window, silent=lambda: False)
listened.prepare()
listened.wait_until_ready(10)
listened.play("move", 0.1)
after = "PySide6.QtMultimedia" in sys.modules or (not listened.available and listened.problem)
window.controller.shutdown()
print(json.dumps([before, offscreen, bool(after), type(player).__name__]))
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT
    )
    before, offscreen, after, player = json.loads(result.stdout.strip().splitlines()[-1])
    assert (before, offscreen, after, player) == (False, False, True, "QtSoundPlayer")


def test_closing_lets_a_loading_under_way_finish_and_starts_no_more(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The app closes the player before Qt is torn down: a thread still inside QtMultimedia's
    # start then crashed the process now and then at Quit.
    inside = threading.Event()
    release = threading.Event()
    looked: list[str] = []

    def slow_look() -> bool:
        looked.append(threading.current_thread().name)
        inside.set()
        release.wait(10)
        return True

    monkeypatch.setattr(sound, "audio_output_present", slow_look)
    parent = QObject()
    player = sound.QtSoundPlayer(parent, silent=lambda: False)
    player.prepare()
    assert inside.wait(10)
    assert not player.close(timeout=0.05)  # still inside: not left behind silently
    threading.Timer(0.1, release.set).start()
    assert player.close(timeout=10)  # waited for it
    assert player.wait_until_ready(0)
    player.prepare()  # closed: nothing more is loaded
    assert looked == ["sound-loader"]
    later = sound.QtSoundPlayer(parent, silent=lambda: False)
    assert later.close()  # nothing under way: nothing to wait for
    later.prepare()
    assert looked == ["sound-loader"]
