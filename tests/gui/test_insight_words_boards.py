"""The thinking dock's words for the seed players' thoughts on boards other than tic-tac-toe."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from ttt_desktop.core import Board
from ttt_desktop.core.rules import Rules
from ttt_desktop.gui.insight import words
from ttt_desktop.players import create_player
from ttt_desktop.players.thought import CellScore, Meaning


@pytest.mark.parametrize(
    "kind", ["humiston", "utility", "ralph", "strategist", "minimax", "alphabeta"]
)
def test_every_seed_player_explains_a_move_on_gomoku(qtbot: QtBot, kind: str) -> None:
    board = Board.empty(rules=Rules.parse("15,15,5"))
    board = board.play_all([board.geometry.parse(name) for name in ("h8", "h9", "i9", "g7")])
    thought = create_player(kind, seed=2, **({"depth": 2} if kind == "minimax" else {})).think(
        board
    )
    headline = words.headline(thought)
    assert board.name(thought.move) in headline
    text = " ".join(words.figures(thought))
    if thought.meaning is Meaning.EVALUATION:
        assert "moves deep, rated by line utility" in headline
        assert "Evaluations of a search cut off at its depth" in text
        assert f"{thought.depth} move" in text and "deep" in text


def test_a_proven_win_of_a_search_is_written_w_with_its_moves(qtbot: QtBot) -> None:
    win = CellScore(3, 1_000_020, plies=3)
    assert words.score_text(win, Meaning.EVALUATION) == "W3"
    assert words.score_text(CellScore(4, -1_000_010, plies=2), Meaning.EVALUATION) == "L2"
    assert words.score_text(CellScore(5, 12), Meaning.EVALUATION) == "+12"
