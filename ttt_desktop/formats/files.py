"""Files a person gives the program, and game files saved so that no failure loses one.

Reading: :func:`read_user_file` (and :func:`read_user_text`, :func:`read_user_json`
on top of it) is how every file a person chooses, drops or names is read. It refuses
anything but a regular file (a named pipe, a device, a folder, a link to one) before
opening it, since reading one could wait for ever or never end; checks again on the
descriptor, opened without waiting, in case the name changed in between; refuses a
file larger than its kind allows before reading it; and says what is wrong in a
:class:`UserFileError`, a ``ValueError``.

Game files are told apart by what they hold: a Piskvork record (``.psq``, its
``Piskvorky`` header; :mod:`~ttt_desktop.formats.psq`) or this program's JSON
(:mod:`~ttt_desktop.formats.json_codec`); :func:`save_record` writes a ``.psq`` name as a
Piskvork record and any other as JSON.

Writing: :func:`save_record` writes a game atomically (a temporary file beside the
target, flushed to disk, then renamed over it), and :func:`remove_stale_temporaries`
tidies the temporary files that interrupted saves leave.

Nothing here imports Qt.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from ttt_desktop.core.record import GameRecord
from ttt_desktop.formats.json_codec import parse_json, record_from_json, record_to_json
from ttt_desktop.formats.psq import PSQ_SUFFIX, looks_like_psq, record_from_psq, record_to_psq

__all__ = [
    "GAME_FILE",
    "MAX_FILE_BYTES",
    "STALE_TEMPORARY_SECONDS",
    "FileKind",
    "UserFileError",
    "load_record",
    "read_user_file",
    "read_user_json",
    "read_user_text",
    "remove_stale_temporaries",
    "save_record",
    "write_atomically",
]

# A game file is a few hundred bytes (a long gomoku game a few tens of kilobytes);
# anything far bigger is not one of ours.
MAX_FILE_BYTES: Final = 1_000_000
# How old a leftover temporary file of an interrupted save must be before it is
# removed: a save in progress (another window, another process) takes milliseconds.
STALE_TEMPORARY_SECONDS: Final = 600.0


class UserFileError(ValueError):
    """A file that can't be read as what it was given for; the message says why."""


@dataclass(frozen=True)
class FileKind:
    """What a file is read as: its name in messages ("game file") and its size limit."""

    name: str
    max_bytes: int


GAME_FILE: Final = FileKind("game file", MAX_FILE_BYTES)


# Reading -------------------------------------------------------------------------------


def _special_file_kind(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _a(name: str) -> str:
    """``name`` with its article: "a game file", "an opening file"."""
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def _refuse(target: Path, kind: FileKind, info: os.stat_result) -> None:
    what = _special_file_kind(info.st_mode)
    if what is not None:
        raise UserFileError(
            f"{target.name} is not {_a(kind.name)}: it is {what}, not a regular file"
        )
    if info.st_size > kind.max_bytes:
        raise UserFileError(
            f"{target.name} is not {_a(kind.name)}: it is far too large "
            f"({info.st_size:,} bytes; {_a(kind.name)} is at most {kind.max_bytes:,})"
        )


def read_user_file(path: str | os.PathLike[str], kind: FileKind) -> bytes:
    """The bytes of the file at ``path``, checked first; :class:`UserFileError` otherwise.

    The name is looked at (``os.stat``, links followed) before anything is opened:
    a named pipe, device, socket or folder is refused, and so is a file larger than
    ``kind.max_bytes``. The file is then opened without waiting (``O_NONBLOCK``) and
    the same checks are made on the open descriptor, in case the name was changed in
    between; at most ``kind.max_bytes`` bytes are ever read.
    """
    target = Path(path)
    try:
        _refuse(target, kind, os.stat(target))
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        flags |= getattr(os, "O_BINARY", 0)
        descriptor = os.open(target, flags)
        with os.fdopen(descriptor, "rb") as stream:
            _refuse(target, kind, os.fstat(stream.fileno()))
            data = stream.read(kind.max_bytes + 1)
    except OSError as error:
        reason = error.strerror or str(error)
        raise UserFileError(f"can't read {target.name}: {reason}") from None
    if len(data) > kind.max_bytes:
        # It grew after the check.
        raise UserFileError(f"{target.name} is not {_a(kind.name)}: it is far too large")
    return data


def read_user_text(path: str | os.PathLike[str], kind: FileKind) -> str:
    """:func:`read_user_file` read as UTF-8 text; refused if it isn't, or holds NUL bytes."""
    target = Path(path)
    return _text_of(target, kind, read_user_file(target, kind))


def _text_of(target: Path, kind: FileKind, data: bytes) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise UserFileError(f"{target.name} is not {_a(kind.name)}: it is not UTF-8 text") from None
    if "\x00" in text:
        raise UserFileError(f"{target.name} is not {_a(kind.name)}: it holds binary data")
    return text


def read_user_json(path: str | os.PathLike[str], kind: FileKind) -> object:
    """:func:`read_user_text` parsed as JSON, guarded (:func:`~.json_codec.parse_json`).

    Deep nesting, whole numbers of thousands of digits, NaN and malformed JSON are
    refused with a :class:`UserFileError` naming the file.
    """
    target = Path(path)
    text = read_user_text(target, kind)
    try:
        return parse_json(text, kind.name)
    except ValueError as error:
        raise UserFileError(f"{target.name}: {error}") from None


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read a game file; ``ValueError`` with a clear message for any file that isn't a game.

    The file is read by :func:`read_user_file` (special files and huge files refused
    before they are opened or read). A Piskvork record (a ``.psq`` name, or text that
    begins with its header) is read by :func:`~ttt_desktop.formats.psq.record_from_psq`,
    its start time the file's modification time (the format has no date); anything else
    as JSON, every format version.
    """
    target = Path(path)
    data = read_user_file(target, GAME_FILE)
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:16].decode("latin-1")
    if target.suffix.lower() == PSQ_SUFFIX or looks_like_psq(head):
        return record_from_psq(data, started_at=_modified_at(target))
    return record_from_json(_text_of(target, GAME_FILE, data))


def _modified_at(target: Path) -> str | None:
    """When ``target`` was last written, as a record's timestamp (None if that is unknown)."""
    try:
        moment = datetime.fromtimestamp(target.stat().st_mtime, UTC)
    except (OSError, OverflowError, ValueError):
        return None
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


# Writing -------------------------------------------------------------------------------


def save_record(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write ``record`` to ``path`` atomically: as a Piskvork record for a ``.psq`` name,
    else as JSON.

    The text goes to a temporary file in the same folder, is flushed to disk, and
    then replaces ``path`` in one step, so a failure at any point leaves the old
    file as it was. Raises ``OSError`` when the folder can't be written, and
    ``ValueError`` (before anything is written) for a game a ``.psq`` can't hold
    (:func:`~ttt_desktop.formats.psq.psq_writable`).
    """
    target = Path(path)
    if target.suffix.lower() == PSQ_SUFFIX:
        data = record_to_psq(record).encode("utf-8")
    else:
        data = record_to_json(record).encode("utf-8")
    write_atomically(data, target)


def write_atomically(data: bytes, path: str | os.PathLike[str]) -> None:
    """Write ``data`` to ``path`` as :func:`save_record` does: a temporary file beside it,
    flushed, then renamed over it (``OSError`` when the folder can't be written)."""
    import tempfile  # noqa: PLC0415  (only saving needs it)

    target = Path(path)
    handle, temp_name = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or Path()
    )
    try:
        if hasattr(os, "fchmod"):
            # mkstemp's file is owner-only; the saved game gets the permissions of the
            # file it replaces, or those any new file of the user gets.
            os.fchmod(handle, _saved_file_mode(target))
        with os.fdopen(handle, "wb") as temp:
            temp.write(data)
            temp.flush()
            os.fsync(temp.fileno())
        os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp_name)
        raise
    _fsync_folder(target.parent)
    # A save killed between the two steps above leaves its temporary file behind.
    remove_stale_temporaries(target)


def _saved_file_mode(target: Path) -> int:
    """``target``'s permission bits if it exists, else a new file's (0o666 less the umask)."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        mask = os.umask(0o022)  # the only way to read the umask is to set it
        os.umask(mask)
        return 0o666 & ~mask


def _fsync_folder(folder: Path) -> None:
    # Makes the rename itself durable where the platform allows opening a folder.
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _temporary_pattern(target_name: str) -> re.Pattern[str]:
    # save_record's own naming: tempfile.mkstemp(prefix=".NAME.", suffix=".tmp") adds
    # eight characters from [a-z0-9_].
    return re.compile(re.escape(f".{target_name}.") + r"[a-z0-9_]{8}" + re.escape(".tmp"))


def remove_stale_temporaries(
    target: str | os.PathLike[str], *, older_than: float = STALE_TEMPORARY_SECONDS
) -> list[Path]:
    """Remove temporary files that interrupted saves of ``target`` left beside it.

    Only files of :func:`save_record`'s own naming (``.NAME.tttgame.XXXXXXXX.tmp``
    for target ``NAME.tttgame``) are touched, only plain files (not links, folders
    or pipes) owned by this user, and only when last written more than
    ``older_than`` seconds ago, so a save in progress elsewhere keeps its file.
    Problems are ignored: this is tidying, never a reason to fail. Returns the
    paths removed.
    """
    target = Path(target)
    folder = target.parent
    pattern = _temporary_pattern(target.name)
    deadline = time.time() - older_than
    owner = os.getuid() if hasattr(os, "getuid") else None
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not pattern.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or info.st_mtime > deadline:
                continue
            if owner is not None and info.st_uid != owner:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed
