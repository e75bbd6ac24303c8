"""The engine list: the Gomocup brains this program knows, kept in one JSON file.

Like Cute Chess's ``engines.json``: a list of entries, each a name, the command that runs
the brain, its working directory, its own settings (time per move and per game, the
margin its answers are allowed, the memory it is told it may use, more INFO lines) and
what a probe found out (the board sizes it accepts, whether it takes rectangles and our
k-in-a-row extension, the Gomocup rules it plays, whether it plays the swap openings, its
ABOUT fields). The file lives in
the user's data folder (``engines.json`` beside the game library;
``$TTT_DESKTOP_ENGINES`` names another).

It is read as every file a person gives the program is
(:func:`~ttt_desktop.formats.files.read_user_json`): a named pipe, a device, a folder, a
link to one, a file too large or JSON nested too deeply is refused before anything can
hang or grow, and a file that is not a valid engine list is moved aside
(``engines.json.bad-<time>``), never overwritten: :class:`EngineListError` says why and
where it went, for the window or the command line to show.

:func:`probe` asks a brain what it plays, and refuses a program that is not a brain (one
that echoes its commands, crashes at once or never answers).

Nothing here imports Qt.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from ttt_desktop.brains.location import ENGINES_ENV_VAR, ENGINES_FILE_NAME, engines_path
from ttt_desktop.brains.manager import (
    DEFAULT_CLOCK,
    DEFAULT_MEMORY,
    BrainFailure,
    BrainProcess,
    BrainRefused,
    BrainSettings,
    brain_clock,
)
from ttt_desktop.brains.player import brain_kind
from ttt_desktop.brains.protocol import (
    RULE_CARO,
    RULE_EXACT,
    RULE_FREE_STYLE,
    RULE_NAMES,
    RULE_RENJU,
    ReplyKind,
    cell_of,
    command_line,
    parse_swap2_reply,
    start_line,
    swap2board_lines,
)
from ttt_desktop.core.clock import TimeControl
from ttt_desktop.core.rules import Rules
from ttt_desktop.core.swap import FREE_OPENING, OPENING_STONES, check_opening_rule
from ttt_desktop.formats.files import MAX_FILE_BYTES, FileKind, UserFileError, read_user_json

__all__ = [
    "ENGINES_ENV_VAR",
    "ENGINES_FILE_NAME",
    "EngineEntry",
    "EngineList",
    "EngineListError",
    "brain_folder",
    "brain_plays_swap",
    "engines_path",
    "probe",
]

ENGINES_FORMAT_NAME: Final = "ttt-desktop-engines"
ENGINES_FORMAT_VERSION: Final = 2
"""Version 2 keeps each brain's settings in fields of their own; version 1 (times in an
``options`` object) is read too."""
ENGINE_LIST: Final = FileKind("engine list", MAX_FILE_BYTES)
_TURN_MS: Final = round(DEFAULT_CLOCK.turn_ms or 5000)
_MARGIN_MS: Final = round(DEFAULT_CLOCK.margin_ms)
DEFAULT_MEMORY_MB: Final = DEFAULT_MEMORY // (1024 * 1024)
MAX_TURN_MS: Final = 3_600_000
MAX_MEMORY_MB: Final = 1_048_576
MIN_PROBE_SIZE: Final = 5
MAX_PROBE_SIZE: Final = 22
PROBE_SIZES: Final = tuple(range(MIN_PROBE_SIZE, MAX_PROBE_SIZE + 1))
"""The square sizes a probe tries: every size from 5 to 22 (the largest real brains play)."""
PROBE_RECTANGLE: Final = (15, 10)
PROBE_RULES: Final = (RULE_EXACT, RULE_RENJU, RULE_CARO)
"""The ``INFO rule`` values a probe asks about, after free-style (0): exactly five, renju,
caro."""
RULE_PROBE_SIZE: Final = 15
"""The board a rule is asked about on (the largest size it accepted when not 15)."""
RULE_PROBE_TURN_MS: Final = 200
"""The ``INFO timeout_turn`` of the probe's one move a rule."""
RULE_PROBE_WAIT_MS: Final = 5000
"""How much longer than its start time a brain may take for that move (a real brain sets
up its tables at its first search: 0.7 to 3.2 s measured)."""
_V1_TIMES: Final = {"timeout_turn": "turn_ms", "timeout_match": "match_ms"}
_V1_PROBE_SIZES: Final = (5, 8, 10, 15, 19, 20)
"""The sizes the probes of version 1's lists asked about."""


class EngineListError(ValueError):
    """The engine file could not be read (the message says why and where it was moved)."""


def _whole(name: str, key: str, value: object, top: int) -> int:
    if type(value) is not int or not 0 <= value <= top:
        raise ValueError(f"the engine {name!r}'s {key} is a whole number from 0 to {top:,}")
    return value


@dataclass(frozen=True)
class EngineEntry:
    """One brain: its name, command, working directory, settings and probed abilities.

    ``turn_ms``: its time per move (0: none, the game's time only); ``match_ms``: its
    time for all its moves of a game (0: no limit); ``margin_ms``: how much later than
    that its answer is still taken; ``memory_mb``: what ``INFO max_memory`` tells it (in
    MiB), its address-space limit too with ``enforce_memory``; ``infos``: more INFO lines
    (key to value), sent after the others.
    """

    name: str
    command: str
    cwd: str = ""
    protocol: str = "gomocup"
    turn_ms: int = _TURN_MS
    match_ms: int = 0
    margin_ms: int = _MARGIN_MS
    memory_mb: int = DEFAULT_MEMORY_MB
    enforce_memory: bool = False
    infos: dict[str, str] = field(default_factory=dict)
    sizes: tuple[int, ...] = ()
    """The square sizes it accepted (START answered OK); empty until probed."""
    probed: tuple[int, ...] = ()
    """The square sizes the probe asked about (accepted or not)."""
    rectangles: bool | None = None
    """Whether it took RECTSTART (None: not probed)."""
    mnk: bool = False
    """Whether it understands ``INFO k`` (any k in a row), as its ABOUT said."""
    about: dict[str, str] = field(default_factory=dict)
    rules: tuple[int, ...] | None = None
    """The ``INFO rule`` values (0 free-style, 1 exactly five, 4 renju, 8 caro) it played a
    move under when probed; None: not asked (free-style and exactly five are taken as
    played, renju and caro as unknown)."""
    refusals: dict[str, str] = field(default_factory=dict)
    """What it answered to each ``INFO rule`` value it did not play a move under
    (``"4": "ERROR renju is not supported"``)."""
    swap2: bool | None = None
    """Whether it answered an empty ``SWAP2BOARD`` (on 15x15, or the board its rules were
    asked on) with three legal stones when probed, so plays swap and swap2 (None: not
    asked)."""
    swap2_refusal: str = ""
    """What it answered to that ``SWAP2BOARD`` instead (``ERROR Unknown command``)."""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise ValueError("an engine needs a name")
        name = self.name
        if not isinstance(self.command, str) or not self.command.strip():
            raise ValueError(f"the engine {name!r} needs a command")
        if not isinstance(self.cwd, str):
            raise ValueError(f"the engine {name!r}'s working directory must be text")
        if self.protocol != "gomocup":
            raise ValueError(
                f"the engine {name!r} speaks {self.protocol!r}; only 'gomocup' is known"
            )
        _whole(name, "turn_ms", self.turn_ms, MAX_TURN_MS)
        _whole(name, "match_ms", self.match_ms, MAX_TURN_MS)
        _whole(name, "margin_ms", self.margin_ms, MAX_TURN_MS)
        _whole(name, "memory_mb", self.memory_mb, MAX_MEMORY_MB)
        if not self.turn_ms and not self.match_ms:
            raise ValueError(f"the engine {name!r} needs a time per move or a time per game")
        if not isinstance(self.enforce_memory, bool):
            raise ValueError(f"the engine {name!r}'s enforce_memory must be true or false")
        if not isinstance(self.infos, dict) or not all(
            isinstance(key, str)
            and key.strip()
            and not any(c.isspace() for c in key)
            and isinstance(value, str)
            and "\r" not in value
            and "\n" not in value
            for key, value in self.infos.items()
        ):
            raise ValueError(f"the engine {name!r}'s infos map one-word keys to one-line text")
        for key in ("sizes", "probed"):
            sizes = tuple(getattr(self, key))
            if not all(type(size) is int and 1 <= size <= 100 for size in sizes):
                raise ValueError(f"the engine {name!r}'s {key} must be whole numbers")
            object.__setattr__(self, key, sizes)
        if self.rectangles is not None and not isinstance(self.rectangles, bool):
            raise ValueError(f"the engine {name!r}'s rectangles must be true or false")
        if not isinstance(self.mnk, bool):
            raise ValueError(f"the engine {name!r}'s mnk must be true or false")
        if not isinstance(self.about, dict) or not all(
            isinstance(key, str) and isinstance(value, str) for key, value in self.about.items()
        ):
            raise ValueError(f"the engine {name!r}'s about must map text to text")
        if self.rules is not None:
            rules = tuple(self.rules)
            if not all(type(rule) is int and 0 <= rule <= 15 for rule in rules):
                raise ValueError(f"the engine {name!r}'s rules must be INFO rule values 0 to 15")
            object.__setattr__(self, "rules", rules)
        if not isinstance(self.refusals, dict) or not all(
            isinstance(key, str) and isinstance(value, str) for key, value in self.refusals.items()
        ):
            raise ValueError(f"the engine {name!r}'s refusals must map text to text")
        if self.swap2 is not None and not isinstance(self.swap2, bool):
            raise ValueError(f"the engine {name!r}'s swap2 must be true or false")
        if not isinstance(self.swap2_refusal, str):
            raise ValueError(f"the engine {name!r}'s swap2_refusal must be text")

    @property
    def clock(self) -> TimeControl:
        """Its time control: per move and per game as set, with its margin."""
        return TimeControl(
            turn_ms=self.turn_ms or None,
            game_ms=self.match_ms or None,
            margin_ms=self.margin_ms,
        )

    def settings(self, clock: TimeControl | None = None, folder: str = "") -> BrainSettings:
        """How to run it: its own clock (or ``clock``, a match's or a tournament's, with the
        larger of the two margins), its memory, its INFO lines, ``folder`` for its
        persistent files."""
        return BrainSettings(
            clock=self.clock if clock is None else brain_clock(clock, self.margin_ms),
            max_memory=self.memory_mb * 1024 * 1024,
            enforce_memory=self.enforce_memory,
            folder=folder,
            infos=tuple(self.infos.items()),
        )

    def with_times(self, turn_ms: int, match_ms: int = 0) -> EngineEntry:
        """This entry with another time per move and per game."""
        return replace(self, turn_ms=turn_ms, match_ms=match_ms)

    def plays(self, rules: Rules) -> bool | None:
        """Whether the probe says it plays ``rules``, board and rule (None when not probed
        or unsure)."""
        board = self.plays_board(rules)
        rule = self.plays_rule(rules)
        if board is False or rule is False:
            return False
        if board is None or rule is None:
            return None
        return True

    def plays_board(self, rules: Rules) -> bool | None:
        """Whether the probe says it plays the board of ``rules`` (its size and k)."""
        if rules.k != 5 and not self.mnk:
            return False
        if rules.m == rules.n:
            if rules.m in self.sizes:
                return True
            if rules.m in self.probed:
                return False
            return None
        return self.rectangles

    def plays_rule(self, rules: Rules) -> bool | None:
        """Whether the probe says it plays the ``INFO rule`` of ``rules``: free-style
        always; exactly five unless it refused it; renju and caro only once it played a
        move under them (None: not asked)."""
        rule = rules.gomocup_rule
        if rule == RULE_FREE_STYLE:
            return True
        if self.rules is not None:
            return rule in self.rules
        if str(rule) in self.refusals:
            return False
        return True if rule == RULE_EXACT else None

    def rule_refusal(self, rules: Rules) -> str | None:
        """Why it is not seated under the rule of ``rules``, in English (the command
        line's words); None when it plays that rule."""
        if self.plays_rule(rules):
            return None
        rule = rules.gomocup_rule
        words = RULE_NAMES.get(rule, f"rule {rule}")
        answer = self.refusals.get(str(rule))
        if answer is None:
            return (
                f"{self.name} was not asked whether it plays {words}: probe it "
                f"(ttt-arena engines probe {self.name!r})"
            )
        return (
            f"{self.name} does not play {words}: it answered {answer} to INFO rule {rule} "
            "when probed"
        )

    def plays_opening(self, opening_rule: str) -> bool | None:
        """Whether the probe says it plays the opening rule ``opening_rule`` (free, swap,
        swap2): the free opening always; swap and swap2 once it answered ``SWAP2BOARD``
        (None: not asked)."""
        if _opening_name(opening_rule) == FREE_OPENING:
            return True
        return self.swap2

    def opening_refusal(self, opening_rule: str) -> str | None:
        """Why it is not seated under ``opening_rule``, in English (the command line's
        words); None when it plays it."""
        if self.plays_opening(opening_rule):
            return None
        name = _opening_name(opening_rule)
        if self.swap2 is None:
            return (
                f"{self.name} was not asked whether it plays {name} (SWAP2BOARD): probe it "
                f"(ttt-arena engines probe {self.name!r})"
            )
        answer = self.swap2_refusal or "no three stones"
        return f"{self.name} does not play {name}: it answered {answer} to SWAP2BOARD when probed"

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        if self.swap2 is None:
            del data["swap2"]
        if not self.swap2_refusal:
            del data["swap2_refusal"]
        data["sizes"] = list(self.sizes)
        data["probed"] = list(self.probed)
        if self.rules is None:
            del data["rules"]
        else:
            data["rules"] = list(self.rules)
        if not self.refusals:
            del data["refusals"]
        return data

    @classmethod
    def from_json(cls, data: object, version: int = ENGINES_FORMAT_VERSION) -> EngineEntry:
        if not isinstance(data, Mapping):
            raise ValueError("each engine is an object with a name and a command")
        values = dict(data)
        if version == 1:
            options = values.pop("options", {})
            if not isinstance(options, Mapping):
                raise ValueError("an engine's options must be an object")
            infos = {}
            for key, value in options.items():
                if key in _V1_TIMES:
                    values[_V1_TIMES[key]] = value
                else:
                    infos[str(key)] = str(value)
            values["infos"] = infos
            if not values.get("turn_ms") and not values.get("match_ms"):
                values["turn_ms"] = _TURN_MS
            if values.get("sizes"):
                values["probed"] = _V1_PROBE_SIZES
        known = {name for name in cls.__dataclass_fields__}
        unknown = sorted(set(values) - known)
        if unknown:
            raise ValueError(f"unknown engine fields: {', '.join(map(str, unknown))}")
        for key in ("sizes", "probed", "rules"):
            if isinstance(values.get(key), list):
                values[key] = tuple(values[key])
        try:
            return cls(**values)
        except TypeError as error:
            raise ValueError(f"an engine lacks a field ({error})") from None


def _opening_name(opening_rule: str) -> str:
    """The canonical name of ``opening_rule`` (:class:`~ttt_desktop.core.swap.SwapError`
    for a name that is none), whatever the board."""
    return check_opening_rule(Rules(15, 15, 5), opening_rule)


def brain_plays_swap(entry: EngineEntry) -> bool:
    """Whether the brain of ``entry`` plays the swap openings (swap and swap2): its probe
    found it answering an empty ``SWAP2BOARD`` with three legal stones. False when it did
    not, or was not asked (:meth:`EngineEntry.opening_refusal` says which, in words)."""
    return entry.swap2 is True


def brain_folder(engines_file: Path, name: str) -> str:
    """The folder for the persistent files of the brain called ``name`` (``INFO folder``):
    one a brain, beside the engine list (made when first asked for; empty when it can't
    be made)."""
    folder = engines_file.parent / "brain-folders" / brain_kind(name).removeprefix("brain.")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return ""
    return str(folder)


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
        why and where; the next :meth:`load` starts from an empty list.
        """
        path = engines_path() if path is None else path
        if not path.exists() and not path.is_symlink():
            return cls(path)
        try:
            data = read_user_json(path, ENGINE_LIST)
            if not isinstance(data, Mapping) or data.get("format") != ENGINES_FORMAT_NAME:
                raise ValueError(f'it lacks the "format": "{ENGINES_FORMAT_NAME}" marker')
            version = data.get("version")
            if version not in (1, ENGINES_FORMAT_VERSION):
                raise ValueError(f"its version is {version!r}, not 1 or {ENGINES_FORMAT_VERSION}")
            engines = data.get("engines")
            if not isinstance(engines, list):
                raise ValueError('"engines" must be a list')
            return cls(path, [EngineEntry.from_json(item, version) for item in engines])
        except (UserFileError, ValueError) as error:
            reason = str(error)
            # The reader's message starts with the file's name; the message names the path.
            reason = reason.removeprefix(f"{path.name}: ").removeprefix(f"{path.name} ")
            aside = path.with_name(f"{path.name}.bad-{time.strftime('%Y%m%d-%H%M%S')}")
            try:
                path.replace(aside)
            except OSError as move_error:
                raise EngineListError(
                    f"the engine list {path} can't be read ({reason}) nor moved aside "
                    f"({move_error.strerror or move_error})"
                ) from None
            raise EngineListError(
                f"the engine list {path} can't be read ({reason}); it was moved to {aside} "
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

    def __iter__(self) -> Iterator[EngineEntry]:
        return iter(self.entries.values())

    def __len__(self) -> int:
        return len(self.entries)

    def save(self) -> None:
        import json  # noqa: PLC0415  (saving is rare; reading is the window's start)

        data = {
            "format": ENGINES_FORMAT_NAME,
            "version": ENGINES_FORMAT_VERSION,
            "engines": [entry.as_json() for entry in self.entries.values()],
        }
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_name(self.path.name + ".tmp")
        temporary.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")
        temporary.replace(self.path)


class _Prober:
    """One brain process at a time for a probe: a fresh one whenever the last has ended."""

    def __init__(self, entry: EngineEntry, settings: BrainSettings) -> None:
        self.entry = entry
        self.settings = settings
        self.brain: BrainProcess | None = None
        self.answered = False
        """Whether the brain has answered anything a brain would (not an echo)."""

    def process(self) -> BrainProcess:
        brain = self.brain
        if brain is None or not brain.alive:
            if brain is not None:
                brain.close()
            brain = self.brain = BrainProcess(
                self.entry.command, cwd=self.entry.cwd or None, settings=self.settings
            )
        return brain

    def close(self) -> None:
        if self.brain is not None:
            self.brain.close()
            self.brain = None

    def start(self, m: int, n: int) -> bool:
        """Whether the brain takes an ``m`` x ``n`` board (a fresh process if the last one
        died on the question; :class:`BrainRefused` when this is plainly not a brain)."""
        text = start_line(m, n)
        for attempt in range(2):
            brain = self.process()
            try:
                reply = brain.command(text, f"answering {text.strip()}")
            except BrainFailure as failure:
                if not self.answered:
                    raise BrainRefused(f"it is not a Gomocup brain: {failure.reason}") from None
                self.close()
                if attempt:
                    return False
                continue
            if reply.kind in (ReplyKind.OK, ReplyKind.ERROR):
                self.answered = True
                return reply.kind is ReplyKind.OK
            if not self.answered:
                raise BrainRefused(
                    f"it is not a Gomocup brain: it answered {reply.text[:60]!r} to "
                    f"{text.strip()}, where a brain answers OK or ERROR"
                )
            return False
        return False

    def rule_answer(self, size: int, rule: int) -> str | None:
        """None when the brain plays a move on a ``size`` board after ``INFO rule rule``;
        else what it answered instead (``ERROR ...``, ``UNKNOWN ...``, why it failed),
        its process then ended (what it prints next is not the next question's answer)."""
        if not self.start(size, size):
            return f"ERROR to START {size}"
        text = "".join(
            [
                command_line("INFO", "timeout_turn", RULE_PROBE_TURN_MS),
                command_line("INFO", "timeout_match", 0),
                command_line("INFO", "rule", rule),
                command_line("BEGIN"),
            ]
        )
        what = f"answering BEGIN after INFO rule {rule}"
        try:
            reply = self.process().command(text, what, self.settings.start_ms + RULE_PROBE_WAIT_MS)
        except BrainFailure as failure:
            self.close()
            return failure.reason
        if reply.kind is ReplyKind.MOVE:
            return None
        self.close()
        return " ".join([reply.kind.value.upper(), reply.text]).strip()[:120]

    def swap2_answer(self, size: int) -> str | None:
        """None when the brain answers an empty ``SWAP2BOARD`` on a ``size`` board with three
        legal stones (on the board, distinct); else what it answered instead, its process
        then ended."""
        if not self.start(size, size):
            return f"ERROR to START {size}"
        text = "".join(
            [
                command_line("INFO", "timeout_turn", RULE_PROBE_TURN_MS),
                command_line("INFO", "timeout_match", 0),
                command_line("INFO", "rule", RULE_FREE_STYLE),
                swap2board_lines(()),
            ]
        )
        what = "answering SWAP2BOARD"
        try:
            reply = self.process().command(text, what, self.settings.start_ms + RULE_PROBE_WAIT_MS)
        except BrainFailure as failure:
            self.close()
            return failure.reason
        said = " ".join([reply.kind.value.upper(), reply.text]).strip()
        if reply.kind in (ReplyKind.MOVE, ReplyKind.OTHER):
            said = reply.text
            answer = parse_swap2_reply(reply.text)
            if answer is not None and len(answer.moves) == OPENING_STONES:
                cells = {
                    cell_of(x, y, size) for x, y in answer.moves if 0 <= x < size and 0 <= y < size
                }
                if len(cells) == OPENING_STONES:
                    return None
        self.close()
        return said[:120]

    def rules(self, size: int) -> tuple[tuple[int, ...] | None, dict[str, str]]:
        """The ``INFO rule`` values it plays a move under on a ``size`` board, and what it
        answered to the others; (None, {}) when it does not play even free-style so (its
        answers then say nothing about the rules)."""
        if self.rule_answer(size, RULE_FREE_STYLE) is not None:
            return None, {}
        played = [RULE_FREE_STYLE]
        refusals: dict[str, str] = {}
        for rule in PROBE_RULES:
            answer = self.rule_answer(size, rule)
            if answer is None:
                played.append(rule)
            else:
                refusals[str(rule)] = answer
        return tuple(played), refusals


def probe(
    entry: EngineEntry,
    sizes: Iterable[int] = PROBE_SIZES,
    settings: BrainSettings | None = None,
) -> EngineEntry:
    """``entry`` with what the brain says: its ABOUT, the square sizes it accepts (START
    answered OK), whether it takes RECTSTART and our ``INFO k``, and the rules it plays:
    on 15x15 (or the largest size it took), after ``INFO rule N`` and ``BEGIN``, a move
    is taken as playing rule N, anything else (``ERROR``, ``UNKNOWN``, no answer) as not,
    and kept as its refusal. ``MESSAGE`` lines are no answer: a brain that says one and
    plays is taken as playing the rule. (The protocol has no ABOUT field for rules.) On
    the same board it is asked an empty ``SWAP2BOARD`` once: three legal stones are taken
    as playing swap and swap2, anything else is kept as its refusal.

    The sizes are asked one after another of one process, and of a fresh one when a
    brain ends on a size it does not take. :class:`BrainRefused` when it can't be started
    or is plainly not a brain: it crashes at once, never answers, or answers with
    anything but OK or ERROR (a program that echoes its input) before it has answered
    one START.
    """
    prober = _Prober(entry, settings or BrainSettings(start_ms=3000, end_grace_ms=500))
    sizes = tuple(sizes)
    accepted: list[int] = []
    try:
        brain = prober.process()
        try:
            about = brain.ask_about()
        except BrainFailure as failure:
            raise BrainRefused(f"it is not a Gomocup brain: {failure.reason}") from None
        mnk = brain.knows_mnk
        for size in sizes:
            if prober.start(size, size):
                accepted.append(size)
        rectangles = prober.start(*PROBE_RECTANGLE)
        rules: tuple[int, ...] | None = entry.rules
        refusals = entry.refusals
        swap2, swap2_refusal = entry.swap2, entry.swap2_refusal
        if accepted:
            size = RULE_PROBE_SIZE if RULE_PROBE_SIZE in accepted else max(accepted)
            rules, refusals = prober.rules(size)
            answer = prober.swap2_answer(size)
            swap2, swap2_refusal = answer is None, answer or ""
    finally:
        prober.close()
    return replace(
        entry,
        sizes=tuple(sorted(accepted)),
        probed=tuple(sorted(set(sizes))),
        rectangles=rectangles,
        mnk=mnk,
        about=about,
        rules=rules,
        refusals=refusals,
        swap2=swap2,
        swap2_refusal=swap2_refusal,
    )
