"""The choice of a swap opening, offered to the person who makes it: a panel over the board.

:class:`OpeningPrompt` says who chooses and offers *Play black*, *Play white* and, under
swap2 after three stones, *Place two more stones*, each with its mark; a button reports
the choice (:attr:`OpeningPrompt.chosen`) and the window hands it to the session
(``session.choose``). It is no dialog: nothing else waits for it, and it floats over the
board's top edge (the opening's stones are near the centre), so the board stays in view
to judge the stones and nothing moves when it appears. It shows what the view
model's :class:`~ttt_desktop.gui.game.view_model.OpeningChoice` says, and hides when
there is none. The buttons take Alt+B, Alt+W and Alt+T, and the first takes the focus
when the prompt appears.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ttt_desktop.core.swap import BLACK, PLACE_TWO, WHITE
from ttt_desktop.gui.game.view_model import OpeningChoice


class OpeningPrompt(QWidget):
    """The buttons of a person's choice in a swap opening (hidden while none is due), a
    child of the board laid over its top edge."""

    chosen = Signal(str)  # BLACK, WHITE or PLACE_TWO

    def __init__(self, board: QWidget) -> None:
        super().__init__(board)
        self.setObjectName("opening-prompt")
        self.setAccessibleName(self.tr("Opening choice"))
        self.question = QLabel()
        self.question.setObjectName("opening-question")
        font = QFont(self.question.font())
        font.setBold(True)
        self.question.setFont(font)
        self.question.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.question.setWordWrap(True)
        self.buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        row.addStretch(1)
        for choice in (BLACK, WHITE, PLACE_TWO):
            button = QPushButton()
            button.setObjectName(f"opening-{choice}")
            # Enter presses the button with the focus, as in a dialog.
            button.setAutoDefault(True)
            button.clicked.connect(lambda _checked=False, choice=choice: self.chosen.emit(choice))
            self.buttons[choice] = button
            row.addWidget(button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 10, 16, 10)
        layout.setSpacing(6)
        layout.addWidget(self.question)
        layout.addLayout(row)
        self._shown: OpeningChoice | None = None
        self.hide()
        board.installEventFilter(self)

    @property
    def choice(self) -> OpeningChoice | None:
        """The choice on offer (None while the prompt is hidden)."""
        return self._shown

    def show_choice(self, choice: OpeningChoice | None) -> None:
        """Offer ``choice`` (None: hide the prompt)."""
        if choice == self._shown:
            return
        self._shown = choice
        if choice is None:
            had_focus = self.isAncestorOf(self.focusWidget())
            self.hide()
            board = self.parentWidget()
            if had_focus and board is not None:
                # The stones after the choice are clicks (or keys) on the board.
                board.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        white = choice.black.opponent
        self.question.setText(self.tr("{name}, choose your side:").format(name=choice.name))
        texts = {
            BLACK: self.tr("Play &black ({mark})").format(mark=choice.black.value),
            WHITE: self.tr("Play &white ({mark})").format(mark=white.value),
            PLACE_TWO: self.tr("Place &two more stones"),
        }
        tips = {
            BLACK: self.tr("Take black: the other player moves next, as white"),
            WHITE: self.tr("Take white and make white's move now"),
            PLACE_TWO: self.tr(
                "Place a white and a black stone, then the other player chooses a side"
            ),
        }
        for name, button in self.buttons.items():
            button.setText(texts[name])
            button.setToolTip(tips[name])
            button.setVisible(name in choice.options)
        self.adjustSize()
        self._place()
        self.show()
        self.raise_()
        self.buttons[BLACK].setFocus(Qt.FocusReason.OtherFocusReason)

    def _place(self) -> None:
        board = self.parentWidget()
        if board is None:
            return
        hint = self.sizeHint()
        width = min(board.width() - 8, hint.width())
        self.setGeometry((board.width() - width) // 2, 4, width, hint.height())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self._place()
        return super().eventFilter(watched, event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 2))
        painter.setBrush(QColor(palette.color(QPalette.ColorRole.Window)))
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(1, 1, -1, -1), 10, 10)
        painter.end()
