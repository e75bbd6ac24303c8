"""Take the README's window screenshots: run under an X server (see take_screenshots.sh).

Opens the real window, plays to each state through the window's own controls and
grabs the screen area of the window from the X server, so a drop-down's popup (a
window of its own) is in the picture too. Settings go to a throw-away folder.

    docs/take_screenshots.sh            # writes docs/window-*.png
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QCursor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ttt_desktop.core import Mark
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import APPLICATION, ORGANISATION, AppSettings

OUT = Path(__file__).resolve().parent
WINDOW_SIZE = (1060, 660)


def settle(
    app: QApplication, seconds: float = 0.3, until: Callable[[], bool] | None = None
) -> None:
    """Run the event loop for ``seconds`` (and until ``until()`` holds, if given)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline or (until is not None and not until()):
        app.processEvents()
        time.sleep(0.01)


def grab(app: QApplication, window: MainWindow, name: str) -> None:
    """Save the screen area the window covers (popups included) as ``docs/<name>``."""
    settle(app)
    frame = window.frameGeometry()
    screen = app.primaryScreen()
    picture = screen.grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())
    path = OUT / name
    if not picture.save(str(path)):
        raise SystemExit(f"could not write {path}")
    print(f"wrote {path} ({picture.width()}x{picture.height()})")


def click(window: MainWindow, cell: int) -> None:
    """Click a cell as a person would."""
    QTest.mouseClick(window.board.cell_widget(cell), Qt.MouseButton.LeftButton)


def hover(window: MainWindow, cell: int) -> None:
    """Rest the mouse on a cell (shows the faint preview of the next mark)."""
    widget = window.board.cell_widget(cell)
    QTest.mouseMove(widget, QPoint(widget.width() // 2, widget.height() // 2))


def seat_person(window: MainWindow, mark: Mark, name: str) -> None:
    panel = window.player_panel
    panel.choose_index(mark, panel.index_of(mark, name=name))


def seat_computer(window: MainWindow, mark: Mark, kind: str) -> None:
    panel = window.player_panel
    panel.choose_index(mark, panel.index_of(mark, kind=kind))


def main() -> int:
    app = QApplication(sys.argv)
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    settings = AppSettings()
    settings.set_people(["Alice", "Bob"])
    settings.set_start_policy("x")

    window = MainWindow(settings=settings)
    window.resize(*WINDOW_SIZE)
    window.move(0, 0)
    window.show()
    # The pointer rests outside the window, so the empty board shows no preview.
    QCursor.setPos(WINDOW_SIZE[0] + 100, WINDOW_SIZE[1] + 100)
    settle(app, 0.8)
    controller = window.controller

    grab(app, window, "window-empty.png")

    # A game in progress: Alice against Perfect, the mouse over a free cell.
    seat_computer(window, Mark.O, "perfect")
    for cell in (0, 8):
        played = controller.session.record.ply
        click(window, cell)
        settle(app, 0.1, until=lambda ply=played: controller.session.record.ply >= ply + 2)
    hover(window, 2)
    grab(app, window, "window-playing.png")

    # A won game: Alice against Bob, the winning line drawn through.
    seat_person(window, Mark.O, "Bob")
    window.new_game()
    for cell in (0, 3, 4, 5, 8):
        click(window, cell)
    # The winning line is drawn, then the result banner comes up over the board.
    settle(app, 0.2, until=window.result_banner.isVisible)
    grab(app, window, "window-won.png")

    # Choosing a player: the drop-down for O, open (people, then computers by difficulty).
    window.new_game()
    window.player_panel.combo(Mark.O).showPopup()
    grab(app, window, "window-players.png")
    window.player_panel.combo(Mark.O).hidePopup()

    window.close()
    import shiboken6  # noqa: PLC0415

    shiboken6.delete(window)
    return 0


if __name__ == "__main__":
    sys.exit(main())
