"""History's *Show engine log*: what was said on a Gomocup brain's pipe during a stored game.

A game with a brain in it keeps its pipe's log in the record (``GameRecord.log``: each
line the brain's mark, the milliseconds since the game's first line, ``>`` for what the
manager wrote, ``<`` for what the brain answered, and the manager's notes). The
:class:`EngineLogDialog` shows it read-only, with the game's forfeit (if a brain lost by
one) on top.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from ttt_desktop.core.record import GameRecord
from ttt_desktop.gui.engines.brain_text import printable

__all__ = ["EngineLogDialog"]


class EngineLogDialog(QDialog):
    """A stored game's engine log, read-only."""

    def __init__(self, record: GameRecord, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("engine-log")
        self.setWindowTitle(
            self.tr("Engine log: {x} against {o}").format(x=record.x.name, o=record.o.name)
        )
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        if record.forfeit is not None:
            self.summary.setText(
                self.tr("{loser} lost by forfeit: {reason}").format(
                    loser=record.player(record.forfeit.loser).name,
                    reason=printable(record.forfeit.reason),
                )
            )
        else:
            self.summary.setText(
                self.tr("{count} lines: > the manager wrote, < the brain answered").format(
                    count=len(record.log)
                )
            )
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setAccessibleName(self.tr("Engine log"))
        self.text.setPlainText("\n".join(printable(line) for line in record.log))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        self.resize(760, 520)
