"""The board's square at the first-run window size (1040x660), in fault 7's scenes.

Offscreen, fresh settings, no game library: a person's first screen, browsing back
(move list and replay bar), a won game (banner and the coach's review), the next game,
and a match between two computers (its score line). Prints the square in px for each.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/board_size.py [shot.png]
"""

from __future__ import annotations

import os
import sys
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from ttt_desktop.core import Mark
from ttt_desktop.gui.game.controller import Seat
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import AppSettings
from ttt_desktop.players import HUMAN_KIND


def main() -> None:
    folder = tempfile.mkdtemp()
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
            QSettings.setPath(settings_format, scope, folder)
    app = QApplication(["ttt-desktop"])
    window = MainWindow(settings=AppSettings())
    window.resize(1040, 660)
    window.show()

    def square() -> float:
        for _ in range(20):
            app.processEvents()
        return window.board.board_rect().width()

    window.ai_speed_actions[0].trigger()
    window.reduce_motion_action.setChecked(True)
    people = window.player_panel.people
    window._seat(Mark.X, Seat(HUMAN_KIND, people[0]))
    window._seat(Mark.O, Seat(HUMAN_KIND, people[-1]))
    window.new_game()
    found = {"first screen": square()}
    for cell in (0, 3, 1, 4):
        window.controller.session.play_cell(cell)
    window.review.replay_bar.step_back()
    found["browsing back"] = square()
    window.review.replay_bar.follow_live()
    window.controller.session.play_cell(2)
    found["won: banner and review"] = square()
    window.new_game()
    found["the next game"] = square()
    kinds = {entry.kind: entry.name for entry in window.roster}
    window._seat(Mark.X, Seat("perfect", kinds["perfect"]))
    window._seat(Mark.O, Seat("rando", kinds["rando"]))
    window.set_move_delay(1000)
    window.review.watch_match(3)
    found["a match and its score"] = square()
    for scene, side in found.items():
        print(f"{scene:24} {side:7.2f} px")
    if len(sys.argv) > 1:
        window.grab().save(sys.argv[1])
    window.controller.shutdown()


if __name__ == "__main__":
    main()
