"""Column headings are whole (issue 32, fault 8): the Lab's standings, before a tournament
had results, left the name column 26 px ("laye" of "Player") and cut "Unentschieden" in
German. Every table and tree of the History and Lab windows, on every tab, at a 1,366 x
768 screen, in English and German."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import WindowMaker
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtWidgets import QHeaderView, QTableView, QTabWidget, QTreeView, QWidget
from pytestqt.qtbot import QtBot

from ttt_desktop.gui.common import screen_fit, translation
from ttt_desktop.gui.shell.main_window import MainWindow

LAPTOP = QRect(0, 0, 1366, 768)


@pytest.fixture(autouse=True)
def laptop_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(screen_fit, "available_geometry", lambda widget: LAPTOP)


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The application in English, then in German (English again after the test)."""
    installed = translation.install(QSettings(), request.param)
    yield request.param
    translation.remove(installed)


def _cut_headings(window: QWidget) -> list[str]:
    """The visible headings of ``window``'s views narrower than they need, with figures."""
    cut = []
    views: list[QTableView | QTreeView] = [
        *window.findChildren(QTableView),
        *window.findChildren(QTreeView),
    ]
    for view in views:
        if not view.isVisible() or view.model() is None:
            continue
        header: QHeaderView = (
            view.horizontalHeader() if isinstance(view, QTableView) else view.header()
        )
        if not header.isVisible():
            continue
        model = view.model()
        for column in range(model.columnCount()):
            if header.isSectionHidden(column):
                continue
            text = model.headerData(column, Qt.Orientation.Horizontal)
            # The heading's text, its margins and room for the sort arrow.
            needed = header.sectionSizeHint(column)
            if header.sectionSize(column) < needed:
                cut.append(f"{text!r}: {header.sectionSize(column)} px of {needed}")
    return cut


def _every_tab(window: QWidget) -> Iterator[str]:
    """Show each tab of ``window`` in turn (one pass when it has none), naming it."""
    tabs = window.findChildren(QTabWidget)
    if not tabs:
        yield window.windowTitle()
    for widget in tabs:
        for index in range(widget.count()):
            widget.setCurrentIndex(index)
            yield widget.tabText(index)


@pytest.mark.parametrize(
    "opener",
    [
        lambda window: window.lab.show_tournament(),
        lambda window: window.lab.show_training(),
        lambda window: window.lab.show_numbers(),
        lambda window: window.history.show_history(),
    ],
    ids=["tournament", "training", "numbers", "history"],
)
def test_every_column_heading_is_whole(
    qtbot: QtBot,
    make_window: WindowMaker,
    tmp_path: Path,
    language: str,
    opener: Callable[[MainWindow], QWidget],
) -> None:
    window = make_window(library_path=tmp_path / "library.sqlite3")
    qtbot.waitUntil(lambda: window.history.library is not None)
    other = opener(window)
    qtbot.waitExposed(other)
    checked = 0
    for tab in _every_tab(other):

        def whole(tab: str = tab) -> None:
            assert not _cut_headings(other), (language, tab, _cut_headings(other))

        qtbot.waitUntil(whole, timeout=2000)
        checked += 1
    assert checked > 0
    other.close()
