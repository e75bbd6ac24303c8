"""The same 15x15 positions under free-style, renju and caro: threat search, Strongest, coach,
moves.

For each position of ``benchmarks/threat_speed.py`` that is a legal renju game (and a few
of seeded random play near the centre), under each rule, times (best of ``--rounds``):

* ``threats``: :func:`ttt_desktop.analysis.threats.forced_win` within ``--max-nodes``;
* ``strongest``: the Strongest player's move with a fixed node budget (``--nodes``, so the
  work is the same from run to run: the threat search, then the Searcher's);
* ``coach``: the coach's advice (:func:`ttt_desktop.analysis.board_coach.advise` with the
  Searcher's evaluation) within the same node budget;
* ``moves``: ``legal_moves()`` of a position met for the first time (under renju with black
  to move it lists black's forbidden cells first).

Usage: ``.venv/bin/python benchmarks/rules_speed.py [--rounds 3] [--nodes 20000]``
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Iterator

from threat_speed import POSITIONS

from ttt_desktop.analysis import board_coach
from ttt_desktop.analysis.threats import forced_win
from ttt_desktop.core.board import Board, IllegalMoveError
from ttt_desktop.core.rules import CARO, GOMOKU, RENJU, Rules
from ttt_desktop.players import create_player
from ttt_desktop.players.coach_search import evaluate

RENJU_15 = Rules(15, 15, 5, rule=RENJU)
CARO_15 = Rules(15, 15, 5, rule=CARO)


def best_of(rounds: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def random_games(count: int, seed: int) -> dict[str, list[int]]:
    draw = random.Random(seed)
    games: dict[str, list[int]] = {}
    while len(games) < count:
        board = Board.empty(rules=RENJU_15)
        moves: list[int] = []
        for _ in range(draw.randrange(12, 30)):
            near = [c for c in board.legal_moves() if abs(c % 15 - 7) + abs(c // 15 - 7) < 5]
            cell = draw.choice(near)
            board = board.play(cell)
            moves.append(cell)
            if board.is_over:
                break
        if not board.is_over and board.to_move is board.first_player:
            games[f"random {len(games) + 1} ({len(moves)} stones)"] = moves
    return games


def measure(board: Board, options: argparse.Namespace) -> tuple[float, float, float, float]:
    """The four timings of ``board``: threats, Strongest, coach, legal moves (seconds)."""
    rounds = options.rounds
    threats = best_of(rounds, lambda: forced_win(board, max_nodes=options.max_nodes))
    player = create_player("strongest", seed=1, nodes=options.nodes)
    strongest = best_of(rounds, lambda: player.think(board))
    coach = best_of(
        rounds, lambda: board_coach.advise(board, evaluate, budget_ms=None, nodes=options.nodes)
    )
    text, mover, rules = board.cells, board.to_move, board.rules
    moves = best_of(rounds, lambda: Board.from_string(text, mover, rules=rules).legal_moves())
    return threats, strongest, coach, moves


def rule_positions() -> Iterator[tuple[str, Board]]:
    """Each position of ``threat_speed.py`` and a few seeded random ones, under free-style,
    renju and caro, as (label, board): one not legal under a rule is named and left out, as
    is a finished one."""
    geometry = GOMOKU.geometry
    games = {
        label: [geometry.parse(name) for name in moves.split()]
        for label, moves in POSITIONS.items()
    }
    games.update(random_games(3, 5))
    for label, cells in games.items():
        for rules in (GOMOKU, RENJU_15, CARO_15):
            try:
                board = Board.empty(rules=rules).play_all(cells)
            except IllegalMoveError as error:
                print(f"{label:24} {rules.rule:10} not a {rules.rule} game: {error}")
                continue
            if not board.is_over:
                yield label, board


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--nodes", type=int, default=20_000)
    parser.add_argument("--max-nodes", type=int, default=20_000)
    options = parser.parse_args()
    print(
        f"{'position':24} {'rule':10} {'threats':>9} {'strongest':>10} {'coach':>9} "
        f"{'moves':>9}  forbidden"
    )
    totals: dict[str, list[float]] = {}
    for label, board in rule_positions():
        threats, strongest, coach, moves = measure(board, options)
        forbidden = len(board.forbidden_cells())
        row = totals.setdefault(board.rules.rule, [0.0, 0.0, 0.0, 0.0])
        for index, value in enumerate((threats, strongest, coach, moves)):
            row[index] += value
        print(
            f"{label:24} {board.rules.rule:10} {threats * 1000:7.1f}ms "
            f"{strongest * 1000:8.1f}ms {coach * 1000:7.1f}ms {moves * 1e6:7.0f}us  {forbidden}",
            flush=True,
        )
    for rule, (threats, strongest, coach, moves) in totals.items():
        print(
            f"{'total':24} {rule:10} {threats * 1000:7.1f}ms {strongest * 1000:8.1f}ms "
            f"{coach * 1000:7.1f}ms {moves * 1e6:7.0f}us"
        )


if __name__ == "__main__":
    main()
