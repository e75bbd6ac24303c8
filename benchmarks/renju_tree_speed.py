"""The look-ahead's cost of renju and caro: the Searcher and Monty on the same 15x15 positions
under free-style, renju and caro.

Under renju black's forbidden points are no moves for black anywhere in the Searcher's and
Monty's trees (:func:`ttt_desktop.core.renju.forbidden_cells` at each black node) nor in
Monty's rollouts (asked of each cell drawn for black); under caro every four is checked for
a five closed at both ends, and a four's answers include the end that closes it. On the
positions of ``benchmarks/rules_speed.py`` (those of ``benchmarks/threat_speed.py`` that
are legal renju games, and a few of seeded random play near the centre), under each rule,
it prints (best of ``--rounds``):

* ``searcher``: the Searcher's move with a fixed node budget (``--nodes``: the same work
  from run to run), its time and nodes a second;
* ``monty``: Monty's move with a fixed number of simulations (``--simulations``), its time
  and simulations a second;

and the totals per rule.

Usage: ``nice .venv/bin/python benchmarks/renju_tree_speed.py [--rounds 3] [--nodes 20000]
[--simulations 2000]``. Figures in one run are what to compare: the machine is shared.
"""

from __future__ import annotations

import argparse

from rules_speed import best_of, rule_positions

from ttt_desktop.players.mcts import MontyPlayer
from ttt_desktop.players.searcher import SearcherPlayer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--nodes", type=int, default=20_000)
    parser.add_argument("--simulations", type=int, default=2_000)
    options = parser.parse_args()
    print(
        f"{'position':24} {'rule':10} {'searcher':>10} {'nodes/s':>9} "
        f"{'monty':>9} {'sims/s':>8}  forbidden"
    )
    totals: dict[str, list[float]] = {}
    for label, board in rule_positions():
        searcher = SearcherPlayer(seed=1, nodes=options.nodes)
        nodes = searcher.search(board).nodes
        searched = best_of(options.rounds, lambda: searcher.search(board))  # noqa: B023
        monty = MontyPlayer(seed=1, simulations=options.simulations)
        sims = best_of(options.rounds, lambda: monty.think(board))  # noqa: B023
        row = totals.setdefault(board.rules.rule, [0.0, 0.0, 0.0, 0.0])
        row[0] += searched
        row[1] += nodes
        row[2] += sims
        row[3] += 1
        print(
            f"{label:24} {board.rules.rule:10} {searched * 1000:8.1f}ms {nodes / searched:9,.0f} "
            f"{sims * 1000:7.1f}ms {options.simulations / sims:8,.0f}  "
            f"{len(board.forbidden_cells())}",
            flush=True,
        )
    for rule, (total_searched, total_nodes, total_sims, count) in totals.items():
        print(
            f"{'total':24} {rule:10} {total_searched * 1000:8.1f}ms "
            f"{total_nodes / total_searched:9,.0f} {total_sims * 1000:7.1f}ms "
            f"{options.simulations * count / total_sims:8,.0f}"
        )


if __name__ == "__main__":
    main()
