"""The start stays light: what the first screen does not show waits for the first paint.

The app's window leaves the Thinking dock, the Lab, the game library, the record codecs,
the coach's analysis and the search process to :meth:`MainWindow.finish_start`, which runs
after the first paint; a game between people never starts the search process, and the
search process starts without multiprocessing's resource tracker.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDockWidget, QMenu, QWidget
from pytestqt.qtbot import QtBot

from ttt_desktop.core import GameRecord, Mark
from ttt_desktop.gui.common.indicators import VisibleIndicators
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import AppSettings, SeatChoice
from ttt_desktop.gui.shell.startup_report import (
    HOLD_VARIABLE,
    MODULES_VARIABLE,
    REPORT_SHOWN_VARIABLE,
    read_libraries,
    read_modules,
    read_shown_time,
)
from ttt_desktop.players import HUMAN_KIND

PROJECT_ROOT = Path(__file__).resolve().parents[2]
WindowMaker = Callable[..., MainWindow]  # the make_window fixture (tests/gui/conftest.py)
MovePlayer = Callable[[MainWindow, Iterable[int]], GameRecord]  # play_moves

# Modules the first screen does not need, by feature: none may be loaded at the first paint.
NOT_BEFORE_THE_FIRST_PAINT = {
    "the search process's multiprocessing": ["multiprocessing"],
    "the game library": [
        "sqlite3",
        "ttt_desktop.library.store",
        "ttt_desktop.library.rating_table",
    ],
    "the coach's analysis": [
        "ttt_desktop.analysis.coach",
        "ttt_desktop.analysis.solver",
        "ttt_desktop.analysis.board_coach",
    ],
    "the record codecs": ["ttt_desktop.formats.json_codec", "ttt_desktop.formats.text_codec"],
    "the Thinking dock and search trees": [
        "ttt_desktop.gui.insight.features",
        "ttt_desktop.gui.insight.dock",
        "ttt_desktop.gui.insight.tree",
        "ttt_desktop.players.search_tree",
    ],
    "the Lab": [
        "ttt_desktop.gui.lab",
        "ttt_desktop.gui.lab.tournament_window",
        "ttt_desktop.gui.lab.train_window",
        "ttt_desktop.lab.runner",
        "ttt_desktop.lab.training",
        "ttt_desktop.lab.trained",
    ],
    "the History window": ["ttt_desktop.gui.history.window", "ttt_desktop.gui.history.model"],
    "the move list (its dock is hidden)": ["ttt_desktop.gui.review.move_list"],
    "the review panel (its dock is hidden)": ["ttt_desktop.gui.coach.review_panel"],
    "the manual and the shortcuts window": [
        "ttt_desktop.gui.help.manual",
        "ttt_desktop.gui.help.shortcuts",
    ],
    "dialogs": [
        "ttt_desktop.gui.engines.engines_dialog",
        "ttt_desktop.gui.game.new_game_dialog",
        "ttt_desktop.gui.game.people_dialog",
        "ttt_desktop.gui.shell.self_test",
    ],
    "the engine manager (no engine list yet)": [
        "subprocess",
        "ttt_desktop.brains.engines",
        "ttt_desktop.brains.manager",
        "ttt_desktop.brains.player",
    ],
    "threads and C calls for later": ["concurrent.futures", "ctypes"],
    "the desktop's animation setting": ["configparser"],
}


def _start_app(tmp_path: Path, **extra: str) -> subprocess.Popen[str]:
    environment = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        REPORT_SHOWN_VARIABLE: "1",
        **extra,
    }
    return subprocess.Popen(
        [sys.executable, "-m", "ttt_desktop"],
        cwd=PROJECT_ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_nothing_heavy_is_loaded_at_the_first_paint(tmp_path: Path) -> None:
    process = _start_app(tmp_path, **{MODULES_VARIABLE: "1"})
    output, errors = process.communicate(timeout=120)
    assert process.returncode == 0, errors
    modules = read_modules(output)
    assert modules is not None, output
    loaded = set(modules)
    early = {
        feature: [name for name in names if name in loaded]
        for feature, names in NOT_BEFORE_THE_FIRST_PAINT.items()
    }
    assert {feature: names for feature, names in early.items() if names} == {}
    # The report itself is no excuse: the window and the board are there.
    assert "ttt_desktop.gui.shell.main_window" in loaded
    libraries = read_libraries(output)
    if libraries is not None and sys.platform.startswith("linux"):
        assert any(name.startswith("libQt6Widgets") for name in libraries), libraries
        assert [
            name for name in libraries if name.startswith(QT_LIBRARIES_NOT_BEFORE_THE_FIRST_PAINT)
        ] == []


# Qt's libraries and plugins the first screen does not need: the SVG icon engine (the window's
# icon is drawn in sizes), sound, the network (QtMultimedia brings it), the charts.
QT_LIBRARIES_NOT_BEFORE_THE_FIRST_PAINT = (
    "libQt6Svg",
    "libqsvg",
    "libQt6Multimedia",
    "libQt6Network",
    "libQt6Charts",
)


def _children(pid: int) -> list[tuple[int, str]]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rpartition(")")[2].split()[1])
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except (OSError, IndexError, ValueError):
            continue
        if parent == pid:
            found.append((int(entry.name), command))
    return found


@pytest.mark.slow
def test_after_the_first_paint_one_search_process_and_no_resource_tracker(
    tmp_path: Path,
) -> None:
    # The first start seats a person against a computer: the search process starts after
    # the first paint, and it is the app's only child.
    process = _start_app(tmp_path, **{HOLD_VARIABLE: "20000"})
    try:
        assert process.stdout is not None
        at_first_paint = None
        for line in process.stdout:
            if read_shown_time(line) is not None:
                at_first_paint = _children(process.pid)
                break
        assert at_first_paint is not None, process.stderr and process.stderr.read()
        deadline = time.monotonic() + 30
        children = _children(process.pid)
        while not children and time.monotonic() < deadline:
            time.sleep(0.05)
            children = _children(process.pid)
        time.sleep(0.5)  # long enough for a resource tracker, were one started
        children = _children(process.pid)
        assert len(children) == 1, children
        assert "spawn_main" in children[0][1]
        assert not [command for _, command in children if "resource_tracker" in command]
        assert at_first_paint == []
    finally:
        process.terminate()
        process.communicate(timeout=30)


def _seat_people(first: str, second: str) -> None:
    settings = AppSettings()
    settings.set_seat_choice(Mark.X.value, SeatChoice(HUMAN_KIND, first))
    settings.set_seat_choice(Mark.O.value, SeatChoice(HUMAN_KIND, second))
    settings.sync()


def test_a_game_between_people_never_starts_the_search_process(
    qtbot: QtBot, make_window: WindowMaker, play_moves: MovePlayer
) -> None:
    _seat_people("Ann", "Bob")
    window = make_window(defer_until_shown=True)
    window.finish_start()
    assert window.controller.session.seat(Mark.X).is_human
    assert window.controller.session.seat(Mark.O).is_human
    assert play_moves(window, (0, 3, 1, 4, 2)).is_finished
    qtbot.wait(100)
    assert window.controller.search_process.pid is None
    assert "multiprocessing" not in sys.modules or not window.controller.search_process.is_alive
    # Seating a computer starts it, before the computer's first move.
    panel = window.player_panel
    panel.choose_index(Mark.O, panel.index_of(Mark.O, kind="perfect"))
    assert not window.controller.session.seat(Mark.O).is_human
    qtbot.waitUntil(lambda: window.controller.search_process.is_alive, timeout=30_000)


def test_a_computer_seated_starts_the_search_process_after_the_first_paint(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window(defer_until_shown=True)
    assert not window.controller.session.seat(Mark.O).is_human
    assert window.controller.search_process.pid is None
    window.finish_start()
    qtbot.waitUntil(lambda: window.controller.search_process.is_alive, timeout=30_000)


def _menus(window: MainWindow) -> list[tuple[str, list[object]]]:
    def entries(menu: QMenu) -> list[object]:
        listed: list[object] = []
        for action in menu.actions():
            sub = action.menu()
            if isinstance(sub, QMenu):
                listed.append((sub.title(), entries(sub)))
            elif isinstance(action, QAction):
                listed.append("---" if action.isSeparator() else action.text())
        return listed

    menus = []
    for action in window.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu):
            menus.append((action.text(), entries(menu)))
    return menus


def _docks(window: MainWindow) -> list[tuple[str, bool]]:
    return sorted(
        (dock.objectName(), dock.isVisibleTo(window)) for dock in window.findChildren(QDockWidget)
    )


def test_the_window_finished_after_its_first_paint_is_the_window_built_at_once(
    make_window: WindowMaker,
) -> None:
    at_once = make_window()
    later = make_window(defer_until_shown=True)
    assert _menus(later) != _menus(at_once)  # the Lab's entries are not there yet
    later.finish_start()
    later.finish_start()  # twice: nothing more
    assert _menus(later) == _menus(at_once)
    assert _docks(later) == _docks(at_once)
    assert later.board.reduced_motion == at_once.board.reduced_motion
    assert later.lab.lab_menu is later.lab_menu
    # The check boxes' style proxy is over the application's style once the start is done.
    assert isinstance(QApplication.style(), VisibleIndicators)


def test_deferred_features_are_built_on_first_use(make_window: WindowMaker) -> None:
    window = make_window(defer_until_shown=True)
    assert "Ctrl+T" not in [
        action.shortcut().toString() for action in window.review.view_menu.actions()
    ]
    window.insight.dock_action.trigger()
    assert window.insight.dock.isVisibleTo(window)
    window.finish_start()
    assert window.insight.dock.isVisibleTo(window)


def _people_window_finished_later(make_window: WindowMaker) -> MainWindow:
    """Ann against Bob in a window that leaves what it can to after its first paint."""
    _seat_people("Ann", "Bob")
    return make_window(defer_until_shown=True)


def test_the_move_list_is_made_when_its_dock_shows_with_the_game_so_far(
    qtbot: QtBot, make_window: WindowMaker, play_moves: MovePlayer
) -> None:
    window = _people_window_finished_later(make_window)
    review = window.review
    assert not review.moves_dock.isVisible()
    play_moves(window, (4, 0, 8))
    assert review._move_list is None
    review.history_always_action.trigger()
    qtbot.waitUntil(review.moves_dock.isVisible)
    listing = review._move_list
    assert listing is not None
    assert review.moves_dock.widget() is listing
    assert listing.rowCount() == 4  # the start and three moves
    assert listing.currentRow() == 3
    # From now on it follows the game, and a row clicked shows its position.
    play_moves(window, (2,))
    assert listing.rowCount() == 5
    listing.ply_selected.emit(1)
    assert review.replay_bar.viewed_ply == 1


def test_the_review_panel_is_made_when_its_dock_shows_with_the_review(
    qtbot: QtBot, make_window: WindowMaker, play_moves: MovePlayer
) -> None:
    window = _people_window_finished_later(make_window)
    coach = window.coach
    dock = coach.review_dock
    play_moves(window, (0, 3))
    assert coach._review_panel is None
    assert dock.minimumSizeHint().width() > 0  # its room is kept while it is hidden
    play_moves(window, (1, 4, 2))  # Ann wins: a person's game shows its review
    qtbot.waitUntil(dock.isVisible)
    panel = coach._review_panel
    assert panel is not None
    assert dock.widget() is panel
    assert panel.record is not None and panel.record.is_finished
    assert panel.review is not None and panel.moves.count() == len(panel.record.moves)


def test_the_first_screen_does_not_move_when_the_start_is_finished(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    # What is left to after the first paint (the library, the Lab's entries, the Thinking
    # dock, the check boxes' style, the search process) moves nothing on the first screen.
    # The check boxes' style going over the app's style restyles every widget: the coach's
    # tool bar in the menu bar's corner took the style's margins back, and the bar grew
    # 8 px taller, pushing everything below it down.
    window = make_window(defer_until_shown=True, library_path=tmp_path / "library.sqlite3")
    window.resize(760, 560)  # within the test screen (800 px): no fitting to it on the way
    QApplication.processEvents()
    first = _layout(window)
    window.finish_start()
    qtbot.waitUntil(lambda: window.history.library is not None)
    qtbot.waitUntil(lambda: window.controller.search_process.is_alive, timeout=30_000)
    assert isinstance(QApplication.style(), VisibleIndicators)
    qtbot.waitUntil(lambda: _layout(window) == first)


def _layout(window: MainWindow) -> list[tuple[str, QRect]]:
    """Where the first screen's parts are, in the window's coordinates."""
    parts: list[tuple[str, QWidget]] = [
        ("menu bar", window.menuBar()),
        ("board", window.board),
        ("players", window.player_panel),
        ("new game", window.new_game_button),
    ]
    corner = window.menuBar().cornerWidget(Qt.Corner.TopRightCorner)
    if corner is not None:
        parts.append(("corner", corner))
    return [(name, QRect(part.mapTo(window, QPoint(0, 0)), part.size())) for name, part in parts]
