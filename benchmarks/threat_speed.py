"""Threat-space search on known 15,15,5 positions: the win found, nodes, seconds, nodes/s.

The positions are those of tests/analysis/test_threats.py (seeded random play near the centre)
plus two with no threat win, where the search runs through its depths or its node
budget. Each is searched ``--rounds`` times and the best time kept.

Usage: ``.venv/bin/python benchmarks/threat_speed.py [--rounds 3] [--max-nodes 20000]``
"""

from __future__ import annotations

import argparse
import time

from ttt_desktop.analysis.threats import MAX_NODES, forced_win, sentence
from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import GOMOKU

POSITIONS = {
    "VCF in 5": "g7 e8 i6 i10 g10 j8 f5 h9 g11 f10 h11 i5 f9 k8 k6 h8",
    "VCF in 7": "f8 f7 f10 k10 g11 h6 j7 i6 i11 j8 i7 g5 h5 j5 g7 j11 e5 g8 e8 i9 h11 g10",
    "VCT in 5": "k8 k9 k5 i11 e5 j11 g5 e9 h8 e6 g10 h5 f7 k10 f11 i7",
    "VCT in 7": "e9 g5 k10 g10 h11 h5 g7 f8 g9 i7 j11 e7 h10",
    "deep VCT": "e5 h9 k9 j5 e6 e7 i8 h5 f5 j11 e11 g10 i11 g6 e10 j7 e8",
    "none (4 stones)": "h8 h9 i8 i9",
    "none (open)": "h8 i9 g7 j10 h7 h10",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--max-nodes", type=int, default=MAX_NODES)
    args = parser.parse_args()
    geometry = GOMOKU.geometry
    for label, moves in POSITIONS.items():
        board = Board.empty(rules=GOMOKU).play_all(geometry.parse(name) for name in moves.split())
        best = float("inf")
        for _ in range(args.rounds):
            started = time.perf_counter()
            win = forced_win(board, max_nodes=args.max_nodes)
            best = min(best, time.perf_counter() - started)
        if win is None:
            what, nodes = "no threat win", 0
        else:
            what, nodes = sentence(win, geometry), win.nodes
        rate = f"{nodes / best:8.0f} nodes/s" if nodes else ""
        print(f"{label:16} {nodes:6} nodes {best:7.3f} s {rate}  {what}")


if __name__ == "__main__":
    main()
