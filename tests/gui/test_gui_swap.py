"""Swap and swap2 in the window: the opening chosen in New game with..., stones placed by
clicks whatever their colour, the choice's buttons over the board, the header's names on
their new marks, computers placing and choosing through the search process, and a game
restored in the middle of its opening."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import WindowMaker
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from ttt_desktop.brains.engines import EngineEntry, EngineList
from ttt_desktop.core import GameRecord, Mark
from ttt_desktop.core.rules import PRESETS, Rules
from ttt_desktop.core.session import Seat
from ttt_desktop.core.swap import (
    BLACK,
    FREE_OPENING,
    OPENER,
    PLACE_TWO,
    SWAP,
    SWAP2,
    WHITE,
    SwapOpening,
)
from ttt_desktop.gui.coach.overlays import VALUES_LAYER
from ttt_desktop.gui.common import translation
from ttt_desktop.gui.game.game_in_progress import FILE_NAME
from ttt_desktop.gui.game.new_game_dialog import SEAT_ROLE
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import AppSettings
from ttt_desktop.players import HUMAN_KIND

GOMOKU = Rules(15, 15, 5)
ALICE = Seat(HUMAN_KIND, "Alice")
BOB = Seat(HUMAN_KIND, "Bob")
RANDO = Seat("rando", "Rando")


def cell(row: int, column: int) -> int:
    return row * 15 + column


OPENING = (cell(7, 7), cell(7, 8), cell(8, 8))
PLACED_TWO = (cell(6, 6), cell(9, 9))


def click(qtbot: QtBot, window: MainWindow, cells: tuple[int, ...]) -> None:
    for target in cells:
        with qtbot.waitSignal(window.controller.move_played):
            centre = window.board.cell_rect(target).center().toPoint()
            qtbot.mouseClick(window.board, Qt.MouseButton.LeftButton, pos=centre)


def press(qtbot: QtBot, window: MainWindow, choice: str) -> None:
    button = window.opening_prompt.buttons[choice]
    assert window.opening_prompt.isVisible() and button.isVisible()
    with qtbot.waitSignal(window.controller.choice_made):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def start(window: MainWindow, x: Seat, o: Seat, rule: str) -> None:
    window.ai_speed_actions[0].trigger()  # computers instant
    window.start_game(GOMOKU, x, o, opening_rule=rule)


def header_names(window: MainWindow) -> tuple[str, str]:
    status = window.view.status
    assert status is not None
    return status.x_name, status.o_name


def test_the_dialog_offers_the_openings_where_the_board_fits_them(
    make_window: WindowMaker,
) -> None:
    window = make_window()
    dialog = window.new_game_dialog()
    combo = dialog.opening_combo
    assert [combo.itemData(row) for row in range(combo.count())] == [FREE_OPENING, SWAP, SWAP2]
    dialog.presets.setCurrentRow(list(PRESETS).index("gomoku"))
    combo.setCurrentIndex(2)
    combo.activated.emit(2)
    assert dialog.chosen_opening() == SWAP2
    # Tic-tac-toe has no room for swap2: disabled, with the reason, and the game opens freely.
    dialog.presets.setCurrentRow(0)
    item = combo.model().item(2)  # type: ignore[attr-defined]
    assert not item.isEnabled()
    assert "five in a row" in item.toolTip()
    assert dialog.chosen_opening() == FREE_OPENING
    assert "opens freely" in dialog.opening_note.text()
    # Back on a board with room, swap2 is chosen again.
    dialog.presets.setCurrentRow(list(PRESETS).index("7x7-five"))
    assert dialog.chosen_opening() == SWAP2
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert window.controller.session.opening_rule == SWAP2
    assert window.controller.session.record.opening == SwapOpening(SWAP2)
    assert window.settings.opening_rule() == SWAP2
    # Remembered: the next window opens its dialog on swap2 and plays it.
    again = make_window(settings=AppSettings())
    assert again.controller.session.opening_rule == SWAP2
    assert again.new_game_dialog().chosen_opening() == SWAP2


def test_two_people_play_swap2_through_the_window(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    start(window, ALICE, BOB, SWAP2)
    session = window.controller.session
    assert "Alice places the opening: stone 1 of 3 (black, X)" in window.status_label.text()
    click(qtbot, window, OPENING[:1])
    assert "stone 2 of 3 (white, O)" in window.status_label.text()
    click(qtbot, window, OPENING[1:])
    # The choice: Bob's buttons over the board, the board takes no stone meanwhile.
    prompt = window.opening_prompt
    assert prompt.isVisible() and prompt.choice is not None and prompt.choice.name == "Bob"
    assert all(prompt.buttons[choice].isVisible() for choice in (BLACK, WHITE, PLACE_TWO))
    assert window.focusWidget() is prompt.buttons[BLACK]
    assert "Bob chooses: black, white or two more stones" in (window.status_label.text())
    assert not window.board.accepts_clicks
    press(qtbot, window, PLACE_TWO)
    assert not prompt.isVisible()
    assert "Bob places the opening: stone 4 of 5 (white, O)" in window.status_label.text()
    click(qtbot, window, PLACED_TWO)
    # Alice chooses now, between black and white only.
    assert prompt.isVisible() and prompt.choice is not None and prompt.choice.name == "Alice"
    assert not prompt.buttons[PLACE_TWO].isVisible()
    press(qtbot, window, WHITE)
    # Alice plays O now: the header says so at once, and she moves as white.
    assert header_names(window) == ("Bob", "Alice")
    assert window.header.name_label(Mark.X).text() == "Bob"
    assert window.header.name_label(Mark.O).text() == "Alice"
    assert "Alice chose white: Alice plays O" in window.status_label.text()
    assert session.board.to_move is Mark.O
    for column in range(5):
        click(qtbot, window, (cell(3, column),))
        if not session.record.is_finished:
            click(qtbot, window, (cell(12, column),))
    record = session.record
    assert record.result == "O" and record.o.name == "Alice"
    assert record.opening == SwapOpening(SWAP2, (PLACE_TWO, WHITE))


def test_a_person_opens_against_rando_under_swap(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    start(window, ALICE, RANDO, SWAP)
    session = window.controller.session
    click(qtbot, window, OPENING[:2])
    with qtbot.waitSignal(window.controller.choice_made, timeout=20000):
        click(qtbot, window, OPENING[2:])
    record = session.record
    assert record.opening is not None and len(record.opening.choices) == 1
    if record.opening.swapped:
        assert header_names(window) == ("Rando", "Alice")
    else:
        assert header_names(window) == ("Alice", "Rando")
    # Play on to the end, Alice clicking the first free cell whenever it is her move.
    while not session.record.is_finished:
        if session.waits_for_person:
            free = session.board.legal_moves()[0]
            click(qtbot, window, (free,))
        else:
            with qtbot.waitSignal(window.controller.move_played, timeout=20000):
                pass
    assert session.record.is_finished


def test_a_person_answers_rando_s_opening_and_undo_stops_at_the_choice(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    session = window.controller.session
    start(window, RANDO, ALICE, SWAP)
    # Rando's three stones come one after another, like moves.
    qtbot.waitUntil(window.opening_prompt.isVisible, timeout=20000)
    assert session.record.ply == 3
    assert "Alice chooses: black or white" in window.status_label.text()
    assert not window.opening_prompt.buttons[PLACE_TWO].isVisible()
    # Rando's stones are no person's: nothing to take back yet.
    assert not session.can_undo
    press(qtbot, window, BLACK)
    assert header_names(window) == ("Alice", "Rando")
    assert "Alice chose black: Alice plays X" in window.status_label.text()
    # Rando, white now, moves; then Alice.
    qtbot.waitUntil(lambda: session.record.ply == 4, timeout=20000)
    assert session.waits_for_person and session.acting_mark is Mark.X


def test_two_computers_play_swap2_to_the_end(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    session = window.controller.session
    start(window, RANDO, Seat("rando", "Randa"), SWAP2)
    window.start_play()
    qtbot.waitUntil(lambda: session.record.is_finished, timeout=60000)
    record = session.record
    assert record.opening is not None and record.opening.finished
    assert {record.x.name, record.o.name} == {"Rando", "Randa"}
    assert header_names(window) == (record.x.name, record.o.name)
    assert not window.opening_prompt.isVisible()


def test_a_restart_restores_an_unfinished_opening(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    kept = tmp_path / FILE_NAME
    window = make_window(game_in_progress_path=kept)
    start(window, ALICE, BOB, SWAP2)
    click(qtbot, window, OPENING)
    press(qtbot, window, PLACE_TWO)
    click(qtbot, window, PLACED_TWO[:1])
    before = window.controller.session.record
    window.close()
    assert kept.exists()

    again = make_window(game_in_progress_path=kept)
    session = again.controller.session
    record = session.record
    assert record.game_id == before.game_id
    assert record.opening == SwapOpening(SWAP2, (PLACE_TWO,))
    assert "Bob places the opening: stone 5 of 5 (black, X)" in again.status_label.text()
    click(qtbot, again, PLACED_TWO[1:])
    assert again.opening_prompt.isVisible()
    press(qtbot, again, BLACK)
    assert header_names(again) == ("Alice", "Bob")  # Alice chose black: no exchange
    # Bob, white, moves. An undo takes his move back and leaves the choice; the next one
    # takes his fifth stone back, and Alice's choice with it.
    click(qtbot, again, (cell(0, 0),))
    session.undo()
    assert session.record.ply == 5
    assert session.record.opening == SwapOpening(SWAP2, (PLACE_TWO, BLACK))
    session.undo()
    assert session.record.ply == 4
    assert session.record.opening == SwapOpening(SWAP2, (PLACE_TWO,))
    assert not again.opening_prompt.isVisible()
    assert "Bob places the opening: stone 5 of 5 (black, X)" in again.status_label.text()


def _swap2_game_to_the_end(qtbot: QtBot, window: MainWindow) -> None:
    """Alice opens, Bob places two more, Alice takes white and wins along row 3."""
    start(window, ALICE, BOB, SWAP2)
    click(qtbot, window, OPENING)
    press(qtbot, window, PLACE_TWO)
    click(qtbot, window, PLACED_TWO)
    press(qtbot, window, WHITE)
    session = window.controller.session
    for column in range(5):
        click(qtbot, window, (cell(3, column),))
        if not session.record.is_finished:
            click(qtbot, window, (cell(12, column),))


def test_the_coach_gives_no_hint_and_no_values_in_the_opening(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    start(window, ALICE, BOB, SWAP)
    coach = window.coach
    assert not coach.hint_action.isEnabled()
    assert "opening" in coach.hint_action.toolTip()
    coach.show_values_action.setChecked(True)
    # No values and no search for an opening stone.
    assert window.board.overlay(VALUES_LAYER) is None
    assert not coach.is_searching
    click(qtbot, window, OPENING)
    assert not coach.hint_action.isEnabled() and not coach.is_searching
    assert window.board.overlay(VALUES_LAYER) is None
    coach.show_values_action.setChecked(False)
    press(qtbot, window, BLACK)
    # Alice, white now, moves: hints are hers again.
    assert coach.hint_action.isEnabled()


def test_the_thinking_dock_says_the_opening_is_placed(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    start(window, RANDO, ALICE, SWAP)
    qtbot.waitUntil(window.opening_prompt.isVisible, timeout=20000)
    assert "The opening: its stones are placed by the rule" in (
        window.insight.panel.headline.text()
    )


def test_the_move_list_and_the_review_show_the_opening_for_what_it_is(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    from ttt_desktop.analysis import board_coach  # noqa: PLC0415
    from ttt_desktop.analysis.coach import summarise  # noqa: PLC0415

    window = make_window()
    _swap2_game_to_the_end(qtbot, window)
    record = window.controller.session.record
    listing = window.review.move_list
    names = [listing.item(row, 1).text() for row in range(1, 8)]
    assert names == [
        "Alice (opening)",
        "Alice (opening)",
        "Alice (opening)",
        "Bob (opening)",
        "Bob (opening)",
        "Alice",  # white's move 6, Alice's since she chose white
        "Bob",
    ]
    panel = window.coach.review_panel
    names_of = {mark: record.player(mark).name for mark in (Mark.X, Mark.O)}
    review = board_coach.BoardReview(
        (), summarise((), names_of, {}, {}), exact=False, budget_ms=100.0, seconds=0.0
    )
    panel.show_review(review, record)
    rows = [panel.moves.item(row).text() for row in range(panel.moves.count())]
    assert rows[0] == "1. Xh8 - opening stone, placed by Alice"
    assert all("opening stone" in row for row in rows[:5])
    assert rows[3].endswith("placed by Bob")
    assert "Swap2: the responder placed two stones, the opener chose white" in (panel.title.text())


def test_history_says_how_a_game_opened(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    window = make_window(library_path=tmp_path / "games.sqlite")
    qtbot.waitUntil(lambda: window.history.library is not None)
    _swap2_game_to_the_end(qtbot, window)
    window.history.action.trigger()
    history = window.history.history_window
    assert history is not None
    qtbot.waitUntil(lambda: history.model is not None and history.model.rowCount() == 1)
    model = history.model
    assert model is not None
    index = model.index(0, 6)  # the board
    tip = model.data(index, Qt.ItemDataRole.ToolTipRole)
    assert tip == (
        "Swap2: the responder placed two stones, the opener chose white; "
        "the opening's first stones by Alice"
    )


def test_the_opening_in_german(qtbot: QtBot, make_window: WindowMaker) -> None:
    installed = translation.install(QSettings(), "de")
    try:
        window = make_window()
        start(window, ALICE, BOB, SWAP2)
        assert "Alice setzt die Eröffnung: Stein 1 von 3 (Schwarz, X)" in (
            window.status_label.text()
        )
        click(qtbot, window, OPENING)
        assert "Bob wählt: Schwarz, Weiß oder zwei weitere Steine" in window.status_label.text()
        assert window.opening_prompt.buttons[WHITE].text() == "&Weiß spielen (O)"
        press(qtbot, window, WHITE)
        assert "Bob hat Weiß gewählt: Bob spielt O" in window.status_label.text()
    finally:
        translation.remove(installed)


def test_a_match_counts_each_win_for_the_seat_that_won_after_a_swap(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.ai_speed_actions[0].trigger()
    # Seeded, so that some of the games swap (the responder chooses black) and some do not.
    rando, randa = Seat("rando", "Rando", seed=5), Seat("rando", "Randa", seed=6)
    window.start_game(GOMOKU, rando, randa, opening_rule=SWAP)
    runner = window.review.match_runner
    won_by: list[str] = []
    swapped: list[bool] = []

    def note(record: object) -> None:
        assert isinstance(record, GameRecord)
        swapped.append(record.opening is not None and record.opening.swapped)
        result = record.result
        if result in ("X", "O"):
            won_by.append(record.player(Mark(result)).name)

    window.controller.game_finished.connect(note)
    with qtbot.waitSignal(runner.match_finished, timeout=120000):
        runner.start(4)
    score = runner.score
    assert score is not None and score.played == 4
    assert score.x_wins == won_by.count("Rando") and score.o_wins == won_by.count("Randa")
    assert any(swapped) and not all(swapped)


def test_the_dialog_warns_of_a_brain_that_does_not_play_swap(
    make_window: WindowMaker, tmp_path: Path
) -> None:
    path = tmp_path / "data" / "engines.json"
    engines = EngineList(path)
    for name, swap2 in (("Swapper", True), ("Stubborn", False), ("Unasked", None)):
        engines.add(EngineEntry(name, f"{name.lower()}-brain", sizes=(15,), swap2=swap2))
    engines.save()
    window = make_window(engines_file=path)
    dialog = window.new_game_dialog()
    dialog.presets.setCurrentRow(list(PRESETS).index("gomoku"))
    dialog.opening_combo.setCurrentIndex(2)
    dialog.opening_combo.activated.emit(2)

    def seat(mark: Mark, kind: str) -> None:
        combo = dialog.seat_combos[mark]
        for row in range(combo.count()):
            chosen = combo.itemData(row, SEAT_ROLE)
            if isinstance(chosen, Seat) and chosen.kind == kind:
                combo.setCurrentIndex(row)
                return
        raise AssertionError(f"no {kind} offered")

    seat(Mark.X, "brain.swapper")
    seat(Mark.O, "rando")
    assert dialog.opening_note.text() == ""
    seat(Mark.O, "brain.stubborn")
    assert "Stubborn does not play swap openings" in dialog.opening_note.text()
    seat(Mark.X, "brain.unasked")
    assert "Unasked was not asked whether it plays swap openings" in dialog.opening_note.text()
    # Under the free opening every brain plays.
    dialog.opening_combo.setCurrentIndex(0)
    dialog.opening_combo.activated.emit(0)
    assert dialog.opening_note.text() == ""


BAD_BRAIN = Path(__file__).parents[1] / "data" / "brains" / "bad_brain.py"
on_linux = pytest.mark.skipif(sys.platform != "linux", reason="brains run on Linux")


@pytest.fixture
def brains_file(tmp_path: Path) -> Path:
    """An engine list: our Levi as a brain, and one that answers SWAP2BOARD with ERROR."""
    path = tmp_path / "data" / "engines.json"
    engines = EngineList(path)
    ours = f"{sys.executable} -m ttt_desktop.cli.arena brain --player levi --seed 4"
    engines.add(EngineEntry("TTT Levi", ours, sizes=(15,), swap2=True))
    engines.add(EngineEntry("Crasher", f"{sys.executable} {BAD_BRAIN} crash-mid", sizes=(15,)))
    engines.save()
    return path


@on_linux
def test_a_brain_opens_a_swap2_game_against_rando_to_its_end(
    qtbot: QtBot, make_window: WindowMaker, brains_file: Path
) -> None:
    window = make_window(engines_file=brains_file)
    session = window.controller.session
    start(window, Seat("brain.ttt-levi", "TTT Levi"), RANDO, SWAP2)
    with qtbot.waitSignal(window.controller.game_finished, timeout=120_000) as finished:
        window.start_play()
    record = finished.args[0]
    assert record.forfeit is None and record.final_board.is_over
    assert record.opening is not None and record.opening.finished
    assert record.opening_player(OPENER).name == "TTT Levi"
    # Its three stones came from one SWAP2BOARD, in its pipe's log.
    assert any("SWAP2BOARD" in line for line in record.log)
    assert session.record is record


@on_linux
def test_a_brain_that_does_not_play_swap_loses_at_its_choice(
    qtbot: QtBot, make_window: WindowMaker, brains_file: Path
) -> None:
    window = make_window(engines_file=brains_file)
    start(window, ALICE, Seat("brain.crasher", "Crasher"), SWAP)
    click(qtbot, window, OPENING[:2])
    with qtbot.waitSignal(window.controller.game_finished, timeout=20_000) as finished:
        click(qtbot, window, OPENING[2:])
    record = finished.args[0]
    assert record.forfeit is not None and record.player(record.forfeit.loser).name == "Crasher"
    assert record.result is not None and record.player(Mark(record.result)).name == "Alice"
    assert window.status_label.text().startswith("Alice wins: Crasher lost by forfeit (")
    assert not window.opening_prompt.isVisible()


def test_the_choice_is_made_from_the_keyboard(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    start(window, ALICE, BOB, SWAP)
    click(qtbot, window, OPENING)
    buttons = window.opening_prompt.buttons
    assert window.focusWidget() is buttons[BLACK]
    # Tab goes to Play white (Place two more stones is not offered under swap), Enter presses.
    qtbot.keyClick(buttons[BLACK], Qt.Key.Key_Tab)
    assert window.focusWidget() is buttons[WHITE]
    with qtbot.waitSignal(window.controller.choice_made):
        qtbot.keyClick(buttons[WHITE], Qt.Key.Key_Return)
    assert window.controller.session.record.opening == SwapOpening(SWAP, (WHITE,))
    # The board has the focus again for Bob's white move.
    assert window.focusWidget() is window.board


def test_play_again_after_a_swap_seats_the_players_where_they_started(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    _swap2_game_to_the_end(qtbot, window)
    record = window.controller.session.record
    assert (record.x.name, record.o.name) == ("Bob", "Alice")
    with qtbot.waitSignal(window.controller.game_started) as started:
        window.play_again()
    again = started.args[0]
    assert (again.x.name, again.o.name) == ("Alice", "Bob")
    assert again.opening == SwapOpening(SWAP2) and again.moves == ()
    assert header_names(window) == ("Alice", "Bob")
    # Taking turns to start: O's player, Bob, opens this one and places its first stone.
    assert again.first is Mark.O
    assert "Bob places the opening: stone 1 of 3 (black, O)" in window.status_label.text()
