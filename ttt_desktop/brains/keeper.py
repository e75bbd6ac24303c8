"""The keeper: a small process between the program and one brain, so that nothing the brain
starts outlives the program, even when the program is killed outright.

The brain manager (:mod:`ttt_desktop.brains.manager`) never starts a brain itself: it
starts this keeper with the brain's pipes as the keeper's standard input, output and
error, and one end of a socket pair (the *lifeline*), whose descriptor it is told. The keeper

* makes itself the *subreaper* of everything below it (Linux's
  ``PR_SET_CHILD_SUBREAPER``): a child of the brain whose parent ends, even one that
  called ``setsid()`` to leave the brain's process group and session, becomes the
  keeper's child instead of the init process's, so it can still be found and ended;
* starts the brain in a process group of its own (with its memory limit, if any), hands
  the pipes on to it and closes its own copies, and tells the program the brain's process
  id over the lifeline (``P<pid>``), or why it could not start it (``F<reason>``);
* waits. When the brain ends, or the lifeline ends (the program closed it, or the program
  died: the kernel closes a dead process's sockets, SIGKILL included), it kills the
  brain's whole tree: every process below the keeper, found through ``/proc``, frozen
  with SIGSTOP first so that none can fork away, then SIGKILLed, until none is left;
* leaves with the brain's own exit status (its code, or the signal that killed it), so
  that the program reads the brain's end as if the brain were its child.

The keeper stops only its brain: the program stops and continues the brain's process
group (the brain's process id) between moves; the keeper itself is never stopped, so it
always sees the lifeline end.

Run as ``python -I -S keeper.py --lifeline FD [--memory BYTES] -- PROGRAM ARGS...`` (from
a source tree or an installed package; the packaged app runs it as ``ttt-desktop
--brain-keeper ...``).
Only the standard library, nothing of the package: it starts in a few milliseconds.
Linux only (``/proc`` and ``prctl``).
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
KILL_ROUNDS = 200
"""At most this many rounds of finding and killing what is left below the keeper."""


def _subreaper() -> None:
    import ctypes  # noqa: PLC0415  (only the keeper needs it)

    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER)")


def descendants(root: int) -> list[int]:
    """Every process below ``root`` (children, their children, ...), zombies included,
    read from ``/proc``."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as file:
                fields = file.read().rpartition(b")")[2].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
    found: list[int] = []
    waiting = [root]
    while waiting:
        for child in children.get(waiting.pop(), ()):
            found.append(child)
            waiting.append(child)
    return found


def _state(pid: int) -> bytes:
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            return file.read().rpartition(b")")[2].split()[0]
    except OSError:
        return b""


def _reap_others(brain: int) -> bool:
    """Reap the keeper's children that have ended, the brain aside (it is reaped last);
    True once the brain has ended."""
    while True:
        try:
            info = os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return True
        if info is None:
            return False
        if info.si_pid == brain:
            return True
        with contextlib.suppress(ChildProcessError):
            os.waitpid(info.si_pid, 0)


def kill_tree(brain: int) -> None:
    """Kill everything below the keeper: freeze it all, kill it all, reap the others; again
    until nothing but zombies of the brain is left."""
    me = os.getpid()
    for _ in range(KILL_ROUNDS):
        alive = [pid for pid in descendants(me) if _state(pid) not in (b"Z", b"X", b"")]
        if not alive:
            break
        for pid in alive:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGSTOP)
        for pid in alive:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGCONT)
        _reap_others(brain)
        time.sleep(0.002)
    _reap_others(brain)


def _say(lifeline: int, text: str) -> None:
    with contextlib.suppress(OSError):
        os.write(lifeline, (text + "\n").encode("utf-8", "replace"))


_RESET = (
    signal.SIGCHLD,
    signal.SIGHUP,
    signal.SIGPIPE,
    signal.SIGTSTP,
    signal.SIGTTIN,
    signal.SIGTTOU,
)
"""The signals the keeper handles or ignores, set back to their defaults for the brain."""


def _start(argv: list[str], memory: int, lifeline: int) -> int:
    """Fork the brain: its own process group, the memory limit, default signals, exec."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the brain's side, until exec
        try:
            os.close(read_end)
            os.setpgid(0, 0)
            for number in _RESET:
                signal.signal(number, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            if memory:
                import resource  # noqa: PLC0415

                resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
            os.close(lifeline)
            os.execvp(argv[0], argv)
        except BaseException as error:
            reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
            with contextlib.suppress(OSError):
                os.write(write_end, reason.encode("utf-8", "replace"))
        os._exit(127)
    os.close(write_end)
    # The pipe closes at the exec (close-on-exec) or carries the reason it failed.
    reason = b""
    while True:
        chunk = os.read(read_end, 4096)
        if not chunk:
            break
        reason += chunk
    os.close(read_end)
    if reason:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)
        raise OSError(reason.decode("utf-8", "replace"))
    return pid


def _leave_as(status: int) -> None:
    """End the keeper with the brain's status: its exit code, or the signal that killed it."""
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        with contextlib.suppress(ValueError, OSError):
            import resource  # noqa: PLC0415

            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        with contextlib.suppress(ValueError, OSError):
            signal.signal(number, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [number])
        os.kill(os.getpid(), number)
        time.sleep(1)
        os._exit(128 + number)
    os._exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 1)


def run(argv: list[str], lifeline: int, memory: int = 0) -> None:
    """Keep the brain ``argv``, telling the program through the socket ``lifeline`` (see
    the module's description); never returns."""
    # The keeper is never stopped by a terminal, nor ended by a hang-up: only its lifeline.
    for number in (signal.SIGHUP, signal.SIGTSTP, signal.SIGTTIN, signal.SIGTTOU, signal.SIGPIPE):
        signal.signal(number, signal.SIG_IGN)
    wake_read, wake_write = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    try:
        _subreaper()
        brain = _start(argv, memory, lifeline)
    except OSError as error:
        _say(lifeline, "F" + (error.strerror or str(error)))
        os._exit(127)
    # The brain has the pipes now; the keeper's copies would keep them open after it ends.
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    _say(lifeline, f"P{brain}")
    poller = select.poll()
    poller.register(lifeline, select.POLLIN | select.POLLHUP | select.POLLERR)
    poller.register(wake_read, select.POLLIN)
    host_gone = False
    while not _reap_others(brain):
        for fd, _events in poller.poll(1000):
            if fd == wake_read:
                with contextlib.suppress(OSError):
                    os.read(wake_read, 4096)
                continue
            try:
                data = os.read(lifeline, 4096)
            except OSError:
                data = b""
            if not data:
                host_gone = True
        if host_gone:
            break
    kill_tree(brain)
    _, status = os.waitpid(brain, 0)
    _leave_as(status)


def main(arguments: list[str] | None = None) -> None:
    """``keeper.py --lifeline FD [--memory BYTES] -- PROGRAM ARGS...``."""
    args = list(sys.argv[1:] if arguments is None else arguments)
    options: dict[str, int] = {"--lifeline": -1, "--memory": 0}
    while args and args[0] in options and len(args) > 1:
        options[args[0]] = int(args[1])
        args = args[2:]
    if args[:1] == ["--"]:
        args = args[1:]
    lifeline = options["--lifeline"]
    if lifeline < 0 or not args:
        sys.stderr.write("usage: keeper.py --lifeline FD [--memory BYTES] -- PROGRAM ARGS...\n")
        os._exit(2)
    run(args, lifeline, options["--memory"])


if __name__ == "__main__":
    main()
