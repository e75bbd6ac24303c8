"""Whether to animate: the system's reduced-motion wish and the app's own setting.

Qt has no reduced-motion hint yet, so :func:`system_prefers_reduced_motion` asks
the desktops that keep one: GNOME (``org.gnome.desktop.interface
enable-animations``, read with ``gsettings``) and KDE Plasma (``kdeglobals``'
``AnimationDurationFactor`` of 0). The answer is read once, when first asked
(the first won game), not at start-up.
"""

from __future__ import annotations

import functools
import os
import shutil
from pathlib import Path
from typing import Final

# configparser, shutil and subprocess are imported when first asked (the first won
# game), not at start-up.

REDUCE_MOTION_KEY: Final = "view/reduce_motion"


def gnome_setting_is_false(schema: str, key: str) -> bool:
    """True when the desktop is GNOME and ``gsettings get schema key`` answers false."""
    import subprocess  # noqa: PLC0415  (not before the first paint)

    if "gnome" not in os.environ.get("XDG_CURRENT_DESKTOP", "").lower():
        return False
    gsettings = shutil.which("gsettings")
    if gsettings is None:
        return False
    try:
        answer = subprocess.run(
            [gsettings, "get", schema, key],
            capture_output=True,
            text=True,
            timeout=2,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return answer.stdout.strip() == "false"


def _gnome_animations_off() -> bool:
    return gnome_setting_is_false("org.gnome.desktop.interface", "enable-animations")


def _kde_animations_off(config_home: Path) -> bool:
    import configparser  # noqa: PLC0415  (not before the first paint)

    parser = configparser.ConfigParser(interpolation=None, strict=False)
    try:
        parser.read(config_home / "kdeglobals", encoding="utf-8")
        factor = float(parser.get("KDE", "AnimationDurationFactor", fallback="1"))
    except (configparser.Error, ValueError, UnicodeDecodeError):
        return False
    return factor == 0


@functools.cache
def system_prefers_reduced_motion() -> bool:
    """True when the desktop has been asked for no animations."""
    config_home = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return _kde_animations_off(config_home) or _gnome_animations_off()
