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
import time
from pathlib import Path
from typing import Any, TextIO

from ttt_desktop.cli.common import ProgressLine, RefusedError
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules, RulesError

__all__ = ["add_train_arguments", "output_path", "run_train"]

_TABLE_OUT = Path("learner_table.json")


def _rules(text: str) -> Rules:
    try:
        return Rules.parse(text)
    except RulesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def _fraction(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1, not {value}")
    return value


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, not {value}")
    return value


def _opponents(text: str) -> tuple[str, ...]:
    from ttt_desktop.players.learner import CURVE_OPPONENTS  # noqa: PLC0415

    kinds = tuple(part.strip() for part in text.split(",") if part.strip())
    for kind in kinds:
        if kind not in CURVE_OPPONENTS:
            raise argparse.ArgumentTypeError(
                f"the curve measures against {', '.join(CURVE_OPPONENTS)}, not {kind!r}"
            )
    if not kinds:
        raise argparse.ArgumentTypeError("name at least one opponent")
    return kinds


def add_train_arguments(parser: argparse.ArgumentParser, rules_help: str) -> None:
    """The options of ``ttt-arena train``."""
    from ttt_desktop.players.learner import METHODS, TrainingSettings  # noqa: PLC0415

    table = TrainingSettings()
    parser.add_argument(
        "--rules", type=_rules, default=TIC_TAC_TOE, metavar="M,N,K|NAME", help=rules_help
    )
    parser.add_argument(
        "--method",
        choices=METHODS,
        help="table: the tabular Q-learner (tic-tac-toe only, the default there); ntuple: the "
        "n-tuple network trained by TD(0) (any board, the default off tic-tac-toe)",
    )
    parser.add_argument(
        "--episodes",
        type=_count,
        metavar="N",
        help=f"games to train (default {table.episodes:,} for a table; a network trains "
        "until --minutes, else 20,000 games)",
    )
    parser.add_argument(
        "--minutes", type=_positive, metavar="M", help="stop after M minutes of training"
    )
    parser.add_argument(
        "--workers",
        type=_non_negative,
        metavar="N",
        help="processes that train a network (default 0: every core); with 1 the same seed "
        "gives the same network",
    )
    parser.add_argument("--seed", type=_non_negative, default=table.seed, metavar="S")
    parser.add_argument("--alpha", type=_fraction, help="the learning rate")
    parser.add_argument("--epsilon", type=_fraction, help="the share of exploring moves")
    parser.add_argument("--gamma", type=_fraction, help="the discount per move (a table's)")
    parser.add_argument(
        "--eval-every",
        type=_count,
        metavar="N",
        help="games between two points of the curve (default 10,000 for a table, 2,000 for a "
        "network)",
    )
    parser.add_argument(
        "--eval-games",
        type=_count,
        metavar="N",
        help="games against each of the curve's opponents at each point (a table: also "
        "against random as X)",
    )
    parser.add_argument(
        "--opponents",
        type=_opponents,
        metavar="A,B",
        help="the curve's opponents (default perfect,rando for a table, levi,utility,searcher "
        "for a network; the searcher at a fixed budget of nodes)",
    )
    parser.add_argument(
        "--resume",
        type=Path,
        metavar="FILE",
        help="train this network file further (its board, its games so far and its curve)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        metavar="PATH",
        help="where to write the table or network (default ./learner_table.json, or "
        "./ntuple-M,N,K.json for a network; the shipped table is only replaced when named "
        "here)",
    )
    parser.add_argument(
        "--curve",
        type=Path,
        default=Path("learner_curve.csv"),
        metavar="PATH.csv",
        help="where to write the learning curve (default ./learner_curve.csv)",
    )


def _method(arguments: argparse.Namespace) -> str:
    from ttt_desktop.players.learner import (  # noqa: PLC0415
        NTUPLE,
        TABLE,
        network_training_problem,
    )

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
    if _method(arguments) == "table":
        return _TABLE_OUT
    return Path(f"ntuple-{arguments.rules.key}.json")


def _settings(arguments: argparse.Namespace, method: str) -> Any:
    from ttt_desktop.players.learner import NTUPLE, settings_for  # noqa: PLC0415

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


def run_train(arguments: argparse.Namespace, out: TextIO, err: TextIO) -> None:
    import csv  # noqa: PLC0415

    from ttt_desktop.players.learner import CurvePoint, train  # noqa: PLC0415

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
    from ttt_desktop.players.learner import LearnerTable  # noqa: PLC0415

    size = (
        f"{len(result.table):,} positions"
        if isinstance(result.table, LearnerTable)
        else f"{result.episodes:,} games of self-play"
    )
    out.write(f"wrote {target} ({size}) and {arguments.curve}\n")
    out.write(final.describe() + "\n")


def _resumed(path: Path) -> Any:
    from ttt_desktop.players.trained_file import check_file_seat  # noqa: PLC0415

    try:
        seat = check_file_seat(f"learner:{path}")
    except ValueError as error:
        raise RefusedError(f"--resume: {error}") from None
    if seat.network is None:
        raise RefusedError(f"--resume: {path} is a learner table; only a network trains on")
    from ttt_desktop.players.ntuple import NTupleNetwork  # noqa: PLC0415

    return NTupleNetwork.from_document(seat.network)
