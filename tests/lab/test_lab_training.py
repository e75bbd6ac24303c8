"""Training in the lab: repeatable, exploration that decays, curves, pause/stop, trained players."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from ttt_desktop.core.board import Board
from ttt_desktop.lab.trained import TRAINED_KIND_PREFIX, TrainedPlayerError, TrainedPlayers
from ttt_desktop.lab.training import TrainingRunner
from ttt_desktop.players.learner import CurvePoint, LearnerTable, TrainingSettings, train


def small(**changes: object) -> TrainingSettings:
    options: dict[str, object] = {"episodes": 1500, "eval_every": 500, "eval_games": 20}
    options.update(changes)
    return TrainingSettings(**options)  # type: ignore[arg-type]


@pytest.mark.parametrize("opponent", ["self", "rando", "perfect"])
def test_the_same_settings_train_the_same_table(opponent: str) -> None:
    trained = train(small(opponent=opponent, seed=4))
    first, second = trained.table, train(small(opponent=opponent, seed=4)).table
    assert trained.episodes == 1500
    assert first.values == second.values
    other = train(small(opponent=opponent, seed=5)).table
    assert other.values != first.values
    assert first.training["opponent"] == opponent


def test_the_curve_has_a_point_every_k_episodes_with_shares() -> None:
    points: list[CurvePoint] = []
    train(small(epsilon_decay=0.5), points.append)
    assert [p.episodes for p in points] == [0, 500, 1000, 1500]
    for point in points:
        for shares in (point.perfect, point.rando):
            assert sum(shares) == pytest.approx(1.0)
        # Perfect never loses: the learner never wins against it.
        assert point.perfect[0] == 0.0
    assert [round(p.exploration, 4) for p in points] == [
        0.3,
        round(0.3 * 0.5**0.5, 4),
        0.15,
        round(0.3 * 0.5**1.5, 4),
    ]


def test_bad_settings_say_why() -> None:
    with pytest.raises(ValueError, match="decay"):
        TrainingSettings(epsilon_decay=0)
    with pytest.raises(ValueError, match="unknown player kind 'nobody'"):
        TrainingSettings(opponent="nobody")


def test_the_runner_pauses_with_a_table_and_stops_early() -> None:
    runner = TrainingRunner(small(episodes=200_000, eval_every=1000))
    runner.start()
    try:
        while len(runner.points) < 2:
            runner.poll(0.5)
            assert runner.error is None
        runner.pause()
        while not runner.paused:
            runner.poll(0.5)
        assert runner.table is not None and runner.episodes > 0
        paused_at = runner.episodes
        runner.resume()
        runner.stop()
        while not runner.finished:
            runner.poll(0.5)
        assert runner.error is None
        assert paused_at <= runner.episodes < 200_000
        assert runner.table is not None and len(runner.table) > 0
    finally:
        runner.close()


def test_trained_players_are_saved_listed_and_played(tmp_path: Path) -> None:
    players = TrainedPlayers(tmp_path / "trained")
    table = train(small(opponent="rando")).table
    profile = players.save("Bot  One", table)
    assert (profile.kind, profile.name) == (f"{TRAINED_KIND_PREFIX}bot-one", "Bot One")
    assert "against rando" in profile.description
    with pytest.raises(TrainedPlayerError, match="exists already"):
        players.save("bot one", table)
    for bad in ("", "../etc", "x" * 41, "-dash"):
        with pytest.raises(TrainedPlayerError, match="name"):
            players.save(bad, table)
    fresh = TrainedPlayers(tmp_path / "trained")
    assert [p.name for p in fresh.scan()] == ["Bot One"]
    player = fresh.create(profile.kind, seed=3)
    assert player.name == "Bot One"
    board = Board.from_string("XX.OO....")
    assert player.choose_move(board) in board.legal_moves()
    assert LearnerTable.load(players.path_for("Bot One")).values == table.values


def test_a_damaged_trained_player_is_reported_not_a_crash(tmp_path: Path) -> None:
    players = TrainedPlayers(tmp_path)
    table = train(small(episodes=200, eval_every=100)).table
    players.save("Good", table)
    (tmp_path / "broken.tttplayer.json").write_text('{"format": "ttt-desktop-lea', "utf-8")
    (tmp_path / "other.tttplayer.json").write_text('{"format": "something"}', "utf-8")
    (tmp_path / "binary.tttplayer.json").write_bytes(b"\xff\xfe\x00")
    assert [p.name for p in players.scan()] == ["Good"]
    assert len(players.problems) == 3
    assert any("not valid JSON" in problem for problem in players.problems)
    assert any("not a learner table" in problem for problem in players.problems)
    with pytest.raises(TrainedPlayerError, match="can't be loaded"):
        players.create(f"{TRAINED_KIND_PREFIX}broken")


def test_a_network_is_a_trained_player_of_the_boards_of_its_k(tmp_path: Path) -> None:
    from ttt_desktop.core.rules import Rules  # noqa: PLC0415
    from ttt_desktop.players.learner import NTUPLE, settings_for  # noqa: PLC0415
    from ttt_desktop.players.ntuple import NTuplePlayer  # noqa: PLC0415
    from ttt_desktop.players.roster import supports  # noqa: PLC0415

    settings = settings_for(NTUPLE, rules="7,6,4", episodes=16, eval_every=16, eval_games=2)
    network = train(replace(settings, workers=1)).table
    players = TrainedPlayers(tmp_path)
    profile = players.save("Four Ways", network.document())  # type: ignore[union-attr]
    assert "trained by self-play on 7,6,4: 16 games" in profile.description
    fresh = TrainedPlayers(tmp_path)
    assert [p.name for p in fresh.scan()] == ["Four Ways"]
    assert supports(profile.kind, Rules.parse("9,9,4"))
    assert not supports(profile.kind, Rules.parse("9,9,5"))
    player = fresh.create(profile.kind, seed=2)
    assert isinstance(player, NTuplePlayer) and player.name == "Four Ways"
    board = Board.empty(rules=Rules.parse("9,9,4")).play_all([40, 41])
    assert player.choose_move(board) in board.legal_moves()
    # A damaged network is left out, with its reason.
    path = players.path_for("Four Ways")
    path.write_text(path.read_text("utf-8").replace('"window": 5', '"window": 3'), "utf-8")
    assert fresh.scan() == []
    assert "windows of 5 cells, not 3" in fresh.problems[0]


def test_the_runner_trains_a_network_and_sends_its_document() -> None:
    from ttt_desktop.players.learner import NTUPLE, settings_for  # noqa: PLC0415
    from ttt_desktop.players.ntuple_file import NetworkDocument  # noqa: PLC0415

    settings = settings_for(
        NTUPLE, rules="7,6,4", episodes=48, eval_every=24, eval_games=2, workers=1
    )
    runner = TrainingRunner(settings)
    runner.start()
    try:
        while not runner.finished:
            runner.poll(0.5)
        assert runner.error is None
        assert [point.episodes for point in runner.points] == [0, 24, 48]
        assert isinstance(runner.table, NetworkDocument)
        assert runner.table.training["games"] == 48
        # Resumed from that document, it trains on where it stopped.
        more = TrainingRunner(replace(settings, episodes=64), start=runner.table)
        assert [point.episodes for point in more.points] == [0, 24, 48]
        more.start()
        while not more.finished:
            more.poll(0.5)
        assert more.error is None
        assert more.points[-1].episodes == 64
        more.close()
    finally:
        runner.close()
