"""Watching and reviewing games in the main window: history, game files and matches.

:class:`ReviewFeatures` brings the replay bar (the window puts it under the board),
the move list (a dock), the File menu (save, open, recent files, copy and paste as
text, drag and drop), the View menu (replay controls, history keys, "Play on from
here", "Replay live", matches) and a match score line. The position on show is the
window's view model's (:class:`~ttt_desktop.gui.game.view_model.GameView`): the replay
bar and the move list drive it and follow it, and the view model alone draws it on the
board (which takes moves only while it shows the newest position); nothing here
touches the game's record.

It takes the collaborators it needs (the controller, the view model, the board widget
for its clicks and keys, the settings, the window that hosts its docks and menus, a way
to seat a player and the seats to offer) and tells the rest in signals; it never knows
the main window.

History keys: Alt+Left/Alt+Right step one move, Alt+Home/Alt+End go to the start
and the newest move, Ctrl+P plays or pauses, anywhere in the window; plain
Left/Right/Up/Down/Home/End do the same while the move list has the focus. Plain
arrows and digits on the board play, as always.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFormLayout,
    QLabel,
    QMainWindow,
    QWidget,
)

from ttt_desktop.core import GameRecord, Mark
from ttt_desktop.gui.board.board_widget import BoardWidget
from ttt_desktop.gui.game.controller import GameController, Seat, cannot_open_words
from ttt_desktop.gui.game.player_panel import kind_plays
from ttt_desktop.gui.game.view_model import GameView
from ttt_desktop.gui.review.game_files import GameFiles
from ttt_desktop.gui.review.match import MatchDialog, MatchRunner, MatchScore
from ttt_desktop.gui.review.replay_bar import ReplayBar
from ttt_desktop.gui.shell.dock_room import hold_room, move_in
from ttt_desktop.gui.shell.look import MESSAGE_MS
from ttt_desktop.players import HUMAN_KIND

if TYPE_CHECKING:
    from ttt_desktop.gui.review.move_list import MoveList

# Where the docks' layout and the replay bar's visibility are kept between runs.
LAYOUT_KEY: Final = "window/review_layout"
HISTORY_ALWAYS_KEY: Final = "view/history_in_every_game"
MOVES_DOCK_WIDTH: Final = 230


class PlayOnDialog(QDialog):
    """Asks who plays X and O when a game goes on from an earlier position."""

    def __init__(
        self, parent: QWidget | None, choices: list[Seat], x: Seat, o: Seat, ply: int
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Play on from here"))
        self._choices = list(choices)
        for seat in (x, o):
            if seat not in self._choices:
                self._choices.append(seat)
        self.x_box = self._combo(x)
        self.o_box = self._combo(o)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Play on"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QFormLayout(self)
        if ply == 0:
            start = self.tr("A new game goes on from the empty board.")
        else:
            start = self.tr("A new game goes on from the position after move {ply}.").format(
                ply=ply
            )
        layout.addRow(QLabel(start))
        layout.addRow("X", self.x_box)
        layout.addRow("O", self.o_box)
        layout.addRow(buttons)

    def _combo(self, selected: Seat) -> QComboBox:
        box = QComboBox(self)
        for seat in self._choices:
            label = (
                self.tr("{name} (person)").format(name=seat.name)
                if seat.kind == HUMAN_KIND
                else seat.name
            )
            box.addItem(label)
        box.setCurrentIndex(self._choices.index(selected))
        return box

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The seats chosen for X and O."""
        return self._choices[self.x_box.currentIndex()], self._choices[self.o_box.currentIndex()]


class ReviewFeatures(QObject):
    """The window's history view, game files, matches and their menus."""

    # The game file now on show (its name belongs in the window title).
    file_named = Signal(str)

    def __init__(
        self,
        window: QMainWindow,
        *,
        controller: GameController,
        view: GameView,
        board: BoardWidget,
        settings: QSettings,
        menus_before: QAction,
        place_below_board: Callable[[QWidget], None],
        seat_player: Callable[[Mark, Seat], None],
        seat_choices: Callable[[], list[Seat]],
    ) -> None:
        """``window`` hosts the docks, menus and status line; ``menus_before`` is the menu
        File and View go before (Help); ``place_below_board(widget)`` puts the replay bar
        under the board; ``seat_player(mark, seat)`` seats a player as the
        player panel would; ``seat_choices()`` lists who may be seated."""
        super().__init__(window)
        self.window = window
        self.controller = controller
        self.view = view
        self.board = board
        self.settings = settings
        self._menus_before = menus_before
        self._place_below_board = place_below_board
        self._seat_player = seat_player
        self._seat_choices = seat_choices
        self._history_shown = True
        self._history_for_this_game = False
        self._opening = False
        self._game_opened = False
        self._build_widgets()
        self._build_menus()
        self._connect()
        self.replay_bar.set_move_delay_ms(self.controller.session.move_delay_ms)
        self._restore_layout()
        window.installEventFilter(self)

    # Building -------------------------------------------------------------------

    def _build_widgets(self) -> None:
        window = self.window
        self.replay_bar = ReplayBar(self.view.position)
        self._place_below_board(self.replay_bar)

        self.match_label = QLabel()
        self.match_label.setObjectName("match-score")
        self.match_label.setAccessibleName(self.tr("Match score"))
        # In the window's status bar, on the right: it takes no room from the board.
        window.statusBar().addPermanentWidget(self.match_label)
        self.match_label.hide()
        self.replay_bar.hide()

        self.moves_dock = QDockWidget(self.tr("Moves"), window)
        self.moves_dock.setObjectName("moves-dock")
        # The move list is made when the dock first shows (or someone asks for it): most
        # first screens have no move list, and it is the window's costliest widget to make
        # (a table, its header, a style of its own). Until then the dock holds its room.
        self._move_list: MoveList | None = None
        hold_room(self.moves_dock, MOVES_DOCK_WIDTH)
        self.moves_dock.visibilityChanged.connect(self._on_moves_dock_visibility)
        self.moves_dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.moves_dock)

        self.game_files = GameFiles(window, lambda: self.controller.session.record, self.settings)
        self.game_files.accept_drops_on(window)
        self.match_runner = MatchRunner(self.controller, self)

    def _build_menus(self) -> None:
        window = self.window
        bar = window.menuBar()
        help_action = self._menus_before
        self.file_menu = bar.addMenu(self.tr("&File"))
        bar.insertMenu(help_action, self.file_menu)
        self.game_files.add_actions_to(self.file_menu)

        self.view_menu = bar.addMenu(self.tr("&View"))
        bar.insertMenu(help_action, self.view_menu)
        menu = self.view_menu
        # The move list and the replay bar show where they serve (computers playing
        # each other, a game opened or browsed); this asks for them in every game.
        self.history_always_action = QAction(self.tr("&Moves and replay in every game"), self)
        self.history_always_action.setCheckable(True)
        self.history_always_action.setToolTip(
            self.tr(
                "Show the move list and the replay controls in every game, "
                "not only when computers play each other or a game is opened"
            )
        )
        self.history_always_action.toggled.connect(self._on_history_always_toggled)
        menu.addAction(self.history_always_action)
        menu.addSeparator()
        for action in self.replay_bar.history_actions:
            menu.addAction(action)
        menu.addSeparator()
        self.play_on_action = QAction(self.tr("Play on from &here..."), self)
        self.play_on_action.setShortcut(QKeySequence("Ctrl+B"))
        self.play_on_action.triggered.connect(self._play_on_from_menu)
        menu.addAction(self.play_on_action)
        self.replay_live_action = QAction(self.tr("&Replay live"), self)
        self.replay_live_action.setToolTip(
            self.tr("Play this game again with its computer players and their seeds")
        )
        self.replay_live_action.triggered.connect(self.replay_live)
        menu.addAction(self.replay_live_action)
        menu.addSeparator()
        self.watch_match_action = QAction(self.tr("&Watch a match..."), self)
        self.watch_match_action.setShortcut(QKeySequence("Ctrl+M"))
        self.watch_match_action.triggered.connect(self._watch_match_from_menu)
        menu.addAction(self.watch_match_action)
        self.stop_match_action = QAction(self.tr("&Stop the match"), self)
        self.stop_match_action.setEnabled(False)
        self.stop_match_action.triggered.connect(self.match_runner.stop)
        menu.addAction(self.stop_match_action)

    def _connect(self) -> None:
        controller = self.controller
        # Board input goes through play_cell, which knows whether history is on show.
        self.board.cell_clicked.connect(self.play_cell)
        self.view.record_shown.connect(self._show_record)
        self.view.viewed_ply_changed.connect(self._show_ply)
        controller.paused_changed.connect(self._remind_paused)
        controller.game_started.connect(self._remind_paused)
        controller.move_delay_changed.connect(self.replay_bar.set_move_delay_ms)
        self.game_files.record_opened.connect(self._open_record)
        self.game_files.record_saved.connect(self._on_saved)
        self.match_runner.match_started.connect(self._show_match_score)
        self.match_runner.score_changed.connect(self._show_match_score)
        self.match_runner.match_finished.connect(self._show_match_score)
        controller.game_started.connect(self._hide_old_match_score)
        controller.game_started.connect(self._on_game_started_for_history)

    # Layout between runs -------------------------------------------------------------

    def _restore_layout(self) -> None:
        settings = self.settings
        state = settings.value(LAYOUT_KEY)
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.window.restoreState(state)
        always = settings.value(HISTORY_ALWAYS_KEY, False)
        # QSettings' INI files hand booleans back as strings.
        self.history_always_action.setChecked(always in (True, "true"))
        self._update_history_visibility()

    def save_layout(self) -> None:
        """Remember where the move list is docked and whether history shows in every game."""
        settings = self.settings
        settings.setValue(LAYOUT_KEY, self.window.saveState())
        settings.setValue(HISTORY_ALWAYS_KEY, self.history_always_action.isChecked())

    # When the move list and the replay bar show ---------------------------------------

    @property
    def game_was_opened(self) -> bool:
        """True when the game in hand was opened (a file, the clipboard, History, a live
        replay) rather than started by a person (New game, Play again, a seat change)."""
        return self._game_opened

    @property
    def panels_in_every_game(self) -> bool:
        """The View menu's "Moves and replay in every game": panels stay in every game."""
        return self.history_always_action.isChecked()

    @property
    def history_shown(self) -> bool:
        """True while the move list and the replay bar are on show."""
        return self._history_shown

    def _on_history_always_toggled(self, checked: bool) -> None:
        self.settings.setValue(HISTORY_ALWAYS_KEY, checked)
        self._update_history_visibility()

    def _on_game_started_for_history(self, record: GameRecord) -> None:
        # A game opened, pasted or replayed keeps its history on show; a new one starts calm.
        self._game_opened = self._opening
        self._history_for_this_game = self._opening
        self._update_history_visibility()

    def _update_history_visibility(self) -> None:
        record = self.controller.session.record
        computers_only = not record.x.is_human and not record.o.is_human
        shown = (
            self.history_always_action.isChecked()
            or computers_only
            or self._history_for_this_game
            or not self.shows_newest
        )
        self._history_shown = shown
        if self.replay_bar.isHidden() == shown:
            self.replay_bar.setVisible(shown)
        if self.moves_dock.isHidden() == shown:
            self.moves_dock.setVisible(shown)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Close:
            self.save_layout()
        return super().eventFilter(watched, event)

    # What is on show --------------------------------------------------------------

    @property
    def shows_newest(self) -> bool:
        """True when the board shows the game's newest position (the view model's)."""
        return self.view.shows_newest

    @property
    def move_list(self) -> MoveList:
        """The Moves dock's list of the game's moves (made on first use)."""
        listing = self._move_list
        return self._make_move_list() if listing is None else listing

    def _make_move_list(self) -> MoveList:
        from ttt_desktop.gui.review.move_list import MoveList  # noqa: PLC0415  (not before the first paint)

        listing = MoveList()
        listing.setMinimumWidth(MOVES_DOCK_WIDTH)
        listing.ply_selected.connect(self.view.show_ply)
        record = self.view.position.record
        if record is not None:
            listing.set_record(record)
            listing.set_current_ply(self.view.viewed_ply)
        move_in(self.moves_dock, listing)
        self._move_list = listing
        return listing

    def _on_moves_dock_visibility(self, visible: bool) -> None:
        if visible and self._move_list is None:
            self._make_move_list()

    def _show_record(self, record: GameRecord) -> None:
        if self._move_list is not None:
            self._move_list.set_record(record)
        self._refresh_actions()

    def _show_ply(self, ply: int) -> None:
        if self._move_list is not None:
            self._move_list.set_current_ply(ply)
        if not self.shows_newest:
            # Browsing (Alt+Left, say): the history stays on show for this game.
            self._history_for_this_game = True
            self._update_history_visibility()
        self._refresh_actions()

    def _refresh_actions(self) -> None:
        record = self.controller.session.record
        self.play_on_action.setEnabled(
            self.view.viewed_ply < len(record.moves) or record.is_finished
        )
        self.replay_live_action.setEnabled(
            not record.x.is_human and not record.o.is_human and record.ply > 0
        )

    def play_cell(self, cell: int) -> None:
        """A click or key on the board: a move at the newest position; else back to it."""
        if self.shows_newest or self.controller.session.record.is_finished:
            self.controller.session.play_cell(cell)
            return
        self.view.follow_newest()
        self.window.statusBar().showMessage(
            self.tr("That was an earlier position: back to the newest one, where you can move."),
            MESSAGE_MS,
        )

    def _remind_paused(self, *_args: object) -> None:
        # A paused game between two AIs looks stuck without a word about it.
        status = self.window.statusBar()
        if self.controller.session.paused and self.view.position.is_live_match:
            status.showMessage(self._paused_message())
        elif status.currentMessage() == self._paused_message():
            status.clearMessage()

    def _paused_message(self) -> str:
        return self.tr("Paused between moves: Play (Ctrl+P) resumes, Forward plays one move.")

    # Commands ---------------------------------------------------------------------

    def ask_play_on_seats(self, ply: int) -> tuple[Seat, Seat] | None:
        """Who plays on from ``ply``, from a dialog; None when cancelled (replaced in tests)."""
        dialog = PlayOnDialog(
            self.window,
            self._seat_choices(),
            self.controller.session.seat(Mark.X),
            self.controller.session.seat(Mark.O),
            ply,
        )
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.seats

    def _play_on_from_menu(self) -> None:
        seats = self.ask_play_on_seats(self.view.viewed_ply)
        if seats is not None:
            self.play_on_from_here(*seats)

    def play_on_from_here(self, x: Seat | None = None, o: Seat | None = None) -> None:
        """Start a new game from the position on show, with these players (default: the same).

        The new game's record notes the game and ply it came from (``branched_from``);
        the old record is not changed.
        """
        record = self.controller.session.record
        ply = self.view.viewed_ply
        for mark, seat in ((Mark.X, x), (Mark.O, o)):
            if seat is not None and seat != self.controller.session.seat(mark):
                # Seats the player as the panel would (remembered, shown); the record
                # in hand was taken above, so the game this starts is replaced below.
                self._seat_player(mark, seat)
        self.controller.session.start_from(record, ply)
        self.board.setFocus(Qt.FocusReason.OtherFocusReason)

    def replay_live(self) -> None:
        """Play the game on show again with its AIs re-created from their recorded seeds."""
        self._opening = True
        try:
            self.controller.replay_live(self.controller.session.record)
        except ValueError as error:
            self.game_files.report_error(
                self.tr("Can't replay this game live"), *cannot_open_words(error)
            )
        finally:
            self._opening = False

    def _watch_match_from_menu(self) -> None:
        x, o = self.controller.session.seat(Mark.X), self.controller.session.seat(Mark.O)
        dialog = self.match_dialog()
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        chosen = dialog.seats
        if chosen is not None:
            for mark, seated, seat in ((Mark.X, x, chosen[0]), (Mark.O, o, chosen[1])):
                if seat != seated:
                    self._seat_player(mark, seat)
        self.watch_match(dialog.games, dialog.first)

    def match_dialog(self) -> MatchDialog:
        """The Watch a match dialog: the computer players that play the board in hand to
        choose from, starting from those seated."""
        rules = self.controller.session.rules
        x, o = self.controller.session.seat(Mark.X), self.controller.session.seat(Mark.O)
        computers = [
            seat
            for seat in self._seat_choices()
            if not seat.is_human and kind_plays(seat.kind, rules)
        ]
        return MatchDialog(
            self.window,
            x_name=x.name,
            o_name=o.name,
            people_seated=x.is_human or o.is_human,
            choices=computers,
            x=x,
            o=o,
        )

    def watch_match(self, games: int, first: str = "alternate-x") -> None:
        """Start a match of ``games`` games between the two computer players seated."""
        try:
            self.match_runner.start(games, first)
        except ValueError as error:
            self.game_files.report_error(self.tr("Can't start the match"), f"{error}.")

    def open_game(self, record: GameRecord) -> None:
        """Make ``record`` the game in hand as an opened game (its moves and review on show).

        Raises ``ValueError`` as :meth:`GameController.open_record` does.
        """
        self._opening = True
        try:
            self.controller.open_record(record)
        finally:
            self._opening = False

    def _open_record(self, record: GameRecord, source: str) -> None:
        self._opening = True
        try:
            self.controller.open_record(record)
        except ValueError as error:
            self.game_files.report_error(
                self.tr("Could not open the game"),
                (
                    self.tr(
                        "The clipboard's game has a computer player this version of "
                        "TTT Desktop doesn't have."
                    )
                    if source == "clipboard"
                    else self.tr(
                        "The game in “{name}” has a computer player this version of "
                        "TTT Desktop doesn't have."
                    ).format(name=Path(source).name)
                )
                + "\n\n"
                + self.tr("The current game is unchanged."),
                cannot_open_words(error)[1],
            )
            return
        finally:
            self._opening = False
        if source != "clipboard":
            self.file_named.emit(Path(source).name)
        what = (
            self.tr("Pasted a game")
            if source == "clipboard"
            else self.tr("Opened {file}").format(file=source)
        )
        self.window.statusBar().showMessage(what, MESSAGE_MS)

    def _on_saved(self, path: str) -> None:
        self.file_named.emit(Path(path).name)
        self.window.statusBar().showMessage(self.tr("Saved {file}").format(file=path), MESSAGE_MS)

    # Match score --------------------------------------------------------------------

    def _show_match_score(self, score: MatchScore) -> None:
        self.match_label.setText(score.describe())
        self.match_label.show()
        self.stop_match_action.setEnabled(self.match_runner.is_running)
        if score.is_over:
            self.window.statusBar().showMessage(score.describe(), MESSAGE_MS)

    def _hide_old_match_score(self, _record: GameRecord) -> None:
        if not self.match_runner.is_running:
            self.match_label.hide()
            self.stop_match_action.setEnabled(False)
