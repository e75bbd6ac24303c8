"""Features tried together in the real window, as a person uses them: the coach with the
game library, the theme with the side panel, and so on (each test names what it mixes)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt, QTranslator
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot
from test_coach_window import against, click, free_keypad, play_and_wait_reply

from ttt_desktop.analysis import Outcome, best_moves, position_value
from ttt_desktop.core import Board, Mark, keypad_label
from ttt_desktop.gui.charts import BarSet, LineChart, StackedBarChart
from ttt_desktop.gui.coach.overlays import REVIEW_LAYER
from ttt_desktop.gui.common import theme, translation
from ttt_desktop.gui.common.theme import ThemeChoice
from ttt_desktop.gui.shell.main_window import MainWindow

WindowMaker = Callable[..., MainWindow]


@pytest.fixture
def in_german() -> Iterator[Callable[[], None]]:
    """Call to switch the application to German; English again at the end of the test."""
    installed: list[QTranslator] = []

    def switch() -> None:
        installed.extend(translation.install(QSettings(), "de"))

    yield switch
    translation.remove(installed)


def losing_move(board: Board) -> int | None:
    """A cell that turns ``board`` into a lost position for the side to move, if any."""
    for cell in board.legal_moves():
        after = board.play(cell)
        if not after.is_over and position_value(after).outcome is Outcome.WIN:
            return cell
    return None


def test_a_game_reopened_by_undo_and_finished_differently_can_be_undone_again(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    window = make_window(library_path=tmp_path / "library.sqlite3")
    window = against(lambda **options: window, "perfect")
    controller, features = window.controller, window.coach
    # The person blunders as soon as they can; Perfect wins.
    while not controller.session.record.is_finished:
        board = controller.session.board
        cell = losing_move(board)
        play_and_wait_reply(
            qtbot, window, keypad_label(cell if cell is not None else best_moves(board)[0])
        )
    assert controller.session.record.result == "O"
    assert features.undo_action.isEnabled()
    with qtbot.waitSignal(controller.game_reopened):
        features.undo_action.trigger()
    # Finished differently: best play from here is a draw, ended by X's ninth move.
    while not controller.session.record.is_finished:
        play_and_wait_reply(qtbot, window, keypad_label(best_moves(controller.session.board)[0]))
    assert controller.session.record.result == "draw"
    assert controller.session.can_undo
    assert features.undo_action.isEnabled()
    with qtbot.waitSignal(controller.game_reopened):
        features.undo_action.trigger()


def mark_colours_drawn(label: QLabel) -> set[str]:
    """The opaque colours of a label's picture."""
    image = label.pixmap().toImage()
    return {
        QColor(image.pixel(x, y)).name()
        for x in range(image.width())
        for y in range(image.height())
        if QColor.fromRgba(image.pixel(x, y)).alpha() == 255
    }


def wait_for_scheme(qtbot: QtBot, widget: QWidget, scheme: theme.Scheme) -> None:
    qtbot.waitUntil(lambda: theme.scheme_of(widget.palette()) is scheme)


def wait_for_colour(qtbot: QtBot, label: QLabel, colour: str) -> None:
    qtbot.waitUntil(lambda: colour in mark_colours_drawn(label))


def test_the_player_panels_marks_follow_a_theme_switch(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    panel = window.player_panel
    labels = {
        mark: next(
            label
            for label in panel.findChildren(QLabel)
            if label.toolTip() == f"Plays {mark.value}" and not label.pixmap().isNull()
        )
        for mark in (Mark.X, Mark.O)
    }
    for choice in (ThemeChoice.DARK, ThemeChoice.LIGHT):
        window.look.set_theme(choice)
        wait_for_scheme(qtbot, panel, window.look.themes.scheme)
        for mark, label in labels.items():
            wait_for_colour(qtbot, label, theme.mark_colour(mark, panel.palette()).name())
    window.look.set_theme(ThemeChoice.SYSTEM)


def test_the_file_dialogs_list_their_file_types_in_german(
    make_window: WindowMaker, in_german: Callable[[], None]
) -> None:
    window = make_window()
    files = window.review.game_files
    english = files.file_filter()
    assert english.startswith("TTT Desktop games (*.tttgame *.json)")
    in_german()
    translated = files.file_filter()
    assert translated != english
    # The patterns stay as they are: the dialog filters by them.
    assert "(*.tttgame *.json)" in translated and ";;" in translated


def test_a_persons_game_opened_from_history_shows_its_moves_and_replay_bar(
    qtbot: QtBot, two_people: WindowMaker, tmp_path: Path
) -> None:
    window = two_people(first=None, library_path=tmp_path / "l.sqlite3")
    with qtbot.waitSignal(window.controller.game_finished):
        for digit in (7, 4, 8, 5, 9):
            click(qtbot, window, digit)
    stored = window.controller.session.record
    window.new_game()  # a person's new game starts calm: no move list, no replay bar
    assert not window.review.history_shown
    window.history.action.trigger()
    history = window.history.history_window
    assert history is not None and history.model is not None
    qtbot.waitExposed(history)
    table = history.table
    rect = table.visualRect(history.model.index(0, 1))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    with qtbot.waitSignal(window.controller.game_started):
        qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.controller.session.record.game_id == stored.game_id
    # Opened in review, as a file would be: its moves and the replay bar are on show.
    assert window.review.history_shown
    assert window.review.moves_dock.isVisible()
    assert window.review.replay_bar.isVisible()


def y_axis_labels(chart: StackedBarChart) -> list[str]:
    """The labels the chart's value axis draws (its format applied to each tick)."""
    (axis,) = chart.chart.axes(Qt.Orientation.Vertical)
    low, high, ticks = axis.min(), axis.max(), axis.tickCount()
    step = (high - low) / (ticks - 1)
    return [axis.labelFormat() % (low + step * number) for number in range(ticks)]


@pytest.mark.parametrize("games", [1, 2, 3, 7, 40, 255_168])
def test_a_chart_of_game_counts_labels_each_tick_with_a_different_whole_number(
    qtbot: QtBot, games: int
) -> None:
    # A person's page with one game drew its axis as 0 0 0 1 1 1.
    chart = StackedBarChart("Results over time", y_title="Games")
    qtbot.addWidget(chart)
    chart.set_data(["2026-11-23"], [BarSet("Drawn", [float(games)])])
    labels = y_axis_labels(chart)
    assert len(set(labels)) == len(labels), labels
    assert float(labels[-1]) >= games


def test_try_again_straight_from_a_verdict_starts_on_a_clean_board(
    qtbot: QtBot, two_people: WindowMaker
) -> None:
    window = two_people()
    features, controller = window.coach, window.controller
    panel = features.review_panel
    with qtbot.waitSignal(controller.game_finished):
        for digit in (5, 8, 7, 3, 9, 1, 4, 2):  # O8 is a mistake
            if controller.session.record.is_finished:
                break
            click(qtbot, window, digit)
        while not controller.session.record.is_finished:
            click(qtbot, window, free_keypad(window))
    # The verdict of O8 (the first mistake) shows its position with O's move as a ghost.
    item = panel.moves.item(1)
    qtbot.mouseClick(
        panel.moves.viewport(),
        Qt.MouseButton.LeftButton,
        pos=panel.moves.visualItemRect(item).center(),
    )
    assert window.board.overlay(REVIEW_LAYER) is not None
    with qtbot.waitSignal(controller.game_started):
        qtbot.mouseClick(panel.try_again_button, Qt.MouseButton.LeftButton)
    # The practice game's board shows its own position, not the old verdict's ghost move
    # ("played") on an empty cell.
    assert window.board.overlay(REVIEW_LAYER) is None


def x_axis_labels(chart: LineChart) -> list[str]:
    (axis,) = chart.chart.axes(Qt.Orientation.Horizontal)
    low, high, ticks = axis.min(), axis.max(), axis.tickCount()
    step = (high - low) / (ticks - 1)
    return [axis.labelFormat() % (low + step * number) for number in range(ticks)]


def test_a_learning_curve_labels_its_episodes_axis_with_different_numbers(qtbot: QtBot) -> None:
    # Before the first measurement, and with only the one at episode 0, it read 0 0 1 1 1.
    chart = LineChart("Against Perfect", x_title="Episodes")
    qtbot.addWidget(chart)
    for episodes in (None, 0, 1000, 20_000):
        if episodes is not None:
            chart.append("Won", episodes, 0.5)
        labels = x_axis_labels(chart)
        assert len(set(labels)) == len(labels), (episodes, labels)
