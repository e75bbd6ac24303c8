"""Every search-based player plays and thinks as recorded before its search was rewritten.

``tests/data/search_moves.json`` was written by ``tests/helpers/search_moves.py`` with the code from
before MiniMax, AlphaBeta, the Searcher, Strongest, the coach's search and the search tree
explorer shared one negamax core; each case here is replayed on the code of today.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers.search_moves import SEARCH_MOVES_PATH, coach_records, player_records, tree_records

RECORDED: dict[str, Any] = json.loads(SEARCH_MOVES_PATH.read_text(encoding="utf-8"))


def test_the_record_covers_every_searching_kind_and_board() -> None:
    keys = " ".join(RECORDED["players"])
    for kind in ("minimax", "alphabeta", "searcher", "strongest"):
        for rules in ("3,3,3", "4,4,4", "5,5,4", "7,7,5", "15,15,5"):
            assert f"{kind}(" in keys and f"on {rules} #" in keys
    assert len(RECORDED["players"]) == 228
    assert RECORDED["coach"] and RECORDED["tree"]


@pytest.fixture(scope="module")
def players_now() -> dict[str, Any]:
    return player_records()


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(RECORDED["players"]))
def test_a_player_plays_and_thinks_as_recorded(players_now: dict[str, Any], case: str) -> None:
    assert players_now[case] == RECORDED["players"][case]


@pytest.mark.slow
def test_the_coach_searches_as_recorded() -> None:
    assert coach_records() == RECORDED["coach"]


@pytest.mark.slow
def test_the_search_tree_explorer_counts_as_recorded() -> None:
    assert tree_records() == RECORDED["tree"]
