"""A trained file as a seat: ``learner:FILE`` plays the table or the network in FILE.

A file written by ``ttt-arena train`` (or saved from the Lab) holds either a learner
table (tic-tac-toe, :mod:`ttt_desktop.players.learner`) or an n-tuple network (any board
of its k, :mod:`ttt_desktop.players.ntuple`); which one, its ``format`` says. The seat's
kind is ``learner:`` and the file's path; :func:`file_player` makes its player, and
:func:`check_file_seat` reads the file once and says in one line why it can't be used (not
a regular file, too large, not JSON, neither format, or damaged as that format says).

Nothing here imports Qt; numpy is loaded only when a network's player is made.
"""

from __future__ import annotations

import functools
import json
import os
import stat
from pathlib import Path
from typing import Any, Final

from ttt_desktop.core.rules import Rules
from ttt_desktop.players.learner import TABLE_FORMAT, LearnerPlayer, LearnerTable
from ttt_desktop.players.ntuple_file import NetworkDocument, is_network_document
from ttt_desktop.players.ntuple_player import NTuplePlayer
from ttt_desktop.players.roster import FILE_SEAT_PREFIX

__all__ = [
    "FILE_SEAT_PREFIX",
    "MAX_TRAINED_BYTES",
    "FileSeat",
    "check_file_seat",
    "file_player",
    "is_file_seat",
]

MAX_TRAINED_BYTES: Final = 5_000_000
"""A full tic-tac-toe table is half a megabyte and a network of 7-cell windows a few
hundred kilobytes; a larger file is neither."""


def is_file_seat(kind: str) -> bool:
    """Whether ``kind`` is a trained file's seat (``learner:PATH``)."""
    return isinstance(kind, str) and kind.startswith(FILE_SEAT_PREFIX)


class FileSeat:
    """What a trained file holds: its kind of player, its name, and the boards it plays."""

    def __init__(self, path: Path, document: dict[str, Any]) -> None:
        self.path = path
        self.table: LearnerTable | None = None
        self.network: NetworkDocument | None = None
        if is_network_document(document):
            self.network = NetworkDocument.from_json(document)
            training = self.network.training
        elif document.get("format") == TABLE_FORMAT:
            self.table = LearnerTable.from_json(document)
            training = dict(self.table.training)
        else:
            raise ValueError(
                f"neither a learner table nor a network (format {document.get('format')!r})"
            )
        self.name = str(training.get("name") or path.name.removesuffix(".json"))

    def plays(self, rules: Rules) -> bool:
        """A table plays tic-tac-toe; a network every board of its k."""
        if self.network is None:
            return rules.is_classic
        network_rules = self.network.rules
        return rules.k == network_rules.k

    def boards(self) -> str:
        if self.network is None:
            return "tic-tac-toe (3,3,3)"
        trained_on = self.network.rules
        return f"boards of {trained_on.k} in a row (it was trained on {trained_on.key})"


@functools.lru_cache(maxsize=32)
def _read(path: str, size: int, modified: int) -> FileSeat:
    del size, modified  # the cache's key: a file changed on disk is read again
    target = Path(path)
    try:
        with target.open("rb") as file:
            data = file.read(MAX_TRAINED_BYTES + 1)
    except OSError as error:
        raise ValueError(f"can't read it ({error.strerror or error})") from None
    if len(data) > MAX_TRAINED_BYTES:
        raise ValueError(f"it is larger than {MAX_TRAINED_BYTES:,} bytes: not a trained file")
    try:
        document = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError("it is not text (UTF-8): not a trained file") from None
    except RecursionError:
        raise ValueError("its JSON is nested too deeply: not a trained file") from None
    except ValueError as error:  # JSONDecodeError, and numbers of thousands of digits
        raise ValueError(f"it is not valid JSON ({error})") from None
    if not isinstance(document, dict):
        raise ValueError("a trained file is a JSON object")
    return FileSeat(target, document)


def check_file_seat(kind: str) -> FileSeat:
    """The trained file of seat ``kind`` (``learner:PATH``), read and checked.

    Raises ``ValueError`` naming the file and why it can't be played.
    """
    path = kind.removeprefix(FILE_SEAT_PREFIX).strip()
    if not path:
        raise ValueError(f"{kind!r} needs a file: learner:PATH (a file ttt-arena train wrote)")
    try:
        status = os.stat(path)
    except OSError as error:
        raise ValueError(f"{path}: can't read it ({error.strerror or error})") from None
    if not stat.S_ISREG(status.st_mode):
        raise ValueError(f"{path}: not a regular file")
    try:
        return _read(os.path.abspath(path), status.st_size, status.st_mtime_ns)
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None


def file_player(kind: str, *, seed: int | None = None) -> Any:
    """The player of seat ``kind`` (``learner:PATH``): a learner playing the file's table,
    or the n-tuple player playing its network, named after the file."""
    seat = check_file_seat(kind)
    player: Any
    if seat.table is not None:
        player = LearnerPlayer(seed=seed, table=seat.table)
    else:
        assert seat.network is not None
        player = NTuplePlayer(seed=seed, network=seat.network)
    player.name = seat.name
    return player
