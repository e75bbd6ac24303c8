"""The Lab's tournament window plays swap and swap2 where the board allows them."""

from __future__ import annotations

from conftest import WindowMaker
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from ttt_desktop.core.rules import GOMOKU, TIC_TAC_TOE, Rules
from ttt_desktop.core.swap import SWAP, SWAP2, SwapOpening
from ttt_desktop.gui.lab.tournament_window import TournamentWindow
from ttt_desktop.lab.runner import run_tournament

RUN_TIMEOUT_MS = 300_000  # a generous ceiling, not a speed bar: it only stops a hung run
NINE = Rules(9, 9, 5)


def choose_rule(tournament: TournamentWindow, rule: str) -> None:
    combo = tournament.opening_rule_combo
    combo.setCurrentIndex(combo.findData(rule))


def test_the_opening_rule_is_offered_where_it_applies_and_remembered(qtbot: QtBot) -> None:
    settings = QSettings()
    tournament = TournamentWindow(settings=settings)
    qtbot.addWidget(tournament)
    tournament.set_players({"rando": 1, "levi": 1})
    tournament.set_rules(TIC_TAC_TOE)
    assert not tournament.opening_rule_combo.isEnabled()
    assert "five in a row" in tournament.opening_rule_combo.toolTip()
    tournament.set_rules(GOMOKU)
    assert tournament.opening_rule_combo.isEnabled()
    tournament.openings_combo.setCurrentIndex(tournament.openings_combo.findData("builtin"))
    choose_rule(tournament, SWAP2)
    # The rule places the first stones: the opening suite gives way.
    assert (
        tournament.openings_combo.currentData() == "" and not tournament.openings_combo.isEnabled()
    )
    spec = tournament.spec()
    assert spec.opening_rule == SWAP2 and spec.openings == ()
    assert tournament.start_button.isEnabled()
    # Back on tic-tac-toe the same choice means the free opening.
    tournament.set_rules(TIC_TAC_TOE)
    assert tournament.spec().opening_rule == "free"
    again = TournamentWindow(settings=settings)
    qtbot.addWidget(again)
    assert again.opening_rule_combo.currentData() == SWAP2


def test_a_swap_tournament_plays_its_games_and_opens_them_with_their_choices(
    make_window: WindowMaker, qtbot: QtBot
) -> None:
    window = make_window()
    tournament = window.lab.show_tournament()
    assert tournament is not None
    tournament.board_combo.setCurrentIndex(tournament.board_combo.findData(NINE.key))
    if tournament.board_combo.currentData() != NINE.key:
        tournament.offer_rules(NINE)
        tournament.set_rules(NINE)
    tournament.set_players({"rando": 1, "levi": 1})
    tournament.games_spin.setValue(2)
    tournament.seed_spin.setValue(3)
    tournament.jobs_spin.setValue(1)
    choose_rule(tournament, SWAP)
    assert tournament.spec().opening_rule == SWAP
    with qtbot.waitSignal(tournament.run_finished, timeout=RUN_TIMEOUT_MS):
        qtbot.mouseClick(tournament.start_button, Qt.MouseButton.LeftButton)
        assert not tournament.opening_rule_combo.isEnabled()
    result = tournament.result
    assert result is not None and result.finished and len(result) == 2
    assert result.games() == run_tournament(result.spec, processes=False).games()
    assert tournament.opening_rule_combo.isEnabled()
    for row in range(2):
        record = tournament.record_of_row(row)
        assert record.opening is not None and record.opening.rule == SWAP
        assert record.opening == SwapOpening(SWAP, record.opening.choices)
        assert record.opening.finished
