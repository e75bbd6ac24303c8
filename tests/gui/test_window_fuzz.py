"""The real window under random sequences of everything a person can do.

A Hypothesis state machine drives a real :class:`MainWindow` (offscreen) with mouse
clicks and keys on the board, the players' and first-move drop-downs, new game, play
again and swap, the replay bar and move list, matches started and stopped, a new
game while a computer searches, pause and single steps, undo, redo and hints, the
History window, the Thinking dock, asking a computer and the search-tree explorer, and
games opened from files or pasted, both valid and hostile.

After every step it checks that the board shown is the controller's game (or the
earlier position the replay bar shows); that each move extends the game by exactly
one move, by the side to move, never after a result; that no click makes a
computer's move and no computer moves without having searched; that nothing
searches while a person is to move; that Qt logged no warning and no slot raised.

The suite runs a short machine (``SHORT`` below: a few hundred steps). For a long
run set ``TTT_WINDOW_FUZZ_EXAMPLES`` (machines) and ``TTT_WINDOW_FUZZ_STEPS`` (steps
each), or run ``benchmarks/window_fuzz.py``; ``TTT_WINDOW_FUZZ_SHRINK=1`` makes
Hypothesis shrink a failure to its shortest sequence (slow: a window per replay).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import ClassVar

import pytest
import shiboken6
from helpers.hostile_records import hostile_documents, hostile_texts
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    rule,
    run_state_machine_as_test,
)
from PySide6.QtCore import QCoreApplication, Qt, QtMsgType
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_replay_controller import Players

from ttt_desktop.core import GameRecord, Mark, PlayerEntry
from ttt_desktop.formats.files import save_record
from ttt_desktop.formats.text_codec import record_to_text
from ttt_desktop.gui.game.controller import Seat
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.gui.shell.settings import AppSettings
from ttt_desktop.players import PlayerInfo, roster

# Quick computer players (each answers in milliseconds) and one the machine holds.
FAST_KINDS = ("rando", "levi", "humiston", "strategist", "perfect")
TURNSTILE = PlayerInfo("turnstile", "Turnstile", "Moves when the test lets it.", 1, "tests")
SEAT_KINDS = (*FAST_KINDS, "turnstile")
PEOPLE = ("Ann", "Bob")

SHORT = (8, 40)  # machines, steps each: 320 steps in the suite
EXAMPLES = int(os.environ.get("TTT_WINDOW_FUZZ_EXAMPLES", SHORT[0]))
STEPS = int(os.environ.get("TTT_WINDOW_FUZZ_STEPS", SHORT[1]))
# The suite's short run takes the same steps every time (a fixed seed), so it either finds a
# fault on every run or on none; a long run (the variables above, benchmarks/window_fuzz.py)
# explores new sequences each time.
DERANDOMIZE = "TTT_WINDOW_FUZZ_EXAMPLES" not in os.environ
# Shrinking a failure replays it in new windows many times (minutes): on request only.
# Without it the failing sequence of steps is still printed, as it happened.
PHASES = (
    list(Phase)
    if os.environ.get("TTT_WINDOW_FUZZ_SHRINK")
    else [Phase.explicit, Phase.reuse, Phase.generate]
)

# Qt messages that are not faults (pytest-qt's own ignore list says the same).
IGNORED_MESSAGES = ("propagateSizeHints",)
WAIT_MS = 60_000  # a guard for a computer that never answers, not a speed bar


@st.composite
def window_records(draw: st.DrawFn) -> GameRecord:
    """A valid game with players this window has: people or the quick computers."""
    seats = st.sampled_from([*(("human", name) for name in PEOPLE), *((k, k) for k in FAST_KINDS)])
    x_kind, x_name = draw(seats)
    o_kind, o_name = draw(seats)
    record = GameRecord(
        PlayerEntry(
            x_kind, x_name.title(), None if x_kind == "human" else draw(st.integers(0, 99))
        ),
        PlayerEntry(
            o_kind, o_name.title(), None if o_kind == "human" else draw(st.integers(0, 99))
        ),
        draw(st.sampled_from(list(Mark))),
    )
    for cell in draw(st.permutations(range(9)))[: draw(st.integers(0, 9))]:
        if record.is_finished:
            break
        record = record.with_move(cell)
    return record


class WindowMachine(RuleBasedStateMachine):
    """One window, driven by rules; checked by invariants after every step."""

    qtbot: QtBot
    folder: Path
    exceptions: list[object]
    made = 0
    seen: ClassVar[dict[str, int]] = {}  # what happened over the whole run, for the test's report

    def __init__(self) -> None:
        super().__init__()
        WindowMachine.made += 1
        self.players = Players()
        self.messages: list[str] = []
        self.problems: list[str] = []
        self.clicking = False
        self.searched: set[tuple[str, int]] = set()
        self.files_made = 0
        self._previous_handler = None
        from PySide6.QtCore import qInstallMessageHandler  # noqa: PLC0415

        def on_message(kind: QtMsgType, _context: object, message: str) -> None:
            quiet = kind in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg)
            if not quiet and not any(ignored in message for ignored in IGNORED_MESSAGES):
                self.messages.append(message)

        self._previous_handler = qInstallMessageHandler(on_message)
        self.window = MainWindow(
            player_factory=self.players,
            roster=[*(info for info in roster() if info.kind in FAST_KINDS), TURNSTILE],
            settings=AppSettings(),
            ask_name=lambda _parent: "Cy",
            library_path=self.folder / f"library-{WindowMachine.made}.sqlite",
        )
        window = self.window
        window.review.game_files.show_error_dialog = self._error_shown  # type: ignore[method-assign]
        window.set_move_delay(0)
        window.show()
        self.qtbot.waitExposed(window)
        controller = window.controller
        self.tracked: GameRecord = controller.session.record
        controller.game_started.connect(self._on_started)
        controller.move_played.connect(self._on_move)
        controller.game_finished.connect(self._on_finished)
        controller.history_changed.connect(self._on_started)
        controller.game_reopened.connect(self._on_started)
        controller.players_renamed.connect(self._on_started)
        controller.thinking_started.connect(self._on_thinking)
        if controller.session.is_thinking:
            # The window's first game began before these connections: a computer opens it.
            self._on_thinking(controller.session.board.to_move)

    def teardown(self) -> None:
        from PySide6.QtCore import qInstallMessageHandler  # noqa: PLC0415

        window = self.window
        self.players.allow(100)
        window.review.match_runner.stop()
        window.controller.shutdown()
        assert not window.controller.is_worker_running
        history = window.history.history_window
        if history is not None:
            history.close()
        explorer = window.insight._explorer
        if explorer is not None:
            explorer.close()
        window.close()
        shiboken6.delete(window)
        QCoreApplication.processEvents()
        qInstallMessageHandler(self._previous_handler)

    # What the window does, as it happens --------------------------------------------

    def _error_shown(self, _title: str, _text: str, _details: str = "") -> None:
        pass

    def _on_started(self, record: GameRecord) -> None:
        self.tracked = record

    def _on_thinking(self, mark: Mark) -> None:
        self.searched.add(
            (
                self.window.controller.session.record.game_id,
                len(self.window.controller.session.record.moves),
            )
        )
        board = self.window.controller.session.board
        if board.is_over or self.window.controller.session.seat(board.to_move).is_human:
            self.problems.append(f"a search started for {mark} with {board} and a person to move")

    def _on_move(self, record: GameRecord) -> None:
        mover = self.window.controller.session.seat(record.mark_at(len(record.moves) - 1))
        key = "moves by people" if mover.is_human else "moves by computers"
        WindowMachine.seen[key] = WindowMachine.seen.get(key, 0) + 1
        before = self.tracked
        self.tracked = record
        if record.game_id != before.game_id:
            self.problems.append("a move arrived for another game")
            return
        if before.is_finished:
            self.problems.append(f"a move after the result: {before.moves} -> {record.moves}")
        if record.moves[:-1] != before.moves or len(record.moves) != len(before.moves) + 1:
            self.problems.append(f"not one move more: {before.moves} -> {record.moves}")
            return
        mover = record.mark_at(len(record.moves) - 1)
        if mover is not before.final_board.to_move:
            self.problems.append(f"{mover} moved twice in a row: {record.moves}")
        seat = self.window.controller.session.seat(mover)
        if self.clicking and not seat.is_human:
            self.problems.append(f"a click made the computer's move {record.moves}")
        if not seat.is_human and (record.game_id, len(before.moves)) not in self.searched:
            self.problems.append(f"the computer moved without a search: {record.moves}")

    def _on_finished(self, record: GameRecord) -> None:
        self.tracked = record
        WindowMachine.seen["results"] = WindowMachine.seen.get("results", 0) + 1

    def settle(self) -> None:
        """Let queued events (a computer's answer, a repaint) be handled."""
        for _ in range(3):
            QCoreApplication.processEvents()

    # Rules: the board --------------------------------------------------------------------

    @rule(cell=st.integers(0, 8))
    def click_cell(self, cell: int) -> None:
        button = self.window.board.cell_widget(cell)
        self.clicking = True
        try:
            QTest.mouseClick(button, Qt.MouseButton.LeftButton)
        finally:
            self.clicking = False

    @rule(
        key=st.sampled_from(
            [
                *(getattr(Qt.Key, f"Key_{digit}") for digit in range(1, 10)),
                *(Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down),
                *(Qt.Key.Key_Return, Qt.Key.Key_Space),
            ]
        )
    )
    def press_key(self, key: Qt.Key) -> None:
        board = self.window.board
        target = board.cell_widget(board.cursor_cell)
        self.clicking = True
        try:
            QTest.keyClick(target, key)
        finally:
            self.clicking = False

    # Rules: players and games --------------------------------------------------------------

    # Draws never depend on the window's state (computers move on their own time), so
    # Hypothesis can replay and shrink a failing sequence: indexes wrap around instead.
    @rule(mark=st.sampled_from(list(Mark)), row=st.integers(0, 40))
    def choose_player(self, mark: Mark, row: int) -> None:
        panel = self.window.player_panel
        rows = [
            index
            for index in range(panel.combo(mark).count())
            if panel.seat_for_index(mark, index) is not None
            or index == panel.new_person_index(mark)
        ]
        panel.choose_index(mark, rows[row % len(rows)])

    @rule(row=st.integers(0, 10))
    def choose_who_starts(self, row: int) -> None:
        combo = self.window.player_panel.start_combo
        index = row % combo.count()
        combo.setCurrentIndex(index)
        combo.activated.emit(index)

    @rule(how=st.sampled_from(["button", "action", "play again", "swap"]))
    def new_game(self, how: str) -> None:
        window = self.window
        if how == "button":
            QTest.mouseClick(window.new_game_button, Qt.MouseButton.LeftButton)
        elif how == "action":
            window.new_game_action.trigger()
        elif how == "play again":
            window.play_again_action.trigger()
        else:
            window.swap_action.trigger()

    @rule(kind=st.sampled_from(["human", "turnstile"]))
    def new_game_during_a_search(self, kind: str) -> None:
        # A person against the held computer: the computer is searching when the new
        # game starts, and its answer must never reach the new game.
        controller = self.window.controller
        controller.session.set_seat(Mark.X, Seat("human", "Ann"))
        controller.session.set_seat(Mark.O, Seat("turnstile", "Turnstile"))
        controller.session.new_game(Mark.O if kind == "turnstile" else Mark.X)
        if kind == "human":
            controller.session.play_cell(4)
        self.settle()
        self.window.new_game_action.trigger()
        self.players.allow(1)

    @rule(moves=st.integers(1, 3))
    def let_the_held_computer_move(self, moves: int) -> None:
        self.players.allow(moves)

    @rule()
    def wait_for_the_quick_computers(self) -> None:
        controller = self.window.controller

        def quiet() -> bool:
            board = controller.session.board
            held = not board.is_over and controller.session.seat(board.to_move).kind == "turnstile"
            return not controller.session.is_thinking or held or controller.session.paused

        self.qtbot.waitUntil(quiet, timeout=WAIT_MS)
        self.settle()

    @rule(paused=st.booleans())
    def pause_or_step(self, paused: bool) -> None:
        controller = self.window.controller
        if paused:
            controller.session.set_paused(not controller.session.paused)
        else:
            controller.session.step_once()

    # Rules: the replay bar and the move list -----------------------------------------------

    @rule(which=st.integers(0, 3))
    def replay_bar_button(self, which: int) -> None:
        actions = self.window.review.replay_bar.history_actions
        actions[which % len(actions)].trigger()

    @rule(ply=st.integers(0, 9))
    def pick_a_move_in_the_list(self, ply: int) -> None:
        plies = len(self.window.controller.session.record.moves)
        self.window.review.move_list.select_ply(min(ply, plies))

    @rule()
    def play_back(self) -> None:
        self.window.review.replay_bar.toggle_play()

    # Rules: matches --------------------------------------------------------------------------

    @rule(
        x=st.sampled_from(FAST_KINDS),
        o=st.sampled_from(FAST_KINDS),
        games=st.integers(1, 3),
        first=st.sampled_from(["alternate-x", "alternate-o", "x", "o"]),
    )
    def start_a_match(self, x: str, o: str, games: int, first: str) -> None:
        controller = self.window.controller
        controller.session.set_seat(Mark.X, Seat(x, x.title()))
        controller.session.set_seat(Mark.O, Seat(o, o.title()))
        self.window.review.watch_match(games, first)

    @rule()
    def stop_the_match(self) -> None:
        self.window.review.stop_match_action.trigger()

    # Rules: coach and history ----------------------------------------------------------------

    @rule(which=st.sampled_from(["undo", "redo", "hint"]))
    def coach_action(self, which: str) -> None:
        getattr(self.window.coach, f"{which}_action").trigger()

    @rule(close=st.booleans())
    def history_window(self, close: bool) -> None:
        history = self.window.history
        if close and history.history_window is not None:
            history.history_window.close()
        else:
            history.show_history()

    @rule(which=st.sampled_from(["dock", "ask", "tree"]), kind=st.sampled_from(FAST_KINDS))
    def thinking(self, which: str, kind: str) -> None:
        # Thinking dock (Ctrl+T), asking a computer about the position on show, and the
        # search-tree explorer (Ctrl+E): none of them may move for anybody.
        insight = self.window.insight
        if which == "dock":
            insight.dock_action.trigger()
        elif which == "ask":
            insight.ask(kind)
        else:
            insight.explorer_action.trigger()

    # Rules: files and the clipboard ----------------------------------------------------------

    def _write(self, text: str) -> Path:
        self.files_made += 1
        path = self.folder / f"game-{WindowMachine.made}-{self.files_made}.tttgame"
        path.write_text(text, encoding="utf-8")
        return path

    @rule(record=window_records())
    def open_a_game_file(self, record: GameRecord) -> None:
        path = self.folder / f"game-{WindowMachine.made}-{self.files_made}.tttgame"
        self.files_made += 1
        save_record(record, path)
        self.window.review.game_files.open(path)

    @rule(text=hostile_documents())
    def open_a_hostile_file(self, text: str) -> None:
        self.window.review.game_files.open(self._write(text))

    @rule(record=window_records(), hostile=hostile_texts(), use_hostile=st.booleans())
    def paste_a_game(self, record: GameRecord, hostile: str, use_hostile: bool) -> None:
        QGuiApplication.clipboard().setText(hostile if use_hostile else record_to_text(record))
        self.window.review.game_files.paste_action.trigger()

    @rule()
    def copy_the_game(self) -> None:
        self.window.review.game_files.copy_action.trigger()

    # Invariants -------------------------------------------------------------------------------

    @invariant()
    def the_board_shown_is_the_game(self) -> None:
        # Invariants run once as a window opens, then after every step.
        WindowMachine.seen["checks"] = WindowMachine.seen.get("checks", 0) + 1
        self.settle()
        window = self.window
        record = window.controller.session.record
        review = window.review
        if review.shows_newest:
            assert window.board.board == record.final_board
        else:
            assert window.board.board == record.board_at(review.replay_bar.viewed_ply)

    @invariant()
    def nothing_searches_while_a_person_is_to_move(self) -> None:
        controller = self.window.controller
        if controller.session.is_thinking:
            board = controller.session.board
            assert not board.is_over
            assert not controller.session.seat(board.to_move).is_human

    @invariant()
    def every_move_was_fair(self) -> None:
        assert self.problems == []

    @invariant()
    def no_qt_warning(self) -> None:
        assert self.messages == []

    @invariant()
    def no_exception(self) -> None:
        assert self.exceptions == []


@pytest.mark.slow
def test_the_window_under_random_actions(qtbot: QtBot, tmp_path: Path) -> None:
    WindowMachine.qtbot = qtbot
    WindowMachine.folder = tmp_path
    WindowMachine.made = 0
    WindowMachine.seen = {}
    # pytest-qt raises a slot's exception at the end of the test; the machine wants it
    # at the step, so exceptions in slots and event handlers are checked per step too.
    with qtbot.captureExceptions() as exceptions:
        WindowMachine.exceptions = exceptions
        run_state_machine_as_test(
            WindowMachine,
            settings=settings(
                max_examples=EXAMPLES,
                stateful_step_count=STEPS,
                deadline=None,
                database=None,
                derandomize=DERANDOMIZE,
                phases=PHASES,
                suppress_health_check=list(HealthCheck),
            ),
        )
    assert exceptions == []
    assert QApplication.activeModalWidget() is None
    # The run did reach games: people and computers moved and games ended.
    steps = WindowMachine.seen.pop("checks", 0) - WindowMachine.made
    print(f"{WindowMachine.made} windows, {steps} steps, {WindowMachine.seen}")
    assert WindowMachine.seen.get("moves by people", 0) > 0
    assert WindowMachine.seen.get("moves by computers", 0) > 0
    assert WindowMachine.seen.get("results", 0) > 0


# Faults the machine found, kept as plain tests ------------------------------------------------


def test_releasing_the_pause_on_a_finished_game_starts_no_search(qtbot: QtBot) -> None:
    # Found by the machine: pause, open a finished game between two computers, release
    # the pause: a search started on the finished board.
    window = MainWindow(
        player_factory=Players(),
        roster=[info for info in roster() if info.kind in FAST_KINDS],
        settings=AppSettings(),
    )
    qtbot.addWidget(window)
    controller = window.controller
    controller.session.set_paused(True)
    finished = GameRecord(PlayerEntry("levi", "Levi", 1), PlayerEntry("rando", "Rando", 2), Mark.X)
    for cell in (0, 3, 1, 4, 2):
        finished = finished.with_move(cell)
    with qtbot.waitSignal(controller.game_finished):
        controller.open_record(finished)
    with (
        qtbot.assertNotEmitted(controller.thinking_started),
        qtbot.assertNotEmitted(controller.move_refused),
    ):
        controller.session.set_paused(False)
        QCoreApplication.processEvents()
    assert not controller.session.is_thinking
    assert controller.session.record is finished
    controller.shutdown()
