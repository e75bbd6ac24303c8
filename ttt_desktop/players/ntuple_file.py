"""The trained-network file of the n-tuple learner: its format, read and checked in pure Python.

A network file is a JSON object::

    {"format": "ttt-desktop-ntuple-network", "version": 1,
     "rules": "9,9,5", "window": 6, "weights": [...], "training": {...}}

``rules`` is the board it was trained on (its key), ``window`` the length of the line
windows its patterns cover, ``weights`` one number per pattern class (see
:mod:`ttt_desktop.players.ntuple`: :func:`pattern_classes` of the window), each within
:data:`MAX_WEIGHT` in absolute value, and ``training`` how it was made (its settings, the
games played, the learning curve).

This module reads and checks such files without numpy, so listing the trained players
costs no numpy import; :mod:`ttt_desktop.players.ntuple` turns the weights into arrays when
the player is made. Nothing here imports Qt.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from ttt_desktop.core.rules import Rules, RulesError

__all__ = [
    "MAX_WEIGHT",
    "NETWORK_FORMAT",
    "NETWORK_VERSION",
    "NetworkDocument",
    "NetworkFormatError",
    "is_network_document",
    "pattern_class_count",
    "window_length",
]

NETWORK_FORMAT: Final = "ttt-desktop-ntuple-network"
NETWORK_VERSION: Final = 1
MAX_WEIGHT: Final = 1000.0
"""No trained weight comes near this; a file holding a larger one is not a network."""
LONGEST_WINDOW: Final = 7
"""Windows are k + 1 cells long, at most this many (4^7 patterns)."""
_DECIMALS: Final = 5


class NetworkFormatError(ValueError):
    """A network file that is not valid: the message says what is wrong."""


def window_length(rules: Rules) -> int:
    """The length of the line windows for ``rules``: k + 1 (a run of k and one cell beside
    it, so an open end is seen), at most :data:`LONGEST_WINDOW`."""
    return min(rules.k + 1, LONGEST_WINDOW)


def pattern_class_count(window: int) -> int:
    """How many weights a network of ``window``-cell windows has: the patterns of the window
    (each cell empty, the mover's, the opponent's or off the board), a pattern and its mirror
    image sharing one."""
    total: int = 4**window
    palindromes: int = 4 ** ((window + 1) // 2)
    return (total + palindromes) // 2


def is_network_document(document: object) -> bool:
    """Whether ``document`` (parsed JSON) says it is a network file, valid or not."""
    return isinstance(document, dict) and document.get("format") == NETWORK_FORMAT


@dataclass(frozen=True)
class NetworkDocument:
    """A checked network file: its rules, window, weights and training record."""

    rules: Rules
    window: int
    weights: tuple[float, ...]
    training: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_json(cls, document: object) -> NetworkDocument:
        """The network in ``document``; :class:`NetworkFormatError` saying what is wrong."""
        if not isinstance(document, dict):
            raise NetworkFormatError("a network file is a JSON object")
        if document.get("format") != NETWORK_FORMAT:
            raise NetworkFormatError(f"not a network file (format {document.get('format')!r})")
        if document.get("version") != NETWORK_VERSION:
            raise NetworkFormatError(
                f"network version {document.get('version')!r} is not supported "
                f"(this program reads version {NETWORK_VERSION})"
            )
        key = document.get("rules")
        if not isinstance(key, str):
            raise NetworkFormatError("a network file names its board in 'rules' (such as '9,9,5')")
        try:
            rules = Rules.parse(key)
        except RulesError as error:
            raise NetworkFormatError(f"its rules {key!r} are not a board: {error}") from None
        window = document.get("window")
        if window != window_length(rules):
            raise NetworkFormatError(
                f"a network for {rules.key} has windows of {window_length(rules)} cells, "
                f"not {window!r}"
            )
        weights = document.get("weights")
        expected = pattern_class_count(window)
        if not isinstance(weights, list) or len(weights) != expected:
            count = len(weights) if isinstance(weights, list) else "no list of"
            raise NetworkFormatError(
                f"a network of {window}-cell windows has {expected} weights, not {count}"
            )
        for index, value in enumerate(weights):
            if (
                isinstance(value, bool)
                or not isinstance(value, int | float)
                or not -MAX_WEIGHT <= value <= MAX_WEIGHT
            ):
                raise NetworkFormatError(
                    f"weight {index} is {value!r}, not a number from {-MAX_WEIGHT:g} to "
                    f"{MAX_WEIGHT:g}"
                )
        training = document.get("training", {})
        if not isinstance(training, dict):
            raise NetworkFormatError("'training' is an object")
        return cls(rules, window, tuple(float(value) for value in weights), training)

    def to_json(self) -> dict[str, Any]:
        """The JSON document (a plain dict) that :meth:`from_json` reads."""
        return {
            "format": NETWORK_FORMAT,
            "version": NETWORK_VERSION,
            "rules": self.rules.key,
            "window": self.window,
            "training": dict(self.training),
            "weights": [round(value, _DECIMALS) for value in self.weights],
        }

    @classmethod
    def load(cls, path: str | Path) -> NetworkDocument:
        """Read a network file written by :meth:`save`."""
        with Path(path).open(encoding="utf-8") as file:
            try:
                document = json.load(file)
            except json.JSONDecodeError as error:
                raise NetworkFormatError(f"{path}: not valid JSON ({error})") from None
        return cls.from_json(document)

    def save(self, path: str | Path) -> None:
        """Write the network as JSON (the weights on lines of twelve)."""
        document = self.to_json()
        weights = document.pop("weights")
        head = json.dumps(document, indent=1)[:-2]
        rows = ",\n".join(
            "  " + ", ".join(json.dumps(value) for value in weights[start : start + 12])
            for start in range(0, len(weights), 12)
        )
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(f'{head},\n "weights": [\n{rows}\n ]\n}}\n', encoding="utf-8")

    def describe(self) -> str:
        """One line about how it was trained, for the drop-downs' descriptions."""
        training = self.training
        games = training.get("games", "?")
        minutes = training.get("seconds")
        spent = f" in {float(minutes) / 60:.1f} min" if isinstance(minutes, int | float) else ""
        return f"An n-tuple network trained by self-play on {self.rules.key}: {games} games{spent}."
