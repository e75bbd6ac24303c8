"""Lab > Engines...: the list of Gomocup brains, edited in the window.

:class:`EnginesDialog` lists the engines of the engine list (``engines.json`` in the data
folder; :mod:`ttt_desktop.brains.engines`) with the board sizes each accepts. *Add...* asks
for a command, starts it, reads its name from its ABOUT answer and probes the sizes it
accepts; *Probe* does that again for the selected engine; *Test* plays it one quick game
against Rando and says how it went (a forfeit's reason too); *Remove* takes it off the list.
*Time per move* and *Time per game* below the list are the selected brain's times in the
window's games (and the tournament's first offer), kept in the engine list.
The brains run in a worker thread: the window never waits on one. The brains' modules are
imported when the dialog opens, not with the window.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ttt_desktop.gui import engine_players
from ttt_desktop.gui.brain_text import printable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ttt_desktop.brains.engines import EngineEntry

__all__ = ["EnginesDialog", "add_engines_action"]


class _Bridge(QObject):
    """Carries a worker thread's result to the window's thread (a queued signal)."""

    done = Signal(object, str)


def _probe_entry(entry: EngineEntry, named: bool) -> EngineEntry:
    """``entry`` probed; unless ``named``, called by the name in its ABOUT answer."""
    from dataclasses import replace  # noqa: PLC0415

    from ttt_desktop.brains.engines import probe  # noqa: PLC0415
    from ttt_desktop.brains.manager import split_command  # noqa: PLC0415

    found = probe(entry)
    if named:
        return found
    name = printable(found.about.get("name") or "") or Path(split_command(entry.command)[0]).name
    return replace(found, name=" ".join(name.split())[:60])


def _test_entry(entry: EngineEntry) -> str:
    from ttt_desktop.brains.match import play_brain_game  # noqa: PLC0415
    from ttt_desktop.brains.player import BrainPlayer  # noqa: PLC0415
    from ttt_desktop.engine.rules import Rules  # noqa: PLC0415
    from ttt_desktop.players import create_player  # noqa: PLC0415

    side = 15 if 15 in entry.sizes or not entry.sizes else entry.sizes[0]
    rules = Rules(side, side, 5)
    # The brain's own times, as its games in the window will have them.
    with BrainPlayer(
        entry.command, name=entry.name, cwd=entry.cwd or None, settings=entry.settings()
    ) as brain:
        record = play_brain_game(brain, create_player("rando", seed=1), rules)
    if record.forfeit is not None:
        return QCoreApplication.translate(
            "EnginesDialog", "{name} lost a test game on {board}: {reason}"
        ).format(name=entry.name, board=rules.title, reason=record.forfeit.reason)
    texts = {
        "X": QCoreApplication.translate(
            "EnginesDialog", "{name} beat Rando in a test game on {board} ({moves} moves)."
        ),
        "O": QCoreApplication.translate(
            "EnginesDialog", "{name} lost to Rando in a test game on {board} ({moves} moves)."
        ),
    }
    text = texts.get(
        record.result or "",
        QCoreApplication.translate("EnginesDialog", "{name} drew a test game on {board}."),
    )
    return text.format(name=entry.name, board=rules.title, moves=record.ply)


class EnginesDialog(QDialog):
    """The engine list: add, probe, test and remove Gomocup brains."""

    def __init__(self, parent: QWidget | None = None, path: Path | None = None) -> None:
        from ttt_desktop.brains.engines import EngineList, EngineListError  # noqa: PLC0415

        super().__init__(parent)
        self.setWindowTitle(self.tr("Engines"))
        self.path = path or engine_players.default_engines_path()
        self._bridge = _Bridge(self)
        self._bridge.done.connect(self._finished)
        self._threads: list[threading.Thread] = []
        self.status = QLabel()
        self.status.setWordWrap(True)
        try:
            self.engines = EngineList.load(self.path)
        except EngineListError as error:
            self.engines = EngineList(self.path)
            self.status.setText(str(error))
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(
            [self.tr("Name"), self.tr("Command"), self.tr("Board sizes"), self.tr("Rectangles")]
        )
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.add_button = QPushButton(self.tr("&Add..."))
        self.probe_button = QPushButton(self.tr("&Probe"))
        self.test_button = QPushButton(self.tr("&Test"))
        self.remove_button = QPushButton(self.tr("&Remove"))
        self.add_button.clicked.connect(self._ask_command)
        self.probe_button.clicked.connect(self._probe_selected)
        self.test_button.clicked.connect(self._test_selected)
        self.remove_button.clicked.connect(self._remove_selected)
        buttons = QHBoxLayout()
        for button in (self.add_button, self.probe_button, self.test_button, self.remove_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        shown = str(self.path)
        home = str(Path.home())
        if shown.startswith(home + "/"):
            shown = "~" + shown[len(home) :]
        layout.addWidget(QLabel(self.tr("Gomocup brains, kept in {path}").format(path=shown)))
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addLayout(self._build_times())
        layout.addWidget(self.status)
        layout.addWidget(close)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.table.itemSelectionChanged.connect(self._show_times)
        self._fill()
        self.resize(720, 360)

    def _build_times(self) -> QFormLayout:
        from ttt_desktop.brains.engines import MAX_TURN_MS  # noqa: PLC0415  (on first use)

        form = QFormLayout()
        self.turn_spin = QSpinBox()
        self.turn_spin.setRange(0, MAX_TURN_MS)
        self.turn_spin.setSingleStep(500)
        self.turn_spin.setSuffix(self.tr(" ms"))
        self.turn_spin.setSpecialValueText(self.tr("no limit"))
        self.turn_spin.setAccessibleName(self.tr("Time per move"))
        self.turn_spin.setToolTip(
            self.tr(
                "The selected brain's time for each move in the window's games (Gomocup's "
                "timeout_turn); a brain over it loses the game"
            )
        )
        self.match_spin = QSpinBox()
        self.match_spin.setRange(0, MAX_TURN_MS)
        self.match_spin.setSingleStep(10_000)
        self.match_spin.setSuffix(self.tr(" ms"))
        self.match_spin.setSpecialValueText(self.tr("no limit"))
        self.match_spin.setAccessibleName(self.tr("Time per game"))
        self.match_spin.setToolTip(
            self.tr(
                "The selected brain's time for all its moves of a game (timeout_match); "
                "no limit: only the time per move counts"
            )
        )
        for spin in (self.turn_spin, self.match_spin):
            spin.setEnabled(False)
            spin.editingFinished.connect(self._times_edited)
        form.addRow(self.tr("Time per &move:"), self.turn_spin)
        form.addRow(self.tr("Time per &game:"), self.match_spin)
        return form

    def _show_times(self) -> None:
        entry = self.selected()
        for spin, value in (
            (self.turn_spin, 0 if entry is None else entry.turn_ms),
            (self.match_spin, 0 if entry is None else entry.match_ms),
        ):
            spin.blockSignals(True)
            spin.setValue(value)
            spin.setEnabled(entry is not None and not self.busy)
            spin.blockSignals(False)

    def _times_edited(self) -> None:
        self.set_times(self.turn_spin.value(), self.match_spin.value())

    def set_times(self, turn_ms: int, match_ms: int) -> None:
        """Give the selected brain ``turn_ms`` a move and ``match_ms`` a game (0: no
        limit; not both) and save the list."""
        from ttt_desktop.brains.engines import DEFAULT_TURN_MS  # noqa: PLC0415

        entry = self.selected()
        if entry is None:
            return
        if not turn_ms and not match_ms:
            # A brain needs some clock: without one, the time per move it had stays.
            turn_ms = entry.turn_ms or DEFAULT_TURN_MS
            self.status.setText(self.tr("A brain needs a time per move or a time per game."))
        if (turn_ms, match_ms) == (entry.turn_ms, entry.match_ms):
            # Nothing changed (the field lost the focus): the list is not written.
            self._show_times()
            return
        self.engines.add(entry.with_times(turn_ms, match_ms))
        self._save()
        self._show_times()

    # The list -----------------------------------------------------------------------

    def _fill(self) -> None:
        entries = list(self.engines)
        self.table.setRowCount(len(entries))
        for row, entry in enumerate(entries):
            sizes = ", ".join(str(size) for size in entry.sizes) or self.tr("not probed")
            rectangles = {True: self.tr("yes"), False: self.tr("no"), None: ""}[entry.rectangles]
            for column, text in enumerate((entry.name, entry.command, sizes, rectangles)):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        self._update_buttons()

    def selected(self) -> EngineEntry | None:
        """The engine of the selected row, if any."""
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        item = self.table.item(rows[0].row(), 0)
        return None if item is None else self.engines.entries.get(item.text())

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
        if hasattr(self, "turn_spin"):
            self._show_times()

    def _save(self) -> None:
        try:
            self.engines.save()
        except OSError as error:
            self.status.setText(
                self.tr("Could not save the engine list: {error}").format(
                    error=error.strerror or error
                )
            )

    # Actions ------------------------------------------------------------------------

    def _ask_command(self) -> None:
        command, accepted = QInputDialog.getText(
            self,
            self.tr("Add an engine"),
            self.tr("The command that runs the brain (e.g. pbrain-ttt --player levi):"),
            QLineEdit.EchoMode.Normal,
        )
        if accepted and command.strip():
            self.add_command(command.strip())

    def add_command(self, command: str, name: str = "") -> None:
        """Start ``command``, read its name (unless given) and probe its sizes, in a worker
        thread; the engine joins the list when that is done."""
        self.status.setText(
            self.tr("Asking {command} who it is and what it plays...").format(command=command)
        )
        from ttt_desktop.brains.engines import EngineEntry  # noqa: PLC0415

        entry = EngineEntry(name or "new engine", command)
        self._run(lambda: _probe_entry(entry, bool(name)), "add")

    def _probe_selected(self) -> None:
        entry = self.selected()
        if entry is not None:
            self.status.setText(self.tr("Probing {name}...").format(name=entry.name))
            self._run(lambda: _probe_entry(entry, True), "probe")

    def _test_selected(self) -> None:
        entry = self.selected()
        if entry is not None:
            self.status.setText(self.tr("{name} plays a test game...").format(name=entry.name))
            self._run(lambda: _test_entry(entry), "test")

    def _remove_selected(self) -> None:
        entry = self.selected()
        if entry is not None:
            self.engines.remove(entry.name)
            self._save()
            self._fill()

    def _run(self, work: Callable[[], Any], what: str) -> None:
        bridge = self._bridge

        def run() -> None:
            try:
                result: Any = work()
            except Exception as error:  # any failure is reported, not raised
                result = error
            bridge.done.emit(result, what)

        thread = threading.Thread(target=run, name=f"engines {what}", daemon=True)
        self._threads.append(thread)
        self._update_buttons()
        thread.start()

    def _finished(self, result: object, what: str) -> None:
        from ttt_desktop.brains.engines import EngineEntry  # noqa: PLC0415

        self._threads = [thread for thread in self._threads if thread.is_alive()]
        # The thread that emitted is about to end: wait for it (it has nothing left to do).
        for thread in self._threads:
            thread.join(1.0)
        self._threads = [thread for thread in self._threads if thread.is_alive()]
        if isinstance(result, Exception):
            reason = getattr(result, "reason", None) or str(result)
            self.status.setText(self.tr("It did not work: {reason}").format(reason=reason))
        elif isinstance(result, EngineEntry):
            self.engines.add(result)
            self._save()
            sizes = ", ".join(str(size) for size in result.sizes) or self.tr("none")
            self.status.setText(
                self.tr("{name} accepts board sizes {sizes}.").format(name=result.name, sizes=sizes)
            )
            self._fill()
        else:
            self.status.setText(str(result))
        self._update_buttons()

    def wait(self, seconds: float = 30.0) -> None:
        """Wait for the workers (tests, and closing the dialog)."""
        for thread in list(self._threads):
            thread.join(seconds)

    def done(self, code: int) -> None:
        # The workers' brains end with them (their players close); don't leave them behind.
        self.wait()
        super().done(code)


def add_engines_action(
    menu: QMenu,
    parent: QWidget,
    *,
    path: Path | None = None,
    on_closed: Callable[[], None] | None = None,
) -> None:
    """Put *Engines...* in ``menu`` (the Lab menu), opening :class:`EnginesDialog` on
    ``path``'s list; ``on_closed`` is called once it closes (the player lists refresh)."""
    action = menu.addAction(QCoreApplication.translate("EnginesDialog", "&Engines..."))

    def open_dialog() -> None:
        EnginesDialog(parent, path).exec()
        if on_closed is not None:
            on_closed()

    action.triggered.connect(open_dialog)
