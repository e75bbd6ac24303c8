"""The manual: Sphinx builds it without a warning, its internal links lead somewhere, and the
app's copy of the user pages (resources/manual/) is current; every user page is in German too.

The build runs ``sphinx-build -W --keep-going -b html`` as CI would, in a fresh process,
then walks every built page for links and images that point at a file or anchor of the
build that is not there (``-b linkcheck`` would need the internet).
"""

from __future__ import annotations

import html.parser
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
MANUAL = ROOT / "docs" / "manual"
sys.path.insert(0, str(ROOT / "tools"))

import update_manual  # noqa: E402

# English user pages with no German page yet (each one shown in English under F1 in German).
UNTRANSLATED: list[str] = []


class _Links(html.parser.HTMLParser):
    """The ids of a page and the local targets of its links and images."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.targets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in ("id", "name"):
            if values.get(name):
                self.ids.add(str(values[name]))
        target = values.get("href") if tag in ("a", "link") else values.get("src")
        if target and not urlsplit(target).scheme and not target.startswith("//"):
            self.targets.append(target)


def _parse(page: Path) -> _Links:
    links = _Links()
    links.feed(page.read_text(encoding="utf-8"))
    return links


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("sphinx", reason="the docs extra (Sphinx) is not installed")
    pytest.importorskip("myst_parser", reason="the docs extra (myst-parser) is not installed")
    out = tmp_path_factory.mktemp("manual") / "html"
    run = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", MANUAL, out],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr + run.stdout
    return out


@pytest.mark.slow
def test_the_manual_builds_without_a_warning(built: Path) -> None:
    pages = {path.relative_to(built).as_posix() for path in built.rglob("*.html")}
    assert {"index.html", "user/playing.html", "developer/architecture.html"} <= pages
    assert {"api/core.html", "api/players.html", "api/analysis.html"} <= pages
    assert {"api/library.html", "api/lab.html"} <= pages
    german = {f"de/user/{name}.html" for name in update_manual.user_pages("de")}
    assert {"de/index.html"} | german <= pages


@pytest.mark.slow
def test_the_api_pages_come_from_the_docstrings(built: Path) -> None:
    core = (built / "api" / "core.html").read_text(encoding="utf-8")
    for name in ("ttt_desktop.core.rules.Rules", "ttt_desktop.core.board.Board"):
        assert f'id="{name}"' in core, name
    assert 'id="ttt_desktop.core.geometry.Geometry.name"' in core
    api = (built / "api" / "index.html").read_text(encoding="utf-8")
    assert "15,15,5" in api and "Board.empty" in api


@pytest.mark.slow
def test_every_internal_link_and_image_of_the_built_manual_leads_somewhere(
    built: Path,
) -> None:
    parsed = {page: _parse(page) for page in built.rglob("*.html")}
    broken: list[str] = []
    for page, links in parsed.items():
        for target in links.targets:
            parts = urlsplit(target)
            path = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if path.is_dir():
                path = path / "index.html"
            where = f"{page.relative_to(built)}: {target}"
            if not path.exists():
                broken.append(where)
            elif parts.fragment and path.suffix == ".html":
                ids = parsed[path].ids if path in parsed else _parse(path).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(where + " (no such anchor)")
    assert not broken, "\n".join(broken)


def test_the_readme_links_into_the_manual_and_stays_short() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 200
    assert "./run.sh" in readme.split("\n## ")[0] and "./test.sh" in readme.split("\n## ")[0]
    targets = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", readme)
    local = [target for target in targets if "://" not in target]
    assert any(target.startswith("docs/manual/") for target in local)
    missing = [target for target in local if not (ROOT / target).exists()]
    assert not missing


@pytest.mark.parametrize("user", [MANUAL / "user", MANUAL / "de" / "user"], ids=["en", "de"])
def test_the_user_pages_link_only_to_each_other(user: Path) -> None:
    # The app shows the user pages on their own: a link out of them would lead nowhere there.
    for page in user.glob("*.md"):
        text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
        for target in re.findall(r"(?<!!)\[[^\]]*\]\(([^)]+)\)", text):
            if "://" in target:
                continue
            path = target.split("#", 1)[0]
            assert "/" not in path and (user / path).is_file(), f"{page.name}: {target}"


@pytest.mark.parametrize("user", [MANUAL / "user", MANUAL / "de" / "user"], ids=["en", "de"])
def test_the_pages_name_every_player_of_the_roster(user: Path) -> None:
    # Named one by one, not counted: a count went stale (the README said fourteen players,
    # the manual thirteen, and its table left Monty out).
    from ttt_desktop.cli.arena import ARENA_KINDS  # noqa: PLC0415
    from ttt_desktop.players import roster  # noqa: PLC0415

    players = (user / "players.md").read_text(encoding="utf-8")
    table = [line for line in players.splitlines() if line.startswith("| ")]
    for info in roster():
        assert any(line.startswith(f"| {info.name} (`{info.kind}`) |") for line in table), info
    command_line = (user / "command-line.md").read_text(encoding="utf-8")
    listed = re.search(r"`(rando [a-z ]+)`", command_line.replace("\n", " "))
    assert listed is not None
    assert listed.group(1).split() == list(ARENA_KINDS)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    players_paragraph = readme.split("**Computer players.**")[1].split("\n\n")[0]
    for info in roster():
        assert info.name in players_paragraph, info


def test_the_app_carries_the_current_user_pages() -> None:
    assert update_manual.stale_files() == [], "run: python tools/update_manual.py"
    shipped = ROOT / "resources" / "manual"
    assert (shipped / "index.md").is_file()
    assert (shipped / "de" / "index.md").is_file()
    for page in shipped.rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        # Every screenshot shown is carried, as made for the app (at most 800 pixels wide).
        for picture in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text):
            assert picture.startswith(("images/", "../images/")), f"{page.name}: {picture}"
            assert (page.parent / picture).is_file(), f"{page.name}: {picture}"
        assert "Taken under Xvfb" not in text and "Aufgenommen unter Xvfb" not in text
        for target in re.findall(r"\]\(([^)]+)\)", text):
            if "://" not in target:
                # A German page missing is shown in English (the app falls back per page).
                name = target.split("#", 1)[0]
                assert (page.parent / name).is_file() or (shipped / name).is_file(), (
                    f"{page.relative_to(shipped)}: {target}"
                )


def test_every_english_user_page_has_a_german_one() -> None:
    assert update_manual.untranslated("de") == UNTRANSLATED
    assert update_manual.user_pages("de") == update_manual.user_pages()
    german = MANUAL / "de" / "user"
    assert {path.stem for path in german.glob("*.md")} == set(update_manual.user_pages())


def test_the_german_pages_are_translations_not_copies() -> None:
    for name in update_manual.user_pages("de"):
        english = (MANUAL / "user" / f"{name}.md").read_text(encoding="utf-8")
        german = (MANUAL / "de" / "user" / f"{name}.md").read_text(encoding="utf-8")
        assert update_manual.title(german) != update_manual.title(english), name
        assert re.search(r"\b(?:der|die|das|und)\b", german), name
        assert len(german.splitlines()) > len(english.splitlines()) // 2, name


def test_the_german_contents_list_every_page_with_its_german_title() -> None:
    contents = (ROOT / "resources" / "manual" / "de" / "index.md").read_text(encoding="utf-8")
    for name in update_manual.user_pages():
        german = (MANUAL / "de" / "user" / f"{name}.md").read_text(encoding="utf-8")
        assert f"- [{update_manual.title(german)}]({name}.md)" in contents


def _german_texts() -> set[str]:
    """Every German text of the window, as shown (without the & of its keyboard accelerator)."""
    from xml.etree import ElementTree  # noqa: PLC0415

    catalogue = ROOT / "resources" / "translations" / "ttt_desktop_de.ts"
    texts: set[str] = set()
    for translation in ElementTree.parse(catalogue).getroot().iter("translation"):
        forms = [translation.text or ""] + [form.text or "" for form in translation]
        texts |= {" ".join(form.replace("&", "").split()) for form in forms if form.strip()}
    return texts


def test_the_german_pages_name_the_menus_as_the_german_window_does() -> None:
    # "Ansicht > Analyse": the menu and its item exactly as the translation has them.
    texts = _german_texts()
    menus = ("Spiel", "Datei", "Ansicht", "Labor", "Hilfe")
    assert set(menus) <= texts
    named = 0
    for path in sorted((MANUAL / "de" / "user").glob("*.md")):
        text = " ".join(path.read_text(encoding="utf-8").split())
        for match in re.finditer(r"\b(" + "|".join(menus) + r") > ", text):
            rest = text[match.end() :]
            # The item ends where the sentence goes on: "*", " (", ":", "," or ")".
            items = [
                item
                for item in texts
                if rest.startswith(item) and re.match(r"\*|\s\(|[:,)]", rest[len(item) :])
            ]
            assert items, f"{path.name}: {match.group(0)}{rest[:40]}"
            named += 1
    assert named >= 30


def test_the_record_of_what_each_german_page_was_translated_from_covers_every_page() -> None:
    record = update_manual.recorded_digests("de")
    assert set(record) == set(update_manual.user_pages("de"))
    assert all(re.fullmatch(r"[0-9a-f]{16}", value) for value in record.values())


def test_a_changed_english_page_names_its_german_page_as_outdated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    toc = "```{toctree}\nuser/a\nuser/b\n```\n"
    for folder in (tmp_path, tmp_path / "de"):
        (folder / "user").mkdir(parents=True)
        (folder / "index.md").write_text(toc, encoding="utf-8")
        for name in ("a", "b"):
            (folder / "user" / f"{name}.md").write_text(f"# {name}\n", encoding="utf-8")
    monkeypatch.setattr(update_manual, "SOURCE", tmp_path)
    assert update_manual.outdated_translations() == ["a", "b"]  # nothing recorded yet
    update_manual.mark_translated(["all"])
    assert update_manual.outdated_translations() == []
    (tmp_path / "user" / "b.md").write_text("# b\n\nMore.\n", encoding="utf-8")
    assert update_manual.outdated_translations() == ["b"]
    update_manual.mark_translated(["b"])
    assert update_manual.outdated_translations() == []
    with pytest.raises(SystemExit, match="no such user page: c"):
        update_manual.mark_translated(["c"])
