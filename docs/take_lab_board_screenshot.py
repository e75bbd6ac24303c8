"""Take docs/screenshots/lab-tournament-board.png: a tournament on 7x7, five in a row.

Opens the real window with its settings in a throw-away folder, chooses the 7,7,5 board in
the tournament window, runs a small round robin (seed 12, 200 ms a move, two worker
processes) to the end and grabs the window. Run under an X server:

    xvfb-run -a -s "-screen 0 1366x768x24 -nolisten tcp" \\
        .venv/bin/python docs/take_lab_board_screenshot.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import shiboken6
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from take_screenshots import OUT, settle

from ttt_desktop.core.rules import Rules
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import APPLICATION, ORGANISATION, AppSettings


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="ttt-lab-board-shot-"))
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.NativeFormat, scope, str(folder))
    app = QApplication(sys.argv)
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    window = MainWindow(settings=AppSettings())
    window.show()
    settle(app)

    tournament = window.lab.show_tournament()
    tournament.set_players(
        {"rando": 1, "levi": 1, "ralph": 1, "humiston": 1, "monty": 1, "strategist": 1}
    )
    tournament.set_rules(Rules(7, 7, 5))
    tournament.turn_spin.setValue(200)
    tournament.games_spin.setValue(4)
    tournament.seed_spin.setValue(12)
    tournament.jobs_spin.setValue(2)
    tournament.start()
    settle(app, 0.2, until=lambda: tournament.runner is not None and tournament.runner.done)
    settle(app, 0.5)
    path = OUT / "screenshots" / "lab-tournament-board.png"
    if not tournament.grab().save(str(path)):
        raise SystemExit(f"could not write {path}")
    print(f"wrote {path}")
    tournament.close()
    window.close()
    shiboken6.delete(window)
    return 0


if __name__ == "__main__":
    sys.exit(main())
