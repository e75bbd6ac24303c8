"""Boards of every rules against an independent reference; the one Board and its kinds;
tactics and random playouts.

The reference scans the whole board for lines the slow way (every k-window, then the run
lengths); the engine looks only along the lines through the last move. OpenSpiel's ``mnk``
is the second, outside reference (tests/core/test_agreement_openspiel.py).
"""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttt_desktop.core.board import (
    Board,
    GameOverError,
    Mark,
    OccupiedCellError,
    OffBoardError,
    RuledBoard,
    TicTacToeBoard,
)
from ttt_desktop.core.playout import random_playout
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules
from ttt_desktop.core.tactics import (
    completing_cells,
    decisive_moves,
    threat_cells,
    threat_lines,
)

RULES = [
    Rules(4, 3, 3),
    Rules(4, 4, 4),
    Rules(5, 5, 4),
    Rules(7, 7, 5),
    Rules(10, 6, 4),
    Rules(15, 15, 5),
    Rules(9, 9, 5, exact=True),
    Rules(15, 15, 5, exact=True),
    Rules(3, 8, 3),
]


def runs(cells: str, m: int, n: int, mark: str) -> list[int]:
    """Lengths of every maximal run of ``mark`` in the four directions."""
    lengths = []
    for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for row in range(n):
            for col in range(m):
                prev_r, prev_c = row - d_row, col - d_col
                if 0 <= prev_r < n and 0 <= prev_c < m and cells[prev_r * m + prev_c] == mark:
                    continue
                length, r, c = 0, row, col
                while 0 <= r < n and 0 <= c < m and cells[r * m + c] == mark:
                    length, r, c = length + 1, r + d_row, c + d_col
                if length:
                    lengths.append(length)
    return lengths


def reference_winner(cells: str, rules: Rules) -> str | None:
    for mark in "XO":
        for length in runs(cells, rules.m, rules.n, mark):
            if length == rules.k or (length > rules.k and not rules.exact):
                return mark
    return None


def random_game(rules: Rules, seed: int) -> list[int]:
    draw = random.Random(seed)
    board = Board.empty(rules=rules)
    moves = []
    while not board.is_over:
        move = draw.choice(board.legal_moves())
        moves.append(move)
        board = board.play(move)
    return moves


def reference_bits(cells: str, mark: str) -> int:
    return sum(1 << cell for cell, char in enumerate(cells) if char == mark)


class TestAgainstTheReference:
    @pytest.mark.parametrize("rules", [TIC_TAC_TOE, *RULES], ids=str)
    def test_random_games_move_by_move(self, rules: Rules) -> None:
        # The reference scans the whole board each move: fewer games on the big boards.
        for seed in range(40 if rules.size <= 64 else 10):
            draw = random.Random(seed)
            board = Board.empty(rules=rules)
            # An interned position is reached by many games: it keeps no last move.
            keeps_last_move = type(board) is not TicTacToeBoard
            cells = ["."] * rules.size
            mover = "X"
            while True:
                text = "".join(cells)
                winner = reference_winner(text, rules)
                free = tuple(i for i, c in enumerate(cells) if c == ".")
                assert board.cells == board.to_string() == text
                assert board.to_move.value == mover
                assert (board.winner.value if board.winner else None) == winner
                assert board.is_over == (winner is not None or not free)
                assert board.is_draw == (board.is_over and winner is None)
                assert board.legal_moves() == (() if board.is_over else free)
                assert board.forbidden_cells() == {}
                assert board.ply == rules.size - len(free)
                assert board.first_player is Mark.X
                assert board.x_bits == board.bits(Mark.X) == reference_bits(text, "X")
                assert board.o_bits == board.bits(Mark.O) == reference_bits(text, "O")
                assert board.rules is rules and board.geometry is rules.geometry
                if board.is_over:
                    break
                for cell in draw.sample(free, min(3, len(free))):
                    assert board[cell] is None
                move = draw.choice(free)
                board = board.play(move)
                cells[move] = mover
                assert board[move] is Mark(mover)
                if keeps_last_move:
                    assert board.last_move == move
                mover = "O" if mover == "X" else "X"
            if board.winner is not None:
                line = board.winning_line
                assert line is not None
                assert line in board.winning_lines
                assert all(board[cell] is board.winner for cell in line)
                assert len(line) >= rules.k
                if rules.exact or rules is TIC_TAC_TOE:
                    assert len(line) == rules.k
                if keeps_last_move:
                    assert board.last_move in line

    @pytest.mark.parametrize("rules", RULES, ids=str)
    def test_from_string_gives_the_played_board(self, rules: Rules) -> None:
        for seed in range(20):
            moves = random_game(rules, seed)
            played = Board.empty(rules=rules)
            for move in moves:
                parsed = Board.from_string(played.cells, played.to_move, rules=rules)
                assert parsed == played
                assert hash(parsed) == hash(played)
                assert parsed.winner is played.winner
                assert parsed.legal_moves() == played.legal_moves()
                played = played.play(move)
            final = Board.from_string(played.cells, rules=rules)
            assert final.winner is played.winner
            assert set(final.winning_line or ()) == set(played.winning_line or ())

    def test_longer_lines_under_the_two_rules(self) -> None:
        # X . X X X X (six cells), then X fills the gap: a line of 6.
        moves = [0, 20, 2, 21, 3, 22, 4, 23, 5, 30]
        for exact, winner in ((False, Mark.X), (True, None)):
            rules = Rules(7, 7, 5, exact=exact)
            board = Board.empty(rules=rules).play_all(moves)
            assert board.winner is None
            after = board.play(1)
            assert after.winner is winner
            if winner:
                assert after.winning_line == (0, 1, 2, 3, 4, 5)


class TestValue:
    def test_equal_positions_are_equal(self) -> None:
        rules = Rules(7, 7, 5)
        a = Board.empty(rules=rules).play_all([0, 1, 2])
        b = Board.empty(rules=rules).play_all([2, 1, 0])
        assert a == b and hash(a) == hash(b) and a is not b
        assert a != Board.empty(rules=rules).play_all([0, 1, 3])
        assert a != Board.empty(rules=Rules(7, 7, 4)).play_all([0, 1, 2])
        assert {a: 1}[b] == 1

    def test_pickle_and_immutability(self) -> None:
        board = Board.empty(rules=Rules(10, 6, 4)).play_all([5, 17, 33])
        assert pickle.loads(pickle.dumps(board)) == board
        with pytest.raises(AttributeError, match="immutable"):
            board.to_move = Mark.X  # type: ignore[misc]
        with pytest.raises(TypeError, match=r"Board\.empty"):
            Board("x", Mark.X)

    def test_tic_tac_toe_stays_the_interned_board(self) -> None:
        assert type(Board.empty(rules=TIC_TAC_TOE)) is TicTacToeBoard
        assert Board.empty(rules="3,3,3") is Board.empty()
        assert Board.empty().rules is TIC_TAC_TOE
        assert Board.empty().x_bits == 0
        assert Board.from_string("X...O...X").x_bits == 0b100000001

    def test_str_and_repr(self) -> None:
        board = Board.empty(rules=Rules(4, 3, 3)).play(5)
        assert str(board) == ". . . .\n. X . .\n. . . ."
        assert eval(repr(board)) == board


class TestOneBoard:
    """One Board, the general game; tic-tac-toe's and renju's boards are kinds of it."""

    def test_every_board_is_a_board_and_the_board_no_special_kind(self) -> None:
        assert issubclass(TicTacToeBoard, Board) and issubclass(RuledBoard, Board)
        assert not issubclass(Board, TicTacToeBoard) and not issubclass(Board, RuledBoard)
        gomoku = Board.empty(rules=Rules(15, 15, 5))
        assert type(gomoku) is Board
        assert not isinstance(gomoku, TicTacToeBoard | RuledBoard)
        for rules in (TIC_TAC_TOE, Rules(15, 15, 5), Rules(15, 15, 5, rule="renju")):
            board = Board.empty(rules=rules)
            assert isinstance(board, Board)
            assert isinstance(Board.from_string(board.cells, rules=rules).play(4), Board)
        assert type(Board.empty()) is TicTacToeBoard
        assert type(Board.from_string("X........")) is TicTacToeBoard

    def test_the_general_play_on_three_by_three_answers_as_the_interned_board(self) -> None:
        # The interned board is the general game made fast, nothing else: the general
        # board's own play over the same 3x3 games gives the same answers.
        geometry = TIC_TAC_TOE.geometry
        for seed in range(200):
            draw = random.Random(seed)
            first = draw.choice((Mark.X, Mark.O))
            fast = Board.empty(first)
            general = Board._make(TIC_TAC_TOE, 0, 0, first, 0, None, None, (), geometry.cells)
            assert type(general) is Board
            while True:
                assert general.cells == fast.cells
                assert general.to_move is fast.to_move
                assert general.winner is fast.winner
                assert set(general.winning_lines) == set(fast.winning_lines)
                assert general.is_over == fast.is_over and general.ply == fast.ply
                assert general.legal_moves() == fast.legal_moves()
                assert (general.x_bits, general.o_bits) == (fast.x_bits, fast.o_bits)
                assert general.first_player is fast.first_player
                assert [general[cell] for cell in geometry.cells] == [
                    fast[cell] for cell in geometry.cells
                ]
                if fast.is_over:
                    break
                move = draw.choice(fast.legal_moves())
                general, fast = general.play(move), fast.play(move)
            for board in (fast, general):
                with pytest.raises(GameOverError):
                    board.play(4)

    def test_equal_only_within_a_kind(self) -> None:
        interned = Board.empty().play(4)
        assert interned == Board.from_string("....X....") and interned is Board.empty().play(4)
        assert hash(interned) == object.__hash__(interned)
        assert pickle.loads(pickle.dumps(interned)) is interned
        other = Board.empty(rules=Rules(4, 3, 3)).play(4)
        assert interned != other and other != interned
        assert len({interned, other, Board.empty(rules=Rules(4, 3, 3)).play(4)}) == 2


class TestIllegalMoves:
    rules = Rules(5, 5, 4)

    @pytest.mark.parametrize("cell", [25, -1, "3", 2.0, True, None])
    def test_off_board(self, cell: object) -> None:
        with pytest.raises(OffBoardError, match="cells of 5,5,4 are 0-24"):
            Board.empty(rules=self.rules).play(cell)  # type: ignore[arg-type]

    def test_occupied_and_over(self) -> None:
        board = Board.empty(rules=self.rules).play(12)
        with pytest.raises(OccupiedCellError, match="cell c3 is already taken by X"):
            board.play(12)
        won = Board.empty(rules=self.rules).play_all([0, 5, 1, 6, 2, 7, 3])
        assert won.winner is Mark.X
        with pytest.raises(GameOverError, match="X has won"):
            won.play(20)

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("X" * 24, "has 25 cells, but the text has 24"),
            ("Z" + "." * 24, "uses only 'X', 'O' and '.'"),
            ("XX" + "." * 23, "2 X and 0 O"),
            ("XXXX." + "OOO.O" + "." * 15, "X has a line but O moved after it"),
            ("XXXX." + "OOOO." + "." * 15, "both X and O have a line"),
        ],
    )
    def test_impossible_positions(self, text: str, message: str) -> None:
        with pytest.raises(ValueError, match=message):
            Board.from_string(text, rules=self.rules)

    def test_two_separate_lines(self) -> None:
        text = "XXXX.OO.OO.....XXXX.OO.O."
        with pytest.raises(ValueError, match="two separate lines"):
            Board.from_string(text, rules=self.rules)


def reference_completing(board: Board, mark: Mark) -> tuple[int, ...]:
    """Cells where ``mark`` would win at once: each free cell tried, walking out from it."""
    rules = board.rules
    m, n, cells = rules.m, rules.n, board.cells
    found = []
    for cell in board.legal_moves():
        row, col = divmod(cell, m)
        for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
            length = 1
            for sign in (1, -1):
                r, c = row + sign * d_row, col + sign * d_col
                while 0 <= r < n and 0 <= c < m and cells[r * m + c] == mark.value:
                    length, r, c = length + 1, r + sign * d_row, c + sign * d_col
            if length == rules.k or (length > rules.k and not rules.exact):
                found.append(cell)
                break
    return tuple(found)


class TestTactics:
    @pytest.mark.parametrize("rules", [*RULES, TIC_TAC_TOE], ids=str)
    def test_completing_and_decisive_against_trying_every_cell(self, rules: Rules) -> None:
        for seed in range(15 if rules.size <= 64 else 4):
            board = Board.empty(rules=rules)
            for move in random_game(rules, seed):
                for mark in (Mark.X, Mark.O):
                    assert completing_cells(board, mark) == reference_completing(board, mark)
                wins = reference_completing(board, board.to_move)
                blocks = reference_completing(board, board.to_move.opponent)
                assert decisive_moves(board) == (wins or blocks)
                board = board.play(move)

    def test_threats(self) -> None:
        rules = Rules(7, 7, 4)
        board = Board.empty(rules=rules).play_all([0, 48, 1, 47])
        # X holds a7 b7: c7 or d7 makes the window a7-d7 a threat (3 of 4, one gap).
        assert threat_lines(board, Mark.X) == ()
        cells = threat_cells(board, Mark.X)
        assert cells[2] == 1 and cells[3] == 1 and 4 not in cells
        assert threat_lines(board.play(2), Mark.X) != ()


class TestPlayout:
    @pytest.mark.parametrize("rules", [*RULES, TIC_TAC_TOE], ids=str)
    def test_playouts_are_real_games(self, rules: Rules) -> None:
        draw = random.Random(4).random
        for _ in range(40):
            winner, moves = random_playout(Board.empty(rules=rules), draw)
            final = Board.empty(rules=rules).play_all(moves)
            assert final.is_over and final.winner is winner

    def test_from_a_position_and_seeded(self) -> None:
        start = Board.empty(rules=Rules(9, 9, 5)).play_all([40, 41, 30])
        first = random_playout(start, random.Random(9).random)
        assert first == random_playout(start, random.Random(9).random)
        assert start.play_all(first[1]).winner is first[0]
        assert random_playout(Board.empty().play_all([0, 3, 1, 4, 2]), random.random) == (
            Mark.X,
            [],
        )


@settings(max_examples=60, deadline=None)
@given(
    m=st.integers(3, 12),
    n=st.integers(3, 12),
    k_offset=st.integers(0, 9),
    exact=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
)
def test_any_rules_against_the_reference(
    m: int, n: int, k_offset: int, exact: bool, seed: int
) -> None:
    k = 3 + k_offset % (max(m, n) - 2)
    rules = Rules(m, n, k, exact)
    draw = random.Random(seed)
    board = Board.empty(rules=rules)
    while not board.is_over:
        board = board.play(draw.choice(board.legal_moves()))
        winner = reference_winner(board.cells, rules)
        assert (board.winner.value if board.winner else None) == winner
    assert board.winner is not None or board.ply == rules.size


def test_big_boards_keep_nothing() -> None:
    # Tic-tac-toe interns its boards; other rules must not grow any process-wide table.
    from ttt_desktop.core import tactics  # noqa: PLC0415

    interned = len(TicTacToeBoard._interned)
    cached = len(tactics._completing_by_cells)
    rules = Rules(15, 15, 5)
    for seed in range(30):
        board = Board.empty(rules=rules)
        draw = random.Random(seed)
        while not board.is_over:
            decisive_moves(board)
            board = board.play(draw.choice(board.legal_moves()))
    assert len(TicTacToeBoard._interned) == interned
    assert len(tactics._completing_by_cells) == cached
