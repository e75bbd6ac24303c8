"""The computers' groups in the player drop-downs say only what is proven on the board chosen.

"Unbeatable: never loses" stands over the players proven never to lose there (tic-tac-toe's
walked players, Perfect and Strongest on the solved boards where best play draws); on gomoku
and 20x20, where nothing is proven, the strongest players' group says they may lose.
"""

from __future__ import annotations

from conftest import WindowMaker
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from ttt_desktop.core import Mark
from ttt_desktop.core.rules import GOMOKU, PRESETS, Rules
from ttt_desktop.gui.game.player_panel import ENTRY_ROLE, HEADER_ENTRY
from ttt_desktop.gui.shell.main_window import MainWindow

STRONGEST = ["Strategist", "MiniMax", "AlphaBeta", "Searcher", "Strongest"]


def groups(window: MainWindow) -> dict[str, tuple[str, list[str]]]:
    """O's drop-down as its headers: each title with its tooltip and the names under it."""
    combo = window.player_panel.combo(Mark.O)
    model = combo.model()
    found: dict[str, tuple[str, list[str]]] = {}
    names: list[str] = []
    for row in range(combo.count()):
        index = model.index(row, 0)
        if index.data(ENTRY_ROLE) == HEADER_ENTRY:
            names = []
            found[combo.itemText(row)] = (index.data(Qt.ItemDataRole.ToolTipRole) or "", names)
        else:
            names.append(combo.itemText(row))
    return found


def choose_board(window: MainWindow, qtbot: QtBot, rules: Rules) -> None:
    """Game > New game with...: the board (a preset, else typed), then Start."""
    dialog = window.new_game_dialog()
    dialog.show()
    qtbot.waitExposed(dialog)
    if rules in PRESETS.values():
        dialog.presets.setCurrentRow(list(PRESETS.values()).index(rules))
    else:
        for box, value in ((dialog.columns, rules.m), (dialog.rows, rules.n)):
            box.setValue(value)
        dialog.in_a_row.lineEdit().selectAll()
        qtbot.keyClicks(dialog.in_a_row.lineEdit(), str(rules.k))
    assert dialog.chosen_rules() is rules
    with qtbot.waitSignal(window.controller.game_started):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    qtbot.waitUntil(lambda: window.player_panel.rules is rules)


def test_never_loses_stands_only_over_the_players_proven_on_the_board(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    tic_tac_toe = groups(window)
    assert tic_tac_toe["Unbeatable: never loses"][1] == [*STRONGEST[:3], "Perfect", *STRONGEST[3:]]
    assert not any(title.endswith("may lose") for title in tic_tac_toe)

    for rules in (GOMOKU, Rules(20, 20, 5)):
        choose_board(window, qtbot, rules)
        shown = groups(window)
        texts = [f"{title} {tip}" for title, (tip, _) in shown.items()]
        assert not any("never loses" in text or "perfectly" in text for text in texts), rules
        tip, names = shown["Strongest: may lose"]
        assert names == STRONGEST
        assert tip.startswith("Nothing proves that these never lose on this board")
        assert shown["Hard"][1] == ["N-tuple", "Monty"]

    # A solved board where best play draws: only Perfect and Strongest (Perfect there) are
    # proven; the other strong players may lose.
    choose_board(window, qtbot, Rules(4, 4, 4))
    shown = groups(window)
    assert shown["Unbeatable: never loses"][1] == ["Perfect", "Strongest"]
    assert shown["Strong: may lose"][1] == STRONGEST[:4]

    # A solved board the first player wins: moving second, even Perfect loses to best play.
    choose_board(window, qtbot, Rules(4, 4, 3))
    shown = groups(window)
    assert "Unbeatable: never loses" not in shown
    tip, names = shown["Perfect: the first player wins here"]
    assert names == ["Perfect", "Strongest"]
    assert "moving second it loses only to perfect play" in tip
