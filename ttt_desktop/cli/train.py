"""``ttt-arena train``: the learner retrained, its table and its learning curve written.

Nothing here imports Qt.
"""

from __future__ import annotations

import argparse
from typing import TextIO

from ttt_desktop.cli.common import classic_only


def run_train(arguments: argparse.Namespace, out: TextIO, err: TextIO) -> None:
    import csv  # noqa: PLC0415

    from ttt_desktop.players.learner import CurvePoint, TrainingSettings, train  # noqa: PLC0415

    classic_only(arguments.rules, "the learner", "its table holds tic-tac-toe positions")
    settings = TrainingSettings(
        episodes=arguments.episodes,
        seed=arguments.seed,
        alpha=arguments.alpha,
        epsilon=arguments.epsilon,
        gamma=arguments.gamma,
        eval_every=arguments.eval_every,
        eval_games=arguments.eval_games,
    )

    def report(point: CurvePoint) -> None:
        err.write(point.describe() + "\n")
        err.flush()

    err.write(f"training {settings.episodes:,} episodes (seed {settings.seed})\n")
    result = train(settings, on_progress=report)
    result.table.save(arguments.out)
    arguments.curve.parent.mkdir(parents=True, exist_ok=True)
    with arguments.curve.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(CurvePoint.CSV_HEADER)
        writer.writerows(point.csv_row() for point in result.curve)
    final = result.curve[-1]
    out.write(f"wrote {arguments.out} ({len(result.table):,} positions) and {arguments.curve}\n")
    out.write(final.describe() + "\n")
