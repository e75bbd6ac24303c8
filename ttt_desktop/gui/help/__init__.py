"""Help: a short "How to play" guide and a Keyboard shortcuts window made from the actions.

:class:`HelpFeatures` adds "Keyboard shortcuts" (Ctrl+?) to the window's Help menu.
The shortcuts window lists every action of the menu bar that has a key, grouped
by menu, as the actions say at the moment it opens, plus the board's own keys;
so it cannot fall out of date when a feature adds or changes a shortcut.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from ttt_desktop.gui.help.shortcuts import ShortcutsDialog

SHORTCUTS_ACTION_NAME = "keyboard-shortcuts"


def shortcuts_keys() -> list[QKeySequence]:
    """Ctrl+? (as GNOME and KDE games have it), typed with or without Shift."""
    return [QKeySequence("Ctrl+?"), QKeySequence("Ctrl+Shift+?")]


class HelpFeatures(QObject):
    """The Keyboard shortcuts entry of ``help_menu`` and its window."""

    def __init__(self, window: QMainWindow, help_menu: QMenu) -> None:
        super().__init__(window)
        self.window = window
        self.dialog: ShortcutsDialog | None = None
        self.shortcuts_action = QAction(self.tr("&Keyboard shortcuts"), window)
        self.shortcuts_action.setObjectName(SHORTCUTS_ACTION_NAME)
        self.shortcuts_action.setShortcuts(shortcuts_keys())
        self.shortcuts_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.shortcuts_action.triggered.connect(self.show_shortcuts)
        actions = help_menu.actions()
        # Right after "How to play", before About.
        before = actions[1] if len(actions) > 1 else None
        help_menu.insertAction(before, self.shortcuts_action)  # type: ignore[arg-type]

    def show_shortcuts(self) -> ShortcutsDialog:
        """Open (or raise) the Keyboard shortcuts window, listing the shortcuts as they are now."""
        if self.dialog is None:
            self.dialog = ShortcutsDialog(self.window)
        self.dialog.refresh()
        self.dialog.show()
        self.dialog.activateWindow()
        return self.dialog
