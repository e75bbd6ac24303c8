"""The exact solver for small m,n,k boards, the perfect player on them and ``ttt-arena solve``."""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from ttt_desktop.analysis import mnk_solver, reachable_boards
from ttt_desktop.analysis import tic_tac_toe_values as solve_classic
from ttt_desktop.analysis.mnk_solver import (
    SOLVED,
    Solution,
    SolverError,
    SolveStopped,
    is_solved,
    move_values,
    solve,
)
from ttt_desktop.cli.arena import main as arena_main
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.play import play_game
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules
from ttt_desktop.players import create_player
from ttt_desktop.players.boards import SOLVED_KEYS
from ttt_desktop.players.roster import kinds_for, supports
from ttt_desktop.players.thought import Bound, Meaning, Rule

OUTCOME_VALUE = {"win": 1, "draw": 0, "loss": -1}


@pytest.fixture(autouse=True)
def _no_user_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the user's cache of proofs."""
    monkeypatch.setenv(mnk_solver.CACHE_ENV, "")
    mnk_solver.forget_known()


# Known values -------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("3,3,3", 0),
        ("4,3,3", 1),
        ("3,4,3", 1),
        ("4,4,3", 1),
        ("4,4,4", 0),
        ("5,4,4", 0),
        ("4,5,4", 0),
    ],
)
def test_known_values_from_scratch(key: str, value: int) -> None:
    solution = solve(Board.empty(rules=Rules.parse(key)), known=False)
    assert isinstance(solution, Solution)
    assert solution.value == value
    assert solution.nodes > 0
    assert solution.best


def test_the_solved_boards_answer_at_once_with_the_shipped_tables() -> None:
    for key in SOLVED:
        solution = solve(Board.empty(rules=Rules.parse(key)))
        assert solution.seconds < 1.0, key


def test_draw_best_moves_on_4_4_4_are_every_opening() -> None:
    # Every first move of 4x4, four in a row, keeps the draw (each is checked by a test).
    board = Board.empty(rules=Rules(4, 4, 4))
    assert solve(board, known=False).best == board.legal_moves()


def test_a_won_position_gives_the_winning_cell_first() -> None:
    rules = Rules(4, 4, 4)
    # X holds a2 b2 c2, O a4 d4 d1; X to move wins at once on d2.
    board = Board.empty(rules=rules).play_all([8, 0, 9, 3, 10, 15])
    assert board.name(11) == "d2"
    solution = solve(board)
    assert solution.value == 1
    assert solution.best == (11,)
    values = move_values(board)
    assert values == {cell: -reference_value(board.play(cell)) for cell in board.legal_moves()}
    every = solve(board, every=True).best
    assert every == tuple(cell for cell, value in values.items() if value == 1)
    reference_value.cache_clear()


# An independent search ------------------------------------------------------------------------


@functools.cache
def reference_value(board: Board) -> int:
    """Plain exhaustive negamax over the engine's boards (no shared code with the solver)."""
    if board.winner is not None:
        return -1  # the side to move has just lost
    if board.is_over:
        return 0
    best = -1
    for cell in board.legal_moves():
        value = -reference_value(board.play(cell))
        if value > best:
            best = value
            if best == 1:
                break
    return best


def random_positions(rules: Rules, stones: int, count: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    positions: list[Board] = []
    while len(positions) < count:
        board = Board.empty(rules=rules)
        while board.ply < stones and not board.is_over:
            board = board.play(rng.choice(board.legal_moves()))
        if not board.is_over:
            positions.append(board)
    return positions


@pytest.mark.slow
@pytest.mark.parametrize(("key", "stones"), [("4,4,4", 7), ("5,4,4", 10)])
def test_values_agree_with_exhaustive_negamax(key: str, stones: int) -> None:
    for board in random_positions(Rules.parse(key), stones, 30, seed=19):
        assert solve(board, known=False).value == reference_value(board), board.cells
    reference_value.cache_clear()


def test_move_values_agree_with_exhaustive_negamax() -> None:
    for board in random_positions(Rules(4, 4, 4), 8, 12, seed=7):
        expected = {cell: -reference_value(board.play(cell)) for cell in board.legal_moves()}
        assert move_values(board, known=False) == expected, board.cells
        solution = solve(board, known=False)
        best = max(expected.values())
        assert solution.value == best
        assert set(solution.best) <= {c for c, v in expected.items() if v == best}
    reference_value.cache_clear()


def test_values_agree_with_openspiel() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms.minimax import (  # type: ignore[import-untyped]  # noqa: PLC0415
        alpha_beta_search,
    )

    game = pyspiel.load_game("mnk", {"m": 4, "n": 4, "k": 4})
    for board in random_positions(Rules(4, 4, 4), 8, 6, seed=3):
        state = game.new_initial_state()
        for cell in board_moves(board):
            state.apply_action(cell)
        value, _ = alpha_beta_search(game, state=state, maximum_depth=len(board.legal_moves()) + 1)
        # OpenSpiel's value is for player 0 (X).
        mover = solve(board, known=False).value
        assert value == (mover if board.to_move is Mark.X else -mover), board.cells


def board_moves(board: Board) -> list[int]:
    """A move order reaching ``board`` from the empty board, X first, alternating."""
    xs = [c for c in range(board.rules.size) if board[c] is Mark.X]
    os_ = [c for c in range(board.rules.size) if board[c] is Mark.O]
    moves: list[int] = []
    for index in range(len(xs) + len(os_)):
        moves.append(xs[index // 2] if index % 2 == 0 else os_[index // 2])
    return moves


def test_tic_tac_toe_agrees_with_the_classic_solver_everywhere() -> None:
    checked = 0
    for first in (Mark.X, Mark.O):
        for board in reachable_boards(first):
            if board.is_over:
                continue
            classic = {cell: OUTCOME_VALUE[v.outcome] for cell, v in solve_classic(board).items()}
            assert solve(board).value == max(classic.values()), board.cells
            if checked % 7 == 0:
                assert move_values(board) == classic, board.cells
            checked += 1
    assert checked > 4000


# Rules, stop, tables and the cache ------------------------------------------------------------


def test_exact_rules_are_refused_where_a_longer_line_fits() -> None:
    with pytest.raises(SolverError, match="free-style"):
        solve(Board.empty(rules=Rules(5, 5, 4, exact=True)))
    # Where no longer line fits, exact is the same game (and the same rules value).
    assert solve(Board.empty(rules=Rules(4, 4, 4, exact=True))).value == 0


def test_a_finished_game_has_no_best_move() -> None:
    board = Board.empty(rules=Rules(4, 4, 4)).play_all([0, 4, 1, 5, 2, 6, 3])
    assert board.winner is Mark.X
    solution = solve(board)
    assert (solution.value, solution.nodes, solution.best) == (-1, 0, ())
    assert move_values(board) == {}


@pytest.mark.slow
def test_stop_is_honoured() -> None:
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) >= 3

    with pytest.raises(SolveStopped):
        solve(Board.empty(rules=Rules(5, 4, 4)), stop=stop, known=False)
    assert len(calls) == 3
    # Never told to stop: the same search finishes.
    assert solve(Board.empty(rules=Rules(5, 4, 4)), stop=lambda: False, known=False).value == 0


@pytest.mark.slow
def test_the_shipped_tables_hold_proved_values() -> None:
    sections = mnk_solver.decode_values(Path(mnk_solver.SOLVER_TABLE_PATH).read_bytes())
    assert set(sections) <= {*SOLVED, *mnk_solver.QUICK_PROOFS}
    assert Path(mnk_solver.SOLVER_TABLE_PATH).stat().st_size < 200_000
    rng = random.Random(5)
    for key, values in sections.items():
        rules = Rules.parse(key)
        size = rules.size
        # The openings of 5,5,4, 6,4,4 and 6,5,4 take seconds each to prove again: a few
        # of the deepest.
        sample = min(15 if key in SOLVED else 3, len(values))
        deepest = max(k.bit_count() for k in values)
        pool = sorted(values) if key in SOLVED else [k for k in values if k.bit_count() == deepest]
        for canonical in rng.sample(sorted(pool), sample):
            me, opp = canonical & rules.geometry.full, canonical >> size
            searcher = mnk_solver._Searcher(rules, None, known=False)
            assert mnk_solver._value_of(searcher, me, opp) == values[canonical], (key, canonical)


def test_a_long_solve_is_cached_and_a_damaged_cache_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "data" / "solver-cache.bin"
    monkeypatch.setenv(mnk_solver.CACHE_ENV, str(cache))
    monkeypatch.setattr(mnk_solver, "CACHE_MIN_SECONDS", 0.0)
    monkeypatch.setattr(mnk_solver, "SOLVER_TABLE_PATH", str(tmp_path / "no-tables.bin"))
    mnk_solver.forget_known()
    board = Board.empty(rules=Rules(4, 4, 4)).play(5)
    first = solve(board)
    sections = mnk_solver.decode_values(cache.read_bytes(), mnk_solver.CACHE_MAGIC)
    assert sections["4,4,4"]
    mnk_solver.forget_known()
    again = solve(board)
    assert again.value == first.value and again.best == first.best
    assert again.nodes < first.nodes
    for damage in (b"", b"TTT-MNKC" + b"\x00garbage", cache.read_bytes()[:-7], b"\xff" * 64):
        cache.write_bytes(damage)
        mnk_solver.forget_known()
        assert solve(board).value == first.value


# The perfect player ---------------------------------------------------------------------------


def test_roster_solved_boards_match_the_solver() -> None:
    assert set(SOLVED) == SOLVED_KEYS
    assert all(is_solved(key) for key in SOLVED)
    assert supports("perfect", Rules(4, 4, 4))
    assert supports("perfect", TIC_TAC_TOE)
    assert not supports("perfect", Rules(15, 15, 5))
    assert "perfect" in kinds_for(Rules(5, 4, 4))
    assert "perfect" not in kinds_for(Rules(7, 7, 5))
    assert not supports("perfect", Rules(5, 5, 4))  # proved, but not yet at once


@pytest.mark.parametrize("opponent", ["rando", "levi"])
def test_perfect_never_loses_on_4_4_4(opponent: str) -> None:
    rules = Rules(4, 4, 4)
    for game in range(150):
        perfect = create_player("perfect", seed=game)
        other = create_player(opponent, seed=1000 + game)
        seats = (perfect, other) if game % 2 == 0 else (other, perfect)
        played = play_game(*seats, rules)
        board = Board.empty(rules=rules)
        for cell in played.moves or ():
            assert cell in board.legal_moves()
            board = board.play(cell)
        perfect_mark = Mark.X if game % 2 == 0 else Mark.O
        assert played.winner in (None, perfect_mark), (opponent, game, played.moves)


def test_perfect_wins_a_won_position_and_thinks_in_exact_values() -> None:
    board = Board.empty(rules=Rules(5, 4, 4)).play_all([10, 0, 11, 4, 12, 19])
    assert board.name(13) == "d2"  # X holds a2 b2 c2: d2 wins at once
    perfect = create_player("perfect", seed=1)
    assert perfect.choose_move(board) == 13
    thought = create_player("perfect", seed=1).think(board)
    assert thought.move == 13
    assert thought.candidates == (13,)
    assert thought.rule is Rule.SOLVED
    assert thought.meaning is Meaning.EXACT
    assert thought.rules == "5,4,4"
    assert {score.cell for score in thought.scores} == set(board.legal_moves())
    winning = thought.score_of(13)
    assert winning is not None and winning.value == 11 and winning.bound is Bound.EXACT
    assert all(score.plies is None for score in thought.scores)
    assert all(s.value == 11 or s.bound is Bound.UPPER for s in thought.scores)
    assert thought.board == board


def test_perfect_thinks_on_a_drawn_position() -> None:
    board = Board.empty(rules=Rules(4, 4, 4)).play_all([5, 6])
    thought = create_player("perfect", seed=2).think(board)
    values = move_values(board)
    assert thought.move in thought.candidates
    assert set(thought.candidates) == {c for c, v in values.items() if v == 0}
    assert {s.cell: s.value for s in thought.scores} == {
        c: {1: 11, 0: 0, -1: -11}[v] for c, v in values.items()
    }


def test_perfect_refuses_an_unsolved_board() -> None:
    perfect = create_player("perfect", seed=1)
    with pytest.raises(ValueError, match="solved boards"):
        perfect.choose_move(Board.empty(rules=Rules(7, 7, 5)))


# ttt-arena solve ------------------------------------------------------------------------------


def test_arena_solve_prints_the_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena_main(["solve", "--rules", "4,4,4", "--fresh"]) == 0
    out = capsys.readouterr().out
    assert "draw for the first player (X)" in out
    assert "nodes:" in out and "seconds:" in out
    assert arena_main(["solve", "--rules", "4,3,3", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["value"] == "win" and answer["score"] == 1
    assert answer["rules"] == "4,3,3"
    assert set(answer) >= {"value", "nodes", "seconds", "best"}


def test_arena_solve_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    # O to move, X holds three of the bottom row but one: O must block at d2, then a draw.
    cells = "O...O...XXX....."
    assert arena_main(["solve", "--rules", "4,4,4", "--position", cells, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["to_move"] == "O"
    assert answer["to_move_value"] == "draw"  # O blocks at d2, and the game is drawn
    assert answer["best"] == ["d2"]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--rules", "5,5,4,exact"], "free-style"),
        (["--rules", "4,4,4", "--position", "XX"], "4,4,4"),
    ],
)
def test_arena_solve_refuses_clearly(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert arena_main(["solve", *arguments]) == 2
    assert message in capsys.readouterr().err


def test_solve_on_the_command_line_says_what_it_does_and_keeps_to_a_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert arena_main(["solve", "--rules", "7,7,5", "--seconds", "0.5", "--fresh"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("solving 7,7,5")
    assert "is not proved within 0.5 s (about " in err and "positions searched" in err
    assert arena_main(["solve", "--rules", "4,4,4"]) == 0
    assert "draw for the first player" in capsys.readouterr().out


# What one process proves, it keeps ---------------------------------------------------------


def test_searches_of_one_board_start_from_what_the_earlier_ones_proved() -> None:
    rules = Rules(4, 4, 4)
    board = random_positions(rules, 7, 1, seed=11)[0]  # past the shipped tables' depth
    first = solve(board)
    again = solve(board)
    assert again.value == first.value and again.best == first.best
    assert again.nodes < first.nodes
    assert mnk_solver.values_known(board)
    # From scratch nothing is kept: the same work again.
    assert solve(board, known=False).nodes == solve(board, known=False).nodes


def stopping_after(asked: int) -> Callable[[], bool]:
    """A stop check that answers true from its ``asked``-th question on."""
    calls = itertools.count(1)
    return lambda: next(calls) >= asked


def test_values_stay_exact_along_games_sharing_one_table() -> None:
    # Several games in a row on each board, every position's values asked without starting
    # the table afresh, some searches told to stop half-way: each answer agrees with plain
    # exhaustive negamax.
    for rules, start in ((Rules(4, 4, 4), 6), (Rules(5, 4, 4), 10), (Rules(5, 5, 4), 12)):
        rng = random.Random(rules.key)
        for game in range(3):
            board = random_positions(rules, start, 1, seed=game)[0]
            while not board.is_over:
                if board.ply % 3 == 0:
                    with contextlib.suppress(SolveStopped):
                        move_values(board, stop=stopping_after(2))
                expected = {
                    cell: -reference_value(board.play(cell)) for cell in board.legal_moves()
                }
                assert move_values(board) == expected, (rules.key, board.cells)
                board = board.play(rng.choice(board.legal_moves()))
        reference_value.cache_clear()


def test_values_known_and_open_cells() -> None:
    empty = Board.empty(rules=Rules(6, 6, 4))
    assert not mnk_solver.values_known(empty)  # nothing proved yet, no table for 6,6,4
    assert mnk_solver.open_cells(empty) == 36
    # 6,4,4's first moves are in the shipped tables.
    assert mnk_solver.values_known(Board.empty(rules=Rules(6, 4, 4)))
    # X on cells 0, 2, 8 and O on 5, 6, 9: cell 10's row, column and diagonal each hold
    # both sides' stones, so no line through it can be made: 9 of the 10 empty cells are open.
    board = Board.empty(rules=Rules(4, 4, 4)).play_all([8, 9, 2, 6, 0, 5])
    assert not board.is_over
    assert mnk_solver.open_cells(board) == 9
    mnk_solver.forget_known()
    values = move_values(board)
    assert mnk_solver.values_known(board)
    assert values == {cell: -reference_value(board.play(cell)) for cell in board.legal_moves()}
    reference_value.cache_clear()
    assert not mnk_solver.values_known(Board.empty(rules=Rules(5, 5, 4, exact=True)))
    assert not mnk_solver.values_known(Board.empty(rules=Rules(9, 9, 5)))
    assert not mnk_solver.values_known(
        Board.empty(rules=Rules(4, 4, 4)).play_all([0, 4, 1, 5, 2, 6, 3])
    )
