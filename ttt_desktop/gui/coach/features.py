"""The coach's actions, board layers and Review dock, attached to the window it is given.

* Game > Undo (the platform's Undo key, Ctrl+Z) and Redo (the platform's Redo key,
  plus Ctrl+Shift+Z and Ctrl+Y), also on the Coach toolbar. Between two people an
  undo takes back one move; against a computer it goes back to the person's
  previous turn (the computer's reply goes too, and a search under way is
  abandoned); between two computers it is not offered. Redo plays the moves back
  until another move is made. The rules live in the controller; this class keeps
  the actions' enabled state right after everything that can change it.
* Game > Hint (Ctrl+H, and on the toolbar): outlines the best cell(s) for the
  person to move and says why in the status bar; the record notes the hint.
* View > Show move values (remembered): every empty cell of the position on show,
  the newest or one browsed in history, says what playing there leads to with
  best play ("wins in 2", "draw", "loses in 1"), in words and colour.
* View > Review (a dock): after every game, and for a game opened with moves,
  each move's verdict and the sentence that explains it, the summary per player,
  "Try again from here"; choosing a move shows the position before it with the
  better move marked.

On tic-tac-toe everything is read from :mod:`ttt_desktop.analysis.coach` (exact, from
the solver), never from the computer being played; it is imported on first use, after
the window shows. On every other board the coach is
:mod:`ttt_desktop.analysis.board_coach`: exact on the solved boards, elsewhere a threat
search's proof or the best a search found within a budget (View > Coach's search time,
a second by default), and it always runs in the search process: the window never waits
for it. While it works the status bar says so; a new move, a computer starting to think
or another position abandons it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from PySide6.QtCore import QEvent, QObject, QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QToolBar

from ttt_desktop.core import Board, Mark
from ttt_desktop.core.clock import BACKGROUND_PROOF_MS, COACH_BUDGET_MS, REVIEW_BUDGET_MS
from ttt_desktop.core.record import GameRecord
from ttt_desktop.gui.board.board_widget import BoardWidget
from ttt_desktop.gui.coach.overlays import (
    HINT_LAYER,
    REVIEW_LAYER,
    VALUES_LAYER,
    advice_values_overlay,
    hint_overlay,
    load_coach,
    preload_coach,
    values_overlay,
    verdict_overlay,
    verdict_words,
)
from ttt_desktop.gui.game.controller import GameController
from ttt_desktop.gui.game.view_model import GameView
from ttt_desktop.gui.review.review import MOVES_DOCK_WIDTH, ReviewFeatures
from ttt_desktop.gui.shell.dock_room import hold_room, move_in
from ttt_desktop.players.boards import SOLVED_KEYS
from ttt_desktop.players.process import CallJob

if TYPE_CHECKING:
    from ttt_desktop.analysis import board_coach
    from ttt_desktop.analysis import coach as coach_module
    from ttt_desktop.gui.coach.review_panel import ReviewPanel

SHOW_VALUES_KEY: Final = "coach/show_move_values"
BUDGET_KEY: Final = "coach/search_budget_ms"
BUDGETS_MS: Final = (250, 500, 1000, 2000, 5000)
"""The coach's search times to choose from (View > Coach's search time)."""
HINT_MESSAGE_MS: Final = 10_000
PRELOAD_AFTER_MS: Final = 1000
"""How long after a person's game starts the coach is imported in the background."""
ADVICE_CACHE: Final = 32
"""Positions whose advice is kept (browsing back and forth asks again for none of them)."""
REVIEW_DOCK_WIDTH: Final = MOVES_DOCK_WIDTH


def undo_keys() -> list[QKeySequence]:
    """The platform's Undo keys, with Ctrl+Z among them everywhere."""
    keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Undo)
    if QKeySequence("Ctrl+Z") not in keys:
        keys.insert(0, QKeySequence("Ctrl+Z"))
    return keys


def redo_keys() -> list[QKeySequence]:
    """The platform's Redo keys, with Ctrl+Shift+Z and Ctrl+Y among them everywhere."""
    keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)
    for extra in ("Ctrl+Shift+Z", "Ctrl+Y"):
        if QKeySequence(extra) not in keys:
            keys.append(QKeySequence(extra))
    return keys


class CoachFeatures(QObject):
    """Undo, redo, hint, move values and the Review dock for ``window``."""

    hint_shown = Signal(object)  # the Hint (3x3) or BoardAdvice behind a hint on show
    advice_ready = Signal(object)  # a BoardAdvice the search process answered
    proof_finished = Signal(
        object, object
    )  # the Board proved in the background, its advice or None
    review_ready = Signal(object)  # a BoardReview the search process answered

    def __init__(
        self,
        window: QMainWindow,
        *,
        controller: GameController,
        view: GameView,
        board: BoardWidget,
        review: ReviewFeatures,
        game_menu: QMenu,
        view_menu: QMenu,
        settings: QSettings,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.controller = controller
        self.view = view
        self.board = board
        self.review = review
        self.settings = settings
        self.last_hint: coach_module.Hint | None = None
        self._hint_board: Board | None = None
        self._hint_message = ""
        self._review_board: Board | None = None
        # True while "Try again from here" starts its game, which is not one to review.
        self._starting_practice = False
        # A finished computers' game whose review waits for the Review dock to show.
        self._review_due: GameRecord | None = None
        # The coach on boards other than 3x3: what the search process is asked, by ticket.
        self.budget_ms = _budget_setting(settings)
        self.search_nodes: int | None = None
        """A node budget for the coach's searches as well as the time (None: time only)."""
        self.review_budget_ms: float = REVIEW_BUDGET_MS
        self.review_nodes: int | None = None
        self.last_advice: board_coach.BoardAdvice | None = None
        self._advice: dict[tuple[Board, float, int | None], board_coach.BoardAdvice] = {}
        self._asked: dict[int, Board] = {}
        self._proving: dict[int, Board] = {}
        """The position the solver goes on proving after the coach's first answer, by ticket."""
        self._not_proved: dict[Board, None] = {}
        """Positions the solver did not prove within its time (not tried again), oldest first."""
        self._reviews_asked: dict[int, GameRecord] = {}
        self._hint_wanted: Board | None = None
        self._waiting_message = ""
        self._values_timer = QTimer(self)
        self._values_timer.setSingleShot(True)
        self._values_timer.setInterval(0)
        self._values_timer.timeout.connect(self._refresh_values)

        self._build_actions()
        self._build_review_dock()
        self._add_to_menus(game_menu, view_menu)
        self._build_toolbar()
        self._connect()
        self.show_values_action.setChecked(
            settings.value(SHOW_VALUES_KEY, False) not in (False, "false")
        )
        self.refresh_actions()

    # Building -------------------------------------------------------------------------

    def _build_actions(self) -> None:
        self.undo_action = QAction(
            QIcon.fromTheme(QIcon.ThemeIcon.EditUndo), self.tr("&Undo move"), self
        )
        self.undo_action.setObjectName("undo")
        self.undo_action.setShortcuts(undo_keys())
        self.undo_action.triggered.connect(self.undo)
        self.redo_action = QAction(
            QIcon.fromTheme(QIcon.ThemeIcon.EditRedo), self.tr("&Redo move"), self
        )
        self.redo_action.setObjectName("redo")
        self.redo_action.setShortcuts(redo_keys())
        self.redo_action.triggered.connect(self.redo)
        self.hint_action = QAction(
            QIcon.fromTheme(QIcon.ThemeIcon.DialogInformation), self.tr("&Hint"), self
        )
        self.hint_action.setObjectName("hint")
        self.hint_action.setShortcut(QKeySequence("Ctrl+H"))
        self._hint_tip = self.tr("Mark the best move and say why (Ctrl+H)")
        self.hint_action.setToolTip(self._hint_tip)
        self.hint_action.triggered.connect(self.show_hint)
        self.show_values_action = QAction(self.tr("Show move &values"), self)
        self.show_values_action.setObjectName("show-values")
        self.show_values_action.setCheckable(True)
        self.show_values_action.setToolTip(
            self.tr("Every empty cell says what playing there leads to with best play")
        )
        self.show_values_action.toggled.connect(self._on_show_values_toggled)
        self.budget_menu = QMenu(self.tr("Coach's search &time"))
        self.budget_menu.setObjectName("coach-budget")
        self.budget_menu.setToolTip(
            self.tr(
                "How long the coach searches for a hint or the move values on boards "
                "that are not solved"
            )
        )
        self.budget_group = QActionGroup(self)
        for budget in BUDGETS_MS:
            action = QAction(self.tr("{seconds} s").format(seconds=f"{budget / 1000:g}"), self)
            action.setCheckable(True)
            action.setData(budget)
            action.setChecked(budget == self.budget_ms)
            self.budget_group.addAction(action)
            self.budget_menu.addAction(action)
        self.budget_group.triggered.connect(self._on_budget_chosen)

    def _build_review_dock(self) -> None:
        # The panel is made when the dock first shows or a review is put in it: a hidden
        # dock holds only its room (the panel's module and widgets: 3 ms at the start).
        self._review_panel: ReviewPanel | None = None
        self.review_dock = QDockWidget(self.tr("Review"), self.window)
        self.review_dock.setObjectName("review-dock")
        hold_room(self.review_dock, REVIEW_DOCK_WIDTH)
        self.review_dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        # A tab beside the move list: showing it after a game leaves the board its size.
        self.window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.review_dock)
        self.window.tabifyDockWidget(self.review.moves_dock, self.review_dock)
        self.review_dock.hide()
        self.review_action = self.review_dock.toggleViewAction()
        self.review_action.setText(self.tr("&Review"))

    @property
    def review_panel(self) -> ReviewPanel:
        """The Review dock's panel (made on first use)."""
        panel = self._review_panel
        return self._make_review_panel() if panel is None else panel

    def _make_review_panel(self) -> ReviewPanel:
        from ttt_desktop.gui.coach.review_panel import ReviewPanel  # noqa: PLC0415  (not before the first paint)

        panel = ReviewPanel()
        panel.setMinimumWidth(REVIEW_DOCK_WIDTH)
        panel.verdict_chosen.connect(self.show_verdict)
        panel.try_again_requested.connect(self.try_again)
        move_in(self.review_dock, panel)
        self._review_panel = panel
        return panel

    def _shown_review(self) -> GameRecord | None:
        """The game whose review the panel shows (None: none, or no panel yet)."""
        return None if self._review_panel is None else self._review_panel.record

    def _clear_review_panel(self) -> None:
        if self._review_panel is not None:
            self._review_panel.show_review(None, None)

    def _add_to_menus(self, game_menu: QMenu, view_menu: QMenu) -> None:
        actions = game_menu.actions()
        # After the game commands (New game, Play again, Swap sides), before what follows.
        separators = [index for index, action in enumerate(actions) if action.isSeparator()]
        if separators:
            before = actions[separators[0]]
            game_menu.insertSeparator(before)
            game_menu.insertActions(before, [self.undo_action, self.redo_action, self.hint_action])
        else:
            game_menu.addSeparator()
            game_menu.addActions([self.undo_action, self.redo_action, self.hint_action])
        view_menu.addSeparator()
        view_menu.addAction(self.show_values_action)
        view_menu.addMenu(self.budget_menu)
        view_menu.addAction(self.review_action)

    def _build_toolbar(self) -> None:
        self.toolbar = _CoachToolBar(self.tr("Coach"), self.window)
        self.toolbar.setObjectName("coach-toolbar")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toolbar.setMovable(False)
        for action in (self.undo_action, self.redo_action, self.hint_action):
            self.toolbar.addAction(action)
        menu_bar = self.window.menuBar()
        if menu_bar.isNativeMenuBar():
            # A menu bar drawn by the system (macOS, a global menu) shows no corner widget.
            self.window.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.toolbar)
            return
        # Compact, at the right end of the menu bar: no row of its own above the board.
        self.toolbar.setIconSize(QSize(16, 16))
        self.toolbar.make_compact()
        menu_bar.setCornerWidget(self.toolbar, Qt.Corner.TopRightCorner)

    def _connect(self) -> None:
        controller = self.controller
        for signal in (
            controller.move_played,
            controller.history_changed,
            controller.thinking_started,
            controller.thinking_stopped,
            controller.paused_changed,
            controller.choice_made,
        ):
            signal.connect(self.refresh_actions)
        # After the opening's last choice the values of the position on show are wanted.
        controller.choice_made.connect(self._on_choice_made)
        controller.game_started.connect(self._on_game_started)
        controller.game_finished.connect(self._on_game_finished)
        controller.move_played.connect(self._update_review)
        controller.history_changed.connect(self._update_review)
        controller.thinking_started.connect(self._cancel_advice)
        # The values a computer's thinking held back (a browsed position), once it is done.
        controller.thinking_stopped.connect(self._on_thinking_stopped)
        controller.insight_ready.connect(self._on_insight_ready)
        controller.insight_failed.connect(self._on_insight_failed)
        self.board.board_changed.connect(self._on_board_changed)
        self.view.viewed_ply_changed.connect(self.refresh_actions)
        # The view action is checked on the dock's show event (visibilityChanged also asks
        # where the dock lies, and says False for a dock not laid out yet).
        self.review_action.toggled.connect(self._on_review_dock_visibility)
        self.review_dock.visibilityChanged.connect(self._on_review_dock_visibility)

    # Enabled state ----------------------------------------------------------------------

    def refresh_actions(self, *_args: object) -> None:
        """Enable Undo, Redo and Hint exactly when they can act."""
        controller = self.controller
        record = controller.session.record
        has_person = record.x.is_human or record.o.is_human
        self.undo_action.setEnabled(controller.session.can_undo)
        self.redo_action.setEnabled(controller.session.can_redo)
        if has_person:
            self.undo_action.setToolTip(
                self.tr("Take back your last move ({key})").format(
                    key=undo_keys()[0].toString(QKeySequence.SequenceFormat.NativeText)
                )
            )
        else:
            self.undo_action.setToolTip(
                self.tr("Undo is for games with a person in them: browse the moves instead")
            )
        board = record.final_board
        # No hint for an opening stone or a choice: the opening is placed, not played.
        in_opening = controller.session.opening_step is not None
        self.hint_action.setEnabled(
            not board.is_over
            and not in_opening
            and controller.session.waits_for_person
            and not controller.session.is_thinking
            and self.view.shows_newest
        )
        if in_opening:
            self.hint_action.setToolTip(
                self.tr("No hints for the opening's stones and choices: hints come after it")
            )
        else:
            self.hint_action.setToolTip(self._hint_tip)

    # Commands ---------------------------------------------------------------------------

    def undo(self) -> None:
        """Take back the last person's move (and the reply after it); show the newest position."""
        if not self.controller.session.can_undo:
            return
        self.controller.session.undo()
        self.view.follow_newest()
        self.board.setFocus(Qt.FocusReason.OtherFocusReason)
        self.refresh_actions()

    def redo(self) -> None:
        """Play again what the last undo took back."""
        if not self.controller.session.can_redo:
            return
        self.controller.session.redo()
        self.view.follow_newest()
        self.board.setFocus(Qt.FocusReason.OtherFocusReason)
        self.refresh_actions()

    def show_hint(self) -> None:
        """Mark the best cell(s) for the person to move and say why; the record notes it."""
        self.refresh_actions()
        if not self.hint_action.isEnabled():
            return
        board = self.controller.session.board
        if not board.rules.is_classic:
            advice = self._advice.get(self._advice_key(board))
            if advice is None:
                # The search process answers; the window goes on meanwhile.
                self._hint_wanted = board
                self._ask_advice(board)
                return
            self._present_hint(board, advice)
            return
        found = load_coach().hint(board)
        self.last_hint = found
        self._present_hint(board, found)

    def _present_hint(
        self, board: Board, found: coach_module.Hint | board_coach.BoardAdvice
    ) -> None:
        self._hint_wanted = None
        self.controller.session.note_hint()
        self._hint_board = board
        self.board.set_overlay(HINT_LAYER, hint_overlay(found))
        self._hint_message = self.tr("Hint for {mark}: {sentence}").format(
            mark=board.to_move.value, sentence=found.sentence
        )
        if getattr(found, "provable", False) and board not in self._not_proved:
            self._hint_message += self.tr(" (the solver is still proving this position)")
        self.window.statusBar().showMessage(self._hint_message, HINT_MESSAGE_MS)
        self.hint_shown.emit(found)

    @property
    def is_searching(self) -> bool:
        """True while the coach waits for the search process (a hint, values or a review)."""
        return bool(self._asked or self._reviews_asked)

    @property
    def is_proving(self) -> bool:
        """True while the solver goes on proving the position on show in the background."""
        return bool(self._proving)

    def set_budget_ms(self, budget_ms: float) -> None:
        """The coach's search time for hints and values on boards that are not solved."""
        self.budget_ms = float(budget_ms)
        for action in self.budget_group.actions():
            action.setChecked(action.data() == budget_ms)
        self._refresh_values()

    def _on_budget_chosen(self, action: QAction) -> None:
        self.settings.setValue(BUDGET_KEY, int(action.data()))
        self.set_budget_ms(float(action.data()))

    # The search process --------------------------------------------------------------

    def _advice_key(self, board: Board) -> tuple[Board, float, int | None]:
        return (board, self.budget_ms, self.search_nodes)

    def _ask_advice(self, board: Board) -> None:
        """Ask the search process for the advice on ``board`` (once; older asks abandoned)."""
        if board in self._asked.values():
            return
        self._cancel_advice()
        from ttt_desktop.players import coach_search  # noqa: PLC0415  (on first use)

        job = CallJob(
            coach_search.advise_job,
            (
                board.rules.key,
                board.cells,
                board.to_move.value,
                self.budget_ms,
                self.search_nodes,
            ),
        )
        ticket = self.controller.ask_insight(job)
        self._asked[ticket] = board
        if board.rules.key in SOLVED_KEYS:
            # A proof, not a search against the clock: no time to show.
            if self._hint_wanted is not None:
                text = self.tr("The coach is working out the best move...")
            else:
                text = self.tr("The coach is working out the value of every move...")
        elif self._hint_wanted is not None:
            text = self.tr("The coach is looking for the best move ({seconds} s)...")
        else:
            text = self.tr("The coach is weighing the moves ({seconds} s)...")
        self._waiting_message = text.format(seconds=f"{self.budget_ms / 1000:g}")
        self.window.statusBar().showMessage(self._waiting_message)

    def _ask_proof(self, board: Board) -> None:
        """Go on proving ``board`` in the search process (its advice is on show, not a proof):
        when the solver finishes the hint and the values become its exact ones."""
        if board in self._not_proved or board in self._proving.values():
            return
        self._cancel_proof()
        from ttt_desktop.players import coach_search  # noqa: PLC0415  (on first use)

        job = CallJob(
            coach_search.prove_job,
            (board.rules.key, board.cells, board.to_move.value, BACKGROUND_PROOF_MS),
        )
        self._proving[self.controller.ask_insight(job)] = board

    def _cancel_proof(self) -> None:
        """Abandon the proof in the background (another position, a computer thinks)."""
        if self._proving:
            self.controller.cancel_insight(max(self._proving))
            self._proving.clear()

    def _on_proof(self, board: Board, answer: board_coach.BoardAdvice | None) -> None:
        """The solver's answer on ``board``: its advice replaces the search's (the hint on
        show, the values), or None when it did not finish within its time."""
        if answer is None:
            if len(self._not_proved) >= ADVICE_CACHE:
                self._not_proved.pop(next(iter(self._not_proved)))
            self._not_proved[board] = None
            if self._hint_board == board and self._hint_message:
                seconds = f"{BACKGROUND_PROOF_MS / 1000:g}"
                self._hint_message = self.tr(
                    "The solver did not prove this position within {seconds} s: the hint "
                    "is the search's"
                ).format(seconds=seconds)
                self.window.statusBar().showMessage(self._hint_message, HINT_MESSAGE_MS)
            self.proof_finished.emit(board, None)
            return
        for key in [key for key in self._advice if key[0] == board]:
            del self._advice[key]
        self._advice[self._advice_key(board)] = answer
        self.last_advice = answer
        if self._hint_board == board and self.controller.session.board == board:
            self._present_hint(board, answer)
        self._refresh_values()
        self.proof_finished.emit(board, answer)

    def _cancel_advice(self, *_args: object) -> None:
        """Abandon the advice asked for (a move was made, a computer thinks, another position)."""
        self._cancel_proof()
        if not self._asked:
            return
        self.controller.cancel_insight(max(self._asked))
        self._asked.clear()
        self._hint_wanted = None
        self._clear_waiting_message()

    def _clear_waiting_message(self) -> None:
        if self._waiting_message and self.window.statusBar().currentMessage() == (
            self._waiting_message
        ):
            self.window.statusBar().clearMessage()
        self._waiting_message = ""

    def _on_insight_ready(self, ticket: int, answer: Any) -> None:
        proved = self._proving.pop(ticket, None)
        if proved is not None:
            self._on_proof(proved, answer)
            return
        board = self._asked.pop(ticket, None)
        if board is not None:
            self._clear_waiting_message()
            if len(self._advice) >= ADVICE_CACHE:
                self._advice.pop(next(iter(self._advice)))
            self._advice[self._advice_key(board)] = answer
            self.last_advice = answer
            self.advice_ready.emit(answer)
            if self._hint_wanted == board and self.controller.session.board == board:
                self._present_hint(board, answer)
            self._refresh_values()
            if answer.provable and self.board.board == board:
                self._ask_proof(board)
            return
        record = self._reviews_asked.pop(ticket, None)
        if record is not None:
            self._present_board_review(record, answer)

    def _on_insight_failed(self, ticket: int, message: str) -> None:
        if self._proving.pop(ticket, None) is not None:
            return  # the hint on show stays the search's, which says so
        if self._asked.pop(ticket, None) is not None:
            self._hint_wanted = None
            self._clear_waiting_message()
            self.window.statusBar().showMessage(
                self.tr("The coach could not look at this position: {message}").format(
                    message=message
                ),
                HINT_MESSAGE_MS,
            )
            return
        record = self._reviews_asked.pop(ticket, None)
        if record is not None and self._shown_review() is record:
            self.review_panel.show_pending(
                record, self.tr("The review failed: {message}").format(message=message)
            )

    def show_values(self, shown: bool) -> None:
        """Show or hide the move values (the View menu's check box), and remember it."""
        self.show_values_action.setChecked(shown)

    def show_review(self, record: GameRecord) -> None:
        """Review ``record`` in the dock and show the dock (games opened or from history)."""
        self._review_due = None
        self._review(record)
        self.review_dock.show()
        self.review_dock.raise_()

    def show_verdict(self, verdict: coach_module.MoveVerdict | board_coach.BoardVerdict) -> None:
        """Show the position before ``verdict``'s move with the better move marked."""
        record = self._shown_review()
        if record is None or record.game_id != self.controller.session.record.game_id:
            return
        self.view.show_ply(verdict.ply)
        self._review_board = record.board_at(verdict.ply)
        self.board.set_overlay(REVIEW_LAYER, verdict_overlay(verdict))
        self.window.statusBar().showMessage(
            verdict.sentence or verdict_words(verdict), HINT_MESSAGE_MS
        )

    def try_again(self, verdict: coach_module.MoveVerdict | board_coach.BoardVerdict) -> None:
        """Start a game from the position before ``verdict``'s move, with the same players."""
        self.view.show_ply(verdict.ply)
        self._starting_practice = True
        try:
            self.review.play_on_from_here()
        finally:
            self._starting_practice = False
        self.window.statusBar().showMessage(
            self.tr("Try again: the position before move {number}").format(number=verdict.number),
            HINT_MESSAGE_MS,
        )

    # Reacting -------------------------------------------------------------------------------

    def _on_show_values_toggled(self, shown: bool) -> None:
        self.settings.setValue(SHOW_VALUES_KEY, shown)
        self._refresh_values()

    def _in_opening_on_show(self) -> bool:
        """True when the position on show is inside a swap opening (its stones, or its
        choice still to make): move values there would judge a stone nobody plays."""
        session = self.controller.session
        opening = session.record.opening
        if opening is None:
            return False
        if self.view.shows_newest:
            return session.opening_step is not None
        return self.view.viewed_ply < opening.stones

    def _refresh_values(self) -> None:
        board = self.board.board
        shown = self.show_values_action.isChecked()
        if shown and self._in_opening_on_show():
            self.board.set_overlay(VALUES_LAYER, None)
            return
        if not shown or board.rules.is_classic or board.is_over:
            self.board.set_overlay(VALUES_LAYER, values_overlay(board) if shown else None)
            return
        advice = self._advice.get(self._advice_key(board))
        if advice is not None:
            self.board.set_overlay(VALUES_LAYER, advice_values_overlay(advice))
            return
        self.board.set_overlay(VALUES_LAYER, None)
        # No search while a computer thinks: its move comes first.
        if not self.controller.session.is_thinking:
            self._ask_advice(board)

    def _on_choice_made(self, _record: GameRecord) -> None:
        if self.show_values_action.isChecked():
            self._values_timer.start()

    def _on_thinking_stopped(self) -> None:
        if self.show_values_action.isChecked() and not self.board.board.rules.is_classic:
            self._values_timer.start()

    def _on_board_changed(self, board: Board) -> None:
        if self._asked and board not in self._asked.values():
            self._cancel_advice()
        if self._proving and board not in self._proving.values():
            self._cancel_proof()
        if board.rules.is_classic:
            self._refresh_values()
        else:
            # After the signals of this move settle (a computer may start thinking on it).
            self._values_timer.start()
        if self._hint_board is not None and board is not self._hint_board:
            self._hint_board = None
            self.board.set_overlay(HINT_LAYER, None)
            if self._hint_message and self.window.statusBar().currentMessage() == (
                self._hint_message
            ):
                self.window.statusBar().clearMessage()
        if self._review_board is not None and board is not self._review_board:
            self._review_board = None
            self.board.set_overlay(REVIEW_LAYER, None)

    def _on_game_started(self, record: GameRecord) -> None:
        self.last_hint = None
        self._review_due = None
        if record.x.is_human or record.o.is_human:
            # A person's game ends with its review at once: the coach loads meanwhile (once
            # the window is up: its import would compete with the window's start).
            every_board = not record.rules.is_classic
            QTimer.singleShot(PRELOAD_AFTER_MS, lambda: preload_coach(every_board=every_board))
        # A verdict's marking belongs to the game it came from, even when the new game
        # starts on the same position ("Try again from here").
        self._review_board = None
        self.board.set_overlay(REVIEW_LAYER, None)
        if self._starting_practice:
            # "Try again": the review of the game it came from stays on show to practise
            # with (it was cleared, and the dock stayed open and empty).
            pass
        elif record.moves:
            # A game opened with moves in it: its review, at once.
            self._review(record)
        else:
            self._cancel_reviews()
            self._clear_review_panel()
        if self.review.game_was_opened and record.moves:
            self.review_dock.show()
            self.review_dock.raise_()
        elif not self._starting_practice and not self.review.panels_in_every_game:
            # A new game (New game, Play again, a seat change) starts on the first screen:
            # the board, the players and the score. "Try again" keeps the review it came
            # from; the View menu's "Moves and replay in every game" keeps it in every game.
            self.review_dock.hide()
        self.refresh_actions()

    def _on_game_finished(self, record: GameRecord) -> None:
        if (record.x.is_human or record.o.is_human) and record.moves:
            self._review_due = None
            self._review(record)
            self.review_dock.show()
            self.review_dock.raise_()
        elif self.review_dock.isVisible():
            self._review_due = None
            self._review(record)
        else:
            # Computers' games with the dock hidden: the review is built when the dock
            # shows (the first review, importing the solver, cost 15-23 ms in the GUI thread).
            self._review_due = record
            self._clear_review_panel()
        self.refresh_actions()

    def _on_review_dock_visibility(self, visible: bool) -> None:
        if visible and self._review_panel is None:
            self._make_review_panel()
        record = self._review_due
        if visible and record is not None:
            self._review_due = None
            self._review(record)

    @property
    def review_due(self) -> GameRecord | None:
        """A finished game whose review waits for the Review dock to show."""
        return self._review_due

    def _update_review(self, record: GameRecord) -> None:
        # A review on show follows its game (moves taken back, a game opened and played on).
        shown = self._shown_review()
        if shown is not None and shown.game_id == record.game_id and not record.is_finished:
            if record.rules.is_classic:
                self.review_panel.show_review(_review_of(record), record)
            else:
                # A search's review costs seconds: it is asked again when the game ends.
                self._cancel_reviews()
                self._clear_review_panel()

    # Reviews on boards other than 3x3 ---------------------------------------------------

    def _review(self, record: GameRecord) -> None:
        """Show the review of ``record``: at once on 3x3, from the search process elsewhere."""
        if record in self._reviews_asked.values():
            return
        self._cancel_reviews()
        if record.rules.is_classic:
            self.review_panel.show_review(_review_of(record), record)
            return
        if not record.moves:
            self._clear_review_panel()
            return
        from ttt_desktop.analysis import board_coach  # noqa: PLC0415  (on first use)
        from ttt_desktop.players import coach_search  # noqa: PLC0415  (the coach's search: not before the first paint)

        load_coach()
        job = CallJob(
            coach_search.review_job,
            (
                record.rules.key,
                record.first.value,
                tuple(record.moves),
                self.review_budget_ms,
                self.review_nodes,
            ),
        )
        ticket = self.controller.ask_insight(job)
        self._reviews_asked[ticket] = record
        if board_coach.is_exact(record.rules):
            text = self.tr("Reviewing the game with the exact solver...")
        else:
            text = self.tr(
                "Reviewing the game: a search of {budget} s per position, about {total} s..."
            ).format(
                budget=f"{self.review_budget_ms / 1000:g}",
                total=round(self.review_budget_ms * (len(record.moves) + 1) / 1000),
            )
        self.review_panel.show_pending(record, text)

    def _cancel_reviews(self) -> None:
        if self._reviews_asked:
            self.controller.cancel_insight(max(self._reviews_asked))
            self._reviews_asked.clear()

    def _present_board_review(self, record: GameRecord, answer: Any) -> None:
        from ttt_desktop.analysis import board_coach  # noqa: PLC0415  (loaded by now)
        from ttt_desktop.analysis.coach import summarise  # noqa: PLC0415  (loaded with it)

        verdicts, seconds = answer
        opening = record.opening
        if opening is not None:
            # The opening's stones are placed, not played: no verdict, and none in the sums.
            verdicts = tuple(verdict for verdict in verdicts if verdict.ply >= opening.stones)
        marks = (Mark.X, Mark.O)
        review = board_coach.BoardReview(
            verdicts,
            summarise(
                verdicts,
                {mark: record.player(mark).name for mark in marks},
                {mark: record.moves_taken_back(mark) for mark in marks},
                {mark: record.hints_used(mark) for mark in marks},
            ),
            board_coach.is_exact(record.rules),
            None if board_coach.is_exact(record.rules) else self.review_budget_ms,
            seconds,
        )
        if self._shown_review() is record:
            self.review_panel.show_review(review, record)
        self.review_ready.emit(review)


def _budget_setting(settings: QSettings) -> float:
    value = settings.value(BUDGET_KEY, COACH_BUDGET_MS)
    try:
        budget = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return float(COACH_BUDGET_MS)
    return budget if budget in BUDGETS_MS else float(COACH_BUDGET_MS)


def _review_of(record: GameRecord) -> coach_module.GameReview | None:
    """The coach's review of a tic-tac-toe game (None for a game with no moves)."""
    review: coach_module.GameReview = load_coach().review_game(record)
    return review


class _CoachToolBar(QToolBar):
    """The coach's tool bar, compact enough for the menu bar's corner."""

    compact = False

    def make_compact(self) -> None:
        """No margins and no spacing: the bar's height is its buttons'."""
        self.compact = True
        self.setContentsMargins(0, 0, 0, 0)
        layout = self.layout()
        if layout is not None:
            layout.setContentsMargins(0, 0, 0, 0)
            layout.setSpacing(0)

    def changeEvent(self, event: QEvent) -> None:
        # A new style (the check boxes' proxy goes over the app's style after the first
        # paint) has just given the layout the style's margins again: 8 px more height
        # for the menu bar, and everything below it moved down. Taken back at once.
        super().changeEvent(event)
        if self.compact and event.type() == QEvent.Type.StyleChange:
            self.make_compact()
