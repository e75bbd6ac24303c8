"""Take the Engines dialog's screenshots: run under an X server, with throw-away folders.

    XDG_DATA_HOME=$(mktemp -d) XDG_CONFIG_HOME=$(mktemp -d) \\
    xvfb-run -a -s "-screen 0 1366x768x24" .venv/bin/python docs/take_engines_screenshots.py \\
        [--theme light|dark] [--language en|de] [--out FOLDER] [--manual]

In the real window: Lab > Engines..., *Add...* filled in with our own brain
(``pbrain-ttt --player levi``, the program found beside this interpreter), the probe, a
second INFO line and a test game, a refused ``/bin/cat``, a broken engine list's notice,
and the engine log of a few moves of gomoku against the brain. Each picture is the
screen's area of one window, grabbed from the X server. They go to a throw-away folder
(printed) or ``--out``; ``--manual`` (light, English) also writes the manual's two,
``docs/screenshots/engines-dialog.png`` and ``engine-log.png``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

PBRAIN = Path(sys.executable).parent / "pbrain-ttt"
MANUAL = Path(__file__).resolve().parent / "screenshots"
MANUAL_SHOTS = ("engines-dialog.png", "engine-log.png")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--theme", choices=("light", "dark"), default="light")
    parser.add_argument("--language", choices=("en", "de"), default="en")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--manual", action="store_true", help="write the manual's pictures")
    options = parser.parse_args()
    if options.manual and (options.theme, options.language) != ("light", "en"):
        parser.error("the manual's pictures are light and English")
    out = options.out or Path(tempfile.mkdtemp(prefix="ttt-engines-shots-"))
    out.mkdir(parents=True, exist_ok=True)

    from PySide6.QtCore import QSettings  # noqa: PLC0415
    from PySide6.QtWidgets import QApplication, QWidget  # noqa: PLC0415

    from ttt_desktop.core import Mark  # noqa: PLC0415
    from ttt_desktop.core.rules import GOMOKU  # noqa: PLC0415
    from ttt_desktop.gui.common import translation  # noqa: PLC0415
    from ttt_desktop.gui.common.theme import ThemeChoice, ThemeManager  # noqa: PLC0415
    from ttt_desktop.gui.engines.engine_add_dialog import AddEngineDialog  # noqa: PLC0415
    from ttt_desktop.gui.engines.engines_dialog import EnginesDialog  # noqa: PLC0415
    from ttt_desktop.gui.shell.main_window import MainWindow  # noqa: PLC0415
    from ttt_desktop.gui.shell.settings import APPLICATION, ORGANISATION, AppSettings  # noqa: PLC0415

    data = Path(tempfile.mkdtemp(prefix="ttt-engines-data-"))
    app = QApplication(sys.argv[:1])
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(data))
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    settings = AppSettings()
    settings.set_people(["Alice", "Bob"])
    translation.set_language_choice(settings.qsettings, options.language)
    translators = translation.install(settings.qsettings)
    theme = ThemeManager.for_application(settings.qsettings)
    theme.set_choice(ThemeChoice.DARK if options.theme == "dark" else ThemeChoice.LIGHT)
    # A home of its own: the dialog shows the list where a person's would be.
    os.environ["HOME"] = str(data)
    engines_file = data / ".local" / "share" / "TTT Desktop" / "TTT Desktop" / "engines.json"
    window = MainWindow(
        settings=settings,
        library_path=data / "games.sqlite3",
        rules=GOMOKU,
        engines_file=engines_file,
        game_in_progress_path=None,
    )
    window.resize(1200, 700)
    window.move(0, 0)
    window.show()

    def wait(done: Callable[[], bool], seconds: float = 60.0) -> None:
        deadline = time.monotonic() + seconds
        while not done():
            if time.monotonic() > deadline:
                raise SystemExit("timed out")
            app.processEvents()
            time.sleep(0.01)

    def pause(seconds: float) -> None:
        end = time.monotonic() + seconds
        wait(lambda: time.monotonic() >= end)

    def grab(widget: QWidget, name: str) -> None:
        pause(0.5)
        frame = widget.frameGeometry()
        picture = app.primaryScreen().grabWindow(
            0, frame.x(), frame.y(), frame.width(), frame.height()
        )
        folders = [out, MANUAL] if options.manual and name in MANUAL_SHOTS else [out]
        for folder in folders:
            picture.save(str(folder / name))
            print(f"wrote {folder / name} ({picture.width()}x{picture.height()})")

    pause(1.0)
    dialog = EnginesDialog(window, engine_list=window.engine_list, show_log=window.show_engine_log)
    dialog.move(40, 30)
    dialog.show()
    add = AddEngineDialog(dialog, taken=dialog.engines.entries)
    add.command_edit.setText(f"{PBRAIN} --player levi")
    add.move(120, 160)
    add.show()
    grab(add, "engines-add.png")
    command, folder, name = add.values()
    add.close()
    dialog.add_command(command, name, folder)
    wait(lambda: not dialog.busy)
    dialog.table.selectRow(0)
    dialog.infos_edit.setPlainText("hash_size 64")
    dialog.infos_edit.editing_finished.emit()
    dialog.test_button.click()
    wait(lambda: not dialog.busy)
    grab(dialog, "engines-dialog.png")
    dialog.add_command("/bin/cat")
    wait(lambda: not dialog.busy)
    grab(dialog, "engines-refused.png")
    dialog.close()

    # A game against the brain with its engine log open.
    panel = window.player_panel
    panel.choose_index(Mark.O, panel.index_of(Mark.O, kind="brain.ttt-levi"))
    window.insight.dock.show()
    window.show_engine_log()
    window.controller.session.new_game(Mark.X, GOMOKU)
    for wanted in (112, 128, 96):
        legal = window.controller.session.board.legal_moves()
        played = window.controller.session.record.ply
        window.controller.session.play_cell(wanted if wanted in legal else legal[len(legal) // 2])
        wait(lambda played=played: window.controller.session.record.ply >= played + 2)
    grab(window, "engine-log.png")

    # A broken list while the window runs: the notice.
    engines_file.write_text("[" * 400_000)
    wait(lambda: window.engines_notice.box is not None and window.engines_notice.box.isVisible())
    box = window.engines_notice.box
    assert box is not None
    box.move(200, 200)
    grab(window, "engines-problem.png")
    box.accept()
    window.controller.shutdown()
    window.close()
    translation.remove(translators)
    return 0


if __name__ == "__main__":
    # The search process is started with "spawn": it imports this file again, as a module.
    os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
    sys.exit(main())
