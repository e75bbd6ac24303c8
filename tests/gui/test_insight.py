"""The Thinking dock, its board layer and the search-tree explorer on the real window."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QKeySequence
from pytestqt.qtbot import QtBot

from ttt_desktop.core import Board, GameRecord, Mark
from ttt_desktop.core.rules import GOMOKU, TIC_TAC_TOE
from ttt_desktop.gui.common import screen_fit
from ttt_desktop.gui.game.controller import Seat
from ttt_desktop.gui.insight.features import THOUGHT_LAYER
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.players import HUMAN_KIND, create_player
from ttt_desktop.players.search_tree import compare_searches
from ttt_desktop.players.thought import Rule, Thought

WindowMaker = Callable[..., MainWindow]


def person_against(window: MainWindow, kind: str) -> None:
    window.set_move_delay(0)
    window.controller.session.set_seat(Mark.X, Seat(HUMAN_KIND, "Player 1"))
    window.controller.session.set_seat(Mark.O, Seat(kind, kind.title()))
    window.controller.session.new_game(Mark.X)


def play(qtbot: QtBot, window: MainWindow, cell: int) -> tuple[GameRecord, Thought]:
    """The person plays ``cell``; returns the record and thought of the computer's reply."""
    with qtbot.waitSignal(window.controller.computer_thought, timeout=30_000) as replied:
        qtbot.mouseClick(window.board.cell_widget(cell), Qt.MouseButton.LeftButton)
    record, thought = replied.args
    return record, thought


def test_the_dock_is_in_the_view_menu_on_ctrl_t_and_remembered(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    action = window.insight.dock_action
    assert action.shortcut() == QKeySequence("Ctrl+T")
    assert action in window.review.view_menu.actions()
    assert window.insight.explorer_action.shortcut() == QKeySequence("Ctrl+E")
    assert not window.insight.dock.isVisible()
    action.trigger()
    assert window.insight.dock.isVisible()
    window.close()
    second = make_window()
    assert second.insight.dock.isVisible(), "the dock's visibility is remembered"
    second.insight.dock_action.trigger()
    assert not second.insight.dock.isVisible()


def test_the_computer_that_just_moved_says_why_in_words_and_on_the_board(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.insight.dock_action.trigger()
    person_against(window, "ralph")
    record, thought = play(qtbot, window, 4)
    assert thought.kind == "ralph" and record.moves[-1] == thought.move
    # The same thought as a Ralph with the game's seed, in this process.
    board = Board.empty(Mark.X).play(4)
    local = create_player("ralph", seed=record.o.seed).think(board)
    assert (local.move, local.scores, local.rule) == (thought.move, thought.scores, thought.rule)
    panel = window.insight.panel
    assert panel.headline.text().startswith(f"Ralph (O) played {keypad(thought.move)}: ")
    assert panel.headline.accessibleDescription() == panel.headline.text()
    assert "Ralph's tallies" in panel.details.text()
    assert panel.details.accessibleDescription() == panel.details.text()
    overlay = window.board.overlay(THOUGHT_LAYER)
    assert overlay is not None
    empty = {cell for cell in range(9) if record.final_board.cells[cell] == "."}
    assert set(overlay.annotations) == empty
    # X is to move on the board shown: Ralph's scores are O's, from before its move, and
    # say so on the board and in words.
    for cell, annotation in overlay.annotations.items():
        value = f"{int(thought.score_of(cell).value):+d}".replace("+0", "0")
        assert annotation.text == f"O:{value}"
        assert annotation.description.startswith("Ralph (O) rated this before its move: cell ")
        # The overlay's text equivalent reaches the cell's accessible description.
        assert annotation.description in window.board.cell_widget(cell).accessibleDescription()
    panel.show_on_board.setChecked(False)
    assert window.board.overlay(THOUGHT_LAYER) is None
    panel.show_on_board.setChecked(True)
    assert window.board.overlay(THOUGHT_LAYER) is not None
    window.insight.dock_action.trigger()  # the scores belong to the dock: hidden with it
    assert window.board.overlay(THOUGHT_LAYER) is None


def keypad(cell: int) -> int:
    return (7, 8, 9, 4, 5, 6, 1, 2, 3)[cell]


def test_block_names_the_threatened_line(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    person_against(window, "levi")
    play(qtbot, window, 4)
    threat = next(c for c in (0, 2, 6, 8) if window.controller.session.board.cells[c] == ".")
    opposite = 8 - threat
    if window.controller.session.board.cells[opposite] != ".":
        threat = next(
            c
            for c in (1, 3, 5, 7)
            if window.controller.session.board.cells[c] == "."
            and window.controller.session.board.cells[8 - c] == "."
        )
        opposite = 8 - threat
    _, thought = play(qtbot, window, threat)
    assert thought.rule is Rule.BLOCK and thought.move == opposite
    line = "-".join(str(d) for d in sorted(keypad(c) for c in (threat, 4, opposite)))
    assert f"block: X threatens {line}" in window.insight.panel.headline.text()


def test_ask_any_computer_about_the_position_without_it_playing(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.set_move_delay(0)
    window.controller.session.set_seat(Mark.X, Seat(HUMAN_KIND, "Ann"))
    window.controller.session.set_seat(Mark.O, Seat(HUMAN_KIND, "Bob"))
    window.controller.session.new_game(Mark.X)
    for cell in (0, 4, 1):
        with qtbot.waitSignal(window.controller.move_played):
            window.board.cell_clicked.emit(cell)
    window.insight.dock_action.trigger()
    panel = window.insight.panel
    panel.select_kind("alphabeta")
    assert panel.ask_button.text() == "Ask AlphaBeta about this position"
    with qtbot.waitSignal(window.controller.insight_ready, timeout=30_000) as answered:
        panel.ask_button.click()
    thought = answered.args[1]
    assert thought.kind == "alphabeta" and thought.move == 2, "O must block 7-8-9"
    assert window.controller.session.record.moves == (0, 4, 1), "asking plays nothing"
    assert panel.headline.text().startswith("AlphaBeta (O) would play 9: ")
    assert "searched, 6 move" in panel.details.text()
    overlay = window.board.overlay(THOUGHT_LAYER)
    assert overlay is not None and overlay.marked == (2,)
    assert [ghost.cell for ghost in overlay.ghosts][:1] == [2]


def test_the_dock_follows_a_match(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    window.set_move_delay(0)
    window.controller.session.set_seat(Mark.X, Seat("strategist", "Strategist"))
    window.controller.session.set_seat(Mark.O, Seat("utility", "Utility"))
    thoughts: list[Thought] = []
    window.controller.computer_thought.connect(lambda _record, thought: thoughts.append(thought))
    with qtbot.waitSignal(window.review.match_runner.match_finished, timeout=60_000):
        window.review.watch_match(2)
    record = window.controller.session.record
    assert [t.move for t in thoughts[-len(record.moves) :]] == list(record.moves)
    assert window.insight.panel.thought == thoughts[-1]


def test_the_tree_explorer_compares_and_expands_lazily(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.set_move_delay(0)
    window.controller.session.set_seat(Mark.X, Seat(HUMAN_KIND, "Ann"))
    window.controller.session.set_seat(Mark.O, Seat(HUMAN_KIND, "Bob"))
    window.controller.session.new_game(Mark.X)
    for cell in (4, 0):
        with qtbot.waitSignal(window.controller.move_played):
            window.board.cell_clicked.emit(cell)
    with qtbot.waitSignal(window.controller.insight_ready, timeout=30_000):
        explorer = window.insight.open_explorer()
    qtbot.waitUntil(lambda: "%" in explorer.comparison.text(), timeout=30_000)
    expected = compare_searches(window.controller.session.board.cells, "X")
    assert f"{expected.minimax_nodes:,}" in explorer.comparison.text()
    assert f"{expected.alphabeta_nodes:,}" in explorer.comparison.text()
    qtbot.waitUntil(lambda: explorer.model.rowCount() == 7, timeout=30_000)
    moves = [explorer.model.item(row, 0).text() for row in range(7)]
    assert all(move.startswith("X") for move in moves)
    # The second move is searched with alpha set by the first: some of its replies are cut.
    second = explorer.model.index(1, 0)
    explorer.view.expand(second)
    qtbot.waitUntil(lambda: explorer.model.rowCount(second) == 6, timeout=30_000)
    notes = [explorer.model.itemFromIndex(second).child(r, 5).text() for r in range(6)]
    assert any(note.startswith("cut off: hid ") for note in notes)
    explorer.set_algorithm("minimax")
    qtbot.waitUntil(lambda: explorer.model.rowCount() == 7, timeout=30_000)
    values = [explorer.model.item(row, 1).text() for row in range(7)]
    thought = create_player("minimax", seed=1).think(window.controller.session.board)
    assert sorted(values) == sorted(
        f"{int(s.value):+d}" if s.value else "0" for s in thought.scores
    )


def test_browsing_the_game_shows_the_thought_behind_the_position_on_show(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.insight.dock_action.trigger()
    person_against(window, "ralph")
    _, first = play(qtbot, window, 4)
    free = next(cell for cell in range(9) if window.controller.session.board.cells[cell] == ".")
    _, second = play(qtbot, window, free)
    panel, bar = window.insight.panel, window.review.replay_bar
    assert panel.thought is second
    bar.step_back()  # the person's second move: no computer moved there
    assert panel.thought is None
    assert panel.headline.text() == "No computer moved to the position on show."
    assert window.board.overlay(THOUGHT_LAYER) is None
    bar.step_back()  # after Ralph's first reply: the thought behind it
    assert panel.thought is first
    assert panel.headline.text().startswith(f"Ralph (O) played {keypad(first.move)}: ")
    bar.follow_live()
    assert panel.thought is second
    # An opened game has no thoughts: the dock does not speak of the last one, but says
    # that Ralph moved in it and that what he thought is not kept.
    window.review.open_game(window.controller.session.record)
    assert panel.thought is None
    assert "played" not in panel.headline.text()
    assert "came from Ralph (O) before it was opened here" in panel.headline.text()
    assert panel.details.text().startswith("What a computer thought is not kept with the game")


def test_the_tree_says_whose_values_and_opens_beside_the_board(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(screen_fit, "available_geometry", lambda widget: QRect(0, 0, 1920, 1080))
    window = make_window()
    window.resize(1040, 660)
    window.move(0, 0)
    window.controller.session.set_seat(Mark.X, Seat(HUMAN_KIND, "Ann"))
    window.controller.session.set_seat(Mark.O, Seat(HUMAN_KIND, "Bob"))
    window.controller.session.new_game(Mark.X)
    with qtbot.waitSignal(window.controller.move_played):
        window.board.cell_clicked.emit(4)
    explorer = window.insight.open_explorer()
    qtbot.waitExposed(explorer)
    # O is to move: the values are O's.
    assert "from O's side" in explorer.values_label.text()
    assert explorer.model.headerData(1, Qt.Orientation.Horizontal) == "Value for O"
    board = window.board
    board_area = QRect(board.mapToGlobal(QPoint(0, 0)), board.size())
    qtbot.waitUntil(lambda: not explorer.frameGeometry().intersects(board_area))
    explorer.close()


def test_the_tree_explorer_says_why_there_is_no_tree_off_tic_tac_toe(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.set_move_delay(0)
    window.controller.session.set_seat(Mark.X, Seat(HUMAN_KIND, "Ann"))
    window.controller.session.set_seat(Mark.O, Seat(HUMAN_KIND, "Bob"))
    window.controller.session.new_game(Mark.X)
    action = window.insight.explorer_action
    assert action.isEnabled()
    # A tic-tac-toe tree on show, then a game of gomoku: the tree does not stay.
    explorer = window.insight.open_explorer()
    qtbot.waitUntil(lambda: explorer.model.rowCount() == 9, timeout=30_000)
    qtbot.waitUntil(lambda: "%" in explorer.comparison.text(), timeout=30_000)
    window.controller.session.new_game(Mark.X, GOMOKU)
    for cell in (GOMOKU.geometry.parse(name) for name in ("h8", "h9", "i8")):
        with qtbot.waitSignal(window.controller.move_played):
            window.board.cell_clicked.emit(cell)
    assert explorer.model.rowCount() == 0 and explorer.board is None
    assert not explorer.view.isEnabled() and not explorer.algorithm_box.isEnabled()
    assert explorer.comparison.text() == ""
    assert explorer.position_label.text() == "Gomoku 15x15"
    assert explorer.values_label.text().startswith("The search tree is for tic-tac-toe only.")
    assert "on Gomoku 15x15 that tree is far too large" in explorer.values_label.text()
    # Its action is off on this board and says why; asked all the same, it says why again.
    assert not action.isEnabled()
    assert action.statusTip().startswith("The search tree is for tic-tac-toe only.")
    assert window.insight.open_explorer() is explorer
    assert explorer.values_label.text().startswith("The search tree is for tic-tac-toe only.")
    assert explorer.model.rowCount() == 0 and explorer.board is None
    # Nothing was asked of the search process for this board: its functions refuse it.
    board = window.controller.session.board
    with pytest.raises(ValueError, match="tic-tac-toe's only, not a board of 225 cells"):
        compare_searches(board.cells, board.to_move.value)
    # Back on tic-tac-toe, the tree comes back.
    window.controller.session.new_game(Mark.X, TIC_TAC_TOE)
    assert action.isEnabled()
    qtbot.waitUntil(lambda: explorer.model.rowCount() == 9, timeout=30_000)
    assert explorer.model.item(0, 0).text().startswith("X")
    explorer.close()
