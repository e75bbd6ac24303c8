"""Milliseconds per move of the source documents' players on 7,7,5 and 15,15,5.

Each player plays ``--games`` games against Levi, colours alternating, for at most
``--plies`` moves each; every move of the player is timed through ``think`` (what the
window calls) and the mean, the slowest and the nodes of its searches are printed. A
second table puts MiniMax and AlphaBeta at the same depths on one 15x15 middle-game
position, to show how much alpha-beta prunes where minimax takes far longer.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/seed_players_speed.py [--games 2] [--plies 40]
"""

from __future__ import annotations

import argparse
import statistics
import time

from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import Rules
from ttt_desktop.players import create_player
from ttt_desktop.players.search.limited import default_depth

KINDS = ("rando", "levi", "humiston", "utility", "ralph", "strategist", "minimax", "alphabeta")
BOARDS = ("7,7,5", "15,15,5")
MIDDLE_GAME = ("h8", "h9", "i9", "g7", "j10", "k11", "i8", "i10", "g9", "j7")


def timed_games(kind: str, rules: Rules, games: int, plies: int) -> tuple[list[float], list[int]]:
    """Seconds per move of ``kind`` and the nodes its thoughts report, over ``games`` games."""
    seconds: list[float] = []
    nodes: list[int] = []
    for game in range(games):
        player = create_player(kind, seed=100 + game)
        opponent = create_player("levi", seed=200 + game)
        board = Board.empty(rules=rules)
        mine = game % 2  # the player moves on even plies in even games, odd plies in odd ones
        while not board.is_over and board.ply < plies:
            if board.ply % 2 == mine:
                started = time.perf_counter()
                thought = player.think(board)
                seconds.append(time.perf_counter() - started)
                nodes.append(thought.nodes)
                board = board.play(thought.move)
            else:
                board = board.play(opponent.choose_move(board))
    return seconds, nodes


def per_move_table(games: int, plies: int) -> None:
    print(f"ms per move, {games} games against Levi, at most {plies} plies each")
    print(f"{'board':<9}{'player':<12}{'moves':>6}{'mean ms':>10}{'max ms':>10}{'max nodes':>11}")
    for key in BOARDS:
        rules = Rules.parse(key)
        for kind in KINDS:
            seconds, nodes = timed_games(kind, rules, games, plies)
            mean_ms = statistics.fmean(seconds) * 1000
            print(
                f"{key:<9}{kind:<12}{len(seconds):>6}{mean_ms:>10.1f}"
                f"{max(seconds) * 1000:>10.1f}{max(nodes):>11,}"
            )
        print(
            f"  (default depths on {key}: minimax {default_depth('minimax', rules)}, "
            f"alphabeta {default_depth('alphabeta', rules)})"
        )


def pruning_table() -> None:
    rules = Rules.parse("15,15,5")
    board = Board.empty(rules=rules)
    board = board.play_all([board.geometry.parse(name) for name in MIDDLE_GAME])
    moves = " ".join(MIDDLE_GAME)
    print(f"\nthe same depth on one 15x15 position ({moves}), {board.to_move} to move")
    print(f"{'depth':<7}{'player':<11}{'nodes':>10}{'cutoffs':>10}{'ms':>10}{'value':>10}")
    for depth in (1, 2, 3):
        for kind in ("minimax", "alphabeta"):
            started = time.perf_counter()
            thought = create_player(kind, seed=1, depth=depth).think(board)
            elapsed = (time.perf_counter() - started) * 1000
            best = thought.score_of(thought.move)
            value = best.value if best is not None else 0
            print(
                f"{depth:<7}{kind:<11}{thought.nodes:>10,}{thought.cutoffs:>10,}"
                f"{elapsed:>10.0f}{value:>10}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per player and board")
    parser.add_argument("--plies", type=int, default=40, help="moves per game at most")
    arguments = parser.parse_args()
    per_move_table(arguments.games, arguments.plies)
    pruning_table()


if __name__ == "__main__":
    main()
