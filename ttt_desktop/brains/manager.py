"""Running one Gomocup brain: its process, its pipes, its clocks, and the arbiter's rules.

:class:`BrainProcess` starts a brain's command (split like a shell would, never run by
one) in a process group of its own, talks to it through pipes that background threads
read (the caller never blocks on the brain: every wait has a deadline), and keeps what
was said in a bounded log. It is the arbiter of the brain's games: every move is
checked (on the board, on an empty cell, only while the game is on), the turn's and the
game's time are kept with a tolerance, and a brain that crashes, hangs, runs out of
time, answers garbage or an illegal move raises :class:`BrainFailure` with the reason,
which the caller records as a lost game. A brain that declines (``ERROR`` to ``START``,
a size it does not play) raises :class:`BrainRefused`: no game, no loss.

While it is not the brain's turn its whole process group is stopped (``SIGSTOP``), so it
can't think on the opponent's time; it is continued (``SIGCONT``) before anything is
written to it. :meth:`BrainProcess.close` sends ``END``, waits a grace period, then kills
the whole process group (children the brain forked too); a finalizer does the same if a
brain is forgotten, and at the interpreter's exit. If the process that runs the brain is
killed outright, the brain's group (in the same session) is orphaned: the kernel hangs it
up and continues it, and its input has ended.

The log and the MESSAGE lines are bounded: a brain printing megabytes keeps the first and
the last lines and a count of those left out, never the megabytes.

Linux (and other POSIX systems) only. Nothing here imports Qt.
"""

from __future__ import annotations

import collections
import contextlib
import os
import shlex
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Final

from ttt_desktop.brains import protocol
from ttt_desktop.brains.protocol import LineSplitter, Reply, ReplyKind
from ttt_desktop.engine.board import Board, Mark
from ttt_desktop.engine.play import SeatForfeit
from ttt_desktop.engine.record import MAX_LOG_LINE
from ttt_desktop.engine.rules import Rules
from ttt_desktop.players.thought import SearchStopped, StopCheck

__all__ = [
    "OWNER_ENV",
    "BrainError",
    "BrainFailure",
    "BrainProcess",
    "BrainRefused",
    "LogLine",
    "TimeControl",
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
_POLL: Final = 0.005
_STOP_POLL: Final = 0.05


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
class TimeControl:
    """The times a brain is given, in milliseconds (the protocol's INFO keys).

    ``turn_ms``: the most for one move (``timeout_turn``); ``match_ms``: the most for all
    its moves of one game (``timeout_match``; 0 is no limit); ``tolerance_ms``: how much
    later than that an answer is still accepted (pipes, the scheduler); ``start_ms``: the
    most for answering START, ABOUT, RESTART and the like; ``max_memory``: bytes
    (``max_memory``; 0 is no limit), enforced as the process's address-space limit.
    """

    turn_ms: int = 5000
    match_ms: int = 0
    tolerance_ms: int = 250
    start_ms: int = 5000
    end_grace_ms: int = 1000
    max_memory: int = 0

    def __post_init__(self) -> None:
        for name in ("turn_ms", "match_ms", "tolerance_ms", "start_ms", "end_grace_ms"):
            value = getattr(self, name)
            if type(value) is not int or value < 0:
                raise ValueError(f"{name} must be a whole number of milliseconds >= 0")
        if self.turn_ms == 0 and self.match_ms == 0:
            raise ValueError("a time control needs a turn time or a game time")
        if type(self.max_memory) is not int or self.max_memory < 0:
            raise ValueError("max_memory must be a whole number of bytes >= 0")


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


def _end_group(process: subprocess.Popen[bytes]) -> None:
    """Kill ``process``'s whole group and reap it."""
    if process.returncode is None:
        # The group leader is unreaped until wait() below, so the group id is still ours.
        _signal_group(process.pid, signal.SIGKILL)
        _signal_group(process.pid, signal.SIGCONT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=5)


def _kill(process: subprocess.Popen[bytes]) -> None:
    """Kill ``process``'s whole group, reap it and close its pipes (the finalizer's and
    close's last step)."""
    _end_group(process)
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()


def _limit_memory(pid: int, limit: int) -> None:
    # Set on the running child (prlimit), not in a preexec function: those are not safe in a
    # process with threads (the window's). The brain has only just started its program.
    import resource  # noqa: PLC0415  (POSIX only)

    resource.prlimit(pid, resource.RLIMIT_AS, (limit, limit))


class BrainProcess:
    """One brain's process and the games it plays (see the module's description).

    Use it as a context manager, or call :meth:`close`; it is started on construction.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        cwd: str | os.PathLike[str] | None = None,
        time_control: TimeControl | None = None,
        suspend: bool = True,
        env: dict[str, str] | None = None,
    ) -> None:
        self.argv = split_command(command)
        self.time_control = time_control or TimeControl()
        self.suspend_when_idle = suspend
        self.cwd = None if cwd is None else Path(cwd)
        self.about: dict[str, str] = {}
        self.rules: Rules | None = None
        self._channel = _Channel()
        self._suspended = False
        self._closed = False
        self._used_ms = 0.0
        self._position: dict[int, int] = {}  # cell -> 1 (the brain's) or 2 (the opponent's)
        limit = self.time_control.max_memory
        try:
            self.process: subprocess.Popen[bytes] = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=self.cwd,
                env=env,
                bufsize=0,
                # A process group of its own, in our session (not a session of its own): when
                # we die without closing it (killed), the group is orphaned and the kernel
                # sends it SIGHUP and SIGCONT, so a brain stopped off its turn does not stay
                # stopped for ever; a continued one also reads the end of its input.
                process_group=0,
                close_fds=True,
            )
        except OSError as error:
            raise BrainRefused(f"can't start {self.argv[0]!r}: {error.strerror or error}") from None
        self.pid = self.process.pid
        self._finalizer = weakref.finalize(self, _kill, self.process)
        if limit:
            try:
                _limit_memory(self.pid, limit)
            except (OSError, ValueError) as error:
                self._finalizer()
                raise BrainRefused(f"can't limit the brain's memory: {error}") from None
        self._channel.note(f"started: {shlex.join(self.argv)} (process {self.pid})")
        assert self.process.stdout is not None and self.process.stderr is not None
        self._readers: list[threading.Thread] = []
        for target, stream, what in (
            (_read_stdout, self.process.stdout, "stdout"),
            (_read_stderr, self.process.stderr, "stderr"),
        ):
            reader = threading.Thread(
                target=target,
                args=(stream, self._channel),
                name=f"brain {self.pid} {what}",
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
        """How the process ended, in words ("exited with code 3", "killed by SIGSEGV")."""
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
            return f"exited with code {code}" if code >= 0 else f"killed by signal {-code}"
        return "still running"

    def suspend(self) -> None:
        """Stop the brain's process group (it is not its turn: no thinking)."""
        if self.suspend_when_idle and not self._suspended and not self._closed:
            _signal_group(self.pid, signal.SIGSTOP)
            self._suspended = True

    def resume(self) -> None:
        """Continue the brain's process group."""
        if self._suspended:
            _signal_group(self.pid, signal.SIGCONT)
            self._suspended = False

    def kill(self) -> None:
        """Kill the whole process group at once (no END: the program is going away)."""
        self._closed = True
        self._finalizer()

    def close(self) -> None:
        """END, a grace period to leave, then the whole process group is killed."""
        if self._closed:
            return
        self.resume()
        if not _exited(self.pid):
            with contextlib.suppress(BrainFailure):
                self._write(protocol.command_line("END"))
            deadline = time.monotonic() + self.time_control.end_grace_ms / 1000
            while not _exited(self.pid) and time.monotonic() < deadline:
                time.sleep(_POLL)
            if not _exited(self.pid):
                self._channel.note(
                    f"killed: did not leave within {self.time_control.end_grace_ms} ms of END"
                )
        self._closed = True
        _end_group(self.process)
        # What it said last (a traceback on stderr) is read before its pipes are closed
        # and the log is taken: the readers end at the pipes' end, now that it is gone.
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

    def send(self, text: str) -> float:
        """Write ``text`` (whole lines) after continuing the brain; the time it was sent."""
        self.resume()
        with self._channel.lock:
            # Answers nobody asked for (a second move, a late answer) are not the next one's.
            for stale, _ in self._channel.replies:
                self._channel.log.add(f"(ignored, unasked: {stale.text})")
            self._channel.replies.clear()
            for line in text.splitlines():
                self._channel.log.add("> " + line)
        self._write(text)
        return time.monotonic()

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
                return channel.replies.popleft()
            closed = channel.closed
        if closed or _exited(self.pid):
            raise BrainFailure(f"{self._crash_reason()} while {what}")
        raise BrainFailure(f"no answer within {timeout_ms:.0f} ms while {what}")

    def command(self, text: str, what: str, timeout_ms: float | None = None) -> Reply:
        """Send a command and wait for its reply (START, RESTART, ABOUT, TAKEBACK)."""
        self.send(text)
        reply, _ = self.receive(
            self.time_control.start_ms if timeout_ms is None else timeout_ms, what
        )
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
        if rules.m == rules.n:
            text = protocol.command_line("START", rules.m)
        else:
            text = protocol.command_line("RECTSTART", f"{rules.m},{rules.n}")
        try:
            reply = self.command(text, f"answering {text.strip()}")
        finally:
            self.suspend()
        if reply.kind is not ReplyKind.OK:
            words = reply.text or reply.kind.value
            raise BrainRefused(f"the brain declined {text.strip()} ({words})")
        self.rules = rules
        self._send_infos(rules)
        self._new_game()

    def _send_infos(self, rules: Rules) -> None:
        control = self.time_control
        lines = [
            # 0 would mean "play as fast as possible": without a turn limit, the game's time.
            protocol.command_line("INFO", "timeout_turn", control.turn_ms or control.match_ms),
            protocol.command_line("INFO", "timeout_match", control.match_ms),
            protocol.command_line("INFO", "max_memory", control.max_memory),
            protocol.command_line("INFO", "game_type", 1),
            protocol.command_line("INFO", "rule", protocol.RULE_EXACT if rules.exact else 0),
        ]
        if rules.k != 5:
            lines.append(protocol.command_line("INFO", "k", rules.k))
        self.send("".join(lines))
        self.suspend()

    def _new_game(self) -> None:
        self._used_ms = 0.0
        self._position = {}

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
        """The brain's time used in this game, in milliseconds."""
        return self._used_ms

    def move(
        self, board: Board, stop: StopCheck | None = None
    ) -> tuple[int, float, tuple[str, ...]]:
        """The brain's move on ``board`` (its turn): the cell, the milliseconds it took and
        its MESSAGE lines. Tells the brain the opponent's one new stone (TURN), the empty
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
        if not wanted:
            text = protocol.command_line("BEGIN")
        elif self._position:
            (cell,) = (cell for cell in wanted if cell not in self._position)
            x, y = protocol.xy_of(cell, m)
            text = protocol.command_line("TURN", f"{x},{y}")
        else:
            stones = [(*protocol.xy_of(cell, m), who) for cell, who in sorted(wanted.items())]
            text = protocol.board_lines(stones)
        control = self.time_control
        turn_ms = float(control.turn_ms) if control.turn_ms else float("inf")
        left_ms = control.match_ms - self._used_ms if control.match_ms else float("inf")
        allowed = min(turn_ms, left_ms)
        if control.match_ms:
            text = protocol.command_line("INFO", "time_left", max(0, round(left_ms))) + text
        self.take_messages()
        what = "thinking about its move"
        if left_ms < turn_ms:
            what += f" (the {left_ms:.0f} ms left of its game time)"
        try:
            sent = self.send(text)
            reply, came = self.receive(allowed + control.tolerance_ms, what, stop)
        finally:
            self.suspend()
        spent = (came - sent) * 1000
        self._used_ms += spent
        messages = self.take_messages()
        if reply.kind is not ReplyKind.MOVE:
            words = reply.text if reply.kind is ReplyKind.OTHER else f"{reply.kind.value.upper()} "
            words += "" if reply.kind is ReplyKind.OTHER else reply.text
            raise BrainFailure(f"answered {words.strip()[:80]!r} instead of a move")
        if spent > allowed + control.tolerance_ms:
            raise BrainFailure(f"answered after {spent:.0f} ms; it had {allowed:.0f} ms")
        x, y = reply.coordinates
        if not (0 <= x < m and 0 <= y < rules.n):
            raise BrainFailure(f"played {x},{y}, off the {m}x{rules.n} board")
        cell = protocol.cell_of(x, y, m)
        if board[cell] is not None:
            raise BrainFailure(f"played {x},{y} ({board.name(cell)}), a cell already taken")
        self._position = dict(wanted)
        self._position[cell] = protocol.BOARD_OWN
        return cell, spent, messages

    def continues(self, board: Board) -> bool:
        """Whether ``board`` goes on from the brain's board without a RESTART: the brain's
        board is empty, or ``board`` is it plus one stone of the opponent's (a TURN)."""
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


def sweep(owner: str) -> int:
    """Kill every process marked as ``owner``'s, with its process group: the brains of a
    run whose worker was killed, interrupted or never closed them. Returns how many were
    found (0 when every brain had already left)."""
    found = owned_processes(owner)
    for pid in found:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            pgid = os.getpgid(pid)
            # A brain leads a group of its own; never the caller's group (our own).
            if pgid != os.getpgrp():
                _signal_group(pgid, signal.SIGKILL)
            os.kill(pid, signal.SIGKILL)
            # A stopped process dies only once continued.
            os.kill(pid, signal.SIGCONT)
    return len(found)
