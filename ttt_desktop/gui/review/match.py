"""A match: N games back to back on the game controller, with a running score.

:class:`MatchRunner` starts each game of the match on a
:class:`~ttt_desktop.gui.game.controller.GameController` with the seats already chosen,
alternating who starts or always letting the same mark start, and counts wins and
draws as the games finish. It can be stopped at any time; starting any other game
(a new game, a change of player) also ends the match, since its games would no
longer be the match's. :class:`MatchDialog` asks how many games and who starts.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from ttt_desktop.core import GameRecord, Mark

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ttt_desktop.gui.game.controller import GameController, Seat

# Who starts each game of a match: (label, policy).
FIRST_CHOICES: Final = (
    (QT_TRANSLATE_NOOP("MatchDialog", "Alternate, X first"), "alternate-x"),
    (QT_TRANSLATE_NOOP("MatchDialog", "Alternate, O first"), "alternate-o"),
    (QT_TRANSLATE_NOOP("MatchDialog", "X every game"), "x"),
    (QT_TRANSLATE_NOOP("MatchDialog", "O every game"), "o"),
)
MAX_GAMES: Final = 1000


@dataclass(frozen=True)
class MatchScore:
    """Where a match stands: games planned and played, and how they ended."""

    games: int
    x_name: str
    o_name: str
    played: int = 0
    x_wins: int = 0
    o_wins: int = 0
    draws: int = 0
    stopped: bool = False

    @property
    def is_over(self) -> bool:
        """True once every game is played or the match was stopped."""
        return self.stopped or self.played >= self.games

    def with_result(self, result: str | None) -> MatchScore:
        """The score after one more game ending in ``result`` (``"X"``, ``"O"``, ``"draw"``)."""
        return replace(
            self,
            played=self.played + 1,
            x_wins=self.x_wins + (result == "X"),
            o_wins=self.o_wins + (result == "O"),
            draws=self.draws + (result == "draw"),
        )

    def describe(self) -> str:
        """``"Game 3 of 20 - Perfect (X) 0, Perfect (O) 0, draws 2"``, or how it ended."""
        translate = QCoreApplication.translate
        tally = translate("MatchScore", "{x} (X) {x_wins}, {o} (O) {o_wins}, draws {draws}").format(
            x=self.x_name, x_wins=self.x_wins, o=self.o_name, o_wins=self.o_wins, draws=self.draws
        )
        if self.stopped:
            text = translate("MatchScore", "Match stopped after {played} of {games}: {tally}")
        elif self.played >= self.games:
            text = translate("MatchScore", "Match over, {games} games: {tally}")
        else:
            text = translate("MatchScore", "Game {number} of {games} - {tally}")
        return text.format(
            played=self.played, games=self.games, number=self.played + 1, tally=tally
        )


def first_mark(policy: str, game_index: int) -> Mark:
    """Who starts game ``game_index`` (0-based) under ``policy`` (see :data:`FIRST_CHOICES`)."""
    if policy == "x":
        return Mark.X
    if policy == "o":
        return Mark.O
    if policy in ("alternate-x", "alternate-o"):
        opening = Mark.X if policy == "alternate-x" else Mark.O
        return opening if game_index % 2 == 0 else opening.opponent
    raise ValueError(f"who starts is one of {[p for _, p in FIRST_CHOICES]}, not {policy!r}")


class MatchRunner(QObject):
    """Plays a match of N games on ``controller``; emits the score as games finish."""

    match_started = Signal(object)  # MatchScore with nothing played
    score_changed = Signal(object)  # MatchScore after each game
    match_finished = Signal(object)  # MatchScore at the end, played out or stopped

    def __init__(self, controller: GameController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self._score: MatchScore | None = None
        self._policy = "alternate-x"
        self._starting_game = False
        self._game_started_at: str | None = None
        self._next_game = QTimer(self)
        self._next_game.setSingleShot(True)
        self._next_game.timeout.connect(self._start_next_game)
        controller.game_started.connect(self._on_game_started)
        controller.game_finished.connect(self._on_game_finished)

    @property
    def is_running(self) -> bool:
        """True from :meth:`start` until the last game ends or :meth:`stop`."""
        return self._score is not None and not self._score.is_over

    @property
    def score(self) -> MatchScore | None:
        """The current (or last) match's score."""
        return self._score

    def start(self, games: int, first: str = "alternate-x") -> None:
        """Play ``games`` games with the seats as they are; ``first`` from :data:`FIRST_CHOICES`."""
        if type(games) is not int or not 1 <= games <= MAX_GAMES:
            raise ValueError(
                self.tr("a match is 1-{most} games, not {games!r}").format(
                    most=MAX_GAMES, games=games
                )
            )
        first_mark(first, 0)  # checks the policy
        controller = self._controller
        if controller.session.seat(Mark.X).is_human or controller.session.seat(Mark.O).is_human:
            raise ValueError(
                self.tr("a match is for two computer players: choose one for X and for O")
            )
        if self.is_running:
            self.stop()
        self._policy = first
        self._score = MatchScore(
            games, controller.session.seat(Mark.X).name, controller.session.seat(Mark.O).name
        )
        self.match_started.emit(self._score)
        self._start_next_game()

    def stop(self) -> None:
        """End the match now; the game in progress plays on, but no longer counts."""
        if not self.is_running or self._score is None:
            return
        self._next_game.stop()
        self._score = replace(self._score, stopped=True)
        self._game_started_at = None
        self.match_finished.emit(self._score)

    def _start_next_game(self) -> None:
        if not self.is_running or self._score is None:
            return
        self._starting_game = True
        try:
            self._controller.session.new_game(first_mark(self._policy, self._score.played))
        finally:
            self._starting_game = False

    def _on_game_started(self, record: GameRecord) -> None:
        if self._starting_game:
            self._game_started_at = record.started_at
        elif self.is_running:
            # Someone started another game: the match's games are over.
            self.stop()

    def _on_game_finished(self, record: GameRecord) -> None:
        if not self.is_running or self._score is None:
            return
        if record.started_at != self._game_started_at:
            return
        self._game_started_at = None
        result = record.result
        if result in ("X", "O") and record.opening is not None and record.opening.swapped:
            # The opening exchanged the marks: the seat of X played O.
            result = "O" if result == "X" else "X"
        self._score = self._score.with_result(result)
        self.score_changed.emit(self._score)
        if self._score.is_over:
            self.match_finished.emit(self._score)
        else:
            # Leave the final position on show as long as a move would be.
            self._next_game.start(self._controller.session.move_delay_ms)


class MatchDialog(QDialog):
    """Asks for the two computer players, the number of games and who starts; read
    :attr:`seats`, :attr:`games` and :attr:`first`."""

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        games: int = 20,
        x_name: str = "",
        o_name: str = "",
        people_seated: bool = False,
        choices: Sequence[Seat] = (),
        x: Seat | None = None,
        o: Seat | None = None,
    ) -> None:
        """``choices`` are the computer players that may play (on the board in hand), ``x``
        and ``o`` the ones seated: with choices the dialog offers both seats to choose,
        starting from the seated computers (a person seated gives way to the first
        choices). Without them it names ``x_name`` and ``o_name``; a match needs two
        computer players, so with a person seated (``people_seated``) it can't start."""
        super().__init__(parent)
        self.setWindowTitle(self.tr("Watch a match"))
        self._choices = [seat for seat in choices if not seat.is_human]
        self.players_label = QLabel(self)
        self.players_label.setObjectName("match-players")
        self.players_label.setWordWrap(True)
        self.x_box: QComboBox | None = None
        self.o_box: QComboBox | None = None
        if self._choices:
            self.x_box = self._combo(x, 0)
            self.o_box = self._combo(o, 1)
        elif people_seated:
            self.players_label.setText(
                self.tr(
                    "A match is for two computer players: choose one for X and one for O "
                    "in the Players panel first."
                )
            )
        elif x_name or o_name:
            self.players_label.setText(
                self.tr("{x} (X) against {o} (O)").format(x=x_name, o=o_name)
            )
        self.players_label.setVisible(bool(self.players_label.text()))
        self.games_box = QSpinBox(self)
        self.games_box.setRange(1, MAX_GAMES)
        self.games_box.setValue(games)
        self.first_box = QComboBox(self)
        for label, policy in FIRST_CHOICES:
            self.first_box.addItem(self.tr(str(label)), policy)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.start_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.start_button.setText(self.tr("Start match"))
        self.start_button.setEnabled(bool(self._choices) or not people_seated)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QFormLayout(self)
        layout.addRow(self.players_label)
        if self.x_box is not None and self.o_box is not None:
            layout.addRow("X", self.x_box)
            layout.addRow("O", self.o_box)
        layout.addRow(self.tr("Games"), self.games_box)
        layout.addRow(self.tr("Who starts"), self.first_box)
        layout.addRow(buttons)

    def _combo(self, seated: Seat | None, fallback: int) -> QComboBox:
        box = QComboBox(self)
        for seat in self._choices:
            box.addItem(seat.name)
        if seated is not None and seated in self._choices:
            box.setCurrentIndex(self._choices.index(seated))
        else:
            box.setCurrentIndex(min(fallback, len(self._choices) - 1))
        return box

    @property
    def seats(self) -> tuple[Seat, Seat] | None:
        """The computer players chosen for X and O (None: the dialog offered no choice)."""
        if self.x_box is None or self.o_box is None:
            return None
        return self._choices[self.x_box.currentIndex()], self._choices[self.o_box.currentIndex()]

    @property
    def games(self) -> int:
        """The number of games chosen."""
        return self.games_box.value()

    @property
    def first(self) -> str:
        """Who starts, as a policy of :data:`FIRST_CHOICES`."""
        return str(self.first_box.currentData())
