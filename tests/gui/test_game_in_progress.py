"""A game in progress survives quitting: saved as it goes and on quit, there again at the
next start with its rules, players and moves; a damaged save is set aside with a message."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from conftest import WindowMaker
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from ttt_desktop.core import GameRecord, Mark, PlayerEntry
from ttt_desktop.formats.files import load_record, save_record
from ttt_desktop.gui.common import translation
from ttt_desktop.gui.game import game_in_progress
from ttt_desktop.gui.game.controller import GameController, Seat
from ttt_desktop.gui.game.game_in_progress import FILE_NAME, GameInProgress, path_beside
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.players import HUMAN_KIND, create_player


def _play(qtbot: QtBot, window: MainWindow, cells: list[int]) -> None:
    for cell in cells:
        with qtbot.waitSignal(window.controller.move_played):
            window.controller.session.play_cell(cell)


def test_the_game_in_hand_is_there_again_after_quitting(
    qtbot: QtBot, two_people: WindowMaker, make_window: WindowMaker, tmp_path: Path
) -> None:
    kept = tmp_path / FILE_NAME
    window = two_people("Alice", "Bob", game_in_progress_path=kept)
    _play(qtbot, window, [0, 1, 4])
    before = window.controller.session.record
    window.close()
    assert kept.exists()

    again = make_window(game_in_progress_path=kept)
    record = again.controller.session.record
    assert record.game_id == before.game_id
    assert record.rules.is_classic
    assert (record.x.name, record.o.name) == ("Alice", "Bob")
    assert list(record.moves) == [0, 1, 4]
    assert again.controller.session.board.to_move is Mark.O
    assert "Bob (O) to move" in again.status_label.text()
    # And it plays on, and counts when it ends.
    _play(qtbot, again, [2, 8])
    assert again.controller.session.record.is_finished
    assert "Alice 1 : 0 Bob" in again.player_panel.score_label.text()


def test_a_restored_game_won_after_the_restart_counts_in_the_session_score(
    qtbot: QtBot, two_people: WindowMaker, make_window: WindowMaker, tmp_path: Path
) -> None:
    # With the game library (as in real use): the session score is read from it, and the
    # restored game started in the run before, before this session began.
    kept, library = tmp_path / FILE_NAME, tmp_path / "library.sqlite3"
    window = two_people("Alice", "Bob", game_in_progress_path=kept, library_path=library)
    window.reduce_motion_action.setChecked(True)
    _play(qtbot, window, [0, 3, 1])
    window.close()
    assert kept.exists()

    again = make_window(game_in_progress_path=kept, library_path=library)
    qtbot.waitUntil(lambda: again.history.library is not None)
    again.reduce_motion_action.setChecked(True)
    assert list(again.controller.session.record.moves) == [0, 3, 1]
    assert again.controller.session.record.started_at < again.history.session_started
    _play(qtbot, again, [4, 2])
    assert again.controller.session.record.final_board.winner is Mark.X
    qtbot.waitUntil(again.result_banner.isVisible)
    assert again.result_banner.title_label.text() == "Alice wins!"
    assert again.result_banner.score_label.text() == "Alice 1 : 0 Bob, 0 draws"
    assert "Alice 1 : 0 Bob" in again.player_panel.score_label.text()
    assert again.score.told("Alice", "Bob").first_wins == 1


def test_the_thinking_dock_says_a_computer_moved_before_the_restart(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    kept = tmp_path / FILE_NAME
    window = make_window(game_in_progress_path=kept)
    window.insight.dock_action.trigger()
    window.set_move_delay(0)
    window.controller.session.set_seat(Mark.X, Seat(HUMAN_KIND, "Alice"))
    window.controller.session.set_seat(Mark.O, Seat("minimax", "MiniMax"))
    window.controller.session.new_game(Mark.X)
    for wanted in (4, 8):
        cell = wanted if window.controller.session.board.cells[wanted] == "." else 2
        with qtbot.waitSignal(window.controller.computer_thought, timeout=30_000):
            window.controller.session.play_cell(cell)
    assert window.insight.panel.headline.text().startswith("MiniMax (O) played")
    record = window.controller.session.record
    window.close()

    # As the app starts: with the English translation, which gives counted texts their forms.
    installed = translation.install(QSettings(), "en")
    try:
        again = make_window(game_in_progress_path=kept)
        assert again.controller.session.record.moves == record.moves
        panel = again.insight.panel
        assert "No computer has moved yet" not in panel.headline.text()
        assert panel.headline.text() == (
            "2 moves of this game came from MiniMax (O) before it was opened here."
        )
        assert panel.details.text().startswith("What a computer thought is not kept")
        # Browsed back to the position after MiniMax's first move: MiniMax moved there too.
        bar = again.review.replay_bar
        bar.show_ply(2)
        qtbot.waitUntil(lambda: again.board.board == record.board_at(2))
        assert panel.headline.text() == (
            "MiniMax (O) moved to the position on show before this game was opened here."
        )
        # After Alice's first move: no computer moved there.
        bar.show_ply(1)
        qtbot.waitUntil(lambda: again.board.board == record.board_at(1))
        assert panel.headline.text() == "No computer moved to the position on show."
        # Back at the newest position: the game's words again, not the browsed position's.
        bar.follow_live()
        qtbot.waitUntil(lambda: again.board.board == record.final_board)
        assert panel.headline.text().startswith("2 moves of this game came from MiniMax (O)")
    finally:
        translation.remove(installed)


def test_a_game_on_another_board_keeps_its_rules_players_and_seeds(
    qtbot: QtBot, tmp_path: Path
) -> None:
    kept = tmp_path / FILE_NAME
    controller = GameController()
    try:
        controller.session.set_seat(Mark.X, Seat(HUMAN_KIND, "Alice"))
        controller.session.set_seat(Mark.O, Seat(HUMAN_KIND, "Bob"))
        saver = GameInProgress(controller, kept)
        assert saver.take() == (None, None)
        controller.session.new_game(Mark.X, rules="7,6,4")
        for cell in (0, 8, 16):
            controller.session.play_cell(cell)
        saver.save_now(wait=True)
        before = controller.session.record
    finally:
        controller.shutdown()
    after = GameController()
    try:
        record, problem = GameInProgress(after, kept).take()
        assert problem is None and record is not None
        assert record.rules.key == "7,6,4" and record == before
        after.open_record(record)
        assert after.session.board == before.final_board
        assert after.session.seat(Mark.O) == Seat(HUMAN_KIND, "Bob")
    finally:
        after.shutdown()


@pytest.mark.slow
def test_the_game_is_saved_as_it_goes_not_only_on_quit(
    qtbot: QtBot, two_people: WindowMaker, tmp_path: Path
) -> None:
    kept = tmp_path / FILE_NAME
    window = two_people(game_in_progress_path=kept)
    _play(qtbot, window, [4, 0])
    # No quit: a crash now would find the game on disk within the save's second.
    qtbot.waitUntil(lambda: kept.exists() and list(load_record(kept).moves) == [4, 0])
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    # A finished game leaves nothing to resume.
    _play(qtbot, window, [3, 1, 5])
    assert window.controller.session.record.is_finished
    qtbot.waitUntil(lambda: not kept.exists(), timeout=5000)


def test_a_damaged_save_is_set_aside_with_a_message(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    kept = tmp_path / FILE_NAME
    kept.write_bytes(b'{"format": "ttt-desktop-game", "version": 3, "moves": [\xff\xfe')
    window = make_window(game_in_progress_path=kept)
    assert not window.controller.session.record.moves  # a new game, no crash
    assert not kept.exists()
    aside = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(aside) == 1
    box = window.resume_problem_box
    assert box is not None
    qtbot.waitUntil(box.isVisible)
    assert "is not resumed" in box.text() and aside[0].name in box.text()
    assert "is not a TTT Desktop game" in box.text()  # as File > Open says it
    box.accept()


def test_a_damaged_save_is_set_aside_with_a_message_in_german(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    # The reader's reason is English ("not a game file: it is not valid JSON, malformed or
    # cut short (Expecting ',' delimiter: ...)"); the German window said it inside German.
    kept = tmp_path / FILE_NAME
    kept.write_text('{"format": "ttt-desktop-game", "version": 3, "moves": [0, 1')
    copy = tmp_path / "copy.tttgame"
    copy.write_bytes(kept.read_bytes())
    with pytest.raises(ValueError, match="cut short") as read:
        load_record(copy)
    installed = translation.install(QSettings(), "de")
    try:
        window = make_window(game_in_progress_path=kept)
        assert not kept.exists()
        (aside,) = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
        box = window.resume_problem_box
        assert box is not None
        qtbot.waitUntil(box.isVisible)
        text = box.text()
        assert text.startswith("Die beim letzten Mal nicht beendete Partie wird nicht fortgesetzt:")
        assert f"„{FILE_NAME}“ ist beschädigt oder unvollständig" in text
        assert aside.name in text and "ein neues Spiel beginnt" in text
        for english in (str(read.value), "not a game file", "cut short", "game left"):
            assert english not in text
        assert window.statusBar().currentMessage() == text
        box.accept()
    finally:
        translation.remove(installed)


def _unknown_player_game() -> GameRecord:
    # A computer player of a kind this version can't make (a file from another version).
    foreign = PlayerEntry("deep-thought", "Deep Thought", 42)
    return GameRecord(foreign, PlayerEntry(HUMAN_KIND, "Ann"), Mark.X, moves=(4,))


def test_a_save_with_a_player_of_an_unknown_kind_is_set_aside_in_german(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    kept = tmp_path / FILE_NAME
    save_record(_unknown_player_game(), kept)
    with pytest.raises(ValueError) as made:
        create_player("deep-thought", seed=42)
    installed = translation.install(QSettings(), "de")
    try:
        window = make_window(game_in_progress_path=kept)
        (aside,) = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
        box = window.resume_problem_box
        assert box is not None
        qtbot.waitUntil(box.isVisible)
        text = box.text()
        assert text.startswith("Die beim letzten Mal nicht beendete Partie wird nicht fortgesetzt:")
        assert "Deep Thought war ein Spieler der Art „deep-thought“" in text
        assert aside.name in text
        english = str(made.value)
        assert english and english not in text
        for word in ("unknown", "player kind", "can't", "("):
            assert word not in text
        assert english in box.detailedText()  # the player module's words, for an expert
        box.accept()
    finally:
        translation.remove(installed)


def test_a_save_that_can_be_neither_read_nor_set_aside_is_said_in_german(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = tmp_path / FILE_NAME
    kept.write_text('{"format": "ttt-desktop-game", "version": 3, "moves": [0, 1')

    def refuse(source: object, target: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(target))

    monkeypatch.setattr(game_in_progress.os, "replace", refuse)
    installed = translation.install(QSettings(), "de")
    try:
        window = make_window(game_in_progress_path=kept)
        box = window.resume_problem_box
        assert box is not None
        qtbot.waitUntil(box.isVisible)
        text = box.text()
        assert text.endswith(
            "Sie ließ sich auch nicht beiseitelegen: Das System hat es nicht erlaubt; "
            "ein neues Spiel beginnt."
        )
        for english in ("Permission denied", "Errno", "cut short", "not a game file"):
            assert english not in text
        assert "Permission denied" in box.detailedText()
        assert "cut short" in box.detailedText()
        box.accept()
    finally:
        translation.remove(installed)


def test_a_game_from_history_that_cant_be_opened_is_said_in_german(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    installed = translation.install(QSettings(), "de")
    try:
        window = make_window()
        assert not window.history.open_in_review(_unknown_player_game())
        message = window.statusBar().currentMessage()
        assert message == (
            "Diese Partie lässt sich nicht öffnen: Deep Thought war ein Spieler der Art "
            "„deep-thought“, die diese Version von TTT Desktop nicht erzeugen kann."
        )
        for english in ("unknown", "player kind", "can't", "("):
            assert english not in message
    finally:
        translation.remove(installed)


def test_the_save_lives_beside_the_library(tmp_path: Path) -> None:
    assert path_beside(tmp_path / "library.sqlite3") == tmp_path / FILE_NAME
    assert path_beside(None) is None
