"""The game's header above the board: "Alice ✕  vs  ◯ Bob", the side to move highlighted.

:class:`GameHeader` shows the two players with their marks drawn as on the board
(:func:`~ttt_desktop.gui.board.board_widget.paint_mark`). The side to move sits on a
soft tile in its mark's colour and in bold; after a win the winner keeps the
tile. A name too long for its half is elided in the middle
(``QFontMetrics.elidedText``), never clipped, and the full name is in its
tooltip. :class:`ElidedLabel` does the same for any one-line label (the status
line uses it).
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget

from ttt_desktop.core import Mark
from ttt_desktop.gui.board.board_widget import paint_mark
from ttt_desktop.gui.common.theme import mark_colour

TILE_ALPHA: Final = 40


class ElidedLabel(QLabel):
    """A one-line label that elides its text in the middle when it does not fit.

    ``text()`` stays the full text; when the text is cut, the tooltip holds it all.
    """

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._auto_tooltip = True

    def set_auto_tooltip(self, enabled: bool) -> None:
        """Whether the tooltip follows the text (on: the full text when it is cut)."""
        self._auto_tooltip = enabled

    def elided_text(self) -> str:
        """The text as drawn at the label's current width."""
        width = self.contentsRect().width()
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideMiddle, width)

    def is_elided(self) -> bool:
        """True when the label is too narrow for its whole text."""
        return self.elided_text() != self.text()

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(self.fontMetrics().horizontalAdvance("M…M"), hint.height())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setFont(self.font())
        painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        painter.drawText(self.contentsRect(), int(self.alignment()), self.elided_text())
        painter.end()
        if self._auto_tooltip:
            tip = self.text() if self.is_elided() else ""
            if self.toolTip() != tip:
                self.setToolTip(tip)


class MarkIcon(QWidget):
    """A mark drawn as the board draws it, at text size."""

    def __init__(self, mark: Mark, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.mark = mark
        side = max(18, self.fontMetrics().height() + 4)
        self.setFixedSize(side, side)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_mark(painter, self.mark, QRectF(self.rect()), mark_colour(self.mark))
        painter.end()


class _Side(QWidget):
    """One player's half of the header: name and mark, on a tile when highlighted."""

    def __init__(self, mark: Mark, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.mark = mark
        self.highlighted = False
        self.name_label = ElidedLabel()
        self.name_label.setObjectName(f"header-name-{mark.value}")
        self.name_label.set_auto_tooltip(False)
        self.icon = MarkIcon(mark)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 4, 10, 4)
        layout.setSpacing(6)
        self._layout = layout
        if mark is Mark.X:
            # "Alice ✕": the name reads towards the mark, right-aligned.
            self.name_label.setAlignment(
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
            )
            layout.addWidget(self.name_label, 1)
            layout.addWidget(self.icon)
        else:
            self.name_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            layout.addWidget(self.icon)
            layout.addWidget(self.name_label, 1)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def set_highlighted(self, highlighted: bool) -> None:
        if highlighted == self.highlighted:
            return
        self.highlighted = highlighted
        font = QFont(self.name_label.font())
        font.setBold(highlighted)
        self.name_label.setFont(font)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.highlighted:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        tile = QColor(mark_colour(self.mark))
        tile.setAlpha(TILE_ALPHA)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(tile)
        # Around the name and the mark only, on the side that faces "vs".
        label = self.name_label
        text_width = label.fontMetrics().horizontalAdvance(label.elided_text())
        margins = self._layout.contentsMargins()
        width = min(
            self.width(),
            text_width
            + self.icon.width()
            + self._layout.spacing()
            + margins.left()
            + margins.right(),
        )
        left = self.width() - width if self.mark is Mark.X else 0
        painter.drawRoundedRect(QRectF(left, 0, width, self.height()).adjusted(1, 1, -1, -1), 8, 8)
        painter.end()


class GameHeader(QWidget):
    """ "Alice ✕  vs  ◯ Bob" with the side to move (or the winner) highlighted."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("header")
        self._sides = {mark: _Side(mark) for mark in (Mark.X, Mark.O)}
        self._names = {Mark.X: "", Mark.O: ""}
        self._highlighted: Mark | None = None
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.setFont(font)
        self.vs_label = QLabel(self.tr("vs"))
        self.vs_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        # Both halves share the width equally, so "vs" stays over the board's middle.
        layout.addWidget(self._sides[Mark.X], 1)
        layout.addWidget(self.vs_label)
        layout.addWidget(self._sides[Mark.O], 1)
        self._update_accessible_text()

    def name_label(self, mark: Mark) -> ElidedLabel:
        """The label with ``mark``'s player's name."""
        return self._sides[Mark(mark)].name_label

    @property
    def highlighted(self) -> Mark | None:
        """The side highlighted: the one to move, or the winner; None for neither."""
        return self._highlighted

    def set_players(self, x_name: str, o_name: str) -> None:
        """Show the two players' names; each full name is its label's tooltip."""
        for mark, name in ((Mark.X, x_name), (Mark.O, o_name)):
            if self._names[mark] == name:
                continue
            self._names[mark] = name
            label = self._sides[mark].name_label
            label.setText(name)
            # The tile fits the name: all of it is drawn again (the label alone would leave
            # a strip of the longer name's tile in the margin beside it).
            self._sides[mark].update()
            tip = self.tr("{name} plays {mark}").format(name=name, mark=mark.value)
            self._sides[mark].setToolTip(tip)
            label.setToolTip(tip)
        self._update_accessible_text()

    def set_highlighted(self, mark: Mark | None) -> None:
        """Highlight ``mark``'s side (the side to move, or the winner), or neither."""
        self._highlighted = mark
        for side_mark, side in self._sides.items():
            side.set_highlighted(side_mark is mark)
        self._update_accessible_text()

    def _update_accessible_text(self) -> None:
        self.setAccessibleName(
            self.tr("{x} plays X against {o}, who plays O").format(
                x=self._names[Mark.X], o=self._names[Mark.O]
            )
        )
