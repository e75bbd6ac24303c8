"""The controller's replay side: pause between moves, single steps, opening and replaying
records, and matches of N games (:class:`~ttt_desktop.gui.review.match.MatchRunner`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot
from slow_players import Players

from ttt_desktop.core import GameRecord, Mark, PlayerEntry
from ttt_desktop.formats.json_codec import record_from_json, record_to_json
from ttt_desktop.formats.text_codec import record_from_text, record_to_text
from ttt_desktop.gui.game.controller import GameController, Seat
from ttt_desktop.gui.review.match import MatchDialog, MatchRunner, MatchScore, first_mark
from ttt_desktop.players import HUMAN_KIND, roster


@pytest.fixture
def players() -> Iterator[Players]:
    factory = Players()
    yield factory
    factory.allow(100)


@pytest.fixture
def controller(qtbot: QtBot, players: Players) -> Iterator[GameController]:
    game = GameController(player_factory=players)
    game.session.move_delay_ms = 0
    yield game
    players.allow(100)
    game.shutdown()
    assert not game.is_worker_running


def seat_both(game: GameController, kind: str, name: str = "") -> None:
    game.session.set_seat(Mark.X, Seat(kind, name or kind.title()))
    game.session.set_seat(Mark.O, Seat(kind, name or kind.title()))


# Pause and step ---------------------------------------------------------------------


def test_pause_takes_effect_between_moves(
    qtbot: QtBot, controller: GameController, players: Players
) -> None:
    seat_both(controller, "turnstile")
    with qtbot.waitSignal(controller.thinking_started):
        controller.session.new_game(Mark.X)
    with qtbot.waitSignal(controller.paused_changed) as paused:
        controller.session.set_paused(True)
    assert paused.args == [True]
    assert controller.session.is_thinking, "the move being computed carries on"
    with qtbot.waitSignal(controller.move_played) as played:
        players.allow()
    assert played.args[0].moves == (0,), "it is finished and recorded"
    assert not controller.session.is_thinking
    with qtbot.assertNotEmitted(controller.thinking_started, wait=150):
        players.allow()  # a spare turn: nobody may use it while paused
    assert controller.session.record.moves == (0,)
    with qtbot.waitSignal(controller.move_played) as played:
        controller.session.step_once()
    assert played.args[0].moves == (0, 1), "a step plays exactly one move"
    with qtbot.assertNotEmitted(controller.thinking_started, wait=150):
        pass
    players.allow(9)
    with qtbot.waitSignal(controller.game_finished, timeout=10_000) as finished:
        controller.session.set_paused(False)
    assert finished.args[0].moves == (0, 1, 2, 3, 4, 5, 6)
    assert finished.args[0].result == "X"


def test_step_once_does_nothing_unless_paused_and_idle(
    qtbot: QtBot, controller: GameController, players: Players
) -> None:
    seat_both(controller, "turnstile")
    controller.session.set_paused(True)
    with qtbot.assertNotEmitted(controller.thinking_started, wait=100):
        controller.session.new_game(Mark.X)
    with qtbot.waitSignal(controller.thinking_started):
        controller.session.step_once()
    with qtbot.assertNotEmitted(controller.thinking_started):
        controller.session.step_once()  # already thinking: no second request
    with qtbot.waitSignal(controller.move_played):
        players.allow()
    controller.session.set_paused(False)
    with qtbot.assertNotEmitted(controller.move_played, wait=50):
        controller.session.step_once()


def test_pause_never_holds_a_person(qtbot: QtBot, controller: GameController) -> None:
    controller.session.set_seat(Mark.X, Seat("human", "Ann"))
    controller.session.set_seat(Mark.O, Seat("perfect", "Perfect"))
    controller.session.set_paused(True)
    controller.session.new_game(Mark.X)
    with qtbot.waitSignal(controller.move_played):
        controller.session.play_cell(4)
    with qtbot.waitSignal(controller.move_played) as played:
        pass
    assert len(played.args[0].moves) == 2, "the AI answers a person even while paused"


# Other rules, and the worker's one answer ---------------------------------------------


def test_a_game_by_other_rules_is_played_through_the_worker(
    qtbot: QtBot, controller: GameController
) -> None:
    seat_both(controller, "rando")
    thoughts: list[tuple[GameRecord, object]] = []
    controller.computer_thought.connect(lambda record, thought: thoughts.append((record, thought)))
    with qtbot.waitSignal(controller.game_finished, timeout=20_000) as finished:
        controller.session.new_game(Mark.X, rules="5,5,4")
    record = finished.args[0]
    assert record.rules.key == "5,5,4" and controller.session.rules is record.rules
    # One answer per move, its thought with it: about that move, on that board.
    assert [thought.move for _, thought in thoughts] == list(record.moves)
    assert [len(played.moves) for played, _ in thoughts] == list(range(1, record.ply + 1))
    assert {thought.rules for _, thought in thoughts} == {"5,5,4"}
    assert controller.session.last_thought is thoughts[-1][1]
    with qtbot.waitSignal(controller.game_finished, timeout=20_000) as finished:
        controller.session.new_game(Mark.X, rules="tic-tac-toe")
    assert finished.args[0].rules.is_classic
    with qtbot.waitSignal(controller.game_finished, timeout=20_000) as finished:
        controller.session.new_game(Mark.O)
    assert finished.args[0].rules.is_classic, "the rules stay until others are asked for"


def test_a_taken_cell_on_a_big_board_is_named_in_its_notation(
    qtbot: QtBot, controller: GameController
) -> None:
    seat_both(controller, HUMAN_KIND, "Ann")
    controller.session.set_seat(Mark.O, Seat(HUMAN_KIND, "Ben"))
    controller.session.new_game(Mark.X, rules="7,7,5")
    d4 = controller.session.board.geometry.parse("d4")
    controller.session.play_cell(d4)
    with qtbot.waitSignal(controller.move_refused) as refused:
        controller.session.play_cell(d4)
    assert refused.args == ["Cell d4 (row 4, column 4) is taken: choose an empty one."]
    controller.session.new_game(Mark.X, rules="tic-tac-toe")
    controller.session.play_cell(4)
    with qtbot.waitSignal(controller.move_refused) as refused:
        controller.session.play_cell(4)
    assert refused.args == ["Cell 5 (row 2, column 2) is taken: choose an empty one."]


# Opening and replaying records ------------------------------------------------------


def play_out(qtbot: QtBot, controller: GameController, first: Mark = Mark.X) -> GameRecord:
    with qtbot.waitSignal(controller.game_finished, timeout=60_000) as finished:
        controller.session.new_game(first)
    record: GameRecord = finished.args[0]
    return record


def test_replay_live_repeats_the_moves_from_the_seeds(
    qtbot: QtBot, controller: GameController
) -> None:
    controller.session.set_seat(Mark.X, Seat("rando", "Rando"))
    controller.session.set_seat(Mark.O, Seat("levi", "Levi"))
    originals = [play_out(qtbot, controller, first) for first in (Mark.X, Mark.O, Mark.X)]
    assert len({game.moves for game in originals}) > 1, "different seeds, different games"
    for original in originals:
        loaded = record_from_json(record_to_json(original))
        with qtbot.waitSignal(controller.game_finished, timeout=60_000) as finished:
            controller.replay_live(loaded)
        replayed: GameRecord = finished.args[0]
        assert replayed.moves == original.moves
        assert (replayed.x, replayed.o, replayed.first) == (original.x, original.o, original.first)
        assert replayed.started_at != original.started_at


REPLAYABLE_KINDS = [info.kind for info in roster() if info.kind != "sequence"]


@pytest.mark.parametrize("kind", REPLAYABLE_KINDS)
def test_every_computer_player_replays_live_exactly(
    qtbot: QtBot, controller: GameController, kind: str
) -> None:
    controller.session.set_seat(Mark.X, Seat("rando", "Rando"))
    controller.session.set_seat(Mark.O, Seat(kind, kind.title()))
    original = play_out(qtbot, controller, Mark.O)
    with qtbot.waitSignal(controller.game_finished, timeout=60_000) as finished:
        controller.replay_live(record_from_text(record_to_text(original)))
    assert finished.args[0].moves == original.moves


def test_replay_live_refuses_people_and_missing_seeds(controller: GameController) -> None:
    human_game = GameRecord(PlayerEntry("human", "Ann"), PlayerEntry("levi", "Levi", 3), Mark.X)
    with pytest.raises(ValueError, match="Ann is a person"):
        controller.replay_live(human_game)
    unseeded = GameRecord(PlayerEntry("rando", "Rando"), PlayerEntry("levi", "Levi", 3), Mark.X)
    with pytest.raises(ValueError, match="no recorded seed"):
        controller.replay_live(unseeded)


def test_open_record_seats_its_players(qtbot: QtBot, controller: GameController) -> None:
    record = GameRecord(
        PlayerEntry("human", "Ann"), PlayerEntry("perfect", "Perfect", 5), Mark.X, moves=(4, 0)
    )
    with qtbot.waitSignal(controller.game_started) as started:
        controller.open_record(record)
    assert started.args[0] is record
    assert controller.session.seat(Mark.X) == Seat("human", "Ann")
    assert controller.session.seat(Mark.O) == Seat("perfect", "Perfect")
    with qtbot.waitSignal(controller.move_played):
        controller.session.play_cell(8)
    assert controller.session.record.moves[:3] == (4, 0, 8), "an unfinished game plays on"


def test_open_record_of_a_finished_game(qtbot: QtBot, controller: GameController) -> None:
    record = GameRecord(
        PlayerEntry("human", "Ann"),
        PlayerEntry("human", "Bob"),
        Mark.X,
        moves=(0, 3, 1, 4, 2),
        started_at="2026-03-04T05:06:07.000Z",
        finished_at="2026-03-04T05:07:00.000Z",
    )
    with qtbot.waitSignal(controller.game_finished) as finished:
        controller.open_record(record)
    assert finished.args[0] is record


def test_open_record_with_an_unknown_player_changes_nothing(
    qtbot: QtBot, controller: GameController
) -> None:
    seat_both(controller, "human", "Ann")
    controller.session.new_game(Mark.X)
    controller.session.play_cell(4)
    before = controller.session.record
    foreign = GameRecord(PlayerEntry("deep-thought", "Deep Thought", 42), before.o, Mark.X)
    with (
        qtbot.assertNotEmitted(controller.game_started),
        pytest.raises(ValueError, match="can't create"),
    ):
        controller.open_record(foreign)
    assert controller.session.record is before
    assert controller.session.seat(Mark.X) == Seat("human", "Ann")


# Matches --------------------------------------------------------------------------------


def test_perfect_against_perfect_draws_every_game_of_a_match(
    qtbot: QtBot, controller: GameController
) -> None:
    seat_both(controller, "perfect")
    runner = MatchRunner(controller)
    scores: list[MatchScore] = []
    firsts: list[Mark] = []
    runner.score_changed.connect(scores.append)
    controller.game_started.connect(lambda record: firsts.append(record.first))
    with qtbot.waitSignal(runner.match_finished, timeout=60_000) as finished:
        runner.start(20)
    final: MatchScore = finished.args[0]
    assert (final.played, final.draws, final.x_wins, final.o_wins) == (20, 20, 0, 0)
    assert final.describe() == "Match over, 20 games: Perfect (X) 0, Perfect (O) 0, draws 20"
    assert [score.played for score in scores] == list(range(1, 21))
    assert firsts == [Mark.X, Mark.O] * 10
    assert not runner.is_running


def test_match_can_be_stopped(qtbot: QtBot, controller: GameController, players: Players) -> None:
    seat_both(controller, "turnstile")
    runner = MatchRunner(controller)
    runner.start(5, "o")
    assert runner.is_running
    assert controller.session.record.first is Mark.O
    players.allow(9)
    with qtbot.waitSignal(runner.score_changed, timeout=10_000) as scored:
        pass
    assert scored.args[0].played == 1
    with qtbot.waitSignal(runner.match_finished) as finished:
        runner.stop()
    assert finished.args[0].stopped
    assert finished.args[0].describe().startswith("Match stopped after 1 of 5")
    assert not runner.is_running


def test_another_game_ends_the_match(qtbot: QtBot, controller: GameController) -> None:
    seat_both(controller, "turnstile")
    runner = MatchRunner(controller)
    runner.start(3)
    with qtbot.waitSignal(runner.match_finished) as finished:
        controller.session.new_game(Mark.X)
    assert finished.args[0].stopped
    assert finished.args[0].played == 0


def test_match_needs_two_computer_players(controller: GameController) -> None:
    controller.session.set_seat(Mark.X, Seat("human", "Ann"))
    controller.session.set_seat(Mark.O, Seat("perfect", "Perfect"))
    runner = MatchRunner(controller)
    with pytest.raises(ValueError, match="two computer players"):
        runner.start(3)
    with pytest.raises(ValueError, match="1-1000 games"):
        runner.start(0)
    assert not runner.is_running


def test_who_starts_each_game() -> None:
    assert [first_mark("alternate-o", i) for i in range(3)] == [Mark.O, Mark.X, Mark.O]
    assert [first_mark("x", i) for i in range(2)] == [Mark.X, Mark.X]
    with pytest.raises(ValueError, match="who starts"):
        first_mark("sometimes", 0)


def test_match_dialog_choices(qtbot: QtBot) -> None:
    dialog = MatchDialog(games=7)
    qtbot.addWidget(dialog)
    assert dialog.games == 7
    dialog.first_box.setCurrentIndex(3)
    assert dialog.first == "o"


def test_move_delay_changes_are_announced(qtbot: QtBot, controller: GameController) -> None:
    with qtbot.waitSignal(controller.move_delay_changed) as changed:
        controller.session.move_delay_ms = 800
    assert changed.args == [800]
    with qtbot.assertNotEmitted(controller.move_delay_changed):
        controller.session.move_delay_ms = 800
