"""The short game text for the clipboard: a header of ``Name: value`` lines, then the moves.

A tic-tac-toe game reads as it always has: no rules line, the moves as keypad
digits run together (``Moves: 74859``). Any other board names its rules on a
``Rules:`` line (:attr:`Rules.key`) and its moves as column letters and row
numbers separated by spaces (``Moves: h8 i9 j10``); within one item of the
``Taken back`` and ``Branched from`` lines the cells are separated by commas.
A text without a ``Rules:`` line is tic-tac-toe.

A bare string of keypad digits (``"5 1 9"``) reads as a tic-tac-toe game of two
people, X first. Reading raises ``ValueError`` with a message a person can act on.

>>> from ttt_desktop.core import GameRecord, Mark, PlayerEntry
>>> from ttt_desktop.core.rules import Rules
>>> record = GameRecord(PlayerEntry("human", "Ann"), PlayerEntry("human", "Bob"), Mark.X,
...                     started_at="2026-01-01T00:00:00.000Z", game_id="0" * 32,
...                     rules=Rules(10, 6, 4)).with_move(0).with_move(11)
>>> print(record_to_text(record))
TTT Desktop game
Rules: 10,6,4
X: Ann (human)
O: Bob (human)
First: X
Started: 2026-01-01T00:00:00.000Z
Game id: 00000000000000000000000000000000
Result: unfinished
Times: 0.0 0.0
Moves: a6 b5
>>> record_from_text(record_to_text(record)) == record
True

Nothing here imports Qt.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from typing import Final

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.record import (
    HUMAN,
    BranchPoint,
    GameRecord,
    HintUse,
    PlayerEntry,
    UndoEvent,
    check_game_id,
    short_repr,
    utc_now,
)
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules
from ttt_desktop.formats.json_codec import cell_names, derived_game_id, parse_cell

__all__ = ["MAX_TEXT_CHARS", "TEXT_TITLE", "record_from_text", "record_to_text"]

TEXT_TITLE: Final = "TTT Desktop game"
# A game text is a few lines; a clipboard may hold anything at all.
MAX_TEXT_CHARS: Final = 1_000_000

_RESULT_WORDS: Final = {"X": "X wins", "O": "O wins", "draw": "draw", None: "unfinished"}
_PLAYER_TEXT: Final = re.compile(r"(?P<name>.+) \((?P<kind>[^(),]+)(?:, seed (?P<seed>-?\d+))?\)")
_BRANCH_TEXT: Final = re.compile(r"(?P<started>\S+) at ply (?P<ply>\d+) of (?P<moves>\S*)")
_KNOWN_LINES: Final = frozenset(
    {
        "rules",
        "x",
        "o",
        "first",
        "started",
        "game id",
        "finished",
        "result",
        "branched from",
        "times",
        "moves",
        "taken back",
        "hints",
    }
)


# Writing -------------------------------------------------------------------------------


def record_to_text(record: GameRecord) -> str:
    """A short text for the clipboard: a header, then the moves in the board's notation."""
    rules = record.rules
    lines = [TEXT_TITLE]
    if not rules.is_classic:
        lines.append(f"Rules: {rules.key}")
    lines += [
        f"X: {record.x.describe()}",
        f"O: {record.o.describe()}",
        f"First: {record.first.value}",
        f"Started: {record.started_at}",
        f"Game id: {record.game_id}",
    ]
    if record.finished_at is not None:
        lines.append(f"Finished: {record.finished_at}")
    lines.append(f"Result: {_RESULT_WORDS[record.result]}")
    branch = record.branched_from
    if branch is not None:
        lines.append(
            f"Branched from: {branch.parent_started_at} at ply {branch.ply} "
            f"of {_cells_item(rules, branch.parent_moves) or '-'}"
        )
    if record.undos:
        lines.append(
            "Taken back: "
            + " ".join(f"{_cells_item(rules, u.moves_before)}/{u.count}" for u in record.undos)
        )
    if record.hints:
        lines.append("Hints: " + " ".join(str(hint.ply) for hint in record.hints))
    if record.moves:
        lines.append("Times: " + " ".join(repr(s) for s in record.move_seconds))
    lines.append(f"Moves: {_cells_line(rules, record.moves)}")
    return "\n".join(lines)


def _cells_line(rules: Rules, cells: Iterable[int]) -> str:
    # Keypad digits run together on tic-tac-toe ("74859"), names and spaces elsewhere.
    names = cell_names(rules)
    return ("" if rules.is_classic else " ").join(names[cell] for cell in cells)


def _cells_item(rules: Rules, cells: Iterable[int]) -> str:
    # One item of a list line: no spaces inside ("74859", "h8,i9").
    names = cell_names(rules)
    return ("" if rules.is_classic else ",").join(names[cell] for cell in cells)


# Reading -------------------------------------------------------------------------------


def record_from_text(text: str) -> GameRecord:
    """Read :func:`record_to_text`'s form; ``ValueError`` with a clear message otherwise.

    A bare move string of keypad digits (``"5 1 9"``) is accepted too: two people,
    X first, tic-tac-toe. A text without a game id (older versions wrote none) gets
    one derived from its content, like a version-1 file.
    """
    if not isinstance(text, str):
        raise ValueError(f"a game text is a string, not {type(text).__name__}")
    if len(text) > MAX_TEXT_CHARS:
        raise ValueError("not a TTT Desktop game text: it is far too long")
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not lines:
        raise ValueError("there is no game in the text: it is empty")
    if lines[0] != TEXT_TITLE:
        if len(lines) == 1 and re.fullmatch(r"[1-9][1-9,\s]*", lines[0]):
            return _bare_moves(lines[0])
        raise ValueError(f"not a TTT Desktop game text: it should start with {TEXT_TITLE!r}")
    fields: dict[str, str] = {}
    for line in lines[1:]:
        key, sep, value = line.partition(":")
        if not sep:
            raise ValueError(f"game text line {short_repr(line)} is not 'Name: value'")
        key = key.strip().lower()
        if key in fields:
            raise ValueError(f"game text names {short_repr(key)} twice")
        fields[key] = value.strip()
    try:
        return _record_from_fields(fields)
    except ValueError as error:
        raise ValueError(f"the game text is damaged: {error}") from None


def _bare_moves(line: str) -> GameRecord:
    moves = _parse_cells(TIC_TAC_TOE, line)
    # Nothing says when it was played: now, and a finished game ends as it starts.
    started_at = utc_now()
    over = Board.empty(Mark.X).play_all(moves).is_over
    record = GameRecord(
        PlayerEntry(HUMAN, "Player X"),
        PlayerEntry(HUMAN, "Player O"),
        Mark.X,
        moves,
        started_at=started_at,
        finished_at=started_at if over else None,
    )
    return dataclasses.replace(record, game_id=derived_game_id(record))


def _parse_cells(rules: Rules, text: str) -> tuple[int, ...]:
    if rules.is_classic:
        digits = re.sub(r"[\s,]", "", text)
        if not re.fullmatch(r"[1-9]*", digits):
            raise ValueError(f"moves are keypad digits 1-9, not {short_repr(text)}")
        return tuple(parse_cell(rules, digit) for digit in digits)
    geometry = rules.geometry
    cells = []
    for name in re.split(r"[\s,]+", text.strip()):
        if not name:
            continue
        if len(name) > 3:
            raise ValueError(
                f"moves are cells like a1 (the bottom-left) to {geometry.name(geometry.size - 1)}"
                f", not {short_repr(name)}"
            )
        cells.append(parse_cell(rules, name))
    return tuple(cells)


def _player_from_text(text: str, mark: str) -> PlayerEntry:
    match = _PLAYER_TEXT.fullmatch(text)
    if match is None:
        raise ValueError(f"player {mark} should read 'Name (kind)' or 'Name (kind, seed N)'")
    seed = match["seed"]
    return PlayerEntry(match["kind"], match["name"], None if seed is None else int(seed))


def _text_field(fields: Mapping[str, str], key: str) -> str:
    if key not in fields:
        raise ValueError(f"the {key!r} line is missing")
    return fields[key]


def _rules_from_text(fields: Mapping[str, str]) -> Rules:
    if "rules" not in fields:
        return TIC_TAC_TOE
    spec = fields["rules"]
    if len(spec) > 40:
        raise ValueError(f"'Rules' should read like '15,15,5', not {short_repr(spec)}")
    return Rules.parse(spec)


def _record_from_fields(fields: Mapping[str, str]) -> GameRecord:
    unknown = sorted(set(fields) - _KNOWN_LINES)
    if unknown:
        raise ValueError(f"unknown line {short_repr(unknown[0])}")
    rules = _rules_from_text(fields)
    first = _text_field(fields, "first")
    if first not in ("X", "O"):
        raise ValueError(f"'First' must be X or O, not {short_repr(first)}")
    moves = _parse_cells(rules, _text_field(fields, "moves"))
    seconds: tuple[float, ...] = ()
    if "times" in fields:
        try:
            seconds = tuple(float(item) for item in fields["times"].split())
        except ValueError:
            raise ValueError("'Times' must be numbers of seconds") from None
    branch = None
    if "branched from" in fields:
        match = _BRANCH_TEXT.fullmatch(fields["branched from"])
        if match is None:
            raise ValueError("'Branched from' should read '<start time> at ply N of <moves>'")
        parent_moves = () if match["moves"] == "-" else _parse_cells(rules, match["moves"])
        branch = BranchPoint(match["started"], int(match["ply"]), parent_moves)
    record = GameRecord(
        x=_player_from_text(_text_field(fields, "x"), "X"),
        o=_player_from_text(_text_field(fields, "o"), "O"),
        first=Mark(first),
        moves=moves,
        move_seconds=seconds,
        started_at=_text_field(fields, "started"),
        finished_at=fields.get("finished"),
        branched_from=branch,
        rules=rules,
    )
    if "result" in fields and fields["result"] != _RESULT_WORDS[record.result]:
        raise ValueError(
            f"'Result' says {short_repr(fields['result'])} but the moves give "
            f"{_RESULT_WORDS[record.result]!r}"
        )
    undos = []
    for item in fields.get("taken back", "").split():
        before, slash, count = item.partition("/")
        if not slash or not count.isdigit():
            raise ValueError("'Taken back' should read '<moves>/<count>' for each undo")
        moves_before = _parse_cells(rules, before)
        ply = len(moves_before) - int(count)
        undos.append(UndoEvent(moves_before, int(count), record.mark_at(max(ply, 0))))
    hints = []
    for item in fields.get("hints", "").split():
        if not item.isdigit():
            raise ValueError("'Hints' should list the move counts hints were asked at")
        hints.append(HintUse(int(item), record.mark_at(int(item))))
    if undos or hints:
        record = dataclasses.replace(record, undos=tuple(undos), hints=tuple(hints))
    if "game id" in fields:
        return dataclasses.replace(record, game_id=check_game_id(fields["game id"]))
    return dataclasses.replace(record, game_id=derived_game_id(record))
