"""Trained players: learner tables and n-tuple networks saved under a name, played as
computer players.

Each trained player is one file in a folder the window passes in (the app-data folder),
named after the player: a learner table (``ttt_desktop.players.learner``'s format; it
plays tic-tac-toe exactly like the learner, from its own table) or an n-tuple network
(``ttt_desktop.players.ntuple_file``'s format; it plays every board of the k it was
trained for, like the N-tuple player). Its kind is ``trained.<slug>``, and the roster
learns which boards it plays (:func:`~ttt_desktop.players.roster.note_trained`), so it
is offered on those. The shipped learner and its table are never touched.

:meth:`TrainedPlayers.scan` reads the folder (after the window shows, not before) and
checks each file; a file that is damaged or not a table is reported with its reason
and left out, never a crash. Files are read by
:func:`~ttt_desktop.formats.files.read_user_json`: anything but a regular file (a
named pipe, a link to a device) is refused unopened, a file over
:data:`MAX_TABLE_BYTES` unread, and JSON nested too deeply or holding numbers of
thousands of digits with a clear message. Tables are read once and kept.

Nothing here imports Qt.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from ttt_desktop.formats.files import FileKind, UserFileError, read_user_json
from ttt_desktop.players.learner import LearnerPlayer, LearnerTable, TableFormatError
from ttt_desktop.players.ntuple_file import (
    NetworkDocument,
    NetworkFormatError,
    is_network_document,
)
from ttt_desktop.players.ntuple_player import NTuplePlayer
from ttt_desktop.players.roster import TRAINED_KIND_PREFIX, note_trained

Trained = LearnerTable | NetworkDocument
"""What a trained player's file holds."""

__all__ = ["TRAINED_KIND_PREFIX", "TrainedPlayerError", "TrainedPlayers", "TrainedProfile"]

SUFFIX: Final = ".tttplayer.json"
_NAME: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _-]{0,39}")
STRENGTH: Final = 4
# A full table (every tic-tac-toe position with X to move) is about half a megabyte, a
# network of 7-cell windows a few hundred kilobytes; a file ten times that is neither,
# and reading it would freeze the window.
MAX_TABLE_BYTES: Final = 5_000_000
TRAINED_PLAYER_FILE: Final = FileKind("trained player file", MAX_TABLE_BYTES)


class TrainedPlayerError(ValueError):
    """A trained player that can't be saved or loaded; the message says why."""


@dataclass(frozen=True)
class TrainedProfile:
    """A trained player as the drop-downs list it (a roster entry)."""

    kind: str
    name: str
    description: str
    strength: int = STRENGTH


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def load_table(path: Path) -> Trained:
    """The learner table or network in the trained-player file ``path``.

    Raises :class:`TrainedPlayerError` (a ``ValueError``) saying what is wrong: not a
    regular file, too large, unreadable, not JSON, JSON no parser should follow, or
    neither a learner table nor a network (or a damaged one).
    """
    try:
        document = read_user_json(path, TRAINED_PLAYER_FILE)
        if is_network_document(document):
            return NetworkDocument.from_json(document)
        return LearnerTable.from_json(document)
    except (UserFileError, TableFormatError, NetworkFormatError) as error:
        message = str(error)
        if not message.startswith(path.name) and not message.startswith("can't read"):
            message = f"{path.name}: {message}"
        raise TrainedPlayerError(message) from None


class TrainedPlayers:
    """The trained players saved in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._tables: dict[str, Trained] = {}
        self._profiles: dict[str, TrainedProfile] = {}
        self.problems: list[str] = []

    def check_name(self, name: str) -> str:
        """``name`` tidied; :class:`TrainedPlayerError` when it can't name a player."""
        tidy = " ".join(name.split())
        if not _NAME.fullmatch(tidy) or not slug(tidy):
            raise TrainedPlayerError(
                "a trained player's name is 1 to 40 letters, digits, spaces, '-' or '_', "
                "starting with a letter or digit"
            )
        return tidy

    def path_for(self, name: str) -> Path:
        return self.folder / f"{slug(self.check_name(name))}{SUFFIX}"

    def save(self, name: str, table: Trained, *, replace: bool = False) -> TrainedProfile:
        """Store ``table`` (a learner table or a network) as the player ``name``; refuses
        to overwrite unless ``replace``."""
        tidy = self.check_name(name)
        path = self.path_for(tidy)
        if path.exists() and not replace:
            raise TrainedPlayerError(f"a trained player called {tidy!r} exists already")
        training = dict(table.training)
        training["name"] = tidy
        named: Trained
        if isinstance(table, LearnerTable):
            named = LearnerTable(table.values, training)
        else:
            named = NetworkDocument(table.rules, table.window, table.weights, training)
        temporary = path.with_suffix(".part")
        named.save(temporary)
        temporary.replace(path)
        return self._remember(path, named)

    def scan(self) -> list[TrainedProfile]:
        """Every readable trained player in the folder; damaged files go to ``problems``."""
        self.problems = []
        self._tables.clear()
        self._profiles.clear()
        if not self.folder.is_dir():
            return []
        for path in sorted(self.folder.glob(f"*{SUFFIX}")):
            try:
                table = load_table(path)
            except TrainedPlayerError as error:
                self.problems.append(str(error))
                continue
            self._remember(path, table)
        return list(self._profiles.values())

    def profiles(self) -> list[TrainedProfile]:
        return list(self._profiles.values())

    def create(self, kind: str, *, seed: int | None = None) -> Any:
        """The player of ``kind`` (a ``trained.`` kind); :class:`TrainedPlayerError` if gone."""
        table = self._tables.get(kind)
        if table is None:
            path = self.folder / f"{kind.removeprefix(TRAINED_KIND_PREFIX)}{SUFFIX}"
            try:
                table = load_table(path)
            except TrainedPlayerError as error:
                raise TrainedPlayerError(
                    f"the trained player {kind.removeprefix(TRAINED_KIND_PREFIX)!r} "
                    f"can't be loaded: "
                    f"{error}"
                ) from None
            self._remember(path, table)
        player: Any
        if isinstance(table, LearnerTable):
            player = LearnerPlayer(seed=seed, table=table)
        else:
            player = NTuplePlayer(seed=seed, network=table)
        player.name = self._profiles[kind].name
        return player

    def _remember(self, path: Path, table: Trained) -> TrainedProfile:
        kind = TRAINED_KIND_PREFIX + path.name.removesuffix(SUFFIX)
        training = table.training
        name = str(training.get("name") or path.name.removesuffix(SUFFIX))
        if isinstance(table, LearnerTable):
            opponent = training.get("opponent", "self")
            episodes = training.get("episodes", "?")
            description = (
                f"A learner trained {episodes} episodes "
                + ("by self-play" if opponent == "self" else f"against {opponent}")
                + f" ({len(table):,} positions)."
            )
            note_trained(kind, None)
        else:
            description = table.describe()
            note_trained(kind, table.rules.k)
        profile = TrainedProfile(kind, name, description)
        self._tables[kind] = table
        self._profiles[kind] = profile
        return profile
