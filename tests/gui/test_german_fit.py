"""German that fits (issue 18, fault 7): the move list keeps the players' names whole, a match
is not called a tournament, and "100 %" stays on one line."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from conftest import MovePlayer, WindowMaker
from PySide6.QtCore import QCoreApplication, QRect, QSettings
from pytestqt.qtbot import QtBot

from ttt_desktop.gui.common import screen_fit, translation

NBSP = "\u00a0"


@pytest.fixture
def german() -> Iterator[Callable[[], None]]:
    """Call to switch the application to German; English again at the end of the test."""
    installed: list[object] = []

    def switch() -> None:
        installed.extend(translation.install(QSettings(), "de"))
        assert len(installed) == 2

    yield switch
    translation.remove(installed)  # type: ignore[arg-type]


def test_the_move_list_keeps_the_names_whole_in_german(
    qtbot: QtBot,
    german: Callable[[], None],
    two_people: WindowMaker,
    play_moves: MovePlayer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(screen_fit, "available_geometry", lambda widget: QRect(0, 0, 1366, 768))
    german()
    window = two_people("Alice", "Bob")
    window.resize(1040, 660)
    play_moves(window, (4, 0, 8))
    window.review.replay_bar.step_back()
    moves = window.review.move_list
    qtbot.waitUntil(moves.isVisible)
    assert moves.item(0, 1).text() == "Anfang"
    padding = 8
    for row in range(moves.rowCount()):
        name = moves.item(row, 1).text()
        assert moves.columnWidth(1) >= moves.fontMetrics().horizontalAdvance(name) + padding, name
    # And no column is wider than the dock shows.
    total = sum(moves.columnWidth(column) for column in range(moves.columnCount()))
    assert total <= moves.viewport().width() + 1


def test_a_match_is_not_a_tournament_in_german(german: Callable[[], None]) -> None:
    german()
    translate = QCoreApplication.translate
    for context, text in (
        ("MatchDialog", "Watch a match"),
        ("ReviewFeatures", "&Watch a match..."),
        ("MatchDialog", "Start match"),
        ("ReviewFeatures", "Match score"),
    ):
        german_text = translate(context, text)
        assert german_text != text and "Turnier" not in german_text, german_text
    assert "Turnier" in translate("LabFeatures", "Tournament")


def test_percentages_do_not_break_before_the_sign_in_german(german: Callable[[], None]) -> None:
    german()
    accuracy = QCoreApplication.translate("ReviewPanel", "accuracy {percent}%")
    assert accuracy.endswith(f"{{percent}}{NBSP}%"), accuracy
