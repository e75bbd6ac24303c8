"""Our players as Gomocup brains on the command line: ``pbrain-ttt`` and ``ttt-arena
brain`` (the protocol served on stdin and stdout by :mod:`ttt_desktop.brains.serve`).

``pbrain-ttt`` starts in this module, and a brain manager times that start (it waits a
few seconds for the answer to ``START``): so this module holds the brain's start and
nothing else, and what the other brains' commands need (the engine list, seating brains
in a match: :mod:`ttt_desktop.cli.engines`) is not imported by it
(docs/manual/developer/architecture.md, "Cold start").

Nothing here imports Qt.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from ttt_desktop.brains.serve import serve_brain
from ttt_desktop.cli.common import add_brain_arguments

__all__ = ["pbrain_main", "run_brain"]


def pbrain_main(argv: Sequence[str] | None = None) -> int:
    """``pbrain-ttt [--player KIND] [--seed S]``: one of our players as a Gomocup brain."""
    parser = argparse.ArgumentParser(
        prog="pbrain-ttt",
        description="Play as a Gomocup (Piskvork) brain on stdin and stdout.",
    )
    add_brain_arguments(parser)
    arguments = parser.parse_args(argv)
    return run_brain(arguments, sys.stdout, sys.stderr)


def run_brain(arguments: argparse.Namespace, _out: TextIO, _err: TextIO) -> int:
    """``ttt-arena brain`` (and ``pbrain-ttt``): serve the protocol on stdin and stdout."""
    try:
        return serve_brain(arguments.player, arguments.seed)
    except KeyboardInterrupt:
        return 130


def main() -> None:
    """The ``pbrain-ttt`` console script."""
    sys.exit(pbrain_main())
