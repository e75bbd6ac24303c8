"""The game session without a window: seats, turns, undo and redo, pause and step,
stale answers, a person's seat waiting for input, and rules other than tic-tac-toe."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from ttt_desktop.core import Board, GameRecord, Mark, PlayerEntry
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules
from ttt_desktop.core.session import (
    HUMAN_KIND,
    GameSession,
    MoveAnswer,
    MoveRequest,
    Refusal,
    Seat,
    SessionEvents,
)
from ttt_desktop.players import HUMAN_KIND as PLAYERS_HUMAN_KIND
from ttt_desktop.players import create_player

ALICE = Seat(HUMAN_KIND, "Alice")
BOB = Seat(HUMAN_KIND, "Bob")


class Heard(SessionEvents):
    """Every event, in order, as (name, argument); computer requests queue up unanswered."""

    def __init__(self) -> None:
        self.events: list[tuple[str, Any]] = []
        self.requests: list[MoveRequest] = []

    def names(self) -> list[str]:
        return [name for name, _ in self.events]

    def clear(self) -> None:
        self.events.clear()

    def game_started(self, record: GameRecord) -> None:
        self.events.append(("game_started", record))

    def move_played(self, record: GameRecord, thought: Any) -> None:
        self.events.append(("move_played", (record, thought)))

    def game_finished(self, record: GameRecord) -> None:
        self.events.append(("game_finished", record))

    def game_reopened(self, record: GameRecord) -> None:
        self.events.append(("game_reopened", record))

    def history_changed(self, record: GameRecord) -> None:
        self.events.append(("history_changed", record))

    def players_renamed(self, record: GameRecord) -> None:
        self.events.append(("players_renamed", record))

    def thinking_started(self, mark: Mark) -> None:
        self.events.append(("thinking_started", mark))

    def thinking_stopped(self) -> None:
        self.events.append(("thinking_stopped", None))

    def move_wanted(self, request: MoveRequest) -> None:
        self.events.append(("move_wanted", request))
        self.requests.append(request)

    def move_refused(self, refusal: Refusal) -> None:
        self.events.append(("move_refused", refusal))

    def player_failed(self, name: str, mark: Mark, error: str) -> None:
        self.events.append(("player_failed", (name, mark, error)))

    def answer_dropped(self, generation: int) -> None:
        self.events.append(("answer_dropped", generation))

    def generation_changed(self, generation: int) -> None:
        self.events.append(("generation_changed", generation))

    def paused_changed(self, paused: bool) -> None:
        self.events.append(("paused_changed", paused))


class Thinker:
    """Answers requests as the search process would: one player per game and mark."""

    def __init__(self) -> None:
        self.players: dict[tuple[int, Mark], Any] = {}

    def answer(self, request: MoveRequest) -> MoveAnswer:
        key = (request.generation, request.mark)
        player = self.players.get(key)
        if player is None:
            player = self.players[key] = create_player(request.kind, seed=request.seed)
        thought = player.think(request.board)
        return MoveAnswer(request.generation, thought.move, thought.seconds, thought)


def make_session(x: Seat = ALICE, o: Seat = BOB) -> tuple[GameSession, Heard]:
    heard = Heard()
    session = GameSession(heard)
    session.set_seat(Mark.X, x)
    session.set_seat(Mark.O, o)
    return session, heard


def answer_all(session: GameSession, heard: Heard, thinker: Thinker, limit: int = 1000) -> None:
    """Answer every request, the newest first, until none is waiting."""
    for _ in range(limit):
        if not heard.requests:
            return
        session.deliver(thinker.answer(heard.requests.pop()))
    raise AssertionError("the computers never stopped asking")


def test_the_session_imports_no_qt_and_no_gui_module() -> None:
    script = "import json, sys, ttt_desktop.core.session; print(json.dumps(sorted(sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    loaded = json.loads(result.stdout)
    assert [name for name in loaded if name.startswith(("PySide6", "shiboken6"))] == []
    assert [name for name in loaded if name.startswith("ttt_desktop.gui")] == []


def test_a_persons_seat_is_the_players_package_human() -> None:
    assert HUMAN_KIND == PLAYERS_HUMAN_KIND
    assert ALICE.is_human and not Seat("perfect", "Perfect").is_human


# A person's seat: the move is input -------------------------------------------------


class TestPersonSeat:
    def test_input_plays_for_the_person_to_move(self) -> None:
        session, heard = make_session()
        session.new_game(Mark.X)
        assert session.mover(Mark.X).waits_for_input
        session.play_cell(4)
        session.play_cell(0)
        assert session.record.moves == (4, 0)
        assert heard.names().count("move_played") == 2
        assert heard.requests == [], "two people: nobody is asked"
        assert not session.is_thinking

    def test_a_move_before_the_first_game_is_refused(self) -> None:
        session, heard = make_session()
        session.play_cell(4)
        assert heard.events[-1] == ("move_refused", Refusal("not-started"))
        assert session.record.moves == ()

    def test_input_while_a_computer_is_to_move_is_refused(self) -> None:
        session, heard = make_session(ALICE, Seat("perfect", "Perfect"))
        session.new_game(Mark.O)
        assert heard.requests, "the computer opens: its move is asked for"
        assert not session.mover(Mark.O).waits_for_input
        heard.clear()
        session.play_cell(4)
        assert heard.events == [
            ("move_refused", Refusal("not-your-turn", name="Perfect", mark=Mark.O))
        ]
        assert session.record.moves == ()

    def test_a_taken_cell_and_a_finished_game_are_refused(self) -> None:
        session, heard = make_session()
        session.new_game(Mark.X)
        session.play_cell(0)
        heard.clear()
        session.play_cell(0)
        (name, refusal), *_ = heard.events
        assert name == "move_refused" and refusal.reason == "cell-taken"
        assert refusal.cell == 0 and refusal.board == session.board
        for cell in (3, 1, 4, 2):
            session.play_cell(cell)
        assert session.record.result == "X"
        heard.clear()
        session.play_cell(8)
        assert heard.events == [("move_refused", Refusal("game-over"))]

    def test_rename_changes_the_game_in_hand_without_a_new_game(self) -> None:
        session, heard = make_session()
        session.new_game(Mark.X)
        session.play_cell(4)
        heard.clear()
        session.rename_person("Alice", "Ann")
        assert heard.names() == ["players_renamed"]
        assert session.record.x.name == "Ann" and session.seat(Mark.X).name == "Ann"
        assert session.record.moves == (4,)


# Undo and redo -------------------------------------------------------------------


class TestUndoRedo:
    def test_between_people_undo_takes_back_one_move_and_redo_plays_it_again(self) -> None:
        session, heard = make_session()
        assert not session.can_undo, "no game started"
        session.new_game(Mark.X)
        assert not session.can_undo and not session.can_redo
        session.play_cell(4)
        session.play_cell(0)
        session.undo()
        assert session.record.moves == (4,)
        assert session.record.undos[-1].by is Mark.O
        assert session.can_redo
        heard.clear()
        session.redo()
        assert session.record.moves == (4, 0)
        assert heard.names() == ["history_changed"]
        assert not session.can_redo

    def test_a_new_move_after_an_undo_drops_the_redo(self) -> None:
        session, _ = make_session()
        session.new_game(Mark.X)
        session.play_cell(4)
        session.undo()
        session.play_cell(0)
        assert not session.can_redo
        session.redo()
        assert session.record.moves == (0,)

    def test_against_a_computer_undo_goes_back_to_the_persons_turn(self) -> None:
        session, heard = make_session(ALICE, Seat("perfect", "Perfect"))
        thinker = Thinker()
        session.new_game(Mark.X)
        session.play_cell(4)
        answer_all(session, heard, thinker)
        session.play_cell(8 if session.board[8] is None else 2)
        answer_all(session, heard, thinker)
        assert session.record.ply == 4
        session.undo()
        assert session.record.ply == 2, "the person's move and the reply after it"
        assert session.board.to_move is Mark.X
        assert heard.requests == [], "the person is to move again: nobody is asked"
        session.redo()
        assert session.record.ply == 4

    def test_undo_while_the_computer_thinks_drops_its_answer(self) -> None:
        session, heard = make_session(ALICE, Seat("perfect", "Perfect"))
        thinker = Thinker()
        session.new_game(Mark.X)
        session.play_cell(4)
        assert session.is_thinking and not session.can_redo
        request = heard.requests.pop()
        session.undo()
        assert not session.is_thinking
        assert session.record.moves == ()
        heard.clear()
        session.deliver(thinker.answer(request))
        assert heard.events == [("answer_dropped", request.generation)]
        assert session.record.moves == ()

    def test_undo_of_a_finished_game_reopens_it(self) -> None:
        session, heard = make_session()
        session.new_game(Mark.X)
        for cell in (0, 3, 1, 4, 2):
            session.play_cell(cell)
        assert session.record.result == "X"
        heard.clear()
        session.undo()
        assert heard.names() == ["generation_changed", "game_reopened", "history_changed"]
        assert not session.record.is_finished
        heard.clear()
        session.redo()
        assert heard.names() == ["history_changed", "game_finished"]

    def test_two_computers_have_nothing_to_undo(self) -> None:
        session, heard = make_session(Seat("rando", "R1", 1), Seat("rando", "R2", 2))
        session.new_game(Mark.X)
        answer_all(session, heard, Thinker())
        assert session.record.is_finished
        assert not session.can_undo
        session.undo()
        assert session.record.is_finished


# Two computers, pause and step -----------------------------------------------------


class TestComputers:
    def test_two_computers_play_a_game_to_its_end_with_their_thoughts(self) -> None:
        session, heard = make_session(Seat("perfect", "P1", 1), Seat("alphabeta", "P2", 2))
        session.new_game(Mark.X)
        answer_all(session, heard, Thinker())
        record = session.record
        assert record.is_finished and record.result == "draw"
        played = [argument for name, argument in heard.events if name == "move_played"]
        assert [thought.move for _, thought in played] == list(record.moves)
        assert session.last_thought is played[-1][1]
        assert heard.names()[-1] == "game_finished"
        assert record.x.seed == 1 and record.o.seed == 2

    def test_the_same_seeds_play_the_same_game(self) -> None:
        games = []
        for _ in range(2):
            session, heard = make_session(Seat("rando", "R1", 7), Seat("levi", "L", 8))
            session.new_game(Mark.X)
            answer_all(session, heard, Thinker())
            games.append(session.record.moves)
        assert games[0] == games[1]

    def test_pause_holds_the_next_move_and_step_plays_exactly_one(self) -> None:
        session, heard = make_session(Seat("rando", "R1", 1), Seat("rando", "R2", 2))
        thinker = Thinker()
        session.new_game(Mark.X)
        session.set_paused(True)
        assert session.is_thinking, "the move under way carries on"
        session.deliver(thinker.answer(heard.requests.pop()))
        assert session.record.ply == 1
        assert heard.requests == [] and not session.is_thinking
        session.step_once()
        assert len(heard.requests) == 1
        session.step_once()
        assert len(heard.requests) == 1, "no second step while one is thought"
        session.deliver(thinker.answer(heard.requests.pop()))
        assert session.record.ply == 2 and heard.requests == []
        session.set_paused(False)
        answer_all(session, heard, thinker)
        assert session.record.is_finished

    def test_step_does_nothing_unless_paused(self) -> None:
        session, heard = make_session(Seat("rando", "R1", 1), Seat("rando", "R2", 2))
        session.set_paused(True)
        session.new_game(Mark.X)
        assert heard.requests == [], "paused before the start: the opening waits too"
        session.set_paused(False)
        assert len(heard.requests) == 1
        session.step_once()
        assert len(heard.requests) == 1

    def test_a_game_with_a_person_is_never_held(self) -> None:
        session, heard = make_session(ALICE, Seat("rando", "R", 1))
        session.set_paused(True)
        session.new_game(Mark.X)
        session.play_cell(4)
        assert len(heard.requests) == 1

    def test_a_failed_or_illegal_answer_is_reported_and_the_game_waits(self) -> None:
        session, heard = make_session(ALICE, Seat("rando", "Randy", 1))
        session.new_game(Mark.X)
        session.play_cell(4)
        request = heard.requests.pop()
        heard.clear()
        session.deliver(MoveAnswer(request.generation, 4))
        assert heard.events[-1][0] == "player_failed"
        name, mark, error = heard.events[-1][1]
        assert (name, mark) == ("Randy", Mark.O) and "taken" in error
        assert session.record.moves == (4,) and not session.is_thinking
        session.undo()
        session.play_cell(0)
        request = heard.requests.pop()
        session.deliver(MoveAnswer.failed(request.generation, "it crashed"))
        assert heard.events[-1] == ("player_failed", ("Randy", Mark.O, "it crashed"))

    def test_a_forfeit_ends_the_game_with_the_reason_and_the_log(self) -> None:
        session, heard = make_session(ALICE, Seat("brain.b", "Brain", 1))
        session.new_game(Mark.X)
        session.play_cell(4)
        request = heard.requests.pop()
        heard.clear()
        log = ("O 0.0 > TURN 2,2", "O 5.0 ended: exited with code 7")
        session.deliver(MoveAnswer.forfeited(request.generation, "the brain crashed", log))
        record = session.record
        assert heard.events == [("thinking_stopped", None), ("game_finished", record)]
        assert record.forfeit is not None and record.forfeit.loser is Mark.O
        assert record.forfeit.reason == "the brain crashed" and record.log == log
        assert record.result == "X" and record.is_finished and record.finished_at
        heard.clear()
        session.play_cell(0)  # the game is over, though its board is not
        assert heard.events[-1][0] == "move_refused" and not heard.requests


# Generations -------------------------------------------------------------------------


class TestGenerations:
    def test_an_answer_for_an_older_game_is_dropped(self) -> None:
        session, heard = make_session(Seat("rando", "R1", 1), Seat("rando", "R2", 2))
        thinker = Thinker()
        session.new_game(Mark.X)
        old = heard.requests.pop()
        session.new_game(Mark.X)
        assert session.generation == old.generation + 1
        new = heard.requests.pop()
        heard.clear()
        session.deliver(thinker.answer(old))
        assert heard.events == [("answer_dropped", old.generation)]
        assert session.record.moves == ()
        session.deliver(thinker.answer(new))
        assert session.record.ply == 1

    def test_a_change_of_player_starts_a_new_generation(self) -> None:
        session, heard = make_session(ALICE, Seat("rando", "R", 1))
        session.new_game(Mark.O)
        request = heard.requests.pop()
        session.set_seat(Mark.O, Seat("perfect", "Perfect"))
        assert session.generation > request.generation
        assert session.record.o.kind == "perfect"
        session.deliver(Thinker().answer(request))
        assert ("answer_dropped", request.generation) in heard.events

    def test_after_close_every_answer_is_dropped(self) -> None:
        session, heard = make_session(Seat("rando", "R1", 1), Seat("rando", "R2", 2))
        session.new_game(Mark.X)
        request = heard.requests.pop()
        session.close()
        assert not session.is_thinking
        session.deliver(MoveAnswer(session.generation, 0))
        session.deliver(Thinker().answer(request))
        assert session.record.moves == ()
        assert heard.names().count("answer_dropped") == 2


# Openers and records ------------------------------------------------------------------


def test_alternate_start_policy_skips_games_abandoned_before_a_move() -> None:
    session, _ = make_session()
    session.new_game()
    assert session.record.first is Mark.X
    session.play_cell(4)
    session.new_game()
    assert session.record.first is Mark.O
    session.new_game()  # the O game had no move: it does not count
    assert session.record.first is Mark.O
    with pytest.raises(ValueError, match="start policy"):
        session.start_policy = "loser"


def test_open_and_replay_seat_the_records_players() -> None:
    session, heard = make_session()
    record = GameRecord(PlayerEntry("rando", "R1", 3), PlayerEntry("rando", "R2", 4), Mark.X)
    session.replay_live(record)
    assert session.seat(Mark.X) == Seat("rando", "R1")
    answer_all(session, heard, Thinker())
    played = session.record
    session.open_record(played)
    assert heard.names()[-2:] == ["game_started", "game_finished"]
    session.replay_live(played)
    answer_all(session, heard, Thinker())
    assert session.record.moves == played.moves


# Other rules ---------------------------------------------------------------------------


class TestOtherRules:
    @pytest.mark.parametrize("rules", ["4,4,4", "5,5,4", "10,6,4", "7,7,5", "gomoku"])
    def test_two_randos_play_a_game_by_the_rules_asked_for(self, rules: str) -> None:
        session, heard = make_session(Seat("rando", "R1", 1), Seat("rando", "R2", 2))
        session.new_game(Mark.X, rules=rules)
        assert session.rules is Rules.parse(rules)
        answer_all(session, heard, Thinker())
        record = session.record
        assert record.rules is Rules.parse(rules)
        assert record.is_finished
        board = Board.empty(rules=rules).play_all(record.moves)
        assert board == record.final_board and board.is_over

    def test_the_rules_stay_until_others_are_asked_for(self) -> None:
        session, _ = make_session()
        session.new_game(Mark.X, rules="gomoku")
        session.new_game()
        assert session.record.rules.key == "15,15,5"
        session.set_seat(Mark.O, Seat(HUMAN_KIND, "Carol"))
        assert session.record.rules.key == "15,15,5", "a seat change keeps the board"
        session.new_game(rules=TIC_TAC_TOE)
        assert session.record.rules is TIC_TAC_TOE and session.board.cells == "." * 9

    def test_a_person_plays_a_big_board_and_undoes(self) -> None:
        session, heard = make_session(ALICE, Seat("rando", "R", 1))
        thinker = Thinker()
        session.new_game(Mark.X, rules="7,7,5")
        centre = session.board.geometry.parse("d4")
        session.play_cell(centre)
        answer_all(session, heard, thinker)
        assert session.record.ply == 2
        heard.clear()
        session.play_cell(centre)
        (name, refusal), *_ = heard.events
        assert name == "move_refused" and refusal.reason == "cell-taken"
        assert refusal.board.name(refusal.cell) == "d4"
        session.undo()
        assert session.record.moves == ()
        assert session.record.rules.key == "7,7,5"
        session.redo()
        assert session.record.moves[0] == centre

    def test_bad_rules_are_refused_before_anything_changes(self) -> None:
        session, _ = make_session()
        session.new_game(Mark.X)
        record = session.record
        with pytest.raises(ValueError, match="must be 3 to 20"):
            session.new_game(rules="2,2,2")
        assert session.record is record and session.rules is TIC_TAC_TOE


# A game between computers nobody asked for waits to be started -----------------------


class TestHeldGames:
    def test_a_seat_change_to_two_computers_waits_for_start_play(self) -> None:
        session, heard = make_session(ALICE, Seat("rando", "Rando"))
        session.new_game(Mark.X)
        session.play_cell(4)
        heard.requests.clear()
        session.set_seat(Mark.X, Seat("perfect", "Perfect"))
        assert session.awaiting_start and not heard.requests
        assert not session.record.moves
        session.start_play()
        assert not session.awaiting_start and len(heard.requests) == 1
        answer_all(session, heard, Thinker())
        assert session.record.is_finished

    def test_held_only_between_computers_and_only_when_asked(self) -> None:
        session, heard = make_session(ALICE, Seat("rando", "Rando"))
        session.new_game(Mark.O, hold=True)
        assert not session.awaiting_start and len(heard.requests) == 1  # a person plays
        session.set_seat(Mark.X, Seat("perfect", "Perfect"))
        session.new_game(Mark.X)  # New game asked for: it plays
        assert not session.awaiting_start

    def test_a_step_starts_a_held_game(self) -> None:
        session, heard = make_session(Seat("rando", "Rando"), Seat("perfect", "Perfect"))
        session.new_game(Mark.X, hold=True)
        session.set_paused(True)
        session.step_once()
        assert not session.awaiting_start and len(heard.requests) == 1
