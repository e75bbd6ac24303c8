"""What every search-based player said on fixed positions, kept to prove it does not change.

``python tests/helpers/search_moves.py`` wrote ``tests/data/search_moves.json`` with the code from
before the searches shared one negamax core: for each case (a kind, its options, a seed and a
position on 3x3, 4x4, 5,5,4, 7x7 or 15x15, under a fixed depth or node budget, never a time
budget), a fresh player's ``choose_move``, and a second fresh player's ``think`` as everything
its :class:`~ttt_desktop.players.thought.Thought` shows but the seconds, and what the next
draw of each player's generator is after (so the randomness a move uses is pinned too). The
coach's search on the bigger boards, and the search tree explorer's node counts and children
on tic-tac-toe, are kept the same way.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import Rules
from ttt_desktop.players import create_player, searcher
from ttt_desktop.players.thought import Thought

SEARCH_MOVES_PATH = Path(__file__).resolve().parents[1] / "data" / "search_moves.json"

POSITIONS: dict[str, tuple[tuple[str, ...], ...]] = {
    "3,3,3": ((), ("e",), ("a", "e", "i"), ("e", "a", "c", "g")),
    "4,4,4": ((), ("b2", "c3"), ("b2", "c3", "b3", "c2")),
    "5,5,4": ((), ("c3",), ("c3", "b2", "c2", "d4")),
    "7,7,5": (("d4",), ("d4", "c3", "d5", "e5"), ("d4", "d5", "e4", "c4", "e5")),
    "15,15,5": (
        ("h8",),
        ("h8", "h9", "i9", "g7", "j10"),
        ("h8", "i9", "g9", "h10", "h9", "h7", "g8", "f7", "i8", "j8"),
    ),
}
"""Positions by rules, as the moves from the empty board (X first) in the board's names."""

SMALL = ("3,3,3", "4,4,4", "5,5,4")
CASES: tuple[tuple[str, str, dict[str, int]], ...] = (
    *((rules, "minimax", {}) for rules in ("3,3,3",)),
    *((rules, "alphabeta", {}) for rules in ("3,3,3",)),
    *((rules, "minimax", {"depth": 2}) for rules in POSITIONS),
    *((rules, "minimax", {"depth": 3}) for rules in ("3,3,3", "4,4,4", "5,5,4", "7,7,5")),
    *((rules, "alphabeta", {"depth": 3}) for rules in POSITIONS),
    *((rules, "alphabeta", {"depth": 4}) for rules in ("3,3,3", "4,4,4", "5,5,4", "7,7,5")),
    *((rules, "searcher", {"depth": 3}) for rules in POSITIONS),
    *((rules, "searcher", {"nodes": 4000}) for rules in POSITIONS),
    *((rules, "strongest", {"nodes": 4000}) for rules in POSITIONS),
)
"""(rules, kind, options): every search-based player with a depth or node budget."""
SEEDS = (1, 2)


def board_of(rules: str, names: tuple[str, ...]) -> Board:
    parsed = Rules.parse(rules)
    if parsed.is_classic:
        # The keypad letters a-i name tic-tac-toe's cells here: a is cell 0, i is cell 8.
        return Board.empty().play_all(ord(name) - ord("a") for name in names)
    board = Board.empty(rules=parsed)
    return board.play_all(parsed.geometry.parse(name) for name in names)


def thought_record(thought: Thought) -> dict[str, Any]:
    """Everything a thought shows in the Thinking dock, but its seconds."""
    return {
        "kind": thought.kind,
        "move": thought.move,
        "rule": None if thought.rule is None else thought.rule.value,
        "rule_cells": list(thought.rule_cells),
        "candidates": list(thought.candidates),
        "scores": [
            [score.cell, score.value, score.bound.value, score.plies] for score in thought.scores
        ],
        "meaning": None if thought.meaning is None else thought.meaning.value,
        # The search's whole count, as recorded before the positions entered ("nodes") and
        # the horizon's moves valued without being played ("scored") were told apart.
        "nodes": thought.nodes + thought.scored,
        "cutoffs": thought.cutoffs,
        "depth": thought.depth,
        "line": list(thought.line),
    }


def case_key(rules: str, kind: str, options: dict[str, int], seed: int, index: int) -> str:
    written = ",".join(f"{name}={value}" for name, value in sorted(options.items()))
    return f"{kind}({written}) seed {seed} on {rules} #{index}"


@contextlib.contextmanager
def as_recorded() -> Iterator[None]:
    """The Searcher as it was when the record was written: every move of a node searched
    (:data:`~ttt_desktop.players.searcher.WIDTH` None) and no iteration started after 40%
    of the budget (:data:`~ttt_desktop.players.searcher.WHOLE_BUDGET` False), windows
    worth powers of 6 (:data:`~ttt_desktop.players.searcher.WINDOW_BASE`), the side to
    move's sum counted 5 times against the other's 4 (:data:`~.searcher.TEMPO`). All came
    later; ``tests/players/test_searcher_compiled.py`` and ``test_searcher.py`` hold them."""
    names = ("WIDTH", "WHOLE_BUDGET", "WINDOW_BASE", "TEMPO")
    kept = [getattr(searcher, name) for name in names]
    for name, value in zip(names, (None, False, 6, (5, 4)), strict=True):
        setattr(searcher, name, value)
    try:
        yield
    finally:
        for name, value in zip(names, kept, strict=True):
            setattr(searcher, name, value)


@as_recorded()
def player_records() -> dict[str, Any]:
    found: dict[str, Any] = {}
    for rules, kind, options in CASES:
        for seed in SEEDS:
            for index, names in enumerate(POSITIONS[rules]):
                board = board_of(rules, names)
                chooser = create_player(kind, seed=seed, **options)
                move = chooser.choose_move(board)
                thinker = create_player(kind, seed=seed, **options)
                thought = thinker.think(board)
                found[case_key(rules, kind, options, seed, index)] = {
                    "choose_move": move,
                    "next_draw": [chooser.random.random(), thinker.random.random()],
                    "think": thought_record(thought),
                }
    return found


@as_recorded()
def coach_records() -> dict[str, Any]:
    from ttt_desktop.players.coach_search import evaluate  # noqa: PLC0415  (a helper's import)

    found: dict[str, Any] = {}
    for rules in ("7,7,5", "15,15,5"):
        for index, names in enumerate(POSITIONS[rules]):
            evaluation = evaluate(board_of(rules, names), budget_ms=None, nodes=4000, stop=None)
            found[f"coach on {rules} #{index}"] = {
                "move": evaluation.move,
                "value": evaluation.value,
                "outcome": evaluation.outcome,
                "plies": evaluation.plies,
                "line": list(evaluation.line),
                "scores": [list(score) for score in evaluation.scores],
                "depth": evaluation.depth,
                "nodes": evaluation.nodes + evaluation.scored,  # as above
            }
    return found


TREE_POSITIONS = ("XO.......", "X...O....", "XX..O..O.", "X.O.X....")
TREE_PATHS: tuple[tuple[int, ...], ...] = ((), (4,), (2, 8))


def tree_records() -> dict[str, Any]:
    from ttt_desktop.players.search_tree import (  # noqa: PLC0415  (a helper's import)
        compare_searches,
        tree_children,
    )

    found: dict[str, Any] = {}
    for cells in TREE_POSITIONS:
        to_move = "X" if cells.count("X") == cells.count("O") else "O"
        comparison = compare_searches(cells, to_move)
        found[f"compare {cells}"] = [
            comparison.minimax_nodes,
            comparison.alphabeta_nodes,
            comparison.alphabeta_cutoffs,
        ]
        for algorithm in ("minimax", "alphabeta"):
            for path in TREE_PATHS:
                if any(cells[cell] != "." for cell in path):
                    continue
                try:
                    children = tree_children(algorithm, cells, to_move, path)
                except ValueError as error:
                    found[f"{algorithm} {cells} {list(path)}"] = str(error)
                    continue
                found[f"{algorithm} {cells} {list(path)}"] = [
                    [
                        node.cell,
                        node.mark,
                        node.value,
                        node.nodes,
                        node.alpha,
                        node.beta,
                        node.cut_off,
                        node.hidden,
                        node.is_leaf,
                    ]
                    for node in children
                ]
    return found


def records() -> dict[str, Any]:
    return {"players": player_records(), "coach": coach_records(), "tree": tree_records()}


def main() -> None:
    SEARCH_MOVES_PATH.write_text(json.dumps(records(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {SEARCH_MOVES_PATH}")


if __name__ == "__main__":
    main()
