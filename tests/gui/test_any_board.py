"""The painted board on every size: clicks, the keyboard cursor, names, coordinates, the
winning line, zoom, and a game of two people on 7,7,5 through the window."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from ttt_desktop.core import Board, Mark
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules
from ttt_desktop.gui.board.board_view import BoardView
from ttt_desktop.gui.board.board_widget import BoardWidget, CellButton, MarkStyle
from ttt_desktop.gui.common import theme

BOARDS = [TIC_TAC_TOE, Rules(7, 7, 5), Rules(15, 15, 5), Rules(20, 20, 5), Rules(9, 4, 4)]


def make_board(qtbot: QtBot, rules: Rules, width: int = 640, height: int = 600) -> BoardWidget:
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(width, height)
    board.set_board(Board.empty(Mark.X, rules))
    board.show()
    qtbot.waitExposed(board)
    return board


def click(qtbot: QtBot, board: BoardWidget, cell: int) -> None:
    """A mouse click on ``cell``: on the board itself, or on tic-tac-toe's cell button."""
    if board.rules.is_classic:
        qtbot.mouseClick(board.cell_widget(cell), Qt.MouseButton.LeftButton)
    else:
        qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.cell_centre(cell))


@pytest.mark.parametrize("rules", BOARDS, ids=lambda rules: rules.key)
def test_clicks_land_on_the_cell_under_the_mouse(qtbot: QtBot, rules: Rules) -> None:
    board = make_board(qtbot, rules)
    clicked: list[int] = []
    board.cell_clicked.connect(clicked.append)
    corners = [0, rules.m - 1, rules.size - rules.m, rules.size - 1, rules.size // 2]
    for cell in corners:
        click(qtbot, board, cell)
    assert clicked == corners
    # A point near a cell's corner maps to that cell, and the edge around the grid to none.
    for cell in corners:
        rect = board.cell_rect(cell)
        inside = QPoint(round(rect.left() + 2), round(rect.bottom() - 2))
        assert board.cell_at(inside) == cell
    assert board.cell_at(QPoint(1, 1)) is None


@pytest.mark.parametrize("rules", BOARDS[1:], ids=lambda rules: rules.key)
def test_cells_are_square_whole_pixels_and_leave_room_for_coordinates(
    qtbot: QtBot, rules: Rules
) -> None:
    board = make_board(qtbot, rules)
    grid = board.board_rect()
    size = board.cell_size()
    assert size == int(size) and size >= 12
    assert grid.width() == size * rules.m and grid.height() == size * rules.n
    # The coordinates sit left of and under the grid, inside the widget.
    assert grid.left() >= 14 and grid.bottom() <= board.height() - 14
    assert board.shows_coordinates


def test_the_keyboard_cursor_moves_names_cells_and_plays(qtbot: QtBot) -> None:
    rules = Rules(15, 15, 5)
    board = make_board(qtbot, rules)
    board.setFocus()
    qtbot.waitUntil(board.hasFocus)
    assert board.cell_name(board.cursor_cell) == "h8"  # the centre
    assert board.accessibleName() == "Board Gomoku 15x15, h8: empty"
    assert "press to play here" in board.accessibleDescription()
    moved: list[int] = []
    board.cursor_moved.connect(moved.append)
    qtbot.keyClick(board, Qt.Key.Key_Up)
    qtbot.keyClick(board, Qt.Key.Key_Right)
    assert board.cell_name(board.cursor_cell) == "i9"
    assert board.accessibleName().endswith("i9: empty")
    assert len(moved) == 2
    with qtbot.waitSignal(board.cell_clicked) as blocker:
        qtbot.keyClick(board, Qt.Key.Key_Return)
    assert blocker.args == [rules.geometry.parse("i9")]
    with qtbot.waitSignal(board.cell_clicked) as blocker:
        qtbot.keyClick(board, Qt.Key.Key_Space)
    assert blocker.args == [rules.geometry.parse("i9")]
    # The cursor stops at the edges.
    for _ in range(20):
        qtbot.keyClick(board, Qt.Key.Key_Down)
        qtbot.keyClick(board, Qt.Key.Key_Left)
    assert board.cell_name(board.cursor_cell) == "a1"
    assert board.shows_cursor


def test_digits_play_only_on_tic_tac_toe(qtbot: QtBot) -> None:
    board = make_board(qtbot, Rules(7, 7, 5))
    board.setFocus()
    with qtbot.assertNotEmitted(board.cell_clicked):
        qtbot.keyClick(board, Qt.Key.Key_5)


def test_a_stone_names_its_cell_and_the_last_move(qtbot: QtBot) -> None:
    rules = Rules(15, 15, 5)
    board = make_board(qtbot, rules)
    h8 = rules.geometry.parse("h8")
    played = Board.empty(Mark.X, rules).play(h8)
    board.set_board(played, last_move=h8)
    name, description = board.cell_text(h8)
    assert name == "h8: X"
    assert "last move" in description
    assert board.draws_stones
    image = board.grab().toImage()
    rect = board.cell_rect(h8)
    # A stone in X's colour left of the last-move dot at the centre.
    stone = QColor(image.pixel(round(rect.left() + rect.width() * 0.3), round(rect.center().y())))
    assert stone.blue() > stone.red()


def test_coordinates_are_drawn_on_the_edges(qtbot: QtBot) -> None:
    rules = Rules(20, 20, 5)
    board = make_board(qtbot, rules, 700, 700)
    image = board.grab().toImage()
    grid = board.board_rect()
    background = theme.board_colours(board.palette()).background

    def has_ink(left: float, top: float, width: float, height: float) -> bool:
        for x in range(round(left), round(left + width)):
            for y in range(round(top), round(top + height)):
                pixel = QColor(image.pixel(x, y))
                if abs(pixel.lightness() - background.lightness()) > 60:
                    return True
        return False

    size = board.cell_size()
    # Under the first and the last columns ("a", "t"), left of the top and bottom rows.
    assert has_ink(grid.left() + 2, grid.bottom() + 3, size - 4, 12)
    assert has_ink(grid.right() - size + 2, grid.bottom() + 3, size - 4, 12)
    assert has_ink(grid.left() - 18, grid.top() + 2, 16, size - 4)
    assert has_ink(grid.left() - 18, grid.bottom() - size + 2, 16, size - 4)
    # Tic-tac-toe has none.
    assert not make_board(qtbot, TIC_TAC_TOE).shows_coordinates


def test_the_winning_line_runs_through_the_stones(qtbot: QtBot) -> None:
    rules = Rules(7, 7, 5)
    board = make_board(qtbot, rules)
    board.reduced_motion = True
    geometry = rules.geometry
    moves = [geometry.parse(name) for name in ("b2", "b7", "c3", "c7", "d4", "d7", "e5", "e7")]
    position = Board.empty(Mark.X, rules).play_all(moves)
    winning = geometry.parse("f6")
    won = position.play(winning)
    assert won.winning_line is not None
    with qtbot.waitSignal(board.line_drawn):
        board.set_board(won, last_move=winning, winning_line=won.winning_line)
    image = board.grab().toImage()
    # Midway between two stones of the line: the line's stroke in X's colour.
    first = board.cell_rect(won.winning_line[1]).center()
    second = board.cell_rect(won.winning_line[2]).center()
    middle = (first + second) / 2
    on_line = QColor(image.pixel(round(middle.x()), round(middle.y())))
    x_colour = theme.board_colours(board.palette()).x
    assert abs(on_line.blue() - x_colour.blue()) < 40 and on_line.blue() > on_line.red()
    assert "part of the winning line" in board.cell_text(winning)[1]


def test_the_hover_preview_follows_the_mouse(qtbot: QtBot) -> None:
    rules = Rules(9, 9, 5)
    board = make_board(qtbot, rules)
    board.set_preview_mark(Mark.O)
    qtbot.mouseMove(board, board.cell_centre(40))
    qtbot.waitUntil(lambda: board.hovered_cell == 40)
    assert board.shows_preview
    qtbot.mouseMove(board, board.cell_centre(41))
    qtbot.waitUntil(lambda: board.hovered_cell == 41)


def test_zoom_grows_the_cells_and_scrolls(qtbot: QtBot) -> None:
    view = BoardView()
    qtbot.addWidget(view)
    view.resize(500, 500)
    view.board.set_board(Board.empty(Mark.X, Rules(20, 20, 5)))
    view.show()
    qtbot.waitExposed(view)
    fitted = view.board.cell_size()
    with qtbot.waitSignal(view.zoom_changed):
        view.zoom_in()
    view.zoom_in()
    qtbot.waitUntil(lambda: view.board.cell_size() > fitted * 1.4)
    assert view.verticalScrollBar().maximum() > 0 or view.horizontalScrollBar().maximum() > 0
    # Ctrl+wheel zooms too, and back to the fitted size the scroll bars go.
    view.reset_zoom()
    qtbot.waitUntil(lambda: view.board.cell_size() == fitted)
    assert view.zoom == 1.0
    view.board.zoom_requested.emit(1)
    assert view.zoom > 1.0


def test_marks_or_stones_as_set(qtbot: QtBot) -> None:
    board = make_board(qtbot, Rules(15, 15, 5))
    assert board.draws_stones
    board.set_mark_style(MarkStyle.MARKS)
    assert not board.draws_stones
    small = make_board(qtbot, Rules(7, 7, 5))
    assert not small.draws_stones
    small.set_mark_style(MarkStyle.STONES)
    assert small.draws_stones


def test_a_board_of_other_rules_replaces_the_cells(qtbot: QtBot) -> None:
    board = make_board(qtbot, TIC_TAC_TOE)
    assert board.cell_widget(4).objectName() == "cell-5"
    board.set_board(Board.empty(Mark.X, Rules(15, 15, 5)))
    with pytest.raises(LookupError, match="only tic-tac-toe"):
        board.cell_widget(0)
    assert not [cell for cell in board.findChildren(CellButton) if cell.isVisible()]
    board.set_board(Board.empty())
    assert board.cell_widget(8).accessibleName() == "row 3, column 3: empty"


class RecordingBoard(BoardWidget):
    """A board that keeps the regions it asks Qt to repaint (None: the whole widget)."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[QRect | None] = []

    def update(self, *region: object) -> None:  # type: ignore[override]
        rect = region[0] if region else None
        self.asked.append(rect if isinstance(rect, QRect) else None)
        super().update(*region)  # type: ignore[arg-type]


def test_a_move_a_hover_and_a_cursor_step_repaint_only_their_cells(qtbot: QtBot) -> None:
    rules = Rules(20, 20, 5)
    board = RecordingBoard()
    qtbot.addWidget(board)
    board.resize(700, 700)
    board.set_board(Board.empty(Mark.X, rules))
    board.set_preview_mark(Mark.X)
    board.show()
    qtbot.waitExposed(board)
    cell_area = board.cell_size() ** 2

    def asked_by(action: Callable[[], None]) -> list[QRect | None]:
        board.asked.clear()
        action()
        return list(board.asked)

    def small(rect: QRect | None) -> bool:
        return rect is not None and rect.width() * rect.height() < 3 * cell_area

    h8 = rules.geometry.parse("h8")
    moved = asked_by(lambda: board.set_board(board.board.play(h8), last_move=h8))
    assert moved and all(small(rect) for rect in moved), moved
    assert any(rect is not None and rect.contains(board.cell_centre(h8)) for rect in moved)
    hovered = asked_by(lambda: board.set_hovered_cell(0))
    assert hovered and all(small(rect) for rect in hovered), hovered
    board.setFocus()
    qtbot.waitUntil(board.hasFocus)
    stepped = asked_by(lambda: qtbot.keyClick(board, Qt.Key.Key_Right))
    assert stepped and all(small(rect) for rect in stepped), stepped
    # A new game (many cells change at once) repaints the whole board.
    assert None in asked_by(lambda: board.set_board(Board.empty(Mark.X, Rules(7, 7, 5))))


def test_the_big_board_follows_the_dark_scheme(qtbot: QtBot) -> None:
    board = make_board(qtbot, Rules(15, 15, 5))
    for scheme in (theme.Scheme.DARK, theme.Scheme.LIGHT):
        board.setPalette(theme.palette_for(scheme))
        colours = theme.TABLES[scheme]
        image = board.grab().toImage()
        rect = board.cell_rect(0)
        ground = QColor(image.pixel(round(rect.center().x()), round(rect.center().y())))
        assert ground.rgb() == colours.background.rgb()
        grid = board.board_rect()
        line = QColor(image.pixel(round(grid.left()), round(grid.center().y())))
        assert abs(line.lightness() - colours.grid.lightness()) < 30


def test_a_small_window_scrolls_a_big_board(qtbot: QtBot) -> None:
    view = BoardView()
    qtbot.addWidget(view)
    view.board.set_board(Board.empty(Mark.X, Rules(20, 20, 5)))
    assert view.minimumSizeHint().height() <= 180
    view.resize(200, 200)
    view.show()
    qtbot.waitExposed(view)
    qtbot.waitUntil(lambda: view.verticalScrollBar().maximum() > 0)
    assert view.board.cell_size() >= 12
