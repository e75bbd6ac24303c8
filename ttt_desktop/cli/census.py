"""``ttt-arena census``: the counts of tic-tac-toe's whole game tree (the source documents'
Figure 1.2 and friends), as a table or one JSON object.

Nothing here imports Qt.
"""

from __future__ import annotations

import argparse
from typing import TextIO

from ttt_desktop.analysis import census
from ttt_desktop.cli.common import classic_only
from ttt_desktop.cli.output import print_json

__all__ = ["print_census", "run_census"]


def run_census(arguments: argparse.Namespace, out: TextIO, _err: TextIO) -> int:
    classic_only(
        arguments.rules,
        "the census",
        "it counts every game of the whole game tree, which only tic-tac-toe's is small enough for",
    )
    if arguments.json:
        print_json(census().as_json(), out)
    else:
        print_census(out)
    return 0


def print_census(out: TextIO) -> None:
    figures = census()
    out.write("Number of tic-tac-toe board configurations (X moves first)\n\n")
    out.write(f"{'Move':>4}  {'Total states':>12}  {'Terminal states':>15}\n")
    for ply in range(1, 10):
        total = figures.sequences_per_ply[ply]
        terminal = figures.terminal_per_ply[ply]
        terminal_text = f"{terminal:,}" if terminal else "-"
        out.write(f"{ply:>4}  {total:>12,}  {terminal_text:>15}\n")
    out.write(f"{'Total':>4}  {'-':>12}  {figures.games:>15,}\n\n")
    outcomes = figures.outcomes
    out.write(f"X (first player) wins  {outcomes['X']:>9,} games\n")
    out.write(f"O (second player) wins {outcomes['O']:>9,} games\n")
    out.write(f"Drawn                  {outcomes['draw']:>9,} games\n")
    out.write(f"Games up to symmetry   {figures.games_up_to_symmetry:>9,}\n")
    out.write(
        f"Positions              {figures.positions:>9,} "
        f"({figures.positions_up_to_symmetry:,} up to symmetry)\n"
    )
    out.write(
        f"Finished positions     {figures.terminal_positions:>9,} "
        f"({figures.terminal_positions_up_to_symmetry:,} up to symmetry)\n"
    )
