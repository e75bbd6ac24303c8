"""The look-ahead under renju: black's forbidden points are no moves anywhere in the tree.

The Searcher's core is watched as it plays each move inside the tree: every stone black
puts down is checked against :func:`ttt_desktop.core.renju.forbidden_reason` in the
position the tree reached. The same watch under free-style on the same stones sees the
forbidden points played (so the watch can see them). Monty's tree is checked the same way
from its nodes' candidates, and every player answers with white to move as well.
"""

from __future__ import annotations

from typing import Any

import pytest

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.renju import forbidden_reason
from ttt_desktop.core.rules import GOMOKU, RENJU, Rules
from ttt_desktop.players import create_player, mcts, searcher
from ttt_desktop.players.mcts import MontyPlayer
from ttt_desktop.players.roster import kinds_for
from ttt_desktop.players.search.negamax import Negamax
from ttt_desktop.players.searcher import SearcherPlayer

RENJU_15 = Rules(15, 15, 5, rule=RENJU)
GEOMETRY = RENJU_15.geometry


def game(rules: Rules, names: str, first: Mark = Mark.X) -> Board:
    board = Board.empty(first, rules)
    for name in names.split():
        board = board.play(GEOMETRY.parse(name))
    return board


# Black to move or white to move, with black's forbidden points near the stones: h8 a
# double-three (f8 g8 h9 h10), i8 a double-four (f8 g8 h8 and i9 i10 i11, closed by e8
# and i12), d8 an overline.
POSITIONS = {
    "double-three, black to move": "f8 a1 g8 a3 h9 a5 h10 a7",
    "double-three, white to move": "f8 a1 g8 a3 h9 a5 h10",
    "double-four, black to move": "f8 e8 g8 i12 h8 a5 i9 a7 i10 a9 i11 a12",
    "overline, white to move": "a8 a1 b8 o1 c8 o15 e8 a14 f8",
}


class Watch:
    """Black's stones put down inside the Searcher's tree, and those that were forbidden."""

    def __init__(self, board: Board) -> None:
        self.stones = [board.x_bits, board.o_bits]
        self.side = 0 if board.to_move is Mark.X else 1
        self.black = 0 if board.first_player is Mark.X else 1
        self.black_moves = 0
        self.forbidden: list[int] = []

    def core(self, expand: Any, play: Any, **options: Any) -> Negamax[int, tuple[int, int]]:
        undo = options.pop("undo")

        def watched_play(last: int, move: tuple[int, int]) -> int:
            cell = move[0]
            if self.side == self.black:
                self.black_moves += 1
                black, white = self.stones[self.black], self.stones[1 - self.black]
                if forbidden_reason(GEOMETRY, black, white, cell):
                    self.forbidden.append(cell)
            self.stones[self.side] |= 1 << cell
            self.side = 1 - self.side
            return play(last, move)

        def watched_undo(last: int, move: tuple[int, int]) -> None:
            self.side = 1 - self.side
            self.stones[self.side] &= ~(1 << move[0])
            undo(last, move)

        return Negamax(expand, watched_play, undo=watched_undo, **options)


def watched_search(monkeypatch: pytest.MonkeyPatch, board: Board, nodes: int) -> Watch:
    watch = Watch(board)
    monkeypatch.setattr(searcher, "Negamax", watch.core)
    SearcherPlayer(seed=1, nodes=nodes).think(board)
    monkeypatch.undo()
    return watch


@pytest.mark.parametrize("first", [Mark.X, Mark.O])
@pytest.mark.parametrize("label", list(POSITIONS))
def test_the_searcher_never_plays_black_on_a_forbidden_point(
    monkeypatch: pytest.MonkeyPatch, label: str, first: Mark
) -> None:
    """Black is the first player, X or O."""
    board = game(RENJU_15, POSITIONS[label], first)
    assert board.forbidden_cells() or board.play(GEOMETRY.parse("n2")).forbidden_cells()
    watch = watched_search(monkeypatch, board, 20_000)
    assert watch.black_moves > 100
    assert watch.forbidden == []


def test_under_free_style_the_same_tree_plays_them(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = 0
    for names in POSITIONS.values():
        watch = watched_search(monkeypatch, game(GOMOKU, names), 20_000)
        seen += len(watch.forbidden)
    assert seen > 0


def test_a_four_black_may_block_only_by_an_overline_wins_for_white() -> None:
    """White d4 d5 d6 beside black's a8 b8 c8 . e8 f8 and d3: white's d7 makes a four whose
    only fifth is d8, six in a row for black. Under renju black may not block there, so d7
    is white's proven win in three plies; under free-style d8 wins for black, which white
    must take first."""
    names = "a8 d4 b8 d5 c8 d6 e8 o1 f8 o3 d3"
    ruled = SearcherPlayer(seed=1, nodes=20_000).think(game(RENJU_15, names))
    assert ruled.move == GEOMETRY.parse("d7")
    best = next(score for score in ruled.scores if score.cell == ruled.move)
    assert best.plies == 3
    assert best.value > 0
    free = SearcherPlayer(seed=1, nodes=20_000).think(game(GOMOKU, names))
    assert free.move == GEOMETRY.parse("d8")


def test_monty_never_adds_a_forbidden_point_of_black_to_its_tree(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    searches: list[Any] = []
    made = mcts._Search.__init__

    def kept(search: Any, *args: Any) -> None:
        made(search, *args)
        searches.append(search)

    monkeypatch.setattr(mcts._Search, "__init__", kept)
    checked = 0
    found: list[int] = []
    for names, first in [(names, first) for names in POSITIONS.values() for first in Mark]:
        board = game(RENJU_15, names, first)
        MontyPlayer(seed=1, simulations=400).think(board)
        cells = searches[-1].cell_of
        # Every node of the tree, its stones as the walk down put them (black's first).
        mover, other = board.bits(board.to_move), board.bits(board.to_move.opponent)
        black_to_move = board.to_move is board.first_player
        black, white = (mover, other) if black_to_move else (other, mover)
        stack = [(searches[-1].root, black, white, black_to_move)]
        while stack:
            node, black, white, black_to_move = stack.pop()
            for child in node.children:
                cell = cells[child.bit]
                if black_to_move:
                    checked += 1
                    if forbidden_reason(GEOMETRY, black, white, cell):
                        found.append(cell)
                    stack.append((child, black | 1 << cell, white, False))
                else:
                    stack.append((child, black, white | 1 << cell, True))
    assert checked > 100
    assert found == []


@pytest.mark.parametrize("kind", [kind for kind in kinds_for(RENJU_15) if kind != "sequence"])
def test_every_player_looks_ahead_past_black_s_forbidden_points(kind: str) -> None:
    """With white to move too: a player whose look-ahead plays black's moves (Ralph's walk,
    the Searcher's tree) meets black's forbidden points there and passes them by."""
    for index, names in enumerate(POSITIONS.values()):
        board = game(RENJU_15, names)
        player = create_player(kind, seed=index)
        player.budget_ms = 100.0
        move = player.choose_move(board)
        assert move in board.legal_moves()


def test_black_s_overline_is_no_threat_in_monty_s_tree() -> None:
    """White to move beside black's a8 b8 c8 . e8 f8: under free-style d8 is black's six,
    a win white must block at once (Monty's only child); under renju it is black's
    forbidden overline, no threat, and Monty weighs every move near the stones."""
    names = POSITIONS["overline, white to move"]
    free = MontyPlayer(seed=1, simulations=400).think(game(GOMOKU, names))
    assert free.move == GEOMETRY.parse("d8")
    assert len(free.scores) == 1
    ruled = MontyPlayer(seed=1, simulations=400).think(game(RENJU_15, names))
    assert len(ruled.scores) > 10
