"""The Thinking dock: a computer's thought in words and figures, and "Ask ... about this".

The text is in labels a screen reader reads (each has an accessible name, and its
text as accessible description); the same scores are drawn on the board by
:mod:`ttt_desktop.gui.insight.features` when "Show scores on the board" is on.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFrame,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ttt_desktop.core.rules import Rules
from ttt_desktop.gui.common.rules_text import rules_title
from ttt_desktop.gui.insight import words
from ttt_desktop.players import roster
from ttt_desktop.players.roster import supports
from ttt_desktop.players.thought import Thought

ASKABLE_KINDS = tuple(info.kind for info in roster() if info.kind != "sequence")


PANEL_WIDTH = 320
"""The width the Thinking panel asks for (px); its texts wrap to it."""


class ThinkingPanel(QWidget):
    """The dock's contents: a headline, the figures, the ask row and the overlay toggle."""

    ask_requested = Signal(str)  # kind
    show_on_board_toggled = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.headline = QLabel(self.tr("No computer has moved yet."))
        self.headline.setObjectName("thinking-headline")
        self.headline.setWordWrap(True)
        self.headline.setAccessibleName(self.tr("What the computer thought"))
        font = self.headline.font()
        font.setBold(True)
        self.headline.setFont(font)
        self.details = QLabel("")
        self.details.setObjectName("thinking-details")
        self.details.setWordWrap(True)
        # A brain's MESSAGE lines are shown as it wrote them, never as markup.
        self.details.setTextFormat(Qt.TextFormat.PlainText)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details.setAccessibleName(self.tr("Figures of the thought"))
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)

        self.kind_box = QComboBox()
        self.kind_box.setAccessibleName(self.tr("Computer to ask"))
        for kind in ASKABLE_KINDS:
            self.kind_box.addItem(words.kind_name(kind), kind)
        self.ask_button = QPushButton()
        self.ask_button.clicked.connect(self._ask)
        self.kind_box.currentIndexChanged.connect(self._name_ask_button)
        self._name_ask_button()
        self.show_on_board = QCheckBox(self.tr("Show scores on the board"))
        self.show_on_board.setChecked(True)
        self.show_on_board.toggled.connect(self.show_on_board_toggled)

        # The figures scroll: a big board's thought has many cells, and its text must neither
        # push the ask row off the dock nor widen the dock (and the window) to fit it.
        self.details_area = QScrollArea()
        self.details_area.setWidgetResizable(True)
        self.details_area.setFrameShape(QFrame.Shape.NoFrame)
        self.details_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.details_area.setWidget(self.details)

        # Where the board is too small to write the scores in their cells, what the dots are.
        self.board_note = QLabel("")
        self.board_note.setObjectName("thinking-board-note")
        self.board_note.setWordWrap(True)
        self.board_note.setAccessibleName(self.tr("Scores on the board"))
        self.board_note.hide()

        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(self.details_area, 1)
        layout.addWidget(self.board_note)
        # One above the other: side by side, the longest name widened the dock (and with
        # it the window) as soon as it was chosen.
        layout.addWidget(self.kind_box)
        layout.addWidget(self.ask_button)
        layout.addWidget(self.show_on_board)
        self.thought: Thought | None = None

    def sizeHint(self) -> QSize:
        """A dock's width, whatever the length of the texts (they wrap and scroll)."""
        return QSize(PANEL_WIDTH, super().sizeHint().height())

    def _name_ask_button(self) -> None:
        name = words.kind_name(str(self.kind_box.currentData()))
        self.ask_button.setText(self.tr("Ask {name} about this position").format(name=name))

    def _ask(self) -> None:
        self.ask_requested.emit(str(self.kind_box.currentData()))

    def set_rules(self, rules: Rules) -> None:
        """Offer to ask only the computers that play ``rules``; the others are greyed out,
        their tooltip saying why."""
        model = self.kind_box.model()
        assert isinstance(model, QStandardItemModel)
        for row in range(model.rowCount()):
            item = model.item(row)
            kind = str(item.data(Qt.ItemDataRole.UserRole))
            plays = supports(kind, rules)
            item.setEnabled(plays)
            item.setToolTip(
                ""
                if plays
                else self.tr("{name} does not play {board}").format(
                    name=words.kind_name(kind), board=rules_title(rules)
                )
            )
        current = str(self.kind_box.currentData())
        if not supports(current, rules):
            playing = [kind for kind in ASKABLE_KINDS if supports(kind, rules)]
            if playing:
                self.select_kind(playing[-1])

    def select_kind(self, kind: str) -> None:
        """Choose ``kind`` in the ask row."""
        index = self.kind_box.findData(kind)
        if index >= 0:
            self.kind_box.setCurrentIndex(index)

    def show_thought(self, thought: Thought, *, asked: bool = False) -> None:
        """Show ``thought``: its headline and figures, read out as they change."""
        self.thought = thought
        self._set_text(words.headline(thought, asked=asked), words.figures(thought))

    def show_message(self, headline: str, detail: str = "") -> None:
        """A message instead of a thought (waiting, a failure, nothing to think about)."""
        self.thought = None
        self._set_text(headline, [detail] if detail else [])

    def set_unwritten_scores(self, count: int) -> None:
        """Say that ``count`` scores on the board are dots, not numbers (none: say nothing)."""
        text = (
            self.tr(
                "%n scored cell(s) on the board are too small to write the score in: a dot "
                "there marks a scored cell. Zoom in (View > Zoom in) to read the scores.",
                "",
                count,
            )
            if count
            else ""
        )
        self.board_note.setText(text)
        self.board_note.setAccessibleDescription(text)
        self.board_note.setVisible(bool(count))

    def _set_text(self, headline: str, lines: list[str]) -> None:
        self.headline.setText(headline)
        self.headline.setAccessibleDescription(headline)
        body = "\n".join(lines)
        self.details.setText(body)
        self.details.setAccessibleDescription(body)


class ThinkingDock(QDockWidget):
    """View > Thinking (Ctrl+T): the dock holding a :class:`ThinkingPanel`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("thinking-dock")
        self.setWindowTitle(self.tr("Thinking"))
        self.panel = ThinkingPanel(self)
        self.setWidget(self.panel)
