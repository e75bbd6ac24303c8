"""The players' one search on small game trees written out by hand, and iterative deepening.

The players' own searches are checked against the solver and their recorded moves
(tests/players/test_thought.py, tests/players/test_search_moves.py); here the core itself:
plain minimax and alpha-beta agree, pruning saves nodes and counts what it cut, principal
variation search finds the same values, a mutable game is taken back move by move, the
observer sees the tree, and the stop check and the deepening loop do what they say.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from ttt_desktop.players.search.deepening import deepen
from ttt_desktop.players.search.negamax import Expansion, Negamax
from ttt_desktop.players.thought import SearchStopped

# A tree is a leaf's value (for its side to move) or a tuple of subtrees, one per move.
Tree = int | tuple["Tree", ...]
WINDOW = 1_000


def random_tree(rng: random.Random, depth: int) -> Tree:
    if depth == 0 or rng.random() < 0.1:
        return rng.randint(-50, 50)
    return tuple(random_tree(rng, depth - 1) for _ in range(rng.randint(1, 4)))


def plain_negamax(tree: Tree) -> int:
    """Negamax written the plainest way, to check the core against."""
    if isinstance(tree, int):
        return tree
    return max(-plain_negamax(child) for child in tree)


def expand(tree: Tree, depth: int, alpha: int, beta: int, ply: int) -> int | Expansion[int]:
    if isinstance(tree, int):
        return tree
    return range(len(tree)), depth - 1, -WINDOW, None


def play(tree: Tree, move: int) -> Tree:
    assert not isinstance(tree, int)
    return tree[move]


def size(tree: Tree) -> int:
    return 1 if isinstance(tree, int) else 1 + sum(size(child) for child in tree)


TREES = [random_tree(random.Random(seed), 6) for seed in range(40)]


@pytest.mark.parametrize("tree", TREES)
def test_minimax_alphabeta_and_pvs_find_the_same_value(tree: Tree) -> None:
    value = plain_negamax(tree)
    with Negamax(expand, play, pruning=False) as minimax:
        assert minimax.search(tree, 99, -WINDOW, WINDOW, 0) == value
        assert minimax.nodes == size(tree) and minimax.cutoffs == 0
    with Negamax(expand, play) as alphabeta:
        assert alphabeta.search(tree, 99, -WINDOW, WINDOW, 0) == value
        assert alphabeta.nodes <= minimax.nodes
    with Negamax(expand, play, pvs=True) as pvs:
        assert pvs.search(tree, 99, -WINDOW, WINDOW, 0) == value


def full_tree(depth: int, leaf: int = 1) -> Tree:
    return leaf if depth == 0 else (full_tree(depth - 1, leaf), full_tree(depth - 1, -leaf))


# Move 0 is worth -5 to the side to move (its one reply reaches a leaf worth -5 to it);
# move 1's first reply is worth 9 to the other side, so its two other replies are cut off.
CUT: Tree = ((-5,), (-9, 1, 1))


def test_alphabeta_cuts_and_counts_what_it_cut() -> None:
    with Negamax(expand, play, lines=True) as search:
        assert search.search(CUT, 9, -WINDOW, WINDOW, 0) == plain_negamax(CUT) == -5
        assert search.cutoffs == 2
        assert search.nodes == size(CUT) - 2 == 5
        assert search.lines[0] == (0, 0)
    with Negamax(expand, play, pruning=False) as search:
        search.search(CUT, 9, -WINDOW, WINDOW, 0)
        assert (search.nodes, search.cutoffs) == (7, 0)


def test_the_root_gives_exact_values_and_upper_bounds() -> None:
    leaves: Tree = (4, 6, -2)  # each move's leaf, worth so much to the other side
    with Negamax(expand, play) as search:
        results = search.root(leaves, range(3), 9, -WINDOW, WINDOW)
    assert [(r.move, r.value, r.exact) for r in results] == [
        (0, -4, True),
        (1, -6, False),
        (2, 2, True),
    ]
    with Negamax(expand, play, pruning=False) as search:
        results = search.root(leaves, range(3), 9, -WINDOW, WINDOW)
    assert [(r.value, r.exact) for r in results] == [(-4, True), (-6, True), (2, True)]


def test_a_mutable_game_is_taken_back_after_every_move() -> None:
    path: list[int] = []
    played: list[tuple[int, ...]] = []

    def play_on(tree: Tree, move: int) -> Tree:
        path.append(move)
        played.append(tuple(path))
        return play(tree, move)

    def undo(tree: Tree, move: int) -> None:
        assert path[-1] == move
        path.pop()

    tree = TREES[3]
    with Negamax(expand, play_on, undo=undo, pvs=True) as search:
        assert search.search(tree, 99, -WINDOW, WINDOW, 0) == plain_negamax(tree)
    assert path == [] and played


class Recorder:
    def __init__(self) -> None:
        self.searched_moves: list[tuple[int, int, int]] = []
        self.cut: list[list[int]] = []

    def searched(  # noqa: PLR0917  (the observer's signature)
        self, node: Tree, move: int, value: int, nodes: int, alpha: int, beta: int
    ) -> None:
        assert alpha < beta
        self.searched_moves.append((move, value, nodes))

    def cut_off(self, node: Tree, moves: Sequence[int]) -> None:
        self.cut.append(list(moves))


def test_the_observer_sees_each_move_and_each_cut() -> None:
    recorder = Recorder()
    with Negamax(expand, play, observer=recorder) as search:
        search.root(CUT, range(2), 9, -WINDOW, WINDOW)
    # Each move after its subtree: (move, its value for the side moving, its subtree's nodes).
    assert recorder.searched_moves == [(0, 5, 1), (0, -5, 2), (0, 9, 1), (1, -9, 2)]
    assert recorder.cut == [[1, 2]]


def test_stop_is_asked_every_so_many_nodes_and_ends_the_search() -> None:
    asked: list[int] = []
    search = Negamax(expand, play, pruning=False, every=10)

    def stop() -> bool:
        asked.append(search.nodes)
        return len(asked) == 3

    search.listen(stop)
    with pytest.raises(SearchStopped):
        search.search(full_tree(6), 99, -WINDOW, WINDOW, 0)
    assert asked == [10, 20, 30]
    search.close()


def test_deepening_keeps_the_deepest_finished_search() -> None:
    def search_to(depth: int) -> int:
        if depth == 4:
            raise SearchStopped
        return depth * 10

    assert deepen(search_to, range(1, 9), found=0) == (30, 3)
    assert deepen(search_to, range(1, 9), found=0, deeper=lambda _, depth: depth < 2) == (20, 2)
    assert deepen(search_to, range(4, 9), found=-1) == (-1, 0)
    with pytest.raises(SearchStopped):
        deepen(search_to, range(1, 9), found=0, told=lambda: True)
