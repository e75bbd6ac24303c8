"""Take docs/watching.png and docs/review.png: run under an X server.

Opens the real window with settings in a throw-away folder, then

* watching.png: a ten-game match between Ralph and Strategist, caught in the middle
  of its fourth game, with the match score, the replay bar and the move list;
* review.png: Alice against Perfect, finished, stepped back two moves in the move list.

    xvfb-run -a -s "-screen 0 1280x900x24 -nolisten tcp" \
        .venv/bin/python docs/take_replay_screenshots.py
"""

from __future__ import annotations

import sys
import tempfile

import shiboken6
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from take_screenshots import OUT, WINDOW_SIZE, settle

from ttt_desktop.core import Mark
from ttt_desktop.gui.game.controller import Seat
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import APPLICATION, ORGANISATION, AppSettings


def new_window(app: QApplication) -> MainWindow:
    window = MainWindow(settings=AppSettings())
    window.resize(*WINDOW_SIZE)
    window.show()
    settle(app)
    return window


def save(app: QApplication, window: MainWindow, name: str) -> None:
    settle(app)
    path = OUT / name
    if not window.grab().save(str(path)):
        raise SystemExit(f"could not write {path}")
    print(f"wrote {path}")
    window.controller.shutdown()
    window.close()
    shiboken6.delete(window)


def watching(app: QApplication) -> None:
    window = new_window(app)
    review, controller = window.review, window.controller
    window._seat(Mark.X, Seat("ralph", "Ralph"))
    window._seat(Mark.O, Seat("strategist", "Strategist"))
    speed = review.replay_bar.speed
    speed.setValue(speed.maximum())  # as fast as the machine goes
    review.watch_match(10)
    settle(
        app,
        0,
        lambda: review.match_runner.score is not None and review.match_runner.score.played >= 3,
    )
    speed.setValue(3)  # 800 ms per move
    settle(app, 0, lambda: controller.session.record.ply >= 5)
    save(app, window, "watching.png")


def reviewing(app: QApplication) -> None:
    window = new_window(app)
    review, controller = window.review, window.controller
    window._seat(Mark.X, Seat("human", "Alice"))
    window._seat(Mark.O, Seat("perfect", "Perfect"))
    window.set_move_delay(0)
    controller.session.new_game(Mark.X)
    for cell in (0, 8, 2, 1, 3, 5, 6, 7):
        settle(
            app,
            0,
            lambda: controller.session.record.is_finished or not controller.session.is_thinking,
        )
        if controller.session.record.is_finished:
            break
        if cell in controller.session.board.legal_moves():
            controller.session.play_cell(cell)
    settle(app, 0, lambda: controller.session.record.is_finished)
    review.move_list.select_ply(controller.session.record.ply - 2)
    review.move_list.setFocus()
    save(app, window, "review.png")


def main() -> int:
    folder = tempfile.mkdtemp(prefix="ttt-screenshots-")
    for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(settings_format, QSettings.Scope.UserScope, folder)
    app = QApplication(sys.argv)
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    watching(app)
    reviewing(app)
    return 0


if __name__ == "__main__":
    sys.exit(main())
