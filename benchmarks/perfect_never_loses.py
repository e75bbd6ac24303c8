"""Perfect against every other player on every solved board: it never does worse than the value.

For each solved board (``ttt_desktop.analysis.mnk_solver.SOLVED``, tic-tac-toe left out:
its table is checked on every position by the suite) plays ``--games`` games in all, shared
out round-robin over every other kind that plays the board, Perfect taking X and O in turn
and each side moving first in turn, through the one play loop (``core/play.py``). The
searching players get small budgets so that a thousand games take minutes (Monty 200
simulations, the Searcher and Strongest 2,000 positions, MiniMax and AlphaBeta their
defaults). On a board the first player wins (4,3,3, 4,4,3) Perfect moving second may lose;
it must win every game it starts. So a game is a *fault* when Perfect's result is worse than
the solved value of the empty board for its side (the solver's, ``solve``). Prints, per board:
the value, games, Perfect's wins, draws and losses, its faults with their moves (there must
be none) and the seconds taken. Exit status 1 on any fault.

    .venv/bin/python benchmarks/perfect_never_loses.py --games 1000
    .venv/bin/python benchmarks/perfect_never_loses.py --games 200 --rules 5,4,4
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time

from ttt_desktop.analysis.mnk_solver import SOLVED, solve
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.play import play_games
from ttt_desktop.core.rules import Rules
from ttt_desktop.players import create_player
from ttt_desktop.players.roster import kinds_for

OPTIONS = {
    "monty": {"simulations": 200},
    "searcher": {"nodes": 2_000},
    "strongest": {"nodes": 2_000},
    "sequence": None,  # a script, not a player to beat
    "perfect": None,
}


def opponents(rules: Rules) -> list[str]:
    """Every kind that plays ``rules`` but Perfect (and the scripted Sequence)."""
    return [kind for kind in kinds_for(rules) if OPTIONS.get(kind, {}) is not None]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per board, in all")
    parser.add_argument(
        "--rules", action="append", help="a solved board (repeatable; default: every one)"
    )
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args(argv)
    boards = [Rules.parse(key) for key in (options.rules or sorted(SOLVED))]
    faults_in_all = 0
    for rules in boards:
        if rules.is_classic:
            continue
        kinds = opponents(rules)
        value = solve(Board.empty(Mark.X, rules)).value  # for the side that moves first
        wins = draws = losses = 0
        faults: list[str] = []
        started = time.perf_counter()
        for game in range(options.games):
            kind = kinds[game % len(kinds)]
            perfect_mark = Mark.X if (game // len(kinds)) % 2 == 0 else Mark.O
            first = Mark.X if (game // (2 * len(kinds))) % 2 == 0 else Mark.O
            seed = options.seed * 1_000_003 + game
            perfect = create_player("perfect", seed=seed)
            other = create_player(kind, seed=seed + 1, **(OPTIONS.get(kind) or {}))
            x, o = (perfect, other) if perfect_mark is Mark.X else (other, perfect)
            played = next(iter(play_games(x, o, itertools.repeat(first, 1), rules)))
            winner = played.board.winner
            result = 0 if winner is None else 1 if winner is perfect_mark else -1
            wins, draws, losses = wins + (result > 0), draws + (result == 0), losses + (result < 0)
            due = value if first is perfect_mark else -value
            if result < due:
                faults.append(f"{kind} as {perfect_mark.opponent}, {first} first: {played.moves}")
        seconds = time.perf_counter() - started
        said = {1: "first player wins", 0: "draw", -1: "second player wins"}[value]
        print(
            f"{rules.key:>6} ({said}): {options.games} games against {', '.join(kinds)}: "
            f"Perfect won {wins}, drew {draws}, lost {losses}; faults {len(faults)} "
            f"({seconds:.1f} s)"
        )
        for line in faults:
            print(f"    fault: {line}")
        faults_in_all += len(faults)
    return 1 if faults_in_all else 0


if __name__ == "__main__":
    sys.exit(main())
