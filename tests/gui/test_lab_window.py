"""The Lab in the real window: the menu, a tournament run to the end and cancelled, the numbers."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from conftest import WindowMaker
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from pytestqt.qtbot import QtBot

from ttt_desktop.analysis import census
from ttt_desktop.core import Mark
from ttt_desktop.gui.lab.tournament_window import TournamentWindow
from ttt_desktop.lab.runner import run_tournament
from ttt_desktop.lab.spec import TournamentSpec, make_entrants
from ttt_desktop.lab.tournament import TournamentResult

RUN_TIMEOUT_MS = 300_000  # a generous ceiling, not a speed bar: it only stops a hung run


def menu_texts(window: object) -> list[str]:
    return [action.text() for action in window.menuBar().actions()]  # type: ignore[attr-defined]


def test_lab_menu_and_shortcuts(make_window: WindowMaker) -> None:
    window = make_window()
    texts = menu_texts(window)
    assert "&Lab" in texts
    assert texts.index("&Lab") < texts.index("&Help")
    lab = window.lab
    assert lab.tournament_action.shortcut() == QKeySequence("Ctrl+Shift+T")
    assert lab.train_action.shortcut() == QKeySequence("Ctrl+Shift+L")
    assert lab.numbers_action in window.help_menu.actions()
    # Nothing of the lab is built before it is asked for.
    assert lab.tournament_window is None and lab.numbers_window is None


def start_tournament(
    window: object, qtbot: QtBot, players: dict[str, int], games: int
) -> TournamentWindow:
    window.lab.tournament_action.trigger()  # type: ignore[attr-defined]
    tournament = window.lab.tournament_window  # type: ignore[attr-defined]
    assert tournament is not None and tournament.isVisible()
    tournament.set_players(players)
    tournament.games_spin.setValue(games)
    tournament.seed_spin.setValue(21)
    tournament.jobs_spin.setValue(2)
    assert tournament.start_button.isEnabled()
    qtbot.mouseClick(tournament.start_button, Qt.MouseButton.LeftButton)
    return tournament


def test_a_tournament_runs_to_the_end_with_its_tables(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path
) -> None:
    window = make_window()
    with qtbot.waitSignal(window.lab.show_tournament().run_finished, timeout=RUN_TIMEOUT_MS):
        tournament = start_tournament(window, qtbot, {"rando": 2, "levi": 1, "perfect": 1}, games=6)
    result = tournament.result
    assert result is not None and result.finished and not result.cancelled
    # The window's games are those of the same tournament played in this process.
    assert result.games() == run_tournament(result.spec, processes=False).games()
    assert tournament.progress_bar.value() == result.spec.total_games == 36
    assert tournament.progress_label.text().startswith("Done: 36 games")
    names = [tournament.standings_table.item(row, 1).text() for row in range(4)]
    assert names[0] == "Perfect"
    assert sorted(names) == sorted(["Perfect", "Levi", "Rando 22", "Rando 23"])
    assert tournament.standings_table.item(0, 6).text() == result.ratings()["perfect"].label()
    assert [bar.label for bar in tournament.ratings_chart.bars()] == names
    # Crosstable: the row player's W-D-L against the column player, and points.
    cross = tournament.crosstable
    assert cross.rowCount() == 4 and cross.columnCount() == 5
    perfect = result.labels().index("perfect")
    levi = result.labels().index("levi")
    record = result.crosstable()[(perfect, levi)]
    assert cross.item(perfect, levi).text() == f"{record.wins}-{record.draws}-{record.losses}"
    assert record.losses == 0
    assert tournament.games_model.rowCount() == 36

    # Exports.
    for what, name in (("standings", "s.csv"), ("games", "g.csv"), ("json", "all.json")):
        tournament.export(what, tmp_path / name)
    standings = list(csv.reader((tmp_path / "s.csv").read_text(encoding="utf-8").splitlines()))
    assert standings[1][1] == "perfect" and len(standings) == 5
    games = list(csv.reader((tmp_path / "g.csv").read_text(encoding="utf-8").splitlines()))
    assert len(games) == 37
    document = json.loads((tmp_path / "all.json").read_text(encoding="utf-8"))
    assert document["games_played"] == 36 and document["cancelled"] is False
    assert tournament.export_json_button.isEnabled()

    # A double-clicked game opens in the main window's review.
    game = tournament.games_model.game_at(5)
    index = tournament.games_model.index(5, 0)
    tournament.games_view.doubleClicked.emit(index)
    record_shown = window.controller.session.record
    assert list(record_shown.moves) == game.cells
    assert record_shown.x.kind == result.spec.entrants[game.x].kind
    assert record_shown.result is not None


def test_every_player_who_has_played_is_rated_while_later_games_are_in(
    make_window: WindowMaker,
) -> None:
    """Games arrive out of order from the workers: a gap must not hide anybody's rating."""
    window = make_window()
    tournament = window.lab.show_tournament()
    spec = TournamentSpec(make_entrants([("rando", 1), ("levi", 1), ("perfect", 1)]), 4, 5)
    games = run_tournament(spec, processes=False).games()
    # Game 0 is still being played; the other workers have sent everything after it.
    tournament.result = TournamentResult(spec, games[1:])
    tournament._refresh(force=True)
    names = {tournament.standings_table.item(row, 1).text() for row in range(3)}
    ratings = [tournament.standings_table.item(row, 6).text() for row in range(3)]
    assert all(ratings), ratings
    assert {bar.label for bar in tournament.ratings_chart.bars()} == names
    perfect = tournament.result.ratings()["perfect"]
    assert perfect.games == 8 and perfect.label() in ratings


def test_cancel_keeps_the_finished_games(make_window: WindowMaker, qtbot: QtBot) -> None:
    window = make_window()
    tournament = window.lab.show_tournament()
    start_tournament(window, qtbot, {"minimax": 1, "rando": 1, "levi": 1}, games=200)
    qtbot.waitUntil(
        lambda: tournament.result is not None and len(tournament.result) > 0,
        timeout=RUN_TIMEOUT_MS,
    )
    assert tournament.cancel_button.isEnabled()
    processes = tournament.runner._processes()  # type: ignore[union-attr]
    with qtbot.waitSignal(tournament.run_finished, timeout=RUN_TIMEOUT_MS):
        qtbot.mouseClick(tournament.cancel_button, Qt.MouseButton.LeftButton)
    result = tournament.result
    assert result is not None and result.cancelled
    assert 0 < len(result) < result.spec.total_games
    assert tournament.progress_label.text().startswith("Cancelled:")
    assert tournament.games_model.rowCount() == len(result)
    assert all(not process.is_alive() for process in processes)
    assert tournament.start_button.isEnabled()


def test_closing_the_main_window_stops_a_running_tournament(
    make_window: WindowMaker, qtbot: QtBot
) -> None:
    window = make_window()
    tournament = window.lab.show_tournament()
    start_tournament(window, qtbot, {"minimax": 1, "rando": 1}, games=400)
    runner = tournament.runner
    assert runner is not None and runner.running
    qtbot.waitUntil(lambda: len(runner._processes()) > 0)
    processes = runner._processes()
    window.close()
    assert not runner.running
    assert all(not process.is_alive() for process in processes)


def test_a_set_up_with_one_player_cannot_start(make_window: WindowMaker) -> None:
    window = make_window()
    tournament = window.lab.show_tournament()
    tournament.set_players({"perfect": 1})
    assert not tournament.start_button.isEnabled()
    tournament.set_players({"perfect": 2})
    assert tournament.start_button.isEnabled()
    assert [e.label for e in tournament.spec().entrants] == [
        f"perfect#{tournament.seed_spin.value() + 1}",
        f"perfect#{tournament.seed_spin.value() + 2}",
    ]
    tournament.set_players({"rando": 1, "levi": 1, "humiston": 1})
    tournament.set_format("gauntlet", "levi")
    spec = tournament.spec()
    assert [e.kind for e in spec.entrants] == ["levi", "rando", "humiston"]
    assert spec.pairings == ((0, 1), (0, 2))


def test_the_numbers_page_shows_the_census(make_window: WindowMaker, qtbot: QtBot) -> None:
    window = make_window()
    window.lab.numbers_action.trigger()
    page = window.lab.numbers_window
    assert page is not None and page.isVisible()
    figures = census()
    table = page.figures
    cells = {
        table.item(row, 0).text(): (table.item(row, 1).text(), table.item(row, 2).text())
        for row in range(table.rowCount())
    }
    assert cells["Complete games"] == (f"{figures.games:,}", f"{figures.games_up_to_symmetry:,}")
    assert cells["Complete games"] == ("255,168", "26,830")
    assert cells["won by X (first)"][0] == "131,184"
    assert cells["won by O (second)"][0] == "77,904"
    assert cells["drawn"][0] == "46,080"
    assert cells["Positions reachable in play"] == ("5,478", "765")
    assert cells["of which finished games"] == ("958", "138")
    values = page.chart.values()
    assert page.chart.categories() == ["5", "6", "7", "8", "9"]
    assert sum(map(sum, values.values())) == 255_168
    assert sum(values["X wins"]) == 131_184 and sum(values["Draws"]) == 46_080
    page.symmetry_box.click()
    values = page.chart.values()
    assert sum(map(sum, values.values())) == 26_830
    assert page.total_label.text() == "26,830 games up to symmetry"


def test_training_draws_a_curve_and_saves_a_player_for_the_drop_downs(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path
) -> None:
    folder = tmp_path / "trained"
    window = make_window(trained_players_folder=folder)
    window.lab.train_action.trigger()
    train = window.lab.train_window
    assert train is not None and train.isVisible()
    train.episodes_spin.setValue(2000)
    train.every_spin.setValue(500)
    train.games_spin.setValue(20)
    train.set_opponent("rando")
    assert not train.save_button.isEnabled()
    with qtbot.waitSignal(
        train.state_changed,
        timeout=RUN_TIMEOUT_MS,
        check_params_cb=lambda state: state == "finished",
    ):
        qtbot.mouseClick(train.start_button, Qt.MouseButton.LeftButton)
    assert train.perfect_chart.series_names() == ["Won", "Drawn", "Lost"]
    assert [x for x, _ in train.rando_chart.points("Won")] == [0, 500, 1000, 1500, 2000]
    # The end keeps the last measurement's figures.
    done, figures = train.status_label.text().split("\n")
    assert done == "Done: 2,000 episodes."
    assert figures.startswith("2,000 episodes, ") and "against Perfect" in figures
    assert train.save_button.isEnabled()
    kind = train.save_as_player("Rando Hunter")
    panel = window.player_panel
    index = panel.index_of(Mark.O, kind=kind)
    assert index >= 0
    panel.choose_index(Mark.O, index)
    assert window.controller.session.seat(Mark.O).kind == kind
    # The trained player plays: a computer seat made from its table.
    player = window.controller._player_factory(kind, seed=1)
    assert player.name == "Rando Hunter"


def test_a_damaged_trained_player_file_is_left_out_with_a_message(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path
) -> None:
    folder = tmp_path / "trained"
    folder.mkdir()
    (folder / "wreck.tttplayer.json").write_text("{not json", encoding="utf-8")
    window = make_window(trained_players_folder=folder)
    qtbot.waitUntil(lambda: "can't be read" in window.statusBar().currentMessage())
    assert "wreck.tttplayer.json" in window.statusBar().currentMessage()
    assert all(not entry.kind.startswith("trained.") for entry in window.roster)


def test_pause_resume_and_stop_a_training(make_window: WindowMaker, qtbot: QtBot) -> None:
    window = make_window()
    train = window.lab.show_training()
    train.episodes_spin.setValue(1_000_000)
    train.every_spin.setValue(1000)
    train.games_spin.setValue(10)
    with qtbot.waitSignal(train.point_added, timeout=RUN_TIMEOUT_MS):
        train.start()
    with qtbot.waitSignal(
        train.state_changed, timeout=RUN_TIMEOUT_MS, check_params_cb=lambda state: state == "paused"
    ):
        qtbot.mouseClick(train.pause_button, Qt.MouseButton.LeftButton)
    assert train.pause_button.text() == "&Resume"
    assert train.save_button.isEnabled()
    qtbot.mouseClick(train.pause_button, Qt.MouseButton.LeftButton)
    assert train.pause_button.text() == "&Pause"
    with qtbot.waitSignal(
        train.state_changed,
        timeout=RUN_TIMEOUT_MS,
        check_params_cb=lambda state: state == "stopped",
    ):
        qtbot.mouseClick(train.stop_button, Qt.MouseButton.LeftButton)
    assert train.status_label.text().startswith("Stopped after")
    assert train.start_button.isEnabled()


def test_a_tournament_is_stored_in_the_game_library_once(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path
) -> None:
    window = make_window(library_path=tmp_path / "games.sqlite")
    qtbot.waitUntil(lambda: window.history.library is not None)  # opened after the first paint
    library = window.history.library
    before = library.count()
    tournament = window.lab.show_tournament()
    assert tournament.store_button.isVisibleTo(tournament)
    with qtbot.waitSignal(tournament.run_finished, timeout=RUN_TIMEOUT_MS):
        start_tournament(window, qtbot, {"rando": 1, "levi": 1, "perfect": 1}, games=4)
    assert tournament.store_button.isEnabled()
    tournament.store_in_library()
    assert library.count() == before + 12
    assert tournament.progress_label.text() == "Stored 12 games in the game library."
    tournament.store_in_library()
    assert library.count() == before + 12  # the same games are not stored twice


@pytest.mark.slow
def test_finish_the_games_in_progress_then_resume_from_the_library(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(library_path=tmp_path / "games.sqlite")
    qtbot.waitUntil(lambda: window.history.library is not None)
    tournament = window.lab.show_tournament()
    assert tournament.resume_button.isEnabled()
    assert tournament.scheduler_edit.text() == ""
    start_tournament(window, qtbot, {"minimax": 1, "rando": 1, "levi": 1}, games=60)
    qtbot.waitUntil(
        lambda: tournament.result is not None and len(tournament.result) > 0,
        timeout=RUN_TIMEOUT_MS,
    )
    assert tournament.finish_button.isEnabled() and not tournament.resume_button.isEnabled()
    with qtbot.waitSignal(tournament.run_finished, timeout=RUN_TIMEOUT_MS):
        qtbot.mouseClick(tournament.finish_button, Qt.MouseButton.LeftButton)
    first = tournament.result
    assert first is not None and first.cancelled and tournament.runner.error is None  # type: ignore[union-attr]
    kept = len(first)
    assert 0 < kept < first.spec.total_games
    offered: list[list[str]] = []

    def pick(
        _parent: object, _title: str, _label: str, items: list[str], *_: object
    ) -> tuple[str, bool]:
        offered.append(items)
        return items[0], True

    monkeypatch.setattr("ttt_desktop.gui.lab.tournament_window.QInputDialog.getItem", pick)
    with qtbot.waitSignal(tournament.run_finished, timeout=RUN_TIMEOUT_MS):
        qtbot.mouseClick(tournament.resume_button, Qt.MouseButton.LeftButton)
    assert offered and f"({kept} of {first.spec.total_games} games)" in offered[0][0]
    result = tournament.result
    assert result is not None and result.finished
    assert result.games() == run_tournament(result.spec, processes=False).games()


def test_the_count_of_games_follows_every_setting_that_changes_it(
    make_window: WindowMaker,
) -> None:
    window = make_window()
    tournament = window.lab.show_tournament()
    tournament.set_players({"rando": 1, "levi": 1, "humiston": 1})
    # Round robin: three pairings.
    tournament.games_spin.setValue(20)
    assert tournament.progress_label.text() == "3 players, 60 games. Press Start."
    tournament.games_spin.setValue(4)
    assert tournament.progress_label.text() == "3 players, 12 games. Press Start."
    # A gauntlet of three: two pairings; choosing another challenger keeps the count right.
    tournament.set_format("gauntlet", "levi")
    assert tournament.progress_label.text() == "3 players, 8 games. Press Start."
    tournament.challenger_combo.setCurrentIndex(tournament.challenger_combo.findData("humiston"))
    assert tournament.progress_label.text() == "3 players, 8 games. Press Start."
    assert tournament.spec().entrants[0].kind == "humiston"


def test_an_unsafe_scheduler_is_refused_in_the_window_with_the_reason(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    tournament = window.lab.show_tournament()
    tournament.set_players({"rando": 1, "levi": 1})
    assert tournament.start_button.isEnabled()
    warnings: list[str] = []
    monkeypatch.setattr(
        "ttt_desktop.gui.lab.tournament_window.QMessageBox.warning",
        lambda _parent, _title, text: warnings.append(text),
    )

    def refused(*words: str) -> None:
        assert not tournament.start_button.isEnabled()
        for word in words:
            assert word in tournament.progress_label.text()
        tournament.start()  # even asked another way: nothing is sent
        assert tournament.runner is None
        assert all(word in warnings[-1] for word in words)

    def type_into(edit: object, text: str) -> None:
        edit.clear()  # type: ignore[attr-defined]
        qtbot.keyClicks(edit, text)

    # A plain tcp:// scheduler on another computer: anyone reaching its port runs programs.
    type_into(tournament.scheduler_edit, "tcp://10.1.2.3:8786")
    refused("tcp://10.1.2.3:8786 is a plain tcp:// scheduler on another computer", "tls://")
    assert "--insecure" not in tournament.progress_label.text()  # no such choice here
    # TLS needs its three files, and says which are missing.
    type_into(tournament.scheduler_edit, "tls://10.1.2.3:8786")
    refused("missing: the TLS authority, the TLS certificate, the TLS key")
    ca = tmp_path / "ca.pem"
    ca.write_text("not checked here\n")
    type_into(tournament.tls_edits["ca"], str(ca))
    refused("missing: the TLS certificate, the TLS key")
    assert "the TLS authority" not in tournament.progress_label.text()
    type_into(tournament.tls_edits["cert"], str(ca))
    type_into(tournament.tls_edits["key"], str(tmp_path / "gone.key"))
    refused(f"The TLS key {tmp_path / 'gone.key'}: there is no such file")
    # The files with a tcp:// scheduler are refused, not dropped.
    type_into(tournament.tls_edits["key"], str(ca))
    type_into(tournament.scheduler_edit, "tcp://127.0.0.1:8786")
    refused("The TLS files go with a tls:// scheduler")
    # Plain tcp:// on this computer is allowed.
    for edit in tournament.tls_edits.values():
        edit.clear()
    assert tournament.start_button.isEnabled()
    assert "Press Start" in tournament.progress_label.text()
    type_into(tournament.scheduler_edit, "localhost:8786")
    refused("is not a scheduler's address")
