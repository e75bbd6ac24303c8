"""View > Engine log: what the brains of the game in hand say on their pipes, as they play.

The brains play in the search process; what was said on a brain's pipe since its last
move comes back with the move's :class:`~ttt_desktop.players.thought.Thought` (or with
the forfeit, when it broke a rule), and the game's record keeps it
(:attr:`GameRecord.log <ttt_desktop.core.record.GameRecord.log>`: bounded, the first
and the newest lines). :class:`EngineLogDock` shows that log and follows the game: each
move's lines are added as the move is played, a new game starts it afresh, an opened
game shows its own. Each line is the brain's mark, the milliseconds since the game's
first line, ``>`` for what the manager wrote or ``<`` for what the brain answered, and
the line, shown as text (:func:`~ttt_desktop.gui.engines.brain_text.printable`).

:class:`EngineLogFeatures` puts *Engine log* in the View menu and makes the dock when it
first shows; the Engines dialog opens it too.
"""

from __future__ import annotations

from typing import Final

import shiboken6
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QFontDatabase
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from ttt_desktop.core.record import MAX_LOG_LINES, GameRecord
from ttt_desktop.gui.engines.brain_text import printable
from ttt_desktop.gui.game.controller import GameController

__all__ = ["EngineLogDock", "EngineLogFeatures"]

LINES_SHOWN: Final = MAX_LOG_LINES + 1
"""The most lines the view holds: a record's log, and no more."""


class EngineLogDock(QDockWidget):
    """The game in hand's engine log, following ``controller``'s game."""

    def __init__(self, window: QMainWindow, controller: GameController) -> None:
        super().__init__(window)
        self.setObjectName("engine-log-dock")
        self.setWindowTitle(self.tr("Engine log"))
        contents = QWidget(self)
        self.summary = QLabel()
        self.summary.setObjectName("engine-log-summary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.text = QPlainTextEdit()
        self.text.setObjectName("engine-log-text")
        self.text.setReadOnly(True)
        self.text.setMaximumBlockCount(LINES_SHOWN)
        # The dock is narrow beside the board: a long line wraps rather than hides.
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setAccessibleName(self.tr("Engine log"))
        layout = QVBoxLayout(contents)
        layout.addWidget(self.summary)
        layout.addWidget(self.text, 1)
        self.setWidget(contents)
        self._game = ""
        self._shown: tuple[str, ...] = ()
        for signal in (
            controller.game_started,
            controller.move_played,
            controller.game_finished,
            controller.history_changed,
            controller.game_reopened,
        ):
            signal.connect(self.show_record)
        self.show_record(controller.session.record)

    @property
    def lines(self) -> tuple[str, ...]:
        """The log lines on show (as the record keeps them)."""
        return self._shown

    def show_record(self, record: GameRecord) -> None:
        """Show ``record``'s log: the lines it has more than those on show, or all anew."""
        log = record.log
        shown = self._shown
        if record.game_id == self._game and log == shown:
            return
        bottom = self.text.verticalScrollBar()
        following = bottom.value() >= bottom.maximum() - 2
        if record.game_id == self._game and shown and log[: len(shown)] == shown:
            # The usual case, a move played: only its lines are added.
            for line in log[len(shown) :]:
                self.text.appendPlainText(printable(line))
        else:
            self.text.setPlainText("\n".join(printable(line) for line in log))
        self._game, self._shown = record.game_id, log
        if following:
            bottom.setValue(bottom.maximum())
        if log:
            text = self.tr(
                "{count} lines of this game: > the manager wrote, < the brain answered"
            ).format(count=f"{len(log):,}")
        elif _has_brain(record):
            text = self.tr("The brains have said nothing yet in this game.")
        else:
            text = self.tr("No brain plays this game: only Gomocup brains have a log.")
        self.summary.setText(text)


def _has_brain(record: GameRecord) -> bool:
    return any(player.kind.startswith("brain.") for player in (record.x, record.o))


class EngineLogFeatures(QObject):
    """*View > Engine log* and the dock behind it (made when it first shows)."""

    def __init__(self, window: QMainWindow, controller: GameController, view_menu: QMenu) -> None:
        super().__init__(window)
        self._window = window
        self._controller = controller
        self.dock: EngineLogDock | None = None
        self.action = QAction(self.tr("&Engine log"), window)
        self.action.setCheckable(True)
        self.action.setStatusTip(
            self.tr("Show what the Gomocup brains of this game say on their pipes")
        )
        self.action.toggled.connect(self._toggled)
        view_menu.addAction(self.action)

    def show(self) -> EngineLogDock:
        """Show the dock (made now if it was not yet) and bring it to the front."""
        first = self.dock is None
        dock = self._dock()
        dock.show()
        dock.raise_()
        if first:
            # Half the height of the docks beside it (the Thinking dock): a log wants lines.
            height = self._window.height() // 2
            self._window.resizeDocks([dock], [height], Qt.Orientation.Vertical)
        return dock

    def _dock(self) -> EngineLogDock:
        if self.dock is None:
            dock = EngineLogDock(self._window, self._controller)
            dock.hide()
            # On the right, below the Thinking dock when it shows there.
            self._window.addDockWidget(
                Qt.DockWidgetArea.RightDockWidgetArea, dock, Qt.Orientation.Vertical
            )
            dock.visibilityChanged.connect(self._follow_dock)
            self.dock = dock
        return self.dock

    def _toggled(self, checked: bool) -> None:
        if checked:
            self.show()
        elif self.dock is not None:
            self.dock.hide()

    def _follow_dock(self, _visible: bool) -> None:
        dock = self.dock
        if dock is None or not shiboken6.isValid(self._window) or not shiboken6.isValid(dock):
            return
        if self._window.isVisible():
            self.action.setChecked(dock.isVisibleTo(self._window))
