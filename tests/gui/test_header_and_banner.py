"""The header above the board, the status line, and the result banner, in the real window."""

from __future__ import annotations

from collections.abc import Callable

from conftest import MovePlayer
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QPaintEvent, QRegion
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from ttt_desktop.core import Mark
from ttt_desktop.gui.game.header import GameHeader
from ttt_desktop.gui.shell.main_window import MainWindow

WindowMaker = Callable[..., MainWindow]
LONG_NAME = "Bartholomew Fitzgerald-Worthington the Third"


def test_header_names_both_players_and_highlights_the_mover(
    qtbot: QtBot, two_people: WindowMaker, play_moves: MovePlayer
) -> None:
    window = two_people()
    header = window.header
    assert header.name_label(Mark.X).text() == "Alice"
    assert header.name_label(Mark.O).text() == "Bob"
    assert header.highlighted is Mark.X
    assert header.name_label(Mark.X).font().bold()
    assert not header.name_label(Mark.O).font().bold()
    play_moves(window, (4,))
    assert header.highlighted is Mark.O
    assert header.accessibleName() == "Alice plays X against Bob, who plays O"


# Fault 1: a long name was clipped on both sides of the status line, with no ellipsis.


def test_1_long_names_are_elided_in_the_middle_with_the_full_name_in_a_tooltip(
    qtbot: QtBot, two_people: WindowMaker
) -> None:
    window = two_people(x=LONG_NAME, o="Bob")
    window.resize(700, 600)
    qtbot.waitUntil(window.status_label.is_elided)
    status = window.status_label
    assert status.text() == f"{LONG_NAME} (X) to move"
    shown = status.elided_text()
    assert "…" in shown
    assert shown.startswith("Bartholomew") and shown.endswith("to move"), "cut in the middle"
    assert status.fontMetrics().horizontalAdvance(shown) <= status.contentsRect().width()
    status.grab()  # paints, which sets the tooltip
    assert status.toolTip() == status.text()

    name = window.header.name_label(Mark.X)
    assert name.is_elided()
    assert "…" in name.elided_text()
    assert LONG_NAME in name.toolTip()
    assert window.header.name_label(Mark.O).elided_text() == "Bob"


# The result banner ---------------------------------------------------------------------


def test_a_won_game_shows_the_banner_after_the_line_and_enter_plays_again(
    qtbot: QtBot, two_people: WindowMaker, play_moves: MovePlayer
) -> None:
    window = two_people()
    banner = window.result_banner
    play_moves(window, (0, 3, 1, 4))
    with qtbot.waitSignal(window.board.line_drawn):
        play_moves(window, (2,))
        assert window.board.is_drawing_line
        assert not banner.isVisible(), "the banner waits for the line"
    assert banner.isVisible()
    assert banner.title_label.text() == "Alice wins!"
    assert banner.score_label.text() == "Alice 1 : 0 Bob, 0 draws"
    assert banner.play_again_button.isDefault()
    assert window.focusWidget() is banner.play_again_button
    # The banner floats over the board: the board keeps its size.
    assert banner.parentWidget() is window.board
    with qtbot.waitSignal(window.controller.game_started) as started:
        qtbot.keyClick(banner.play_again_button, Qt.Key.Key_Return)
    assert started.args[0].moves == ()
    assert not banner.isVisible()
    assert window.focusWidget() is window.board.cell_widget(window.board.cursor_cell)


def test_space_plays_again_and_escape_closes(
    qtbot: QtBot, two_people: WindowMaker, play_moves: MovePlayer
) -> None:
    window = two_people()
    window.reduce_motion_action.setChecked(True)
    banner = window.result_banner
    # A draw: no line, the banner at once.
    play_moves(window, (0, 4, 8, 1, 7, 6, 2, 5, 3))
    assert banner.isVisible()
    assert banner.title_label.text() == "It's a draw"
    qtbot.keyClick(banner.play_again_button, Qt.Key.Key_Escape)
    assert not banner.isVisible()
    assert window.controller.session.record.is_finished, "Esc only hides the banner"
    window.new_game()
    play_moves(window, (0, 3, 1, 4, 2))
    assert banner.isVisible(), "reduced motion: no animation to wait for"
    with qtbot.waitSignal(window.controller.game_started):
        qtbot.keyClick(banner.play_again_button, Qt.Key.Key_Space)


def test_reduce_motion_is_remembered(make_window: WindowMaker) -> None:
    first = make_window()
    assert not first.board.reduced_motion or first.reduce_motion_action.isChecked() is False
    first.reduce_motion_action.setChecked(True)
    assert first.board.reduced_motion
    second = make_window(settings=first.settings)
    assert second.reduce_motion_action.isChecked()
    assert second.board.reduced_motion


def test_no_banner_between_two_computers(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    window.ai_speed_actions[0].trigger()
    panel = window.player_panel
    panel.choose_index(Mark.X, panel.index_of(Mark.X, kind="rando"))
    panel.choose_index(Mark.O, panel.index_of(Mark.O, kind="perfect"))
    with qtbot.waitSignal(window.controller.game_finished, timeout=20_000):
        window.start_button.click()
    qtbot.wait(450)  # longer than the line's animation
    assert not window.result_banner.isVisible()


# Fault 5: an earlier position on show, while the status spoke of the newest one.


def test_5_the_status_speaks_of_the_position_on_show(
    qtbot: QtBot, two_people: WindowMaker, play_moves: MovePlayer
) -> None:
    window = two_people()
    play_moves(window, (4, 0, 8, 2))
    assert window.status_label.text() == "Alice (X) to move"
    window.review.replay_bar.step_back()
    assert window.board.board == window.controller.session.record.board_at(3)
    assert window.status_label.text() == "Earlier position: move 3 of 4"
    assert window.header.highlighted is Mark.O, "after move 3, O is to move"
    window.review.replay_bar.follow_live()
    assert window.status_label.text() == "Alice (X) to move"
    assert window.header.highlighted is Mark.X


class _PaintedRegions(QObject):
    """Collects the regions a widget is asked to paint."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.region = QRegion()
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            assert isinstance(event, QPaintEvent)
            self.region = self.region.united(event.region())
        return False


def test_11_a_shorter_name_repaints_the_whole_tile(qtbot: QtBot) -> None:
    header = GameHeader()
    qtbot.addWidget(header)
    header.resize(600, 40)
    header.set_players("Maximiliane Wunderlich-Oberhausen", "Bob")
    header.set_highlighted(Mark.X)
    header.show()
    qtbot.waitExposed(header)
    side = header.name_label(Mark.X).parentWidget()
    assert side is not None
    painted = _PaintedRegions(side)
    # Only what the change asks for: the first paint of the window is done and forgotten.
    for _ in range(5):
        QApplication.processEvents()
    painted.region = QRegion()
    header.set_players("Al", "Bob")
    # The longer name's tile reached into the side's margin: that part is drawn again too.
    qtbot.waitUntil(lambda: QRegion(side.rect()).subtracted(painted.region).isEmpty())
