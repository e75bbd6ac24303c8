"""The game library: every game played, in one SQLite file, and what can be read from it.

Qt-free (the standard library's ``sqlite3``); the GUI passes the app-data folder in.

>>> import tempfile, pathlib
>>> from ttt_desktop.library import Library
>>> from ttt_desktop.core.record import GameRecord, PlayerEntry
>>> from ttt_desktop.core.board import Mark
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> game = GameRecord(PlayerEntry("human", "Ann"), PlayerEntry("perfect", "Perfect"), Mark.X)
>>> game = game.with_move(4).with_move(0)
>>> with Library(folder / "games.sqlite3") as library:
...     print(library.store(game), library.store(game), library.count())
added duplicate 1
"""

import importlib
from typing import TYPE_CHECKING, Any

from ttt_desktop.library.location import LIBRARY_ENV_VAR, LIBRARY_FILE_NAME, library_path

if TYPE_CHECKING:
    from ttt_desktop.library.schema import SCHEMA_VERSION
    from ttt_desktop.library.store import (
        SORT_KEYS,
        GameFilter,
        GameRow,
        Library,
        LibraryCorruptError,
        LibraryError,
        LibraryLockedError,
        LibraryNewerError,
        LibraryReadOnlyError,
        PlayerName,
        RatedPlayer,
        StoreOutcome,
        game_id_of,
        move_aside,
        player_key,
    )

# Everything but the path is loaded on first use: finding the file needs no sqlite3.
_LAZY = {"SCHEMA_VERSION": "ttt_desktop.library.schema"}


def __getattr__(name: str) -> Any:
    if name in __all__ and name not in globals():
        module = importlib.import_module(_LAZY.get(name, "ttt_desktop.library.store"))
        value = getattr(module, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "LIBRARY_ENV_VAR",
    "LIBRARY_FILE_NAME",
    "SCHEMA_VERSION",
    "SORT_KEYS",
    "GameFilter",
    "GameRow",
    "Library",
    "LibraryCorruptError",
    "LibraryError",
    "LibraryLockedError",
    "LibraryNewerError",
    "LibraryReadOnlyError",
    "PlayerName",
    "RatedPlayer",
    "StoreOutcome",
    "game_id_of",
    "library_path",
    "move_aside",
    "player_key",
]
