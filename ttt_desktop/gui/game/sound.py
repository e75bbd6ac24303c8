"""Sound: a click for each move, and a tune for a win, a loss or a draw.

:class:`SoundFeatures` listens to the controller: ``move_played`` gives the move's
click, and the ``game_finished`` that follows a move gives the end's tune, told from
the person's side (:func:`end_sound`): against a computer, "win" when the person won
and "loss" when the computer did; between two people or two computers, "win" for
whoever won. A game that arrives finished (opened from a file, a redo) makes no sound.

The View menu has *Sound* (on or off) and *Sound volume* (quiet, medium, loud), both
remembered. Nothing sounds while the desktop asks for no event sounds
(:func:`system_wants_no_sounds`, GNOME's ``event-sounds``), as the winning line stops
moving when it asks for no animations.

The sounds are WAV files of ``resources/sounds/``, written by ``tools/make_sounds.py``.
They play through a *player*: by default :class:`QtSoundPlayer`, which imports
QtMultimedia's ``QSoundEffect`` on the first sound (never before the first paint) and
plays nothing on the offscreen platform; tests give a player that only records what it
is asked to play.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any, Final, Protocol

from PySide6.QtCore import QLoggingCategory, QObject, QTimer, QUrl
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication
from PySide6.QtWidgets import QMainWindow, QMenu

from ttt_desktop.core import Mark
from ttt_desktop.core.record import GameRecord
from ttt_desktop.gui.common.motion import gnome_setting_is_false
from ttt_desktop.gui.shell.settings import DEFAULT_SOUND_VOLUME, SOUND_VOLUMES, AppSettings
from ttt_desktop.players import HUMAN_KIND
from ttt_desktop.resource_paths import resource_path

MOVE: Final = "move"
WIN: Final = "win"
LOSS: Final = "loss"
DRAW: Final = "draw"
SOUNDS: Final = (MOVE, WIN, LOSS, DRAW)
# How long the board must be still before QtMultimedia is loaded (in the background).
PREPARE_WHEN_STILL_MS: Final = 300
# How long the app, quitting, lets QtMultimedia's loading finish (it takes 25-100 ms).
SHUTDOWN_WAIT_S: Final = 3.0


class SoundPlayer(Protocol):
    """What plays the sounds: ``play("win", 0.5)`` plays ``win.wav`` at half volume."""

    def play(self, name: str, volume: float) -> None:
        """Play the sound ``name`` (one of :data:`SOUNDS`) at ``volume`` (0 to 1)."""

    @property
    def available(self) -> bool:
        """False when this system cannot play sounds (then :meth:`play` does nothing)."""


def _nobody_listens() -> bool:
    # The offscreen platform has no one in front of it (the tests, the self-test in CI):
    # no sound, and QtMultimedia (which brings QtNetwork along) stays unloaded.
    return QGuiApplication.platformName() == "offscreen"


class QtSoundPlayer:
    """Plays through ``QSoundEffect``, one per sound.

    QtMultimedia's import and the look for an audio output (about 25 ms, most of it
    connecting to the sound server) happen in a thread of their own, started by
    :meth:`prepare`, which the window calls once nothing has moved for a moment; sounds
    asked for before that are skipped, never waited for. The import holds Python's lock
    for about 10 ms, so it is kept out of a fast match: the window never stalls on it
    while the board moves.
    With no audio output (a virtual display, a headless session) nothing plays and Qt is
    not asked to, so it has nothing to warn about. Silent on the offscreen platform;
    ``silent`` tells when to be (tests pass their own).
    """

    def __init__(self, parent: QObject, silent: Callable[[], bool] = _nobody_listens) -> None:
        self._parent = parent
        self._effects: dict[str, Any] | None = None
        self._available = True
        self._silent = silent
        self._ready = threading.Event()
        self._loader: threading.Thread | None = None
        self._closed = False
        self.problem = ""

    @property
    def available(self) -> bool:
        return self._available and not self._silent()

    def prepare(self) -> None:
        """Load QtMultimedia and look for an audio output, in the background, once."""
        if self._loader is None and self.available and not self._closed:
            self._loader = threading.Thread(target=self._load, name="sound-loader", daemon=True)
            self._loader.start()

    def close(self, timeout: float = SHUTDOWN_WAIT_S) -> bool:
        """Start no loading any more, and let a loading under way finish (at most
        ``timeout`` s): the app calls it once its window has closed, before Qt is torn
        down. A Quit while the thread was inside QtMultimedia's start ended the process
        with a crash now and then (5 of 30 quits under Xvfb, the sound server looked for
        just then). True when no loading is left running."""
        self._closed = True
        loader = self._loader
        if loader is None or not loader.is_alive():
            return True
        loader.join(timeout)
        return not loader.is_alive()

    def wait_until_ready(self, timeout: float) -> bool:
        """Wait for :meth:`prepare`'s work (for tests and scripts; the window never waits)."""
        return self._ready.wait(timeout)

    def _load(self) -> None:
        try:
            # QtMultimedia loads the audio libraries: only when sound is wanted.
            if not audio_output_present():
                self._available = False
                self.problem = "no audio output device"
        except ImportError as error:  # no audio library (libpulse) on this system
            self._available = False
            self.problem = str(error)
        finally:
            self._ready.set()

    def _made_effects(self) -> dict[str, Any]:
        return sound_effects(self._parent)

    def play(self, name: str, volume: float) -> None:
        if not self.available:
            return
        if not self._ready.is_set():
            return  # not prepared yet (the window prepares when it is idle): skipped
        if not self._available:
            return
        if self._effects is None:
            self._effects = self._made_effects()
        effect = self._effects.get(name)
        if effect is not None:
            effect.setVolume(volume)
            effect.play()


def _multimedia() -> Any:
    """QtMultimedia, imported without its warnings about optional libraries it looks for
    (PipeWire's, VA-API's): their absence is normal, and the sounds need none of them."""
    QLoggingCategory.setFilterRules("qt.multimedia.symbolsresolver.warning=false")
    from PySide6 import QtMultimedia  # noqa: PLC0415  (only when sound is wanted)

    return QtMultimedia


def audio_output_present() -> bool:
    """Whether the system has an audio output (imports QtMultimedia; ImportError without it)."""
    return not _multimedia().QMediaDevices.defaultAudioOutput().isNull()


def sound_effects(parent: QObject | None) -> dict[str, Any]:
    """A ``QSoundEffect`` for each of :data:`SOUNDS`, given its WAV file (loading starts).

    QSoundEffect reads WAV itself and plays through the system's audio (PulseAudio on
    Linux) from QtMultimedia's own library: no media backend (FFmpeg) is needed, and
    the packaged app ships none.
    """
    effects: dict[str, Any] = {}
    for name in SOUNDS:
        effect = _multimedia().QSoundEffect(parent)
        effect.setSource(QUrl.fromLocalFile(str(resource_path(f"sounds/{name}.wav"))))
        effects[name] = effect
    return effects


def sound_statuses(effects: dict[str, Any]) -> dict[str, str]:
    """Each effect's status by sound: "Ready" once loaded, "Loading", "Error" or "Null"."""
    return {name: effect.status().name for name, effect in effects.items()}


# How the window makes its player; the tests put a recording player here.
make_player: Callable[[QObject], SoundPlayer] = QtSoundPlayer


def end_sound(record: GameRecord) -> str | None:
    """The sound of a finished game, from the person's side; None while it runs."""
    result = record.result
    if result is None:
        return None
    if result == "draw":
        return DRAW
    winner = Mark(result)
    people = [mark for mark in (Mark.X, Mark.O) if record.player(mark).kind == HUMAN_KIND]
    if len(people) == 1:
        return WIN if people[0] is winner else LOSS
    return WIN


def _gnome_event_sounds_off() -> bool:
    return gnome_setting_is_false("org.gnome.desktop.sound", "event-sounds")


@functools.cache
def system_wants_no_sounds() -> bool:
    """True when the desktop has been asked for no event sounds (read once, at the first sound)."""
    return _gnome_event_sounds_off()


class SoundFeatures(QObject):
    """The sounds of the game, and their View menu entries."""

    def __init__(
        self,
        window: QMainWindow,
        *,
        controller: Any,
        view_menu: QMenu,
        settings: AppSettings,
        player: SoundPlayer | None = None,
        system_silent: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__(window)
        self._settings = settings
        self.player: SoundPlayer = make_player(self) if player is None else player
        self._system_silent = system_silent
        self._last_moved: GameRecord | None = None

        self.sound_action = QAction(self.tr("&Sound"), window)
        self.sound_action.setObjectName("sound")
        self.sound_action.setCheckable(True)
        self.sound_action.setChecked(settings.sound_on())
        self.sound_action.setToolTip(self.tr("A sound for each move and for the end of a game"))
        self.sound_action.toggled.connect(settings.set_sound_on)
        self.volume_menu = QMenu(self.tr("Sound &volume"), window)
        self.volume_menu.setObjectName("sound-volume")
        self.volume_group = QActionGroup(self)
        self.volume_actions: dict[str, QAction] = {}
        names = {
            "quiet": self.tr("&Quiet"),
            "medium": self.tr("&Medium"),
            "loud": self.tr("&Loud"),
        }
        chosen = settings.sound_volume()
        for key in SOUND_VOLUMES:
            action = QAction(names[key], self.volume_menu)
            action.setObjectName(f"sound-volume-{key}")
            action.setCheckable(True)
            action.setChecked(key == chosen)
            action.setData(key)
            action.triggered.connect(lambda _checked=False, key=key: self.set_volume(key))
            self.volume_group.addAction(action)
            self.volume_menu.addAction(action)
            self.volume_actions[key] = action
        self.sound_action.toggled.connect(self.volume_menu.setEnabled)
        self.volume_menu.setEnabled(self.sound_action.isChecked())
        view_menu.addAction(self.sound_action)
        view_menu.addMenu(self.volume_menu)

        controller.move_played.connect(self._on_move_played)
        controller.game_finished.connect(self._on_game_finished)
        # QtMultimedia is loaded once the board has been still for a moment (after the
        # first paint, between moves), never in the middle of a fast match.
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.setInterval(PREPARE_WHEN_STILL_MS)
        self._idle.timeout.connect(self._prepare)
        self._idle.start()
        self.sound_action.toggled.connect(self._idle.start)

    def close(self) -> None:
        """No more sounds: the player's loading, if under way, is let finish (the app
        calls this when its window has closed, before Qt is torn down)."""
        self._idle.stop()
        close = getattr(self.player, "close", None)
        if close is not None:
            close()

    def _prepare(self) -> None:
        prepare = getattr(self.player, "prepare", None)
        if prepare is not None and self.is_on():
            prepare()

    @property
    def volume(self) -> float:
        """The volume the sounds play at, 0 to 1."""
        return SOUND_VOLUMES.get(self._settings.sound_volume(), SOUND_VOLUMES[DEFAULT_SOUND_VOLUME])

    def set_volume(self, key: str) -> None:
        """Choose one of :data:`~ttt_desktop.gui.shell.settings.SOUND_VOLUMES` and remember it."""
        self._settings.set_sound_volume(key)
        self.volume_actions[self._settings.sound_volume()].setChecked(True)

    def is_on(self) -> bool:
        """True when a sound would play now: the setting is on and the desktop allows sounds."""
        if not self.sound_action.isChecked():
            return False
        system_silent = self._system_silent or system_wants_no_sounds
        return not system_silent()

    def play(self, name: str) -> None:
        """Play ``name`` if sound is on."""
        if self.is_on() and self.player.available:
            self.player.play(name, self.volume)

    def _on_move_played(self, record: GameRecord) -> None:
        self._last_moved = record
        if self._idle.isActive():
            self._idle.start()  # still moving: wait for a still moment
        if not record.is_finished:
            self.play(MOVE)

    def _on_game_finished(self, record: GameRecord) -> None:
        # Only the end a move made: not a finished game opened, nor a redo.
        if record is not self._last_moved:
            return
        self._last_moved = None
        sound = end_sound(record)
        if sound is not None:
            self.play(sound)
