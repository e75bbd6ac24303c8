"""A long run in one process: N watched computer games, memory and threads as it goes.

Opens the real window (offscreen unless ``--platform`` says otherwise) with a game
library in a throw-away folder, as the app has (``--no-library``: none), and plays N
games between computer players at full speed, one after another, each shown on the
board. The pairings cycle through quick players (``--kinds``) with a fresh seed per
game. Every K games it prints the resident memory (RSS, from /proc) of the window's
process and of the search process (the child where the computers think), the C heap
as glibc's ``mallinfo2`` counts it (in use, and free inside the heap), SQLite's own
allocations (``sqlite3_memory_used``), the tic-tac-toe positions each process holds
(interned boards: they fill as rarer positions come up, until past 2,000 the rest of the
10,956 are made at once) and the memory blocks Python has allocated in each (its objects,
whether the collector tracks them or not; the search process's figures as of the report
before), the window's thread count and the games per second. At the end: the growth
per game and per 1,000 games after the warm-up (``--warmup`` games, 1,000 unless N is
smaller), of both processes, and over the second half of the games after it.

``--trace`` starts ``tracemalloc`` at the end of the warm-up and prints the Python
allocations still held at the end that were made after it (the growth, by line).
``--objects`` counts the objects the garbage collector tracks, by type, at the end of the
warm-up and at the end, in both processes, and prints the types whose count changed most.

Exit code 0 when every game finished with a result.

    .venv/bin/python benchmarks/soak.py                    # 1,000 games, a line every 100
    .venv/bin/python benchmarks/soak.py --games 10000 --every 1000
    .venv/bin/python benchmarks/soak.py --games 3000 --every 500 --no-library --trace
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any


def rss_mib(pid: int | str = "self") -> float:
    """Resident memory of a process in MiB (Linux /proc; 0 where there is none)."""
    try:
        pages = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def anonymous_mib(pid: int | str = "self") -> float:
    """The anonymous part of the resident memory in MiB (heaps, arenas, stacks: what the
    process allocated, not pages of its program and libraries read in from files)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("RssAnon:"):
                return int(line.split()[1]) / 1024
    except (OSError, IndexError, ValueError):
        pass
    return 0.0


def os_threads() -> int:
    """Threads of this process as the OS counts them (Python's count where /proc is missing)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Threads:"):
                return int(line.split()[1])
    except OSError:
        pass
    return threading.active_count()


class CHeap:
    """glibc's view of the C heap (``mallinfo2``) and SQLite's allocations, where there are."""

    def __init__(self) -> None:
        import ctypes  # noqa: PLC0415
        import ctypes.util  # noqa: PLC0415

        class MallInfo2(ctypes.Structure):
            _fields_ = [
                (name, ctypes.c_size_t)
                for name in (
                    *("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks"),
                    *("fsmblks", "uordblks", "fordblks", "keepcost"),
                )
            ]

        self._mallinfo2: Any = None
        self._sqlite_used: Any = None
        try:
            libc = ctypes.CDLL(None)
            self._mallinfo2 = libc.mallinfo2
            self._mallinfo2.restype = MallInfo2
        except (OSError, AttributeError):
            self._mallinfo2 = None
        try:
            import sqlite3  # noqa: PLC0415, F401  (loads the library SQLite's module uses)

            name = ctypes.util.find_library("sqlite3")
            if name:
                used = ctypes.CDLL(name).sqlite3_memory_used
                used.restype = ctypes.c_int64
                self._sqlite_used = used
        except (OSError, AttributeError):
            pass

    def in_use_and_free(self) -> tuple[float, float]:
        """MiB allocated by malloc and in use (small + mmapped blocks), and free in the heap."""
        if self._mallinfo2 is None:
            return 0.0, 0.0
        info = self._mallinfo2()
        return (info.uordblks + info.hblkhd) / 2**20, info.fordblks / 2**20

    def sqlite_mib(self) -> float:
        """MiB that SQLite has allocated (its page caches, statements, ...)."""
        return 0.0 if self._sqlite_used is None else self._sqlite_used() / 2**20


def process_figures(*, stop: object = None) -> tuple[int, int]:
    """The tic-tac-toe positions the process holds (interned boards: 10,956 a game can
    reach) and the memory blocks Python has allocated (its objects, tracked or not)."""
    from ttt_desktop.core.board import interned_positions  # noqa: PLC0415

    return interned_positions(), sys.getallocatedblocks()


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
    parser.add_argument(
        "--warmup", type=int, default=1000, help="games before the growth is measured (1000)"
    )
    parser.add_argument(
        "--trace", action="store_true", help="tracemalloc from the warm-up: where the growth is"
    )
    parser.add_argument(
        "--objects",
        action="store_true",
        help="objects by type at the warm-up and the end: which kinds pile up",
    )
    options = parser.parse_args(argv)
    warmup = min(options.warmup, options.games)
    kinds = [kind.strip() for kind in options.kinds.split(",") if kind.strip()]

    folder = tempfile.TemporaryDirectory(prefix="ttt-soak-")
    os.environ.setdefault("QT_QPA_PLATFORM", options.platform)
    os.environ["XDG_CONFIG_HOME"] = folder.name
    os.environ["XDG_DATA_HOME"] = folder.name

    import shiboken6  # noqa: PLC0415
    from PySide6.QtCore import QTimer  # noqa: PLC0415
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    from ttt_desktop.core import Mark  # noqa: PLC0415
    from ttt_desktop.gui.game.controller import Seat  # noqa: PLC0415
    from ttt_desktop.gui.shell.main_window import MainWindow  # noqa: PLC0415
    from ttt_desktop.gui.shell.settings import AppSettings  # noqa: PLC0415
    from ttt_desktop.players import roster as all_players  # noqa: PLC0415
    from ttt_desktop.players.process import CallJob  # noqa: PLC0415

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
    deadline = float("inf")
    last_report = started
    reports: list[tuple[int, float, float, int, float, float]] = []
    # The search process's figures, asked at each report and shown at the next; its census
    # of objects (--objects), asked at the warm-up and at the end.
    child: dict[str, Any] = {"ticket": -1, "figures": (0, 0), "census_ticket": -1, "census": None}

    def on_insight(ticket: int, answer: object) -> None:
        if ticket == child["ticket"]:
            child["figures"] = answer
        elif ticket == child["census_ticket"]:
            child["census"] = answer

    controller.insight_ready.connect(on_insight)
    heap = CHeap()
    traced: list[object] = []
    census: list[Counter[str]] = []

    def report() -> None:
        nonlocal last_report
        now = time.perf_counter()
        rate = f"{options.every / (now - last_report):6.1f} games/s" if finished else ""
        last_report = now
        memory, anonymous, threads = rss_mib(), anonymous_mib(), os_threads()
        pid = controller._worker.process.pid
        child_memory = rss_mib(pid) if pid is not None else 0.0
        child_anonymous = anonymous_mib(pid) if pid is not None else 0.0
        reports.append((finished, memory, child_memory, threads, anonymous, child_anonymous))
        in_use, free = heap.in_use_and_free()
        boards, blocks = process_figures()
        child_boards, child_blocks = child["figures"]
        print(
            f"{finished:>7} games  RSS {memory:7.1f} MiB (anonymous {anonymous:5.1f})  "
            f"search process {child_memory:6.1f} MiB ({child_anonymous:5.1f})  "
            f"malloc in use {in_use:6.1f} free {free:5.1f}  SQLite {heap.sqlite_mib():4.1f}  "
            f"boards {boards:>5} / {child_boards:>5}  "
            f"Python blocks {blocks / 1000:6.1f}k / {child_blocks / 1000:6.1f}k  "
            f"threads {threads:>3}  {rate}",
            flush=True,
        )
        child["ticket"] = controller.ask_insight(CallJob(process_figures))

    def next_game() -> None:
        if finished >= options.games:
            if options.objects and child["census"] is None and time.perf_counter() < deadline:
                QTimer.singleShot(50, next_game)  # the search process's census is on its way
                return
            app.quit()
            return
        x, o = next(pairings)
        controller.session.set_seat(Mark.X, Seat(x, names.get(x, x)))
        controller.session.set_seat(Mark.O, Seat(o, names.get(o, o)))
        window.new_game()

    def on_finished(record: object) -> None:
        nonlocal finished, deadline
        finished += 1
        if finished % options.every == 0 or finished == warmup:
            report()
        if options.trace and finished == warmup:
            import tracemalloc  # noqa: PLC0415

            tracemalloc.start(8)
            traced.append(tracemalloc.take_snapshot())
        if options.objects and finished in (warmup, options.games):
            census.append(object_census())
            child["census_ticket"] = controller.ask_insight(CallJob(census_changes))
            child["census"] = None
        if finished == options.games:
            deadline = time.perf_counter() + 30
        # From the event loop, not from inside the signal: as a person's next click would.
        QTimer.singleShot(0, next_game)

    controller.game_finished.connect(on_finished)
    print(f"soak: {options.games} games of {', '.join(kinds)}; load {os.getloadavg()}")
    report()
    QTimer.singleShot(0, next_game)
    app.exec()
    seconds = time.perf_counter() - started
    if traced:
        show_growth(traced[0])
    if len(census) == 2:
        print(f"window's process: {census_text(*census, games=options.games - warmup)}")
        print(f"search process: {child['census'] or 'no census came'}")
    controller.shutdown()
    shiboken6.delete(window)
    folder.cleanup()
    # Growth after the warm-up (imports, caches filling, the interned boards all made).
    first = next(entry for entry in reports if entry[0] >= warmup)
    last = reports[-1]
    print(
        f"done: {finished} games in {seconds:.0f} s ({finished / seconds:.1f} games/s), "
        f"library {'off' if options.no_library else 'on'}; threads {reports[0][3]} -> {last[3]}"
    )
    # And over the second half: caches of positions that fill slowly show as a fall.
    middle = next(entry for entry in reports if entry[0] >= (first[0] + last[0]) / 2)
    for start in (first, middle) if middle[0] not in (first[0], last[0]) else (first,):
        games = max(last[0] - start[0], 1)
        print(
            f"growth from game {start[0]} to {last[0]}: "
            f"window's process RSS {start[1]:.1f} -> {last[1]:.1f} MiB "
            f"(anonymous {start[4]:.1f} -> {last[4]:.1f}), {_per_game(start[1], last[1], games)}; "
            f"search process RSS {start[2]:.1f} -> {last[2]:.1f} MiB "
            f"(anonymous {start[5]:.1f} -> {last[5]:.1f}), {_per_game(start[2], last[2], games)}"
        )
    print(f"load {os.getloadavg()}")
    games = max(last[0] - first[0], 1)
    print(
        f"growth per game after the warm-up (games {first[0]} to {last[0]}, RSS): "
        f"window's process {(last[1] - first[1]) * 1024 / games:+.3f} KiB, "
        f"search process {(last[2] - first[2]) * 1024 / games:+.3f} KiB"
    )
    return 0 if finished == options.games else 1


def _per_game(before_mib: float, after_mib: float, games: int) -> str:
    change = (after_mib - before_mib) * 2**20
    per_1000 = change / 1024 / games * 1000
    return f"{change / games:+.0f} bytes/game ({per_1000:+.0f} KiB per 1,000 games)"


def object_census() -> Counter[str]:
    """The objects the garbage collector tracks, counted by type (after a collection)."""
    import gc  # noqa: PLC0415

    gc.collect()
    return Counter(type(item).__qualname__ for item in gc.get_objects())


def census_text(before: Counter[str], after: Counter[str], *, games: int, top: int = 12) -> str:
    """The types whose count of tracked objects changed most between the two censuses."""
    changes = Counter(after)
    changes.subtract(before)
    largest = sorted(changes.items(), key=lambda item: -abs(item[1]))[:top]
    lines = [
        f"objects tracked {sum(before.values())} -> {sum(after.values())} over {games} games; "
        "the largest changes:"
    ]
    lines.extend(
        f"  {change:+8d}  {name}  ({before[name]} -> {after[name]})"
        for name, change in largest
        if change
    )
    return "\n".join(lines)


_first_census: list[Counter[str]] = []


def census_changes(*, stop: object = None) -> str:
    """Run in the search process: its census at the warm-up (kept there), then the changes."""
    now = object_census()
    if not _first_census:
        _first_census.append(now)
        return ""
    return census_text(_first_census[0], now, games=0).replace(" over 0 games", "")


def show_growth(before: object, top: int = 20) -> None:
    """The Python allocations made since ``before`` (a snapshot) and still held, by line."""
    import tracemalloc  # noqa: PLC0415

    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    ignore = [tracemalloc.Filter(False, tracemalloc.__file__)]
    after = after.filter_traces(ignore)
    differences = after.compare_to(before.filter_traces(ignore), "traceback")  # type: ignore[attr-defined]
    total = sum(difference.size_diff for difference in differences)
    print(f"tracemalloc: {total / 1024:+.0f} KiB held since the warm-up; the largest:")
    for difference in differences[:top]:
        frames = " <- ".join(
            f"{Path(frame.filename).name}:{frame.lineno}"
            for frame in list(difference.traceback)[::-1][:6]
        )
        print(
            f"  {difference.size_diff / 1024:+8.1f} KiB {difference.count_diff:+7d} blocks"
            f"  {frames}"
        )


if __name__ == "__main__":
    sys.exit(main())
