"""Running one Gomocup brain: its process, its pipes, its clock, and the arbiter's rules.

:class:`BrainProcess` starts a brain's command (split like a shell would, never run by
one) under a *keeper* (:mod:`ttt_desktop.brains.keeper`), talks to it through pipes that
background threads read (the caller never blocks on the brain: every wait has a
deadline), and keeps what was said in a bounded log. It is the arbiter of the brain's
games: every move is checked (on the board, on an empty cell, only while the game is
on), the brain's time is kept as the protocol counts it (:class:`BrainSettings`: a
:class:`~ttt_desktop.core.clock.TimeControl` with a margin, a first move that may
include the brain's own set-up, initialisation outside the turn's time), and a brain
that crashes, hangs, runs out of time, answers garbage or an illegal move raises
:class:`BrainFailure` with the reason, which the caller records as a lost game. A brain
that declines (``ERROR`` to ``START``, a size it does not play) raises
:class:`BrainRefused`: no game, no loss. The protocol's whole brain side is understood:
``SUGGEST`` is answered with ``PLAY``, and an ``ERROR`` before a move is a warning (the
brain says it can't meet an INFO value) that is kept and shown, not a forfeit.

While it is not the brain's turn its process group is stopped (``SIGSTOP``), so it can't
think on the opponent's time; it is continued (``SIGCONT``) before anything is written
to it. It is stopped only once it has finished its answer: a brain still printing, or
still leaving the search that printed its move, is given up to :data:`SETTLE_MS` to go
back to waiting for input (all its threads asleep, as ``/proc`` shows them), and no
command is written to it before that either. (A real brain drops a command that arrives
while it is still finishing the move it has just printed.)

:meth:`BrainProcess.close` sends ``END``, waits a grace period, then ends the brain and
everything it started. The keeper does that whenever the brain ends or this process
ends, killed outright included, children that left the brain's group or session too; a
finalizer closes a brain that is forgotten, and at the interpreter's exit.

The log and the MESSAGE lines are bounded: a brain printing megabytes keeps the first and
the last lines and a count of those left out, never the megabytes.

Linux only. Nothing here imports Qt.
"""

from __future__ import annotations

import collections
import contextlib
import os
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Final

from ttt_desktop.brains import protocol
from ttt_desktop.brains.protocol import LineSplitter, Reply, ReplyKind
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.clock import SideClock, StopCheck, TimeControl
from ttt_desktop.core.play import SeatForfeit
from ttt_desktop.core.record import MAX_LOG_LINE
from ttt_desktop.core.rules import Rules
from ttt_desktop.players.thought import SearchStopped

__all__ = [
    "DEFAULT_CLOCK",
    "DEFAULT_MEMORY",
    "OWNER_ENV",
    "BrainError",
    "BrainFailure",
    "BrainProcess",
    "BrainRefused",
    "BrainSettings",
    "LogLine",
    "brain_clock",
    "owned_processes",
    "split_command",
    "sweep",
]

LOG_HEAD: Final = 200
"""A game's log keeps its first this many lines..."""
LOG_TAIL: Final = 800
"""...and its last this many (a note counts the lines left out between them)."""
MESSAGES_KEPT: Final = 50
"""The most MESSAGE lines kept for one move (the last ones)."""
REPLIES_KEPT: Final = 64
"""The most unread replies kept (a brain flooding answers loses the oldest)."""
OWNER_ENV: Final = "TTT_DESKTOP_BRAIN_OWNER"
"""The environment variable that marks a brain's processes (and their children) as a run's:
:func:`sweep` ends every process that carries the run's mark."""
READER_GRACE: Final = 0.5
"""How long a closed brain's last output may take to be read (its pipes have ended)."""
SETTLE_MS: Final = 100.0
"""How long after its answer a brain may take to go back to waiting for input (every thread
asleep) before it is stopped or written to anyway (a brain that thinks on, pondering)."""
DEFAULT_MEMORY: Final = 350 * 1024 * 1024
"""The memory a brain is told it may use (``INFO max_memory``): the Gomocup's 350 MB."""
DEFAULT_CLOCK: Final = TimeControl(turn_ms=5000, margin_ms=1000)
"""A brain's time when nobody says otherwise: the Gomocup's fast games' 5 s a move, and its
judge's 1,000 ms of tolerance."""
_POLL: Final = 0.005
_STOP_POLL: Final = 0.05
_SETTLE_POLL: Final = 0.0005
_SETTLE_YIELDS: Final = 20


class BrainError(Exception):
    """Something about a brain; ``reason`` is the words for a person (and for a record)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class BrainFailure(BrainError, SeatForfeit):  # noqa: N818  (a verdict, as players say it)
    """The brain broke a rule (crash, hang, timeout, garbage, illegal move): it loses."""


class BrainRefused(BrainError):  # noqa: N818
    """The brain declined (a board size it does not play, a command it does not know),
    or could not be started: no game is played, nobody loses."""


@dataclass(frozen=True)
class BrainSettings:
    """How a brain is run: its clock and the rest of what the protocol tells it.

    ``clock``: its time (a time per move, a time per game, or both, as the Gomocup plays;
    ``margin_ms`` is how much later than that its answer is still taken: cutechess-cli's
    ``timemargin``, the Gomocup judge's tolerance). ``start_ms``: the most for answering
    START, RESTART, ABOUT and the like (initialisation, which the protocol keeps out of a
    turn's time). ``setup_ms``: how much longer than its clock allows the first move after
    a brain starts may take (a brain may set up its tables at its first search); that
    move is charged to its game time for no more than its share. ``end_grace_ms``: how
    long it has to leave after END. ``max_memory``: the bytes it is told it may use
    (``INFO max_memory``), enforced as its address-space limit only with
    ``enforce_memory``. ``folder``: its folder for persistent files (``INFO folder``;
    empty: none). ``infos``: more INFO lines, ``(key, value)``, sent after the others.
    ``suspend``: stop it while it is not its turn, as the Gomocup's judge does.
    """

    clock: TimeControl = DEFAULT_CLOCK
    start_ms: int = 5000
    setup_ms: int = 5000
    end_grace_ms: int = 1000
    max_memory: int = DEFAULT_MEMORY
    enforce_memory: bool = False
    folder: str = ""
    infos: tuple[tuple[str, str], ...] = field(default=())
    suspend: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.clock, TimeControl):
            raise ValueError("a brain's clock is a TimeControl")
        for name in ("start_ms", "setup_ms", "end_grace_ms"):
            value = getattr(self, name)
            if type(value) is not int or value < 0:
                raise ValueError(f"{name} must be a whole number of milliseconds >= 0")
        if type(self.max_memory) is not int or self.max_memory < 0:
            raise ValueError("max_memory must be a whole number of bytes >= 0")
        infos = tuple((str(key), str(value)) for key, value in self.infos)
        for key, value in infos:
            if not key or any(c.isspace() for c in key) or "\r" in value or "\n" in value:
                raise ValueError(f"INFO {key} {value!r} is not one line of a key and a value")
        object.__setattr__(self, "infos", infos)

    @property
    def memory_limit(self) -> int:
        """The address-space limit the brain runs under (0: none)."""
        return self.max_memory if self.enforce_memory else 0


def brain_clock(clock: TimeControl | None, margin_ms: float | None = None) -> TimeControl:
    """A brain's clock under a match's or a tournament's ``clock`` (None: the default, 5 s a
    move): the larger of that clock's margin and the brain's own ``margin_ms`` (the engine
    list's; None: the Gomocup judge's 1,000 ms)."""
    chosen = clock or DEFAULT_CLOCK
    own = DEFAULT_CLOCK.margin_ms if margin_ms is None else margin_ms
    if chosen.margin_ms >= own:
        return chosen
    return replace(chosen, margin_ms=float(own))


def split_command(command: str | Sequence[str]) -> list[str]:
    """A brain's command as program and arguments (a string is split as a shell would)."""
    if isinstance(command, str):
        try:
            parts = shlex.split(command)
        except ValueError as error:
            raise BrainRefused(f"can't read the command {command!r}: {error}") from None
    else:
        parts = [str(part) for part in command]
    if not parts:
        raise BrainRefused("the command is empty")
    return parts


def _clip(line: str) -> str:
    return line if len(line) <= MAX_LOG_LINE else line[: MAX_LOG_LINE - 3] + "..."


LogLine = tuple[float, str]
"""A line of the log and when it was said (``time.monotonic()``)."""


class _Log:
    """The first and last lines of what was said, and how many were left out between."""

    def __init__(self) -> None:
        self.head: list[LogLine] = []
        self.tail: collections.deque[LogLine] = collections.deque(maxlen=LOG_TAIL)
        self.dropped = 0

    def add(self, line: str, when: float | None = None) -> None:
        entry = (time.monotonic() if when is None else when, _clip(line))
        if len(self.head) < LOG_HEAD:
            self.head.append(entry)
            return
        if len(self.tail) == LOG_TAIL:
            self.dropped += 1
        self.tail.append(entry)

    def take(self) -> list[LogLine]:
        lines = list(self.head)
        if self.dropped:
            when = self.tail[0][0] if self.tail else lines[-1][0]
            lines.append((when, f"... {self.dropped:,} lines left out ..."))
        lines.extend(self.tail)
        self.head, self.dropped = [], 0
        self.tail.clear()
        return lines


class _Channel:
    """What the reader threads share with the caller (never the process object itself, so
    that a forgotten brain is collected and its finalizer kills it)."""

    def __init__(self) -> None:
        self.lock = threading.Condition()
        self.replies: collections.deque[tuple[Reply, float]] = collections.deque(
            maxlen=REPLIES_KEPT
        )
        self.messages: collections.deque[str] = collections.deque(maxlen=MESSAGES_KEPT)
        self.log = _Log()
        self.closed = False

    def hear(self, line: str, when: float) -> None:
        reply = protocol.parse_reply(line)
        with self.lock:
            self.log.add("< " + line, when)
            if reply.kind is ReplyKind.MESSAGE:
                self.messages.append(_clip(reply.text))
            elif reply.kind is not ReplyKind.DEBUG:
                self.replies.append((reply, when))
                self.lock.notify_all()

    def note(self, line: str) -> None:
        with self.lock:
            self.log.add(line)


def _read_stdout(stream: IO[bytes], channel: _Channel) -> None:
    splitter = LineSplitter()
    fd = stream.fileno()
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        when = time.monotonic()
        for line in splitter.feed(data):
            channel.hear(line, when)
    rest = splitter.rest()
    if rest:
        channel.hear(rest, time.monotonic())
    with channel.lock:
        channel.closed = True
        channel.lock.notify_all()


def _read_stderr(stream: IO[bytes], channel: _Channel) -> None:
    splitter = LineSplitter(MAX_LOG_LINE)
    fd = stream.fileno()
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        for line in splitter.feed(data):
            channel.note("stderr: " + line)


def _exited(pid: int) -> bool:
    """Whether our child ``pid`` has ended, without reaping it (its group id stays ours)."""
    try:
        return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        return True


def _signal_group(pgid: int, signum: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signum)


def _threads_busy(pid: int) -> bool:
    """Whether any thread of ``pid`` or of its children is running or waiting to run (not
    asleep waiting for input, not stopped), as ``/proc`` shows them."""
    waiting = [pid]
    seen = 0
    while waiting and seen < 64:
        current = waiting.pop()
        seen += 1
        try:
            tasks = os.listdir(f"/proc/{current}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{current}/task/{task}/stat", "rb") as file:
                    state = file.read().rpartition(b")")[2].split()[0]
            except (OSError, IndexError):
                continue
            if state == b"R":
                return True
            try:
                with open(f"/proc/{current}/task/{task}/children", "rb") as file:
                    waiting.extend(int(child) for child in file.read().split())
            except OSError:
                pass
    return False


def keeper_command(lifeline: int, memory: int, argv: Sequence[str]) -> list[str]:
    """The command that runs ``argv`` under the keeper (:mod:`ttt_desktop.brains.keeper`):
    the packaged app runs itself with ``--brain-keeper``; from source or an installed
    package, the keeper's file with this Python (isolated, no site: it needs only the
    standard library and starts in a few milliseconds)."""
    options = ["--lifeline", str(lifeline), "--memory", str(memory), "--", *argv]
    if getattr(sys, "frozen", False):
        return [sys.executable, "--brain-keeper", *options]
    keeper = Path(__file__).with_name("keeper.py")
    return [sys.executable, "-I", "-S", str(keeper), *options]


class _Keeper:
    """What the finalizer needs to end a brain: the keeper's process, the lifeline, the
    brain's process group (never the BrainProcess itself, so that a forgotten brain is
    collected)."""

    def __init__(self, process: subprocess.Popen[bytes], lifeline: socket.socket) -> None:
        self.process = process
        self.lifeline = lifeline
        self.brain_pid = 0

    def end(self) -> None:
        """Kill the brain's whole tree and reap the keeper; close the pipes."""
        process = self.process
        if process.returncode is None:
            if self.brain_pid:
                # The brain is the keeper's child, unreaped until the keeper has killed
                # everything, so its group id is still the brain's.
                _signal_group(self.brain_pid, signal.SIGKILL)
                _signal_group(self.brain_pid, signal.SIGCONT)
            # The lifeline's end: the keeper kills what is left (children that left the
            # brain's group) and leaves with the brain's status.
            with contextlib.suppress(OSError):
                self.lifeline.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=5)
            if process.returncode is None:
                with contextlib.suppress(OSError):
                    process.kill()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(timeout=5)
        with contextlib.suppress(OSError):
            self.lifeline.close()
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


def _brain_pid(lifeline: socket.socket, timeout: float) -> int:
    """The brain's process id, as its keeper says it (:class:`BrainRefused` when the keeper
    could not start it)."""
    lifeline.settimeout(timeout)
    data = b""
    try:
        while not data.endswith(b"\n"):
            chunk = lifeline.recv(4096)
            if not chunk:
                break
            data += chunk
    except OSError as error:
        raise BrainRefused(f"its keeper did not start it ({error})") from None
    text = data.decode("utf-8", "replace").strip()
    if text.startswith("P") and text[1:].isdigit():
        return int(text[1:])
    if text.startswith("F"):
        raise BrainRefused(text[1:] or "it could not be started")
    raise BrainRefused(f"its keeper did not start it ({text or 'no answer'})")


class BrainProcess:
    """One brain's process and the games it plays (see the module's description).

    Use it as a context manager, or call :meth:`close`; it is started on construction.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        cwd: str | os.PathLike[str] | None = None,
        settings: BrainSettings | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.argv = split_command(command)
        self.settings = settings or BrainSettings()
        self.cwd = None if cwd is None else Path(cwd)
        self.about: dict[str, str] = {}
        self.rules: Rules | None = None
        self._channel = _Channel()
        self._suspended = False
        self._closed = False
        self._answered_at: float | None = None
        self._first_move = True
        self.clock = SideClock(self.settings.clock)
        self._position: dict[int, int] = {}  # cell -> 1 (the brain's) or 2 (the opponent's)
        # The stones of the last SWAP2BOARD and its answer, in the order they were placed
        # (cell -> mark): the brain's own board after it is its own, so its next move is
        # asked with BOARD.
        self._opening: dict[int, str] = {}
        ours, theirs = socket.socketpair()
        try:
            try:
                self.process: subprocess.Popen[bytes] = subprocess.Popen(
                    keeper_command(theirs.fileno(), self.settings.memory_limit, self.argv),
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    cwd=self.cwd,
                    env=env,
                    bufsize=0,
                    # The keeper in a process group of its own, never stopped: only the
                    # brain's group (the brain's own) is.
                    process_group=0,
                    close_fds=True,
                    pass_fds=(theirs.fileno(),),
                )
            finally:
                theirs.close()
        except OSError as error:
            ours.close()
            where = f" in {self.cwd}" if self.cwd is not None else ""
            raise BrainRefused(
                f"can't start {self.argv[0]!r}{where}: {error.strerror or error}"
            ) from None
        self._keeper = _Keeper(self.process, ours)
        self._finalizer = weakref.finalize(self, self._keeper.end)
        self.pid = self.process.pid
        """The keeper's process id (the brain's end is the keeper's: it leaves with the
        brain's status)."""
        try:
            self.brain_pid = _brain_pid(ours, self.settings.start_ms / 1000)
        except BrainRefused as error:
            self._finalizer()
            raise BrainRefused(f"can't start {self.argv[0]!r}: {error.reason}") from None
        self._keeper.brain_pid = self.brain_pid
        self._channel.note(f"started: {shlex.join(self.argv)} (process {self.brain_pid})")
        assert self.process.stdout is not None and self.process.stderr is not None
        self._readers: list[threading.Thread] = []
        for target, stream, what in (
            (_read_stdout, self.process.stdout, "stdout"),
            (_read_stderr, self.process.stderr, "stderr"),
        ):
            reader = threading.Thread(
                target=target,
                args=(stream, self._channel),
                name=f"brain {self.brain_pid} {what}",
                daemon=True,
            )
            reader.start()
            self._readers.append(reader)

    # The process ------------------------------------------------------------------

    def __enter__(self) -> BrainProcess:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def alive(self) -> bool:
        """Whether the brain's process is still running."""
        return not self._closed and not _exited(self.pid)

    def exit_description(self) -> str:
        """How the brain ended, in words ("exited with code 3", "killed by SIGSEGV")."""
        try:
            info = os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            info = None
        code = self.process.returncode
        if info is not None:
            if info.si_code == os.CLD_EXITED:
                return f"exited with code {info.si_status}"
            return f"killed by {signal.Signals(info.si_status).name}"
        if code is not None:
            if code >= 0:
                return f"exited with code {code}"
            with contextlib.suppress(ValueError):
                return f"killed by {signal.Signals(-code).name}"
            return f"killed by signal {-code}"
        return "still running"

    def _settle(self) -> None:
        """Wait (at most :data:`SETTLE_MS` after its last answer) until the brain has gone
        back to waiting for input: a brain stopped, or written to, while it is still
        finishing its answer may drop the next command."""
        answered, self._answered_at = self._answered_at, None
        if answered is None or self._closed:
            return
        deadline = answered + SETTLE_MS / 1000
        looks = 0
        while _threads_busy(self.brain_pid) and time.monotonic() < deadline:
            # A brain usually needs only to return from its write: let it run at once,
            # then, if it is still busy, look again every half millisecond.
            looks += 1
            if looks <= _SETTLE_YIELDS:
                os.sched_yield()
            else:
                time.sleep(_SETTLE_POLL)

    def suspend(self) -> None:
        """Stop the brain's process group (it is not its turn: no thinking), once it has
        finished its answer."""
        if self.settings.suspend and not self._suspended and not self._closed:
            self._settle()
            _signal_group(self.brain_pid, signal.SIGSTOP)
            self._suspended = True

    def resume(self) -> None:
        """Continue the brain's process group."""
        if self._suspended:
            _signal_group(self.brain_pid, signal.SIGCONT)
            self._suspended = False

    def kill(self) -> None:
        """Kill the brain and everything it started at once (no END: the program is
        going away)."""
        self._closed = True
        self._finalizer()

    def close(self) -> None:
        """END, a grace period to leave, then the brain and everything it started end."""
        if self._closed:
            return
        self.resume()
        if not _exited(self.pid):
            with contextlib.suppress(BrainFailure):
                self._write(protocol.command_line("END"))
            deadline = time.monotonic() + self.settings.end_grace_ms / 1000
            while not _exited(self.pid) and time.monotonic() < deadline:
                time.sleep(_POLL)
            if not _exited(self.pid):
                self._channel.note(
                    f"killed: did not leave within {self.settings.end_grace_ms} ms of END"
                )
        self._closed = True
        self._keeper.end()
        # What it said last (a traceback on stderr) is read before the log is taken: the
        # readers end at the pipes' end, now that it is gone.
        for reader in self._readers:
            reader.join(READER_GRACE)
        self._finalizer()
        self._channel.note(f"ended: {self.exit_description()}")

    # Talking ----------------------------------------------------------------------

    def take_log(self) -> list[LogLine]:
        """The log since the last call, each line with its time (bounded: first and last
        lines kept)."""
        with self._channel.lock:
            return self._channel.log.take()

    def take_messages(self) -> tuple[str, ...]:
        """The MESSAGE lines since the last call (the last :data:`MESSAGES_KEPT`)."""
        with self._channel.lock:
            lines = tuple(self._channel.messages)
            self._channel.messages.clear()
            return lines

    def _write(self, text: str) -> None:
        stdin = self.process.stdin
        if stdin is None or self._closed:
            raise BrainFailure("the brain is closed")
        try:
            stdin.write(text.encode("utf-8"))
        except (BrokenPipeError, ValueError, OSError):
            raise BrainFailure(self._crash_reason()) from None

    def _crash_reason(self) -> str:
        deadline = time.monotonic() + 0.2
        while not _exited(self.pid) and time.monotonic() < deadline:
            time.sleep(_POLL)
        if _exited(self.pid):
            return f"the brain crashed ({self.exit_description()})"
        return "the brain closed its output"

    def _log_sent(self, text: str) -> None:
        with self._channel.lock:
            for line in text.splitlines():
                self._channel.log.add("> " + line)

    def send(self, text: str) -> float:
        """Write ``text`` (whole lines) once the brain has finished its last answer, after
        continuing it; the time it was sent."""
        self._settle()
        self.resume()
        with self._channel.lock:
            # Answers nobody asked for (a second move, a late answer) are not the next one's.
            for stale, _ in self._channel.replies:
                self._channel.log.add(f"(ignored, unasked: {stale.text})")
            self._channel.replies.clear()
        self._log_sent(text)
        # The time before the write: a brain that answers at once may be heard (and its
        # answer timed) before the write returns here.
        sent = time.monotonic()
        self._write(text)
        return sent

    def receive(
        self, timeout_ms: float, what: str, stop: StopCheck | None = None
    ) -> tuple[Reply, float]:
        """The next reply (not MESSAGE or DEBUG) and when it came, within ``timeout_ms``.

        Raises :class:`BrainFailure` when the brain ends or stays silent, and
        :class:`SearchStopped` once ``stop`` (asked every 50 ms) answers true.
        """
        deadline = time.monotonic() + timeout_ms / 1000
        channel = self._channel
        with channel.lock:
            while not channel.replies:
                if channel.closed:
                    break
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                if stop is not None:
                    if stop():
                        raise SearchStopped
                    left = min(left, _STOP_POLL)
                channel.lock.wait(left)
            if channel.replies:
                reply, came = channel.replies.popleft()
                self._answered_at = came
                return reply, came
            closed = channel.closed
        if closed or _exited(self.pid):
            raise BrainFailure(f"{self._crash_reason()} while {what}")
        raise BrainFailure(f"no answer within {timeout_ms:.0f} ms while {what}")

    def command(self, text: str, what: str, timeout_ms: float | None = None) -> Reply:
        """Send a command and wait for its reply (START, RESTART, ABOUT, TAKEBACK)."""
        self.send(text)
        reply, _ = self.receive(self.settings.start_ms if timeout_ms is None else timeout_ms, what)
        return reply

    # The protocol -----------------------------------------------------------------

    def ask_about(self) -> dict[str, str]:
        """The brain's ABOUT fields (name, version, author, country, ...); {} if it has none."""
        try:
            reply = self.command(protocol.command_line("ABOUT"), "answering ABOUT")
        finally:
            self.suspend()
        if reply.kind in (ReplyKind.UNKNOWN, ReplyKind.ERROR):
            self.about = {}
        else:
            self.about = protocol.parse_about(reply.text)
        return self.about

    @property
    def knows_mnk(self) -> bool:
        """Whether the brain said (ABOUT ``mnk="1"``) that it plays any k in a row."""
        return self.about.get(protocol.MNK_ABOUT_KEY, "").strip() in ("1", "yes", "true")

    def start(self, rules: Rules) -> None:
        """START (square boards) or RECTSTART, then the INFO keys; :class:`BrainRefused`
        when the brain declines the size or the k in a row."""
        if rules.k != 5 and not self.knows_mnk:
            raise BrainRefused(
                f"the brain plays five in a row only (its ABOUT has no {protocol.MNK_ABOUT_KEY}"
                f'="1"), not {rules.k} in a row'
            )
        text = protocol.start_line(rules.m, rules.n)
        if self.knows_mnk:
            # Our extension first, so that a board too small for five can be taken.
            text = protocol.command_line("INFO", protocol.K_INFO_KEY, rules.k) + text
        try:
            reply = self.command(text, f"answering {text.splitlines()[-1].strip()}")
        finally:
            self.suspend()
        if reply.kind is not ReplyKind.OK:
            words = reply.text or reply.kind.value
            raise BrainRefused(f"the brain declined {text.splitlines()[-1].strip()} ({words})")
        self.rules = rules
        self._send_infos(rules)
        self._new_game()

    def info_lines(self, rules: Rules) -> list[str]:
        """The INFO lines a game of ``rules`` starts with: the times, the memory, the
        game's type and rule, the folder, our k (to a brain that knows it) and the
        settings' own lines."""
        settings = self.settings
        clock = settings.clock
        turn = round(clock.turn_ms) if clock.turn_ms is not None else None
        game = round(clock.game_ms) if clock.game_ms is not None else 0
        pairs: list[tuple[str, object]] = [
            # 0 would mean "play as fast as possible": without a turn limit, the game's time.
            ("timeout_turn", turn if turn is not None else game),
            ("timeout_match", game),
            ("max_memory", settings.max_memory),
            ("game_type", 1),
            ("rule", protocol.rule_of(rules)),
        ]
        if settings.folder:
            pairs.append(("folder", settings.folder))
        if rules.k != 5 and self.knows_mnk:
            pairs.append((protocol.K_INFO_KEY, rules.k))
        pairs.extend(settings.infos)
        return [protocol.command_line("INFO", key, value) for key, value in pairs]

    def _send_infos(self, rules: Rules) -> None:
        self.send("".join(self.info_lines(rules)))
        self.suspend()

    def _new_game(self) -> None:
        self.clock = SideClock(self.settings.clock)
        self._position = {}
        self._opening = {}

    @property
    def fresh(self) -> bool:
        """Whether the brain has seen no stone of its game yet (just started or restarted)."""
        return not self._position and not self._opening

    def restart(self) -> bool:
        """RESTART for a new game on the same board; False when the brain does not know it."""
        try:
            reply = self.command(protocol.command_line("RESTART"), "answering RESTART")
        finally:
            self.suspend()
        if reply.kind is ReplyKind.OK:
            self._new_game()
            return True
        return False

    @property
    def position(self) -> dict[int, int]:
        """The stones the brain knows of: cell -> 1 (its own) or 2 (the opponent's)."""
        return dict(self._position)

    @property
    def used_ms(self) -> float:
        """The brain's time charged to its game clock in this game, in milliseconds."""
        control = self.settings.clock
        if control.game_ms is None or self.clock.left_ms is None:
            return 0.0
        return control.game_ms + self.clock.moves * control.increment_ms - self.clock.left_ms

    def move(
        self, board: Board, stop: StopCheck | None = None
    ) -> tuple[int, float, tuple[str, ...]]:
        """The brain's move on ``board`` (its turn): the cell, the milliseconds it took and
        its MESSAGE lines (and any ERROR it gave before the move, a warning). Tells the
        brain the time it has left, then the opponent's one new stone (TURN), the empty
        board (BEGIN) or the whole position (BOARD), after RESTART when the brain's board
        is not this game's; raises :class:`BrainFailure` for anything but a legal move in
        time, and :class:`SearchStopped` when ``stop`` answers true while it thinks (the
        brain is then in the middle of a move: close it)."""
        rules = self.rules
        if rules is None or board.rules is not rules:
            raise BrainRefused("the brain was not started on this board")
        if board.is_over:
            raise BrainFailure("the game is over: there is no move to make")
        wanted = self._stones(board, board.to_move)
        m = rules.m
        if not self.continues(board) and not self.restart():
            raise BrainFailure("the brain does not answer RESTART with OK")
        new = [cell for cell in wanted if cell not in self._position]
        if not wanted:
            text = protocol.command_line("BEGIN")
        elif not self._opening and (self._position or len(wanted) == 1):
            # The opponent's one new stone (its first, when it began: as after BEGIN).
            (cell,) = new
            x, y = protocol.xy_of(cell, m)
            text = protocol.command_line("TURN", f"{x},{y}")
        else:
            # After SWAP2BOARD the brain's board is its own guess: the whole position.
            text = protocol.board_lines(
                (*protocol.xy_of(cell, m), wanted[cell]) for cell in _in_turns(board, self._opening)
            )
        allowed, grace, limit, what = self._turn_limits("thinking about its move")
        warnings: list[str] = []
        try:
            sent = self.send(self._time_left_line() + text)
            reply, came = self._await_move(sent, limit, what, stop, warnings)
        finally:
            self.suspend()
        spent = (came - sent) * 1000
        self._charge_turn(spent, allowed, grace)
        messages = (*self.take_messages(), *warnings)
        x, y = reply.coordinates
        if not (0 <= x < m and 0 <= y < rules.n):
            raise BrainFailure(f"played {x},{y}, off the {m}x{rules.n} board")
        cell = protocol.cell_of(x, y, m)
        if board[cell] is not None:
            raise BrainFailure(f"played {x},{y} ({board.name(cell)}), a cell already taken")
        self._position = dict(wanted)
        self._position[cell] = protocol.BOARD_OWN
        self._opening = {}
        return cell, spent, messages

    def _time_left_line(self) -> str:
        return protocol.command_line("INFO", "time_left", self.clock.time_left_ms())

    def _turn_limits(self, what: str) -> tuple[float, float, float, str]:
        """The brain's next answer on its clock: the milliseconds it is allowed, the grace
        of a first answer (its own set-up), the most to wait, and ``what`` it is doing in
        the words of a timeout. Clears the MESSAGE lines said before it."""
        clock = self.clock
        allowed = clock.allowed_ms()
        grace = float(self.settings.setup_ms) if self._first_move else 0.0
        limit = allowed + clock.control.margin_ms + grace
        self.take_messages()
        if allowed < (clock.control.turn_ms or float("inf")):
            what += f" (the {allowed:.0f} ms left of its game time)"
        return allowed, grace, limit, what

    def _charge_turn(self, spent: float, allowed: float, grace: float) -> None:
        """Charge an answer that took ``spent`` ms to the brain's clock; :class:`BrainFailure`
        when it was over its time."""
        clock = self.clock
        first, self._first_move = self._first_move, False
        flagged = clock.charge(
            spent, grace_ms=grace, counted_ms=min(spent, allowed) if first else None
        )
        if flagged:
            had = f"it had {allowed:.0f} ms and {clock.control.margin_ms:.0f} ms of margin"
            if first and grace:
                had += f", {grace:.0f} ms more for its first move"
            raise BrainFailure(f"answered after {spent:.0f} ms; {had}")

    def swap2board(
        self,
        board: Board,
        *,
        swap: bool,
        counts: tuple[int, ...],
        opening_rule: str,
        stop: StopCheck | None = None,
    ) -> tuple[bool, tuple[int, ...], tuple[str, ...]]:
        """The brain's answer to ``SWAP2BOARD`` with the stones of ``board`` (its turn, on
        its clock like a move): whether it answered ``SWAP``, the cells it placed (in
        order) and its MESSAGE lines.

        ``swap`` says whether ``SWAP`` is an answer here and ``counts`` how many moves
        are; ``opening_rule`` names the rule for the brain (``INFO opening``, to a brain
        that knows this program's extensions) and for the reasons. Anything else raises
        :class:`BrainFailure` with the reason: ``ERROR`` or ``UNKNOWN`` (it does not play
        the opening), words that are no answer, another count of moves, ``SWAP`` where it
        is none, a cell off the board, taken, placed twice or forbidden for black, an
        answer out of time or none, a crash. The stones are written in the order they
        were placed as far as it is known (the brain's own stones of a last SWAP2BOARD
        first), the others each side's in cell order.
        """
        rules = self.rules
        if rules is None or board.rules is not rules:
            raise BrainRefused("the brain was not started on this board")
        m = rules.m
        wanted = self._stones(board, board.to_move)
        order = list(_in_turns(board, self._opening))
        text = protocol.swap2board_lines((*protocol.xy_of(cell, m), wanted[cell]) for cell in order)
        if self.knows_mnk:
            text = protocol.command_line("INFO", protocol.OPENING_INFO_KEY, opening_rule) + text
        on_board = f"SWAP2BOARD with {len(order)} stones" if order else "SWAP2BOARD"
        allowed, grace, limit, what = self._turn_limits(f"answering {on_board}")
        try:
            sent = self.send(self._time_left_line() + text)
            reply, came = self.receive(limit, what, stop)
        finally:
            self.suspend()
        spent = (came - sent) * 1000
        self._charge_turn(spent, allowed, grace)
        messages = self.take_messages()
        if reply.kind in (ReplyKind.ERROR, ReplyKind.UNKNOWN):
            words = f"{reply.kind.value.upper()} {reply.text}".strip()[:80]
            raise BrainFailure(f"answered {words!r} to {on_board}: it does not play {opening_rule}")
        expected = _swap2_expected(swap, counts)
        said = reply.text
        if reply.kind not in (ReplyKind.MOVE, ReplyKind.OTHER):
            said = f"{reply.kind.value.upper()} {said}".strip()
        answer = None if said != reply.text else protocol.parse_swap2_reply(said)
        if answer is None:
            raise BrainFailure(
                f"answered {said[:80]!r} to {on_board}, where the answer is {expected}"
            )
        if (answer.swap and not swap) or (not answer.swap and len(answer.moves) not in counts):
            raise BrainFailure(
                f"answered {str(answer)!r} to {on_board}; under {opening_rule} the answer "
                f"there is {expected}"
            )
        cells = self._swap2_cells(board, answer.moves)
        self._position = {}
        self._opening = {cell: board.cells[cell] for cell in order}
        placed = board.play_all(cells)
        self._opening.update((cell, placed.cells[cell]) for cell in cells)
        return answer.swap, cells, messages

    def _swap2_cells(self, board: Board, moves: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
        """The cells of a SWAP2BOARD answer's moves, each legal in turn from ``board``."""
        rules = board.rules
        cells = []
        for x, y in moves:
            if not (0 <= x < rules.m and 0 <= y < rules.n):
                raise BrainFailure(f"placed {x},{y}, off the {rules.m}x{rules.n} board")
            cell = protocol.cell_of(x, y, rules.m)
            if cell in cells:
                raise BrainFailure(f"placed {x},{y} ({board.name(cell)}) twice")
            if board[cell] is not None:
                raise BrainFailure(f"placed {x},{y} ({board.name(cell)}), a cell already taken")
            forbidden = board.forbidden_cells().get(cell)
            if forbidden is not None:
                raise BrainFailure(
                    f"placed black on {x},{y} ({board.name(cell)}), forbidden under renju "
                    f"({forbidden})"
                )
            board = board.play(cell)
            cells.append(cell)
        return tuple(cells)

    def _await_move(
        self,
        sent: float,
        limit_ms: float,
        what: str,
        stop: StopCheck | None,
        warnings: list[str],
    ) -> tuple[Reply, float]:
        """The brain's move after ``sent``, within ``limit_ms``: a SUGGEST is answered with
        PLAY of the same move (as the Gomocup's manager does) and the move that follows
        taken; an ERROR is a warning kept in ``warnings``; anything else is a failure."""
        suggested: tuple[int, int] | None = None
        while True:
            left = limit_ms - (time.monotonic() - sent) * 1000
            try:
                reply, came = self.receive(max(left, 0.0), what, stop)
            except BrainFailure as failure:
                if warnings:
                    raise BrainFailure(f"{failure.reason} (it said: {warnings[-1]})") from None
                raise
            if reply.kind is ReplyKind.MOVE:
                return reply, came
            if reply.kind is ReplyKind.ERROR:
                warnings.append(f"ERROR {reply.text}".strip())
                continue
            if reply.kind is ReplyKind.SUGGEST and suggested is None:
                suggested = reply.coordinates
                line = protocol.command_line("PLAY", f"{suggested[0]},{suggested[1]}")
                self._log_sent(line)
                self._write(line)
                continue
            words = reply.text if reply.kind is ReplyKind.OTHER else f"{reply.kind.value.upper()} "
            words += "" if reply.kind is ReplyKind.OTHER else reply.text
            raise BrainFailure(f"answered {words.strip()[:80]!r} instead of a move")

    def continues(self, board: Board) -> bool:
        """Whether ``board`` goes on from the brain's board without a RESTART: the brain's
        board is empty, or ``board`` is it plus one stone of the opponent's (a TURN), or
        after SWAP2BOARD every stone it was shown and placed is on ``board``."""
        if self._opening:
            cells = board.cells
            return all(cells[cell] == mark for cell, mark in self._opening.items())
        if not self._position:
            return True
        wanted = self._stones(board, board.to_move)
        return (
            len(wanted) == len(self._position) + 1
            and all(wanted.get(cell) == who for cell, who in self._position.items())
            and protocol.BOARD_OPPONENT
            in (who for cell, who in wanted.items() if cell not in self._position)
        )

    @staticmethod
    def _stones(board: Board, me: Mark) -> dict[int, int]:
        own = protocol.BOARD_OWN
        other = protocol.BOARD_OPPONENT
        cells = board.cells
        mine = me.value
        return {
            cell: own if mark == mine else other for cell, mark in enumerate(cells) if mark != "."
        }

    def takeback(self, cell: int) -> bool:
        """TAKEBACK of the last stone on ``cell``; False when the brain does not answer OK."""
        rules = self.rules
        if rules is None or cell not in self._position:
            return False
        x, y = protocol.xy_of(cell, rules.m)
        try:
            reply = self.command(protocol.command_line("TAKEBACK", f"{x},{y}"), "taking back")
        finally:
            self.suspend()
        if reply.kind is ReplyKind.OK:
            del self._position[cell]
            return True
        return False


def _in_turns(board: Board, known: Iterable[int] = ()) -> Iterable[int]:
    """The board's stones in an order a game could have made them: ``known`` first (the
    stones whose order is known, on the board), then the first player's and the other's
    in turn, each side's in cell order (BOARD lists stones in the order they were played,
    which renju brains rely on; a board keeps no order of its own)."""
    first = board.first_player.value
    cells = board.cells
    placed = [cell for cell in known if cells[cell] != "."]
    yield from placed
    taken = set(placed)
    mine = [cell for cell, mark in enumerate(cells) if mark == first and cell not in taken]
    theirs = [
        cell for cell, mark in enumerate(cells) if mark not in (".", first) and cell not in taken
    ]
    # The side to place next after the known stones: the first player's when as many each.
    firsts = sum(cells[cell] == first for cell in placed)
    if firsts > len(placed) - firsts:
        mine, theirs = theirs, mine
    for index in range(max(len(mine), len(theirs))):
        if index < len(mine):
            yield mine[index]
        if index < len(theirs):
            yield theirs[index]


def _swap2_expected(swap: bool, counts: tuple[int, ...]) -> str:
    """The answers open at a SWAP2BOARD in words: "three stones", "SWAP or one move"."""
    numbers = {1: "one move", 2: "two moves", 3: "three stones"}
    words = (["SWAP"] if swap else []) + [numbers.get(count, f"{count} moves") for count in counts]
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def owned_processes(owner: str) -> list[int]:
    """The live processes whose environment marks them as ``owner``'s (:data:`OWNER_ENV`),
    read from ``/proc`` (Linux; elsewhere none are found)."""
    if not owner:
        return []
    mark = f"{OWNER_ENV}={owner}".encode()
    found = []
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as file:
                environment = file.read()
            with open(f"/proc/{entry}/stat", "rb") as file:
                state = file.read().rpartition(b")")[2].split()[0]
        except OSError:
            continue
        if state != b"Z" and mark in environment.split(b"\0"):
            found.append(int(entry))
    return found


def _is_keeper(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as file:
            return b"\0--lifeline\0" in file.read()
    except OSError:
        return False


def sweep(owner: str, grace: float = 0.5) -> int:
    """Kill every process marked as ``owner``'s, with its process group: the brains of a
    run whose worker was killed, interrupted or never closed them. Their keepers are given
    ``grace`` seconds to end what the brains started (children that left the mark behind
    too), then killed as well. Returns how many were found (0 when every brain had
    already left)."""
    found = owned_processes(owner)
    keepers = [pid for pid in found if _is_keeper(pid)]
    for pid in found:
        if pid in keepers:
            continue
        with contextlib.suppress(ProcessLookupError, PermissionError):
            pgid = os.getpgid(pid)
            # A brain leads a group of its own; never the caller's group (our own).
            if pgid != os.getpgrp():
                _signal_group(pgid, signal.SIGKILL)
            os.kill(pid, signal.SIGKILL)
            # A stopped process dies only once continued.
            os.kill(pid, signal.SIGCONT)
    deadline = time.monotonic() + grace
    while keepers and time.monotonic() < deadline:
        time.sleep(0.01)
        keepers = [pid for pid in keepers if pid in owned_processes(owner)]
    for pid in keepers:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
    return len(found)
