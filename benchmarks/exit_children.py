"""Is anything of the app still running 1 s after Quit, or after SIGTERM (a desktop logging out)?

Each try starts ``python -m ttt_desktop --rules gomoku`` in a session of its own
(``setsid``), with settings and data in a throw-away folder holding a game in
progress: a person as X has played the centre, a computer (``--kind``, default
Searcher) as O is to move. The window opens, plays on, starts its search process (and
with it multiprocessing's resource tracker) and the computer thinks. Once the search
process has thought for ``--busy`` CPU seconds, the try ends the app:

- ``quit``: the window's Quit. Under X11 (``--platform xcb``, e.g. the whole benchmark run
  under ``xvfb-run -a``) Ctrl+Q is typed into the window with ``xdotool``; offscreen (no
  keyboard to type on) SIGUSR1 triggers the Quit action through the app's test hook
  (``TTT_DESKTOP_QUIT_ON_SIGUSR1=1``).
- ``sigterm``: SIGTERM to the app's process.

After ``--after`` seconds (1) it counts the processes of the session (``pgrep -s``) and
says which are left; then it kills what is left and removes the folder. Prints the
counts of every try and a summary line per way of ending. Exit code 0 when no try left
anything and every app exited with code 0.

    .venv/bin/python benchmarks/exit_children.py                       # 30 quits, 30 SIGTERMs
    xvfb-run -a .venv/bin/python benchmarks/exit_children.py --platform xcb
    .venv/bin/python benchmarks/exit_children.py --tries 5 --how sigterm
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Final

STARTED_WITHIN_S: Final = 60.0
"""How long the app may take to show its window and start its search process (busy machine)."""
EXITED_WITHIN_S: Final = 10.0


def session_processes(sid: int) -> list[tuple[int, str]]:
    """The processes of session ``sid``: (pid, command line), from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, IndexError):
            continue
        # After the ")" of the name: state, ppid, pgrp, session, ...
        if int(fields[3]) == sid and fields[0] != "Z":
            found.append((int(entry.name), command.strip() or f"[{entry.name}]"))
    return sorted(found)


def game_file(folder: Path) -> Path:
    """Where the app keeps the game in progress with data in ``folder / "data"``."""
    return folder / "data" / "TTT Desktop" / "TTT Desktop" / "game-in-progress.tttgame"


def write_settings(folder: Path, kind: str, rules: str) -> None:
    """Settings and a game in progress: a person as X has played the centre, ``kind`` as O
    is to move (at the start the window plays on, and the computer thinks at once)."""
    from ttt_desktop.core import Mark  # noqa: PLC0415
    from ttt_desktop.core.record import GameRecord, PlayerEntry  # noqa: PLC0415
    from ttt_desktop.core.rules import Rules  # noqa: PLC0415
    from ttt_desktop.formats.files import save_record  # noqa: PLC0415

    conf = folder / "config" / "TTT Desktop" / "TTT Desktop.conf"
    conf.parent.mkdir(parents=True)
    conf.write_text(f"[players]\nX=human:Ann\nO=ai:{kind}\n")
    board = Rules.parse(rules)
    centre = (board.n // 2) * board.m + board.m // 2
    record = GameRecord(
        PlayerEntry("human", "Ann"), PlayerEntry(kind, kind, seed=1), Mark.X, rules=board
    ).with_move(centre)
    game_file(folder).parent.mkdir(parents=True)
    save_record(record, game_file(folder))


def busy_child(sid: int, app_pid: int) -> int | None:
    """The search process (the app's child running multiprocessing's spawn), once it exists."""
    for pid, command in session_processes(sid):
        if pid != app_pid and "spawn_main" in command:
            return pid
    return None


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of ``pid`` so far; 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def threads(pid: int) -> int:
    """Threads of ``pid`` (0 once it is gone)."""
    try:
        return len(os.listdir(f"/proc/{pid}/task"))
    except OSError:
        return 0


def type_ctrl_q(pid: int) -> bool:
    """Type Ctrl+Q into ``pid``'s window with xdotool; False when that can't be done."""
    try:
        found = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
            check=False,
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    windows = found.stdout.split()
    if not windows:
        return False
    window = windows[-1]
    done = subprocess.run(
        ["xdotool", "windowfocus", "--sync", window, "key", "--clearmodifiers", "ctrl+q"],
        check=False,
        capture_output=True,
        timeout=10,
    )
    return done.returncode == 0


def one_try(
    how: str, options: argparse.Namespace, timing: list[tuple[float | None, float | None]]
) -> tuple[int, list[str], int | None, str]:
    """Start, end ``how``; returns (processes left, their command lines, exit code, note).

    Appends to ``timing`` the seconds from the ending to the app's exit and to the last
    process's (None: not within ``--after``)."""
    folder = Path(tempfile.mkdtemp(prefix="ttt-exit-"))
    write_settings(folder, options.kind, options.rules)
    environment = dict(
        os.environ,
        XDG_CONFIG_HOME=str(folder / "config"),
        XDG_DATA_HOME=str(folder / "data"),
        QT_QPA_PLATFORM=options.platform,
        TTT_DESKTOP_QUIT_ON_SIGUSR1="1",
    )
    environment.pop("TTT_DESKTOP_LIBRARY", None)
    app = subprocess.Popen(
        [sys.executable, "-m", "ttt_desktop", "--rules", options.rules],
        env=environment,
        cwd=folder,  # the package from the path (PYTHONPATH, the venv), not from here
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE if options.show_errors else subprocess.DEVNULL,
        start_new_session=True,  # setsid: the app leads a session of its own
    )
    sid = app.pid
    note = ""
    try:
        deadline = time.monotonic() + STARTED_WITHIN_S
        child = None
        while child is None and time.monotonic() < deadline and app.poll() is None:
            time.sleep(0.05)
            child = busy_child(sid, app.pid)
        if child is None:
            note = "no search process started"
        else:
            # Serving once its heartbeat thread runs (its imports done); then busy once it
            # has spent --busy seconds of CPU on the computer's move.
            while threads(child) < 2 and time.monotonic() < deadline:
                time.sleep(0.02)
            serving = cpu_seconds(child)
            while cpu_seconds(child) < serving + options.busy and time.monotonic() < deadline:
                time.sleep(0.02)
            if time.monotonic() >= deadline:
                note = "the search process was not seen thinking"
        if how == "quit":
            if options.platform != "xcb" or not type_ctrl_q(app.pid):
                if options.platform == "xcb":
                    note = "xdotool failed: SIGUSR1 hook used"
                os.kill(app.pid, signal.SIGUSR1)
        else:
            os.kill(app.pid, signal.SIGTERM)
        ended = time.monotonic()
        # Watch until the count: when the app's process ended, when the last process did.
        app_gone = all_gone = None
        while (now := time.monotonic()) < ended + options.after:
            if app_gone is None and app.poll() is not None:
                app_gone = now - ended
            if all_gone is None and not session_processes(sid):
                all_gone = now - ended
            time.sleep(0.01)
        left = [command for pid, command in session_processes(sid)]
        timing.append((app_gone, all_gone))
        code = app.poll()
        if code is None:
            exit_by = ended + EXITED_WITHIN_S
            while app.poll() is None and time.monotonic() < exit_by:
                time.sleep(0.05)
            code = app.poll()
        if options.show_errors and app.stderr is not None and code is not None:
            errors = app.stderr.read().decode(errors="replace").strip()
            if errors:
                note = (note + " " + errors.replace("\n", " | "))[:300]
        return len(left), left, code, note
    finally:
        for pid, _ in session_processes(sid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        if app.poll() is None:
            app.kill()
        app.wait()
        shutil.rmtree(folder, ignore_errors=True)


def seconds_text(seconds: float | None) -> str:
    """``"0.31 s"``, or ``"-"`` for a time not reached."""
    return "-" if seconds is None or seconds == float("inf") else f"{seconds:.2f} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=30, help="tries per way of ending (30)")
    parser.add_argument(
        "--how", choices=("quit", "sigterm", "both"), default="both", help="how the app is ended"
    )
    parser.add_argument("--platform", default="offscreen", help="Qt platform (offscreen, xcb)")
    parser.add_argument("--rules", default="gomoku", help="the board (default gomoku)")
    parser.add_argument("--kind", default="searcher", help="the computer seated as X (searcher)")
    parser.add_argument(
        "--busy", type=float, default=0.1, help="CPU seconds the search has thought (0.1)"
    )
    parser.add_argument(
        "--after", type=float, default=1.0, help="seconds after the ending to count (1)"
    )
    parser.add_argument("--show-errors", action="store_true", help="note the app's error output")
    options = parser.parse_args(argv)
    if options.platform == "xcb" and not os.environ.get("DISPLAY"):
        parser.error("--platform xcb needs a DISPLAY (run under xvfb-run -a)")
    if options.platform == "xcb" and shutil.which("xdotool") is None:
        print("exit_children: no xdotool: Quit goes through the SIGUSR1 hook", flush=True)
    ways = ("quit", "sigterm") if options.how == "both" else (options.how,)
    print(
        f"exit_children: {options.tries} tries each of {', '.join(ways)}; {options.platform}, "
        f"{options.rules}, O={options.kind}; count {options.after:g} s after; "
        f"load {os.getloadavg()}",
        flush=True,
    )
    clean = True
    for how in ways:
        counts: list[int] = []
        codes: collections.Counter[int | None] = collections.Counter()
        timing: list[tuple[float | None, float | None]] = []
        for number in range(1, options.tries + 1):
            count, left, code, note = one_try(how, options, timing)
            counts.append(count)
            codes[code] += 1
            app_gone, all_gone = timing[-1]
            line = (
                f"{how:>7} {number:>3}: {count} left, exit code {code}; app gone after "
                f"{seconds_text(app_gone)}, all after {seconds_text(all_gone)}"
            )
            if left:
                line += "  [" + "; ".join(command[:90] for command in left) + "]"
            if note:
                line += f"  ({note})"
            print(line, flush=True)
            clean = clean and count == 0 and code == 0
        spread = collections.Counter(counts)
        alls = sorted(all_gone if all_gone is not None else float("inf") for _, all_gone in timing)
        print(
            f"{how}: {spread[0]} of {len(counts)} tries left nothing after {options.after:g} s; "
            f"processes left per try {dict(sorted(spread.items()))}; "
            f"exit codes {dict(codes)}; all gone after {seconds_text(alls[len(alls) // 2])} "
            f"(median), {seconds_text(alls[-1])} (slowest)",
            flush=True,
        )
    print(f"load {os.getloadavg()}")
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
