"""Two uniformly random seats (Rando v Rando) play each game in one call of the compiled loop:
the same games as move by move, the same tallies, where it applies and nowhere else."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttt_desktop.core import playout
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.cells import Cell
from ttt_desktop.core.play import PlayedGame, play_games
from ttt_desktop.core.rules import Rules
from ttt_desktop.lab.match import play_match
from ttt_desktop.players import create_player
from ttt_desktop.players.simple import RandoPlayer

needs_compiled = pytest.mark.skipif(
    not playout.COMPILED, reason="the compiled loops were not built here (no C compiler)"
)
BOARDS = ("4,4,3", "7,6,4", "9,9,5", "15,15,5", "15,15,5,exact", "20,20,5", "20,3,3", "6,5,4")


def series(
    key: str, seeds: tuple[int, int], firsts: list[Mark], *, compiled: bool, timed: bool = True
) -> list[PlayedGame]:
    saved = playout._compiled_game
    if not compiled:
        playout._compiled_game = None
    try:
        x = create_player("rando", seed=seeds[0])
        o = create_player("rando", seed=seeds[1])
        return list(play_games(x, o, firsts, Rules.parse(key), timed=timed))
    finally:
        playout._compiled_game = saved


def same_game(one: PlayedGame, other: PlayedGame) -> None:
    board, first, moves = one[0], one[1], one[2]
    assert isinstance(board, Board)
    other_board = other[0]
    assert isinstance(other_board, Board)
    assert (first, moves) == (other[1], other[2])
    assert board == other_board
    for question in ("winner", "winning_line", "winning_lines", "is_over", "ply", "to_move"):
        assert getattr(board, question) == getattr(other_board, question), question
    assert board.last_move == other_board.last_move  # type: ignore[attr-defined]
    assert board.legal_moves() == other_board.legal_moves() == ()
    assert board.cells == other_board.cells
    # The final board answers as a board played move by move does: play it again.
    again = Board.empty(first, board.rules).play_all(moves)  # type: ignore[arg-type]
    assert again == board and again.winning_lines == board.winning_lines


@needs_compiled
@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    key=st.sampled_from(BOARDS),
    seeds=st.tuples(st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1)),
    firsts=st.lists(st.sampled_from([Mark.X, Mark.O]), min_size=1, max_size=6),
)
def test_the_compiled_loop_plays_the_games_move_by_move_plays(
    key: str, seeds: tuple[int, int], firsts: list[Mark]
) -> None:
    compiled = series(key, seeds, firsts, compiled=True)
    python = series(key, seeds, firsts, compiled=False)
    assert len(compiled) == len(python) == len(firsts)
    for one, other in zip(compiled, python, strict=True):
        same_game(one, other)
        # Each seat's time: a total and a longest move, for the marks that moved.
        seat_ns = one[4]
        assert isinstance(seat_ns, tuple) and len(seat_ns) == 4
        assert all(value >= 0 for value in seat_ns)
        assert seat_ns[1] <= seat_ns[0] and seat_ns[3] <= seat_ns[2]


@needs_compiled
def test_a_match_tallies_the_same_and_untimed_games_are_the_same() -> None:
    def match(compiled: bool) -> tuple[int, int, int, int, int]:
        saved = playout._compiled_game
        if not compiled:
            playout._compiled_game = None
        try:
            x, o = create_player("rando", seed=5), create_player("rando", seed=6)
            result = play_match(x, o, 60, rules=Rules(9, 9, 5), start="alternate")
        finally:
            playout._compiled_game = saved
        return result.x.wins, result.o.wins, result.draws, result.x.moves, result.o.moves

    assert match(True) == match(False)
    untimed = series("15,15,5", (1, 2), [Mark.X, Mark.O], compiled=True, timed=False)
    timed = series("15,15,5", (1, 2), [Mark.X, Mark.O], compiled=True)
    for one, other in zip(untimed, timed, strict=True):
        same_game(one, other)
        assert one[4] is None


class Centrist(RandoPlayer):
    """A Rando that chooses otherwise: the loop must ask it move by move."""

    def choose_move(self, board: Board) -> Cell:
        moves = board.legal_moves()
        return moves[len(moves) // 2]


@pytest.mark.parametrize(
    ("key", "kinds", "compiled"),
    [
        ("15,15,5", ("rando", "rando"), True),
        ("15,15,5,renju", ("rando", "rando"), False),  # black's forbidden points: move by move
        ("15,15,5,caro", ("rando", "rando"), False),
        ("3,3,3", ("rando", "rando"), False),  # tic-tac-toe's interned boards are quick already
        ("15,15,5", ("rando", "levi"), False),
    ],
)
def test_where_the_compiled_game_loop_plays(
    key: str, kinds: tuple[str, str], compiled: bool
) -> None:
    x, o = (create_player(kind, seed=3) for kind in kinds)
    calls: list[int] = []
    saved = playout._compiled_game

    def counted(*arguments: object) -> tuple[object, ...]:
        calls.append(1)
        assert saved is not None
        return saved(*arguments)

    playout._compiled_game = None if saved is None else counted
    try:
        games = list(play_games(x, o, [Mark.X], Rules.parse(key)))
    finally:
        playout._compiled_game = saved
    assert games[0][0].is_over  # type: ignore[attr-defined]
    assert bool(calls) is (compiled and playout.COMPILED)


def test_a_rando_that_chooses_otherwise_is_asked_move_by_move() -> None:
    assert Centrist(seed=1).uniform_draw is None
    plain = create_player("rando", seed=1)
    assert plain.uniform_draw is not None  # type: ignore[attr-defined]
    plain.choose_move = Centrist(seed=1).choose_move  # type: ignore[method-assign]
    assert plain.uniform_draw is None  # type: ignore[attr-defined]
    games = list(play_games(Centrist(seed=1), Centrist(seed=2), [Mark.X], Rules(7, 7, 5)))
    moves = games[0][2]
    board = Board.empty(Mark.X, Rules(7, 7, 5))
    for cell in moves:  # type: ignore[union-attr]
        legal = board.legal_moves()
        assert cell == legal[len(legal) // 2]
        board = board.play(cell)
