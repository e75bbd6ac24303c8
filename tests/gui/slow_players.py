"""Players and stand-ins for the window's tests: slow, gated, stubborn and spinning AIs.

They answer like real players (``choose_move(board) -> cell``) but let a test decide
when, or take as long as a test needs to close the window under them.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from ttt_desktop.engine import Board
from ttt_desktop.players import PlayerInfo, create_player


class GatedPlayer:
    """Answers ``cell`` (or the first free cell) once ``gate`` is set; counts its calls.

    It waits in short slices of pure Python, so a cancelled search stops at once.
    """

    def __init__(self, gate: threading.Event, cell: int | None = None) -> None:
        self.gate = gate
        self.cell = cell
        self.calls = 0

    def choose_move(self, board: Board) -> int:
        self.calls += 1
        while not self.gate.wait(0.002):
            pass
        if self.cell is not None and self.cell in board.legal_moves():
            return self.cell
        return board.legal_moves()[0]


class StubbornPlayer(GatedPlayer):
    """Like :class:`GatedPlayer`, but ignores any attempt to interrupt it (a badly behaved AI)."""

    def choose_move(self, board: Board) -> int:
        while True:
            try:
                return super().choose_move(board)
            except BaseException:
                self.calls -= 1


class SpinningPlayer:
    """A search that keeps the CPU busy for up to ``seconds``; notes whether it was interrupted."""

    def __init__(self, seconds: float = 120.0) -> None:
        self.seconds = seconds
        self.started = threading.Event()
        self.interrupted = False

    def choose_move(self, board: Board) -> int:
        self.started.set()
        deadline = time.perf_counter() + self.seconds
        total = 0
        try:
            while time.perf_counter() < deadline:
                total += sum(range(200))
        except BaseException:
            self.interrupted = True
            raise
        return board.legal_moves()[0]


TEST_ROSTER_EXTRA = (
    PlayerInfo("gated", "Gated", "Waits for the test to let it answer.", 1, "tests"),
    PlayerInfo("stubborn", "Stubborn", "Waits and cannot be interrupted.", 1, "tests"),
    PlayerInfo("spinning", "Spinning", "Searches for a very long time.", 1, "tests"),
    PlayerInfo("broken", "Broken", "Answers with an occupied cell.", 1, "tests"),
)


class BrokenPlayer:
    """Always answers the top-left cell, taken or not (a player with a bug)."""

    def choose_move(self, board: Board) -> int:
        return 0


class SlowPlayers:
    """A player factory that adds the test kinds above to the real roster."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.made: list[Any] = []
        self.answer_cell: int | None = None

    def __call__(self, kind: str, *, seed: int | None = None) -> Any:
        player: Any
        if kind == "gated":
            player = GatedPlayer(self.gate, self.answer_cell)
        elif kind == "stubborn":
            player = StubbornPlayer(self.gate, self.answer_cell)
        elif kind == "spinning":
            player = SpinningPlayer()
        elif kind == "broken":
            player = BrokenPlayer()
        else:
            player = create_player(kind, seed=seed)
        self.made.append(player)
        return player

    def has(self, kind: type) -> bool:
        """True once a player of class ``kind`` has been made."""
        return any(type(player) is kind for player in list(self.made))

    def last(self, kind: type) -> Any:
        """The newest player made of class ``kind``."""
        return next(player for player in reversed(self.made) if type(player) is kind)


class NameQueue:
    """Stands in for the "New player" dialog: answers the queued names in turn (None: cancel)."""

    def __init__(self, *names: str | None) -> None:
        self.names = list(names)

    def __call__(self, parent: object) -> str | None:
        return self.names.pop(0)
