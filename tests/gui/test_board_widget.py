"""The board widget on its own, the session score and the stored seat choices."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from ttt_desktop.core import Board, Mark
from ttt_desktop.core.record import MAX_NAME_LENGTH
from ttt_desktop.gui.board.board_widget import BoardWidget
from ttt_desktop.gui.common.theme import mark_colour
from ttt_desktop.gui.game.session_score import SessionScore
from ttt_desktop.gui.shell.settings import SeatChoice, tidy_person_name


def make_board(qtbot: QtBot, width: int = 500, height: int = 300) -> BoardWidget:
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(width, height)
    board.show()
    qtbot.waitExposed(board)
    return board


def test_grid_is_square_and_centred_in_any_shape(qtbot: QtBot) -> None:
    for width, height in ((500, 300), (300, 500), (400, 400)):
        board = make_board(qtbot, width, height)
        square = board.board_rect()
        assert square.width() == square.height()
        assert abs(square.center().x() - width / 2) < 1
        assert abs(square.center().y() - height / 2) < 1
        for cell in range(9):
            assert board.cell_at(board.cell_centre(cell)) == cell
            assert board.cell_widget(cell).geometry().contains(board.cell_centre(cell))
        assert board.cell_at(QPointF(1, 1)) is None


def test_every_cell_reports_clicks_whatever_it_holds(qtbot: QtBot) -> None:
    """The widget knows no rules: an occupied cell still reports the click."""
    board = make_board(qtbot)
    board.set_board(Board.from_string("X...O...."), last_move=4)
    clicked: list[int] = []
    board.cell_clicked.connect(clicked.append)
    for cell in (0, 4, 8):
        qtbot.mouseClick(board.cell_widget(cell), Qt.MouseButton.LeftButton)
    board.set_accepts_clicks(False)
    qtbot.mouseClick(board.cell_widget(2), Qt.MouseButton.LeftButton)
    assert clicked == [0, 4, 8, 2]


def test_arrow_keys_stop_at_the_edges(qtbot: QtBot) -> None:
    board = make_board(qtbot)
    board.set_cursor_cell(0)
    for key in (Qt.Key.Key_Up, Qt.Key.Key_Left):
        qtbot.keyClick(board, key)
    assert board.cursor_cell == 0
    for _ in range(4):
        qtbot.keyClick(board, Qt.Key.Key_Down)
        qtbot.keyClick(board, Qt.Key.Key_Right)
    assert board.cursor_cell == 8


def test_modified_digits_are_not_moves(qtbot: QtBot) -> None:
    board = make_board(qtbot)
    with qtbot.assertNotEmitted(board.cell_clicked):
        qtbot.keyClick(board, Qt.Key.Key_5, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClick(board, Qt.Key.Key_0)


def test_paints_marks_line_and_preview(qtbot: QtBot) -> None:
    board = make_board(qtbot, 330, 330)
    board.reduced_motion = True
    won = Board.from_string("XXXOO....")
    board.set_board(won, last_move=2, winning_line=won.winning_line)
    image = board.grab().toImage()
    assert not image.isNull()
    # The winning line runs through the middle of the top row in the winner's colour.
    centre = board.cell_centre(1)
    on_line = QColor(image.pixel(centre.x(), centre.y()))
    assert _close(on_line, mark_colour(Mark.X))
    # An O off the line is faded: still orange, but lighter than its full colour.
    rect = board.cell_rect(3)
    ring_x = round(rect.left() + rect.width() * 0.22 + 1)
    faded = QColor(image.pixel(ring_x, round(rect.center().y())))
    assert faded.red() > faded.blue()
    assert faded.lightness() > mark_colour(Mark.O).lightness()
    # An X on the line keeps its full colour (a point on the stroke away from the line).
    rect = board.cell_rect(0)
    stroke = QColor(
        image.pixel(
            round(rect.left() + rect.width() * 0.3), round(rect.top() + rect.height() * 0.3)
        )
    )
    assert _close(stroke, mark_colour(Mark.X))

    board.set_board(Board.empty())
    board.set_preview_mark(Mark.X)
    board.set_hovered_cell(4)
    centre = board.cell_centre(4)
    ghost = QColor(board.grab().toImage().pixel(centre.x(), centre.y()))
    assert ghost.blue() > ghost.red()
    assert ghost.lightness() > mark_colour(Mark.X).lightness()


def _close(first: QColor, second: QColor) -> bool:
    return all(
        abs(a - b) < 40
        for a, b in zip(
            (first.red(), first.green(), first.blue()),
            (second.red(), second.green(), second.blue()),
            strict=True,
        )
    )


def test_session_score_counts_by_name_whichever_mark() -> None:
    score = SessionScore()
    score.add_result("Alice", "Perfect", "Perfect")
    score.add_result("Perfect", "Alice", None)
    score.add_result("Perfect", "Alice", "Alice")
    score.add_result("Bob", "Alice", "Bob")
    alice = score.score("Alice", "Perfect")
    assert (alice.first_wins, alice.second_wins, alice.draws, alice.games) == (1, 1, 1, 3)
    assert score.score("Perfect", "Alice").describe() == "Perfect 1 : 1 Alice, 1 draw"
    # Pairings in the order first played, each told as its first game sat (X first).
    assert [pairing.describe() for pairing in score.pairings()] == [
        "Alice 1 : 1 Perfect, 1 draw",
        "Bob 1 : 0 Alice, 0 draws",
    ]


def test_seat_choices_round_trip_and_reject_junk() -> None:
    for choice in (SeatChoice("human", "Zoë"), SeatChoice("perfect", "perfect")):
        assert SeatChoice.from_text(choice.to_text()) == choice
    for junk in (None, 3, "", "human:", "robot:perfect", "ai:  "):
        assert SeatChoice.from_text(junk) is None
    assert tidy_person_name("  Ann\n  Lee\t") == "Ann Lee"
    assert len(tidy_person_name("x" * 100)) == MAX_NAME_LENGTH


def test_the_winning_line_is_drawn_with_an_animation(qtbot: QtBot) -> None:
    board = make_board(qtbot, 330, 330)
    won = Board.from_string("OOOXX.X..")
    progress: list[float] = []
    board._line_animation.valueChanged.connect(progress.append)
    with qtbot.waitSignal(board.line_drawn):
        board.set_board(won, last_move=2, winning_line=won.winning_line)
        assert board.is_drawing_line
        assert board.line_progress == 0.0
    assert board.line_progress == 1.0
    assert len(progress) > 2 and progress == sorted(progress)
    # While drawn only in part, the far end of the line is not painted yet.
    board.set_board(Board.empty())
    board.set_board(won, last_move=2, winning_line=won.winning_line)
    board._on_line_progress(0.3)
    far = board.cell_centre(2)
    colour = QColor(board.grab().toImage().pixel(far.x(), far.y()))
    assert not _close(colour, mark_colour(Mark.O))
    board._on_line_progress(1.0)
    colour = QColor(board.grab().toImage().pixel(far.x(), far.y()))
    assert _close(colour, mark_colour(Mark.O))
    qtbot.waitSignal(board.line_drawn).wait()


def test_reduced_motion_draws_the_line_at_once(qtbot: QtBot) -> None:
    board = make_board(qtbot, 330, 330)
    board.reduced_motion = True
    won = Board.from_string("OOOXX.X..")
    with qtbot.waitSignal(board.line_drawn, timeout=0):
        board.set_board(won, last_move=2, winning_line=won.winning_line)
    assert not board.is_drawing_line
    assert board.line_progress == 1.0


def test_the_cursor_and_the_preview_never_show_two_cells(qtbot: QtBot) -> None:
    board = make_board(qtbot)
    board.set_cursor_cell(4)
    board.cell_widget(4).setFocus()
    board.set_preview_mark(Mark.X)
    qtbot.keyClick(board.cell_widget(4), Qt.Key.Key_Right)
    assert board.cursor_cell == 5
    board.set_hovered_cell(2)
    # The mouse in use: its preview shows, the dashed cursor does not.
    assert board.shows_preview and not board.keyboard_in_use and not board.shows_cursor
    qtbot.keyClick(board.cell_widget(5), Qt.Key.Key_Left)
    assert board.keyboard_in_use and not board.shows_preview
    board.set_cursor_enabled(False)
    assert not board.shows_cursor
