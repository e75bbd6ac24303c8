"""Lab > Engines...: the list of Gomocup brains, edited in the window.

:class:`EnginesDialog` lists the engines of the engine list (``engines.json`` in the data
folder; :mod:`ttt_desktop.brains.engines`) with the board sizes each accepts. *Add...*
asks for the brain's program, working folder and name
(:class:`~ttt_desktop.gui.engines.engine_add_dialog.AddEngineDialog`), starts it, reads its name
from its ABOUT answer and probes the sizes it accepts; a program that is not a brain is
refused with the probe's reason. *Probe* does that again for the selected engine; *Test*
plays it one quick game against Rando with its own times and says how it went and with
which times (a forfeit's reason too); *Remove* asks, then takes it off the list; *Engine
log* shows what the brains of the window's game say on their pipes.

Below the list are the selected brain's settings, each saved as it is changed (a value
the engine list can't keep is refused, in words): its time per move and per game, the
margin its answers are allowed, the memory it is told it may use and whether that is
enforced, its working folder and more ``INFO`` lines for it (``key value``, one a line).

The list is the window's :class:`~ttt_desktop.gui.engines.engine_list.WatchedEngineList`: a list
changed outside (``ttt-arena engines add``, another window) shows here at once, and a
list that could not be read is said at the top until dismissed.

The brains run in a worker thread: the window never waits on one. The brains' modules are
imported when the dialog opens, not with the window.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, Final

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtGui import QFocusEvent, QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ttt_desktop.brains.engines import MAX_MEMORY_MB, MAX_TURN_MS, EngineEntry, brain_folder, probe
from ttt_desktop.brains.manager import DEFAULT_CLOCK, split_command
from ttt_desktop.brains.match import play_brain_game
from ttt_desktop.brains.player import BrainPlayer
from ttt_desktop.core.rules import Rules
from ttt_desktop.gui.common.forms import buddy_label
from ttt_desktop.gui.common.translation import number
from ttt_desktop.gui.engines import engine_players
from ttt_desktop.gui.engines.brain_text import printable
from ttt_desktop.gui.engines.engine_add_dialog import AddEngineDialog, program_folder
from ttt_desktop.gui.engines.engine_list import WatchedEngineList
from ttt_desktop.gui.review.game_files import describe_brain_error, describe_os_error
from ttt_desktop.players import create_player

__all__ = ["MANAGERS_INFO_KEYS", "EnginesDialog", "add_engines_action", "parse_info_lines"]

MANAGERS_INFO_KEYS: Final = frozenset(
    {"timeout_turn", "timeout_match", "time_left", "max_memory", "game_type", "rule", "folder", "k"}
)
"""The INFO keys the manager sends itself (from the settings above, the board and the clock)."""


class _Bridge(QObject):
    """Carries a worker thread's result to the window's thread (a queued signal)."""

    done = Signal(object, str, str)  # the result (or the error), what was done, to whom


def _probe_entry(entry: EngineEntry, named: bool) -> EngineEntry:
    """``entry`` probed; unless ``named``, called by the name in its ABOUT answer."""
    found = probe(entry)
    if named:
        return found
    name = printable(found.about.get("name") or "") or Path(split_command(entry.command)[0]).name
    return replace(found, name=" ".join(name.split())[:60])


def clock_words(entry: EngineEntry) -> str:
    """The brain's times in words: "5,000 ms a move, 1,000 ms of margin"."""
    translate = QCoreApplication.translate
    parts = []
    if entry.turn_ms:
        parts.append(translate("EnginesDialog", "{ms} ms a move").format(ms=number(entry.turn_ms)))
    if entry.match_ms:
        parts.append(translate("EnginesDialog", "{ms} ms a game").format(ms=number(entry.match_ms)))
    parts.append(translate("EnginesDialog", "{ms} ms of margin").format(ms=number(entry.margin_ms)))
    return ", ".join(parts)


def _test_entry(entry: EngineEntry, engines_file: Path) -> str:
    side = 15 if 15 in entry.sizes or not entry.sizes else entry.sizes[0]
    rules = Rules(side, side, 5)
    # The brain's own settings, as its games in the window will have them.
    settings = entry.settings(folder=brain_folder(engines_file, entry.name))
    with BrainPlayer(
        entry.command, name=entry.name, cwd=entry.cwd or None, settings=settings
    ) as brain:
        record = play_brain_game(brain, create_player("rando", seed=1), rules)
    translate = QCoreApplication.translate
    times = clock_words(entry)
    if record.forfeit is not None:
        return translate(
            "EnginesDialog", "{name} lost a test game on {board} ({times}): {reason}"
        ).format(
            name=entry.name, board=rules.title, times=times, reason=printable(record.forfeit.reason)
        )
    texts = {
        "X": translate(
            "EnginesDialog",
            "{name} beat Rando in a test game on {board} ({moves} moves; {times}).",
        ),
        "O": translate(
            "EnginesDialog",
            "{name} lost to Rando in a test game on {board} ({moves} moves; {times}).",
        ),
    }
    text = texts.get(
        record.result or "",
        translate("EnginesDialog", "{name} drew a test game on {board} ({moves} moves; {times})."),
    )
    return text.format(name=entry.name, board=rules.title, moves=record.ply, times=times)


def parse_info_lines(text: str) -> tuple[dict[str, str], str]:
    """The ``key value`` lines of ``text`` as INFO keys and values, and what is wrong with
    them ("" when nothing is). Blank lines are skipped; a leading ``INFO`` is allowed."""
    translate = QCoreApplication.translate
    infos: dict[str, str] = {}
    for number_, raw in enumerate(text.splitlines(), 1):
        line = raw.replace("\t", " ").strip()
        if not line:
            continue
        if printable(line) != line:
            problem = translate(
                "EnginesDialog", "Line {line}: it holds characters that are not text."
            )
            return infos, problem.format(line=number_)
        words = line.split(None, 1)
        if words[0].upper() == "INFO":
            words = words[1].split(None, 1) if len(words) > 1 else []
        if len(words) < 2:
            problem = translate(
                "EnginesDialog", "Line {line}: a key and a value, such as: hash_size 64"
            )
            return infos, problem.format(line=number_)
        key, value = words[0].lower(), words[1].strip()
        if key in MANAGERS_INFO_KEYS:
            problem = translate(
                "EnginesDialog",
                "Line {line}: INFO {key} is sent by the manager itself (from the settings "
                "above, the board or the clock).",
            )
            return infos, problem.format(line=number_, key=key)
        if key in infos:
            problem = translate("EnginesDialog", "Line {line}: {key} is given twice.")
            return infos, problem.format(line=number_, key=key)
        infos[key] = value
    return infos, ""


def size_ranges(sizes: tuple[int, ...]) -> str:
    """Board sizes as runs joined by an en dash: 5 to 20 as "5\u201320"."""
    runs: list[list[int]] = []
    for size in sorted(sizes):
        if runs and size == runs[-1][-1] + 1:
            runs[-1].append(size)
        else:
            runs.append([size])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}\u2013{run[-1]}" for run in runs)


class _InfoLinesEdit(QPlainTextEdit):
    """A text box that says when the person is done with it (it loses the focus)."""

    editing_finished = Signal()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.editing_finished.emit()


class EnginesDialog(QDialog):
    """The engine list: add, probe, test and remove Gomocup brains, and set each one's
    settings."""

    def __init__(
        self,
        parent: QWidget | None = None,
        path: Path | None = None,
        *,
        engine_list: WatchedEngineList | None = None,
        show_log: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("engines-dialog")
        self.setWindowTitle(self.tr("Engines"))
        if engine_list is None:
            engine_list = WatchedEngineList(path or engine_players.default_engines_path(), self)
        self.engine_list = engine_list
        self.path = engine_list.path
        self._bridge = _Bridge(self)
        self._bridge.done.connect(self._finished)
        self._threads: list[threading.Thread] = []
        self.reloads = 0
        """How often the list was read again because it changed outside this dialog."""
        self.status = QLabel()
        self.status.setObjectName("engines-status")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table = QTableWidget(0, 6)
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Name"),
                self.tr("Command"),
                self.tr("Board sizes"),
                self.tr("Rectangles"),
                self.tr("Rules"),
                self.tr("Swap2"),
            ]
        )
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        for column in range(6):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        # The command takes the room left (cut in the middle when long; its tooltip is whole).
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.add_button = QPushButton(self.tr("&Add..."))
        self.probe_button = QPushButton(self.tr("&Probe"))
        self.test_button = QPushButton(self.tr("&Test"))
        self.remove_button = QPushButton(self.tr("&Remove"))
        self.log_button = QPushButton(self.tr("Engine &log"))
        self.log_button.setToolTip(
            self.tr("What the brains of the window's game say on their pipes, as they play")
        )
        self.add_button.clicked.connect(self._ask_engine)
        self.probe_button.clicked.connect(self._probe_selected)
        self.test_button.clicked.connect(self._test_selected)
        self.remove_button.clicked.connect(self._remove_selected)
        if show_log is None:
            self.log_button.hide()
        else:
            self.log_button.clicked.connect(show_log)
        buttons = QHBoxLayout()
        for button in (self.add_button, self.probe_button, self.test_button, self.remove_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.log_button)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self._build_notice())
        shown = str(self.path)
        home = str(Path.home())
        if shown.startswith(home + "/"):
            shown = "~" + shown[len(home) :]
        kept_in = QLabel(self.tr("Gomocup brains, kept in {path}").format(path=shown))
        kept_in.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(kept_in)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addWidget(self._build_settings())
        status_row = QHBoxLayout()
        self.status_icon = QLabel()
        self.status_icon.setObjectName("engines-status-icon")
        style = self.style()
        size = style.pixelMetric(QStyle.PixelMetric.PM_SmallIconSize)
        warning = style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        self.status_icon.setPixmap(warning.pixmap(size, size))
        self.status_icon.hide()
        status_row.addWidget(self.status_icon, 0, Qt.AlignmentFlag.AlignTop)
        status_row.addWidget(self.status, 1)
        layout.addLayout(status_row)
        layout.addWidget(close)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        # The list as it is now (read again: it may have changed since the window read it).
        engine_list.read()
        self.engines = engine_list.copy()
        engine_list.changed.connect(self._list_changed)
        engine_list.problem_changed.connect(self._show_problem)
        self._listening = True
        self._show_problem(engine_list.problem)
        # A list of the dialog's own is followed while it shows; the window's always is.
        self._own_watch = not engine_list.following
        engine_list.start()
        self._fill()
        self.resize(760, 560)

    # The list's problem --------------------------------------------------------------

    def _build_notice(self) -> QFrame:
        self.notice = QFrame()
        self.notice.setObjectName("engines-problem-notice")
        self.notice.setFrameShape(QFrame.Shape.StyledPanel)
        row = QHBoxLayout(self.notice)
        icon = QLabel()
        style = self.style()
        size = style.pixelMetric(QStyle.PixelMetric.PM_SmallIconSize)
        warning = style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        icon.setPixmap(warning.pixmap(size, size))
        row.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        self.notice_text = QLabel()
        self.notice_text.setWordWrap(True)
        self.notice_text.setTextFormat(Qt.TextFormat.PlainText)
        self.notice_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        row.addWidget(self.notice_text, 1)
        self.dismiss_button = QPushButton(self.tr("&Dismiss"))
        self.dismiss_button.clicked.connect(self._dismiss_problem)
        row.addWidget(self.dismiss_button, 0, Qt.AlignmentFlag.AlignTop)
        self.notice.hide()
        return self.notice

    def _show_problem(self, problem: str) -> None:
        self.notice_text.setText(printable(problem))
        self.notice.setVisible(bool(problem))

    def _dismiss_problem(self) -> None:
        self.engine_list.dismiss()

    # The selected brain's settings ---------------------------------------------------

    def _build_settings(self) -> QGroupBox:
        box = QGroupBox(self.tr("Settings of the selected brain"))
        self.settings_box = box
        self.turn_spin = self._ms_spin(MAX_TURN_MS, 500, self.tr("Time per move"))
        self.turn_spin.setToolTip(
            self.tr(
                "The selected brain's time for each move in the window's games (Gomocup's "
                "timeout_turn); a brain over it loses the game"
            )
        )
        self.match_spin = self._ms_spin(MAX_TURN_MS, 10_000, self.tr("Time per game"))
        self.match_spin.setToolTip(
            self.tr(
                "The selected brain's time for all its moves of a game (timeout_match); "
                "no limit: only the time per move counts"
            )
        )
        self.margin_spin = self._ms_spin(MAX_TURN_MS, 100, self.tr("Margin"))
        self.margin_spin.setSpecialValueText("")
        self.margin_spin.setToolTip(
            self.tr(
                "How much later than its time a brain's answer is still taken (the pipes, a "
                "busy machine); the Gomocup's judge allows 1,000 ms"
            )
        )
        self.memory_spin = QSpinBox()
        self.memory_spin.setRange(0, MAX_MEMORY_MB)
        self.memory_spin.setSingleStep(50)
        self.memory_spin.setSuffix(self.tr(" MiB"))
        self.memory_spin.setSpecialValueText(self.tr("no limit"))
        self.memory_spin.setAccessibleName(self.tr("Memory"))
        self.memory_spin.setToolTip(
            self.tr("What the brain is told it may use (INFO max_memory); the Gomocup's is 350 MiB")
        )
        self.enforce_check = QCheckBox(self.tr("&Enforce it"))
        self.enforce_check.setToolTip(
            self.tr(
                "Make it the brain's address-space limit: past it, the brain fails to allocate "
                "(it usually crashes and loses the game)"
            )
        )
        self.folder_edit = QLineEdit()
        self.folder_edit.setAccessibleName(self.tr("Working folder"))
        self.folder_edit.setPlaceholderText(self.tr("the folder TTT Desktop was started in"))
        self.folder_button = QPushButton(self.tr("Bro&wse..."))
        self.folder_button.clicked.connect(self._browse_folder)
        self.infos_edit = _InfoLinesEdit()
        self.infos_edit.setAccessibleName(self.tr("More INFO lines"))
        self.infos_edit.setPlaceholderText(self.tr("key value, one a line (e.g. hash_size 64)"))
        self.infos_edit.setTabChangesFocus(True)
        self.infos_edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        lines = self.infos_edit.fontMetrics().lineSpacing()
        self.infos_edit.setFixedHeight(lines * 3 + 2 * self.infos_edit.frameWidth() + 8)
        self.infos_edit.setToolTip(
            self.tr(
                "Sent to the brain as INFO lines after the manager's own, at the start of "
                "every game (a brain ignores keys it does not know)"
            )
        )
        for spin in (self.turn_spin, self.match_spin, self.margin_spin, self.memory_spin):
            spin.editingFinished.connect(self._settings_edited)
        self.enforce_check.toggled.connect(self._settings_edited)
        self.folder_edit.editingFinished.connect(self._folder_edited)
        self.infos_edit.editing_finished.connect(self._infos_edited)

        times = QFormLayout()
        # The numbers keep their size; the folder and the INFO lines take the room left.
        times.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        times.addRow(self.tr("Time per &move:"), self.turn_spin)
        times.addRow(self.tr("Time per &game:"), self.match_spin)
        times.addRow(self.tr("Margi&n:"), self.margin_spin)
        memory = QHBoxLayout()
        memory.addWidget(self.memory_spin, 1)
        memory.addWidget(self.enforce_check)
        times.addRow(buddy_label(self.tr("Memor&y:"), self.memory_spin), memory)
        place = QFormLayout()
        # Labels above their fields: a folder's path wants the column's whole width.
        place.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        folder = QHBoxLayout()
        folder.addWidget(self.folder_edit, 1)
        folder.addWidget(self.folder_button)
        place.addRow(buddy_label(self.tr("Wor&king folder:"), self.folder_edit), folder)
        place.addRow(self.tr("More &INFO lines:"), self.infos_edit)
        columns = QHBoxLayout(box)
        columns.addLayout(times)
        columns.addSpacing(12)
        columns.addLayout(place, 1)
        return box

    def _ms_spin(self, top: int, step: int, name: str) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(0, top)
        spin.setSingleStep(step)
        spin.setSuffix(self.tr(" ms"))
        spin.setSpecialValueText(self.tr("no limit"))
        spin.setAccessibleName(name)
        spin.setGroupSeparatorShown(True)
        return spin

    def _show_settings(self) -> None:
        entry = self.selected()
        editable = entry is not None and not self.busy
        for spin, value in (
            (self.turn_spin, 0 if entry is None else entry.turn_ms),
            (self.match_spin, 0 if entry is None else entry.match_ms),
            (self.margin_spin, 0 if entry is None else entry.margin_ms),
            (self.memory_spin, 0 if entry is None else entry.memory_mb),
        ):
            spin.blockSignals(True)
            spin.setValue(value)
            spin.setEnabled(editable)
            spin.blockSignals(False)
        self.enforce_check.blockSignals(True)
        self.enforce_check.setChecked(entry is not None and entry.enforce_memory)
        self.enforce_check.setEnabled(editable and self.memory_spin.value() > 0)
        self.enforce_check.blockSignals(False)
        self.folder_edit.setText("" if entry is None else entry.cwd)
        self.infos_edit.setPlainText(
            "" if entry is None else "\n".join(f"{k} {v}" for k, v in entry.infos.items())
        )
        for widget in (self.folder_edit, self.folder_button, self.infos_edit):
            widget.setEnabled(editable)

    def _settings_edited(self) -> None:
        memory = self.memory_spin.value()
        self.set_times(
            self.turn_spin.value(),
            self.match_spin.value(),
            margin_ms=self.margin_spin.value(),
            memory_mb=memory,
            enforce_memory=self.enforce_check.isChecked() and memory > 0,
        )

    def set_times(self, turn_ms: int, match_ms: int, **changes: Any) -> None:
        """Give the selected brain ``turn_ms`` a move and ``match_ms`` a game (0: no
        limit; not both), and ``changes`` to its other settings, and save the list."""
        entry = self.selected()
        if entry is None:
            return
        if not turn_ms and not match_ms:
            # A brain needs some clock: without one, the time per move it had stays.
            turn_ms = entry.turn_ms or round(DEFAULT_CLOCK.turn_ms or 5000)
            self.say(self.tr("A brain needs a time per move or a time per game."), warning=True)
        self.change_selected(turn_ms=turn_ms, match_ms=match_ms, **changes)

    def change_selected(self, **changes: Any) -> bool:
        """Change the selected brain's settings (``EngineEntry`` fields) and save the list;
        False, the reason in the status line, when the list can't keep them."""
        entry = self.selected()
        if entry is None:
            return False
        try:
            changed = replace(entry, **changes)
        except ValueError as error:
            # The engine list's own words (English) as the tooltip.
            self.say(
                self.tr("Not changed: the engine list can't keep this value."),
                warning=True,
                details=printable(error),
            )
            self._show_settings()
            return False
        if changed != entry:
            # Only a change is written (a field losing the focus is none).
            self.engines.add(changed)
            self._save()
        self._show_settings()
        return True

    def _folder_edited(self) -> None:
        text = self.folder_edit.text().strip()
        folder = os.path.expanduser(text) if text else ""
        if folder and not os.path.isdir(folder):
            self.say(
                self.tr("Not changed: {folder} is not a folder.").format(folder=text),
                warning=True,
            )
            self._show_settings()
            return
        self.change_selected(cwd=folder)

    def ask_folder(self, start: str) -> str | None:
        """A folder from a folder dialog; None when cancelled (replaced in tests)."""
        path = QFileDialog.getExistingDirectory(
            self, self.tr("Choose the brain's working folder"), start
        )
        return path or None

    def _browse_folder(self) -> None:
        entry = self.selected()
        if entry is None:
            return

        start = entry.cwd or program_folder(entry.command) or str(Path.home())
        chosen = self.ask_folder(start)
        if chosen is not None:
            self.folder_edit.setText(chosen)
            self._folder_edited()

    def _infos_edited(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        infos, problem = parse_info_lines(self.infos_edit.toPlainText())
        if problem:
            # The text stays as typed, to be put right; the list keeps the lines it had.
            self.say(self.tr("Not changed: {reason}").format(reason=problem), warning=True)
            return
        if infos != entry.infos:
            self.change_selected(infos=infos)

    def say(self, text: str, *, warning: bool = False, details: str = "") -> None:
        """Put ``text`` in the status line, with a warning sign for a refusal or a failure;
        ``details`` (the English words behind it, if any) as its tooltip."""
        self.status.setText(text)
        self.status.setToolTip(details)
        self.status_icon.setVisible(warning)

    # The list -----------------------------------------------------------------------

    def _fill(self, keep: str | None = None) -> None:
        chosen = self.selected()
        keep = keep if keep is not None else (chosen.name if chosen is not None else None)
        entries = list(self.engines)
        self.table.blockSignals(True)
        self.table.setRowCount(len(entries))
        for row, entry in enumerate(entries):
            sizes = size_ranges(entry.sizes) or self.tr("not probed")
            rectangles = {True: self.tr("yes"), False: self.tr("no"), None: ""}[entry.rectangles]
            rules = (
                ""
                if entry.rules is None
                else ", ".join(engine_players.rule_words(rule) for rule in entry.rules)
            )
            # Whether it answered SWAP2BOARD when probed (it then plays swap and swap2).
            swap2 = {True: self.tr("yes"), False: self.tr("no"), None: ""}[entry.swap2]
            texts = (
                printable(entry.name),
                printable(entry.command),
                sizes,
                rectangles,
                rules,
                swap2,
            )
            for column, text in enumerate(texts):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, entry.name)
                if column == 0 and entry.about:
                    about = ", ".join(f"{k}: {v}" for k, v in sorted(entry.about.items()))
                    item.setToolTip(printable(about))
                elif column == 1:
                    item.setToolTip(text)
                elif column == 4 and entry.refusals:
                    item.setToolTip(self._refusals(entry))
                elif column == 5 and entry.swap2 is False:
                    item.setToolTip(
                        self.tr("Not swap or swap2: it answered {answer} to SWAP2BOARD").format(
                            answer=printable(entry.swap2_refusal or "no three stones")
                        )
                    )
                elif column == 5 and entry.swap2 is None:
                    item.setToolTip(self.tr("Not asked yet: Probe asks it"))
                self.table.setItem(row, column, item)
        self.table.clearSelection()
        self.table.blockSignals(False)
        if keep is not None and keep in self.engines.entries:
            self.table.selectRow(list(self.engines.entries).index(keep))
        self._update_buttons()

    def _refusals(self, entry: EngineEntry) -> str:
        """What ``entry`` answered to the rules it did not play, a line each."""
        text = self.tr("Not {rule}: it answered {answer} to INFO rule {bit} when probed")
        return "\n".join(
            text.format(
                rule=engine_players.rule_words(int(bit)) if bit.isdigit() else bit,
                answer=printable(answer),
                bit=bit,
            )
            for bit, answer in entry.refusals.items()
        )

    def selected(self) -> EngineEntry | None:
        """The engine of the selected row, if any."""
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        item = self.table.item(rows[0].row(), 0)
        name = None if item is None else item.data(Qt.ItemDataRole.UserRole)
        return None if name is None else self.engines.entries.get(name)

    @property
    def busy(self) -> bool:
        """Whether a brain is being probed or tested (until its answer is shown)."""
        return bool(self._threads)

    def _update_buttons(self) -> None:
        busy = self.busy
        chosen = self.selected() is not None
        self.add_button.setEnabled(not busy)
        for button in (self.probe_button, self.test_button, self.remove_button):
            button.setEnabled(chosen and not busy)
        entry = self.selected()
        self.settings_box.setTitle(
            self.tr("Settings of the selected brain")
            if entry is None
            else self.tr("Settings of {name}").format(name=printable(entry.name))
        )
        self._show_settings()

    def _save(self) -> None:
        try:
            self.engine_list.save(self.engines)
        except OSError as error:
            # What the system refused in the window's language; its own words as the tooltip.
            self.say(
                self.tr("Could not save the engine list: {refusal}.").format(
                    refusal=describe_os_error(error)
                ),
                warning=True,
                details=str(error),
            )

    def _list_changed(self) -> None:
        """The list changed outside this dialog (or was saved here: then nothing to do)."""
        if list(self.engine_list.engines) == list(self.engines):
            return
        self.reloads += 1
        self.engines = self.engine_list.copy()
        self._fill()
        self.say(self.tr("The engine list was changed outside this window."))

    # Actions ------------------------------------------------------------------------

    def make_add_dialog(self) -> QDialog:
        """The dialog *Add...* opens (tests fill it in and accept it)."""
        return AddEngineDialog(self, taken=self.engines.entries)

    def _ask_engine(self) -> None:
        dialog = self.make_add_dialog()
        assert isinstance(dialog, AddEngineDialog)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            command, folder, name = dialog.values()
            self.add_command(command, name, folder)
        dialog.deleteLater()

    def add_command(self, command: str, name: str = "", cwd: str | None = None) -> None:
        """Start ``command`` in ``cwd`` (None: the program's folder), read its name
        (unless given) and probe its sizes, in a worker thread; the engine joins the list
        when that is done."""
        self.say(self.tr("Asking {command} who it is and what it plays...").format(command=command))
        folder = program_folder(command) if cwd is None else cwd
        entry = EngineEntry(name or "new engine", command, folder)
        self._run(lambda: _probe_entry(entry, bool(name)), "add", command)

    def _probe_selected(self) -> None:
        entry = self.selected()
        if entry is not None:
            self.say(self.tr("Probing {name}...").format(name=printable(entry.name)))
            self._run(lambda: _probe_entry(entry, True), "probe", entry.name)

    def _test_selected(self) -> None:
        entry = self.selected()
        if entry is not None:
            self.say(
                self.tr("{name} plays a test game ({times})...").format(
                    name=printable(entry.name), times=clock_words(entry)
                )
            )
            path = self.path
            self._run(lambda: _test_entry(entry, path), "test", entry.name)

    def confirm_removal(self, name: str) -> bool:
        """Whether the person wants ``name`` off the list."""
        answer = QMessageBox.question(
            self,
            self.tr("Remove an engine"),
            self.tr("Remove {name} from the engine list? Its games stay in the library.").format(
                name=printable(name)
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def _remove_selected(self) -> None:
        entry = self.selected()
        if entry is not None and self.confirm_removal(entry.name):
            self.engines.remove(entry.name)
            self._save()
            self._fill()
            self.say(
                self.tr("{name} was removed from the engine list.").format(
                    name=printable(entry.name)
                )
            )

    def _run(self, work: Callable[[], Any], what: str, subject: str) -> None:
        bridge = self._bridge

        def run() -> None:
            try:
                result: Any = work()
            except Exception as error:  # any failure is reported, not raised
                result = error
            bridge.done.emit(result, what, subject)

        thread = threading.Thread(target=run, name=f"engines {what}", daemon=True)
        self._threads.append(thread)
        self._update_buttons()
        thread.start()

    def _finished(self, result: object, what: str, subject: str) -> None:
        self._threads = [thread for thread in self._threads if thread.is_alive()]
        # The thread that emitted is about to end: wait for it (it has nothing left to do).
        for thread in self._threads:
            thread.join(1.0)
        self._threads = [thread for thread in self._threads if thread.is_alive()]
        if isinstance(result, Exception):
            # In the window's language; the manager's reason (English, with what the brain
            # said) as the tooltip.
            reason = printable(getattr(result, "reason", None) or str(result))
            texts = {
                "add": self.tr("{subject} was not added: {why}."),
                "probe": self.tr("{subject} was not probed: {why}."),
                "test": self.tr("{subject} did not play its test game: {why}."),
            }
            why = describe_brain_error(result)
            self.say(
                texts[what].format(subject=printable(subject), why=why),
                warning=True,
                details=reason,
            )
        elif isinstance(result, EngineEntry):
            if what == "add":
                result = replace(result, name=self._free_name(result.name))
            self.engines.add(result)
            self._save()
            sizes = size_ranges(result.sizes) or self.tr("none")
            self.say(
                self.tr("{name} accepts board sizes {sizes}.").format(
                    name=printable(result.name), sizes=sizes
                )
            )
            self._fill(keep=result.name)
        else:
            self.say(str(result))
        self._update_buttons()

    def _free_name(self, name: str) -> str:
        """``name``, or ``name (2)``... when the list has an engine of that name."""
        taken = {key.lower() for key in self.engines.entries}
        chosen, count = name, 1
        while chosen.lower() in taken:
            count += 1
            chosen = f"{name} ({count})"
        return chosen

    def wait(self, seconds: float = 30.0) -> None:
        """Wait for the workers (tests, and closing the dialog)."""
        for thread in list(self._threads):
            thread.join(seconds)

    def done(self, code: int) -> None:
        # The workers' brains end with them (their players close); don't leave them behind.
        self.wait()
        if self._listening:
            self._listening = False
            self.engine_list.changed.disconnect(self._list_changed)
            self.engine_list.problem_changed.disconnect(self._show_problem)
            if self._own_watch:
                self.engine_list.stop()
        super().done(code)


def add_engines_action(
    menu: QMenu,
    parent: QWidget,
    *,
    engine_list: WatchedEngineList,
    on_closed: Callable[[], None] | None = None,
    show_log: Callable[[], None] | None = None,
) -> None:
    """Put *Engines...* in ``menu`` (the Lab menu), opening :class:`EnginesDialog` on
    ``engine_list``; ``on_closed`` is called once it closes, ``show_log`` shows the
    engine log."""
    action = menu.addAction(QCoreApplication.translate("EnginesDialog", "&Engines..."))

    def open_dialog() -> None:
        dialog = EnginesDialog(parent, engine_list=engine_list, show_log=show_log)
        dialog.exec()
        dialog.deleteLater()
        if on_closed is not None:
            on_closed()

    action.triggered.connect(open_dialog)
