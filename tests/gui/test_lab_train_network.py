"""The Train window with the n-tuple network: any board, a score curve with error bars,
a paused training resumed after a restart, a saved player in the drop-downs of its boards."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import WindowMaker
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from ttt_desktop.core.rules import Rules
from ttt_desktop.gui.common import translation
from ttt_desktop.gui.lab.train_window import PAUSED_FILE, TrainWindow
from ttt_desktop.lab.trained import TrainedPlayers
from ttt_desktop.players.learner import NTUPLE, TABLE
from ttt_desktop.players.ntuple_file import NetworkDocument, NetworkFormatError
from ttt_desktop.players.roster import supports

RUN_TIMEOUT_MS = 300_000  # a generous ceiling, not a speed bar: it only stops a hung run


def network_form(train: TrainWindow, board: str = "7,6,4") -> None:
    train.choose_board(board)
    assert train.method() == NTUPLE  # off tic-tac-toe only the network learns
    train.episodes_spin.setValue(200)
    train.every_spin.setValue(100)
    train.games_spin.setValue(2)
    train.workers_spin.setValue(1)
    train.curve_checks["searcher"].setChecked(False)


def test_a_network_trains_on_any_board_with_a_score_curve_and_error_bars(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path
) -> None:
    window = make_window(trained_players_folder=tmp_path / "trained")
    train = window.lab.show_training()
    assert train is not None
    assert train.method() == TABLE and train.perfect_chart.isVisibleTo(train)
    network_form(train)
    assert train.score_chart.isVisibleTo(train) and not train.perfect_chart.isVisibleTo(train)
    assert not train.opponent_combo.isEnabled()  # the network learns by self-play
    with qtbot.waitSignal(
        train.state_changed,
        timeout=RUN_TIMEOUT_MS,
        check_params_cb=lambda state: state == "finished",
    ):
        qtbot.mouseClick(train.start_button, Qt.MouseButton.LeftButton)
    assert train.score_chart.series_names()[:2] == ["Levi", "Utility"]
    games = [x for x, _ in train.score_chart.points("Levi")]
    assert games[0] == 0 and games[-1] == 200 and len(games) == 3
    bars = train.error_bars()
    assert len(bars) == 2 * len(games)
    for name, x, low, high in bars:
        # Beside its point (the bars of the opponents side by side), around its score.
        at, score = min(train.score_chart.points(name), key=lambda point: abs(point[0] - x))
        assert abs(at - x) <= 0.05 * 100
        assert 0.0 <= low <= score <= high <= 1.0
    done, figures = train.status_label.text().split("\n")
    assert done == "Done: 200 episodes."
    assert figures.startswith("200 games in ") and "Levi" in figures
    kind = train.save_as_player("Four Finder")
    # It plays the boards of its k: offered on 9,9,4, not on tic-tac-toe's 3 in a row.
    assert supports(kind, Rules.parse("9,9,4")) and not supports(kind, Rules.parse("3,3,3"))
    player = window.controller._player_factory(kind, seed=1)
    assert player.name == "Four Finder"
    assert player.kind == "ntuple"


def test_a_paused_network_is_resumed_after_a_restart(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path
) -> None:
    folder = tmp_path / "trained"
    window = make_window(trained_players_folder=folder)
    train = window.lab.show_training()
    assert train is not None
    network_form(train)
    train.episodes_spin.setValue(2_000_000)
    with qtbot.waitSignal(train.point_added, timeout=RUN_TIMEOUT_MS):
        train.start()
    with qtbot.waitSignal(
        train.state_changed, timeout=RUN_TIMEOUT_MS, check_params_cb=lambda state: state == "paused"
    ):
        qtbot.mouseClick(train.pause_button, Qt.MouseButton.LeftButton)
    kept = NetworkDocument.load(folder / PAUSED_FILE)
    games = int(kept.training["games"])
    assert games > 0 and kept.rules is Rules.parse("7,6,4")
    train.shutdown()  # the program ends

    # A new window over the same folder offers to go on.
    again = TrainWindow(trained=TrainedPlayers(folder))
    qtbot.addWidget(again)
    assert again.resume_button.isVisibleTo(again)
    assert "7,6,4" in again.status_label.text()
    with qtbot.waitSignal(
        again.point_added,
        timeout=RUN_TIMEOUT_MS,
        check_params_cb=lambda games_now: games_now > games,
    ):
        qtbot.mouseClick(again.resume_button, Qt.MouseButton.LeftButton)
    assert again.chosen_rules() is Rules.parse("7,6,4")
    runner = again.runner
    assert runner is not None and runner.points[0].episodes == 0
    assert runner.points[-1].episodes > games  # the curve goes on from the kept one
    with qtbot.waitSignal(
        again.state_changed,
        timeout=RUN_TIMEOUT_MS,
        check_params_cb=lambda state: state == "stopped",
    ):
        qtbot.mouseClick(again.stop_button, Qt.MouseButton.LeftButton)
    assert not (folder / PAUSED_FILE).exists()
    assert not again.resume_button.isVisibleTo(again)
    again.shutdown()


def test_a_board_that_is_no_board_is_refused_with_the_reason(
    make_window: WindowMaker, qtbot: QtBot, monkeypatch: object
) -> None:
    window = make_window()
    train = window.lab.show_training()
    assert train is not None
    train.board_combo.setEditText("2,2,9")
    shown: list[str] = []
    from PySide6.QtWidgets import QMessageBox  # noqa: PLC0415

    monkeypatch.setattr(  # type: ignore[attr-defined]
        QMessageBox, "warning", lambda _parent, _title, text: shown.append(text)
    )
    train.start()
    assert train.runner is None
    assert shown and "must be 3 to 20" in shown[0]


def test_without_numpy_the_window_says_why_a_network_cannot_train_here(
    make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(
        "ttt_desktop.gui.lab.train_window.network_training_problem", lambda: "no numpy here"
    )
    window = make_window(trained_players_folder=tmp_path / "trained")
    train = window.lab.show_training()
    assert train is not None
    assert train.start_button.isEnabled()  # the table trains without numpy
    train.choose_board("7,7,4")
    assert train.method() == NTUPLE
    assert not train.start_button.isEnabled() and not train.resume_button.isEnabled()
    assert "needs numpy" in train.board_label.text()
    assert "Networks trained elsewhere still play here" in train.board_label.text()
    train.choose_board("3,3,3")
    train.set_method(TABLE)
    assert train.start_button.isEnabled()


def test_a_paused_network_that_cant_be_resumed_is_said_in_german(
    qtbot: QtBot, tmp_path: Path
) -> None:
    folder = tmp_path / "trained"
    folder.mkdir()
    paused = folder / PAUSED_FILE
    paused.write_text('{"format": "ttt-ntuple-network", "weights": [0.5, ')
    with pytest.raises(NetworkFormatError) as read:
        NetworkDocument.load(paused)
    installed = translation.install(QSettings(), "de")
    try:
        train = TrainWindow(trained=TrainedPlayers(folder))
        qtbot.addWidget(train)
        text = train.status_label.text()
    finally:
        translation.remove(installed)
    assert text == (
        "Ein angehaltenes Training lässt sich nicht fortsetzen: Seine Datei ist beschädigt "
        "oder unvollständig."
    )
    for english in (str(read.value), "not valid JSON", "Expecting", "paused", "file"):
        assert english not in text
    assert train.status_label.toolTip() == str(read.value)  # the reader's words
    assert not train.resume_button.isVisibleTo(train)
