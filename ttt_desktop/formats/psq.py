"""Piskvork's game record (``.psq``), the format of the Gomocup's game archives: read and written.

Piskvork (the Gomocup's manager) and the organisers' judge (GomocupJudge) write a game as
lines of text::

    Piskvorky 20x20, 11:11, 0
    10,10,0
    11,11,0
    12,10,2141
    ...
    pbrain-first.exe
    pbrain-second.exe
    -1
    1,Freestyle

* The header: ``Piskvorky WxH, A:B, F``: the board's width and height; each player's
  level, 0 for a person and more for a program (the judge writes ``11:11``); ``F``, 0 or 1,
  which of the two players (the order of the levels and of the names) made the first move.
* One line a move, ``x,y,time``: ``x`` the column and ``y`` the row, both counted from 1 at
  the top-left, ``time`` the milliseconds the move took (an opening's stones 0). Piskvork
  itself reads a move without its time, so this reader does too.
* Then, in a tournament's records, the two players (the brains' file names, ``homo-1`` and
  ``homo-2`` for people), and a last number (Piskvork's end code, 0 for a game that ended
  on the board; the judge writes -1). The judge adds a line ``result,tournament``.

Windows line ends (CR LF), a byte-order mark, blank lines and spaces around the numbers are
read as Piskvork reads them (``fscanf`` skips white space). A file not in UTF-8 (Piskvork
writes in the Windows code page) has its names read as Latin-1.

**Where the format is silent.** A record does not say the rules: it is read as free-style
five in a row (a line of five or more wins) on the header's board, unless the caller names
the rules. If the moves go on after a free-style five, it is read as the standard rule,
exactly five (an overline does not win), when that makes a legal game. What was assumed is
said in the record's log (lines starting ``psq:``), with the names and numbers after the
moves as the file wrote them. A move counted from 0 (a coordinate 0, which Piskvork never
writes) reads the whole file as counted from 0, and says so.

The record gets a game id derived from the file's game (the same game gives the same id,
however often it is read), and the start time given (a file's modification time, as
:func:`~ttt_desktop.formats.files.load_record` gives it): the format has no date.

Writing (:func:`record_to_psq`) gives what the organisers' judge writes, with Windows line
ends: the header with level 0 for a person and 11 for a program and first player 0 (the
player who made the first move is named first), the moves with their think times in
milliseconds, the two names (one that would read as a move or a number in single quotes)
and ``-1``. Only five-in-a-row games on boards of 5 to 20 a side can be written. The rules
are not written (an exactly-five game reads back as free-style, which gives the same result
unless an overline was made), nor a game lost off the board (a forfeit): its moves are.

Read as renju (the caller names the rules), a record whose last move is black's forbidden
point (the organisers' judge ends the game there) is black's loss, "forbidden", that move
not kept; one whose moves go on after a forbidden point is refused.
Read back, the first player is X.

>>> from ttt_desktop.core import GameRecord, Mark, PlayerEntry
>>> from ttt_desktop.core.rules import Rules
>>> game = GameRecord(PlayerEntry("brain.a", "A"), PlayerEntry("human", "Bo"), Mark.X,
...                   rules=Rules(15, 15, 5)).with_move(112, 1.5).with_move(98, 0.25)
>>> print(record_to_psq(game).replace("\\r\\n", "\\n"), end="")
Piskvorky 15x15, 11:0, 0
8,8,1500
9,7,250
A
Bo
-1
>>> again = record_from_psq(record_to_psq(game), started_at=game.started_at)
>>> again.moves, again.move_seconds, again.o.name, again.o.kind
((112, 98), (1.5, 0.25), 'Bo', 'human')

Nothing here imports Qt.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ttt_desktop.core.board import (
    Board,
    ForbiddenMoveError,
    GameOverError,
    IllegalMoveError,
    Mark,
)
from ttt_desktop.core.ending import forbidden_forfeit
from ttt_desktop.core.record import (
    HUMAN,
    MAX_NAME_LENGTH,
    Forfeit,
    GameRecord,
    PlayerEntry,
    utc_now,
)
from ttt_desktop.core.rules import MAX_SIDE, Rules

__all__ = [
    "PSQ_BRAIN_LEVEL",
    "PSQ_SUFFIX",
    "PsqError",
    "looks_like_psq",
    "psq_writable",
    "record_from_psq",
    "record_to_psq",
]

PSQ_SUFFIX: Final = ".psq"
PSQ_BRAIN_LEVEL: Final = 11
"""The level a program is written with: the organisers' judge writes ``11:11``."""
_K: Final = 5
_MIN_SIDE: Final = 5
_NOTE: Final = "psq: "
_ID_NAMESPACE: Final = uuid.UUID("0b8c7e52-5d0e-4f6a-9a43-1f2e9d7c6a35")

_HEADER: Final = re.compile(
    r"\s*piskvork[y]?\s+(\d{1,4})\s*x\s*(\d{1,4})\s*,\s*(\d{1,6})\s*:\s*(\d{1,6})"
    r"\s*,\s*(\d{1,6})\s*",
    re.IGNORECASE,
)
_MOVE: Final = re.compile(r"\s*([+-]?\d+)\s*,\s*([+-]?\d+)\s*(?:,\s*([+-]?\d+)\s*)?")
_NUMBER: Final = re.compile(r"\s*([+-]?\d{1,12})\s*")
_LONGEST_COORDINATE: Final = 4
_LONGEST_TIME: Final = 12
_SLUG: Final = re.compile(r"[^a-z0-9_.-]+")


class PsqError(ValueError):
    """A file that is not a readable Piskvork record; the message names the line and why."""


@dataclass(frozen=True)
class _Move:
    line: int
    x: int
    y: int
    ms: int | None


# Reading -----------------------------------------------------------------------------


def looks_like_psq(text: str) -> bool:
    """Whether ``text`` begins as a Piskvork record does (its ``Piskvorky`` header word)."""
    return text.lstrip("\ufeff \t\r\n")[:9].lower().startswith("piskvork")


def record_from_psq(
    text: str | bytes, rules: Rules | None = None, *, started_at: str | None = None
) -> GameRecord:
    """The game of a Piskvork record; :class:`PsqError` naming the line and why otherwise.

    ``rules`` (five in a row on the header's board) say what the file does not; without
    them, free-style, or exactly five where only that makes the moves a legal game (see
    the module). ``started_at`` is the record's start (and, for a finished game, finish)
    time; now when not given.
    """
    try:
        return _read(text, rules, started_at)
    except PsqError as error:
        message = str(error)
        if message.startswith("not a "):
            raise
        raise PsqError(f"not a readable Piskvork record (.psq): {message}") from None


def _read(text: str | bytes, rules: Rules | None, started_at: str | None) -> GameRecord:
    notes: list[str] = []
    if isinstance(text, bytes | bytearray):
        text = _decoded(bytes(text), notes)
    lines = text.removeprefix("\ufeff").splitlines()
    first = next((number for number, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise PsqError("not a Piskvork record (.psq): it is empty")
    header = _HEADER.fullmatch(lines[first])
    if header is None:
        raise PsqError(
            f"not a Piskvork record (.psq): line {first + 1} is not its header, like "
            f"'Piskvorky 15x15, 11:11, 0' (the board, the two players' levels, who began), "
            f"but {_quoted(lines[first])}"
        )
    width, height, level_a, level_b, starter = (int(group) for group in header.groups())
    where = f"line {first + 1}"
    if starter not in (0, 1):
        raise PsqError(f"{where}: the header's last number says who began, 0 or 1, not {starter}")
    board_rules = _board_rules(width, height, rules, where)
    moves, trailer = _moves_and_trailer(lines, first + 1)
    names, trailer_notes = _names(trailer)
    notes.extend(trailer_notes)
    cells, one_based_note = _cells(moves, width, height)
    if one_based_note:
        notes.append(one_based_note)
    forfeit = None
    if rules is not None and board_rules.has_forbidden_moves:
        refused = _forbidden_at(cells, board_rules)
        if refused is not None:
            at, error = refused
            move = moves[at]
            if at + 1 < len(cells):
                raise PsqError(
                    f"line {move.line}: move {at + 1} is forbidden for black under renju "
                    f"({error.reason}), yet the moves go on after it"
                )
            # The organisers' judge ends the game at black's foul: black's loss.
            forfeit = Forfeit(Mark.X, forbidden_forfeit(error))
            notes.append(
                f"line {move.line}: move {at + 1} is forbidden for black ({error}): "
                "black loses, the move itself is not kept"
            )
            del cells[at:], moves[at:]
    played_rules, rules_note = _played_rules(cells, moves, board_rules, rules is not None)
    notes.insert(0, rules_note)
    seconds = []
    for move in moves:
        if move.ms is not None and move.ms < 0:
            notes.append(f"line {move.line}: a think time of {move.ms} ms, read as 0")
        seconds.append(max(0, move.ms or 0) / 1000)
    levels = (level_a, level_b)
    players = [_player(levels[i], names[i], "X" if i == starter else "O") for i in (0, 1)]
    x, o = players[starter], players[1 - starter]
    start = started_at if started_at is not None else utc_now()
    board = Board.empty(Mark.X, played_rules).play_all(cells)
    return GameRecord(
        x,
        o,
        Mark.X,
        tuple(cells),
        tuple(seconds),
        started_at=start,
        finished_at=start if board.is_over or forfeit is not None else None,
        rules=played_rules,
        forfeit=forfeit,
        game_id=_game_id(played_rules, x, o, cells, seconds),
        log=tuple(_NOTE + note for note in notes),
    )


def _decoded(data: bytes, notes: list[str]) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        notes.append("the file is not UTF-8 text: its names are read as Latin-1")
        return data.decode("latin-1")


def _quoted(line: str) -> str:
    shown = line.strip()
    return repr(shown if len(shown) <= 60 else shown[:60] + "...")


def _board_rules(width: int, height: int, rules: Rules | None, where: str) -> Rules:
    if not (_MIN_SIDE <= width <= MAX_SIDE and _MIN_SIDE <= height <= MAX_SIDE):
        raise PsqError(
            f"{where}: the board is {width}x{height}; five in a row is played here on boards "
            f"of {_MIN_SIDE} to {MAX_SIDE} a side"
        )
    if rules is None:
        return Rules(width, height, _K)
    if (rules.m, rules.n, rules.k) != (width, height, _K):
        raise PsqError(
            f"{where}: the record is five in a row on {width}x{height}, "
            f"not {rules.title} ({rules.key})"
        )
    return rules


def _moves_and_trailer(
    lines: Sequence[str], start: int
) -> tuple[list[_Move], list[tuple[int, str]]]:
    """The move lines after the header, then the other lines (number, text), blank ones out."""
    moves: list[_Move] = []
    trailer: list[tuple[int, str]] = []
    for index in range(start, len(lines)):
        line = lines[index]
        if not line.strip():
            continue
        number = index + 1
        found = _MOVE.fullmatch(line)
        if found is None or trailer:
            if found is not None and not _NUMBER.fullmatch(trailer[0][1]):
                raise PsqError(
                    f"line {number}: a move ({line.strip()}) after line {trailer[0][0]}, "
                    f"which is not one ({_quoted(trailer[0][1])}): the moves come one a "
                    "line, straight after the header"
                )
            trailer.append((number, line))
            continue
        x_text, y_text, ms_text = found.groups()
        for value in (x_text, y_text):
            if len(value.lstrip("+-")) > _LONGEST_COORDINATE:
                raise PsqError(f"line {number}: {_quoted(value)} is no coordinate of a board")
        if ms_text is not None and len(ms_text.lstrip("+-")) > _LONGEST_TIME:
            raise PsqError(f"line {number}: {_quoted(ms_text)} is no think time in milliseconds")
        moves.append(
            _Move(number, int(x_text), int(y_text), None if ms_text is None else int(ms_text))
        )
    return moves, trailer


def _names(trailer: list[tuple[int, str]]) -> tuple[tuple[str | None, str | None], list[str]]:
    """The two players' names before the end code, and notes on the lines after the moves."""
    notes: list[str] = []
    names: list[str] = []
    code_at = next(
        (index for index, (_, line) in enumerate(trailer) if _NUMBER.fullmatch(line)), None
    )
    before = trailer if code_at is None else trailer[:code_at]
    for number, line in before:
        if len(names) == 2:
            raise PsqError(
                f"line {number}: a third line after the moves ({_quoted(line)}); a record "
                "names two players there, then its end code"
            )
        names.append(_read_name(line))
    if names:
        notes.append("the players, as the file names them: " + ", ".join(map(repr, names)))
    if code_at is not None:
        number, line = trailer[code_at]
        notes.append(f"line {number}: end code {line.strip()}")
        rest = [line.strip() for _, line in trailer[code_at + 1 :]]
        if rest:
            notes.append("after it: " + " | ".join(rest)[:300])
    pair = (names[0] if names else None, names[1] if len(names) > 1 else None)
    return pair, notes


def _cells(moves: list[_Move], width: int, height: int) -> tuple[list[int], str]:
    """The moves as cells; counted from 1, or from 0 where a coordinate 0 says so."""
    zero = next((move for move in moves if move.x == 0 or move.y == 0), None)
    base = 1
    note = ""
    if zero is not None:
        top = next((move for move in moves if move.x == width or move.y == height), None)
        if top is not None:
            raise PsqError(
                f"line {zero.line}: the coordinate 0 ({zero.x},{zero.y}) counts from 0, but "
                f"line {top.line} ({top.x},{top.y}) counts from 1: a record counts one way"
            )
        base = 0
        note = (
            f"line {zero.line}: a coordinate 0 ({zero.x},{zero.y}), which Piskvork's records "
            "never hold (they count from 1): every move is read as counted from 0"
        )
    cells = []
    seen: dict[int, int] = {}
    for number, move in enumerate(moves, start=1):
        column, row = move.x - base, move.y - base
        if not (0 <= column < width and 0 <= row < height):
            raise PsqError(
                f"line {move.line}: move {number}, {move.x},{move.y}, is off the "
                f"{width}x{height} board (x runs {base} to {width - 1 + base}, "
                f"y {base} to {height - 1 + base})"
            )
        cell = row * width + column
        if cell in seen:
            raise PsqError(
                f"line {move.line}: move {number}, {move.x},{move.y}, is where move "
                f"{seen[cell]} is already"
            )
        seen[cell] = number
        cells.append(cell)
    return cells, note


def _played_rules(
    cells: list[int], moves: list[_Move], rules: Rules, told: bool
) -> tuple[Rules, str]:
    """The rules the moves are read under, and the note that says so."""
    over_at = _over_at(cells, rules)
    if over_at is None:
        if told:
            return rules, f"read as {rules.title} ({rules.key}), as asked"
        return rules, (
            f"the file does not say the rules: read as free-style five in a row on "
            f"{rules.m}x{rules.n} (five or more wins)"
        )
    if not told:
        exact = Rules(rules.m, rules.n, _K, exact=True)
        if _over_at(cells, exact) is None:
            return exact, (
                f"the file does not say the rules, and its moves go on after a free-style "
                f"five (move {over_at}, line {moves[over_at - 1].line}): read as the standard "
                f"rule, exactly five on {rules.m}x{rules.n} (an overline does not win)"
            )
    move = moves[over_at]
    raise PsqError(
        f"line {move.line}: move {over_at + 1} comes after the game was over (move "
        f"{over_at}, line {moves[over_at - 1].line}, made five"
        + ("" if told else ", and so it does under exactly five")
        + "): a record of another rule (renju, caro, a continuous game) is not read here"
    )


def _forbidden_at(cells: list[int], rules: Rules) -> tuple[int, ForbiddenMoveError] | None:
    """The index of black's first forbidden move among ``cells`` and the board's refusal of
    it, or None (cells after a game's end are left to :func:`_played_rules`)."""
    board = Board.empty(Mark.X, rules)
    for number, cell in enumerate(cells):
        try:
            board = board.play(cell)
        except ForbiddenMoveError as error:
            return number, error
        except IllegalMoveError:
            return None
    return None


def _over_at(cells: list[int], rules: Rules) -> int | None:
    """The number of the move that ended the game, if a move follows it; else None."""
    board = Board.empty(Mark.X, rules)
    for number, cell in enumerate(cells):
        try:
            board = board.play(cell)
        except GameOverError:
            return number
    return None


def _player(level: int, name: str | None, mark: str) -> PlayerEntry:
    if name is not None:
        # The file's name of a path, one line of printable characters (none: no name).
        name = name.replace("\\", "/").rsplit("/", 1)[-1]
        name = "".join(ch if ch.isprintable() else " " for ch in name)
        name = " ".join(name.split())[:MAX_NAME_LENGTH]
    if level == 0 or (name is not None and re.fullmatch(r"homo-\d+", name)):
        return PlayerEntry(HUMAN, name or f"Player {mark}")
    name = name or f"Piskvork level {level}"
    slug = _SLUG.sub("-", name.lower()).strip("-.") or "unnamed"
    return PlayerEntry(f"brain.{slug}"[:64], name)


def _written_name(name: str) -> str:
    """A name as a line of the record: one that would read as a move or a number, or is in
    single quotes itself, goes in single quotes."""
    return f"'{name}'" if _needs_quotes(name) else name


def _needs_quotes(name: str) -> bool:
    quoted = len(name) >= 2 and name[0] == name[-1] == "'"
    return quoted or bool(_MOVE.fullmatch(name) or _NUMBER.fullmatch(name))


def _read_name(line: str) -> str:
    """A name line read back: :func:`_written_name`'s quotes taken off."""
    name = line.strip()
    if len(name) > 2 and name[0] == name[-1] == "'" and _needs_quotes(name[1:-1]):
        return name[1:-1]
    return name


def _game_id(
    rules: Rules, x: PlayerEntry, o: PlayerEntry, cells: list[int], seconds: list[float]
) -> str:
    content = "|".join(
        (
            "psq",
            rules.key,
            x.kind,
            x.name,
            o.kind,
            o.name,
            " ".join(map(str, cells)),
            " ".join(f"{s:.3f}" for s in seconds),
        )
    )
    return uuid.uuid5(_ID_NAMESPACE, content).hex


# Writing -----------------------------------------------------------------------------


def psq_writable(rules: Rules) -> str | None:
    """Why a game of ``rules`` can't be written as a Piskvork record, or None if it can."""
    if rules.k != _K or min(rules.m, rules.n) < _MIN_SIDE:
        return (
            f"a Piskvork record (.psq) holds five-in-a-row games on boards of {_MIN_SIDE} to "
            f"{MAX_SIDE} a side, not {rules.title} ({rules.key})"
        )
    return None


def record_to_psq(record: GameRecord) -> str:
    """``record`` as a Piskvork record (Windows line ends); ``ValueError`` for other games."""
    reason = psq_writable(record.rules)
    if reason is not None:
        raise ValueError(reason)
    rules = record.rules
    first, second = (record.x, record.o) if record.first is Mark.X else (record.o, record.x)
    levels = ":".join(str(0 if entry.is_human else PSQ_BRAIN_LEVEL) for entry in (first, second))
    lines = [f"Piskvorky {rules.m}x{rules.n}, {levels}, 0"]
    for cell, seconds in zip(record.moves, record.move_seconds, strict=True):
        row, column = divmod(cell, rules.m)
        lines.append(f"{column + 1},{row + 1},{round(seconds * 1000)}")
    lines += [_written_name(first.name), _written_name(second.name), "-1"]
    return "".join(line + "\r\n" for line in lines)
