#!/usr/bin/env python3
"""Copy the user manual's pages into resources/manual/, where the app's Help window reads them.

The user manual is written once, in ``docs/manual/user/*.md`` (Sphinx builds it, with the
developer guide, into HTML). The app shows the same Markdown offline in a ``QTextBrowser``,
so the wheel and the packaged app carry a copy under ``resources/manual/``:

- each page as it is, its screenshots read from ``images/`` beside it: each picture made
  800 pixels wide at most and of 256 colours (a 1,240-pixel screenshot of 112 KB becomes one
  of about 15 KB: the 26 pictures are 1.8 MB in ``docs/`` and about 0.35 MB in the app), one
  picture a paragraph (a table of pictures side by side would not fit the Help window), the
  captions saying how they were taken left out; ``images/sources.json`` records a digest of
  each picture's source, so a screenshot changed in ``docs/`` makes the copy stale;
- ``index.md``, the contents: the pages in the order of the manual's table of contents.

The manual is also in German. The German pages are Markdown files of their own, in
``docs/manual/de/user/`` beside the English ones (and ``docs/manual/de/index.md``, their table
of contents, in the same Sphinx build), copied to ``resources/manual/de/``. Whole translated
pages rather than Sphinx's gettext catalogues (``.po`` files cut into paragraphs): the app
shows the Markdown itself, not Sphinx's output, so a catalogue would need a second step to
put the pages back together for it, and a page reads (and is reviewed) better as a whole
page. ``tests/project/test_manual.py`` checks that every English user page has a German one.
A German page missing all the same is listed in the German contents under its English
title, and the app shows the English page for it.

Run it after changing a user page and commit what it writes; ``tests/project/test_manual.py``
fails while the copy differs from what this script would write.

    python tools/update_manual.py           # write resources/manual/
    python tools/update_manual.py --check   # exit 1, naming the files, if they are not current

Keeping the German pages in step: ``docs/manual/de/translated-from.json`` records, for each
German page, a digest of the English page it was translated from. Writing the copy names
the German pages whose English page has changed since (a warning, not a failure: an English
page may change before its translator gets to it). After bringing a German page in line:

    python tools/update_manual.py --translated playing coach   # or --translated all
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "docs" / "manual"
TARGET = ROOT / "resources" / "manual"
#: The manual's translations: language -> the title of its contents page.
LANGUAGES = {"de": "TTT Desktop-Handbuch"}

_TOCTREE = re.compile(r"```\{toctree\}\n(.*?)```", re.DOTALL)
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_TABLE_RULE = re.compile(r"^\|(?:\s*:?-*:?\s*\|)+\s*$")
_IMAGE_PARTS = re.compile(r"!\[([^\]]*)\]\(([^)]*)\)")
# How a screenshot's caption begins, in each language of the manual.
_CAPTIONS = ("Taken under Xvfb", "Aufgenommen unter Xvfb")
IMAGES = "images"
"""The folder of the pictures under resources/manual/ (one for every language)."""
IMAGE_WIDTH = 800
"""The widest a picture is in the app (the Help window shows it narrower when it must)."""
SOURCES = f"{IMAGES}/sources.json"


def user_pages(language: str = "en") -> list[str]:
    """The user manual's page names ("playing", ...) in the order of its table of contents."""
    folder = SOURCE if language == "en" else SOURCE / language
    index = (folder / "index.md").read_text(encoding="utf-8")
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


def in_app_text(markdown: str, folder: str = "") -> str:
    """A page as the app shows it: each screenshot a paragraph of its own, read from
    ``images/`` (``folder`` is the way there from the page: ``../`` for a translation's), the
    captions saying how the screenshots were taken left out."""
    blocks = markdown.strip("\n").split("\n\n")
    kept = []
    for block in blocks:
        if block.startswith(_CAPTIONS):
            continue
        if _is_picture_block(block):
            kept += [
                f"![{alt}]({folder}{IMAGES}/{Path(source).name})"
                for alt, source in _IMAGE_PARTS.findall(block)
            ]
            continue
        kept.append(block)
    return "\n\n".join(kept) + "\n"


def pictures() -> dict[str, Path]:
    """Every picture the user pages show (both languages): its name under ``images/`` -> its
    source in ``docs/``. Two sources of one name are an error (the names are flattened)."""
    found: dict[str, Path] = {}
    pages = sorted((SOURCE / "user").glob("*.md"))
    for language in LANGUAGES:
        pages += sorted((SOURCE / language / "user").glob("*.md"))
    for page in pages:
        for block in page.read_text(encoding="utf-8").split("\n\n"):
            if not _is_picture_block(block):
                continue
            for _alt, link in _IMAGE_PARTS.findall(block):
                source = (page.parent / link).resolve()
                name = source.name
                if found.get(name, source) != source:
                    raise SystemExit(f"two pictures named {name}: {found[name]} and {source}")
                found[name] = source
    return dict(sorted(found.items()))


def _picture_sources() -> str:
    """``images/sources.json``: each picture's name -> a digest of its source file."""
    record = {
        name: hashlib.sha256(source.read_bytes()).hexdigest()[:16]
        for name, source in pictures().items()
    }
    return json.dumps(record, indent=2) + "\n"


def write_pictures() -> int:
    """Write every picture of :func:`pictures` under resources/manual/images/ (made at most
    :data:`IMAGE_WIDTH` wide, 256 colours), removing the others; how many were written."""
    from PySide6.QtCore import Qt  # noqa: PLC0415  (only this writer needs Qt)
    from PySide6.QtGui import QImage  # noqa: PLC0415

    folder = TARGET / IMAGES
    folder.mkdir(parents=True, exist_ok=True)
    wanted = pictures()
    for old in folder.glob("*.png"):
        if old.name not in wanted:
            old.unlink()
    for name, source in wanted.items():
        image = QImage(str(source))
        if image.isNull():
            raise SystemExit(f"{source} is not a picture Qt reads")
        if image.width() > IMAGE_WIDTH:
            image = image.scaledToWidth(IMAGE_WIDTH, Qt.TransformationMode.SmoothTransformation)
        # A palette of 256 colours, each pixel its nearest: screenshots have few colours, and
        # dithering would only add noise (and bytes) to their flat areas.
        image = image.convertToFormat(
            QImage.Format.Format_Indexed8, Qt.ImageConversionFlag.ThresholdDither
        )
        if not image.save(str(folder / name), "PNG", 0):
            raise SystemExit(f"could not write {folder / name}")
    return len(wanted)


def title(markdown: str) -> str:
    """A page's title: its first level-one heading, without Markdown's code marks."""
    for line in markdown.splitlines():
        if line.startswith("# "):
            return line[2:].replace("`", "").strip()
    raise ValueError("a manual page needs a '# title' line")


def contents(pages: list[tuple[str, str]], heading: str = "TTT Desktop manual") -> str:
    """``index.md``: a link to every page, with its title."""
    lines = [f"# {heading}", ""]
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
    english = dict(titles)
    for language, heading in LANGUAGES.items():
        translated = SOURCE / language / "user"
        listed = user_pages(language)
        # The English order; a page not translated yet keeps its English title (and page).
        names = [name for name in english if name in listed]
        names += [name for name in listed if name not in english]
        names += [name for name in english if name not in names]
        localized: list[tuple[str, str]] = []
        for name in names:
            page = translated / f"{name}.md"
            if page.is_file():
                source = page.read_text(encoding="utf-8")
                files[f"{language}/{name}.md"] = in_app_text(source, "../")
                localized.append((name, title(source)))
            else:
                localized.append((name, english[name]))
        files[f"{language}/index.md"] = contents(localized, heading)
    files[SOURCES] = _picture_sources()
    return files


def untranslated(language: str) -> list[str]:
    """The English user pages with no page in ``language``."""
    folder = SOURCE / language / "user"
    return [name for name in user_pages() if not (folder / f"{name}.md").is_file()]


def stale_files() -> list[str]:
    """The files of resources/manual/ that differ from :func:`expected_files` (or should go)."""
    expected = expected_files()
    stale = [
        name
        for name, text in expected.items()
        if not (TARGET / name).is_file() or (TARGET / name).read_text(encoding="utf-8") != text
    ]
    present = _present()
    wanted = {f"{IMAGES}/{name}" for name in pictures()}
    stale += sorted(wanted - present)
    return sorted(stale + sorted(present - set(expected) - wanted))


def translation_record(language: str = "de") -> Path:
    """The file recording which English text each page of ``language`` was translated from."""
    return SOURCE / language / "translated-from.json"


def digest(name: str) -> str:
    """A short digest of the English user page ``name`` as it is now."""
    text = (SOURCE / "user" / f"{name}.md").read_text(encoding="utf-8")
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def recorded_digests(language: str = "de") -> dict[str, str]:
    """Page name -> the digest of the English page its ``language`` page was made from."""
    path = translation_record(language)
    if not path.is_file():
        return {}
    record = json.loads(path.read_text(encoding="utf-8"))
    return {str(name): str(value) for name, value in record.items()}


def outdated_translations(language: str = "de") -> list[str]:
    """The translated pages whose English page changed after they were last brought in line."""
    record = recorded_digests(language)
    folder = SOURCE / language / "user"
    return [
        name
        for name in user_pages()
        if (folder / f"{name}.md").is_file() and record.get(name) != digest(name)
    ]


def mark_translated(names: list[str], language: str = "de") -> None:
    """Record that ``names`` ("all" for every page) now match their English pages."""
    pages = user_pages()
    chosen = pages if names == ["all"] else names
    unknown = sorted(set(chosen) - set(pages))
    if unknown:
        raise SystemExit(f"no such user page: {', '.join(unknown)} (pages: {', '.join(pages)})")
    record = recorded_digests(language)
    record.update({name: digest(name) for name in chosen})
    ordered = {name: record[name] for name in pages if name in record}
    text = json.dumps(ordered, indent=2, ensure_ascii=False) + "\n"
    translation_record(language).write_text(text, encoding="utf-8")


def _present() -> set[str]:
    """The files under resources/manual/ now (pages, pictures, the pictures' record), as
    names relative to it."""
    if not TARGET.is_dir():
        return set()
    return {
        path.relative_to(TARGET).as_posix()
        for pattern in ("*.md", f"{IMAGES}/*.png", SOURCES)
        for path in TARGET.glob(pattern if "/" in pattern else f"**/{pattern}")
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="only say whether it is current")
    parser.add_argument(
        "--translated",
        nargs="+",
        metavar="PAGE",
        help='record that these German pages ("all" for every one) match their English pages',
    )
    args = parser.parse_args(argv)
    if args.translated:
        mark_translated(args.translated)
    if args.check:
        stale = stale_files()
        if stale:
            print("resources/manual/ is not current: " + ", ".join(stale), file=sys.stderr)
            print("run: python tools/update_manual.py", file=sys.stderr)
            return 1
        return 0
    TARGET.mkdir(parents=True, exist_ok=True)
    expected = expected_files()
    for name in _present() - set(expected):
        if not name.startswith(f"{IMAGES}/"):
            (TARGET / name).unlink()
    for name, text in expected.items():
        (TARGET / name).parent.mkdir(parents=True, exist_ok=True)
        (TARGET / name).write_text(text, encoding="utf-8")
    drawn = write_pictures()
    print(f"wrote {len(expected)} files and {drawn} pictures to {TARGET.relative_to(ROOT)}")
    for language in LANGUAGES:
        outdated = outdated_translations(language)
        if outdated:
            print(
                f"the English of these pages changed since their {language} translation: "
                + ", ".join(outdated)
                + f"\n(bring docs/manual/{language}/user/ in line, then run with --translated)",
                file=sys.stderr,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
