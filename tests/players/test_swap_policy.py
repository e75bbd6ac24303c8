"""Our computer players under swap and swap2 (players/swap_policy.py): the opener's three
stones and the chooser's answers.

The stones are a classical opening, legal and the same for the same seed; every answer is
one of the options with the stones it needs, legal (never a forbidden point under renju)
and leaving the game open; a searching player takes black where black has a won structure
and white where white has, places two stones only when it judges the position close to
even, and a player without a value of the position draws a side and never places two.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.openings import builtin_openings
from ttt_desktop.core.rules import GOMOKU, RENJU, Rules
from ttt_desktop.core.swap import (
    BLACK,
    PLACE_TWO,
    SWAP,
    SWAP2,
    WHITE,
    SwapAnswer,
    SwapError,
    SwapOpening,
)
from ttt_desktop.players import Player, create_player
from ttt_desktop.players.simple import RandoPlayer
from ttt_desktop.players.swap_policy import (
    EVEN_WIN_RATE,
    even_evaluation,
    white_edge,
)
from ttt_desktop.players.thought import Bound, CellScore, Meaning, Thought

RENJU_15 = Rules(15, 15, 5, rule=RENJU)
NINE = Rules(9, 9, 5)
BOARDS = [GOMOKU, RENJU_15, NINE]
BOARD_IDS = ["15x15", "renju", "9,9,5"]
BUDGET_MS = 60.0
KINDS = ["rando", "levi", "ralph", "ntuple", "alphabeta", "searcher", "strongest", "monty"]
SEARCHING = ["searcher", "strongest", "monty"]
WITHOUT_VALUE = ["rando", "levi", "humiston", "utility", "strategist"]


def player(kind: str, seed: int = 1) -> Player:
    made = create_player(kind, seed=seed)
    made.budget_ms = BUDGET_MS
    return made


def played(rules: Rules, cells: tuple[int, ...], board: Board | None = None) -> Board:
    """``board`` (the empty board of ``rules``) with ``cells`` played in turn: raises on an
    illegal cell, a forbidden point among them."""
    if board is None:
        board = Board.empty(rules=rules)
    for cell in cells:
        assert cell in board.legal_moves(), rules.geometry.name(cell)
        board = board.play(cell)
    return board


def position(rules: Rules, black: str, white: str) -> Board:
    """A hand-built position, white to move: black's and white's stones by name."""
    geometry = rules.geometry
    cells = ["."] * rules.size
    for names, mark in ((black, "X"), (white, "O")):
        for name in names.split():
            cells[geometry.parse(name)] = mark
    board = Board.from_string("".join(cells), Mark.O, rules=rules)
    assert board.ply % 2 == 1 and not board.is_over
    return board


def classical(rules: Rules) -> set[tuple[int, ...]]:
    """Every classical opening of ``rules`` under every symmetry of its board."""
    geometry = rules.geometry
    return {
        geometry.transform(cells, symmetry)
        for cells in builtin_openings(rules)
        for symmetry in range(len(geometry.symmetries))
    }


def check_answer(board: Board, answer: SwapAnswer, options: tuple[str, ...]) -> None:
    """``answer`` is one of ``options``, with the stones its choice needs, each legal in
    turn (under renju black's never a forbidden point), leaving the game open."""
    assert answer.choice in options
    expected = {BLACK: {0}, WHITE: {0, 1}, PLACE_TWO: {2}}[answer.choice]
    assert len(answer.stones) in expected
    after = played(board.rules, answer.stones, board)
    assert not after.is_over


# The opener's stones ----------------------------------------------------------------------


@pytest.mark.parametrize("rules", BOARDS, ids=BOARD_IDS)
@pytest.mark.parametrize("kind", KINDS)
def test_the_stones_are_a_classical_opening_the_same_for_a_seed(kind: str, rules: Rules) -> None:
    openings = classical(rules)
    for seed in range(3):
        stones = player(kind, seed).swap_stones(Board.empty(rules=rules), SWAP2)
        assert len(set(stones)) == 3
        assert stones in openings
        played(rules, stones)
        assert player(kind, seed).swap_stones(Board.empty(rules=rules), SWAP) == stones


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(BOARDS))
def test_any_seed_gives_three_legal_stones(seed: int, rules: Rules) -> None:
    stones = create_player("rando", seed=seed).swap_stones(Board.empty(rules=rules), SWAP2)
    assert len(set(stones)) == 3
    board = played(rules, stones)
    assert board.to_move is Mark.O


def test_the_seeds_give_many_openings() -> None:
    drawn = {
        create_player("levi", seed=seed).swap_stones(Board.empty(rules=GOMOKU), SWAP)
        for seed in range(200)
    }
    assert len(drawn) > 100


def test_the_stones_need_an_opening_board() -> None:
    with pytest.raises(SwapError, match="at least 5"):
        player("rando").swap_stones(Board.empty(rules=Rules(7, 7, 4)), SWAP)
    with pytest.raises(SwapError, match="7x7"):
        player("rando").swap_stones(Board.empty(rules=Rules(6, 6, 5)), SWAP2)
    with pytest.raises(SwapError, match="opening rule"):
        player("rando").swap_stones(Board.empty(rules=GOMOKU), "swap3")
    started = Board.empty(rules=GOMOKU).play(112)
    with pytest.raises(ValueError, match="empty board"):
        player("rando").swap_stones(started, SWAP)


# The chooser's answers --------------------------------------------------------------------


def choices_at(rules: Rules, seed: int) -> list[tuple[Board, tuple[str, ...], str]]:
    """A choice at three stones under swap and swap2, and one at five after place2."""
    stones = create_player("rando", seed=seed).swap_stones(Board.empty(rules=rules), SWAP2)
    three = played(rules, stones)
    opening = SwapOpening(SWAP2).with_choice(PLACE_TWO)
    levi = create_player("levi", seed=seed)
    four = three.play(levi.choose_move(three))
    five = four.play(levi.choose_move(four))
    return [
        (three, SwapOpening(SWAP).options(), SWAP),
        (three, SwapOpening(SWAP2).options(), SWAP2),
        (five, opening.options(), SWAP2),
    ]


@pytest.mark.parametrize("rules", BOARDS, ids=BOARD_IDS)
@pytest.mark.parametrize("kind", KINDS)
def test_every_answer_is_an_option_with_legal_stones(kind: str, rules: Rules) -> None:
    for board, options, rule in choices_at(rules, seed=len(kind)):
        check_answer(board, player(kind).swap_choice(board, options, rule), options)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    kind=st.sampled_from(WITHOUT_VALUE),
    rules=st.sampled_from(BOARDS),
)
def test_a_player_without_a_value_draws_a_side(seed: int, kind: str, rules: Rules) -> None:
    for board, options, rule in choices_at(rules, seed):
        answer = create_player(kind, seed=seed).swap_choice(board, options, rule)
        check_answer(board, answer, options)
        assert answer.choice in (BLACK, WHITE)
        assert answer.stones == ()
        assert create_player(kind, seed=seed).swap_choice(board, options, rule) == answer


def test_a_player_without_a_value_draws_both_sides() -> None:
    board, options, rule = choices_at(GOMOKU, 5)[1]
    drawn = {
        create_player("levi", seed=seed).swap_choice(board, options, rule) for seed in range(20)
    }
    assert drawn == {SwapAnswer(BLACK), SwapAnswer(WHITE)}


@pytest.mark.parametrize("kind", ["searcher", "strongest", "monty"])
def test_a_searching_player_with_a_count_answers_the_same_for_a_seed(kind: str) -> None:
    options: dict[str, Any] = {"monty": {"simulations": 300}}.get(kind, {"nodes": 3000})
    for board, choices, rule in choices_at(RENJU_15, 7):
        answers = [
            create_player(kind, seed=3, **options).swap_choice(board, choices, rule)
            for _ in range(2)
        ]
        assert answers[0] == answers[1]
        check_answer(board, answers[0], choices)


# Clear positions: a searching player takes the better side -------------------------------

# Black's open four (e8 to h8, d8 and i8 free): white to move has lost.
BLACK_WINS = ("e8 f8 g8 h8 c3", "b13 m13 m3 n12")
# White's open three (f11 g11 h11, e11 i11 free and more): white to move makes an open four.
WHITE_WINS = ("h8 c3 m3 b12", "f11 g11 h11")


@pytest.mark.parametrize("rules", [GOMOKU, RENJU_15], ids=BOARD_IDS[:2])
@pytest.mark.parametrize("kind", SEARCHING)
@pytest.mark.parametrize("rule", [SWAP, SWAP2])
def test_black_with_an_open_four_is_chosen(kind: str, rules: Rules, rule: str) -> None:
    board = position(rules, *BLACK_WINS)
    options = SwapOpening(rule).options()
    assert player(kind).swap_choice(board, options, rule) == SwapAnswer(BLACK)


@pytest.mark.parametrize("rules", [GOMOKU, RENJU_15], ids=BOARD_IDS[:2])
@pytest.mark.parametrize("kind", SEARCHING)
@pytest.mark.parametrize("rule", [SWAP, SWAP2])
def test_white_with_an_open_three_is_chosen_with_its_four(
    kind: str, rules: Rules, rule: str
) -> None:
    board = position(rules, *WHITE_WINS)
    options = SwapOpening(rule).options()
    answer = player(kind).swap_choice(board, options, rule)
    assert answer.choice == WHITE
    (move,) = answer.stones
    if kind != "monty":  # Monty's random games in 60 ms see the edge, not always the move
        # White's move keeps its win: a four (or an open four) of f11 g11 h11.
        assert rules.geometry.name(move) in {"d11", "e11", "i11", "j11"}


def test_the_opener_chooses_black_or_white_at_five_stones() -> None:
    board = position(GOMOKU, "e8 f8 g8 h8 c3", "b13 m13 m3 n12")
    after_place_two = SwapOpening(SWAP2).with_choice(PLACE_TWO).options()
    assert player("searcher").swap_choice(board, after_place_two, SWAP2) == SwapAnswer(BLACK)


# The judgement read from a thought --------------------------------------------------------


def thought(meaning: Meaning, *scores: CellScore) -> Thought:
    move = scores[0].cell if scores else 0
    return Thought(
        "searcher", "." * 225, "O", move, scores=scores, meaning=meaning, rules="15,15,5"
    )


def test_white_edge_reads_each_kind_of_value() -> None:
    band = even_evaluation(GOMOKU)
    assert band == 36
    evaluation = Meaning.EVALUATION
    assert white_edge(thought(evaluation, CellScore(5, 18)), GOMOKU) == 0.5
    assert white_edge(thought(evaluation, CellScore(5, -72)), GOMOKU) == -2
    assert white_edge(thought(evaluation, CellScore(5, 1, plies=3)), GOMOKU) == math.inf
    assert white_edge(thought(evaluation, CellScore(5, -9, plies=2)), GOMOKU) == -math.inf
    # An upper bound on a win proves nothing: no judgement.
    unproven = CellScore(5, 10**9, Bound.UPPER, plies=5)
    assert white_edge(thought(evaluation, unproven), GOMOKU) is None
    rate = Meaning.WIN_RATE
    assert white_edge(
        thought(rate, CellScore(5, 0.5 + EVEN_WIN_RATE / 2)), GOMOKU
    ) == pytest.approx(0.5)
    assert white_edge(thought(rate, CellScore(5, 0.8)), GOMOKU) > 1
    assert white_edge(thought(rate, CellScore(5, 0.0, plies=4)), GOMOKU) == -math.inf
    assert white_edge(thought(rate, CellScore(5, 0.5, plies=4)), GOMOKU) == 0
    assert white_edge(thought(Meaning.RALPH, CellScore(5, 0), CellScore(6, 0)), GOMOKU) is None
    ralph = thought(Meaning.RALPH, CellScore(5, -4), CellScore(6, 1))
    assert white_edge(ralph, GOMOKU) == -math.inf
    assert white_edge(thought(Meaning.EXACT, CellScore(5, 0)), GOMOKU) == 0
    assert white_edge(thought(Meaning.LEARNED, CellScore(5, -0.5)), GOMOKU) < -1
    assert white_edge(thought(Meaning.UTILITY, CellScore(5, 40)), GOMOKU) is None
    assert white_edge(thought(Meaning.NONE), GOMOKU) is None


class Scripted(RandoPlayer):
    """A player whose looks say what the test wants: the evaluations of its looks in turn
    (white's value of the position, then black's move, then white's value of the five
    stones), each look's move from ``moves``; it keeps the budget of each look."""

    def __init__(self, values: list[float], moves: list[int], **options: Any) -> None:
        super().__init__(**options)
        self.values = values
        self.moves = moves
        self.budgets: list[float | None] = []

    def think(self, board: Board, *, stop: Any = None) -> Thought:
        self.budgets.append(self.budget_ms)
        move, value = self.moves.pop(0), self.values.pop(0)
        return Thought(
            self.kind,
            board.cells,
            board.to_move.value,
            move,
            scores=(CellScore(move, value),),
            meaning=Meaning.EVALUATION,
            rules=board.rules.key,
        )


def test_close_to_even_places_two_stones_in_a_third_of_the_budget_each() -> None:
    three = played(GOMOKU, builtin_openings(GOMOKU)[0])
    white, black = GOMOKU.geometry.parse("i9"), GOMOKU.geometry.parse("g7")
    chooser = Scripted([10.0, 0.0, -20.0], [white, black, 0], seed=1)
    chooser.budget_ms = 900.0
    answer = chooser.swap_choice(three, SwapOpening(SWAP2).options(), SWAP2)
    assert answer == SwapAnswer(PLACE_TWO, (white, black))
    check_answer(three, answer, SwapOpening(SWAP2).options())
    assert chooser.budgets == [300.0, 300.0, 300.0]
    assert chooser.budget_ms == 900.0


def test_close_to_even_takes_a_side_when_the_five_stones_are_not() -> None:
    three = played(GOMOKU, builtin_openings(GOMOKU)[0])
    white, black = GOMOKU.geometry.parse("i9"), GOMOKU.geometry.parse("g7")
    options = SwapOpening(SWAP2).options()
    leaning_white = Scripted([10.0, 0.0, 500.0], [white, black, 0], seed=1)
    assert leaning_white.swap_choice(three, options, SWAP2) == SwapAnswer(WHITE, (white,))
    leaning_black = Scripted([-10.0, 0.0, -500.0], [white, black, 0], seed=1)
    assert leaning_black.swap_choice(three, options, SWAP2) == SwapAnswer(BLACK)


def test_close_to_even_under_swap_takes_a_side_in_one_look() -> None:
    three = played(GOMOKU, builtin_openings(GOMOKU)[0])
    white = GOMOKU.geometry.parse("i9")
    chooser = Scripted([-10.0], [white], seed=1)
    chooser.budget_ms = 900.0
    assert chooser.swap_choice(three, SwapOpening(SWAP).options(), SWAP) == SwapAnswer(BLACK)
    assert chooser.budgets == [900.0]


def test_black_s_reply_is_never_a_forbidden_point() -> None:
    # f8 g8 h9 h10 of black: once white has played a7, h8 is black's double-three.
    names = ("f8", "a1", "g8", "a3", "h9", "a5", "h10")
    board = played(RENJU_15, tuple(map(RENJU_15.geometry.parse, names)))
    a7, h8 = RENJU_15.geometry.parse("a7"), RENJU_15.geometry.parse("h8")
    assert h8 in board.play(a7).forbidden_cells()
    chooser = Scripted([0.0, 0.0, 0.0], [a7, h8, 0], seed=1)
    answer = chooser.swap_choice(board, SwapOpening(SWAP2).options(), SWAP2)
    assert answer == SwapAnswer(WHITE, (a7,))


def test_a_choice_refuses_what_is_no_choice() -> None:
    board = played(GOMOKU, builtin_openings(GOMOKU)[0])
    with pytest.raises(SwapError, match="place2"):
        player("rando").swap_choice(board, ("swap",), SWAP)
    with pytest.raises(SwapError, match="place2"):
        player("rando").swap_choice(board, (), SWAP)
    with pytest.raises(SwapError, match="7x7"):
        player("rando").swap_choice(Board.empty(rules=Rules(6, 6, 5)), (BLACK, WHITE), SWAP)
