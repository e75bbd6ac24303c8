"""A small spinner that says "the computer is thinking", beside the status line.

A spinning arc, as desktop apps show for work of unknown length, drawn in the
palette's highlight colour and sized to the text beside it. It says "thinking"
rather than the "progress" a bar suggests, and keeps its place in the layout while
hidden, so the status line never jumps.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

FRAME_MS: Final = 40
STEP_DEGREES: Final = 24


class BusyIndicator(QWidget):
    """A spinning arc; :meth:`set_busy` shows and starts it, or stops and hides it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._angle = 0
        self._timer = QTimer(self)
        self._timer.setInterval(FRAME_MS)
        self._timer.timeout.connect(self._advance)
        policy = QSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        # The status line keeps its place whether or not the spinner shows.
        policy.setRetainSizeWhenHidden(True)
        self.setSizePolicy(policy)
        self.hide()

    def sizeHint(self) -> QSize:
        side = max(16, self.fontMetrics().height())
        return QSize(side, side)

    @property
    def is_busy(self) -> bool:
        """True while the spinner shows and turns."""
        return self._timer.isActive()

    def set_busy(self, busy: bool) -> None:
        """Show and start the spinner, or stop and hide it."""
        if busy:
            self._timer.start()
            self.show()
        else:
            self._timer.stop()
            self.hide()

    def _advance(self) -> None:
        self._angle = (self._angle + STEP_DEGREES) % 360
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        side = min(self.width(), self.height())
        width = max(2.0, side / 8)
        square = QRectF(
            (self.width() - side) / 2 + width,
            (self.height() - side) / 2 + width,
            side - 2 * width,
            side - 2 * width,
        )
        colour = self.palette().color(QPalette.ColorRole.Highlight)
        painter.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        # Qt counts arcs in sixteenths of a degree, anticlockwise from three o'clock.
        painter.drawArc(square, -self._angle * 16, 270 * 16)
        painter.end()
