"""The one play loop turns a brain's failure into a recorded forfeit for any caller: a
series of games through :func:`~ttt_desktop.core.play.play_games` with a misbehaving
brain records each loss with its reason and goes on with the next game."""

from __future__ import annotations

import pickle
import sys
from typing import Any

import pytest
from helpers.brain_helpers import bad_brain, wait_gone

from ttt_desktop.brains.manager import BrainFailure, BrainSettings
from ttt_desktop.brains.match import entry_of
from ttt_desktop.brains.player import BrainPlayer
from ttt_desktop.core.board import Mark
from ttt_desktop.core.clock import TimeControl
from ttt_desktop.core.play import ForfeitedGame, PlayedGame, SeatForfeit, play_game, play_games
from ttt_desktop.core.rules import GOMOKU
from ttt_desktop.players import create_player

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="brains run on Linux")

CONTROL = BrainSettings(
    clock=TimeControl(turn_ms=300, game_ms=20_000, margin_ms=150), end_grace_ms=300, setup_ms=0
)


def test_a_brain_failure_is_a_seat_forfeit() -> None:
    assert issubclass(BrainFailure, SeatForfeit)
    assert BrainFailure("it crashed").reason == "it crashed"


@pytest.mark.parametrize("options", [{}, {"timed": True}, {"think": True, "move_times": True}])
def test_a_series_with_a_crashing_brain_records_each_forfeit_and_goes_on(
    options: dict[str, Any],
) -> None:
    opponent = create_player("rando", seed=5)
    with BrainPlayer(bad_brain("crash-mid"), settings=CONTROL) as brain:
        firsts = [Mark.X, Mark.O, Mark.X]
        games = list(play_games(brain, opponent, firsts, GOMOKU, **options))
        group = brain.process.brain_pid if brain.process is not None else None
    assert len(games) == 3
    for game, first in zip(games, firsts, strict=True):
        assert isinstance(game, ForfeitedGame)
        # Six values as before (callers unpack them), plus the forfeit.
        assert len(game) == 6
        board, moves, seat_ns = game.board, game.moves, game.seat_ns
        assert game.first is first and not game.stopped and not board.is_over
        assert game.forfeit is not None
        loser, reason = game.forfeit
        assert loser is Mark.X and "crashed (exited with code 7)" in reason
        assert game.winner is Mark.O and game.finished
        # The brain (X) crashed on its third move.
        assert moves is not None and len(moves) == (4 if first is Mark.X else 5)
        if options.get("timed"):
            assert seat_ns is not None and seat_ns[0] > 0
        record = game.record(entry_of(brain), entry_of(opponent))
        assert record.forfeit is not None and record.forfeit.loser is Mark.X
        assert record.result == "O" and record.is_finished
        assert pickle.loads(pickle.dumps(game)).forfeit == game.forfeit
    if group is not None:
        assert wait_gone(group) == []


def test_a_garbage_answer_is_lost_by_the_brain_in_one_game() -> None:
    opponent = create_player("rando", seed=2)
    with BrainPlayer(bad_brain("garbage"), settings=CONTROL) as brain:
        game = play_game(opponent, brain, GOMOKU, think=True)
    assert game.forfeit is not None and game.forfeit[0] is Mark.O
    assert "instead of a move" in game.forfeit[1]
    assert repr(game).endswith(f"(O forfeited: {game.forfeit[1]}))")


def test_a_game_without_a_forfeit_is_unchanged() -> None:
    game = play_game(create_player("rando", seed=1), create_player("rando", seed=2))
    assert type(game) is PlayedGame and game.forfeit is None
    assert game.winner is game.board.winner and game.finished


def test_the_labs_match_counts_a_forfeit_as_the_opponents_win() -> None:
    from ttt_desktop.lab.match import play_match  # noqa: PLC0415

    opponent = create_player("rando", seed=5)
    with BrainPlayer(bad_brain("crash-mid"), settings=CONTROL) as brain:
        result = play_match(brain, opponent, 2, rules=GOMOKU)
    assert (result.x.wins, result.o.wins, result.draws) == (0, 2, 0)
