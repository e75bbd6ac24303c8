"""Strength of the Strongest player: against OpenSpiel's C++ MCTS, and against Rando and Levi.

1. ``mcts``: Strongest against ``pyspiel.MCTSBot`` (UCT, c = 2, random-rollout evaluator
   with one rollout, at most ``--simulations`` simulations a move and at most
   ``--seconds`` of its clock a move; our side gets ``--budget-ms`` a move) on 9,9,5 and
   15,15,5, colours alternating (the bot on the ``mnk`` game always moves first as
   player 0, so "alternating" means Strongest plays X in half the games, O in the other
   half). The bar: at least 90% wins.
2. ``weak``: Strongest against ``rando`` and ``levi`` on every preset and on 9,9,5, colours
   alternating. The bar: 100% wins on 9,9,5 and 15,15,5, no loss anywhere.

Every game is played by the program's one play loop (``core.play.play_games``); the
OpenSpiel bot sits at the table through a thin adapter that rebuilds the ``mnk`` state
from the board it is shown. Prints wins/draws/losses per pairing.

    .venv/bin/python benchmarks/search_strength.py mcts --games 40
    .venv/bin/python benchmarks/search_strength.py weak --games 100 --small-games 20
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.play import play_games
from ttt_desktop.core.rules import PRESETS, Rules
from ttt_desktop.players import create_player


class OpenSpielSeat:
    """OpenSpiel's C++ MCTSBot as a seat of the play loop: shown a board, answers a cell."""

    def __init__(self, rules: Rules, seed: int, simulations: int, seconds: float) -> None:
        import pyspiel  # type: ignore[import-not-found]  # noqa: PLC0415  (test extra)

        self.game = pyspiel.load_game("mnk", {"m": rules.m, "n": rules.n, "k": rules.k})
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        # MCTSBot(game, evaluator, uct_c, max_simulations, max_memory_mb, solve, seed,
        #         verbose, child_selection_policy, max_wall_clock_time)
        self.bot = pyspiel.MCTSBot(
            self.game,
            evaluator,
            2.0,
            simulations,
            1000,
            True,
            seed,
            False,
            pyspiel.ChildSelectionPolicy.UCT,
            seconds,
        )

    def choose_move(self, board: Board) -> int:
        # The same cells, action = row * m + column, row 0 at the top: the board's numbering.
        # X's and O's stones alternate from X (the mnk game's first player); a position
        # that is not over has no line, so no order of its stones ends the game early.
        state = self.game.new_initial_state()
        xs = [cell for cell in range(board.rules.size) if board.x_bits >> cell & 1]
        os_ = [cell for cell in range(board.rules.size) if board.o_bits >> cell & 1]
        for index in range(len(xs) + len(os_)):
            state.apply_action((xs if index % 2 == 0 else os_)[index // 2])
        return int(self.bot.step(state))


def tally(
    ours: object, theirs: object, rules: Rules, games: int
) -> tuple[int, int, int, float, list[str]]:
    """Wins, draws, losses of ``ours`` over ``games`` games (X first; colours alternate)."""
    wins = draws = losses = 0
    longest = 0.0
    lost: list[str] = []
    for index in range(games):
        ours_is_x = index % 2 == 0
        x, o = (ours, theirs) if ours_is_x else (theirs, ours)
        game = next(play_games(x, o, (Mark.X,), rules, move_times=True))  # type: ignore[arg-type]
        ours_mark = Mark.X if ours_is_x else Mark.O
        our_times = game.move_ns[0 if ours_is_x else 1 :: 2]
        longest = max(longest, max(our_times, default=0) / 1e9)
        if game.winner is None:
            draws += 1
        elif game.winner is ours_mark:
            wins += 1
        else:
            losses += 1
            lost.append(rules.geometry.names(game.moves or ()))
    return wins, draws, losses, longest, lost


def report(label: str, result: tuple[int, int, int, float, list[str]], seconds: float) -> None:
    wins, draws, losses, longest, lost = result
    games = wins + draws + losses
    print(
        f"{label}: {wins} won, {draws} drawn, {losses} lost of {games} "
        f"({100 * wins / games:.0f}% won; longest move {longest:.2f} s; {seconds:.0f} s)",
        flush=True,
    )
    for moves in lost:
        print(f"    lost: {moves}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("mcts", "weak"))
    parser.add_argument("--games", type=int, default=40, help="games per pairing (big boards)")
    parser.add_argument("--small-games", type=int, default=20, help="games per pairing, presets")
    parser.add_argument("--budget-ms", type=float, default=1000, help="Strongest's time a move")
    parser.add_argument("--simulations", type=int, default=1000, help="MCTSBot's simulations")
    parser.add_argument("--seconds", type=float, default=1.0, help="MCTSBot's clock a move")
    parser.add_argument("--boards", default="9,9,5 15,15,5", help="boards of the big pairings")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.1f}; Strongest at {options.budget_ms:.0f} ms a move")
    boards = [Rules.parse(key) for key in options.boards.split()]
    if options.what == "mcts":
        for rules in boards:
            ours = create_player("strongest", seed=options.seed, budget_ms=options.budget_ms)
            bot = OpenSpielSeat(rules, options.seed, options.simulations, options.seconds)
            started = time.perf_counter()
            result = tally(ours, bot, rules, options.games)
            report(
                f"{rules.key} strongest v MCTSBot({options.simulations} simulations, "
                f"{options.seconds:g} s)",
                result,
                time.perf_counter() - started,
            )
        return 0
    pairings = [(rules, options.games) for rules in boards]
    pairings += [(rules, options.small_games) for rules in PRESETS.values() if rules not in boards]
    for rules, games in pairings:
        for kind in ("rando", "levi"):
            ours = create_player("strongest", seed=options.seed, budget_ms=options.budget_ms)
            theirs = create_player(kind, seed=options.seed)
            started = time.perf_counter()
            result = tally(ours, theirs, rules, games)
            report(f"{rules.key} strongest v {kind}", result, time.perf_counter() - started)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
