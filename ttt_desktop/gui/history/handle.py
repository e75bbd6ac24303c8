"""The game library as the window's pieces share it: one open file and what became of it.

:class:`LibraryHandle` is owned by :class:`~ttt_desktop.gui.history.features.HistoryFeatures`
and given to the History window (and the lab): they read :attr:`LibraryHandle.library`
and hear its signals, and none of them needs the others. It imports neither.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from ttt_desktop.library import Library, LibraryError


class LibraryHandle(QObject):
    """The library file, opened (:attr:`library`) or not (:attr:`problem` says why)."""

    games_changed = Signal()  # a game stored, games imported, renamed or deleted, a new file
    opened = Signal()  # the file opened (again)
    failed = Signal(str)  # the library can't be used; the reason, in words
    problem_changed = Signal()  # :attr:`problem` was set or cleared

    def __init__(self, path: str | Path | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path = None if path is None else Path(path)
        self.library: Library | None = None
        self.problem: LibraryError | None = None

    def open(self) -> bool:
        """(Re)open the file; False, with :attr:`problem` set, when it can't be used."""
        from ttt_desktop.library import Library, LibraryError  # noqa: PLC0415  (the game library: not before the first paint)

        if self.path is None:
            return False
        self.close()
        try:
            self.library = Library(self.path)
        except LibraryError as error:
            self.problem = error
            self.problem_changed.emit()
            self.failed.emit(str(error))
        else:
            self.problem = None
            self.problem_changed.emit()
            self.opened.emit()
        self.games_changed.emit()
        return self.library is not None

    def report(self, error: LibraryError) -> None:
        """A use of the open library failed: say so (the library stays open for another try)."""
        self.problem = error
        self.problem_changed.emit()
        self.failed.emit(str(error))

    def start_fresh(self) -> Path | None:
        """Keep a damaged file aside under a new name and open a new, empty library there.

        Only for a damaged file (the user agreed); returns where the old file now is.
        """
        from ttt_desktop.library import LibraryCorruptError, move_aside  # noqa: PLC0415  (the game library: not before the first paint)

        if not isinstance(self.problem, LibraryCorruptError) or self.path is None:
            return None
        self.close()
        aside = move_aside(self.path)
        self.open()
        return aside

    def close(self) -> None:
        if self.library is not None:
            self.library.close()
            self.library = None
