"""Where TTT Desktop's run-time resources (icons and the like) live.

One helper, :func:`resource_path`, finds a file under the project's
``resources/`` folder however the app was started:

- the frozen app (PyInstaller): the bundle unpacks ``resources/`` as
  ``ttt_desktop/resources`` under ``sys._MEIPASS``;
- an installed wheel: the wheel carries ``resources/`` as the package
  ``ttt_desktop/resources``;
- a source checkout (also an editable install): ``resources/`` next to the
  ``ttt_desktop`` package.

This module imports neither Qt nor anything else heavy, so the engine side may
use it too.
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["resource_path", "resources_root"]

_PACKAGE_DIR = Path(__file__).resolve().parent
_MARKER = Path("icons") / "ttt-desktop.svg"


def _candidate_roots() -> list[Path]:
    """The folders that may hold the resources, most specific first."""
    roots: list[Path] = []
    bundle_dir = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle_dir is not None:
        roots.append(Path(bundle_dir) / "ttt_desktop" / "resources")
    roots.append(_PACKAGE_DIR / "resources")
    roots.append(_PACKAGE_DIR.parent / "resources")
    return roots


def resources_root() -> Path:
    """Return the folder holding TTT Desktop's resources.

    Raises:
        FileNotFoundError: if no candidate folder holds the application icon,
            which means the installation or bundle lost its resources.
    """
    roots = _candidate_roots()
    for root in roots:
        if (root / _MARKER).is_file():
            return root
    looked = ", ".join(str(root) for root in roots)
    raise FileNotFoundError(f"TTT Desktop resources not found (looked in: {looked})")


def resource_path(relative: str) -> Path:
    """Return the absolute path of a resource, e.g. ``resource_path("icons/ttt-desktop.svg")``.

    ``relative`` uses forward slashes and is relative to the ``resources/``
    folder. The path is returned whether or not that particular file exists,
    so callers can decide how to handle an optional resource.

    Raises:
        ValueError: if ``relative`` is absolute or climbs out of the folder.
        FileNotFoundError: if the resources folder itself cannot be found.
    """
    parts = Path(relative)
    if parts.is_absolute() or ".." in parts.parts:
        raise ValueError(f"resource path must be relative and inside resources/: {relative!r}")
    return resources_root() / parts
