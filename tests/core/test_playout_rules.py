"""Random playouts keep each rule: played back on the board, every move is legal and the
winner is the board's.

Under renju black (the first player) never plays a forbidden point and wins with exactly
five, white with five or more; under caro a five closed at both ends wins nothing and six
or more wins. :func:`random_playout` and Monty's :func:`playout_bits` are the same loop
under these rules; the board (:meth:`Board.play`, :func:`ttt_desktop.core.renju.wins`) is
the reference.
"""

from __future__ import annotations

import random

import pytest

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.playout import layout_of, playout_bits, random_playout
from ttt_desktop.core.renju import winning_runs
from ttt_desktop.core.rules import CARO, RENJU, STANDARD, Rules

RULES = {rule: Rules(15, 15, 5, rule=rule) for rule in ("free-style", STANDARD, RENJU, CARO)}
PLAYOUTS = 150


def starts(rules: Rules) -> list[Board]:
    """The empty board with either mark first, and a few positions of random play near the
    centre with either side to move."""
    draw = random.Random(7)
    found = [Board.empty(rules=rules), Board.empty(Mark.O, rules)]
    while len(found) < 6:
        board = Board.empty(Mark.X if len(found) % 2 else Mark.O, rules)
        for _ in range(draw.randrange(6, 16)):
            near = [c for c in board.legal_moves() if abs(c % 15 - 7) + abs(c // 15 - 7) < 4]
            board = board.play(draw.choice(near))
            if board.is_over:
                break
        if not board.is_over:
            found.append(board)
    return found


def closed_fives(board: Board, mark: Mark) -> int:
    """Runs of exactly five of ``mark`` with the other mark's stone at both ends."""
    geometry = board.geometry
    mine, theirs = board.bits(mark), board.bits(mark.opponent)
    count = 0
    for cell in geometry.cells:
        if not mine >> cell & 1:
            continue
        for forward, backward in geometry.rays[cell]:
            if backward and mine >> backward[0] & 1:
                continue  # not the start of its run
            length = 1 + next((i for i, c in enumerate(forward) if not mine >> c & 1), len(forward))
            after = forward[length - 1 : length]
            if (
                length == 5
                and backward
                and after
                and theirs >> backward[0] & theirs >> after[0] & 1
            ):
                count += 1
    return count


@pytest.mark.parametrize("rule", list(RULES))
def test_random_playouts_are_games_the_board_plays(rule: str) -> None:
    rules = RULES[rule]
    refused = closed = overlines = drawn = 0
    for index, start in enumerate(starts(rules)):
        generator = random.Random(index)
        for _ in range(PLAYOUTS // 6):
            winner, moves = random_playout(start, generator.random)
            board = start
            for cell in moves:
                if rules.rule == RENJU and board.to_move is board.first_player:
                    refused += len(board.forbidden_cells()) > 0
                board = board.play(cell)  # a ForbiddenMoveError would fail the test
            assert board.winner == winner
            if winner is None:
                drawn += 1
                # Drawn: the board is full, or black may play none of its free cells.
                assert board.is_over or not board.legal_moves()
            else:
                assert board.is_over
                last = moves[-1]
                first = winner is board.first_player
                runs = winning_runs(
                    rules, first, board.bits(winner), board.bits(winner.opponent), last
                )
                assert runs
                overlines += any(len(run) > 5 for run in runs)
            closed += closed_fives(board, Mark.X) + closed_fives(board, Mark.O)
    if rule == RENJU:
        assert refused > 0  # black met forbidden points and played around them
    if rule == CARO:
        assert closed > 0  # closed fives were made and won nothing
        assert overlines > 0  # sixes won
    assert drawn < PLAYOUTS


@pytest.mark.parametrize("rule", [RENJU, CARO])
def test_monty_s_playouts_give_the_same_results(rule: str) -> None:
    """:func:`playout_bits` (Monty's rollouts) draws the same cells from the same generator
    as :func:`random_playout`, so its result is the replayed game's."""
    rules = RULES[rule]
    layout = layout_of(rules)
    for index, start in enumerate(starts(rules)):
        for seed in range(10):
            winner, _ = random_playout(start, random.Random(seed).random)
            mover = start.to_move
            mine = theirs = 0
            free = []
            for cell in rules.geometry.cells:
                bit = 1 << layout.bit_of[cell]
                if start[cell] is mover:
                    mine |= bit
                elif start[cell] is None:
                    free.append(bit)
                else:
                    theirs |= bit
            first = mover is start.first_player
            result = playout_bits(layout, mine, theirs, free, random.Random(seed).random, first)
            expected = 0 if winner is None else 1 if winner is mover else -1
            assert result == expected, (index, seed)


def test_under_free_style_the_same_playouts_meet_the_rules_cases() -> None:
    """The cases the rules change do come up in random play: played free-style from the
    same starts, some playouts end in black's overline or a five closed at both ends."""
    rules = RULES["free-style"]
    overlines = closed = 0
    for index, start in enumerate(starts(rules)):
        generator = random.Random(index)
        for _ in range(PLAYOUTS // 6):
            winner, moves = random_playout(start, generator.random)
            if winner is None:
                continue
            board = start.play_all(moves)
            overlines += any(len(run) > 5 for run in board.winning_lines)
            closed += closed_fives(board, winner)
    assert overlines > 0
    assert closed > 0
