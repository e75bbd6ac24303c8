"""The board's overlays: annotations, marked cells and numbered ghost marks, drawn and read out."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from ttt_desktop.core import Board, Mark
from ttt_desktop.gui.board.board_overlay import BoardOverlay, CellAnnotation, GhostMark
from ttt_desktop.gui.board.board_widget import BoardWidget
from ttt_desktop.gui.common import theme


def make_board(qtbot: QtBot) -> BoardWidget:
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(420, 420)
    board.show()
    qtbot.waitExposed(board)
    return board


def pixels_near(image: QImage, board: BoardWidget, cell: int, colour: QColor) -> int:
    """How many pixels of ``cell`` are within a small distance of ``colour``."""
    rect = board.cell_rect(cell).toAlignedRect()
    ratio = image.devicePixelRatio()
    count = 0
    for x in range(int(rect.left() * ratio), int(rect.right() * ratio), 2):
        for y in range(int(rect.top() * ratio), int(rect.bottom() * ratio), 2):
            pixel = image.pixelColor(x, y)
            distance = (
                abs(pixel.red() - colour.red())
                + abs(pixel.green() - colour.green())
                + abs(pixel.blue() - colour.blue())
            )
            count += distance < 40
    return count


def test_annotations_are_drawn_in_their_tone_and_read_out(qtbot: QtBot) -> None:
    board = make_board(qtbot)
    board.set_board(Board.from_string("XX.OO...."))
    colours = theme.board_colours(board.palette())
    win, loss = QColor(colours.annotation_win), QColor(colours.annotation_loss)
    before = board.grab().toImage()
    assert pixels_near(before, board, 2, win) == 0
    board.set_overlay(
        "values",
        BoardOverlay(
            annotations={
                2: CellAnnotation("wins in 1", "playing here wins in 1 move", "win"),
                5: CellAnnotation("loses in 1", "playing here loses in 1 move", "loss"),
            }
        ),
    )
    after = board.grab().toImage()
    assert pixels_near(after, board, 2, win) > 0
    assert pixels_near(after, board, 5, loss) > 0
    assert pixels_near(after, board, 2, loss) == 0
    description = board.cell_widget(2).accessibleDescription()
    assert "playing here wins in 1 move" in description
    assert "keypad 9" in description
    assert "playing here" not in board.cell_widget(6).accessibleDescription()


def test_marked_cells_and_ghosts(qtbot: QtBot) -> None:
    board = make_board(qtbot)
    board.set_board(Board.from_string("X...O...."))
    plain = board.grab().toImage()
    board.set_overlay("hint", BoardOverlay(marked=(1, 3), marked_description="hint: best move"))
    board.set_overlay(
        "line",
        BoardOverlay(ghosts=(GhostMark(1, Mark.X, 1), GhostMark(7, Mark.O, 2))),
    )
    drawn = board.grab().toImage()
    assert drawn != plain
    assert "hint: best move" in board.cell_widget(1).accessibleDescription()
    assert "move 1 of the line shown: X" in board.cell_widget(1).accessibleDescription()
    assert "move 2 of the line shown: O" in board.cell_widget(7).accessibleDescription()
    # The number's disc is in the mark's colour; the ghost mark itself is faint.
    colours = theme.board_colours(board.palette())
    x_colour = colours.mark(Mark.X)
    assert pixels_near(plain, board, 1, x_colour) == 0
    assert pixels_near(drawn, board, 1, x_colour) > 0
    faint_o = colours.mark(Mark.O)
    faint_o.setAlpha(95)
    faint_o = theme.composite(faint_o, colours.background)
    assert pixels_near(plain, board, 7, faint_o) == 0
    assert pixels_near(drawn, board, 7, faint_o) > 0


def test_layers_are_separate_and_keep_their_order(qtbot: QtBot) -> None:
    board = make_board(qtbot)
    first = BoardOverlay(marked=(0,), marked_description="first")
    second = BoardOverlay(annotations={4: CellAnnotation("+3", "score 3")})
    board.set_overlay("a", first)
    board.set_overlay("b", second)
    assert list(board.overlays) == ["a", "b"]
    board.set_overlay("a", BoardOverlay(marked=(8,), marked_description="first again"))
    assert list(board.overlays) == ["a", "b"], "a replaced layer keeps its place"
    board.set_overlay("a", None)
    assert board.overlay("a") is None
    assert board.overlay("b") == second
    assert "score 3" in board.cell_widget(4).accessibleDescription()
    board.set_overlay("b", BoardOverlay())
    assert board.overlays == {}
    assert "score 3" not in board.cell_widget(4).accessibleDescription()


def test_bad_overlays_are_refused() -> None:
    with pytest.raises(ValueError, match="0-399"):
        BoardOverlay(marked=(400,))
    with pytest.raises(ValueError, match="tone"):
        CellAnnotation("?", "?", "maybe")  # type: ignore[arg-type]
