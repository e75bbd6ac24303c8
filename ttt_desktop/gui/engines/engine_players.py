"""The engine list's brains as computer players of the window's drop-downs.

The engine list (``engines.json``, :mod:`ttt_desktop.brains.engines`) names the Gomocup
brains this user has added in *Lab > Engines...*; each is a kind of its own
(``brain.<name>``) that the window's player factory
(:class:`~ttt_desktop.brains.factory.BrainPlayerFactory`) makes in the search process. A
brain is offered for the boards its probe found it plays (five in a row on the square
sizes it accepted, rectangles if it took RECTSTART, any k with our ``INFO k``) under the
rules it played a move under (free-style and exactly five unless it refused them, renju
and caro once it played them); for the others it is listed disabled, its tooltip saying
why.

:func:`set_engines` keeps the brains the window knows, so that every list that asks
whether a kind plays a board (:func:`~ttt_desktop.gui.game.player_panel.kind_plays`) gets the
same answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QStandardPaths

from ttt_desktop.brains.factory import BRAIN_KIND_PREFIX, BrainInfo, engine_entries
from ttt_desktop.brains.location import engines_path
from ttt_desktop.brains.protocol import RULE_CARO, RULE_EXACT, RULE_FREE_STYLE, RULE_RENJU
from ttt_desktop.gui.common.rules_text import rules_title
from ttt_desktop.gui.engines.brain_text import printable

if TYPE_CHECKING:
    from ttt_desktop.brains.engines import EngineEntry, EngineList
    from ttt_desktop.core.rules import Rules

__all__ = [
    "brain_plays",
    "default_engines_path",
    "engine_info",
    "engine_infos",
    "is_brain",
    "rule_words",
    "set_engines",
    "why_not",
]

_known: dict[str, BrainInfo] = {}


def default_engines_path() -> Path:
    """The engine list beside the game library, in the window's data folder."""
    app_data = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return engines_path(app_data or None)


def is_brain(kind: str) -> bool:
    """Whether ``kind`` is a brain of the engine list."""
    return kind.startswith(BRAIN_KIND_PREFIX)


def engine_infos(engines: EngineList) -> list[BrainInfo]:
    """The brains of ``engines`` as the drop-downs list them, their names and descriptions
    as :func:`~ttt_desktop.gui.engines.brain_text.printable` makes them (a name came from the
    brain's ABOUT answer)."""
    return [
        replace(info, name=printable(info.name), description=printable(info.description))
        for info in engine_entries(engines)
    ]


def set_engines(infos: Iterable[BrainInfo]) -> None:
    """The brains the window offers from now on."""
    _known.clear()
    _known.update((info.kind, info) for info in infos)


def engine_info(kind: str) -> BrainInfo | None:
    """The brain of ``kind``, if the engine list has it."""
    return _known.get(kind)


def brain_plays(kind: str, rules: Rules) -> bool:
    """Whether the brain of ``kind`` plays ``rules``, as its probe found (an unknown
    brain, or a board it was not probed for, is not offered)."""
    info = _known.get(kind)
    return info is not None and info.entry.plays(rules) is True


def why_not(kind: str, name: str, rules: Rules, entry: EngineEntry | None = None) -> str:
    """Why the brain of ``kind`` (or ``entry``) is not offered for ``rules``, in words for
    a tooltip."""
    info = _known.get(kind)
    translate = QCoreApplication.translate
    board = rules_title(rules)
    if entry is None and info is None:
        text = translate("EnginePlayers", "{name} is no longer in the engine list")
        return text.format(name=name)
    if entry is None:
        assert info is not None
        entry = info.entry
    rule_text = _rule_why_not(entry, rules, name)
    if rule_text is not None:
        return rule_text
    if rules.k != 5 and not entry.mnk:
        text = translate("EnginePlayers", "{name} plays five in a row (Gomocup), not {board}")
    elif rules.m != rules.n and entry.rectangles is None:
        text = translate(
            "EnginePlayers",
            "{name} was not asked whether it plays rectangles: probe it in Lab > Engines...",
        )
    elif rules.m != rules.n:
        text = translate("EnginePlayers", "{name} does not play rectangular boards such as {board}")
    elif not entry.sizes:
        text = translate("EnginePlayers", "{name} was not probed yet: probe it in Lab > Engines...")
    else:
        text = translate("EnginePlayers", "{name} plays {sizes} (as probed), not {board}")
    sizes = ", ".join(f"{size}x{size}" for size in entry.sizes)
    return text.format(name=name, board=board, sizes=sizes)


def rule_words(rule: int) -> str:
    """The name of Gomocup's ``INFO rule`` value ``rule``, translated ("renju")."""
    translate = QCoreApplication.translate
    words = {
        RULE_FREE_STYLE: translate("EnginePlayers", "free-style"),
        RULE_EXACT: translate("EnginePlayers", "exactly five"),
        RULE_RENJU: translate("EnginePlayers", "renju"),
        RULE_CARO: translate("EnginePlayers", "caro"),
    }
    return words.get(rule, translate("EnginePlayers", "rule {rule}").format(rule=rule))


def _rule_why_not(entry: EngineEntry, rules: Rules, name: str) -> str | None:
    """Why ``entry`` (called ``name``) is not offered under the rule of ``rules``; None
    when its probe says it plays that rule."""
    if entry.plays_rule(rules):
        return None
    translate = QCoreApplication.translate
    rule = rules.gomocup_rule
    words = rule_words(rule)
    answer = entry.refusals.get(str(rule))
    if answer is None:
        text = translate(
            "EnginePlayers",
            "{name} was not asked whether it plays {rule}: probe it in Lab > Engines...",
        )
        return text.format(name=name, rule=words)
    text = translate(
        "EnginePlayers",
        "{name} does not play {rule}: it answered {answer} to INFO rule {bit} when probed",
    )
    return text.format(name=name, rule=words, answer=printable(answer), bit=rule)
