"""A saved game file gets the permissions any new file of the user gets (the umask), or keeps
those of the file it replaces; the atomic save's private temporary file must not leak its
owner-only mode into the result."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from ttt_desktop.core import GameRecord, Mark, PlayerEntry
from ttt_desktop.formats.files import save_record


@pytest.fixture
def umask_022() -> Iterator[None]:
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def a_record() -> GameRecord:
    record = GameRecord(
        PlayerEntry("human", "Ann"), PlayerEntry("perfect", "Perfect", seed=7), Mark.X
    )
    return record.with_move(4, 0.5)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
@pytest.mark.usefixtures("umask_022")
def test_a_new_saved_game_is_readable_like_any_new_file(tmp_path: Path) -> None:
    path = tmp_path / "game.tttgame"
    save_record(a_record(), path)
    assert mode(path) == 0o644


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
@pytest.mark.usefixtures("umask_022")
def test_saving_over_a_game_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "game.tttgame"
    save_record(a_record(), path)
    path.chmod(0o640)
    save_record(a_record().with_move(0, 0.5), path)
    assert mode(path) == 0o640
