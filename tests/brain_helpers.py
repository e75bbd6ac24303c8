"""Shared helpers of the brain tests: commands for our brain and the test brains, and a
look in /proc for processes of a group."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

BAD_BRAIN = Path(__file__).parent / "data" / "brains" / "bad_brain.py"


def our_brain(kind: str = "rando", seed: int = 1) -> list[str]:
    return [sys.executable, "-m", "ttt_desktop.cli", "brain", "--player", kind, "--seed", str(seed)]


def bad_brain(mode: str) -> list[str]:
    return [sys.executable, str(BAD_BRAIN), mode]


def group_members(pgid: int) -> list[int]:
    """The live (not zombie) processes whose process group is ``pgid``."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            text = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = text.rpartition(")")[2].split()
        state, group = fields[0], int(fields[2])
        if group == pgid and state != "Z":
            members.append(int(entry))
    return members


def wait_gone(pgid: int, seconds: float = 2.0) -> list[int]:
    """The group's members still there after up to ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        members = group_members(pgid)
        if not members or time.monotonic() > deadline:
            return members
        time.sleep(0.02)
