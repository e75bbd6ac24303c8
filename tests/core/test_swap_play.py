"""Swap and swap2 openings: the phase as a value, the play loop, the game record and its file."""

from __future__ import annotations

import pickle

import pytest

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.play import OpenedGame, SeatForfeit, play_game
from ttt_desktop.core.record import GameRecord, PlayerEntry
from ttt_desktop.core.rules import GOMOKU, Rules
from ttt_desktop.core.swap import (
    BLACK,
    OPENER,
    PLACE_TWO,
    RESPONDER,
    SWAP,
    SWAP2,
    WHITE,
    SwapAnswer,
    SwapError,
    SwapOpening,
    check_opening_rule,
    opening_for,
)
from ttt_desktop.formats.json_codec import record_from_json, record_to_json

NINE = Rules(9, 9, 5)


class ScriptedSeat:
    """A seat with its opening answers and its moves written down in advance."""

    def __init__(
        self,
        stones: tuple[int, ...] = (),
        choices: tuple[SwapAnswer, ...] = (),
        moves: tuple[int, ...] = (),
    ) -> None:
        self.stones = stones
        self.choices = list(choices)
        self.moves = list(moves)
        self.asked: list[tuple[str, int, tuple[str, ...]]] = []

    def swap_stones(self, board: Board, rule: str) -> tuple[int, ...]:
        self.asked.append(("stones", board.ply, ()))
        return self.stones

    def swap_choice(self, board: Board, options: tuple[str, ...], rule: str) -> SwapAnswer:
        self.asked.append(("choice", board.ply, options))
        return self.choices.pop(0)

    def choose_move(self, board: Board) -> int:
        return self.moves.pop(0)


def test_the_phases_of_swap_and_swap2() -> None:
    swap = SwapOpening(SWAP)
    assert [swap.step(ply).role for ply in range(3)] == [OPENER] * 3  # type: ignore[union-attr]
    step = swap.step(3)
    assert step is not None and (step.kind, step.role, step.options) == (
        "choose",
        RESPONDER,
        (BLACK, WHITE),
    )
    with pytest.raises(SwapError, match="black or white"):
        swap.with_choice(PLACE_TWO)
    with pytest.raises(SwapError, match="after the choice"):
        swap.step(4)
    assert swap.with_choice(BLACK).swapped and not swap.with_choice(WHITE).swapped
    assert swap.with_choice(WHITE).step(3) is None
    two = SwapOpening(SWAP2).with_choice(PLACE_TWO)
    assert [two.placer(ply) for ply in range(6)] == [OPENER] * 3 + [RESPONDER] * 2 + [None]
    assert two.chooser == OPENER and two.options() == (BLACK, WHITE)
    assert two.with_choice(WHITE).swapped and not two.with_choice(BLACK).swapped
    assert two.with_choice(BLACK).finished and two.with_choice(BLACK).stones == 5
    assert two.with_choice(BLACK).until(4) == two and two.until(2) == SwapOpening(SWAP2)
    with pytest.raises(SwapError, match="every choice"):
        SwapOpening(SWAP, (WHITE,)).with_choice(BLACK)
    with pytest.raises(SwapError):
        SwapOpening(SWAP, (PLACE_TWO,))
    data = two.to_json()
    assert SwapOpening.from_json(data) == two
    for broken in ({"rule": "swap3"}, {"rule": SWAP, "choices": [1]}, [], {"choices": []}):
        with pytest.raises(SwapError):
            SwapOpening.from_json(broken)


def test_the_boards_an_opening_rule_applies_to() -> None:
    assert check_opening_rule(GOMOKU, "Swap1") == SWAP
    assert check_opening_rule(NINE, "none") == "free"
    assert opening_for(GOMOKU, "swap2") == SwapOpening(SWAP2)
    assert opening_for(GOMOKU, "free") is None
    for rules in (Rules(3, 3, 3), Rules(7, 7, 4), Rules(6, 9, 5)):
        with pytest.raises(SwapError, match="five in a row"):
            check_opening_rule(rules, SWAP)
    with pytest.raises(SwapError, match="one of free, swap, swap2"):
        check_opening_rule(GOMOKU, "pro")
    with pytest.raises(SwapError, match="comes with"):
        SwapAnswer(PLACE_TWO, (1,))
    with pytest.raises(SwapError, match="is black, white or place2"):
        SwapAnswer("both")


def test_swap_black_exchanges_the_seats_and_the_opener_moves_on_as_white() -> None:
    # The opener (X's seat) places three stones; the responder takes black; the opener,
    # now white, moves; then black's row of five across the middle wins.
    opener = ScriptedSeat(stones=(40, 0, 41), moves=(1, 2, 3, 4))
    responder = ScriptedSeat(choices=(SwapAnswer(BLACK),), moves=(42, 43, 44))
    game = play_game(opener, responder, NINE, opening_rule="swap")
    assert isinstance(game, OpenedGame)
    assert game.opening == SwapOpening(SWAP, (BLACK,)) and game.swapped
    assert game.moves == (40, 0, 41, 1, 42, 2, 43, 3, 44)
    assert game.winner is Mark.X and game.seat_winner is Mark.O  # the responder's seat won
    assert responder.asked == [("choice", 3, (BLACK, WHITE))]
    record = game.record(PlayerEntry("human", "Ann"), PlayerEntry("human", "Bob"))
    assert (record.x.name, record.o.name) == ("Bob", "Ann")
    assert record.opening_player(OPENER).name == "Ann"
    assert record.result == "X" and record.opening == game.opening
    assert pickle.loads(pickle.dumps(game)) == game
    again = pickle.loads(pickle.dumps(game))
    assert again.opening == game.opening and again.swapped


def test_swap2_place_two_then_the_opener_chooses_white_and_plays_the_sixth_stone() -> None:
    opener = ScriptedSeat(
        stones=(40, 0, 41), choices=(SwapAnswer(WHITE, (8,)),), moves=(16, 24, 32)
    )
    responder = ScriptedSeat(choices=(SwapAnswer(PLACE_TWO, (1, 42)),), moves=(43, 44, 39, 38))
    game = play_game(opener, responder, NINE, opening_rule=SWAP2)
    assert game.opening == SwapOpening(SWAP2, (PLACE_TWO, WHITE)) and game.swapped
    assert game.moves[:6] == (40, 0, 41, 1, 42, 8)
    assert opener.asked == [("stones", 0, ()), ("choice", 5, (BLACK, WHITE))]
    assert game.board.winner is Mark.X  # 38-44: black's five, the responder's
    assert game.seat_winner is Mark.O


def test_swap2_with_o_moving_first_makes_o_the_opener() -> None:
    opener = ScriptedSeat(stones=(40, 0, 41), moves=(42, 43, 44, 39))
    responder = ScriptedSeat(choices=(SwapAnswer(WHITE, (1,)),), moves=(2, 3, 4, 5))
    game = play_game(responder, opener, NINE, first=Mark.O, opening_rule=SWAP2)
    assert not game.swapped and game.board.winner is Mark.O and game.seat_winner is Mark.O
    record = game.record(PlayerEntry("human", "Xavier"), PlayerEntry("human", "Olga"))
    assert record.opening_player(OPENER).name == "Olga"


@pytest.mark.parametrize(
    ("opener", "responder", "loser", "reason"),
    [
        (ScriptedSeat(stones=(40, 41)), ScriptedSeat(), Mark.X, "placed 2 opening stones"),
        (ScriptedSeat(stones=(40, 40, 41)), ScriptedSeat(), Mark.X, "broke the rules"),
        (
            ScriptedSeat(stones=(40, 0, 41)),
            ScriptedSeat(choices=(SwapAnswer(PLACE_TWO, (1, 2)),)),
            Mark.O,
            "chose place2 where swap offered black or white",
        ),
        (
            ScriptedSeat(stones=(40, 0, 41)),
            ScriptedSeat(choices=("white",)),  # type: ignore[arg-type]
            Mark.O,
            "its answer to the swap choice",
        ),
    ],
)
def test_an_answer_the_rule_does_not_allow_loses_the_game(
    opener: ScriptedSeat, responder: ScriptedSeat, loser: Mark, reason: str
) -> None:
    game = play_game(opener, responder, NINE, opening_rule=SWAP)
    assert game.forfeit is not None and game.forfeit[0] is loser and reason in game.forfeit[1]
    assert game.finished and game.winner is loser.opponent


def test_a_seat_that_forfeits_in_the_opening_loses_with_its_reason() -> None:
    class Broken(ScriptedSeat):
        def swap_choice(self, board: Board, options: tuple[str, ...], rule: str) -> SwapAnswer:
            raise SeatForfeit("answered SWAP2BOARD with 'ERROR': it does not play swap2")

    game = play_game(ScriptedSeat(stones=(40, 0, 41)), Broken(), NINE, opening_rule=SWAP2)
    assert game.forfeit == (Mark.O, "answered SWAP2BOARD with 'ERROR': it does not play swap2")
    record = game.record(PlayerEntry("human", "Ann"), PlayerEntry("brain.x", "X"))
    assert record.result == "X" and record.ending == "forfeit"


def test_a_stop_ends_the_opening_unfinished() -> None:
    game = play_game(
        ScriptedSeat(stones=(40, 0, 41)), ScriptedSeat(), NINE, opening_rule=SWAP, stop=lambda: True
    )
    assert game.stopped and game.moves == () and not game.finished


def _record(opening: SwapOpening, moves: tuple[int, ...]) -> GameRecord:
    return GameRecord(
        PlayerEntry("human", "Ann"),
        PlayerEntry("human", "Bob"),
        Mark.X,
        moves=moves,
        rules=GOMOKU,
        opening=opening,
    )


def test_the_record_checks_its_opening_and_takes_choices_back_with_their_moves() -> None:
    with pytest.raises(ValueError, match="the choice was not made"):
        _record(SwapOpening(SWAP), (112, 113, 114, 115))
    with pytest.raises(ValueError, match="has only 2 moves"):
        _record(SwapOpening(SWAP, (BLACK,)), (112, 113))
    with pytest.raises(ValueError, match="five in a row"):
        GameRecord(
            PlayerEntry("human", "Ann"),
            PlayerEntry("human", "Bob"),
            Mark.X,
            rules=Rules(3, 3, 3),
            opening=SwapOpening(SWAP),
        )
    record = _record(SwapOpening(SWAP2), (112, 113, 114))
    with pytest.raises(SwapError, match="black or white or place2"):
        record.with_choice("grey")
    with pytest.raises(SwapError, match="after 3 stones, not after 2"):
        record.truncated(2).with_choice(BLACK)
    chosen = record.with_choice(BLACK)
    assert (chosen.x.name, chosen.o.name) == ("Bob", "Ann")
    assert chosen.opening_player(OPENER).name == "Ann"
    played = chosen.with_move(100)
    back = played.with_undo(2)
    assert back.opening == SwapOpening(SWAP2) and (back.x.name, back.o.name) == ("Ann", "Bob")
    assert played.with_undo(1).opening == chosen.opening
    assert played.truncated(1).opening == SwapOpening(SWAP2)
    with pytest.raises(SwapError, match="no opening rule"):
        GameRecord(PlayerEntry("human", "Ann"), PlayerEntry("human", "Bob"), Mark.X).with_choice(
            BLACK
        )


def test_the_game_file_keeps_the_opening() -> None:
    record = _record(SwapOpening(SWAP2), (112, 113, 114)).with_choice(PLACE_TWO)
    record = record.with_move(115).with_move(116).with_choice(WHITE).with_move(117)
    text = record_to_json(record)
    assert '"opening"' in text
    again = record_from_json(text)
    assert again == record and again.opening == SwapOpening(SWAP2, (PLACE_TWO, WHITE))
    assert '"opening"' not in record_to_json(_record(None, ()))  # type: ignore[arg-type]
    broken = text.replace('"swap2"', '"swap9"')
    with pytest.raises(ValueError, match="swap or swap2"):
        record_from_json(broken)
