"""Play a tournament's chunks in worker processes: progress, time left, and a prompt cancel.

:class:`TournamentRunner` starts ``jobs`` worker processes with the ``spawn`` context by
default (``forkserver`` also works; ``fork`` is refused: the window's process has Qt
threads, and forking a threaded process is unsafe). Each worker imports only the
engine, the players and :mod:`ttt_desktop.lab.tournament`, and talks to the runner
over a pipe of its own: the runner hands out chunk numbers two at a time, the worker
sends back finished games in batches and a word when a chunk is done.

The runner never blocks for long: :meth:`TournamentRunner.poll` waits at most the
timeout it is given, so a window can call it from a timer and a command line from a
loop. :meth:`TournamentRunner.cancel` asks the workers to stop between games, takes
what they send within ``grace`` seconds, and terminates any still busy with a long
game: the games finished before the cancel are kept.

:func:`run_tournament` is the blocking form, for the command line and scripts; with
``jobs=1`` and ``processes=False`` it plays in this process with the same code.

Nothing here imports Qt.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import time
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection, wait
from typing import Any, Final

from ttt_desktop.lab.tournament import (
    PlayedGame,
    TournamentResult,
    TournamentSpec,
    play_chunk,
)

__all__ = ["CONTEXTS", "TournamentRunner", "WorkerError", "run_tournament"]

CONTEXTS: Final = ("spawn", "forkserver")
IN_FLIGHT: Final = 2
"""Chunks handed to a worker ahead, so it never waits for the next one."""


class WorkerError(RuntimeError):
    """A worker process failed: its traceback, or how it ended."""


def _worker_main(spec: TournamentSpec, connection: Connection, stop: Any) -> None:
    """A worker process: play the chunks the runner sends until it sends ``None``."""
    chunks = spec.chunks()

    def deliver(batch: list[PlayedGame]) -> None:
        connection.send(
            ("games", [(g.index, g.pairing, g.x, g.o, g.moves, g.winner, g.seconds) for g in batch])
        )

    try:
        while True:
            number = connection.recv()
            if number is None or stop.is_set():
                break
            play_chunk(spec, chunks[number], stop=stop.is_set, deliver=deliver)
            connection.send(("done", number))
        connection.send(("exit", None))
    except (EOFError, BrokenPipeError, KeyboardInterrupt):
        pass
    except Exception:
        connection.send(("error", traceback.format_exc()))
    finally:
        connection.close()


class _Worker:
    def __init__(self, process: Any, connection: Connection) -> None:
        self.process = process
        self.connection = connection
        self.in_flight = 0
        self.exited = False


class TournamentRunner:
    """Plays ``spec`` in ``jobs`` worker processes; poll it for games and progress."""

    def __init__(self, spec: TournamentSpec, jobs: int, *, context: str = "spawn") -> None:
        if jobs < 1:
            raise ValueError(f"jobs is at least 1, not {jobs}")
        if context not in CONTEXTS:
            raise ValueError(f"worker processes start with {' or '.join(CONTEXTS)}, not {context}")
        self.spec = spec
        self.jobs = jobs
        self.result = TournamentResult(spec)
        self.result.jobs = jobs
        self.error: str | None = None
        self._context: Any = multiprocessing.get_context(context)
        self._chunks = spec.chunks()
        self._next_chunk = 0
        self._workers: list[_Worker] = []
        self._stop = self._context.Event()
        self._started_at: float | None = None
        self._first_game_at: float | None = None
        self._ended_at: float | None = None
        self.stop_requested = False

    # Life cycle ---------------------------------------------------------------------

    def start(self) -> None:
        """Start the worker processes and hand out the first chunks."""
        if self._started_at is not None:
            raise RuntimeError("a runner starts once")
        self._started_at = time.perf_counter()
        for _ in range(min(self.jobs, len(self._chunks))):
            ours, theirs = self._context.Pipe(duplex=True)
            process = self._context.Process(
                target=_worker_main,
                args=(self.spec, theirs, self._stop),
                name="ttt-lab-worker",
                daemon=True,
            )
            process.start()
            theirs.close()
            worker = _Worker(process, ours)
            self._workers.append(worker)
            for _ in range(IN_FLIGHT):
                self._hand_out(worker)

    @property
    def running(self) -> bool:
        return self._started_at is not None and self._ended_at is None

    @property
    def done(self) -> bool:
        return self._ended_at is not None

    def poll(self, timeout: float = 0.0) -> list[PlayedGame]:
        """Games finished since the last poll (waiting at most ``timeout`` s for the first)."""
        if not self.running:
            return []
        new: list[PlayedGame] = []
        deadline = time.perf_counter() + timeout
        while True:
            live = [w for w in self._workers if not w.exited]
            if not live:
                break
            waitables: list[Any] = [w.connection for w in live] + [w.process.sentinel for w in live]
            remaining = max(0.0, deadline - time.perf_counter()) if not new else 0.0
            ready = wait(waitables, remaining)
            if not ready:
                break
            for worker in live:
                if worker.connection in ready:
                    self._read(worker, new)
                elif worker.process.sentinel in ready and not worker.exited:
                    self._read(worker, new)
                    if not worker.exited:
                        worker.exited = True
                        self._fail(
                            f"a worker process ended unexpectedly "
                            f"(exit code {worker.process.exitcode})"
                        )
        if all(w.exited for w in self._workers):
            self._finish()
        return new

    def cancel(self, grace: float = 0.25) -> list[PlayedGame]:
        """Stop: keep the games finished so far; returns those not yet polled.

        Workers stop between games; any still in a game after ``grace`` seconds is
        terminated (its unfinished game is lost, nothing else).
        """
        if not self.running:
            return []
        self.request_stop()
        new: list[PlayedGame] = []
        deadline = time.perf_counter() + grace
        while any(not w.exited for w in self._workers) and time.perf_counter() < deadline:
            live = [w for w in self._workers if not w.exited]
            ready = wait([w.connection for w in live], max(0.0, deadline - time.perf_counter()))
            for worker in live:
                if worker.connection in ready:
                    self._read(worker, new)
        for worker in self._workers:
            if not worker.exited:
                worker.process.terminate()
        for worker in self._workers:
            worker.process.join(1.0)
            if not worker.exited:
                # Whatever it sent in full before it was stopped still counts.
                self._read(worker, new, drain_only=True)
                worker.exited = True
        self._finish()
        return new

    def request_stop(self) -> None:
        """Ask the workers to stop between games, without waiting (then :meth:`poll` on).

        A window calls this, keeps polling, and calls :meth:`cancel` with no grace if a
        worker is still busy a moment later.
        """
        if self._stop.is_set() and self.stop_requested:
            return
        self.stop_requested = True
        self._stop.set()
        for worker in self._workers:
            if not worker.exited:
                with contextlib.suppress(OSError):
                    worker.connection.send(None)

    def close(self) -> None:
        """Cancel if running and release the processes (safe to call twice)."""
        if self.running:
            self.cancel(grace=0.0)
        for worker in self._workers:
            if worker.process.is_alive():
                worker.process.kill()
            worker.process.join(1.0)
            worker.connection.close()
        self._workers = []

    # Progress -----------------------------------------------------------------------

    @property
    def played(self) -> int:
        return len(self.result)

    @property
    def elapsed(self) -> float:
        if self._started_at is None:
            return 0.0
        end = self._ended_at if self._ended_at is not None else time.perf_counter()
        return end - self._started_at

    def seconds_left(self) -> float | None:
        """An estimate of the time left from the pace so far; ``None`` before the first game."""
        played = self.played
        if self._first_game_at is None or not played:
            return None
        if self.done:
            return 0.0
        pace = (time.perf_counter() - self._first_game_at) / played
        return pace * (self.spec.total_games - played)

    # Inside ---------------------------------------------------------------------------

    def _hand_out(self, worker: _Worker) -> None:
        if self._next_chunk < len(self._chunks) and not self._stop.is_set():
            worker.connection.send(self._next_chunk)
            self._next_chunk += 1
            worker.in_flight += 1
        elif worker.in_flight == 0:
            worker.connection.send(None)

    def _read(self, worker: _Worker, new: list[PlayedGame], *, drain_only: bool = False) -> None:
        connection = worker.connection
        try:
            while connection.poll(0):
                kind, payload = connection.recv()
                if kind == "games":
                    games = [PlayedGame(*fields) for fields in payload]
                    if self._first_game_at is None:
                        self._first_game_at = time.perf_counter()
                    self.result.add(games)
                    new.extend(games)
                elif drain_only:
                    continue
                elif kind == "done":
                    worker.in_flight -= 1
                    self._hand_out(worker)
                elif kind == "exit":
                    worker.exited = True
                    return
                elif kind == "error":
                    worker.exited = True
                    self._fail(str(payload))
                    return
        except (EOFError, OSError):
            worker.exited = True

    def _fail(self, message: str) -> None:
        if self.error is None:
            self.error = message
        self._stop.set()

    def _finish(self) -> None:
        if self._ended_at is None:
            self._ended_at = time.perf_counter()
            self.result.seconds = self._ended_at - (self._started_at or self._ended_at)
            if self.error is not None or self.stop_requested:
                self.result.cancelled = not self.result.finished
            for worker in self._workers:
                worker.process.join(1.0)


def run_tournament(
    spec: TournamentSpec,
    *,
    jobs: int = 1,
    processes: bool = True,
    context: str = "spawn",
    on_progress: Callable[[TournamentRunner | None, int], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> TournamentResult:
    """Play ``spec`` to the end (or until ``stop()``) and return the result.

    ``processes=False`` (``jobs`` must be 1) plays in this process with the same code.
    ``on_progress`` hears (runner or ``None``, games played) about ten times a second.
    Raises :class:`WorkerError` when a worker fails.
    """
    if not processes:
        if jobs != 1:
            raise ValueError("several jobs need worker processes")
        result = TournamentResult(spec)
        started = time.perf_counter()
        last_report = started
        for chunk in spec.chunks():
            if stop is not None and stop():
                result.cancelled = True
                break
            play_chunk(spec, chunk, stop=stop, deliver=result.add)
            now = time.perf_counter()
            if on_progress is not None and now - last_report >= 0.1:
                on_progress(None, len(result))
                last_report = now
        if not result.finished:
            result.cancelled = True
        result.seconds = time.perf_counter() - started
        return result
    runner = TournamentRunner(spec, jobs, context=context)
    runner.start()
    try:
        while runner.running:
            if stop is not None and stop():
                runner.cancel()
                break
            runner.poll(0.1)
            if on_progress is not None:
                on_progress(runner, runner.played)
    finally:
        runner.close()
    if runner.error is not None:
        raise WorkerError(runner.error)
    return runner.result
