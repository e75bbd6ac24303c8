"""The Lab's windows and the board: a tournament on 7,7,5; training and numbers say 3x3."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import WindowMaker
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from ttt_desktop.core.clock import TimeControl
from ttt_desktop.core.rules import GOMOKU, TIC_TAC_TOE, Rules
from ttt_desktop.gui.lab.tournament_window import TournamentWindow, tournament_game_record
from ttt_desktop.lab.runner import run_tournament
from ttt_desktop.lab.spec import TournamentSpec, make_entrants
from ttt_desktop.lab.storing import TournamentSaver
from ttt_desktop.lab.tournament import TournamentGame, TournamentResult, encode_moves
from ttt_desktop.library import Library
from ttt_desktop.players.roster import kinds_for

RUN_TIMEOUT_MS = 300_000  # a generous ceiling, not a speed bar: it only stops a hung run
SEVEN = Rules(7, 7, 5)


def offered(tournament: TournamentWindow) -> list[str]:
    """The kinds the players list lets one tick."""
    kinds = []
    for row in range(tournament.players_table.rowCount()):
        item = tournament.players_table.item(row, 0)
        if item.flags() & Qt.ItemFlag.ItemIsEnabled:
            kinds.append(str(item.data(Qt.ItemDataRole.UserRole)))
    return kinds


def test_a_tournament_on_7x7_five_offers_its_players_and_plays_its_games(
    make_window: WindowMaker, qtbot: QtBot
) -> None:
    window = make_window()
    tournament = window.lab.show_tournament()
    assert tournament is not None
    assert tournament.rules() is TIC_TAC_TOE
    assert tournament.board_combo.currentText() == "Tic-tac-toe"
    assert not tournament.turn_spin.isEnabled()  # 3x3 is played without a clock
    tournament.set_players({"rando": 1, "levi": 2, "learner": 1, "perfect": 1})
    assert tournament.chosen_kinds() == ["rando", "levi", "learner", "perfect"]

    tournament.board_combo.setCurrentIndex(tournament.board_combo.findData(SEVEN.key))
    assert tournament.rules() is SEVEN
    assert tournament.board_combo.currentText() == "7x7, 5 in a row"
    assert offered(tournament) == [kind for kind in kinds_for(SEVEN) if kind != "sequence"]
    assert "learner" not in offered(tournament) and "perfect" not in offered(tournament)
    learner_row = tournament.seed_counts["learner"]
    assert not learner_row.isEnabled()
    tips = {
        str(item.data(Qt.ItemDataRole.UserRole)): item.toolTip()
        for item in (
            tournament.players_table.item(row, 0)
            for row in range(tournament.players_table.rowCount())
        )
    }
    assert tips["learner"] == "Learner plays only tic-tac-toe, not 7x7, 5 in a row"
    assert tips["perfect"].startswith("Perfect plays only the boards solved exactly")
    assert tips["rando"] == ""
    # The kinds that still play keep their ticks and counts; the others sit out.
    assert tournament.chosen_kinds() == ["rando", "levi"]
    assert tournament.seed_counts["levi"].value() == 2
    assert tournament.turn_spin.isEnabled() and tournament.turn_spin.value() == 200
    # A gauntlet's challenger plays the board too.
    tournament.set_format("gauntlet")
    assert tournament.challenger_combo.currentData() != "perfect"
    tournament.set_format("round-robin")

    tournament.set_players({"rando": 1, "levi": 1})
    tournament.games_spin.setValue(2)
    tournament.seed_spin.setValue(7)
    tournament.jobs_spin.setValue(1)
    spec = tournament.spec()
    assert spec.rules is SEVEN
    assert spec.clock is not None and spec.clock.turn_ms == 200
    with qtbot.waitSignal(tournament.run_finished, timeout=RUN_TIMEOUT_MS):
        qtbot.mouseClick(tournament.start_button, Qt.MouseButton.LeftButton)
        assert not tournament.board_combo.isEnabled()
    result = tournament.result
    assert result is not None and result.finished and len(result) == 2
    assert result.games() == run_tournament(result.spec, processes=False).games()
    assert tournament.results_board_label.text() == "Played on: 7x7, 5 in a row, 200 ms a move"
    assert tournament.board_combo.isEnabled()
    # The games are 7,7,5 records, their moves named in the board's notation.
    for row in range(2):
        record = tournament.record_of_row(row)
        assert record.rules is SEVEN
        assert record.result is not None
        names = tournament.games_model.index(row, 4).data().split()
        assert names == [SEVEN.geometry.name(cell) for cell in record.moves]
    # Opening a game shows it on its board in the main window.
    tournament.games_view.doubleClicked.emit(tournament.games_model.index(1, 0))
    shown = window.controller.session.record
    assert shown.rules is SEVEN
    assert list(shown.moves) == result.games()[1].cells


def test_the_board_and_the_time_a_move_are_remembered(
    make_window: WindowMaker, qtbot: QtBot
) -> None:
    first = TournamentWindow(settings=QSettings())
    qtbot.addWidget(first)
    first.set_rules(GOMOKU)
    first.turn_spin.setValue(350)
    first.close()
    again = TournamentWindow(settings=QSettings())
    qtbot.addWidget(again)
    assert again.rules() is GOMOKU and again.board_combo.currentText() == "Gomoku 15x15"
    assert again.turn_spin.value() == 350
    # The board the main window plays is offered too, when it is no preset.
    window = make_window(rules=Rules(9, 9, 5))
    tournament = window.lab.show_tournament()
    assert tournament is not None
    assert tournament.board_combo.findData("9,9,5") >= 0
    assert tournament.board_combo.itemText(tournament.board_combo.findData("9,9,5")) == (
        "9x9, 5 in a row"
    )


def test_a_new_tournament_window_starts_on_the_main_windows_board(
    make_window: WindowMaker,
) -> None:
    window = make_window(rules=SEVEN)
    tournament = window.lab.show_tournament()
    assert tournament is not None
    assert tournament.rules() is SEVEN
    assert "learner" not in tournament.chosen_kinds()


def test_training_and_the_numbers_say_they_are_about_tic_tac_toe(
    make_window: WindowMaker,
) -> None:
    window = make_window(rules=GOMOKU)
    training = window.lab.show_training()
    assert training is not None
    assert "tic-tac-toe (3x3) only" in training.board_label.text()
    assert training.board_label.isVisible()
    numbers = window.lab.show_numbers()
    assert numbers is not None
    assert numbers.windowTitle() == "The game in numbers: tic-tac-toe"
    assert "tic-tac-toe (3x3" in numbers.board_label.text()
    assert numbers.board_label.isVisible()


def test_a_game_lost_on_time_opens_as_a_forfeit(make_window: WindowMaker) -> None:
    spec = TournamentSpec(
        make_entrants([("rando", 1), ("monty", 1)]),
        2,
        3,
        rules=SEVEN,
        clock=TimeControl(turn_ms=200.0, margin_ms=100.0),
    )
    cells = [SEVEN.geometry.parse(name) for name in ("d4", "d5", "e4")]
    lost = TournamentGame(0, 0, 0, 1, encode_moves(cells), "X", 1.0, "time")
    record = tournament_game_record(TournamentResult(spec, [lost]), lost)
    assert record.rules is SEVEN and list(record.moves) == cells
    assert record.forfeit is not None and record.forfeit.loser.value == "O"
    assert record.forfeit.reason == "time"
    assert record.result is not None
    window = make_window()
    window.review.open_game(record)
    assert window.controller.session.record.rules is SEVEN


def test_resuming_a_stopped_tournament_takes_its_board_and_time(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "games.sqlite"
    spec = TournamentSpec(
        make_entrants([("rando", 1), ("levi", 1)]),
        2,
        9,
        rules=SEVEN,
        clock=TimeControl(turn_ms=300.0, margin_ms=100.0),
    )
    with Library(path) as library:
        saver = TournamentSaver(library, spec, "stopped on 7,7,5")
        saver.finish(False)
    window = make_window(library_path=path)
    qtbot.waitUntil(lambda: window.history.library is not None)
    tournament = window.lab.show_tournament()
    assert tournament.rules() is TIC_TAC_TOE

    def pick(_parent: object, _title: str, _label: str, items: list[str], *_: object) -> Any:
        return items[0], True

    monkeypatch.setattr("ttt_desktop.gui.lab.tournament_window.QInputDialog.getItem", pick)
    with qtbot.waitSignal(tournament.run_finished, timeout=RUN_TIMEOUT_MS):
        qtbot.mouseClick(tournament.resume_button, Qt.MouseButton.LeftButton)
    assert tournament.rules() is SEVEN and tournament.turn_spin.value() == 300
    result = tournament.result
    assert result is not None and result.finished and result.spec == spec
    assert tournament.record_of_row(0).rules is SEVEN
