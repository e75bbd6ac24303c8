"""The Searcher (iterative-deepening alpha-beta), the Strongest player and the ladder."""

from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.rules import GOMOKU, TIC_TAC_TOE, Rules
from ttt_desktop.players import create_player, roster
from ttt_desktop.players.boards import FIRST_PLAYER_WINS, SOLVED_KEYS
from ttt_desktop.players.ladder import Level, ladder, standing
from ttt_desktop.players.roster import kinds_for, supports
from ttt_desktop.players.searcher import Search, SearcherPlayer, tables_for
from ttt_desktop.players.strongest import StrongestPlayer, delegate_kind
from ttt_desktop.players.thought import Bound, CellScore, Meaning, Rule, SearchStopped

BOARDS = ("3,3,3", "4,4,4", "5,5,4", "7,7,5", "9,9,5", "15,15,5", "15,15,5,exact", "8,3,3")


def random_position(rules: Rules, stones: int, seed: int) -> Board:
    """A position of ``stones`` random moves that is not over (retrying with the next seed)."""
    generator = random.Random(seed)
    while True:
        board = Board.empty(rules=rules)
        for _ in range(stones):
            if board.is_over:
                break
            board = board.play(generator.choice(board.legal_moves()))
        if not board.is_over:
            return board


def tight_position(rules: Rules, stones: int, seed: int) -> Board:
    """Stones dropped near the centre, as in real play (random ones scatter too much)."""
    generator = random.Random(seed)
    m, n = rules.m, rules.n
    while True:
        board = Board.empty(rules=rules)
        for _ in range(stones):
            free = [
                cell
                for cell in board.legal_moves()
                if abs(cell // m - n // 2) <= 3 and abs(cell % m - m // 2) <= 3
            ]
            board = board.play(generator.choice(free))
            if board.is_over:
                break
        if not board.is_over:
            return board


# Legal moves, reproducibility, stopping -----------------------------------------------


@pytest.mark.parametrize("key", BOARDS)
def test_plays_legal_moves_to_the_end_of_a_game(key: str) -> None:
    rules = Rules.parse(key)
    players = {Mark.X: SearcherPlayer(seed=1, nodes=400), Mark.O: SearcherPlayer(seed=2, nodes=400)}
    board = Board.empty(rules=rules)
    while not board.is_over and board.ply < 40:
        move = players[board.to_move].choose_move(board)
        assert move in board.legal_moves()
        board = board.play(move)


def test_the_same_seed_and_node_budget_give_the_same_moves() -> None:
    def game(seed: int) -> tuple[int, ...]:
        x, o = SearcherPlayer(seed=seed, nodes=3_000), SearcherPlayer(seed=seed + 1, nodes=3_000)
        board = Board.empty(rules=Rules(9, 9, 5))
        moves = []
        while not board.is_over and len(moves) < 16:
            move = (x if board.to_move is Mark.X else o).choose_move(board)
            moves.append(move)
            board = board.play(move)
        return tuple(moves)

    assert game(7) == game(7)
    thinker, chooser = SearcherPlayer(seed=3, nodes=2_000), SearcherPlayer(seed=3, nodes=2_000)
    board = tight_position(GOMOKU, 6, 1)
    assert thinker.think(board).move == chooser.choose_move(board)
    assert thinker.random.getstate() == chooser.random.getstate()


def test_a_stop_is_honoured_at_once() -> None:
    board = tight_position(GOMOKU, 8, 2)
    calls = 0

    def stop_after(limit: int) -> bool:
        nonlocal calls
        calls += 1
        return calls > limit

    # Told to stop at the first look: nothing finished, so think says it was stopped.
    player = SearcherPlayer(seed=1, budget_ms=60_000)
    with pytest.raises(SearchStopped):
        player.think(board, stop=functools.partial(stop_after, 0))
    assert calls == 1
    # Told later: the last finished iteration's move, and no question asked after the stop.
    calls = 0
    thought = player.think(board, stop=functools.partial(stop_after, 300))
    assert calls == 301
    assert thought.move in board.legal_moves()
    assert thought.depth >= 1


def test_a_time_budget_is_kept() -> None:
    player = SearcherPlayer(seed=1, budget_ms=150)
    thought = player.think(tight_position(GOMOKU, 10, 3))
    assert thought.seconds < 0.5
    assert thought.depth >= 1


def test_options_are_checked() -> None:
    for options in (
        {"depth": 0},
        {"nodes": -5},
        {"depth": 1.5},
        {"budget_ms": 0},
        {"budget_ms": "1"},
    ):
        with pytest.raises(ValueError, match=r"depth|nodes|budget_ms"):
            create_player("searcher", seed=1, **options)


# Tactics on a big board ------------------------------------------------------------------


def gomoku(moves: list[str], rules: Rules = GOMOKU) -> Board:
    geometry = rules.geometry
    return Board.empty(rules=rules).play_all(geometry.parse(name) for name in moves)


def test_wins_in_one_on_gomoku() -> None:
    # X has four in a row h8-k8 with both ends open; O has a four of its own to block.
    board = gomoku(["h8", "h2", "i8", "i2", "j8", "j2", "k8", "k2"])
    thought = SearcherPlayer(seed=1, nodes=5_000).think(board)
    assert thought.move in {GOMOKU.geometry.parse("g8"), GOMOKU.geometry.parse("l8")}
    score = thought.score_of(thought.move)
    assert score is not None and score.plies == 1 and score.bound is Bound.EXACT


def test_blocks_a_loss_in_one_on_gomoku() -> None:
    # O has four from h2 to k2 with g2 taken by X: l2 is the only block.
    board = gomoku(["g2", "h2", "a15", "i2", "b15", "j2", "o15", "k2"])
    assert board.to_move is Mark.X
    move = SearcherPlayer(seed=1, nodes=5_000).choose_move(board)
    assert move == GOMOKU.geometry.parse("l2")


def test_an_open_three_becomes_a_proven_win() -> None:
    # X's open three h8-j8 against scattered O stones: an open four next, then five.
    board = gomoku(["h8", "a1", "i8", "a15", "j8", "o1"])
    thought = SearcherPlayer(seed=1, depth=4).think(board)
    assert thought.move in {GOMOKU.geometry.parse(name) for name in ("g8", "k8")}
    score = thought.score_of(thought.move)
    assert score is not None and score.plies is not None and score.value > 0


def test_exact_rules_do_not_count_an_overline() -> None:
    rules = Rules(15, 15, 5, exact=True)
    # X: h8 i8 j8 k8 and m8; l8 would make six: no win there; g8 makes exactly five.
    board = gomoku(["h8", "a1", "i8", "a3", "j8", "a5", "k8", "a7", "m8", "c15"], rules)
    thought = SearcherPlayer(seed=1, depth=2).think(board)
    assert thought.move == rules.geometry.parse("g8")
    assert board.play(thought.move).winner is Mark.X


# Exact values on 4,4,4 against a plain exhaustive negamax --------------------------------


def exhaustive(board: Board, memo: dict[Board, int]) -> int:
    """+1, 0 or -1: the result for the side to move with best play, by plain negamax."""
    if board.winner is not None:
        return -1  # the side that just moved won
    if board.is_over:
        return 0
    known = memo.get(board)
    if known is None:
        known = max(-exhaustive(board.play(cell), memo) for cell in board.legal_moves())
        memo[board] = known
    return known


def sign_of(value: float, proven: int) -> int:
    return 1 if value > proven else -1 if value < -proven else 0


@pytest.mark.parametrize("seed", range(12))
def test_full_depth_values_equal_exhaustive_negamax_on_4_4_4(seed: int) -> None:
    rules = Rules(4, 4, 4)
    board = random_position(rules, 8 + seed % 3, seed)
    empties = rules.size - board.ply
    thought = SearcherPlayer(seed=seed, budget_ms=120_000).think(board)
    proven = tables_for(rules).proven
    memo: dict[Board, int] = {}
    best = max(-exhaustive(board.play(cell), memo) for cell in board.legal_moves())
    assert -exhaustive(board.play(thought.move), memo) == best
    chosen = thought.score_of(thought.move)
    assert chosen is not None
    if thought.depth < empties and chosen.plies is None:
        # It stopped early only on a forced move (one block), whose value it did not need.
        assert len(thought.scores) == 1
        return
    assert sign_of(chosen.value, proven) == best
    for score in thought.scores:
        truth = -exhaustive(board.play(score.cell), memo)
        if score.bound is Bound.EXACT:
            assert sign_of(score.value, proven) == truth, score
        else:
            assert truth <= sign_of(score.value, proven), score
        if score.plies is not None:
            assert sign_of(score.value, proven) != 0


# The thought ----------------------------------------------------------------------------


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.sampled_from(["15,15,5", "20,20,5", "9,9,5"]), st.integers(4, 24), st.integers(0, 10**6))
def test_a_search_with_moves_cut_proves_only_what_the_whole_search_proves(
    key: str, stones: int, seed: int
) -> None:
    """An inner node that searched only its best-ordered moves is valued at least -proven,
    so no proof rests on a move left out: each root move proven a win or a loss with one
    move a node is proven the same by the search of every move, to the same depth."""
    board = tight_position(Rules.parse(key), stones, seed)
    proven = tables_for(board.rules).proven
    cut = Search(board, depth=3, width=1).run()
    whole = Search(board, depth=3, width=None).run()
    for cell, (value, _flag) in cut.scores.items():
        if sign_of(value, proven):
            assert sign_of(whole.scores[cell][0], proven) == sign_of(value, proven), cell


@pytest.mark.parametrize("key", ("3,3,3", "7,7,5", "15,15,5"))
def test_the_thought_is_consistent(key: str) -> None:
    rules = Rules.parse(key)
    board = tight_position(rules, 4, 5) if rules.size > 9 else Board.empty(rules=rules).play(0)
    thought = SearcherPlayer(seed=1, nodes=20_000).think(board)
    assert (thought.kind, thought.cells, thought.to_move, thought.rules) == (
        "searcher",
        board.cells,
        board.to_move.value,
        rules.key,
    )
    assert thought.rule is Rule.DEEPENING and thought.meaning is Meaning.EVALUATION
    assert thought.move in board.legal_moves()
    assert thought.candidates == (thought.move,)
    assert thought.score_of(thought.move) is not None
    assert all(score.cell in board.legal_moves() for score in thought.scores)
    assert thought.line[0] == thought.move
    board.play_all(thought.line)  # a legal line
    assert thought.depth >= 1 and thought.nodes > 0 and thought.seconds >= 0
    best = max(score.value for score in thought.scores)
    assert thought.score_of(thought.move).value == best  # type: ignore[union-attr]


# Strongest ------------------------------------------------------------------------------


def test_strongest_plays_perfect_where_perfect_plays_and_searches_elsewhere() -> None:
    assert delegate_kind(TIC_TAC_TOE) == "perfect"
    assert delegate_kind(GOMOKU) == "searcher"
    strongest = StrongestPlayer(seed=9, nodes=3_000)
    perfect = create_player("perfect", seed=9)
    board = Board.from_string("X...O....", "X")
    thought = strongest.think(board)
    expected = perfect.think(board)
    assert thought.kind == "strongest"
    assert (thought.move, thought.meaning, thought.scores) == (
        expected.move,
        expected.meaning,
        expected.scores,
    )
    big = tight_position(GOMOKU, 6, 4)
    searcher = SearcherPlayer(seed=9, nodes=3_000)
    thought = strongest.think(big)
    assert thought.kind == "strongest" and thought.meaning is Meaning.EVALUATION
    assert thought.move == searcher.choose_move(big)
    strongest.budget_ms = 50
    assert strongest.delegate(GOMOKU).budget_ms == 50


# The ladder -----------------------------------------------------------------------------


@pytest.mark.parametrize("key", ("3,3,3", "4,4,4", "4,4,3", "7,7,5", "15,15,5", "20,20,5", "5,5,3"))
def test_every_board_has_a_ladder_of_kinds_that_play_it(key: str) -> None:
    rules = Rules.parse(key)
    levels = ladder(rules)
    assert [level.name for level in levels[:3]] == ["Easy", "Medium", "Hard"]
    top = levels[-1]
    if not supports("perfect", rules):
        assert (top.name, top.kind) == ("Strongest", "strongest")
    elif key in FIRST_PLAYER_WINS:
        # Moving second, Perfect loses to best play there: not "Unbeatable".
        assert (top.name, top.kind) == ("Perfect", "perfect")
    else:
        assert (top.name, top.kind) == ("Unbeatable", "perfect")
    for level in levels:
        assert isinstance(level, Level)
        assert level.kind in kinds_for(rules)
        player = level.create(seed=1)
        assert player.kind == level.kind
    assert levels[0].kind in ("rando", "levi")
    assert levels[2].kind == "searcher"
    assert ladder(key) == levels


def test_the_solved_boards_the_first_player_wins_are_the_solvers() -> None:
    # "Never loses" is said only where best play draws (players.ladder.standing).
    from ttt_desktop.analysis import mnk_solver  # noqa: PLC0415  (the solver, for the test)

    values = {
        key: mnk_solver.solve(Board.empty(rules=Rules.parse(key)), best=False).value
        for key in SOLVED_KEYS
    }
    assert {key for key, value in values.items() if value == 1} == FIRST_PLAYER_WINS
    assert {key for key, value in values.items() if value == 0} == SOLVED_KEYS - FIRST_PLAYER_WINS


def test_never_loses_is_said_only_where_it_is_proven() -> None:
    """The window's groups: the top one is "unbeatable" only for a kind proven on the board."""
    strongest = {"strategist", "minimax", "alphabeta", "searcher", "strongest"}

    def groups(rules: Rules) -> dict[str, set[str]]:
        found: dict[str, set[str]] = {}
        for info in roster():
            if info.supports(rules):
                found.setdefault(standing(info.kind, info.strength, rules), set()).add(info.kind)
        return found

    assert groups(TIC_TAC_TOE)["unbeatable"] == {*strongest, "perfect"}
    assert "strong" not in groups(TIC_TAC_TOE)
    for key in ("15,15,5", "20,20,5", "7,7,5", "5,5,4"):
        found = groups(Rules.parse(key))
        assert "unbeatable" not in found and "perfect" not in found, key
        assert found["strong"] == strongest, key
        assert found["hard"] == {"ntuple", "monty"}, key  # N-tuple: the networks of k 4 and 5
    solved_draw = groups(Rules(4, 4, 4))
    assert solved_draw["unbeatable"] == {"perfect", "strongest"}
    assert solved_draw["strong"] == strongest - {"strongest"}
    first_wins = groups(Rules(4, 4, 3))
    assert "unbeatable" not in first_wins
    assert first_wins["perfect"] == {"perfect", "strongest"}


def test_the_hard_level_beats_the_easy_one_on_7_7_5() -> None:
    from ttt_desktop.core.play import play_games  # noqa: PLC0415

    easy, _, hard, _ = ladder("7,7,5")
    hard_player = create_player("searcher", seed=1, nodes=3_000)
    assert hard.kind == "searcher"
    games = list(play_games(hard_player, easy.create(seed=2), (Mark.X, Mark.O), "7,7,5"))
    assert all(game.winner is Mark.X for game in games)


def test_strongest_plays_perfects_frozen_moves_on_tic_tac_toe() -> None:
    from helpers.golden_moves import GOLDEN_PATH, walk  # noqa: PLC0415  (a test helper module)

    golden = json.loads(GOLDEN_PATH.read_text(encoding="utf-8"))
    assert walk("strongest") == golden["moves"]["perfect"]


def test_strongest_plays_a_threat_win_it_finds_and_says_it_is_proven() -> None:
    # The position of tests/analysis/test_threats.py's VCT_7: X to move has a win by fours and
    # threes.
    moves = "e9 g5 k10 g10 h11 h5 g7 f8 g9 i7 j11 e7 h10"
    board = Board.empty(rules=GOMOKU).play_all(map(GOMOKU.geometry.parse, moves.split()))
    strongest = StrongestPlayer(seed=3, nodes=2_000)
    win = strongest.threat_win(board)
    assert win is not None and win.plies == 7
    thought = strongest.think(board)
    assert thought.kind == "strongest" and thought.rule is Rule.THREATS
    assert thought.move == win.line[0] and thought.line == win.line
    assert thought.scores == (CellScore(win.line[0], 1, plies=7),)
    assert strongest.choose_move(board) == win.line[0]
    # Where the game is solved Perfect plays, and below five in a row there are no fours.
    assert strongest.threat_win(Board.from_string("X...O....", "X")) is None
    assert strongest.threat_win(Board.empty(rules=Rules(7, 7, 4)).play(24)) is None
    calls = iter(range(10**6))
    with pytest.raises(SearchStopped):
        strongest.think(board, stop=lambda: next(calls) > 3)
