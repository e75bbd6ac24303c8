"""The game controller: the window's adapter to the game session, speaking in Qt signals.

:class:`GameController` owns a :class:`~ttt_desktop.core.session.GameSession` (the
seats, the record, whose turn, generations, undo and redo, pause and step: every rule
of the running game) and turns the session's events into signals. It adds what only
Qt can do: the worker thread that asks computer players for their moves
(:class:`~ttt_desktop.gui.game.ai_worker.AiWorker`, one long-lived worker in one
``QThread``), the least visible delay before a computer's move shows, and the
translated words for a refused move. Widgets send intents to its session (``session.play_cell``)
and redraw from the records its signals carry; no rule lives here or in a widget.

A person's seat is a player that waits for input (a click delivers its move); a
computer's seat asks the worker, whose one answer carries the move and the thought
together. An answer for an older generation is dropped by the session. All signals
are emitted from the GUI thread.

The controller does not repeat the session's API: the window and its features read
and drive the game through :attr:`GameController.session` (``session.record``,
``session.new_game()``, ``session.play_cell(cell)``, ...); the controller adds only
what needs Qt or a check first (:meth:`GameController.open_record`,
:meth:`GameController.replay_live`).

Imports Qt (QtCore only), the engine and the worker; never a widget.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Iterator
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, QThread, QTimer, Signal, Slot

from ttt_desktop.core import Mark
from ttt_desktop.core.board import completion_steps, wants_completion
from ttt_desktop.core.record import GameRecord
from ttt_desktop.core.session import (
    DEFAULT_MOVE_DELAY_MS,
    OPENING_DELAY_MS,
    START_POLICIES,
    GameSession,
    MoveAnswer,
    MoveRequest,
    Refusal,
    Seat,
    SessionEvents,
)
from ttt_desktop.gui.common.rules_text import forbidden_text
from ttt_desktop.gui.game.ai_worker import AiWorker, InsightRequest
from ttt_desktop.gui.review.game_files import describe_move_failure
from ttt_desktop.players import create_player
from ttt_desktop.players.process import PlayerFactory, release_free_heap

FULL_COLLECTION_GAMES = 100
"""Games between two full collections of the garbage collector at a game's end."""

__all__ = [
    "DEFAULT_MOVE_DELAY_MS",
    "OPENING_DELAY_MS",
    "START_POLICIES",
    "GameController",
    "PlayerFactory",
    "Seat",
]


_start_up_frozen = False


def _freeze_start_up_objects() -> None:
    """Move every object made so far out of the collector's sight, once per process."""
    global _start_up_frozen  # noqa: PLW0603  (once per process, whichever window asks)
    if not _start_up_frozen:
        _start_up_frozen = True
        gc.freeze()


class CannotOpenError(ValueError):
    """A game that can't be made the game in hand: the message in the window's language.

    ``details`` holds the English words behind it (a player module's reason), for a
    box's "Show Details..." or a tooltip, never inside the sentence.
    """

    def __init__(self, message: str, details: str = "") -> None:
        super().__init__(message)
        self.details = details


def cannot_open_words(error: ValueError) -> tuple[str, str]:
    """What :meth:`GameController.open_record` or ``replay_live`` refused: a sentence in
    the window's language, and the English words behind it (for details; may be empty)."""
    if isinstance(error, CannotOpenError):
        return str(error), error.details
    sentence = QCoreApplication.translate(
        "GameController", "This version of TTT Desktop can't play the game in it."
    )
    return sentence, str(error)


class _Signals(SessionEvents):
    """The session's events, each emitted as the controller's signal of the same meaning."""

    def __init__(self, controller: GameController) -> None:
        self._controller = controller

    def game_started(self, record: GameRecord) -> None:
        self._controller.game_started.emit(record)

    def move_played(self, record: GameRecord, thought: Any) -> None:
        self._controller._note_thought(record, thought)
        self._controller.move_played.emit(record)

    def game_finished(self, record: GameRecord) -> None:
        self._controller.game_finished.emit(record)

    def game_reopened(self, record: GameRecord) -> None:
        self._controller.game_reopened.emit(record)

    def history_changed(self, record: GameRecord) -> None:
        self._controller.history_changed.emit(record)

    def players_renamed(self, record: GameRecord) -> None:
        self._controller.players_renamed.emit(record)

    def choice_made(self, record: GameRecord, choice: str) -> None:
        self._controller.choice_made.emit(record)

    def thinking_started(self, mark: Mark) -> None:
        # A stop held back while a computer's move is applied is over: the next one thinks.
        self._controller._stop_held = False
        self._controller.thinking_started.emit(mark)

    def thinking_stopped(self) -> None:
        if self._controller._holding_stop:
            self._controller._stop_held = True
            return
        self._controller.thinking_stopped.emit()

    def move_wanted(self, request: MoveRequest) -> None:
        self._controller._send_later(request)

    def move_refused(self, refusal: Refusal) -> None:
        self._controller.move_refused.emit(self._controller._words_for(refusal))

    def player_failed(self, name: str, mark: Mark, error: str) -> None:
        self._controller.move_refused.emit(self._controller._failure_words(name, error))

    def answer_dropped(self, generation: int) -> None:
        self._controller.stale_answer_dropped.emit(generation)

    def generation_changed(self, generation: int) -> None:
        self._controller._forget_answers_before(generation)

    def paused_changed(self, paused: bool) -> None:
        self._controller.paused_changed.emit(paused)

    def move_delay_changed(self, delay_ms: int) -> None:
        self._controller.move_delay_changed.emit(delay_ms)


class GameController(QObject):
    """The running game's signals, the worker thread, and the delay before a computer's move."""

    game_started = Signal(object)  # GameRecord with no moves yet (or a branch's moves)
    move_played = Signal(object)  # GameRecord after each move
    game_finished = Signal(object)  # GameRecord with a result
    thinking_started = Signal(object)  # Mark of the AI now thinking
    # No AI thinks any more. After a computer's move it comes once the move is played (after
    # move_played and game_finished), and not at all when the other computer thinks next.
    thinking_stopped = Signal()
    move_refused = Signal(str)  # why a person's move was refused, for the status bar
    stale_answer_dropped = Signal(int)  # generation of an AI answer that came too late
    paused_changed = Signal(bool)  # a game between two AIs was held or released
    move_delay_changed = Signal(int)  # the AI move delay, in ms, whoever set it
    players_renamed = Signal(object)  # GameRecord of the game in hand, a person renamed
    history_changed = Signal(object)  # GameRecord after an undo or a redo
    game_reopened = Signal(object)  # GameRecord of a finished game an undo opened again
    # GameRecord after a choice of the swap opening (its x and o the players' new marks).
    choice_made = Signal(object)

    # Requests travel to the worker thread through this queued signal.
    _move_requested = Signal(object)
    _insight_requested = Signal(object)
    _process_start_requested = Signal()
    _release_requested = Signal(int)  # end older games' brains (generation)
    # The Thought of the computer move just played (after move_played), and the record.
    computer_thought = Signal(object, object)  # GameRecord, Thought
    insight_ready = Signal(int, object)  # ticket, answer of ask_insight()
    insight_failed = Signal(int, str)  # ticket, what went wrong
    # True: the search process has stopped answering (its heartbeat stands still); False:
    # it answers again, or the job is over.
    search_silence_changed = Signal(bool)

    def __init__(
        self, parent: QObject | None = None, *, player_factory: PlayerFactory = create_player
    ) -> None:
        """``player_factory(kind, seed=...)`` makes the AI players; tests inject slow ones."""
        super().__init__(parent)
        self._player_factory = player_factory
        self._insight_tickets = 0
        self._request_sent_at = 0.0
        self._pending_answer: MoveAnswer | None = None
        self._thought_played: tuple[GameRecord, Any] | None = None
        self._is_shut_down = False
        # While a computer's move is applied, its "thinking stopped" waits until the move
        # and what it set off are done: when the other computer starts thinking meanwhile,
        # thinking_started alone says so (the window then redraws its status once a move,
        # not three times: "thinking", "to move", "thinking").
        self._holding_stop = False
        self._stop_held = False

        # The answer is held back until the minimum visible delay has passed.
        self._delay_timer = QTimer(self)
        self._delay_timer.setSingleShot(True)
        # A coarse timer may fire up to 5% early; the delay is a promised minimum.
        self._delay_timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._delay_timer.timeout.connect(self._apply_pending_answer)
        self._outgoing_request: MoveRequest | None = None
        self._send_timer = QTimer(self)
        self._send_timer.setSingleShot(True)
        self._send_timer.setInterval(0)
        self._send_timer.timeout.connect(self._send_request)

        self._worker_thread = QThread(self)
        self._worker_thread.setObjectName("ai-worker")
        self._worker = AiWorker(player_factory)
        self._worker.moveToThread(self._worker_thread)
        self._move_requested.connect(self._worker.choose_move)
        self._insight_requested.connect(self._worker.answer)
        self._process_start_requested.connect(self._worker.start_process)
        self._release_requested.connect(self._worker.release_before)
        self._worker.answered.connect(self._on_answered)
        self._worker.insight_ready.connect(self.insight_ready)
        self._worker.insight_failed.connect(self.insight_failed)
        self._worker.silence_changed.connect(self.search_silence_changed)
        self._worker_thread.start()
        self._session = GameSession(_Signals(self))
        # A long session's table of tic-tac-toe positions is completed after a game's end,
        # a step of a few milliseconds per turn of the event loop (board.wants_completion).
        self._completion: Iterator[int] | None = None
        self._completion_timer = QTimer(self)
        self._completion_timer.setInterval(0)
        self._completion_timer.timeout.connect(self._complete_positions_step)
        self._games_ended = 0
        self.game_finished.connect(self._tidy_after_game)

    # The session and the search process ---------------------------------------------

    @property
    def session(self) -> GameSession:
        """The game session this controller speaks for: the seats, the record, whose turn,
        new games, moves, undo and redo, pause and step are asked of it directly."""
        return self._session

    @property
    def is_worker_running(self) -> bool:
        """True until :meth:`shutdown` has stopped the worker thread."""
        return self._worker_thread.isRunning() or self._worker.process.is_alive

    @property
    def search_process(self) -> Any:
        """The :class:`~ttt_desktop.players.process.SearchProcess` the players think in."""
        return self._worker.process

    def start_search_process(self) -> None:
        """Start the search process now (in the worker thread), before a computer must move.

        Called once the window shows: the objects made so far (modules, classes, the
        window's widgets) live as long as the app, so they go to the collector's permanent
        generation (:func:`gc.freeze`) and a full collection no longer walks them (it took
        10-11 ms of the GUI thread, or of the worker thread holding the interpreter lock,
        whenever one came: a stall of the window in the middle of a match).
        """
        if not self._is_shut_down:
            _freeze_start_up_objects()
            self._process_start_requested.emit()

    def restart_search_process(self) -> None:
        """End a search process that does not answer; the job under way runs again in a
        fresh one. Returns at once: the GUI thread never waits on the process."""
        if not self._is_shut_down:
            self._worker.restart_process()

    def ask_insight(self, job: Any) -> int:
        """Run ``job`` (a search-process job) off the GUI thread; returns its ticket.

        The answer comes as ``insight_ready(ticket, answer)`` or ``insight_failed``;
        jobs are answered in the order asked, after any move search under way.
        """
        self._insight_tickets += 1
        ticket = self._insight_tickets
        self._insight_requested.emit(InsightRequest(ticket, job))
        return ticket

    def cancel_insight(self, ticket: int) -> None:
        """Abandon the insight job ``ticket`` and any asked before it that is still waiting or
        under way (its answer never comes)."""
        self._worker.cancel_before(ticket + 1, "insight")

    # After a game ---------------------------------------------------------------------

    def _tidy_after_game(self, record: GameRecord) -> None:
        # A game's end: a long session's table of positions is completed, stepwise.
        if self._completion is None and not self._is_shut_down and wants_completion():
            self._completion = completion_steps()
            self._completion_timer.start()
        # Every so many games a full collection, which also empties the interpreter's free
        # lists (tuples, floats, ...): they filled towards their caps game after game, a
        # few blocks a game, while the objects in use stayed flat.
        self._games_ended += 1
        if self._games_ended % FULL_COLLECTION_GAMES == 0:
            gc.collect()
        # The C heap's free pages go back to the system (about 0.2 ms), or the resident
        # size crept up game after game with the memory in use flat.
        release_free_heap()

    def _complete_positions_step(self) -> None:
        if self._completion is None or next(self._completion, None) is None:
            self._completion_timer.stop()
            if self._completion is not None:
                # The positions live as long as the process: out of the collector's sight,
                # as the start-up's objects are, so a full collection stays short.
                gc.freeze()
            self._completion = None

    def shutdown(self) -> None:
        """Drop the game in hand and stop the worker thread; safe to call more than once."""
        if self._is_shut_down:
            return
        self._is_shut_down = True
        self._completion_timer.stop()
        self._completion = None
        self._session.close()
        self._worker.shutdown()
        self._worker_thread.quit()
        self._worker_thread.wait()

    # Opening and replaying (the kinds checked first) -----------------------------------

    def open_record(self, record: GameRecord, *, hold: bool = False) -> None:
        """Make ``record`` the game in hand, seating its players; an unfinished game plays on
        (between two computers, with ``hold``, once :meth:`start_play` is called).

        Raises ``ValueError`` before anything changes when a player's kind can't be
        made here (a file from another version, say).
        """
        self._check_kinds(record)
        self._session.open_record(record, hold=hold)

    def replay_live(self, record: GameRecord) -> None:
        """Play ``record``'s game again from the start, its AIs re-created from their seeds.

        Raises ``ValueError`` for a game with a person in it or without seeds: its
        moves can't be repeated.
        """
        for entry in (record.x, record.o):
            if entry.is_human:
                raise CannotOpenError(
                    self.tr(
                        "{name} is a person: only games between computer players "
                        "can be replayed live."
                    ).format(name=entry.name)
                )
            if entry.seed is None:
                raise CannotOpenError(
                    self.tr("{name} has no recorded seed, so its moves can't be repeated.").format(
                        name=entry.name
                    )
                )
        self._check_kinds(record)
        self._session.replay_live(record)

    def _check_kinds(self, record: GameRecord) -> None:
        for entry in (record.x, record.o):
            if entry.is_human:
                continue
            if entry.kind.startswith("brain."):
                # A brain is an external program: not started here (nor in this thread)
                # to see whether it can be; a game that goes on starts it in the search
                # process, and a brain no longer in the engine list loses there.
                continue
            try:
                self._player_factory(entry.kind, seed=entry.seed)
            except ValueError as error:
                raise CannotOpenError(
                    self.tr(
                        "{name} was a “{kind}” player, which this version of "
                        "TTT Desktop can't create."
                    ).format(name=entry.name, kind=entry.kind),
                    details=str(error),
                ) from None

    # The session's events ---------------------------------------------------------

    def _words_for(self, refusal: Refusal) -> str:
        if refusal.reason == "game-over":
            return self.tr("The game is over: start a new game to play again.")
        if refusal.reason == "not-your-turn":
            mark = refusal.mark.value if refusal.mark is not None else ""
            return self.tr("Wait: it is {name} ({mark})'s turn, not yours.").format(
                name=refusal.name, mark=mark
            )
        if refusal.reason == "not-started":
            return self.tr("Start a new game first.")
        if refusal.reason == "choice-due":
            return self.tr("{name} chooses first: use the buttons over the board.").format(
                name=refusal.name
            )
        if refusal.reason == "no-choice":
            return self.tr("There is no choice to make now.")
        board, cell = refusal.board, refusal.cell
        assert board is not None and cell is not None
        if not 0 <= cell < board.rules.size:
            # A cell no board has: only code can ask for one (a click can't).
            return f"cell {cell} is off the board"
        if refusal.reason == "forbidden":
            return self.tr("{cell} is {forbidden}; under renju, choose another point.").format(
                cell=board.name(cell), forbidden=forbidden_text(refusal.detail)
            )
        row, column = board.geometry.row_column(cell)
        return self.tr(
            "Cell {digit} (row {row}, column {column}) is taken: choose an empty one."
        ).format(digit=board.name(cell), row=row + 1, column=column + 1)

    def _failure_words(self, name: str, error: str) -> str:
        return self.tr("{name} could not move ({reason}); start a new game.").format(
            name=name, reason=describe_move_failure(error)
        )

    def _forget_answers_before(self, generation: int) -> None:
        self._pending_answer = None
        self._outgoing_request = None
        self._delay_timer.stop()
        self._send_timer.stop()
        self._worker.cancel_before(generation)
        if not self._is_shut_down:
            self._release_requested.emit(generation)

    def _send_later(self, request: MoveRequest) -> None:
        self._request_sent_at = time.perf_counter()
        # Sent from the event loop, not from inside this move's handlers: the window then
        # redraws the move before a search competes with it for the interpreter lock
        # (benchmarks/gui_stall.py: longest stall about 20 ms sent at once, 5-9 ms so).
        self._outgoing_request = request
        self._send_timer.start()

    @Slot()
    def _send_request(self) -> None:
        request, self._outgoing_request = self._outgoing_request, None
        if request is not None and request.generation == self._session.generation:
            self._move_requested.emit(request)

    @Slot(object)
    def _on_answered(self, answer: MoveAnswer) -> None:
        if answer.generation != self._session.generation or self._is_shut_down:
            self._session.deliver(answer)  # the session drops it, and says so
            return
        if not answer.has_answer:
            self._session.deliver(answer)  # a failure shows at once
            return
        self._pending_answer = answer
        elapsed_ms = (time.perf_counter() - self._request_sent_at) * 1000
        remaining_ms = self._session.answer_delay_ms() - elapsed_ms
        if remaining_ms > 0:
            self._delay_timer.start(math.ceil(remaining_ms))
        else:
            self._apply_pending_answer()

    @Slot()
    def _apply_pending_answer(self) -> None:
        answer, self._pending_answer = self._pending_answer, None
        if answer is None:
            return
        self._thought_played = None
        self._holding_stop, self._stop_held = True, False
        try:
            self._session.deliver(answer)
        finally:
            self._holding_stop = False
            held, self._stop_held = self._stop_held, False
        if held:
            self.thinking_stopped.emit()
        played, self._thought_played = self._thought_played, None
        if played is not None:
            # After the move and everything it set off, as one answer: record and thought.
            self.computer_thought.emit(*played)

    def _note_thought(self, record: GameRecord, thought: Any) -> None:
        if thought is not None:
            self._thought_played = (record, thought)
