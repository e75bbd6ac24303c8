"""Take docs/thinking-ralph.png, docs/thinking-alphabeta.png and docs/search-tree.png.

Opens the real window (settings in a throw-away folder), plays a few moves as a
person against Ralph and then against AlphaBeta with the Thinking dock shown, and
opens the search-tree explorer with a node expanded. Run under an X server:

    xvfb-run -a -s "-screen 0 1280x900x24 -nolisten tcp" \\
        .venv/bin/python docs/take_insight_screenshots.py
"""

from __future__ import annotations

import sys
import tempfile

import shiboken6
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from take_screenshots import OUT, click, grab, seat_computer, seat_person, settle

from ttt_desktop.core import Mark
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import APPLICATION, ORGANISATION, AppSettings

WINDOW_SIZE = (1240, 700)


def play_against(app: QApplication, window: MainWindow, kind: str, cells: list[int]) -> None:
    """A person (X, first) against ``kind``; the person plays ``cells``, the computer replies."""
    controller = window.controller
    seat_person(window, Mark.X, "Player 1")
    seat_computer(window, Mark.O, kind)
    controller.session.new_game(Mark.X)
    settle(app, 0.2)
    for cell in cells:
        click(window, cell)
        settle(app, 0.2, until=lambda: not controller.session.is_thinking)
    settle(app, 0.5, until=lambda: controller.session.last_thought is not None)


def main() -> int:
    folder = tempfile.mkdtemp(prefix="ttt-insight-shots-")
    for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(settings_format, QSettings.Scope.UserScope, folder)
    app = QApplication(sys.argv)
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    window = MainWindow(settings=AppSettings())
    window.resize(*WINDOW_SIZE)
    window.show()
    window.controller.start_search_process()
    window.set_move_delay(0)
    window.insight.dock.show()
    settle(app, 0.5)

    # Ralph answers the centre with his tallies: the dock and the board show them.
    play_against(app, window, "ralph", [4])
    grab(app, window, "thinking-ralph.png")

    # AlphaBeta: values and bounds per cell, nodes, cut-offs, the line as ghost marks.
    play_against(app, window, "alphabeta", [0])
    grab(app, window, "thinking-alphabeta.png")

    # The tree explorer from the position on show, the best reply expanded.
    explorer = window.insight.open_explorer()
    explorer.move(window.frameGeometry().topLeft())
    explorer.resize(760, 560)
    settle(app, 0.5, until=lambda: explorer.model.rowCount() > 1)
    first = explorer.model.index(0, 0)
    explorer.view.expand(first)
    settle(app, 0.5, until=lambda: explorer.model.rowCount(first) > 1)
    second = explorer.model.index(1, 0, first)
    explorer.view.expand(second)
    settle(app, 0.8, until=lambda: explorer.model.rowCount(second) > 1)
    settle(app, 0.5, until=lambda: "%" in explorer.comparison.text())
    frame = explorer.frameGeometry()
    picture = app.primaryScreen().grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())
    picture.save(str(OUT / "search-tree.png"))
    print(f"wrote {OUT / 'search-tree.png'} ({picture.width()}x{picture.height()})")

    window.controller.shutdown()
    window.close()
    shiboken6.delete(window)
    return 0


if __name__ == "__main__":
    sys.exit(main())
