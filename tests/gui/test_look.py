"""View menu: full screen and the collapsible side panel."""

from __future__ import annotations

from conftest import WindowMaker
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from pytestqt.qtbot import QtBot

from ttt_desktop.gui.shell.look import SIDE_PANEL_KEY, full_screen_keys


def test_full_screen_has_f11_and_the_platform_keys(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    action = window.look.full_screen_action
    assert QKeySequence(Qt.Key.Key_F11) in action.shortcuts()
    for key in QKeySequence.keyBindings(QKeySequence.StandardKey.FullScreen):
        assert key in action.shortcuts()
    assert action.shortcuts() == full_screen_keys()
    assert action in window.look.window.actions()
    action.trigger()
    qtbot.waitUntil(window.isFullScreen)
    assert action.isChecked()
    action.trigger()
    qtbot.waitUntil(lambda: not window.isFullScreen())
    assert not action.isChecked()


def test_collapsed_side_panel_lets_the_board_set_the_minimum_width(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.review.moves_dock.hide()
    panel = window.player_panel
    window.layout().activate()
    with_panel = window.minimumSizeHint().width()
    assert with_panel >= panel.width()
    window.look.side_panel_action.trigger()
    assert not panel.isVisible()
    # The layout takes the hidden panel out on its next pass.
    qtbot.waitUntil(lambda: window.minimumSizeHint().width() < with_panel - panel.width())
    without_panel = window.minimumSizeHint().width()
    # What is left is the board's column: its widest row plus the window's margins.
    column = window.game_column.minimumSize().width()
    assert without_panel <= column + 60
    window.resize(without_panel, window.height())
    qtbot.waitUntil(lambda: window.width() <= without_panel + 1)
    assert window.board.width() >= window.board.minimumSizeHint().width()
    # Remembered: a second window starts with the panel hidden, and F9 brings it back.
    assert window.settings.qsettings.value(SIDE_PANEL_KEY) in (False, "false")
    second = make_window()
    assert not second.player_panel.isVisible()
    assert second.look.side_panel_action.shortcut() == QKeySequence(Qt.Key.Key_F9)
    second.look.side_panel_action.trigger()
    assert second.player_panel.isVisible()
