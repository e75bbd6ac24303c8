"""How responsive the window stays while it shows a match at full speed.

Opens the real window (offscreen unless a display is given), seats two computer
players, sets the speed to "as fast as the machine goes" and watches a match of N
games. A 5 ms heartbeat timer in the GUI thread notes every gap between its ticks:
the longest gap is the longest time the window could not have answered a click or
repainted. Prints the match result, the time taken and the stall figures.

    .venv/bin/python benchmarks/match_stall.py                 # perfect vs perfect, 20 games
    .venv/bin/python benchmarks/match_stall.py --kind minimax --games 4
    .venv/bin/python benchmarks/match_stall.py --kind strongest --rules gomoku --games 1
    chrt -f 1 xvfb-run -a .venv/bin/python benchmarks/match_stall.py --kind minimax --games 4

Under ``xvfb-run`` the window draws through the X server (the xcb plugin), and every
repaint waits for Xvfb to take the previous one: run ``chrt`` outside ``xvfb-run`` so
that the X server shares the window's priority, as a desktop's display server does
(inside it, a busy machine starves Xvfb and its waits of 15-45 ms show as stalls).
``benchmarks/move_work.py`` counts the GUI thread's CPU time a move instead.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import tempfile
import time
from typing import Final

HEARTBEAT_MS: Final = 5


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", default="perfect", help="the AI kind for both seats")
    parser.add_argument("--games", type=int, default=20, help="games in the match")
    parser.add_argument("--rules", default="3,3,3", help="the board: M,N,K or a preset's name")
    options = parser.parse_args(argv)

    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        # No screen (a server, CI): offscreen. Under xvfb-run, the X server's (xcb) plugin.
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import shiboken6  # noqa: PLC0415
    from PySide6.QtCore import QCoreApplication, QSettings, QTimer  # noqa: PLC0415
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    from ttt_desktop.core import Mark  # noqa: PLC0415
    from ttt_desktop.core.rules import Rules  # noqa: PLC0415
    from ttt_desktop.gui.game.controller import Seat  # noqa: PLC0415
    from ttt_desktop.gui.review.match import MatchScore  # noqa: PLC0415
    from ttt_desktop.gui.shell.app import GUI_SWITCH_INTERVAL_S  # noqa: PLC0415
    from ttt_desktop.gui.shell.main_window import MainWindow  # noqa: PLC0415
    from ttt_desktop.players import player_info  # noqa: PLC0415

    sys.setswitchinterval(GUI_SWITCH_INTERVAL_S)
    # Private settings, so the benchmark neither reads nor changes the user's.
    settings_folder = tempfile.mkdtemp(prefix="ttt-bench-")
    for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(settings_format, QSettings.Scope.UserScope, settings_folder)
    QCoreApplication.setOrganizationName("TTT Desktop benchmark")
    app = QApplication([sys.argv[0]])
    rules = Rules.parse(options.rules)
    window = MainWindow(rules=rules)
    window.show()
    # As the app does once the window shows: the search process starts before a move is due.
    if hasattr(window.controller, "start_search_process"):  # older versions searched in a thread
        window.controller.start_search_process()
        while not window.controller.search_process.is_alive:
            app.processEvents()
        # Run under `chrt -f 10` to keep a busy machine's other work off the figures: the
        # search process then goes back to normal scheduling, below the window, as on a desktop
        # where the window is the interactive task.
        if os.sched_getscheduler(0) != os.SCHED_OTHER:
            pid = window.controller.search_process.pid
            os.sched_setscheduler(pid, os.SCHED_OTHER, os.sched_param(0))
    cpu_before = resource.getrusage(resource.RUSAGE_SELF)
    name = player_info(options.kind).name
    window.controller.session.set_seat(Mark.X, Seat(options.kind, name))
    window.controller.session.set_seat(Mark.O, Seat(options.kind, name))
    review = window.review
    review.replay_bar.speed.setValue(review.replay_bar.speed.maximum())

    gaps_ms: list[float] = []
    last_tick = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        gaps_ms.append((now - last_tick[0]) * 1000)
        last_tick[0] = now

    heartbeat = QTimer()
    heartbeat.setInterval(HEARTBEAT_MS)
    heartbeat.timeout.connect(tick)
    final: list[MatchScore] = []
    review.match_runner.match_finished.connect(final.append)
    review.match_runner.match_finished.connect(lambda _score: app.quit())

    moves = [0]
    window.controller.move_played.connect(lambda _record: moves.__setitem__(0, moves[0] + 1))
    started = time.perf_counter()
    heartbeat.start()
    last_tick[0] = time.perf_counter()
    review.watch_match(options.games)
    app.exec()
    elapsed = time.perf_counter() - started
    cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    window_cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (
        cpu_after.ru_stime - cpu_before.ru_stime
    )
    heartbeat.stop()
    window.controller.shutdown()
    window.close()
    shiboken6.delete(window)

    score = final[0]
    stalls = [gap - HEARTBEAT_MS for gap in gaps_ms]
    print(f"match: {options.games} games of {name} vs {name} at full speed, {rules.title}")
    print(f"  platform {app.platformName()}")
    print(f"  result: {score.describe()}")
    print(f"  time: {elapsed:.2f} s ({options.games / elapsed:.1f} games/s, {moves[0]} moves)")
    print(f"  heartbeat {HEARTBEAT_MS} ms, {len(gaps_ms)} ticks")
    print(f"  CPU time of the window's process during the match: {window_cpu:.2f} s")
    print(f"  longest stall: {max(stalls):.1f} ms")
    print(f"  99th percentile stall: {statistics.quantiles(stalls, n=100)[98]:.1f} ms")
    print(f"  median gap: {statistics.median(gaps_ms):.1f} ms")
    return 0 if score.played == options.games else 1


if __name__ == "__main__":
    sys.exit(main())
