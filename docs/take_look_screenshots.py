"""Take the README's theme and language screenshots: run under an X server.

    xvfb-run -a -s "-screen 0 1280x900x24 -nolisten tcp" \
        .venv/bin/python docs/take_look_screenshots.py

Writes docs/window-light.png and docs/window-dark.png (the same game in both
themes, chosen with View > Theme), docs/window-german.png (the window started in
German, View > Language > Deutsch) and docs/shortcuts.png (the Keyboard shortcuts
window, German). Settings go to a throw-away folder.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import shiboken6
from PySide6.QtCore import QSettings
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QApplication

sys.path.insert(0, str(Path(__file__).resolve().parent))
from take_screenshots import (
    OUT,
    WINDOW_SIZE,
    click,
    grab,
    hover,
    seat_computer,
    settle,
)

from ttt_desktop.core import Mark
from ttt_desktop.gui.common import translation
from ttt_desktop.gui.common.theme import ThemeChoice, ThemeManager, scheme_of
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import APPLICATION, ORGANISATION, AppSettings


def open_window(app: QApplication, settings: AppSettings) -> MainWindow:
    window = MainWindow(settings=settings)
    window.resize(*WINDOW_SIZE)
    window.move(0, 0)
    window.show()
    QCursor.setPos(WINDOW_SIZE[0] + 100, WINDOW_SIZE[1] + 100)
    settle(app, 0.8)
    return window


def play_against_perfect(app: QApplication, window: MainWindow) -> None:
    """Alice (X) against Perfect: two moves each, the mouse resting on a free cell."""
    controller = window.controller
    seat_computer(window, Mark.O, "perfect")
    window.new_game()
    for cell in (0, 8):
        played = controller.session.record.ply
        click(window, cell)
        settle(app, 0.1, until=lambda ply=played: controller.session.record.ply >= ply + 2)
    hover(window, 2)


def close(window: MainWindow) -> None:
    window.close()
    shiboken6.delete(window)


def main() -> int:
    app = QApplication(sys.argv)
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    settings = AppSettings()
    settings.set_people(["Alice", "Bob"])
    settings.set_start_policy("x")

    window = open_window(app, settings)
    play_against_perfect(app, window)
    for choice, name in (
        (ThemeChoice.LIGHT, "window-light.png"),
        (ThemeChoice.DARK, "window-dark.png"),
    ):
        window.look.set_theme(choice)
        settle(app, 0.3, until=lambda c=choice: scheme_of(window.palette()).value == c.value)
        hover(window, 2)
        grab(app, window, name)
    close(window)

    # German, as after View > Language > Deutsch and a new start; in the light theme.
    ThemeManager.for_application(settings.qsettings).set_choice(ThemeChoice.LIGHT)
    translation.set_language_choice(settings.qsettings, "de")
    translators = translation.install(settings.qsettings)
    window = open_window(app, settings)
    play_against_perfect(app, window)
    grab(app, window, "window-german.png")
    dialog = window.help.show_shortcuts()
    dialog.move(window.frameGeometry().topRight().x() - dialog.width() - 40, 40)
    settle(app, 0.4)
    frame = dialog.frameGeometry()
    picture = app.primaryScreen().grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())
    path = OUT / "shortcuts.png"
    picture.save(str(path))
    print(f"wrote {path} ({picture.width()}x{picture.height()})")
    close(window)
    translation.remove(translators)
    return 0


if __name__ == "__main__":
    sys.exit(main())
