"""Take the screenshots of the window with both side docks open on a 1,366 x 768 screen.

docs/screenshots/layout-1366x768.png, -dark, -de and -dark-de: the first-run window,
centred as a window manager places it, after a won game (the Review dock on the left,
the result banner) with the Thinking dock opened (View > Thinking) on the right: the
board keeps its room, the header's names and the banner are whole. With ``--suffix
-before`` the names end so (for pictures of an older version). Settings go to a
throw-away folder. Run under an X server of that size:

    xvfb-run -a -s "-screen 0 1366x768x24 -nolisten tcp" \\
        .venv/bin/python docs/take_layout_screenshots.py
"""

from __future__ import annotations

import argparse
import sys
import tempfile

import shiboken6
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from take_honest_screenshots import SCREEN, grab_screen
from take_screenshots import click, settle

from ttt_desktop.core import Mark
from ttt_desktop.gui.common import translation
from ttt_desktop.gui.common.theme import ThemeChoice, ThemeManager
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import APPLICATION, ORGANISATION, AppSettings

# X takes the diagonal while O plays the middle row's ends.
X_WINS = (0, 3, 4, 5, 8)


def both_docks(app: QApplication, theme: ThemeChoice, name: str) -> None:
    settings = AppSettings()
    settings.set_people(["Alice", "Bob"])
    settings.set_start_policy("x")
    window = MainWindow(settings=settings)
    window.look.set_theme(theme)
    # Where a window manager puts a new window: in the middle of the screen.
    size = window.size()
    window.move((SCREEN[0] - size.width()) // 2, (SCREEN[1] - size.height()) // 2)
    window.show()
    settle(app, 0.5)
    panel = window.player_panel
    panel.choose_index(Mark.O, panel.index_of(Mark.O, name="Bob"))
    window.new_game()
    for cell in X_WINS:
        click(window, cell)
    settle(app, 0.3, until=window.result_banner.isVisible)
    window.insight.dock_action.trigger()
    settle(app, 1.0)
    board = window.board
    print(
        f"{name}: window {window.width()}x{window.height()}, board {board.width()}x{board.height()}"
    )
    grab_screen(app, name)
    window.controller.shutdown()
    window.close()
    shiboken6.delete(window)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suffix", default="", help="added to each picture's name")
    suffix = parser.parse_args().suffix
    app = QApplication(sys.argv[:1])
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    for language in ("en", "de"):
        for theme in (ThemeChoice.LIGHT, ThemeChoice.DARK):
            # A first run each time: a fresh settings folder.
            folder = tempfile.mkdtemp(prefix="ttt-layout-shots-")
            for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
                QSettings.setPath(settings_format, QSettings.Scope.UserScope, folder)
            ThemeManager.for_application(AppSettings().qsettings)
            translators = translation.install(AppSettings().qsettings, language)
            dark = "-dark" if theme is ThemeChoice.DARK else ""
            german = "-de" if language == "de" else ""
            both_docks(app, theme, f"layout-1366x768{dark}{german}{suffix}.png")
            translation.remove(translators)
    return 0


if __name__ == "__main__":
    sys.exit(main())
