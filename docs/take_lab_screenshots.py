"""Take the lab screenshots: docs/lab-tournament.png, lab-crosstable, lab-training, lab-numbers.

Opens the real window with settings and trained players in a throw-away folder, runs a
tournament (seed 12, two worker processes) and a training (20,000 episodes against
Rando, exploration decaying) to the end, opens the numbers page up to symmetry, and
grabs each window. Run under an X server:

    xvfb-run -a -s "-screen 0 1400x1000x24 -nolisten tcp" \\
        .venv/bin/python docs/take_lab_screenshots.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import shiboken6
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QWidget
from take_screenshots import OUT, settle

from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import APPLICATION, ORGANISATION, AppSettings


def save(app: QApplication, widget: QWidget, name: str, folder: Path = OUT) -> None:
    """Grab ``widget`` into ``folder/name`` once the event loop has settled."""
    settle(app, 0.5)
    path = folder / name
    if not widget.grab().save(str(path)):
        raise SystemExit(f"could not write {path}")
    print(f"wrote {path}")


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="ttt-lab-shots-"))
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.NativeFormat, scope, str(folder))
    app = QApplication(sys.argv)
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    window = MainWindow(settings=AppSettings(), trained_players_folder=folder / "trained")
    window.show()
    settle(app)

    tournament = window.lab.show_tournament()
    tournament.set_players(
        {"rando": 2, "levi": 1, "ralph": 1, "humiston": 1, "learner": 1, "perfect": 1}
    )
    tournament.games_spin.setValue(40)
    tournament.seed_spin.setValue(12)
    tournament.jobs_spin.setValue(2)
    tournament.start()
    settle(app, 0.2, until=lambda: tournament.runner is not None and tournament.runner.done)
    save(app, tournament, "lab-tournament.png")
    tournament.tabs.setCurrentIndex(1)
    save(app, tournament, "lab-crosstable.png")
    tournament.close()

    train = window.lab.show_training()
    train.episodes_spin.setValue(20_000)
    train.every_spin.setValue(1000)
    train.games_spin.setValue(200)
    train.decay_spin.setValue(0.9)
    train.set_opponent("rando")
    train.seed_spin.setValue(7)
    train.start()
    settle(app, 0.2, until=lambda: train.runner is not None and train.runner.finished)
    save(app, train, "lab-training.png")
    train.close()

    numbers = window.lab.show_numbers()
    numbers.symmetry_box.setChecked(True)
    save(app, numbers, "lab-numbers.png")
    numbers.close()

    window.close()
    shiboken6.delete(window)
    return 0


if __name__ == "__main__":
    sys.exit(main())
