#!/usr/bin/env python3
"""Copy the user manual's pages into resources/manual/, where the app's Help window reads them.

The user manual is written once, in ``docs/manual/user/*.md`` (Sphinx builds it, with the
developer guide, into HTML). The app shows the same Markdown offline in a ``QTextBrowser``,
so the wheel and the packaged app carry a copy under ``resources/manual/``:

- each page as it is, less its screenshots (the images stay in ``docs/``, out of the app);
- ``index.md``, the contents: the pages in the order of the manual's table of contents.

Run it after changing a user page and commit what it writes; ``tests/test_manual.py``
fails while the copy differs from what this script would write.

    python tools/update_manual.py           # write resources/manual/
    python tools/update_manual.py --check   # exit 1, naming the files, if they are not current
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "docs" / "manual"
TARGET = ROOT / "resources" / "manual"

_TOCTREE = re.compile(r"```\{toctree\}\n(.*?)```", re.DOTALL)
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_TABLE_RULE = re.compile(r"^\|(?:\s*:?-*:?\s*\|)+\s*$")


def user_pages() -> list[str]:
    """The user manual's page names ("playing", ...) in the order of its table of contents."""
    index = (SOURCE / "index.md").read_text(encoding="utf-8")
    for block in _TOCTREE.findall(index):
        entries = [line.strip() for line in block.splitlines()]
        pages = [entry.removeprefix("user/") for entry in entries if entry.startswith("user/")]
        if pages:
            return pages
    raise SystemExit(f"no user/ pages in the table of contents of {SOURCE / 'index.md'}")


def _is_picture_block(block: str) -> bool:
    """A paragraph of screenshots only: images, or a table whose cells are images."""
    lines = [line for line in block.splitlines() if line.strip()]
    if not lines:
        return False
    for line in lines:
        rest = _IMAGE.sub("", line).replace("|", "").strip()
        if rest and not _TABLE_RULE.match(line):
            return False
    return any(_IMAGE.search(line) for line in lines)


def in_app_text(markdown: str) -> str:
    """A page as the app shows it: the paragraphs of screenshots and their captions left out."""
    blocks = markdown.strip("\n").split("\n\n")
    kept = [
        block
        for block in blocks
        if not _is_picture_block(block) and not block.startswith("Taken under Xvfb")
    ]
    return "\n\n".join(kept) + "\n"


def title(markdown: str) -> str:
    """A page's title: its first level-one heading, without Markdown's code marks."""
    for line in markdown.splitlines():
        if line.startswith("# "):
            return line[2:].replace("`", "").strip()
    raise ValueError("a manual page needs a '# title' line")


def contents(pages: list[tuple[str, str]]) -> str:
    """``index.md``: a link to every page, with its title."""
    lines = ["# TTT Desktop manual", ""]
    lines += [f"- [{page_title}]({name}.md)" for name, page_title in pages]
    return "\n".join(lines) + "\n"


def expected_files() -> dict[str, str]:
    """File name under resources/manual/ -> the text it must hold."""
    files: dict[str, str] = {}
    titles: list[tuple[str, str]] = []
    for name in user_pages():
        source = (SOURCE / "user" / f"{name}.md").read_text(encoding="utf-8")
        files[f"{name}.md"] = in_app_text(source)
        titles.append((name, title(source)))
    files["index.md"] = contents(titles)
    return files


def stale_files() -> list[str]:
    """The files of resources/manual/ that differ from :func:`expected_files` (or should go)."""
    expected = expected_files()
    stale = [
        name
        for name, text in expected.items()
        if not (TARGET / name).is_file() or (TARGET / name).read_text(encoding="utf-8") != text
    ]
    present = {path.name for path in TARGET.glob("*.md")} if TARGET.is_dir() else set()
    return sorted(stale + sorted(present - set(expected)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="only say whether it is current")
    args = parser.parse_args(argv)
    if args.check:
        stale = stale_files()
        if stale:
            print("resources/manual/ is not current: " + ", ".join(stale), file=sys.stderr)
            print("run: python tools/update_manual.py", file=sys.stderr)
            return 1
        return 0
    TARGET.mkdir(parents=True, exist_ok=True)
    expected = expected_files()
    for path in TARGET.glob("*.md"):
        if path.name not in expected:
            path.unlink()
    for name, text in expected.items():
        (TARGET / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(expected)} files to {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
