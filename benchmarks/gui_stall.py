"""The longest stall of the window's GUI thread while computer players think.

Opens the real window (offscreen unless QT_QPA_PLATFORM says otherwise) with the
app's own thread settings, and runs a 5 ms heartbeat timer in the GUI thread that
notes how late each tick fires: the lateness is how long a click or a repaint
would have waited. Two scenes:

1. ``minimax`` against ``minimax`` with no move delay: the plain full-tree search
   (seconds on an empty board) runs in the worker thread, holding the interpreter.
2. A person against ``--kind`` (``perfect`` unless given) on ``--rules`` (tic-tac-toe
   unless given), clicked through: the benchmark clicks a free cell (the first one on
   tic-tac-toe, one drawn from a seeded generator on other boards) as soon as it is the
   person's turn, for several games, with the app's default move delay
   (``--person-delay 0`` answers at once: two moves' work then falls between some ticks).
   The first scene is tic-tac-toe's only: on other rules it is left out
   (``match_stall.py --rules`` watches two computers on any board).

Prints, per scene: ticks, median and 99th-percentile lateness, the longest stall,
and how many ticks were later than 8 ms and 16 ms (one frame at 120 / 60 Hz).
Pass ``--switch-interval`` to compare with other interpreter switch intervals.

    .venv/bin/python benchmarks/gui_stall.py
    .venv/bin/python benchmarks/gui_stall.py --switch-interval 0.005   # Python's default
    .venv/bin/python benchmarks/gui_stall.py --kind strongest --rules gomoku --games 3
    chrt -f 1 xvfb-run -a .venv/bin/python benchmarks/gui_stall.py   # see match_stall.py
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

HEARTBEAT_MS: Final = 5


@dataclass
class Heartbeat:
    """Lateness of each tick of a 5 ms timer, in ms."""

    lateness_ms: list[float] = field(default_factory=list)
    _last: float = 0.0

    def start(self) -> None:
        self._last = time.perf_counter()

    def tick(self) -> None:
        now = time.perf_counter()
        self.lateness_ms.append(max(0.0, (now - self._last) * 1000 - HEARTBEAT_MS))
        self._last = now

    def report(self, title: str, seconds: float) -> None:
        late = sorted(self.lateness_ms)
        if not late:
            print(f"{title}: no ticks")
            return
        p99 = late[min(len(late) - 1, int(len(late) * 0.99))]
        print(
            f"{title}: {seconds:.1f} s, {len(late)} ticks; lateness median "
            f"{statistics.median(late):.2f} ms, p99 {p99:.2f} ms, "
            f"longest stall {late[-1]:.1f} ms; "
            f"ticks > 8 ms: {sum(1 for x in late if x > 8)}, "
            f"> 16 ms: {sum(1 for x in late if x > 16)}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--switch-interval",
        type=float,
        default=None,
        help="interpreter switch interval in seconds (default: the app's own)",
    )
    parser.add_argument("--minimax-games", type=int, default=3, help="minimax v minimax games")
    parser.add_argument("--games", type=int, default=8, help="games of the person's scene")
    parser.add_argument("--kind", default="perfect", help="the computer the person plays")
    parser.add_argument("--rules", default="3,3,3", help="the board: M,N,K or a preset's name")
    parser.add_argument("--seed", type=int, default=1, help="the person's clicks on big boards")
    parser.add_argument(
        "--person-delay",
        type=int,
        default=400,
        help="the computer's visible move delay in ms in the person's games (default: the app's)",
    )
    options = parser.parse_args(argv)

    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        # No screen (a server, CI): offscreen. Under xvfb-run, the X server's (xcb) plugin.
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import shiboken6  # noqa: PLC0415
    from PySide6.QtCore import (  # noqa: PLC0415
        QCoreApplication,
        QEventLoop,
        QSettings,
        Qt,
        QTimer,
    )
    from PySide6.QtTest import QTest  # noqa: PLC0415
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    from ttt_desktop.core import Mark  # noqa: PLC0415
    from ttt_desktop.core.rules import Rules  # noqa: PLC0415
    from ttt_desktop.gui.game.controller import Seat  # noqa: PLC0415
    from ttt_desktop.gui.shell.app import GUI_SWITCH_INTERVAL_S  # noqa: PLC0415
    from ttt_desktop.gui.shell.main_window import MainWindow  # noqa: PLC0415
    from ttt_desktop.gui.shell.settings import APPLICATION  # noqa: PLC0415
    from ttt_desktop.players import HUMAN_KIND, player_info  # noqa: PLC0415
    from ttt_desktop.players.roster import supports  # noqa: PLC0415

    rules = Rules.parse(options.rules)
    if not supports(options.kind, rules):
        parser.error(f"{options.kind} does not play {rules.title}")
    opponent = player_info(options.kind).name
    clicks = random.Random(options.seed)

    switch_interval = options.switch_interval or GUI_SWITCH_INTERVAL_S
    sys.setswitchinterval(switch_interval)
    # Private settings: the benchmark neither reads nor changes the user's.
    folder = tempfile.mkdtemp(prefix="ttt-gui-stall-")
    for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(settings_format, QSettings.Scope.UserScope, folder)
    QCoreApplication.setOrganizationName("TTT Desktop benchmark")
    QCoreApplication.setApplicationName(APPLICATION)
    app = QApplication([sys.argv[0]])
    window = MainWindow(rules=rules)
    window.show()
    # The window's first paint (fonts, glyph caches, style) is start-up, not a stall.
    QTest.qWaitForWindowExposed(window)
    # As the app does once the window shows: the search process starts before a move is due.
    window.controller.start_search_process()
    while not window.controller.search_process.is_alive:
        app.processEvents()
    # Run under `chrt -f 10` to keep a busy machine's other work off the figures: the
    # search process then goes back to normal scheduling, below the window, as on a desktop
    # where the window is the interactive task.
    if os.sched_getscheduler(0) != os.SCHED_OTHER:
        pid = window.controller.search_process.pid
        os.sched_setscheduler(pid, os.SCHED_OTHER, os.sched_param(0))
    settle_until = time.perf_counter() + 0.3
    while time.perf_counter() < settle_until:
        app.processEvents()
    controller = window.controller
    controller.session.move_delay_ms = 0
    controller.session.start_policy = "x"
    print(
        f"platform {app.platformName()}, switch interval {switch_interval * 1000:g} ms, "
        f"heartbeat {HEARTBEAT_MS} ms"
    )

    def run_scene(title: str, setup: Callable[[], None], done: Callable[[], bool]) -> None:
        heartbeat = Heartbeat()
        timer = QTimer()
        timer.setTimerType(Qt.TimerType.PreciseTimer)
        timer.setInterval(HEARTBEAT_MS)
        timer.timeout.connect(heartbeat.tick)
        started = time.perf_counter()
        heartbeat.start()
        timer.start()
        setup()
        while not done():
            # Sleeping in the GUI thread would count as a stall: wait for events instead
            # (the heartbeat wakes the loop at least every 5 ms).
            app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
        timer.stop()
        heartbeat.report(title, time.perf_counter() - started)

    # Scene 1: minimax against minimax, each game from the empty board.
    minimax_games_left = [options.minimax_games]

    def minimax_game() -> None:
        controller.session.set_seat(Mark.X, Seat("minimax", "MiniMax"))
        controller.session.set_seat(Mark.O, Seat("minimax", "MiniMax"))
        controller.session.new_game(Mark.X)

    def minimax_games_done() -> bool:
        if not controller.session.record.is_finished:
            return False
        minimax_games_left[0] -= 1
        if minimax_games_left[0] == 0:
            return True
        controller.session.new_game(Mark.X)
        return False

    if rules.is_classic and options.minimax_games > 0:
        run_scene(
            f"minimax v minimax, {options.minimax_games} games", minimax_game, minimax_games_done
        )

    # Scene 2: a person against --kind, clicked through.
    games_left = [options.games]
    moves = [0]
    controller.move_played.connect(lambda _record: moves.__setitem__(0, moves[0] + 1))

    def person_game() -> None:
        controller.session.move_delay_ms = options.person_delay
        controller.session.set_seat(Mark.X, Seat(HUMAN_KIND, "Benchmark"))
        controller.session.set_seat(Mark.O, Seat(options.kind, opponent))
        controller.session.new_game(Mark.X)

    def click_when_it_is_the_persons_turn() -> bool:
        board = controller.session.board
        if board.is_over:
            games_left[0] -= 1
            if games_left[0] == 0:
                return True
            controller.session.new_game(Mark.X)
        elif not controller.session.is_thinking and board.to_move is Mark.X:
            if rules.is_classic:
                cell = board.legal_moves()[0]
                QTest.mouseClick(window.board.cell_widget(cell), Qt.MouseButton.LeftButton)
            else:
                cell = clicks.choice(board.legal_moves())
                QTest.mouseClick(
                    window.board, Qt.MouseButton.LeftButton, pos=window.board.cell_centre(cell)
                )
        return False

    if options.games > 0:  # --games 0: the minimax scene alone
        run_scene(
            f"person v {opponent}, {rules.title}, {options.games} games clicked through, "
            f"{options.person_delay} ms move delay",
            person_game,
            click_when_it_is_the_persons_turn,
        )
        print(f"  {moves[0]} moves")

    window.close()
    shiboken6.delete(window)
    return 0


if __name__ == "__main__":
    sys.exit(main())
