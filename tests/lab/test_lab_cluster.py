"""Tournaments on a Dask cluster, secured and robust: TLS by default, a plain tcp://
scheduler only on the loopback, and a lost scheduler ends the run with the reason."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ttt_desktop.cli.arena import main
from ttt_desktop.lab.cluster import Scheduler, TlsFiles, make_certificates
from ttt_desktop.library import Library
from ttt_desktop.library.tournaments import TournamentStore

distributed = pytest.importorskip("distributed")

DASK = Path(sys.executable).with_name("dask")
ROOT = Path(__file__).resolve().parents[2]


class TestScheduler:
    def test_a_plain_scheduler_only_on_the_loopback(self) -> None:
        for address in ("tcp://127.0.0.1:8786", "tcp://localhost:1", "tcp://[::1]:8786"):
            Scheduler(address).check()
        with pytest.raises(ValueError, match="anyone who can reach its port"):
            Scheduler("tcp://192.168.1.7:8786").check()
        Scheduler("tcp://192.168.1.7:8786", insecure=True).check()

    def test_tls_needs_its_files(self, tmp_path: Path) -> None:
        with pytest.raises(ValueError, match="give --tls-ca-file"):
            Scheduler("tls://host:8786").check()
        missing = TlsFiles(str(tmp_path / "ca.pem"), "x.pem", "x.key")
        with pytest.raises(ValueError, match="no such file"):
            Scheduler("tls://host:8786", missing).check()
        with pytest.raises(ValueError, match="not a scheduler's address"):
            Scheduler("host:8786").check()

    def test_the_command_line_refuses_before_anything_is_sent(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        argv = ["tournament", "--players", "rando,levi", "--games", "2"]
        started = time.monotonic()
        assert main([*argv, "--scheduler", "tcp://10.11.12.13:8786"]) == 2
        assert "tls://HOST:PORT" in capsys.readouterr().err
        assert time.monotonic() - started < 5  # no connection was tried
        assert main([*argv, "--scheduler", "tls://h:1", "--tls-cert", "c.pem"]) == 2
        assert "all three" in capsys.readouterr().err

    def test_certificates_for_a_few_machines(self, tmp_path: Path) -> None:
        made = make_certificates(tmp_path, ["alpha", "beta"])
        names = sorted(path.name for path in made)
        assert names == ["alpha.key", "alpha.pem", "beta.key", "beta.pem", "ca.key", "ca.pem"]
        assert (tmp_path / "alpha.key").stat().st_mode & 0o077 == 0
        done = subprocess.run(
            ["openssl", "verify", "-CAfile", "ca.pem", "alpha.pem", "beta.pem"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr


def _start_cluster(folder: Path, tls: list[str]) -> Iterator[str]:
    """A scheduler and one worker on the loopback; yields the scheduler's address."""
    scheduler_file = folder / "scheduler.json"
    protocol = ["--protocol", "tls"] if tls else []
    scheduler = subprocess.Popen(
        [
            str(DASK), "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
            "--scheduler-file", str(scheduler_file), *protocol, *tls,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )  # fmt: skip
    worker = None
    try:
        deadline = time.monotonic() + 60
        while not scheduler_file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        address = json.loads(scheduler_file.read_text())["address"]
        worker = subprocess.Popen(
            [
                str(DASK), "worker", address, "--nworkers", "1", "--nthreads", "1",
                "--no-dashboard", *tls,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            start_new_session=True,
        )  # fmt: skip
        yield address
    finally:
        for process in (worker, scheduler):
            if process is not None:
                with_group_killed(process)


def with_group_killed(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=30)


def _wait_for_worker(address: str, security: object | None = None) -> None:
    options = {} if security is None else {"security": security}
    with distributed.Client(address, timeout=30, set_as_default=False, **options) as client:
        client.wait_for_workers(1, timeout=60)


@pytest.mark.slow
def test_a_tls_cluster_plays_the_same_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    make_certificates(tmp_path, ["scheduler", "worker", "client"])

    def files(name: str) -> list[str]:
        return [
            "--tls-ca-file", str(tmp_path / "ca.pem"),
            "--tls-cert", str(tmp_path / f"{name}.pem"),
            "--tls-key", str(tmp_path / f"{name}.key"),
        ]  # fmt: skip

    argv = ["tournament", "--players", "rando,levi,humiston", "--games", "30", "--seed", "8"]
    assert main([*argv, "--json"]) == 0
    here = json.loads(capsys.readouterr().out)
    cluster = _start_cluster(tmp_path, files("worker"))
    address = next(cluster)
    try:
        # The scheduler listens on TLS; it took the worker's certificate.
        assert address.startswith("tls://127.0.0.1:")
        tls = TlsFiles(*files("client")[1::2])
        _wait_for_worker(address, tls.security())
        assert main([*argv, "--json", "--scheduler", address, *files("client")]) == 0
        there = json.loads(capsys.readouterr().out)
    finally:
        cluster.close()
    assert there["crosstable"] == here["crosstable"]
    assert [game["moves"] for game in there["games"]] == [game["moves"] for game in here["games"]]


def _lose_the_scheduler(
    tmp_path: Path, *, interrupt: bool = False, games_back: bool = True
) -> tuple[int, str, int]:
    """A command-line tournament on a cluster whose scheduler is killed once the first games
    came back (or, without ``games_back``, once the run is under way), then with
    ``interrupt`` Ctrl+C: the exit code, what it wrote to stderr, and how many of its games
    the library keeps."""
    cluster = _start_cluster(tmp_path, [])
    address = next(cluster)
    library = tmp_path / "lib.sqlite3"
    try:
        _wait_for_worker(address)
        command = [
            sys.executable, "-m", "ttt_desktop.cli", "tournament", "--players",
            "searcher,alphabeta", "--rules", "9,9,5", "--games", "200", "--turn-ms", "30",
            "--scheduler", address, "--library", str(library),
        ]  # fmt: skip
        process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        try:
            assert process.stderr is not None
            seen = ""
            under_way = r"tournament: [1-9][\d,]* of" if games_back else r"tournament: "
            while not re.search(under_way, seen):
                line = process.stderr.readline()
                assert line, f"the tournament ended before a game came back: {seen}"
                seen += line
            scheduler_pid = int(
                subprocess.run(
                    ["pgrep", "-f", f"scheduler-file {tmp_path}"],
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout.split()[0]
            )
            os.kill(scheduler_pid, signal.SIGKILL)
            if interrupt:
                process.send_signal(signal.SIGINT)
            _, err = process.communicate(timeout=90)
        finally:
            process.kill()
            process.wait(timeout=30)
    finally:
        cluster.close()
    with Library(library) as opened:
        kept = TournamentStore(opened).get(1).played
        assert len(TournamentStore(opened).games(1)) == kept
    return process.returncode, seen + err, kept


def _said_kept(err: str) -> int:
    """The number of games the message says are kept."""
    found = re.search(r"the ([\d,]+) games finished before are kept", err)
    assert found is not None, err
    return int(found.group(1).replace(",", ""))


@pytest.mark.slow
def test_a_lost_scheduler_ends_the_run_with_the_reason(tmp_path: Path) -> None:
    code, err, kept = _lose_the_scheduler(tmp_path)
    assert code == 1, err
    assert "the Dask scheduler at" in err and "was lost" in err
    assert "--resume 1" in err  # the games that came back are kept in the library
    assert "Traceback" not in err, err
    # Every game that came back is in the library, as many as the message says.
    assert kept > 0 and kept == _said_kept(err), err


@pytest.mark.slow
def test_a_scheduler_lost_as_the_run_begins_ends_it_with_the_reason(tmp_path: Path) -> None:
    # Dask's connections were still being made: their errors came out as tracebacks.
    code, err, kept = _lose_the_scheduler(tmp_path, games_back=False)
    assert code == 1, err
    assert "was lost" in err and "Traceback" not in err, err
    assert kept == _said_kept(err), err


@pytest.mark.slow
def test_ctrl_c_after_a_lost_scheduler_ends_with_a_message(tmp_path: Path) -> None:
    code, err, kept = _lose_the_scheduler(tmp_path, interrupt=True)
    assert "Traceback" not in err, err
    assert kept > 0, err
    if code == 130:  # Ctrl+C came first
        assert err.rstrip().endswith("ttt-arena: interrupted"), err
    else:  # the loss came first
        assert code == 1, err
        assert "was lost" in err and kept == _said_kept(err), err
