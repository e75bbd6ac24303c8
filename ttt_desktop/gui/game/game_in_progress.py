"""A game in progress survives quitting: saved as it goes, there again at the next start.

:class:`GameInProgress` keeps the game in hand in one game file beside the game
library (``game-in-progress.tttgame``), written atomically by
:func:`~ttt_desktop.formats.files.save_record` (a temporary file, flushed, then
renamed over the old one): a second after each move, and at once when the window
closes. So a crash, a kill or a power cut loses at most the last second's moves,
and the file on disk is always a whole game. A game that is over, or has no move
yet, leaves no file. The writing (about 14 ms, most of it waiting for the disk)
happens in a thread of its own, never on the GUI thread, one save after another.

At the next start :meth:`GameInProgress.take` reads it back: the rules and board
size, the players (the same people, the same kinds of computer player with their
seeds) and the moves, and the window plays on from there. A file that cannot be
read (damaged, from a newer version, naming a player this version cannot make) is
set aside under a name that says so, and the window says why and starts afresh:
never a crash, never a file silently lost.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QObject, QTimer

from ttt_desktop.core.record import GameRecord
from ttt_desktop.gui.game.controller import GameController
from ttt_desktop.gui.review.game_files import describe_open_error, describe_os_error

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

FILE_NAME: Final = "game-in-progress.tttgame"
SAVE_AFTER_MS: Final = 1000
"""Moves made within this time are saved together (each save flushes the file to disk)."""


def path_beside(library_path: str | os.PathLike[str] | None) -> Path | None:
    """Where the game in progress is kept: beside the game library (None without one)."""
    if library_path is None:
        return None
    return Path(library_path).with_name(FILE_NAME)


class GameInProgress(QObject):
    """Saves ``controller``'s game in hand to ``path`` as it goes; reads it back at start."""

    def __init__(self, controller: GameController, path: Path | None) -> None:
        super().__init__(controller)
        self.path = path
        self._controller = controller
        self._enabled = False
        self._saved: GameRecord | None = None
        self.problem_details = ""  # the English words behind the last problem (for details)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SAVE_AFTER_MS)
        self._timer.timeout.connect(self.save_now)
        self._writer: ThreadPoolExecutor | None = None
        self._last_write: Future[None] | None = None
        for signal in (
            controller.game_started,
            controller.move_played,
            controller.history_changed,
            controller.game_finished,
            controller.game_reopened,
            controller.choice_made,
        ):
            signal.connect(self._changed)

    def take(self) -> tuple[GameRecord | None, str | None]:
        """The game saved last time, or None; and what went wrong reading it, or None.

        A file that can't be read is renamed ``…damaged-DATE.tttgame`` (kept for the
        person to look at), so the next start does not meet it again. From now on the
        game in hand is saved as it changes.
        """
        self._enabled = True
        path = self.path
        if path is None or not path.exists():
            return None, None
        # The codecs only when there is a game to read (not for the window's first start).
        from ttt_desktop.formats.files import load_record  # noqa: PLC0415  (not before the first paint)

        try:
            record = load_record(path)
        except (ValueError, OSError) as error:
            # What is wrong in the window's language, as File > Open says it (the reader's
            # own reason, English, is for the details).
            why = describe_open_error(path.name, str(error))
            return None, self.set_aside(why, details=str(error))
        self._saved = record
        return record, None

    def set_aside(self, why: str, *, details: str = "") -> str:
        """Rename the saved file out of the way; the words that say so, ``why`` (a sentence
        in the window's language) in them.

        ``details`` (the readers' and the system's own words, English) are kept in
        :attr:`problem_details`, for a box's "Show Details...", never in the sentence.
        """
        path = self.path
        assert path is not None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
        self.problem_details = details
        try:
            os.replace(path, aside)
        except OSError as error:
            self.problem_details = "\n".join(part for part in (details, str(error)) if part)
            return self.tr(
                "The game left unfinished last time is not resumed: {why} Nor could it be "
                "set aside: {refusal}; a new game starts."
            ).format(why=why, refusal=describe_os_error(error))
        return self.tr(
            "The game left unfinished last time is not resumed: {why} The file is kept as "
            "{name}; a new game starts."
        ).format(why=why, name=str(aside))

    def _changed(self, record: GameRecord) -> None:
        if self._enabled and self.path is not None:
            self._timer.start()

    def save_now(self, *, wait: bool = False) -> None:
        """Write the game in hand now, in the writing thread (or remove the file when there
        is nothing to resume); with ``wait``, return once it is on disk (the window closing)."""
        self._timer.stop()
        path = self.path
        if path is None or not self._enabled:
            return
        record = self._controller.session.record
        if record != self._saved:
            self._saved = record
            if self._writer is None:
                from concurrent.futures import ThreadPoolExecutor  # noqa: PLC0415  (not before the first paint)

                self._writer = ThreadPoolExecutor(1, thread_name_prefix="game-in-progress")
            self._last_write = self._writer.submit(_write, record, path)
        if wait and self._writer is not None:
            self._writer.shutdown(wait=True)
            self._writer = None

    @property
    def is_writing(self) -> bool:
        """True while a save is still on its way to the disk."""
        return self._last_write is not None and not self._last_write.done()


def _write(record: GameRecord, path: Path) -> None:
    from ttt_desktop.formats.files import save_record  # noqa: PLC0415  (not before the first paint)

    try:
        if record.moves and not record.is_finished:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_record(record, path)
        else:
            path.unlink(missing_ok=True)
    except OSError:
        pass  # saved again at the next move: a game that can't be kept is no reason to stop
