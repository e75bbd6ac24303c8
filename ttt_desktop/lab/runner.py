"""Play a tournament's chunks on a ``concurrent.futures.Executor``: locally or on a cluster.

:class:`TournamentRunner` hands the tournament's chunks (a few games of one pairing each,
:meth:`TournamentSpec.chunks`) to an executor as tasks and takes their games as each task
finishes. Locally that executor is a :class:`~concurrent.futures.ProcessPoolExecutor` of
``jobs`` worker processes. :class:`TournamentRunner` starts them with the ``spawn`` context
by default (``forkserver`` also works): the window's process has Qt threads, and forking a
threaded process is unsafe. :func:`run_tournament` (the command line, scripts) forks them
where that is safe (:func:`default_context`: Linux, no other thread, no Qt): a forked
worker starts at once with every module of its parent, where a spawned one spends about
0.1 s of CPU starting Python and importing the lab before its first game. With a
``scheduler`` (``tls://host:8786`` and its certificates, :mod:`ttt_desktop.lab.cluster`)
it is a Dask cluster's executor (``distributed.Client(...).get_executor()``, the optional
``cluster`` extra); Dask is imported then and only then. A cluster that loses its
scheduler ends the run with the reason, every game that came back kept. Each game's
players are seeded from the tournament's seed and the game's number, so the games come
out the same whichever worker plays them,
in whatever order, in this process, in N local processes or on a cluster.

Only a few tasks are out at a time (two per worker), so a stop leaves little to wait
for. The runner never blocks for long: :meth:`TournamentRunner.poll` waits at most the
timeout it is given, so a window can call it from a timer and a command line from a
loop. :meth:`TournamentRunner.request_stop` is "finish the games in progress, then stop":
no new task goes out and the local workers stop after their current game.
:meth:`TournamentRunner.cancel` does that and, after ``grace`` seconds, ends the workers
still busy (their unfinished games are lost, nothing else).

Nothing is lost silently: a worker that dies (a crash, the kernel's out-of-memory
killer, a SIGKILL) breaks the pool, every task it held fails at once, and the runner
stops with a :class:`WorkerError` message that says so (the runner also watches the
processes itself: a worker killed while it writes its result would otherwise leave the
pool waiting for the rest); the games finished before are kept (and, with a game
library, a resume plays only the missing ones). No local worker outlives its run, not
even a SIGKILL of the main process (on Linux they end with it).

:func:`run_tournament` is the blocking form, for the command line and scripts; with
``processes=False`` it plays in this process with the same code.

Nothing here imports Qt.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
import traceback
from array import array
from bisect import bisect_left
from collections.abc import Callable, Container, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final

from ttt_desktop.lab.brains import close_all
from ttt_desktop.lab.cluster import Scheduler
from ttt_desktop.lab.shared_flag import SharedFlag
from ttt_desktop.lab.spec import Chunk, TournamentSpec
from ttt_desktop.lab.tournament import TournamentGame, TournamentResult, play_chunk, played_games

__all__ = [
    "CONTEXTS",
    "TournamentRunner",
    "WorkerError",
    "default_context",
    "missing_tasks",
    "run_tournament",
    "task_games",
]

CONTEXTS: Final = ("spawn", "forkserver", "fork")
IN_FLIGHT: Final = 2
"""Tasks handed to each worker ahead, so it never waits for the next one."""

TASK_SECONDS: Final = 0.1
"""A task carries about this much play (from the pace so far): enough to make its round trip
cheap, little enough that results, progress and a stop stay prompt."""

LAST_TASK_SECONDS: Final = 0.005
"""The least play in a task near the end, where tasks shrink so that the workers finish
together: a smaller one costs more in its round trip than it evens out."""

RESULTS_PIPE_BYTES: Final = 1 << 20
"""The local workers' results pipe holds this much (Linux; the kernel's default is 64 KiB):
a task's result (its games' texts too) goes in whole, and its worker carries on with the
next task while the main process has not read it yet."""

FIRST_TASK_GAMES: Final = 2
"""Games in each task until the first results give the pace."""

CONNECT_SECONDS: Final = 10.0
"""How long to try to reach a scheduler."""

Task = tuple[int, frozenset[int] | None]
"""A chunk's number and the game numbers of it still to play (None: all of them)."""

Batch = tuple[int, ...]
"""The game numbers of one task, in order."""

TaskGames = tuple[Sequence[int], str, str, Sequence[float], dict[int, str], str | None]
"""A task's games as :func:`play_task` sends them: (number, pairing, X, O) four numbers a
game; the moves, one string a game joined by newlines (no cell is written as one); the
winners, a letter a game (``X``, ``O``, ``d`` for a draw); the seconds; the reasons by
position (only the games that have one); the texts of ``render`` or None."""

GamesHook = Callable[[list[TournamentGame]], None]
RenderedHook = Callable[[list[int], str], None]

# A local worker's stop (a SharedFlag): set by the runner, asked between games (None on a
# cluster).
_stop_flag: SharedFlag | None = None


class WorkerError(RuntimeError):
    """A worker failed: its traceback, or how it ended."""


def default_context() -> str:
    """``"fork"`` where forking is safe and available: on Linux, in a process that runs no
    thread but this one and has not loaded Qt (whose threads :mod:`threading` cannot see);
    ``"spawn"`` anywhere else."""
    if (
        sys.platform.startswith("linux")
        and threading.active_count() == 1
        and "PySide6.QtCore" not in sys.modules
    ):
        return "fork"
    return "spawn"


def _init_worker(stop: SharedFlag, parent: int | None = None) -> None:
    global _stop_flag  # noqa: PLW0603  (one per worker process, set once at its start)
    _stop_flag = stop
    if parent is not None:
        _end_with(parent)


_PR_SET_PDEATHSIG: Final = 1


def _end_with(parent: int) -> None:
    """End this worker with ``parent``, the process that runs the tournament, however it
    ends: a SIGKILL of it runs none of its code, and a worker left waiting for its next
    task would wait for ever (Linux's parent-death signal; elsewhere nothing is done)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes  # noqa: PLC0415  (Linux workers only)

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:
        # The parent ended before the signal was set up.
        os._exit(1)


def play_task(
    spec: TournamentSpec,
    work: tuple[tuple[Chunk, Container[int] | None], ...],
    render: Callable[[TournamentGame], str] | None = None,
) -> TaskGames:
    """A worker's task: play each chunk (or the games ``only`` of it); its games, compact.

    Columns, not a tuple a game (:data:`TaskGames`): they cross the pipe for less and
    the main process takes them in for less
    (:meth:`~ttt_desktop.lab.tournament.TournamentResult.add_columns`). With ``render`` the
    games' texts come too (the report's, made here in parallel), joined by ``",\\n"``.
    """
    games: list[TournamentGame] = []
    stop = _stop_flag.is_set if _stop_flag is not None else None
    for chunk, only in work:
        if stop is not None and stop():
            break
        play_chunk(spec, chunk, stop=stop, deliver=games.extend, only=only)
    numbers = array("q", [n for g in games for n in (g.index, g.pairing, g.x, g.o)])
    reasons = {position: g.reason for position, g in enumerate(games) if g.reason}
    return (
        numbers,
        "\n".join([g.moves for g in games]),
        "".join([g.winner[0] for g in games]),
        array("d", [g.seconds for g in games]),
        reasons,
        None if render is None else ",\n".join([render(g) for g in games]),
    )


def task_games(pace: float | None, left: int, out: int) -> int:
    """The games of the next task: about :data:`TASK_SECONDS` of play at ``pace`` (seconds
    a game; None before the first results: :data:`FIRST_TASK_GAMES`), fewer near the end
    (``left`` games to hand out, ``out`` tasks out at a time) so that the workers finish
    at about the same time, but not under :data:`LAST_TASK_SECONDS` of play."""
    if pace is None:
        return min(FIRST_TASK_GAMES, left)
    if pace <= 0:
        return left
    games = int(TASK_SECONDS / pace)
    least = max(1, int(LAST_TASK_SECONDS / pace))
    return min(left, max(least, min(games, left // (out * 2))))


def missing_tasks(spec: TournamentSpec, done: Iterable[int] = ()) -> list[Task]:
    """The tasks that play every game of ``spec`` whose number is not in ``done``."""
    finished = set(done)
    tasks: list[Task] = []
    for chunk in spec.chunks():
        numbers = range(chunk.first_index, chunk.first_index + chunk.count)
        left = [index for index in numbers if index not in finished]
        if len(left) == chunk.count:
            tasks.append((chunk.number, None))
        elif left:
            tasks.append((chunk.number, frozenset(left)))
    return tasks


def _describe(batch: Batch) -> str:
    first, last = batch[0], batch[-1]
    return f"game {first + 1}" if first == last else f"games {first + 1}-{last + 1}"


def _work(spec: TournamentSpec, chunks: tuple[Chunk, ...], batch: Batch) -> tuple[Any, ...]:
    """``batch``'s games as (chunk, the games of it to play: None, a range or a set)."""
    size = spec.chunk_games
    per_pairing = -(-spec.games_per_pairing // size)
    work: list[tuple[Chunk, Container[int] | None]] = []
    start = 0
    while start < len(batch):
        pairing, game = divmod(batch[start], spec.games_per_pairing)
        chunk = chunks[pairing * per_pairing + game // size]
        # The batch is in game order: the chunk's games of it end where its next one starts.
        stop = bisect_left(batch, chunk.first_index + chunk.count, start)
        first, last, count = batch[start], batch[stop - 1], stop - start
        only: Container[int] | None
        if count == chunk.count:
            only = None
        elif last - first == count - 1:
            only = range(first, last + 1)
        else:
            only = frozenset(batch[start:stop])
        work.append((chunk, only))
        start = stop
    return tuple(work)


class TournamentRunner:
    """Plays ``spec`` on ``jobs`` local worker processes or a Dask scheduler; poll it."""

    def __init__(
        self,
        spec: TournamentSpec,
        jobs: int = 1,
        *,
        context: str = "spawn",
        scheduler: str | Scheduler | None = None,
        done: Iterable[TournamentGame] = (),
        on_games: GamesHook | None = None,
        render: Callable[[TournamentGame], str] | None = None,
        on_rendered: RenderedHook | None = None,
        games_out: bool = True,
    ) -> None:
        """``render`` (picklable) formats each game in the worker that plays it;
        ``on_rendered`` hears each task's texts as they come: the game numbers and their
        texts, in that order, joined by ``",\\n"``. With ``games_out`` false, :meth:`poll`
        and :meth:`cancel` return no games (they are in :attr:`result`): no object is made
        a game while they come unless ``on_games`` hears them."""
        if jobs < 1:
            raise ValueError(f"jobs is at least 1, not {jobs}")
        if context not in CONTEXTS:
            raise ValueError(f"worker processes start with {' or '.join(CONTEXTS)}, not {context}")
        self.spec = spec
        self.jobs = jobs
        if isinstance(scheduler, str):
            scheduler = Scheduler(scheduler)
        if scheduler is not None:
            scheduler.check()  # before anything is sent (ValueError: the reason)
        self.scheduler = scheduler
        self.result = TournamentResult(spec, done)
        self.result.jobs = jobs
        self.resumed_with = len(self.result)
        self.error: str | None = None
        self.on_games = on_games
        self.render = render if on_rendered is not None else None
        self.on_rendered = on_rendered
        self.games_out = games_out
        self._context: Any = multiprocessing.get_context(context)
        self._chunks = spec.chunks()
        finished = set(self.result.indices())
        self._todo = [index for index in range(spec.total_games) if index not in finished]
        self._next_game = 0
        self._seen: dict[int, Any] = {}
        self._played_seconds = 0.0
        self._timed_games = 0
        self._in_flight: dict[Future[TaskGames], Batch] = {}
        self._executor: Any = None
        self._manager: Any = None
        self._client: Any = None
        self._lost_at: Batch | None = None
        self._stop: SharedFlag | None = None
        self._slots = jobs
        self._started_at: float | None = None
        self._first_game_at: float | None = None
        self._ended_at: float | None = None
        self.stop_requested = False

    # Life cycle ---------------------------------------------------------------------

    def start(self) -> None:
        """Start the workers (or connect to the scheduler) and hand out the first tasks."""
        if self._started_at is not None:
            raise RuntimeError("a runner starts once")
        self._started_at = time.perf_counter()
        if not self._todo:
            self._finish()
            return
        if self.scheduler is not None:
            self._executor = self._cluster_executor(self.scheduler)
        else:
            method = self._context.get_start_method()
            if method == "fork" and threading.active_count() > 1:
                raise ValueError(
                    "worker processes are not forked from a process that runs other threads: "
                    "use spawn"
                )
            self._stop = SharedFlag(self._context)
            # The workers end with this process (_end_with) when they are its children
            # (a forkserver's are the server's) made by its main thread (the signal comes
            # when the thread that made them ends).
            owner = threading.current_thread() is threading.main_thread()
            parent = os.getpid() if owner and method != "forkserver" else None
            self._executor = concurrent.futures.ProcessPoolExecutor(
                max_workers=min(self.jobs, len(self._todo)),
                mp_context=self._context,
                initializer=_init_worker,
                initargs=(self._stop, parent),
            )
            _widen_results_pipe(self._executor)
        self._top_up()

    def _cluster_executor(self, scheduler: Scheduler) -> Any:
        try:
            import distributed  # noqa: PLC0415  (the optional cluster extra)
        except ImportError:
            raise WorkerError(
                "a scheduler needs Dask's distributed package: "
                "pip install 'ttt-desktop[cluster]' (or 'dask[distributed]')"
            ) from None
        address = scheduler.address
        # Its own reports of a lost connection go to the log as tracebacks; the runner
        # says what happened in a sentence (a lost scheduler ends the run with it).
        for name in (
            "distributed",
            "distributed.client",
            "distributed.core",
            "distributed.comm",
            "distributed.batched",
            "tornado.application",  # a connection lost as it is made, from Dask's loop
        ):
            logging.getLogger(name).setLevel(logging.CRITICAL)
        try:
            client: Any = distributed.Client  # typed or not, whichever Dask is installed
            self._client = client(
                address,
                timeout=CONNECT_SECONDS,
                set_as_default=False,
                **scheduler.client_options(),
            )
        except OSError as error:
            raise WorkerError(f"the scheduler at {address} can't be reached: {error}") from None
        threads = sum(self._client.nthreads().values())
        self._slots = max(1, threads)
        self.result.jobs = self._slots
        return self._client.get_executor(pure=False)

    @property
    def running(self) -> bool:
        return self._started_at is not None and self._ended_at is None

    @property
    def done(self) -> bool:
        return self._ended_at is not None

    def poll(self, timeout: float = 0.0) -> list[TournamentGame]:
        """Games finished since the last poll (waiting at most ``timeout`` s for the first)."""
        if not self.running:
            return []
        self._note_workers()
        new: list[TournamentGame] = []
        if self._in_flight:
            finished, _ = concurrent.futures.wait(
                list(self._in_flight), timeout=timeout, return_when=FIRST_COMPLETED
            )
            self._collect(finished, new)
            if self._in_flight and self.error is None:
                self._check_workers(new)
        if not self._in_flight:
            self._finish()
        return new

    def request_stop(self) -> None:
        """Finish the games in progress, then stop: no new task, workers stop after a game.

        A window calls this, keeps polling, and calls :meth:`cancel` with no grace if a
        worker is still busy a moment later.
        """
        if self.stop_requested:
            return
        self.stop_requested = True
        if self._stop is not None:
            self._stop.set()
        self._cancel_waiting()

    def cancel(self, grace: float = 0.25) -> list[TournamentGame]:
        """Stop: keep the games finished so far; returns those not yet polled.

        Workers stop between games; any still in a game after ``grace`` seconds is ended
        (its unfinished game is lost, nothing else).
        """
        if not self.running:
            return []
        self._note_workers()
        self.request_stop()
        new: list[TournamentGame] = []
        deadline = time.perf_counter() + grace
        while self._in_flight:
            left = deadline - time.perf_counter()
            if left <= 0:
                break
            finished, _ = concurrent.futures.wait(
                list(self._in_flight), timeout=left, return_when=FIRST_COMPLETED
            )
            self._collect(finished, new)
        if self._in_flight:
            self._end_workers()
            self._in_flight.clear()
        self._finish()
        return new

    def close(self) -> None:
        """Cancel if running and release the workers (safe to call twice)."""
        if self.running:
            self.cancel(grace=0.0)
        self._release()

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
        played = self.played - self.resumed_with
        if self._first_game_at is None or played <= 0:
            return None
        if self.done:
            return 0.0
        pace = (time.perf_counter() - self._first_game_at) / played
        return pace * (self.spec.total_games - self.played)

    # Inside ---------------------------------------------------------------------------

    def _top_up(self) -> None:
        """Keep ``IN_FLIGHT`` tasks a worker out, in game order, each of about
        :data:`TASK_SECONDS` of play at the pace so far."""
        limit = IN_FLIGHT * self._slots
        while (
            len(self._in_flight) < limit
            and self._next_game < len(self._todo)
            and not self.stop_requested
            and self.error is None
        ):
            left = len(self._todo) - self._next_game
            pace = self._played_seconds / self._timed_games if self._timed_games else None
            games = task_games(pace, left, limit)
            batch = tuple(self._todo[self._next_game : self._next_game + games])
            self._next_game += len(batch)
            work = _work(self.spec, self._chunks, batch)
            try:
                future = self._executor.submit(play_task, self.spec, work, self.render)
            except BrokenProcessPool:
                self._fail_broken(batch)
                return
            except Exception:
                if self._client is None:
                    raise
                self._fail(self._scheduler_lost(batch))
                return
            self._in_flight[future] = batch
            self._note_workers()

    def _accept(self, task_games: TaskGames, new: list[TournamentGame]) -> None:
        """Take in a task's games: into the result as columns, or as
        :class:`~ttt_desktop.lab.tournament.TournamentGame`\\ s when somebody hears them."""
        numbers, moves, winners, seconds, reasons, texts = task_games
        count = len(seconds)
        if not count:
            return
        if texts is not None and self.on_rendered is not None:
            self.on_rendered(list(numbers[0::4]), texts)
        self._timed_games += count
        self._played_seconds += sum(seconds)
        if self._first_game_at is None:
            self._first_game_at = time.perf_counter()
        if not self.games_out and self.on_games is None:
            self.result.add_columns(numbers, moves, winners, seconds, reasons)
        else:
            games = played_games(numbers, moves, winners, seconds, reasons)
            self.result.add(games)
            if self.games_out:
                new.extend(games)
            if self.on_games is not None:
                self.on_games(games)

    def _collect(self, finished: Iterable[Future[TaskGames]], new: list[TournamentGame]) -> None:
        for future in sorted(finished, key=lambda f: self._in_flight.get(f, (-1,))[0]):
            task = self._in_flight.pop(future, None)
            if task is None:
                continue  # given up since (a failure cancels what waits)
            if future.cancelled():
                if self._client is not None and not self.stop_requested:
                    # Not cancelled by us: a cluster drops its tasks when its scheduler is lost.
                    self._fail(self._scheduler_lost(task))
                continue
            error = future.exception()
            if error is None:
                self._accept(future.result(), new)
            elif isinstance(error, BrokenProcessPool):
                self._fail_broken(task)
            else:
                text = "".join(traceback.format_exception(error)).strip()
                self._fail(f"a worker failed at {_describe(task)}:\n{text}")
        # Ratings keep up with the games as they come (the end then has little left to do).
        self.result.keep_up()
        self._top_up()

    def _scheduler_lost(self, task: Batch) -> str:
        """The reason a lost scheduler ends the run, with the games kept so far; noted, so
        that the end counts them again (a task that came back after the loss is kept too)."""
        if self.error is None and self._lost_at is None:
            self._lost_at = task
        address = self.scheduler.address if self.scheduler is not None else ""
        verb = "were" if task[0] != task[-1] else "was"
        return (
            f"the Dask scheduler at {address} was lost while {_describe(task)} {verb} to "
            f"be played; the {len(self.result):,} games finished before are kept"
        )

    def _fail_broken(self, task: Batch) -> None:
        # The pool's own thread may be reaping the dead worker this very moment: its exit
        # code shows a moment later.
        deadline = time.perf_counter() + 1.0
        while True:
            codes = sorted(
                (
                    process.exitcode
                    for process in self._seen.values()
                    if process.exitcode is not None and process.exitcode != 0
                ),
                # The pool ends the other workers itself (SIGTERM): the first cause first.
                key=lambda code: code == -signal.SIGTERM,
            )
            if (codes and codes[0] != -signal.SIGTERM) or time.perf_counter() > deadline:
                break
            time.sleep(0.02)
        how = (
            f"exit code {codes[0]}" + (f", killed by signal {-codes[0]}" if codes[0] < 0 else "")
            if codes
            else "it was terminated abruptly"
        )
        self._fail(
            f"a worker process ended unexpectedly ({how}) while playing "
            f"{_describe(task)}; the {len(self.result):,} games "
            f"finished before are kept"
        )

    def _check_workers(self, new: list[TournamentGame]) -> None:
        """Fail at once if a local worker has died, whatever the pool's thread knows.

        A worker killed while it writes a task's result leaves half a message in the
        pipe: the pool's thread then waits for the rest, and the futures it holds never
        fail. So the runner looks at the processes itself: it keeps what came back, ends
        the other workers and closes its own end for writing results, so that the pool's
        thread reads the end of the pipe and lets go.
        """
        if self._client is not None or not any(
            process.exitcode not in (None, 0) for process in self._seen.values()
        ):
            return
        self._fail_broken(min(self._in_flight.values()))
        self._collect([future for future in self._in_flight if future.done()], new)
        self._end_workers()
        results = getattr(self._executor, "_result_queue", None)
        if results is not None:
            results._writer.close()
        self._in_flight.clear()

    def _fail(self, message: str) -> None:
        if self.error is None:
            self.error = message
        self.stop_requested = True
        if self._stop is not None:
            self._stop.set()
        self._cancel_waiting()

    def _cancel_waiting(self) -> None:
        """On a cluster, tasks not started yet never start. Locally they start, see the
        stop and return at once: a local future cancelled here would break Python 3.11's
        pool if a worker is ended later (it sets the error on the cancelled future)."""
        if self._client is None:
            return
        for future in list(self._in_flight):
            with contextlib.suppress(Exception):  # a lost scheduler's client is closed
                if future.cancel():
                    del self._in_flight[future]

    def _processes(self) -> list[Any]:
        # The pool keeps its processes in a private dict; there is no public way to end a
        # worker in the middle of a task before Python 3.14's terminate_workers().
        processes = getattr(self._executor, "_processes", None) or {}
        return list(processes.values())

    def _note_workers(self) -> None:
        # Kept: after a worker dies the pool lets go of its processes, and their exit codes
        # say how it died; the pool starts its workers as tasks come, so they are noted
        # whenever the runner is asked anything.
        for process in self._processes():
            self._seen[process.pid] = process

    def _workers(self) -> list[Any]:
        """Every local worker this run has had: the pool's, and those it has let go of.

        A broken pool forgets its processes while some may still run; none may outlive
        the run.
        """
        workers = {process.pid: process for process in self._seen.values()}
        workers.update((process.pid, process) for process in self._processes())
        return list(workers.values())

    def _end_workers(self) -> None:
        if self._client is not None:
            # The cluster's executor cancels every task it holds (a lost scheduler has none).
            with contextlib.suppress(Exception):
                self._executor.shutdown(wait=False)
            return
        processes = self._workers()
        for process in processes:
            if process.is_alive():
                process.terminate()
        _reap(processes)

    def _finish(self) -> None:
        if self._ended_at is None:
            self._ended_at = time.perf_counter()
            if self._lost_at is not None:
                self.error = self._scheduler_lost(self._lost_at)  # every game kept, counted
            self.result.seconds = self._ended_at - (self._started_at or self._ended_at)
            if self.error is not None or self.stop_requested:
                self.result.cancelled = not self.result.finished
            elif not self.result.finished and self.error is None:
                # Every task came back and still games are missing: never silently.
                self.error = (
                    f"only {len(self.result):,} of {self.spec.total_games:,} games came back "
                    f"from the workers"
                )
                self.result.cancelled = True
            processes = self._workers()
            self._release()
            if self.stop_requested:
                # A stopped run returns once its workers are gone (they leave at once).
                _reap(processes)

    def wait_closed(self, timeout: float = 5.0) -> None:
        """After :meth:`close`: wait (at most ``timeout`` s) for the local pool's thread,
        which ends once every worker has left; then this process runs no thread of the
        pool (and may fork the workers of another tournament)."""
        manager, self._manager = self._manager, None
        if manager is not None:
            manager.join(timeout)

    def _release(self) -> None:
        executor, self._executor = self._executor, None
        if executor is not None:
            # Not waiting for the workers to exit: every task is done or cancelled (or
            # its worker ended), and they leave on their own.
            if self._client is None:
                manager = getattr(executor, "_executor_manager_thread", None)
                self._manager = manager
                executor.shutdown(wait=False, cancel_futures=True)
                if self.error is not None and manager is not None:
                    # A broken pool's thread is still ending the workers and closing its
                    # pipes: let it finish, or this process's exit races with it.
                    manager.join(2.0)
            else:
                with contextlib.suppress(Exception):  # a lost scheduler's closed client
                    executor.shutdown(wait=False)
        if self._client is not None:
            brains = getattr(self.spec, "brains", None)
            if brains is not None:
                # A cluster's workers outlive the run: the brains they started end now.

                with contextlib.suppress(Exception):
                    self._client.run(close_all, brains.owner)
            with contextlib.suppress(Exception):
                self._client.close()
            self._client = None


def run_tournament(
    spec: TournamentSpec,
    *,
    jobs: int = 1,
    processes: bool = True,
    context: str | None = None,
    scheduler: str | Scheduler | None = None,
    done: Iterable[TournamentGame] = (),
    on_games: GamesHook | None = None,
    on_progress: Callable[[TournamentRunner | None, int], None] | None = None,
    stop: Callable[[], bool] | None = None,
    render: Callable[[TournamentGame], str] | None = None,
    on_rendered: RenderedHook | None = None,
) -> TournamentResult:
    """Play ``spec`` to the end (or until ``stop()``) and return the result.

    ``processes=False`` (``jobs`` must be 1) plays in this process with the same code;
    ``scheduler`` plays on a Dask cluster (:class:`~ttt_desktop.lab.cluster.Scheduler`,
    or its address: a plain ``tcp://`` one only on the loopback); ``context`` starts the
    local workers (by default :func:`default_context`). ``done`` are games already played (a resumed
    tournament): only the others are played. ``on_games`` hears each batch of games as
    it comes in; ``render`` and ``on_rendered`` have the workers format each game's text
    (:class:`TournamentRunner`; in this process the caller formats them from
    ``on_games``). ``on_progress`` hears (runner or ``None``, games played) about ten
    times a second. Raises :class:`WorkerError` when a worker fails.
    """
    if not processes and scheduler is None:
        if jobs != 1:
            raise ValueError("several jobs need worker processes")
        return _run_here(spec, done, on_games, on_progress, stop)
    runner = TournamentRunner(
        spec,
        jobs,
        context=default_context() if context is None else context,
        scheduler=scheduler,
        done=done,
        on_games=on_games,
        render=render,
        on_rendered=on_rendered,
        games_out=False,
    )
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
        # The workers leave at once; the command line's exit would wait for them anyway.
        runner.wait_closed()
    if runner.error is not None:
        raise WorkerError(runner.error)
    return runner.result


def _run_here(
    spec: TournamentSpec,
    done: Iterable[TournamentGame],
    on_games: GamesHook | None,
    on_progress: Callable[[TournamentRunner | None, int], None] | None,
    stop: Callable[[], bool] | None,
) -> TournamentResult:
    result = TournamentResult(spec, done)
    chunks = spec.chunks()
    started = time.perf_counter()
    last_report = started

    def deliver(games: list[TournamentGame]) -> None:
        result.add(games)
        if on_games is not None:
            on_games(games)

    for number, only in missing_tasks(spec, result.indices()):
        if stop is not None and stop():
            break
        play_chunk(spec, chunks[number], stop=stop, deliver=deliver, only=only)
        now = time.perf_counter()
        if on_progress is not None and now - last_report >= 0.1:
            on_progress(None, len(result))
            last_report = now
    result.cancelled = not result.finished
    result.seconds = time.perf_counter() - started
    return result


def _widen_results_pipe(executor: Any) -> None:
    """Make the pool's results pipe :data:`RESULTS_PIPE_BYTES` long where the system allows."""
    try:
        import fcntl  # noqa: PLC0415  (not on Windows)
    except ImportError:
        return
    size = getattr(fcntl, "F_SETPIPE_SZ", None)
    # The pool keeps its results queue in a private attribute, as its processes.
    reader = getattr(getattr(executor, "_result_queue", None), "_reader", None)
    if size is None or reader is None:
        return
    with contextlib.suppress(OSError):
        fcntl.fcntl(reader.fileno(), size, RESULTS_PIPE_BYTES)


def _reap(processes: list[Any], grace: float = 1.0) -> None:
    """Wait up to ``grace`` seconds for the workers to leave, then kill what is left.

    On a busy machine a worker told to stop may not have had a core within the grace;
    none may outlive its run, so the rest get SIGKILL, which needs no core of theirs.
    """
    deadline = time.perf_counter() + grace
    for process in processes:
        process.join(max(0.0, deadline - time.perf_counter()))
    for process in processes:
        if process.is_alive():
            process.kill()
            process.join()
    # The pool's thread may have reaped a worker while this one waited for it: this
    # join then returns without the exit code, which the pool's thread records as soon as
    # it has the interpreter again.
    deadline = time.perf_counter() + grace
    for process in processes:
        while process.exitcode is None and time.perf_counter() < deadline:
            time.sleep(0.002)
