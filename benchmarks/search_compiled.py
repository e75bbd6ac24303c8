"""The Searcher's compiled tree beside its pure-Python tree: positions per CPU-second.

1. ``tree``: the same positions (15,15,5, 20,20,5, 15,15,5 exact, a few moves in) searched
   with the same node budget by both trees in one run; each result is checked to be the
   same (move, value, depth, nodes, root scores, line). Two counts per search: ``nodes`` as
   the Searcher counts them (each position entered plus each last-ply child scored from
   the window tables without being played) and ``entered`` (the positions entered only:
   each one expanded, a table probed, its moves generated and ordered). Figures per CPU
   second (``time.process_time``), and the compiled tree's speed over the Python tree's.
2. ``strongest``: the Strongest player at 1 s a move on the 15,15,5 positions, the Python
   tree then the compiled one: nodes and positions entered per CPU second, the depth
   reached. (The Searcher stops deepening when 40% of the time is gone, so a move takes
   well under its second.)

    .venv/bin/python benchmarks/search_compiled.py
    .venv/bin/python benchmarks/search_compiled.py tree --nodes 2000000
    .venv/bin/python benchmarks/search_compiled.py strongest
    .venv/bin/python benchmarks/search_compiled.py strongest --brain /path/to/pbrain-x

With ``--brain`` a Gomocup brain you built (nothing of it is in this project) thinks the same
time on the same positions through our engine manager, in the same run, and its own figures
are printed from the MESSAGE line it ends its move with when it says one in Rapfi's form
(``Speed 1083K | Depth 27-17 | ... | Node 1051K | Time 970ms``): its nodes a second of its
own clock, which count every position its search visits (its quiescence's included). The
two counts are not the same thing: our "entered" is nearer a brain's node than our "nodes".
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import Rules
from ttt_desktop.players import searcher
from ttt_desktop.players.search.negamax import Negamax
from ttt_desktop.players.searcher import Search, SearchResult
from ttt_desktop.players.strongest import StrongestPlayer

POSITIONS = {
    "15,15,5": (
        "h8 g7 i9 g9 h9 h7 i7 j8",
        "h8 i9 g9 h10 h9 h7 g8 f7 i8 j8",
        "h8 h9 i8 g8 j9 i10",
    ),
    "20,20,5": ("k10 j9 l11 j11 k11", "j10 k11 k10 l10 m12 j11"),
    "15,15,5,exact": ("h8 g7 i9 g9 h9 h7", "h8 i9 g9 h10 h9 h7 g8"),
}


def position(key: str, names: str) -> Board:
    rules = Rules.parse(key)
    board = Board.empty(rules=rules).play_all(rules.geometry.parse(name) for name in names.split())
    assert not board.is_over
    return board


class _Tree:
    """One tree chosen for the searches inside it (``with``), counting the last-ply children
    it scores without entering them."""

    def __init__(self, compiled: bool) -> None:
        self.scored = 0
        self.chosen = compiled
        self.saved: tuple[Any, Any] = (None, None)

    def __enter__(self) -> _Tree:
        self.saved = getattr(searcher, "_fastsearch"), getattr(searcher, "Negamax")  # noqa: B009
        tally = self
        compiled = self.saved[0]
        if self.chosen:

            class CountingRun:
                Tables = compiled.Tables

                @staticmethod
                def run(*args: Any) -> Any:
                    found = compiled.run(*args)
                    tally.scored += found[8]
                    return found

            setattr(searcher, "_fastsearch", CountingRun())  # noqa: B010
        else:

            class CountingCore(Negamax[Any, Any]):
                def __init__(self, *args: Any, **kwargs: Any) -> None:
                    super().__init__(*args, **kwargs)
                    inner = self.count

                    def count(more: int, ply: int, cut: int = 0) -> None:
                        tally.scored += more
                        inner(more, ply, cut)

                    self.count = count

            setattr(searcher, "_fastsearch", None)  # noqa: B010
            setattr(searcher, "Negamax", CountingCore)  # noqa: B010
        return self

    def __exit__(self, *exc_info: object) -> None:
        setattr(searcher, "_fastsearch", self.saved[0])  # noqa: B010
        setattr(searcher, "Negamax", self.saved[1])  # noqa: B010


def searched(board: Board, compiled: bool, **budget: Any) -> tuple[SearchResult, float, int]:
    """One search by the chosen tree: its result, CPU seconds, last-ply children scored."""
    with _Tree(compiled) as chosen:
        started = time.process_time()
        result = Search(board, **budget).run()
        seconds = time.process_time() - started
    return result, seconds, chosen.scored


def fields(result: SearchResult) -> tuple[object, ...]:
    return result.move, result.value, result.depth, result.nodes, result.scores, result.line


def _total_line(label: str, total: dict[bool, list[float]]) -> None:
    (py_s, py_n, py_in), (c_s, c_n, c_in) = total[False], total[True]
    print(
        f"{label:14} {'sum':>3} {'':5} {c_n:10,.0f} {c_in:9,.0f}   "
        f"{py_s:8.2f} {py_n / py_s:10,.0f} {py_in / py_s:9,.0f}   "
        f"{c_s:6.3f} {c_n / c_s:11,.0f} {c_in / c_s:10,.0f}   {py_s / c_s:5.1f}"
    )


def tree(options: argparse.Namespace) -> None:
    print(f"load average {os.getloadavg()[0]:.1f}; node budget {options.nodes:,}")
    print(
        f"{'board':14} {'pos':>3} {'depth':>5} {'nodes':>10} {'entered':>9}   "
        f"{'python s':>8} {'nodes/s':>10} {'entered/s':>9}   "
        f"{'C s':>6} {'nodes/s':>11} {'entered/s':>10}   {'ratio':>5}"
    )
    total = {True: [0.0, 0.0, 0.0], False: [0.0, 0.0, 0.0]}
    for key, boards in POSITIONS.items():
        board_total = {True: [0.0, 0.0, 0.0], False: [0.0, 0.0, 0.0]}
        for index, names in enumerate(boards):
            board = position(key, names)
            runs = {}
            for compiled in (False, True):
                result, seconds, scored = searched(board, compiled, nodes=options.nodes)
                runs[compiled] = result, seconds, result.nodes - scored
                for tally in (total[compiled], board_total[compiled]):
                    tally[0] += seconds
                    tally[1] += result.nodes
                    tally[2] += result.nodes - scored
            (py, py_s, py_in), (c, c_s, c_in) = runs[False], runs[True]
            if fields(py) != fields(c):
                raise SystemExit(f"the trees disagree on {key} {names}: {fields(py)} {fields(c)}")
            print(
                f"{key:14} {index:3} {c.depth:5} {c.nodes:10,} {c_in:9,}   "
                f"{py_s:8.2f} {py.nodes / py_s:10,.0f} {py_in / py_s:9,.0f}   "
                f"{c_s:6.3f} {c.nodes / c_s:11,.0f} {c_in / c_s:10,.0f}   {py_s / c_s:5.1f}"
            )
        _total_line(key, board_total)
    _total_line("all", total)
    print("every search gave the same result through both trees")


def strongest(options: argparse.Namespace) -> None:
    print(f"load average {os.getloadavg()[0]:.1f}; Strongest at {options.ms:.0f} ms a move")
    print(
        f"{'tree':8} {'pos':>3} {'depth':>5} {'nodes':>11} {'entered':>10} {'cpu s':>6} "
        f"{'nodes/cpu-s':>12} {'entered/cpu-s':>13}"
    )
    for compiled in (False, True):
        for index, names in enumerate(POSITIONS["15,15,5"]):
            board = position("15,15,5", names)
            with _Tree(compiled):
                player = StrongestPlayer(seed=1, budget_ms=options.ms)
                started = time.process_time()
                thought = player.think(board)
                seconds = time.process_time() - started
            # The thought counts the positions entered; the children scored at the
            # horizon without being played are apart (its ``scored``).
            entered = thought.nodes
            counted = thought.nodes + thought.scored
            print(
                f"{'C' if compiled else 'python':8} {index:3} {thought.depth:5} "
                f"{counted:11,} {entered:10,} {seconds:6.2f} "
                f"{counted / seconds:12,.0f} {entered / seconds:13,.0f}"
            )


_BRAIN_FIGURES = re.compile(r"Speed (\d+)K .*Depth (\S+) .*Node (\d+)K .*Time (\d+)ms")


def brain(options: argparse.Namespace) -> None:
    """The brain's own figures on the 15,15,5 positions at ``options.ms`` a move."""
    from ttt_desktop.brains.manager import BrainSettings, brain_clock  # noqa: PLC0415
    from ttt_desktop.brains.player import BrainPlayer  # noqa: PLC0415
    from ttt_desktop.core.clock import TimeControl  # noqa: PLC0415

    settings = BrainSettings(clock=brain_clock(TimeControl(turn_ms=options.ms)))
    with BrainPlayer(options.brain, settings=settings) as player:
        for index, names in enumerate(POSITIONS["15,15,5"]):
            thought = player.think(position("15,15,5", names))
            said = [m for m in thought.messages if _BRAIN_FIGURES.search(m)]
            if not said:
                print(f"{player.name:8} {index:3}  (no figures in its MESSAGE lines)")
                continue
            speed, depth, node, ms = _BRAIN_FIGURES.search(said[-1]).groups()  # type: ignore[union-attr]
            print(
                f"{player.name[:8]:8} {index:3} {depth:>5} {int(node) * 1000:11,} "
                f"{'':10} {int(ms) / 1000:6.2f} {int(speed) * 1000:12,} (its own count)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", nargs="?", choices=("tree", "strongest", "all"), default="all")
    parser.add_argument("--nodes", type=int, default=1_000_000, help="node budget (tree)")
    parser.add_argument("--ms", type=float, default=1000.0, help="time a move (strongest)")
    parser.add_argument("--brain", help="a Gomocup brain's command, beside Strongest")
    options = parser.parse_args()
    if not searcher.COMPILED_TREE:
        raise SystemExit("the compiled search was not built here (no C compiler)")
    if options.what in {"tree", "all"}:
        tree(options)
    if options.what in {"strongest", "all"}:
        strongest(options)
        if options.brain:
            brain(options)


if __name__ == "__main__":
    main()
