"""A record knows its final board: asking for it, the result or the end replays no moves,
and a record one move longer is made with one play, not a replay of the game."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from ttt_desktop.core import Board, Mark
from ttt_desktop.core.record import GameRecord, PlayerEntry
from ttt_desktop.core.rules import GOMOKU

GAME = (112, 113, 97, 98, 82, 83, 67, 68, 52)  # X wins down the h column


def people(**options: object) -> GameRecord:
    return GameRecord(PlayerEntry("human", "Ann"), PlayerEntry("human", "Bob"), Mark.X, **options)


def test_the_final_board_and_the_result_cost_no_play(monkeypatch: pytest.MonkeyPatch) -> None:
    record = people(rules=GOMOKU)
    plays = [0]
    play = Board.play

    def counted(self: Board, cell: int) -> Board:
        plays[0] += 1
        return play(self, cell)

    monkeypatch.setattr(Board, "play", counted)
    for count, cell in enumerate(GAME, start=1):
        before = plays[0]
        record = record.with_move(cell)
        assert plays[0] - before == 1, f"move {count} played {plays[0] - before} times"
    before = plays[0]
    assert record.final_board.winner is Mark.X
    assert record.board_at(len(GAME)) is record.final_board
    assert record.is_finished and record.result == "X"
    assert plays[0] == before


def test_the_known_board_is_the_replayed_one() -> None:
    record = people(rules=GOMOKU)
    for cell in GAME[:-1]:
        record = record.with_move(cell)
    replayed = Board.empty(Mark.X, GOMOKU).play_all(GAME[:-1])
    assert record.final_board == replayed
    # Made afresh (a file read, a copy), the record finds the same board by replaying.
    again = people(
        rules=GOMOKU, moves=GAME[:-1], started_at=record.started_at, game_id=record.game_id
    )
    assert again.final_board == replayed
    # The kept board is no field: equality, copies, dicts and pickles are as they were.
    assert again == record
    assert "_final_board" not in dataclasses.asdict(record)
    assert dataclasses.replace(record, moves=GAME[:3], move_seconds=()).final_board.ply == 3
    assert pickle.loads(pickle.dumps(record)) == record
    assert pickle.loads(pickle.dumps(record)).final_board == replayed


def test_an_illegal_move_still_raises() -> None:
    record = people(rules=GOMOKU).with_move(112)
    with pytest.raises(ValueError):
        record.with_move(112)
    # A failed move leaves nothing behind for the next record made.
    assert people(rules=GOMOKU, moves=(5,)).final_board.ply == 1
