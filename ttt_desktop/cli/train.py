"""``ttt-arena train``: a learner trained by self-play, its table or network and its learning
curve written.

``--rules 3,3,3`` (the default) trains the tabular learner of source document 004, as the
shipped table was made; any other board trains the n-tuple network
(:mod:`ttt_desktop.players.ntuple`), ``--method`` choosing either where both apply. The
training runs for ``--episodes`` games, or ``--minutes`` of training, whichever ends first;
the network trains on every core (``--workers``). Each point of the curve, and a line at
most once a second, goes to stderr; the table or network goes to ``--out``, the curve to
``--curve`` (CSV). ``--resume FILE`` trains a network file further.

Nothing here imports Qt.
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path
from typing import Any, TextIO

from ttt_desktop.cli.common import ProgressLine, RefusedError
from ttt_desktop.core.rules import Rules
from ttt_desktop.players.learner import (
    NTUPLE,
    TABLE,
    CurvePoint,
    LearnerTable,
    TrainingSettings,
    network_training_problem,
    settings_for,
    train,
)
from ttt_desktop.players.trained_file import check_file_seat

__all__ = ["output_path", "run_train"]

_TABLE_OUT = Path("learner_table.json")


def _method(arguments: argparse.Namespace) -> str:
    rules: Rules = arguments.rules
    method: str | None = arguments.method
    if method is None:
        method = NTUPLE if arguments.resume is not None or not rules.is_classic else TABLE
    if method == TABLE and not rules.is_classic:
        raise RefusedError(
            f"the learner's table is for tic-tac-toe (3,3,3) only, not {rules.key}: its table "
            "holds tic-tac-toe positions; train a network there (--method ntuple)"
        )
    problem = network_training_problem() if method == NTUPLE else None
    if problem is not None:
        raise RefusedError(problem)
    return method


def output_path(arguments: argparse.Namespace) -> Path:
    """Where the training writes its table or network."""
    if arguments.out is not None:
        return Path(arguments.out)
    if _method(arguments) == TABLE:
        return _TABLE_OUT
    return Path(f"ntuple-{arguments.rules.key}.json")


def _settings(arguments: argparse.Namespace, method: str) -> TrainingSettings:
    changes: dict[str, Any] = {"rules": arguments.rules.key, "seed": arguments.seed}
    for name in ("episodes", "alpha", "epsilon", "gamma", "eval_every", "eval_games"):
        value = getattr(arguments, name)
        if value is not None:
            changes[name] = value
    if arguments.minutes is not None:
        changes["minutes"] = arguments.minutes
    elif method == NTUPLE and arguments.episodes is None:
        changes["episodes"] = 20_000
    if arguments.workers is not None:
        changes["workers"] = arguments.workers
    if arguments.opponents is not None:
        changes["opponents"] = arguments.opponents
    try:
        return settings_for(method, **changes)
    except ValueError as error:
        raise RefusedError(str(error)) from None


def run_train(arguments: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``ttt-arena train``; the exit status."""
    method = _method(arguments)
    settings = _settings(arguments, method)
    start = None
    if arguments.resume is not None:
        start = _resumed(arguments.resume)
        if start.rules is not arguments.rules:
            raise RefusedError(
                f"{arguments.resume} was trained on {start.rules.key}: give --rules "
                f"{start.rules.key} to train it further"
            )
    target = output_path(arguments)
    progress = ProgressLine(err)
    began = time.perf_counter()

    def report(point: CurvePoint) -> None:
        err.write(point.describe() + "\n")
        err.flush()

    def control(episode: int, _snapshot: Any) -> bool:
        progress.say(f"training: {episode:,} games, {time.perf_counter() - began:.0f} s")
        return True

    limit = f" or {settings.minutes:g} min of training" if settings.minutes else ""
    workers = f" on {settings.worker_count} process(es)" if method != "table" else ""
    err.write(
        f"training {settings.rules} by the {method} method: at most "
        f"{settings.episodes:,} episodes{limit}{workers} (seed {settings.seed})\n"
    )
    result = train(settings, on_progress=report, control=control, start=start)
    result.table.save(target)
    arguments.curve.parent.mkdir(parents=True, exist_ok=True)
    with arguments.curve.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(result.curve[-1].csv_header())
        writer.writerows(point.csv_row() for point in result.curve)
    final = result.curve[-1]
    size = (
        f"{len(result.table):,} positions"
        if isinstance(result.table, LearnerTable)
        else f"{result.episodes:,} games of self-play"
    )
    out.write(f"wrote {target} ({size}) and {arguments.curve}\n")
    out.write(final.describe() + "\n")
    return 0


def _resumed(path: Path) -> Any:
    try:
        seat = check_file_seat(f"learner:{path}")
    except ValueError as error:
        raise RefusedError(f"--resume: {error}") from None
    if seat.network is None:
        raise RefusedError(f"--resume: {path} is a learner table; only a network trains on")
    # numpy is an optional dependency (the packaged app carries none), and the network's
    # module imports it: loaded only to train a network further.
    from ttt_desktop.players.ntuple import NTupleNetwork  # noqa: PLC0415

    return NTupleNetwork.from_document(seat.network)
