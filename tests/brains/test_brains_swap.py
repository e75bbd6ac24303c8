"""Brains under swap and swap2, through real pipes: the manager's ``SWAP2BOARD`` (three
stones, a choice, every broken answer a forfeit with its reason), the next move asked with
BOARD, our own brain's answers, and the engine probe's "plays swap"."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from helpers.brain_helpers import bad_brain, our_brain, wait_gone

from ttt_desktop.brains import protocol
from ttt_desktop.brains.engines import EngineEntry, EngineList, brain_plays_swap, probe
from ttt_desktop.brains.manager import BrainFailure, BrainProcess, BrainSettings
from ttt_desktop.brains.match import play_brain_game
from ttt_desktop.brains.player import BrainPlayer
from ttt_desktop.brains.serve import BrainServer
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.clock import TimeControl
from ttt_desktop.core.play import SeatForfeit
from ttt_desktop.core.rules import GOMOKU, RENJU, Rules
from ttt_desktop.core.swap import BLACK, OPENER, PLACE_TWO, SWAP, SWAP2, WHITE, SwapAnswer
from ttt_desktop.players import create_player

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="brains run on Linux")

SWAP_BRAIN = Path(__file__).parents[1] / "data" / "brains" / "swap_brain.py"
CONTROL = BrainSettings(
    clock=TimeControl(turn_ms=300, game_ms=20_000, margin_ms=150), end_grace_ms=300, setup_ms=0
)
GEOMETRY = GOMOKU.geometry
EMPTY = Board.empty(Mark.X, GOMOKU)
THREE = EMPTY.play_all([GEOMETRY.parse(name) for name in ("h8", "h9", "j8")])
FIVE = THREE.play_all([GEOMETRY.parse(name) for name in ("g9", "j10")])
SWAP2_AT_THREE = (BLACK, WHITE, PLACE_TWO)
SWAP2_AT_FIVE = (BLACK, WHITE)


def swap_brain(empty: str = "three", three: str = "one", five: str = "one") -> list[str]:
    return [sys.executable, str(SWAP_BRAIN), empty, three, five]


def names(cells: tuple[int, ...]) -> str:
    return GEOMETRY.names(cells)


def said(brain: BrainPlayer) -> list[str]:
    return [line for _, line in brain.take_log()]


def board_with(cells: dict[str, str], to_move: Mark, rules: Rules) -> Board:
    text = ["."] * rules.size
    for name, mark in cells.items():
        text[rules.geometry.parse(name)] = mark
    return Board.from_string("".join(text), to_move, rules)


# The manager's side ---------------------------------------------------------------------


def test_the_opener_brain_places_three_stones_and_is_told_nothing_but_the_empty_board() -> None:
    with BrainPlayer(swap_brain(), settings=CONTROL) as brain:
        group = brain.process.brain_pid  # type: ignore[union-attr]
        stones = brain.swap_stones(EMPTY, SWAP2)
        # The free cells from the centre, black, white, black (x the column, y the row).
        assert names(stones) == "h8 g8 h9"
        assert EMPTY.play_all(stones).ply == 3
        lines = said(brain)
        asked = lines.index("> SWAP2BOARD")
        assert lines[asked - 1].startswith("> INFO time_left ")
        assert lines[asked + 1] == "> DONE"
        assert "< 7,7 6,7 7,6" in lines
        assert brain.process.clock.moves == 1  # type: ignore[union-attr]  # on its clock
    assert wait_gone(group) == []


G8, H7 = GEOMETRY.parse("g8"), GEOMETRY.parse("h7")


@pytest.mark.parametrize(
    ("board", "rule", "options", "answer", "expected"),
    [
        (THREE, SWAP2, SWAP2_AT_THREE, "swap", SwapAnswer(BLACK)),
        (THREE, SWAP2, SWAP2_AT_THREE, "one", SwapAnswer(WHITE, (G8,))),
        (THREE, SWAP2, SWAP2_AT_THREE, "two", SwapAnswer(PLACE_TWO, (G8, H7))),
        (THREE, SWAP, (BLACK, WHITE), "swap", SwapAnswer(BLACK)),
        (THREE, SWAP, (BLACK, WHITE), "one", SwapAnswer(WHITE, (G8,))),
        (FIVE, SWAP2, SWAP2_AT_FIVE, "swap", SwapAnswer(BLACK)),
        (FIVE, SWAP2, SWAP2_AT_FIVE, "one", SwapAnswer(WHITE, (G8,))),
    ],
)
def test_each_legal_answer_is_its_choice(
    board: Board, rule: str, options: tuple[str, ...], answer: str, expected: SwapAnswer
) -> None:
    with BrainPlayer(swap_brain(three=answer, five=answer), settings=CONTROL) as brain:
        group = brain.process.brain_pid  # type: ignore[union-attr]
        assert brain.swap_choice(board, options, rule) == expected
        lines = said(brain)
        # The stones as BOARD writes them, for the side to move (white): 1 its own.
        start = lines.index("> SWAP2BOARD")
        shown = lines[start + 1 : start + 1 + board.ply]
        assert sorted(shown) == sorted(
            f"> {x},{y},{1 if board[cell] is Mark.O else 2}"
            for cell in range(board.rules.size)
            if board[cell] is not None
            for x, y in [protocol.xy_of(cell, 15)]
        )
        assert lines[start + 1 + board.ply] == "> DONE"
        if board is THREE:
            # Each side's stones in cell order, black first (a board keeps no order).
            assert shown == ["> 7,7,2", "> 7,6,1", "> 9,7,2"]
    assert wait_gone(group) == []


AT_THREE = "to SWAP2BOARD with 3 stones"
SWAP_OR_ONE = "the answer there is SWAP or one move"


@pytest.mark.parametrize(
    ("board", "rule", "answers", "reason"),
    [
        (
            THREE,
            SWAP2,
            ("three", "error"),
            f"answered 'ERROR Unknown command' {AT_THREE}: it does not play swap2",
        ),
        (
            EMPTY,
            SWAP,
            ("unknown",),
            "answered 'UNKNOWN SWAP2BOARD' to SWAP2BOARD: it does not play swap",
        ),
        (
            THREE,
            SWAP2,
            ("three", "garbage"),
            f"answered 'I would rather play chess' {AT_THREE}, where the answer is SWAP, "
            "one move or two moves",
        ),
        (THREE, SWAP2, ("three", "occupied"), "placed 7,7 (h8), a cell already taken"),
        (EMPTY, SWAP2, ("twice",), "placed 7,7 (h8) twice"),
        (THREE, SWAP2, ("three", "off"), "placed 17,0, off the 15x15 board"),
        (
            FIVE,
            SWAP2,
            ("three", "one", "two"),
            f"answered '6,7 7,8' to SWAP2BOARD with 5 stones; under swap2 {SWAP_OR_ONE}",
        ),
        (THREE, SWAP, ("three", "two"), f"answered '6,7 7,8' {AT_THREE}; under swap {SWAP_OR_ONE}"),
        (
            EMPTY,
            SWAP2,
            ("swap",),
            "answered 'SWAP' to SWAP2BOARD; under swap2 the answer there is three stones",
        ),
        (
            EMPTY,
            SWAP2,
            ("one",),
            "answered '7,7' to SWAP2BOARD; under swap2 the answer there is three stones",
        ),
        (
            THREE,
            SWAP2,
            ("three", "silent"),
            "no answer within 450 ms while answering SWAP2BOARD with 3 stones",
        ),
        (
            THREE,
            SWAP2,
            ("three", "crash"),
            "the brain crashed (exited with code 5) while answering SWAP2BOARD with 3 stones",
        ),
    ],
)
def test_a_broken_answer_forfeits_with_the_reason(
    board: Board, rule: str, answers: tuple[str, ...], reason: str
) -> None:
    with BrainPlayer(swap_brain(*answers), settings=CONTROL) as brain:
        group = brain.process.brain_pid  # type: ignore[union-attr]
        with pytest.raises(SeatForfeit) as raised:
            if board.ply:
                options = SWAP2_AT_THREE if rule == SWAP2 and board.ply == 3 else (BLACK, WHITE)
                brain.swap_choice(board, options, rule)
            else:
                brain.swap_stones(board, rule)
        assert isinstance(raised.value, BrainFailure)
        assert raised.value.reason == reason
        # The process is gone at once; a fresh one would start for the next game.
        assert brain.process is None
        assert wait_gone(group) == []


def test_a_brain_without_swap2board_says_error_and_forfeits_at_once() -> None:
    # As a real brain answers a command it does not know ("ERROR Unknown command").
    with BrainPlayer(bad_brain("ok"), settings=CONTROL) as brain:
        group = brain.process.brain_pid  # type: ignore[union-attr]
        with pytest.raises(BrainFailure, match="'ERROR Unknown command' to SWAP2BOARD with 3"):
            brain.swap_choice(THREE, SWAP2_AT_THREE, SWAP2)
    assert wait_gone(group) == []


def test_black_on_a_forbidden_point_under_renju_is_a_broken_answer() -> None:
    renju = Rules(15, 15, 5, rule=RENJU)
    # White's h8 first (the free cell nearest the centre), then black's h9: a double three
    # (i9 j9 across, g10 f11 on the diagonal).
    board = board_with(
        {"i9": "X", "j9": "X", "g10": "X", "f11": "X", "g8": "O", "h7": "O", "a1": "O"},
        Mark.O,
        renju,
    )
    white = renju.geometry.parse("h8")
    assert renju.geometry.parse("h9") in board.play(white).forbidden_cells()
    with BrainProcess(swap_brain("three", "two", "two"), settings=CONTROL) as process:
        process.start(renju)
        with pytest.raises(
            BrainFailure, match=r"placed black on 7,6 \(h9\), forbidden under renju"
        ):
            process.swap2board(board, swap=True, counts=(1, 2), opening_rule=SWAP2)


def test_after_a_white_answer_the_brain_keeps_its_move_and_gets_the_board() -> None:
    with BrainPlayer(swap_brain(three="one"), settings=CONTROL) as brain:
        answer = brain.swap_choice(THREE, SWAP2_AT_THREE, SWAP2)
        assert answer == SwapAnswer(WHITE, (GEOMETRY.parse("g8"),))
        # The play loop plays that move itself; the opener answers, the brain moves.
        board = THREE.play_all(answer.stones).play(GEOMETRY.parse("a1"))
        said(brain)
        move = brain.choose_move(board)
        assert board[move] is None
        lines = said(brain)
        assert "> RESTART" not in lines and not any(line.startswith("> TURN") for line in lines)
        start = lines.index("> BOARD")
        # Its board in the order it was placed, then the opener's answer.
        assert lines[start + 1 : start + 7] == [
            "> 7,7,2", "> 7,6,1", "> 9,7,2", "> 6,7,1", "> 0,14,2", "> DONE"
        ]  # fmt: skip
        # Then on as ever: one TURN a move.
        after = board.play(move).play(GEOMETRY.parse("a2"))
        brain.choose_move(after)
        assert any(line == "> TURN 0,13" for line in said(brain))


def test_the_opener_brain_after_swap_moves_as_white_on_its_own_stones() -> None:
    with BrainPlayer(swap_brain(), settings=CONTROL) as brain:
        stones = brain.swap_stones(EMPTY, SWAP2)
        three = EMPTY.play_all(stones)
        said(brain)
        # The responder took black: the opener, now white, moves at once.
        move = brain.choose_move(three)
        assert three[move] is None
        lines = said(brain)
        assert "> RESTART" not in lines
        start = lines.index("> BOARD")
        assert lines[start + 1 : start + 5] == ["> 7,7,2", "> 6,7,1", "> 7,6,2", "> DONE"]


def test_the_opener_brain_chooses_at_five_stones_in_the_same_game() -> None:
    with BrainPlayer(swap_brain(five="swap"), settings=CONTROL) as brain:
        stones = brain.swap_stones(EMPTY, SWAP2)
        five = EMPTY.play_all(stones).play_all([GEOMETRY.parse("a1"), GEOMETRY.parse("a2")])
        said(brain)
        assert brain.swap_choice(five, SWAP2_AT_FIVE, SWAP2) == SwapAnswer(BLACK)
        lines = said(brain)
        assert "> RESTART" not in lines
        start = lines.index("> SWAP2BOARD")
        # Its own three first, in its order, then the responder's white and black.
        assert lines[start + 1 : start + 7] == [
            "> 7,7,2", "> 6,7,1", "> 7,6,2", "> 0,14,1", "> 0,13,2", "> DONE"
        ]  # fmt: skip
        assert brain.process.clock.moves == 2  # type: ignore[union-attr]


def test_a_new_game_restarts_the_brain_before_its_swap2board() -> None:
    with BrainPlayer(swap_brain(), settings=CONTROL) as brain:
        brain.swap_stones(EMPTY, SWAP2)
        brain.swap_choice(THREE, SWAP2_AT_THREE, SWAP2)
        lines = said(brain)
        assert lines.count("> RESTART") == 1
        assert lines.index("> RESTART") > lines.index("> SWAP2BOARD")


# Our own brain ----------------------------------------------------------------------------


def test_our_brain_answers_swap2board_at_zero_three_and_five_stones() -> None:
    with BrainPlayer(our_brain("rando", seed=4), settings=CONTROL) as brain:
        group = brain.process.brain_pid  # type: ignore[union-attr]
        stones = brain.swap_stones(EMPTY, SWAP2)
        three = EMPTY.play_all(stones)
        assert len(set(stones)) == 3 and three.ply == 3
        answer = brain.swap_choice(three, SWAP2_AT_THREE, SWAP2)
        assert answer.choice in (BLACK, WHITE)  # Rando has no judgement to place two by
        assert all(three[cell] is None for cell in answer.stones)
        five = three.play_all([GEOMETRY.parse("a1"), GEOMETRY.parse("a2")])
        answer = brain.swap_choice(five, SWAP2_AT_FIVE, SWAP2)
        assert answer.choice in SWAP2_AT_FIVE and all(five[c] is None for c in answer.stones)
        lines = said(brain)
        # Our brain knows the extension: each SWAP2BOARD comes with its rule.
        assert lines.count("> INFO opening swap2") == 3
    assert wait_gone(group) == []


def test_our_searching_brain_places_two_stones_or_chooses_in_its_time() -> None:
    control = BrainSettings(clock=TimeControl(turn_ms=600, margin_ms=400), end_grace_ms=300)
    with BrainPlayer(our_brain("strongest", seed=2), settings=control) as brain:
        answer = brain.swap_choice(THREE, SWAP2_AT_THREE, SWAP2)
        board = THREE.play_all(answer.stones)
        assert board.ply == 3 + len(answer.stones) and not board.is_over
        if answer.choice == WHITE:
            # Its move is its own: the next one comes from the same board in its head.
            reply = board.play(board.legal_moves()[0])
            assert reply[brain.choose_move(reply)] is None


class _Recorder(type(create_player("rando"))):  # type: ignore[misc]
    """Rando that says what it was asked to choose, and chooses black."""

    def __init__(self) -> None:
        super().__init__(seed=1)
        self.asked: list[tuple[int, tuple[str, ...], str]] = []

    def swap_choice(self, board: Board, options: tuple[str, ...], rule: str) -> SwapAnswer:
        self.asked.append((board.ply, options, rule))
        return SwapAnswer(BLACK)


def _server() -> tuple[BrainServer, list[str]]:
    out: list[str] = []
    server = BrainServer("rando", 1, out.append)
    for line in ("START 15", "INFO timeout_turn 300"):
        server.handle(line)
    out.clear()
    return server, out


def _swap2board(server: BrainServer, *lines: str) -> None:
    for line in ("SWAP2BOARD", *lines, "DONE"):
        server.handle(line)


def test_our_brain_reads_both_forms_and_offers_only_the_rules_choices() -> None:
    server, out = _server()
    recorder = _Recorder()
    server.player = recorder
    _swap2board(server, "7,7", "7,8", "9,7")
    _swap2board(server, "7,7,2", "7,8,1", "9,7,2", "6,8,1", "9,9,2")
    server.handle(f"INFO {protocol.OPENING_INFO_KEY} swap")
    _swap2board(server, "7,7,2", "7,8,1", "9,7,2")
    assert out == ["SWAP", "SWAP", "SWAP"]
    assert recorder.asked == [
        (3, SWAP2_AT_THREE, SWAP2), (5, SWAP2_AT_FIVE, SWAP2), (3, (BLACK, WHITE), SWAP)
    ]  # fmt: skip
    # SWAP: it holds black on the three stones, and white's move comes as a TURN.
    assert server.board is not None and server.board.ply == 3
    server.handle("TURN 0,0")
    move = protocol.parse_coordinates(out[-1])
    assert move is not None and not any(line.startswith("ERROR") for line in out)
    assert server.board.ply == 5 and server.board[protocol.cell_of(*move, 15)] is Mark.X


@pytest.mark.parametrize(
    ("lines", "error"),
    [
        (("7,7", "7,8"), "ERROR swap2 asks SWAP2BOARD with 0, 3 or 5 stones, not 2"),
        (("7,7", "7,8", "22,7"), "ERROR the stone 22,7 is off the 15x15 board"),
        (("7,7", "7,8", "7,7"), "ERROR "),
    ],
)
def test_our_brain_answers_error_to_a_board_no_opening_has(
    lines: tuple[str, ...], error: str
) -> None:
    server, out = _server()
    _swap2board(server, *lines)
    assert len(out) == 1 and out[0].startswith(error)
    server, out = _server()
    server.handle(f"INFO {protocol.OPENING_INFO_KEY} swap")
    _swap2board(server, "7,7", "7,8", "9,7", "6,8", "9,9")
    assert out == ["ERROR swap asks SWAP2BOARD with 0, 3 stones, not 5"]


# The engine list ------------------------------------------------------------------------


def test_the_probe_finds_whether_a_brain_plays_swap(tmp_path: Path) -> None:
    ours = probe(EngineEntry("Ours", " ".join(our_brain("rando"))), sizes=(15,))
    assert ours.swap2 is True and brain_plays_swap(ours)
    assert ours.opening_refusal(SWAP2) is None and ours.opening_refusal("swap") is None
    other = probe(EngineEntry("Other", " ".join(bad_brain("ok"))), sizes=(15,))
    assert other.swap2 is False and not brain_plays_swap(other)
    assert other.swap2_refusal == "ERROR Unknown command"
    assert other.opening_refusal(SWAP2) == (
        "Other does not play swap2: it answered ERROR Unknown command to SWAP2BOARD when probed"
    )
    assert other.opening_refusal("free") is None
    # Kept in the engine list; an entry of an older list was not asked.
    path = tmp_path / "engines.json"
    engines = EngineList(path, [ours, other, EngineEntry("Old", "pbrain-old", sizes=(15,))])
    engines.save()
    again = EngineList.load(path)
    assert again.get("Ours").swap2 is True and again.get("Other") == other
    old = again.get("Old")
    assert old.swap2 is None and "swap2" not in old.as_json()
    assert old.opening_refusal(SWAP) == (
        "Old was not asked whether it plays swap (SWAP2BOARD): probe it "
        "(ttt-arena engines probe 'Old')"
    )


def test_our_players_open_like_the_brain_that_serves_them() -> None:
    # The brain's stones are its player's: the same seed, the same three stones.
    player = create_player("rando", seed=4)
    with BrainPlayer(our_brain("rando", seed=4), settings=CONTROL) as brain:
        assert brain.swap_stones(EMPTY, SWAP2) == player.swap_stones(EMPTY, SWAP2)


# Whole games ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("opening_rule", "answer", "choice"), [(SWAP, "one", WHITE), (SWAP2, "two", PLACE_TWO)]
)
def test_two_brains_play_a_whole_game_under_the_opening(
    opening_rule: str, answer: str, choice: str
) -> None:
    with (
        BrainPlayer(our_brain("rando", seed=3), settings=CONTROL) as ours,
        BrainPlayer(swap_brain(three=answer, five="swap"), settings=CONTROL) as script,
    ):
        groups = [brain.process.brain_pid for brain in (ours, script)]  # type: ignore[union-attr]
        record = play_brain_game(ours, script, GOMOKU, opening_rule=opening_rule)
    assert record.forfeit is None and record.is_finished
    assert record.opening is not None and record.opening.rule == opening_rule
    assert record.opening.choices[0] == choice
    assert record.opening_player(OPENER).kind == ours.kind
    # Ours (the opener) was asked on the empty board, the script at three stones; after
    # the opening each one's next move came with the whole board, then TURN by TURN.
    assert sum("> SWAP2BOARD" in line for line in record.log) == len(record.opening.choices) + 1
    assert sum("> BOARD" in line for line in record.log) == 2
    assert [wait_gone(group) for group in groups] == [[], []]


def test_a_brain_that_does_not_play_swap2_loses_the_game_at_the_opening() -> None:
    with BrainPlayer(bad_brain("ok"), settings=CONTROL) as brain:
        group = brain.process.brain_pid  # type: ignore[union-attr]
        record = play_brain_game(brain, create_player("rando", seed=1), GOMOKU, opening_rule=SWAP2)
    assert wait_gone(group) == []
    assert record.forfeit is not None and record.forfeit.loser is Mark.X
    assert record.forfeit.reason == (
        "answered 'ERROR Unknown command' to SWAP2BOARD: it does not play swap2"
    )
    assert record.result == "O" and record.moves == ()
