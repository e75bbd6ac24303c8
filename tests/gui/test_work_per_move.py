"""The window's work for one move does not grow with the game: on 15x15 a move replays no
positions from the move list (benchmarks/match_stall.py and gui_stall.py time the same)."""

from __future__ import annotations

import random

import pytest
from conftest import WindowMaker, seat_two_people
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QProxyStyle
from pytestqt.qtbot import QtBot
from slow_players import NameQueue

from ttt_desktop.core import Board, Mark
from ttt_desktop.core.rules import GOMOKU
from ttt_desktop.gui.game.controller import Seat

MOVES = 90
"""A long game: the work of replaying the moves would be dozens of times a short one's."""
MOST_PLAYS_A_MOVE = 3
"""``Board.play`` calls the window may make for one move, whatever the move's number."""


def quiet_moves(count: int, seed: int = 7) -> list[int]:
    """``count`` gomoku moves in which nobody wins, chosen at random from a seed."""
    rng = random.Random(seed)
    board = Board.empty(Mark.X, GOMOKU)
    moves: list[int] = []
    while len(moves) < count:
        cell = rng.choice(board.legal_moves())
        after = board.play(cell)
        if not after.is_over:
            board = after
            moves.append(cell)
    return moves


def test_a_move_on_15x15_replays_nothing(
    make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(rules=GOMOKU, ask_name=NameQueue("Alice", "Bob"))
    seat_two_people(window)
    # The move list and the replay bar on show, as in a match between computers.
    window.review.history_always_action.setChecked(True)
    assert window.review.history_shown
    plays = [0]
    play = Board.play

    def counted(self: Board, cell: int) -> Board:
        plays[0] += 1
        return play(self, cell)

    monkeypatch.setattr(Board, "play", counted)
    per_move = []
    for cell in quiet_moves(MOVES):
        before = plays[0]
        window.controller.session.play_cell(cell)
        per_move.append(plays[0] - before)
    assert len(window.controller.session.record.moves) == MOVES
    assert window.review.move_list.rowCount() == MOVES + 1
    # Before: every question about the newest position replayed the whole game (about
    # 2,000 plays for move 90), a dozen questions a move.
    assert max(per_move) <= MOST_PLAYS_A_MOVE, per_move


def test_between_two_computers_a_move_redraws_the_status_twice_at_most(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    controller = window.controller
    controller.session.move_delay_ms = 0
    controller.session.start_policy = "x"
    heard: list[str] = []
    controller.move_played.connect(lambda _record: heard.append("move"))
    controller.game_finished.connect(lambda _record: heard.append("finished"))
    controller.thinking_started.connect(lambda _mark: heard.append("started"))
    controller.thinking_stopped.connect(lambda: heard.append("stopped"))
    titles: list[str] = []
    window.windowTitleChanged.connect(titles.append)
    for mark in (Mark.X, Mark.O):
        controller.session.set_seat(mark, Seat("perfect", "Perfect"))
    titles.clear()
    with qtbot.waitSignal(controller.game_finished, timeout=30_000):
        controller.session.start_play()
    moves = heard.count("move")
    assert moves == len(controller.session.record.moves) >= 5
    # One computer after the other: the thinking goes on from move to move, and stops once,
    # after the game's last move and its end.
    assert heard.count("stopped") == 1
    assert heard[-2:] == ["finished", "stopped"]
    assert heard.count("started") == moves
    # "O to move", "O is thinking...": not "X to move" in between as well.
    assert len(titles) <= 2 * moves + 1, titles


def test_the_move_list_draws_without_the_python_style_proxy(
    make_window: WindowMaker,
) -> None:
    window = make_window(rules=GOMOKU, ask_name=NameQueue("Alice", "Bob"))
    app_style = QApplication.style()
    assert isinstance(app_style, QProxyStyle), "the window mends check boxes with a proxy"
    move_list = window.review.move_list
    for widget in (move_list, move_list.viewport(), move_list.verticalScrollBar()):
        style = widget.style()
        assert not isinstance(style, QProxyStyle)
        assert style.name() == app_style.baseStyle().name()


def test_the_move_list_columns_fit_their_widest_text_as_rows_come(
    make_window: WindowMaker,
) -> None:
    window = make_window(rules=GOMOKU, ask_name=NameQueue("Alice", "Bob"))
    seat_two_people(window)
    move_list = window.review.move_list
    for cell in quiet_moves(12):
        window.controller.session.play_cell(cell)

    def fits() -> bool:
        metrics = move_list.fontMetrics()
        for column in (0, 2, 3):
            widest = max(
                metrics.horizontalAdvance(move_list.item(row, column).text())
                for row in range(move_list.rowCount())
            )
            if move_list.horizontalHeader().sectionSize(column) < widest:
                return False
        return True

    assert move_list.rowCount() == 13
    assert fits()
    # A larger font: every row is measured again.
    font = QFont(move_list.font())
    font.setPointSizeF(font.pointSizeF() * 2)
    move_list.setFont(font)
    assert fits()
