"""The GUI thread's CPU time for each computer move, watching two computers, without a search.

The stall benchmarks (``match_stall.py``, ``gui_stall.py``) time the window by the wall
clock, which a busy machine blurs. This one counts what the window itself does for a
move: it opens the real window, seats two computers, and instead of running their
search it hands the controller each answer of a game made beforehand (random moves
nobody wins with, each with a real thought of ``--kind`` for the Thinking dock). For
every move it takes the GUI thread's CPU time (``time.thread_time``) of the answer's
handlers (the record, the move list, the replay bar, the status, the dock) and of the
events that follow until the window is idle again (layout and paint). Each figure is
the least of ``--rounds`` replays of the same game, so other programs' load hardly
moves it. Prints the median and the largest per move, and the costliest moves.

    .venv/bin/python benchmarks/move_work.py                          # 15x15, 100 moves
    .venv/bin/python benchmarks/move_work.py --dock                   # Thinking dock open
    .venv/bin/python benchmarks/move_work.py --rules 3,3,3 --kind minimax --moves 7
    xvfb-run -a .venv/bin/python benchmarks/move_work.py              # the X server's plugin
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import statistics
import sys
import tempfile
import time
from typing import Any


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="gomoku", help="the board: M,N,K or a preset's name")
    parser.add_argument("--moves", type=int, default=100, help="moves in the game")
    parser.add_argument("--rounds", type=int, default=3, help="replays of the game")
    parser.add_argument("--kind", default="strongest", help="the computers' kind")
    parser.add_argument("--dock", action="store_true", help="with the Thinking dock open")
    parser.add_argument("--seed", type=int, default=5, help="the game's random moves")
    options = parser.parse_args(argv)

    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QCoreApplication, QSettings  # noqa: PLC0415
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    from ttt_desktop.core import Board, Mark  # noqa: PLC0415
    from ttt_desktop.core.rules import Rules  # noqa: PLC0415
    from ttt_desktop.core.session import MoveAnswer  # noqa: PLC0415
    from ttt_desktop.gui.game.controller import Seat  # noqa: PLC0415
    from ttt_desktop.gui.shell.main_window import MainWindow  # noqa: PLC0415
    from ttt_desktop.players import create_player, player_info  # noqa: PLC0415

    # Private settings: the benchmark neither reads nor changes the user's.
    folder = tempfile.mkdtemp(prefix="ttt-move-work-")
    for settings_format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(settings_format, QSettings.Scope.UserScope, folder)
    QCoreApplication.setOrganizationName("TTT Desktop benchmark")
    app = QApplication([sys.argv[0]])
    rules = Rules.parse(options.rules)

    # The game: random moves that end nothing, each with the thought of a short search.
    player = create_player(options.kind, seed=1)
    player.budget_ms = 20
    rng = random.Random(options.seed)
    board = Board.empty(Mark.X, rules)
    game: list[tuple[int, Any]] = []
    while len(game) < options.moves and board.legal_moves():
        move = rng.choice(board.legal_moves())
        after = board.play(move)
        if after.is_over:
            if all(board.play(cell).is_over for cell in board.legal_moves()):
                break
            continue
        game.append((move, dataclasses.replace(player.think(board), move=move)))
        board = after

    window = MainWindow(rules=rules)
    window.show()
    if options.dock:
        window.insight.dock.show()
    controller = window.controller
    # The requests go nowhere: the answers come from the game above.
    requests: list[Any] = []
    controller._move_requested.disconnect(controller._worker.choose_move)
    controller._move_requested.connect(requests.append)
    controller.session.move_delay_ms = 0
    controller.session.start_policy = "x"
    name = player_info(options.kind).name
    controller.session.set_seat(Mark.X, Seat(options.kind, name))
    controller.session.set_seat(Mark.O, Seat(options.kind, name))

    def settle() -> None:
        for _ in range(5):
            app.processEvents()

    settle()
    handlers: list[list[float]] = [[] for _ in game]
    paints: list[list[float]] = [[] for _ in game]
    for _ in range(options.rounds):
        controller.session.new_game(Mark.X, hold=True)
        controller.session.start_play()
        settle()
        for ply, (move, thought) in enumerate(game):
            request = requests.pop()
            started = time.thread_time()
            controller._on_answered(MoveAnswer(request.generation, move, 0.02, thought))
            handlers[ply].append(time.thread_time() - started)
            started = time.thread_time()
            settle()
            paints[ply].append(time.thread_time() - started)
        requests.clear()
    controller.shutdown()
    window.close()

    handler = [min(times) * 1000 for times in handlers]
    paint = [min(times) * 1000 for times in paints]
    total = [h + p for h, p in zip(handler, paint, strict=True)]
    dock = ", Thinking dock open" if options.dock else ""
    print(
        f"{name} v {name}, {rules.title}, {len(game)} moves{dock}; platform "
        f"{app.platformName()}; GUI thread CPU ms a move, least of {options.rounds} rounds"
    )
    for title, figures in (("handlers", handler), ("layout+paint", paint), ("total", total)):
        print(
            f"  {title:>12}: median {statistics.median(figures):5.2f}, "
            f"largest {max(figures):5.2f}, last ten {statistics.mean(figures[-10:]):5.2f}"
        )
    costliest = sorted(range(len(total)), key=lambda ply: -total[ply])[:5]
    print(
        "  costliest moves (move: handlers + paint): "
        + ", ".join(f"{ply + 1}: {handler[ply]:.1f} + {paint[ply]:.1f}" for ply in costliest)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
