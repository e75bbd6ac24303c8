"""The computer players' one-line descriptions, translated for the window.

The players package is Qt-free, so its descriptions (``PlayerInfo.description``)
are English. :data:`DESCRIPTIONS` repeats them for ``pyside6-lupdate`` to collect
into the translation under the context "Roster"; :func:`describe` looks a
description up there. ``tests/gui/test_translation.py`` checks that every roster
entry's description is listed here, so a changed description cannot slip by.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

DESCRIPTIONS: Final = (
    QT_TRANSLATE_NOOP("Roster", "Plays any free cell at random, on any board."),
    QT_TRANSLATE_NOOP(
        "Roster", "Plays a scripted list of cells in order, on any board; for tests and replays."
    ),
    QT_TRANSLATE_NOOP(
        "Roster", "Takes a winning cell, else blocks yours, else plays at random; on any board."
    ),
    QT_TRANSLATE_NOOP(
        "Roster",
        "Wins or blocks, else scores cells by looking five moves ahead (quirky tallies).",
    ),
    QT_TRANSLATE_NOOP("Roster", "Wins, blocks, else a random corner, the centre, a random side."),
    QT_TRANSLATE_NOOP(
        "Roster", "Wins or blocks, else takes the cell whose lines hold the most promise."
    ),
    QT_TRANSLATE_NOOP("Roster", "Tabular reinforcement learner trained by self-play."),
    QT_TRANSLATE_NOOP(
        "Roster",
        "Monte Carlo tree search: plays thousands of random games from the position, "
        "favours the moves that win most and proves wins and losses it can see to the end; "
        "on any board.",
    ),
    QT_TRANSLATE_NOOP(
        "Roster",
        "Newell and Simon's eight rules: win, block, fork, block fork, centre, corners, sides.",
    ),
    QT_TRANSLATE_NOOP(
        "Roster", "Searches the whole game tree with plain minimax; slow on an empty board."
    ),
    QT_TRANSLATE_NOOP(
        "Roster",
        "Searches the whole game tree with alpha-beta pruning and good move ordering.",
    ),
    QT_TRANSLATE_NOOP(
        "Roster", "Looks up the solved game: wins as fast and loses as slowly as possible."
    ),
)


def describe(description: str) -> str:
    """``description`` (a roster entry's) in the interface's language."""
    return QCoreApplication.translate("Roster", description)
