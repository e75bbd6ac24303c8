"""Random games per second on k-in-a-row boards, side by side with OpenSpiel in one run.

For each board (3,3,3, 9,9,5 and 15,15,5 by default) it plays seeded uniformly random
games to the end, timed over the same wall-clock budget each, and prints games/s for:

* ``playout``: :func:`ttt_desktop.core.playout.random_playout`, the engine's rollout
  (what MCTS runs on), one call a game;
* ``board``: the :class:`~ttt_desktop.core.board.Board` API driven from Python
  (``legal_moves()``, a random pick, ``play()``), a new board value each move;
* ``mnk``: OpenSpiel's ``mnk`` game driven from Python the same way
  (``legal_actions()``, a random pick, ``apply_action()``);
* ``gomoku``: OpenSpiel's C++ ``gomoku`` game driven the same way (square boards only).

The bar of the "Any board" step: ``playout`` at least 10x ``mnk`` on 15,15,5, aiming
at ``gomoku``. The runs alternate (one of each, then again) so a busy neighbour hurts
all of them alike; the best of the rounds is kept. Ratios in one run are what to quote.

``--memory`` also plays 10,000 random 15,15,5 games through the Board API in this process
and prints the growth of the resident set (the bar: under 20 MiB).

Usage: ``.venv/bin/python benchmarks/board_speed.py [--seconds 2] [--rounds 3] [--memory]``
(OpenSpiel comes with the test extra: ``pip install -e .[test]``).
"""

from __future__ import annotations

import argparse
import random
import resource
import time
from collections.abc import Callable

from ttt_desktop.core.board import Board
from ttt_desktop.core.playout import random_playout
from ttt_desktop.core.rules import Rules


def playout_games(rules: Rules, seed: int) -> Callable[[], int]:
    empty = Board.empty(rules=rules)
    draw = random.Random(seed).random

    def one() -> int:
        return len(random_playout(empty, draw)[1])

    return one


def board_games(rules: Rules, seed: int) -> Callable[[], int]:
    empty = Board.empty(rules=rules)
    draw = random.Random(seed).random

    def one() -> int:
        board = empty
        while not board.is_over:
            moves = board.legal_moves()
            board = board.play(moves[int(draw() * len(moves))])
        return board.ply

    return one


def spiel_games(game: object, seed: int) -> Callable[[], int]:
    draw = random.Random(seed).random

    def one() -> int:
        state = game.new_initial_state()  # type: ignore[attr-defined]
        plies = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[int(draw() * len(actions))])
            plies += 1
        return int(plies)

    return one


def rate(one: Callable[[], int], seconds: float) -> tuple[float, float]:
    """Games per second and mean plies a game, over about ``seconds``."""
    games = plies = 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        plies += one()
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            return games / (now - started), plies / games


def rss_mib() -> float:
    with open("/proc/self/statm", encoding="ascii") as statm:
        pages = int(statm.read().split()[1])
    return pages * resource.getpagesize() / 2**20


def memory_check(games: int) -> None:
    rules = Rules(15, 15, 5)
    one = board_games(rules, 7)
    for _ in range(200):  # warm-up: the geometry, the interpreter's free lists
        one()
    before = rss_mib()
    for _ in range(games):
        one()
    after = rss_mib()
    print(
        f"\nmemory: {games:,} random 15,15,5 games through the Board API: RSS {before:.1f} -> "
        f"{after:.1f} MiB, growth {after - before:.2f} MiB (bar: under 20 MiB)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", default="3,3,3;9,9,5;15,15,5")
    parser.add_argument("--seconds", type=float, default=2.0, help="per measure and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--memory", action="store_true")
    parser.add_argument("--memory-games", type=int, default=10_000)
    args = parser.parse_args()
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: PLC0415  (test extra)
    except ImportError:
        pyspiel = None
        print("OpenSpiel is not installed (pip install -e .[test]): our figures only")
    print(f"{'board':<10}{'measure':<10}{'games/s':>12}{'plies/game':>12}{'x mnk':>8}")
    for key in args.boards.split(";"):
        rules = Rules.parse(key)
        contenders: dict[str, Callable[[], int]] = {
            "playout": playout_games(rules, 1),
            "board": board_games(rules, 2),
        }
        if pyspiel is not None:
            contenders["mnk"] = spiel_games(
                pyspiel.load_game("mnk", {"m": rules.m, "n": rules.n, "k": rules.k}), 3
            )
            if rules.m == rules.n and not rules.exact:
                contenders["gomoku"] = spiel_games(
                    pyspiel.load_game("gomoku", {"size": rules.m, "connect": rules.k}), 4
                )
        best: dict[str, tuple[float, float]] = {}
        for _ in range(args.rounds):
            for name, one in contenders.items():
                figure = rate(one, args.seconds)
                if name not in best or figure[0] > best[name][0]:
                    best[name] = figure
        for name, (games, plies) in best.items():
            ratio = f"{games / best['mnk'][0]:.1f}x" if "mnk" in best else "-"
            print(f"{rules.key:<10}{name:<10}{games:>12,.0f}{plies:>12.1f}{ratio:>8}")
    if args.memory:
        memory_check(args.memory_games)


if __name__ == "__main__":
    main()
