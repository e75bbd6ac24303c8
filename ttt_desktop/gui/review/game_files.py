"""Game files in the window: save, open, recent files, drag and drop, the clipboard.

:class:`GameFiles` is the glue between the window and
:mod:`ttt_desktop.formats.files`. It asks for file names, saves atomically,
opens and checks files, keeps the recent-files list in ``QSettings``, copies a
game to the clipboard as text and pastes one back, and accepts a game file
dropped on the window. A game it reads arrives through :attr:`GameFiles.record_opened`;
nothing reaches the game until the whole file has been read and checked, so a bad
file leaves the current game as it was.

Every problem is reported through :meth:`GameFiles.report_error`, which emits
:attr:`GameFiles.error_reported` and then calls :meth:`GameFiles.show_error_dialog`
(a ``QMessageBox``); tests replace the latter so nothing blocks. The message says
in a person's words what is wrong and names the file once; the reader's own
explanation (a parser's line and column, say) goes under "Show Details...".
"""

from __future__ import annotations

import errno
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QEvent,
    QObject,
    QSettings,
    QStandardPaths,
    QTimer,
    QUrl,
    Signal,
)
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from ttt_desktop.core import GameRecord

if TYPE_CHECKING:
    from ttt_desktop.library import LibraryError

# The record codecs are imported when a game is saved, opened, copied or pasted: the
# window's start does without them.

FILE_SUFFIX: Final = ".tttgame"
PSQ_FILE_SUFFIX: Final = ".psq"
FILE_FILTER: Final = str(
    QT_TRANSLATE_NOOP(
        "GameFiles",
        "TTT Desktop games (*.tttgame *.json);;Piskvork records (*.psq);;All files (*)",
    )
)
OPEN_FILTER: Final = str(
    QT_TRANSLATE_NOOP(
        "GameFiles",
        "Games (*.tttgame *.json *.psq);;TTT Desktop games (*.tttgame *.json);;"
        "Piskvork records (*.psq);;All files (*)",
    )
)
RECENT_KEY: Final = "files/recent"
LAST_FOLDER_KEY: Final = "files/last_folder"
MAX_RECENT: Final = 8


def suggested_file_name(record: GameRecord) -> str:
    """``"Ann-vs-Perfect-2026-01-02-0304.tttgame"``: players and start time, safe as a file name."""

    def safe(text: str) -> str:
        kept = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in text)
        return "-".join(part for part in kept.split("-") if part) or "player"

    stamp = record.started_at[:16].replace(":", "").replace("T", "-")
    return f"{safe(record.x.name)}-vs-{safe(record.o.name)}-{stamp}{FILE_SUFFIX}"


def describe_open_error(file_name: str, reason: str) -> str:
    """What is wrong with ``file_name``, in a person's words; ``reason`` is the reader's.

    The reader's wording (from :func:`~ttt_desktop.formats.files.load_record`) decides
    which of a few plain sentences fits; it is shown itself only as the details.
    """
    lowered = reason.lower()
    if "piskvork record" in lowered and not lowered.startswith("can't read"):
        text = QCoreApplication.translate(
            "GameFiles",
            "“{name}” is not a Piskvork record (.psq) that can be read: the details say "
            "which line is wrong and why.",
        )
        return text.format(name=file_name)
    if lowered.startswith("can't read"):
        if "no such file" in lowered:
            text = QCoreApplication.translate(
                "GameFiles", "“{name}” is not there any more: it may have been moved or deleted."
            )
        elif "permission" in lowered:
            text = QCoreApplication.translate("GameFiles", "You are not allowed to read “{name}”.")
        else:
            text = QCoreApplication.translate("GameFiles", "“{name}” could not be read.")
    elif "not a regular file" in lowered:
        text = QCoreApplication.translate(
            "GameFiles",
            "“{name}” is not a file that can hold a game: it is a folder, a device or a pipe.",
        )
    elif "newer" in lowered:
        text = QCoreApplication.translate(
            "GameFiles", "“{name}” was saved by a newer version of TTT Desktop. Update to open it."
        )
    elif "damaged" in lowered:
        text = QCoreApplication.translate(
            "GameFiles",
            "“{name}” is a TTT Desktop game, but it is damaged: its moves or players don't add up.",
        )
    elif "empty" in lowered:
        text = QCoreApplication.translate("GameFiles", "“{name}” is empty: there is no game in it.")
    elif "cut short" in lowered or "malformed" in lowered:
        text = QCoreApplication.translate(
            "GameFiles", "“{name}” is damaged or cut short, so the game in it can't be read."
        )
    else:
        text = QCoreApplication.translate("GameFiles", "“{name}” is not a TTT Desktop game.")
    return text.format(name=file_name)


def describe_openings_error(file_name: str, reason: str) -> str:
    """What is wrong with the opening file ``file_name``, in the window's language;
    ``reason`` is the reader's (:func:`~ttt_desktop.lab.openings.read_openings`), English,
    for the details only (the line and the stone it refuses)."""
    lowered = reason.lower()
    if lowered.startswith("can't read") or "not a regular file" in lowered:
        return describe_open_error(file_name, reason)  # as File > Open says it
    if "far too large" in lowered:
        text = QCoreApplication.translate(
            "GameFiles", "“{name}” is far too large to be an opening file."
        )
    elif "utf-8" in lowered or "binary data" in lowered:
        text = QCoreApplication.translate("GameFiles", "“{name}” is not a text file of openings.")
    else:
        text = QCoreApplication.translate(
            "GameFiles",
            "“{name}” has a line that is not an opening this board can play.",
        )
    return text.format(name=file_name)


def describe_network_error(reason: str) -> str:
    """What is wrong with an n-tuple network's file, in the window's language: a clause to
    follow a colon; ``reason`` is the reader's
    (:class:`~ttt_desktop.players.ntuple_file.NetworkFormatError`), English, for details."""
    lowered = reason.lower()
    if "is not supported" in lowered:
        return QCoreApplication.translate(
            "GameFiles", "its file was written by another version of TTT Desktop"
        )
    if "not valid json" in lowered:
        return QCoreApplication.translate("GameFiles", "its file is damaged or cut short")
    return QCoreApplication.translate("GameFiles", "its file is damaged")


def describe_brain_error(error: Exception) -> str:
    """Why a brain was not added, probed or tested, in the window's language: a clause to
    follow a colon. The brain manager's reason (``error.reason``, English, with the
    brain's own output in it) is for the details only."""
    from ttt_desktop.brains.manager import BrainFailure, BrainRefused  # noqa: PLC0415  (not before the first paint)

    if isinstance(error, BrainRefused):
        reason = error.reason.lower()
        if reason.startswith("can't start"):
            return QCoreApplication.translate("GameFiles", "its program could not be started")
        if reason.startswith("it is not a gomocup brain"):
            return QCoreApplication.translate(
                "GameFiles", "it does not answer as a Gomocup brain does"
            )
        return QCoreApplication.translate("GameFiles", "the brain declined")
    if isinstance(error, BrainFailure):
        return QCoreApplication.translate(
            "GameFiles",
            "the brain broke the protocol's rules (it stopped, hung, ran out of time or gave "
            "an answer that is not a move)",
        )
    if isinstance(error, OSError):
        return describe_os_error(error)
    return QCoreApplication.translate("GameFiles", "something went wrong")


def describe_library_error(error: LibraryError) -> str:
    """What is wrong with the game library, in the window's language: a sentence.

    The library's own words (``str(error)``, English, with SQLite's or the system's
    reason) are for the details only.
    """
    from ttt_desktop.library import (  # noqa: PLC0415  (the game library: not before the first paint)
        LibraryCorruptError,
        LibraryLockedError,
        LibraryNewerError,
        LibraryReadOnlyError,
    )

    if isinstance(error, LibraryCorruptError):
        text = QCoreApplication.translate(
            "GameFiles", "The game library “{name}” is damaged or is not a TTT Desktop library."
        )
    elif isinstance(error, LibraryLockedError):
        text = QCoreApplication.translate(
            "GameFiles",
            "The game library “{name}” is in use by another program: try again later.",
        )
    elif isinstance(error, LibraryReadOnlyError):
        text = QCoreApplication.translate(
            "GameFiles", "The game library “{name}” or its folder can't be read or written."
        )
    elif isinstance(error, LibraryNewerError):
        text = QCoreApplication.translate(
            "GameFiles",
            "The game library “{name}” was written by a newer version of TTT Desktop.",
        )
    else:
        text = QCoreApplication.translate("GameFiles", "The game library “{name}” can't be used.")
    return text.format(name=error.path.name)


def describe_os_error(error: OSError) -> str:
    """What the system refused, in the window's language: a clause to follow a colon.

    The system's own words (``error.strerror``, English) are for the details only.
    """
    if isinstance(error, FileNotFoundError):
        return QCoreApplication.translate(
            "GameFiles", "the file or its folder is not there any more"
        )
    if isinstance(error, PermissionError):
        return QCoreApplication.translate("GameFiles", "the system did not allow it")
    if error.errno == errno.ENOSPC:
        return QCoreApplication.translate("GameFiles", "the disk is full")
    if error.errno == errno.EROFS:
        return QCoreApplication.translate("GameFiles", "the disk can only be read")
    return QCoreApplication.translate("GameFiles", "the system refused it")


def describe_move_failure(reason: str) -> str:
    """Why a computer player gave no move, in the window's language: a clause to follow
    "could not move". ``reason`` is the search process's or the board's (English); the
    numbers in it (an exit code, a signal, seconds) are kept, its words are not, but for a
    reason none of these clauses names, which an English window shows as it is."""
    found = re.search(r"exit code (-?\d+|None)", reason)
    if "ended unexpectedly" in reason and found:
        text = QCoreApplication.translate(
            "GameFiles", "its search process ended unexpectedly (exit code {code})"
        )
        return text.format(code=found.group(1))
    found = re.search(r"ended by signal (\d+)", reason)
    if found:
        text = QCoreApplication.translate(
            "GameFiles", "its search process was ended by signal {signal}"
        )
        return text.format(signal=found.group(1))
    found = re.search(r"no answer within ([\d.]+) s", reason)
    if found:
        text = QCoreApplication.translate("GameFiles", "it gave no answer within {seconds} s")
        return text.format(seconds=found.group(1))
    if "did not stop when asked" in reason:
        return QCoreApplication.translate(
            "GameFiles", "it did not stop when asked, and its process was restarted"
        )
    if "already taken" in reason:
        return QCoreApplication.translate("GameFiles", "it chose a cell that is already taken")
    if reason == "no move":
        return QCoreApplication.translate("GameFiles", "it gave no move")
    source = "its search failed"
    text = QCoreApplication.translate("GameFiles", "its search failed")
    # A window in English (no translation of the clause) keeps the search's own words.
    return f"{source}: {reason}" if text == source and reason else text


def error_box(parent: QWidget, title: str, message: str, details: str = "") -> QMessageBox:
    """A warning box saying ``message``; ``details`` (if any) under "Show Details..."."""
    box = QMessageBox(
        QMessageBox.Icon.Warning, title, message, QMessageBox.StandardButton.Ok, parent
    )
    box.setObjectName("file-error")
    if details:
        box.setDetailedText(details)
    return box


def full_path(path: Path) -> Path:
    """``path`` made absolute with links followed where that works (a link loop can't be)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        # A symlink loop raises RuntimeError (OSError from Python 3.13 on).
        return path.absolute()


def dropped_file(event: QDragEnterEvent | QDropEvent) -> Path | None:
    """The one local file being dragged, if that is what the drag carries."""
    mime = event.mimeData()
    if mime is None or not mime.hasUrls():
        return None
    urls = [url for url in mime.urls() if url.isLocalFile()]
    if len(urls) != 1:
        return None
    return Path(urls[0].toLocalFile())


class GameFiles(QObject):
    """Saving, opening, recent files, drag-and-drop and clipboard for one window."""

    record_opened = Signal(object, str)  # GameRecord, where it came from (a path, or "clipboard")
    record_saved = Signal(str)  # the path written
    error_reported = Signal(str, str)  # title, message (the details: last_error_details)
    recent_files_changed = Signal(list)  # paths, newest first

    def __init__(
        self,
        window: QWidget,
        current_record: Callable[[], GameRecord],
        settings: QSettings | None = None,
    ) -> None:
        """``current_record`` gives the game to save or copy; ``settings`` holds recent files."""
        super().__init__(window)
        self._window = window
        self._current_record = current_record
        self._settings = settings if settings is not None else QSettings()
        self.recent_menu: QMenu | None = None
        self.last_error_details = ""

    # Errors -------------------------------------------------------------------

    def report_error(self, title: str, message: str, details: str = "") -> None:
        """Tell the person what went wrong: :attr:`error_reported`, then a dialog.

        ``details`` (the technical explanation, if any) is kept in
        :attr:`last_error_details` and shown under the dialog's "Show Details...".
        """
        self.last_error_details = details
        self.error_reported.emit(title, message)
        self.show_error_dialog(title, message, details)

    def show_error_dialog(self, title: str, message: str, details: str = "") -> None:
        """A modal warning box (replaced in tests)."""
        error_box(self._window, title, message, details).exec()

    # Asking for names ---------------------------------------------------------

    def start_folder(self) -> str:
        """Where Save and Open start: the folder last used, else the Documents folder.

        Never the process's working directory (the source checkout, when the app was
        started from it).
        """
        last = self._settings.value(LAST_FOLDER_KEY, "")
        if isinstance(last, str) and last and Path(last).is_dir():
            return last
        documents = QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.DocumentsLocation
        )
        if documents and Path(documents).is_dir():
            return documents
        return str(Path.home())

    def file_filter(self) -> str:
        """The Save dialog's list of file types, in the user's language."""
        return self.tr(FILE_FILTER)

    def open_filter(self) -> str:
        """The Open dialog's list of file types (every game file first), translated."""
        return self.tr(OPEN_FILTER)

    def ask_save_path(self, suggested: str) -> str | None:
        """The file name to save to, from a dialog; None when cancelled (replaced in tests).

        A name typed without a suffix gets ``.psq`` when the Piskvork records type was
        chosen (``.tttgame`` otherwise, in :meth:`save`).
        """
        from PySide6.QtWidgets import QFileDialog  # noqa: PLC0415  (not before the first paint)

        start = str(Path(self.start_folder()) / suggested)
        path, chosen = QFileDialog.getSaveFileName(
            self._window, self.tr("Save game"), start, self.file_filter()
        )
        if path and not Path(path).suffix and f"*{PSQ_FILE_SUFFIX}" in chosen:
            path += PSQ_FILE_SUFFIX
        return path or None

    def ask_open_path(self) -> str | None:
        """The file to open, from a dialog; None when cancelled (replaced in tests)."""
        from PySide6.QtWidgets import QFileDialog  # noqa: PLC0415  (not before the first paint)

        path, _ = QFileDialog.getOpenFileName(
            self._window, self.tr("Open game"), self.start_folder(), self.open_filter()
        )
        return path or None

    # Saving and opening ---------------------------------------------------------

    def save(self, path: str | Path | None = None) -> bool:
        """Save the current game (asking where when ``path`` is None); True when written."""
        record = self._current_record()
        if path is None:
            chosen = self.ask_save_path(suggested_file_name(record))
            if chosen is None:
                return False
            path = chosen
            if not Path(path).suffix:
                path = path + FILE_SUFFIX
        target = Path(path)
        from ttt_desktop.formats.files import save_record  # noqa: PLC0415  (not before the first paint)

        try:
            save_record(record, target)
        except ValueError as error:
            # A game a Piskvork record can't hold (only five in a row is written as one).
            self.report_error(
                self.tr("Could not save the game"),
                self.tr(
                    "“{name}” is a Piskvork record (.psq), which holds five in a row on "
                    "boards of 5 to 20 a side: save this game as a TTT Desktop game "
                    "(.tttgame)."
                ).format(name=target.name)
                + "\n\n"
                + self.tr("Any file that was there before is unchanged."),
                str(error),
            )
            return False
        except OSError as error:
            self.report_error(
                self.tr("Could not save the game"),
                self.tr("“{name}” could not be written: {reason}.").format(
                    name=target.name, reason=describe_os_error(error)
                )
                + "\n\n"
                + self.tr("Any file that was there before is unchanged."),
                str(error),
            )
            return False
        self._remember(target)
        self.record_saved.emit(str(target))
        return True

    def open(self, path: str | Path | None = None) -> GameRecord | None:
        """Open a game file (asking which when ``path`` is None); emits :attr:`record_opened`."""
        if path is None:
            chosen = self.ask_open_path()
            if chosen is None:
                return None
            path = chosen
        target = Path(path)
        from ttt_desktop.formats.files import load_record, remove_stale_temporaries  # noqa: PLC0415  (not before the first paint)

        try:
            record = load_record(target)
        except ValueError as error:
            if not target.exists() or not target.is_file():
                # Gone, a link loop, or no longer a file at all: it leaves the recent files.
                self._forget(target)
            self.report_error(
                self.tr("Could not open the game"),
                describe_open_error(target.name, str(error))
                + "\n\n"
                + self.tr("The current game is unchanged."),
                str(error),
            )
            return None
        self._remember(target)
        # Leftovers of a save of this file that was killed halfway (only old ones).
        remove_stale_temporaries(target)
        self.record_opened.emit(record, str(target))
        return record

    # Clipboard ------------------------------------------------------------------

    def copy_text(self) -> str:
        """Put the current game on the clipboard as text; returns that text."""
        from ttt_desktop.formats.text_codec import record_to_text  # noqa: PLC0415  (not before the first paint)

        text = record_to_text(self._current_record())
        QGuiApplication.clipboard().setText(text)
        return text

    def paste_text(self) -> GameRecord | None:
        """Read a game from the clipboard text; emits :attr:`record_opened` with ``"clipboard"``."""
        text = QGuiApplication.clipboard().text()
        from ttt_desktop.formats.text_codec import record_from_text  # noqa: PLC0415  (not before the first paint)

        try:
            record = record_from_text(text)
        except ValueError as error:
            self.report_error(
                self.tr("Could not paste a game"),
                self.tr("The clipboard holds no TTT Desktop game.")
                + "\n\n"
                + self.tr("The current game is unchanged."),
                str(error),
            )
            return None
        self.record_opened.emit(record, "clipboard")
        return record

    # Recent files ---------------------------------------------------------------

    def recent_files(self) -> list[str]:
        """Paths saved or opened lately, newest first."""
        value = self._settings.value(RECENT_KEY, [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            return []
        return [str(item) for item in value if isinstance(item, str) and item][:MAX_RECENT]

    def clear_recent_files(self) -> None:
        """Forget the recent files."""
        self._settings.setValue(RECENT_KEY, [])
        self._recent_changed()

    def _remember(self, path: Path) -> None:
        full = str(full_path(path))
        self._settings.setValue(LAST_FOLDER_KEY, str(full_path(path).parent))
        paths = [full, *(p for p in self.recent_files() if p != full)][:MAX_RECENT]
        self._settings.setValue(RECENT_KEY, paths)
        self._recent_changed()

    def _forget(self, path: Path) -> None:
        # A recent file that has gone (moved, deleted) leaves the list.
        full = str(full_path(path))
        paths = self.recent_files()
        if full in paths:
            self._settings.setValue(RECENT_KEY, [p for p in paths if p != full])
            self._recent_changed()

    def _recent_changed(self) -> None:
        self._fill_recent_menu()
        self.recent_files_changed.emit(self.recent_files())

    # Menu -------------------------------------------------------------------------

    def add_actions_to(self, menu: QMenu) -> None:
        """Fill a File menu: save, open, recent files, copy and paste as text."""
        self.save_action = QAction(self.tr("&Save game..."), menu)
        self.save_action.setShortcut(QKeySequence.StandardKey.Save)
        self.save_action.triggered.connect(self._save_as)
        menu.addAction(self.save_action)
        self.open_action = QAction(self.tr("&Open game..."), menu)
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self._open_any)
        menu.addAction(self.open_action)
        self.recent_menu = menu.addMenu(self.tr("Recent &files"))
        self._fill_recent_menu()
        menu.addSeparator()
        self.copy_action = QAction(self.tr("&Copy game as text"), menu)
        self.copy_action.setShortcut(QKeySequence("Ctrl+Shift+C"))
        self.copy_action.triggered.connect(self.copy_text)
        menu.addAction(self.copy_action)
        self.paste_action = QAction(self.tr("&Paste game"), menu)
        self.paste_action.setShortcut(QKeySequence("Ctrl+Shift+V"))
        self.paste_action.triggered.connect(self.paste_text)
        menu.addAction(self.paste_action)

    # Menu actions pass a "checked" flag that must not be taken for a path.
    def _save_as(self) -> None:
        self.save()

    def _open_any(self) -> None:
        self.open()

    def _fill_recent_menu(self) -> None:
        menu = self.recent_menu
        if menu is None:
            return
        menu.clear()
        paths = self.recent_files()
        for number, path in enumerate(paths, start=1):
            action = menu.addAction(f"&{number} {Path(path).name}")
            action.setToolTip(path)
            action.setData(path)
            action.triggered.connect(lambda _checked=False, p=path: self.open(p))
        if paths:
            menu.addSeparator()
        clear = menu.addAction(self.tr("Clear recent files"))
        clear.setEnabled(bool(paths))
        clear.triggered.connect(self.clear_recent_files)

    # Drag and drop ----------------------------------------------------------------

    def accept_drops_on(self, widget: QWidget) -> None:
        """Let ``widget`` (the window) take a game file dropped on it."""
        widget.setAcceptDrops(True)
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.DragEnter, QEvent.Type.DragMove) and isinstance(
            event, QDragEnterEvent | QDropEvent
        ):
            if dropped_file(event) is not None:
                event.acceptProposedAction()
                return True
            event.ignore()
            return True
        if event.type() == QEvent.Type.Drop and isinstance(event, QDropEvent):
            path = dropped_file(event)
            if path is None:
                return False
            event.acceptProposedAction()
            # Opened after the drop has finished, so an error box doesn't hold the drag up.
            QTimer.singleShot(0, lambda: self.open(path))
            return True
        return super().eventFilter(watched, event)


def file_url(path: str | Path) -> QUrl:
    """The ``file:`` URL a file manager would drag for ``path``."""
    return QUrl.fromLocalFile(str(path))
