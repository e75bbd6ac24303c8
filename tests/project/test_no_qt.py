"""The engine, players, analysis and arena load no Qt module: they run anywhere, in any thread."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

from ttt_desktop.players.roster import CLASS_PATHS

QT_PREFIXES = ("PySide6", "shiboken6")


def test_no_qt_module_is_loaded() -> None:
    modules = [
        "ttt_desktop.core",
        "ttt_desktop.players",
        "ttt_desktop.analysis",
        "ttt_desktop.analysis.coach",
    ]
    modules += ["ttt_desktop.lab.tournament", "ttt_desktop.lab.runner", "ttt_desktop.lab.report"]
    modules += ["ttt_desktop.lab.training", "ttt_desktop.lab.trained", "ttt_desktop.lab.numbers"]
    modules += ["ttt_desktop.ratings", "openskill.models"]
    modules += [
        "ttt_desktop.brains.match",
        "ttt_desktop.brains.engines",
        "ttt_desktop.brains.serve",
    ]
    modules += [
        "ttt_desktop.library",
        "ttt_desktop.library.store",
        "ttt_desktop.library.people",
        "ttt_desktop.library.transfer",
    ]
    if importlib.util.find_spec("ttt_desktop.arena") is not None:
        modules.append("ttt_desktop.arena")
    # Every player's module too, and a move from each, so lazy imports are covered.
    modules += sorted({path.split(":")[0] for path in CLASS_PATHS.values()})
    script = f"""
import importlib, json, sys
for name in {modules!r}:
    importlib.import_module(name)
from ttt_desktop.core import Board
from ttt_desktop.players import KINDS, create_player
board = Board.from_string("XX.OO....")
for kind in KINDS:
    options = {{"moves": [2]}} if kind == "sequence" else {{}}
    create_player(kind, seed=1, **options).choose_move(board)
print(json.dumps(sorted(sys.modules)))
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    loaded = json.loads(result.stdout)
    assert "ttt_desktop.players.perfect" in loaded
    assert [name for name in loaded if name.startswith(QT_PREFIXES)] == []


def test_importing_the_players_builds_nothing() -> None:
    """``import ttt_desktop.players`` loads no player module and not the roster's dataclass."""
    script = """
import json, sys
import ttt_desktop.players
print(json.dumps(sorted(sys.modules)))
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    loaded = set(json.loads(result.stdout))
    for path in CLASS_PATHS.values():
        assert path.split(":")[0] not in loaded
    assert "ttt_desktop.players.info" not in loaded
    assert "ttt_desktop.analysis" not in loaded
