"""The game library in the main window: every game stored as it ends, History (Ctrl+L).

:class:`HistoryFeatures` opens the library, stores each finished game the moment it
ends (and a game left unfinished when the next one starts or the window closes),
keeps the session score as a view over the library (it alone counts a game's end, and
says :attr:`HistoryFeatures.score_changed` when the score changed), shows computers'
ratings in the player drop-downs and opens the History window. A library that can't be
used (damaged, locked, read-only, newer) is reported in the status bar and in the History
window, and the app plays on; games that could not be stored are kept and stored later.

The open file lives in a :class:`~ttt_desktop.gui.history.handle.LibraryHandle` that
these features own and hand to the History window (and the lab): the window never
sees the features, only the handle and a function that opens a game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QEvent, QObject, QTimer, Signal, SignalInstance
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from ttt_desktop.core.record import GameRecord, utc_now
from ttt_desktop.core.rules import TIC_TAC_TOE
from ttt_desktop.gui.game.controller import cannot_open_words
from ttt_desktop.gui.game.session_score import SessionScore
from ttt_desktop.gui.history.handle import LibraryHandle
from ttt_desktop.gui.review.game_files import describe_library_error
from ttt_desktop.gui.shell.look import MESSAGE_MS

if TYPE_CHECKING:
    from ttt_desktop.gui.game.controller import GameController
    from ttt_desktop.gui.history.window import HistoryWindow
    from ttt_desktop.library import Library, LibraryError, StoreOutcome

SHORTCUT: Final = "Ctrl+L"


def _bring_forward(widget: QWidget) -> None:
    # The offscreen platform (tests) can't raise windows and says so in a warning.
    if QGuiApplication.platformName() != "offscreen":
        widget.raise_()
    widget.activateWindow()


def _winner_name(record: GameRecord) -> str | None:
    winner = record.final_board.winner
    return None if winner is None else record.player(winner).name


class LibrarySessionScore(SessionScore):
    """The session score read from the library: the finished games stored this session.

    While the library is open, :meth:`add_result` adds nothing (the stored game is
    the truth, so score and history never disagree); without a library it counts
    as the plain :class:`SessionScore` does.
    """

    def __init__(self, features: HistoryFeatures) -> None:
        super().__init__()
        self._features = features
        self._renames: dict[str, str] = {}

    def add_result(self, x_name: str, o_name: str, winner_name: str | None, games: int = 1) -> None:
        if self._features.library is None:
            super().add_result(x_name, o_name, winner_name, games)

    def remove_result(self, x_name: str, o_name: str, winner_name: str | None) -> None:
        if self._features.library is None:
            super().remove_result(x_name, o_name, winner_name)

    def rename(self, old_name: str, new_name: str, *, in_library: bool = False) -> None:
        """``in_library``: the stored games were renamed too, so nothing is left to map."""
        super().rename(old_name, new_name)
        if old_name != new_name and not in_library:
            self._renames = {
                k: (new_name if v == old_name else v) for k, v in self._renames.items()
            }
            self._renames[old_name] = new_name

    def count_game(self, record: GameRecord) -> bool:
        if self._features.library is not None:
            # The stored game is counted (refresh): nothing is kept here per game, where a
            # game id and a result piled up for every game of the session.
            return record.is_finished
        return super().count_game(record)

    def uncount_game(self, record: GameRecord) -> bool:
        if self._features.library is not None:
            return False
        return super().uncount_game(record)

    def refresh(self, games: list[tuple[str, str, str | None, int]]) -> None:
        """Count ``games`` (X name, O name, winner name, how many games) from scratch."""
        self._tallies.clear()
        self._order.clear()
        name = self._renames.get
        for x_name, o_name, winner, count in games:
            x, o = name(x_name, x_name), name(o_name, o_name)
            if x == o:
                continue
            winner_name = None if winner is None else name(winner, winner)
            SessionScore.add_result(self, x, o, winner_name, count)


class HistoryFeatures(QObject):
    """Attaches the game library to a main window (see the module's docstring)."""

    # The session score changed (a game counted or taken back, stored, renamed, the
    # library read again): whatever shows it reads :attr:`score` again. Whoever else hears
    # of a game's end, before or after these features, ends up showing the same score.
    score_changed = Signal()

    def __init__(
        self,
        window: QMainWindow,
        controller: GameController,
        library_path: str | Path | None,
        *,
        open_soon: bool = True,
    ) -> None:
        """``open_soon``: the library opens once the event loop runs (False: when
        :meth:`open_library` is called, e.g. after the window's first paint)."""
        super().__init__(window)
        self.window = window
        self.controller = controller
        self.handle = LibraryHandle(library_path, self)
        self.handle.opened.connect(self._on_opened)
        self.handle.failed.connect(self._on_failed)
        self.pending: list[GameRecord] = []
        self.session_started = utc_now()
        self.score = LibrarySessionScore(self)
        self._current: GameRecord | None = None
        self._start_record: GameRecord | None = None
        # Games begun before this session and finished in it (the game in hand at the last
        # quit, resumed): the session score counts them too, whenever they started.
        self._carried_over: set[str] = set()
        self._history_window: HistoryWindow | None = None
        self._player_panel: object | None = None
        self._open_game: Callable[[GameRecord], None] = controller.open_record
        self.action = QAction(self.tr("&History…"), window)
        self.action.setShortcut(QKeySequence(SHORTCUT))
        self.action.setToolTip(self.tr("Every game played, people's records and ratings"))
        self.action.triggered.connect(self.show_history)
        self.action.setEnabled(library_path is not None)
        controller.game_started.connect(self._on_game_started)
        controller.move_played.connect(self._on_move_played)
        controller.game_finished.connect(self._on_game_finished)
        controller.history_changed.connect(self._on_move_played)
        controller.game_reopened.connect(self._on_game_reopened)
        controller.players_renamed.connect(self._on_move_played)
        window.installEventFilter(self)
        # Games stored from elsewhere (the lab's tournaments, imports) move ratings too.
        self.handle.games_changed.connect(self._update_player_ratings)
        # After the first paint: opening SQLite and its schema waits for the window.
        if self.handle.path is not None and open_soon:
            QTimer.singleShot(0, self, self.open_library)  # dropped if the window goes first

    # The library ------------------------------------------------------------------

    @property
    def library(self) -> Library | None:
        """The open library, None when there is none or it can't be used."""
        return self.handle.library

    @property
    def problem(self) -> LibraryError | None:
        """Why the library can't be used, None when it can."""
        return self.handle.problem

    @property
    def library_path(self) -> Path | None:
        return self.handle.path

    @property
    def library_changed(self) -> SignalInstance:
        """The handle's ``games_changed``: emit it after storing games elsewhere."""
        return self.handle.games_changed

    def open_library(self) -> bool:
        """(Re)open the library file; False, with :attr:`problem` set, when it can't be used."""
        opened = self.handle.open()
        self._after_change()
        return opened

    def _on_opened(self) -> None:
        self._store_pending()
        self._after_change()

    def _on_failed(self, reason: str) -> None:
        problem = self.handle.problem
        if problem is None:
            return
        # In the window's language (the library's own words, English, are the History
        # window's tooltip).
        self.window.statusBar().showMessage(
            self.tr("Games are not being remembered. {why}").format(
                why=describe_library_error(problem)
            ),
            MESSAGE_MS,
        )

    def start_fresh_library(self) -> Path | None:
        """Keep a damaged library aside under a new name and start an empty one.

        Only for a damaged file (the user agreed in the History window); returns where
        the old file now is.
        """
        aside = self.handle.start_fresh()
        if aside is not None:
            self.window.statusBar().showMessage(
                self.tr("The damaged library was kept as {name}; a new one was started").format(
                    name=aside.name
                ),
                MESSAGE_MS,
            )
        return aside

    def close_library(self) -> None:
        self.handle.close()

    # Storing games ----------------------------------------------------------------

    def rename_person(self, old_name: str, new_name: str) -> bool:
        """Rename a person in the stored games (their page and rating follow) and the score.

        False when the library can't be written now: the session score still shows the
        new name, and the stored games keep the old one.
        """
        from ttt_desktop.library import LibraryError  # noqa: PLC0415  (the game library: not before the first paint)
        from ttt_desktop.library.store import renamed_person  # noqa: PLC0415  (not before the first paint)

        self.pending = [renamed_person(record, old_name, new_name) for record in self.pending]
        stored = False
        if self.library is not None:
            try:
                self.library.rename_person(old_name, new_name)
            except LibraryError as error:
                self.window.statusBar().showMessage(
                    self.tr("{name}'s stored games keep the old name for now. {why}").format(
                        name=new_name, why=describe_library_error(error)
                    ),
                    MESSAGE_MS,
                )
            else:
                stored = True
        self.score.rename(old_name, new_name, in_library=stored)
        if stored:
            self.library_changed.emit()
        self._after_change()
        return stored

    def _on_game_started(self, record: GameRecord) -> None:
        previous = self._current
        if previous is not None and self._worth_storing_unfinished(previous):
            self.store(previous)
        self._current = record
        self._start_record = record
        if previous is None or previous.rules is not record.rules:
            self._update_player_ratings()  # the drop-downs show this board's ratings

    def _on_move_played(self, record: GameRecord) -> None:
        self._current = record

    def _on_game_reopened(self, record: GameRecord) -> None:
        # Undo after the end: the stored game is unfinished again until it ends anew.
        self._current = record
        self.score.uncount_game(record)
        if self._stored_finished(record.game_id):
            self.store(record)
        else:
            self.score_changed.emit()

    def _on_game_finished(self, record: GameRecord) -> None:
        self._current = record
        # A game that was already over when it was opened is not a new game.
        if record is not self._start_record:
            if record.started_at < self.session_started:
                self._carried_over.add(record.game_id)
            # Counted from the record, once per game id (with a library the stored game
            # is the count, read back by store below).
            self.score.count_game(record)
            self.store(record)

    def _stored_finished(self, game_id: str) -> bool:
        """Whether the game ``game_id`` ended in this session and was stored (or waits to be).

        Asked of the library when a game is reopened, not kept in a set that grew by a game
        id with every game of the session.
        """
        if any(r.game_id == game_id and r.is_finished for r in self.pending):
            return True
        if self.library is None:
            return False
        from ttt_desktop.library import LibraryError  # noqa: PLC0415  (the game library: not before the first paint)

        try:
            return self.library.is_stored_finished(game_id, self.session_started)
        except LibraryError:
            return False

    def drop_unfinished(self) -> None:
        """The game in hand is being left for a change of seat: it is not stored (a game
        abandoned that way is nobody's unfinished game on their page)."""
        current = self._current
        if current is not None and not current.is_finished:
            self._current = None

    def _worth_storing_unfinished(self, record: GameRecord) -> bool:
        # Left mid-way with moves played (or changed since it was opened).
        return bool(record.moves) and not record.is_finished and record != self._start_record

    def store(self, record: GameRecord) -> StoreOutcome | None:
        """Store ``record`` now (with any games still waiting); None when it must wait.

        Without a library file nothing is remembered, so nothing waits either: keeping
        every game of the session for a library that never comes grew without end.
        """
        if self.library_path is None:
            self._after_change()
            return None
        self.pending = [r for r in self.pending if r.game_id != record.game_id]
        self.pending.append(record)
        outcome = self._store_pending()
        self._after_change()
        return outcome

    def _store_pending(self) -> StoreOutcome | None:
        if self.library is None or not self.pending:
            # Nothing to write to: no import of the library at a game's end (it cost the
            # first game's end 20-26 ms in the GUI thread when games are not remembered).
            return None
        from ttt_desktop.library import LibraryCorruptError, LibraryError  # noqa: PLC0415  (the game library: not before the first paint)

        try:
            outcomes = self.library.store_many(self.pending)
        except LibraryError as error:
            if isinstance(error, LibraryCorruptError):
                self.handle.report(error)  # History says so, with the way out
            self.window.statusBar().showMessage(
                self.tr("This game could not be stored yet; it is kept. {why}").format(
                    why=describe_library_error(error)
                ),
                MESSAGE_MS,
            )
            return None
        self.pending = []
        self.library_changed.emit()
        return outcomes[-1]

    def _after_change(self) -> None:
        if self.library is not None:
            from ttt_desktop.library import LibraryError  # noqa: PLC0415  (the game library: not before the first paint)

            try:
                games = self.library.tally_counts(self.session_started, self._carried_over)
            except LibraryError:
                games = []
            waiting = [
                (r.x.name, r.o.name, _winner_name(r), 1)
                for r in self.pending
                if r.result is not None
            ]
            self.score.refresh(games + waiting)
        self.score_changed.emit()
        self._update_player_ratings()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Close:
            if self._history_window is not None:
                self._history_window.stop_import()
            current = self._current
            if current is not None and self._worth_storing_unfinished(current):
                self.store(current)
        return False

    # The window's pieces ------------------------------------------------------------

    def attach(
        self,
        menu: QMenu,
        player_panel: object | None = None,
        *,
        before: QAction | None = None,
        open_game: Callable[[GameRecord], None] | None = None,
    ) -> None:
        """Put History in ``menu`` (before ``before``) and show computers' ratings in
        ``player_panel``'s drop-downs; ``open_game`` opens a stored game in review (default:
        the controller's open_record)."""
        if open_game is not None:
            self._open_game = open_game
        if before is not None:
            menu.insertAction(before, self.action)
            menu.insertSeparator(before)
        else:
            menu.addAction(self.action)
        self._player_panel = player_panel
        self._after_change()

    def _update_player_ratings(self) -> None:
        panel = self._player_panel
        setter = getattr(panel, "set_rating_labels", None)
        if setter is None:
            return
        labels: dict[str, str] = {}
        if self.library is not None:
            from ttt_desktop.library import LibraryError  # noqa: PLC0415  (the game library: not before the first paint)

            # The ratings at the rules of the game in hand.
            rules = TIC_TAC_TOE if self._current is None else self._current.rules
            try:
                rated = self.library.ratings(rules)
            except LibraryError:
                rated = []
            for player in rated:
                if not player.is_human and player.rating.is_established:
                    labels[player.kind] = player.rating.label()
        setter(labels)

    def show_history(self) -> HistoryWindow:
        """Open (or raise) the History window."""
        if self._history_window is None:
            from ttt_desktop.gui.history.window import HistoryWindow  # noqa: PLC0415  (not before the first paint)

            self._history_window = HistoryWindow(self.handle, self.open_in_review, self.window)
        window = self._history_window
        window.refresh()
        window.show()
        _bring_forward(window)
        return window

    @property
    def history_window(self) -> HistoryWindow | None:
        return self._history_window

    def open_in_review(self, record: GameRecord) -> bool:
        """Show a stored game in the main window (history, moves, the coach's review)."""
        try:
            self._open_game(record)
        except ValueError as error:
            # In the window's language (the player module's own words are English).
            why, _details = cannot_open_words(error)
            self.window.statusBar().showMessage(
                self.tr("This game can't be opened: {why}").format(why=why), MESSAGE_MS
            )
            return False
        _bring_forward(self.window)
        return True
