"""Files a hostile tester leaves where the program reads files: game files and trained players.

Every file the program reads from a person goes through one checked reader
(:func:`ttt_desktop.formats.files.read_user_file`): a named pipe or a link to
``/dev/zero`` is refused without being opened or read, a 200 MB file without being
read, and JSON nested 100,000 deep, a 5,000-digit number or NaN get a clear
message instead of a traceback. Reads that could hang run in a child process with a
time limit, so a regression fails the test instead of hanging it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.hostile_records import HOSTILE_FILES, HUGE_BYTES, make_hostile_file

from ttt_desktop.core import GameRecord, Mark, PlayerEntry
from ttt_desktop.formats.files import (
    GAME_FILE,
    FileKind,
    UserFileError,
    load_record,
    read_user_file,
    read_user_json,
    read_user_text,
)
from ttt_desktop.formats.json_codec import MAX_INT_DIGITS, parse_json, record_to_json
from ttt_desktop.lab.trained import (
    MAX_TABLE_BYTES,
    SUFFIX,
    TrainedPlayerError,
    TrainedPlayers,
    load_table,
)
from ttt_desktop.players.learner import LearnerTable

posix_only = pytest.mark.skipif(os.name != "posix", reason="pipes and /dev/zero are POSIX")

# What the person is told about each hostile file, whichever kind of file it was given as.
REASONS = {
    "pipe": "it is a named pipe, not a regular file",
    "dev-zero": "it is a device, not a regular file",
    "folder": "it is a folder, not a regular file",
    "huge": "it is far too large",
    "deep": "the JSON is nested too deeply",
    "digits": "a whole number of 5,000 digits",
    "nan": "NaN is not a number",
}

# Each check runs in a child process: a read that waits or never ends is killed.
CHILD_SECONDS = 60


def run_child(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    started = time.monotonic()
    child = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        timeout=CHILD_SECONDS,
        check=False,
    )
    # Refused at once, not after reading 200 MB or waiting for a pipe's writer.
    assert time.monotonic() - started < CHILD_SECONDS
    return child


LOAD_GAME = """
import sys
from ttt_desktop.formats.files import load_record
try:
    load_record(sys.argv[1])
except ValueError as error:
    print(type(error).__name__, error)
else:
    print("loaded")
"""

SCAN_TRAINED = """
import sys
from pathlib import Path
from ttt_desktop.lab.trained import TrainedPlayers
players = TrainedPlayers(Path(sys.argv[1]))
print(len(players.scan()))
for problem in players.problems:
    print(problem)
"""


@posix_only
@pytest.mark.parametrize("what", HOSTILE_FILES)
def test_hostile_game_files_are_refused_with_a_reason(tmp_path: Path, what: str) -> None:
    path = make_hostile_file(tmp_path, "game.tttgame", what)
    child = run_child(LOAD_GAME, str(path))
    assert child.returncode == 0, child.stderr
    assert child.stderr == ""
    # Refused by the file reader, or by the JSON parser guarded for game files.
    unreadable = what in ("pipe", "dev-zero", "folder", "huge")
    assert child.stdout.startswith("UserFileError" if unreadable else "ValueError")
    assert REASONS[what] in child.stdout


@posix_only
def test_hostile_trained_player_files_are_left_out_with_their_reasons(tmp_path: Path) -> None:
    folder = tmp_path / "trained"
    folder.mkdir()
    for what in HOSTILE_FILES:
        make_hostile_file(folder, f"{what}{SUFFIX}", what)
    good = LearnerTable({"." * 9: (0.5,) * 9}, {"episodes": 10})
    TrainedPlayers(folder).save("Good", good)
    child = run_child(SCAN_TRAINED, str(folder))
    assert child.returncode == 0, child.stderr
    assert child.stderr == ""
    count, *problems = child.stdout.splitlines()
    assert count == "1", "the good player is still listed"
    assert len(problems) == len(HOSTILE_FILES)
    for what in HOSTILE_FILES:
        (problem,) = (line for line in problems if line.startswith(f"{what}{SUFFIX}"))
        assert REASONS[what] in problem


def test_a_200_mb_table_is_refused_by_its_size_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = make_hostile_file(tmp_path, f"big{SUFFIX}", "huge")
    assert path.stat().st_size == HUGE_BYTES
    opened: list[object] = []
    real_open = os.open

    def watch_open(*args: object, **kwargs: object) -> int:
        opened.append(args[0])
        return real_open(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", watch_open)
    started = time.monotonic()
    with pytest.raises(TrainedPlayerError, match=r"far too large \(209,715,200 bytes; a trained"):
        load_table(path)
    assert time.monotonic() - started < 1.0
    assert opened == [], "a file too large by its size is not even opened"


def test_the_size_limit_is_checked_again_on_the_open_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The name was a small file when looked at, a large one by the time it was opened.
    path = tmp_path / "game.tttgame"
    path.write_bytes(b"{}")
    real_open = os.open

    def grow_then_open(*args: object, **kwargs: object) -> int:
        with path.open("wb") as file:
            file.truncate(GAME_FILE.max_bytes + 1)
        return real_open(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", grow_then_open)
    with pytest.raises(UserFileError, match="far too large"):
        read_user_file(path, GAME_FILE)


def test_a_table_at_its_limit_is_read(tmp_path: Path) -> None:
    # Every kind of file has its own limit: a table may be larger than any game.
    path = tmp_path / f"padded{SUFFIX}"
    document = LearnerTable({"." * 9: (0.25,) * 9}).to_json()
    text = json.dumps(document)
    path.write_text(text + " " * (MAX_TABLE_BYTES - len(text)), encoding="utf-8")
    assert path.stat().st_size == MAX_TABLE_BYTES > GAME_FILE.max_bytes
    assert load_table(path).values == {"." * 9: (0.25,) * 9}
    with path.open("a", encoding="utf-8") as file:
        file.write(" ")
    with pytest.raises(TrainedPlayerError, match="far too large"):
        load_table(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"a": ' * 50_000 + "1" + "}" * 50_000, "nested too deeply"),
        ("[" + "9" * 5000 + "]", "a whole number of 5,000 digits; at most 4,300 are read"),
        ("[-" + "9" * (MAX_INT_DIGITS + 1) + "]", "4,301 digits"),
        ("[NaN]", "NaN is not a number a thing file may hold"),
        ("[-Infinity]", "-Infinity is not a number"),
        ("", "it is empty"),
        ("{", "not valid JSON"),
    ],
)
def test_json_a_parser_should_not_follow_gets_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message) as caught:
        parse_json(text, "thing file")
    assert str(caught.value).startswith("not a thing file: ")


def test_numbers_up_to_the_limit_are_read() -> None:
    assert parse_json("[" + "9" * MAX_INT_DIGITS + "]") == [10**MAX_INT_DIGITS - 1]
    assert parse_json("[1e999, -0.5, 12]", "x") == [float("inf"), -0.5, 12]


def test_user_file_errors_name_the_file_and_its_kind(tmp_path: Path) -> None:
    kind = FileKind("seating plan", 10)
    path = tmp_path / "plan.json"
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(UserFileError, match=r"^plan\.json is not a seating plan: it is not UTF-8"):
        read_user_text(path, kind)
    path.write_bytes(b"[1,\x00]")
    with pytest.raises(UserFileError, match="holds binary data"):
        read_user_text(path, kind)
    path.write_bytes(b"[1, 2")
    with pytest.raises(UserFileError, match=r"^plan\.json: not a seating plan: it is not valid"):
        read_user_json(path, kind)
    path.write_bytes(b"[1, 2, 3, 4]")
    with pytest.raises(
        UserFileError, match=r"far too large \(12 bytes; a seating plan is at most 10\)"
    ):
        read_user_json(path, kind)
    with pytest.raises(UserFileError, match=r"^can't read missing\.json: No such file"):
        read_user_file(tmp_path / "missing.json", kind)
    assert issubclass(UserFileError, ValueError)


@posix_only
def test_a_link_to_a_game_is_followed_and_a_link_loop_refused(tmp_path: Path) -> None:
    record = GameRecord(PlayerEntry("human", "Ann"), PlayerEntry("human", "Bob"), Mark.X)
    (tmp_path / "real.tttgame").write_text(record_to_json(record), encoding="utf-8")
    (tmp_path / "link.tttgame").symlink_to(tmp_path / "real.tttgame")
    assert load_record(tmp_path / "link.tttgame") == record
    (tmp_path / "loop.tttgame").symlink_to(tmp_path / "loop.tttgame")
    with pytest.raises(UserFileError, match=r"can't read loop\.tttgame"):
        load_record(tmp_path / "loop.tttgame")


def test_a_trained_player_that_cannot_be_loaded_says_why(tmp_path: Path) -> None:
    players = TrainedPlayers(tmp_path)
    make_hostile_file(tmp_path, f"deep{SUFFIX}", "deep")
    with pytest.raises(TrainedPlayerError, match=r"can't be loaded: .*nested too deeply"):
        players.create("trained.deep")
    with pytest.raises(TrainedPlayerError, match=r"can't be loaded: can't read gone\.tttplayer"):
        players.create("trained.gone")
