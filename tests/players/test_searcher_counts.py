"""The Searcher's counts say what was searched: ``nodes`` the positions it entered, ``scored``
the horizon's moves valued from the window tables without being played, apart, the same
through both trees (tests/gui/test_thinking_horizon.py: the Thinking dock says both)."""

from __future__ import annotations

import pytest

from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import GOMOKU, Rules
from ttt_desktop.players import searcher
from ttt_desktop.players.searcher import Search, thought_of


def gomoku(names: str) -> Board:
    return Board.empty(rules=GOMOKU).play_all(GOMOKU.geometry.parse(n) for n in names.split())


@pytest.mark.parametrize("compiled", [False, True])
def test_nodes_are_the_positions_entered_and_the_horizon_is_counted_apart(compiled: bool) -> None:
    if compiled and not searcher.COMPILED_TREE:
        pytest.skip("the compiled search was not built here (no C compiler)")
    board = gomoku("h8 g7 i9 g9 h9 h7")
    result = Search(board, nodes=30_000, compiled=compiled).run()
    assert 0 < result.scored < result.nodes
    thought = thought_of("searcher", board, result)
    assert thought.nodes == result.nodes - result.scored
    assert thought.scored == result.scored


def test_both_trees_count_the_same() -> None:
    if not searcher.COMPILED_TREE:
        pytest.skip("the compiled search was not built here (no C compiler)")
    for key, names in (("15,15,5", "h8 i9 g9 h10"), ("7,7,5", "d4 c3 e5")):
        rules = Rules.parse(key)
        board = Board.empty(rules=rules).play_all(rules.geometry.parse(n) for n in names.split())
        python = Search(board, depth=4, compiled=False).run()
        compiled = Search(board, depth=4, compiled=True).run()
        assert (python.nodes, python.scored) == (compiled.nodes, compiled.scored)
