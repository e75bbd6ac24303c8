"""The learner: its shipped table, its play against perfect and random players, its training."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from ttt_desktop.analysis import reachable_boards
from ttt_desktop.core import Board, GameOverError, Mark
from ttt_desktop.lab.match import play_match
from ttt_desktop.players import create_player
from ttt_desktop.players.learner import (
    SHIPPED_TABLE_PATH,
    TABLE_FORMAT,
    TABLE_VERSION,
    LearnerPlayer,
    LearnerTable,
    TableFormatError,
    TrainingSettings,
    fallback_moves,
    losing_lines_against_perfect,
    loss_rate_against_perfect,
    position_key,
    results_against_random,
    shipped_table,
    train,
)

MARKS = (Mark.X, Mark.O)


def non_terminal_boards() -> list[Board]:
    return [board for first in MARKS for board in reachable_boards(first) if not board.is_over]


class TestShippedTable:
    def test_is_versioned_json(self) -> None:
        document = json.loads(gzip.decompress(SHIPPED_TABLE_PATH.read_bytes()))
        assert document["format"] == TABLE_FORMAT
        assert document["version"] == TABLE_VERSION
        assert document["training"]["episodes"] > 0

    def test_keys_are_exactly_the_reachable_positions_with_x_to_move(self) -> None:
        table = shipped_table()
        for key in table.values:
            board = Board.from_string(key, to_move=Mark.X)  # raises if no game reaches it
            assert not board.is_over
        expected = {position_key(board) for board in non_terminal_boards()}
        assert set(table.values) == expected
        assert len(table) == 4520  # every non-terminal position of a game X starts

    def test_rows_value_exactly_the_free_cells(self) -> None:
        for key, row in shipped_table().values.items():
            assert len(row) == 9
            for cell, value in enumerate(row):
                if key[cell] == ".":
                    assert value is not None
                    assert -1.0 <= value <= 1.0
                else:
                    assert value is None

    def test_round_trips_through_its_file_form(self, tmp_path: Path) -> None:
        path = tmp_path / "copy.json"
        shipped_table().save(path)
        again = LearnerTable.load(path)
        assert again.values == shipped_table().values
        assert again.training == shipped_table().training


class TestAgainstPerfect:
    @pytest.mark.parametrize("first", MARKS)
    @pytest.mark.parametrize("learner", MARKS)
    def test_no_line_of_play_loses(self, learner: Mark, first: Mark) -> None:
        # Every tie-break of both sides: the learner's equal-best moves and all optimal replies.
        losing = list(losing_lines_against_perfect(shipped_table(), learner, first=first))
        assert losing == []
        assert loss_rate_against_perfect(shipped_table(), learner, first=first) == 0.0

    @pytest.mark.parametrize("learner", MARKS)
    def test_real_players_draw_over_many_seeds(self, learner: Mark) -> None:
        learner_player = create_player("learner", seed=11)
        perfect_player = create_player("perfect", seed=12)
        if learner is Mark.X:
            result = play_match(learner_player, perfect_player, 400, start="alternate")
        else:
            result = play_match(perfect_player, learner_player, 400, start="alternate")
        assert result.draws == 400


class TestAgainstRandom:
    def test_wins_at_least_nine_in_ten_as_x(self) -> None:
        learner = create_player("learner", seed=2021)
        rando = create_player("rando", seed=2022)
        result = play_match(learner, rando, 10_000, start="x")
        assert result.o.wins == 0
        assert result.x.wins >= 9_000
        assert results_against_random(shipped_table(), 10_000, seed=5)[0] >= 9_000


class TestLearnerPlayer:
    def test_is_made_by_the_registry(self) -> None:
        player = create_player("learner", seed=3)
        assert isinstance(player, LearnerPlayer)
        assert player.kind == "learner"
        assert player.name == "Learner"
        assert player.seed == 3

    def test_plays_a_legal_best_valued_move_everywhere(self) -> None:
        player = create_player("learner", seed=4)
        table = shipped_table()
        for board in non_terminal_boards():
            move = player.choose_move(board)
            assert move in board.legal_moves()
            values = table.move_values(board)
            assert values is not None
            assert values[move] == max(values.values())

    def test_same_seed_same_games(self) -> None:
        def moves(seed: int) -> list[int]:
            first, second = create_player("learner", seed=seed), create_player("rando", seed=1)
            board, played = Board.empty(), []
            while not board.is_over:
                player = first if board.to_move is Mark.X else second
                played.append(player.choose_move(board))
                board = board.play(played[-1])
            return played

        assert [moves(7) for _ in range(3)] == [moves(7)] * 3

    def test_takes_the_win_rather_than_anything_else(self) -> None:
        player = create_player("learner", seed=5)
        assert player.choose_move(Board.from_string("XX.OO....")) == 2
        assert player.choose_move(Board.from_string("XX.OO....", to_move="O")) == 5

    def test_a_finished_game_has_no_move(self) -> None:
        with pytest.raises(GameOverError):
            create_player("learner", seed=6).choose_move(Board.from_string("XXXOO...."))

    def test_loads_a_table_from_a_path(self, tmp_path: Path) -> None:
        path = tmp_path / "table.json"
        LearnerTable({}, {"episodes": 0}).save(path)
        player = create_player("learner", seed=1, table=path)
        assert isinstance(player, LearnerPlayer)
        assert len(player.table) == 0


class TestUnknownPositions:
    """With an empty table every move comes from the fallback rules."""

    @pytest.fixture
    def player(self) -> LearnerPlayer:
        return LearnerPlayer(seed=1, table=LearnerTable({}))

    def test_wins_blocks_then_centre_corner_side(self, player: LearnerPlayer) -> None:
        assert player.choose_move(Board.from_string("XX.OO....")) == 2
        assert player.choose_move(Board.from_string("OO.X.....")) == 2
        assert player.choose_move(Board.empty()) == 4
        assert player.choose_move(Board.from_string("....X....")) in (0, 2, 6, 8)
        corners_taken = Board.from_string("XOX.X.OXO", to_move="O")
        assert fallback_moves(corners_taken) == (3, 5)

    def test_plays_legally_everywhere(self, player: LearnerPlayer) -> None:
        for board in non_terminal_boards():
            assert player.choose_move(board) in board.legal_moves()


class TestTableFile:
    def good_document(self) -> dict[str, object]:
        return {
            "format": TABLE_FORMAT,
            "version": TABLE_VERSION,
            "values": {"X...O....": [None, 0.5, 0, 0, None, 0, 0, 0, -1]},
        }

    def test_reads_a_good_document(self) -> None:
        table = LearnerTable.from_json(self.good_document())
        values = table.move_values(Board.from_string("X...O....", to_move="X"))
        assert values == {1: 0.5, 2: 0.0, 3: 0.0, 5: 0.0, 6: 0.0, 7: 0.0, 8: -1.0}

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"format": "something else"}, "not a learner table"),
            ({"version": 99}, "version 99"),
            ({"values": []}, "'values' object"),
            ({"values": {"X..": [None] * 9}}, "not a position"),
            ({"values": {"X...O....": [None] * 8}}, "nine entries"),
            ({"values": {"X...O....": [0.0] + [0.0] * 8}}, "occupied cell 0"),
            ({"values": {"X...O....": [None, 2.0, 0, 0, None, 0, 0, 0, 0]}}, "cell 1"),
            ({"values": {"X...O....": [None, True, 0, 0, None, 0, 0, 0, 0]}}, "cell 1"),
        ],
    )
    def test_rejects_a_bad_document(self, change: dict[str, object], message: str) -> None:
        with pytest.raises(TableFormatError, match=message):
            LearnerTable.from_json({**self.good_document(), **change})

    def test_rejects_a_file_that_is_not_json(self, tmp_path: Path) -> None:
        path = tmp_path / "broken.json"
        path.write_text("{ not json")
        with pytest.raises(TableFormatError, match="not valid JSON"):
            LearnerTable.load(path)


class TestTraining:
    def test_a_short_training_beats_random_play_and_is_repeatable(self) -> None:
        settings = TrainingSettings(episodes=4_000, seed=3, eval_every=2_000, eval_games=500)
        first = train(settings)
        assert [point.episodes for point in first.curve] == [0, 2_000, 4_000]
        wins, _, losses = results_against_random(first.table, 2_000, seed=9)
        # Between two random players X wins about 58% and loses about 29%.
        assert wins > 0.75 * 2_000
        assert losses < 0.2 * 2_000
        again = train(settings)
        assert again.table.values == first.table.values

    def test_rejects_settings_out_of_range(self) -> None:
        with pytest.raises(ValueError, match="alpha"):
            TrainingSettings(alpha=0)
        with pytest.raises(ValueError, match="episodes"):
            TrainingSettings(episodes=0)
        with pytest.raises(ValueError, match="epsilon"):
            TrainingSettings(epsilon=1.5)


@pytest.mark.slow
def test_the_shipped_table_is_what_the_trainer_makes_with_its_defaults() -> None:
    # The one trainer (the command line's and the Lab's) still makes the table the player
    # ships, value for value.
    assert train(TrainingSettings()).table.values == shipped_table().values


def test_a_table_saved_gzipped_reads_back_and_a_broken_one_is_refused(tmp_path: Path) -> None:
    table = shipped_table()
    target = tmp_path / "table.json.gz"
    table.save(target)
    assert target.read_bytes() == SHIPPED_TABLE_PATH.read_bytes()  # the same bytes each time
    assert LearnerTable.load(target).values == table.values
    broken = tmp_path / "broken.json.gz"
    broken.write_bytes(target.read_bytes()[:500])
    with pytest.raises(TableFormatError, match=r"broken\.json\.gz"):
        LearnerTable.load(broken)
    with pytest.raises(FileNotFoundError):
        LearnerTable.load(tmp_path / "missing.json.gz")
