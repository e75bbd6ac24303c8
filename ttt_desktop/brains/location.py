"""Where the engine list is kept: a light module, read before the window's first paint.

The list itself (:mod:`ttt_desktop.brains.engines`) and the brains' processes are only
imported when there is a list to read or a brain to start.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Final

__all__ = ["ENGINES_ENV_VAR", "ENGINES_FILE_NAME", "engines_path"]

ENGINES_ENV_VAR: Final = "TTT_DESKTOP_ENGINES"
ENGINES_FILE_NAME: Final = "engines.json"


def engines_path(
    app_data: str | os.PathLike[str] | None = None,
    explicit: str | os.PathLike[str] | None = None,
    environ: Mapping[str, str] | None = None,
) -> Path:
    """The engine list's file: ``explicit``, else ``$TTT_DESKTOP_ENGINES``, else
    :data:`ENGINES_FILE_NAME` in ``app_data`` (the window's data folder), else in the folder the
    window uses on Linux (``$XDG_DATA_HOME`` or ``~/.local/share``, ``TTT Desktop/TTT
    Desktop``)."""
    if explicit:
        return Path(explicit)
    env = os.environ if environ is None else environ
    if env.get(ENGINES_ENV_VAR):
        return Path(env[ENGINES_ENV_VAR])
    if app_data:
        return Path(app_data) / ENGINES_FILE_NAME
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "TTT Desktop" / "TTT Desktop" / ENGINES_FILE_NAME
