"""Comfort on every board, in the real window: the first start's two names in the
interface's language, move numbers on the stones, rulers that stay in view when the board
is zoomed, the value label over the hover preview, the buttons under the board."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import pytest
from conftest import MovePlayer, WindowMaker
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QFontMetricsF, QImage
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from ttt_desktop.core import Mark
from ttt_desktop.core.rules import GOMOKU, Rules
from ttt_desktop.gui.board.board_overlay import tone_colour
from ttt_desktop.gui.board.board_widget import MOVE_NUMBERS_KEY
from ttt_desktop.gui.coach.overlays import VALUES_LAYER
from ttt_desktop.gui.common import theme, translation
from ttt_desktop.gui.game.controller import Seat
from ttt_desktop.gui.lab.tournament_window import TournamentWindow
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import AppSettings, SeatChoice
from ttt_desktop.players import HUMAN_KIND


@pytest.fixture
def german() -> Iterator[Callable[[], None]]:
    """Call to switch the application to German; English again at the end of the test."""
    installed: list[object] = []

    def switch() -> None:
        installed.extend(translation.install(QSettings(), "de"))
        assert installed, "ttt_desktop_de loads"

    yield switch
    translation.remove(installed)  # type: ignore[arg-type]


def _combo_texts(window: object, mark: Mark) -> list[str]:
    combo = window.player_panel.combo(mark)  # type: ignore[attr-defined]
    return [combo.itemText(index) for index in range(combo.count())]


def test_the_first_start_s_names_follow_a_change_of_language(
    qtbot: QtBot, make_window: WindowMaker, german: Callable[[], None]
) -> None:
    # A first start in English stores its two people (as choosing a seat does); the next
    # start is in German.
    english = make_window()
    assert english.player_panel.combo(Mark.X).currentText() == "Player 1"
    english.settings.set_people(english.settings.people())
    english.settings.set_seat_choice("X", SeatChoice(HUMAN_KIND, "Player 1"))
    english.close()
    settings = AppSettings()
    assert settings.qsettings.value("players/people") == ["Player 1", "Player 2"]
    german()
    window = make_window()
    x_names, o_names = _combo_texts(window, Mark.X), _combo_texts(window, Mark.O)
    assert "Spieler 1" in x_names and "Spieler 2" in o_names
    assert not {"Player 1", "Player 2"} & {*x_names, *o_names}
    assert window.player_panel.combo(Mark.X).currentText() == "Spieler 1"
    assert window.header.name_label(Mark.X).text() == "Spieler 1"
    assert "Player 1" not in window.status_label.text()
    # Stored again in English, so they follow the language back.
    window.settings.set_people(window.settings.people())
    assert settings.qsettings.value("players/people") == ["Player 1", "Player 2"]


def _play(qtbot: QtBot, window: MainWindow, names: Iterable[str]) -> None:
    """Click the cells ``names`` on the board, waiting for each move."""
    board = window.board
    for name in names:
        with qtbot.waitSignal(window.controller.move_played):
            QTest.mouseClick(
                board,
                Qt.MouseButton.LeftButton,
                pos=board.cell_centre(board.rules.geometry.parse(name)),
            )


def _gomoku_game(make_window: WindowMaker) -> MainWindow:
    window = make_window()
    window.start_game(GOMOKU, Seat(HUMAN_KIND, "Ann"), Seat(HUMAN_KIND, "Bob"))
    return window


def test_move_numbers_on_the_marks_follow_the_position_on_show(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = _gomoku_game(make_window)
    board = window.board
    cell = board.rules.geometry.parse
    action = window.move_numbers_action
    assert not action.isChecked() and not board.shows_move_numbers  # off unless chosen
    _play(qtbot, window, ["h8", "h9", "i8"])
    assert board.move_number(cell("h8")) is None
    plain = board.grab().toImage()
    action.trigger()
    assert board.shows_move_numbers
    assert [board.move_number(cell(name)) for name in ("h8", "h9", "i8")] == [1, 2, 3]
    assert board.grab().toImage() != plain  # the numbers are drawn
    assert "move 2" in board.cell_text(cell("h9"))[1]
    # Each new move is numbered; browsing back shows the numbers of that position only.
    _play(qtbot, window, ["g7"])
    assert board.move_number(cell("g7")) == 4
    window.review.replay_bar.show_ply(2)
    qtbot.waitUntil(lambda: board.board.ply == 2)
    assert [board.move_number(cell(name)) for name in ("h8", "h9", "i8", "g7")] == [
        1,
        2,
        None,
        None,
    ]
    window.review.replay_bar.follow_live()
    qtbot.waitUntil(lambda: board.board.ply == 4)
    assert board.move_number(cell("g7")) == 4
    # A position that the game's moves do not lead to is not numbered (never wrongly).
    board.set_board(board.board.play(cell("a1")))
    assert board.move_number(cell("a1")) is None and board.move_number(cell("h8")) is None
    # Remembered: the next window numbers the marks from the start.
    assert AppSettings().qsettings.value(MOVE_NUMBERS_KEY, False, type=bool)
    again = _gomoku_game(make_window)
    assert again.move_numbers_action.isChecked() and again.board.shows_move_numbers
    _play(qtbot, again, ["h8"])
    assert again.board.move_number(cell("h8")) == 1
    again.move_numbers_action.trigger()
    assert again.board.move_number(cell("h8")) is None


def test_rulers_keep_the_coordinates_in_view_when_the_board_is_zoomed(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = _gomoku_game(make_window)
    view, board = window.board_view, window.board
    rows, columns = view.row_ruler, view.column_ruler
    assert not rows.isVisible() and not columns.isVisible()  # the board's own are in view
    view.set_zoom(3.0)
    # Scrolled to the middle: neither the left edge's numbers nor the bottom's letters show.
    for bar in (view.horizontalScrollBar(), view.verticalScrollBar()):
        bar.setValue(bar.maximum() // 2)
    qtbot.waitUntil(lambda: rows.isVisible() and columns.isVisible())

    def under(ruler: object, label: str, at: float) -> str:
        # The cell of the board beside the label: its column's letter or its row's number.
        point = QPoint(round(at), 5) if ruler is columns else QPoint(5, round(at))
        spot = board.mapFrom(view, ruler.mapTo(view, point))  # type: ignore[attr-defined]
        if ruler is columns:
            spot.setY(board.mapFrom(view.viewport(), QPoint(0, 0)).y() + 10)
        else:
            spot.setX(board.mapFrom(view.viewport(), QPoint(0, 0)).x() + 10)
        cell = board.cell_at(spot)
        assert cell is not None
        name = board.cell_name(cell)
        return name[:1] if ruler is columns else name[1:]

    for ruler in (columns, rows):
        labels = ruler.labels()
        assert len(labels) >= 3
        assert all(under(ruler, label, at) == label for label, at in labels)
    # Scrolled on, the labels follow; back at the fitted size the rulers go.
    before = columns.labels()
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().maximum())
    assert columns.labels() != before
    assert all(under(columns, label, at) == label for label, at in columns.labels())
    assert columns.labels()[-1][0] == "o"  # the last column, at the right edge
    view.reset_zoom()
    qtbot.waitUntil(lambda: not rows.isVisible() and not columns.isVisible())


def test_a_cell_s_value_stays_readable_over_the_previewed_mark(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    # 4x4 with the move values on: the mouse over an empty cell previews X there, and the
    # cell's value is written at the cell's foot over the faint X (drawn in the middle, the
    # X crossed it out).
    four = Rules.parse("4,4,4")
    window = make_window()
    window.start_game(four, Seat(HUMAN_KIND, "Ann"), Seat(HUMAN_KIND, "Bob"))
    board = window.board
    _play(qtbot, window, ["b2", "c3"])
    window.coach.show_values_action.setChecked(True)
    qtbot.waitUntil(lambda: board.overlay(VALUES_LAYER) is not None)
    a1 = four.geometry.parse("a1")
    annotation = board.overlay(VALUES_LAYER).annotations[a1]  # type: ignore[union-attr]
    assert annotation.text == "draw"
    ink = tone_colour(annotation, theme.board_colours(board.palette()))

    def inked(image: QImage, top: float, bottom: float) -> int:
        # Pixels of the value's colour in a band of a1's square (shares of its height),
        # away from the grid's lines.
        rect = board.cell_rect(a1)
        ratio = image.devicePixelRatio()
        count = 0
        rows = range(
            round(rect.top() + rect.height() * top), round(rect.top() + rect.height() * bottom)
        )
        columns = range(
            round(rect.left() + rect.width() * 0.1), round(rect.right() - rect.width() * 0.1)
        )
        for y in rows:
            for x in columns:
                colour = image.pixelColor(round(x * ratio), round(y * ratio))
                difference = max(
                    abs(colour.red() - ink.red()),
                    abs(colour.green() - ink.green()),
                    abs(colour.blue() - ink.blue()),
                )
                count += difference < 40
        return count

    quiet = board.grab().toImage()
    assert inked(quiet, 0.4, 0.6) > 0 and inked(quiet, 0.7, 0.9) == 0  # in the middle
    QTest.mouseMove(board, board.cell_centre(a1))
    qtbot.waitUntil(lambda: board.shows_preview and board.hovered_cell == a1)
    hovered = board.grab().toImage()
    assert inked(hovered, 0.7, 0.9) > 0  # now at the foot, on its plate
    assert inked(hovered, 0.4, 0.6) == 0  # and nothing left under the mark


RUN_TIMEOUT_MS = 300_000  # a ceiling against a hung run, not a speed bar


def _tournament(qtbot: QtBot, window: MainWindow, kinds: list[str]) -> TournamentWindow:
    window.lab.tournament_action.trigger()
    tournament = window.lab.tournament_window
    assert tournament is not None
    tournament.set_players(dict.fromkeys(kinds, 1))
    tournament.games_spin.setValue(2)
    tournament.seed_spin.setValue(5)
    tournament.jobs_spin.setValue(2)
    with qtbot.waitSignal(tournament.run_finished, timeout=RUN_TIMEOUT_MS):
        QTest.mouseClick(tournament.start_button, Qt.MouseButton.LeftButton)
    return tournament


def test_the_ratings_chart_shows_every_player_s_name_whole(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    # Ten players: across, each name had a tenth of the plot ("Str...", "Str..."); upright,
    # each is whole, and the chart leaves it the room.
    window = make_window()
    kinds = ["rando", "levi", "ralph", "humiston", "utility", "strategist", "minimax"]
    kinds += ["alphabeta", "perfect", "searcher"]
    tournament = _tournament(qtbot, window, kinds)
    chart = tournament.ratings_chart
    bars = chart.bars()
    assert len(bars) == len(kinds)
    qtbot.waitUntil(lambda: chart.labels_angle == -90)
    font = QFontMetricsF(chart.chart.axes(Qt.Orientation.Horizontal)[0].labelsFont())
    longest = max(font.horizontalAdvance(bar.label) for bar in bars)
    plot = chart.chart.plotArea()
    assert chart.chart.size().height() - plot.bottom() >= longest  # room below for the names
    assert longest > plot.width() / len(bars)  # across they could not have been whole
    # Three players have room across.
    tournament.close()
    few = _tournament(qtbot, window, ["rando", "levi", "perfect"])
    qtbot.waitUntil(lambda: few.ratings_chart.labels_angle == 0)


def test_the_buttons_under_the_board_stay_where_they_are(
    qtbot: QtBot, two_people: WindowMaker, play_moves: MovePlayer
) -> None:
    # The replay bar shows above them while history is browsed and hides again: the
    # buttons keep their place, as the board keeps its size.
    window = two_people()
    button = window.new_game_button

    def place() -> QPoint:
        return button.mapTo(window, QPoint(0, 0))

    where = place()
    board_size = window.board_view.size()
    play_moves(window, [0, 4, 1, 3, 2])  # X wins on the top row
    window.review.replay_bar.show_ply(2)
    qtbot.waitUntil(window.review.replay_bar.isVisible)
    assert place().y() == where.y()
    assert window.board_view.size().height() == board_size.height()
    window.new_game()
    qtbot.waitUntil(lambda: not window.review.replay_bar.isVisible())
    assert place().y() == where.y()
