"""On a board the solver proves, the coach goes on proving a position after its first answer:
the hint and the values become the solver's when it finishes, a new move abandons it.

6,5,4 (proved whole in a second) has positions of three to five stones whose every move's
value takes the solver 1-30 s, more than a hint's share of the coach's time."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from ttt_desktop.analysis import mnk_solver
from ttt_desktop.core.rules import Rules
from ttt_desktop.gui.shell.main_window import MainWindow

WindowMaker = Callable[..., MainWindow]
SIX_FIVE = Rules(6, 5, 4)
ANSWER_MS = 120_000  # a ceiling for a hung search process, not a speed bar

pytestmark = pytest.mark.slow


def play(qtbot: QtBot, window: MainWindow, names: str) -> None:
    board = window.board
    geometry = window.controller.session.rules.geometry
    for name in names.split():
        with qtbot.waitSignal(window.controller.move_played):
            qtbot.mouseClick(
                board, Qt.MouseButton.LeftButton, pos=board.cell_centre(geometry.parse(name))
            )


def tiny_budget(window: MainWindow) -> None:
    """A millisecond: the solver's share of the hint's time proves nothing here, so the
    first answer is the search's whatever the machine's speed."""
    window.coach.set_budget_ms(1)
    window.coach.search_nodes = 500


def test_the_hint_becomes_the_solvers_when_the_proof_in_the_background_ends(
    qtbot: QtBot, two_people: WindowMaker
) -> None:
    window = two_people(rules=SIX_FIVE)
    tiny_budget(window)
    features = window.coach
    play(qtbot, window, "b4 c5 b2")
    board = window.controller.session.board
    with qtbot.waitSignal(features.hint_shown, timeout=ANSWER_MS) as first:
        features.hint_action.trigger()
    advice = first.args[0]
    assert advice.source == "search" and advice.provable
    assert "the solver is still proving this position" in window.statusBar().currentMessage()
    assert features.is_proving
    with (
        qtbot.waitSignal(features.proof_finished, timeout=ANSWER_MS) as finished,
        qtbot.waitSignal(features.hint_shown, timeout=ANSWER_MS) as again,
    ):
        pass
    proved = finished.args[1]
    assert finished.args[0] == board and proved is not None and proved.source == "solved"
    assert again.args[0] is proved and not features.is_proving
    assert "(proved)" in proved.sentence or "keeps the draw" in proved.sentence
    assert "still proving" not in window.statusBar().currentMessage()
    # Exactly the solver's values, computed here independently.
    values = mnk_solver.move_values(board)
    best = max(values.values())
    assert set(proved.cells) == {cell for cell, value in values.items() if value == best}
    word = {1: "win", 0: "draw", -1: "loss"}
    assert {value.cell: value.outcome for value in proved.values} == {
        cell: word[value] for cell, value in values.items()
    }
    # The values on show follow: the overlay is the proof's.
    features.show_values_action.setChecked(True)
    assert features.last_advice is proved


def test_a_move_abandons_the_proof_in_the_background(qtbot: QtBot, two_people: WindowMaker) -> None:
    window = two_people(rules=SIX_FIVE)
    tiny_budget(window)
    features = window.coach
    # Every move's value of this position takes the solver 10-20 s.
    play(qtbot, window, "c1 f3 d5")
    with qtbot.waitSignal(features.hint_shown, timeout=ANSWER_MS):
        features.hint_action.trigger()
    assert features.is_proving
    play(qtbot, window, "a1")
    assert not features.is_proving
    # The search process is free again: the next hint comes.
    with qtbot.waitSignal(features.hint_shown, timeout=ANSWER_MS) as shown:
        features.hint_action.trigger()
    assert shown.args[0].source in ("search", "solved", "threats")
