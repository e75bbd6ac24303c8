"""Monty, the Monte Carlo tree search player: legal, repeatable, stoppable, tactically sound,
and its proofs checked against an exhaustive negamax on small endgames."""

from __future__ import annotations

import dataclasses
import random
import time

import pytest

from ttt_desktop.core.board import Board
from ttt_desktop.core.playout import layout_of, playout_bits
from ttt_desktop.core.rules import Rules
from ttt_desktop.players import create_player
from ttt_desktop.players.mcts import MontyPlayer
from ttt_desktop.players.thought import Meaning, Rule, SearchStopped, Thought

SMALL = 300  # simulations: enough for the tactics below, fast in a test


def position(key: str, moves: list[str]) -> Board:
    rules = Rules.parse(key)
    board = Board.empty(rules=rules)
    return board.play_all(rules.geometry.parse(name) for name in moves)


def random_position(key: str, plies: int, seed: int) -> Board:
    """A position after ``plies`` random moves that is not over (retrying other games)."""
    generator = random.Random(seed)
    while True:
        board = Board.empty(rules=Rules.parse(key))
        for _ in range(plies):
            if board.is_over:
                break
            board = board.play(generator.choice(board.legal_moves()))
        if not board.is_over:
            return board


def without_time(thought: Thought) -> Thought:
    return dataclasses.replace(thought, seconds=0.0)


BOARDS = [
    Board.empty(),
    Board.empty(rules=Rules(4, 4, 4)),
    random_position("5,5,4", 6, 1),
    random_position("7,7,5", 9, 2),
    random_position("15,15,5", 12, 3),
    random_position("15,15,5,exact", 20, 4),
    random_position("9,4,3", 5, 5),
]


@pytest.mark.parametrize("board", BOARDS, ids=lambda board: board.rules.key)
def test_plays_legal_moves_and_its_visits_add_up_to_the_simulations(board: Board) -> None:
    player = create_player("monty", seed=7, simulations=SMALL)
    thought = player.think(board)
    assert thought.move in board.legal_moves()
    assert thought.meaning is Meaning.WIN_RATE
    assert thought.rules == board.rules.key
    assert 0 < thought.nodes <= SMALL
    assert sum(score.visits or 0 for score in thought.scores) == thought.nodes
    assert all(score.cell in board.legal_moves() for score in thought.scores)
    assert all(0.0 <= score.value <= 1.0 for score in thought.scores)
    assert thought.line[0] == thought.move
    board.play_all(thought.line)  # the most visited path is a legal line
    most = max(score.visits or 0 for score in thought.scores)
    chosen = thought.score_of(thought.move)
    assert chosen is not None
    assert chosen.visits == most or chosen.plies is not None


def test_a_whole_game_on_seven_by_seven_is_legal() -> None:
    board = Board.empty(rules=Rules(7, 7, 5))
    players = [MontyPlayer(seed=1, simulations=100), MontyPlayer(seed=2, simulations=100)]
    while not board.is_over:
        board = board.play(players[board.ply % 2].choose_move(board))
    assert board.is_over


@pytest.mark.parametrize("board", BOARDS[1:5], ids=lambda board: board.rules.key)
def test_the_same_seed_and_budget_give_the_same_move_and_thought(board: Board) -> None:
    first = MontyPlayer(seed=11, simulations=SMALL).think(board)
    second = MontyPlayer(seed=11, simulations=SMALL).think(board)
    assert without_time(first) == without_time(second)
    chooser = MontyPlayer(seed=11, simulations=SMALL)
    assert chooser.choose_move(board) == first.move


def test_stop_ends_the_search_with_the_most_visited_move_so_far() -> None:
    board = random_position("15,15,5", 10, 8)
    calls = 0

    def stop_after_25() -> bool:
        nonlocal calls
        calls += 1
        return calls > 25

    thought = MontyPlayer(seed=3, simulations=100_000).think(board, stop=stop_after_25)
    # Asked once before the first simulation, then after every one.
    assert thought.nodes == 25
    assert sum(score.visits or 0 for score in thought.scores) == 25
    assert thought.move in board.legal_moves()


def test_told_to_stop_before_any_simulation_it_has_no_answer() -> None:
    board = random_position("7,7,5", 6, 9)
    with pytest.raises(SearchStopped):
        MontyPlayer(seed=3).think(board, stop=lambda: True)


def test_a_stop_is_heard_within_milliseconds() -> None:
    board = random_position("20,20,5", 4, 10)
    told_at: list[float] = []

    def stop() -> bool:
        if len(told_at) == 0 and time.perf_counter() - started > 0.05:
            told_at.append(time.perf_counter())
        return bool(told_at)

    started = time.perf_counter()
    MontyPlayer(seed=3, simulations=1_000_000).think(board, stop=stop)
    # One simulation on 20x20 is well under a millisecond; allow for a loaded machine.
    assert time.perf_counter() - told_at[0] < 0.05


def test_a_time_budget_bounds_the_search() -> None:
    board = random_position("15,15,5", 8, 11)
    player = MontyPlayer(seed=3)
    player.budget_ms = 60
    started = time.perf_counter()
    thought = player.think(board)
    assert time.perf_counter() - started < 0.5
    assert thought.nodes > 0
    assert sum(score.visits or 0 for score in thought.scores) == thought.nodes


@pytest.mark.parametrize("key", ["15,15,5", "7,7,5"])
def test_takes_a_win_in_one(key: str) -> None:
    # X: c3 d3 e3 f3 (g3 wins, b3 too); O scattered far from the row.
    board = position(key, ["c3", "a7", "d3", "g7", "e3", "a6", "f3", "g6"])
    thought = MontyPlayer(seed=5, simulations=SMALL).think(board)
    assert thought.move in {board.geometry.parse("b3"), board.geometry.parse("g3")}
    assert thought.rule is Rule.WIN
    assert thought.nodes == 0


@pytest.mark.parametrize("key", ["15,15,5", "7,7,5"])
def test_blocks_a_loss_in_one(key: str) -> None:
    # O has b2 c2 d2 e2 with a2 taken by X: f2 is the only block.
    board = position(key, ["a2", "b2", "g7", "c2", "a7", "d2", "g6", "e2"])
    thought = MontyPlayer(seed=5, simulations=SMALL).think(board)
    assert thought.move == board.geometry.parse("f2")
    assert thought.rule is Rule.BLOCK
    assert [score.cell for score in thought.scores] == [thought.move]


def test_exact_rules_do_not_count_an_overline() -> None:
    # X: a3 b3 c3 e3 f3: d3 makes six, which does not win under exactly five.
    board = position("15,15,5,exact", ["a3", "a9", "b3", "c9", "c3", "e9", "e3", "g9", "f3"])
    board = board.play(board.geometry.parse("k12"))  # O plays away; X to move
    thought = MontyPlayer(seed=5, simulations=SMALL).think(board)
    assert thought.rule is not Rule.WIN
    assert board.play(board.geometry.parse("d3")).winner is None


# Proofs against an exhaustive negamax ---------------------------------------------------------


def negamax(board: Board, memo: dict[Board, int] | None = None) -> int:
    """1 if the side to move wins with best play, 0 a draw, -1 a loss (the whole tree)."""
    if board.is_over:
        return 0 if board.winner is None else -1  # the side that just moved has won
    if memo is None:
        memo = {}
    value = memo.get(board)
    if value is None:
        value = memo[board] = max(-negamax(board.play(cell), memo) for cell in board.legal_moves())
    return value


ENDGAMES = [
    random_position("4,4,4", plies, seed)
    for plies, seed in ((9, 1), (9, 2), (10, 3), (10, 4), (9, 6))
]


@pytest.mark.parametrize("board", ENDGAMES, ids=lambda board: board.cells)
def test_proven_results_match_an_exhaustive_search(board: Board) -> None:
    thought = MontyPlayer(seed=2, simulations=200_000).think(board)
    # Small enough to prove: the root is proven and the search ends before its budget.
    assert thought.nodes < 200_000
    memo: dict[Board, int] = {}
    values = {cell: -negamax(board.play(cell), memo) for cell in board.legal_moves()}
    proven = [score for score in thought.scores if score.plies is not None]
    assert proven
    for score in proven:
        assert score.value == (values[score.cell] + 1) / 2, board.cells
    assert values[thought.move] == max(values.values())
    assert sum(score.visits or 0 for score in thought.scores) == thought.nodes


def test_a_proven_win_is_played_at_once_and_proven_losses_avoided() -> None:
    # O to move on 4,4,3: seven moves win by force, four lose.
    board = Board.from_string("...XXO.....O...X", rules="4,4,3")
    thought = MontyPlayer(seed=1, simulations=200_000).think(board)
    memo: dict[Board, int] = {}
    values = {cell: -negamax(board.play(cell), memo) for cell in board.legal_moves()}
    assert sorted(values.values()) == [-1] * 4 + [1] * 7
    assert values[thought.move] == 1
    chosen = thought.score_of(thought.move)
    assert chosen is not None and chosen.value == 1.0 and chosen.plies is not None


# The rollouts ---------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["3,3,3", "7,7,5", "15,15,5", "15,15,5,exact", "9,4,3", "10,10,6"])
def test_playout_bits_plays_the_game_the_board_plays(key: str) -> None:
    rules = Rules.parse(key)
    layout = layout_of(rules)
    cell_of = {1 << bit: cell for cell, bit in enumerate(layout.bit_of)}
    for seed in range(20):
        generator = random.Random(seed)
        start = random_position(key, seed % 5, seed)
        mine = theirs = 0
        for cell in start.geometry.cells_of(start.bits(start.to_move)):
            mine |= 1 << layout.bit_of[cell]
        for cell in start.geometry.cells_of(start.bits(start.to_move.opponent)):
            theirs |= 1 << layout.bit_of[cell]
        free = [1 << layout.bit_of[cell] for cell in start.legal_moves()]
        draws: list[float] = []

        def draw(generator: random.Random = generator, draws: list[float] = draws) -> float:
            value = generator.random()
            draws.append(value)
            return value

        result = playout_bits(layout, mine, theirs, free.copy(), draw)
        # Replay the same draws on a copy of the list to learn the moves.
        moves = []
        replay = free.copy()
        for value in draws:
            index = int(value * len(replay))
            moves.append(cell_of[replay[index]])
            last = replay.pop()
            if index < len(replay):
                replay[index] = last
        end = start.play_all(moves)
        assert end.is_over
        expected = 0 if end.winner is None else (1 if end.winner is start.to_move else -1)
        assert result == expected, (key, seed)
