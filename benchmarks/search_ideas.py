"""What each idea of the big-board search is worth: Strongest with it against Strongest without.

Each idea is a switch of the Searcher (the engine Strongest plays on boards too big to
solve). Both sides get the same budget in positions (``--nodes``, so the machine's load
changes nothing) or in time (``--ms``); the games start from seeded openings of three
stones near the centre, each opening played twice with the colours swapped, so neither
side gains from the opening it was dealt. Prints, per idea, the games won, drawn and lost
by the side with the idea, its score, and the Elo difference with a 95% interval (normal
approximation over the games' scores).

Ideas:

* ``width``: an inner node searches only its :data:`~ttt_desktop.players.searcher.WIDTH`
  best-ordered moves (against all of them); ``--width`` tries another value.
* ``threats``: Strongest's threat search at the root looks through ``--threat-nodes``
  positions for a forced win (against :data:`~ttt_desktop.players.strongest.THREAT_NODES`);
  measure it under ``--ms``, where its time is the Searcher's loss.
* ``base``: a window of i stones is worth ``--base ** (i - 1)`` (against
  :data:`~ttt_desktop.players.searcher.WINDOW_BASE`).
* ``tempo``: a position is worth ``ahead`` times the sum of the side to move less
  ``behind`` times the other's (``--tempo ahead,behind``, against
  :data:`~ttt_desktop.players.searcher.TEMPO`).
* ``deepening``: the deepening goes on to the end of the budget and takes from the
  iteration cut short a move that proved better than the best so far (against starting
  no iteration after 40% of the budget and throwing away one cut short).

    .venv/bin/python benchmarks/search_ideas.py width --openings 20 --nodes 20000
    .venv/bin/python benchmarks/search_ideas.py width --width 8 --openings 20 --ms 100
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.cells import Cell
from ttt_desktop.core.play import play_game
from ttt_desktop.core.rules import Rules
from ttt_desktop.players.base import Player
from ttt_desktop.players.searcher import TEMPO, WIDTH, WINDOW_BASE, SearcherPlayer
from ttt_desktop.players.strongest import THREAT_NODES, StrongestPlayer


class Opened:
    """A seat that plays the opening's moves while the board is in it, then its player's."""

    def __init__(self, player: Player, opening: tuple[int, ...]) -> None:
        self.player = player
        self.opening = opening

    def choose_move(self, board: Board) -> Cell:
        if board.ply < len(self.opening):
            return self.opening[board.ply]
        return self.player.choose_move(board)


def openings(rules: Rules, count: int, seed: int) -> list[tuple[int, ...]]:
    """``count`` different openings of three stones, each within two cells of the centre."""
    generator = random.Random(seed)
    cx, cy = rules.m // 2, rules.n // 2
    near = [(cx + dx) + (cy + dy) * rules.m for dy in range(-2, 3) for dx in range(-2, 3)]
    found: list[tuple[int, ...]] = []
    while len(found) < count:
        opening = tuple(generator.sample(near, 3))
        if opening not in found:
            found.append(opening)
    return found


def strongest(  # noqa: PLR0917  (the job's fields)
    seed: int, idea: str, on: bool, nodes: int | None, ms: float | None, setting: Any
) -> StrongestPlayer:
    """Strongest with the idea on or off (``setting``: its value, where it takes one),
    under the budget."""
    player = StrongestPlayer(seed=seed, nodes=nodes, budget_ms=ms)
    searcher = player.delegate(GOMOKU_RULES)
    assert isinstance(searcher, SearcherPlayer)
    if idea == "width":
        searcher.width = setting if on else None
    elif idea == "deepening":
        searcher.whole_budget = on
    elif idea == "threats":
        player.threat_nodes = setting if on else THREAT_NODES
    elif idea == "base":
        searcher.window_base = setting if on else WINDOW_BASE
    elif idea == "tempo":
        searcher.tempo = setting if on else TEMPO
    return player


GOMOKU_RULES = Rules.parse("15,15,5")


def one_game(job: tuple[int, tuple[int, ...], bool, str, int | None, float | None, Any]) -> float:
    """The score (1, 0.5, 0) of the side with the idea in one game."""
    index, opening, idea_first, idea, nodes, ms, setting = job
    with_idea = strongest(2 * index, idea, True, nodes, ms, setting)
    without = strongest(2 * index + 1, idea, False, nodes, ms, setting)
    x, o = (with_idea, without) if idea_first else (without, with_idea)
    game = play_game(Opened(x, opening), Opened(o, opening), GOMOKU_RULES, Mark.X)
    if game.winner is None:
        return 0.5
    idea_mark = Mark.X if idea_first else Mark.O
    return 1.0 if game.winner is idea_mark else 0.0


def elo(score: float) -> float:
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("idea", choices=["width", "deepening", "threats", "base", "tempo"])
    parser.add_argument("--threat-nodes", type=int, default=20_000)
    parser.add_argument("--openings", type=int, default=20)
    parser.add_argument("--nodes", type=int, help="positions a move (the default: 20,000)")
    parser.add_argument("--ms", type=float, help="milliseconds a move instead of positions")
    parser.add_argument("--width", type=int, default=WIDTH)
    parser.add_argument("--base", type=int, default=10, help="the window base tried (base)")
    parser.add_argument("--tempo", default="2,1", help="ahead,behind tried (tempo)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    nodes = args.nodes if args.nodes is not None or args.ms is not None else 20_000
    ahead, behind = (int(part) for part in args.tempo.split(","))
    setting = {
        "width": args.width,
        "threats": args.threat_nodes,
        "base": args.base,
        "tempo": (ahead, behind),
    }.get(args.idea, 0)
    jobs = [
        (2 * i + swap, opening, swap == 0, args.idea, nodes, args.ms, setting)
        for i, opening in enumerate(openings(GOMOKU_RULES, args.openings, args.seed))
        for swap in (0, 1)
    ]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        scores = list(pool.map(one_game, jobs))
    seconds = time.perf_counter() - started
    n = len(scores)
    mean = sum(scores) / n
    spread = math.sqrt(sum((s - mean) ** 2 for s in scores) / max(n - 1, 1) / n)
    wins = scores.count(1.0)
    draws = scores.count(0.5)
    budget = f"{nodes:,} positions" if nodes is not None else f"{args.ms:g} ms"
    shown = (
        f" {setting[0]}:{setting[1]}"
        if isinstance(setting, tuple)
        else f" {setting:,}"
        if setting
        else ""
    )
    print(
        f"{args.idea}{shown} on v off, 15,15,5, {budget} a move, {n} games "
        f"({args.openings} openings x 2 colours), {seconds:.0f} s:"
    )
    print(f"  with it: won {wins}, drew {draws}, lost {n - wins - draws}; score {mean:.3f}")
    low, high = elo(mean - 1.96 * spread), elo(mean + 1.96 * spread)
    print(f"  Elo {elo(mean):+.0f} (95%: {low:+.0f} to {high:+.0f})")


if __name__ == "__main__":
    main()
