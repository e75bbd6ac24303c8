"""Every kind's ``think``: the same moves as ``choose_move``, and what it says checked against
independent facts (the solver, the reference rules, the learner's table) on every position."""

from __future__ import annotations

import json
import threading
import time

import pytest
from helpers.golden_moves import GOLDEN_PATH, SEED, make_player, playable_boards, walk
from helpers.reference_game import REFERENCE_LINES, completing, move_outcome, other

from ttt_desktop.analysis import tic_tac_toe_values
from ttt_desktop.core import Board
from ttt_desktop.core.cells import CENTRE, CORNERS, LINES, SIDES
from ttt_desktop.players import KINDS, Player, create_player
from ttt_desktop.players.learner import LearnerTable, shipped_table
from ttt_desktop.players.search.whole_game import BEYOND_THE_GAME, TO_THE_END, whole_game_search
from ttt_desktop.players.thought import Bound, Meaning, Rule, SearchStopped, Thought
from ttt_desktop.players.utility import space_utilities

GOLDEN = json.loads(GOLDEN_PATH.read_text(encoding="utf-8"))
PLAYABLE = playable_boards()
RULE_KINDS = ("rando", "levi", "ralph", "humiston", "utility", "strategist", "learner")


@pytest.fixture(scope="module")
def thoughts() -> dict[str, list[Thought | None]]:
    """Each kind's thought on every playable position, one player walking them all in turn."""
    found: dict[str, list[Thought | None]] = {}
    for kind in KINDS:
        player = make_player(kind)
        answers: list[Thought | None] = []
        for board in PLAYABLE:
            try:
                answers.append(player.think(board))
            except ValueError:
                answers.append(None)
        found[kind] = answers
    return found


# The moves stay those of version 1.0.0 --------------------------------------------------


GOLDEN_KINDS = tuple(GOLDEN["moves"])
"""The kinds of version 1.0.0; kinds added since have no frozen moves."""


def test_the_golden_file_covers_every_kind_and_position() -> None:
    assert GOLDEN["seed"] == SEED
    assert set(GOLDEN_KINDS) <= set(KINDS)
    assert len(PLAYABLE) == 2 * 4_520
    assert all(len(moves) == len(PLAYABLE) for moves in GOLDEN["moves"].values())


@pytest.mark.slow
@pytest.mark.parametrize("kind", GOLDEN_KINDS)
def test_choose_move_plays_as_in_version_1_0_0(kind: str) -> None:
    assert walk(kind) == GOLDEN["moves"][kind]


@pytest.mark.slow
@pytest.mark.parametrize("kind", GOLDEN_KINDS)
def test_think_plays_the_moves_choose_move_plays(
    kind: str, thoughts: dict[str, list[Thought | None]]
) -> None:
    moves = "".join("-" if t is None else str(t.move) for t in thoughts[kind])
    assert moves == GOLDEN["moves"][kind]


@pytest.mark.parametrize("kind", KINDS)
def test_think_uses_the_generator_as_choose_move_does(kind: str) -> None:
    thinker, chooser = make_player(kind), make_player(kind)
    for board in PLAYABLE[::7]:
        try:
            expected = chooser.choose_move(board)
        except ValueError:
            continue
        assert thinker.think(board).move == expected
        assert thinker.random.getstate() == chooser.random.getstate()


@pytest.mark.parametrize("kind", KINDS)
def test_a_thought_describes_its_position_and_a_legal_move(
    kind: str, thoughts: dict[str, list[Thought | None]]
) -> None:
    for board, thought in zip(PLAYABLE, thoughts[kind], strict=True):
        if thought is None:
            continue
        assert (thought.kind, thought.cells, thought.to_move) == (
            kind,
            board.cells,
            board.to_move.value,
        )
        assert thought.move in board.legal_moves()
        assert thought.move in thought.candidates
        assert set(thought.candidates) <= set(board.legal_moves())
        assert thought.seconds >= 0
        assert all(score.cell in board.legal_moves() for score in thought.scores)
        if thought.line:
            assert thought.line[0] == thought.move
            after = board.play_all(thought.line)
            # Monte Carlo tree search's line is its most visited path: it ends where its tree does.
            if thought.meaning is not Meaning.WIN_RATE:
                assert after.is_over, "a principal line runs to the end of the game"


# Searches against the solver ---------------------------------------------------------------


def minimax_scale(board: Board, cell: int) -> int:
    """The solver's value of ``cell`` on the searches' scale: ±(1 + empty cells at the end)."""
    value = tic_tac_toe_values(board)[cell]
    if value.outcome == "draw":
        return 0
    reward = 1 + board.cells.count(".") - value.plies
    return reward if value.outcome == "win" else -reward


def test_minimax_values_are_the_solvers_on_every_position(
    thoughts: dict[str, list[Thought | None]],
) -> None:
    for board, thought in zip(PLAYABLE, thoughts["minimax"], strict=True):
        assert thought is not None
        assert thought.meaning is Meaning.MINIMAX
        assert {s.cell: s.value for s in thought.scores} == {
            cell: minimax_scale(board, cell) for cell in board.legal_moves()
        }
        assert all(s.bound is Bound.EXACT for s in thought.scores)
        best = max(s.value for s in thought.scores)
        assert thought.candidates == tuple(s.cell for s in thought.scores if s.value == best)
        assert thought.depth == board.cells.count(".") or thought.depth < 9
        assert thought.cutoffs == 0


def test_alphabeta_values_and_bounds_agree_with_the_solver_on_every_position(
    thoughts: dict[str, list[Thought | None]],
) -> None:
    for board, thought in zip(PLAYABLE, thoughts["alphabeta"], strict=True):
        assert thought is not None
        assert thought.meaning is Meaning.ALPHABETA
        assert len(thought.scores) == len(board.legal_moves())
        for score in thought.scores:
            true_value = minimax_scale(board, score.cell)
            if score.bound is Bound.EXACT:
                assert score.value == true_value
            else:
                assert score.bound is Bound.UPPER
                assert true_value <= score.value
        chosen = thought.score_of(thought.move)
        assert chosen is not None and chosen.bound is Bound.EXACT
        assert chosen.value == max(minimax_scale(board, c) for c in board.legal_moves())


def test_the_principal_lines_are_best_play(thoughts: dict[str, list[Thought | None]]) -> None:
    for kind in ("minimax", "alphabeta", "perfect"):
        for board, thought in zip(PLAYABLE, thoughts[kind], strict=True):
            assert thought is not None
            position = board
            for cell in thought.line:
                best = max(minimax_scale(position, c) for c in position.legal_moves())
                assert minimax_scale(position, cell) == best, (kind, board.cells, thought.line)
                position = position.play(cell)


def test_alphabeta_never_visits_more_nodes_than_minimax(
    thoughts: dict[str, list[Thought | None]],
) -> None:
    pairs = zip(thoughts["minimax"], thoughts["alphabeta"], strict=True)
    for minimax, alphabeta in pairs:
        assert minimax is not None and alphabeta is not None
        assert alphabeta.nodes <= minimax.nodes
        assert alphabeta.nodes + alphabeta.cutoffs > 0
    empty = thoughts["minimax"][0]
    assert empty is not None and empty.cells == "." * 9
    assert empty.nodes == 549_945, "every move sequence of the census below the empty board"
    assert empty.depth == 9


def test_perfect_reports_the_exact_value_and_distance(
    thoughts: dict[str, list[Thought | None]],
) -> None:
    for board, thought in zip(PLAYABLE, thoughts["perfect"], strict=True):
        assert thought is not None
        assert thought.meaning is Meaning.EXACT
        assert thought.rule is Rule.SOLVED
        mover = board.to_move.value
        for score in thought.scores:
            result, plies = move_outcome(board.cells, mover, score.cell)
            assert score.plies == plies
            assert (score.value > 0, score.value < 0) == (result > 0, result < 0)
        best = max(s.value for s in thought.scores)
        assert set(thought.candidates) == {s.cell for s in thought.scores if s.value == best}


# Rule players: the rule named is the rule that picks the move -------------------------------


def rule_holds(board: Board, thought: Thought) -> None:
    cells, me = board.cells, board.to_move.value
    wins, blocks = completing(cells, me), completing(cells, other(me))
    move, rule = thought.move, thought.rule
    if rule is Rule.WIN:
        assert move in wins
        assert set(thought.candidates) == wins
        assert thought.rule_lines and all(
            sorted(cells[c] for c in line) == sorted(me * 2 + ".") for line in thought.rule_lines
        )
        assert any(move in line for line in thought.rule_lines)
    elif rule is Rule.BLOCK:
        assert not wins and move in blocks
        assert set(thought.candidates) == blocks
        assert any(move in line for line in thought.rule_lines)
        assert all(
            sorted(cells[c] for c in line) == sorted(other(me) * 2 + ".")
            for line in thought.rule_lines
        )
    else:
        # A later rule fired: the decisive ones did not apply (Rando and the table know none).
        if rule not in (Rule.RANDOM, Rule.TABLE) or thought.kind != "rando":
            assert rule is Rule.TABLE or not (wins or blocks), (thought.kind, cells)
        if rule is Rule.FORK:
            after = cells[:move] + me + cells[move + 1 :]
            assert len(completing(after, me)) >= 2
            assert len(thought.rule_lines) >= 2
            assert all(move in line for line in thought.rule_lines)
        elif rule is Rule.BLOCK_FORK:
            assert thought.rule_cells, "the opponent's fork cells"
            for fork in thought.rule_cells:
                after = cells[:fork] + other(me) + cells[fork + 1 :]
                assert len(completing(after, other(me))) >= 2
        elif rule is Rule.CENTRE:
            assert move == CENTRE
        elif rule is Rule.OPPOSITE_CORNER:
            assert move in CORNERS and cells[8 - move] == other(me)
        elif rule is Rule.CORNER:
            assert move in CORNERS
        elif rule is Rule.SIDE:
            assert move in SIDES
        elif rule in (Rule.RANDOM, Rule.ANY):
            assert thought.candidates == board.legal_moves()
        elif rule is Rule.UTILITY:
            utilities = space_utilities(board, board.to_move)
            assert utilities[move] == max(utilities.values())
        elif rule is Rule.TALLY:
            assert abs(thought.score_of(move).value) == max(abs(s.value) for s in thought.scores)  # type: ignore[union-attr]
            assert max(abs(s.value) for s in thought.scores) > 0
        elif rule is Rule.TABLE:
            assert thought.meaning is Meaning.LEARNED
        else:
            raise AssertionError(f"{thought.kind} named an unexpected rule {rule}")


@pytest.mark.parametrize("kind", RULE_KINDS)
def test_the_rule_named_is_the_rule_that_picks_the_move(
    kind: str, thoughts: dict[str, list[Thought | None]]
) -> None:
    seen = set()
    for board, thought in zip(PLAYABLE, thoughts[kind], strict=True):
        assert thought is not None and thought.rule is not None
        rule_holds(board, thought)
        seen.add(thought.rule)
    assert len(seen) >= (1 if kind in ("rando", "learner") else 2)


def test_a_learner_without_the_position_names_its_fallback_rule() -> None:
    learner = create_player("learner", seed=3, table=LearnerTable({}))
    seen = set()
    for board in PLAYABLE:
        thought = learner.think(board)
        rule_holds(board, thought)
        assert not thought.scores
        seen.add(thought.rule)
    assert seen == {Rule.WIN, Rule.BLOCK, Rule.CENTRE, Rule.CORNER, Rule.SIDE}


def test_humiston_and_strategist_name_each_of_their_rules_somewhere(
    thoughts: dict[str, list[Thought | None]],
) -> None:
    used = {kind: {t.rule for t in thoughts[kind] if t is not None} for kind in thoughts}
    assert used["humiston"] == {Rule.WIN, Rule.BLOCK, Rule.CORNER, Rule.CENTRE, Rule.SIDE}
    assert used["strategist"] == {
        Rule.WIN,
        Rule.BLOCK,
        Rule.FORK,
        Rule.BLOCK_FORK,
        Rule.CENTRE,
        Rule.OPPOSITE_CORNER,
        Rule.CORNER,
        Rule.SIDE,
    }
    assert used["levi"] == {Rule.WIN, Rule.BLOCK, Rule.RANDOM}


def test_block_names_the_line_the_opponent_threatens() -> None:
    # O holds 7 and 5 (cells 0 and 4) and threatens 3 (cell 8): "block: O threatens 7-5-3".
    board = Board.from_string("O..XO.X..", to_move="X")
    thought = create_player("levi", seed=1).think(board)
    assert (thought.rule, thought.move, thought.rule_lines) == (Rule.BLOCK, 8, ((0, 4, 8),))


def test_the_learner_values_are_its_tables(thoughts: dict[str, list[Thought | None]]) -> None:
    table = shipped_table()
    for board, thought in zip(PLAYABLE, thoughts["learner"], strict=True):
        assert thought is not None
        values = table.move_values(board)
        if values is None:
            assert thought.rule is not Rule.TABLE and not thought.scores
            continue
        assert thought.rule is Rule.TABLE
        assert {s.cell: s.value for s in thought.scores} == values
        best = max(values.values())
        assert thought.candidates == tuple(c for c, v in values.items() if v == best)


def test_utility_and_ralph_scores_are_their_own_evaluations(
    thoughts: dict[str, list[Thought | None]],
) -> None:
    ralph = create_player("ralph", seed=1)
    assert isinstance(ralph, Player)
    for board, thought in zip(PLAYABLE, thoughts["utility"], strict=True):
        assert thought is not None
        assert {s.cell: s.value for s in thought.scores} == space_utilities(board, board.to_move)
    for board, thought in zip(PLAYABLE, thoughts["ralph"], strict=True):
        assert thought is not None
        if thought.rule in (Rule.TALLY, Rule.ANY):
            tallies = ralph.tallies(board)  # type: ignore[attr-defined]
            assert {s.cell: s.value for s in thought.scores} == {
                cell: tallies[cell] for cell in board.legal_moves()
            }
            assert thought.nodes > 0
        else:
            assert not thought.scores


def test_lines_are_the_engines_lines() -> None:
    assert sorted(map(tuple, REFERENCE_LINES)) == sorted(LINES)


# Stopping ----------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["minimax", "alphabeta"])
def test_a_search_told_to_stop_raises_search_stopped(kind: str) -> None:
    asked = []

    def stop() -> bool:
        asked.append(True)
        return len(asked) >= 2

    with pytest.raises(SearchStopped):
        create_player(kind, seed=1).think(Board.empty(), stop=stop)
    assert len(asked) == 2


def test_stopping_minimax_on_the_empty_board_from_another_thread_ends_the_search() -> None:
    flag = threading.Event()
    outcome: list[object] = []

    def search() -> None:
        try:
            outcome.append(create_player("minimax", seed=1).think(Board.empty(), stop=flag.is_set))
        except SearchStopped as stopped:
            outcome.append(stopped)

    thread = threading.Thread(target=search)
    thread.start()
    time.sleep(0.01)
    flag.set()
    thread.join()
    assert isinstance(outcome[0], SearchStopped)


def test_plain_minimax_counts_the_whole_tree_below_a_position() -> None:
    board = Board.from_string("XO.......")
    search = whole_game_search(pruning=False)
    search.search(board, TO_THE_END, -BEYOND_THE_GAME, BEYOND_THE_GAME, 0)
    # The root plus every move sequence below it: the census's branching, counted directly.

    def count(position: Board) -> int:
        return 1 + sum(count(position.play(c)) for c in position.legal_moves())

    assert search.nodes == count(board)
