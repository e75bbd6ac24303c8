"""Monte Carlo tree search simulations per second: Monty beside OpenSpiel's MCTS, in one run.

For each board (7,7,5 and 15,15,5 by default) one fixed position a few moves into a game
is searched with a fixed seed by:

* ``monty``: :class:`ttt_desktop.players.mcts.MontyPlayer` (UCT with MCTS-Solver, random
  rollouts on padded bitboards, cells near the stones on boards over 64 cells);
* ``openspiel-python``: ``open_spiel.python.algorithms.mcts.MCTSBot`` with
  ``RandomRolloutEvaluator`` (one rollout) on OpenSpiel's ``mnk``;
* ``openspiel-c++``: ``pyspiel.MCTSBot`` with ``pyspiel.RandomRolloutEvaluator`` on ``mnk``.

All three use UCT's c = 1.4, one random rollout per simulation and solving turned on.
Each search runs a fixed number of simulations (fewer for the slow ones) and the rate is
simulations / seconds; the runs alternate over ``--rounds`` so that a busy neighbour hurts
them alike, and the best round is kept. Ratios within one run are what to quote.

It also times how soon Monty answers once its ``stop`` callable says true (a thread
sets the flag while Monty thinks on 15,15,5 and on 20,20,5 an empty board's centre
away from any proof; the bar is 5 ms). Both threads share the interpreter, so a longest
time near 5 ms is the interpreter's thread switch interval (``sys.getswitchinterval()``)
more than the search; the window's search process reads the flag from shared memory.

Usage: ``.venv/bin/python benchmarks/mcts_speed.py [--rounds 3] [--boards 7,7,5 15,15,5]``
(OpenSpiel comes with the test extra: ``pip install -e .[test]``).
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time
from collections.abc import Callable
from typing import Any

from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import Rules
from ttt_desktop.players.mcts import MontyPlayer

SEED = 2026
# A few moves into a game, as cell names; the same cells are OpenSpiel's actions.
OPENINGS = {
    "7,7,5": "d4 c3 e5",
    "15,15,5": "h8 i9 g7 h9",
}
SIMULATIONS = {"monty": 2000, "openspiel-python": 200, "openspiel-c++": 1000}


def position(key: str) -> Board:
    rules = Rules.parse(key)
    return Board.empty(rules=rules).play_all(
        rules.geometry.parse(name) for name in OPENINGS[key].split()
    )


def monty(board: Board) -> Callable[[], int]:
    def run() -> int:
        player = MontyPlayer(seed=SEED, simulations=SIMULATIONS["monty"])
        return player.think(board).nodes

    return run


def openspiel_state(board: Board) -> tuple[Any, Any]:
    import pyspiel  # type: ignore[import-not-found]  # noqa: PLC0415  (optional)

    rules = board.rules
    game = pyspiel.load_game("mnk", {"m": rules.m, "n": rules.n, "k": rules.k})
    state = game.new_initial_state()
    replay = Board.empty(rules=rules)
    for cell in OPENINGS[rules.key].split():
        action = rules.geometry.parse(cell)
        state.apply_action(action)
        replay = replay.play(action)
    assert replay == board
    return game, state


def openspiel_python(board: Board) -> Callable[[], int]:
    import numpy as np  # noqa: PLC0415  (optional)
    from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped]  # noqa: PLC0415

    game, state = openspiel_state(board)
    simulations = SIMULATIONS["openspiel-python"]

    def run() -> int:
        random_state = np.random.RandomState(SEED)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
        bot = mcts.MCTSBot(game, 1.4, simulations, evaluator, solve=True, random_state=random_state)
        bot.step(state.clone())
        return simulations

    return run


def openspiel_cpp(board: Board) -> Callable[[], int]:
    import pyspiel  # noqa: PLC0415  (optional)

    game, state = openspiel_state(board)
    simulations = SIMULATIONS["openspiel-c++"]

    def run() -> int:
        evaluator = pyspiel.RandomRolloutEvaluator(1, SEED)
        bot = pyspiel.MCTSBot(game, evaluator, 1.4, simulations, 1000, True, SEED, False)
        bot.step(state.clone())
        return simulations

    return run


def stop_latency(key: str, delay_s: float) -> float:
    """Seconds from setting the stop flag to Monty's answer, thinking on ``key``."""
    rules = Rules.parse(key)
    board = Board.empty(rules=rules).play_all(
        rules.geometry.parse(name) for name in ("h8", "i9", "g7", "j10")
    )
    flag = threading.Event()
    told: list[float] = []

    def tell() -> None:
        time.sleep(delay_s)
        told.append(time.perf_counter())
        flag.set()

    teller = threading.Thread(target=tell)
    teller.start()
    MontyPlayer(seed=SEED, simulations=10_000_000).think(board, stop=flag.is_set)
    answered = time.perf_counter()
    teller.join()
    return answered - told[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--boards", nargs="+", default=list(OPENINGS))
    args = parser.parse_args()
    for key in args.boards:
        board = position(key)
        runners: dict[str, Callable[[], int]] = {"monty": monty(board)}
        try:
            runners["openspiel-python"] = openspiel_python(board)
            runners["openspiel-c++"] = openspiel_cpp(board)
        except ImportError:
            print("(OpenSpiel is not installed: Monty alone)")
        best: dict[str, float] = {}
        for _ in range(args.rounds):
            for name, run in runners.items():
                started = time.perf_counter()
                simulations = run()
                rate = simulations / (time.perf_counter() - started)
                best[name] = max(best.get(name, 0.0), rate)
        print(f"{key} after {OPENINGS[key]}:")
        for name, rate in best.items():
            ratio = rate / best["monty"]
            print(f"  {name:18} {rate:10.0f} simulations/s  ({ratio:.2f} x monty)")
    for key in ("15,15,5", "20,20,5"):
        times = [stop_latency(key, 0.05 + 0.01 * i) * 1000 for i in range(10)]
        print(
            f"stop on {key}: median {statistics.median(times):.2f} ms, "
            f"longest {max(times):.2f} ms (bar: 5 ms)"
        )


if __name__ == "__main__":
    main()
