"""Players keep to their clocks: they look at it often, start it first, and answer when it runs out.

No test here reads the real clock. The searching players are asked to think with a stop
check that counts its calls (how often a search looks at its clock is how often it asks its
stop), and the clock itself is replaced by :class:`SteppingClock`, whose time moves on only
when read or told to; ``benchmarks/player_clock.py`` measures the real overruns.
"""

from __future__ import annotations

import gc
import time
from typing import Any

import pytest

from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import GOMOKU, Rules
from ttt_desktop.players import create_player
from ttt_desktop.players import mcts as mcts_module
from ttt_desktop.players import searcher as searcher_module
from ttt_desktop.players import strategist as strategist_module
from ttt_desktop.players.base import deadline_of, stop_at
from ttt_desktop.players.strongest import StrongestPlayer
from ttt_desktop.players.thought import SearchStopped

MIDDLE_GAME = "h8 h9 i8 g8 j8 k8 i9 j10 i7 i10 h7 g6 j7 k7"
"""A 15,15,5 middle game, X to move, with no forced win by threats within Strongest's nodes."""

TIMED_KINDS = ("searcher", "strongest", "monty", "minimax", "alphabeta", "ralph")
MOST_NODES_PER_LOOK = 300
"""The most positions a search may visit between two looks at its stop check."""


class SteppingClock:
    """A stand-in for ``time.perf_counter``: each reading is ``step`` seconds after the one
    before, and :meth:`jump` moves it on at once (work that takes long)."""

    def __init__(self, step: float) -> None:
        self.now = 1000.0
        self.step = step
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        self.now += self.step
        return self.now

    def jump(self, seconds: float) -> None:
        self.now += seconds


class CountingStop:
    """A stop check that never stops and counts how often it was asked."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> bool:
        self.calls += 1
        return False


def middle_game() -> Board:
    geometry = GOMOKU.geometry
    return Board.empty(rules=GOMOKU).play_all(geometry.parse(name) for name in MIDDLE_GAME.split())


def from_stones(rules: Rules, x_cells: list[int], o_cells: list[int]) -> Board:
    """The position of those stones, X having moved first."""
    order = [cell for pair in zip(x_cells, o_cells, strict=False) for cell in pair]
    order += x_cells[len(o_cells) :]
    return Board.empty(rules=rules).play_all(order)


def bounded(kind: str) -> dict[str, int]:
    """Options that end a search on 15,15,5 by its size, not by the clock (a few seconds at
    most in all)."""
    return {
        "searcher": {"nodes": 3000},
        "strongest": {"nodes": 3000},
        "monty": {"simulations": 400},
        "minimax": {"depth": 2},
        "alphabeta": {"depth": 2},
        "ralph": {"depth": 2},
    }[kind]


@pytest.fixture
def stepping(monkeypatch: pytest.MonkeyPatch) -> SteppingClock:
    """The players' clock replaced by one that moves on a whole second each reading: any
    budget under a second runs out at the second reading."""
    clock = SteppingClock(step=1.0)
    monkeypatch.setattr(time, "perf_counter", clock)
    return clock


class TestStopIsAskedOften:
    """On a big board a search looks at its stop (and so at its clock) every few hundred
    positions or sooner."""

    @pytest.mark.parametrize("kind", TIMED_KINDS)
    def test_every_few_hundred_positions_on_15x15(self, kind: str) -> None:
        board = middle_game()
        stop = CountingStop()
        thought = create_player(kind, seed=1, **bounded(kind)).think(board, stop=stop)
        assert thought.nodes
        assert stop.calls >= thought.nodes / MOST_NODES_PER_LOOK, (thought.nodes, stop.calls)
        if kind == "monty":
            assert stop.calls >= thought.nodes  # after every simulation

    def test_the_threat_search_asks_within_its_nodes(self) -> None:
        from ttt_desktop.analysis.threats import THREAT_STOP_EVERY, forced_win  # noqa: PLC0415

        stop = CountingStop()
        assert forced_win(middle_game(), max_nodes=3000, stop=stop) is None
        assert stop.calls >= 3000 // THREAT_STOP_EVERY - 1

    @pytest.mark.parametrize("kind", TIMED_KINDS)
    def test_a_stop_answered_true_stops_the_search(self, kind: str) -> None:
        asked = []

        def stop() -> bool:
            asked.append(True)
            return len(asked) > 3

        player = create_player(kind, seed=1, **bounded(kind))
        try:
            thought = player.think(middle_game(), stop=stop)
        except SearchStopped:
            return
        # Monty answers with the best move so far rather than raise.
        assert thought.move in middle_game().legal_moves()
        assert len(asked) <= 5


class TestOutOfTime:
    """A player whose budget has run out answers at once with a legal move, never an error."""

    @pytest.mark.parametrize("kind", TIMED_KINDS)
    def test_answers_a_legal_move(self, stepping: SteppingClock, kind: str) -> None:
        board = middle_game()
        player = create_player(kind, seed=1)
        player.budget_ms = 50
        assert player.choose_move(board) in board.legal_moves()
        # Thinking, the work done after the time ran out shows in the looks at the
        # caller's stop (the searches ask it in step with their work, above).
        stop = CountingStop()
        thought = player.think(board, stop=stop)
        assert thought.move in board.legal_moves()
        assert stop.calls <= 10
        assert (thought.nodes or 0) <= 500

    @pytest.mark.parametrize(
        "kind", ["minimax", "alphabeta", "strongest", "monty", "searcher", "ralph"]
    )
    def test_on_tic_tac_toe(self, stepping: SteppingClock, kind: str) -> None:
        player = create_player(kind, seed=1)
        player.budget_ms = 50
        assert player.choose_move(Board.empty()) in range(9)
        thought = player.think(Board.empty())
        assert thought.move in range(9)
        assert (thought.nodes or 0) < 100  # minimax's whole tree: 549,945

    def test_minimax_on_tic_tac_toe_deepens_to_the_end_in_time(self) -> None:
        # A clock that never runs out: the deepening reaches the end of the game and
        # finds the same values as the whole tree.
        board = Board.empty().play(8)
        timed = create_player("minimax", seed=1)
        timed.budget_ms = 1e12
        thought = timed.think(board)
        whole = create_player("minimax", seed=1).think(board)
        assert thought.depth == 8
        assert {s.cell: s.value > 0 for s in thought.scores} == {
            s.cell: s.value > 0 for s in whole.scores
        }
        best = {s.cell for s in thought.scores if s.value == max(t.value for t in thought.scores)}
        assert best == set(whole.candidates)

    def test_perfect_off_tic_tac_toe_answers_an_unproven_move(
        self, stepping: SteppingClock
    ) -> None:
        # Five stones of 5,4,4 past the opening table: tens of thousands of positions to
        # prove, so out of time before the proof.
        board = from_stones(Rules(5, 4, 4), [7, 10, 19], [9, 16])
        player = create_player("perfect", seed=1)
        player.budget_ms = 50
        assert player.choose_move(board) in board.legal_moves()
        thought = player.think(board)
        assert thought.kind == "perfect"
        assert thought.move in board.legal_moves()

    def test_strongest_leaves_the_searcher_the_rest_of_the_time(self) -> None:
        # The threat search stops at its share of the budget (here already past), with no
        # win, and does not raise: only the caller's own stop makes it raise.
        board = middle_game()
        player = StrongestPlayer(seed=1)
        stop = CountingStop()
        past = deadline_of(0.0, time.perf_counter())
        assert player.threat_win(board, stop=stop, deadline=past) is None
        assert stop.calls <= 2  # the search's one look, and one to tell the two apart

    def test_strategist_blocks_a_fork_out_of_time(self, stepping: SteppingClock) -> None:
        board = from_stones(
            Rules(9, 9, 5),
            [0, 7, 8, 9, 27, 40, 44, 72, 74, 80],
            [20, 24, 31, 33, 38, 41, 49, 60, 63, 68],
        )
        player = create_player("strategist", seed=1)
        assert player.think(board).candidates == (18, 36)  # every cell tried
        player.budget_ms = 50
        thought = player.think(board)
        assert thought.rule.value == "block fork"
        assert thought.move in (25, 57)  # none tried: the opponent's fork cells

    def test_the_order_of_tried_cells_does_not_change_the_block(self) -> None:
        board = from_stones(
            Rules(9, 9, 5),
            [0, 7, 8, 9, 27, 40, 44, 72, 74, 80],
            [20, 24, 31, 33, 38, 41, 49, 60, 63, 68],
        )
        decision = strategist_module._grid_decision(board, board.legal_moves(), None)
        assert decision[:3] == ("block fork", (18, 36), (25, 57))


class TestSetUpIsOnTheClock:
    """What a player builds on its first move of a board is spent from its budget."""

    def test_the_searchers_tables(self, monkeypatch: pytest.MonkeyPatch) -> None:
        clock = SteppingClock(step=1e-4)
        monkeypatch.setattr(time, "perf_counter", clock)
        monkeypatch.setattr(searcher_module, "_tables", {})
        build = searcher_module.tables_for

        def slow_build(rules: Rules, *options: Any) -> searcher_module.Tables:
            clock.jump(1.0)  # a build that takes longer than the budget
            return build(rules, *options)

        monkeypatch.setattr(searcher_module, "tables_for", slow_build)
        player = create_player("searcher", seed=1, budget_ms=50)
        result = player.search(middle_game())
        assert result.nodes <= 2 * searcher_module.CHECK_EVERY

    def test_montys_tree(self, monkeypatch: pytest.MonkeyPatch) -> None:
        clock = SteppingClock(step=1e-4)
        monkeypatch.setattr(time, "perf_counter", clock)
        layout = mcts_module.layout_of

        def slow_layout(rules: Rules) -> object:
            clock.jump(1.0)
            return layout(rules)

        monkeypatch.setattr(mcts_module, "layout_of", slow_layout)
        player = create_player("monty", seed=1)
        player.budget_ms = 50
        assert player.think(middle_game()).nodes == 1


class TestNoGarbageForTheCollector:
    """A move leaves nothing for the cyclic collector: its pass would free the move's
    structures (the Searcher's transposition table) in the time of a later move."""

    @pytest.mark.parametrize("kind", (*TIMED_KINDS, "strategist"))
    def test_after_a_move_on_15x15(self, kind: str) -> None:
        board = middle_game()
        options = bounded(kind) if kind in TIMED_KINDS else {}
        create_player(kind, seed=1, **options).think(board)  # imports and tables
        gc.collect()
        gc.disable()
        try:
            player = create_player(kind, seed=1, **options)
            player.choose_move(board)
            player.think(board)
            del player
            found = gc.collect()
        finally:
            gc.enable()
        assert found == 0


class TestMontyHoldsTheCollector:
    def test_off_while_its_tree_grows_under_a_budget_and_on_after(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        seen = []
        simulate = mcts_module._Search.simulate

        def noting(search: mcts_module._Search) -> None:
            seen.append(gc.isenabled())
            simulate(search)

        monkeypatch.setattr(mcts_module._Search, "simulate", noting)
        player = create_player("monty", seed=1, simulations=50)
        player.think(middle_game())
        assert seen and all(seen)  # a budget of simulations: left alone
        seen.clear()
        player.budget_ms = 20
        player.think(middle_game())
        assert seen and not any(seen)
        assert gc.isenabled()


class TestStopAt:
    def test_without_a_deadline_is_the_stop_itself(self) -> None:
        stop = CountingStop()
        assert stop_at(None, stop) is stop
        assert stop_at(None) is None

    def test_answers_true_once_the_clock_reaches_the_deadline(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        clock = SteppingClock(step=0.01)
        monkeypatch.setattr(time, "perf_counter", clock)
        deadline = deadline_of(25.0, clock())  # 25 ms: the third reading after
        check = stop_at(deadline)
        assert check is not None
        assert [check(), check(), check()] == [False, False, True]

    def test_the_callers_stop_is_asked_first(self) -> None:
        stop = CountingStop()
        check = stop_at(deadline_of(1e9, 0.0), stop)
        assert check is not None
        assert check() is False
        assert stop.calls == 1
