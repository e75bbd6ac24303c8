"""Threat-space search: known wins found, none claimed where there is none, and every proof
checked move by move: at each defender move every legal alternative must lose too."""

from __future__ import annotations

import random

import pytest

from ttt_desktop.analysis.threats import (
    ThreatSearchStopped,
    ThreatWin,
    forced_win,
    forced_win_after,
    sentence,
)
from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import GOMOKU, Rules
from ttt_desktop.core.tactics import completing_cells

G = GOMOKU.geometry


def position(moves: str, rules: Rules = GOMOKU) -> Board:
    board = Board.empty(rules=rules)
    return board.play_all(rules.geometry.parse(name) for name in moves.split())


# Positions from seeded random play near the centre of 15x15, with the wins the search finds.
VCF_5 = "g7 e8 i6 i10 g10 j8 f5 h9 g11 f10 h11 i5 f9 k8 k6 h8"
VCF_7 = "f8 f7 f10 k10 g11 h6 j7 i6 i11 j8 i7 g5 h5 j5 g7 j11 e5 g8 e8 i9 h11 g10"
VCT_5 = "k8 k9 k5 i11 e5 j11 g5 e9 h8 e6 g10 h5 f7 k10 f11 i7"
VCT_7 = "e9 g5 k10 g10 h11 h5 g7 f8 g9 i7 j11 e7 h10"
DEEP = "e5 h9 k9 j5 e6 e7 i8 h5 f5 j11 e11 g10 i11 g6 e10 j7 e8"


def loses_at_once_or_by_threats(board: Board, attacker: object) -> bool:
    """After a defender move: the attacker completes a line at once, or the threat search
    (run afresh on this position) still finds a win."""
    if completing_cells(board, board.to_move):
        return True
    return forced_win(board, max_nodes=50_000) is not None


def verify(board: Board, win: ThreatWin) -> None:
    """Play the proof's line; at each defender move try every legal alternative."""
    attacker = board.to_move
    assert win.mover == attacker.value
    assert win.plies == len(win.line)
    position_ = board
    for cell in win.line:
        if position_.to_move is not attacker:
            for other in position_.legal_moves():
                after = position_.play(other)
                assert after.winner is None, f"{G.name(other)} wins for the defender"
                assert loses_at_once_or_by_threats(after, attacker), (
                    f"the defence {position_.name(other)} refutes {sentence(win, board.geometry)}"
                )
        position_ = position_.play(cell)
    assert position_.winner is attacker


def wins_within(
    board: Board, attacker: object, plies: int, memo: dict[tuple[Board, int], bool]
) -> bool:
    """Exhaustive AND-OR search: the attacker wins within ``plies`` plies, whatever is played."""
    if board.is_over:
        return board.winner is attacker
    if plies <= 0:
        return False
    key = (board, plies)
    if key in memo:
        return memo[key]
    children = (board.play(cell) for cell in board.legal_moves())
    if board.to_move is attacker:
        result = any(wins_within(child, attacker, plies - 1, memo) for child in children)
    else:
        result = all(wins_within(child, attacker, plies - 1, memo) for child in children)
    memo[key] = result
    return result


@pytest.mark.parametrize(
    ("moves", "fours_only", "plies"),
    [(VCF_5, True, 5), (VCF_7, True, 7), (VCT_5, False, 5), (VCT_7, False, 7)],
)
def test_finds_known_wins_and_each_proof_survives_every_defence(
    moves: str, fours_only: bool, plies: int
) -> None:
    board = position(moves)
    win = forced_win(board)
    assert win is not None
    assert win.fours_only is fours_only
    assert win.plies == plies
    assert win.nodes > 0
    verify(board, win)


def test_a_win_by_fours_is_found_by_fours_alone() -> None:
    board = position(VCF_7)
    win = forced_win(board, threes=False)
    assert win is not None and win.fours_only
    assert forced_win(position(VCT_5), threes=False) is None


def test_an_open_four_to_be_made_is_a_win_in_three() -> None:
    board = position("h8 a1 i8 a3 j8 a5 h9 a7 h10 a9")
    win = forced_win(board)
    assert win is not None and win.plies == 3
    verify(board, win)


@pytest.mark.parametrize(
    "moves",
    [
        "",
        "h8 i9",
        "h8 h9 i8 i9",
        # X's open three is no use while O's four must be blocked (a2 a3 a4 a5: a1 or a6).
        "g8 a2 h8 a3 i8 a4 n14 a5",
    ],
)
def test_no_threat_win_where_there_is_none(moves: str) -> None:
    assert forced_win(position(moves)) is None


def test_against_an_exhaustive_search_on_a_small_board() -> None:
    # Random 7x7 positions with few empty cells: each win the threat search claims is one
    # the whole game tree confirms within its length; none is claimed where no win exists
    # within three plies.
    rules = Rules(7, 7, 5)
    claimed = 0
    for seed in range(120):
        generator = random.Random(seed)
        board = Board.empty(rules=rules)
        while board.ply < 30 + seed % 6 and not board.is_over:
            board = board.play(generator.choice(board.legal_moves()))
        if board.is_over or completing_cells(board, board.to_move):
            continue
        win = forced_win(board)
        if win is None:
            assert not wins_within(board, board.to_move, 3, {})
            continue
        claimed += 1
        assert wins_within(board, board.to_move, win.plies, {})
    assert claimed >= 5


def test_an_overline_is_no_win_under_exact_rules() -> None:
    exact = Rules(15, 15, 5, exact=True)
    # X: b8 c8 d8 e8 and g8, O at a8: f8 makes six, a win only in free-style.
    moves = "b8 a8 c8 a10 d8 a12 e8 a14 g8 n1"
    free = position(moves)
    win = forced_win(free)
    assert win is not None and win.line == (G.parse("f8"),)
    board = position(moves, exact)
    win = forced_win(board)
    if win is not None:
        assert G.parse("f8") != win.line[0]
        verify(board, win)


def test_the_node_budget_and_stop() -> None:
    board = position(DEEP)
    assert forced_win(board, max_nodes=5) is None
    calls = 0

    def stop() -> bool:
        nonlocal calls
        calls += 1
        return calls > 1

    with pytest.raises(ThreatSearchStopped):
        forced_win(board, stop=stop)
    with pytest.raises(ValueError, match="max_nodes"):
        forced_win(board, max_nodes=0)


def test_the_sentence_names_the_cells() -> None:
    win = forced_win(position("h8 a1 i8 a3 j8 a5 h9 a7 h10 a9"))
    assert win is not None
    assert sentence(win, G) == "X has a forced win in 3: h11, h12, h7"


def test_every_proof_on_random_positions_survives_every_defence() -> None:
    # Seeded random play near the centre of 15x15: whatever the search claims is checked.
    checked = 0
    for seed in range(25):
        generator = random.Random(seed)
        board = Board.empty(rules=GOMOKU)
        for _ in range(generator.randrange(10, 26)):
            free = [
                G.cell_at(row, column)
                for row in range(4, 11)
                for column in range(4, 11)
                if board[G.cell_at(row, column)] is None
            ]
            board = board.play(generator.choice(free))
            if board.is_over:
                break
        if board.is_over:
            continue
        win = forced_win(board, max_nodes=3_000)
        if win is not None:
            verify(board, win)
            checked += 1
    assert checked >= 8


def test_a_win_proven_for_the_side_that_has_just_moved() -> None:
    # X's open four h8-k8: whatever O plays, X completes at g8 or l8.
    won = forced_win_after(position("h8 a1 i8 a3 j8 a5 k8"))
    assert won is not None and won.mover == "X" and won.fours_only
    assert [G.name(cell) for cell in won.line] == ["g8", "l8"]
    # Every reply to it loses: checked against each of O's moves, one by one.
    board = position("h8 a1 i8 a3 j8 a5 k8")
    for reply in board.legal_moves():
        after = board.play(reply)
        assert completing_cells(after, after.to_move)
    # An open three can be blocked, and a defender who completes a line first refutes it.
    assert forced_win_after(position("h8 a1 i8 a3 j8")) is None
    assert forced_win_after(position("h8 a1 i8 a2 j8 a3 k8 a4")) is None
    # The side to move's own win is not the side that has just moved's.
    assert forced_win_after(position("h8 a1 i8 a3 j8 a5 k8 a7")) is None
