"""Take the n-tuple training screenshots: docs/screenshots/lab-training-network.png and
lab-training-network-dark.png.

Opens the real window with settings and trained players in a throw-away folder, and in
Lab > Train the learner trains an n-tuple network on 7x7, four in a row: 6,000 games of
self-play on two processes (seed 7), measured every 1,000 games against Levi, Utility and
the Searcher at 1,000 nodes a move (20 games each, colours alternating), then grabs the
window with its curve and error bars, in the light and the dark theme. Run under an X
server:

    xvfb-run -a -s "-screen 0 1400x1000x24 -nolisten tcp" \\
        .venv/bin/python docs/take_network_screenshots.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import shiboken6
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from take_lab_screenshots import save
from take_screenshots import settle

from ttt_desktop.gui.common.theme import ThemeChoice
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import APPLICATION, ORGANISATION, AppSettings

OUT = Path(__file__).resolve().parent / "screenshots"


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="ttt-network-shots-"))
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.NativeFormat, scope, str(folder))
    app = QApplication(sys.argv)
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    window = MainWindow(settings=AppSettings(), trained_players_folder=folder / "trained")
    window.show()
    settle(app)

    train = window.lab.show_training()
    train.resize(1100, 820)
    train.choose_board("7,7,4")
    train.episodes_spin.setValue(6_000)
    train.every_spin.setValue(1_000)
    train.games_spin.setValue(20)
    train.workers_spin.setValue(2)
    train.seed_spin.setValue(7)
    train.start()
    settle(app, 0.2, until=lambda: train.runner is not None and train.runner.finished)
    save(app, train, "lab-training-network.png", OUT)
    window.look.set_theme(ThemeChoice.DARK)
    save(app, train, "lab-training-network-dark.png", OUT)
    window.look.set_theme(ThemeChoice.LIGHT)
    train.close()
    window.close()
    shiboken6.delete(window)
    return 0


if __name__ == "__main__":
    sys.exit(main())
