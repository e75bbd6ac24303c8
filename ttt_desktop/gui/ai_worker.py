"""The AI worker: one long-lived ``QObject`` in one ``QThread`` that asks players for moves.

The controller sends a :class:`MoveRequest` through a queued signal; the worker
calls the player's ``choose_move`` in its own thread and answers with
:attr:`AiWorker.move_chosen` (or :attr:`AiWorker.move_failed`). Every request
carries the generation of the game it belongs to, and every answer repeats it,
so the controller can drop answers for a game that no longer exists.

A search can take seconds (``minimax`` on an empty board), and the players know
nothing of Qt, so they cannot be asked to stop. :meth:`AiWorker.cancel_before`
interrupts one that belongs to an outdated game by raising
:class:`SearchCancelled` inside the worker thread (CPython's
``PyThreadState_SetAsyncExc``): the exception lands at the next bytecode the
search runs, which frees the thread for the next game and lets the window
close at once instead of waiting for an answer nobody wants.

This module never touches a widget.
"""

from __future__ import annotations

import ctypes
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QObject, Signal, Slot

from ttt_desktop.engine import Board


class MovePicker(Protocol):
    """What the worker needs of a player: a move for the mark to move on ``board``."""

    def choose_move(self, board: Board) -> int: ...


class LazyPlayer:
    """A computer player made the first time it is asked for a move.

    Making a player can mean importing its module and loading tables (tens of ms
    for some kinds); made lazily, that happens in the worker thread, not while the
    window starts a game. Only the worker thread calls :meth:`choose_move`.
    """

    def __init__(self, make: Callable[[], MovePicker]) -> None:
        self._make = make
        self._player: MovePicker | None = None

    def choose_move(self, board: Board) -> int:
        """The made player's move on ``board``."""
        if self._player is None:
            self._player = self._make()
        return self._player.choose_move(board)


@dataclass(frozen=True)
class MoveRequest:
    """One question for the worker: which cell should ``player`` take on ``board``."""

    generation: int
    board: Board
    player: MovePicker


class SearchCancelled(BaseException):
    """Raised inside the worker thread to abandon a search for an outdated game.

    A ``BaseException``, so a player's own ``except Exception`` cannot swallow it.
    """


def _raise_in_thread(thread_id: int, exception: type[BaseException] | None) -> None:
    """Schedule ``exception`` in the Python thread ``thread_id`` (``None`` clears a pending one)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread_id), ctypes.py_object(exception) if exception is not None else None
    )


class AiWorker(QObject):
    """Answers :class:`MoveRequest` objects in the thread it was moved to.

    Signals carry plain values (ints, floats, strings), never widgets.
    """

    move_chosen = Signal(int, int, float)  # generation, cell, seconds the player thought
    move_failed = Signal(int, str)  # generation, what went wrong

    def __init__(self) -> None:
        super().__init__()
        # Guards the fields below, which the GUI thread reads in cancel_before().
        self._lock = threading.Lock()
        self._busy_thread_id: int | None = None
        self._busy_generation = -1
        self._cancel_sent = False
        self._oldest_wanted_generation = 0

    @Slot(object)
    def choose_move(self, request: MoveRequest) -> None:
        """Ask the request's player for a move and report it, unless the game is outdated."""
        started = time.perf_counter()
        outcome = self._think(request)
        if outcome is SearchCancelled:
            return
        seconds = time.perf_counter() - started
        if isinstance(outcome, int):
            self.move_chosen.emit(request.generation, outcome, seconds)
        else:
            self.move_failed.emit(request.generation, str(outcome))

    def cancel_before(self, generation: int) -> None:
        """Abandon work for every generation older than ``generation``; callable from any thread.

        A request still queued is skipped when it comes up; a search under way
        is interrupted.
        """
        with self._lock:
            self._oldest_wanted_generation = max(self._oldest_wanted_generation, generation)
            if (
                self._busy_thread_id is not None
                and self._busy_generation < generation
                and not self._cancel_sent
            ):
                self._cancel_sent = True
                _raise_in_thread(self._busy_thread_id, SearchCancelled)

    def _think(self, request: MoveRequest) -> object:
        """The player's cell, the exception it raised, or ``SearchCancelled`` itself.

        At most one ``SearchCancelled`` is scheduled per search and it may land on
        any bytecode until :meth:`_leave` clears it, so both the search and the
        bookkeeping after it are guarded.
        """
        try:
            try:
                if not self._enter(request.generation):
                    return SearchCancelled
                cell = request.player.choose_move(request.board)
                if type(cell) is not int:
                    return TypeError(f"a player answered {cell!r} instead of a cell 0-8")
                return cell
            except SearchCancelled:
                return SearchCancelled
            except Exception as error:
                return error
            finally:
                self._leave()
        except SearchCancelled:
            # The cancellation arrived after the search ended, during the bookkeeping above.
            self._leave()
            return SearchCancelled

    def _enter(self, generation: int) -> bool:
        with self._lock:
            if generation < self._oldest_wanted_generation:
                return False
            self._busy_thread_id = threading.get_ident()
            self._busy_generation = generation
            self._cancel_sent = False
            return True

    def _leave(self) -> None:
        with self._lock:
            if self._busy_thread_id is None:
                return
            thread_id = self._busy_thread_id
            self._busy_thread_id = None
            if self._cancel_sent:
                _raise_in_thread(thread_id, None)
            self._cancel_sent = False
