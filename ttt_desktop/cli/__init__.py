"""The command line: ``ttt-arena`` (:mod:`ttt_desktop.cli.arena`) and ``pbrain-ttt``
(:mod:`ttt_desktop.cli.brains`).

Argument parsing and printing only: the games are played by the lab and the engine.
Nothing here imports Qt.

Cold start: ``pbrain-ttt`` starts in a module of this package, and a brain manager times
that start, so the package does not load ``ttt-arena``'s parser with itself: ``main`` and
``build_parser`` are imported from :mod:`ttt_desktop.cli.arena` when first asked for
(docs/manual/developer/architecture.md, "Cold start").
"""

import importlib
from typing import TYPE_CHECKING, Any

from ttt_desktop.cli.common import ARENA_KINDS

if TYPE_CHECKING:
    from ttt_desktop.cli.arena import build_parser, main

__all__ = ["ARENA_KINDS", "build_parser", "main"]


def __getattr__(name: str) -> Any:
    if name in {"build_parser", "main"}:
        value = getattr(importlib.import_module("ttt_desktop.cli.arena"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
