"""The result banner: laid over the board when a game ends, with Play again as its default.

:class:`ResultBanner` is a child of the board widget and floats over its lower
part, so nothing moves when it appears. It says who won (in the winner's colour)
or that the game is drawn, shows the pairing's score, and offers *Play again*
(the default: Enter or Space press it, since it takes the focus) and *Close*
(Esc), which hides it to look at the board.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QEvent, QObject, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

BACKGROUND_ALPHA: Final = 255


class ResultBanner(QWidget):
    """A rounded panel over the board: the result, the score, Play again and Close."""

    play_again_requested = Signal()
    closed = Signal()

    def __init__(self, board: QWidget) -> None:
        super().__init__(board)
        self.setObjectName("result-banner")
        self.setAccessibleName(self.tr("Result"))
        self._accent: QColor | None = None
        self._area: QRectF | None = None
        self._winning_row: int | None = None
        self.title_label = QLabel()
        self.title_label.setObjectName("result-title")
        title_font = QFont(self.font())
        title_font.setPointSizeF(title_font.pointSizeF() * 1.6)
        title_font.setBold(True)
        self.title_label.setFont(title_font)
        self.title_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.score_label = QLabel()
        self.score_label.setObjectName("result-score")
        self.score_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.score_label.setWordWrap(True)

        self.play_again_button = QPushButton(self.tr("Play again"))
        self.play_again_button.setObjectName("banner-play-again")
        self.play_again_button.setToolTip(self.tr("Another game with the same players (Enter)"))
        # Outside a dialog a button takes Enter only when it is an auto-default one.
        self.play_again_button.setAutoDefault(True)
        self.play_again_button.setDefault(True)
        self.play_again_button.clicked.connect(self.play_again_requested)
        self.close_button = QPushButton(self.tr("Close"))
        self.close_button.setObjectName("banner-close")
        self.close_button.setToolTip(self.tr("Hide this to look at the board (Esc)"))
        self.close_button.setAutoDefault(True)
        self.close_button.clicked.connect(self.dismiss)

        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.play_again_button)
        buttons.addWidget(self.close_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 14, 20, 14)
        layout.setSpacing(8)
        layout.addWidget(self.title_label)
        layout.addWidget(self.score_label)
        layout.addLayout(buttons)
        self.hide()
        board.installEventFilter(self)

    def show_result(
        self,
        title: str,
        score: str,
        accent: QColor | None,
        *,
        area: QRectF | None = None,
        winning_row: int | None = None,
    ) -> None:
        """Show ``title`` (in ``accent``, the winner's colour, if any) and ``score``.

        The banner sits over the bottom row of ``area`` (the grid), or over the top
        row when the winning line is the bottom row (``winning_row`` 2), so the line
        stays in sight.
        """
        self._accent = accent
        self._area = area
        self._winning_row = winning_row
        self.title_label.setText(title)
        palette = self.title_label.palette()
        if accent is not None:
            palette.setColor(QPalette.ColorRole.WindowText, accent)
        else:
            palette.setColor(
                QPalette.ColorRole.WindowText, self.palette().color(QPalette.ColorRole.WindowText)
            )
        self.title_label.setPalette(palette)
        self.score_label.setText(score)
        self.score_label.setVisible(bool(score))
        self._place()
        self.show()
        self.raise_()
        self.play_again_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def dismiss(self) -> None:
        """Hide the banner (Close, Esc)."""
        if self.isVisible():
            self.hide()
            self.closed.emit()

    def _place(self) -> None:
        board = self.parentWidget()
        if board is None:
            return
        area = self._area if self._area is not None else QRectF(board.rect())
        hint = self.sizeHint()
        width = min(board.width() - 16, max(hint.width(), int(area.width() * 0.8)))
        height = min(board.height() - 16, hint.height())
        x = (board.width() - width) // 2
        row = 0 if self._winning_row == 2 else 2
        centre_y = area.top() + area.height() * (row * 2 + 1) / 6
        y = int(min(max(4.0, centre_y - height / 2), board.height() - height - 4.0))
        self.setGeometry(x, y, width, height)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self._place()
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.dismiss()
            return
        super().keyPressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        background = QColor(palette.color(QPalette.ColorRole.Window))
        background.setAlpha(BACKGROUND_ALPHA)
        border = (
            QColor(self._accent)
            if self._accent is not None
            else palette.color(QPalette.ColorRole.Mid)
        )
        painter.setPen(QPen(border, 2))
        painter.setBrush(background)
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(1, 1, -1, -1), 12, 12)
        painter.end()
