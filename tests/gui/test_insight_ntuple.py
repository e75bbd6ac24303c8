"""The n-tuple learner's thought in the window: its values as scores and as a heat map."""

from __future__ import annotations

from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import Rules
from ttt_desktop.gui.insight import words
from ttt_desktop.gui.insight.features import thought_overlay
from ttt_desktop.players.learner import NTUPLE, settings_for, train
from ttt_desktop.players.ntuple import NTuplePlayer
from ttt_desktop.players.thought import Meaning, Rule


def test_its_values_shade_the_board_as_a_heat_map() -> None:
    board = Board.empty(rules=Rules(7, 7, 4)).play_all([24, 25, 17])
    trained = train(settings_for(NTUPLE, rules="7,7,4", episodes=16, eval_games=2, workers=1))
    thought = NTuplePlayer(seed=1, network=trained.table).think(board)  # type: ignore[arg-type]
    assert thought.rule is Rule.TABLE and thought.meaning is Meaning.LEARNED
    assert {score.cell for score in thought.scores} == set(board.legal_moves())
    overlay = thought_overlay(thought, board)
    assert set(overlay.shades) == set(board.legal_moves())
    values = {score.cell: score.value for score in thought.scores}
    best = max(values.values())
    # The best-valued cells are the strongest, the worst bare; the order is the values'.
    assert {cell for cell, share in overlay.shades.items() if share == 1.0} == {
        cell for cell, value in values.items() if value == best
    }
    assert min(overlay.shades.values()) == 0.0
    ranked = sorted(values, key=values.__getitem__)
    assert [overlay.shades[cell] for cell in ranked] == sorted(overlay.shades.values())
    assert words.headline(thought)
