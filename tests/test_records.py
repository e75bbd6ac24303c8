"""Game records: derived boards, new records, JSON and text forms, atomic files.

Property tests check that any valid record survives both forms unchanged, and that
no truncation or corruption of a valid file raises anything but ``ValueError``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ttt_desktop.engine import (
    Board,
    BranchPoint,
    GameOverError,
    GameRecord,
    HintUse,
    IllegalMoveError,
    Mark,
    OccupiedCellError,
    PlayerEntry,
    UndoEvent,
    load_record,
    save_record,
)
from ttt_desktop.engine.records import FORMAT_NAME

# Tests never have a time limit, and the machine may be busy.
NO_DEADLINE = settings(deadline=None)

ANN = PlayerEntry("human", "Ann")
PERFECT = PlayerEntry("perfect", "Perfect", seed=7)
STARTED = "2026-01-02T03:04:05.678Z"


def record_of(moves: tuple[int, ...], first: Mark = Mark.X) -> GameRecord:
    record = GameRecord(ANN, PERFECT, first, started_at=STARTED)
    for cell in moves:
        record = record.with_move(cell, 0.25)
    return record


# Strategies ---------------------------------------------------------------------

names = st.text(min_size=1, max_size=20).filter(
    lambda s: any(ch.isprintable() and not ch.isspace() for ch in s)
)
kinds = st.sampled_from(["human", "perfect", "random", "levi", "ralph", "minimax-3"])
seeds = st.none() | st.integers(min_value=-(2**70), max_value=2**70)
players = st.builds(PlayerEntry, kinds, names, seeds)
timestamps = st.datetimes(timezones=st.just(UTC)).map(lambda moment: moment.isoformat())
think_times = st.floats(min_value=0, max_value=1e6, allow_nan=False, allow_infinity=False)


def legal_game(order: list[int], length: int, first: Mark) -> tuple[int, ...]:
    """The first ``length`` cells of ``order`` that can be played, stopping when the game ends."""
    board = Board.empty(first)
    moves: list[int] = []
    for cell in order[:length]:
        if board.is_over:
            break
        board = board.play(cell)
        moves.append(cell)
    return tuple(moves)


@st.composite
def records(draw: st.DrawFn) -> GameRecord:
    first = draw(st.sampled_from(list(Mark)))
    moves = legal_game(draw(st.permutations(range(9))), draw(st.integers(0, 9)), first)
    branch = None
    if draw(st.booleans()):
        parent = legal_game(draw(st.permutations(range(9))), 9, first)
        branch = BranchPoint(draw(timestamps), draw(st.integers(0, len(parent))), parent)
    undos = []
    for _ in range(draw(st.integers(0, 2))):
        before = legal_game(draw(st.permutations(range(9))), draw(st.integers(1, 9)), first)
        count = draw(st.integers(1, len(before)))
        by = first if (len(before) - count) % 2 == 0 else first.opponent
        undos.append(UndoEvent(before, count, by))
    hint_plies = draw(st.lists(st.integers(0, 8), max_size=3))
    return GameRecord(
        x=draw(players),
        o=draw(players),
        first=first,
        moves=moves,
        move_seconds=tuple(draw(think_times) for _ in moves),
        started_at=draw(timestamps),
        finished_at=draw(st.none() | timestamps),
        branched_from=branch,
        undos=tuple(undos),
        hints=tuple(HintUse(ply, first if ply % 2 == 0 else first.opponent) for ply in hint_plies),
    )


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=5), children, max_size=3)
    ),
    max_leaves=6,
)


def loads_or_value_error(text: str) -> GameRecord | None:
    """Read ``text``; None when it was refused with ValueError. Any other exception fails."""
    try:
        return GameRecord.from_json(text)
    except ValueError as error:
        assert str(error), "a refusal must say why"
        return None


# Derived state --------------------------------------------------------------------


class TestDerived:
    def test_board_at_every_ply(self) -> None:
        record = record_of((4, 0, 8, 2, 1))
        assert record.board_at(0) == Board.empty(Mark.X)
        assert record.board_at(2).to_string() == "O...X...."
        assert record.final_board == Board.empty().play_all((4, 0, 8, 2, 1))
        with pytest.raises(ValueError, match="ply must be 0-5"):
            record.board_at(6)

    def test_result_and_finish(self) -> None:
        running = record_of((4, 0))
        assert running.result is None
        assert not running.is_finished
        assert running.finished_at is None
        won = record_of((0, 3, 1, 4, 2))
        assert won.result == "X"
        assert won.is_finished
        assert won.finished_at is not None
        o_first = record_of((0, 3, 1, 4, 2), first=Mark.O)
        assert o_first.result == "O"
        drawn = record_of((4, 0, 8, 2, 1, 7, 6, 3, 5))
        assert drawn.result == "draw"

    def test_player_and_mark_at(self) -> None:
        record = record_of((4, 0), first=Mark.O)
        assert record.player(Mark.X) is ANN
        assert record.player(Mark.O) is PERFECT
        assert [record.mark_at(i) for i in range(3)] == [Mark.O, Mark.X, Mark.O]

    def test_with_move_refuses_illegal_moves(self) -> None:
        record = record_of((4,))
        with pytest.raises(OccupiedCellError):
            record.with_move(4)
        with pytest.raises(GameOverError):
            record_of((0, 3, 1, 4, 2)).with_move(8)
        with pytest.raises(IllegalMoveError):
            record.with_move(9)
        with pytest.raises(ValueError, match="think time"):
            record.with_move(0, -1.0)

    def test_with_move_leaves_the_original_alone(self) -> None:
        record = record_of((4,))
        longer = record.with_move(0, 1.5)
        assert record.moves == (4,)
        assert longer.moves == (4, 0)
        assert longer.move_seconds == (0.25, 1.5)
        assert longer.with_move(8, 0.0123456).move_seconds[-1] == 0.012, "kept to the ms"

    def test_constructor_checks_the_game(self) -> None:
        with pytest.raises(OccupiedCellError):
            GameRecord(ANN, PERFECT, Mark.X, moves=(4, 4))
        with pytest.raises(ValueError, match="one think time per move"):
            GameRecord(ANN, PERFECT, Mark.X, moves=(4, 0), move_seconds=(1.0,))
        with pytest.raises(ValueError, match="ISO 8601"):
            GameRecord(ANN, PERFECT, Mark.X, started_at="yesterday")
        # No think times at all means zero for each move.
        assert GameRecord(ANN, PERFECT, Mark.X, moves=(4, 0)).move_seconds == (0.0, 0.0)

    def test_player_entry_tidies_names_and_checks_kinds(self) -> None:
        assert PlayerEntry("human", "  Ann\n  Lee ").name == "Ann Lee"
        with pytest.raises(ValueError, match="name must not be empty"):
            PlayerEntry("human", " \t")
        with pytest.raises(ValueError, match="kind"):
            PlayerEntry("not a kind", "Ann")
        with pytest.raises(ValueError, match="seed"):
            PlayerEntry("random", "Rando", seed=True)  # type: ignore[arg-type]

    def test_truncated(self) -> None:
        record = record_of((0, 3, 1, 4, 2))
        head = record.truncated(3)
        assert head.moves == (0, 3, 1)
        assert head.move_seconds == (0.25, 0.25, 0.25)
        assert head.finished_at is None
        assert head.started_at == record.started_at
        assert record.truncated(5) == record

    def test_branched_at(self) -> None:
        parent = record_of((0, 3, 1, 4, 2))
        branch = parent.branched_at(2, o=ANN)
        assert branch.moves == (0, 3)
        assert branch.o == ANN
        assert branch.x == parent.x
        assert branch.finished_at is None
        assert branch.started_at != parent.started_at
        assert branch.branched_from == BranchPoint(parent.started_at, 2, parent.moves)

    def test_branch_point_checks_its_ply(self) -> None:
        with pytest.raises(ValueError, match="branch ply"):
            BranchPoint(STARTED, 4, (0, 1, 2))


# JSON ------------------------------------------------------------------------------


class TestJson:
    def test_document_shape(self) -> None:
        data = json.loads(record_of((4, 0, 8)).to_json())
        assert data["format"] == FORMAT_NAME
        assert data["version"] == 2
        assert data["players"]["O"] == {"kind": "perfect", "name": "Perfect", "seed": 7}
        assert data["first"] == "X"
        assert data["moves"] == [4, 0, 8]
        assert data["result"] is None
        assert data["started_at"] == STARTED

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("", "it is empty"),
            ("   \n", "it is empty"),
            ('{"format": "ttt-desktop-game", "vers', "malformed or cut short"),
            ("[1, 2, 3]", "not a TTT Desktop game file"),
            ('{"name": "some other program"}', "not a TTT Desktop game file"),
            ('{"format": "ttt-desktop-game", "version": 3}', "newer TTT Desktop"),
            ('{"format": "ttt-desktop-game", "version": "1"}', "whole number"),
            ('{"format": "ttt-desktop-game", "version": 0}', "does not exist"),
            ('{"format": "ttt-desktop-game", "version": 1}', '"players" is missing'),
            ("[" * 100_000, "nested too deeply|malformed"),
        ],
    )
    def test_bad_documents(self, text: str, message: str) -> None:
        with pytest.raises(ValueError, match=message):
            GameRecord.from_json(text)

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"moves": [4, 0, 4]}, "already taken"),
            ({"moves": [4, 0, 9]}, "cells 0-8"),
            ({"moves": "4,0"}, "list of cells"),
            ({"first": "Z"}, '"X" or "O"'),
            ({"result": "X"}, "the moves give"),
            ({"move_seconds": [1.0]}, "one think time per move"),
            ({"move_seconds": [-1, 0, 0]}, "think time"),
            ({"started_at": "soon"}, "ISO 8601"),
            ({"players": {"X": {"kind": "human", "name": "Ann"}}}, "player O is missing"),
            ({"branched_from": {"ply": 1}}, "parent_started_at"),
            ({"move_seconds": [float("inf"), 0, 0]}, "Infinity"),
        ],
    )
    def test_damaged_fields(self, change: dict[str, Any], message: str) -> None:
        data = record_of((4, 0, 8)).to_dict()
        data.update(change)
        with pytest.raises(ValueError, match=message):
            GameRecord.from_json(json.dumps(data))

    def test_bytes_are_read_as_utf8(self) -> None:
        record = record_of((4,))
        assert GameRecord.from_json(record.to_json().encode("utf-8")) == record  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="not UTF-8"):
            GameRecord.from_json(b"\xff\xfe")  # type: ignore[arg-type]

    @NO_DEADLINE
    @given(records())
    def test_round_trip(self, record: GameRecord) -> None:
        assert GameRecord.from_json(record.to_json()) == record

    @NO_DEADLINE
    @given(records(), st.data())
    def test_truncation_is_refused(self, record: GameRecord, data: st.DataObject) -> None:
        text = record.to_json().rstrip()
        cut = data.draw(st.integers(0, len(text) - 1))
        with pytest.raises(ValueError):
            GameRecord.from_json(text[:cut])

    @NO_DEADLINE
    @given(records(), st.data())
    def test_character_corruption_gives_value_error_or_a_valid_record(
        self, record: GameRecord, data: st.DataObject
    ) -> None:
        text = record.to_json()
        for _ in range(data.draw(st.integers(1, 4))):
            at = data.draw(st.integers(0, len(text)))
            action = data.draw(st.sampled_from(["replace", "insert", "delete"]))
            char = data.draw(st.characters(codec="utf-8") | st.sampled_from('{}[]",:0123456789-'))
            if action == "replace":
                text = text[:at] + char + text[at + 1 :]
            elif action == "insert":
                text = text[:at] + char + text[at:]
            else:
                text = text[:at] + text[at + 1 :]
        loaded = loads_or_value_error(text)
        if loaded is not None:
            assert GameRecord.from_json(loaded.to_json()) == loaded

    @settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(records(), st.data())
    def test_structural_corruption_gives_value_error_or_a_valid_record(
        self, record: GameRecord, data: st.DataObject
    ) -> None:
        document: Any = record.to_dict()
        # Walk down to a random object or list and replace, add or drop one entry.
        node = document
        while True:
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = data.draw(st.sampled_from(keys))
            child = node[key]
            if isinstance(child, dict | list) and data.draw(st.booleans()):
                node = child
                continue
            action = data.draw(st.sampled_from(["replace", "drop"]))
            if action == "drop":
                del node[key]
            else:
                node[key] = data.draw(json_values)
            break
        loaded = loads_or_value_error(json.dumps(document))
        if loaded is not None:
            assert GameRecord.from_json(loaded.to_json()) == loaded


# Text ------------------------------------------------------------------------------


class TestText:
    def test_text_shape(self) -> None:
        text = record_of((0, 3, 1, 4, 2)).to_text()
        lines = text.splitlines()
        assert lines[0] == "TTT Desktop game"
        assert "X: Ann (human)" in lines
        assert "O: Perfect (perfect, seed 7)" in lines
        assert "Result: X wins" in lines
        assert lines[-1] == "Moves: 74859"

    def test_bare_move_string(self) -> None:
        record = GameRecord.from_text(" 5, 7 3\n")
        assert record.moves == (4, 0, 8)
        assert record.x.is_human
        assert record.first is Mark.X

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("", "empty"),
            ("hello there", "should start with"),
            ("TTT Desktop game\nMoves: 55", "damaged"),
            ("TTT Desktop game\nFirst: X\nMoves: 5", "'x' line is missing"),
            ("TTT Desktop game\nWhat is this", "not 'Name: value'"),
            ("TTT Desktop game\nColour: red", "unknown line"),
            ("TTT Desktop game\nFirst: X\nFirst: O", "twice"),
            ("5 5", "already taken"),
        ],
    )
    def test_bad_texts(self, text: str, message: str) -> None:
        with pytest.raises(ValueError, match=message):
            GameRecord.from_text(text)

    def test_result_line_must_agree(self) -> None:
        text = record_of((4, 0)).to_text().replace("Result: unfinished", "Result: X wins")
        with pytest.raises(ValueError, match="'Result' says"):
            GameRecord.from_text(text)

    @NO_DEADLINE
    @given(records())
    def test_round_trip(self, record: GameRecord) -> None:
        assert GameRecord.from_text(record.to_text()) == record

    @NO_DEADLINE
    @given(records(), st.data())
    def test_corruption_gives_value_error_or_a_valid_record(
        self, record: GameRecord, data: st.DataObject
    ) -> None:
        text = record.to_text()
        at = data.draw(st.integers(0, len(text)))
        text = (
            text[:at] + data.draw(st.text(max_size=3)) + text[at + data.draw(st.integers(0, 3)) :]
        )
        try:
            GameRecord.from_text(text)
        except ValueError as error:
            assert str(error)


# Files -----------------------------------------------------------------------------


class TestFiles:
    def test_save_and_load(self, tmp_path: Path) -> None:
        path = tmp_path / "game.tttgame"
        record = record_of((4, 0, 8))
        save_record(record, path)
        assert load_record(path) == record
        assert [p.name for p in tmp_path.iterdir()] == ["game.tttgame"]

    def test_failed_rename_leaves_old_file_intact(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        path = tmp_path / "game.tttgame"
        old = record_of((4,))
        save_record(old, path)
        before = path.read_bytes()

        def refuse(*_args: object) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(os, "replace", refuse)
        with pytest.raises(OSError, match="No space"):
            save_record(record_of((4, 0, 8)), path)
        assert path.read_bytes() == before
        assert [p.name for p in tmp_path.iterdir()] == ["game.tttgame"]

    def test_failed_write_leaves_old_file_intact(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        path = tmp_path / "game.tttgame"
        save_record(record_of((4,)), path)
        before = path.read_bytes()

        def refuse(_descriptor: int) -> None:
            raise OSError(5, "Input/output error")

        monkeypatch.setattr(os, "fsync", refuse)
        with pytest.raises(OSError, match="Input/output"):
            save_record(record_of((4, 0, 8)), path)
        assert path.read_bytes() == before
        assert [p.name for p in tmp_path.iterdir()] == ["game.tttgame"]

    def test_unwritable_folder_raises_oserror(self, tmp_path: Path) -> None:
        with pytest.raises(OSError):
            save_record(record_of((4,)), tmp_path / "missing" / "game.tttgame")

    @pytest.mark.parametrize(
        ("contents", "message"),
        [
            (b"", "it is empty"),
            (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not UTF-8"),
            (b"{\x00}", "binary data"),
            (b'{"format": "ttt-desktop-game", "version": 1, "players": {', "cut short"),
            (b'{"format": "ttt-desktop-game", "version": 99}', "newer TTT Desktop"),
            (b'{"type": "FeatureCollection"}', "not a TTT Desktop game file"),
            (b" " * 1_000_001, "far too large"),
        ],
    )
    def test_bad_files(self, tmp_path: Path, contents: bytes, message: str) -> None:
        path = tmp_path / "bad.tttgame"
        path.write_bytes(contents)
        with pytest.raises(ValueError, match=message):
            load_record(path)

    def test_missing_file_and_folder(self, tmp_path: Path) -> None:
        with pytest.raises(ValueError, match=r"can't read missing\.tttgame"):
            load_record(tmp_path / "missing.tttgame")
        with pytest.raises(ValueError, match="can't read"):
            load_record(tmp_path)

    @NO_DEADLINE
    @given(st.binary(max_size=200))
    def test_random_bytes_are_refused(self, contents: bytes) -> None:
        try:
            loaded = GameRecord.from_json(contents)  # type: ignore[arg-type]
        except ValueError as error:
            assert str(error)
        else:
            assert loaded.final_board is not None


class TestVersion2:
    """Game ids, moves taken back and hints; version-1 files still open."""

    VERSION_1 = """{
  "format": "ttt-desktop-game",
  "version": 1,
  "players": {
    "X": {"kind": "human", "name": "Ann", "seed": null},
    "O": {"kind": "perfect", "name": "Perfect", "seed": 7}
  },
  "first": "X",
  "moves": [4, 0, 8],
  "move_seconds": [1.5, 0.25, 2.0],
  "result": null,
  "started_at": "2025-06-01T10:00:00.000Z",
  "finished_at": null,
  "branched_from": null
}
"""

    def test_a_version_1_file_still_opens(self, tmp_path: Path) -> None:
        path = tmp_path / "old.tttgame"
        path.write_text(self.VERSION_1, encoding="utf-8")
        record = load_record(path)
        assert record.moves == (4, 0, 8)
        assert record.move_seconds == (1.5, 0.25, 2.0)
        assert (record.x, record.o) == (ANN, PERFECT)
        assert record.undos == () and record.hints == ()
        # The id is derived from the content: the same on every read, and saved from then on.
        assert len(record.game_id) == 32
        assert load_record(path).game_id == record.game_id
        other = json.loads(self.VERSION_1)
        other["moves"] = [4, 0]
        other["move_seconds"] = [1.5, 0.25]
        assert GameRecord.from_json(json.dumps(other)).game_id != record.game_id
        save_record(record, tmp_path / "new.tttgame")
        saved = json.loads((tmp_path / "new.tttgame").read_text(encoding="utf-8"))
        assert saved["version"] == 2
        assert saved["game_id"] == record.game_id
        assert load_record(tmp_path / "new.tttgame") == record

    def test_game_ids(self) -> None:
        one, two = record_of(()), record_of(())
        assert one.game_id != two.game_id
        assert len(one.game_id) == 32 and int(one.game_id, 16) >= 0
        later = one.with_move(4).with_move(0)
        assert later.game_id == one.game_id
        assert later.truncated(1).game_id == one.game_id
        assert later.branched_at(1).game_id != one.game_id
        assert GameRecord.from_json(later.to_json()).game_id == one.game_id
        assert GameRecord.from_text(later.to_text()).game_id == one.game_id
        with pytest.raises(ValueError, match="32 lowercase hex"):
            GameRecord(ANN, PERFECT, Mark.X, game_id="not an id")

    def test_undo_and_hints_are_kept(self, tmp_path: Path) -> None:
        record = record_of((4, 0)).with_hint().with_move(8, 1.0).with_undo(1)
        assert record.moves == (4, 0)
        assert record.undos == (UndoEvent((4, 0, 8), 1, Mark.X),)
        assert record.undos[0].taken_back == (8,) and record.undos[0].ply == 2
        assert record.hints == (HintUse(2, Mark.X),)
        won = record.with_move(1).with_move(8).with_move(7)
        assert won.is_finished and won.finished_at is not None
        reopened = won.with_undo(2)
        assert not reopened.is_finished and reopened.finished_at is None
        assert reopened.moves_taken_back(Mark.O) == 1
        assert reopened.moves_taken_back(Mark.X) == 1
        assert reopened.hints_used(Mark.X) == 1 and reopened.hints_used(Mark.O) == 0
        path = tmp_path / "coached.tttgame"
        save_record(reopened, path)
        assert load_record(path) == reopened
        assert GameRecord.from_text(reopened.to_text()) == reopened
        assert "Taken back: 573/1 57832/2" in reopened.to_text()
        # A branch is a new game: nothing taken back or hinted yet.
        branch = reopened.branched_at(1)
        assert branch.undos == () and branch.hints == ()

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"game_id": "XYZ"}, "32 lowercase hex"),
            ({"game_id": None}, '"game_id" must be a string'),
            ({"undos": {}}, '"undos" must be a list'),
            ({"undos": [{"moves_before": [4, 4], "count": 1, "by": "X"}]}, "already taken"),
            ({"undos": [{"moves_before": [4], "count": 2, "by": "X"}]}, "takes back 1-1"),
            ({"undos": [{"moves_before": [4, 0], "count": 1, "by": "X"}]}, "gives the turn to O"),
            ({"undos": [[4, 0]]}, "an undo must be an object"),
            ({"hints": [{"ply": 1, "mark": "X"}]}, "it is O's turn"),
            ({"hints": [{"ply": 9, "mark": "O"}]}, "after 0-8 moves"),
            ({"hints": "many"}, '"hints" must be a list'),
        ],
    )
    def test_damaged_version_2_parts_are_refused(
        self, change: dict[str, Any], message: str
    ) -> None:
        data = json.loads(record_of((4, 0)).to_json())
        data.update(change)
        with pytest.raises(ValueError, match=message):
            GameRecord.from_json(json.dumps(data))

    def test_undo_needs_moves(self) -> None:
        with pytest.raises(ValueError, match="takes back"):
            record_of(()).with_undo(1)
        with pytest.raises(ValueError, match="over"):
            record_of((0, 3, 1, 4, 2)).with_hint()


def test_records_import_no_qt() -> None:
    code = (
        "import sys, ttt_desktop.engine.records; "
        "print(any(m.startswith('PySide6') for m in sys.modules))"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert output.stdout.strip() == "False"
