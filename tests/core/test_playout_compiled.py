"""The compiled random playouts play the pure-Python loop's games, and the Python loop runs
without them."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttt_desktop.cli.arena import main
from ttt_desktop.core import playout
from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import Rules

needs_compiled = pytest.mark.skipif(
    not playout.COMPILED, reason="the compiled playouts were not built here (no C compiler)"
)
BOARDS = ("3,3,3", "4,4,3", "7,6,4", "9,9,5", "15,15,5", "15,15,5,exact", "20,20,5", "20,3,3")


def start(rules: Rules, seed: int) -> tuple[Board, int, int, list[int]]:
    """A seeded position a few random moves in (not over), as the playouts take it."""
    layout = playout.layout_of(rules)
    rng = random.Random(seed)
    board = Board.empty(rules=rules)
    for _ in range(rng.randrange(0, 7)):
        after = board.play(rng.choice(board.legal_moves()))
        if after.is_over:
            break
        board = after
    mine = theirs = 0
    for cell in board.geometry.cells_of(board.bits(board.to_move)):
        mine |= 1 << layout.bit_of[cell]
    for cell in board.geometry.cells_of(board.bits(board.to_move.opponent)):
        theirs |= 1 << layout.bit_of[cell]
    free = [1 << layout.bit_of[cell] for cell in board.legal_moves()]
    rng.shuffle(free)
    return board, mine, theirs, free


@needs_compiled
@settings(max_examples=300, deadline=None)
@given(st.sampled_from(BOARDS), st.integers(0, 2**32 - 1))
def test_the_compiled_playout_ends_every_game_as_the_python_loop(key: str, seed: int) -> None:
    rules = Rules.parse(key)
    layout = playout.layout_of(rules)
    _, mine, theirs, free = start(rules, seed)
    compiled = playout.playout_bits(layout, mine, theirs, list(free), random.Random(seed).random)
    python = playout.python_playout_bits(
        layout, mine, theirs, list(free), random.Random(seed).random
    )
    assert compiled == python


@pytest.mark.parametrize("key", BOARDS)
def test_random_playouts_are_games_the_board_agrees_with_either_way(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = Rules.parse(key)
    results = []
    for compiled in (True, False):
        if not compiled:
            monkeypatch.setattr(playout, "_compiled_playout", None)
        games = []
        for seed in range(60):
            board = start(rules, seed)[0]
            winner, moves = playout.random_playout(board, random.Random(seed).random)
            final = board.play_all(moves)
            assert final.is_over and final.winner is winner
            games.append((winner, moves))
        results.append(games)
    if playout.COMPILED:
        assert results[0] == results[1]


@needs_compiled
def test_the_compiled_playout_refuses_what_is_not_a_board() -> None:
    layout = playout.layout_of(Rules.parse("9,9,5"))
    run = playout._compiled_playout
    assert run is not None
    draw = random.Random(1).random
    args = (layout.width, layout.padded_size, 5, False)
    with pytest.raises(TypeError, match="single-bit masks"):
        run(*args, 0, 0, (1, 2), draw, None)
    with pytest.raises(ValueError, match="off the board"):
        run(*args, 0, 0, [1 << 200], draw, None)
    with pytest.raises(TypeError, match="padded bits"):
        run(*args, "x", 0, [1], draw, None)
    with pytest.raises(ValueError, match="outside"):
        run(*args, 0, 0, [1, 2], lambda: 1.5, None)
    with pytest.raises(ZeroDivisionError):
        run(*args, 0, 0, [1, 2], lambda: 1 / 0, None)
    with pytest.raises(ValueError, match="512"):
        run(1000, 100000, 5, False, 0, 0, [], draw, None)


def test_the_playouts_in_use_are_said(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("ttt-arena (TTT Desktop) ")
    assert f"random playouts: {playout.playouts_in_use()}" in out
    assert playout.check_compiled(5) == (5 if playout.COMPILED else 0)


@needs_compiled
@pytest.mark.parametrize("key", ["9,9,5", "15,15,5", "15,15,5,exact", "7,6,4"])
def test_monty_thinks_the_same_thoughts_with_either_loop(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ttt_desktop.players.mcts import MontyPlayer  # noqa: PLC0415

    rules = Rules.parse(key)
    positions = [start(rules, seed)[0] for seed in range(6)]
    thoughts = []
    for compiled in (True, False):
        if not compiled:
            monkeypatch.setattr(playout, "_compiled_playout", None)
        thoughts.append(
            [
                MontyPlayer(seed=seed, simulations=300).think(board)
                for seed, board in enumerate(positions)
            ]
        )
    for with_c, with_python in zip(*thoughts, strict=True):
        assert with_c.move == with_python.move and with_c.nodes == with_python.nodes
        assert with_c.scores == with_python.scores and with_c.line == with_python.line
