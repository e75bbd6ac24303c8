"""``ttt-arena tournament`` (here, in worker processes or on a Dask cluster;
stored, resumed) and ``ttt-arena cluster-certs``.

Nothing here imports Qt.
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from ttt_desktop.brains.engines import EngineListError
from ttt_desktop.brains.manager import BrainError
from ttt_desktop.cli.common import (
    FailedError,
    ProgressLine,
    RefusedError,
    UsageError,
    check_players,
    time_control,
)
from ttt_desktop.cli.match import openings_of
from ttt_desktop.core.rules import Rules
from ttt_desktop.lab import report
from ttt_desktop.lab.brains import finish, prepare
from ttt_desktop.lab.cluster import Scheduler, TlsFiles, make_certificates
from ttt_desktop.lab.runner import WorkerError, run_tournament
from ttt_desktop.lab.spec import TournamentSpec, parse_entrants
from ttt_desktop.lab.storing import LibraryWriter, PsqFolder, TournamentSaver
from ttt_desktop.lab.tournament import TournamentGame, brain_log_dir
from ttt_desktop.library import Library, library_path
from ttt_desktop.library.tournaments import TournamentStore
from ttt_desktop.players.base import fresh_seed


def run_tournament_command(arguments: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``ttt-arena tournament``; the exit status. Options that do not go together (and
    settings the tournament's spec refuses) are a :class:`UsageError`."""
    try:
        _run_tournament(arguments, out, ProgressLine(err))
    except ValueError as error:
        raise UsageError(str(error)) from None
    return 0


def _run_tournament(arguments: argparse.Namespace, out: TextIO, progress: ProgressLine) -> None:
    done: list[TournamentGame] = []
    library = None
    saver = None
    if arguments.resume is not None:
        spec, done, library, saver = _resumed(arguments, progress)
    else:
        spec = _new_spec(arguments)
    try:
        check_players(spec.rules, *(e.kind for e in spec.entrants if not e.is_brain))
        if spec.has_brains:
            spec = _prepare_brains(spec, arguments, resumed=arguments.resume is not None)
    except BaseException:
        if library is not None:
            library.close()
        raise
    psq = _psq_folder(arguments, spec)
    name = "Tournament: " + ", ".join(entrant.label for entrant in spec.entrants)
    if arguments.jobs is None:
        arguments.jobs = 1
    try:
        writer = None
        if arguments.library is not None:
            writer = LibraryWriter(arguments.library, "tournament", name, spec.as_json())
        if writer is not None and saver is None:
            saver = TournamentSaver(writer.library, spec, name, jobs=arguments.jobs)
        if saver is not None:
            where = writer.library.path if writer is not None else library.path  # type: ignore[union-attr]
            progress.stream.write(
                f"tournament {saver.id} in {where}: each game is kept as it finishes; after a "
                f"stop, carry on with --resume {saver.id}\n"
            )
            if spec.brains is not None:
                log_dir = brain_log_dir(Path(where), saver.id)
                spec = replace(spec, brains=spec.brains.with_log_dir(str(log_dir)))
                progress.stream.write(f"the brains' pipe logs go to {log_dir}\n")
        _play_tournament(arguments, spec, out, progress, (done, library, saver, writer), psq=psq)
    finally:
        if spec.brains is not None:
            swept = finish(spec)
            if swept:
                progress.stream.write(
                    f"ended {swept} brain process{'es' if swept != 1 else ''} left behind\n"
                )


def _psq_folder(arguments: argparse.Namespace, spec: Any) -> Any:
    """``--psq DIR``'s writer, its folder made (None without it); refused (exit 2) for
    rules a Piskvork record can't hold, or a folder that can't be made."""
    folder = getattr(arguments, "psq", None)
    if folder is None:
        return None
    refusal = PsqFolder.refusal(spec.rules)
    if refusal is not None:
        raise RefusedError(f"--psq: {refusal}")
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise RefusedError(
            f"--psq: can't make the folder {folder}: {error.strerror or error}"
        ) from None
    return PsqFolder(folder, spec)


def _scheduler(arguments: argparse.Namespace) -> Any:
    """``--scheduler`` with its TLS files and ``--insecure``, checked (None: no cluster)."""
    tls_given = [arguments.tls_ca_file, arguments.tls_cert, arguments.tls_key]
    if arguments.scheduler is None:
        if any(tls_given) or arguments.insecure:
            raise RefusedError("--tls-* and --insecure go with --scheduler")
        return None
    if any(tls_given) and not all(tls_given):
        raise RefusedError("TLS needs all three: --tls-ca-file, --tls-cert and --tls-key")
    tls = TlsFiles(*tls_given) if all(tls_given) else None
    scheduler = Scheduler(arguments.scheduler, tls, arguments.insecure)
    try:
        scheduler.check()
    except ValueError as error:
        raise RefusedError(str(error)) from None
    return scheduler


def run_cluster_certs(arguments: argparse.Namespace, out: TextIO, _err: TextIO) -> int:
    """``ttt-arena cluster-certs``: an authority and the machines' certificates (OpenSSL)."""
    try:
        made = make_certificates(arguments.out, arguments.names)
    except ValueError as error:
        raise RefusedError(str(error)) from None
    except OSError as error:
        raise FailedError(str(error)) from None
    folder = arguments.out
    for path in made:
        out.write(f"{path}\n")
    first = arguments.names[0]
    out.write(
        f"Copy ca.pem and each machine's NAME.pem and NAME.key to it (keep ca.key here).\n"
        f"  scheduler, on {first}: dask scheduler --protocol tls --host {first} "
        f"--tls-ca-file {folder}/ca.pem --tls-cert {folder}/{first}.pem "
        f"--tls-key {folder}/{first}.key\n"
        f"  each worker NAME: dask worker tls://{first}:8786 --nthreads 1 "
        f"--tls-ca-file ca.pem --tls-cert NAME.pem --tls-key NAME.key\n"
        f"  here: ttt-arena tournament ... --scheduler tls://{first}:8786 "
        f"--tls-ca-file {folder}/ca.pem --tls-cert {folder}/NAME.pem "
        f"--tls-key {folder}/NAME.key\n"
    )
    return 0


def _prepare_brains(spec: Any, arguments: argparse.Namespace, *, resumed: bool) -> Any:
    """Start each brain once: its name, and whether it plays the board (else no tournament)."""
    engines = "" if arguments.engines is None else str(arguments.engines)
    try:
        return prepare(spec, engines_file=engines, relabel=not resumed)
    except BrainError as error:
        raise RefusedError(error.reason) from None
    except EngineListError as error:
        raise RefusedError(str(error)) from None


def _play_tournament(
    arguments: argparse.Namespace,
    spec: Any,
    out: TextIO,
    progress: ProgressLine,
    stores: tuple[Any, Any, Any, Any],
    *,
    psq: Any = None,
) -> None:
    done, library, saver, writer = stores
    total = spec.total_games
    jobs = arguments.jobs
    hearers = []
    if saver is not None:
        hearers.append(saver.add)
    if psq is not None:
        hearers.append(psq.add)
    json_writer = None
    in_workers = jobs > 1 or arguments.scheduler is not None
    if arguments.json:
        # The games are formatted as they are played (by the workers, when there are
        # some): the end has only the tables to write.
        json_writer = report.ArenaJsonWriter(
            [entrant.label for entrant in spec.entrants], spec.opening_rule
        )
        if not in_workers:
            hearers.append(json_writer.add)

    def on_games(games: list[TournamentGame]) -> None:
        for hear in hearers:
            hear(games)

    try:
        result = run_tournament(
            spec,
            jobs=jobs,
            processes=in_workers,
            scheduler=_scheduler(arguments),
            done=done,
            on_games=on_games if hearers else None,
            render=None if json_writer is None else json_writer.formatter,
            on_rendered=None if json_writer is None else json_writer.add_texts,
            on_progress=lambda runner, played: progress.say(
                f"tournament: {played:,} of {total:,} games"
                + (_time_left(runner.seconds_left()) if runner is not None else "")
            ),
        )
    except WorkerError as error:
        hint = f" (carry on with --resume {saver.id})" if saver is not None else ""
        raise FailedError(f"the tournament stopped: {error}{hint}") from None
    finally:
        if saver is not None:
            saver.flush()
    if writer is not None:
        # The stored games before the mark of a finished tournament: a kill in between
        # leaves a tournament to resume, which stores them (each once) again.
        writer.add_tournament(spec, result, saver.id if saver is not None else None)
        writer.flush()
    if saver is not None:
        saver.finish(result.finished)
    if library is not None:
        library.close()
    if writer is not None:
        writer.close(progress.stream)
        if spec.brains is not None and spec.brains.log_dir and result.finished:
            # The stored games carry their logs now.
            shutil.rmtree(spec.brains.log_dir, ignore_errors=True)
            with contextlib.suppress(OSError):  # the library's log folder, once empty
                Path(spec.brains.log_dir).parent.rmdir()
    if psq is not None:
        progress.stream.write(f"wrote {psq.written:,} Piskvork records (.psq) in {psq.folder}\n")
    if json_writer is not None:
        json_writer.write(result, out)
    else:
        out.write(report.crosstable_text(result))


def _time_left(seconds: float | None) -> str:
    return "" if seconds is None else f", about {seconds:,.0f} s left"


def _new_spec(arguments: argparse.Namespace) -> TournamentSpec:
    if arguments.players is None:
        raise ValueError("name the players (--players A,B,...) or --resume a tournament")
    rules: Rules = arguments.rules
    seed = arguments.seed if arguments.seed is not None else fresh_seed()
    openings = openings_of(arguments, rules)
    return TournamentSpec(
        parse_entrants(arguments.players, seed),
        # Each pair plays --games games each way round: the players take turns at X.
        2 * arguments.games,
        seed,
        arguments.format,
        rules,
        openings,
        arguments.symmetries,
        time_control(arguments),
        arguments.adjudicate,
        arguments.opening_rule,
    )


def _resumed(arguments: argparse.Namespace, progress: ProgressLine) -> tuple[Any, Any, Any, Any]:
    path = library_path(explicit=arguments.library)
    if path is None:
        raise ValueError("--resume reads the game library: give --library PATH")
    if (
        arguments.players is not None
        or arguments.openings is not None
        or arguments.opening_rule != "free"
    ):
        raise ValueError("a resumed tournament keeps its own players, openings and opening rule")
    library = Library(path)
    try:
        store = TournamentStore(library)
        stored = store.get(arguments.resume)
        spec = TournamentSpec.from_json(stored.settings)
        done = [TournamentGame(*row) for row in store.games(stored.id)]  # type: ignore[arg-type]
    except BaseException:
        library.close()
        raise
    progress.stream.write(
        f"resuming tournament {stored.id} ({stored.name}): {len(done):,} of "
        f"{spec.total_games:,} games played, {spec.total_games - len(done):,} to go\n"
    )
    if arguments.jobs is None:
        # The run's own number of workers, as it was started.
        arguments.jobs = TournamentSaver.stored_jobs(stored.settings)
    # The finished games go into the library as stored games at the end, as a fresh run's
    # do (under ids of their own: a game already stored is not stored twice).
    arguments.library = path
    return spec, done, library, TournamentSaver(library, spec, stored.name, resume=stored.id)
