"""Shared helpers of the brain tests: commands for our brain and the test brains, and a
look in /proc for processes of a group."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from helpers.live_processes import group_members

__all__ = ["BAD_BRAIN", "bad_brain", "group_members", "our_brain", "wait_gone"]

BAD_BRAIN = Path(__file__).parents[1] / "data" / "brains" / "bad_brain.py"


def our_brain(kind: str = "rando", seed: int = 1) -> list[str]:
    return [sys.executable, "-m", "ttt_desktop.cli", "brain", "--player", kind, "--seed", str(seed)]


def bad_brain(mode: str) -> list[str]:
    return [sys.executable, str(BAD_BRAIN), mode]


def wait_gone(pgid: int, seconds: float = 2.0) -> list[int]:
    """The group's members still there after up to ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        members = group_members(pgid)
        if not members or time.monotonic() > deadline:
            return members
        time.sleep(0.02)
