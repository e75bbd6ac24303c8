"""The one version of TTT Desktop, as written in ``pyproject.toml``.

``ttt_desktop.__version__`` comes from :func:`read_version`. The version is
written once, in ``pyproject.toml``; this module finds it:

- in a source checkout (installed in editable mode or not at all), from
  ``pyproject.toml`` beside the package, read with ``tomllib`` so it can never
  be stale after an edit;
- in an installed wheel or the frozen app (PyInstaller carries the
  ``dist-info`` folder), from the distribution's metadata.

Pure standard library, no Qt.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

__all__ = ["DISTRIBUTION_NAME", "UNKNOWN_VERSION", "read_version", "version_from_pyproject"]

DISTRIBUTION_NAME = "ttt-desktop"
UNKNOWN_VERSION = "0+unknown"

_CHECKOUT_PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def version_from_pyproject(pyproject: Path) -> str | None:
    """Return ``project.version`` from ``pyproject`` if it is TTT Desktop's, else None."""
    try:
        with pyproject.open("rb") as file:
            project = tomllib.load(file).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        return None
    if project.get("name") != DISTRIBUTION_NAME:
        return None
    version = project.get("version")
    return version if isinstance(version, str) else None


def read_version(pyproject: Path = _CHECKOUT_PYPROJECT) -> str:
    """Return TTT Desktop's version: from a checkout's pyproject.toml, else the installed metadata.

    Returns ``UNKNOWN_VERSION`` when neither is there (a broken installation),
    so the app still starts; the packaging check compares ``--version`` with
    pyproject.toml and fails on that.
    """
    from_checkout = version_from_pyproject(pyproject)
    if from_checkout is not None:
        return from_checkout
    # Imported here: a checkout never needs it, and it is slow to import.
    from importlib import metadata  # noqa: PLC0415

    try:
        return metadata.version(DISTRIBUTION_NAME)
    except metadata.PackageNotFoundError:
        return UNKNOWN_VERSION
