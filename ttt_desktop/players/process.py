"""The search process: computer players think in a long-lived child process, not in the window's.

A pure-Python search holds the interpreter lock while it runs; in a thread of
the window's process it makes the window wait for the lock (a minimax game
stalled the window 18-20 ms under X11). In a process of its own it cannot.

:class:`SearchProcess` is the parent's handle: it starts the child with the
``spawn`` context (never ``fork``: the window's process has Qt threads; under
PyInstaller ``multiprocessing.freeze_support()`` in the frozen entry point runs
the child), sends it one job at a time and waits for the answer. The child
(:func:`serve`) imports only the engine and the players, makes the players with
the factory it was started with, and keeps each game's players alive between
their moves, so a player's random generator runs on through a game exactly as
in one process: the same seeds give the same games.

Stopping is cooperative: the parent writes the number of the job to stop into
shared memory, and the searches ask about it every 512 positions (well under a
millisecond). A player that ignores it, hangs or takes too long is killed with
its process after a grace period, and a process that died (a crash in a
player) is reported as such and started afresh for the next job.

A process that neither answers nor dies (stopped with SIGSTOP, frozen by the
system, hung in a C library holding the interpreter lock) is noticed by its
heartbeat: a thread of the child counts up a shared number ten times a second.
When the count stands still for :data:`SILENT_AFTER_S` while a job is under way,
:meth:`SearchProcess.run` tells its ``on_silence`` callback, and tells it again
when the count moves on; :meth:`SearchProcess.restart` ends such a process and
starts the job again in a fresh one.

Nothing here imports Qt.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import io
import os
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Final

from ttt_desktop.core.board import Board, completion_steps, wants_completion
from ttt_desktop.core.play import SeatForfeit
from ttt_desktop.core.swap import OPENING_STONES, SwapAnswer
from ttt_desktop.players import create_player
from ttt_desktop.players.thought import SearchStopped, Thought

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

PlayerFactory = Callable[..., Any]

START_METHOD: Final = "spawn"
STOP_GRACE_S: Final = 1.0
"""How long a player told to stop may take before its process is killed."""
POLL_S: Final = 0.02
GAMES_KEPT: Final = 4
BEAT_S: Final = 0.1
"""How often the child's heartbeat counts up."""
SILENT_AFTER_S: Final = 3.0
"""A heartbeat standing still this long while a job runs: the process is not answering."""
FIRST_BEAT_WITHIN_S: Final = 20.0
"""The first beat of a process just started may take this long (imports on a busy machine)."""
"""Games whose players the child keeps (the newest ones); older ones are dropped."""


class SearchFailed(Exception):  # noqa: N818  (the player failed, not this code)
    """The player raised an error (the message is the player's), or answered nonsense."""


class SearchForfeited(SearchFailed):
    """The player lost the game off the board (a Gomocup brain that crashed, ran out of
    time or answered garbage): ``reason`` says how, ``log`` is what its pipe said."""

    def __init__(self, reason: str, log: tuple[str, ...] = ()) -> None:
        super().__init__(reason)
        self.reason = reason
        self.log = log


class SearchAbandoned(Exception):  # noqa: N818  (an outcome, not a fault)
    """The job was stopped before it finished, as asked; there is no answer."""


class SearchRestarted(Exception):  # noqa: N818  (an outcome, not a fault)
    """The process was restarted while the job ran (see :meth:`SearchProcess.restart`);
    the job may be run again."""


class ProcessDied(Exception):  # noqa: N818
    """The search process ended without answering (a crash in a player, or killed)."""


@dataclass(frozen=True)
class ThinkJob:
    """Think about a position as the player of ``kind`` and ``seed``.

    The position travels in one encoding: ``rules`` (its :attr:`Rules.key
    <ttt_desktop.core.rules.Rules.key>`, such as ``"3,3,3"`` or ``"15,15,5"``),
    ``cells`` (one character a cell, ``X``, ``O`` or ``.``, row by row from the
    top-left) and ``to_move``; the child rebuilds the board with
    :meth:`Board.from_string <ttt_desktop.core.board.Board.from_string>`.

    ``game`` and ``mark`` name the game's player: the same pair gets the same
    player object, so its generator carries on from its previous move. With
    ``game`` None a fresh player thinks (asking a player about a position without
    it playing there).
    """

    kind: str
    seed: int | None
    rules: str
    cells: str
    to_move: str
    game: int | None = None
    mark: str = ""

    @classmethod
    def for_board(
        cls, kind: str, seed: int | None, board: Board, game: int | None = None, mark: str = ""
    ) -> ThinkJob:
        """The job of thinking about ``board`` (any rules)."""
        return cls(kind, seed, board.rules.key, board.cells, board.to_move.value, game, mark)

    def board(self) -> Board:
        """The position to think about, rebuilt from its encoding."""
        return Board.from_string(self.cells, self.to_move, rules=self.rules)


@dataclass(frozen=True)
class CallJob:
    """Call ``function(*arguments)`` in the child (an engine-level function, by reference).

    The function gets a ``stop`` keyword argument it should pass to its searches.
    """

    function: Callable[..., Any]
    arguments: tuple[Any, ...] = ()


@dataclass(frozen=True)
class OpeningJob:
    """Ask the game's player (as :class:`ThinkJob` names it) a question of a swap opening:
    its three stones on the empty board (``ask`` "stones": ``swap_stones``), or one of
    ``options`` at a choice ("choice": ``swap_choice``). The answer is the tuple of stones,
    or the :class:`~ttt_desktop.core.swap.SwapAnswer`, checked against the board."""

    think: ThinkJob
    ask: str
    rule: str
    options: tuple[str, ...] = ()


Job = ThinkJob | CallJob | OpeningJob


# The child's players by (game, mark), for the release job and the end (external programs).
_players: dict[tuple[int, str], Any] = {}
# When each game's first pipe line was said (its log's times count from there).
_log_origins: dict[tuple[int, str], float] = {}


def _kill_players_and_exit(signum: int, frame: Any) -> None:
    """SIGTERM in the child: kill the players' external programs at once, then leave."""
    for player in list(_players.values()):
        kill = getattr(player, "kill", None)
        if kill is not None:
            # Leaving anyway: kill what can be killed.
            with contextlib.suppress(Exception):
                kill()
    os._exit(0)


def _close(player: Any) -> None:
    """End a player that keeps an external program (a brain); others have nothing to end."""
    close = getattr(player, "close", None)
    if close is not None:
        # A player being dropped: nothing to report.
        with contextlib.suppress(Exception):
            close()


def release_players_before(game: int, *, stop: Callable[[], bool] | None = None) -> int:
    """End the players of games numbered below ``game`` (run in the child as a
    :class:`CallJob`): a brain's process does not outlive its game. Returns how many."""
    dropped = [key for key in _players if key[0] < game]
    for key in dropped:
        _close(_players.pop(key))
        _log_origins.pop(key, None)
    return len(dropped)


def _beat(beats: Any, parent: int) -> None:
    # Also the watch on the parent: a parent that died without ending this process (killed,
    # crashed) leaves it to a new parent; the players' programs and this process go at once,
    # even in the middle of a search, instead of thinking on for nobody.
    while True:
        if beats is not None:
            beats.value += 1
        if os.getppid() != parent:
            _kill_players_and_exit(signal.SIGTERM, None)
        time.sleep(BEAT_S)


def serve(
    connection: Connection, stop_number: Any, factory: PlayerFactory, beats: Any = None
) -> None:
    """The child's loop: answer ``(number, job)`` messages until the pipe closes.

    ``beats`` (a shared integer) is counted up by a heartbeat thread while the child lives;
    the same thread ends the child when its parent is gone.
    """
    threading.Thread(
        target=_beat, args=(beats, os.getppid()), name="heartbeat", daemon=True
    ).start()
    players = _players
    games: list[int] = []
    # Terminated (the window closes, a hung search is ended): external programs go too.
    signal.signal(signal.SIGTERM, _kill_players_and_exit)
    while True:
        try:
            number, job = connection.recv()
        except (EOFError, OSError):
            return

        def stop(number: int = number) -> bool:
            return bool(stop_number.value >= number)

        try:
            if isinstance(job, ThinkJob):
                answer: Any = _think(job, factory, players, games, stop)
            elif isinstance(job, OpeningJob):
                answer = _answer_opening(job, factory, players, games)
            else:
                answer = job.function(*job.arguments, stop=stop)
            reply: tuple[str, int, Any] = ("done", number, answer)
        except SearchStopped:
            reply = ("stopped", number, None)
        except SeatForfeit as failure:
            reason = str(getattr(failure, "reason", "") or failure)
            reply = ("forfeit", number, (reason, getattr(failure, "pipe_log", ())))
        except Exception as error:  # a player's error is reported, never fatal
            reply = ("failed", number, (str(error) or type(error).__name__, _trace(error)))
        try:
            connection.send(reply)
        except (BrokenPipeError, OSError):
            return
        if _completion or wants_completion():
            _complete_positions_while_idle(connection)
        _jobs_since_trim[0] += 1
        if _jobs_since_trim[0] >= TRIM_EVERY_JOBS and not _job_waiting(connection):
            _jobs_since_trim[0] = 0
            # A full collection also empties the interpreter's free lists, which filled
            # towards their caps job after job; then the C heap's free pages go back.
            gc.collect()
            release_free_heap()


# The walk interning the rest of the tic-tac-toe positions, under way between jobs.
_completion: list[Iterator[int]] = []

TRIM_EVERY_JOBS: Final = 200
"""Jobs answered between two tidy-ups while idle: a full collection, then the C heap's free
pages handed back (:func:`release_free_heap`)."""
_jobs_since_trim = [0]
_malloc_trim: list[Any] = []


def release_free_heap() -> bool:
    """Hand the C heap's free pages back to the system (glibc's ``malloc_trim``, about 0.2 ms).

    Memory freed in the middle of the heap stays resident until then: over thousands of
    games, pages of it freed and used again in another place made the resident size creep
    while the memory in use stayed flat. False where the C library has no such call.
    """
    if not _malloc_trim:
        try:
            import ctypes  # noqa: PLC0415  (on first use: not before the window's first paint)

            trim = ctypes.CDLL(None).malloc_trim
            trim.argtypes = [ctypes.c_size_t]
            trim.restype = ctypes.c_int
        except (OSError, AttributeError, TypeError):
            trim = None
        _malloc_trim.append(trim)
    trim = _malloc_trim[0]
    if trim is None:
        return False
    trim(0)
    return True


def _job_waiting(connection: Connection) -> bool:
    try:
        return bool(connection.poll())
    except (EOFError, OSError):
        return True  # the loop's next read finds out


def _complete_positions_while_idle(connection: Connection) -> None:
    """A long session's table of positions completed between jobs (:func:`wants_completion`):
    a step of a few milliseconds at a time while no job waits, so nothing grows later."""
    if not _completion:
        _completion.append(completion_steps())
    try:
        while not connection.poll():
            if next(_completion[0], None) is None:
                _completion.clear()
                gc.freeze()  # the positions live as long as the process
                return
    except (EOFError, OSError):
        return  # the pipe is closed: the loop ends at its next read


def _trace(error: BaseException) -> str:
    return "".join(traceback.format_exception(error))


def _game_player(
    job: ThinkJob,
    factory: PlayerFactory,
    players: dict[tuple[int, str], Any],
    games: list[int],
) -> Any:
    """The player ``job`` names: its game's (kept between moves), or a fresh one."""
    if job.game is None:
        player = factory(job.kind, seed=job.seed)
    else:
        key = (job.game, job.mark)
        player = players.get(key)
        if player is None:
            player = players[key] = factory(job.kind, seed=job.seed)
            if job.game not in games:
                games.append(job.game)
                for old in games[:-GAMES_KEPT]:
                    for old_key in [k for k in players if k[0] == old]:
                        _close(players.pop(old_key))
                        _log_origins.pop(old_key, None)
                del games[:-GAMES_KEPT]
                # An external program (a brain) does not stay for games gone by.
                for old_key in [k for k in players if k[0] != job.game]:
                    if hasattr(players[old_key], "take_log"):
                        _close(players.pop(old_key))
    return player


def _answer_opening(
    job: OpeningJob,
    factory: PlayerFactory,
    players: dict[tuple[int, str], Any],
    games: list[int],
) -> Any:
    board = job.think.board()
    player = _game_player(job.think, factory, players, games)
    try:
        if job.ask == "stones":
            answer: Any = tuple(player.swap_stones(board, job.rule))
            stones = answer
        else:
            answer = player.swap_choice(board, job.options, job.rule)
            if not isinstance(answer, SwapAnswer) or answer.choice not in job.options:
                raise SearchFailed(
                    f"a player answered {answer!r} to a choice among {', '.join(job.options)}"
                )
            stones = answer.stones
    except SeatForfeit as failure:
        failure.pipe_log = _pipe_log(player, job.think)  # type: ignore[attr-defined]
        raise
    if job.ask == "stones" and len(stones) != OPENING_STONES:
        raise SearchFailed(f"a player answered {len(stones)} opening stones instead of 3")
    # Each stone legal in turn (a taken cell, one off the board, a forbidden point fail).
    position = board
    for stone in stones:
        if type(stone) is not int:
            raise SearchFailed(f"a player answered {stone!r} instead of a cell")
        position = position.play(stone)
    return answer


def _think(
    job: ThinkJob,
    factory: PlayerFactory,
    players: dict[tuple[int, str], Any],
    games: list[int],
    stop: Callable[[], bool],
) -> Thought:
    board = job.board()
    player = _game_player(job, factory, players, games)
    think = getattr(player, "think", None)
    thought: Thought
    if think is not None:
        try:
            thought = think(board, stop=stop)
        except SeatForfeit as failure:
            failure.pipe_log = _pipe_log(player, job)  # type: ignore[attr-defined]
            raise
        if hasattr(player, "take_log"):
            thought = dataclasses.replace(thought, log=_pipe_log(player, job))
    else:
        # A player with choose_move alone (the scripting API's minimum).
        started = time.perf_counter()
        cell = player.choose_move(board)
        thought = Thought(
            job.kind,
            board.cells,
            board.to_move.value,
            cell,
            seconds=time.perf_counter() - started,
            rules=board.rules.key,
        )
    if type(thought.move) is not int:
        raise SearchFailed(f"a player answered {thought.move!r} instead of a cell")
    return thought


def _pipe_log(player: Any, job: ThinkJob) -> tuple[str, ...]:
    """What ``player``'s pipe said since it was last asked (an external program's), each
    line as a game's log keeps it: the mark, ms since the game's first line, the line."""
    take_log = getattr(player, "take_log", None)
    if take_log is None:
        return ()
    lines = take_log()
    if not lines:
        return ()
    key = (job.game if job.game is not None else -1, job.mark)
    origin = _log_origins.setdefault(key, lines[0][0])
    mark = job.mark or job.to_move
    return tuple(f"{mark} {(when - origin) * 1000:.1f} {line}"[:500] for when, line in lines)


class SearchProcess:
    """The parent's side: one child process, started on first use and again after it dies.

    :meth:`run` is meant for one thread (the window's worker thread) and blocks
    until the answer; :meth:`stop` and :meth:`close` may be called from any
    thread and make a :meth:`run` under way return soon.
    """

    def __init__(self, factory: PlayerFactory = create_player) -> None:
        self._factory = factory
        # multiprocessing and the shared numbers come with the first start (the window's
        # start-up does not pay for them, and a game between people never does): until
        # then plain stand-ins hold the values.
        self._context: Any = None
        self._stop_number: Any = SimpleNamespace(value=-1)
        self._beats: Any = SimpleNamespace(value=0)
        self._restart_asked = False
        self._process: Any = None
        self._connection: Connection | None = None
        self._number = 0
        self._lock = threading.Lock()
        self._stop_asked_at: float | None = None
        self._closed = False
        # The thread inside run(), if any: only it closes the connection it reads (a
        # connection closed under a reading thread fails it with a TypeError, or worse,
        # reads another file that took over the descriptor).
        self._reader: int | None = None
        self.restarts = 0
        """Processes started after the first (a crash, a kill, a hang)."""
        self._started_once = False

    def _share(self) -> None:
        """The spawn context and the shared numbers, holding the stand-ins' values."""
        import multiprocessing  # noqa: PLC0415  (not before the window's first paint)

        self._context = multiprocessing.get_context(START_METHOD)
        self._stop_number = self._context.RawValue("q", self._stop_number.value)
        self._beats = self._context.RawValue("Q", 0)

    @property
    def is_alive(self) -> bool:
        """True while the child process runs."""
        process = self._process
        return process is not None and process.is_alive()

    @property
    def pid(self) -> int | None:
        """The child's process id, or None before it starts."""
        process = self._process
        return None if process is None else int(process.pid)

    def start(self) -> None:
        """Start the child now (it starts on the first job otherwise); does nothing if it runs."""
        with self._lock:
            if self._closed or self.is_alive:
                return
            if self._context is None:
                self._share()
            parent_end, child_end = self._context.Pipe()
            self._beats.value = 0
            process = self._context.Process(
                target=serve,
                args=(child_end, self._stop_number, self._factory, self._beats),
                name="ttt-search",
                daemon=True,
            )
            if os.name == "posix":
                # Started without multiprocessing's resource tracker (see _spawn_popen).
                process._Popen = _spawn_popen
            process.start()
            child_end.close()
            if self._started_once:
                self.restarts += 1
            self._started_once = True
            self._process, self._connection = process, parent_end

    def run(
        self,
        job: Job,
        *,
        time_limit_s: float | None = None,
        on_silence: Callable[[bool], None] | None = None,
    ) -> Any:
        """The job's answer (a :class:`Thought` for a :class:`ThinkJob`).

        Raises :class:`SearchFailed` (the player's error), :class:`SearchAbandoned`
        (stopped by :meth:`stop` or :meth:`close`, or over ``time_limit_s``),
        :class:`SearchRestarted` (by :meth:`restart`) or :class:`ProcessDied`.

        ``on_silence(True)`` is called (in this thread) when the process's heartbeat
        has stood still for :data:`SILENT_AFTER_S`, and ``on_silence(False)`` when it
        beats again or the job ends after a silence. Time spent silent does not count
        towards ``time_limit_s``: a process stopped from outside is not a slow player.
        """
        self.start()
        with self._lock:
            if self._closed:
                raise SearchAbandoned("the search process is closed")
            self._number += 1
            number = self._number
            self._stop_asked_at = None
            self._restart_asked = False
            connection = self._connection
            process = self._process
            self._reader = threading.get_ident()
        assert connection is not None and process is not None
        watch = _Heartbeat(self._beats, time.perf_counter(), on_silence)
        try:
            try:
                connection.send((number, job))
            except (BrokenPipeError, OSError):
                self._forget_dead_process()
                raise self._ended(process) from None
            started = time.perf_counter()
            return self._wait(
                number, connection, process, started=started, time_limit_s=time_limit_s, watch=watch
            )
        finally:
            watch.end()
            with self._lock:
                self._reader = None
                given_up = connection is not self._connection
            if given_up:
                # Killed from another thread meanwhile: the connection was left to this one.
                connection.close()

    def _wait(
        self,
        number: int,
        connection: Connection,
        process: Any,
        *,
        started: float,
        time_limit_s: float | None,
        watch: _Heartbeat,
    ) -> Any:
        while True:
            try:
                ready = connection.poll(POLL_S)
            except (EOFError, OSError):
                ready = True
            if ready:
                try:
                    kind, answered, payload = connection.recv()
                except (EOFError, OSError):
                    self._forget_dead_process()
                    raise self._ended(process) from None
                if answered != number:
                    continue  # an answer to a job given up before (cannot happen, but harmless)
                if kind == "done":
                    return payload
                if kind == "stopped":
                    raise SearchAbandoned("stopped as asked")
                if kind == "forfeit":
                    raise SearchForfeited(payload[0], tuple(payload[1]))
                raise SearchFailed(payload[0])
            if self._closed:
                self._kill()
                raise SearchAbandoned("the search process was closed")
            if self._restart_asked:
                self._kill()
                raise SearchRestarted("the search process was restarted")
            started += watch.check()
            if not process.is_alive():
                self._forget_dead_process()
                raise self._ended(process)
            if time_limit_s is not None and time.perf_counter() - started > time_limit_s:
                self._kill()
                raise SearchAbandoned(f"no answer within {time_limit_s:g} s")
            asked = self._stop_asked_at
            if asked is not None and time.perf_counter() - asked > STOP_GRACE_S:
                # Told to stop and still busy: a player that does not listen. Start afresh.
                self._kill()
                raise SearchAbandoned("did not stop when asked; its process was restarted")

    def stop(self) -> None:
        """Ask the job under way (if any) to stop; callable from any thread."""
        with self._lock:
            self._stop_number.value = self._number
            if self._stop_asked_at is None:
                self._stop_asked_at = time.perf_counter()

    def restart(self) -> None:
        """End the child now and let the job under way (if any) raise :class:`SearchRestarted`,
        to be run again in a fresh process; callable from any thread."""
        with self._lock:
            self._restart_asked = True
            self._stop_number.value = self._number
        self._kill()

    def close(self) -> None:
        """End the child at once (a search under way is abandoned); callable from any thread."""
        with self._lock:
            self._closed = True
            self._stop_number.value = self._number
        self._kill()

    def _kill(self) -> None:
        with self._lock:
            process, connection = self._process, self._connection
            self._process = self._connection = None
            if self._reader not in (None, threading.get_ident()):
                connection = None  # read by a job under way: its thread closes it
        if process is not None and process.is_alive():
            # SIGTERM first: the child kills its players' external programs (brains) and
            # leaves at once; SIGKILL if it does not (stuck outside the interpreter).
            process.terminate()
            process.join(0.5)
            if process.is_alive():
                process.kill()
                process.join(1.0)
        if connection is not None:
            connection.close()

    def _forget_dead_process(self) -> None:
        with self._lock:
            process, connection = self._process, self._connection
            self._process = self._connection = None
        if connection is not None:
            connection.close()
        if process is not None:
            process.join(1.0)

    def _ended(self, process: Any) -> Exception:
        if self._closed:
            return SearchAbandoned("the search process was closed")
        if self._restart_asked:
            return SearchRestarted("the search process was restarted")
        return ProcessDied(self._death_message(process))

    @staticmethod
    def _death_message(process: Any) -> str:
        process.join(0.5)
        code = process.exitcode
        if code is not None and code < 0:
            return f"the search process was ended by signal {-code}"
        return f"the search process ended unexpectedly (exit code {code})"


def _spawn_popen(process_obj: Any) -> Any:
    """Launch ``process_obj`` as multiprocessing's ``spawn`` does, without its resource tracker.

    On POSIX, ``spawn`` starts a resource-tracker process for every program (to clean up
    named semaphores and shared memory a child might leak) and hands its pipe to the child.
    The search process uses neither (a pipe, and numbers in an anonymous mapped file), so
    the child gets ``tracker_fd=None``, as a freshly started interpreter has: it would start
    a tracker of its own only if something in it ever needed one.
    """
    from multiprocessing import popen_spawn_posix, reduction, spawn  # noqa: PLC0415  (as above)
    from multiprocessing import util as typed_util  # noqa: PLC0415  (as above)
    from multiprocessing.context import set_spawning_popen  # noqa: PLC0415  (as above)

    # The stubs leave out what this needs of multiprocessing's internals.
    util: Any = typed_util

    class Popen(popen_spawn_posix.Popen):
        def _launch(self, process_obj: Any) -> None:
            prep_data = spawn.get_preparation_data(process_obj._name)
            data = io.BytesIO()
            set_spawning_popen(self)
            try:
                reduction.dump(prep_data, data)
                reduction.dump(process_obj, data)
            finally:
                set_spawning_popen(None)
            parent_r, child_w = os.pipe()
            child_r, parent_w = os.pipe()
            try:
                command = spawn.get_command_line(tracker_fd=None, pipe_handle=child_r)
                fds: list[int] = self._fds  # type: ignore[attr-defined]
                fds.extend([child_r, child_w])
                self.pid = util.spawnv_passfds(spawn.get_executable(), command, fds)
                self.sentinel = parent_r
                with open(parent_w, "wb", closefd=False) as pipe:
                    pipe.write(data.getbuffer())
            finally:
                self.finalizer = util.Finalize(self, util.close_fds, [parent_r, parent_w])
                os.close(child_r)
                os.close(child_w)

    return Popen(process_obj)


class _Heartbeat:
    """Watches the child's heartbeat for one job and tells ``on_silence`` when it changes."""

    def __init__(self, beats: Any, now: float, on_silence: Callable[[bool], None] | None) -> None:
        self._beats = beats
        self._seen = int(beats.value)
        self._heard_at = now
        self._checked_at = now
        self._on_silence = on_silence
        self.silent = False

    def check(self) -> float:
        """Look at the heartbeat; returns the seconds since the last check spent silent."""
        now = time.perf_counter()
        since_check, self._checked_at = now - self._checked_at, now
        beats = int(self._beats.value)
        if beats != self._seen:
            self._seen, self._heard_at = beats, now
            if self.silent:
                self._say(False)
            return 0.0
        allowed = SILENT_AFTER_S if beats else FIRST_BEAT_WITHIN_S
        if not self.silent and now - self._heard_at > allowed:
            self._say(True)
        return since_check if self.silent else 0.0

    def end(self) -> None:
        """The job is over: a silence reported is over too."""
        if self.silent:
            self._say(False)

    def _say(self, silent: bool) -> None:
        self.silent = silent
        if self._on_silence is not None:
            self._on_silence(silent)


def child_modules(*, stop: Callable[[], bool] | None = None) -> list[str]:
    """The modules loaded in the process that runs this (a check that no Qt reaches the child)."""
    return sorted(sys.modules)


def child_pid(*, stop: Callable[[], bool] | None = None) -> int:
    """The id of the process that runs this."""
    return os.getpid()
