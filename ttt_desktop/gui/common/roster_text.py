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
        "Wins or blocks, else tallies wins and losses some moves ahead, near stones on big boards.",
    ),
    QT_TRANSLATE_NOOP(
        "Roster",
        "Wins, blocks, else a random corner, the centre, a random side; on any board.",
    ),
    QT_TRANSLATE_NOOP(
        "Roster",
        "Wins or blocks, else the cell whose lines of k hold most promise; on any board.",
    ),
    QT_TRANSLATE_NOOP(
        "Roster",
        "Tabular reinforcement learner trained by self-play; tic-tac-toe only.",
    ),
    QT_TRANSLATE_NOOP(
        "Roster",
        "Learns by self-play: a network of line patterns trained by temporal differences; "
        "wins, blocks, else the move its network values most. Plays the boards of the k its "
        "network learnt; the Lab trains it for any board.",
    ),
    QT_TRANSLATE_NOOP(
        "Roster",
        "Monte Carlo tree search: plays thousands of random games from the position, "
        "favours the moves that win most and proves wins and losses it can see to the end; "
        "on any board.",
    ),
    QT_TRANSLATE_NOOP(
        "Roster",
        "Newell and Simon's eight rules (win, block, forks, centre, corners, sides); any board.",
    ),
    QT_TRANSLATE_NOOP(
        "Roster",
        "Plain minimax: the whole tree on tic-tac-toe, a few moves deep elsewhere; any board.",
    ),
    QT_TRANSLATE_NOOP(
        "Roster",
        "Minimax with alpha-beta pruning: whole tree on tic-tac-toe, deeper elsewhere; any board.",
    ),
    QT_TRANSLATE_NOOP(
        "Roster",
        "Plays the solved game: never lets a win or a draw go; on tic-tac-toe it wins as fast "
        "and loses as slowly as possible.",
    ),
    QT_TRANSLATE_NOOP(
        "Roster",
        "Searches ahead with iterative-deepening alpha-beta, threat-first, for a second a "
        "move; on any board.",
    ),
    QT_TRANSLATE_NOOP(
        "Roster",
        "Perfect where the game is solved, else a forced win when the threat search proves "
        "one, else the Searcher; on any board.",
    ),
)


def describe(description: str) -> str:
    """``description`` (a roster entry's) in the interface's language."""
    return QCoreApplication.translate("Roster", description)
