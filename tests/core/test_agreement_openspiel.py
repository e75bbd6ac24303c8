"""Agreement with an independent reference: OpenSpiel's ``mnk`` game, move by move.

On every kind of board (tic-tac-toe, squares with k equal to and below the side, gomoku,
a rectangle), seeded random games are played on our board and on OpenSpiel's at once:
after every move both must agree on the legal moves, on whether the game is over, and at
the end on the winner. OpenSpiel numbers the cells as we do (action = row * m + column,
from the top-left), so the moves need no translation. OpenSpiel's ``mnk`` is free-style
(a longer line wins too), as our default rules are; "exact" rules have no reference there.

The second test replays ``ttt-arena match --json`` in OpenSpiel: the command's cells and
winners are OpenSpiel's too.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.rules import Rules

pyspiel = pytest.importorskip("pyspiel")

PROJECT_ROOT = Path(__file__).resolve().parents[2]

# (m, n, k): columns, rows, in a row. Games per board: enough for every ending to occur
# (wins for both sides, and draws where the board allows them).
BOARDS = [
    ((3, 3, 3), 300),
    ((4, 4, 4), 200),
    ((5, 5, 4), 150),
    ((7, 7, 5), 60),
    ((15, 15, 5), 20),
    ((10, 6, 4), 60),
]


def reference_game(m: int, n: int, k: int) -> Any:
    # OpenSpiel's m is the number of columns and n the number of rows, as ours.
    return pyspiel.load_game("mnk", {"m": m, "n": n, "k": k})


def winner_of(state: Any) -> str | None:
    """OpenSpiel's winner: player 0 moves first (our first mark), player 1 second."""
    returns = state.returns()
    if returns[0] > 0:
        return "first"
    if returns[1] > 0:
        return "second"
    return None


def ours(board: Board, first: Mark) -> str | None:
    if board.winner is None:
        return None
    return "first" if board.winner is first else "second"


@pytest.mark.parametrize(("mnk", "games"), BOARDS, ids=[",".join(map(str, b)) for b, _ in BOARDS])
def test_random_games_agree_move_by_move(mnk: tuple[int, int, int], games: int) -> None:
    m, n, k = mnk
    rules = Rules(m, n, k)
    assert (rules.m, rules.n, rules.k) == (m, n, k)
    reference = reference_game(m, n, k)
    assert reference.num_distinct_actions() == m * n
    rng = random.Random(f"agreement:{m},{n},{k}")
    endings = {"first": 0, "second": 0, None: 0}
    for game in range(games):
        first = Mark.X if game % 2 == 0 else Mark.O
        board = Board.empty(first, rules)
        state = reference.new_initial_state()
        while True:
            assert board.is_over == state.is_terminal(), (game, board.ply)
            if board.is_over:
                break
            legal = board.legal_moves()
            assert sorted(legal) == state.legal_actions(), (game, board.ply)
            cell = rng.choice(legal)
            board = board.play(cell)
            state.apply_action(cell)
        assert ours(board, first) == winner_of(state), (game, board.ply)
        endings[ours(board, first)] += 1
    # Every ending each board allows has come up, so each was checked.
    assert endings["first"] > 0 and endings["second"] > 0
    if (m, n, k) == (3, 3, 3):
        assert endings[None] > 0


def test_the_arenas_json_replays_in_openspiel() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "ttt_desktop.cli", "match", "--rules", "7,7,5",
         "--x", "rando", "--o", "rando", "--games", "3", "--seed", "1", "--json"],
        capture_output=True, text=True, cwd=PROJECT_ROOT, check=False,
    )  # fmt: skip
    assert completed.returncode == 0, completed.stderr
    match = json.loads(completed.stdout)
    assert match["rules"] == "7,7,5"
    assert len(match["played"]) == 3
    reference = reference_game(7, 7, 5)
    for game in match["played"]:
        assert game["first"] == "X"  # the default start: X moves first, OpenSpiel's player 0
        state = reference.new_initial_state()
        for cell in game["moves"]:
            assert not state.is_terminal()
            assert cell in state.legal_actions()
            state.apply_action(cell)
        assert state.is_terminal()
        winner = winner_of(state)
        assert game["winner"] == {"first": "X", "second": "O", None: None}[winner]
