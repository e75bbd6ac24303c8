"""``ttt-arena match --sprt``: its settings as cutechess-cli writes them, and the
log-likelihood ratio shown as the pairs of games come in.

Nothing here imports Qt.
"""

from __future__ import annotations

import time
from typing import Any, Final, TextIO

from ttt_desktop.lab.sprt import SprtSettings, parse_sprt

__all__ = ["LIVE_SECONDS", "POSITIONAL", "LiveLlr", "parse_settings"]

LIVE_SECONDS: Final = 0.5
"""The live LLR line comes after the first pair, then at most this often, and once more
with the verdict."""

POSITIONAL: Final = ("elo0", "elo1", "alpha", "beta")
"""The order of the values given without names: ``0,10`` or ``0,10,0.05,0.05``."""


def parse_settings(text: str) -> SprtSettings:
    """``--sprt``: ``0,10`` or ``0,10,0.05,0.05`` (elo0, elo1, alpha, beta, as
    cutechess-cli's ``-sprt`` takes them), or ``elo0=0,elo1=10,alpha=0.05,beta=0.05`` (any
    of them, ``model=normalized`` too); named values may follow the plain ones."""
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
    for key, value in zip(POSITIONAL, parts[:plain], strict=False):
        try:
            float(value)
        except ValueError:
            raise ValueError(f"{value!r}: {key} is a number (for example 0,10)") from None
    named = [f"{key}={value}" for key, value in zip(POSITIONAL, parts[:plain], strict=False)]
    return parse_sprt(",".join([*named, *parts[plain:]]))


class LiveLlr:
    """``on_pair`` for an SPRT: a line with the games, the pairs and the LLR on ``stream``
    after the first pair, then at most every :data:`LIVE_SECONDS`, and with the verdict."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self._last = 0.0

    def __call__(self, state: Any) -> None:
        now = time.monotonic()
        if state.games > 2 and state.verdict is None and now - self._last < LIVE_SECONDS:
            return
        self._last = now
        self.stream.write(f"sprt: {state.describe()}\n")
        self.stream.flush()
