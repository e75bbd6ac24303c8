"""Take the screenshots of what the window says off the solved boards, at 1366x768.

docs/screenshots/thinking-15x15.png and -dark: a person against the Searcher on 15x15
with the Thinking dock open (its heading, proven and unproven scores, the board's labels
or the dock's note on its dots); docs/screenshots/player-groups-gomoku.png and -de: the
player drop-down open on gomoku, its groups saying what the players do, never "never
loses". Settings go to a throw-away folder. Run under an X server of that size:

    xvfb-run -a -s "-screen 0 1366x768x24 -nolisten tcp" \\
        .venv/bin/python docs/take_honest_screenshots.py
"""

from __future__ import annotations

import sys
import tempfile

import shiboken6
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from take_screenshots import OUT, settle

from ttt_desktop.core import Mark
from ttt_desktop.core.board import HUMAN_KIND
from ttt_desktop.core.rules import GOMOKU
from ttt_desktop.gui.common import translation
from ttt_desktop.gui.common.theme import ThemeChoice, ThemeManager
from ttt_desktop.gui.game.controller import Seat
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import APPLICATION, ORGANISATION, AppSettings

SHOTS = OUT / "screenshots"
SCREEN = (1366, 768)


def grab_screen(app: QApplication, name: str) -> None:
    """Save the whole screen (the window fills it, popups included)."""
    settle(app, 0.3)
    picture = app.primaryScreen().grabWindow(0, 0, 0, *SCREEN)
    path = SHOTS / name
    if not picture.save(str(path)):
        raise SystemExit(f"could not write {path}")
    print(f"wrote {path} ({picture.width()}x{picture.height()})")


def open_window(app: QApplication, theme: ThemeChoice) -> MainWindow:
    window = MainWindow(settings=AppSettings(), rules=GOMOKU)
    window.look.set_theme(theme)
    window.move(0, 0)
    window.resize(*SCREEN)
    window.show()
    window.controller.start_search_process()
    window.set_move_delay(0)
    settle(app, 0.5)
    return window


def close(window: MainWindow) -> None:
    window.controller.shutdown()
    window.close()
    shiboken6.delete(window)


def thinking(app: QApplication, theme: ThemeChoice, suffix: str) -> None:
    window = open_window(app, theme)
    controller = window.controller
    window.start_game(GOMOKU, Seat(HUMAN_KIND, "Alice"), Seat("searcher", "Searcher"))
    window.insight.dock.show()
    board = window.board
    geometry = GOMOKU.geometry
    for name in ("h8", "i8", "j8"):
        settle(app, 0.2, until=lambda: not controller.session.is_thinking)
        QTest.mouseClick(
            board, Qt.MouseButton.LeftButton, pos=board.cell_centre(geometry.parse(name))
        )
        settle(app, 0.3)
    settle(app, 1.0, until=lambda: not controller.session.is_thinking)
    grab_screen(app, f"thinking-15x15{suffix}.png")
    close(window)


def groups(app: QApplication, suffix: str) -> None:
    window = open_window(app, ThemeChoice.LIGHT)
    combo = window.player_panel.combo(Mark.O)
    combo.showPopup()
    settle(app, 0.6)
    grab_screen(app, f"player-groups-gomoku{suffix}.png")
    combo.hidePopup()
    close(window)


def main() -> int:
    folder = tempfile.mkdtemp(prefix="ttt-honest-shots-")
    for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(settings_format, QSettings.Scope.UserScope, folder)
    app = QApplication(sys.argv[:1])
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    ThemeManager.for_application(AppSettings().qsettings)
    translators = translation.install(AppSettings().qsettings, "en")
    thinking(app, ThemeChoice.LIGHT, "")
    thinking(app, ThemeChoice.DARK, "-dark")
    groups(app, "")
    translation.remove(translators)
    translators = translation.install(AppSettings().qsettings, "de")
    groups(app, "-de")
    translation.remove(translators)
    return 0


if __name__ == "__main__":
    sys.exit(main())
