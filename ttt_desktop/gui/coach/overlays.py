"""What the coach draws on the board: move values, a hint's cells, a reviewed move.

Each is a :class:`~ttt_desktop.gui.board.board_overlay.BoardOverlay` in a layer of its
own, so the coach's drawings and other features' never erase each other.
"""

from __future__ import annotations

import importlib
import sys
import threading
from types import ModuleType
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QCoreApplication

from ttt_desktop.core import Board
from ttt_desktop.gui.board.board_overlay import BoardOverlay, CellAnnotation, GhostMark, Tone

if TYPE_CHECKING:
    from ttt_desktop.analysis import board_coach
    from ttt_desktop.analysis import coach as coach_module

VALUES_LAYER: Final = "coach-values"
HINT_LAYER: Final = "coach-hint"
REVIEW_LAYER: Final = "coach-review"

TONE_OF_OUTCOME: Final[dict[str, Tone]] = {"win": "win", "draw": "draw", "loss": "loss"}


_speaks_qt: list[bool] = []


def preload_coach(*, every_board: bool = False) -> None:
    """Import the coach in a background thread, so a review's first use does not stall the
    window (the import cost a person's first game end 9-20 ms in the GUI thread).

    ``every_board`` also imports the coach of the other boards and its search's jobs."""
    wanted = ["ttt_desktop.analysis.coach"]
    if every_board:
        wanted += ["ttt_desktop.analysis.board_coach", "ttt_desktop.players.coach_search"]
    if all(name in sys.modules for name in wanted):
        return

    def load() -> None:
        for name in wanted:
            importlib.import_module(name)

    threading.Thread(target=load, name="coach-preload", daemon=True).start()


def load_coach() -> ModuleType:
    """The coach (imported on first use, not before the window shows), speaking Qt's language."""
    from ttt_desktop.analysis import coach  # noqa: PLC0415  (solver and words: on first use)

    if not _speaks_qt:
        coach.set_translator(QCoreApplication.translate)
        _speaks_qt.append(True)
    return coach


def values_overlay(board: Board) -> BoardOverlay | None:
    """Every empty cell with what playing there leads to, for the side to move (None once over)."""
    if board.is_over:
        return None
    coach = load_coach()
    annotations = {
        cell: CellAnnotation(
            coach.value_words(value),
            QCoreApplication.translate("CoachOverlays", "for {mark}, {description}").format(
                mark=board.to_move.value, description=coach.value_description(value)
            ),
            TONE_OF_OUTCOME[value.outcome],
        )
        for cell, value in coach.cell_values(board).items()
    }
    return BoardOverlay(annotations=annotations)


def advice_values_overlay(advice: board_coach.BoardAdvice) -> BoardOverlay:
    """The cells the coach weighed on a board other than 3x3: proven results in words and the
    search's choice ("best found"), with their long form for a screen reader."""
    from ttt_desktop.analysis import board_coach  # noqa: PLC0415  (loaded with the coach)

    load_coach()
    annotations = {
        value.cell: CellAnnotation(
            board_coach.estimate_words(value),
            QCoreApplication.translate("CoachOverlays", "for {mark}, {description}").format(
                mark=advice.mover,
                description=board_coach.estimate_description(value, advice.budget_ms),
            ),
            TONE_OF_OUTCOME[board_coach.value_tone(value)],
        )
        for value in advice.values
        # The moves the search proved nothing about stay blank: it does not rank them.
        if value.outcome is not None or value.rank == 1
    }
    return BoardOverlay(annotations=annotations)


def hint_overlay(hint: coach_module.Hint | board_coach.BoardAdvice) -> BoardOverlay:
    """The hint's best cells, outlined, with its sentence for a screen reader."""
    return BoardOverlay(
        marked=hint.cells,
        marked_description=QCoreApplication.translate("CoachOverlays", "hint: {sentence}").format(
            sentence=hint.sentence
        ),
    )


def verdict_overlay(
    verdict: coach_module.MoveVerdict | board_coach.BoardVerdict,
) -> BoardOverlay:
    """The position before a reviewed move: the better cells outlined, the move played faint."""
    played = CellAnnotation(
        QCoreApplication.translate("CoachOverlays", "played"),
        QCoreApplication.translate("CoachOverlays", "the move played: {verdict}").format(
            verdict=verdict_words(verdict)
        ),
        _verdict_tone(verdict),
    )
    better = verdict.better or (verdict.cell,)
    return BoardOverlay(
        annotations={verdict.cell: played},
        marked=better,
        marked_description=QCoreApplication.translate("CoachOverlays", "the best move here"),
        ghosts=(GhostMark(verdict.cell, verdict.mark, verdict.number),),
    )


def verdict_words(verdict: coach_module.MoveVerdict | board_coach.BoardVerdict) -> str:
    """A verdict in a word or two ("Mistake"), and off the solved boards what it rests on
    ("Mistake (by a 0.2 s search)", "Best (proven)")."""
    from ttt_desktop.analysis import board_coach  # noqa: PLC0415  (loaded with the coach)

    if isinstance(verdict, board_coach.BoardVerdict):
        return verdict.label
    words: str = load_coach().verdict_label(verdict.kind)
    return words


def _verdict_tone(verdict: coach_module.MoveVerdict | board_coach.BoardVerdict) -> Tone:
    from ttt_desktop.analysis import board_coach  # noqa: PLC0415  (loaded with the coach)

    if isinstance(verdict, board_coach.BoardVerdict):
        return TONE_OF_OUTCOME[verdict.tone]
    return TONE_OF_OUTCOME[verdict.after.outcome]
