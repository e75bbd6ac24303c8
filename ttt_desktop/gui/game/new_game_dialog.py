"""Game > New game with...: choose the board (a preset or m, n, k) and the two players.

:class:`NewGameDialog` shows the presets by name, each with a small picture of its
board, and a custom board's columns, rows and k in a row with their limits, checked
as they are typed. Below, a drop-down per seat offers the people and the computers;
a computer that does not play the board chosen is shown disabled, its tooltip saying
why. The opening (free, swap or swap2) is offered where the board has five in a row on
7x7 or more (:func:`~ttt_desktop.core.swap.check_opening_rule`), disabled with the
reason otherwise. The dialog only reports a choice (:meth:`NewGameDialog.chosen_rules`,
:meth:`NewGameDialog.chosen_seat`, :meth:`NewGameDialog.chosen_opening`); the window
starts the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QIcon, QPainter, QPen, QPixmap, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ttt_desktop.core import Mark
from ttt_desktop.core.rules import (
    CARO,
    FIVE_ONLY_MIN_SIDE,
    FIVE_ONLY_RULES,
    FREE_STYLE,
    MAX_SIDE,
    MIN_K,
    MIN_SIDE,
    PRESETS,
    RENJU,
    RULE_PRESETS,
    STANDARD,
    Rules,
    RulesError,
)
from ttt_desktop.core.swap import FREE_OPENING, SWAP, SWAP2, SwapError, check_opening_rule
from ttt_desktop.gui.common import theme
from ttt_desktop.gui.common.rules_text import rules_title
from ttt_desktop.gui.engines import engine_players
from ttt_desktop.gui.game.controller import Seat
from ttt_desktop.gui.game.player_panel import RosterEntry, kind_plays
from ttt_desktop.players import HUMAN_KIND
from ttt_desktop.players.boards import CLASSIC_ONLY, SOLVED_BOARDS, SOLVED_KEYS
from ttt_desktop.players.roster import BOARDS

PICTURE_SIZE: Final = 48
CUSTOM_ROW_ROLE: Final = Qt.ItemDataRole.UserRole + 1
SEAT_ROLE: Final = Qt.ItemDataRole.UserRole + 2
BOARD_PRESETS: Final = (*PRESETS.values(), *RULE_PRESETS.values())
"""The boards listed, smallest first, then Gomocup's rules on 15x15 (standard, renju, caro)."""


def board_picture(rules: Rules, size: int = PICTURE_SIZE) -> QPixmap:
    """A small picture of ``rules``' board: its grid, with k stones in a row across it."""
    colours = theme.board_colours()
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    m, n = rules.m, rules.n
    cell = (size - 6) / max(m, n)
    width, height = cell * m, cell * n
    left, top = (size - width) / 2, (size - height) / 2
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colours.background)
    painter.drawRoundedRect(QRectF(left - 2, top - 2, width + 4, height + 4), 4, 4)
    pen = QPen(colours.grid, 1 if max(m, n) <= 7 else 0.6)
    painter.setPen(pen)
    for column in range(m + 1):
        x = left + column * cell
        painter.drawLine(QPointF(x, top), QPointF(x, top + height))
    for row in range(n + 1):
        y = top + row * cell
        painter.drawLine(QPointF(left, y), QPointF(left + width, y))
    # k in a row along the middle row, in X's colour, one O beside it.
    row = n // 2
    start = (m - rules.k) // 2 if rules.k <= m else 0
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colours.mark(Mark.X))
    # Stones a little larger than their cells on big boards, so the row still shows.
    radius = max(cell * 0.36, 1.8)
    for column in range(start, min(m, start + rules.k)):
        centre = QPointF(left + (column + 0.5) * cell, top + (row + 0.5) * cell)
        painter.drawEllipse(centre, radius, radius)
    if n > 1:
        painter.setBrush(colours.mark(Mark.O))
        centre = QPointF(left + (start + 0.5) * cell, top + (row - 0.5) * cell)
        painter.drawEllipse(centre, radius, radius)
    painter.end()
    return pixmap


class NewGameDialog(QDialog):
    """Choose a board and the players of a new game; :meth:`chosen_rules` and
    :meth:`chosen_seat` say what was chosen once it is accepted."""

    def __init__(
        self,
        *,
        rules: Rules,
        seats: dict[Mark, Seat],
        people: Sequence[str],
        roster: Sequence[RosterEntry],
        opening_rule: str = FREE_OPENING,
        parent: QWidget | None = None,
    ) -> None:
        """``opening_rule`` is the opening offered first (the one last chosen)."""
        super().__init__(parent)
        self.setWindowTitle(self.tr("New game"))
        self._roster = list(roster)
        self._people = list(people)

        self.presets = QListWidget()
        self.presets.setObjectName("board-presets")
        self.presets.setAccessibleName(self.tr("Boards"))
        self.presets.setIconSize(QSize(PICTURE_SIZE, PICTURE_SIZE))
        self.presets.setSpacing(2)
        for number, preset in enumerate(BOARD_PRESETS):
            item = QListWidgetItem(QIcon(board_picture(preset)), rules_title(preset))
            item.setData(Qt.ItemDataRole.UserRole, number)
            item.setToolTip(self._describe(preset))
            self.presets.addItem(item)
        custom = QListWidgetItem(self.tr("Custom board: choose m, n and k below"))
        custom.setData(CUSTOM_ROW_ROLE, True)
        custom.setSizeHint(QSize(0, PICTURE_SIZE + 4))
        self.presets.addItem(custom)
        self.presets.setWordWrap(True)
        self.presets.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Every board in view at once, without scrolling.
        rows = sum(
            max(self.presets.sizeHintForRow(row), PICTURE_SIZE + 4)
            for row in range(self.presets.count())
        )
        spacing = 2 * self.presets.spacing() * self.presets.count()
        self.presets.setMinimumHeight(rows + spacing + 2 * self.presets.frameWidth())
        self.presets.setMinimumWidth(PICTURE_SIZE + 190)
        self.presets.currentRowChanged.connect(self._on_preset_row)

        custom_box = QGroupBox(self.tr("Board"))
        form = QFormLayout(custom_box)
        self.columns = self._spin(MIN_SIDE, MAX_SIDE, "columns")
        self.rows = self._spin(MIN_SIDE, MAX_SIDE, "rows")
        self.in_a_row = self._spin(MIN_K, MAX_SIDE, "k")
        self.rule_combo = QComboBox()
        self.rule_combo.setObjectName("rule")
        for rule, label, tip in (
            (FREE_STYLE, self.tr("Free-style: k or more in a row"), ""),
            (STANDARD, self.tr("Standard: exactly k, a longer line does not win"), ""),
            (
                RENJU,
                self.tr("Renju: black may not play a double-three, double-four or overline"),
                self.tr("Five in a row, on a board of 15 to 20 a side"),
            ),
            (
                CARO,
                self.tr("Caro: a five blocked at both ends does not win"),
                self.tr("Five in a row, on a board of 15 to 20 a side"),
            ),
        ):
            self.rule_combo.addItem(label, rule)
            self.rule_combo.setItemData(
                self.rule_combo.count() - 1, tip, Qt.ItemDataRole.ToolTipRole
            )
        self.columns_limits = QLabel()
        self.rows_limits = QLabel()
        self.k_limits = QLabel()
        form.addRow(self.tr("Columns (m):"), self._with_limits(self.columns, self.columns_limits))
        form.addRow(self.tr("Rows (n):"), self._with_limits(self.rows, self.rows_limits))
        form.addRow(self.tr("In a row (k):"), self._with_limits(self.in_a_row, self.k_limits))
        form.addRow(self.tr("R&ule:"), self.rule_combo)
        self.verdict = QLabel()
        self.verdict.setObjectName("board-verdict")
        self.verdict.setWordWrap(True)
        form.addRow(self.verdict)
        for spin in (self.columns, self.rows, self.in_a_row):
            spin.textChanged.connect(self._on_typed)
            # The line edit's own signal: it also says when a box is emptied.
            spin.lineEdit().textChanged.connect(self._on_typed)
        self.rule_combo.currentIndexChanged.connect(self._on_typed)

        seats_box = QGroupBox(self.tr("Players"))
        seats_form = QFormLayout(seats_box)
        self.seat_combos: dict[Mark, QComboBox] = {}
        for mark in (Mark.X, Mark.O):
            combo = QComboBox()
            combo.setObjectName(f"new-game-{mark.value}")
            combo.setAccessibleName(self.tr("Player for {mark}").format(mark=mark.value))
            combo.setModel(QStandardItemModel(combo))
            self.seat_combos[mark] = combo
            seats_form.addRow(self.tr("{mark} plays:").format(mark=mark.value), combo)
        self.seat_note = QLabel()
        self.seat_note.setWordWrap(True)
        seats_form.addRow(self.seat_note)
        self.opening_combo = QComboBox()
        self.opening_combo.setObjectName("opening")
        for rule, label in (
            (FREE_OPENING, self.tr("Free: the first player's stone opens the game")),
            (SWAP, self.tr("Swap: three stones placed, then the other player chooses a side")),
            (
                SWAP2,
                self.tr("Swap2: three stones, then a side or two more stones and the choice back"),
            ),
        ):
            self.opening_combo.addItem(label, rule)
        self.opening_combo.setToolTip(
            self.tr("Who places the first stones, and who then chooses to play black or white")
        )
        # The opening asked for, kept while a board too small for it is chosen.
        self._wanted_opening = opening_rule
        self.opening_combo.activated.connect(self._on_opening_chosen)
        seats_form.addRow(self.tr("&Opening:"), self.opening_combo)
        self.opening_note = QLabel()
        self.opening_note.setObjectName("opening-note")
        self.opening_note.setWordWrap(True)
        seats_form.addRow(self.opening_note)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        start = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        start.setText(self.tr("Start"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        right = QVBoxLayout()
        right.addWidget(custom_box)
        right.addWidget(seats_box)
        right.addStretch(1)
        columns = QHBoxLayout()
        columns.addWidget(self.presets, 1)
        columns.addLayout(right, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(columns)
        layout.addWidget(self.buttons)

        self._rules: Rules | None = rules
        self._fill_seats(seats)
        for combo in self.seat_combos.values():
            combo.currentIndexChanged.connect(self._on_typed)
        self.show_rules(rules)

    # What was chosen -----------------------------------------------------------

    def chosen_rules(self) -> Rules | None:
        """The board chosen, or None while the numbers typed make no board."""
        return self._rules

    def chosen_seat(self, mark: Mark) -> Seat | None:
        """Who was chosen to play ``mark`` (None: a computer that does not play the board)."""
        combo = self.seat_combos[mark]
        seat = combo.currentData(SEAT_ROLE)
        if not isinstance(seat, Seat):
            return None
        rules = self._rules
        if not seat.is_human and (rules is None or not kind_plays(seat.kind, rules)):
            return None
        return seat

    def chosen_opening(self) -> str:
        """The opening rule chosen (the free opening where the board has no other)."""
        rule = str(self.opening_combo.currentData())
        rules = self._rules
        if rules is None or not _opening_fits(rules, rule):
            return FREE_OPENING
        return rule

    def show_rules(self, rules: Rules) -> None:
        """Select ``rules`` (its preset, else the custom numbers)."""
        row = BOARD_PRESETS.index(rules) if rules in BOARD_PRESETS else self.presets.count() - 1
        self._set_numbers(rules)
        self.presets.blockSignals(True)
        self.presets.setCurrentRow(row)
        self.presets.blockSignals(False)
        self._on_typed()

    # Building -----------------------------------------------------------------

    def _spin(self, low: int, high: int, name: str) -> QSpinBox:
        spin = QSpinBox()
        spin.setObjectName(name)
        spin.setRange(low, high)
        spin.setKeyboardTracking(True)
        return spin

    @staticmethod
    def _with_limits(spin: QSpinBox, limits: QLabel) -> QWidget:
        box = QWidget()
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(spin)
        row.addWidget(limits, 1)
        return box

    def _describe(self, rules: Rules) -> str:
        text = self.tr("{m} columns, {n} rows, {k} in a row").format(
            m=rules.m, n=rules.n, k=rules.k
        )
        if rules.exact:
            text += ", " + self.tr("exactly")
        elif rules.rule in FIVE_ONLY_RULES:
            text += ", " + rules_title(rules)
        return text

    def _fill_seats(self, seats: dict[Mark, Seat]) -> None:
        for mark, combo in self.seat_combos.items():
            model = combo.model()
            assert isinstance(model, QStandardItemModel)
            for name in self._people:
                item = QStandardItem(name)
                item.setData(Seat(HUMAN_KIND, name), SEAT_ROLE)
                item.setToolTip(self.tr("{name}, a person at this computer").format(name=name))
                model.appendRow(item)
            for entry in self._roster:
                item = QStandardItem(self.tr("Computer: {name}").format(name=entry.name))
                item.setData(Seat(entry.kind, entry.name), SEAT_ROLE)
                model.appendRow(item)
            wanted = seats.get(mark)
            for row in range(model.rowCount()):
                if model.item(row).data(SEAT_ROLE) == wanted:
                    combo.setCurrentIndex(row)
                    break

    # Reacting -----------------------------------------------------------------

    def _set_numbers(self, rules: Rules) -> None:
        for spin in (self.columns, self.rows, self.in_a_row):
            spin.blockSignals(True)
        self.columns.setValue(rules.m)
        self.rows.setValue(rules.n)
        self.in_a_row.setValue(rules.k)
        self.rule_combo.blockSignals(True)
        self.rule_combo.setCurrentIndex(self.rule_combo.findData(rules.rule))
        self.rule_combo.blockSignals(False)
        for spin in (self.columns, self.rows, self.in_a_row):
            spin.blockSignals(False)

    def _on_preset_row(self, row: int) -> None:
        item = self.presets.item(row)
        if item is None or item.data(CUSTOM_ROW_ROLE):
            self.columns.setFocus(Qt.FocusReason.OtherFocusReason)
            self._on_typed()
            return
        self._set_numbers(BOARD_PRESETS[int(item.data(Qt.ItemDataRole.UserRole))])
        self._on_typed()

    def _typed_number(self, spin: QSpinBox) -> int | None:
        """What is typed in ``spin`` as a number (None while it is no number)."""
        text = spin.cleanText().strip()
        return int(text) if text.isdigit() else None

    def _on_typed(self, *_args: object) -> None:
        m, n, k = (self._typed_number(spin) for spin in (self.columns, self.rows, self.in_a_row))
        side = self.tr("{low} to {high}").format(low=MIN_SIDE, high=MAX_SIDE)
        self.columns_limits.setText(side)
        self.rows_limits.setText(side)
        longest = max(m or MIN_SIDE, n or MIN_SIDE)
        self.k_limits.setText(
            self.tr("{low} to {high} (the longer side)").format(low=MIN_K, high=longest)
        )
        # A k longer than the longer side is said under the boxes, not silently cut.
        rules: Rules | None = None
        problem = ""
        if m is None or n is None or k is None:
            problem = self.tr("Type a number in each box.")
        else:
            rule = str(self.rule_combo.currentData())
            try:
                rules = Rules(m, n, k, rule=rule)
            except RulesError:
                problem = self._limit_problem(m, n, k, rule)
        self._rules = rules
        if rules is None:
            # No board yet: no preset is highlighted as if it were the one chosen.
            self._highlight_row(-1)
            self.verdict.setText(problem)
            palette = self.verdict.palette()
            palette.setColor(
                self.verdict.foregroundRole(), theme.board_colours(self.palette()).annotation_loss
            )
            self.verdict.setPalette(palette)
        else:
            self.verdict.setText(self.tr("Board: {title}").format(title=rules_title(rules)))
            self.verdict.setPalette(self.palette())
            self._select_matching_preset(rules)
        self._update_seats()
        self._update_openings()
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self._can_start())

    def _limit_problem(self, m: int, n: int, k: int, rule: str) -> str:
        if rule in FIVE_ONLY_RULES and MIN_SIDE <= m <= MAX_SIDE and MIN_SIDE <= n <= MAX_SIDE:
            name = self.tr("Renju") if rule == RENJU else self.tr("Caro")
            return self.tr("{rule} is five in a row on a board of {low} to {high} a side.").format(
                rule=name, low=FIVE_ONLY_MIN_SIDE, high=MAX_SIDE
            )
        if not MIN_SIDE <= m <= MAX_SIDE:
            return self.tr("Columns must be {low} to {high}.").format(low=MIN_SIDE, high=MAX_SIDE)
        if not MIN_SIDE <= n <= MAX_SIDE:
            return self.tr("Rows must be {low} to {high}.").format(low=MIN_SIDE, high=MAX_SIDE)
        return self.tr("In a row must be {low} to {high}, the longer side.").format(
            low=MIN_K, high=max(m, n)
        )

    def _select_matching_preset(self, rules: Rules) -> None:
        """Highlight the preset the numbers typed make, else the custom row."""
        custom = self.presets.count() - 1
        self._highlight_row(BOARD_PRESETS.index(rules) if rules in BOARD_PRESETS else custom)

    def _highlight_row(self, row: int) -> None:
        """Make ``row`` the highlighted one (-1: none) without choosing its numbers."""
        if row == self.presets.currentRow() and (row < 0 or self.presets.item(row).isSelected()):
            return
        self.presets.blockSignals(True)
        if row < 0:
            self.presets.clearSelection()
        self.presets.setCurrentRow(row)
        self.presets.blockSignals(False)

    def _update_seats(self) -> None:
        rules = self._rules
        for combo in self.seat_combos.values():
            model = combo.model()
            assert isinstance(model, QStandardItemModel)
            for row in range(model.rowCount()):
                item = model.item(row)
                seat = item.data(SEAT_ROLE)
                if not isinstance(seat, Seat) or seat.is_human:
                    continue
                plays = rules is not None and kind_plays(seat.kind, rules)
                flags = item.flags()
                if plays:
                    item.setFlags(flags | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                    item.setToolTip(self.tr("{name} plays this board").format(name=seat.name))
                else:
                    item.setFlags(
                        flags & ~(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                    )
                    item.setToolTip(self._why_not(seat, rules))
        missing = [mark.value for mark in (Mark.X, Mark.O) if self.chosen_seat(mark) is None]
        if missing and rules is not None:
            self.seat_note.setText(
                self.tr(
                    "Choose a player for {marks}: the one chosen does not play {board}."
                ).format(marks=" and ".join(missing), board=rules_title(rules))
            )
        else:
            self.seat_note.setText("")

    def _on_opening_chosen(self, index: int) -> None:
        self._wanted_opening = str(self.opening_combo.itemData(index))
        self._update_openings()

    def _update_openings(self) -> None:
        """Enable the openings the board has room for; the one asked for is chosen again
        once the board fits it."""
        rules = self._rules
        model = self.opening_combo.model()
        assert isinstance(model, QStandardItemModel)
        why = self.tr(
            "Swap and swap2 are openings of five in a row: they need at least 5 in a row "
            "on a board of at least 7 by 7"
        )
        for row in range(model.rowCount()):
            item = model.item(row)
            rule = str(item.data(Qt.ItemDataRole.UserRole))
            fits = rules is None or _opening_fits(rules, rule)
            flags = item.flags()
            if fits:
                item.setFlags(flags | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                item.setToolTip("")
            else:
                item.setFlags(flags & ~(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable))
                item.setToolTip(why)
        wanted = self.opening_combo.findData(self._wanted_opening)
        wanted = max(wanted, 0)
        if rules is not None and not _opening_fits(rules, self._wanted_opening):
            self.opening_combo.setCurrentIndex(0)
            self.opening_note.setText(
                self.tr("This board opens freely: {why}.").format(why=why)
                if self._wanted_opening != FREE_OPENING
                else ""
            )
        else:
            self.opening_combo.setCurrentIndex(wanted)
            self.opening_note.setText(self._brains_without_the_opening())

    def _brains_without_the_opening(self) -> str:
        """What the engine list's probe says of a brain chosen that may not play the
        opening chosen ("" when every player plays it)."""
        rule = self.chosen_opening()
        if rule == FREE_OPENING:
            return ""
        notes = []
        for mark in (Mark.X, Mark.O):
            seat = self.chosen_seat(mark)
            if seat is None or not engine_players.is_brain(seat.kind):
                continue
            info = engine_players.engine_info(seat.kind)
            plays = None if info is None else info.entry.plays_opening(rule)
            if plays is False:
                text = self.tr(
                    "{name} does not play swap openings (it did not answer SWAP2BOARD when "
                    "probed): it loses the game at its first stone or choice."
                )
            elif plays is None:
                text = self.tr(
                    "{name} was not asked whether it plays swap openings: probe it again "
                    "in Lab > Engines, or it may lose the game at the opening."
                )
            else:
                continue
            notes.append(text.format(name=seat.name))
        return " ".join(notes)

    def _why_not(self, seat: Seat, rules: Rules | None) -> str:
        if rules is None:
            return self.tr("Choose a board first")
        if engine_players.is_brain(seat.kind):
            return engine_players.why_not(seat.kind, seat.name, rules)
        boards = BOARDS.get(seat.kind, CLASSIC_ONLY)
        if boards == CLASSIC_ONLY:
            text = self.tr("{name} plays only tic-tac-toe, not {board}")
        elif boards == SOLVED_BOARDS:
            text = self.tr(
                "{name} plays only the boards this program has solved ({solved}), not {board}"
            ).format(solved=", ".join(sorted(SOLVED_KEYS)), name="{name}", board="{board}")
        else:
            text = self.tr("{name} does not play {board}")
        return text.format(name=seat.name, board=rules_title(rules))

    def _can_start(self) -> bool:
        return (
            self._rules is not None
            and self.chosen_seat(Mark.X) is not None
            and self.chosen_seat(Mark.O) is not None
        )

    def disabled_kinds(self, mark: Mark) -> dict[str, str]:
        """The computers shown disabled for ``mark``, with the tooltip saying why."""
        combo = self.seat_combos[mark]
        model = combo.model()
        assert isinstance(model, QStandardItemModel)
        disabled: dict[str, str] = {}
        for row in range(model.rowCount()):
            item = model.item(row)
            seat = item.data(SEAT_ROLE)
            if isinstance(seat, Seat) and not item.flags() & Qt.ItemFlag.ItemIsEnabled:
                disabled[seat.kind] = item.toolTip()
        return disabled


def _opening_fits(rules: Rules, rule: str) -> bool:
    try:
        check_opening_rule(rules, rule)
    except SwapError:
        return False
    return True
