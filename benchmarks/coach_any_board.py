"""The coach on 15x15 in the real window: hint latency, the GUI thread's longest stall, review time.

Opens the window (offscreen unless QT_QPA_PLATFORM says otherwise) on 15,15,5 with two
people, plays an opening, and asks for hints with the coach's default budget (1 s) on
several positions, each time timing from Ctrl+H to the hint on show, while a 5 ms heartbeat
timer in the GUI thread notes how late each tick fires (the stall a click would see). Then
it reviews a 40-move game (the Searcher against itself, 50 ms a move) with the review's
default budget (200 ms a position) and prints the time it took.

    .venv/bin/python benchmarks/coach_any_board.py
    .venv/bin/python benchmarks/coach_any_board.py --hints 3 --moves 20
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable

from gui_stall import HEARTBEAT_MS, Heartbeat


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=5, help="hints asked, one per position")
    parser.add_argument("--moves", type=int, default=40, help="moves of the game reviewed")
    options = parser.parse_args(argv)

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QCoreApplication, QEventLoop, QSettings, Qt, QTimer  # noqa: PLC0415
    from PySide6.QtTest import QTest  # noqa: PLC0415
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    from ttt_desktop.core import Board, GameRecord, Mark  # noqa: PLC0415
    from ttt_desktop.core.record import PlayerEntry  # noqa: PLC0415
    from ttt_desktop.core.rules import GOMOKU  # noqa: PLC0415
    from ttt_desktop.gui.game.controller import Seat  # noqa: PLC0415
    from ttt_desktop.gui.shell.app import GUI_SWITCH_INTERVAL_S  # noqa: PLC0415
    from ttt_desktop.gui.shell.main_window import MainWindow  # noqa: PLC0415
    from ttt_desktop.gui.shell.settings import APPLICATION  # noqa: PLC0415
    from ttt_desktop.players import HUMAN_KIND, create_player  # noqa: PLC0415

    sys.setswitchinterval(GUI_SWITCH_INTERVAL_S)
    folder = tempfile.mkdtemp(prefix="ttt-coach-bench-")
    for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(settings_format, QSettings.Scope.UserScope, folder)
    QCoreApplication.setOrganizationName("TTT Desktop benchmark")
    QCoreApplication.setApplicationName(APPLICATION)
    app = QApplication([sys.argv[0]])
    window = MainWindow(rules=GOMOKU)
    window.show()
    QTest.qWaitForWindowExposed(window)
    controller = window.controller
    controller.start_search_process()
    while not controller.search_process.is_alive:
        app.processEvents()
    controller.session.set_seat(Mark.X, Seat(HUMAN_KIND, "Ann"))
    controller.session.set_seat(Mark.O, Seat(HUMAN_KIND, "Bob"))
    controller.session.new_game(Mark.X, GOMOKU)
    coach = window.coach

    def wait(done: Callable[[], bool]) -> None:
        while not done():
            app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)

    heartbeat = Heartbeat()
    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(HEARTBEAT_MS)
    timer.timeout.connect(heartbeat.tick)
    shown: list[object] = []
    coach.hint_shown.connect(shown.append)
    # The opening the hints are asked on: the Searcher's own moves, 30 ms each.
    searcher = create_player("searcher", seed=1, budget_ms=30)
    latencies: list[float] = []
    worst: list[float] = []
    started = time.perf_counter()
    heartbeat.start()
    timer.start()
    for _ in range(options.hints):
        # The opening's moves are thought out here, in the GUI thread: not timed.
        timer.stop()
        for _ in range(2):
            controller.session.play_cell(searcher.choose_move(controller.session.board))
        app.processEvents()
        heartbeat.start()
        timer.start()
        ticks = len(heartbeat.lateness_ms)
        asked = time.perf_counter()
        coach.hint_action.trigger()
        wait(lambda: len(shown) > len(latencies))
        latencies.append(time.perf_counter() - asked)
        worst.append(max(heartbeat.lateness_ms[ticks:], default=0.0))
    timer.stop()
    heartbeat.report(
        f"{options.hints} hints on 15x15 (budget {coach.budget_ms:g} ms)",
        time.perf_counter() - started,
    )
    print(
        "hint latency: "
        + ", ".join(f"{seconds * 1000:.0f} ms" for seconds in latencies)
        + f" (whole scene {time.perf_counter() - started:.1f} s); longest stall per hint: "
        + ", ".join(f"{ms:.1f} ms" for ms in worst)
    )

    # A 40-move game reviewed.
    moves: list[int] = []
    for seed in range(20):
        # The Searcher against itself until a game lasts long enough (a few seeds at most).
        board = Board.empty(Mark.X, GOMOKU)
        players = {
            Mark.X: create_player("searcher", seed=seed, nodes=20_000),
            Mark.O: create_player("searcher", seed=seed + 100, nodes=20_000),
        }
        moves = []
        while len(moves) < options.moves and not board.is_over:
            cell = players[board.to_move].choose_move(board)
            moves.append(cell)
            board = board.play(cell)
        if len(moves) == options.moves:
            break
    record = GameRecord(
        PlayerEntry(HUMAN_KIND, "Ann"), PlayerEntry(HUMAN_KIND, "Bob"), Mark.X, rules=GOMOKU
    )
    for cell in moves:
        record = record.with_move(cell)
    reviews: list[object] = []
    coach.review_ready.connect(reviews.append)
    heartbeat = Heartbeat()
    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(HEARTBEAT_MS)
    timer.timeout.connect(heartbeat.tick)
    timer.start()
    heartbeat.start()
    asked = time.perf_counter()
    coach.show_review(record)
    wait(lambda: bool(reviews))
    timer.stop()
    review = reviews[0]
    heartbeat.report(f"review of a {len(moves)}-move game", time.perf_counter() - asked)
    kinds = [verdict.kind for verdict in review.verdicts]  # type: ignore[attr-defined]
    print(
        f"review: {time.perf_counter() - asked:.1f} s in the window, "
        f"{review.seconds:.1f} s of search ({coach.review_budget_ms:g} ms a position); "  # type: ignore[attr-defined]
        + ", ".join(f"{kind} {kinds.count(kind)}" for kind in sorted(set(kinds)))
    )
    controller.shutdown()
    window.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
