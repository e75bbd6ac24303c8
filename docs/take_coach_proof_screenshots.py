"""Take the screenshots of the coach proving a position in the background: run under an X server.

    xvfb-run -a -s "-screen 0 1366x768x24 -nolisten tcp" \\
        .venv/bin/python docs/take_coach_proof_screenshots.py

Alice and Bob on 6,5,4 after c1 f3 d5, the move values shown: docs/screenshots/
coach-proving.png is the hint as it first comes (the search's, the status bar saying that
the solver is still proving the position), coach-proved.png the same position once the
solver has finished (the hint and every value the solver's). Settings go to a throw-away
folder.
"""

from __future__ import annotations

import sys
import tempfile

from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from take_honest_screenshots import SCREEN, close, grab_screen
from take_screenshots import settle

from ttt_desktop.core.board import HUMAN_KIND
from ttt_desktop.core.rules import Rules
from ttt_desktop.gui.common.theme import ThemeChoice, ThemeManager
from ttt_desktop.gui.game.controller import Seat
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import APPLICATION, ORGANISATION, AppSettings

SIX_FIVE = Rules(6, 5, 4)


def main() -> int:
    folder = tempfile.mkdtemp(prefix="ttt-coach-proof-shots-")
    for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(settings_format, QSettings.Scope.UserScope, folder)
    app = QApplication(sys.argv[:1])
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    ThemeManager.for_application(AppSettings().qsettings).set_choice(ThemeChoice.LIGHT)
    window = MainWindow(settings=AppSettings(), rules=SIX_FIVE)
    window.move(0, 0)
    window.resize(*SCREEN)
    window.show()
    window.controller.start_search_process()
    window.start_game(SIX_FIVE, Seat(HUMAN_KIND, "Alice"), Seat(HUMAN_KIND, "Bob"))
    settle(app, 0.5)
    board = window.board
    for name in ("c1", "f3", "d5"):
        QTest.mouseClick(
            board, Qt.MouseButton.LeftButton, pos=board.cell_centre(SIX_FIVE.geometry.parse(name))
        )
        settle(app, 0.2)
    coach = window.coach
    coach.show_values_action.setChecked(True)
    shown: list[object] = []
    coach.hint_shown.connect(shown.append)
    coach.hint_action.trigger()
    settle(app, 0.3, until=lambda: bool(shown))
    grab_screen(app, "coach-proving.png")
    finished: list[object] = []
    coach.proof_finished.connect(lambda *args: finished.append(args))
    settle(app, 0.3, until=lambda: bool(finished))
    if not finished or finished[0][1] is None:  # type: ignore[index]
        raise SystemExit("the solver did not prove the position in time")
    grab_screen(app, "coach-proved.png")
    close(window)
    return 0


if __name__ == "__main__":
    sys.exit(main())
