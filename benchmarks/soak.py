"""A long run in one process: N watched computer games, memory and threads as it goes.

Opens the real window (offscreen unless ``--platform`` says otherwise) with a game
library in a throw-away folder, as the app has, and plays N games between computer
players at full speed, one after another, each shown on the board. The pairings
cycle through quick players (``--kinds``) with a fresh seed per game. Every K games
it prints the resident memory (RSS, from /proc) of the window's process and of the
search process (the child where the computers think), the window's thread count and
the games per second; at the end the growth from the report at K games to the last,
per game.
Exit code 0 when every game finished with a result.

    .venv/bin/python benchmarks/soak.py                    # 1,000 games, a line every 100
    .venv/bin/python benchmarks/soak.py --games 10000 --every 1000
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import tempfile
import threading
import time
from pathlib import Path


def rss_mib(pid: int | str = "self") -> float:
    """Resident memory of a process in MiB (Linux /proc; 0 where there is none)."""
    try:
        pages = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def os_threads() -> int:
    """Threads of this process as the OS counts them (Python's count where /proc is missing)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Threads:"):
                return int(line.split()[1])
    except OSError:
        pass
    return threading.active_count()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    parser.add_argument("--every", type=int, default=100, help="report every K games (100)")
    parser.add_argument(
        "--kinds",
        default="rando,levi,humiston,strategist,perfect",
        help="computer players to pair, comma-separated",
    )
    parser.add_argument("--platform", default="offscreen", help="Qt platform (default offscreen)")
    parser.add_argument(
        "--no-library", action="store_true", help="no game library (to tell its memory apart)"
    )
    options = parser.parse_args(argv)
    kinds = [kind.strip() for kind in options.kinds.split(",") if kind.strip()]

    folder = tempfile.TemporaryDirectory(prefix="ttt-soak-")
    os.environ.setdefault("QT_QPA_PLATFORM", options.platform)
    os.environ["XDG_CONFIG_HOME"] = folder.name
    os.environ["XDG_DATA_HOME"] = folder.name

    import shiboken6  # noqa: PLC0415
    from PySide6.QtCore import QTimer  # noqa: PLC0415
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    from ttt_desktop.engine import Mark  # noqa: PLC0415
    from ttt_desktop.gui.controller import Seat  # noqa: PLC0415
    from ttt_desktop.gui.main_window import MainWindow  # noqa: PLC0415
    from ttt_desktop.gui.settings import AppSettings  # noqa: PLC0415
    from ttt_desktop.players import roster as all_players  # noqa: PLC0415

    app = QApplication([sys.argv[0]])
    names = {info.kind: info.name for info in all_players()}
    # The controller gives every game's computers a new seed, so the games differ as a
    # long evening's would.
    window = MainWindow(
        settings=AppSettings(),
        library_path=None if options.no_library else Path(folder.name) / "library.sqlite3",
    )
    window.set_move_delay(0)
    window.show()
    controller = window.controller
    pairings = itertools.cycle(itertools.product(kinds, kinds))
    finished = 0
    started = time.perf_counter()
    last_report = started
    reports: list[tuple[int, float, float, int]] = []

    def report() -> None:
        nonlocal last_report
        now = time.perf_counter()
        rate = f"{options.every / (now - last_report):6.1f} games/s" if finished else ""
        last_report = now
        memory, threads = rss_mib(), os_threads()
        pid = controller._worker.process.pid
        child = rss_mib(pid) if pid is not None else 0.0
        reports.append((finished, memory, child, threads))
        print(
            f"{finished:>7} games  RSS {memory:7.1f} MiB  search process {child:6.1f} MiB  "
            f"threads {threads:>3}  {rate}",
            flush=True,
        )

    def next_game() -> None:
        if finished >= options.games:
            app.quit()
            return
        x, o = next(pairings)
        controller.set_seat(Mark.X, Seat(x, names.get(x, x)))
        controller.set_seat(Mark.O, Seat(o, names.get(o, o)))
        window.new_game()

    def on_finished(record: object) -> None:
        nonlocal finished
        finished += 1
        if finished % options.every == 0:
            report()
        # From the event loop, not from inside the signal: as a person's next click would.
        QTimer.singleShot(0, next_game)

    controller.game_finished.connect(on_finished)
    print(f"soak: {options.games} games of {', '.join(kinds)}; load {os.getloadavg()}")
    report()
    QTimer.singleShot(0, next_game)
    app.exec()
    seconds = time.perf_counter() - started
    controller.shutdown()
    shiboken6.delete(window)
    folder.cleanup()
    # Growth from the first K games on: the start-up (imports, caches filling) is left out.
    first, last = reports[min(1, len(reports) - 1)], reports[-1]
    games = max(last[0] - first[0], 1)
    print(
        f"done: {finished} games in {seconds:.0f} s ({finished / seconds:.1f} games/s); "
        f"from game {first[0]} to {last[0]}: RSS {first[1]:.1f} -> {last[1]:.1f} MiB "
        f"({(last[1] - first[1]) * 2**20 / games:+.0f} bytes/game), "
        f"search process {first[2]:.1f} -> {last[2]:.1f} MiB "
        f"({(last[2] - first[2]) * 2**20 / games:+.0f} bytes/game), "
        f"threads {reports[0][3]} -> {last[3]}; load {os.getloadavg()}"
    )
    return 0 if finished == options.games else 1


if __name__ == "__main__":
    sys.exit(main())
