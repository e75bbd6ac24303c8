"""The engine list: the Gomocup brains this program knows, kept in one JSON file.

Like Cute Chess's ``engines.json``: a list of entries, each a name, the command that runs
the brain, its working directory, protocol options and what a probe found out (the board
sizes it accepts, whether it takes rectangles and our k-in-a-row extension, its ABOUT
fields). The file lives in the user's data folder (``engines.json`` beside the game
library; ``$TTT_DESKTOP_ENGINES`` names another). It is checked when read: a file that is
not a valid engine list is moved aside (``engines.json.bad-<time>``), never overwritten,
and the message says where it went.

Nothing here imports Qt.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from ttt_desktop.brains.location import ENV_VAR, FILE_NAME, engines_path
from ttt_desktop.brains.manager import (
    BrainFailure,
    BrainProcess,
    BrainRefused,
    TimeControl,
)
from ttt_desktop.engine.rules import Rules

__all__ = [
    "ENV_VAR",
    "FILE_NAME",
    "EngineEntry",
    "EngineList",
    "EngineListError",
    "engines_path",
    "probe",
]

FORMAT_NAME: Final = "ttt-desktop-engines"
FORMAT_VERSION: Final = 1
MAX_FILE_BYTES: Final = 1_000_000
TURN_OPTION: Final = "timeout_turn"
"""The option that keeps a brain's time per move in milliseconds (the protocol's INFO key)."""
MATCH_OPTION: Final = "timeout_match"
"""The option that keeps a brain's time for all its moves of a game (0: no limit)."""
DEFAULT_TURN_MS: Final = 5000
MAX_TURN_MS: Final = 3_600_000
PROBE_SIZES: Final = (15, 20, 10, 19, 5, 8)
"""The square sizes a probe tries (Gomocup's 15 and 20 first)."""


class EngineListError(ValueError):
    """The engine file could not be read (the message says why and where it was moved)."""


@dataclass(frozen=True)
class EngineEntry:
    """One brain: its name, command, working directory, options and probed abilities."""

    name: str
    command: str
    cwd: str = ""
    protocol: str = "gomocup"
    options: dict[str, Any] = field(default_factory=dict)
    sizes: tuple[int, ...] = ()
    """The square sizes it accepted (START answered OK); empty until probed."""
    rectangles: bool | None = None
    """Whether it took RECTSTART (None: not probed)."""
    mnk: bool = False
    """Whether it understands ``INFO k`` (any k in a row), as its ABOUT said."""
    about: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise ValueError("an engine needs a name")
        if not isinstance(self.command, str) or not self.command.strip():
            raise ValueError(f"the engine {self.name!r} needs a command")
        if not isinstance(self.cwd, str):
            raise ValueError(f"the engine {self.name!r}'s working directory must be text")
        if self.protocol != "gomocup":
            raise ValueError(
                f"the engine {self.name!r} speaks {self.protocol!r}; only 'gomocup' is known"
            )
        if not isinstance(self.options, dict):
            raise ValueError(f"the engine {self.name!r}'s options must be an object")
        for key in (TURN_OPTION, MATCH_OPTION):
            value = self.options.get(key, 0)
            if type(value) is not int or not 0 <= value <= MAX_TURN_MS:
                raise ValueError(
                    f"the engine {self.name!r}'s {key} is a whole number of milliseconds "
                    f"from 0 to {MAX_TURN_MS}"
                )
        sizes = tuple(self.sizes)
        if not all(type(size) is int and 1 <= size <= 100 for size in sizes):
            raise ValueError(f"the engine {self.name!r}'s sizes must be whole numbers")
        object.__setattr__(self, "sizes", sizes)
        if self.rectangles is not None and not isinstance(self.rectangles, bool):
            raise ValueError(f"the engine {self.name!r}'s rectangles must be true or false")
        if not isinstance(self.mnk, bool):
            raise ValueError(f"the engine {self.name!r}'s mnk must be true or false")
        if not isinstance(self.about, dict) or not all(
            isinstance(key, str) and isinstance(value, str) for key, value in self.about.items()
        ):
            raise ValueError(f"the engine {self.name!r}'s about must map text to text")

    @property
    def turn_ms(self) -> int:
        """Its time per move in milliseconds in the window's games (0: none, the game's
        time only)."""
        if TURN_OPTION not in self.options:
            return DEFAULT_TURN_MS
        return int(self.options[TURN_OPTION])

    @property
    def match_ms(self) -> int:
        """Its time for all its moves of a game in milliseconds (0: no limit)."""
        return int(self.options.get(MATCH_OPTION, 0))

    def with_times(self, turn_ms: int, match_ms: int = 0) -> EngineEntry:
        """This entry with another time per move and per game (kept in its options)."""
        options = {**self.options, TURN_OPTION: turn_ms, MATCH_OPTION: match_ms}
        return replace(self, options=options)

    def time_control(self, base: TimeControl | None = None) -> TimeControl:
        """``base`` (the manager's defaults) with this brain's time per move and per game,
        when they were set (else ``base`` as it is)."""
        base = base or TimeControl()
        if TURN_OPTION not in self.options and MATCH_OPTION not in self.options:
            return base
        turn, match = self.turn_ms, self.match_ms
        if not turn and not match:
            turn = DEFAULT_TURN_MS
        return replace(base, turn_ms=turn, match_ms=match)

    def plays(self, rules: Rules) -> bool | None:
        """Whether the probe says it plays ``rules`` (None when not probed or unsure)."""
        if rules.k != 5 and not self.mnk:
            return False
        if rules.m == rules.n:
            if rules.m in self.sizes:
                return True
            return None
        return self.rectangles

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["sizes"] = list(self.sizes)
        return data

    @classmethod
    def from_json(cls, data: object) -> EngineEntry:
        if not isinstance(data, Mapping):
            raise ValueError("each engine is an object with a name and a command")
        known = {name for name in cls.__dataclass_fields__}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown engine fields: {', '.join(map(str, unknown))}")
        values = dict(data)
        if "sizes" in values and isinstance(values["sizes"], list):
            values["sizes"] = tuple(values["sizes"])
        try:
            return cls(**values)
        except TypeError as error:
            raise ValueError(f"an engine lacks a field ({error})") from None


class EngineList:
    """The engines of one file, by name; :meth:`save` writes it back (atomically)."""

    def __init__(self, path: Path, entries: Iterable[EngineEntry] = ()) -> None:
        self.path = path
        self.entries: dict[str, EngineEntry] = {}
        for entry in entries:
            self.add(entry)

    @classmethod
    def load(cls, path: Path | None = None) -> EngineList:
        """The list in ``path`` (default :func:`engines_path`); empty when there is none.

        A file that is not a valid list is moved aside and :class:`EngineListError` says
        where; the next :meth:`load` starts from an empty list.
        """
        path = engines_path() if path is None else path
        if not path.exists():
            return cls(path)
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                raise ValueError(f"it is larger than {MAX_FILE_BYTES:,} bytes")
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, Mapping) or data.get("format") != FORMAT_NAME:
                raise ValueError(f'it lacks the "format": "{FORMAT_NAME}" marker')
            if data.get("version") != FORMAT_VERSION:
                raise ValueError(f"its version is {data.get('version')!r}, not {FORMAT_VERSION}")
            engines = data.get("engines")
            if not isinstance(engines, list):
                raise ValueError('"engines" must be a list')
            return cls(path, [EngineEntry.from_json(item) for item in engines])
        except (OSError, UnicodeDecodeError, ValueError) as error:
            aside = path.with_name(f"{path.name}.bad-{time.strftime('%Y%m%d-%H%M%S')}")
            try:
                path.replace(aside)
            except OSError as move_error:
                raise EngineListError(
                    f"the engine list {path} can't be read ({error}) nor moved aside ({move_error})"
                ) from None
            raise EngineListError(
                f"the engine list {path} can't be read ({error}); it was moved to {aside} "
                "and a new, empty list starts"
            ) from None

    def add(self, entry: EngineEntry) -> None:
        """Add or replace the engine of that name."""
        self.entries[entry.name] = entry

    def remove(self, name: str) -> None:
        self.entries.pop(name, None)

    def get(self, name: str) -> EngineEntry:
        """The engine called ``name`` (any case); ``KeyError`` naming the known ones."""
        if name in self.entries:
            return self.entries[name]
        for key, entry in self.entries.items():
            if key.lower() == name.lower():
                return entry
        known = ", ".join(self.entries) or "none yet"
        raise KeyError(f"no engine called {name!r} in {self.path} (known: {known})")

    def __iter__(self) -> Any:
        return iter(self.entries.values())

    def __len__(self) -> int:
        return len(self.entries)

    def save(self) -> None:
        data = {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "engines": [entry.as_json() for entry in self.entries.values()],
        }
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_name(self.path.name + ".tmp")
        temporary.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")
        temporary.replace(self.path)


def probe(
    entry: EngineEntry,
    sizes: Iterable[int] = PROBE_SIZES,
    time_control: TimeControl | None = None,
) -> EngineEntry:
    """``entry`` with what the brain says: its ABOUT, the square sizes it accepts, whether
    it takes RECTSTART and our ``INFO k``. One process per size (brains are not obliged
    to take a second START); :class:`BrainRefused` when it can't even be started."""
    control = time_control or TimeControl(start_ms=3000, end_grace_ms=500)
    accepted: list[int] = []
    about: dict[str, str] = {}
    mnk = False
    rectangles: bool | None = None
    cwd = entry.cwd or None
    for index, size in enumerate([*sizes, 0]):
        with BrainProcess(entry.command, cwd=cwd, time_control=control) as brain:
            if index == 0:
                try:
                    about = brain.ask_about()
                except BrainFailure:
                    about = {}
                mnk = brain.knows_mnk
            try:
                _start_only(brain, *((15, 10) if size == 0 else (size, size)))
            except (BrainRefused, BrainFailure):
                if size == 0:
                    rectangles = False
                continue
            if size == 0:
                rectangles = True
            else:
                accepted.append(size)
    return replace(
        entry, sizes=tuple(sorted(accepted)), rectangles=rectangles, mnk=mnk, about=about
    )


def _start_only(brain: BrainProcess, m: int, n: int) -> None:
    # START or RECTSTART and nothing else: whether the brain takes the size.
    from ttt_desktop.brains import protocol  # noqa: PLC0415
    from ttt_desktop.brains.protocol import ReplyKind  # noqa: PLC0415

    if m == n:
        text = protocol.command_line("START", m)
    else:
        text = protocol.command_line("RECTSTART", f"{m},{n}")
    reply = brain.command(text, f"answering {text.strip()}")
    if reply.kind is not ReplyKind.OK:
        raise BrainRefused(reply.text or reply.kind.value)
