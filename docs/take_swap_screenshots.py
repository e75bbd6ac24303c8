"""Take the screenshot of a swap2 opening's choice: the buttons over the board.

Run under an X server (the window system's own pictures)::

    xvfb-run -n 77 -s "-screen 0 1366x768x24" .venv/bin/python docs/take_swap_screenshots.py

Writes ``docs/screenshots/swap2-choice.png`` (light): Alice has placed the three opening
stones on 15x15 under swap2, by clicks on the board, and Bob is asked to play black,
play white or place two more stones. Settings go to a throw-away folder.
"""

from __future__ import annotations

import sys
import tempfile

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

# Run as a script from docs/, beside the board's screenshots and their helpers.
from take_board_screenshots import click_all, grab, settle

from ttt_desktop.core.rules import GOMOKU
from ttt_desktop.core.swap import SWAP2
from ttt_desktop.gui.common import translation
from ttt_desktop.gui.common.theme import ThemeChoice, ThemeManager
from ttt_desktop.gui.game.controller import Seat
from ttt_desktop.gui.shell.main_window import DEFAULT_WINDOW_SIZE, MainWindow
from ttt_desktop.gui.shell.settings import APPLICATION, ORGANISATION, AppSettings
from ttt_desktop.players import HUMAN_KIND

OPENING = ("h8", "i9", "i7")


def main() -> int:
    folder = tempfile.mkdtemp(prefix="ttt-shots-")
    for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(settings_format, QSettings.Scope.UserScope, folder)
    app = QApplication(sys.argv[:1])
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    ThemeManager.for_application(AppSettings().qsettings)
    translators = translation.install(AppSettings().qsettings, "en")
    window = MainWindow(settings=AppSettings(), rules=GOMOKU)
    window.look.set_theme(ThemeChoice.LIGHT)
    window.resize(DEFAULT_WINDOW_SIZE)
    window.move(20, 20)
    window.show()
    settle(app, 0.5)
    window.start_game(
        GOMOKU, Seat(HUMAN_KIND, "Alice"), Seat(HUMAN_KIND, "Bob"), opening_rule=SWAP2
    )
    click_all(app, window, OPENING)
    settle(app, 0.3, until=window.opening_prompt.isVisible)
    grab(app, window, "swap2-choice.png")
    window.controller.shutdown()
    window.close()
    translation.remove(translators)
    return 0


if __name__ == "__main__":
    sys.exit(main())
