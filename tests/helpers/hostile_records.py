"""Hostile game files and game texts, for the loader's fuzz test and its benchmark.

Each strategy starts from a valid game (format 1, 2 or 3, or the text form) and
damages it the ways files get damaged or forged: any field replaced by a value of
any type or size (whole numbers too large for a float, strings up to the 1 MB
file limit, deep nesting, control characters), keys dropped or doubled, the text
cut anywhere, bytes of any kind. The strategies play tic-tac-toe unless given
other rules (``BOARDS`` has one of each kind of board). :func:`check_loaded`
states what a loaded game must satisfy: it agrees with itself in every way a
record can be checked.

:func:`make_hostile_file` makes the files a hostile tester leaves where the program
reads files: a named pipe, a link to ``/dev/zero``, a folder, a 200 MB file, JSON
nested 100,000 deep, a number of 5,000 digits.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from ttt_desktop.core import Board, GameRecord, Mark
from ttt_desktop.core.record import MAX_NAME_LENGTH
from ttt_desktop.core.rules import GOMOKU, TIC_TAC_TOE, Rules
from ttt_desktop.formats.json_codec import record_from_json, record_to_dict, record_to_json
from ttt_desktop.formats.text_codec import record_from_text, record_to_text

CLASSIC: tuple[Rules, ...] = (TIC_TAC_TOE,)
# Tic-tac-toe, a larger square, a rectangle, gomoku; "exactly k" for one of them.
BOARDS: tuple[Rules, ...] = (
    TIC_TAC_TOE,
    Rules(4, 4, 4),
    Rules(10, 6, 4),
    GOMOKU,
    Rules(7, 7, 5, exact=True),
)

# Values --------------------------------------------------------------------------------

_BIG_TEXT_UNITS = ["A", " ", "\n", "\x00", "é", "(", ")", "1", "\u202e", "🂡", "\\", '"']


def _nest(inner: object, depth: int) -> object:
    for _ in range(depth):
        inner = [inner]
    return inner


big_numbers = st.sampled_from(
    [10**309, -(10**309), 2**63, -(2**63) - 1, 2**64, 10**4000, 1e308, -0.0, 5e-324]
)
floats = st.floats(allow_nan=True, allow_infinity=True)
# Strings from empty to about the file size limit, made by repetition (cheap to draw).
long_texts = st.builds(
    lambda unit, count: unit * count,
    st.sampled_from(_BIG_TEXT_UNITS),
    st.sampled_from([1, 39, 40, 41, 60, 61, 1000, 100_000, 900_000]),
)
timestamps = st.sampled_from(
    [
        "2026-01-02T03:04:05.678Z",
        "2026-01-02T03:04:05",
        "2026-01-02",
        "0001-01-01T00:00:00+14:00",
        "9999-12-31T23:59:59.999999-12:00",
        "2026-01-02 03:04:05",
        "2026-13-45T99:99:99Z",
        "",
    ]
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    big_numbers,
    floats,
    st.text(max_size=12),
    long_texts,
    timestamps,
    st.sampled_from(["X", "O", "draw", "human", "perfect", "ttt-desktop-game"]),
)
values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=12)
        | st.dictionaries(st.text(max_size=12), children, max_size=6)
        # Deep nesting, as a forged file may hold.
        | st.builds(_nest, children, st.integers(2, 500))
    ),
    max_leaves=12,
)


# Valid games to start from --------------------------------------------------------------


@st.composite
def valid_records(draw: st.DrawFn, boards: tuple[Rules, ...] = CLASSIC) -> GameRecord:
    """A valid game on one of ``boards``, made the way the app makes them: by playing
    moves, maybe with undos and hints, maybe branched from another game."""
    from ttt_desktop.core import PlayerEntry  # noqa: PLC0415

    kinds = st.sampled_from(["human", "perfect", "random", "levi", "minimax-3"])
    names = st.text(min_size=1, max_size=MAX_NAME_LENGTH).filter(
        lambda s: any(ch.isprintable() and not ch.isspace() for ch in s)
    )
    seeds = st.none() | st.integers(-(2**70), 2**70)
    x = PlayerEntry(draw(kinds), draw(names), draw(seeds))
    o = PlayerEntry(draw(kinds), draw(names), draw(seeds))
    rules = draw(st.sampled_from(boards))
    record = GameRecord(x, o, draw(st.sampled_from(list(Mark))), rules=rules)
    for cell in draw(st.permutations(range(rules.size))):
        if record.is_finished or not draw(st.integers(0, 9)):
            break
        if draw(st.integers(0, 6)) == 0 and not record.is_finished:
            record = record.with_hint()
        record = record.with_move(cell, draw(st.floats(0, 100)))
        undo = draw(st.integers(0, 8)) == 0
        if undo and record.moves:
            record = record.with_undo(draw(st.integers(1, len(record.moves))))
    branch = draw(st.booleans())
    if branch and record.moves:
        record = record.branched_at(draw(st.integers(0, len(record.moves))))
    return record


# Damage ------------------------------------------------------------------------------------


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(node, dict):
        for key, child in node.items():
            found += _paths(child, (*path, key))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            found += _paths(child, (*path, index))
    return found


@st.composite
def hostile_documents(draw: st.DrawFn, boards: tuple[Rules, ...] = CLASSIC) -> str:
    """A game file's JSON with 1-4 parts replaced, dropped or added, at any depth."""
    record = draw(valid_records(boards))
    # Every format version the loader reads: 3 (written now), and 2 and 1 for tic-tac-toe.
    versions = [3, 3, 2, 1] if record.rules.is_classic else [3]
    document: Any = record_to_dict(record, draw(st.sampled_from(versions)))
    for _ in range(draw(st.integers(1, 4))):
        paths = _paths(document)
        path = draw(st.sampled_from(paths))
        if not path:
            if draw(st.integers(0, 9)) == 0:
                document = draw(values)
            continue
        parent = document
        for step in path[:-1]:
            parent = parent[step]
        action = draw(st.sampled_from(["replace", "replace", "drop", "add"]))
        if action == "replace":
            parent[path[-1]] = draw(values)
        elif action == "drop":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.text(max_size=12))] = draw(values)
        else:
            parent.insert(path[-1], draw(values))
    return json.dumps(document, allow_nan=True, ensure_ascii=draw(st.booleans()))


@st.composite
def hostile_texts(draw: st.DrawFn, boards: tuple[Rules, ...] = CLASSIC) -> str:
    """A game text with lines replaced, dropped, doubled or added; or any text at all."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.text() | long_texts)
    lines = record_to_text(draw(valid_records(boards))).splitlines()
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(lines) - 1)) if lines else 0
        action = draw(st.sampled_from(["value", "value", "drop", "double", "add"]))
        line = lines[at] if lines else ""
        junk = draw(st.one_of(st.text(max_size=20), long_texts, big_numbers.map(str), timestamps))
        if action == "value" and lines:
            key, _, _ = line.partition(":")
            lines[at] = f"{key}: {junk}"
        elif action == "drop" and lines:
            del lines[at]
        elif action == "double" and lines:
            lines.insert(at, line)
        else:
            lines.insert(at, junk)
    return "\n".join(lines)


@st.composite
def hostile_bytes(draw: st.DrawFn, boards: tuple[Rules, ...] = CLASSIC) -> bytes:
    """A game file cut short, or with bytes of another encoding or program in it."""
    data = record_to_json(draw(valid_records(boards))).encode()
    choice = draw(st.integers(0, 3))
    if choice == 0:
        return data[: draw(st.integers(0, len(data)))]
    if choice == 1:
        at = draw(st.integers(0, len(data)))
        return data[:at] + draw(st.binary(max_size=16)) + data[at:]
    if choice == 2:
        return draw(st.binary(max_size=200))
    encoding = draw(st.sampled_from(["utf-16", "latin-1", "utf-8-sig"]))
    return data.decode().encode(encoding, errors="replace")


# What a loaded game must satisfy ---------------------------------------------------------


def check_loaded(record: GameRecord) -> None:
    """Every way a record can disagree with itself, checked."""
    assert isinstance(record, GameRecord)
    # The constructor's checks pass again, and both forms give the same game back.
    assert dataclasses.replace(record) == record
    assert record_from_json(record_to_json(record)) == record
    assert record_from_text(record_to_text(record)) == record
    board = Board.empty(record.first, record.rules).play_all(record.moves)
    assert record.final_board == board
    assert len(record.move_seconds) == len(record.moves)
    assert all(0 <= seconds < float("inf") for seconds in record.move_seconds)
    assert (record.finished_at is not None) == board.is_over
    for player in (record.x, record.o):
        assert 0 < len(player.name) <= MAX_NAME_LENGTH
    branch = record.branched_from
    if branch is not None:
        Board.empty(record.first, record.rules).play_all(branch.parent_moves)
        kept = branch.parent_moves[: branch.ply]
        assert record.moves[: branch.ply] == kept[: len(record.moves)]


def load_any(data: str | bytes) -> GameRecord | None:
    """Load ``data`` as a file's contents (bytes), JSON or text; None when refused.

    Refusal must be ``ValueError`` with a message; anything else propagates and fails.
    """
    try:
        if isinstance(data, bytes):
            return record_from_json(data)  # type: ignore[arg-type]
        if data.lstrip().startswith("{"):
            return record_from_json(data)
        return record_from_text(data)
    except ValueError as error:
        assert str(error), "a refusal must say why"
        return None


# Hostile files -----------------------------------------------------------------------------

HOSTILE_FILES = ("pipe", "dev-zero", "folder", "huge", "deep", "digits", "nan")
HUGE_BYTES = 200 * 1024 * 1024


def make_hostile_file(folder: Path, name: str, what: str) -> Path:
    """Make the hostile file ``what`` (one of :data:`HOSTILE_FILES`) as ``folder / name``.

    ``pipe``: a named pipe, which waits for ever for a writer when opened for reading.
    ``dev-zero``: a link to ``/dev/zero``, which never ends. ``folder``: a folder.
    ``huge``: a 200 MB file (sparse: it takes no disk space). ``deep``: valid JSON
    nested 100,000 deep. ``digits``: JSON holding a whole number of 5,000 digits.
    ``nan``: JSON holding NaN, which is no JSON number.
    """
    path = folder / name
    if what == "pipe":
        os.mkfifo(path)
    elif what == "dev-zero":
        path.symlink_to("/dev/zero")
    elif what == "folder":
        path.mkdir()
    elif what == "huge":
        with path.open("wb") as file:
            file.truncate(HUGE_BYTES)
    elif what == "deep":
        path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    elif what == "digits":
        path.write_text('{"format": 1, "values": [' + "7" * 5000 + "]}", encoding="utf-8")
    elif what == "nan":
        path.write_text('{"format": 1, "values": [NaN]}', encoding="utf-8")
    else:
        raise ValueError(f"no hostile file called {what!r}")
    return path
