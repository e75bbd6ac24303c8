"""Test configuration shared by every test module.

Qt tests run on the offscreen platform, set here before anything imports Qt,
so no display is needed and nobody has to remember an environment variable.

The whole run, and every process it starts, has a home of its own: ``HOME`` and the
``XDG_*`` folders point into a temporary folder made here, before anything reads them,
and no library or engine list is named from outside. So no test reads or writes the
user's own settings, game library, engine list or brains' folders (the window's tests
give each test a home of its own on top of this: ``tests/gui/conftest.py``).
"""

import atexit
import os
import shutil
import tempfile
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "offscreen"

_HOME = Path(tempfile.mkdtemp(prefix="ttt-tests-home-"))
atexit.register(shutil.rmtree, _HOME, ignore_errors=True)
os.environ["HOME"] = str(_HOME)
for _variable, _folder in (
    ("XDG_DATA_HOME", ".local/share"),
    ("XDG_CONFIG_HOME", ".config"),
    ("XDG_CACHE_HOME", ".cache"),
    ("XDG_STATE_HOME", ".local/state"),
):
    os.environ[_variable] = str(_HOME / _folder)
for _variable in ("TTT_DESKTOP_ENGINES", "TTT_DESKTOP_LIBRARY"):
    os.environ.pop(_variable, None)
