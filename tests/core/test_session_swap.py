"""The session under swap and swap2 without a window: who places each opening stone, the
choices of people and computers, the marks exchanged, undo and redo across a choice,
stale answers, a game restored in the middle of its opening."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from ttt_desktop.core import Board, GameRecord, Mark
from ttt_desktop.core.rules import Rules
from ttt_desktop.core.session import (
    HUMAN_KIND,
    GameSession,
    MoveAnswer,
    MoveRequest,
    Refusal,
    Seat,
    SessionEvents,
)
from ttt_desktop.core.swap import (
    BLACK,
    FREE_OPENING,
    OPENER,
    PLACE_TWO,
    RESPONDER,
    SWAP,
    SWAP2,
    WHITE,
    SwapAnswer,
    SwapOpening,
)
from ttt_desktop.formats.json_codec import record_from_json, record_to_json
from ttt_desktop.players.process import OpeningJob, SearchProcess, ThinkJob

GOMOKU = Rules(15, 15, 5)
ALICE = Seat(HUMAN_KIND, "Alice")
BOB = Seat(HUMAN_KIND, "Bob")
ROBOT = Seat("rando", "Robot", seed=7)


def cell(row: int, column: int) -> int:
    return row * 15 + column


OPENING = (cell(7, 7), cell(7, 8), cell(8, 8))
PLACED_TWO = (cell(6, 6), cell(9, 9))


class Heard(SessionEvents):
    """Events by name; computer requests kept, refusals and choices noted."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.requests: list[MoveRequest] = []
        self.refusals: list[Refusal] = []
        self.choices: list[tuple[str, GameRecord]] = []
        self.failures: list[str] = []

    def move_wanted(self, request: MoveRequest) -> None:
        self.names.append("move_wanted")
        self.requests.append(request)

    def move_played(self, record: GameRecord, thought: Any) -> None:
        self.names.append("move_played")

    def move_refused(self, refusal: Refusal) -> None:
        self.refusals.append(refusal)

    def choice_made(self, record: GameRecord, choice: str) -> None:
        self.names.append("choice_made")
        self.choices.append((choice, record))

    def player_failed(self, name: str, mark: Mark, error: str) -> None:
        self.failures.append(error)

    def answer_dropped(self, generation: int) -> None:
        self.names.append("answer_dropped")


def session_of(x: Seat, o: Seat, rule: str, heard: Heard | None = None) -> GameSession:
    session = GameSession(heard)
    session.set_rules(GOMOKU)
    session.set_seat(Mark.X, x)
    session.set_seat(Mark.O, o)
    session.opening_rule = rule
    session.start_policy = "x"
    session.new_game()
    return session


def answer_given(session: GameSession, heard: Heard) -> None:
    """Answer every request for a stone the computer gave already, as the window does."""
    while heard.requests and heard.requests[-1].given is not None:
        request = heard.requests.pop()
        session.deliver(MoveAnswer(request.generation, request.given))


class TestPeople:
    def test_a_swap2_game_between_two_people(self) -> None:
        heard = Heard()
        session = session_of(ALICE, BOB, SWAP2, heard)
        for number, stone in enumerate(OPENING):
            step = session.opening_step
            assert step is not None and (step.kind, step.role) == ("place", OPENER)
            assert session.acting_mark is Mark.X  # Alice places white's stone too
            session.play_cell(stone)
            assert session.board.cells[stone] == ("X", "O", "X")[number]
        # The choice is due: a stone is refused, the choice is Bob's.
        assert session.acting_mark is Mark.O
        session.play_cell(cell(0, 0))
        assert heard.refusals[-1].reason == "choice-due"
        assert heard.refusals[-1].name == "Bob"
        session.choose(PLACE_TWO)
        assert session.record.opening == SwapOpening(SWAP2, (PLACE_TWO,))
        for stone in PLACED_TWO:
            step = session.opening_step
            assert step is not None and (step.kind, step.role) == ("place", RESPONDER)
            assert session.acting_mark is Mark.O  # Bob places black's stone too
            session.play_cell(stone)
        step = session.opening_step
        assert step is not None and (step.kind, step.role) == ("choose", OPENER)
        assert step.options == (BLACK, WHITE)
        session.choose(WHITE)
        record = session.record
        assert record.opening is not None and record.opening.swapped
        # Alice, the opener, now plays O; white moves next, and it is her move.
        assert (record.x.name, record.o.name) == ("Bob", "Alice")
        assert session.seat(Mark.X).name == "Alice"  # the seats are who started where
        assert session.opening_step is None
        assert session.board.to_move is Mark.O and session.acting_mark is Mark.O
        assert record.opening_player(OPENER).name == "Alice"
        # White (Alice) makes five along row 3 while black plays row 12.
        for column in range(5):
            session.play_cell(cell(3, column))
            if not session.record.is_finished:
                session.play_cell(cell(12, column))
        assert session.record.result == "O"
        assert session.record.player(Mark.O).name == "Alice"
        assert [choice for choice, _ in heard.choices] == [PLACE_TWO, WHITE]

    def test_a_choice_unasked_is_refused(self) -> None:
        heard = Heard()
        session = session_of(ALICE, BOB, SWAP, heard)
        session.choose(BLACK)
        assert heard.refusals[-1].reason == "no-choice"
        for stone in OPENING:
            session.play_cell(stone)
        session.choose(PLACE_TWO)  # not an option under plain swap
        assert heard.refusals[-1].reason == "no-choice"
        session.choose(BLACK)
        assert (session.record.x.name, session.record.o.name) == ("Bob", "Alice")
        assert session.acting_mark is Mark.O  # Alice, now white, moves

    def test_undo_takes_a_choice_back_with_its_stone_and_redo_brings_it(self) -> None:
        session = session_of(ALICE, BOB, SWAP, None)
        for stone in OPENING:
            session.play_cell(stone)
        session.choose(BLACK)
        session.play_cell(cell(0, 0))  # Alice, white now
        assert session.record.o.name == "Alice"
        session.undo()  # Alice's white move
        assert session.record.ply == 3 and session.record.o.name == "Alice"
        session.undo()  # the third stone, and the choice made after it
        record = session.record
        assert record.ply == 2
        assert record.opening == SwapOpening(SWAP)
        assert (record.x.name, record.o.name) == ("Alice", "Bob")
        assert session.acting_mark is Mark.X  # Alice places the third stone again
        session.redo()
        record = session.record
        assert record.ply == 3 and record.opening == SwapOpening(SWAP, (BLACK,))
        assert (record.x.name, record.o.name) == ("Bob", "Alice")
        session.redo()
        assert session.record.ply == 4

    def test_the_free_opening_and_boards_too_small_for_swap(self) -> None:
        session = session_of(ALICE, BOB, FREE_OPENING, None)
        assert session.record.opening is None and session.opening_step is None
        session.opening_rule = SWAP2
        session.new_game(rules=Rules(6, 6, 4))
        assert session.record.opening is None  # swap2 needs five in a row on 7x7
        with pytest.raises(ValueError, match="opening rule"):
            session.opening_rule = "swap3"


class TestComputers:
    def test_a_computer_opener_gives_three_stones_at_once(self) -> None:
        heard = Heard()
        session = session_of(ROBOT, ALICE, SWAP2, heard)
        request = heard.requests.pop()
        assert (request.ask, request.rule, request.kind) == ("stones", SWAP2, "rando")
        session.deliver(MoveAnswer(request.generation, OPENING[0], stones=OPENING))
        assert session.record.moves == OPENING[:1]
        # The next stones come one by one, without asking the player again.
        request = heard.requests[-1]
        assert request.given == OPENING[1] and request.ask == ""
        answer_given(session, heard)
        assert session.record.moves == OPENING
        assert not heard.requests
        assert session.waits_for_person and session.acting_mark is Mark.O
        session.choose(WHITE)
        assert (session.record.x.name, session.record.o.name) == ("Robot", "Alice")
        session.play_cell(cell(0, 0))  # Alice's white move
        request = heard.requests.pop()
        assert request.ask == "" and request.mark is Mark.X and request.seat is Mark.X

    def test_a_computer_responder_chooses_black_and_moves_as_white_next(self) -> None:
        heard = Heard()
        session = session_of(ALICE, ROBOT, SWAP, heard)
        for stone in OPENING:
            session.play_cell(stone)
        request = heard.requests.pop()
        assert (request.ask, request.options, request.seat) == ("choice", (BLACK, WHITE), Mark.O)
        session.deliver(MoveAnswer(request.generation, None, choice=SwapAnswer(BLACK)))
        record = session.record
        assert (record.x.name, record.o.name) == ("Robot", "Alice")
        # Alice, the opener, now white, moves; then the robot moves as X, named by its
        # first mark in its game (its player object stays the same).
        assert session.waits_for_person and session.acting_mark is Mark.O
        session.play_cell(cell(0, 0))
        request = heard.requests.pop()
        assert request.mark is Mark.X and request.seat is Mark.O

    def test_a_computer_responder_places_two_and_the_person_chooses(self) -> None:
        heard = Heard()
        session = session_of(ALICE, ROBOT, SWAP2, heard)
        for stone in OPENING:
            session.play_cell(stone)
        request = heard.requests.pop()
        choice = SwapAnswer(PLACE_TWO, PLACED_TWO)
        session.deliver(MoveAnswer(request.generation, PLACED_TWO[0], choice=choice))
        answer_given(session, heard)
        answer_given(session, heard)
        assert session.record.moves == OPENING + PLACED_TWO
        step = session.opening_step
        assert step is not None and step.kind == "choose" and step.role == OPENER
        assert session.waits_for_person
        # The person's undo goes back past the computer's stones and its choice.
        session.undo()
        assert session.record.ply == 2 and session.record.opening == SwapOpening(SWAP2)

    def test_a_white_choice_with_its_move(self) -> None:
        heard = Heard()
        session = session_of(ALICE, ROBOT, SWAP2, heard)
        for stone in OPENING:
            session.play_cell(stone)
        request = heard.requests.pop()
        choice = SwapAnswer(WHITE, (cell(0, 14),))
        session.deliver(MoveAnswer(request.generation, cell(0, 14), choice=choice))
        answer_given(session, heard)
        assert session.record.moves == (*OPENING, cell(0, 14))
        assert session.record.opening == SwapOpening(SWAP2, (WHITE,))
        assert session.waits_for_person and session.acting_mark is Mark.X

    def test_a_paused_game_between_computers_steps_stone_by_stone(self) -> None:
        heard = Heard()
        session = session_of(ROBOT, Seat("rando", "Robin", seed=3), SWAP, heard)
        request = heard.requests.pop()
        session.set_paused(True)
        session.deliver(MoveAnswer(request.generation, OPENING[0], stones=OPENING))
        assert session.record.moves == OPENING[:1] and not heard.requests
        session.step_once()
        assert heard.requests[-1].given == OPENING[1]
        answer_given(session, heard)
        assert session.record.moves == OPENING[:2] and not heard.requests
        session.step_once()
        answer_given(session, heard)
        session.step_once()  # the choice is asked only now
        assert heard.requests[-1].ask == "choice"

    def test_a_stale_answer_is_dropped(self) -> None:
        heard = Heard()
        session = session_of(ROBOT, ALICE, SWAP, heard)
        request = heard.requests.pop()
        session.new_game()
        session.deliver(MoveAnswer(request.generation, OPENING[0], stones=OPENING))
        assert "answer_dropped" in heard.names
        assert session.record.moves == ()

    def test_a_queued_stone_goes_with_a_new_game(self) -> None:
        heard = Heard()
        session = session_of(ROBOT, ALICE, SWAP, heard)
        request = heard.requests.pop()
        session.deliver(MoveAnswer(request.generation, OPENING[0], stones=OPENING))
        session.new_game()
        assert heard.requests[-1].ask == "stones"  # the new game asks afresh

    def test_a_broken_choice_loses_for_the_chooser(self) -> None:
        heard = Heard()
        session = session_of(ALICE, ROBOT, SWAP2, heard)
        for stone in OPENING:
            session.play_cell(stone)
        choice = SwapAnswer(PLACE_TWO, PLACED_TWO)
        request = heard.requests.pop()
        session.deliver(MoveAnswer(request.generation, PLACED_TWO[0], choice=choice))
        answer_given(session, heard)
        answer_given(session, heard)
        session.choose(WHITE)  # Alice plays O; the robot X, white to move is Alice
        session.play_cell(cell(0, 0))
        request = heard.requests.pop()
        session.deliver(MoveAnswer.forfeited(request.generation, "it crashed"))
        record = session.record
        assert record.forfeit is not None and record.forfeit.loser is Mark.X
        assert record.player(Mark.X).name == "Robot" and record.result == "O"

    def test_a_forfeit_at_the_opener_s_choice_is_the_opener_s(self) -> None:
        heard = Heard()
        session = session_of(ROBOT, ALICE, SWAP2, heard)
        request = heard.requests.pop()
        session.deliver(MoveAnswer(request.generation, OPENING[0], stones=OPENING))
        answer_given(session, heard)
        session.choose(PLACE_TWO)
        for stone in PLACED_TWO:
            session.play_cell(stone)
        request = heard.requests.pop()
        assert request.ask == "choice" and request.board.to_move is Mark.O
        session.deliver(MoveAnswer.forfeited(request.generation, "answered garbage"))
        # White is to move on the board, but the opener (X) broke the rule.
        assert session.record.forfeit is not None
        assert session.record.forfeit.loser is Mark.X


class TestRecords:
    def test_a_game_restored_in_the_middle_of_its_opening(self) -> None:
        heard = Heard()
        played = session_of(ALICE, ROBOT, SWAP2, Heard())
        for stone in OPENING:
            played.play_cell(stone)
        record = dataclasses.replace(
            played.record,
            moves=(*OPENING, PLACED_TWO[0]),
            move_seconds=(),
            opening=SwapOpening(SWAP2, (PLACE_TWO,)),
        )
        again = record_from_json(record_to_json(record))
        assert again.opening == record.opening
        session = GameSession(heard)
        session.open_record(again)
        # The robot's second stone was never given: it plays it as a move of black.
        request = heard.requests.pop()
        assert request.ask == "" and request.given is None and request.mark is Mark.X
        session.deliver(MoveAnswer(request.generation, PLACED_TWO[1]))
        assert session.waits_for_person and session.opening_step is not None

    def test_a_restored_swapped_game_seats_who_started_where(self) -> None:
        session = session_of(ALICE, BOB, SWAP, None)
        for stone in OPENING:
            session.play_cell(stone)
        session.choose(BLACK)
        record = session.record
        other = GameSession()
        other.open_record(record_from_json(record_to_json(record)))
        assert other.seat(Mark.X).name == "Alice" and other.record.x.name == "Bob"
        assert other.acting_mark is Mark.O  # Alice (white now) to move

    def test_replay_live_starts_with_the_players_where_they_started(self) -> None:
        heard = Heard()
        session = session_of(ROBOT, Seat("rando", "Robin", seed=3), SWAP, heard)
        request = heard.requests.pop()
        session.deliver(MoveAnswer(request.generation, OPENING[0], stones=OPENING))
        answer_given(session, heard)
        request = heard.requests.pop()
        session.deliver(MoveAnswer(request.generation, None, choice=SwapAnswer(BLACK)))
        assert session.record.x.name == "Robin"
        session.replay_live(session.record)
        record = session.record
        assert record.opening == SwapOpening(SWAP) and record.moves == ()
        assert (record.x.name, record.o.name) == ("Robot", "Robin")
        assert heard.requests[-1].ask == "stones" and heard.requests[-1].kind == "rando"

    def test_play_on_from_inside_the_opening(self) -> None:
        session = session_of(ALICE, BOB, SWAP2, None)
        for stone in OPENING:
            session.play_cell(stone)
        session.choose(BLACK)
        session.play_cell(cell(0, 0))
        finished = session.record
        session.start_from(finished, 2)
        assert session.record.opening == SwapOpening(SWAP2)
        assert session.record.moves == OPENING[:2]
        session.start_from(finished, 4)
        record = session.record
        assert record.opening == SwapOpening(SWAP2, (BLACK,))
        assert (record.x.name, record.o.name) == ("Bob", "Alice")

    def test_renaming_a_person_after_the_marks_changed(self) -> None:
        session = session_of(ALICE, BOB, SWAP, None)
        for stone in OPENING:
            session.play_cell(stone)
        session.choose(BLACK)
        session.rename_person("Alice", "Ann")
        assert session.record.o.name == "Ann" and session.seat(Mark.X).name == "Ann"


class TestSearchProcess:
    """The opening's questions asked of a game's player in the search process."""

    @pytest.fixture
    def process(self) -> Iterator[SearchProcess]:
        made = SearchProcess()
        yield made
        made.close()

    def test_stones_and_choices_from_the_game_s_player(self, process: SearchProcess) -> None:
        empty = Board.empty(rules=GOMOKU)
        answers = []
        for game in (1, 2):
            job = ThinkJob.for_board("rando", 11, empty, game, "X")
            stones = process.run(OpeningJob(job, "stones", SWAP2))
            assert len(set(stones)) == 3
            empty.play_all(stones)  # legal, black, white, black
            answers.append(stones)
        assert answers[0] == answers[1]  # the same seed, the same stones
        board = empty.play_all(OPENING)
        for seed in range(8):
            job = ThinkJob.for_board("rando", seed, board, 10 + seed, "O")
            options = (BLACK, WHITE) if seed % 2 else (BLACK, WHITE, PLACE_TWO)
            answer = process.run(OpeningJob(job, "choice", SWAP2, options))
            assert isinstance(answer, SwapAnswer) and answer.choice in options
            board.play_all(answer.stones)
