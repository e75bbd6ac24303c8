"""How games end under renju in the unattended loop: black's forbidden move loses ("forbidden").

Scripted seats play a fixed list of cells; the loop (ttt_desktop.core.play) is asked through
every path it has: the fast loop, the timed fast loop and the general loop.
"""

from __future__ import annotations

import json

import pytest

from ttt_desktop.cli.arena import main
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.ending import ENDING_DRAW, ENDING_FORBIDDEN, ENDING_FORFEIT, ending
from ttt_desktop.core.play import ForfeitedGame, SeatForfeit, play_game
from ttt_desktop.core.record import GameRecord, PlayerEntry
from ttt_desktop.core.rules import GOMOKU, RENJU, TIC_TAC_TOE, Rules
from ttt_desktop.formats.json_codec import (
    record_from_dict,
    record_from_json,
    record_to_dict,
    record_to_json,
)
from ttt_desktop.formats.psq import PsqError, record_from_psq, record_to_psq

RENJU_15 = Rules(15, 15, 5, rule=RENJU)
GEOMETRY = RENJU_15.geometry


class Script:
    def __init__(self, names: str) -> None:
        self.cells = [GEOMETRY.parse(name) for name in names.split()]

    def choose_move(self, board: Board) -> int:
        return self.cells.pop(0)


# Black f8 g8 h9 h10, then h8: a double-three.
BLACK = "f8 g8 h9 h10 h8"
WHITE = "a1 a3 a5 a7"

LOOPS = [
    pytest.param({}, id="fast"),
    pytest.param({"timed": True}, id="timed"),
    pytest.param({"move_times": True}, id="general"),
    pytest.param({"keep_moves": False}, id="tally"),
]


@pytest.mark.parametrize("options", LOOPS)
def test_a_forbidden_move_loses(options: dict[str, bool]) -> None:
    game = play_game(Script(BLACK), Script(WHITE), RENJU_15, **options)
    assert isinstance(game, ForfeitedGame)
    assert game.forfeit == (Mark.X, "forbidden: h8 is forbidden for black: double-three")
    assert game.winner is Mark.O
    assert game.finished
    assert game.ending == ENDING_FORBIDDEN
    assert game.board.ply == 8  # the forbidden cell is not played
    if game.moves is not None:
        names = [GEOMETRY.name(cell) for cell in game.moves]
        assert names == ["f8", "a1", "g8", "a3", "h9", "a5", "h10", "a7"]


def test_the_record_of_a_forbidden_move() -> None:
    game = play_game(Script(BLACK), Script(WHITE), RENJU_15)
    record = game.record(PlayerEntry("script", "Black"), PlayerEntry("script", "White"))
    assert record.result == "O"
    assert record.ending == ENDING_FORBIDDEN
    assert record.is_finished
    assert record.forfeit is not None
    assert record.forfeit.loser is Mark.X
    assert "h8 is forbidden for black: double-three" in record.forfeit.reason


def test_black_as_o_loses_the_same_way() -> None:
    game = play_game(Script(WHITE), Script(BLACK), RENJU_15, first=Mark.O)
    assert game.forfeit is not None
    assert game.forfeit[0] is Mark.O
    assert game.winner is Mark.X
    assert game.ending == ENDING_FORBIDDEN


def test_white_may_play_the_point() -> None:
    x, o = Script("f8 g8 h9 h10 o15"), Script(WHITE + " h8")
    game = play_game(x, o, RENJU_15, stop=lambda: not x.cells and not o.cells)
    assert game.forfeit is None
    assert game.stopped
    assert (game.moves or ())[-1] == GEOMETRY.parse("h8")


def test_the_same_moves_under_free_style_are_played() -> None:
    x, o = Script(BLACK), Script(WHITE)
    game = play_game(x, o, GOMOKU, stop=lambda: not x.cells)
    assert game.forfeit is None
    assert game.stopped
    assert (game.moves or ())[-1] == GEOMETRY.parse("h8")


def test_endings() -> None:
    five = Board.empty(rules=GOMOKU).play_all([0, 20, 1, 21, 2, 22, 3, 23, 4])
    assert ending(five, None) == "five"
    tic = Board.from_string("XXXOO....")
    assert ending(tic, None) == "three"
    draw = Board.from_string("XOXXOOOXX")
    assert ending(draw, None) == ENDING_DRAW
    assert ending(Board.empty(), None) is None
    assert ending(Board.empty(), "crashed") == ENDING_FORFEIT
    reason = "forbidden: h8 is forbidden for black: overline"
    assert ending(Board.empty(), reason) == ENDING_FORBIDDEN
    assert TIC_TAC_TOE.row_word == "three"


def test_a_seat_forfeit_still_ends_forfeit() -> None:
    class Quits:
        may_forfeit = True

        def choose_move(self, board: Board) -> int:
            raise SeatForfeit("no answer within 100 ms")

    game = play_game(Quits(), Script(WHITE), RENJU_15)
    assert game.ending == ENDING_FORFEIT
    assert game.winner is Mark.O


def test_arena_match_json_shows_each_games_ending(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "--rules", "renju", "--x", "levi", "--o", "rando", "--games", "4",
            "--seed", "5", "--json"]  # fmt: skip
    assert main(argv) == 0
    match = json.loads(capsys.readouterr().out)
    assert match["rules"] == "15,15,5,renju"
    assert len(match["played"]) == 4
    for game in match["played"]:
        board = Board.empty(Mark(game["first"]), RENJU_15).play_all(game["moves"])
        assert game["ending"] in {"five", ENDING_DRAW, ENDING_FORBIDDEN, ENDING_FORFEIT}
        assert game["ending"] == ending(board, game.get("reason"))
        # Our players never play a forbidden cell: every game ends on the board.
        assert board.is_over


def psq_of(names: str) -> str:
    cells = [GEOMETRY.parse(name) for name in names.split()]
    record = GameRecord(
        PlayerEntry("brain.a", "A"), PlayerEntry("brain.b", "B"), Mark.X, rules=GOMOKU
    )
    for cell in cells:
        record = record.with_move(cell, 0.5)
    return record_to_psq(record)


def test_a_psq_record_ending_on_a_forbidden_move_is_blacks_loss() -> None:
    text = psq_of("f8 a1 g8 a3 h9 a5 h10 a7 h8")
    record = record_from_psq(text, RENJU_15)
    assert record.rules is RENJU_15
    assert record.ply == 8
    assert record.result == "O"
    assert record.ending == ENDING_FORBIDDEN
    assert record.is_finished
    assert any("forbidden for black" in line for line in record.log)
    # Free-style, the same file is a game that goes on.
    assert record_from_psq(text).ply == 9
    assert record_from_psq(text).ending is None


def test_a_psq_record_going_on_after_a_forbidden_move_is_refused() -> None:
    with pytest.raises(PsqError, match="move 9 is forbidden for black under renju"):
        record_from_psq(psq_of("f8 a1 g8 a3 h9 a5 h10 a7 h8 o1"), RENJU_15)


def test_the_record_of_a_forbidden_move_round_trips() -> None:
    game = play_game(Script(BLACK), Script(WHITE), RENJU_15)
    record = game.record(PlayerEntry("script", "Black"), PlayerEntry("script", "White"))
    again = record_from_json(record_to_json(record))
    assert again.rules is RENJU_15
    assert again.moves == record.moves
    assert again.forfeit == record.forfeit
    assert again.ending == ENDING_FORBIDDEN


def test_a_game_file_with_a_forbidden_move_is_refused_with_the_reason() -> None:
    record = play_game(Script(BLACK), Script(WHITE), RENJU_15).record(
        PlayerEntry("human", "A"), PlayerEntry("human", "B")
    )
    data = record_to_dict(record)
    assert record_from_dict(data).ending == ENDING_FORBIDDEN
    # The same game with the forbidden move among its moves (and no forfeit): refused.
    data.update(
        moves=[*data["moves"], "h8"],
        move_seconds=[*data["move_seconds"], 0.0],
        forfeit=None,
        result=None,
        finished_at=None,
    )
    with pytest.raises(ValueError, match="h8 is forbidden for black: double-three"):
        record_from_dict(data)
