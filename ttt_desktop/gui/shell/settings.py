"""What the window remembers between runs, kept in ``QSettings``.

Organisation and application are both "TTT Desktop". Stored: the people's names,
the players last chosen for X and O, who starts, the board last chosen (its rules),
the opening rule (free, swap or swap2), the AI move delay, the sound and its volume,
and the window geometry. Values read back are checked, so a hand-edited or older
settings file falls back to the defaults instead of breaking the window.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from PySide6.QtCore import QT_TRANSLATE_NOOP, QByteArray, QCoreApplication, QSettings

from ttt_desktop.core.record import MAX_NAME_LENGTH
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules, RulesError
from ttt_desktop.core.swap import FREE_OPENING, OPENING_RULES
from ttt_desktop.gui.game.controller import DEFAULT_MOVE_DELAY_MS, START_POLICIES, Seat
from ttt_desktop.players import HUMAN_KIND

ORGANISATION: Final = "TTT Desktop"
APPLICATION: Final = "TTT Desktop"
# The two people a first start offers, named in the interface's language.
DEFAULT_PEOPLE: Final = (
    QT_TRANSLATE_NOOP("AppSettings", "Player 1"),
    QT_TRANSLATE_NOOP("AppSettings", "Player 2"),
)
# Sound: on or off, and how loud (QSoundEffect's volume, 0 to 1, per choice).
SOUND_ON_KEY: Final = "view/sound"
SOUND_VOLUME_KEY: Final = "view/sound_volume"
SOUND_VOLUMES: Final = {"quiet": 0.25, "medium": 0.5, "loud": 0.9}
DEFAULT_SOUND_VOLUME: Final = "medium"
RULES_KEY: Final = "game/rules"
NEW_GAME_OPENING_KEY: Final = "game/opening_rule"
FORBIDDEN_LOSES_KEY: Final = "game/forbidden_loses"
"""Renju: a forbidden move loses (Game > A forbidden move loses), off at first."""


@dataclass(frozen=True)
class SeatChoice:
    """A drop-down choice as stored: a person by name, or an AI by kind."""

    kind: str
    name: str

    def to_text(self) -> str:
        """``"human:Alice"`` or ``"ai:perfect"``."""
        return f"human:{self.name}" if self.kind == HUMAN_KIND else f"ai:{self.kind}"

    @classmethod
    def from_text(cls, text: object) -> SeatChoice | None:
        """Read :meth:`to_text`'s form; None for anything else."""
        if not isinstance(text, str):
            return None
        prefix, _, value = text.partition(":")
        value = value.strip()
        if not value:
            return None
        if prefix == "human":
            return cls(HUMAN_KIND, value)
        if prefix == "ai":
            return cls(value, value)
        return None

    @classmethod
    def from_seat(cls, seat: Seat) -> SeatChoice:
        """The choice that stands for ``seat``."""
        return cls(seat.kind, seat.name)


def shown_name(name: str) -> str:
    """A stored person's name as shown: one of the first start's two ("Player 1", stored
    in English) in the interface's language ("Spieler 1"), any other name as it is."""
    if name in DEFAULT_PEOPLE:
        return QCoreApplication.translate("AppSettings", name)
    return name


def stored_name(name: str) -> str:
    """A person's name as stored: the first start's two in English (see :func:`shown_name`)."""
    for default in map(str, DEFAULT_PEOPLE):
        if name == QCoreApplication.translate("AppSettings", default):
            return default
    return name


def tidy_person_name(name: str) -> str:
    """A name as shown: one line, single spaces, at most :data:`MAX_NAME_LENGTH` characters."""
    tidy = " ".join("".join(ch if ch.isprintable() else " " for ch in name).split())
    return tidy[:MAX_NAME_LENGTH].strip()


class AppSettings:
    """Typed access to the saved settings (``QSettings`` with the app's names)."""

    def __init__(self, settings: QSettings | None = None) -> None:
        self._settings = settings if settings is not None else QSettings(ORGANISATION, APPLICATION)

    @property
    def qsettings(self) -> QSettings:
        """The underlying store."""
        return self._settings

    def people(self) -> list[str]:
        """People's names, in the order they were added; the two a first start offers in
        the interface's language, whichever language they were stored in."""
        stored = self._settings.value("players/people")
        if isinstance(stored, str):
            stored = [stored]
        names: list[str] = []
        if isinstance(stored, list):
            for name in stored:
                tidy = tidy_person_name(shown_name(name)) if isinstance(name, str) else ""
                if tidy and tidy not in names:
                    names.append(tidy)
        return names or [shown_name(name) for name in map(str, DEFAULT_PEOPLE)]

    def set_people(self, names: list[str]) -> None:
        """Remember ``names`` for the drop-downs (the first start's two in English, so that
        they follow a change of language)."""
        self._settings.setValue("players/people", [stored_name(name) for name in names])

    def seat_choice(self, mark: str) -> SeatChoice | None:
        """The player last chosen for ``mark`` ("X" or "O"), if any."""
        choice = SeatChoice.from_text(self._settings.value(f"players/{mark}"))
        if choice is not None and choice.kind == HUMAN_KIND:
            return SeatChoice(HUMAN_KIND, shown_name(choice.name))
        return choice

    def set_seat_choice(self, mark: str, choice: SeatChoice) -> None:
        """Remember the player chosen for ``mark``."""
        if choice.kind == HUMAN_KIND:
            choice = SeatChoice(HUMAN_KIND, stored_name(choice.name))
        self._settings.setValue(f"players/{mark}", choice.to_text())

    def start_policy(self) -> str:
        """Who starts: ``"x"``, ``"o"``, ``"alternate"`` or ``"random"``."""
        policy = self._settings.value("game/start_policy")
        return policy if policy in START_POLICIES else "alternate"

    def set_start_policy(self, policy: str) -> None:
        """Remember who starts."""
        self._settings.setValue("game/start_policy", policy)

    def rules(self) -> Rules:
        """The board last chosen; tic-tac-toe for a new user (or a value that is no rules)."""
        stored = self._settings.value(RULES_KEY)
        if not isinstance(stored, str):
            return TIC_TAC_TOE
        try:
            return Rules.parse(stored)
        except RulesError:
            return TIC_TAC_TOE

    def set_rules(self, rules: Rules) -> None:
        """Remember the board chosen (stored as its key, "15,15,5")."""
        self._settings.setValue(RULES_KEY, rules.key)

    def opening_rule(self) -> str:
        """The opening rule last chosen (:data:`~ttt_desktop.core.swap.OPENING_RULES`); the
        free opening for a new user, or for a value that is none of them."""
        stored = self._settings.value(NEW_GAME_OPENING_KEY)
        return stored if stored in OPENING_RULES else FREE_OPENING

    def set_opening_rule(self, rule: str) -> None:
        """Remember the opening rule chosen."""
        self._settings.setValue(NEW_GAME_OPENING_KEY, rule)

    def move_delay_ms(self) -> int:
        """The AI's minimum visible move delay in ms."""
        stored = self._settings.value("game/ai_move_delay_ms")
        try:
            delay = int(str(stored))
        except ValueError:
            return DEFAULT_MOVE_DELAY_MS
        return delay if 0 <= delay <= 10_000 else DEFAULT_MOVE_DELAY_MS

    def set_move_delay_ms(self, delay: int) -> None:
        """Remember the AI's minimum visible move delay."""
        self._settings.setValue("game/ai_move_delay_ms", delay)

    def sound_on(self) -> bool:
        """Whether the game makes sounds (on unless turned off)."""
        stored = self._settings.value(SOUND_ON_KEY, True)
        # QSettings' INI files hand booleans back as strings.
        return stored not in (False, "false")

    def set_sound_on(self, on: bool) -> None:
        """Remember whether the game makes sounds."""
        self._settings.setValue(SOUND_ON_KEY, bool(on))

    def sound_volume(self) -> str:
        """How loud: a key of :data:`SOUND_VOLUMES` (medium unless chosen)."""
        stored = self._settings.value(SOUND_VOLUME_KEY)
        return stored if stored in SOUND_VOLUMES else DEFAULT_SOUND_VOLUME

    def set_sound_volume(self, key: str) -> None:
        """Remember how loud; anything but a key of :data:`SOUND_VOLUMES` is refused."""
        if key not in SOUND_VOLUMES:
            raise ValueError(f"sound volume is one of {', '.join(SOUND_VOLUMES)}, not {key!r}")
        self._settings.setValue(SOUND_VOLUME_KEY, key)

    def geometry(self) -> QByteArray | None:
        """The saved window geometry (``QWidget.saveGeometry``), if any."""
        stored = self._settings.value("window/geometry")
        return stored if isinstance(stored, QByteArray) and not stored.isEmpty() else None

    def set_geometry(self, geometry: QByteArray) -> None:
        """Remember the window geometry."""
        self._settings.setValue("window/geometry", geometry)

    def sync(self) -> None:
        """Write everything to disk now."""
        self._settings.sync()
