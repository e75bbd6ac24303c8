"""The game library in the real window: games stored as they end, History, people, ratings.

Driven like a person would (clicks on cells, the menu's action, the list's header,
double-clicks, the filter controls), offscreen; each test has its own library file.
"""

from __future__ import annotations

import ast
import itertools
import json
import random
import time
from pathlib import Path

import pytest
from conftest import MovePlayer, PeopleSeater
from PySide6.QtCore import QDate, QLocale, QPoint, QSettings, QStandardPaths, Qt, QTimer
from PySide6.QtGui import QFontMetricsF, QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QPushButton
from pytestqt.qtbot import QtBot
from slow_players import NameQueue
from test_game_files import drag_events
from test_main_window import WindowMaker

from ttt_desktop.core import GameRecord, Mark, PlayerEntry
from ttt_desktop.core.rules import GOMOKU, RENJU, TIC_TAC_TOE, Rules
from ttt_desktop.formats.files import load_record, save_record
from ttt_desktop.formats.json_codec import record_to_json
from ttt_desktop.gui.common import translation
from ttt_desktop.gui.history.model import HISTORY_COLUMNS, date_format, local_time
from ttt_desktop.gui.history.window import HistoryWindow
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.library import (
    SCHEMA_VERSION,
    GameFilter,
    Library,
    LibraryCorruptError,
    LibraryNewerError,
    transfer,
)
from ttt_desktop.library.transfer import ImportReport, read_json_lines

# X takes the top row (keypad 7 8 9 = cells 0 1 2) while O plays 3 and 4.
X_WINS = (0, 3, 1, 4, 2)


def _window(make_window: WindowMaker, qtbot: QtBot, path: Path) -> MainWindow:
    window = make_window(ask_name=NameQueue("Alice", "Bob"), library_path=path)
    qtbot.waitUntil(
        lambda: window.history.library is not None or window.history.problem is not None
    )
    return window


def _history(qtbot: QtBot, window: MainWindow) -> HistoryWindow:
    window.history.action.trigger()
    history = window.history.history_window
    assert history is not None
    qtbot.waitExposed(history)
    return history


def test_every_game_is_stored_as_it_ends_and_an_abandoned_one_as_unfinished(
    make_window: WindowMaker,
    qtbot: QtBot,
    tmp_path: Path,
    play_moves: MovePlayer,
    seat_people: PeopleSeater,
) -> None:
    path = tmp_path / "library.sqlite3"
    window = _window(make_window, qtbot, path)
    seat_people(window)
    finished = play_moves(window, X_WINS)
    assert finished.result == "X"
    library = window.history.library
    assert library is not None
    (row,) = library.rows()
    assert (row.game_id, row.x_name, row.o_name, row.result) == (
        finished.game_id,
        "Alice",
        "Bob",
        "X",
    )
    assert library.record(row.id) == finished
    # The session score is the library's: Alice 1 : 0 Bob.
    assert window.score.told("Alice", "Bob").first_wins == 1
    # A game left after two moves is stored unfinished when the next one starts.
    window.new_game()
    left = play_moves(window, (4, 0))
    window.new_game()
    assert library.count(GameFilter(result="unfinished")) == 1
    assert library.rows(GameFilter(result="unfinished"))[0].game_id == left.game_id
    # And the one in hand when the window closes.
    last = play_moves(window, (8,))
    window.close()
    with Library(path) as reopened:
        assert reopened.has_game(last.game_id)
        assert reopened.count() == 3
        assert reopened.integrity_check() == "ok"
    assert window.score.told("Alice", "Bob").games == 1


def test_the_history_window_lists_sorts_and_filters_the_games(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "library.sqlite3"
    _fill(path, 300)
    window = _window(make_window, qtbot, path)
    assert window.history.action.shortcut() == QKeySequence("Ctrl+L")
    assert window.history.action in window.game_menu.actions()
    history = _history(qtbot, window)
    model = history.model
    assert model is not None
    assert history.count_label.text() == "300 games"
    # Newest first; more rows arrive as the list scrolls.
    dates = [model.row_at(i).started_at for i in range(model.rowCount())]
    assert dates == sorted(dates, reverse=True)
    assert model.rowCount() == 256
    history.table.scrollToBottom()
    qtbot.waitUntil(lambda: model.rowCount() == 300)
    # Sorting by a column from its header.
    moves_column = [key for key, _ in HISTORY_COLUMNS].index("length")
    header = history.table.horizontalHeader()
    qtbot.mouseClick(
        header.viewport(),
        Qt.MouseButton.LeftButton,
        pos=QPoint(header.sectionViewportPosition(moves_column) + 10, header.height() // 2),
    )
    lengths = [model.row_at(i).length for i in range(model.rowCount())]
    assert model.sort_key[0] == "length"
    assert lengths == sorted(lengths, reverse=model.sort_key[1])
    # Filters: a person and their wins, then free text.
    history.person_combo.setCurrentIndex(history.person_combo.findData("human:Ann"))
    history.result_combo.setCurrentIndex(history.result_combo.findData("win"))
    history.result_combo.activated.emit(history.result_combo.currentIndex())
    library = window.history.library
    assert library is not None
    expected = library.count(GameFilter(person="human:Ann", result="win"))
    assert history.count_label.text() == f"{expected} games"
    assert all(model.row_at(i).result_for("human:Ann") == "win" for i in range(model.rowCount()))
    history.result_combo.setCurrentIndex(0)
    history.person_combo.setCurrentIndex(0)
    history.result_combo.activated.emit(0)
    qtbot.keyClicks(history.search_edit, "Perfect")
    qtbot.waitUntil(lambda: history.count_label.text() != "300 games")
    assert model.rowCount() > 0
    assert all(
        "Perfect" in (model.row_at(i).x_name, model.row_at(i).o_name)
        for i in range(model.rowCount())
    )


def test_double_click_opens_a_stored_game_in_the_window(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "library.sqlite3"
    _fill(path, 20)
    window = _window(make_window, qtbot, path)
    history = _history(qtbot, window)
    assert history.model is not None
    row = history.model.row_at(3)
    table = history.table
    rect = table.visualRect(history.model.index(3, 1))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    with qtbot.waitSignal(window.controller.game_started):
        qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.controller.session.record.game_id == row.game_id
    # The coach's review panel shows that game's verdicts.
    assert window.coach.review_panel.record is not None
    assert window.coach.review_panel.record.game_id == row.game_id
    # Opening a stored game stores nothing new.
    assert window.history.library is not None
    assert window.history.library.count() == 20


def test_export_and_import_report_added_duplicates_and_refused(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "library.sqlite3"
    _fill(path, 10)
    window = _window(make_window, qtbot, path)
    history = _history(qtbot, window)
    table = history.table
    table.selectRow(0)
    table.selectionModel().select(
        history.model.index(2, 0) if history.model else None,  # type: ignore[arg-type]
        table.selectionModel().SelectionFlag.Select | table.selectionModel().SelectionFlag.Rows,
    )
    folder = tmp_path / "out"
    folder.mkdir()
    written = history.export_selected_files(folder)
    assert len(written) == 2 and all(p.suffix == ".tttgame" for p in written)
    lines = tmp_path / "games.jsonl"
    assert history.export_selected_lines(lines) == 2
    assert [r.game_id for r in read_json_lines(lines)] == [
        r.game_id for r in history.selected_rows()
    ]
    # Import: the two exported (already there), one new game, one broken file.
    new_game = GameRecord(PlayerEntry("human", "Zed"), PlayerEntry("rando", "Rando", 1), Mark.X)
    new_game = new_game.with_move(4)
    save_record(new_game, folder / "new.tttgame")
    (folder / "broken.tttgame").write_text("{ not json", encoding="utf-8")
    report = _import(qtbot, history, [str(folder)])
    assert (report.added, report.duplicates, len(report.refused)) == (1, 2, 1)
    assert "Added: 1 game." in history.import_message
    assert "Skipped as already stored: 2." in history.import_message
    assert "broken.tttgame: not a game file" in history.import_message
    assert history.count_label.text() == "11 games"
    # Dropping files on the window imports them too.
    other = GameRecord(PlayerEntry("human", "Yan"), PlayerEntry("human", "Zed"), Mark.O)
    save_record(other.with_move(0), tmp_path / "dropped.tttgame")
    enter, drop, _mime = drag_events(tmp_path / "dropped.tttgame")
    # Qt delivers a drop to the widget that accepted the drag's entry.
    QApplication.sendEvent(history, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(history, drop)
    qtbot.waitUntil(lambda: history.count_label.text() == "12 games")
    _close_messages(history)


def _import(qtbot: QtBot, history: HistoryWindow, paths: list[str]) -> ImportReport:
    """Import in the window's own way (a thread, with progress) and wait for the report."""
    history.last_import_report = None
    assert history.import_paths(paths) is not None
    qtbot.waitUntil(lambda: history.import_job is None, timeout=60_000)
    report = history.last_import_report
    assert isinstance(report, ImportReport)
    return report


def _close_messages(history: HistoryWindow) -> None:
    for box in history.findChildren(QMessageBox):
        box.done(0)


def test_a_persons_page_and_the_leaderboard(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "library.sqlite3"
    _fill(path, 120)
    window = _window(make_window, qtbot, path)
    history = _history(qtbot, window)
    history.tabs.setCurrentIndex(1)
    history.people_combo.setCurrentIndex(history.people_combo.findData("human:Ann"))
    history.people_combo.activated.emit(history.people_combo.currentIndex())
    stats = history.person_stats
    assert stats.key == "human:Ann"
    text = history.summary_label.text()
    assert f"{stats.tally.wins} won, {stats.tally.draws} drawn, {stats.tally.losses} lost" in text
    assert "Favourite first move" in text and "Mistakes per game" in text
    assert history.opponents_table.rowCount() == len(stats.opponents)
    chart = history._people_chart
    assert chart is not None
    values = chart.values()
    assert sum(sum(v) for v in values.values()) == stats.tally.games
    history.tabs.setCurrentIndex(2)
    library = window.history.library
    assert library is not None
    rated = library.ratings()
    assert history.leaderboard.rowCount() == len(rated)
    assert history.leaderboard.item(0, 0).text() == rated[0].name
    assert history.leaderboard.item(0, 2).text() == "Tic-tac-toe"
    assert history.leaderboard.item(0, 3).text() == rated[0].rating.label()
    # Highest displayed rating first (not a hidden "safe rating"), explained in a tooltip.
    shown = [p.rating.rating for p in rated]
    assert shown == sorted(shown, reverse=True)
    assert "±" in history.leaderboard.toolTip() and "Highest rating first" in (
        history.leaderboard.toolTip()
    )
    assert history._ratings_chart is not None
    # Whole names on the chart, turned to fit rather than cut to "R...".
    (axis,) = history._ratings_chart.chart.axes(Qt.Orientation.Horizontal)
    assert axis.categories() == [p.name for p in rated[:12]]
    assert not axis.truncateLabels() and axis.labelsAngle() in (0, -90)  # the chart's rule
    # Computers that played enough show their rating in the player drop-down.
    perfect = library.rating("computer:perfect")
    assert perfect is not None and perfect.is_established
    combo = window.player_panel.combo(Mark.O)
    index = window.player_panel.index_of(Mark.O, kind="perfect")
    assert perfect.label() in combo.itemText(index)


LONG_NAMES = ("Bartholomew", "Maximiliana", "Christopher", "Evangelina", "Fitzgerald", "Wilhelmina")


def _fill_people(path: Path, names: tuple[str, ...], rounds: int) -> None:
    """Each person plays each other ``rounds`` times, random legal moves, as stored."""
    rng = random.Random(len(names))
    games = []
    for index in range(rounds):
        for x, o in itertools.permutations(names, 2):
            record = GameRecord(
                PlayerEntry("human", x),
                PlayerEntry("human", o),
                Mark.X,
                started_at=f"2026-01-{1 + index % 28:02d}T10:00:00.000Z",
            )
            while not record.is_finished:
                empties = [c for c in range(9) if record.final_board.cells[c] == "."]
                record = record.with_move(rng.choice(empties))
            games.append(record)
    with Library(path) as library:
        library.store_many(games)
        library._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def test_the_leaderboard_chart_names_every_player_whole_after_a_resize(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path
) -> None:
    # History turned the names to -60 degrees itself; the chart turns them to 0 or -90 when
    # its plot changes, so after a resize the two disagreed. The chart alone decides.
    path = tmp_path / "library.sqlite3"
    _fill_people(path, LONG_NAMES, 2)
    window = _window(make_window, qtbot, path)
    history = _history(qtbot, window)
    history.tabs.setCurrentIndex(2)
    chart = history._ratings_chart
    assert chart is not None
    qtbot.waitExposed(chart)
    (axis,) = chart.chart.axes(Qt.Orientation.Horizontal)
    assert sorted(axis.categories()) == sorted(LONG_NAMES)
    metrics = QFontMetricsF(axis.labelsFont())
    longest = max(metrics.horizontalAdvance(name) for name in LONG_NAMES)

    def names_whole() -> None:
        assert not chart.chart.plotArea().isEmpty()
        assert not axis.truncateLabels()  # never "Barth..."
        plot = chart.chart.plotArea()
        if chart.labels_angle == 0:  # across: each name within its own bar's room
            assert longest <= plot.width() / len(LONG_NAMES)
        else:  # upright, with the room below the plot for the longest
            assert chart.labels_angle == -90
            assert chart.chart.size().height() - plot.bottom() >= longest

    # Each check waits for the chart to settle (a turn of the labels lays the chart out
    # again); the timeout is a ceiling against a chart that never settles.
    settled = 60_000
    qtbot.waitUntil(names_whole, timeout=settled)  # as it opens
    narrow = history.minimumSizeHint().width()
    for width, angle in ((narrow, -90), (2600, 0), (narrow, -90)):
        history.resize(width, history.height())
        qtbot.waitUntil(lambda angle=angle: chart.labels_angle == angle, timeout=settled)
        qtbot.waitUntil(names_whole, timeout=settled)
        # Re-read (as when a game ends) at the same size: the plot area does not change,
        # so whatever turns the labels now stays.
        history.refresh()
        names_whole()
        qtbot.waitUntil(names_whole, timeout=settled)
        assert chart.labels_angle == angle


def test_a_damaged_library_is_reported_the_game_plays_on_and_it_is_kept_aside_on_request(
    make_window: WindowMaker,
    qtbot: QtBot,
    tmp_path: Path,
    *,
    monkeypatch: pytest.MonkeyPatch,
    play_moves: MovePlayer,
    seat_people: PeopleSeater,
) -> None:
    path = tmp_path / "library.sqlite3"
    path.write_bytes(b"this is not a database" * 10)
    window = _window(make_window, qtbot, path)
    assert isinstance(window.history.problem, LibraryCorruptError)
    assert "Games are not being remembered" in window.statusBar().currentMessage()
    seat_people(window)
    finished = play_moves(window, X_WINS)
    assert finished.result == "X"
    assert window.score.told("Alice", "Bob").first_wins == 1  # still counted
    assert path.read_bytes() == b"this is not a database" * 10
    history = _history(qtbot, window)
    assert history.fresh_button.isVisible() and not history.tabs.isEnabled()
    monkeypatch.setattr(QMessageBox, "question", lambda *args: QMessageBox.StandardButton.Yes)
    history.fresh_button.click()
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("library.corrupt-")]
    assert len(kept) == 1 and kept[0].read_bytes() == b"this is not a database" * 10
    library = window.history.library
    assert library is not None and window.history.problem is None
    # The game played while the library was away was kept and is stored now.
    assert library.has_game(finished.game_id)
    assert history.tabs.isEnabled() and history.count_label.text() == "1 game"


def test_a_damaged_library_is_said_in_german_the_reason_only_in_the_tooltip(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "library.sqlite3"
    path.write_bytes(b"this is not a database" * 10)
    installed = translation.install(QSettings(), "de")
    try:
        window = _window(make_window, qtbot, path)
        problem = window.history.problem
        assert isinstance(problem, LibraryCorruptError)
        german = (
            "Partien werden nicht gespeichert. Die Partienbibliothek „library.sqlite3“ ist "
            "beschädigt oder keine Partienbibliothek von TTT Desktop."
        )
        status = window.statusBar().currentMessage()
        history = _history(qtbot, window)
        label = history.problem_label.text()
        assert status == german and label == german
        for text in (status, label):
            assert str(problem) not in text
            for english in ("damaged", "database", "SQLite", "game library", "not a"):
                assert english not in text
        assert history.problem_label.toolTip() == str(problem)
    finally:
        translation.remove(installed)


def test_a_library_from_a_newer_version_is_left_alone(
    make_window: WindowMaker,
    qtbot: QtBot,
    tmp_path: Path,
    play_moves: MovePlayer,
    seat_people: PeopleSeater,
) -> None:
    path = tmp_path / "library.sqlite3"
    with Library(path) as library:
        library._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
        library._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = path.read_bytes()
    window = _window(make_window, qtbot, path)
    assert isinstance(window.history.problem, LibraryNewerError)
    history = _history(qtbot, window)
    assert "newer version of TTT Desktop" in history.problem_label.text()
    assert "newer TTT Desktop" in history.problem_label.toolTip()  # the library's own words
    assert not history.fresh_button.isVisible()
    seat_people(window)
    play_moves(window, X_WINS)
    window.close()
    assert path.read_bytes() == before


def test_without_a_library_the_window_plays_and_history_is_off(
    make_window: WindowMaker, qtbot: QtBot, play_moves: MovePlayer, seat_people: PeopleSeater
) -> None:
    window = make_window(ask_name=NameQueue("Alice", "Bob"))
    assert not window.history.action.isEnabled()
    seat_people(window)
    play_moves(window, X_WINS)
    assert window.score.told("Alice", "Bob").first_wins == 1


def _fill(path: Path, count: int) -> None:
    """``count`` games between Ann, Bob, Perfect and Rando, stored as the window would."""
    rng = random.Random(count)
    people = [PlayerEntry("human", "Ann"), PlayerEntry("human", "Bob")]
    computers = [PlayerEntry("perfect", "Perfect", 1), PlayerEntry("rando", "Rando", 2)]
    games = []
    for index in range(count):
        x = people[index % 2] if index % 3 else computers[index % 2]
        o = computers[(index // 2) % 2] if index % 4 else people[(index + 1) % 2]
        if x == o:
            o = computers[0]
        record = GameRecord(
            x,
            o,
            Mark.X,
            started_at=f"2026-0{1 + index % 3}-{1 + index % 28:02d}T10:00:{index % 60:02d}.000Z",
        )
        while not record.is_finished and (record.ply < 9 if index % 9 else record.ply < 3):
            empties = [c for c in range(9) if record.final_board.cells[c] == "."]
            record = record.with_move(rng.choice(empties))
        games.append(record)
    with Library(path) as library:
        library.store_many(games)
        library._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert json.loads(record_to_json(games[0]))["game_id"] == games[0].game_id


def test_undo_after_the_end_reopens_the_stored_game_and_it_counts_once(
    make_window: WindowMaker,
    qtbot: QtBot,
    tmp_path: Path,
    play_moves: MovePlayer,
    seat_people: PeopleSeater,
) -> None:
    window = _window(make_window, qtbot, tmp_path / "library.sqlite3")
    seat_people(window)
    finished = play_moves(window, X_WINS)
    library = window.history.library
    assert library is not None
    assert window.score.told("Alice", "Bob").first_wins == 1
    with qtbot.waitSignal(window.controller.game_reopened):
        window.coach.undo_action.trigger()
    # Stored again, unfinished: history and score agree there is no result now.
    (row,) = library.rows()
    assert row.game_id == finished.game_id and row.result is None
    assert window.score.told("Alice", "Bob").games == 0
    assert library.ratings() == []
    # X plays elsewhere this time; the game ends in a draw and is still one game.
    again = play_moves(window, (5, 2, 6, 8, 7))
    assert again.result == "draw" and again.game_id == finished.game_id
    (row,) = library.rows()
    assert row.result == "draw"
    pairing = window.score.told("Alice", "Bob")
    assert (pairing.games, pairing.draws) == (1, 1)
    assert [p.rating.draws for p in library.ratings()] == [1, 1]


def test_the_library_file_comes_from_the_option_the_environment_or_app_data(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from ttt_desktop.gui.shell.app import _library_path, _parse  # noqa: PLC0415

    monkeypatch.delenv("TTT_DESKTOP_LIBRARY", raising=False)
    options, _ = _parse(["--library", str(tmp_path / "mine.sqlite3")])
    assert _library_path(options) == str(tmp_path / "mine.sqlite3")
    monkeypatch.setenv("TTT_DESKTOP_LIBRARY", str(tmp_path / "env.sqlite3"))
    options, _ = _parse([])
    assert _library_path(options) == str(tmp_path / "env.sqlite3")
    monkeypatch.delenv("TTT_DESKTOP_LIBRARY")
    assert str(_library_path(options)).endswith("library.sqlite3")
    # The self-test leaves the person's library alone.
    options, _ = _parse(["--self-test"])
    assert _library_path(options) is None


# Boards, and what a new user and a hostile tester met ------------------------------------


def _gomoku_win(x: PlayerEntry, o: PlayerEntry) -> GameRecord:
    # X: five in a row along the top (a15..e15) while O plays the row below.
    record = GameRecord(x, o, Mark.X, rules=GOMOKU)
    for cell in (0, 15, 1, 16, 2, 17, 3, 18, 4):
        record = record.with_move(cell)
    return record


def test_the_board_filter_and_a_rating_per_board(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "library.sqlite3"
    _fill(path, 40)
    ann, bob = PlayerEntry("human", "Ann"), PlayerEntry("human", "Bob")
    with Library(path) as library:
        library.store_many([_gomoku_win(bob, ann), _gomoku_win(bob, ann)])
    window = _window(make_window, qtbot, path)
    history = _history(qtbot, window)
    combo = history.board_combo
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "All boards",
        "Tic-tac-toe",
        "Gomoku 15x15",
    ]
    assert history.count_label.text() == "42 games"
    combo.setCurrentIndex(2)
    combo.activated.emit(2)
    assert history.count_label.text() == "2 games"
    assert history.model is not None
    board_column = [key for key, _ in HISTORY_COLUMNS].index("rules")
    assert history.model.index(0, board_column).data() == "Gomoku 15x15"
    people = history.person_combo
    assert [people.itemText(i) for i in range(people.count())] == ["Anyone", "Ann", "Bob"]
    # Ann's page on gomoku: two losses and her gomoku rating, not her 3x3 one.
    history.tabs.setCurrentIndex(1)
    history.people_combo.setCurrentIndex(history.people_combo.findData("human:Ann"))
    history.people_combo.activated.emit(history.people_combo.currentIndex())
    stats = history.person_stats
    assert (stats.tally.wins, stats.tally.losses, stats.rules) == (0, 2, GOMOKU)
    library = window.history.library
    assert library is not None
    gomoku = library.rating("human:Ann", GOMOKU)
    classic = library.rating("human:Ann", TIC_TAC_TOE)
    assert gomoku is not None and classic is not None and gomoku != classic
    text = history.summary_label.text()
    assert f"Rating on Gomoku 15x15: {gomoku.label()}" in text
    assert classic.label() not in text
    # The leaderboard of gomoku has its two players; all boards shows every rating.
    history.tabs.setCurrentIndex(2)
    assert history.leaderboard.rowCount() == 2
    assert {history.leaderboard.item(r, 2).text() for r in range(2)} == {"Gomoku 15x15"}
    combo.setCurrentIndex(0)
    combo.activated.emit(0)
    assert history.leaderboard.rowCount() == len(library.ratings())
    assert history.count_label.text() == "42 games"


def test_escape_closes_history(make_window: WindowMaker, qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(make_window, qtbot, tmp_path / "library.sqlite3")
    history = _history(qtbot, window)
    history.activateWindow()
    qtbot.waitUntil(history.isActiveWindow)
    qtbot.keyClick(history.table, Qt.Key.Key_Escape)
    assert not history.isVisible()


def test_dates_follow_the_locale_and_fall_back_to_iso(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path
) -> None:
    assert date_format(QLocale(QLocale.Language.German, QLocale.Country.Germany)) == "dd.MM.yyyy"
    assert date_format(QLocale.c()) == "yyyy-MM-dd"
    before = QLocale()
    QLocale.setDefault(QLocale.c())
    try:
        assert local_time("2026-10-24T12:00:00.000Z").startswith("2026-10-2")
        window = _window(make_window, qtbot, tmp_path / "library.sqlite3")
        history = _history(qtbot, window)
        history.since_check.setChecked(True)
        history.since_edit.setDate(QDate(2026, 10, 24))
        assert history.since_edit.text() == "2026-10-24"
    finally:
        QLocale.setDefault(before)


def test_dialogs_open_in_documents_then_the_last_folder_and_json_lines_come_back(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "library.sqlite3"
    _fill(path, 12)
    window = _window(make_window, qtbot, path)
    history = _history(qtbot, window)
    asked: list[tuple[str, str]] = []
    target = tmp_path / "exports" / "three.jsonl"
    target.parent.mkdir()

    def save_name(_parent: object, _title: str, start: str, filters: str) -> tuple[str, str]:
        asked.append((start, filters))
        return str(target), filters

    def open_names(_parent: object, _title: str, start: str, filters: str) -> tuple[list, str]:
        asked.append((start, filters))
        return [str(target)], filters

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_name)
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", open_names)
    history.table.selectRow(0)
    for row in (1, 2):
        history.table.selectionModel().select(
            history.model.index(row, 0),  # type: ignore[union-attr]
            history.table.selectionModel().SelectionFlag.Select
            | history.table.selectionModel().SelectionFlag.Rows,
        )
    chosen = history.selected_rows()
    history.export_lines_button.click()
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    assert Path(asked[0][0]).parent == Path(documents or Path.home())
    assert Path(asked[0][0]) != Path.cwd() / "games.jsonl"
    _close_messages(history)
    # The exported games are removed, then imported back from the JSON lines.
    library = window.history.library
    assert library is not None
    library.delete([row.id for row in chosen])
    window.history.library_changed.emit()
    assert history.count_label.text() == "9 games"
    history.import_button.click()
    start, filters = asked[1]
    assert start == str(target.parent)  # the last folder used
    assert "*.jsonl" in filters and "*.tttgame" in filters
    qtbot.waitUntil(lambda: history.import_job is None, timeout=60_000)
    qtbot.waitUntil(lambda: history.count_label.text() == "12 games")
    assert history.last_import_report is not None
    assert history.last_import_report.added == 3
    assert {r.game_id for r in chosen} <= library.game_ids()
    _close_messages(history)


@pytest.mark.slow
def test_many_files_import_off_the_window_thread_with_progress_and_cancel(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    game = GameRecord(PlayerEntry("human", "Ann"), PlayerEntry("rando", "Rando", 1), Mark.X)
    text = record_to_json(game.with_move(4))
    for number in range(3000):
        (folder / f"{number:05}.tttgame").write_text(
            text.replace(game.game_id, f"{number:05x}{game.game_id[5:]}")
        )
    window = _window(make_window, qtbot, tmp_path / "library.sqlite3")
    history = _history(qtbot, window)
    # A slow disk: 2 ms a file, so the cancel lands while files are still being read.
    slow = {"on": True}

    def load_slowly(file: Path) -> GameRecord:
        if slow["on"]:
            time.sleep(0.002)
        return load_record(file)

    monkeypatch.setattr(transfer, "load_record", load_slowly)
    # The window's event loop keeps turning while the files are read and stored.
    ticks: list[float] = []
    timer = QTimer(history)
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start()
    job = history.import_paths([str(folder)])
    assert job is not None
    heard: list[int] = []
    job.progressed.connect(lambda done, _total: heard.append(done))
    qtbot.waitUntil(lambda: len(heard) >= 200, timeout=60_000)
    progress = history.import_progress
    assert progress.maximum() == 3000
    progress.findChild(QPushButton).click()  # Cancel
    qtbot.waitUntil(lambda: history.import_job is None, timeout=60_000)
    timer.stop()
    report = history.last_import_report
    assert report is not None
    assert report.cancelled and 200 <= report.added < 3000
    assert "cancelled" in history.import_message
    gaps = [later - earlier for earlier, later in itertools.pairwise(ticks)]
    assert len(ticks) > 10 and max(gaps) < 1.0
    library = window.history.library
    assert library is not None and library.count() == report.added
    _close_messages(history)
    slow["on"] = False
    # Again, to the end: the rest are added, the ones stored before are skipped.
    report = _import(qtbot, history, [str(folder)])
    assert (report.added + report.duplicates, report.cancelled) == (3000, False)
    qtbot.waitUntil(lambda: history.count_label.text() == "3000 games")
    _close_messages(history)


def test_a_library_with_flipped_bits_is_reported_and_games_are_still_kept(
    make_window: WindowMaker,
    qtbot: QtBot,
    tmp_path: Path,
    play_moves: MovePlayer,
    seat_people: PeopleSeater,
) -> None:
    path = tmp_path / "library.sqlite3"
    _fill(path, 30)
    data = bytearray(path.read_bytes())
    for name in (b"Ann", b"Bob"):
        start = 0
        while (start := data.find(name, start)) >= 0:
            data[start] |= 0x80  # no longer UTF-8
            start += 1
    path.write_bytes(bytes(data))
    window = _window(make_window, qtbot, path)
    history = _history(qtbot, window)
    assert isinstance(window.history.problem, LibraryCorruptError)
    assert "damaged" in history.problem_label.text() and history.problem_label.isVisible()
    assert history.fresh_button.isVisible()
    # The window plays on, and the game it ends is not silently dropped.
    seat_people(window)
    finished = play_moves(window, X_WINS)
    stored = window.history.library is not None and window.history.library.has_game(
        finished.game_id
    )
    assert stored or finished in window.history.pending


def test_closing_the_window_during_an_import_stops_it_cleanly(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "some"
    folder.mkdir()
    for number in range(300):
        game = GameRecord(PlayerEntry("human", "Ann"), PlayerEntry("rando", "Rando", 1), Mark.X)
        save_record(game.with_move(number % 9), folder / f"{number:03}.tttgame")

    def load_slowly(file: Path) -> GameRecord:
        time.sleep(0.01)
        return load_record(file)

    monkeypatch.setattr(transfer, "load_record", load_slowly)
    window = _window(make_window, qtbot, tmp_path / "library.sqlite3")
    history = _history(qtbot, window)
    job = history.import_paths([str(folder)])
    assert job is not None
    qtbot.waitUntil(job.isRunning)
    window.close()
    assert job.isFinished()
    assert job.report is not None and job.report.cancelled
    with Library(tmp_path / "library.sqlite3") as library:
        assert library.count() == job.report.added < 300


def test_the_history_window_does_not_import_the_features_that_open_it() -> None:
    # The features own the library handle and give it to the window: the window and
    # the handle import neither the features nor each other's importer.
    folder = Path(HistoryWindow.__module__.replace(".", "/")).parent
    root = Path(__file__).resolve().parents[2]

    def imported(name: str) -> set[str]:
        tree = ast.parse((root / folder / f"{name}.py").read_text(encoding="utf-8"))
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        return found

    assert "ttt_desktop.gui.history.features" not in imported("window")
    assert not {m for m in imported("handle") if m.startswith("ttt_desktop.gui")}
    assert "ttt_desktop.gui.history.window" in imported("features")


def test_renju_games_have_their_own_board_filter_and_ratings(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path
) -> None:
    # The same five on 15x15 under free-style and under renju: two rules, two filters, two
    # rating tables (a renju rating is not the free-style one).
    path = tmp_path / "library.sqlite3"
    ann, bob = PlayerEntry("human", "Ann"), PlayerEntry("human", "Bob")
    renju = Rules(15, 15, 5, rule=RENJU)
    renju_wins = []
    for row in (0, 2):  # Bob's five along row a15..e15, then a13..e13, Ann's below
        record = GameRecord(bob, ann, Mark.X, rules=renju)
        for column in range(9):
            record = record.with_move(15 * (row + column % 2) + column // 2)
        renju_wins.append(record)
    with Library(path) as library:
        library.store_many([_gomoku_win(ann, bob), *renju_wins])
    window = _window(make_window, qtbot, path)
    history = _history(qtbot, window)
    combo = history.board_combo
    titles = [combo.itemText(i) for i in range(combo.count())]
    assert titles == ["All boards", "Gomoku 15x15", "Renju 15x15"]
    combo.setCurrentIndex(2)
    combo.activated.emit(2)
    assert history.board_rules() is renju
    assert history.count_label.text() == "2 games"
    library = window.history.library
    assert library is not None
    on_renju = library.rating("human:Ann", renju)
    on_gomoku = library.rating("human:Ann", GOMOKU)
    assert on_renju is not None and on_gomoku is not None
    assert (on_renju.games, on_renju.losses, on_gomoku.games, on_gomoku.wins) == (2, 2, 1, 1)
    history.tabs.setCurrentIndex(2)
    assert history.leaderboard.rowCount() == 2
    assert {history.leaderboard.item(r, 2).text() for r in range(2)} == {"Renju 15x15"}
