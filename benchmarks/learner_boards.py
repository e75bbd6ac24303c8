"""The n-tuple learner trained from scratch on a board, then measured: the issue's bars.

For each ``--rules`` board: the one trainer (``players.learner.train``, method ``ntuple``)
trains a network from nothing by self-play on ``--workers`` processes (0: every core) for
``--minutes`` of training, stopping at 1/16, 1/8, 1/4 ... minutes (and at the end) to play
``--curve-games`` games against Levi and Utility (the learning curve; those games are not
counted in the training time). Then the trained network plays ``--games`` games against
each of Levi, Utility and the Searcher, the Searcher given the same time per move as the
network took on average against Utility. Every measurement plays the board's built-in
openings in pairs, each opening once with each colour (``players.learner.paired_score``,
as the Lab's curve does), and prints how many of its games differ: from the empty board,
players that seldom break ties at random repeat their games.
``--networks DIR`` measures the networks an earlier ``--out DIR`` kept, without training.

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

from ttt_desktop.core.rules import Rules
from ttt_desktop.players import create_player
from ttt_desktop.players.learner import paired_score, settings_for, train
from ttt_desktop.players.ntuple import NTupleNetwork, NTuplePlayer

SEED = 2021
"""The seed of the openings' symmetries (``--seed`` sets it)."""


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


Score = tuple[float, int, int, int, int]
"""A score, the games won, drawn and lost, and how many of them differ."""


def score_of(player: Any, opponent: Any, rules: Rules, games: int) -> Score:
    """``player``'s score against ``opponent`` over ``games`` games from the board's built-in
    openings, each played with both colours (:func:`paired_score`), and the distinct games."""
    wins, draws, losses, distinct = paired_score(player, opponent, rules, games, SEED)
    return (wins + draws / 2) / games, wins, draws, losses, distinct


def line(what: str, result: Score) -> str:
    score, wins, draws, losses, distinct = result
    games = wins + draws + losses
    low, high = wilson(score, games)
    return (
        f"  {what:<44} {100 * score:5.1f}%  (95% {100 * low:.1f}-{100 * high:.1f}%; "
        f"{wins} won, {draws} drawn, {losses} lost of {games}; {distinct} distinct games)"
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
    stops = [1 / 16]  # 3.75 s, then doubling
    while stops[-1] * 2 < arguments.minutes:
        stops.append(stops[-1] * 2)
    stops = [stop for stop in stops if stop < arguments.minutes] + [arguments.minutes]
    wall_started, cpu_started = time.perf_counter(), cpu_seconds()
    training_wall = 0.0
    levi = create_player("levi", seed=arguments.seed + 7)
    utility = create_player("utility", seed=arguments.seed + 8)
    if arguments.networks is not None:
        # Measure networks trained by an earlier run (its --out), without training again.
        network = NTupleNetwork.load(arguments.networks / f"ntuple-{rules.key}.json")
        games, seconds = int(network.training["games"]), float(network.training["seconds"])
        print(f"  the network of {arguments.networks}: {games:,} games in {seconds:.0f} s "
              "of training", flush=True)  # fmt: skip
        stops = []
    for stop in [0.0, *stops] if arguments.networks is None else []:
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
    if arguments.networks is None:
        print(f"  trained {int(network.training['games']):,} games in "
              f"{float(network.training['seconds']):.0f} s of training ({training_wall:.0f} s "
              f"wall with the curve's stops' overhead); CPU time of all processes so far: "
              f"{cpu_used:.0f} s", flush=True)  # fmt: skip

    timed = TimedSeat(NTuplePlayer(seed=arguments.seed + 1, network=network))
    games = arguments.games
    print(f"  measured over {games} games each, in pairs from the built-in openings:")
    result = score_of(timed, create_player("levi", seed=arguments.seed + 11), rules, games)
    print(line("trained network v Levi (bar 90% on 9,9,5)", result), flush=True)
    result = score_of(timed, create_player("utility", seed=arguments.seed + 12), rules, games)
    print(line("trained network v Utility (bar 75% on 9,9,5)", result), flush=True)
    per_move_ms = 1000 * timed.seconds / max(timed.moves, 1)
    searcher = create_player("searcher", seed=arguments.seed + 13, budget_ms=max(per_move_ms, 0.1))
    result = score_of(timed, searcher, rules, games)
    print(line(f"trained network v Searcher at {per_move_ms:.2f} ms a move", result), flush=True)
    print(f"  the network's mean time a move: {1000 * timed.seconds / timed.moves:.2f} ms")
    for nodes in (1_000,):  # the Lab curve's Searcher
        searcher = create_player("searcher", seed=arguments.seed + 13, nodes=nodes)
        result = score_of(timed, searcher, rules, games)
        print(line(f"trained network v Searcher at {nodes:,} nodes a move", result), flush=True)
    print("  reference, the same games:")
    untrained = NTuplePlayer(seed=arguments.seed + 1, network=NTupleNetwork(rules))
    result = score_of(untrained, create_player("levi", seed=arguments.seed + 11), rules, games)
    print(line("untrained network v Levi", result), flush=True)
    result = score_of(untrained, create_player("utility", seed=arguments.seed + 12), rules, games)
    print(line("untrained network v Utility", result), flush=True)
    result = score_of(
        create_player("utility", seed=arguments.seed + 14),
        create_player("levi", seed=arguments.seed + 11),
        rules,
        games,
    )
    print(line("Utility v Levi", result), flush=True)
    print(f"  total wall time {time.perf_counter() - wall_started:.0f} s, CPU time of all "
          f"processes {cpu_seconds() - cpu_started:.0f} s", flush=True)  # fmt: skip
    if arguments.out is not None:
        arguments.out.mkdir(parents=True, exist_ok=True)
        network.save(arguments.out / f"ntuple-{rules.key}.json")
    if arguments.out is not None and curve:
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
    parser.add_argument(
        "--networks", type=Path, help="measure the networks an earlier --out kept; no training"
    )
    arguments = parser.parse_args()
    global SEED  # noqa: PLW0603  (one seed for every measurement of the run)
    SEED = arguments.seed
    print(f"n-tuple learner, {os.cpu_count()} cores, load average "
          f"{', '.join(f'{value:.2f}' for value in os.getloadavg())}", flush=True)  # fmt: skip
    for key in arguments.rules:
        run_board(key, arguments)


if __name__ == "__main__":
    main()
