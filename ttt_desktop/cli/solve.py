"""``ttt-arena solve``: a small board proved by the exact solver, with progress and a time limit.

Nothing here imports Qt.
"""

from __future__ import annotations

import argparse
import time
from typing import Final, TextIO

from ttt_desktop.analysis import mnk_solver
from ttt_desktop.cli.common import FailedError, ProgressLine, RefusedError
from ttt_desktop.cli.output import print_json
from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import Rules

_WORDS: Final = {1: "win", 0: "draw", -1: "loss"}


def run_solve(arguments: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``ttt-arena solve``; the exit status."""
    progress = ProgressLine(err)
    rules: Rules = arguments.rules
    try:
        mnk_solver.check_rules(rules)
        if arguments.position is None:
            board = Board.empty(rules=rules)
        else:
            board = Board.from_string(arguments.position.strip(), rules=rules)
    except ValueError as error:
        raise RefusedError(str(error)) from None
    started = time.perf_counter()
    limit = arguments.seconds
    asked = [0]
    shipped = rules.key in mnk_solver.SOLVED
    progress.stream.write(
        f"solving {rules.key}"
        + ("" if shipped or arguments.fresh else " (not among the boards it has proved before: "
           "this may take long; --seconds S gives up after S seconds)")
        + "\n"
    )  # fmt: skip

    def stop() -> bool:
        asked[0] += 1
        spent = time.perf_counter() - started
        searched = asked[0] * mnk_solver.SOLVER_STOP_EVERY
        progress.say(f"solving {rules.key}: about {searched:,} positions searched")
        return limit is not None and spent >= limit

    try:
        solution = mnk_solver.solve(board, known=not arguments.fresh, stop=stop)
    except mnk_solver.SolveStopped:
        searched = asked[0] * mnk_solver.SOLVER_STOP_EVERY
        raise FailedError(
            f"{rules.key} is not proved within {limit:g} s (about {searched:,} positions "
            "searched); give more --seconds, or leave it out to search until it is"
        ) from None
    first = board.first_player
    value = solution.value if board.to_move is first else -solution.value
    if board.is_over:
        value = 0 if board.winner is None else (1 if board.winner is first else -1)
    if arguments.json:
        print_json(
            {
                "rules": rules.key,
                "position": board.cells,
                "first_player": first.value,
                "to_move": board.to_move.value,
                "value": _WORDS[value],
                "score": value,
                "to_move_value": _WORDS[solution.value],
                "best": [board.name(cell) for cell in solution.best],
                "nodes": solution.nodes,
                "seconds": round(solution.seconds, 3),
            },
            out,
        )
        return 0
    where = "the empty board" if arguments.position is None else f"position {board.cells}"
    out.write(
        f"{rules.title} ({rules.key}), {where}: {_WORDS[value]} for the first player "
        f"({first.value}) with best play\n"
    )
    if solution.best:
        out.write(
            f"{board.to_move.value} to move; best moves: {board.geometry.names(solution.best)}\n"
        )
    out.write(f"nodes: {solution.nodes:,}\nseconds: {solution.seconds:.3f}\n")
    return 0
