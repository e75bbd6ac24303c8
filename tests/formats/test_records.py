"""Game records: derived boards, new records, JSON and text forms, atomic files.

Property tests check that any valid record survives both forms unchanged, and that
no truncation or corruption of a valid file raises anything but ``ValueError``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from datetime import UTC
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ttt_desktop.core import (
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
)
from ttt_desktop.core.record import MAX_NAME_LENGTH
from ttt_desktop.formats.files import load_record, remove_stale_temporaries, save_record
from ttt_desktop.formats.json_codec import (
    FORMAT_NAME,
    record_from_json,
    record_to_dict,
    record_to_json,
)
from ttt_desktop.formats.text_codec import record_from_text, record_to_text

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
    """Any record that agrees with itself: legal moves, a finish time exactly when the
    game has ended and not before its start, a branch whose kept moves open the game."""
    first = draw(st.sampled_from(list(Mark)))
    order = draw(st.permutations(range(9)))
    moves = legal_game(order, draw(st.integers(0, 9)), first)
    branch = None
    if draw(st.booleans()):
        ply = draw(st.integers(0, len(moves)))
        # The parent shares the kept moves, then goes its own way.
        rest = [cell for cell in draw(st.permutations(range(9))) if cell not in moves[:ply]]
        parent = legal_game([*moves[:ply], *rest], 9, first)
        branch = BranchPoint(draw(timestamps), ply, parent)
    started = draw(st.datetimes(timezones=st.just(UTC)))
    finished = None
    if Board.empty(first).play_all(moves).is_over:
        finished = draw(
            st.datetimes(min_value=started.replace(tzinfo=None), timezones=st.just(UTC))
        )
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
        started_at=started.isoformat(),
        finished_at=None if finished is None else finished.isoformat(),
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
        return record_from_json(text)
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
        data = json.loads(record_to_json(record_of((4, 0, 8))))
        assert data["format"] == FORMAT_NAME
        assert data["version"] == 3
        assert data["rules"] == "3,3,3"
        assert data["players"]["O"] == {"kind": "perfect", "name": "Perfect", "seed": 7}
        assert data["first"] == "X"
        # Cells in the board's one notation: keypad digits on tic-tac-toe.
        assert data["moves"] == ["5", "7", "3"]
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
            ('{"format": "ttt-desktop-game", "version": 4}', "newer TTT Desktop"),
            ('{"format": "ttt-desktop-game", "version": 3}', '"rules" is missing'),
            ('{"format": "ttt-desktop-game", "version": "1"}', "whole number"),
            ('{"format": "ttt-desktop-game", "version": 0}', "does not exist"),
            ('{"format": "ttt-desktop-game", "version": 1}', '"players" is missing'),
            ("[" * 100_000, "nested too deeply|malformed"),
        ],
    )
    def test_bad_documents(self, text: str, message: str) -> None:
        with pytest.raises(ValueError, match=message):
            record_from_json(text)

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"moves": ["5", "7", "5"]}, "already taken"),
            ({"moves": ["5", "7", "0"]}, "keypad digit 1-9, not '0'"),
            ({"moves": [4, 0, 8]}, 'list of keypad digits "1"-"9"'),
            ({"moves": "5,7"}, "list of keypad digits"),
            ({"rules": "3,3,9"}, "k .in a row. must be 3 to max"),
            ({"rules": 333}, '"rules" must be rules like'),
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
        data = record_to_dict(record_of((4, 0, 8)))
        data.update(change)
        with pytest.raises(ValueError, match=message):
            record_from_json(json.dumps(data))

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"moves": [4, 0, 4]}, "already taken"),
            ({"moves": [4, 0, 9]}, "cells 0-8"),
            ({"moves": "4,0"}, "list of cells"),
            ({"moves": ["5", "7", "3"]}, "list of cells 0-8"),
        ],
    )
    def test_damaged_version_2_cells(self, change: dict[str, Any], message: str) -> None:
        # Versions 1 and 2 wrote cells as numbers 0-8.
        data = record_to_dict(record_of((4, 0, 8)), 2)
        data.update(change)
        with pytest.raises(ValueError, match=message):
            record_from_json(json.dumps(data))

    def test_cells_are_checked_against_the_records_board(self) -> None:
        with pytest.raises(ValueError, match="moves must be cells 0-8, but one is 9"):
            GameRecord(ANN, PERFECT, Mark.X, moves=(4, 9))

    def test_bytes_are_read_as_utf8(self) -> None:
        record = record_of((4,))
        assert record_from_json(record_to_json(record).encode("utf-8")) == record  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="not UTF-8"):
            record_from_json(b"\xff\xfe")  # type: ignore[arg-type]

    @NO_DEADLINE
    @given(records())
    def test_round_trip(self, record: GameRecord) -> None:
        assert record_from_json(record_to_json(record)) == record

    @NO_DEADLINE
    @given(records(), st.data())
    def test_truncation_is_refused(self, record: GameRecord, data: st.DataObject) -> None:
        text = record_to_json(record).rstrip()
        cut = data.draw(st.integers(0, len(text) - 1))
        with pytest.raises(ValueError):
            record_from_json(text[:cut])

    @NO_DEADLINE
    @given(records(), st.data())
    def test_character_corruption_gives_value_error_or_a_valid_record(
        self, record: GameRecord, data: st.DataObject
    ) -> None:
        text = record_to_json(record)
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
            assert record_from_json(record_to_json(loaded)) == loaded

    @settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(records(), st.data())
    def test_structural_corruption_gives_value_error_or_a_valid_record(
        self, record: GameRecord, data: st.DataObject
    ) -> None:
        document: Any = record_to_dict(record)
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
            assert record_from_json(record_to_json(loaded)) == loaded


# Text ------------------------------------------------------------------------------


class TestText:
    def test_text_shape(self) -> None:
        text = record_to_text(record_of((0, 3, 1, 4, 2)))
        lines = text.splitlines()
        assert lines[0] == "TTT Desktop game"
        assert "X: Ann (human)" in lines
        assert "O: Perfect (perfect, seed 7)" in lines
        assert "Result: X wins" in lines
        assert lines[-1] == "Moves: 74859"

    def test_bare_move_string(self) -> None:
        record = record_from_text(" 5, 7 3\n")
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
            record_from_text(text)

    def test_result_line_must_agree(self) -> None:
        text = record_to_text(record_of((4, 0))).replace("Result: unfinished", "Result: X wins")
        with pytest.raises(ValueError, match="'Result' says"):
            record_from_text(text)

    @NO_DEADLINE
    @given(records())
    def test_round_trip(self, record: GameRecord) -> None:
        assert record_from_text(record_to_text(record)) == record

    @NO_DEADLINE
    @given(records(), st.data())
    def test_corruption_gives_value_error_or_a_valid_record(
        self, record: GameRecord, data: st.DataObject
    ) -> None:
        text = record_to_text(record)
        at = data.draw(st.integers(0, len(text)))
        text = (
            text[:at] + data.draw(st.text(max_size=3)) + text[at + data.draw(st.integers(0, 3)) :]
        )
        try:
            record_from_text(text)
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
        with pytest.raises(ValueError, match="it is a folder, not a regular file"):
            load_record(tmp_path)

    @pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX only")
    def test_named_pipe_is_refused_without_waiting(self, tmp_path: Path) -> None:
        # Opening a pipe for reading waits for a writer: it must not be opened at all.
        # Run in a child process, so a regression fails the test instead of hanging it.
        pipe = tmp_path / "game.tttgame"
        os.mkfifo(pipe)
        code = (
            "import sys\n"
            "from ttt_desktop.formats.files import load_record\n"
            "try:\n"
            "    load_record(sys.argv[1])\n"
            "except ValueError as error:\n"
            "    print(error)\n"
        )
        child = subprocess.Popen(
            [sys.executable, "-c", code, str(pipe)], stdout=subprocess.PIPE, text=True
        )
        try:
            output, _ = child.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            child.kill()
            # Free a child blocked in open() so it can be reaped.
            with open(pipe, "wb"):
                pass
            child.communicate()
            pytest.fail("load_record waited on a named pipe")
        assert output.strip() == (
            "game.tttgame is not a game file: it is a named pipe, not a regular file"
        )

    def test_devices_are_refused(self) -> None:
        if not Path("/dev/null").exists():
            pytest.skip("no /dev/null here")
        with pytest.raises(ValueError, match="it is a device, not a regular file"):
            load_record("/dev/null")

    def test_symlink_loop_is_refused(self, tmp_path: Path) -> None:
        first, second = tmp_path / "a.tttgame", tmp_path / "b.tttgame"
        first.symlink_to(second)
        second.symlink_to(first)
        with pytest.raises(ValueError, match=r"can't read a\.tttgame: Too many levels"):
            load_record(first)

    def test_link_to_a_game_file_opens(self, tmp_path: Path) -> None:
        target = tmp_path / "real.tttgame"
        record = record_of((4, 0))
        save_record(record, target)
        link = tmp_path / "link.tttgame"
        link.symlink_to(target)
        assert load_record(link) == record


class TestStaleTemporaries:
    """A save killed between writing its temporary file and the rename leaves the file;
    the next save (or open) of that game removes such leftovers: only ours, only old."""

    def make(self, path: Path, age_seconds: float) -> Path:
        path.write_text("{partial")
        moment = path.stat().st_mtime - age_seconds
        os.utime(path, (moment, moment), follow_symlinks=False)
        return path

    def test_only_old_plain_files_of_our_naming_go(self, tmp_path: Path) -> None:
        target = tmp_path / "game.tttgame"
        stale = self.make(tmp_path / ".game.tttgame.ab_9xyz0.tmp", 3600)
        fresh = self.make(tmp_path / ".game.tttgame.k2l3m4n5.tmp", 5)
        other_game = self.make(tmp_path / ".other.tttgame.ab_9xyz0.tmp", 3600)
        not_ours = [
            self.make(tmp_path / ".game.tttgame.short.tmp", 3600),
            self.make(tmp_path / ".game.tttgame.ABCDEFGH.tmp", 3600),
            self.make(tmp_path / "game.tttgame.ab_9xyz0.tmp", 3600),
            self.make(tmp_path / ".game.tttgame.ab_9xyz0.tmp.bak", 3600),
        ]
        folder = tmp_path / ".game.tttgame.folder00.tmp"
        folder.mkdir()
        os.utime(folder, (0, 0))
        keep = tmp_path / "keep.txt"
        keep.write_text("precious")
        link = tmp_path / ".game.tttgame.link0000.tmp"
        link.symlink_to(keep)
        os.utime(link, (0, 0), follow_symlinks=False)

        record = record_of((4,))
        save_record(record, target)

        assert not stale.exists()
        survivors = [fresh, other_game, *not_ours, folder, link, keep, target]
        assert all(path.exists() or path.is_symlink() for path in survivors)
        assert keep.read_text() == "precious", "a link's target is never touched"
        assert load_record(target) == record

    def test_remove_stale_temporaries_reports_what_it_removed(self, tmp_path: Path) -> None:
        target = tmp_path / "game.tttgame"
        stale = self.make(tmp_path / ".game.tttgame.0000aaaa.tmp", 60)
        assert remove_stale_temporaries(target, older_than=3600) == []
        assert remove_stale_temporaries(target, older_than=30) == [stale]
        assert remove_stale_temporaries(tmp_path / "missing" / "game.tttgame") == []

    @pytest.mark.skipif(not hasattr(os, "fork"), reason="kills a process with SIGKILL")
    def test_a_save_killed_midway_is_cleaned_up_by_the_next(self, tmp_path: Path) -> None:
        # The child is killed (SIGKILL) at the worst moment: temporary file written, not
        # yet renamed. The old file must be intact and the next save must tidy up.
        target = tmp_path / "game.tttgame"
        save_record(record_of((4,)), target)
        before = target.read_bytes()
        code = (
            "import os, signal, sys\n"
            "from ttt_desktop.core import GameRecord, PlayerEntry, Mark\n"
            "from ttt_desktop.formats.files import save_record\n"
            "def killed(*args):\n"
            "    os.kill(os.getpid(), signal.SIGKILL)\n"
            "os.replace = killed\n"
            "record = GameRecord(PlayerEntry('human', 'A'), PlayerEntry('human', 'B'), Mark.X)\n"
            "save_record(record.with_move(0), sys.argv[1])\n"
        )
        child = subprocess.run([sys.executable, "-c", code, str(target)], check=False)
        assert child.returncode == -9
        leftovers = [path for path in tmp_path.iterdir() if path != target]
        assert len(leftovers) == 1
        assert leftovers[0].name.startswith(".game.tttgame.")
        assert target.read_bytes() == before
        moment = leftovers[0].stat().st_mtime - 3600
        os.utime(leftovers[0], (moment, moment))
        save_record(record_of((4, 0)), target)
        assert list(tmp_path.iterdir()) == [target]

    @NO_DEADLINE
    @given(st.binary(max_size=200))
    def test_random_bytes_are_refused(self, contents: bytes) -> None:
        try:
            loaded = record_from_json(contents)  # type: ignore[arg-type]
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
        assert record_from_json(json.dumps(other)).game_id != record.game_id
        save_record(record, tmp_path / "new.tttgame")
        saved = json.loads((tmp_path / "new.tttgame").read_text(encoding="utf-8"))
        assert saved["version"] == 3
        assert saved["game_id"] == record.game_id
        assert load_record(tmp_path / "new.tttgame") == record

    def test_game_ids(self) -> None:
        one, two = record_of(()), record_of(())
        assert one.game_id != two.game_id
        assert len(one.game_id) == 32 and int(one.game_id, 16) >= 0
        # Random version-4 UUIDs as the uuid module writes them (made without it).
        for game_id in {record_of(()).game_id for _ in range(200)}:
            made = uuid.UUID(hex=game_id)
            assert (made.version, made.variant, made.hex) == (4, uuid.RFC_4122, game_id)
        later = one.with_move(4).with_move(0)
        assert later.game_id == one.game_id
        assert later.truncated(1).game_id == one.game_id
        assert later.branched_at(1).game_id != one.game_id
        assert record_from_json(record_to_json(later)).game_id == one.game_id
        assert record_from_text(record_to_text(later)).game_id == one.game_id
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
        assert record_from_text(record_to_text(reopened)) == reopened
        assert "Taken back: 573/1 57832/2" in record_to_text(reopened)
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
        data = record_to_dict(record_of((4, 0)), 2)
        data.update(change)
        with pytest.raises(ValueError, match=message):
            record_from_json(json.dumps(data))

    def test_undo_needs_moves(self) -> None:
        with pytest.raises(ValueError, match="takes back"):
            record_of(()).with_undo(1)
        with pytest.raises(ValueError, match="over"):
            record_of((0, 3, 1, 4, 2)).with_hint()


def test_records_import_no_qt() -> None:
    code = (
        "import sys, ttt_desktop.core.record, ttt_desktop.formats.files; "
        "print(any(m.startswith('PySide6') for m in sys.modules))"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert output.stdout.strip() == "False"


def test_the_engine_loads_records_and_their_files_only_when_used() -> None:
    # Start-up: playing needs no json, dataclasses or tempfile; loading a game no tempfile.
    code = (
        "import sys, ttt_desktop.core as engine\n"
        "heavy = ('json', 'dataclasses', 'tempfile', 'ttt_desktop.core.record')\n"
        "print(sorted(name for name in heavy if name in sys.modules))\n"
        "engine.GameRecord\n"
        "from ttt_desktop.formats.files import load_record\n"
        "print(sorted(name for name in heavy if name in sys.modules))\n"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert output.stdout.splitlines() == [
        "[]",
        "['dataclasses', 'json', 'ttt_desktop.core.record']",
    ]


# Hostile and self-contradictory files -----------------------------------------------


def game_document(**changes: Any) -> str:
    """A valid finished game file's JSON (version 2: cells as numbers) with ``changes``."""
    data = record_to_dict(record_of((0, 3, 1, 4, 2)), 2)
    data.update(changes)
    return json.dumps(data)


class TestHostileFiles:
    def test_huge_whole_number_think_time_is_a_value_error(self) -> None:
        huge = "1" + "0" * 309  # larger than any float
        text = game_document().replace('"move_seconds": [', f'"move_seconds": [{huge}, ', 1)
        text = text.replace(f"[{huge}, 0.25,", f"[{huge},", 1)
        with pytest.raises(ValueError, match="think time must be a finite number"):
            record_from_json(text)
        with pytest.raises(ValueError, match="think time"):
            record_of((4,)).with_move(0, 10**309)
        with pytest.raises(ValueError, match="think time"):
            GameRecord(ANN, PERFECT, Mark.X, moves=(4,), move_seconds=(10**5000,))

    @pytest.mark.parametrize(
        ("branch", "message"),
        [
            (
                {"parent_started_at": STARTED, "ply": 2, "parent_moves": [1, 1, 1]},
                r"parent moves \[1, 1, 1\] are not a legal game",
            ),
            (
                {"parent_started_at": STARTED, "ply": 2, "parent_moves": [0, 3, 1, 4, 2, 5]},
                "not a legal game",
            ),
            (
                {"parent_started_at": STARTED, "ply": 2, "parent_moves": [4, 8, 0]},
                r"keeps the parent's first 2 moves \[4, 8\], but this game starts \[0, 3\]",
            ),
        ],
    )
    def test_branch_point_must_agree_with_the_game(
        self, branch: dict[str, Any], message: str
    ) -> None:
        with pytest.raises(ValueError, match=f"the game file is damaged: .*{message}"):
            record_from_json(game_document(branched_from=branch))

    def test_a_branch_may_be_shorter_than_its_kept_moves(self) -> None:
        # Moves taken back after branching leave fewer moves than were kept.
        parent = record_of((0, 3, 1, 4, 2))
        branch = parent.branched_at(4).truncated(2)
        assert record_from_json(record_to_json(branch)) == branch

    @pytest.mark.parametrize(
        ("changes", "message"),
        [
            (
                {"finished_at": "2026-01-02T03:04:05.000Z"},
                "the finish time 2026-01-02T03:04:05.000Z is before the start time",
            ),
            ({"finished_at": None}, "the game has ended, but it has no finish time"),
            (
                {"moves": [0, 3], "move_seconds": [], "result": None},
                "the game has not ended, but it has a finish time",
            ),
        ],
    )
    def test_times_must_agree_with_the_game(self, changes: dict[str, Any], message: str) -> None:
        with pytest.raises(ValueError, match=f"the game file is damaged: .*{message}"):
            record_from_json(game_document(**changes))

    def test_text_form_is_checked_the_same_way(self) -> None:
        text = record_to_text(record_of((0, 3, 1, 4, 2)))
        no_finish = "\n".join(line for line in text.splitlines() if not line.startswith("Fin"))
        with pytest.raises(ValueError, match="has ended, but it has no finish time"):
            record_from_text(no_finish)
        early = text.replace("Finished: ", "Finished: 2000-01-01T00:00:00.000Z\nX", 1)
        early = "\n".join(line for line in early.splitlines() if not line.startswith("X2"))
        with pytest.raises(ValueError, match="before the start time"):
            record_from_text(early)
        branched = text + "\nBranched from: 2026-01-01T00:00:00.000Z at ply 2 of 222"
        with pytest.raises(ValueError, match="not a legal game"):
            record_from_text(branched)

    def test_a_bare_finished_move_string_gets_a_finish_time(self) -> None:
        record = record_from_text("1 4 2 5 3")
        assert record.is_finished
        assert record.finished_at == record.started_at

    def test_a_finish_never_comes_before_a_start_set_ahead(self) -> None:
        # A game started on a machine whose clock ran ahead still finishes cleanly.
        future = GameRecord(ANN, PERFECT, Mark.X, started_at="2999-01-01T00:00:00.000Z")
        for cell in (0, 3, 1, 4):
            future = future.with_move(cell)
        assert future.with_move(2).finished_at == "2999-01-01T00:00:00.000Z"

    def test_names_in_files_obey_the_typed_name_limit(self) -> None:
        longest = "N" * MAX_NAME_LENGTH
        data = record_to_dict(record_of((4,)))
        data["players"]["X"]["name"] = longest
        assert record_from_json(json.dumps(data)).x.name == longest
        data["players"]["X"]["name"] = longest + "N"
        with pytest.raises(ValueError, match=f"at most {MAX_NAME_LENGTH} characters"):
            record_from_json(json.dumps(data))
        data["players"]["X"]["name"] = "N" * 900_000
        with pytest.raises(ValueError, match="has 900000"):
            record_from_json(json.dumps(data))
        # Spaces that tidying removes don't count.
        data["players"]["X"]["name"] = " " * 100 + longest + "\n" * 100
        assert record_from_json(json.dumps(data)).x.name == longest
        too_long = "N" * (MAX_NAME_LENGTH + 1)
        text = record_to_text(record_of((4,))).replace("X: Ann (human)", f"X: {too_long} (human)")
        with pytest.raises(ValueError, match=f"at most {MAX_NAME_LENGTH} characters"):
            record_from_text(text)

    def test_a_huge_clipboard_is_refused_at_once(self) -> None:
        with pytest.raises(ValueError, match="far too long"):
            record_from_text("TTT Desktop game\n" + "x" * 2_000_000)
