"""Take docs/screenshots/engines-list.png and docs/screenshots/brain-game.png.

Enters two of our players as Gomocup brains (``ttt-arena brain --player monty`` and
``levi``, probed as Lab > Engines... probes) in a throw-away engine list, shows the list,
then plays a few moves of gomoku against the Monty brain in the real window with the
Thinking dock open (its MESSAGE lines are its thought). Data and settings go to
throw-away folders. Run under an X server:

    XDG_DATA_HOME=$(mktemp -d) XDG_CONFIG_HOME=$(mktemp -d) \\
    xvfb-run -a -s "-screen 0 1366x768x24" .venv/bin/python docs/take_brain_screenshots.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

OUT = Path(__file__).parent / "screenshots"
# Our gomoku moves: the centre and around it (a legal cell is taken when one is not).
MOVES = (112, 128, 96, 114)


def main() -> None:
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    from ttt_desktop.brains.engines import EngineEntry, EngineList, probe  # noqa: PLC0415
    from ttt_desktop.core import Mark  # noqa: PLC0415
    from ttt_desktop.core.rules import GOMOKU  # noqa: PLC0415
    from ttt_desktop.gui.common import translation  # noqa: PLC0415
    from ttt_desktop.gui.common.theme import ThemeManager  # noqa: PLC0415
    from ttt_desktop.gui.engines.engines_dialog import EnginesDialog  # noqa: PLC0415
    from ttt_desktop.gui.shell.main_window import MainWindow  # noqa: PLC0415
    from ttt_desktop.gui.shell.settings import APPLICATION, ORGANISATION, AppSettings  # noqa: PLC0415

    data = Path(tempfile.mkdtemp(prefix="ttt-brains-"))
    engines_file = data / "engines.json"
    engines = EngineList(engines_file)
    for name, kind in (("TTT Monty", "monty"), ("TTT Levi", "levi")):
        command = f"{sys.executable} -m ttt_desktop.cli.arena brain --player {kind} --seed 7"
        engines.add(probe(EngineEntry(name, command)))
    engines.save()

    app = QApplication(sys.argv[:1])
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    settings = AppSettings()
    translation.install(settings.qsettings)
    ThemeManager.for_application(settings.qsettings)
    window = MainWindow(
        settings=settings,
        library_path=data / "games.sqlite3",
        rules=GOMOKU,
        engines_file=engines_file,
        game_in_progress_path=None,
    )
    window.resize(1340, 740)
    window.show()

    def wait(done: Callable[[], bool], seconds: float = 60.0) -> None:
        deadline = time.monotonic() + seconds
        while not done():
            if time.monotonic() > deadline:
                raise SystemExit("the brain did not answer in time")
            app.processEvents()
            time.sleep(0.01)

    def pause(seconds: float) -> None:
        end = time.monotonic() + seconds
        wait(lambda: time.monotonic() >= end)

    pause(1.0)
    dialog = EnginesDialog(window, engines_file)
    dialog.resize(1000, 300)
    dialog.show()
    dialog.table.selectRow(0)
    pause(0.8)
    dialog.grab().save(str(OUT / "engines-list.png"))
    dialog.close()

    panel = window.player_panel
    panel.choose_index(Mark.O, panel.index_of(Mark.O, kind="brain.ttt-monty"))
    window.insight.dock.show()
    window.controller.session.new_game(Mark.X, GOMOKU)
    for wanted in MOVES:
        board = window.controller.session.board
        legal = board.legal_moves()
        window.controller.session.play_cell(wanted if wanted in legal else legal[len(legal) // 2])
        wait(lambda: window.controller.session.board.to_move is Mark.X)
        pause(0.3)
    pause(1.0)
    window.grab().save(str(OUT / "brain-game.png"))
    window.controller.shutdown()
    window.close()


if __name__ == "__main__":
    # The search process is started with "spawn": it imports this file again, as a module.
    os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
    main()
