"""Every computer player under renju: never a forbidden point for black.

Each kind the roster says plays renju 15x15 is asked for black's move in positions where
black has forbidden cells (some of them the cell a free-style player would take: the
overline that completes a free-style five, the double-four, the double-three), and the
strong players play whole games against Levi with no forbidden move.
"""

from __future__ import annotations

import random

import pytest

from ttt_desktop.analysis.threats import forced_win
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.play import play_game
from ttt_desktop.core.rules import RENJU, Rules
from ttt_desktop.players import create_player
from ttt_desktop.players.roster import roster, supports

RENJU_15 = Rules(15, 15, 5, rule=RENJU)
GEOMETRY = RENJU_15.geometry
BUDGET_MS = 60.0


def game(names: str) -> Board:
    board = Board.empty(rules=RENJU_15)
    for name in names.split():
        board = board.play(GEOMETRY.parse(name))
    return board


HAND_BUILT = {
    # f8 g8 h9 h10: h8 makes two open threes.
    "double-three": game("f8 a1 g8 a3 h9 a5 h10 a7"),
    # f8 g8 h8 and i9 i10 i11: i8 makes two fours.
    "double-four": game("f8 a1 g8 a3 h8 a5 i9 a7 i10 a9 i11 a12"),
    # a8 b8 c8 . e8 f8: d8 is six (a free-style win).
    "overline": game("a8 a1 b8 a3 c8 a5 e8 a7 f8 a10"),
    "overline-mid": game("e8 a1 f8 a3 g8 a5 i8 a7 j8 a10"),
}


def random_positions(count: int, seed: int) -> list[Board]:
    """Positions with black to move and at least one forbidden cell, from games played
    near the centre."""
    draw = random.Random(seed)
    found: list[Board] = []
    while len(found) < count:
        board = Board.empty(rules=RENJU_15)
        for _ in range(draw.randrange(10, 40)):
            moves = [c for c in board.legal_moves() if abs(c % 15 - 7) + abs(c // 15 - 7) < 5]
            board = board.play(draw.choice(moves or list(board.legal_moves())))
            if board.is_over:
                break
        if not board.is_over and board.to_move is Mark.X and board.forbidden_cells():
            found.append(board)
    return found


POSITIONS = [*HAND_BUILT.values(), *random_positions(4, 11)]
KINDS = [info.kind for info in roster() if supports(info.kind, RENJU_15)]


def test_the_roster_plays_renju() -> None:
    assert {"rando", "levi", "monty", "searcher", "strongest"} <= set(KINDS)


def test_each_position_has_a_forbidden_cell() -> None:
    for board in POSITIONS:
        assert board.to_move is Mark.X
        assert board.forbidden_cells()


@pytest.mark.parametrize("kind", [kind for kind in KINDS if kind != "sequence"])
def test_black_never_plays_a_forbidden_cell(kind: str) -> None:
    for index, board in enumerate(POSITIONS):
        player = create_player(kind, seed=index)
        player.budget_ms = BUDGET_MS
        move = player.choose_move(board)
        assert move in board.legal_moves(), (kind, index, GEOMETRY.name(move))
        thought = player.think(board)
        assert thought.move in board.legal_moves(), (kind, index, GEOMETRY.name(thought.move))


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["strongest", "searcher", "monty"])
@pytest.mark.parametrize("ours", [Mark.X, Mark.O])
def test_games_against_levi_have_no_forbidden_move(kind: str, ours: Mark) -> None:
    player = create_player(kind, seed=3)
    player.budget_ms = BUDGET_MS
    levi = create_player("levi", seed=4)
    x, o = (player, levi) if ours is Mark.X else (levi, player)
    played = play_game(x, o, RENJU_15)
    assert played.forfeit is None, played.forfeit
    assert played.board.is_over
    assert played.ending in {"five", "draw"}
    # Replayed move by move: every black move was a legal one.
    board = Board.empty(rules=RENJU_15)
    for cell in played.moves or ():
        assert cell in board.legal_moves()
        board = board.play(cell)


def test_a_black_threat_win_never_goes_through_a_forbidden_cell() -> None:
    # Black's four a8 b8 c8 . e8 f8 "completes" at d8 only as an overline: no win for black.
    board = HAND_BUILT["overline"]
    win = forced_win(board, max_nodes=2_000)
    if win is not None:
        after = board
        for cell in win.line:
            assert cell in after.legal_moves()
            after = after.play(cell)


def test_threat_wins_of_random_positions_replay_legally() -> None:
    for board in POSITIONS:
        win = forced_win(board, max_nodes=2_000)
        if win is None:
            continue
        assert win.mover == "X"
        after = board
        for cell in win.line:
            assert cell in after.legal_moves()
            after = after.play(cell)
        assert after.winner is Mark.X


@pytest.mark.slow
@pytest.mark.parametrize(
    ("black", "white"), [("strongest", "searcher"), ("searcher", "monty"), ("monty", "strongest")]
)
def test_games_between_our_players_have_no_forbidden_move(black: str, white: str) -> None:
    x, o = create_player(black, seed=5), create_player(white, seed=6)
    x.budget_ms = o.budget_ms = BUDGET_MS
    played = play_game(x, o, RENJU_15)
    assert played.forfeit is None, played.forfeit
    assert played.board.is_over
