"""``ttt-arena match --sprt``: a sequential test of ``--x`` against ``--o``, our players or
Gomocup brains, with the log-likelihood ratio shown as the pairs of games come in.

Nothing here imports Qt.
"""

from __future__ import annotations

import argparse
import time
from typing import Any, Final, TextIO

from ttt_desktop.cli.output import print_json

__all__ = ["LIVE_SECONDS", "SprtRefusedError", "parse_settings", "run_sprt"]

LIVE_SECONDS: Final = 0.5
"""The live LLR line comes after the first pair, then at most this often (and at the end)."""


POSITIONAL: Final = ("elo0", "elo1", "alpha", "beta")
"""The order of the values given without names: ``0,10`` or ``0,10,0.05,0.05``."""


def parse_settings(text: str) -> Any:
    """``--sprt``: ``0,10`` or ``0,10,0.05,0.05`` (elo0, elo1, alpha, beta, as
    cutechess-cli's ``-sprt`` takes them), or ``elo0=0,elo1=10,alpha=0.05,beta=0.05`` (any
    of them, ``model=normalized`` too); named values may follow the plain ones."""
    from ttt_desktop.lab.sprt import parse_sprt  # noqa: PLC0415

    parts = [part.strip() for part in text.split(",") if part.strip()]
    plain = 0
    while plain < len(parts) and "=" not in parts[plain]:
        plain += 1
    if plain > len(POSITIONAL):
        raise ValueError(
            f"{text!r}: the SPRT takes at most four values (elo0, elo1, alpha, beta), "
            "for example 0,10 or 0,10,0.05,0.05"
        )
    if plain == 1:
        raise ValueError(f"{text!r}: give elo0 and elo1 (for example 0,10)")
    named = [f"{key}={value}" for key, value in zip(POSITIONAL, parts[:plain], strict=False)]
    for key, value in zip(POSITIONAL, parts[:plain], strict=False):
        try:
            float(value)
        except ValueError:
            raise ValueError(f"{value!r}: {key} is a number (for example 0,10)") from None
    return parse_sprt(",".join([*named, *parts[plain:]]))


class SprtRefusedError(ValueError):
    """The SPRT can't be run as asked (the message says what to leave out)."""


def run_sprt(  # noqa: PLR0917
    arguments: argparse.Namespace,
    first: Any,
    second: Any,
    seed: int,
    out: TextIO,
    err: TextIO,
) -> None:
    """Pairs of games, ``first`` (``--x``) as X then as O, until H0 or H1 is accepted or
    ``--games`` are played; the LLR on ``err`` as it goes, the verdict on ``out``."""
    from ttt_desktop.lab.sprt import play_sprt_match  # noqa: PLC0415

    if getattr(arguments, "library", None) is not None or arguments.start != "x":
        raise SprtRefusedError(
            "an SPRT match plays pairs of games, each player X once, and stores none: "
            "leave out --start and --library"
        )
    settings = arguments.sprt
    err.write(
        f"SPRT of {arguments.x} against {arguments.o} on {arguments.rules.key}: "
        f"{settings.label()}; at most {arguments.games:,} games\n"
    )
    err.flush()
    last = [0.0]

    def live(state: Any) -> None:
        now = time.monotonic()
        if state.games > 2 and now - last[0] < LIVE_SECONDS and state.verdict is None:
            return
        last[0] = now
        err.write(f"sprt: {state.describe()}\n")
        err.flush()

    match = play_sprt_match(
        first,
        second,
        settings,
        rules=arguments.rules,
        max_games=arguments.games,
        on_pair=live,
    )
    if arguments.json:
        print_json(
            {
                "seed": seed,
                "rules": arguments.rules.key,
                "x": arguments.x,
                "o": arguments.o,
                "sprt": match.as_json(),
            },
            out,
        )
        return
    out.write(f"{arguments.x} against {arguments.o} (seed {seed}): {match.state.describe()}\n")
    out.write(match.conclusion() + "\n")
