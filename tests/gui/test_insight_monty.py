"""Monty's thought in the window's words: win rates with their games, proven cells as W, L, D."""

from __future__ import annotations

from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import Rules
from ttt_desktop.gui.insight import words
from ttt_desktop.gui.insight.features import thought_overlay
from ttt_desktop.players.mcts import MontyPlayer
from ttt_desktop.players.thought import Meaning, Rule


def test_win_rates_are_told_with_their_games() -> None:
    rules = Rules(7, 7, 5)
    board = Board.empty(rules=rules).play_all(rules.geometry.parse(n) for n in ("d4", "c3"))
    thought = MontyPlayer(seed=1, simulations=200).think(board)
    assert thought.rule is Rule.SIMULATION
    assert "most visited by random games" in words.headline(thought)
    said = " ".join(words.figures(thought))
    assert "Win rates of Monte Carlo tree search" in said
    score = thought.scores[0]
    assert score.plies is None
    assert words.score_text(score, Meaning.WIN_RATE) == f"{round(score.value * 100)}%"
    assert f"of {score.visits:,} random games" in words.score_description(
        score, Meaning.WIN_RATE, rules.geometry
    )
    classic = Board.from_string("X...O....")
    classic_thought = MontyPlayer(seed=1, simulations=200).think(classic)
    overlay = thought_overlay(classic_thought, classic)
    assert set(overlay.annotations) == {score.cell for score in classic_thought.scores}


def test_proven_cells_read_as_wins_losses_and_draws() -> None:
    # O to move on 4,4,3: some moves win by force, others lose; a proven win ends the search.
    board = Board.from_string("...XXO.....O...X", rules="4,4,3")
    thought = MontyPlayer(seed=1, simulations=200_000).think(board)
    chosen = thought.score_of(thought.move)
    assert chosen is not None and chosen.plies is not None
    assert words.score_text(chosen, Meaning.WIN_RATE) == f"W{chosen.plies}"
    for score in thought.scores:
        text = words.score_text(score, Meaning.WIN_RATE)
        described = words.score_description(score, Meaning.WIN_RATE, board.geometry)
        if score.plies is None:
            assert 0 <= int(text.rstrip("%")) <= 100
            assert "random game" in described
        else:
            assert text[0] == {1.0: "W", 0.5: "D", 0.0: "L"}[score.value]
            assert ("wins in" in described) == (score.value == 1.0)


def test_a_big_boards_figures_list_the_best_cells_and_say_how_many_more() -> None:
    rules = Rules(15, 15, 5)
    board = Board.empty(rules=rules).play_all(rules.geometry.parse(n) for n in ("h8", "h9"))
    thought = MontyPlayer(seed=2, simulations=300).think(board)
    assert len(thought.scores) > words.SCORES_LISTED
    said = " ".join(words.figures(thought))
    scores = said.split("Scores: ")[1].split(".")[0]  # "cell f11: won 53% of 43 ...; cell ..."
    assert scores.count("; ") + 1 == words.SCORES_LISTED
    assert f"cell {board.name(thought.move)}:" in said
    more = len(thought.scores) - words.SCORES_LISTED
    assert f"{more} more cell" in said
