"""The coach in the window on boards other than 3x3: hints, move values and the review come
from the search process (the window never waits for them), exact on the solved boards, a
proof or "best found" with its budget elsewhere; undo and redo as on 3x3."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from ttt_desktop.analysis import mnk_solver
from ttt_desktop.core import GameRecord, Mark
from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import GOMOKU, Rules
from ttt_desktop.gui.coach.overlays import HINT_LAYER, REVIEW_LAYER, VALUES_LAYER
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import AppSettings

WindowMaker = Callable[..., MainWindow]

# A search's answer may wait for the search process to start (spawned: a second or two).
ANSWER_MS = 60_000


def play(qtbot: QtBot, window: MainWindow, names: str) -> GameRecord:
    """Click the cells ``names`` ("h8 h9 ...") in turn, each time waiting for the move."""
    board = window.board
    geometry = window.controller.session.rules.geometry
    record = window.controller.session.record
    for name in names.split():
        with qtbot.waitSignal(window.controller.move_played) as played:
            qtbot.mouseClick(
                board, Qt.MouseButton.LeftButton, pos=board.cell_centre(geometry.parse(name))
            )
        record = played.args[0]
    return record


def quick(window: MainWindow) -> None:
    """Small budgets, so a test's searches take a fraction of a second."""
    window.coach.set_budget_ms(100)
    window.coach.search_nodes = 2000
    window.coach.review_budget_ms = 50
    window.coach.review_nodes = 2000


def test_a_hint_on_15x15_states_a_threat_win_as_proven(
    qtbot: QtBot, two_people: WindowMaker
) -> None:
    window = two_people(rules=GOMOKU)
    quick(window)
    features = window.coach
    play(qtbot, window, "h8 a1 i8 a3 j8 a5 h9 a7 h10 a9")
    assert features.hint_action.isEnabled()
    with qtbot.waitSignal(features.hint_shown, timeout=ANSWER_MS) as shown:
        features.hint_action.trigger()
        # The window goes on: the search process answers later, and the status bar says so.
        assert features.is_searching
        assert window.statusBar().currentMessage() == (
            "The coach is looking for the best move (0.1 s)..."
        )
    advice = shown.args[0]
    assert advice.sentence.startswith("X has a forced win in 3: h11, ")
    h11 = GOMOKU.geometry.parse("h11")
    overlay = window.board.overlay(HINT_LAYER)
    assert overlay is not None and overlay.marked == (h11,)
    assert window.statusBar().currentMessage().startswith("Hint for X: X has a forced win in 3")
    assert window.controller.session.record.hints_used(Mark.X) == 1
    assert not features.is_searching
    # Asked again on the same position: at once, from what the coach keeps.
    with qtbot.waitSignal(features.hint_shown, timeout=1000):
        features.hint_action.trigger()


def test_a_hint_on_an_open_15x15_position_is_the_best_found_in_its_budget(
    qtbot: QtBot, two_people: WindowMaker
) -> None:
    window = two_people(rules=GOMOKU)
    quick(window)
    features = window.coach
    play(qtbot, window, "h8 h9 i8 g7 j9")
    with qtbot.waitSignal(features.hint_shown, timeout=ANSWER_MS) as shown:
        features.hint_action.trigger()
    advice = shown.args[0]
    assert advice.mover == "O"
    name = GOMOKU.geometry.name(advice.cells[0])
    assert advice.sentence.startswith(f"Best found in 0.1 s: {name}; the search expects ")
    assert (
        window.statusBar().currentMessage().startswith(f"Hint for O: Best found in 0.1 s: {name}")
    )


def test_a_new_move_abandons_the_coach_search(qtbot: QtBot, two_people: WindowMaker) -> None:
    window = two_people(rules=GOMOKU)
    window.coach.set_budget_ms(5000)
    features = window.coach
    play(qtbot, window, "h8 h9")
    features.hint_action.trigger()
    assert features.is_searching
    play(qtbot, window, "i8")
    assert not features.is_searching
    assert window.board.overlay(HINT_LAYER) is None
    assert "looking for the best move" not in window.statusBar().currentMessage()
    # The search process is free again: the next hint comes.
    quick(window)
    with qtbot.waitSignal(features.hint_shown, timeout=ANSWER_MS) as shown:
        features.hint_action.trigger()
    assert shown.args[0].mover == "O"


def test_move_values_on_4x4_are_the_solvers(qtbot: QtBot, two_people: WindowMaker) -> None:
    rules = Rules.parse("4,4,4")
    window = two_people(rules=rules)
    features = window.coach
    play(qtbot, window, "b3 a4")
    with qtbot.waitSignal(features.advice_ready, timeout=ANSWER_MS):
        features.show_values(True)
        # A proof: no search time to show.
        assert window.statusBar().currentMessage() == (
            "The coach is working out the value of every move..."
        )
    overlay = window.board.overlay(VALUES_LAYER)
    assert overlay is not None
    board = window.controller.session.board
    exact = mnk_solver.move_values(board)
    words = {1: "win", 0: "draw", -1: "loss"}
    assert {cell: note.text for cell, note in overlay.annotations.items()} == {
        cell: words[value] for cell, value in exact.items()
    }


def test_review_of_a_7x7_game_marks_the_blunder_with_the_line_preferred(
    qtbot: QtBot, two_people: WindowMaker
) -> None:
    window = two_people(rules=Rules(7, 7, 5))
    quick(window)
    features = window.coach
    # X makes c4-d4-e4 open; O (move 6) plays a1 instead of blocking, and X wins on row 4.
    play(qtbot, window, "d4 d5 c4 c5 e4 a1 f4 b4")
    with qtbot.waitSignal(features.review_ready, timeout=ANSWER_MS) as ready:
        play(qtbot, window, "g4")
        assert features.review_panel.title.text().startswith(
            "Reviewing the game: a search of 0.05 s"
        )
    review = ready.args[0]
    assert window.controller.session.record.is_finished
    blunder = review.verdicts[5]
    assert blunder.kind == "blunder"
    assert blunder.sentence.startswith("After Oa1, X has a forced win: ")
    assert "; the search preferred " in blunder.sentence
    panel = features.review_panel
    assert panel.review is review
    row = panel.moves.item(5)
    # X's win after a1 is proven; that O had not lost before it is the search's word.
    assert row.text().startswith(
        "6. Oa1 - Blunder (by a 0.05 s search)\nAfter Oa1, X has a forced win: "
    )
    assert "Judged by a search of 0.05 s per move" in panel.title.text()
    # The winner's open three, open four and five: no mistake, the four and five proven.
    assert panel.moves.item(6).text() in (
        "7. Xf4 - Best (proven)",
        "7. Xf4 - Kept the result (proven)",
    )
    assert panel.moves.item(8).text() == "9. Xg4 - Best (proven)"
    assert "<b>Alice (X)</b>: 5 moves, accuracy 100%, 0 mistakes" in panel.summary.text()
    # Choosing the row shows the position before it with the move preferred marked.
    panel.moves.setCurrentRow(5)
    panel.verdict_chosen.emit(panel.verdict_at(5))
    overlay = window.board.overlay(REVIEW_LAYER)
    assert overlay is not None and overlay.marked == blunder.better
    assert window.statusBar().currentMessage() == blunder.sentence


@pytest.mark.parametrize("key", ["7,7,5", "15,15,5"])
def test_undo_and_redo_on_big_boards(qtbot: QtBot, two_people: WindowMaker, key: str) -> None:
    rules = Rules.parse(key)
    window = two_people(rules=rules)
    features = window.coach
    record = play(qtbot, window, "c3 d4 e5")
    assert record.ply == 3 and features.undo_action.isEnabled()
    features.undo_action.trigger()
    assert window.controller.session.record.ply == 2
    assert window.board.board == Board.empty(Mark.X, rules).play_all(
        rules.geometry.parse(name) for name in ("c3", "d4")
    )
    assert features.redo_action.isEnabled()
    features.redo_action.trigger()
    assert window.controller.session.record.ply == 3
    assert window.board.board[rules.geometry.parse("e5")] is Mark.X


def test_the_coachs_search_time_is_chosen_in_the_view_menu_and_remembered(
    make_window: WindowMaker,
) -> None:
    settings = AppSettings()
    window = make_window(settings=settings, rules=GOMOKU)
    features = window.coach
    assert features.budget_ms == 1000
    assert features.budget_menu.menuAction() in window.review.view_menu.actions()
    texts = [action.text() for action in features.budget_group.actions()]
    assert texts == ["0.25 s", "0.5 s", "1 s", "2 s", "5 s"]
    checked = features.budget_group.checkedAction()
    assert checked is not None and checked.text() == "1 s"
    features.budget_group.actions()[3].trigger()
    assert features.budget_ms == 2000
    window.controller.shutdown()
    again = make_window(settings=settings, rules=GOMOKU)
    assert again.coach.budget_ms == 2000


@pytest.mark.slow
def test_move_values_against_a_computer_wait_for_its_move(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window(rules=GOMOKU)
    window.ai_speed_actions[0].trigger()
    panel = window.player_panel
    panel.choose_index(Mark.X, panel.index_of(Mark.X, name="Player 1"))
    panel.choose_index(Mark.O, panel.index_of(Mark.O, kind="searcher"))
    combo = panel.start_combo
    combo.setCurrentIndex(combo.findData("x"))
    combo.activated.emit(combo.currentIndex())
    window.new_game()
    quick(window)
    features = window.coach
    features.show_values(True)
    controller = window.controller
    searching_while_it_thought: list[bool] = []
    controller.thinking_stopped.connect(
        lambda: searching_while_it_thought.append(features.is_searching)
    )
    with qtbot.waitSignal(features.advice_ready, timeout=ANSWER_MS) as ready:
        play(qtbot, window, "h8")
        assert controller.session.is_thinking
        assert not features.is_searching, "the computer's move comes first"
    assert searching_while_it_thought == [False]
    advice = ready.args[0]
    assert advice.mover == "X" and advice.cells_text == controller.session.board.cells
    overlay = window.board.overlay(VALUES_LAYER)
    assert overlay is not None
    # The search's choice and the proven cells are written; the rest stay blank.
    assert {
        value.cell for value in advice.values if value.rank == 1 or value.outcome is not None
    } == set(overlay.annotations)
    best = next(value for value in advice.values if value.rank == 1)
    assert overlay.annotations[best.cell].text == "best found"


def test_a_new_game_abandons_a_review_under_way(qtbot: QtBot, two_people: WindowMaker) -> None:
    window = two_people(rules=Rules(7, 7, 5))
    features = window.coach
    features.review_budget_ms = 5000  # seconds a position: it is still reviewing below
    play(qtbot, window, "d4 d5 c4 c5 e4 a1 f4 b4 g4")
    assert window.controller.session.record.is_finished
    assert features.is_searching
    assert features.review_panel.title.text().startswith("Reviewing the game")
    with qtbot.waitSignal(window.controller.game_started):
        window.new_game()
    assert not features.is_searching
    # The search process is free at once for the next question (the review left running
    # would hold it for 20 s or more: ten positions of at least 2 s).
    quick(window)
    play(qtbot, window, "d4")
    with qtbot.waitSignal(features.hint_shown, timeout=15_000) as shown:
        features.hint_action.trigger()
    assert shown.args[0].mover == "O"


def test_a_side_with_no_moves_is_summed_up_as_no_moves(qtbot: QtBot) -> None:
    from types import SimpleNamespace  # noqa: PLC0415

    from ttt_desktop.gui.coach.review_panel import ReviewPanel  # noqa: PLC0415

    panel = ReviewPanel()
    qtbot.addWidget(panel)

    def side(name: str, moves: int) -> SimpleNamespace:
        accuracy = None if moves == 0 else 1.0
        return SimpleNamespace(
            name=name, moves=moves, accuracy=accuracy, mistakes=0, undos=0, hints=0
        )

    review = SimpleNamespace(summaries={Mark.X: side("Alice", 1), Mark.O: side("Bob", 0)})
    text = panel._summary_html(review)  # type: ignore[arg-type]
    assert "<b>Alice (X)</b>: 1 move, accuracy 100%, 0 mistakes" in text
    assert "<b>Bob (O)</b>: no moves" in text
    assert "0 moves" not in text
