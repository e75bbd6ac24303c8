"""The processes the tests look for, read from Linux's /proc: the live ones, zombies aside."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path


def live_processes(extra: str | None = None) -> Iterator[tuple[int, list[str], bytes]]:
    """``(pid, stat fields, extra file)`` of every live process.

    The stat fields are those after the command's name: 0 the state, 1 the parent, 2 the
    process group, 3 the session, 17 the threads. ``extra`` names another file of
    ``/proc/PID`` to read (``cmdline``, ``environ``); without it the bytes are empty.
    A process that ends while it is read is passed over.
    """
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rpartition(")")[2].split()
            data = Path(f"/proc/{entry}/{extra}").read_bytes() if extra else b""
        except OSError:
            continue
        if fields[0] != "Z":
            yield int(entry), fields, data


def group_members(pgid: int) -> list[int]:
    """The live processes whose process group is ``pgid``."""
    return [pid for pid, fields, _ in live_processes() if int(fields[2]) == pgid]


def session_members(sid: int) -> list[int]:
    """The live processes of session ``sid``."""
    return [pid for pid, fields, _ in live_processes() if int(fields[3]) == sid]


def command_line(data: bytes) -> str:
    """A ``cmdline`` file's arguments joined by spaces."""
    return data.replace(b"\0", b" ").decode(errors="replace")
