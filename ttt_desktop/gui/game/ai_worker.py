"""The AI worker: one long-lived ``QObject`` in one ``QThread`` that drives the search process.

The players think in a separate process (:mod:`ttt_desktop.players.process`), so
a search never competes with the window for the interpreter lock. The worker
thread sends the process one job at a time and waits for its answer, off the
GUI thread.

The controller sends a :class:`~ttt_desktop.core.session.MoveRequest` through a
queued signal; the worker has the game's player think in the process and answers
with one :attr:`AiWorker.answered` signal carrying one
:class:`~ttt_desktop.core.session.MoveAnswer`: the move and the thought behind it
together, or what went wrong. Every request carries the generation of the game it
belongs to, and every answer repeats it, so the session can drop answers for a game
that no longer exists. :meth:`AiWorker.cancel_before` asks a search
for an outdated game to stop (the searches check a flag every 512 positions); a
player that does not listen is killed with its process after a second, and the
process is started afresh for the next job.

A process that stops answering without dying (its heartbeat stands still for a
few seconds: stopped from outside, or frozen) is reported at once through
:attr:`AiWorker.silence_changed`; :meth:`AiWorker.restart_process` (callable from
the GUI thread, which never waits on the process) ends it and runs the job again in
a fresh one.

Other questions (asking a player about a position, exploring a search tree)
travel as :class:`InsightRequest` objects, numbered by tickets, and are answered
with :attr:`AiWorker.insight_ready` / :attr:`AiWorker.insight_failed`.

This module never touches a widget.
"""

from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot

from ttt_desktop.core.session import MoveAnswer, MoveRequest
from ttt_desktop.players.process import (
    CallJob,
    Job,
    OpeningJob,
    PlayerFactory,
    ProcessDied,
    SearchAbandoned,
    SearchFailed,
    SearchForfeited,
    SearchProcess,
    SearchRestarted,
    ThinkJob,
    release_players_before,
)

MOVE_TIME_LIMIT_S = 120.0
"""A move that takes longer is given up and reported (a hung player)."""


@dataclass(frozen=True)
class InsightRequest:
    """A question that is not a game's move: ``job`` for the search process, with a ticket."""

    ticket: int
    job: Job


class AiWorker(QObject):
    """Answers requests in the thread it was moved to, through the search process.

    Signals carry plain values (ints, floats, strings) or engine values, never widgets.
    """

    answered = Signal(object)  # the MoveAnswer to a MoveRequest: move and thought together
    insight_ready = Signal(int, object)  # ticket, the answer
    insight_failed = Signal(int, str)  # ticket, what went wrong
    silence_changed = Signal(bool)  # True: the search process stopped answering; False: again

    def __init__(self, factory: PlayerFactory) -> None:
        super().__init__()
        self.process = SearchProcess(factory)
        self.move_time_limit_s: float | None = MOVE_TIME_LIMIT_S
        # Guards the fields below, which the GUI thread reads in cancel_before().
        self._lock = threading.Lock()
        self._busy: tuple[str, int] | None = None
        self._oldest_wanted = {"game": 0, "insight": 0}
        # Whether a player with a process of its own (a brain: "brain." kinds) was asked.
        self._external_players = False

    @Slot()
    def start_process(self) -> None:
        """Start the search process now, so the first move need not wait for it."""
        self.process.start()

    @Slot(object)
    def choose_move(self, request: MoveRequest) -> None:
        """Have the request's player think and answer, unless the game is outdated."""
        generation = request.generation
        if request.given is not None:
            # A stone the player gave already (swap's opening): answered without asking it.
            if self._wanted("game", generation):
                self.answered.emit(MoveAnswer(generation, request.given))
            return
        if not self._enter("game", generation):
            return
        # The player is named by the mark it started on (an opening may exchange the marks).
        think = ThinkJob.for_board(
            request.kind, request.seed, request.board, generation, request.seat_mark.value
        )
        job: Job = think
        if request.ask:
            job = OpeningJob(think, request.ask, request.rule, request.options)
        if request.kind.startswith("brain."):
            self._external_players = True
        try:
            thought = self._run(job, self.move_time_limit_s, "game", generation)
        except SearchForfeited as lost:
            # A brain broke a rule (crash, timeout, garbage): it loses the game.
            self.answered.emit(MoveAnswer.forfeited(generation, lost.reason, lost.log))
            return
        except SearchAbandoned as why:
            if self._wanted("game", generation):
                reason = self._says("it {why}").format(why=why)
                self.answered.emit(MoveAnswer.failed(generation, reason))
            return
        except (SearchFailed, ProcessDied) as error:
            self.answered.emit(MoveAnswer.failed(generation, str(error)))
            return
        finally:
            self._leave()
        if request.ask == "stones":
            self.answered.emit(MoveAnswer(generation, thought[0], stones=tuple(thought)))
        elif request.ask == "choice":
            stone = thought.stones[0] if thought.stones else None
            self.answered.emit(MoveAnswer(generation, stone, choice=thought))
        else:
            self.answered.emit(MoveAnswer(generation, thought.move, thought.seconds, thought))

    @Slot(int)
    def release_before(self, generation: int) -> None:
        """End the players of older games that keep a process (brains), if any ran."""
        if not self._external_players or not self.process.is_alive:
            return
        # A process gone or going takes its brains with it.
        with contextlib.suppress(SearchAbandoned, SearchFailed, ProcessDied):
            self.process.run(CallJob(release_players_before, (generation,)), time_limit_s=10)

    @Slot(object)
    def answer(self, request: InsightRequest) -> None:
        """Run an insight job and report its answer, unless it was cancelled meanwhile."""
        if not self._enter("insight", request.ticket):
            return
        try:
            answer: Any = self._run(request.job, MOVE_TIME_LIMIT_S, "insight", request.ticket)
        except SearchAbandoned as why:
            if self._wanted("insight", request.ticket):
                self.insight_failed.emit(request.ticket, str(why))
            return
        except (SearchFailed, ProcessDied) as error:
            self.insight_failed.emit(request.ticket, str(error))
            return
        finally:
            self._leave()
        self.insight_ready.emit(request.ticket, answer)

    def _run(self, job: Job, time_limit_s: float | None, channel: str, number: int) -> Any:
        # A restart asked while the job ran: the job runs again in the fresh process.
        while True:
            try:
                return self.process.run(
                    job, time_limit_s=time_limit_s, on_silence=self.silence_changed.emit
                )
            except SearchRestarted:
                if not self._wanted(channel, number):
                    raise SearchAbandoned("no longer wanted") from None

    def restart_process(self) -> None:
        """End a search process that does not answer and run its job again in a fresh one;
        callable from any thread (it never waits for the process)."""
        self.process.restart()

    def cancel_before(self, generation: int, channel: str = "game") -> None:
        """Abandon ``channel``'s work numbered below ``generation``; callable from any thread.

        A request still queued is skipped when it comes up; a search under way is
        asked to stop.
        """
        with self._lock:
            self._oldest_wanted[channel] = max(self._oldest_wanted[channel], generation)
            busy = self._busy
        if busy is not None and busy[0] == channel and busy[1] < generation:
            self.process.stop()

    def shutdown(self) -> None:
        """End the search process at once (callable from any thread); the worker answers no more."""
        with self._lock:
            for channel in self._oldest_wanted:
                self._oldest_wanted[channel] = 2**62
        self.process.close()

    def _says(self, text: str) -> str:
        return QCoreApplication.translate("AiWorker", text)

    def _enter(self, channel: str, number: int) -> bool:
        with self._lock:
            if number < self._oldest_wanted[channel]:
                return False
            self._busy = (channel, number)
            return True

    def _wanted(self, channel: str, number: int) -> bool:
        with self._lock:
            return number >= self._oldest_wanted[channel]

    def _leave(self) -> None:
        with self._lock:
            self._busy = None
