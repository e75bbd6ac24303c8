"""The game as the window shows it: one view model between the session and the widgets.

:class:`GameView` listens to the :class:`~ttt_desktop.gui.game.controller.GameController`
(whose :attr:`~ttt_desktop.gui.game.controller.GameController.session` is the Qt-free
game) and to the session score, and says in signals what the widgets show: the status
line's words and the header's highlight (:class:`StatusLine`), the session score's text,
the result banner's sequence (:class:`ResultLine`: a person's game ends with the banner
once its winning line is drawn, its score line follows the score), and messages for the
status bar. The widgets listen; the main window only connects them.

It alone writes the board widget's position and whether the board takes a move, and it
holds the position on show (:class:`ViewedPosition`, the one owner of the viewed ply):
the replay bar and the move list drive it and draw from it, the coach asks it through
:meth:`GameView.show_ply` and :meth:`GameView.follow_newest` and hears
:attr:`GameView.viewed_ply_changed`.

Its words are the main window's translations (context "MainWindow").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal, SignalInstance

from ttt_desktop.core import Mark
from ttt_desktop.core.ending import ENDING_FORBIDDEN
from ttt_desktop.core.record import GameRecord
from ttt_desktop.core.swap import BLACK, OPENER, PLACE_TWO, RESPONDER
from ttt_desktop.gui.board.board_widget import BoardWidget
from ttt_desktop.gui.engines.brain_text import printable
from ttt_desktop.gui.game.controller import GameController
from ttt_desktop.gui.game.session_score import PairingScore, SessionScore

REFUSAL_MESSAGE_MS: Final = 4000
"""How long a refused move's reason stays in the status bar (when play goes on)."""
FASTEST_PLAYBACK_MS: Final = 30
"""Playing back a finished game at full speed still shows each position this long."""
INITIAL_PLAYBACK_MS: Final = 400
"""The playback's pace until the replay bar's speed slider sets one."""


def is_ai_match(record: GameRecord) -> bool:
    """True when neither player is a person, so the game plays itself."""
    return not record.x.is_human and not record.o.is_human


class ViewedPosition(QObject):
    """Which ply of the game on show is on the board, whether the view follows the newest
    move, and the playback of a recorded game: the one owner of the viewed ply.

    Play/pause means two things. While two AIs play a live game, it asks for the game to
    pause between moves (:attr:`pause_requested`); the view stops where it is, a move
    already being computed is recorded, and it is shown when the viewer steps to it. For
    any other game it plays the recorded moves back at the pace given. Stepping back
    never stops a match: the view simply stops following, and :meth:`follow_live`
    returns to the newest move. It never changes a record.
    """

    view_changed = Signal(int)  # the ply whose position to show
    changed = Signal()  # following, playing back or the match's pause changed
    pause_requested = Signal(bool)  # True: pause the live AI game between moves
    step_live_requested = Signal()  # one more move of a paused live AI game

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._record: GameRecord | None = None
        self._viewed_ply = 0
        self._following = True
        self._match_paused = False
        # Set when the viewer asked a paused match for one move: show it when it comes.
        self._show_next_move = False
        self._playback = QTimer(self)
        self._playback.setInterval(INITIAL_PLAYBACK_MS)
        self._playback.timeout.connect(self._play_back_one)

    # State ----------------------------------------------------------------------

    @property
    def record(self) -> GameRecord | None:
        """The game being shown."""
        return self._record

    @property
    def viewed_ply(self) -> int:
        """The ply whose position is on show."""
        return self._viewed_ply

    @property
    def following(self) -> bool:
        """True while the view moves on with each new move."""
        return self._following

    @property
    def is_live_match(self) -> bool:
        """True while an unfinished game between two AIs is shown: play/pause pauses it."""
        return (
            self._record is not None and not self._record.is_finished and is_ai_match(self._record)
        )

    @property
    def is_playing_back(self) -> bool:
        """True while a recorded game is being played back."""
        return self._playback.isActive()

    @property
    def match_paused(self) -> bool:
        """Whether the live game is paused, as last told by :meth:`set_match_paused`."""
        return self._match_paused

    def stop_playback(self) -> None:
        """Stop a playback under way; the view stays where it is."""
        self._playback.stop()

    def set_playback_delay(self, delay_ms: int) -> None:
        """The pace of a playback: ``delay_ms`` between moves (never under the fastest)."""
        self._playback.setInterval(max(FASTEST_PLAYBACK_MS, delay_ms))

    def set_record(self, record: GameRecord) -> None:
        """Show ``record``: a new game starts following; a growing one keeps the view."""
        previous = self._record
        self._record = record
        if previous is None or previous.started_at != record.started_at:
            self._show_next_move = False
            self._following = not self._match_paused or not self.is_live_match
            self._playback.stop()
        last = len(record.moves)
        if self._show_next_move and previous is not None and last > len(previous.moves):
            self._show_next_move = False
            self._viewed_ply = last
        if self._following:
            self._viewed_ply = last
        self._viewed_ply = min(self._viewed_ply, last)
        self.changed.emit()
        self.view_changed.emit(self._viewed_ply)

    def set_match_paused(self, paused: bool) -> None:
        """Reflect the live game's pause state (from the session); pausing stops following."""
        self._match_paused = paused
        if paused:
            self._following = False
        self.changed.emit()

    # Navigation -----------------------------------------------------------------

    def show_ply(self, ply: int) -> None:
        """Show the position after ``ply`` moves; the view follows again only at a running end."""
        if self._record is None:
            return
        last = len(self._record.moves)
        ply = min(max(0, ply), last)
        self._following = ply == last and not (self.is_live_match and self._match_paused)
        self._view(ply)

    def go_to_start(self) -> None:
        """Show the empty board (and stop following)."""
        self._playback.stop()
        self.show_ply(0)

    def step_back(self) -> None:
        """Show one move earlier; a running match carries on."""
        self._playback.stop()
        self.show_ply(self._viewed_ply - 1)

    def step_forward(self) -> None:
        """Show one move later; at the newest move of a paused AI game, ask for one more move."""
        self._playback.stop()
        if self._record is None:
            return
        if self._viewed_ply >= len(self._record.moves):
            if self.is_live_match and self._match_paused:
                self._show_next_move = True
                self.step_live_requested.emit()
            return
        self.show_ply(self._viewed_ply + 1)

    def go_to_end(self) -> None:
        """Show the newest position."""
        self._playback.stop()
        if self._record is not None:
            self.show_ply(len(self._record.moves))

    def follow_live(self) -> None:
        """Show the newest position and keep showing each new move (resumes a paused match)."""
        self._playback.stop()
        if self._record is None:
            return
        if self.is_live_match and self._match_paused:
            self.pause_requested.emit(False)
        self._following = True
        self._view(len(self._record.moves))

    def toggle_play(self) -> None:
        """Pause or resume a live AI game; for any other game, play its moves back or stop."""
        if self._record is None:
            return
        if self.is_live_match:
            if self._match_paused:
                self.follow_live()
            else:
                self._following = False
                self.pause_requested.emit(True)
                self.changed.emit()
            return
        if self._playback.isActive():
            self._playback.stop()
        elif self._record.moves:
            if self._viewed_ply >= len(self._record.moves):
                self.show_ply(0)
            self._playback.start()
        self.changed.emit()

    def _play_back_one(self) -> None:
        if self._record is None or self._viewed_ply >= len(self._record.moves):
            self._playback.stop()
            self.changed.emit()
            return
        self.show_ply(self._viewed_ply + 1)
        if self._viewed_ply >= len(self._record.moves):
            self._playback.stop()
            self.changed.emit()

    def _view(self, ply: int) -> None:
        self._viewed_ply = ply
        self.changed.emit()
        self.view_changed.emit(ply)


@dataclass(frozen=True)
class OpeningChoice:
    """A person's choice in a swap opening, as the window offers it."""

    name: str
    """The person who chooses."""
    options: tuple[str, ...]
    """:data:`~ttt_desktop.core.swap.BLACK`, ``WHITE`` and maybe ``PLACE_TWO``."""
    black: Mark
    """The mark of black (the first to move): playing black is playing it."""


@dataclass(frozen=True)
class StatusLine:
    """What the status line, the header and the game's buttons show."""

    text: str
    mark: Mark | None
    """Whose colour the text takes (None: the window's text colour)."""
    x_name: str
    o_name: str
    highlighted: Mark | None
    """The header's side: the side to move, the winner, or None."""
    thinking: bool
    over: bool
    awaiting_start: bool
    """A game between two computers waits for Start."""
    choice: OpeningChoice | None = None
    """A person's choice the opening waits for (None: none, or history on show)."""


@dataclass(frozen=True)
class ResultLine:
    """The result banner's words for a finished game."""

    title: str
    winner: Mark | None
    """The title's colour is the winner's (None: a draw)."""
    score: str
    winning_row: int | None
    """The winning row of tic-tac-toe the banner keeps clear of (None: none to avoid)."""


class GameView(QObject):
    """The game in hand as the widgets show it (see the module's docstring)."""

    status_changed = Signal(object)  # StatusLine, when any of it changed
    score_changed = Signal(str)  # the session score as rich text
    result_shown = Signal(object)  # ResultLine: lay the result banner over the board
    result_score_changed = Signal(str)  # the banner's score line, the score having changed
    result_hidden = Signal()  # the game goes on (a new one, or an undo after the end)
    message_shown = Signal(str, int)  # a status-bar message and its time in ms (0: kept)
    message_withdrawn = Signal(str)  # that message goes, if it still shows
    record_shown = Signal(object)  # the GameRecord on show, each time it changes
    viewed_ply_changed = Signal(int)  # the ply on show, after each change of the view

    def __init__(
        self,
        controller: GameController,
        board: BoardWidget,
        score: SessionScore,
        *,
        score_changed: SignalInstance | None = None,
        parent: QObject | None = None,
    ) -> None:
        """``score`` is the session score; ``score_changed`` says when it changed."""
        super().__init__(parent)
        self.controller = controller
        self.session = controller.session
        self.score = score
        self._board = board
        self.position = ViewedPosition(self)
        self._status: StatusLine | None = None
        self._record_at_start: GameRecord | None = None
        # The result waiting for its winning line to be drawn before the banner shows.
        self._pending_result: GameRecord | None = None
        # The finished game whose result the banner shows (its score line follows the score).
        self._result_record: GameRecord | None = None
        # A refused move's reason said while a computer is to move: it goes when the
        # person's turn comes.
        self._turn_message: str | None = None
        controller.game_started.connect(self._on_game_started)
        controller.move_played.connect(self._show_record)
        controller.history_changed.connect(self._show_record)
        controller.game_reopened.connect(self._on_game_reopened)
        controller.game_finished.connect(self._on_game_finished)
        controller.players_renamed.connect(self._on_players_renamed)
        controller.choice_made.connect(self._on_choice_made)
        controller.thinking_started.connect(self.refresh)
        controller.thinking_stopped.connect(self.refresh)
        controller.move_refused.connect(self._on_move_refused)
        controller.paused_changed.connect(self.position.set_match_paused)
        self.position.view_changed.connect(self._show_ply)
        self.position.pause_requested.connect(self.session.set_paused)
        self.position.step_live_requested.connect(self.session.step_once)
        self.position.set_match_paused(self.session.paused)
        board.line_drawn.connect(self._show_pending_result)
        if score_changed is not None:
            score_changed.connect(self.refresh_score)

    # The position on show --------------------------------------------------------------

    @property
    def viewed_ply(self) -> int:
        """The ply whose position is on the board."""
        return self.position.viewed_ply

    @property
    def shows_newest(self) -> bool:
        """True when the board shows the game's newest position (and so takes moves)."""
        return self.position.viewed_ply >= len(self.session.record.moves)

    def show_ply(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the game in hand."""
        self.position.show_ply(ply)

    def follow_newest(self) -> None:
        """Show the newest position and each new move as it comes."""
        self.position.follow_live()

    @property
    def status(self) -> StatusLine | None:
        """What the status line says now (None before the first game)."""
        return self._status

    def _show_record(self, record: GameRecord) -> None:
        self.record_shown.emit(record)
        self.position.set_record(record)

    def _show_ply(self, ply: int) -> None:
        record = self.position.record
        if record is None:
            return
        board = record.board_at(ply)
        last_move = record.moves[ply - 1] if ply else None
        shown = self._board
        if shown.board != board or shown.last_move != last_move:
            shown.set_board(board, last_move=last_move, winning_line=board.winning_line)
        self.refresh()
        self.viewed_ply_changed.emit(ply)

    # The game's events ---------------------------------------------------------------

    def _on_game_started(self, record: GameRecord) -> None:
        self._record_at_start = record
        self._pending_result = None
        self._result_record = None
        self.result_hidden.emit()
        self._show_record(record)
        self.refresh_score()

    def _on_game_finished(self, record: GameRecord) -> None:
        # A person's game ends with the banner; computers' games just go on, and a game
        # that was already over when it started (a finished game loaded) has none.
        if record is not self._record_at_start and (record.x.is_human or record.o.is_human):
            self._pending_result = record
        self._show_record(record)
        self.refresh_score()
        if record.final_board.winning_line is None or not self._board.is_drawing_line:
            self._show_pending_result()

    def _on_game_reopened(self, record: GameRecord) -> None:
        # Undo after the end: the game goes on, so its result and banner go.
        self._pending_result = None
        self._result_record = None
        self.result_hidden.emit()
        self.refresh_score()

    def _on_players_renamed(self, record: GameRecord) -> None:
        self._show_record(record)
        self.refresh_score()

    def _on_choice_made(self, record: GameRecord) -> None:
        # The players may have exchanged marks: the header and the score follow at once.
        self._show_record(record)
        self.refresh_score()

    def _on_move_refused(self, reason: str) -> None:
        # A brain's refusal quotes what it said.
        reason = printable(reason)
        session = self.session
        board = session.board
        # A computer that failed to move leaves the game stuck: keep saying why.
        computer_to_move = (
            not board.is_over and not session.mover(session.acting_mark).waits_for_input
        )
        stuck = computer_to_move and not session.is_thinking and not session.paused
        # "Wait: it is ...'s turn" goes as soon as it is the person's turn again.
        self._turn_message = reason if computer_to_move and not stuck else None
        self.message_shown.emit(reason, 0 if stuck else REFUSAL_MESSAGE_MS)

    # The status line and the board's input ------------------------------------------------

    def refresh(self, *_args: object) -> None:
        """Say the status again and set the board up for whoever moves (or for nobody)."""
        session = self.session
        record = session.record
        board = record.final_board
        shown = self._board
        shown.set_cursor_enabled(record.x.is_human or record.o.is_human)
        over = board.is_over or record.forfeit is not None
        step = session.opening_step
        # A person's stone (a move, or an opening stone of either colour) is a click; a
        # choice is the prompt's buttons.
        human_to_move = (
            not over
            and session.mover(session.acting_mark).waits_for_input
            and (step is None or step.kind == "place")
        )
        thinking = session.is_thinking
        if self._turn_message is not None and not thinking:
            self.message_withdrawn.emit(self._turn_message)
            self._turn_message = None
        # History on show is for looking only: the board takes moves at the newest position.
        takes_move = human_to_move and self.shows_newest
        shown.set_accepts_clicks(takes_move)
        shown.set_preview_mark(board.to_move if takes_move else None)
        status = self._status_line(record, thinking)
        if status != self._status:
            self._status = status
            self.status_changed.emit(status)

    def _status_line(self, record: GameRecord, thinking: bool) -> StatusLine:
        translate = QCoreApplication.translate
        board = record.final_board
        awaiting_start = self.session.awaiting_start
        over = board.is_over or record.forfeit is not None
        names_clash = record.x.name == record.o.name
        viewed = self.position.viewed_ply
        mark: Mark | None
        choice: OpeningChoice | None = None
        if not self.shows_newest:
            # An earlier position is on show: say so, rather than who moves in the newest.
            shown = record.board_at(viewed)
            highlighted = None if shown.is_over else shown.to_move
            total = len(record.moves)
            if viewed == 0:
                text = translate("MainWindow", "Earlier position: the start (newest: move {total})")
            else:
                text = translate("MainWindow", "Earlier position: move {ply} of {total}")
            text, mark = text.format(ply=viewed, total=total), None
        elif record.forfeit is not None:
            winner = record.forfeit.loser.opponent
            highlighted = mark = winner
            text = translate(
                "MainWindow", "{name} wins: {loser} lost by forfeit ({reason})"
            ).format(
                name=record.player(winner).name,
                loser=record.player(record.forfeit.loser).name,
                reason=printable(record.forfeit.reason),
            )
        elif board.is_over:
            highlighted = mark = board.winner
            if board.winner is None:
                text = translate("MainWindow", "Draw")
            else:
                name = record.player(board.winner).name
                label = f"{name} ({board.winner.value})" if names_clash else name
                text = translate("MainWindow", "{name} wins").format(name=label)
        elif awaiting_start:
            highlighted = mark = board.to_move
            text = translate("MainWindow", "{first} v {second}: press Start to watch").format(
                first=record.x.name, second=record.o.name
            )
        elif self.session.opening_step is not None:
            highlighted, mark, text, choice = self._opening_status(record)
        else:
            highlighted = mark = board.to_move
            mover = record.player(board.to_move)
            label = f"{mover.name} ({board.to_move.value})"
            if thinking:
                text = translate("MainWindow", "{name} is thinking...").format(name=label)
            else:
                text = translate("MainWindow", "{name} to move").format(name=label)
            chose = self._choice_just_made(record)
            if chose:
                text = translate("MainWindow", "{choice}; {turn}").format(choice=chose, turn=text)
        return StatusLine(
            text=text,
            mark=mark,
            x_name=record.x.name,
            o_name=record.o.name,
            highlighted=highlighted,
            thinking=thinking,
            over=over,
            awaiting_start=awaiting_start,
            choice=choice,
        )

    def _opening_status(self, record: GameRecord) -> tuple[Mark, Mark, str, OpeningChoice | None]:
        """The highlighted side, the text's colour, the words and a person's choice while
        the opening places its stones or waits for a choice."""
        translate = QCoreApplication.translate
        session = self.session
        step = session.opening_step
        opening = record.opening
        assert step is not None and opening is not None
        acting = session.acting_mark
        name = record.player(acting).name
        board = record.final_board
        if step.kind == "place":
            stone = board.to_move
            colour = _colour(stone is record.first)
            text = translate(
                "MainWindow",
                "{name} places the opening: stone {number} of {total} ({colour}, {mark})",
            ).format(
                name=name,
                number=record.ply + 1,
                total=opening.stones,
                colour=colour,
                mark=stone.value,
            )
            return acting, stone, text, None
        if PLACE_TWO in step.options:
            text = translate("MainWindow", "{name} chooses: black, white or two more stones")
        else:
            text = translate("MainWindow", "{name} chooses: black or white")
        choice = None
        if session.mover(acting).waits_for_input:
            choice = OpeningChoice(name, step.options, record.first)
        return acting, acting, text.format(name=name), choice

    def _choice_just_made(self, record: GameRecord) -> str:
        """ "Bob chose white: Bob plays O" right after a choice of a side (before the next
        stone), else ""."""
        opening = record.opening
        if opening is None or not opening.choices or opening.choices[-1] == PLACE_TWO:
            return ""
        index = len(opening.choices) - 1
        if record.ply != opening.made_at(index):
            return ""
        role = RESPONDER if index == 0 else OPENER
        first = record.first
        held = first if opening.role_of(first, first) == role else first.opponent
        name = record.player(held).name
        choice = opening.choices[-1]
        return QCoreApplication.translate(
            "MainWindow", "{name} chose {colour}: {name} plays {mark}"
        ).format(name=name, colour=_colour(choice == BLACK), mark=held.value)

    # The result banner ---------------------------------------------------------------

    def _show_pending_result(self) -> None:
        record, self._pending_result = self._pending_result, None
        if record is None or record is not self.session.record:
            return
        translate = QCoreApplication.translate
        winner = record.final_board.winner
        if record.forfeit is not None:
            winner = record.forfeit.loser.opponent
        if winner is None:
            title = translate("MainWindow", "It's a draw")
        else:
            title = translate("MainWindow", "{name} wins!").format(name=record.player(winner).name)
        self._result_record = record
        line = record.final_board.winning_line
        # The banner keeps clear of a winning row on tic-tac-toe; bigger boards have room.
        classic = record.rules.is_classic
        rows = {cell // 3 for cell in line} if line is not None and classic else set()
        self.result_shown.emit(
            ResultLine(
                title=title,
                winner=winner,
                score=self._result_score(record),
                winning_row=rows.pop() if len(rows) == 1 else None,
            )
        )

    def _result_score(self, record: GameRecord) -> str:
        """The banner's line under the result: a forfeit's reason, then the score."""
        score = self.describe_pairing(self.score.told(record.x.name, record.o.name))
        if record.forfeit is None:
            return score
        loser = record.player(record.forfeit.loser).name
        reason = record.forfeit.reason
        if record.ending == ENDING_FORBIDDEN:  # renju's forbidden move, a person's or a brain's
            lost = QCoreApplication.translate(
                "MainWindow", "{loser} lost by a forbidden move: {reason}"
            ).format(loser=loser, reason=printable(reason.removeprefix(f"{ENDING_FORBIDDEN}: ")))
        else:
            lost = QCoreApplication.translate(
                "MainWindow", "{loser} lost by forfeit: {reason}"
            ).format(loser=loser, reason=printable(reason))
        return f"{lost}\n{score}"

    # The session score ---------------------------------------------------------------

    def refresh_score(self) -> None:
        """Say the session score again (and the banner's score line, while it shows)."""
        translate = QCoreApplication.translate
        record = self.session.record
        current = self.score.told(record.x.name, record.o.name)
        if current.games:
            lines = [f"<b>{_escape(self.describe_pairing(current))}</b>"]
        else:
            pairing = translate("MainWindow", "{first} v {second}").format(
                first=current.first_name, second=current.second_name
            )
            lines = [
                translate("MainWindow", "{pairing}: no games finished yet").format(
                    pairing="<b>" + _escape(pairing) + "</b>"
                )
            ]
        others = [
            pairing
            for pairing in self.score.pairings()
            if {pairing.first_name, pairing.second_name} != {record.x.name, record.o.name}
        ]
        lines += [_escape(self.describe_pairing(pairing)) for pairing in others]
        self.score_changed.emit("<br>".join(lines))
        if self._result_record is not None and self._result_record is record:
            # The score changed while the banner shows this game's result (the library
            # stored the game after the banner came up): its score line follows.
            self.result_score_changed.emit(self._result_score(record))

    @staticmethod
    def describe_pairing(pairing: PairingScore) -> str:
        """``"Alice 2 : 1 Perfect, 3 draws"``, translated."""
        translate = QCoreApplication.translate
        if pairing.draws == 1:
            draws = translate("MainWindow", "1 draw")
        else:
            draws = translate("MainWindow", "{count} draws").format(count=pairing.draws)
        return translate(
            "MainWindow", "{first} {first_wins} : {second_wins} {second}, {draws}"
        ).format(
            first=pairing.first_name,
            first_wins=pairing.first_wins,
            second_wins=pairing.second_wins,
            second=pairing.second_name,
            draws=draws,
        )


def _colour(black: bool) -> str:
    """ "black" or "white", the opening's word for a side, translated."""
    if black:
        return QCoreApplication.translate("MainWindow", "black")
    return QCoreApplication.translate("MainWindow", "white")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
