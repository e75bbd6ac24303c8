"""Take the manual's screenshots: run under an X server.

    xvfb-run -a -s "-screen 0 1366x768x24 -nolisten tcp" \
        .venv/bin/python docs/take_help_screenshot.py
    xvfb-run -a -s "-screen 0 1366x768x24 -nolisten tcp" \
        .venv/bin/python docs/take_help_screenshot.py --english-dark

Starts the window in German (as after View > Language > Deutsch and a new start), presses F1
and writes docs/screenshots/help-de.png: the manual window, German pages, at its contents,
with the main window around it; then docs/screenshots/help-pictures-de.png, the coach's page
with its screenshots. ``--english-dark``: the coach's page in English, dark theme
(docs/screenshots/help-pictures-dark.png). Settings go to a throw-away folder.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

sys.path.insert(0, str(Path(__file__).resolve().parent))
from take_look_screenshots import open_window
from take_screenshots import OUT, settle

from ttt_desktop.gui.common import translation
from ttt_desktop.gui.common.theme import ThemeChoice, ThemeManager
from ttt_desktop.gui.help.manual import ManualWindow
from ttt_desktop.gui.shell.settings import APPLICATION, ORGANISATION, AppSettings


def save(app: QApplication, area: QRect, name: str) -> None:
    picture = app.primaryScreen().grabWindow(0, area.x(), area.y(), area.width(), area.height())
    path = OUT / "screenshots" / name
    if not picture.save(str(path)):
        raise SystemExit(f"could not write {path}")
    print(f"wrote {path} ({picture.width()}x{picture.height()})")


def main() -> int:
    english_dark = "--english-dark" in sys.argv
    app = QApplication(sys.argv)
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    settings = AppSettings()
    settings.set_people(["Alice", "Bob"])
    ThemeManager.for_application(settings.qsettings).set_choice(
        ThemeChoice.DARK if english_dark else ThemeChoice.LIGHT
    )
    translation.set_language_choice(settings.qsettings, "en" if english_dark else "de")
    translators = translation.install(settings.qsettings)
    window = open_window(app, settings)
    window.activateWindow()
    settle(app, 0.3, until=window.isActiveWindow)
    QTest.keyClick(window, Qt.Key.Key_F1)
    settle(app, 0.2, until=lambda: window.findChild(ManualWindow, "manual") is not None)
    manual = window.findChild(ManualWindow, "manual")
    assert manual is not None
    settle(app, 0.6, until=manual.isVisible)
    area = window.frameGeometry().united(manual.frameGeometry())
    if not english_dark:
        save(app, area, "help-de.png")
    manual.show_page("coach.md")
    settle(app, 0.4)
    save(app, area, "help-pictures-dark.png" if english_dark else "help-pictures-de.png")
    manual.close()
    window.close()
    translation.remove(translators)
    return 0


if __name__ == "__main__":
    sys.exit(main())
