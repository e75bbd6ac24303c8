"""Players and stand-ins for the window's tests: slow, gated, stubborn, spinning and turnstile AIs.

They answer like real players (``choose_move(board) -> cell``, some ``think`` too) but
let a test decide when, or take as long as a test needs to close the window under them.

The players think in the window's search process, a separate process started with
``spawn``. So the factories here are picklable and go to that process when it
starts, and everything a test and a player share is a ``multiprocessing`` object
made from the spawn context (a :class:`~ttt_desktop.lab.shared_flag.SharedFlag`, a
counter, a semaphore): the test sets the gate in its process, the player in the search
process sees it. The flags hold no lock: the tests kill the search process while a
player waits.

This module imports the engine, the players and the shared flag only.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable
from typing import Any, ClassVar

from ttt_desktop.core import Board
from ttt_desktop.lab.shared_flag import SharedFlag
from ttt_desktop.players import PlayerInfo, create_player
from ttt_desktop.players.thought import SearchStopped, Thought

CONTEXT = multiprocessing.get_context("spawn")


def _thought(kind: str, board: Board, cell: int) -> Thought:
    return Thought(kind, board.cells, board.to_move.value, cell)


class GatedPlayer:
    """Answers ``cell`` (or the first free cell) once ``gate`` is set; counts its calls.

    It waits in short slices and listens to ``stop``, so a cancelled search stops at once.
    """

    kind = "gated"

    def __init__(self, gate: Any, calls: Any, cell: int | None = None) -> None:
        self.gate = gate
        self.calls = calls
        self.cell = cell

    def think(self, board: Board, *, stop: Callable[[], bool] | None = None) -> Thought:
        with self.calls.get_lock():
            self.calls.value += 1
        while not self.gate.wait(0.002):
            if stop is not None and stop():
                raise SearchStopped("stopped while waiting at the gate")
        if self.cell is not None and self.cell in board.legal_moves():
            return _thought(self.kind, board, self.cell)
        return _thought(self.kind, board, board.legal_moves()[0])


class StubbornPlayer:
    """Like :class:`GatedPlayer`, but has no ``think`` and never listens to ``stop``."""

    kind = "stubborn"

    def __init__(self, gate: Any, calls: Any, cell: int | None = None) -> None:
        self.gate = gate
        self.calls = calls
        self.cell = cell

    def choose_move(self, board: Board) -> int:
        with self.calls.get_lock():
            self.calls.value += 1
        while not self.gate.wait(0.002):
            pass
        if self.cell is not None and self.cell in board.legal_moves():
            return self.cell
        return board.legal_moves()[0]


class SpinningPlayer:
    """A search that keeps the CPU busy for up to ``seconds``, asking ``stop`` as it goes.

    Sets ``started`` when it begins and ``interrupted`` when ``stop`` ends it.
    """

    kind = "spinning"

    def __init__(self, started: Any, interrupted: Any, seconds: float = 120.0) -> None:
        self.started = started
        self.interrupted = interrupted
        self.seconds = seconds

    def think(self, board: Board, *, stop: Callable[[], bool] | None = None) -> Thought:
        self.started.set()
        deadline = time.perf_counter() + self.seconds
        total = 0
        while time.perf_counter() < deadline:
            total += sum(range(200))
            if stop is not None and stop():
                self.interrupted.set()
                raise SearchStopped("the spinner was told to stop")
        return _thought(self.kind, board, board.legal_moves()[0])


class BrokenPlayer:
    """Always answers the top-left cell, taken or not (a player with a bug)."""

    def choose_move(self, board: Board) -> int:
        return 0


class ExplodingPlayer:
    """Raises an error instead of answering (a player that crashes)."""

    def choose_move(self, board: Board) -> int:
        raise RuntimeError("search exploded")


class DyingPlayer:
    """Takes the whole search process down with it (a crash in native code, say)."""

    def choose_move(self, board: Board) -> int:
        import os  # noqa: PLC0415

        os._exit(3)


TEST_ROSTER_EXTRA = (
    PlayerInfo("gated", "Gated", "Waits for the test to let it answer.", 1, "tests"),
    PlayerInfo("stubborn", "Stubborn", "Waits and cannot be interrupted.", 1, "tests"),
    PlayerInfo("spinning", "Spinning", "Searches for a very long time.", 1, "tests"),
    PlayerInfo("broken", "Broken", "Answers with an occupied cell.", 1, "tests"),
    PlayerInfo("dying", "Dying", "Ends its process instead of answering.", 1, "tests"),
)


class PlayerView:
    """What a test sees of a player that lives in the search process: its shared state."""

    def __init__(self, calls: Any, started: Any, interrupted: Any) -> None:
        self._calls = calls
        self.started = started
        self._interrupted = interrupted

    @property
    def calls(self) -> int:
        return int(self._calls.value)

    @property
    def interrupted(self) -> bool:
        return bool(self._interrupted.is_set())


class SlowPlayers:
    """A player factory that adds the test kinds above to the real roster.

    Picklable: it travels to the search process when that starts. ``answer_cell``
    is read when a player is made.
    """

    _CLASSES: ClassVar[dict[str, type]] = {
        "gated": GatedPlayer,
        "stubborn": StubbornPlayer,
        "spinning": SpinningPlayer,
    }

    def __init__(self) -> None:
        self.gate = SharedFlag(CONTEXT)
        self._answer_cell = CONTEXT.Value("i", -1)
        self._made = {kind: CONTEXT.Value("i", 0) for kind in (*self._CLASSES, "broken")}
        self._calls = CONTEXT.Value("i", 0)
        self._started = SharedFlag(CONTEXT)
        self._interrupted = SharedFlag(CONTEXT)

    @property
    def answer_cell(self) -> int | None:
        value = int(self._answer_cell.value)
        return None if value < 0 else value

    @answer_cell.setter
    def answer_cell(self, cell: int | None) -> None:
        self._answer_cell.value = -1 if cell is None else cell

    def __call__(self, kind: str, *, seed: int | None = None) -> Any:
        player: Any
        if kind in ("gated", "stubborn"):
            player = self._CLASSES[kind](self.gate, self._calls, self.answer_cell)
        elif kind == "spinning":
            player = SpinningPlayer(self._started, self._interrupted)
        elif kind == "broken":
            player = BrokenPlayer()
        elif kind == "dying":
            player = DyingPlayer()
        else:
            return create_player(kind, seed=seed)
        if kind in self._made:
            with self._made[kind].get_lock():
                self._made[kind].value += 1
        return player

    def has(self, kind: type) -> bool:
        """True once a player of class ``kind`` has been made in the search process."""
        return bool(self._made[kind.kind].value > 0)  # type: ignore[attr-defined]

    def last(self, kind: type) -> PlayerView:
        """The shared state of the players of the test kinds."""
        return PlayerView(self._calls, self._started, self._interrupted)


class TurnstilePlayer:
    """Takes the first free cell, one move per :meth:`Players.allow` call; listens to ``stop``."""

    def __init__(self, turnstile: Any) -> None:
        self.turnstile = turnstile

    def think(self, board: Board, *, stop: Callable[[], bool] | None = None) -> Thought:
        while not self.turnstile.acquire(timeout=0.002):
            if stop is not None and stop():
                raise SearchStopped("stopped at the turnstile")
        return _thought("turnstile", board, board.legal_moves()[0])


class Players:
    """A player factory: kind ``"turnstile"`` waits for :meth:`allow`; others are real."""

    def __init__(self) -> None:
        self.turnstile = CONTEXT.Semaphore(0)

    def allow(self, moves: int = 1) -> None:
        for _ in range(moves):
            self.turnstile.release()

    def __call__(self, kind: str, *, seed: int | None = None) -> Any:
        if kind == "turnstile":
            return TurnstilePlayer(self.turnstile)
        return create_player(kind, seed=seed)


class BrokenOrReal:
    """A player factory: kind ``"broken"`` raises an error when asked; others are real."""

    def __call__(self, kind: str, *, seed: int | None = None) -> Any:
        return ExplodingPlayer() if kind == "broken" else create_player(kind, seed=seed)


class NameQueue:
    """Stands in for the "New player" dialog: answers the queued names in turn (None: cancel)."""

    def __init__(self, *names: str | None) -> None:
        self.names = list(names)

    def __call__(self, parent: object) -> str | None:
        return self.names.pop(0)
