"""The View menu's look-and-feel entries: theme, language, full screen and the side panel.

:class:`LookFeatures` adds to the window's View menu:

- Theme: System / Light / Dark (remembered; applied at once by
  :class:`~ttt_desktop.gui.common.theme.ThemeManager`);
- Language: System / English / Deutsch (remembered; applied at the next start,
  see :mod:`ttt_desktop.gui.common.translation`);
- Full screen (F11, the platform's ``QKeySequence.FullScreen`` keys as well);
- Side panel (F9, remembered): hiding the players panel lets the window narrow
  down to what the board needs.
"""

from __future__ import annotations

import sys
from typing import Final

from PySide6.QtCore import QEvent, QObject, QProcess, QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QMainWindow,
    QMenu,
    QMessageBox,
    QWidget,
)

from ttt_desktop.gui.common import indicators, translation
from ttt_desktop.gui.common.theme import ThemeChoice, ThemeManager

SIDE_PANEL_KEY: Final = "view/side_panel_visible"
MESSAGE_MS: Final = 6000
"""How long a message stays in a window's status bar."""
POLL_MS: Final = 50
"""How often a window reads what its worker processes have sent (the Lab's windows)."""


def full_screen_keys() -> list[QKeySequence]:
    """The platform's full-screen keys, with F11 among them everywhere."""
    keys = QKeySequence.keyBindings(QKeySequence.StandardKey.FullScreen)
    if QKeySequence(Qt.Key.Key_F11) not in keys:
        keys.insert(0, QKeySequence(Qt.Key.Key_F11))
    return keys


class LookFeatures(QObject):
    """Theme, language, full screen and side panel for ``window``, in ``view_menu``."""

    def __init__(
        self,
        window: QMainWindow,
        *,
        view_menu: QMenu,
        side_panel: QWidget,
        settings: QSettings,
        visible_indicators_now: bool = True,
    ) -> None:
        """``visible_indicators_now=False`` leaves :meth:`install_indicators` to the caller
        (the window does it after its first paint)."""
        super().__init__(window)
        self.window = window
        self.side_panel = side_panel
        self.settings = settings
        self.themes = ThemeManager.for_application(settings)
        self.restart_box: QMessageBox | None = None
        self.restart_now_button: QAbstractButton | None = None
        if visible_indicators_now:
            self.install_indicators()
        view_menu.addSeparator()
        view_menu.addMenu(self._build_theme_menu())
        view_menu.addMenu(self._build_language_menu())
        view_menu.addSeparator()

        self.full_screen_action = QAction(self.tr("&Full screen"), self)
        self.full_screen_action.setObjectName("full-screen")
        self.full_screen_action.setCheckable(True)
        self.full_screen_action.setShortcuts(full_screen_keys())
        self.full_screen_action.toggled.connect(self.set_full_screen)
        view_menu.addAction(self.full_screen_action)
        window.addAction(self.full_screen_action)

        self.side_panel_action = QAction(self.tr("Side &panel"), self)
        self.side_panel_action.setObjectName("side-panel")
        self.side_panel_action.setCheckable(True)
        self.side_panel_action.setShortcut(QKeySequence(Qt.Key.Key_F9))
        self.side_panel_action.setToolTip(
            self.tr("Show or hide the players and the score beside the board")
        )
        visible = settings.value(SIDE_PANEL_KEY, True)
        # QSettings' INI files hand booleans back as strings.
        self.side_panel_action.setChecked(visible not in (False, "false"))
        side_panel.setVisible(self.side_panel_action.isChecked())
        self.side_panel_action.toggled.connect(self.set_side_panel_visible)
        view_menu.addAction(self.side_panel_action)
        window.addAction(self.side_panel_action)
        window.installEventFilter(self)

    def install_indicators(self) -> None:
        """Check boxes that show on the dark scheme too, in every window of the app.

        The first screen has no check box, and the style proxy would be asked to draw each
        of its parts from Python (making PySide6 meet every kind of style option first):
        4-5 ms before the first paint.
        """
        app = QApplication.instance()
        if isinstance(app, QApplication):
            indicators.install_indicators(app)

    # Theme ----------------------------------------------------------------------

    def _build_theme_menu(self) -> QMenu:
        menu = QMenu(self.tr("&Theme"), self.window)
        menu.setObjectName("theme-menu")
        self.theme_menu = menu
        self.theme_group = QActionGroup(self)
        self.theme_group.setExclusive(True)
        self.theme_actions: dict[ThemeChoice, QAction] = {}
        labels = {
            ThemeChoice.SYSTEM: self.tr("&System"),
            ThemeChoice.LIGHT: self.tr("&Light"),
            ThemeChoice.DARK: self.tr("&Dark"),
        }
        for choice, label in labels.items():
            action = QAction(label, self)
            action.setCheckable(True)
            action.setChecked(choice is self.themes.choice)
            action.setData(choice.value)
            self.theme_group.addAction(action)
            menu.addAction(action)
            self.theme_actions[choice] = action
        self.theme_group.triggered.connect(self._on_theme_chosen)
        return menu

    def _on_theme_chosen(self, action: QAction) -> None:
        self.set_theme(ThemeChoice(action.data()))

    def set_theme(self, choice: ThemeChoice) -> None:
        """Use ``choice`` from now on (and at the next start)."""
        self.theme_actions[choice].setChecked(True)
        self.themes.set_choice(choice)

    # Language -------------------------------------------------------------------

    def _build_language_menu(self) -> QMenu:
        menu = QMenu(self.tr("&Language"), self.window)
        menu.setObjectName("language-menu")
        self.language_menu = menu
        self.language_group = QActionGroup(self)
        self.language_group.setExclusive(True)
        self.language_actions: dict[str, QAction] = {}
        current = translation.language_choice(self.settings)
        for code, label in translation.language_choices():
            action = QAction(label, self)
            action.setCheckable(True)
            action.setChecked(code == current)
            action.setData(code)
            self.language_group.addAction(action)
            menu.addAction(action)
            self.language_actions[code] = action
        self.language_group.triggered.connect(self._on_language_chosen)
        return menu

    def _on_language_chosen(self, action: QAction) -> None:
        self.set_language(str(action.data()))

    def set_language(self, code: str) -> None:
        """Remember the language ``code`` ("" for the system's); it applies at the next start,
        which a message box offers to make now (the game in hand comes back with it)."""
        self.language_actions[code].setChecked(True)
        if translation.set_language_choice(self.settings, code):
            self.window.statusBar().showMessage(
                self.tr("The language changes when TTT Desktop starts again."), MESSAGE_MS
            )
            self._offer_restart()

    def _offer_restart(self) -> None:
        if self.restart_box is not None:
            return
        box = QMessageBox(self.window)
        box.setObjectName("restart-for-language")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(self.tr("Language"))
        box.setText(self.tr("The language changes when TTT Desktop starts again."))
        box.setInformativeText(
            self.tr("Start it again now? The game in hand is kept and comes back.")
        )
        self.restart_now_button = box.addButton(
            self.tr("Start again now"), QMessageBox.ButtonRole.AcceptRole
        )
        box.addButton(self.tr("Later"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(self.restart_now_button)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.buttonClicked.connect(self._on_restart_answer)
        box.finished.connect(self._forget_restart_box)
        self.restart_box = box
        box.open()

    def _on_restart_answer(self, button: object) -> None:
        if button is self.restart_now_button:
            self.start_again()

    def _forget_restart_box(self) -> None:
        self.restart_box = None

    def start_again(self) -> None:
        """Start a new TTT Desktop with the same arguments and close this window (which keeps
        the game in hand for the new one)."""
        if getattr(sys, "frozen", False):
            program, arguments = sys.executable, sys.argv[1:]
        else:
            program, arguments = sys.executable, ["-m", "ttt_desktop", *sys.argv[1:]]
        if self.launch(program, arguments):
            self.window.close()
        else:
            self.window.statusBar().showMessage(
                self.tr("TTT Desktop could not be started again: please start it yourself.")
            )

    @staticmethod
    def launch(program: str, arguments: list[str]) -> bool:
        """Start ``program`` on its own (tests replace this); True when it started."""
        started, _pid = QProcess.startDetached(program, arguments)
        return bool(started)

    # Full screen and side panel ----------------------------------------------------

    def set_full_screen(self, full: bool) -> None:
        """Show the window full screen, or as it was before."""
        if full == self.window.isFullScreen():
            return
        if full:
            self.window.showFullScreen()
        else:
            self.window.showNormal()

    def set_side_panel_visible(self, visible: bool) -> None:
        """Show or hide the side panel, and remember it."""
        self.side_panel_action.setChecked(visible)
        self.side_panel.setVisible(visible)
        self.settings.setValue(SIDE_PANEL_KEY, visible)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.WindowStateChange:
            self.full_screen_action.setChecked(self.window.isFullScreen())
        return super().eventFilter(watched, event)
