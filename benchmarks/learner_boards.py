"""The n-tuple learner trained from scratch on a board, then measured: the issue's bars.

For each ``--rules`` board: the one trainer (``players.learner.train``, method ``ntuple``)
trains a network from nothing by self-play on ``--workers`` processes (0: every core) for
``--minutes`` of training, stopping at 1, 2, 4, 8 ... minutes (and at the end) to play
``--curve-games`` games against Levi and Utility (the learning curve; those games are not
counted in the training time). Then the trained network plays ``--games`` games, colours
alternating, against each of Levi, Utility and the Searcher, the Searcher given the same
time per move as the network took on average against Utility.

The bars (9,9,5, 15 minutes): at least 90% against Levi and 75% against Utility.
Printed beside them, as the reference of the same run: the untrained network (game 0) and
Utility against Levi, measured the same way. Also printed: the training's wall time, the
CPU time of this process and its helper processes, and the games played. A score counts a
win 1 and a draw a half; the interval is Wilson's 95%.

Run it niced (it takes ``--minutes`` per board and a few minutes more):

    nice .venv/bin/python benchmarks/learner_boards.py --rules 9,9,5 --minutes 15
    nice .venv/bin/python benchmarks/learner_boards.py --rules 7,7,4 15,15,5 --minutes 15

``--out DIR`` keeps each trained network (``ntuple-<rules>.json``, its curve inside) and
the curve as CSV.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttt_desktop.core.board import Mark
from ttt_desktop.core.play import play_game
from ttt_desktop.core.rules import Rules
from ttt_desktop.players import create_player
from ttt_desktop.players.learner import settings_for, train
from ttt_desktop.players.ntuple import NTupleNetwork, NTuplePlayer


class TimedSeat:
    """A player whose move times are added up."""

    def __init__(self, player: Any) -> None:
        self.player = player
        self.seconds = 0.0
        self.moves = 0

    def choose_move(self, board: Any) -> int:
        started = time.perf_counter()
        cell: int = self.player.choose_move(board)
        self.seconds += time.perf_counter() - started
        self.moves += 1
        return cell


def wilson(score: float, games: int) -> tuple[float, float]:
    z2 = 1.96 * 1.96
    centre = (score + z2 / (2 * games)) / (1 + z2 / games)
    half = 1.96 * math.sqrt(score * (1 - score) / games + z2 / (4 * games * games))
    half /= 1 + z2 / games
    return max(0.0, centre - half), min(1.0, centre + half)


def score_of(player: Any, opponent: Any, rules: Rules, games: int) -> tuple[float, int, int, int]:
    """``player``'s score against ``opponent`` over ``games`` games, colours alternating."""
    wins = draws = 0
    for game in range(games):
        mark = Mark.X if game % 2 == 0 else Mark.O
        x, o = (player, opponent) if mark is Mark.X else (opponent, player)
        winner = play_game(x, o, rules, keep_moves=False).board.winner
        if winner is mark:
            wins += 1
        elif winner is None:
            draws += 1
    return (wins + draws / 2) / games, wins, draws, games - wins - draws


def line(what: str, score: float, wins: int, draws: int, losses: int) -> str:
    games = wins + draws + losses
    low, high = wilson(score, games)
    return (
        f"  {what:<44} {100 * score:5.1f}%  (95% {100 * low:.1f}-{100 * high:.1f}%; "
        f"{wins} won, {draws} drawn, {losses} lost of {games})"
    )


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run_board(key: str, arguments: argparse.Namespace) -> None:
    rules = Rules.parse(key)
    workers = arguments.workers or os.cpu_count() or 1
    print(f"\n== {rules.key} ({rules.title}): {arguments.minutes:g} min of training on "
          f"{workers} process(es), seed {arguments.seed}", flush=True)  # fmt: skip
    network: NTupleNetwork | None = None
    curve: list[tuple[int, float, float, float]] = []
    stops = [1.0]
    while stops[-1] * 2 < arguments.minutes:
        stops.append(stops[-1] * 2)
    stops = [stop for stop in stops if stop < arguments.minutes] + [arguments.minutes]
    wall_started, cpu_started = time.perf_counter(), cpu_seconds()
    training_wall = 0.0
    levi = create_player("levi", seed=arguments.seed + 7)
    utility = create_player("utility", seed=arguments.seed + 8)
    for stop in [0.0, *stops]:
        if stop:
            settings = settings_for(
                "ntuple",
                rules=rules.key,
                minutes=stop,
                workers=workers,
                seed=arguments.seed,
                eval_every=10**9,
                eval_games=2,
                opponents=("levi",),
            )
            began = time.perf_counter()
            network = train(settings, start=network).table  # type: ignore[assignment]
            training_wall += time.perf_counter() - began
        player = NTuplePlayer(seed=arguments.seed, network=network or NTupleNetwork(rules))
        games_done = int(network.training["games"]) if network else 0
        seconds = float(network.training["seconds"]) if network else 0.0
        vs_levi = score_of(player, levi, rules, arguments.curve_games)[0]
        vs_utility = score_of(player, utility, rules, arguments.curve_games)[0]
        curve.append((games_done, seconds, vs_levi, vs_utility))
        print(f"  curve: {games_done:>8,} games, {seconds / 60:5.2f} min: Levi "
              f"{100 * vs_levi:5.1f}%, Utility {100 * vs_utility:5.1f}% "
              f"({arguments.curve_games} games each)", flush=True)  # fmt: skip
    assert network is not None
    cpu_used = cpu_seconds() - cpu_started
    print(f"  trained {int(network.training['games']):,} games in "
          f"{float(network.training['seconds']):.0f} s of training ({training_wall:.0f} s wall "
          f"with the curve's stops' overhead); CPU time of all processes so far: "
          f"{cpu_used:.0f} s", flush=True)  # fmt: skip

    timed = TimedSeat(NTuplePlayer(seed=arguments.seed + 1, network=network))
    games = arguments.games
    print(f"  measured over {games} games each, colours alternating:")
    result = score_of(timed, create_player("levi", seed=arguments.seed + 11), rules, games)
    print(line("trained network v Levi (bar 90% on 9,9,5)", *result), flush=True)
    result = score_of(timed, create_player("utility", seed=arguments.seed + 12), rules, games)
    print(line("trained network v Utility (bar 75% on 9,9,5)", *result), flush=True)
    per_move_ms = 1000 * timed.seconds / max(timed.moves, 1)
    searcher = create_player("searcher", seed=arguments.seed + 13, budget_ms=max(per_move_ms, 0.1))
    result = score_of(timed, searcher, rules, games)
    print(line(f"trained network v Searcher at {per_move_ms:.2f} ms a move", *result), flush=True)
    print(f"  the network's mean time a move: {1000 * timed.seconds / timed.moves:.2f} ms")
    print("  reference, the same games:")
    untrained = NTuplePlayer(seed=arguments.seed + 1, network=NTupleNetwork(rules))
    result = score_of(untrained, create_player("levi", seed=arguments.seed + 11), rules, games)
    print(line("untrained network v Levi", *result), flush=True)
    result = score_of(untrained, create_player("utility", seed=arguments.seed + 12), rules, games)
    print(line("untrained network v Utility", *result), flush=True)
    result = score_of(
        create_player("utility", seed=arguments.seed + 14),
        create_player("levi", seed=arguments.seed + 11),
        rules,
        games,
    )
    print(line("Utility v Levi", *result), flush=True)
    print(f"  total wall time {time.perf_counter() - wall_started:.0f} s, CPU time of all "
          f"processes {cpu_seconds() - cpu_started:.0f} s", flush=True)  # fmt: skip
    if arguments.out is not None:
        arguments.out.mkdir(parents=True, exist_ok=True)
        network.save(arguments.out / f"ntuple-{rules.key}.json")
        with (arguments.out / f"ntuple-{rules.key}-curve.csv").open("w", newline="") as file:
            writer = csv.writer(file)
            writer.writerow(("games", "training_seconds", "score_vs_levi", "score_vs_utility"))
            writer.writerows(curve)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", nargs="+", default=["9,9,5"])
    parser.add_argument("--minutes", type=float, default=15.0)
    parser.add_argument("--workers", type=int, default=0, help="0: every core")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--curve-games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2021)
    parser.add_argument("--out", type=Path)
    arguments = parser.parse_args()
    print(f"n-tuple learner, {os.cpu_count()} cores, load average "
          f"{', '.join(f'{value:.2f}' for value in os.getloadavg())}", flush=True)  # fmt: skip
    for key in arguments.rules:
        run_board(key, arguments)


if __name__ == "__main__":
    main()
