"""The cold path: the perfect player's first move in a fresh process loads no ``typing``,
and the ``TYPE_CHECKING = False`` trick stands only in the modules on that path
(docs/manual/developer/architecture.md, "Cold start")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "ttt_desktop"

FIRST_MOVE = (
    "import json, sys\n"
    "from ttt_desktop.players import create_player\n"
    "from ttt_desktop.core import Board\n"
    "create_player('perfect', seed=1).choose_move(Board.empty())\n"
    "print(json.dumps(sorted(sys.modules)))\n"
)


def first_move_modules() -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", FIRST_MOVE], capture_output=True, text=True, check=True
    )
    loaded: list[str] = json.loads(done.stdout)
    return loaded


def test_the_first_move_loads_no_typing() -> None:
    assert "typing" not in first_move_modules()


def test_the_trick_stands_only_on_the_cold_path() -> None:
    cold = {name for name in first_move_modules() if name.startswith("ttt_desktop")}
    tricked = set()
    for path in PACKAGE.rglob("*.py"):
        if "\nTYPE_CHECKING = False\n" in path.read_text(encoding="utf-8"):
            parts = ("ttt_desktop", *path.relative_to(PACKAGE).with_suffix("").parts)
            tricked.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    assert tricked, "the scan found no module with the trick"
    assert tricked <= cold, sorted(tricked - cold)
