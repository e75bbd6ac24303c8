"""The roster and every player, over every reachable position (X or O moving first)."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable

import pytest
from helpers.reference_game import (
    after,
    completing,
    empty_cells,
    optimal_moves,
    other,
    playable_positions,
    winner_of,
)

from ttt_desktop.analysis import best_moves, reachable_boards
from ttt_desktop.core import (
    Board,
    GameOverError,
    IllegalMoveError,
    Mark,
    OccupiedCellError,
    OffBoardError,
)
from ttt_desktop.core.rules import GOMOKU, TIC_TAC_TOE
from ttt_desktop.players import (
    HUMAN_KIND,
    KINDS,
    Player,
    PlayerInfo,
    UnknownPlayerError,
    create_player,
    player_class,
    player_info,
    roster,
)
from ttt_desktop.players.ladder import proven_unbeaten
from ttt_desktop.players.perfect import (
    PERFECT_TABLE_PATH,
    TABLE_TITLE,
    best_move_table,
    check_table,
    compute_tables,
    decode_table,
    table_bytes,
)
from ttt_desktop.players.ralph import RalphPlayer
from ttt_desktop.players.simple import ScriptExhaustedError, SequencePlayer
from ttt_desktop.players.utility import space_utilities

EXPECTED_KINDS = {
    "rando",
    "levi",
    "ralph",
    "humiston",
    "utility",
    "strategist",
    "minimax",
    "alphabeta",
    "perfect",
    "learner",
    "ntuple",
    "sequence",
    "monty",
    "searcher",
    "strongest",
}
# Players that choose by themselves (Sequence follows a script). MiniMax is left out of the
# walks over every position (seconds per search near the root) and checked on its own.
THINKING_KINDS = tuple(kind for kind in KINDS if kind not in ("sequence", "minimax"))
# AlphaBeta is checked everywhere against the optimal moves, which are legal ones.
UNCHECKED_KINDS = tuple(kind for kind in THINKING_KINDS if kind != "alphabeta")
# Players whose tie-breaks are a single draw from the player's generator per move.
SINGLE_DRAW_KINDS = ("rando", "levi", "ralph", "humiston", "utility", "strategist", "perfect")

PLAYABLE = [
    (Board.from_string(cells, mover), cells, mover) for (cells, mover), _ in playable_positions()
]


def every_choice(player: Player, board: Board) -> set[int]:
    """All the moves ``player`` may make on ``board``, whatever its generator draws.

    Valid for players that draw at most once per move (SINGLE_DRAW_KINDS): a
    draw ``u`` picks index ``int(u * n)`` among ``n`` equal moves, so nine draws
    spread over [0, 1) reach every index for every ``n`` up to 9. A move made
    without drawing is the only one the player can make.
    """
    original = player._random
    found = set()
    draws = 0
    try:
        for step in range(9):

            def draw(value: float = (step + 0.5) / 9) -> float:
                nonlocal draws
                draws += 1
                return value

            player._random = draw  # type: ignore[method-assign]
            found.add(player.choose_move(board))
            if draws == 0:
                break
    finally:
        player._random = original  # type: ignore[method-assign]
    return found


def play_game(x: Player, o: Player, board: Board) -> tuple[int, ...]:
    moves = []
    players = {Mark.X: x, Mark.O: o}
    while not board.is_over:
        cell = players[board.to_move].choose_move(board)
        moves.append(cell)
        board = board.play(cell)
    return tuple(moves)


class TestRoster:
    def test_every_kind_is_listed_once(self) -> None:
        assert set(KINDS) == EXPECTED_KINDS
        assert len(KINDS) == len(EXPECTED_KINDS)
        assert tuple(info.kind for info in roster()) == KINDS
        assert HUMAN_KIND == "human"
        assert HUMAN_KIND not in KINDS

    def test_entries_are_complete_and_in_ascending_strength(self) -> None:
        strengths = [info.strength for info in roster()]
        assert strengths == sorted(strengths)
        assert strengths[0] == 1 and strengths[-1] == 5
        names = [info.name for info in roster()]
        assert len(set(names)) == len(names)
        for info in roster():
            assert isinstance(info, PlayerInfo)
            assert 1 <= info.strength <= 5
            assert info.name and info.source
            assert info.description and "\n" not in info.description
            assert player_info(info.kind) is info
        assert player_info("perfect").name == "Perfect"
        assert player_info("perfect").strength == 5
        assert player_info("learner").name == "Learner"

    def test_player_info_is_frozen(self) -> None:
        with pytest.raises(dataclasses.FrozenInstanceError):
            player_info("rando").name = "Randy"  # type: ignore[misc]

    @pytest.mark.parametrize("kind", sorted(EXPECTED_KINDS))
    def test_each_kind_creates_its_player(self, kind: str) -> None:
        cls = player_class(kind)
        assert issubclass(cls, Player)
        assert cls.kind == kind
        player = create_player(kind, seed=11)
        assert type(player) is cls
        assert (player.kind, player.seed, player.name) == (kind, 11, player_info(kind).name)

    @pytest.mark.parametrize("kind", ["human", "Perfect", "", "random", "minmax"])
    def test_unknown_kinds_name_the_valid_ones(self, kind: str) -> None:
        for attempt in (create_player, player_info, player_class):
            with pytest.raises(UnknownPlayerError) as caught:
                attempt(kind)
            message = str(caught.value)
            assert repr(kind) in message
            assert all(valid in message for valid in KINDS)
        assert issubclass(UnknownPlayerError, ValueError)

    def test_seeds(self) -> None:
        fresh = [create_player("rando") for _ in range(5)]
        assert all(type(player.seed) is int for player in fresh)
        assert len({player.seed for player in fresh}) == 5
        with pytest.raises(TypeError, match="a seed is an int"):
            create_player("rando", seed="7")  # type: ignore[arg-type]

    def test_unknown_options_are_refused(self) -> None:
        with pytest.raises(TypeError):
            create_player("perfect", depth=3)


class TestEveryPosition:
    @pytest.mark.slow
    @pytest.mark.parametrize("kind", UNCHECKED_KINDS)
    def test_always_a_legal_move(self, kind: str) -> None:
        player = create_player(kind, seed=5)
        for board, _, _ in PLAYABLE:
            assert player.choose_move(board) in board.legal_moves()

    @pytest.mark.parametrize("kind", SINGLE_DRAW_KINDS)
    def test_every_possible_choice_is_legal(self, kind: str) -> None:
        player = create_player(kind, seed=5)
        for board, _, _ in PLAYABLE:
            assert every_choice(player, board) <= set(board.legal_moves())

    @pytest.mark.parametrize("kind", ["levi", "ralph", "humiston", "utility", "strategist"])
    def test_wins_at_once_else_blocks_a_single_threat(self, kind: str) -> None:
        player = create_player(kind, seed=5)
        for board, cells, mover in PLAYABLE:
            wins = completing(cells, mover)
            threats = completing(cells, other(mover))
            if wins:
                assert every_choice(player, board) <= wins, (cells, mover)
            elif len(threats) == 1:
                assert every_choice(player, board) == threats, (cells, mover)

    def test_perfect_chooses_exactly_the_optimal_moves(self) -> None:
        player = create_player("perfect", seed=5)
        for board, cells, mover in PLAYABLE:
            assert every_choice(player, board) == optimal_moves(cells, mover), (cells, mover)

    def test_rando_can_choose_every_free_cell(self) -> None:
        player = create_player("rando", seed=5)
        for board, _, _ in PLAYABLE:
            assert every_choice(player, board) == set(board.legal_moves())

    def test_humiston_prefers_corners_then_centre_then_sides(self) -> None:
        player = create_player("humiston", seed=5)
        for board, cells, mover in PLAYABLE:
            if completing(cells, mover) or completing(cells, other(mover)):
                continue
            free = set(empty_cells(cells))
            expected = free & {0, 2, 6, 8} or free & {4} or free
            assert every_choice(player, board) == expected

    def test_alphabeta_chooses_optimal_moves(self) -> None:
        player = create_player("alphabeta", seed=5)
        for board, cells, mover in PLAYABLE:
            assert player.choose_move(board) in optimal_moves(cells, mover), (cells, mover)

    def test_minimax_weighs_moves_exactly_like_the_solver(self) -> None:
        """Its candidates are the solver's best moves, from ply 2 on and on the empty board."""
        player = create_player("minimax", seed=5)
        offered: list[tuple[int, ...]] = []
        original_pick = player.pick

        def recording_pick(cells: tuple[int, ...]) -> int:
            offered.append(tuple(cells))
            return original_pick(cells)

        player.pick = recording_pick  # type: ignore[method-assign]
        boards = [board for board, _, _ in PLAYABLE if board.ply >= 2]
        boards.append(Board.empty(Mark.X))
        for board in boards:
            offered.clear()
            move = player.choose_move(board)
            assert offered == [best_moves(board)]
            assert move in best_moves(board)


class TestNeverLoses:
    """Walk every line an opponent can choose, against every move the player may make."""

    @staticmethod
    def losing_line(
        choices: Callable[[Board], set[int]], me: Mark, start: Board
    ) -> tuple[int, ...] | None:
        outcome: dict[Board, tuple[int, ...] | None] = {}

        def first_loss(board: Board) -> tuple[int, ...] | None:
            if board in outcome:
                return outcome[board]
            found: tuple[int, ...] | None = None
            if board.is_over:
                found = () if board.winner is me.opponent else None
            else:
                moves = choices(board) if board.to_move is me else set(board.legal_moves())
                for cell in sorted(moves):
                    rest = first_loss(board.play(cell))
                    if rest is not None:
                        found = (cell, *rest)
                        break
            outcome[board] = found
            return found

        return first_loss(start)

    @pytest.mark.parametrize("kind", ["perfect", "strategist"])
    @pytest.mark.parametrize("me", [Mark.X, Mark.O])
    @pytest.mark.parametrize("first", [Mark.X, Mark.O])
    def test_every_choice_never_loses(self, kind: str, me: Mark, first: Mark) -> None:
        player = create_player(kind, seed=1)
        line = self.losing_line(lambda board: every_choice(player, board), me, Board.empty(first))
        assert line is None, f"{kind} as {me} loses after {line}"

    @pytest.mark.parametrize("me", [Mark.X, Mark.O])
    @pytest.mark.parametrize("first", [Mark.X, Mark.O])
    def test_alphabeta_never_loses(self, me: Mark, first: Mark) -> None:
        players = [create_player("alphabeta", seed=seed) for seed in range(3)]
        line = self.losing_line(
            lambda board: {player.choose_move(board) for player in players}, me, Board.empty(first)
        )
        assert line is None, f"alphabeta as {me} loses after {line}"

    @pytest.mark.parametrize("me", [Mark.X, Mark.O])
    @pytest.mark.parametrize("first", [Mark.X, Mark.O])
    def test_minimax_never_loses(self, me: Mark, first: Mark) -> None:
        player = create_player("minimax", seed=3)
        line = self.losing_line(lambda board: {player.choose_move(board)}, me, Board.empty(first))
        assert line is None, f"minimax as {me} loses after {line}"

    @pytest.mark.parametrize("kind", ["searcher", "strongest"])
    @pytest.mark.parametrize("me", [Mark.X, Mark.O])
    @pytest.mark.parametrize("first", [Mark.X, Mark.O])
    def test_searcher_and_strongest_never_lose(self, kind: str, me: Mark, first: Mark) -> None:
        players = [create_player(kind, seed=seed) for seed in range(3)]
        line = self.losing_line(
            lambda board: {player.choose_move(board) for player in players}, me, Board.empty(first)
        )
        assert line is None, f"{kind} as {me} loses after {line}"

    def test_the_kinds_said_never_to_lose_on_tic_tac_toe_are_the_kinds_walked(self) -> None:
        # The window groups these under "Unbeatable: never loses" (players.ladder): each is
        # walked above, and no other kind is said to be.
        walked = {"perfect", "strategist", "alphabeta", "minimax", "searcher", "strongest"}
        said = {kind for kind in KINDS if proven_unbeaten(kind, TIC_TAC_TOE)}
        assert said == walked
        assert {kind for kind in KINDS if proven_unbeaten(kind, GOMOKU)} == set()

    @pytest.mark.parametrize("kind", ["rando", "levi", "humiston"])
    def test_weaker_players_can_lose(self, kind: str) -> None:
        # The walk does find losses when there are some: it is not vacuous.
        player = create_player(kind, seed=1)
        line = self.losing_line(
            lambda board: every_choice(player, board), Mark.O, Board.empty(Mark.X)
        )
        assert line is not None
        assert Board.empty(Mark.X).play_all(line).winner is Mark.X


class TestRepeatability:
    @pytest.mark.parametrize("kind", (*THINKING_KINDS, "minimax"))
    def test_same_seed_same_games(self, kind: str) -> None:
        # Rando opens, so every player (MiniMax too) thinks from ply 1 on: quick enough.
        start = Board.empty(Mark.O)
        games = [
            play_game(create_player(kind, seed=seed), create_player("rando", seed=seed), start)
            for seed in (1, 2, 1, 2)
        ]
        assert games[0] == games[2]
        assert games[1] == games[3]
        unseeded = create_player(kind)
        opponent = create_player("rando")
        game = play_game(unseeded, opponent, start)
        again = play_game(
            create_player(kind, seed=unseeded.seed),
            create_player("rando", seed=opponent.seed),
            start,
        )
        assert game == again

    def test_players_think_safely_in_parallel(self) -> None:
        boards = [board for board, _, _ in PLAYABLE if board.ply >= 3][::7]
        kinds = ("perfect", "alphabeta", "ralph", "strategist", "utility")

        def answers(kind: str) -> list[int]:
            player = create_player(kind, seed=9)
            return [player.choose_move(board) for board in boards]

        expected = {kind: answers(kind) for kind in kinds}
        results: dict[str, list[int]] = {}

        def work(kind: str) -> None:
            results[kind] = answers(kind)

        threads = [threading.Thread(target=work, args=(kind,)) for kind in kinds]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert results == expected


FINISHED_BOARDS = (
    Board.from_string("XXXOO...."),
    Board.from_string("OOOXX.X..", "X"),
    Board.from_string("XOXXOOOXX"),
)


class TestFinishedGames:
    @pytest.mark.parametrize("kind", sorted(EXPECTED_KINDS))
    def test_no_move_once_the_game_is_over(self, kind: str) -> None:
        player = create_player(kind, seed=1)
        for board in FINISHED_BOARDS:
            with pytest.raises(GameOverError, match="the game is over"):
                player.choose_move(board)


class TestSequence:
    def test_plays_its_script_in_order(self) -> None:
        x = create_player("sequence", moves=[4, 0, 8], seed=1)
        o = create_player("sequence", moves=[1, 2, 6], seed=1)
        assert play_game(x, o, Board.empty()) == (4, 1, 0, 2, 8)
        # O moving first: O's script starts at O's first mark.
        assert play_game(x, o, Board.empty(Mark.O)) == (1, 4, 2, 0, 6, 8)

    def test_keeps_no_state_between_calls(self) -> None:
        player = SequencePlayer(moves=[4, 0], seed=1)
        board = Board.empty().play_all([4, 8])
        assert [player.choose_move(board) for _ in range(3)] == [0, 0, 0]
        assert player.choose_move(Board.empty()) == 4

    def test_joins_a_game_in_progress(self) -> None:
        # Marks of its own that are not in the script are simply there.
        player = SequencePlayer(moves=[2, 8], seed=1)
        assert player.choose_move(Board.from_string("XX.OO....")) == 2
        assert player.choose_move(Board.from_string("X.XOO....")) == 8

    def test_a_taken_scripted_cell_is_an_error(self) -> None:
        player = create_player("sequence", moves=[4, 0], seed=1)
        board = Board.empty().play_all([4, 0])
        with pytest.raises(OccupiedCellError, match=r"scripted move 2 for X, cell 7 .* taken by O"):
            player.choose_move(board)

    def test_running_out_is_an_error(self) -> None:
        player = create_player("sequence", moves=[4], seed=1)
        with pytest.raises(ScriptExhaustedError, match="has 1 moves and all have been played"):
            player.choose_move(Board.empty().play_all([4, 0]))
        assert issubclass(ScriptExhaustedError, IllegalMoveError)
        with pytest.raises(ScriptExhaustedError):
            create_player("sequence", seed=1).choose_move(Board.empty())

    @pytest.mark.parametrize("bad", [400, -1, "4", 4.0, True])
    def test_scripts_hold_cells_only(self, bad: object) -> None:
        with pytest.raises(OffBoardError, match="a scripted move must be a cell 0-8"):
            create_player("sequence", moves=[4, bad])

    def test_a_cell_off_the_board_played_is_an_error(self) -> None:
        # A script may name cells of a bigger board; on tic-tac-toe cell 9 is off the board.
        player = create_player("sequence", moves=[9], seed=1)
        with pytest.raises(OffBoardError, match=r"move 1 for X, 9, is not a cell of 3,3,3"):
            player.choose_move(Board.empty())


class TestRalph:
    @staticmethod
    def source_tallies(cells: str, mover: str, depth: int) -> list[int]:
        """The source's recursion, walked move sequence by move sequence (marks alternating)."""
        scores = [0] * 9

        def recur(work: str, to_play: str, level: int, last: int) -> None:
            if level > depth + 1:
                return
            winner = winner_of(work)
            if winner == mover:
                scores[last] += 10 - level
            elif winner == other(mover):
                scores[last] -= 10 - level
            else:
                for cell in empty_cells(work):
                    recur(after(work, cell, to_play), other(to_play), level + 1, cell)

        recur(cells, mover, 1, -1)
        return scores

    def test_tallies_match_the_source_walk(self) -> None:
        # The source's walk is slow near the root, so at the default depth: every position
        # from ply 5 on, and the empty board; at depth 2 every position (the memo is the
        # same code whatever the depth).
        player = RalphPlayer(seed=1)
        for board, cells, mover in PLAYABLE:
            if board.ply >= 5:
                assert list(player.tallies(board)) == self.source_tallies(cells, mover, 5)
        empty = Board.empty()
        assert list(player.tallies(empty)) == self.source_tallies(empty.cells, "X", 5)
        shallow = RalphPlayer(seed=1, depth=2)
        for board, cells, mover in PLAYABLE:
            assert list(shallow.tallies(board)) == self.source_tallies(cells, mover, 2)

    def test_takes_the_largest_tally_in_absolute_value(self) -> None:
        player = RalphPlayer(seed=1)
        for board, cells, mover in PLAYABLE:
            if completing(cells, mover) or completing(cells, other(mover)):
                continue
            scores = player.tallies(board)
            target = max(abs(scores[cell]) for cell in board.legal_moves())
            expected = {cell for cell in board.legal_moves() if abs(scores[cell]) == target}
            assert every_choice(player, board) == expected

    @pytest.mark.parametrize("depth", [0, 10, "5", 2.0])
    def test_depth_is_checked(self, depth: object) -> None:
        with pytest.raises(ValueError, match="Ralph's depth"):
            create_player("ralph", depth=depth)

    def test_depth_changes_his_mind(self) -> None:
        board = Board.empty()
        assert RalphPlayer(seed=1, depth=1).tallies(board) == (0,) * 9
        assert RalphPlayer(seed=1, depth=5).tallies(board) != (0,) * 9


class TestUtility:
    def test_space_utilities_by_hand(self) -> None:
        # X . .   X to move. A cell's utility sums its lines: 3 per X minus 1 per O on
        # . O .   each line that is neither empty nor full. Cell 1: top row 3, middle
        # . . .   column -1. Cell 5: middle row -1, right column 0.
        board = Board.from_string("X...O....", "X")
        assert space_utilities(board, Mark.X) == {1: 2, 2: 2, 3: 2, 5: -1, 6: 2, 7: -1, 8: 2}
        assert space_utilities(board, Mark.O) == {1: 2, 2: 2, 3: 2, 5: 3, 6: 2, 7: 3, 8: 2}
        # X O X   Cell 6: bottom row empty 0, left column X O 2, diagonal X X 6. The full
        # O X O   rows (worth -10) pass through no free cell, so they never count.
        # . . .
        assert space_utilities(Board.from_string("XOXOXO...", "X"), Mark.X)[6] == 8


def test_reachable_boards_cover_the_positions_walked() -> None:
    walked = {board for board, _, _ in PLAYABLE}
    solved = {board for first in Mark for board in reachable_boards(first) if not board.is_over}
    assert walked == solved


class TestPerfectTable:
    def test_the_shipped_file_is_what_the_solver_gives(self) -> None:
        tables = compute_tables()
        with open(PERFECT_TABLE_PATH, "rb") as file:
            assert file.read() == table_bytes(tables)
        assert best_move_table() == table_bytes(tables)
        assert decode_table(table_bytes(tables)) == tables
        assert [len(table) for table in tables] == [4520, 4520]

    @pytest.mark.parametrize(
        "data",
        [
            b"",
            b"Some other file" + bytes(2 * 2 * 3**9),
            TABLE_TITLE + bytes(2 * 2 * 3**9 - 1),
            TABLE_TITLE + bytes(2 * 2 * 3**9 + 2),
        ],
    )
    def test_a_damaged_file_is_refused(self, data: bytes) -> None:
        with pytest.raises(ValueError, match=r"perfect_moves\.bin"):
            check_table(data)
