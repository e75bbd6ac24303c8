"""The n-tuple learner: its windows, its values, its files, its training and its play."""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.play import play_game
from ttt_desktop.core.rules import Rules
from ttt_desktop.players import create_player
from ttt_desktop.players.boards import NETWORK_KS
from ttt_desktop.players.learner import NTUPLE, CurvePoint, settings_for, train
from ttt_desktop.players.ntuple import (
    SHIPPED_NETWORKS,
    NTupleNetwork,
    NTuplePlayer,
    pattern_classes,
    windows_of,
)
from ttt_desktop.players.ntuple_file import (
    NetworkDocument,
    NetworkFormatError,
    pattern_class_count,
    window_length,
)
from ttt_desktop.players.roster import supports


def random_network(rules: Rules, seed: int = 1) -> NTupleNetwork:
    window = window_length(rules)
    weights = np.random.default_rng(seed).normal(size=pattern_class_count(window)) * 0.2
    network = NTupleNetwork(rules, weights)
    network.weights[network.empty_class] = 0.0
    return network


def board_after(rules: Rules, moves: int, seed: int) -> Board:
    rng = random.Random(seed)
    board = Board.empty(rules=rules)
    for _ in range(moves):
        board = board.play(rng.choice(board.legal_moves()))
        if board.is_over:
            break
    return board


def direct_value(network: NTupleNetwork, board: Board, mark: Mark) -> float:
    layout = windows_of(board.rules)
    as_x, as_o = layout.codes(board)
    codes = as_x if mark is Mark.X else as_o
    return float(network.weights[layout.classes[codes]].sum())


def test_a_pattern_and_its_mirror_share_a_weight() -> None:
    classes = pattern_classes(3)
    assert int(classes.max()) + 1 == pattern_class_count(3) == (64 + 16) // 2
    # "mine, empty, theirs" (1 + 0 * 4 + 2 * 16) and its mirror (2 + 0 * 4 + 1 * 16)
    assert classes[1 + 2 * 16] == classes[2 + 1 * 16]
    assert classes[1] != classes[2]


@pytest.mark.parametrize("key", ["3,3,3", "7,6,4", "9,9,5", "5,9,5", "10,4,4"])
def test_every_line_of_k_lies_in_a_window(key: str) -> None:
    rules = Rules.parse(key)
    layout = windows_of(rules)
    windows = {tuple(int(cell) for cell in row) for row in layout.window_cells}
    board = Board.empty(rules=rules)
    for mask in board.geometry.masks:
        cells = {cell for cell in range(rules.m * rules.n) if mask >> cell & 1}
        assert any(cells <= set(window) for window in windows), sorted(cells)
    # Each window holds k + 1 cells, at most one of them off the board.
    assert all(sum(cell == layout.size for cell in window) <= 1 for window in windows)


@pytest.mark.parametrize("key", ["7,6,4", "9,9,5", "15,15,5,renju"])
def test_the_value_of_each_move_is_the_value_of_the_board_it_makes(key: str) -> None:
    rules = Rules.parse(key)
    network = random_network(rules)
    board = board_after(rules, 11, seed=3)
    player = NTuplePlayer(seed=1, network=network)
    thought = player.think(board)
    mover = board.to_move
    assert thought.scores
    for score in thought.scores:
        expected = max(-1.0, min(1.0, direct_value(network, board.play(score.cell), mover)))
        assert score.value == pytest.approx(expected, abs=1e-9)
    assert thought.move in {score.cell for score in thought.scores}
    chosen = {score.cell: score.value for score in thought.scores}[thought.move]
    assert chosen == max(score.value for score in thought.scores)  # shown within -1 and 1


def test_it_wins_when_it_can_and_blocks_when_it_must() -> None:
    rules = Rules.parse("9,9,5")
    player = NTuplePlayer(seed=2, network=random_network(rules))
    # X has four across (a1-d1 is cells 72-75); X to move wins at e1 (76).
    winning = Board.empty(rules=rules).play_all([72, 0, 73, 9, 74, 18, 75, 40])
    assert player.choose_move(winning) == 76
    # O to move must block e1.
    blocking = Board.empty(rules=rules).play_all([72, 0, 73, 9, 74, 18, 75])
    assert player.choose_move(blocking) == 76


def test_under_the_standard_rule_an_overline_is_no_win_and_needs_no_block() -> None:
    rules = Rules.parse("9,9,5,exact")
    player = NTuplePlayer(seed=2, network=random_network(rules))
    # X: a1 b1 c1 e1 f1; g... : d1 (75) would make six in a row, which does not win.
    board = Board.empty(rules=rules).play_all([72, 0, 73, 9, 74, 18, 76, 27, 77, 40])
    assert board.to_move is Mark.X
    assert board.play(75).winner is None
    assert player.think(board).scores  # decided by the network, not by a "win"


def test_files_keep_the_weights_and_damaged_ones_are_refused(tmp_path: Path) -> None:
    rules = Rules.parse("7,7,4")
    network = random_network(rules)
    network.training = {"games": 12}
    path = tmp_path / "net.json"
    network.save(path)
    again = NTupleNetwork.load(path)
    assert again.rules is rules and again.training == {"games": 12}
    assert np.allclose(again.weights, network.weights, atol=1e-5)
    document = json.loads(path.read_text(encoding="utf-8"))
    cases = {
        "format": ({**document, "format": "other"}, "not a network file"),
        "version": ({**document, "version": 9}, "version 9"),
        "rules": ({**document, "rules": "2,2,9"}, "not a board"),
        "window": ({**document, "window": 4}, "windows of 5 cells"),
        "count": ({**document, "weights": document["weights"][:-1]}, "has 544 weights"),
        "value": ({**document, "weights": ["x", *document["weights"][1:]]}, "weight 0"),
        "huge": ({**document, "weights": [1e9, *document["weights"][1:]]}, "weight 0"),
    }
    for damaged, reason in cases.values():
        with pytest.raises(NetworkFormatError, match=reason):
            NetworkDocument.from_json(damaged)
    path.write_text("{", encoding="utf-8")
    with pytest.raises(NetworkFormatError, match="not valid JSON"):
        NTupleNetwork.load(path)


def test_a_network_plays_only_boards_of_its_k() -> None:
    network = random_network(Rules.parse("9,9,5"))
    player = NTuplePlayer(seed=1, network=network)
    # Trained on 9x9, it plays 15x15: its weights do not depend on where a window is.
    board = board_after(Rules.parse("15,15,5"), 6, seed=1)
    assert player.choose_move(board) in board.legal_moves()
    with pytest.raises(ValueError, match="trained for 5 in a row"):
        player.choose_move(Board.empty(rules=Rules.parse("7,7,4")))


def test_the_shipped_networks_are_the_ones_the_roster_names() -> None:
    shipped = {
        int(path.stem.removeprefix("ntuple-k")) for path in SHIPPED_NETWORKS.glob("ntuple-k*.json")
    }
    assert shipped == set(NETWORK_KS)
    for k in NETWORK_KS:
        network = NTupleNetwork.load(SHIPPED_NETWORKS / f"ntuple-k{k}.json")
        assert network.k == k
    assert all(supports("ntuple", Rules(m, m, k)) for k in NETWORK_KS for m in (k, 9))
    assert not supports("ntuple", Rules.parse("12,12,7"))


@pytest.mark.parametrize("key", ["3,3,3", "7,7,4", "9,9,5", "15,15,5"])
def test_the_shipped_player_plays_whole_games(key: str) -> None:
    rules = Rules.parse(key)
    if rules.k not in NETWORK_KS:
        assert not supports("ntuple", rules)
        return
    learner = create_player("ntuple", seed=3)
    game = play_game(learner, create_player("levi", seed=4), rules)
    assert game.board.is_over


def test_training_is_repeatable_from_its_seed_and_draws_a_curve() -> None:
    settings = settings_for(
        NTUPLE, rules="7,6,4", episodes=48, eval_every=24, eval_games=4, workers=1, seed=5
    )
    points: list[CurvePoint] = []
    first = train(settings, points.append)
    second = train(settings)
    assert first.episodes == 48
    assert np.array_equal(first.table.weights, second.table.weights)  # type: ignore[union-attr]
    other = train(settings_for(NTUPLE, rules="7,6,4", episodes=48, workers=1, seed=6))
    assert not np.array_equal(first.table.weights, other.table.weights)  # type: ignore[union-attr]
    assert [point.episodes for point in points] == [0, 24, 48]
    for point in points:
        assert [kind for kind, _ in point.shares] == ["levi", "utility", "searcher"]
        for kind, shares in point.shares:
            assert sum(shares) == pytest.approx(1.0)
            score, low, high = point.score(kind)
            assert low <= score <= high
        assert len(point.csv_row()) == len(point.csv_header())
    assert first.table.training["games"] == 48


def test_a_resumed_training_plays_on_where_it_stopped() -> None:
    settings = settings_for(
        NTUPLE, rules="7,6,4", episodes=32, eval_every=16, eval_games=2, workers=1
    )
    whole = train(settings).table
    half = train(
        settings_for(NTUPLE, rules="7,6,4", episodes=16, eval_every=16, eval_games=2, workers=1)
    ).table
    resumed = train(settings, start=half).table  # type: ignore[arg-type]
    assert resumed.training["games"] == 32
    assert np.allclose(resumed.weights, whole.weights)  # type: ignore[union-attr]
    assert [point["episodes"] for point in resumed.training["curve"]] == [0, 16, 32]
    with pytest.raises(ValueError, match="resume it on that board"):
        train(settings_for(NTUPLE, rules="9,9,5", episodes=8), start=half)  # type: ignore[arg-type]


@pytest.mark.slow
def test_two_workers_train_one_network() -> None:
    settings = settings_for(
        NTUPLE, rules="7,6,4", episodes=64, eval_every=64, eval_games=2, workers=2
    )
    trained = train(settings).table
    assert trained.training["games"] == 64
    alone = train(replace(settings, workers=1)).table
    # Both processes learnt into the one network: its weights moved as far as one
    # process's, though not move for move the same.
    moved, moved_alone = (float(np.abs(net.weights).sum()) for net in (trained, alone))  # type: ignore[union-attr]
    assert 0.5 * moved_alone < moved < 2 * moved_alone
    assert multiprocessing.active_children() == []  # the helpers are gone


def test_bad_settings_say_why() -> None:
    with pytest.raises(ValueError, match="not 9,9,5"):
        settings_for("table", rules="9,9,5")
    with pytest.raises(ValueError, match="self-play only"):
        settings_for(NTUPLE, opponent="rando")
    with pytest.raises(ValueError, match="the method is one of"):
        settings_for("magic")
    with pytest.raises(ValueError, match="measures against"):
        settings_for(NTUPLE, opponents=("monty",))


def test_the_window_the_trained_players_list_and_the_player_load_no_numpy(tmp_path: Path) -> None:
    # numpy is paid for only when the network plays or trains, never at the window's start.
    network = random_network(Rules.parse("7,7,4"))
    network.save(tmp_path / "four.tttplayer.json")
    code = (
        "import sys\n"
        "import ttt_desktop.gui.shell.main_window, ttt_desktop.gui.lab.train_window\n"
        "from pathlib import Path\n"
        "from ttt_desktop.lab.trained import TrainedPlayers\n"
        "from ttt_desktop.players.trained_file import check_file_seat\n"
        f"players = TrainedPlayers(Path({str(tmp_path)!r}))\n"
        "assert [p.name for p in players.scan()] == ['four'], players.problems\n"
        f"check_file_seat('learner:' + {str(tmp_path / 'four.tttplayer.json')!r})\n"
        "assert 'numpy' not in sys.modules\n"
        # The player plays without numpy too (the packaged app carries none): a trained
        # file's seat, a trained player of the folder and the shipped network of k 3.
        "from ttt_desktop.core.board import Board\n"
        "from ttt_desktop.core.rules import Rules\n"
        "from ttt_desktop.players import create_player\n"
        "from ttt_desktop.players.trained_file import file_player\n"
        f"seat = file_player('learner:' + {str(tmp_path / 'four.tttplayer.json')!r}, seed=1)\n"
        "board = Board.empty(rules=Rules.parse('7,7,4')).play_all([24, 25])\n"
        "assert seat.think(board).scores and seat.choose_move(board) in board.legal_moves()\n"
        "trained = players.create(players.scan()[0].kind, seed=2)\n"
        "assert trained.choose_move(board) in board.legal_moves()\n"
        "assert create_player('ntuple', seed=3).choose_move(Board.empty()) in range(9)\n"
        "assert 'numpy' not in sys.modules\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert completed.returncode == 0, completed.stderr


@pytest.mark.parametrize("key", ["3,3,3", "7,6,4", "9,9,5", "15,15,5"])
def test_the_player_chooses_as_the_trainers_arrays_value(key: str) -> None:
    # The player (pure Python) and the trainer (numpy) value every move alike, and the
    # player's move is one the trainer's arrays value best.
    from ttt_desktop.players.ntuple import _choose  # noqa: PLC0415

    rules = Rules.parse(key)
    network = random_network(rules, seed=5)
    layout = windows_of(rules)
    for seed in range(12):
        board = board_after(rules, 2 + seed % 9, seed=seed)
        if board.is_over:
            continue
        choice, cells, sums = _choose(
            network, layout, board, layout.codes(board), random.Random(seed).random, 0.0
        )
        thought = NTuplePlayer(seed=seed, network=network).think(board)
        if sums is None:
            assert thought.move in cells
            continue
        arrays = dict(zip(cells, (max(-1.0, min(1.0, float(s))) for s in sums), strict=True))
        assert {s.cell: s.value for s in thought.scores} == pytest.approx(arrays, abs=1e-9)
        assert arrays[thought.move] == pytest.approx(max(arrays.values()), abs=1e-9)
        assert arrays[choice.cell] == pytest.approx(arrays[thought.move], abs=1e-9)
