"""Take the screenshots of the board beyond 3x3 and the New game dialog, light and dark.

Run under an X server (the window system's own pictures, popups included)::

    xvfb-run -a -s "-screen 0 1366x768x24" .venv/bin/python docs/take_board_screenshots.py

Writes ``docs/screenshots/board-15x15.png``, ``board-15x15-dark.png``,
``board-numbers-zoomed.png`` and ``-dark`` (the same game zoomed in, numbered, with the rulers),
``mcts-heat-map.png``, ``mcts-heat-map-dark.png`` (Monty asked about the position, its
visits shaded on the board), ``new-game-dialog.png`` and ``new-game-dialog-dark.png``, and
``renju-forbidden.png`` and ``-dark`` (a renju game with black's forbidden points crossed,
an overline at g8 and a double-three at k5, the pointer on g8).
Settings go to a throw-away folder; the game is played by two people through clicks on the
board.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QCursor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from ttt_desktop.core.rules import GOMOKU, PRESETS, RULE_PRESETS
from ttt_desktop.gui.common import translation
from ttt_desktop.gui.common.theme import ThemeChoice, ThemeManager
from ttt_desktop.gui.game.controller import Seat
from ttt_desktop.gui.shell.main_window import DEFAULT_WINDOW_SIZE, MainWindow
from ttt_desktop.gui.shell.settings import APPLICATION, ORGANISATION, AppSettings
from ttt_desktop.players import HUMAN_KIND

OUT = Path(__file__).resolve().parent / "screenshots"
# A game in progress: X builds towards h8-l8 while O blocks, as two people might play.
MOVES = ("h8", "h9", "i8", "g8", "j8", "k8", "i9", "j10", "i7", "i10", "h7", "g6", "j7", "k7")
# Renju: black's g8 would make six in a row (d8-i8) and k5 two open threes (k5-k6-k7, k5-l5-m5).
RENJU_MOVES = ("d8", "a1", "e8", "a3", "f8", "a5", "h8", "a7", "i8", "a9", "k6", "o1", "k7", "o3")
RENJU_MOVES += ("l5", "o5", "m5", "o7")


def settle(
    app: QApplication, seconds: float = 0.3, until: Callable[[], bool] | None = None
) -> None:
    """Run the event loop for ``seconds`` (and until ``until()`` holds, if given)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline or (until is not None and not until()):
        app.processEvents()
        time.sleep(0.01)


def grab(app: QApplication, widget: QWidget, name: str) -> None:
    """Save the screen area ``widget``'s window covers as ``docs/screenshots/<name>``."""
    settle(app, 0.5)
    frame = widget.window().frameGeometry()
    picture = app.primaryScreen().grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())
    OUT.mkdir(exist_ok=True)
    path = OUT / name
    if not picture.save(str(path)):
        raise SystemExit(f"could not write {path}")
    print(f"wrote {path} ({picture.width()}x{picture.height()})")


def click_all(app: QApplication, window: MainWindow, names: tuple[str, ...]) -> None:
    """Click the cells ``names`` on the window's board, one after another, as a person would."""
    board = window.board
    for name in names:
        cell = board.rules.geometry.parse(name)
        QTest.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.cell_centre(cell))
        settle(app, 0.05)


def shoot(app: QApplication, theme: ThemeChoice, suffix: str) -> None:
    window = MainWindow(settings=AppSettings(), rules=GOMOKU)
    window.look.set_theme(theme)
    window.resize(DEFAULT_WINDOW_SIZE)
    window.move(20, 20)
    window.show()
    settle(app, 0.5)
    window.start_game(GOMOKU, Seat(HUMAN_KIND, "Alice"), Seat(HUMAN_KIND, "Bob"))
    board = window.board
    geometry = GOMOKU.geometry
    click_all(app, window, MOVES)
    hovered = board.cell_centre(geometry.parse("k9"))
    QCursor.setPos(board.mapToGlobal(hovered))
    QTest.mouseMove(board, hovered)
    settle(app, 0.3)
    grab(app, window, f"board-15x15{suffix}.png")

    # Move numbers on the stones, zoomed in: the rulers name the rows and columns in view.
    window.move_numbers_action.trigger()
    window.board_view.set_zoom(2.5)
    settle(app, 0.3)
    for bar in (window.board_view.horizontalScrollBar(), window.board_view.verticalScrollBar()):
        bar.setValue(bar.maximum() // 2)
    grab(app, window, f"board-numbers-zoomed{suffix}.png")
    window.board_view.reset_zoom()
    window.move_numbers_action.trigger()

    # Monty asked about the position: its visits as a heat map, its figures in Thinking.
    window.insight.dock_action.trigger()
    answers: list[object] = []
    window.controller.insight_ready.connect(lambda *args: answers.append(args))
    window.insight.panel.select_kind("monty")
    window.insight.panel.ask_button.click()
    settle(app, 0.5, until=lambda: bool(answers))
    grab(app, window, f"mcts-heat-map{suffix}.png")
    window.insight.dock_action.trigger()

    dialog = window.new_game_dialog()
    dialog.show()
    dialog.move(window.x() + 120, window.y() + 90)
    dialog.presets.setCurrentRow(list(PRESETS).index("7x7-five"))
    settle(app, 0.4)
    grab(app, dialog, f"new-game-dialog{suffix}.png")
    dialog.close()

    window.start_game(RULE_PRESETS["renju"], Seat(HUMAN_KIND, "Alice"), Seat(HUMAN_KIND, "Bob"))
    geometry = RULE_PRESETS["renju"].geometry
    click_all(app, window, RENJU_MOVES)
    hovered = board.cell_centre(geometry.parse("g8"))
    QCursor.setPos(board.mapToGlobal(hovered))
    QTest.mouseMove(board, hovered)
    QTest.mouseClick(board, Qt.MouseButton.LeftButton, pos=hovered)  # refused, said below
    grab(app, window, f"renju-forbidden{suffix}.png")
    window.controller.shutdown()
    window.close()


def main() -> int:
    folder = tempfile.mkdtemp(prefix="ttt-shots-")
    for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(settings_format, QSettings.Scope.UserScope, folder)
    app = QApplication(sys.argv[:1])
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    ThemeManager.for_application(AppSettings().qsettings)
    translators = translation.install(AppSettings().qsettings, "en")  # as the app: plurals
    shoot(app, ThemeChoice.LIGHT, "")
    shoot(app, ThemeChoice.DARK, "-dark")
    translation.remove(translators)
    return 0


if __name__ == "__main__":
    sys.exit(main())
