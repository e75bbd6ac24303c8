"""Games in and out of the library: import game files, Piskvork records and JSON lines,
export game files, Piskvork records or JSON lines.

Qt-free. An import reads the files (a folder is searched, however deep, for
``.tttgame``, ``.psq`` and ``.jsonl`` files; a bad file or line is refused with the
reader's reason and stops nothing; a Piskvork record is read as
:func:`~ttt_desktop.formats.files.load_record` reads it, its game id derived from its
game, so the same record imported twice is one game) and stores the games in batches of
:data:`IMPORT_BATCH`, one transaction each, so another connection (the window's) waits
for a moment at most. It reports how many were added, how many were already there (the
same game id) and which were refused and why, and can say how far it got and be stopped
between files: the History window runs it in a thread of its own. Exports write each
file atomically.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from ttt_desktop.core import GameRecord
from ttt_desktop.formats.files import MAX_FILE_BYTES, load_record, save_record
from ttt_desktop.formats.json_codec import record_from_json, record_to_dict
from ttt_desktop.formats.psq import PSQ_SUFFIX, psq_writable
from ttt_desktop.library.store import Library, StoreOutcome

GAME_SUFFIX: Final = ".tttgame"
LINES_SUFFIX: Final = ".jsonl"
IMPORT_SUFFIXES: Final = (GAME_SUFFIX, LINES_SUFFIX, PSQ_SUFFIX)
IMPORT_BATCH: Final = 500
#: A JSON-lines file is read a line at a time; each line is one game, at most this long.
MAX_LINE_BYTES: Final = MAX_FILE_BYTES


@dataclass
class ImportReport:
    """What an import did: counts, each refused file (or line) with its reason, and
    whether it was stopped before the end (what was stored by then stays)."""

    added: int = 0
    duplicates: int = 0
    refused: list[tuple[Path, str]] = field(default_factory=list)
    cancelled: bool = False

    @property
    def total(self) -> int:
        return self.added + self.duplicates + len(self.refused)


Progress = Callable[[int, int], None]
"""Called with (files read, files found) as an import goes."""


def import_files(
    library: Library,
    paths: Iterable[str | os.PathLike[str]],
    *,
    progress: Progress | None = None,
    stop: Callable[[], bool] | None = None,
) -> ImportReport:
    """Store the games in ``paths`` (``.tttgame`` files, Piskvork's ``.psq`` records,
    ``.jsonl`` files of :func:`export_json_lines`, and folders searched for all three).

    ``progress(done, total)`` hears how many files were read; ``stop()`` returning True
    ends the import between two files (the report says ``cancelled``).
    """
    report = ImportReport()
    files = find_game_files(paths)
    batch: list[GameRecord] = []
    seen: set[str] = set()

    def flush() -> None:
        if batch:
            outcomes = library.store_many(batch, source="import", replace=False)
            report.added += sum(outcome is StoreOutcome.ADDED for outcome in outcomes)
            report.duplicates += sum(outcome is StoreOutcome.DUPLICATE for outcome in outcomes)
            batch.clear()

    for number, path in enumerate(files):
        if stop is not None and stop():
            report.cancelled = True
            break
        for record in _read_games(path, report):
            if record.game_id in seen:
                report.duplicates += 1
                continue
            seen.add(record.game_id)
            batch.append(record)
            if len(batch) >= IMPORT_BATCH:
                flush()
        if progress is not None:
            progress(number + 1, len(files))
    flush()
    return report


def _read_games(path: Path, report: ImportReport) -> Iterator[GameRecord]:
    try:
        if not path.is_file():
            raise ValueError(f"{path.name} is not a regular file")
        if path.suffix.lower() == LINES_SUFFIX:
            yield from _read_lines(path, report)
            return
        record = load_record(path)
    except (ValueError, OSError) as error:
        report.refused.append((path, str(error)))
        return
    yield record


def _read_lines(path: Path, report: ImportReport) -> Iterator[GameRecord]:
    with path.open("rb") as stream:
        for number, line in enumerate(iter(lambda: stream.readline(MAX_LINE_BYTES + 1), b""), 1):
            if len(line) > MAX_LINE_BYTES:
                report.refused.append(
                    (
                        path,
                        f"line {number}: far too long for a game (over {MAX_LINE_BYTES:,} bytes)",
                    )
                )
                # The rest of that line is passed over, a piece at a time: the next line is
                # the next game.
                piece = line
                while piece and not piece.endswith(b"\n"):
                    piece = stream.readline(MAX_LINE_BYTES + 1)
                continue
            if not line.strip():
                continue
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError:
                report.refused.append((path, f"line {number}: not UTF-8 text"))
                continue
            try:
                yield record_from_json(text)
            except ValueError as error:
                report.refused.append((path, f"line {number}: {error}"))


def find_game_files(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """``paths``, with each folder replaced by the game files in it and every folder
    below, sorted by path (a walk with a list of folders to visit, not recursion, so any
    depth is fine; links to folders are not followed, so a loop can't trap it)."""
    found: list[Path] = []
    for item in paths:
        path = Path(item)
        if not path.is_dir():
            found.append(path)
            continue
        inside: list[Path] = []
        folders = [os.fspath(path)]
        while folders:
            folder = folders.pop()
            try:
                entries = list(os.scandir(folder))
            except OSError:
                continue  # unreadable: nothing in it can be imported
            for entry in entries:
                try:
                    if entry.is_dir(follow_symlinks=False):
                        folders.append(entry.path)
                    elif entry.name.lower().endswith(IMPORT_SUFFIXES):
                        inside.append(Path(entry.path))
                except OSError:
                    continue
        found.extend(sorted(inside))
    return found


def _file_stem(record: GameRecord) -> str:
    stamp = record.started_at[:19].replace(":", "-").replace("T", " ")
    names = f"{record.x.name} v {record.o.name}"
    stem = re.sub(r"[^\w .,+-]", "_", f"{stamp} {names}").strip()
    return stem[:120] or "game"


def export_files(
    library: Library, row_ids: Sequence[int], folder: str | os.PathLike[str]
) -> list[Path]:
    """Write each game as ``<start> <X> v <O>.tttgame`` in ``folder``; never overwrites."""
    return [_export(library.record(row_id), Path(folder), GAME_SUFFIX) for row_id in row_ids]


def export_psq_files(
    library: Library, row_ids: Sequence[int], folder: str | os.PathLike[str]
) -> tuple[list[Path], list[tuple[int, str]]]:
    """Write each game as a Piskvork record, ``<start> <X> v <O>.psq``, in ``folder``
    (never overwriting): the paths written, and each game passed over (its row id and why:
    a record holds five-in-a-row games only, :func:`~ttt_desktop.formats.psq.psq_writable`)."""
    written: list[Path] = []
    passed_over: list[tuple[int, str]] = []
    for row_id in row_ids:
        record = library.record(row_id)
        reason = psq_writable(record.rules)
        if reason is not None:
            passed_over.append((row_id, reason))
            continue
        written.append(_export(record, Path(folder), PSQ_SUFFIX))
    return written, passed_over


def _export(record: GameRecord, folder: Path, suffix: str) -> Path:
    stem = _file_stem(record)
    path = folder / f"{stem}{suffix}"
    number = 2
    while path.exists():
        path = folder / f"{stem} ({number}){suffix}"
        number += 1
    save_record(record, path)
    return path


def export_json_lines(
    library: Library, row_ids: Sequence[int], path: str | os.PathLike[str]
) -> int:
    """Write the games to one JSON-lines file (one record per line); returns the count."""
    lines = []
    for _row_id, text in library.record_texts(row_ids):
        record = record_from_json(text)
        lines.append(json.dumps(record_to_dict(record), ensure_ascii=False, separators=(",", ":")))
    target = Path(path)
    temporary = target.with_name(f".{target.name}.tmp")
    with temporary.open("w", encoding="utf-8") as stream:
        stream.write("".join(line + "\n" for line in lines))
        stream.flush()
        os.fsync(stream.fileno())
    os.replace(temporary, target)
    return len(lines)


def read_json_lines(path: str | os.PathLike[str]) -> list[GameRecord]:
    """Read :func:`export_json_lines`'s file back (``ValueError`` naming a bad line)."""
    report = ImportReport()
    records = list(_read_lines(Path(path), report))
    if report.refused:
        raise ValueError(report.refused[0][1])
    return records
