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

Everything is read from :mod:`ttt_desktop.analysis.coach` (exact, from the solver),
never from the computer being played; it is imported on first use, after the window
shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QObject, QSettings, QSize, Qt
from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QToolBar

from ttt_desktop.engine import Board
from ttt_desktop.engine.record import GameRecord
from ttt_desktop.gui.board_widget import BoardWidget
from ttt_desktop.gui.coach.overlays import (
    HINT_LAYER,
    REVIEW_LAYER,
    VALUES_LAYER,
    hint_overlay,
    load_coach,
    preload_coach,
    values_overlay,
    verdict_overlay,
)
from ttt_desktop.gui.coach.review_panel import ReviewPanel
from ttt_desktop.gui.controller import GameController
from ttt_desktop.gui.review import MOVES_DOCK_WIDTH, ReviewFeatures

if TYPE_CHECKING:
    from ttt_desktop.analysis import coach as coach_module

SHOW_VALUES_KEY: Final = "coach/show_move_values"
HINT_MESSAGE_MS: Final = 10_000
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

    def __init__(
        self,
        window: QMainWindow,
        *,
        controller: GameController,
        board: BoardWidget,
        review: ReviewFeatures,
        game_menu: QMenu,
        view_menu: QMenu,
        settings: QSettings,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.controller = controller
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
        self.hint_action.setToolTip(self.tr("Mark the best move and say why (Ctrl+H)"))
        self.hint_action.triggered.connect(self.show_hint)
        self.show_values_action = QAction(self.tr("Show move &values"), self)
        self.show_values_action.setObjectName("show-values")
        self.show_values_action.setCheckable(True)
        self.show_values_action.setToolTip(
            self.tr("Every empty cell says what playing there leads to with best play")
        )
        self.show_values_action.toggled.connect(self._on_show_values_toggled)

    def _build_review_dock(self) -> None:
        self.review_panel = ReviewPanel()
        self.review_panel.setMinimumWidth(REVIEW_DOCK_WIDTH)
        self.review_dock = QDockWidget(self.tr("Review"), self.window)
        self.review_dock.setObjectName("review-dock")
        self.review_dock.setWidget(self.review_panel)
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
        view_menu.addAction(self.review_action)

    def _build_toolbar(self) -> None:
        self.toolbar = QToolBar(self.tr("Coach"), self.window)
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
        self.toolbar.setContentsMargins(0, 0, 0, 0)
        layout = self.toolbar.layout()
        if layout is not None:
            layout.setContentsMargins(0, 0, 0, 0)
            layout.setSpacing(0)
        menu_bar.setCornerWidget(self.toolbar, Qt.Corner.TopRightCorner)

    def _connect(self) -> None:
        controller = self.controller
        for signal in (
            controller.move_played,
            controller.history_changed,
            controller.thinking_started,
            controller.thinking_stopped,
            controller.paused_changed,
        ):
            signal.connect(self.refresh_actions)
        controller.game_started.connect(self._on_game_started)
        controller.game_finished.connect(self._on_game_finished)
        controller.move_played.connect(self._update_review)
        controller.history_changed.connect(self._update_review)
        self.board.board_changed.connect(self._on_board_changed)
        self.review.replay_bar.view_changed.connect(self.refresh_actions)
        self.review_panel.verdict_chosen.connect(self.show_verdict)
        self.review_panel.try_again_requested.connect(self.try_again)
        # The view action is checked on the dock's show event (visibilityChanged also asks
        # where the dock lies, and says False for a dock not laid out yet).
        self.review_action.toggled.connect(self._on_review_dock_visibility)
        self.review_dock.visibilityChanged.connect(self._on_review_dock_visibility)

    # Enabled state ----------------------------------------------------------------------

    def refresh_actions(self, *_args: object) -> None:
        """Enable Undo, Redo and Hint exactly when they can act."""
        controller = self.controller
        record = controller.record
        has_person = record.x.is_human or record.o.is_human
        self.undo_action.setEnabled(controller.can_undo)
        self.redo_action.setEnabled(controller.can_redo)
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
        # The coach knows the solved boards only (tic-tac-toe, for now).
        self.hint_action.setEnabled(
            record.rules.is_classic
            and not board.is_over
            and controller.seat(board.to_move).is_human
            and not controller.is_thinking
            and self.review.shows_newest
        )

    # Commands ---------------------------------------------------------------------------

    def undo(self) -> None:
        """Take back the last person's move (and the reply after it); show the newest position."""
        if not self.controller.can_undo:
            return
        self.controller.undo()
        self.review.replay_bar.follow_live()
        self.board.setFocus(Qt.FocusReason.OtherFocusReason)
        self.refresh_actions()

    def redo(self) -> None:
        """Play again what the last undo took back."""
        if not self.controller.can_redo:
            return
        self.controller.redo()
        self.review.replay_bar.follow_live()
        self.board.setFocus(Qt.FocusReason.OtherFocusReason)
        self.refresh_actions()

    def show_hint(self) -> None:
        """Mark the best cell(s) for the person to move and say why; the record notes it."""
        self.refresh_actions()
        if not self.hint_action.isEnabled():
            return
        board = self.controller.board
        found = load_coach().hint(board)
        self.controller.note_hint()
        self.last_hint = found
        self._hint_board = board
        self.board.set_overlay(HINT_LAYER, hint_overlay(found))
        self._hint_message = self.tr("Hint for {mark}: {sentence}").format(
            mark=board.to_move.value, sentence=found.sentence
        )
        self.window.statusBar().showMessage(self._hint_message, HINT_MESSAGE_MS)

    def show_values(self, shown: bool) -> None:
        """Show or hide the move values (the View menu's check box), and remember it."""
        self.show_values_action.setChecked(shown)

    def show_review(self, record: GameRecord) -> None:
        """Review ``record`` in the dock and show the dock (games opened or from history)."""
        self._review_due = None
        self.review_panel.show_review(_review_of(record), record)
        self.review_dock.show()
        self.review_dock.raise_()

    def show_verdict(self, verdict: coach_module.MoveVerdict) -> None:
        """Show the position before ``verdict``'s move with the better move marked."""
        record = self.review_panel.record
        if record is None or record.game_id != self.controller.record.game_id:
            return
        self.review.replay_bar.show_ply(verdict.ply)
        self._review_board = record.board_at(verdict.ply)
        self.board.set_overlay(REVIEW_LAYER, verdict_overlay(verdict))
        self.window.statusBar().showMessage(
            verdict.sentence or load_coach().verdict_label(verdict.kind), HINT_MESSAGE_MS
        )

    def try_again(self, verdict: coach_module.MoveVerdict) -> None:
        """Start a game from the position before ``verdict``'s move, with the same players."""
        self.review.replay_bar.show_ply(verdict.ply)
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

    def _refresh_values(self) -> None:
        board = self.board.board
        # Exact values exist for the solved boards only (tic-tac-toe, for now).
        shown = self.show_values_action.isChecked() and board.rules.is_classic
        self.board.set_overlay(VALUES_LAYER, values_overlay(board) if shown else None)

    def _on_board_changed(self, board: Board) -> None:
        self._refresh_values()
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
            # A person's game ends with its review at once: the coach loads meanwhile.
            preload_coach()
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
            self.review_panel.show_review(_review_of(record), record)
        else:
            self.review_panel.show_review(None, None)
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
            self.review_panel.show_review(_review_of(record), record)
            self.review_dock.show()
            self.review_dock.raise_()
        elif self.review_dock.isVisible():
            self._review_due = None
            self.review_panel.show_review(_review_of(record), record)
        else:
            # Computers' games with the dock hidden: the review is built when the dock
            # shows (the first review, importing the solver, cost 15-23 ms in the GUI thread).
            self._review_due = record
            self.review_panel.show_review(None, None)
        self.refresh_actions()

    def _on_review_dock_visibility(self, visible: bool) -> None:
        record = self._review_due
        if visible and record is not None:
            self._review_due = None
            self.review_panel.show_review(_review_of(record), record)

    @property
    def review_due(self) -> GameRecord | None:
        """A finished game whose review waits for the Review dock to show."""
        return self._review_due

    def _update_review(self, record: GameRecord) -> None:
        # A review on show follows its game (moves taken back, a game opened and played on).
        shown = self.review_panel.record
        if shown is not None and shown.game_id == record.game_id and not record.is_finished:
            self.review_panel.show_review(_review_of(record), record)


def _review_of(record: GameRecord) -> coach_module.GameReview | None:
    """The coach's review of ``record``; None on boards the coach has not solved (all but
    tic-tac-toe, for now): the panel then says what it is for, and nothing fails."""
    if not record.rules.is_classic:
        return None
    review: coach_module.GameReview = load_coach().review_game(record)
    return review
