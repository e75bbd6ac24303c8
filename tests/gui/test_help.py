"""Help: the short guide fits the window; the shortcuts window lists the actions as they are."""

from __future__ import annotations

from conftest import WindowMaker
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from ttt_desktop.gui.help.shortcuts import ShortcutsDialog, key_text, plain_text


def _menu_actions_with_keys(menu: QMenu) -> list[QAction]:
    found = []
    for action in menu.actions():
        if action.menu() is not None:
            found += _menu_actions_with_keys(action.menu())
        elif action.shortcuts() and action.isVisible():
            found.append(action)
    return found


def _open_shortcuts(qtbot: QtBot, window: object) -> ShortcutsDialog:
    dialog = window.findChild(ShortcutsDialog)  # type: ignore[attr-defined]
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    return dialog


def test_ctrl_question_mark_lists_every_menu_shortcut(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(
        window,
        Qt.Key.Key_Question,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    dialog = _open_shortcuts(qtbot, window)
    listed = {(what, keys) for _, what, keys in dialog.rows()}
    menus = [action.menu() for action in window.menuBar().actions() if action.menu()]
    expected = [action for menu in menus for action in _menu_actions_with_keys(menu)]
    assert len(expected) >= 15
    for action in expected:
        assert (plain_text(action.text()), key_text(action.shortcuts())) in listed
    # The ones the issue named, and the board's own keys.
    keys = {what: keys for what, keys in listed}
    assert keys["New game"] == "Ctrl+N"
    assert keys["Save game"] == "Ctrl+S"
    assert keys["Open game"] == "Ctrl+O"
    assert "F11" in keys["Full screen"]
    assert keys["Play / pause"] == "Ctrl+P"
    assert "Keyboard shortcuts" in keys
    # The platform's extra Undo keys for special keyboards (the Undo key, F14) are left out.
    assert keys["Undo move"] == "Ctrl+Z, Alt+Backspace"
    assert keys["Move the dashed cursor"]
    assert "1" in keys["Play the cell in that place on a numeric keypad (7 is top left)"]
    groups = [group for group, _, _ in dialog.rows()]
    assert groups[0] == "Game" and groups[-1] == "On the board"


def test_the_list_follows_the_actions(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    window.swap_action.setShortcut(QKeySequence("Ctrl+Shift+W"))
    extra = QAction("Do something &new", window)
    extra.setShortcut(QKeySequence("Ctrl+Alt+J"))
    window.game_menu.addAction(extra)
    dialog = window.help.show_shortcuts()
    listed = {(group, what, keys) for group, what, keys in dialog.rows()}
    assert ("Game", "Swap sides", "Ctrl+Shift+W") in listed
    assert ("Game", "Do something new", "Ctrl+Alt+J") in listed
    extra.setVisible(False)
    dialog = window.help.show_shortcuts()
    assert all(what != "Do something new" for _, what, _ in dialog.rows())


def test_the_filter_narrows_the_list(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    dialog = window.help.show_shortcuts()
    everything = dialog.rows()
    dialog.filter.setText("alt+")
    narrowed = dialog.rows()
    assert 0 < len(narrowed) < len(everything)
    assert all("alt+" in keys.casefold() or "alt+" in what.casefold() for _, what, keys in narrowed)
    dialog.filter.clear()
    assert dialog.rows() == everything
    dialog.close()


def test_how_to_play_fits_the_window_and_leads_to_the_shortcuts(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.resize(1040, 660)
    window.how_to_play_action.trigger()
    box = window.findChild(QMessageBox, "how-to-play")
    assert box is not None
    qtbot.waitUntil(box.isVisible)
    assert box.sizeHint().height() <= 660
    assert box.height() <= 660
    button = box.findChild(QPushButton, "show-shortcuts")
    assert button is not None
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = _open_shortcuts(qtbot, window)
    assert dialog.rows()
    assert box.isVisible()
    box.close()
