"""The Searcher's compiled tree searches as its pure-Python tree does: the same move, value,
depth, node count, root scores and principal line for the same position and budget; and
the Python tree searches on its own without it."""

from __future__ import annotations

import dataclasses
import importlib.util
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttt_desktop.cli.arena import main
from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import PRESETS, RULE_PRESETS, Rules
from ttt_desktop.players import searcher
from ttt_desktop.players.nearby import cells_near_stones
from ttt_desktop.players.searcher import (
    Search,
    SearcherPlayer,
    SearchResult,
    tables_for,
    thought_of,
)
from ttt_desktop.players.thought import SearchStopped

needs_compiled = pytest.mark.skipif(
    not searcher.COMPILED_TREE, reason="the compiled search was not built here (no C compiler)"
)
BOARDS = ("7,7,5", "9,9,5", "15,15,5", "20,20,5", "6,6,4", "15,15,5,exact")


def position(rules: Rules, stones: int, seed: int) -> Board:
    """A seeded position of up to ``stones`` moves, mostly next to the stones already there
    (as in play: fours, blocks and threats), that is not over."""
    generator = random.Random(seed)
    board = Board.empty(rules=rules)
    for _ in range(stones):
        near = list(cells_near_stones(board))
        cells = near if near and generator.random() < 0.85 else list(board.legal_moves())
        after = board.play(generator.choice(cells))
        if after.is_over:
            break
        board = after
    return board


def both(
    board: Board, monkeypatch: pytest.MonkeyPatch, **budget: int | None
) -> tuple[SearchResult, SearchResult]:
    """The compiled tree's result and the Python tree's, on the same position and budget."""
    compiled = Search(board, **budget).run()
    with monkeypatch.context() as python:
        python.setattr(searcher, "_fastsearch", None)
        pure = Search(board, **budget).run()
    return compiled, pure


def fields(result: SearchResult) -> tuple[object, ...]:
    return result.move, result.value, result.depth, result.nodes, result.scores, result.line


def same_thought(board: Board, compiled: SearchResult, pure: SearchResult) -> None:
    """The Thinking dock's view of the two results is the same (their times aside)."""
    seen = dataclasses.replace(thought_of("searcher", board, compiled), seconds=0.0)
    assert seen == dataclasses.replace(thought_of("searcher", board, pure), seconds=0.0)


@needs_compiled
@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    st.sampled_from(BOARDS),
    st.integers(0, 30),
    st.integers(0, 2**32 - 1),
    st.one_of(
        st.integers(1, 20_000).map(lambda nodes: {"nodes": nodes}),
        st.integers(1, 4).map(lambda depth: {"depth": depth}),
    ),
    st.sampled_from([searcher.WIDTH, None, 1, 3]),
)
def test_the_compiled_tree_finds_what_the_python_tree_finds(
    key: str, stones: int, seed: int, budget: dict[str, int], width: int | None
) -> None:
    """Whatever the moves searched at an inner node (all, the default's, one or three)."""
    board = position(Rules.parse(key), stones, seed)
    with pytest.MonkeyPatch.context() as monkeypatch:
        compiled, pure = both(board, monkeypatch, width=width, **budget)
    assert fields(compiled) == fields(pure)
    same_thought(board, compiled, pure)


@needs_compiled
@pytest.mark.parametrize("key", [*BOARDS, "3,3,3", "8,3,3", "12,7,4", "19,19,6", "11,9,5,exact"])
def test_a_game_of_searches_is_the_same_game_either_way(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = position(Rules.parse(key), 3, 7)
    searched = 0
    while not board.is_over and searched < 12:
        compiled, pure = both(board, monkeypatch, nodes=4000)
        assert fields(compiled) == fields(pure)
        same_thought(board, compiled, pure)
        board = board.play(compiled.move)
        searched += 1
    assert searched


@needs_compiled
@pytest.mark.parametrize("key", ["15,15,5", "9,9,5", "15,15,5,exact"])
def test_the_searcher_player_thinks_the_same_thought_either_way(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its seeded shuffle of the root moves included."""
    board = position(Rules.parse(key), 7, 11)
    compiled = SearcherPlayer(seed=5, nodes=30_000).think(board)
    monkeypatch.setattr(searcher, "_fastsearch", None)
    pure = SearcherPlayer(seed=5, nodes=30_000).think(board)
    assert dataclasses.replace(compiled, seconds=0.0) == dataclasses.replace(pure, seconds=0.0)


@needs_compiled
@pytest.mark.parametrize("asked", [1, 3, 40])
def test_a_stop_that_answers_at_its_nth_question_stops_both_trees_at_the_same_node(
    asked: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = position(Rules.parse("15,15,5"), 12, 3)
    outcomes = []
    for compiled in (True, False):
        if not compiled:
            monkeypatch.setattr(searcher, "_fastsearch", None)
        questions = 0

        def stop() -> bool:
            nonlocal questions
            questions += 1
            return questions >= asked

        try:
            outcomes.append((fields(Search(board, depth=6, stop=stop).run()), questions))
        except SearchStopped:
            outcomes.append(("stopped", questions))
    assert outcomes[0] == outcomes[1]
    if asked == 1:
        assert outcomes[0] == ("stopped", 1)


@needs_compiled
@pytest.mark.parametrize("limit", [1, 50, 700])
def test_a_table_cleared_when_full_is_cleared_at_the_same_node_by_both_trees(
    limit: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(searcher, "TABLE_LIMIT", limit)
    for key, stones, seed in (("15,15,5", 6, 1), ("9,9,5", 4, 2), ("15,15,5,exact", 9, 3)):
        board = position(Rules.parse(key), stones, seed)
        compiled, pure = both(board, monkeypatch, nodes=60_000)
        assert fields(compiled) == fields(pure)


@needs_compiled
def test_a_stop_that_fails_passes_its_error_on() -> None:
    def stop() -> bool:
        raise ZeroDivisionError("the caller's own error")

    board = position(Rules.parse("15,15,5"), 6, 1)
    with pytest.raises(ZeroDivisionError, match="the caller's own error"):
        Search(board, nodes=10_000, stop=stop).run()


@needs_compiled
def test_a_time_budget_ends_the_compiled_search_with_a_finished_iteration() -> None:
    board = position(Rules.parse("15,15,5"), 10, 5)
    result = Search(board, seconds=0.05).run()
    assert result.depth >= 1 and result.move in board.legal_moves()
    assert result.nodes > 0 and result.line[0] == result.move


@needs_compiled
def test_the_compiled_table_answers_as_a_dict() -> None:
    board = position(Rules.parse("15,15,5"), 8, 2)
    t = tables_for(board.rules)
    flat = t.compiled()
    assert flat is not None
    key = 0
    for cell in board.geometry.cells_of(board.x_bits):
        key ^= t.zobrist[0][cell]
    for cell in board.geometry.cells_of(board.o_bits):
        key ^= t.zobrist[1][cell]
    if board.to_move.value != "X":
        key ^= t.side_key
    width = 8 * ((t.size + 63) // 64)
    moves = [(cell, 0, 0) for cell in cells_near_stones(board)]
    found = searcher._fastsearch.run(
        flat,
        board.x_bits.to_bytes(width, "little"),
        board.o_bits.to_bytes(width, "little"),
        t.full.to_bytes(width, "little"),
        key,
        0 if board.to_move.value == "X" else 1,
        moves,
        2,
        None,
        None,
        0.0,
        None,
        None,
        searcher.TABLE_LIMIT,
        None,
        True,
    )
    move, table = found[0], found[7]
    assert len(table) > 0
    child = key ^ t.zobrist[0 if board.to_move.value == "X" else 1][move] ^ t.side_key
    entry = table.get(child)
    assert entry is not None and entry[0] == 1 and entry[1] in {0, 1, 2}
    assert table.get(1 << 70) is None
    with pytest.raises(TypeError):
        table.get("a key")  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", [*PRESETS.values(), *RULE_PRESETS.values(), Rules(20, 20, 5)])
def test_every_preset_fits_the_compiled_tree(rules: Rules) -> None:
    flat = tables_for(rules).compiled()
    assert (flat is not None) == searcher.COMPILED_TREE


def test_the_python_tree_searches_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(searcher, "_fastsearch", None)
    board = position(Rules.parse("15,15,5"), 6, 4)
    result = Search(board, nodes=800).run()
    assert result.move in board.legal_moves() and result.depth >= 1
    assert searcher.searches_in_use().startswith("compiled" if searcher.COMPILED_TREE else "pure")


class _Refusing:
    """A compiled tree that must not be asked (renju and caro stay on the Python tree)."""

    def run(self, *args: object) -> None:
        raise AssertionError("the compiled tree was asked to search renju or caro")


@needs_compiled
@pytest.mark.parametrize("key", ["15,15,5,renju", "15,15,5,caro"])
def test_renju_and_caro_keep_the_python_tree(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(searcher, "_fastsearch", _Refusing())
    board = position(Rules.parse(key), 6, 2)
    assert Search(board, nodes=500).run().move in board.legal_moves()


def test_the_search_in_use_is_said(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    assert f"\nsearch: {searcher.searches_in_use()}\n" in capsys.readouterr().out
    assert searcher.check_compiled_tree(2) == (2 if searcher.COMPILED_TREE else 0)


def test_the_bundle_carries_the_built_search_but_not_its_source() -> None:
    path = Path(__file__).resolve().parents[2] / "packaging" / "bundle_contents.py"
    spec = importlib.util.spec_from_file_location("bundle_contents", path)
    assert spec is not None and spec.loader is not None
    bundle_contents = importlib.util.module_from_spec(spec)
    sys.modules["bundle_contents"] = bundle_contents  # dataclasses look their module up there
    try:
        spec.loader.exec_module(bundle_contents)
        assert bundle_contents.is_dropped("ttt_desktop/players/_fastsearch.c")
        assert bundle_contents.is_dropped("ttt_desktop/players/_fastsearch.pyi")
        assert not bundle_contents.is_dropped(
            "ttt_desktop/players/_fastsearch.cpython-311-x86_64-linux-gnu.so"
        )
        assert not bundle_contents.is_dropped("ttt_desktop/players/_fastsearch.cp311-win_amd64.pyd")
        assert bundle_contents.is_dropped("ttt_desktop/core/_fastplay.c")
    finally:
        del sys.modules["bundle_contents"]


def test_tables_whose_values_would_not_fit_in_64_bits_are_not_flattened(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = Rules(20, 20, 20)
    assert searcher.Tables(rules).compiled() is not None or not searcher.COMPILED_TREE
    monkeypatch.setattr(searcher, "_WIDE", 1 << 40)  # as if the values outgrew the C tree's
    assert searcher.Tables(rules).compiled() is None
    assert searcher.Tables(Rules(7, 7, 5)).compiled() is not None or not searcher.COMPILED_TREE


@needs_compiled
def test_the_compiled_tree_refuses_what_is_not_a_position() -> None:
    t = tables_for(Rules.parse("9,9,5"))
    flat = t.compiled()
    run = searcher._fastsearch.run
    width = 8 * ((t.size + 63) // 64)
    empty = bytes(width)
    good = [
        flat,
        empty,
        empty,
        empty,
        0,
        0,
        [(40, 0, 0)],
        1,
        None,
        None,
        0.0,
        None,
        None,
        10,
        12,
        True,
    ]
    assert run(*good)[0] == 40
    with pytest.raises(TypeError):
        run(*good[:-1])
    with pytest.raises(TypeError, match="Tables"):
        run(object(), *good[1:])
    with pytest.raises(ValueError, match="mask"):
        run(flat, bytes(width + 1), *good[2:])
    with pytest.raises(ValueError, match="off the board"):
        run(*good[:6], [(t.size, 0, 0)], *good[7:])
    with pytest.raises(ValueError, match="root moves"):
        run(*good[:6], [], *good[7:])
    with pytest.raises(ValueError, match="shape"):
        searcher._fastsearch.Tables(
            t.size,
            t.k,
            False,
            False,
            [0],
            [0],
            [],
            [],
            [],
            [],
            [],
            [],
            b"",
            [],
            0,
            0,
            0,
            1,
            4,
            2,
            1,
            1,
            1,
            1,
            5,
            4,
        )
    with pytest.raises(TypeError):
        searcher._fastsearch.Table()
