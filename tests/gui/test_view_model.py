"""The view model between the session and the widgets: the one writer of the board, the
one owner of the viewed ply, the status words, the score and the banner's sequence."""

from __future__ import annotations

import ast
from pathlib import Path

import shiboken6
from pytestqt.qtbot import QtBot
from test_main_window import WindowMaker, click_cell

from ttt_desktop.core import Mark
from ttt_desktop.core.session import GameSession, Seat
from ttt_desktop.gui.board.board_widget import BoardWidget
from ttt_desktop.gui.game.controller import GameController
from ttt_desktop.gui.game.session_score import SessionScore
from ttt_desktop.gui.game.view_model import GameView, ResultLine, StatusLine
from ttt_desktop.players import HUMAN_KIND

GUI = Path(__file__).resolve().parents[2] / "ttt_desktop" / "gui"
BOARD_WRITES = {"set_board", "set_accepts_clicks", "set_preview_mark", "set_cursor_enabled"}
X_WINS = (0, 3, 1, 4, 2)


def _attribute_uses(path: Path, names: set[str]) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{path.relative_to(GUI)}:{node.lineno} .{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in names
    ]


def test_only_the_view_model_writes_the_boards_position_and_input() -> None:
    writers = [
        use
        for path in sorted(GUI.rglob("*.py"))
        if path.parent.name != "board" and path != GUI / "game" / "view_model.py"
        for use in _attribute_uses(path, BOARD_WRITES)
    ]
    assert writers == []


def test_the_coach_asks_the_view_model_not_the_replay_bar_or_the_move_list() -> None:
    reaches = [
        use
        for path in sorted((GUI / "coach").rglob("*.py"))
        for use in _attribute_uses(path, {"replay_bar", "move_list"})
    ]
    assert reaches == []


def test_the_controller_repeats_none_of_the_sessions_members() -> None:
    def public(cls: type) -> set[str]:
        return {name for name in vars(cls) if not name.startswith("_")}

    # These two check the players' kinds first, then hand the record to the session.
    assert public(GameController) & public(GameSession) == {"open_record", "replay_live"}


def test_the_viewed_ply_has_one_owner(qtbot: QtBot, two_people: WindowMaker) -> None:
    window = two_people()
    window.reduce_motion_action.setChecked(True)
    for cell in (4, 0, 8):
        record = click_cell(qtbot, window, cell)
    view, bar = window.view, window.review.replay_bar
    assert bar.position is view.position
    bar.step_back()
    assert view.viewed_ply == bar.viewed_ply == 2
    assert not view.shows_newest
    assert window.board.board == record.board_at(2)
    assert not window.board.accepts_clicks
    assert window.status_label.text() == "Earlier position: move 2 of 3"
    assert not window.coach.hint_action.isEnabled()
    window.review.move_list.ply_selected.emit(1)
    assert (view.viewed_ply, bar.viewed_ply, window.board.board) == (1, 1, record.board_at(1))
    view.follow_newest()
    assert view.shows_newest and bar.viewed_ply == 3
    assert window.board.board == record.final_board
    assert window.board.accepts_clicks
    assert window.status_label.text() == "Bob (O) to move"
    assert window.coach.hint_action.isEnabled()


def test_the_view_model_on_its_own_says_the_status_the_score_and_the_result(
    qtbot: QtBot,
) -> None:
    controller = GameController()
    board = BoardWidget()
    qtbot.addWidget(board)
    board.reduced_motion = True
    score = SessionScore()
    view = GameView(controller, board, score)
    statuses: list[StatusLine] = []
    scores: list[str] = []
    results: list[ResultLine] = []
    result_scores: list[str] = []
    view.status_changed.connect(statuses.append)
    view.score_changed.connect(scores.append)
    view.result_shown.connect(results.append)
    view.result_score_changed.connect(result_scores.append)
    session = controller.session
    try:
        session.set_seat(Mark.X, Seat(HUMAN_KIND, "Ann"))
        session.set_seat(Mark.O, Seat(HUMAN_KIND, "Ben"))
        session.new_game(Mark.X)
        assert statuses[-1].text == "Ann (X) to move"
        assert statuses[-1].highlighted is Mark.X and board.accepts_clicks
        assert scores[-1] == "<b>Ann v Ben</b>: no games finished yet"
        for cell in X_WINS[:-1]:
            session.play_cell(cell)
        # The view model counts nothing itself: the score's owner does (here after the view
        # model heard the end), and says so; the banner's score line then follows.
        controller.game_finished.connect(score.count_game)
        session.play_cell(X_WINS[-1])
        assert statuses[-1].text == "Ann wins" and statuses[-1].over
        assert not board.accepts_clicks
        assert board.board == session.record.final_board
        [result] = results
        assert (result.title, result.winner, result.winning_row) == ("Ann wins!", Mark.X, 0)
        view.refresh_score()
        assert scores[-1] == "<b>Ann 1 : 0 Ben, 0 draws</b>"
        assert result_scores[-1] == "Ann 1 : 0 Ben, 0 draws"
    finally:
        controller.shutdown()
        if shiboken6.isValid(controller):
            shiboken6.delete(controller)
