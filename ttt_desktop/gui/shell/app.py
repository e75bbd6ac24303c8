"""Starting the application: command line, ``QApplication``, the window, a clean exit.

``main`` parses ``--version``, ``--self-test`` and ``--rules``, shows :class:`MainWindow`, and
before returning shuts the AI worker thread down and deletes the window
explicitly: leaving the window to the interpreter's own teardown crashes PySide6
now and then at exit.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import ttt_desktop
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules, RulesError
from ttt_desktop.library.location import LIBRARY_ENV_VAR, library_path

# The GUI thread must get the interpreter back quickly while a computer player
# searches in the worker thread: with the default 5 ms switch interval a
# pure-Python search holds the GIL long enough for a visible stall, since a
# repaint asks for it many times (benchmarks/gui_stall.py compares intervals).
GUI_SWITCH_INTERVAL_S: Final = 0.0005
# The desktop entry's StartupWMClass and file name (resources/).
WM_CLASS_NAME: Final = "ttt-desktop"
# What the first screen does not need is built after the first paint, or this long after
# the start at the latest (a window that is not painted soon: started minimised, say).
FINISH_START_LATEST_MS: Final = 1000
DESKTOP_FILE_NAME: Final = "org.tttdesktop.TTTDesktop"


def _parse(arguments: Sequence[str]) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(
        prog="ttt-desktop",
        description="TTT Desktop: tic-tac-toe against a friend or the computer.",
        epilog="Other options (e.g. -platform offscreen) are passed to Qt.",
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="open the window, play a quick computer game, check it and exit (0: all well)",
    )
    parser.add_argument(
        "--rules",
        metavar="M,N,K|NAME",
        help="open the window on this board: m columns, n rows, k in a row (add ',exact' for "
        "exactly k), or a preset name such as tic-tac-toe or gomoku (default: the board last "
        "chosen)",
    )
    parser.add_argument(
        "--library",
        metavar="PATH",
        help="the game library file (default: $TTT_DESKTOP_LIBRARY, else library.sqlite3 "
        "in the app-data folder)",
    )
    return parser.parse_known_args(list(arguments))


def qt_argv(qt_arguments: Sequence[str]) -> list[str]:
    """The arguments for ``QApplication``: the program named as the desktop entry names it.

    On X11 Qt makes the window's class (WM_CLASS) from the program name, which is
    ``__main__.py`` when started with ``python -m``; docks and task bars match it
    against the desktop entry's ``StartupWMClass``.
    """
    return [WM_CLASS_NAME, *qt_arguments]


def _say(text: str) -> None:
    # A GUI-script launcher on Windows has no console: stdout may be None there.
    if sys.stdout is not None:
        print(text)


def _library_path(options: argparse.Namespace) -> str | None:
    """The game library's file: --library, $TTT_DESKTOP_LIBRARY, else in the app-data folder.

    The self-test plays its game without touching the person's library.
    """
    from PySide6.QtCore import QStandardPaths  # noqa: PLC0415  (after the command line: --version and --help load no Qt)

    if options.self_test and not options.library and not os.environ.get(LIBRARY_ENV_VAR):
        return None
    app_data = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    path = library_path(app_data or None, options.library)
    return None if path is None else str(path)


def _trained_players_folder(options: argparse.Namespace) -> str | None:
    """Where the Train window saves trained players: the app-data folder (not for the self-test)."""
    if options.self_test:
        return None
    from PySide6.QtCore import QStandardPaths  # noqa: PLC0415  (after the command line: --version and --help load no Qt)

    app_data = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return str(Path(app_data) / "trained-players") if app_data else None


def _rules_asked(options: argparse.Namespace) -> Rules | None:
    """The rules ``--rules`` asks for (None: not given); a bad value raises ``RulesError``.

    The self-test without ``--rules`` checks tic-tac-toe, never the board the person chose last.
    """
    if options.rules is None:
        return TIC_TAC_TOE if options.self_test else None
    return Rules.parse(options.rules)


def main(argv: Sequence[str] | None = None) -> int:
    """Run TTT Desktop; returns the process exit code (2 for a bad command line)."""
    options, qt_arguments = _parse(sys.argv[1:] if argv is None else argv)
    try:
        rules = _rules_asked(options)
    except RulesError as error:
        if sys.stderr is not None:
            print(f"ttt-desktop: --rules: {error}", file=sys.stderr)
        return 2
    if options.version:
        _say(f"TTT Desktop {ttt_desktop.__version__}")
        return 0

    import shiboken6  # noqa: PLC0415  (after the command line: --version and --help load no Qt)
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415  (after the command line: --version and --help load no Qt)

    from ttt_desktop.gui.shell.module_sources import spare_module_sources  # noqa: PLC0415  (after the command line: --version and --help load no Qt)

    # Before the window's modules are imported: PySide6 would read each one's source.
    spare_module_sources()
    from ttt_desktop.gui.common import translation  # noqa: PLC0415  (after the command line: --version and --help load no Qt)
    from ttt_desktop.gui.common.theme import ThemeManager  # noqa: PLC0415  (after the command line: --version and --help load no Qt)
    from ttt_desktop.gui.shell import startup_report  # noqa: PLC0415  (after the command line: --version and --help load no Qt)
    from ttt_desktop.gui.shell.main_window import MainWindow  # noqa: PLC0415  (after the command line: --version and --help load no Qt)
    from ttt_desktop.gui.shell.settings import APPLICATION, ORGANISATION, AppSettings  # noqa: PLC0415  (after the command line: --version and --help load no Qt)

    sys.setswitchinterval(GUI_SWITCH_INTERVAL_S)
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(qt_argv(qt_arguments))
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName(APPLICATION)
    app.setDesktopFileName(DESKTOP_FILE_NAME)

    settings = AppSettings()
    # Before any widget exists: the language and the theme of the first paint.
    translators = translation.install(settings.qsettings)
    ThemeManager.for_application(settings.qsettings)
    window = MainWindow(
        settings=settings,
        library_path=_library_path(options),
        trained_players_folder=_trained_players_folder(options),
        rules=rules,
        defer_until_shown=True,
    )
    watchers: list[Any] = []

    def finish_start() -> None:
        # The library, the search process (if a computer plays), the Lab's menu and the
        # rest the first screen does not show: once it is painted.
        window.finish_start()
        if watchers:
            return
        import linecache  # noqa: PLC0415  (after the first paint, once)

        # Whatever source was read for a message or a check (or by PySide6, were
        # spare_module_sources without effect) is not needed again.
        linecache.clearcache()
        from ttt_desktop.gui.shell.window_watch import watch_for_outside_destruction  # noqa: PLC0415  (not before the first paint)

        # A window destroyed from outside (its window manager died) closes as if asked to.
        watchers.append(watch_for_outside_destruction(window))

    startup_report.FirstPaintReporter(window, finish_start)
    if startup_report.report_shown_requested():
        # Benchmarks: print the time of the first paint, then quit. (Installed last, its
        # filter hears the paint first: the report comes before finish_start runs.)
        startup_report.report_first_paint(window)
    from PySide6.QtCore import QTimer  # noqa: PLC0415  (after the command line: --version and --help load no Qt)

    QTimer.singleShot(FINISH_START_LATEST_MS, finish_start)
    from ttt_desktop.gui.shell.termination import quit_on_termination  # noqa: PLC0415  (after the command line: --version and --help load no Qt)

    # SIGTERM (a desktop logging out) and SIGHUP quit as Quit does: the game saved.
    termination = quit_on_termination(window)
    window.show()
    try:
        if options.self_test:
            from ttt_desktop.gui.shell.self_test import run_self_test  # noqa: PLC0415  (not before the first paint)

            exit_code = run_self_test(window)
        else:
            exit_code = app.exec()
    finally:
        # The sound's loading thread must be out of QtMultimedia before Qt is torn down.
        window.sound.close()
        window.controller.shutdown()
        if termination is not None:
            termination.remove()
        # Closed here, not whenever the interpreter gets to it (or never, see below).
        window.history.close_library()
        shiboken6.delete(window)
        for watcher in watchers:
            if watcher is not None:
                app.removeNativeEventFilter(watcher)
        translation.remove(translators)
    if termination is not None and termination.received:
        # The session is ending: the game, the settings and the library are on disk and
        # the search process has ended; the interpreter's teardown is skipped (unless
        # other children still need it to end them).
        termination.leave(exit_code)
    return exit_code
