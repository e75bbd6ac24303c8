"""Game files as versioned JSON: the newest version written, every version read.

A game file is a JSON object marked ``"format": "ttt-desktop-game"`` with a
``"version"``:

* version 1: players, who moved first, the moves as cells 0-8, think times, the
  start and finish times, where a "play on from here" game branched off;
* version 2 adds a stable ``game_id`` (uuid4 hex), the moves taken back
  (``undos``) and the hints asked for (``hints``);
* version 3 (written now) adds the rules (``"rules": "15,15,5"``, :attr:`Rules.key`)
  and writes every cell in the one notation of :meth:`Geometry.name`: keypad digits
  on tic-tac-toe (``["5", "7", "3"]``), column letter and row number elsewhere
  (``["h8", "i9"]``). A game an external program lost off the board adds
  ``"forfeit": {"loser": "X", "reason": "..."}`` and a game with such programs its pipe
  ``"log"`` (a list of lines); both keys are written only when there is something in them.
  A game under a swap opening rule has ``"opening": {"rule": "swap2", "choices": [...]}``
  (:mod:`ttt_desktop.core.swap`); its players are the ones who held X and O after the
  choices.

Versions 1 and 2 are tic-tac-toe games and open as such. A version-1 file gets a
``game_id`` derived from its content, the same every time it is read.

Reading raises ``ValueError`` with a message a person can act on, whatever the
input: malformed or cut-short JSON, nesting too deep for the parser, whole numbers
too long to read, another program's file, a newer version, an impossible game.

>>> from ttt_desktop.core import GameRecord, Mark, PlayerEntry
>>> from ttt_desktop.core.rules import GOMOKU
>>> ann, bob = PlayerEntry("human", "Ann"), PlayerEntry("human", "Bob")
>>> record = GameRecord(ann, bob, Mark.X, rules=GOMOKU).with_move(112).with_move(98)
>>> data = record_to_dict(record)
>>> data["version"], data["rules"], data["moves"]
(3, '15,15,5', ['h8', 'i9'])
>>> record_from_json(record_to_json(record)) == record
True

Nothing here imports Qt.
"""

from __future__ import annotations

import dataclasses
import json
import uuid
from collections.abc import Callable, Mapping
from typing import Any, Final

from ttt_desktop.core.board import Mark
from ttt_desktop.core.record import (
    BranchPoint,
    Forfeit,
    GameRecord,
    HintUse,
    PlayerEntry,
    UndoEvent,
    check_game_id,
    short_repr,
)
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules
from ttt_desktop.core.swap import SwapOpening

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_INT_DIGITS",
    "cell_names",
    "derived_game_id",
    "parse_cell",
    "parse_json",
    "record_from_dict",
    "record_from_json",
    "record_to_dict",
    "record_to_json",
]

FORMAT_NAME: Final = "ttt-desktop-game"
FORMAT_VERSION: Final = 3
# Version-1 files (and texts without an id) get a game id derived from their content.
_V1_ID_NAMESPACE: Final = uuid.UUID("6f0c3f4e-8d0b-4c55-9a51-7b1f6c2f1e01")
# The longest whole number read from a file: Python's own default limit for turning
# digits into an int. Nothing we write comes near it.
MAX_INT_DIGITS: Final = 4300


# Rules -> every cell's name (Geometry.name), and each name's cell; made once per rules.
_NOTATION: dict[Rules, tuple[tuple[str, ...], dict[str, int]]] = {}


def cell_names(rules: Rules) -> tuple[str, ...]:
    """The name of every cell of ``rules``' board, by cell: :meth:`Geometry.name`, made once."""
    return _notation(rules)[0]


def parse_cell(rules: Rules, name: str) -> int:
    """The cell ``name`` names on ``rules``' board: :meth:`Geometry.parse`, with names cached."""
    cell = _notation(rules)[1].get(name)
    # Anything else (upper case, spaces, no cell at all) goes to the one parser.
    return rules.geometry.parse(name) if cell is None else cell


def _notation(rules: Rules) -> tuple[tuple[str, ...], dict[str, int]]:
    found = _NOTATION.get(rules)
    if found is None:
        geometry = rules.geometry
        names = tuple(geometry.name(cell) for cell in geometry.cells)
        found = (names, {name: cell for cell, name in enumerate(names)})
        _NOTATION[rules] = found
    return found


class _UnreadableError(ValueError):
    """A value the parser met that no file of ours holds; the message says which."""


# Parsing -----------------------------------------------------------------------------


def parse_json(text: str | bytes, what: str = "game file") -> object:
    """``text`` parsed as JSON; ``ValueError`` naming ``what`` for anything unreadable.

    Guarded against what a forged file can do to :func:`json.loads`: nesting deep
    enough to exhaust the parser's recursion, whole numbers of thousands of digits
    (Python refuses to convert them), NaN and Infinity (not JSON), bytes that are not
    UTF-8. A clear message in every case.
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"not a {what}: the contents are not UTF-8 text") from None
    if not isinstance(text, str):
        raise ValueError(f"a {what} is JSON text, not {type(text).__name__}")
    try:
        return json.loads(
            text,
            parse_int=_parse_int,
            parse_constant=lambda name: _reject_constant(name, what),
        )
    except RecursionError:
        raise ValueError(f"not a {what}: the JSON is nested too deeply") from None
    except _UnreadableError as error:
        raise ValueError(f"not a {what}: {error}") from None
    except json.JSONDecodeError as error:
        if not text.strip():
            raise ValueError(f"not a {what}: it is empty") from None
        raise ValueError(
            f"not a {what}: it is not valid JSON, malformed or cut short ({error})"
        ) from None
    except ValueError:
        # Any other conversion the interpreter refuses (a lower int digit limit set
        # for the whole process, say).
        raise ValueError(f"not a {what}: it holds a number too long to read") from None


def _parse_int(digits: str) -> int:
    count = len(digits) - digits.startswith("-")
    if count > MAX_INT_DIGITS:
        raise _UnreadableError(
            f"it holds a whole number of {count:,} digits; at most {MAX_INT_DIGITS:,} are read"
        )
    return int(digits)


def _reject_constant(name: str, what: str) -> None:
    raise _UnreadableError(f"the JSON is malformed: {name} is not a number a {what} may hold")


# Writing -------------------------------------------------------------------------------


def record_to_json(record: GameRecord) -> str:
    """The newest version's JSON (UTF-8 safe, pretty-printed, newline at the end)."""
    return json.dumps(record_to_dict(record), indent=2, ensure_ascii=False) + "\n"


def record_to_dict(record: GameRecord, version: int = FORMAT_VERSION) -> dict[str, Any]:
    """The JSON-ready dictionary of ``record`` in file format ``version``.

    Versions 1 and 2 hold tic-tac-toe games only (``ValueError`` for others); they
    are written for tests and for tools that feed older programs.
    """
    if version == FORMAT_VERSION:
        return _version_3_dict(record)
    if version not in (1, 2):
        raise ValueError(f"game file format versions are 1-{FORMAT_VERSION}, not {version!r}")
    if not record.rules.is_classic:
        raise ValueError(
            f"game file format version {version} holds tic-tac-toe games only, "
            f"not {record.rules.title}"
        )
    data = _version_1_dict(record)
    if version == 2:
        data["version"] = 2
        data["game_id"] = record.game_id
        data["undos"] = [
            {"moves_before": list(undo.moves_before), "count": undo.count, "by": undo.by.value}
            for undo in record.undos
        ]
        data["hints"] = [{"ply": hint.ply, "mark": hint.mark.value} for hint in record.hints]
    return data


def _player_dict(player: PlayerEntry) -> dict[str, Any]:
    return {"kind": player.kind, "name": player.name, "seed": player.seed}


def _version_1_dict(record: GameRecord) -> dict[str, Any]:
    return _game_dict(record, 1)


def _game_dict(record: GameRecord, version: int) -> dict[str, Any]:
    """The fields every version has; from version 3 the rules, and cells by their names."""
    cells: Callable[[tuple[int, ...]], list[Any]] = list
    head: dict[str, Any] = {"format": FORMAT_NAME, "version": version}
    if version >= 3:
        names = cell_names(record.rules)
        cells = lambda moves: [names[cell] for cell in moves]  # noqa: E731
        head["rules"] = record.rules.key
    branch = record.branched_from
    return {
        **head,
        "players": {"X": _player_dict(record.x), "O": _player_dict(record.o)},
        "first": record.first.value,
        "moves": cells(record.moves),
        "move_seconds": list(record.move_seconds),
        "result": record.result,
        "started_at": record.started_at,
        "finished_at": record.finished_at,
        "branched_from": None
        if branch is None
        else {
            "parent_started_at": branch.parent_started_at,
            "ply": branch.ply,
            "parent_moves": cells(branch.parent_moves),
        },
    }


def _version_3_dict(record: GameRecord) -> dict[str, Any]:
    names = cell_names(record.rules).__getitem__
    return {
        **_game_dict(record, 3),
        "game_id": record.game_id,
        "undos": [
            {
                "moves_before": [names(cell) for cell in undo.moves_before],
                "count": undo.count,
                "by": undo.by.value,
            }
            for undo in record.undos
        ],
        "hints": [{"ply": hint.ply, "mark": hint.mark.value} for hint in record.hints],
        **_forfeit_and_log(record),
    }


def _forfeit_and_log(record: GameRecord) -> dict[str, Any]:
    extra: dict[str, Any] = {}
    if record.forfeit is not None:
        extra["forfeit"] = {"loser": record.forfeit.loser.value, "reason": record.forfeit.reason}
    if record.log:
        extra["log"] = list(record.log)
    if record.opening is not None:
        extra["opening"] = record.opening.to_json()
    return extra


def derived_game_id(record: GameRecord) -> str:
    """The id of a game saved without one: the same for the same game, whenever it is read.

    Tic-tac-toe games hash their version-1 form, as they always have; other boards
    add their rules.
    """
    content = _version_1_dict(record)
    if not record.rules.is_classic:
        content["rules"] = record.rules.key
    text = json.dumps(content, sort_keys=True, ensure_ascii=False)
    return uuid.uuid5(_V1_ID_NAMESPACE, text).hex


# Reading -------------------------------------------------------------------------------


def record_from_json(text: str | bytes) -> GameRecord:
    """Read a game file's JSON of any version; ``ValueError`` with a clear message otherwise.

    ``bytes`` are read as UTF-8.
    """
    return record_from_dict(parse_json(text, "game file"))


def record_from_dict(data: object) -> GameRecord:
    """Build a record from a parsed game file of any version, checking everything."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT_NAME:
        raise ValueError(
            f'not a TTT Desktop game file (it lacks the "format": "{FORMAT_NAME}" marker)'
        )
    version = data.get("version")
    if type(version) is not int:
        raise ValueError(
            f"the game file's format version must be a whole number, not {short_repr(version)}"
        )
    if version > FORMAT_VERSION:
        raise ValueError(
            f"the game file uses format version {version}, written by a newer TTT Desktop; "
            f"this version reads format versions up to {FORMAT_VERSION}"
        )
    if version < 1:
        raise ValueError(f"the game file's format version {version} does not exist")
    try:
        if version == 1:
            record = _record_from_fields(data, TIC_TAC_TOE, _int_cells)
            return dataclasses.replace(record, game_id=derived_game_id(record))
        if version == 2:
            return _with_version_2_parts(
                data, _record_from_fields(data, TIC_TAC_TOE, _int_cells), _int_cells
            )
        rules = _rules_of(data)
        cells = _named_cells(rules)
        return _with_version_2_parts(data, _record_from_fields(data, rules, cells), cells)
    except ValueError as error:
        raise ValueError(f"the game file is damaged: {error}") from None


# How a version writes a list of cells: key, value -> cells (ValueError naming the key).
_CellReader = Callable[[str, object], tuple[int, ...]]


def _int_cells(key: str, value: object) -> tuple[int, ...]:
    if not (isinstance(value, list) and all(type(item) is int for item in value)):
        raise ValueError(f'"{key}" must be a list of cells 0-8, not {short_repr(value)}')
    return tuple(value)


def _named_cells(rules: Rules) -> _CellReader:
    geometry = rules.geometry
    if rules.is_classic:
        wanted = 'a list of keypad digits "1"-"9"'
    else:
        last = geometry.name(geometry.size - 1)
        wanted = f'a list of cell names "a{rules.n}"-"{last}" (like "a1", the bottom-left)'

    def read(key: str, value: object) -> tuple[int, ...]:
        if not (isinstance(value, list) and all(isinstance(item, str) for item in value)):
            raise ValueError(f'"{key}" must be {wanted}, not {short_repr(value)}')
        cells = []
        for item in value:
            if len(item) > 3:
                raise ValueError(f'"{key}" must be {wanted}, but one is {short_repr(item)}')
            try:
                cells.append(parse_cell(rules, item))
            except ValueError as error:
                raise ValueError(f'"{key}": {error}') from None
        return tuple(cells)

    return read


def _rules_of(data: Mapping[str, Any]) -> Rules:
    text = _require(data, "rules", lambda v: isinstance(v, str), 'rules like "15,15,5"')
    if len(text) > 40:
        raise ValueError(f'"rules" must be rules like "15,15,5", not {short_repr(text)}')
    try:
        return Rules.parse(text)
    except ValueError as error:
        raise ValueError(f'"rules": {error}') from None


def _require(data: Mapping[str, Any], key: str, check: Callable[[Any], bool], wanted: str) -> Any:
    if key not in data:
        raise ValueError(f'"{key}" is missing')
    value = data[key]
    if not check(value):
        raise ValueError(f'"{key}" must be {wanted}, not {short_repr(value)}')
    return value


def _is_number_list(value: object) -> bool:
    return isinstance(value, list) and all(type(item) in (int, float) for item in value)


def _player_from_dict(data: object, mark: str) -> PlayerEntry:
    if not isinstance(data, Mapping):
        raise ValueError(f"player {mark} must be an object with kind, name and seed")
    kind = _require(data, "kind", lambda v: isinstance(v, str), "a string")
    name = _require(data, "name", lambda v: isinstance(v, str), "a string")
    seed = data.get("seed")
    if seed is not None and type(seed) is not int:
        raise ValueError(
            f"player {mark}'s seed must be a whole number or null, not {short_repr(seed)}"
        )
    return PlayerEntry(kind, name, seed)


def _record_from_fields(data: Mapping[str, Any], rules: Rules, cells: _CellReader) -> GameRecord:
    # The fields every version has (version 1's), with cells as this version writes them.
    players = _require(data, "players", lambda v: isinstance(v, Mapping), "an object")
    for mark in ("X", "O"):
        if mark not in players:
            raise ValueError(f"player {mark} is missing")
    x = _player_from_dict(players["X"], "X")
    o = _player_from_dict(players["O"], "O")
    first = _require(data, "first", lambda v: v in ("X", "O"), '"X" or "O"')
    if "moves" not in data:
        raise ValueError('"moves" is missing')
    moves = cells("moves", data["moves"])
    seconds = data.get("move_seconds", [])
    if not _is_number_list(seconds):
        raise ValueError(f'"move_seconds" must be a list of numbers, not {short_repr(seconds)}')
    started_at = _require(data, "started_at", lambda v: isinstance(v, str), "a timestamp string")
    finished_at = data.get("finished_at")
    if finished_at is not None and not isinstance(finished_at, str):
        raise ValueError(
            f'"finished_at" must be a timestamp string or null, not {short_repr(finished_at)}'
        )
    branch_data = data.get("branched_from")
    branch = None
    if branch_data is not None:
        if not isinstance(branch_data, Mapping):
            raise ValueError('"branched_from" must be an object or null')
        started = _require(
            branch_data, "parent_started_at", lambda v: isinstance(v, str), "a string"
        )
        ply = _require(branch_data, "ply", lambda v: type(v) is int, "a whole number")
        if "parent_moves" not in branch_data:
            raise ValueError('"parent_moves" is missing')
        branch = BranchPoint(started, ply, cells("parent_moves", branch_data["parent_moves"]))
    forfeit_data = data.get("forfeit")
    forfeit = None
    if forfeit_data is not None:
        if not isinstance(forfeit_data, Mapping):
            raise ValueError('"forfeit" must be an object or null')
        forfeit = Forfeit(
            Mark(_require(forfeit_data, "loser", lambda v: v in ("X", "O"), '"X" or "O"')),
            _require(forfeit_data, "reason", lambda v: isinstance(v, str), "a string"),
        )
    log = data.get("log", [])
    if not (isinstance(log, list) and all(isinstance(line, str) for line in log)):
        raise ValueError(f'"log" must be a list of strings, not {short_repr(log)}')
    opening_data = data.get("opening")
    opening = None if opening_data is None else SwapOpening.from_json(opening_data)
    record = GameRecord(
        x=x,
        o=o,
        first=Mark(first),
        moves=moves,
        move_seconds=tuple(seconds),
        started_at=started_at,
        finished_at=finished_at,
        branched_from=branch,
        rules=rules,
        forfeit=forfeit,
        log=tuple(log),
        opening=opening,
    )
    if "result" in data and data["result"] != record.result:
        raise ValueError(
            f'"result" says {short_repr(data["result"])} '
            f"but the moves give {short_repr(record.result)}"
        )
    return record


def _with_version_2_parts(
    data: Mapping[str, Any], record: GameRecord, cells: _CellReader
) -> GameRecord:
    # What version 2 added: the game id, the moves taken back, the hints.
    game_id = check_game_id(_require(data, "game_id", lambda v: isinstance(v, str), "a string"))
    undo_data = data.get("undos", [])
    if not isinstance(undo_data, list):
        raise ValueError(f'"undos" must be a list, not {short_repr(undo_data)}')
    undos = []
    for item in undo_data:
        if not isinstance(item, Mapping):
            raise ValueError(f"an undo must be an object, not {short_repr(item)}")
        if "moves_before" not in item:
            raise ValueError('"moves_before" is missing')
        undos.append(
            UndoEvent(
                cells("moves_before", item["moves_before"]),
                _require(item, "count", lambda v: type(v) is int, "a whole number"),
                Mark(_require(item, "by", lambda v: v in ("X", "O"), '"X" or "O"')),
            )
        )
    hint_data = data.get("hints", [])
    if not isinstance(hint_data, list):
        raise ValueError(f'"hints" must be a list, not {short_repr(hint_data)}')
    hints = []
    for item in hint_data:
        if not isinstance(item, Mapping):
            raise ValueError(f"a hint must be an object, not {short_repr(item)}")
        hints.append(
            HintUse(
                _require(item, "ply", lambda v: type(v) is int, "a whole number"),
                Mark(_require(item, "mark", lambda v: v in ("X", "O"), '"X" or "O"')),
            )
        )
    return dataclasses.replace(record, game_id=game_id, undos=tuple(undos), hints=tuple(hints))
