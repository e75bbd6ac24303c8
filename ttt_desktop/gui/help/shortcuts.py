"""The Keyboard shortcuts window: every key of the menu bar's actions, and the board's keys.

:func:`shortcut_groups` walks the window's menu bar (sub-menus too) and lists each
action that has a shortcut, under its menu's title, with the keys written the
platform's way (``QKeySequence.NativeText``: "Ctrl+N", in German "Strg+N").
Actions added to the window but to no menu come last. The board's keys are taken
from the board widget's own key tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLineEdit,
    QMainWindow,
    QMenu,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

from ttt_desktop.core.geometry import COLUMN_LETTERS
from ttt_desktop.gui.board import board_widget

# Qt's key codes from Key_Back up are keys of media and special keyboards.
_SPECIAL_KEYS: Final = Qt.Key.Key_Back.value
_F13: Final = Qt.Key.Key_F13.value
_F35: Final = Qt.Key.Key_F35.value


@dataclass(frozen=True)
class Shortcut:
    """One line of the window: what it does and the keys that do it."""

    what: str
    keys: str


def plain_text(menu_text: str) -> str:
    """A menu text as a sentence: no "&" accelerators, no trailing "...", no tab."""
    text = (
        menu_text.split("\t", maxsplit=1)[0].replace("&&", "\0").replace("&", "").replace("\0", "&")
    )
    return text.removesuffix("...").removesuffix("…").strip()


def on_every_keyboard(sequence: QKeySequence) -> bool:
    """False for keys that only some keyboards have (F13-F35, Undo, Close, media keys)."""
    for index in range(sequence.count()):
        key = sequence[index].key().value  # type: ignore[index]
        if key >= _SPECIAL_KEYS or _F13 <= key <= _F35:
            return False
    return True


def key_text(sequences: list[QKeySequence]) -> str:
    """The keys as the platform writes them, alternatives joined by commas.

    Keys that only some keyboards have (the platform adds Undo, F14 and the like
    to the standard shortcuts) are left out.
    """
    names: list[str] = []
    for sequence in sequences:
        if not on_every_keyboard(sequence):
            continue
        name = sequence.toString(QKeySequence.SequenceFormat.NativeText)
        if name and name not in names:
            names.append(name)
    return ", ".join(names)


def _menu_shortcuts(menu: QMenu, seen: set[int]) -> list[Shortcut]:
    found: list[Shortcut] = []
    for action in menu.actions():
        submenu = action.menu()
        if isinstance(submenu, QMenu):
            found += _menu_shortcuts(submenu, seen)
            continue
        if action.isSeparator() or not action.isVisible():
            continue
        seen.add(id(action))
        keys = key_text(action.shortcuts())
        if keys:
            found.append(Shortcut(plain_text(action.text()), keys))
    return found


def board_shortcuts() -> list[Shortcut]:
    """The board's keys, from the board widget's key tables."""
    digits = sorted(board_widget._DIGIT_KEYS.values())
    arrows = [QKeySequence(key) for key in board_widget._ARROW_STEPS]
    play = [QKeySequence(key) for key in board_widget._PLAY_KEYS if key != Qt.Key.Key_Enter]
    return [
        Shortcut(
            QCoreApplication.translate(
                "ShortcutsDialog", "Play the cell in that place on a numeric keypad (7 is top left)"
            ),
            f"{digits[0]} … {digits[-1]}",
        ),
        Shortcut(
            QCoreApplication.translate(
                "ShortcutsDialog",
                "Play a cell of a bigger board by its name, as its edges show it "
                "(Backspace takes back a character, Escape forgets the name)",
            ),
            QCoreApplication.translate(
                "ShortcutsDialog", "its letter, then its number ({first} … {last})"
            ).format(first="a1", last=f"{COLUMN_LETTERS[-1]}{len(COLUMN_LETTERS)}"),
        ),
        Shortcut(
            QCoreApplication.translate("ShortcutsDialog", "Move the dashed cursor"),
            key_text(arrows),
        ),
        Shortcut(
            QCoreApplication.translate("ShortcutsDialog", "Play the cell under the cursor"),
            key_text(play),
        ),
    ]


def shortcut_groups(window: QMainWindow) -> list[tuple[str, list[Shortcut]]]:
    """(group title, shortcuts) for each menu with keys, the window's other actions, the board."""
    groups: list[tuple[str, list[Shortcut]]] = []
    seen: set[int] = set()
    for top in window.menuBar().actions():
        menu = top.menu()
        if not isinstance(menu, QMenu) or not top.isVisible():
            continue
        shortcuts = _menu_shortcuts(menu, seen)
        if shortcuts:
            groups.append((plain_text(top.text()), shortcuts))
    others = [
        Shortcut(plain_text(action.text()), key_text(action.shortcuts()))
        for action in window.findChildren(QAction)
        if id(action) not in seen
        and action.shortcuts()
        and action.isEnabled()
        and plain_text(action.text())
    ]
    if others:
        groups.append(
            (QCoreApplication.translate("ShortcutsDialog", "Elsewhere in the window"), others)
        )
    groups.append(
        (QCoreApplication.translate("ShortcutsDialog", "On the board"), board_shortcuts())
    )
    return groups


class ShortcutsDialog(QDialog):
    """A window listing :func:`shortcut_groups` with a filter field."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self._window = window
        self._groups: list[tuple[QTreeWidgetItem, list[QTreeWidgetItem]]] = []
        self.setObjectName("shortcuts-dialog")
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self.filter = QLineEdit(self)
        self.filter.setObjectName("shortcuts-filter")
        self.filter.setPlaceholderText(self.tr("Find a shortcut"))
        self.filter.setClearButtonEnabled(True)
        self.filter.setAccessibleName(self.tr("Find a shortcut"))
        self.filter.textChanged.connect(self._apply_filter)
        self.tree = QTreeWidget(self)
        self.tree.setObjectName("shortcuts")
        self.tree.setColumnCount(2)
        self.tree.setHeaderLabels([self.tr("Action"), self.tr("Keys")])
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setStretchLastSection(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter)
        layout.addWidget(self.tree, 1)
        layout.addWidget(buttons)

    def refresh(self) -> None:
        """List the shortcuts as the window's actions have them now."""
        self.tree.clear()
        self._groups = []
        for title, shortcuts in shortcut_groups(self._window):
            group = QTreeWidgetItem(self.tree, [title])
            font = group.font(0)
            font.setBold(True)
            group.setFont(0, font)
            group.setFirstColumnSpanned(True)
            group.setFlags(Qt.ItemFlag.ItemIsEnabled)
            children = [QTreeWidgetItem(group, [item.what, item.keys]) for item in shortcuts]
            self._groups.append((group, children))
        self.tree.expandAll()
        self._apply_filter(self.filter.text())
        # As tall as the list, within the window's height.
        rows = sum(1 + len(children) for _, children in self._groups)
        row_height = max(self.tree.sizeHintForRow(0), self.fontMetrics().height() + 4)
        wanted = rows * row_height + self.tree.header().sizeHint().height() + 110
        height = min(wanted, max(300, self._window.height()))
        width = max(460, self.tree.sizeHintForColumn(0) + self.tree.sizeHintForColumn(1) + 60)
        self.resize(width, height)

    def rows(self) -> list[tuple[str, str, str]]:
        """(group, action, keys) of every line shown (for tests and tools)."""
        return [
            (group.text(0), child.text(0), child.text(1))
            for group, children in self._groups
            for child in children
            if not child.isHidden()
        ]

    def _apply_filter(self, text: str) -> None:
        needle = text.strip().casefold()
        for group, children in self._groups:
            in_title = needle in group.text(0).casefold()
            shown = 0
            for child in children:
                match = (
                    not needle
                    or in_title
                    or any(needle in child.text(column).casefold() for column in (0, 1))
                )
                child.setHidden(not match)
                shown += match
            group.setHidden(shown == 0)
