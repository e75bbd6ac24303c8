"""The game controller: owns the running game and speaks to the window in signals.

:class:`GameController` holds the current :class:`~ttt_desktop.engine.GameRecord`
and the two :class:`Seat` values, applies moves by the engine's rules, and asks the
:class:`~ttt_desktop.gui.ai_worker.AiWorker` (one long-lived worker in one
``QThread``) for the AI's moves. Widgets send it intents (:meth:`GameController.play_cell`)
and redraw from the records its signals carry; no rule lives in a widget.

Every game has a generation number. Starting a game, changing a player or shutting
down bumps it; an AI answer for an older generation is dropped, and a search for one
is interrupted. All signals are emitted from the GUI thread.

Imports Qt (QtCore only) and the engine; never a widget.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from PySide6.QtCore import QObject, Qt, QThread, QTimer, Signal, Slot

from ttt_desktop.engine import Board, IllegalMoveError, Mark, keypad_label, row_column
from ttt_desktop.engine.record import GameRecord, PlayerEntry
from ttt_desktop.gui.ai_worker import AiWorker, InsightRequest, MoveRequest
from ttt_desktop.players import HUMAN_KIND, create_player

START_POLICIES: Final = ("x", "o", "alternate", "random")
DEFAULT_MOVE_DELAY_MS: Final = 400
# A computer's opening move against a person waits at least this long, whatever the
# speed setting, so the person sees the empty board and then the move arrive.
OPENING_DELAY_MS: Final = DEFAULT_MOVE_DELAY_MS

PlayerFactory = Callable[..., Any]


@dataclass(frozen=True)
class Seat:
    """Who sits at a mark: a person (kind ``"human"``) or an AI kind, with a display name.

    ``seed`` fixes an AI's random choices; without one the controller picks a seed per
    game and writes it into the record, so every game can be replayed exactly.
    """

    kind: str
    name: str
    seed: int | None = None

    @property
    def is_human(self) -> bool:
        """True for a person, who plays by clicking or typing."""
        return self.kind == HUMAN_KIND


class GameController(QObject):
    """The running game: seats, record, whose turn, and the AI worker thread."""

    game_started = Signal(object)  # GameRecord with no moves yet (or a branch's moves)
    move_played = Signal(object)  # GameRecord after each move
    game_finished = Signal(object)  # GameRecord with a result
    thinking_started = Signal(object)  # Mark of the AI now thinking
    thinking_stopped = Signal()
    move_refused = Signal(str)  # why a person's move was refused, for the status bar
    stale_answer_dropped = Signal(int)  # generation of an AI answer that came too late
    paused_changed = Signal(bool)  # a game between two AIs was held or released
    move_delay_changed = Signal(int)  # the AI move delay, in ms, whoever set it
    players_renamed = Signal(object)  # GameRecord of the game in hand, a person renamed
    history_changed = Signal(object)  # GameRecord after an undo or a redo
    game_reopened = Signal(object)  # GameRecord of a finished game an undo opened again

    # Requests travel to the worker thread through this queued signal.
    _move_requested = Signal(object)
    _insight_requested = Signal(object)
    _process_start_requested = Signal()
    # The Thought of the computer move just played (after move_played), and the record.
    computer_thought = Signal(object, object)  # GameRecord, Thought
    insight_ready = Signal(int, object)  # ticket, answer of ask_insight()
    insight_failed = Signal(int, str)  # ticket, what went wrong

    def __init__(
        self, parent: QObject | None = None, *, player_factory: PlayerFactory = create_player
    ) -> None:
        """``player_factory(kind, seed=...)`` makes the AI players; tests inject slow ones."""
        super().__init__(parent)
        self._player_factory = player_factory
        self._seats: dict[Mark, Seat] = {
            Mark.X: Seat(HUMAN_KIND, "Player 1"),
            Mark.O: Seat(HUMAN_KIND, "Player 2"),
        }
        # The computer seats of the game in hand: kind and seed (the players live in the
        # search process, one per game and mark, made on their first move).
        self._players: dict[Mark, tuple[str, int | None]] = {}
        self._pending_thought: tuple[int, Any] | None = None
        self._last_thought: Any = None
        self._insight_tickets = 0
        self._start_policy = "alternate"
        self._move_delay_ms = DEFAULT_MOVE_DELAY_MS
        self._random = random.Random()
        self._generation = 0
        self._started = False
        self._last_opening_mark: Mark | None = None
        self._is_thinking = False
        self._request_sent_at = 0.0
        self._record = self._fresh_record(Mark.X)
        self._is_shut_down = False
        self._pending_answer: tuple[int, int, float] | None = None
        self._paused = False
        self._step_allowed = False
        # Moves taken back, newest undo last: each entry is (cell, seconds) per move.
        self._redo_groups: list[tuple[tuple[int, float], ...]] = []

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
        self._worker.thought_made.connect(self._on_thought_made)
        self._worker.move_chosen.connect(self._on_move_chosen)
        self._worker.move_failed.connect(self._on_move_failed)
        self._worker.insight_ready.connect(self.insight_ready)
        self._worker.insight_failed.connect(self.insight_failed)
        self._worker_thread.start()

    # Seats and settings -------------------------------------------------------

    def seat(self, mark: Mark) -> Seat:
        """Who sits at ``mark``."""
        return self._seats[Mark(mark)]

    def set_seat(self, mark: Mark, seat: Seat) -> None:
        """Seat ``seat`` at ``mark``.

        Once a game has been started, a change of player starts a new game in which
        the start policy says who opens (the old game's moves, and its opener, belong
        to the old players).
        """
        mark = Mark(mark)
        if self._seats[mark] == seat:
            return
        self._seats[mark] = seat
        if self._started:
            self.new_game()

    def rename_person(self, old_name: str, new_name: str) -> None:
        """A person seated as ``old_name`` is now called ``new_name``, in the game in hand too.

        No new game starts: the moves are the same person's.
        """
        renamed = False
        record = self._record
        for mark in (Mark.X, Mark.O):
            seat = self._seats[mark]
            if seat.is_human and seat.name == old_name:
                self._seats[mark] = Seat(HUMAN_KIND, new_name)
                entry = dataclasses.replace(record.player(mark), name=new_name)
                if mark is Mark.X:
                    record = dataclasses.replace(record, x=entry)
                else:
                    record = dataclasses.replace(record, o=entry)
                renamed = True
        if renamed:
            self._record = record
            self.players_renamed.emit(record)

    @property
    def start_policy(self) -> str:
        """Who starts a new game: ``"x"``, ``"o"``, ``"alternate"`` or ``"random"``."""
        return self._start_policy

    @start_policy.setter
    def start_policy(self, policy: str) -> None:
        if policy not in START_POLICIES:
            raise ValueError(
                f"the start policy is one of {', '.join(START_POLICIES)}, not {policy!r}"
            )
        self._start_policy = policy

    @property
    def move_delay_ms(self) -> int:
        """The least time an AI's move takes to appear, so people can follow it (0 allowed)."""
        return self._move_delay_ms

    @move_delay_ms.setter
    def move_delay_ms(self, delay: int) -> None:
        if type(delay) is not int or delay < 0:
            raise ValueError(f"the AI move delay is a whole number of ms >= 0, not {delay!r}")
        if delay != self._move_delay_ms:
            self._move_delay_ms = delay
            self.move_delay_changed.emit(delay)

    # State --------------------------------------------------------------------

    @property
    def record(self) -> GameRecord:
        """The game so far."""
        return self._record

    @property
    def board(self) -> Board:
        """The current position."""
        return self._record.final_board

    @property
    def is_thinking(self) -> bool:
        """True while an AI is working on its move."""
        return self._is_thinking

    @property
    def is_worker_running(self) -> bool:
        """True until :meth:`shutdown` has stopped the worker thread."""
        return self._worker_thread.isRunning() or self._worker.process.is_alive

    @property
    def search_process(self) -> Any:
        """The :class:`~ttt_desktop.search_process.SearchProcess` the players think in."""
        return self._worker.process

    @property
    def last_thought(self) -> Any:
        """The Thought behind the last computer move played (None before one)."""
        return self._last_thought

    def start_search_process(self) -> None:
        """Start the search process now (in the worker thread), before a computer must move."""
        if not self._is_shut_down:
            self._process_start_requested.emit()

    def ask_insight(self, job: Any) -> int:
        """Run ``job`` (a search-process job) off the GUI thread; returns its ticket.

        The answer comes as ``insight_ready(ticket, answer)`` or ``insight_failed``;
        jobs are answered in the order asked, after any move search under way.
        """
        self._insight_tickets += 1
        ticket = self._insight_tickets
        self._insight_requested.emit(InsightRequest(ticket, job))
        return ticket

    @property
    def generation(self) -> int:
        """The current game's generation; answers for older ones are dropped."""
        return self._generation

    # Games --------------------------------------------------------------------

    def new_game(self, first: Mark | None = None) -> None:
        """Start a new game; ``first`` moves first, or the start policy decides."""
        if first is None:
            first = self._first_by_policy()
        self._begin(self._fresh_record(Mark(first)))

    def start_from(self, record: GameRecord, ply: int) -> None:
        """Play on from ``record``'s position after ``ply`` moves, with the current seats."""
        self._begin(record.branched_at(ply, x=self._entry(Mark.X), o=self._entry(Mark.O)))

    def play_cell(self, cell: int) -> None:
        """A person's move at ``cell``; refused (``move_refused``) when it is not theirs to make."""
        board = self.board
        if self._is_shut_down:
            return
        if board.is_over:
            self.move_refused.emit(self.tr("The game is over: start a new game to play again."))
            return
        mover = self._seats[board.to_move]
        if not mover.is_human:
            self.move_refused.emit(
                self.tr("Wait: it is {name} ({mark})'s turn, not yours.").format(
                    name=mover.name, mark=board.to_move.value
                )
            )
            return
        if not self._started:
            self.move_refused.emit(self.tr("Start a new game first."))
            return
        try:
            self._apply_move(cell, 0.0)
        except IllegalMoveError:
            row, column = row_column(cell)
            self.move_refused.emit(
                self.tr(
                    "Cell {digit} (row {row}, column {column}) is taken: choose an empty one."
                ).format(digit=keypad_label(cell), row=row, column=column)
            )

    # Undo, redo and hints ------------------------------------------------------------

    def _undo_count(self) -> int:
        """How many moves an undo takes back now: back to the last person's move, included."""
        record = self._record
        if not self._started or self._is_shut_down:
            return 0
        for index in range(record.ply - 1, -1, -1):
            if record.player(record.mark_at(index)).is_human:
                return record.ply - index
        return 0

    @property
    def can_undo(self) -> bool:
        """True when a person has a move to take back (never between two computers)."""
        return self._undo_count() > 0

    @property
    def can_redo(self) -> bool:
        """True when moves taken back can be played again (no other move made since)."""
        return (
            bool(self._redo_groups)
            and self._started
            and not self._is_shut_down
            and not self._is_thinking
        )

    def undo(self) -> None:
        """Take back the last person's move, and any computer's reply after it.

        Between two people that is one move; against a computer it goes back to the
        person's previous turn, abandoning a search under way. A finished game opens
        again (``game_reopened``). Nothing happens when :attr:`can_undo` is False.
        """
        count = self._undo_count()
        if count == 0:
            return
        record = self._record
        was_finished = record.is_finished
        # Any answer still on its way belongs to the position being left.
        self._bump_generation()
        self._delay_timer.stop()
        self._send_timer.stop()
        self._outgoing_request = None
        self._set_thinking(False)
        self._redo_groups.append(
            tuple(zip(record.moves[-count:], record.move_seconds[-count:], strict=True))
        )
        self._record = record.with_undo(count)
        if was_finished:
            self.game_reopened.emit(self._record)
        self.history_changed.emit(self._record)
        self._ask_ai_if_its_turn()

    def redo(self) -> None:
        """Play again the moves the last undo took back (nothing when :attr:`can_redo` is False)."""
        if not self.can_redo:
            return
        for cell, seconds in self._redo_groups.pop():
            self._record = self._record.with_move(cell, seconds)
        self.history_changed.emit(self._record)
        if self._record.is_finished:
            self.game_finished.emit(self._record)
        else:
            self._ask_ai_if_its_turn()

    def note_hint(self) -> bool:
        """Write into the record that the side to move asked for a hint; False once over."""
        if self._record.is_finished or not self._started:
            return False
        self._record = self._record.with_hint()
        return True

    def shutdown(self) -> None:
        """Drop the game in hand and stop the worker thread; safe to call more than once."""
        if self._is_shut_down:
            return
        self._is_shut_down = True
        self._bump_generation()
        self._delay_timer.stop()
        self._send_timer.stop()
        self._set_thinking(False)
        self._worker.shutdown()
        self._worker_thread.quit()
        self._worker_thread.wait()

    # Pausing, stepping, opening and replaying ----------------------------------

    @property
    def paused(self) -> bool:
        """True while a game between two AIs is held between moves."""
        return self._paused

    def set_paused(self, paused: bool) -> None:
        """Hold (or release) games between two AIs between moves.

        A move already being computed is finished and recorded; the next one waits
        for :meth:`step_once` or ``set_paused(False)``. A game with a person in it is
        never held.
        """
        paused = bool(paused)
        if paused == self._paused:
            return
        self._paused = paused
        self._step_allowed = False
        self.paused_changed.emit(paused)
        if not paused and self._started and not self._is_thinking and not self._is_shut_down:
            self._ask_ai_if_its_turn()

    def step_once(self) -> None:
        """While paused, let the AI to move make one move (nothing while it is already thinking)."""
        if not self._paused or self._is_thinking or self._is_shut_down or not self._started:
            return
        if self.board.is_over:
            return
        self._step_allowed = True
        self._ask_ai_if_its_turn()
        # Used up by the request, or unused because no AI is to move: either way, gone.
        self._step_allowed = False

    def open_record(self, record: GameRecord) -> None:
        """Make ``record`` the game in hand, seating its players; an unfinished game plays on.

        Raises ``ValueError`` before anything changes when a player's kind can't be
        made here (a file from another version, say).
        """
        self._check_kinds(record)
        for mark in (Mark.X, Mark.O):
            entry = record.player(mark)
            self._seats[mark] = Seat(entry.kind, entry.name)
        self._begin(record)

    def replay_live(self, record: GameRecord) -> None:
        """Play ``record``'s game again from the start, its AIs re-created from their seeds.

        Raises ``ValueError`` for a game with a person in it or without seeds: its
        moves can't be repeated.
        """
        for entry in (record.x, record.o):
            if entry.is_human:
                raise ValueError(
                    self.tr(
                        "{name} is a person: only games between computer players "
                        "can be replayed live"
                    ).format(name=entry.name)
                )
            if entry.seed is None:
                raise ValueError(
                    self.tr("{name} has no recorded seed, so its moves can't be repeated").format(
                        name=entry.name
                    )
                )
        self._check_kinds(record)
        for mark in (Mark.X, Mark.O):
            entry = record.player(mark)
            self._seats[mark] = Seat(entry.kind, entry.name)
        self._begin(GameRecord(record.x, record.o, record.first))

    def _check_kinds(self, record: GameRecord) -> None:
        for entry in (record.x, record.o):
            if entry.is_human:
                continue
            try:
                self._player_factory(entry.kind, seed=entry.seed)
            except ValueError as error:
                raise ValueError(
                    self.tr(
                        "{name} was a “{kind}” player, which this version of "
                        "TTT Desktop can't create ({error})"
                    ).format(name=entry.name, kind=entry.kind, error=error)
                ) from None

    def _holds_for_pause(self) -> bool:
        if not self._paused or self._record.x.is_human or self._record.o.is_human:
            return False
        if self._step_allowed:
            self._step_allowed = False
            return False
        return True

    # Internals ----------------------------------------------------------------

    def _first_by_policy(self) -> Mark:
        if self._start_policy == "x":
            return Mark.X
        if self._start_policy == "o":
            return Mark.O
        if self._start_policy == "random":
            return self._random.choice((Mark.X, Mark.O))
        # Alternate: X opens, then the mark that did not open the last game played.
        # A game abandoned before its first move does not count.
        if self._started and self._record.moves:
            self._last_opening_mark = self._record.first
        if self._last_opening_mark is None:
            return Mark.X
        return self._last_opening_mark.opponent

    def _entry(self, mark: Mark) -> PlayerEntry:
        seat = self._seats[mark]
        if seat.is_human:
            return PlayerEntry(seat.kind, seat.name)
        seed = seat.seed if seat.seed is not None else self._random.randrange(2**31)
        return PlayerEntry(seat.kind, seat.name, seed)

    def _fresh_record(self, first: Mark) -> GameRecord:
        return GameRecord(self._entry(Mark.X), self._entry(Mark.O), first)

    def _begin(self, record: GameRecord) -> None:
        if self._is_shut_down:
            return
        self._bump_generation()
        self._delay_timer.stop()
        self._set_thinking(False)
        self._players = {
            mark: (entry.kind, entry.seed)
            for mark, entry in ((Mark.X, record.x), (Mark.O, record.o))
            if entry.kind != HUMAN_KIND
        }
        self._record = record
        self._started = True
        self._redo_groups.clear()
        self.game_started.emit(record)
        if record.is_finished:
            self.game_finished.emit(record)
        else:
            self._ask_ai_if_its_turn()

    def _bump_generation(self) -> None:
        self._generation += 1
        self._pending_answer = None
        self._worker.cancel_before(self._generation)

    def _apply_move(self, cell: int, seconds: float) -> None:
        self._record = self._record.with_move(cell, seconds)
        # A move of its own, not a redo: what was taken back is gone for good.
        self._redo_groups.clear()
        self.move_played.emit(self._record)
        if self._record.is_finished:
            self.game_finished.emit(self._record)
        else:
            self._ask_ai_if_its_turn()

    def _ask_ai_if_its_turn(self) -> None:
        board = self.board
        if board.is_over:
            # Nobody moves after a result (releasing a pause on a finished game got here).
            return
        player = self._players.get(board.to_move)
        if player is None or self._holds_for_pause():
            return
        self._set_thinking(True, board.to_move)
        self._request_sent_at = time.perf_counter()
        # Sent from the event loop, not from inside this move's handlers: the window then
        # redraws the move before a search competes with it for the interpreter lock
        # (benchmarks/gui_stall.py: longest stall about 20 ms sent at once, 5-9 ms so).
        kind, seed = player
        self._outgoing_request = MoveRequest(self._generation, board, kind, seed, board.to_move)
        self._send_timer.start()

    @Slot()
    def _send_request(self) -> None:
        request, self._outgoing_request = self._outgoing_request, None
        if request is not None and request.generation == self._generation:
            self._move_requested.emit(request)

    def _set_thinking(self, thinking: bool, mark: Mark | None = None) -> None:
        if thinking:
            self._is_thinking = True
            self.thinking_started.emit(mark)
        elif self._is_thinking:
            self._is_thinking = False
            self.thinking_stopped.emit()

    @Slot(int, object)
    def _on_thought_made(self, generation: int, thought: Any) -> None:
        if generation == self._generation and not self._is_shut_down:
            self._pending_thought = (generation, thought)

    @Slot(int, int, float)
    def _on_move_chosen(self, generation: int, cell: int, seconds: float) -> None:
        if generation != self._generation or self._is_shut_down:
            self.stale_answer_dropped.emit(generation)
            return
        self._pending_answer = (generation, cell, seconds)
        elapsed_ms = (time.perf_counter() - self._request_sent_at) * 1000
        remaining_ms = self._visible_delay_ms() - elapsed_ms
        if remaining_ms > 0:
            self._delay_timer.start(math.ceil(remaining_ms))
        else:
            self._apply_pending_answer()

    def _visible_delay_ms(self) -> int:
        record = self._record
        if record.ply == 0 and (record.x.is_human or record.o.is_human):
            return max(self._move_delay_ms, OPENING_DELAY_MS)
        return self._move_delay_ms

    @Slot()
    def _apply_pending_answer(self) -> None:
        answer, self._pending_answer = self._pending_answer, None
        if answer is None or answer[0] != self._generation:
            return
        _, cell, seconds = answer
        pending, self._pending_thought = self._pending_thought, None
        thought = pending[1] if pending is not None and pending[0] == answer[0] else None
        self._set_thinking(False)
        try:
            self._apply_move(cell, seconds)
        except IllegalMoveError as error:
            self._report_broken_player(str(error))
            return
        if thought is not None:
            self._last_thought = thought
            self.computer_thought.emit(self._record, thought)

    @Slot(int, str)
    def _on_move_failed(self, generation: int, reason: str) -> None:
        if generation != self._generation or self._is_shut_down:
            self.stale_answer_dropped.emit(generation)
            return
        self._set_thinking(False)
        self._report_broken_player(reason)

    def _report_broken_player(self, reason: str) -> None:
        mover = self._seats[self.board.to_move]
        self.move_refused.emit(
            self.tr("{name} could not move ({reason}); start a new game.").format(
                name=mover.name, reason=reason
            )
        )
