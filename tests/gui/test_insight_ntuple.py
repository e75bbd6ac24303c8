"""The n-tuple learner's thought in the window: its values as scores and as a heat map."""

from __future__ import annotations

from pytestqt.qtbot import QtBot
from test_insight import WindowMaker, person_against, play

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.rules import Rules
from ttt_desktop.gui.insight import words
from ttt_desktop.gui.insight.features import THOUGHT_LAYER, thought_overlay
from ttt_desktop.players import create_player
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


def test_the_window_shades_the_board_with_its_values_after_it_moves(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.insight.dock_action.trigger()
    person_against(window, NTUPLE)
    record, thought = play(qtbot, window, 4)
    assert thought.kind == NTUPLE and record.moves[-1] == thought.move
    assert thought.meaning is Meaning.LEARNED
    # The same thought as an N-tuple player with the game's seed and the shipped network,
    # thought in this process.
    local = create_player(NTUPLE, seed=record.o.seed).think(Board.empty(Mark.X).play(4))
    assert (local.move, local.scores) == (thought.move, thought.scores)
    overlay = window.board.overlay(THOUGHT_LAYER)
    assert overlay is not None
    empty = {cell for cell in range(9) if record.final_board.cells[cell] == "."}
    assert set(overlay.shades) == empty
    values = {score.cell: score.value for score in thought.scores if score.cell in empty}
    ranked = sorted(values, key=values.__getitem__)
    assert [overlay.shades[cell] for cell in ranked] == sorted(overlay.shades.values())
    assert max(overlay.shades.values()) > min(overlay.shades.values())
    window.insight.dock_action.trigger()  # the heat map belongs to the dock: hidden with it
    assert window.board.overlay(THOUGHT_LAYER) is None
