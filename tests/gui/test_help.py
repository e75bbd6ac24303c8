"""Help: F1 opens the manual offline; the shortcuts window lists the actions as they are."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from conftest import WindowMaker
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QMenu
from pytestqt.qtbot import QtBot

from ttt_desktop.gui.help.manual import ManualWindow, manual_folder, manual_pages
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
    named = "Play a cell of a bigger board by its name, as its edges show it"
    typed = [keys[what] for what in keys if what.startswith(named)]
    assert typed == ["its letter, then its number (a1 … t20)"]
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


def _open_manual(qtbot: QtBot, window: object) -> ManualWindow:
    window.how_to_play_action.trigger()  # type: ignore[attr-defined]
    manual = window.findChild(ManualWindow, "manual")  # type: ignore[attr-defined]
    assert manual is not None
    qtbot.waitUntil(manual.isVisible)
    return manual


def test_f1_opens_the_manual_at_its_contents(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    window.resize(1040, 660)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    manual = window.findChild(ManualWindow, "manual")
    assert manual is not None
    qtbot.waitUntil(manual.isVisible)
    assert manual.current_page() == "index.md"
    assert not manual.isModal()
    # Every page of the contents is in the list, the contents first.
    listed = [
        manual.pages.item(row).data(Qt.ItemDataRole.UserRole) for row in range(manual.pages.count())
    ]
    assert listed[0] == "index.md"
    assert set(listed[1:]) == {page.name for page in manual_folder().glob("*.md")} - {"index.md"}
    assert manual.pages.currentItem().data(Qt.ItemDataRole.UserRole) == "index.md"
    # It fits the screen the window is on; F1 again brings the same window back.
    screen = window.screen().availableGeometry()
    assert manual.height() <= screen.height() and manual.width() <= screen.width()
    manual.close()
    window.how_to_play_action.trigger()
    assert window.findChildren(ManualWindow) == [manual]
    qtbot.waitUntil(manual.isVisible)
    manual.close()


def test_links_between_pages_work_offline_with_back_and_forward(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    manual = _open_manual(qtbot, window)
    assert not manual.back_button.isEnabled()
    # A link of the contents page, as a click on it sends it.
    manual.browser.anchorClicked.emit(QUrl("coach.md"))
    assert manual.current_page() == "coach.md"
    assert "Undo and redo" in manual.browser.toPlainText()
    assert manual.pages.currentItem().data(Qt.ItemDataRole.UserRole) == "coach.md"
    # A link inside a page, to the next one.
    manual.browser.anchorClicked.emit(QUrl("library.md"))
    assert manual.current_page() == "library.md"
    assert manual.back_button.isEnabled()
    qtbot.mouseClick(manual.back_button, Qt.MouseButton.LeftButton)
    assert manual.current_page() == "coach.md"
    assert manual.forward_button.isEnabled()
    qtbot.mouseClick(manual.forward_button, Qt.MouseButton.LeftButton)
    assert manual.current_page() == "library.md"
    # Choosing a page in the list, and Contents.
    for row in range(manual.pages.count()):
        if manual.pages.item(row).data(Qt.ItemDataRole.UserRole) == "lab.md":
            manual.pages.setCurrentRow(row)
    assert manual.current_page() == "lab.md"
    assert "Tournament" in manual.browser.toPlainText()
    qtbot.mouseClick(manual.contents_button, Qt.MouseButton.LeftButton)
    assert manual.current_page() == "index.md"
    # A link to a page the app does not carry changes nothing.
    manual.browser.anchorClicked.emit(QUrl("../developer/performance.md"))
    assert manual.current_page() == "index.md"
    # Every link of every page leads to a page the window can show.
    for page, _ in manual_pages():
        manual.show_page(page)
        document = manual.browser.document()
        block = document.begin()
        while block.isValid():
            iterator = block.begin()
            while not iterator.atEnd():
                fragment = iterator.fragment()
                href = fragment.charFormat().anchorHref()
                if href and "://" not in href:
                    assert (manual_folder() / href.split("#")[0]).is_file(), (page, href)
                iterator += 1
            block = block.next()
    manual.close()


def test_the_manual_speaks_of_what_the_window_has(qtbot: QtBot, make_window: WindowMaker) -> None:
    # The old guide spoke of strength stars the player list no longer shows.
    window = make_window()
    manual = _open_manual(qtbot, window)
    texts = {}
    for page, _ in manual_pages():
        manual.show_page(page)
        texts[page] = manual.browser.toPlainText()
    everything = "\n".join(texts.values())
    assert not re.search(r"\bstars?\b", everything, re.IGNORECASE)
    for words in ("Undo move", "Hint", "History", "Lab", "Keyboard shortcuts", "F1"):
        assert words in everything, words
    assert "Ctrl+Z" in texts["coach.md"] and "Ctrl+H" in texts["coach.md"]
    assert "Ctrl+L" in texts["library.md"]
    assert "Tournament" in texts["lab.md"] and "Train the learner" in texts["lab.md"]
    manual.close()


def test_the_shortcuts_window_opened_from_the_manual_comes_in_front(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    manual = _open_manual(qtbot, window)
    qtbot.waitUntil(manual.isActiveWindow)
    qtbot.mouseClick(manual.shortcuts_button, Qt.MouseButton.LeftButton)
    dialog = _open_shortcuts(qtbot, window)
    assert dialog.rows()
    qtbot.waitUntil(dialog.isActiveWindow)
    assert QApplication.activeWindow() is dialog
    assert manual.isVisible()
    # Asked again while behind the manual, it comes to the front again.
    manual.activateWindow()
    qtbot.waitUntil(manual.isActiveWindow)
    qtbot.mouseClick(manual.shortcuts_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(dialog.isActiveWindow)
    dialog.close()
    manual.close()


def test_a_german_page_missing_is_shown_in_english(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    # A copy of the manual whose German coach page is missing: the German contents still
    # list it (under its English title, as tools/update_manual.py writes them), and the
    # window shows the English page for it and German for the rest.
    shutil.copytree(manual_folder(), tmp_path / "manual")
    folder = tmp_path / "manual"
    (folder / "de" / "coach.md").unlink()
    window = make_window()
    manual = ManualWindow(window, folder=folder, language="de")
    qtbot.addWidget(manual)
    assert manual.findChild(QLabel, "manual-language-note") is None
    assert manual.page_path("index.md") == folder / "de" / "index.md"
    assert manual.page_path("coach.md") == folder / "coach.md"
    manual.browser.anchorClicked.emit(QUrl("coach.md"))
    assert manual.current_page() == "coach.md"
    assert "Undo and redo" in manual.browser.toPlainText()
    manual.browser.anchorClicked.emit(QUrl("library.md"))
    assert "Jede Partie aufbewahrt" in manual.browser.toPlainText()
    qtbot.mouseClick(manual.back_button, Qt.MouseButton.LeftButton)
    assert manual.current_page() == "coach.md"
    # English asked for: the English pages, German or not beside them.
    english = ManualWindow(window, folder=folder, language="en")
    qtbot.addWidget(english)
    assert english.page_path("library.md") == folder / "library.md"
    assert [page for page, _ in manual_pages(folder, "en")] == [
        page for page, _ in manual_pages(folder, "de")
    ]
