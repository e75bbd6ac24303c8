"""Games in and out of the library: import many ``.tttgame`` files, export files or JSON lines.

Qt-free. An import reads every file first (a bad one is refused with the reader's
reason and stops nothing), then stores the good ones in one transaction, reporting
how many were added, how many were already there (the same game id) and which were
refused and why. Exports write each file atomically (:func:`save_record`).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ttt_desktop.engine import GameRecord, load_record, save_record
from ttt_desktop.library.store import Library, StoreOutcome

GAME_SUFFIX = ".tttgame"


@dataclass
class ImportReport:
    """What an import did: counts, and each refused file with its reason."""

    added: int = 0
    duplicates: int = 0
    refused: list[tuple[Path, str]] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.added + self.duplicates + len(self.refused)


def import_files(library: Library, paths: Iterable[str | os.PathLike[str]]) -> ImportReport:
    """Store the games in ``paths`` (files; folders are searched for ``.tttgame`` files)."""
    report = ImportReport()
    records: list[GameRecord] = []
    seen: set[str] = set()
    for path in _expand(paths):
        try:
            if not path.is_file():
                raise ValueError(f"{path.name} is not a regular file")
            record = load_record(path)
        except (ValueError, OSError) as error:
            report.refused.append((path, str(error)))
            continue
        if record.game_id in seen:
            report.duplicates += 1
            continue
        seen.add(record.game_id)
        records.append(record)
    if records:
        outcomes = library.store_many(records, source="import", replace=False)
        report.added += sum(outcome is StoreOutcome.ADDED for outcome in outcomes)
        report.duplicates += sum(outcome is StoreOutcome.DUPLICATE for outcome in outcomes)
    return report


def _expand(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    found: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            found.extend(sorted(path.rglob(f"*{GAME_SUFFIX}")))
        else:
            found.append(path)
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
    target = Path(folder)
    written: list[Path] = []
    for row_id in row_ids:
        record = library.record(row_id)
        stem = _file_stem(record)
        path = target / f"{stem}{GAME_SUFFIX}"
        number = 2
        while path.exists():
            path = target / f"{stem} ({number}){GAME_SUFFIX}"
            number += 1
        save_record(record, path)
        written.append(path)
    return written


def export_json_lines(
    library: Library, row_ids: Sequence[int], path: str | os.PathLike[str]
) -> int:
    """Write the games to one JSON-lines file (one record per line); returns the count."""
    lines = []
    for _row_id, text in library.record_texts(row_ids):
        record = GameRecord.from_json(text)
        lines.append(json.dumps(record.to_dict(), ensure_ascii=False, separators=(",", ":")))
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
    records = []
    with Path(path).open(encoding="utf-8") as stream:
        for number, line in enumerate(stream, 1):
            if not line.strip():
                continue
            try:
                records.append(GameRecord.from_json(line))
            except ValueError as error:
                raise ValueError(f"line {number}: {error}") from None
    return records
