"""The Review panel: every move with its verdict and why, and a summary per player.

:class:`ReviewPanel` shows a :class:`~ttt_desktop.analysis.coach_module.GameReview`: one
row per move ("5. X9 - Missed a win", then the sentence that explains it), a
summary per player (moves, accuracy, mistakes, moves taken back, hints) and a
"Try again from here" button for the position before the first mistake. Choosing
a row (click, or arrows and Enter) emits :attr:`ReviewPanel.verdict_chosen`; the
coach then shows that position with the better move marked. Verdicts read without
colour: the word is always there, the colour only helps. Under swap or swap2 the
opening's stones head the list as opening stones, with who placed them: they have no
verdict (the review leaves them out) and are not counted in the summaries.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ttt_desktop.core import Mark
from ttt_desktop.core.record import GameRecord
from ttt_desktop.core.swap import OPENER
from ttt_desktop.gui.coach.overlays import load_coach, verdict_words
from ttt_desktop.gui.common import theme
from ttt_desktop.gui.common.rules_text import opening_text

if TYPE_CHECKING:
    from ttt_desktop.analysis import board_coach
    from ttt_desktop.analysis import coach as coach_module

    AnyReview = coach_module.GameReview | board_coach.BoardReview
    AnyVerdict = coach_module.MoveVerdict | board_coach.BoardVerdict

_VERDICT_ROLE = Qt.ItemDataRole.UserRole + 1


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class ReviewPanel(QWidget):
    """A reviewed game: verdicts, sentences, summaries, and the way back to practise."""

    verdict_chosen = Signal(object)  # MoveVerdict
    try_again_requested = Signal(object)  # MoveVerdict: the first move that lost value

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._review: AnyReview | None = None
        self._record: GameRecord | None = None
        self._opening_rows = 0  # the opening's stones, listed before the verdicts

        self.title = QLabel()
        self.title.setObjectName("review-title")
        self.title.setWordWrap(True)
        self.summary = QLabel()
        self.summary.setObjectName("review-summary")
        self.summary.setAccessibleName(self.tr("Summary per player"))
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)

        self.moves = QListWidget()
        self.moves.setObjectName("review-moves")
        self.moves.setAccessibleName(self.tr("Moves with their verdicts"))
        self.moves.setWordWrap(True)
        self.moves.setUniformItemSizes(False)
        self.moves.setAlternatingRowColors(True)
        self.moves.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.moves.itemClicked.connect(self._choose)
        self.moves.itemActivated.connect(self._choose)

        self.try_again_button = QPushButton(self.tr("Try again from here"))
        self.try_again_button.setObjectName("try-again")
        self.try_again_button.setToolTip(
            self.tr("Start a game from the position before the first mistake, same players")
        )
        self.try_again_button.clicked.connect(self._try_again)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.title)
        layout.addWidget(self.summary)
        # Above the list, where the dock's height changing below (the moves and replay
        # appearing when a verdict is chosen) does not move it from under the mouse.
        layout.addWidget(self.try_again_button)
        layout.addWidget(self.moves, 1)
        self.show_review(None, None)

    def sizeHint(self) -> QSize:
        """As wide as its minimum width (the dock's): the same as the room kept for the
        dock before the panel is made, so the board does not move when it shows."""
        hint = super().sizeHint()
        return QSize(max(self.minimumWidth(), self.minimumSizeHint().width()), hint.height())

    # What is shown ----------------------------------------------------------------

    @property
    def review(self) -> AnyReview | None:
        """The review on show, if any."""
        return self._review

    @property
    def record(self) -> GameRecord | None:
        """The game reviewed, if any."""
        return self._record

    def show_pending(self, record: GameRecord, text: str) -> None:
        """Say that ``record`` is being reviewed (``text``: how, and about how long)."""
        self.show_review(None, None)
        self._record = record
        self.title.setText(text)

    def show_review(self, review: AnyReview | None, record: GameRecord | None) -> None:
        """Show ``review`` of ``record``; None shows what the panel is for."""
        self._review, self._record = review, record
        self.moves.clear()
        self._opening_rows = 0
        if review is None or record is None:
            self.title.setText(self.tr("The review of a game appears here when it ends."))
            self.summary.clear()
            self.summary.hide()
            self.try_again_button.setEnabled(False)
            return
        title = self._title_text(record)
        method = getattr(review, "method", "")
        self.title.setText(f"{title}\n{method}" if method else title)
        self.summary.setText(self._summary_html(review))
        self.summary.show()
        colours = theme.board_colours(self.palette())
        self._add_opening_rows(record)
        for verdict in review.verdicts:
            item = QListWidgetItem(self._row_text(verdict))
            item.setData(_VERDICT_ROLE, verdict.ply)
            item.setToolTip(verdict.sentence or verdict_words(verdict))
            colour = self._verdict_colour(verdict, colours)
            if colour is not None:
                item.setForeground(QBrush(colour))
            self.moves.addItem(item)
        self.try_again_button.setEnabled(review.first_mistake is not None)

    def verdict_at(self, row: int) -> AnyVerdict:
        """The verdict in list row ``row`` (after the opening's stones, if any)."""
        assert self._review is not None
        return self._review.verdicts[row - self._opening_rows]

    def _add_opening_rows(self, record: GameRecord) -> None:
        """The opening's stones, each with who placed it; not to be chosen."""
        opening = record.opening
        if opening is None:
            return

        geometry = record.rules.geometry
        stones = min(opening.stones, record.ply)
        for ply in range(stones):
            role = opening.placer(ply) or OPENER
            item = QListWidgetItem(
                self.tr("{number}. {move} - opening stone, placed by {name}").format(
                    number=ply + 1,
                    move=f"{record.mark_at(ply).value}{geometry.name(record.moves[ply])}",
                    name=record.opening_player(role).name,
                )
            )
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            item.setToolTip(opening_text(opening))
            self.moves.addItem(item)
        self._opening_rows = stones

    # Texts ------------------------------------------------------------------------

    def _title_text(self, record: GameRecord) -> str:
        names = self.tr("{x} (X) v {o} (O)").format(x=record.x.name, o=record.o.name)
        if record.result is None:
            title = self.tr("{names}: the game so far").format(names=names)
        elif record.result == "draw":
            title = self.tr("{names}: a draw").format(names=names)
        else:
            winner = record.player(Mark(record.result)).name
            title = self.tr("{names}: {winner} won").format(names=names, winner=winner)
        if record.opening is not None:
            title += "\n" + opening_text(record.opening)
        return title

    def _row_text(self, verdict: AnyVerdict) -> str:
        if self._record is not None and not self._record.rules.is_classic:
            move = f"{verdict.mark.value}{self._record.rules.geometry.name(verdict.cell)}"
        else:
            move = load_coach().move_name(verdict.mark, verdict.cell)
        head = self.tr("{number}. {move} - {verdict}").format(
            number=verdict.number,
            move=move,
            verdict=verdict_words(verdict),
        )
        return head if not verdict.sentence else f"{head}\n{verdict.sentence}"

    def _summary_html(self, review: AnyReview) -> str:
        lines = []
        for mark in (Mark.X, Mark.O):
            summary = review.summaries[mark]
            if summary.accuracy is None:
                accuracy = self.tr("no moves")
            else:
                accuracy = self.tr("accuracy {percent}%").format(
                    percent=round(summary.accuracy * 100)
                )
            parts = (
                [
                    self.tr("%n move(s)", "", summary.moves),
                    accuracy,
                    self.tr("%n mistake(s)", "", summary.mistakes),
                ]
                if summary.moves
                else [self.tr("no moves")]  # not "0 moves, no moves, 0 mistakes"
            )
            if summary.undos:
                parts.append(self.tr("%n move(s) taken back", "", summary.undos))
            if summary.hints:
                parts.append(self.tr("%n hint(s)", "", summary.hints))
            lines.append(
                f"<b>{_escape(summary.name)} ({mark.value})</b>: "
                + _escape(", ".join(_english_plural(part) for part in parts))
            )
        return "<br>".join(lines)

    @staticmethod
    def _verdict_colour(verdict: AnyVerdict, colours: theme.BoardColours) -> QColor | None:
        if verdict.kind in ("mistake", "blunder"):
            return QColor(colours.annotation_loss)
        if verdict.kind == "missed_win":
            return QColor(colours.annotation_draw)
        return None

    # Choosing -----------------------------------------------------------------------

    def _choose(self, item: QListWidgetItem) -> None:
        if self._review is None or self.moves.row(item) < self._opening_rows:
            return
        self.verdict_chosen.emit(self.verdict_at(self.moves.row(item)))

    def _try_again(self) -> None:
        if self._review is not None and self._review.first_mistake is not None:
            self.try_again_requested.emit(self._review.first_mistake)


def _english_plural(text: str) -> str:
    """An untranslated "(s)" after a count, as English reads it: "1 move", "2 moves"."""
    if "(s)" not in text:
        return text
    count = text.split(" ", 1)[0]
    return text.replace("(s)", "" if count == "1" else "s")
