"""The Thinking dock says what the Searcher searched: its positions, and apart from them the
horizon's moves valued without being played."""

from __future__ import annotations

from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import GOMOKU
from ttt_desktop.gui.insight.words import figures
from ttt_desktop.players.searcher import SearcherPlayer


def test_the_thinking_words_say_the_horizon_apart() -> None:
    board = Board.empty(rules=GOMOKU).play_all(GOMOKU.geometry.parse(n) for n in ["h8", "g7", "i9"])
    thought = SearcherPlayer(seed=1, nodes=20_000).think(board)
    assert thought.scored > 0
    text = " ".join(figures(thought))
    assert f"{thought.nodes:,} position" in text  # the plural is the translator's
    assert f"At the horizon {thought.scored:,} more moves were valued" in text
