"""``ttt-arena --version``: the version, and whether the compiled random playouts and
search run here or their pure Python fallbacks.

Nothing here imports Qt.
"""

from __future__ import annotations

from typing import TextIO

from ttt_desktop.core.playout import playouts_in_use
from ttt_desktop.players.searcher import searches_in_use
from ttt_desktop.version import read_version

__all__ = ["print_about"]


def print_about(out: TextIO) -> None:
    out.write(
        f"ttt-arena (TTT Desktop) {read_version()}\nrandom playouts: {playouts_in_use()}\n"
        f"search: {searches_in_use()}\n"
    )
