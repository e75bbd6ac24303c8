"""The engine list as the window keeps it: read safely, followed on disk, its problems told.

:class:`WatchedEngineList` is the one copy of ``engines.json`` the window and its Engines
dialog share. It reads the file through :meth:`EngineList.load
<ttt_desktop.brains.engines.EngineList.load>` (a named pipe, a device, a folder, a file
too large or nested too deeply is refused and moved aside, never read), and once
:meth:`~WatchedEngineList.start` ed it follows the file: a list changed outside the window
(``ttt-arena engines add``, another window) is read again and :attr:`changed` tells the
drop-downs and the dialog. A ``QFileSystemWatcher`` watches the file and its folder: an
atomic save replaces the file, and a watch on the old file alone would be lost with it.
What the window saves itself (:meth:`~WatchedEngineList.save`) is not read back: the file
is known by its inode, size and time, and a change that is this window's own is no change.

A list that could not be read is a :attr:`~WatchedEngineList.problem` until the person
dismisses it: :class:`EngineListNotice` says it in a message box that does not block the
window and in a line of the status bar that passing messages don't cover, and the Engines
dialog shows it too.

With no engine list (the usual case until a brain is added) nothing of the brains'
modules is imported.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox

from ttt_desktop.gui.engines.brain_text import printable
from ttt_desktop.gui.engines.engine_players import engine_infos

if TYPE_CHECKING:
    from PySide6.QtCore import QFileSystemWatcher

    from ttt_desktop.brains.engines import EngineList
    from ttt_desktop.brains.factory import BrainInfo

__all__ = ["EngineListNotice", "WatchedEngineList", "file_signature"]

RELOAD_AFTER_MS: Final = 150
"""How long the file's folder must be quiet before the list is read again (a program that
writes the file in several steps is read once it has finished)."""

Signature = tuple[int, int, int, int, int]


def file_signature(path: Path) -> Signature | None:
    """What tells one version of the file from another: its device, inode, kind, size and
    time (of the link itself for a link); None when there is nothing at ``path``."""
    try:
        found = os.stat(path)
    except OSError:
        try:
            found = os.lstat(path)
        except OSError:
            return None
    return (found.st_dev, found.st_ino, found.st_mode, found.st_size, found.st_mtime_ns)


class WatchedEngineList(QObject):
    """The engine list of ``path``, read again whenever the file changes on disk."""

    changed = Signal()
    """The list is not what it was: read again (changed outside) or saved here."""
    problem_changed = Signal(str)
    """What went wrong reading the list ("": the problem was dismissed)."""
    file_checked = Signal(bool)
    """The file's folder changed and was looked at: True when the list was read again,
    False when the file was as last read or saved here."""

    def __init__(self, path: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path = path
        self._engines: EngineList | None = None
        self._seen: Signature | None = None
        self._problem = ""
        self._watcher: QFileSystemWatcher | None = None
        self._settle: QTimer | None = None

    # The list ------------------------------------------------------------------------

    @property
    def problem(self) -> str:
        """Why the list could not be read, until dismissed ("" if nothing went wrong)."""
        return self._problem

    @property
    def engines(self) -> EngineList:
        """The list as last read or saved (an empty one when there is no file)."""
        if self._engines is None:
            from ttt_desktop.brains.engines import EngineList  # noqa: PLC0415  (not before the first paint)

            self._engines = EngineList(self.path)
        return self._engines

    def copy(self) -> EngineList:
        """A list of the same engines to edit (saved with :meth:`save`)."""
        from ttt_desktop.brains.engines import EngineList  # noqa: PLC0415  (not before the first paint)

        return EngineList(self.path, self.engines)

    def infos(self) -> list[BrainInfo]:
        """The list's brains as the drop-downs offer them."""
        if self._engines is None:
            return []
        return engine_infos(self._engines)

    def read(self) -> bool:
        """Read the file now; whether the list changed (:attr:`changed` says so too).

        A file that can't be read is moved aside (the reason is the :attr:`problem`) and
        the list is empty."""
        seen = file_signature(self.path)
        if seen is None and self._engines is None:
            self._seen = None
            return False  # no list, none read before: nothing to import
        from ttt_desktop.brains.engines import EngineList, EngineListError  # noqa: PLC0415  (not before the first paint)

        try:
            engines = EngineList.load(self.path)
        except EngineListError as error:
            engines = EngineList(self.path)
            self.tell(str(error))
        # After a move aside this is "no file": the move is not a change to read again.
        self._seen = file_signature(self.path)
        return self._adopt(engines)

    def save(self, engines: EngineList) -> None:
        """Write ``engines`` to the file (``OSError`` if it can't be); the drop-downs
        follow at once, and the file's change is not read back."""
        engines.save()
        self._seen = file_signature(self.path)
        from ttt_desktop.brains.engines import EngineList  # noqa: PLC0415  (not before the first paint)

        self._adopt(EngineList(self.path, engines))

    def _adopt(self, engines: EngineList) -> bool:
        before = None if self._engines is None else list(self._engines)
        self._engines = engines
        if before == list(engines):
            return False
        self.changed.emit()
        return True

    # Problems ------------------------------------------------------------------------

    def tell(self, problem: str) -> None:
        """Make ``problem`` the list's problem (it stays until :meth:`dismiss`)."""
        if problem and problem != self._problem:
            self._problem = problem
            self.problem_changed.emit(problem)

    def dismiss(self) -> None:
        """The person has read the problem."""
        if self._problem:
            self._problem = ""
            self.problem_changed.emit("")

    # Following the file --------------------------------------------------------------

    @property
    def following(self) -> bool:
        """Whether :meth:`start` has been called."""
        return self._watcher is not None

    def start(self) -> None:
        """Follow the file from now on (a change since it was last read is read now)."""
        if self._watcher is not None:
            return
        from PySide6.QtCore import QFileSystemWatcher  # noqa: PLC0415  (after the first paint)

        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(self._soon)
        self._watcher.directoryChanged.connect(self._soon)
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(RELOAD_AFTER_MS)
        self._settle.timeout.connect(self.check)
        self._watch()
        if file_signature(self.path) != self._seen:
            self._soon()

    def stop(self) -> None:
        """Follow the file no more."""
        if self._settle is not None:
            self._settle.stop()
        if self._watcher is not None:
            self._watcher.deleteLater()
            self._watcher = None

    def check(self) -> None:
        """Read the list again if the file is not as last read or saved here."""
        self._watch()
        if file_signature(self.path) == self._seen:
            self.file_checked.emit(False)
            return
        self.read()
        self._watch()
        self.file_checked.emit(True)

    def _soon(self, _changed: str = "") -> None:
        if self._settle is not None:
            self._settle.start()

    def _watch(self) -> None:
        """Watch the file (a plain file only: a device or a pipe is never watched) and the
        nearest folder above it that exists (the data folder may not exist yet)."""
        watcher = self._watcher
        if watcher is None:
            return
        wanted = []
        if self.path.is_file():
            wanted.append(str(self.path))
        folder = self.path.parent
        while not folder.is_dir() and folder != folder.parent:
            folder = folder.parent
        wanted.append(str(folder))
        watched = set(watcher.files()) | set(watcher.directories())
        gone = [path for path in watched if path not in wanted]
        if gone:
            watcher.removePaths(gone)
        new = [path for path in wanted if path not in watched]
        if new:
            watcher.addPaths(new)


class EngineListNotice(QObject):
    """Tells the person in ``window`` that the engine list could not be read: a message box
    that leaves the window usable, and the status bar, until the box is closed."""

    def __init__(self, window: QMainWindow, engine_list: WatchedEngineList) -> None:
        super().__init__(window)
        self._window = window
        self._list = engine_list
        self.box: QMessageBox | None = None
        self.status: QLabel | None = None
        engine_list.problem_changed.connect(self._on_problem)
        if engine_list.problem:
            self._on_problem(engine_list.problem)

    def _on_problem(self, problem: str) -> None:
        bar = self._window.statusBar()
        if not problem:
            if self.box is not None:
                box, self.box = self.box, None
                box.done(0)
            if self.status is not None:
                bar.removeWidget(self.status)
                self.status.deleteLater()
                self.status = None
            return
        shown = printable(problem)
        if self.status is None:
            # A permanent widget: the status bar's passing messages don't cover it.
            self.status = QLabel(
                self.tr("The engine list could not be read (see Lab > Engines...)")
            )
            self.status.setObjectName("engines-problem-status")
            bar.addPermanentWidget(self.status)
        self.status.setToolTip(shown)
        if self.box is None:
            box = QMessageBox(self._window)
            box.setObjectName("engines-problem")
            box.setIcon(QMessageBox.Icon.Warning)
            box.setWindowTitle(self.tr("The engine list could not be read"))
            box.setStandardButtons(QMessageBox.StandardButton.Ok)
            box.setWindowModality(Qt.WindowModality.NonModal)
            box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            box.finished.connect(self._on_closed)
            self.box = box
        self.box.setText(self.tr("The engine list could not be read."))
        self.box.setInformativeText(
            self.tr(
                "{problem}\n\nIts brains are not offered as players. Add them again in "
                "Lab > Engines..., or put a good list in its place."
            ).format(problem=shown)
        )
        # Once the window shows (a box before its window would open on its own).
        QTimer.singleShot(0, self._show)

    def _show(self) -> None:
        if self.box is not None:
            self.box.show()

    def _on_closed(self) -> None:
        if self.box is not None:
            self.box = None
            self._list.dismiss()
