"""Where the game library lives: ``--library``, ``$TTT_DESKTOP_LIBRARY``, or app data.

Light on purpose (no sqlite3): the window asks for the path before its first paint.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Final

LIBRARY_ENV_VAR: Final = "TTT_DESKTOP_LIBRARY"
"""An environment variable naming the library file (tests and scripts)."""

LIBRARY_FILE_NAME: Final = "library.sqlite3"
"""The library's file name inside the app-data folder."""


def library_path(
    app_data: str | os.PathLike[str] | None = None,
    explicit: str | os.PathLike[str] | None = None,
    environ: Mapping[str, str] | None = None,
) -> Path | None:
    """The library file to use: ``explicit`` (``--library``), else ``$TTT_DESKTOP_LIBRARY``,
    else :data:`LIBRARY_FILE_NAME` in ``app_data`` (the GUI passes QStandardPaths.AppDataLocation);
    None when there is none of them."""
    if explicit:
        return Path(explicit)
    value = (os.environ if environ is None else environ).get(LIBRARY_ENV_VAR)
    if value:
        return Path(value)
    if app_data:
        return Path(app_data) / LIBRARY_FILE_NAME
    return None
