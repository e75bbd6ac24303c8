"""The player panel: who plays X, who plays O, who starts, and the session score.

Each mark has a drop-down grouped into "People" (named humans, plus "New
player..." to add one) and the computers by difficulty (every AI of the roster that
plays the board chosen, see :meth:`PlayerPanel.set_rules`, under the group
:func:`ttt_desktop.players.ladder.standing` gives it there: "Unbeatable: never loses"
only for a player proven on that board). The panel reports choices as :class:`Seat`
values and knows nothing of the game in progress.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, Protocol

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QFont,
    QIcon,
    QPainter,
    QPalette,
    QPixmap,
    QStandardItem,
    QStandardItemModel,
)
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from ttt_desktop.core import Mark
from ttt_desktop.core.record import MAX_NAME_LENGTH
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules
from ttt_desktop.gui.board.board_widget import paint_mark
from ttt_desktop.gui.common import roster_text
from ttt_desktop.gui.common.rules_text import rules_title
from ttt_desktop.gui.common.theme import mark_colour
from ttt_desktop.gui.engines import engine_players
from ttt_desktop.gui.game.controller import START_POLICIES, Seat
from ttt_desktop.gui.shell.settings import tidy_person_name
from ttt_desktop.players import HUMAN_KIND
from ttt_desktop.players.boards import SOLVED_KEYS
from ttt_desktop.players.ladder import STANDINGS, standing
from ttt_desktop.players.roster import UnknownPlayerError, supports


class RosterEntry(Protocol):
    """What the panel shows of an AI kind (``ttt_desktop.players.PlayerInfo`` fits)."""

    @property
    def kind(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def strength(self) -> int: ...


# Every row of a drop-down holds a value in this role: a Seat, or one of the two markers.
# (Reading a role that was never set returns None with a reference missing in
# PySide6 6.12, which crashes the interpreter later; so no row leaves it unset.)
ENTRY_ROLE: Final = Qt.ItemDataRole.UserRole + 1
# Computer rows also hold the bare name here, so the list can line their stars up.
NAME_ROLE: Final = Qt.ItemDataRole.UserRole + 2
HEADER_ENTRY: Final = "header"
NEW_PERSON_ENTRY: Final = "new-person"
MANAGE_PEOPLE_ENTRY: Final = "manage-people"
NEW_PERSON_TEXT: Final = QT_TRANSLATE_NOOP("PlayerPanel", "New player...")
START_POLICY_LABELS: Final = {
    "x": QT_TRANSLATE_NOOP("PlayerPanel", "X starts"),
    "o": QT_TRANSLATE_NOOP("PlayerPanel", "O starts"),
    "alternate": QT_TRANSLATE_NOOP("PlayerPanel", "Take turns starting"),
    "random": QT_TRANSLATE_NOOP("PlayerPanel", "Random"),
}

NameAsker = Callable[[QWidget], "str | None"]


def name_dialog(parent: QWidget | None, *, title: str = "", name: str = "") -> QInputDialog:
    """The dialog asking for a person's name; it says how long a name may be.

    The field takes at most :data:`MAX_NAME_LENGTH` characters, so nothing is cut
    off later without a word.
    """
    dialog = QInputDialog(parent)
    dialog.setObjectName("name-dialog")
    dialog.setInputMode(QInputDialog.InputMode.TextInput)
    dialog.setWindowTitle(title or QCoreApplication.translate("PlayerPanel", "New player"))
    dialog.setLabelText(
        QCoreApplication.translate(
            "PlayerPanel", "Name of the player (up to {count} characters):"
        ).format(count=MAX_NAME_LENGTH)
    )
    dialog.setTextValue(name)
    field = dialog.findChild(QLineEdit)
    if field is not None:
        field.setMaxLength(MAX_NAME_LENGTH)
    return dialog


def ask_name_with_dialog(parent: QWidget) -> str | None:
    """Ask for a new person's name in a small dialog; None when cancelled."""
    dialog = name_dialog(parent)
    accepted = dialog.exec() == QInputDialog.DialogCode.Accepted
    name = dialog.textValue()
    dialog.deleteLater()
    return name if accepted else None


def kind_plays(kind: str, rules: Rules) -> bool:
    """Whether computers of ``kind`` play by ``rules``.

    Kinds outside the players' roster (trained players, a test's scripted ones) play
    tic-tac-toe only; the engine list's brains play the boards their probe found.
    """
    if engine_players.is_brain(kind):
        return engine_players.brain_plays(kind, rules)
    try:
        return supports(kind, rules)
    except UnknownPlayerError:
        return rules.is_classic


def strength_stars(strength: int) -> str:
    """``strength`` 1-5 as filled and empty stars, e.g. ``"★★★☆☆"``."""
    strength = max(1, min(5, strength))
    return "★" * strength + "☆" * (5 - strength)


class RosterItemDelegate(QStyledItemDelegate):
    """Draws the drop-down's rows roomily; a computer's strength stars line up on the right."""

    MARGIN: Final = 8

    def _parts(self, index: QModelIndex | QPersistentModelIndex) -> tuple[str, str]:
        text = index.data(Qt.ItemDataRole.DisplayRole)
        text = text if isinstance(text, str) else ""
        entry = index.data(ENTRY_ROLE)
        if isinstance(entry, Seat) and entry.kind != HUMAN_KIND:
            name = index.data(NAME_ROLE)
            if isinstance(name, str) and text.startswith(name):
                return name, text[len(name) :].strip()
        return text, ""

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        name, stars = self._parts(index)
        styled = QStyleOptionViewItem(option)
        self.initStyleOption(styled, index)
        styled.text = ""
        widget = styled.widget
        style = widget.style() if widget is not None else QApplication.style()
        # Background and selection from the style; the words drawn here.
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, styled, painter, widget)
        if not styled.state & QStyle.StateFlag.State_Enabled:
            colour = styled.palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        elif styled.state & QStyle.StateFlag.State_Selected:
            colour = styled.palette.color(QPalette.ColorRole.HighlightedText)
        else:
            colour = styled.palette.color(QPalette.ColorRole.Text)
        painter.save()
        painter.setPen(colour)
        painter.setFont(styled.font)
        area = styled.rect.adjusted(self.MARGIN, 0, -self.MARGIN, 0)
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(area, int(left), name)
        if stars:
            painter.drawText(area, int(right), stars)
        painter.restore()

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        name, stars = self._parts(index)
        metrics = option.fontMetrics
        width = metrics.horizontalAdvance(name) + 3 * self.MARGIN
        if stars:
            width += metrics.horizontalAdvance(stars) + 2 * self.MARGIN
        return QSize(width, metrics.height() + self.MARGIN)


def mark_icon(mark: Mark, size: int = 32, palette: QPalette | None = None) -> QIcon:
    """An icon of ``mark`` drawn like the board draws it (in ``palette``'s scheme)."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_mark(painter, mark, QRectF(0, 0, size, size), mark_colour(mark, palette))
    painter.end()
    return QIcon(pixmap)


class PlayerPanel(QWidget):
    """Drop-downs for X and O, who starts, and the score of the current pairing."""

    seat_chosen = Signal(object, object)  # Mark, Seat
    start_policy_chosen = Signal(str)
    people_changed = Signal(list)  # the people's names, after one was added
    swap_requested = Signal()
    choice_cancelled = Signal()  # "New player..." was cancelled: the previous choice stays
    manage_people_requested = Signal()  # "Rename or remove people..." was picked
    board_requested = Signal()  # the board button: choose another board

    def __init__(
        self,
        roster: Sequence[RosterEntry],
        people: Sequence[str],
        parent: QWidget | None = None,
        *,
        ask_name: NameAsker = ask_name_with_dialog,
    ) -> None:
        super().__init__(parent)
        self._roster = list(roster)
        self._rules: Rules = TIC_TAC_TOE
        self._people = [tidy_person_name(name) for name in people if tidy_person_name(name)]
        self._ask_name = ask_name
        self._shown_seats: dict[Mark, Seat] = {}
        # "1623 ± 212" by computer kind, once a computer has played enough stored games.
        self._rating_labels: dict[str, str] = {}

        players_box = QGroupBox(self.tr("Players"))
        form = QFormLayout(players_box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._combos: dict[Mark, QComboBox] = {}
        self._mark_labels: dict[Mark, QLabel] = {}
        for mark in (Mark.X, Mark.O):
            combo = QComboBox()
            combo.setObjectName(f"player-{mark.value}")
            combo.setAccessibleName(self.tr("Player for {mark}").format(mark=mark.value))
            combo.setModel(QStandardItemModel(combo))
            combo.setItemDelegate(RosterItemDelegate(combo))
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(14)
            combo.setIconSize(QSize(16, 16))
            combo.activated.connect(
                self._on_x_activated if mark is Mark.X else self._on_o_activated
            )
            self._combos[mark] = combo
            label = QLabel()
            self._mark_labels[mark] = label
            label.setToolTip(self.tr("Plays {mark}").format(mark=mark.value))
            label.setBuddy(combo)
            form.addRow(label, combo)
        self._show_mark_icons()
        self._swap_button = QPushButton(self.tr("Swap sides"))
        self._swap_button.setToolTip(
            self.tr("Exchange the players of X and O and start a new game")
        )
        self._swap_button.clicked.connect(self.swap_requested)
        form.addRow(self._swap_button)

        self._start_combo = QComboBox()
        self._start_combo.setObjectName("start-policy")
        self._start_combo.setAccessibleName(self.tr("Who starts"))
        for policy in START_POLICIES:
            self._start_combo.addItem(self.tr(str(START_POLICY_LABELS[policy])), policy)
        self._start_combo.activated.connect(self._on_start_policy_activated)
        form.addRow(self.tr("First move:"), self._start_combo)

        # The board played, named; a click offers the others (Game > New game with...).
        self.board_button = QPushButton()
        self.board_button.setObjectName("choose-board")
        self.board_button.setToolTip(self.tr("Choose the board and the players (Ctrl+Shift+N)"))
        self.board_button.clicked.connect(self.board_requested)
        board_label = QLabel(self.tr("&Board:"))
        board_label.setBuddy(self.board_button)
        form.addRow(board_label, self.board_button)
        self._name_board(self._rules)

        score_box = QGroupBox(self.tr("Score this session"))
        score_layout = QVBoxLayout(score_box)
        self._score_label = QLabel()
        self._score_label.setObjectName("score")
        self._score_label.setWordWrap(True)
        self._score_label.setTextFormat(Qt.TextFormat.RichText)
        score_layout.addWidget(self._score_label)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(players_box)
        layout.addWidget(score_box)
        layout.addStretch(1)
        for mark in (Mark.X, Mark.O):
            self._fill(mark)

    # Reading and showing ------------------------------------------------------

    def _show_mark_icons(self) -> None:
        for mark, label in self._mark_labels.items():
            label.setPixmap(mark_icon(mark, 22, self.palette()).pixmap(22, 22))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange and getattr(self, "_mark_labels", None):
            # A new theme: the marks beside the drop-downs take its colours.
            self._show_mark_icons()
        super().changeEvent(event)

    def combo(self, mark: Mark) -> QComboBox:
        """The drop-down for ``mark``."""
        return self._combos[Mark(mark)]

    @property
    def start_combo(self) -> QComboBox:
        """The "who starts" drop-down."""
        return self._start_combo

    @property
    def swap_button(self) -> QPushButton:
        """The button exchanging the two players."""
        return self._swap_button

    @property
    def score_label(self) -> QLabel:
        """The label showing the session score."""
        return self._score_label

    @property
    def people(self) -> list[str]:
        """The people's names the drop-downs offer."""
        return list(self._people)

    def show_seat(self, mark: Mark, seat: Seat) -> None:
        """Select ``seat`` in ``mark``'s drop-down, adding an entry for it if it is new."""
        mark = Mark(mark)
        self._shown_seats[mark] = seat
        if seat.is_human and seat.name not in self._people:
            self._people.append(seat.name)
            self._refill_all()
            return
        self._select(mark, seat)

    def show_start_policy(self, policy: str) -> None:
        """Select ``policy`` in the "who starts" drop-down."""
        index = self._start_combo.findData(policy)
        if index >= 0:
            self._start_combo.setCurrentIndex(index)

    def set_score_text(self, html: str) -> None:
        """Show the score (rich text)."""
        self._score_label.setText(html)

    def rename_person(self, old_name: str, new_name: str) -> None:
        """Offer ``new_name`` where ``old_name`` was, seats showing them included."""
        self._people = [new_name if name == old_name else name for name in self._people]
        for mark, seat in list(self._shown_seats.items()):
            if seat.is_human and seat.name == old_name:
                self._shown_seats[mark] = Seat(HUMAN_KIND, new_name)
        self._refill_all()
        self.people_changed.emit(list(self._people))

    def remove_person(self, name: str) -> None:
        """Stop offering ``name`` (the window keeps people who are playing)."""
        if name in self._people:
            self._people.remove(name)
            self._refill_all()
            self.people_changed.emit(list(self._people))

    def manage_people_index(self, mark: Mark) -> int:
        """The row of "Rename or remove people..." in ``mark``'s drop-down."""
        combo = self._combos[Mark(mark)]
        for index in range(combo.count()):
            if self._entry(Mark(mark), index) == MANAGE_PEOPLE_ENTRY:
                return index
        return -1

    def seat_for_index(self, mark: Mark, index: int) -> Seat | None:
        """The seat a drop-down row stands for; None for headers and "New player..."."""
        data = self._entry(Mark(mark), index)
        return data if isinstance(data, Seat) else None

    def choose_index(self, mark: Mark, index: int) -> None:
        """Act as if a person picked row ``index`` of ``mark``'s drop-down."""
        combo = self._combos[Mark(mark)]
        combo.setCurrentIndex(index)
        combo.activated.emit(index)

    def index_of(self, mark: Mark, *, name: str | None = None, kind: str | None = None) -> int:
        """The row of the entry with display ``name`` (people) or AI ``kind``; -1 if none."""
        combo = self._combos[Mark(mark)]
        for index in range(combo.count()):
            seat = self.seat_for_index(mark, index)
            if seat is None:
                continue
            if kind is not None and seat.kind == kind:
                return index
            if name is not None and seat.is_human and seat.name == name:
                return index
        return -1

    def new_person_index(self, mark: Mark) -> int:
        """The row of "New player..." in ``mark``'s drop-down."""
        combo = self._combos[Mark(mark)]
        for index in range(combo.count()):
            if self._entry(Mark(mark), index) == NEW_PERSON_ENTRY:
                return index
        return -1

    def _entry(self, mark: Mark, index: int) -> object:
        combo = self._combos[mark]
        if not 0 <= index < combo.count():
            return None
        return combo.itemData(index, ENTRY_ROLE)

    def set_rating_labels(self, labels: dict[str, str]) -> None:
        """Show ``labels`` (``"1623 ± 212"`` by computer kind) beside computers' names."""
        if labels != self._rating_labels:
            self._rating_labels = dict(labels)
            self._refill_all()

    def set_roster(self, roster: Sequence[RosterEntry]) -> None:
        """Offer ``roster``'s computer players (trained players come and go)."""
        self._roster = list(roster)
        self._refill_all()

    @property
    def rules(self) -> Rules:
        """The board whose players the drop-downs offer."""
        return self._rules

    def set_rules(self, rules: Rules) -> None:
        """Offer only the computers that play by ``rules``."""
        self._name_board(rules)
        if rules is not self._rules:
            self._rules = rules
            self._refill_all()

    def _name_board(self, rules: Rules) -> None:
        title = rules_title(rules)
        self.board_button.setText(self.tr("{board}...").format(board=title))
        self.board_button.setAccessibleName(self.tr("Board: {board}").format(board=title))

    def offered_kinds(self) -> list[str]:
        """The computer kinds the drop-downs offer for the board chosen."""
        return [entry.kind for entry in self._roster if kind_plays(entry.kind, self._rules)]

    # Building the drop-downs --------------------------------------------------

    def _fill(self, mark: Mark) -> None:
        combo = self._combos[mark]
        model = combo.model()
        assert isinstance(model, QStandardItemModel)
        combo.blockSignals(True)
        model.clear()
        model.appendRow(self._header(self.tr("People")))
        for name in self._people:
            item = QStandardItem(name)
            item.setData(Seat(HUMAN_KIND, name), ENTRY_ROLE)
            item.setToolTip(self.tr("{name}, a person at this computer").format(name=name))
            model.appendRow(item)
        add_item = QStandardItem(self.tr(str(NEW_PERSON_TEXT)))
        add_item.setData(NEW_PERSON_ENTRY, ENTRY_ROLE)
        add_item.setToolTip(self.tr("Add a person by name; names are remembered"))
        model.appendRow(add_item)
        manage_item = QStandardItem(self.tr("Rename or remove people..."))
        manage_item.setData(MANAGE_PEOPLE_ENTRY, ENTRY_ROLE)
        manage_item.setToolTip(
            self.tr("Change a person's name (their score goes with them) or remove them")
        )
        model.appendRow(manage_item)
        playing = [
            entry
            for entry in self._roster
            if not engine_players.is_brain(entry.kind) and kind_plays(entry.kind, self._rules)
        ]
        kinds = {entry.kind for entry in playing}
        # The computers by difficulty; each keeps its own name and description. "Never
        # loses" is said only of the players proven on this board (the players' ladder).
        for group in STANDINGS:
            entries = [
                entry
                for entry in playing
                if standing(entry.kind, entry.strength, self._rules) == group
            ]
            if not entries:
                continue
            header = self._header(self._group_title(group))
            header.setToolTip(self._group_tooltip(group))
            model.appendRow(header)
            for entry in entries:
                rating = self._rating_labels.get(entry.kind)
                item = QStandardItem(entry.name if rating is None else f"{entry.name}  {rating}")
                item.setData(entry.name, NAME_ROLE)
                item.setData(Seat(entry.kind, entry.name), ENTRY_ROLE)
                tip = roster_text.describe(entry.description)
                if rating is not None:
                    tip += "\n" + self.tr("Rating from its stored games: {rating}").format(
                        rating=rating
                    )
                item.setToolTip(tip)
                model.appendRow(item)
        self._add_engines(model, kinds)
        # A seat set from elsewhere (a loaded game, a test's scripted player) still shows.
        for seat in self._shown_seats.values():
            if not seat.is_human and seat.kind not in kinds:
                item = QStandardItem(seat.name)
                item.setData(seat, ENTRY_ROLE)
                item.setData(seat.name, NAME_ROLE)
                model.appendRow(item)
                kinds.add(seat.kind)
        combo.blockSignals(False)
        if mark in self._shown_seats:
            self._select(mark, self._shown_seats[mark])

    def _add_engines(self, model: QStandardItemModel, kinds: set[str]) -> None:
        """The engine list's brains, after the roster's players: those that play the
        board to choose, the others greyed out with the reason in their tooltip."""
        brains = [entry for entry in self._roster if engine_players.is_brain(entry.kind)]
        if not brains:
            return
        header = self._header(self.tr("Engines"))
        header.setToolTip(self.tr("Gomocup brains of the engine list (Lab > Engines...)"))
        model.appendRow(header)
        for entry in brains:
            item = QStandardItem(entry.name)
            item.setData(entry.name, NAME_ROLE)
            item.setData(Seat(entry.kind, entry.name), ENTRY_ROLE)
            kinds.add(entry.kind)
            if kind_plays(entry.kind, self._rules):
                item.setToolTip(entry.description)
            else:
                item.setEnabled(False)
                item.setToolTip(engine_players.why_not(entry.kind, entry.name, self._rules))
            model.appendRow(item)

    def _refill_all(self) -> None:
        for mark in (Mark.X, Mark.O):
            self._fill(mark)

    def _group_title(self, group: str) -> str:
        # Where the board is solved the strongest unproven players sit below the proven
        # ones; elsewhere they are the strongest there are, and still nothing proves more.
        solved = self._rules.key in SOLVED_KEYS
        titles = {
            "easy": self.tr("Easy"),
            "medium": self.tr("Medium"),
            "hard": self.tr("Hard"),
            "strong": self.tr("Strong: may lose") if solved else self.tr("Strongest: may lose"),
            "unbeatable": self.tr("Unbeatable: never loses"),
            "perfect": self.tr("Perfect: the first player wins here"),
        }
        return titles[group]

    def _group_tooltip(self, group: str) -> str:
        tips = {
            "easy": self.tr("Makes mistakes you can catch"),
            "medium": self.tr("Wins and blocks; can be outwitted"),
            "hard": self.tr("Harder to beat than Medium; can lose"),
            "strong": self.tr(
                "Nothing proves that these never lose on this board; each one's tooltip "
                "says how it plays"
            ),
            "unbeatable": self.tr("Plays perfectly: the best you can get is a draw"),
            "perfect": self.tr(
                "Plays perfectly: moving first it always wins; moving second it loses only "
                "to perfect play"
            ),
        }
        return tips[group]

    @staticmethod
    def _header(text: str) -> QStandardItem:
        item = QStandardItem(text)
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        item.setData(HEADER_ENTRY, ENTRY_ROLE)
        font = QFont()
        font.setBold(True)
        item.setFont(font)
        return item

    def _select(self, mark: Mark, seat: Seat) -> None:
        if not seat.is_human and self.index_of(mark, kind=seat.kind) < 0:
            self._fill(mark)
            return
        index = (
            self.index_of(mark, name=seat.name)
            if seat.is_human
            else self.index_of(mark, kind=seat.kind)
        )
        combo = self._combos[mark]
        combo.blockSignals(True)
        combo.setCurrentIndex(index)
        combo.blockSignals(False)
        # A long name may not fit the drop-down: its tooltip has it whole.
        combo.setToolTip(self.tr("{name} plays {mark}").format(name=seat.name, mark=mark.value))

    # Reacting to choices ------------------------------------------------------

    def _on_x_activated(self, index: int) -> None:
        self._on_activated(Mark.X, index)

    def _on_o_activated(self, index: int) -> None:
        self._on_activated(Mark.O, index)

    def _on_activated(self, mark: Mark, index: int) -> None:
        if self._entry(mark, index) == NEW_PERSON_ENTRY:
            self._add_person_for(mark)
            return
        if self._entry(mark, index) == MANAGE_PEOPLE_ENTRY:
            # Not a choice: the drop-down shows the player chosen before.
            if mark in self._shown_seats:
                self._select(mark, self._shown_seats[mark])
            self.manage_people_requested.emit()
            return
        seat = self.seat_for_index(mark, index)
        if seat is None:
            return
        self._shown_seats[mark] = seat
        self.seat_chosen.emit(mark, seat)

    def _add_person_for(self, mark: Mark) -> None:
        answer = self._ask_name(self)
        name = tidy_person_name(answer) if answer else ""
        if not name:
            # Cancelled or blank: show the previous choice again.
            if mark in self._shown_seats:
                self._select(mark, self._shown_seats[mark])
            self.choice_cancelled.emit()
            return
        if name not in self._people:
            self._people.append(name)
            self.people_changed.emit(list(self._people))
        seat = Seat(HUMAN_KIND, name)
        self._shown_seats[mark] = seat
        self._refill_all()
        self.seat_chosen.emit(mark, seat)

    def _on_start_policy_activated(self, index: int) -> None:
        if not 0 <= index < self._start_combo.count():
            return
        policy = self._start_combo.itemData(index)
        if isinstance(policy, str):
            self.start_policy_chosen.emit(policy)
