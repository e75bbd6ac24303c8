"""Brains under renju: ``INFO rule`` from the game's rules, a brain's forbidden move is its
loss ("forbidden"), and our own brain plays the rule it is told."""

from __future__ import annotations

import sys

import pytest
from helpers.brain_helpers import bad_brain

from ttt_desktop.brains import protocol
from ttt_desktop.brains.manager import BrainSettings
from ttt_desktop.brains.match import play_brain_game
from ttt_desktop.brains.player import BrainPlayer
from ttt_desktop.brains.serve import BrainServer
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.clock import TimeControl
from ttt_desktop.core.ending import ENDING_FORBIDDEN
from ttt_desktop.core.rules import CARO, GOMOKU, RENJU, Rules
from ttt_desktop.players import create_player

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="brains run on Linux")

RENJU_15 = Rules(15, 15, 5, rule=RENJU)
GEOMETRY = RENJU_15.geometry
CONTROL = BrainSettings(
    clock=TimeControl(turn_ms=2000, game_ms=60_000, margin_ms=500), end_grace_ms=300
)


def cells(names: str) -> list[int]:
    return [GEOMETRY.parse(name) for name in names.split()]


def test_info_rule_is_the_rules_gomocup_rule() -> None:
    assert protocol.rule_of(GOMOKU) == 0
    assert protocol.rule_of(Rules(15, 15, 5, exact=True)) == protocol.RULE_EXACT
    assert protocol.rule_of(RENJU_15) == protocol.RULE_RENJU == 4
    assert protocol.rule_of(Rules(20, 20, 5, rule=CARO)) == protocol.RULE_CARO == 8


@pytest.mark.slow
def test_a_brains_forbidden_move_loses_it_the_game() -> None:
    white = create_player("sequence", moves=cells("a1 a3 a5 a7 a9"))
    with BrainPlayer(bad_brain("renju-foul"), settings=CONTROL) as brain:
        record = play_brain_game(brain, white, RENJU_15, Mark.X)
    assert record.forfeit is not None
    assert record.forfeit.loser is Mark.X
    assert "h8 is forbidden for black: double-three" in record.forfeit.reason
    assert record.ending == ENDING_FORBIDDEN
    assert record.result == "O"
    assert record.is_finished
    assert [GEOMETRY.name(cell) for cell in record.moves] == [
        "f8", "a1", "g8", "a3", "h9", "a5", "h10", "a7",
    ]  # fmt: skip
    # The brain was told the rule: renju, 4.
    assert any("MESSAGE rule 4" in line for line in record.log)


def test_the_same_brain_under_free_style_is_told_rule_0() -> None:
    white = create_player("sequence", moves=cells("a1 a3 a5 a7 a9"))
    with BrainPlayer(bad_brain("renju-foul"), settings=CONTROL) as brain:
        record = play_brain_game(brain, white, GOMOKU, Mark.X)
    assert record.forfeit is None or "forbidden" not in record.forfeit.reason
    assert GEOMETRY.parse("h8") in record.moves
    assert any("MESSAGE rule 0" in line for line in record.log)


def serve(kind: str, *lines: str) -> list[str]:
    said: list[str] = []
    server = BrainServer(kind, 1, said.append)
    for line in lines:
        server.handle(line)
    return said


def moves_of(said: list[str]) -> list[str]:
    return [line for line in said if not line.startswith(("MESSAGE", "ERROR", "OK"))]


BOARD_LINES = [
    "BOARD",
    # Black (the brain, 1) f8 g8 h9 h10; white (2) far away.
    *(f"{x},{y},1" for x, y in [(5, 7), (6, 7), (7, 6), (7, 5)]),
    *(f"{x},{y},2" for x, y in [(0, 14), (0, 12), (0, 10), (0, 8)]),
    "DONE",
]


@pytest.mark.parametrize("kind", ["levi", "strongest", "monty", "searcher"])
def test_our_brain_plays_renju_when_told(kind: str) -> None:
    said = serve(kind, "START 15", "INFO rule 4", "INFO timeout_turn 200", *BOARD_LINES)
    assert not [line for line in said if line.startswith("ERROR")], said
    (reply,) = moves_of(said)
    x, y = (int(value) for value in reply.split(","))
    cell = protocol.cell_of(x, y, 15)
    assert cell != GEOMETRY.parse("h8")
    board = Board.empty(rules=RENJU_15).play_all(cells("f8 a1 g8 a3 h9 a5 h10 a7"))
    assert cell in board.legal_moves()


def test_our_brain_keeps_the_rule() -> None:
    server = BrainServer("rando", 1, [].append)
    for line in ("START 15", "INFO rule 4"):
        server.handle(line)
    assert server._rules() is RENJU_15
    server.handle("INFO rule 8")
    assert server._rules() is Rules(15, 15, 5, rule=CARO)
    server.handle("INFO rule 1")
    assert server._rules() is Rules(15, 15, 5, exact=True)


def test_renju_on_a_small_board_is_an_error_and_free_style() -> None:
    said: list[str] = []
    server = BrainServer("rando", 1, said.append)
    for line in ("START 10", "INFO rule 4", "BEGIN"):
        server.handle(line)
    errors = [line for line in said if line.startswith("ERROR")]
    assert len(errors) == 1
    assert "renju plays on boards of 15 to 20 a side" in errors[0]
    assert "plays on under free-style" in errors[0]
    assert moves_of(said)
