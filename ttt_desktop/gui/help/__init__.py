"""Help: the manual (F1) and a Keyboard shortcuts window made from the actions.

:class:`HelpFeatures` opens the user manual's pages in a window of their own
(:class:`~ttt_desktop.gui.help.manual.ManualWindow`, offline) and adds "Keyboard
shortcuts" (Ctrl+?) to the window's Help menu. The shortcuts window lists every
action of the menu bar that has a key, grouped by menu, as the actions say at the
moment it opens, plus the board's own keys; so it cannot fall out of date when a
feature adds or changes a shortcut. Each window opens in front of whatever asked
for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

if TYPE_CHECKING:
    from ttt_desktop.gui.help.manual import ManualWindow
    from ttt_desktop.gui.help.shortcuts import ShortcutsDialog

SHORTCUTS_ACTION_NAME = "keyboard-shortcuts"


def _bring_forward(widget: QWidget) -> None:
    # The offscreen platform (tests) can't raise windows and says so in a warning.
    if QGuiApplication.platformName() != "offscreen":
        widget.raise_()
    widget.activateWindow()


def shortcuts_keys() -> list[QKeySequence]:
    """Ctrl+? (as GNOME and KDE games have it), typed with or without Shift."""
    return [QKeySequence("Ctrl+?"), QKeySequence("Ctrl+Shift+?")]


class HelpFeatures(QObject):
    """The manual's window and the Keyboard shortcuts entry of ``help_menu`` with its window."""

    def __init__(self, window: QMainWindow, help_menu: QMenu) -> None:
        super().__init__(window)
        self.window = window
        self.dialog: ShortcutsDialog | None = None
        self.manual: ManualWindow | None = None
        self.shortcuts_action = QAction(self.tr("&Keyboard shortcuts"), window)
        self.shortcuts_action.setObjectName(SHORTCUTS_ACTION_NAME)
        self.shortcuts_action.setShortcuts(shortcuts_keys())
        self.shortcuts_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.shortcuts_action.triggered.connect(self.show_shortcuts)
        actions = help_menu.actions()
        # Right after the manual, before About.
        before = actions[1] if len(actions) > 1 else None
        help_menu.insertAction(before, self.shortcuts_action)  # type: ignore[arg-type]

    def show_shortcuts(self) -> ShortcutsDialog:
        """Open (or raise) the Keyboard shortcuts window, listing the shortcuts as they are now."""
        if self.dialog is None:
            from ttt_desktop.gui.help.shortcuts import ShortcutsDialog  # noqa: PLC0415  (not before the first paint)

            self.dialog = ShortcutsDialog(self.window)
        self.dialog.refresh()
        self.dialog.show()
        # In front of whatever asked for it (the manual's window, say).
        _bring_forward(self.dialog)
        return self.dialog

    def show_manual(self) -> ManualWindow:
        """Open (or raise) the manual's window, at its contents the first time."""
        if self.manual is None:
            from ttt_desktop.gui.help.manual import ManualWindow  # noqa: PLC0415  (not before the first paint)

            self.manual = ManualWindow(self.window)
            self.manual.shortcuts_requested.connect(self.show_shortcuts)
            self.manual.fit_to(self.window)
        self.manual.show()
        _bring_forward(self.manual)
        return self.manual
