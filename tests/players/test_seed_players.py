"""The players of the source documents on every board: legal moves, the documents' rules for any
m x n and k, repeatable games, and the depth-limited searches checked against each other.

(Their tic-tac-toe moves are the golden file's: tests/players/test_thought.py walks every position.)
"""

from __future__ import annotations

import pytest

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.rules import Rules
from ttt_desktop.core.tactics import completing_cells
from ttt_desktop.players import Player, create_player, kinds_for
from ttt_desktop.players.nearby import cells_near_stones, central_cells, corner_cells, edge_cells
from ttt_desktop.players.search.limited import (
    BEYOND_ANY_SCORE,
    WIN_SCORE,
    LimitedSearch,
    default_depth,
    search_cells,
)
from ttt_desktop.players.strategist import grid_fork_cells
from ttt_desktop.players.thought import Bound, Meaning, Rule, SearchStopped
from ttt_desktop.players.utility import (
    line_utility,
    position_utility,
    promise,
    space_utilities,
    utility_change,
    window_utility,
)

BOARDS = ("3,3,3", "4,4,4", "7,7,5", "15,15,5", "6,4,4,exact")
SEED_KINDS = (
    "rando",
    "levi",
    "humiston",
    "utility",
    "ralph",
    "strategist",
    "minimax",
    "alphabeta",
)
FAST = {"minimax": {"depth": 2}, "alphabeta": {"depth": 2}}
"""Options that keep a whole game quick; the defaults are measured in the benchmark."""


def player(kind: str, seed: int = 7, **options: object) -> Player:
    return create_player(kind, seed=seed, **{**FAST.get(kind, {}), **options})


def position(rules: str, moves: list[str]) -> Board:
    """The board of ``rules`` after ``moves`` given by name ("h8"), X first."""
    board = Board.empty(rules=Rules.parse(rules))
    return board.play_all([board.geometry.parse(name) for name in moves])


def play_out(first: Player, second: Player, rules: str, plies: int) -> list[int]:
    """Up to ``plies`` moves of a game between two players by thinking; every move checked."""
    board = Board.empty(rules=Rules.parse(rules))
    moves = []
    for ply in range(plies):
        if board.is_over:
            break
        mover = first if ply % 2 == 0 else second
        thought = mover.think(board)
        assert thought.move in board.legal_moves()
        assert thought.rules == board.rules.key
        assert all(score.cell in board.legal_moves() for score in thought.scores)
        assert set(thought.candidates) <= set(board.legal_moves())
        for line in thought.rule_lines:
            assert line in board.geometry.lines
        moves.append(thought.move)
        board = board.play(thought.move)
    return moves


class TestEveryBoard:
    @pytest.mark.parametrize("rules", BOARDS)
    def test_the_roster_lets_them_play(self, rules: str) -> None:
        assert set(SEED_KINDS) <= set(kinds_for(Rules.parse(rules)))

    @pytest.mark.parametrize("rules", BOARDS)
    @pytest.mark.parametrize("kind", SEED_KINDS)
    def test_legal_moves_only_and_the_same_game_from_the_same_seed(
        self, kind: str, rules: str
    ) -> None:
        plies = 10 if rules == "15,15,5" else 40
        game = play_out(player(kind, 3), player("rando", 4), rules, plies)
        again = play_out(player(kind, 3), player("rando", 4), rules, plies)
        assert game == again
        assert len(set(game)) == len(game)

    @pytest.mark.parametrize("rules", ["7,7,5", "6,4,4,exact"])
    @pytest.mark.parametrize("kind", SEED_KINDS)
    def test_choose_move_plays_the_move_think_plays(self, kind: str, rules: str) -> None:
        chooser, thinker = player(kind, 11), player(kind, 11)
        board = position(rules, ["c3", "d2", "c2"])
        for _ in range(4):
            move = chooser.choose_move(board)
            assert thinker.think(board).move == move
            assert chooser.random.getstate() == thinker.random.getstate()
            board = board.play(move)


DECISIVE_KINDS = ("levi", "humiston", "utility", "ralph", "strategist", "alphabeta", "minimax")


class TestWinAndBlock:
    @pytest.mark.parametrize(
        "kind", ["levi", "humiston", "utility", "ralph", "alphabeta", "minimax"]
    )
    def test_wins_in_one_on_gomoku(self, kind: str) -> None:
        # X has h8 h9 h10 h11; O has four scattered stones; X to move wins at h7 or h12.
        board = position("15,15,5", ["h8", "a1", "h9", "a3", "h10", "o15", "h11", "o1"])
        thought = player(kind).think(board)
        assert thought.move in completing_cells(board, Mark.X)
        if kind not in {"minimax", "alphabeta"}:
            assert thought.rule is Rule.WIN
            assert thought.rule_lines and all(len(line) == 5 for line in thought.rule_lines)

    @pytest.mark.parametrize(
        "kind", ["levi", "humiston", "utility", "ralph", "alphabeta", "minimax"]
    )
    def test_blocks_in_one_on_a_rectangle_with_exact_rules(self, kind: str) -> None:
        # O threatens d1 on the bottom row (a1 b1 c1 held); X has nothing to win with.
        board = position("6,4,4,exact", ["f4", "a1", "e3", "b1", "a4", "c1"])
        assert completing_cells(board, Mark.O) == (board.geometry.parse("d1"),)
        thought = player(kind).think(board)
        assert board.name(thought.move) == "d1"
        if kind not in {"minimax", "alphabeta"}:
            assert thought.rule is Rule.BLOCK


class TestHumiston:
    def test_the_places_of_a_rectangle(self) -> None:
        geometry = Rules.parse("6,4,4").geometry
        assert geometry.names(corner_cells(geometry)) == "a4 f4 a1 f1"
        assert geometry.names(central_cells(geometry)) == "c3 d3 c2 d2"
        assert len(edge_cells(geometry)) == 2 * (6 - 2) + 2 * (4 - 2)
        odd = Rules.parse("7,7,5").geometry
        assert odd.names(central_cells(odd)) == "d4"

    def test_corners_then_centre_then_sides_then_the_rest(self) -> None:
        humiston, board = player("humiston"), Board.empty(rules=Rules.parse("4,4,3"))
        geometry = board.geometry
        seen = []
        while not board.is_over and completing_cells(board, Mark.X) == ():
            thought = humiston.think(board)
            if thought.rule in {Rule.WIN, Rule.BLOCK}:
                break
            seen.append(thought.rule)
            expected = {
                Rule.CORNER: corner_cells(geometry),
                Rule.CENTRE: central_cells(geometry),
                Rule.SIDE: edge_cells(geometry),
            }.get(thought.rule)
            if expected is not None:
                assert thought.move in expected
                assert set(thought.candidates) == set(expected) & set(board.legal_moves())
            board = board.play(thought.move)
        assert seen[:2] == [Rule.CORNER, Rule.CORNER]


class TestUtility:
    def test_a_window_of_k_is_rated_as_a_line_of_three(self) -> None:
        assert window_utility(0, 0, 5) == 0
        assert window_utility(3, 2, 5) == -10
        assert window_utility(3, 1, 5) == 8
        board = position("7,7,5", ["a1", "b1", "a2"])
        column = (14, 21, 28, 35, 42)  # a5 down to a1
        assert column in board.geometry.lines
        assert line_utility(board, column, Mark.X) == 6
        assert line_utility(board, column, Mark.O) == -2

    def test_a_cell_sums_the_windows_through_it_and_the_player_takes_the_best(self) -> None:
        board = position("7,7,5", ["d4", "a7", "d5"])
        geometry = board.geometry
        utilities = space_utilities(board, Mark.O)
        for cell in (0, 10, 24 - 7 * 2):
            if cell in utilities:
                expected = sum(
                    line_utility(board, geometry.lines[index], Mark.O)
                    for index in geometry.lines_through[cell]
                )
                assert utilities[cell] == expected
        thought = player("utility").think(board)
        assert thought.meaning is Meaning.UTILITY
        assert thought.rule is Rule.UTILITY
        assert utilities[thought.move] == max(utilities.values())

    @pytest.mark.parametrize("rules", ["4,4,4", "15,15,5", "6,4,4,exact"])
    def test_a_cells_promise_is_its_utility_for_both_sides(self, rules: str) -> None:
        board = Board.empty(rules=Rules.parse(rules))
        rando = player("rando", 8)
        for _ in range(9):
            board = board.play(rando.choose_move(board))
            if board.is_over:
                break
            mine = space_utilities(board, board.to_move)
            theirs = space_utilities(board, board.to_move.opponent)
            worth = promise(board, board.legal_moves())
            assert worth == {cell: mine[cell] + theirs[cell] for cell in board.legal_moves()}

    @pytest.mark.parametrize("rules", ["7,7,5", "15,15,5", "6,4,4,exact"])
    def test_the_balance_is_kept_move_by_move(self, rules: str) -> None:
        board = Board.empty(rules=Rules.parse(rules))
        rando = player("rando", 5)
        for _ in range(12):
            move = rando.choose_move(board)
            before = position_utility(board, board.to_move)
            after = board.play(move)
            assert position_utility(after, board.to_move) == before + utility_change(board, move)
            board = after


class TestStrategist:
    def test_forks_with_two_threats_at_once(self) -> None:
        # X has an open three c4 d4 e4; b4 or f4 makes two cells that would each win.
        board = position("7,7,5", ["c4", "a7", "d4", "g7", "e4", "a1"])
        thought = player("strategist").think(board)
        assert thought.rule is Rule.FORK
        assert board.geometry.names(thought.candidates) == "b4 f4"
        assert len(completing_cells(board.play(thought.move), Mark.X)) >= 2
        assert thought.rule_lines and all(thought.move in line for line in thought.rule_lines)
        assert all(len(line) == 5 for line in thought.rule_lines)

    def test_blocks_a_fork(self) -> None:
        board = position("7,7,5", ["c4", "a7", "d4", "g7", "e4"])
        thought = player("strategist").think(board)
        assert thought.rule is Rule.BLOCK_FORK
        assert board.geometry.names(thought.rule_cells) == "b4 f4"
        after = board.play(thought.move)
        forks = grid_fork_cells(after.geometry, after.x_bits, after.o_bits)
        assert not forks or completing_cells(after, Mark.O)

    def test_centre_then_opposite_corner_on_a_rectangle(self) -> None:
        strategist = player("strategist")
        opening = strategist.think(Board.empty(rules=Rules.parse("6,4,4")))
        assert opening.rule is Rule.CENTRE
        assert Rules.parse("6,4,4").geometry.names(opening.candidates) == "c3 d3 c2 d2"
        board = position("6,4,4", ["a4", "c3", "d3", "d2", "c2"])
        thought = strategist.think(board)
        assert thought.rule is Rule.OPPOSITE_CORNER
        assert board.name(thought.move) == "f1"
        board = position("6,4,4", ["c3", "a4"])
        assert board.name(strategist.think(board).move) in {"d3", "c2", "d2"}


class TestRalph:
    def test_tallies_a_win_two_moves_away_on_a_big_board(self) -> None:
        # X: c3 d3 e3 (open); O far off. X's f3 or b3 makes four with two ends: tallied.
        board = position("9,9,5", ["c3", "i9", "d3", "i8", "e3", "a9"])
        thought = player("ralph").think(board)
        assert thought.rule is Rule.TALLY and thought.meaning is Meaning.RALPH
        assert thought.depth == 3
        assert board.name(thought.move) in {"a3", "b3", "f3", "g3"}
        tallied = {score.cell for score in thought.scores}
        assert tallied == set(cells_near_stones(board))

    def test_stop_is_honoured(self) -> None:
        board = position("15,15,5", ["h8", "h9", "i9", "g7", "j10", "k11", "i8", "i10"])
        asked = []

        def stop() -> bool:
            asked.append(True)
            return True

        with pytest.raises(SearchStopped):
            player("ralph", depth=4).think(board, stop=stop)
        assert len(asked) == 1

    def test_depth_is_chosen_by_board_and_may_be_set(self) -> None:
        assert player("ralph").think(Board.empty(rules=Rules.parse("15,15,5"))).depth == 3
        assert player("ralph").think(Board.empty(rules=Rules.parse("4,4,4"))).depth == 4
        assert player("ralph", depth=2).think(Board.empty(rules=Rules.parse("7,7,5"))).depth == 2
        with pytest.raises(ValueError, match="1-9"):
            create_player("ralph", depth=0)


POSITIONS = (
    ("7,7,5", ["d4", "c3", "d5", "e5"]),
    ("7,7,5", ["d4", "d5", "e4", "c4", "e5"]),
    ("15,15,5", ["h8", "h9", "i9", "g7", "j10"]),
    ("6,4,4,exact", ["c2", "d3", "c3"]),
    ("4,4,4", ["b2", "c3"]),
)


class TestDepthLimitedSearch:
    @pytest.mark.parametrize(("rules", "moves"), POSITIONS)
    @pytest.mark.parametrize("depth", [1, 2, 3])
    def test_alphabeta_finds_minimax_value_with_fewer_nodes(
        self, rules: str, moves: list[str], depth: int
    ) -> None:
        board = position(rules, moves)
        minimax = player("minimax", depth=depth).think(board)
        alphabeta = player("alphabeta", depth=depth).think(board)
        minimax_value = max(score.value for score in minimax.scores)
        values = {score.cell: score.value for score in minimax.scores}
        assert {score.cell for score in alphabeta.scores} == set(values)
        best = alphabeta.score_of(alphabeta.move)
        assert best is not None and best.bound is Bound.EXACT
        assert best.value == minimax_value == values[alphabeta.move]
        assert minimax.move in minimax.candidates
        assert values[minimax.move] == minimax_value
        for score in alphabeta.scores:
            if score.bound is Bound.EXACT:
                assert score.value == values[score.cell]
            else:
                assert values[score.cell] <= score.value
        assert minimax.meaning is alphabeta.meaning is Meaning.EVALUATION
        assert minimax.depth == alphabeta.depth == depth
        assert minimax.cutoffs == 0
        if depth > 1:
            assert alphabeta.nodes < minimax.nodes
            assert alphabeta.cutoffs > 0
        assert alphabeta.line[0] == alphabeta.move and len(alphabeta.line) <= depth

    def test_a_forced_win_is_found_and_its_plies_given(self) -> None:
        # X has an open three on row 4 of 9,9,5 and O has nothing: X wins in 3 plies.
        board = position("9,9,5", ["c4", "a9", "d4", "i9", "e4", "i1"])
        thought = player("alphabeta", depth=3).think(board)
        best = thought.score_of(thought.move)
        assert best is not None and best.value > WIN_SCORE and best.plies == 3
        assert board.name(thought.move) in {"b4", "f4"}

    def test_default_depths_by_board(self) -> None:
        gomoku = Rules.parse("15,15,5")
        assert default_depth("minimax", gomoku) == 2
        assert default_depth("alphabeta", gomoku) == 3
        assert default_depth("alphabeta", Rules.parse("4,4,4")) == 6
        thought = create_player("alphabeta", seed=1).think(position("15,15,5", ["h8"]))
        assert thought.depth == 3 and thought.nodes > 0 and thought.cutoffs > 0

    def test_search_looks_next_to_the_stones_on_big_boards(self) -> None:
        board = position("15,15,5", ["h8", "h9"])
        assert set(search_cells(board)) == set(cells_near_stones(board))
        assert len(search_cells(board)) == 10
        small = position("4,4,4", ["b2"])
        assert search_cells(small) == small.legal_moves()

    @pytest.mark.parametrize("kind", ["minimax", "alphabeta"])
    def test_stop_is_honoured(self, kind: str) -> None:
        board = position("15,15,5", ["h8", "h9", "i9", "g7"])
        asked = []

        def stop() -> bool:
            asked.append(True)
            return True

        with pytest.raises(SearchStopped):
            create_player(kind, seed=1, depth=4).think(board, stop=stop)
        assert len(asked) == 1

    @pytest.mark.parametrize("kind", ["minimax", "alphabeta"])
    def test_a_time_budget_answers_from_the_deepest_search_finished(self, kind: str) -> None:
        board = position("15,15,5", ["h8", "h9", "i9", "g7", "j10", "k11"])
        searcher = create_player(kind, seed=1, depth=8)
        searcher.budget_ms = 60
        thought = searcher.think(board)
        assert 1 <= thought.depth < 8  # depth 8 would take hours
        assert thought.move in search_cells(board)
        quick = create_player(kind, seed=1, depth=thought.depth).think(board)
        best = thought.score_of(thought.move)
        assert best is not None
        assert best.value == max(score.value for score in quick.scores)

    @pytest.mark.parametrize("kind", ["minimax", "alphabeta"])
    def test_stop_is_honoured_under_a_time_budget(self, kind: str) -> None:
        searcher = create_player(kind, seed=1, depth=6)
        searcher.budget_ms = 10_000
        board = position("15,15,5", ["h8", "h9", "i9", "g7"])
        with pytest.raises(SearchStopped):
            searcher.think(board, stop=lambda: True)

    def test_the_search_counts_what_it_visits(self) -> None:
        board = position("7,7,5", ["d4"])
        search = LimitedSearch(board, pruning=False)
        node = (board, position_utility(board, Mark.O))
        value = search.core.search(node, 1, -BEYOND_ANY_SCORE, BEYOND_ANY_SCORE, 0)
        # The position itself, then each of its moves scored without being played.
        assert search.nodes == 1 + len(search_cells(board)) == 9
        line = search.core.lines[0]
        assert len(line) == 1 and line[0] in search_cells(board) and isinstance(value, int)

    def test_a_bad_depth_is_refused_clearly(self) -> None:
        with pytest.raises(ValueError, match="1-20"):
            create_player("minimax", depth=0)
        with pytest.raises(ValueError, match="1-20"):
            create_player("alphabeta", depth="3")

    def test_tic_tac_toe_searches_to_the_end_unless_given_a_depth(self) -> None:
        board = Board.empty()
        assert player("alphabeta", depth=None).think(board).meaning is Meaning.ALPHABETA
        limited = create_player("alphabeta", seed=1, depth=2).think(board)
        assert limited.meaning is Meaning.EVALUATION and limited.depth == 2
