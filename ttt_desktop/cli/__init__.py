"""The command line: ``ttt-arena`` (:mod:`ttt_desktop.cli.arena`).

Argument parsing and printing only: the games are played by the lab and the engine.
Nothing here imports Qt.
"""

from ttt_desktop.cli.arena import ARENA_KINDS, build_parser, main

__all__ = ["ARENA_KINDS", "build_parser", "main"]
