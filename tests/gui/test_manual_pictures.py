"""The Help window shows the manual's screenshots, each no wider than the page."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QImage, QPixmap, QTextDocument
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from ttt_desktop.gui.help.manual import ManualWindow, manual_folder

_PICTURE = re.compile(r"!\[[^\]]*\]\(([^)]+)\)")


def pictures_on_show(manual: ManualWindow) -> list[tuple[str, float, int]]:
    """Each picture of the page on show: its name, the width drawn, its own width."""
    document = manual.browser.document()
    found = []
    block = document.begin()
    while block.isValid():
        fragments = block.begin()
        while not fragments.atEnd():
            fragment = fragments.fragment()
            fragments += 1
            if fragment.charFormat().isImageFormat():
                picture = fragment.charFormat().toImageFormat()
                image = document.resource(
                    QTextDocument.ResourceType.ImageResource, QUrl(picture.name())
                )
                assert isinstance(image, (QImage, QPixmap)) and not image.isNull(), picture.name()
                found.append((picture.name(), picture.width(), image.width()))
        block = block.next()
    return found


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_picture_of_the_in_app_pages_is_there(language: str) -> None:
    folder = manual_folder() if language == "en" else manual_folder() / language
    shown = 0
    for page in folder.glob("*.md"):
        for link in _PICTURE.findall(page.read_text(encoding="utf-8")):
            path = (page.parent / link).resolve()
            assert path.is_file(), f"{page.name}: {link}"
            assert not QImage(str(path)).isNull(), link
            shown += 1
    assert shown >= 20


def test_the_pictures_fit_the_page_and_follow_its_width(qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    manual = ManualWindow(parent, language="en")
    qtbot.addWidget(manual)
    manual.resize(860, 600)
    manual.show()
    qtbot.waitExposed(manual)
    manual.show_page("coach.md")
    room = manual.browser.viewport().width()
    pictures = pictures_on_show(manual)
    assert len(pictures) >= 2
    for name, drawn, natural in pictures:
        assert 0 < drawn <= min(natural, room), name
    # Narrower: every picture shrinks with the page, wider: back to its own size at most.
    manual.resize(600, 600)
    narrower = manual.browser.viewport().width()
    assert narrower < room
    assert all(drawn <= narrower for _name, drawn, _natural in pictures_on_show(manual))
    manual.resize(1300, 700)
    for name, drawn, natural in pictures_on_show(manual):
        assert drawn <= natural, name
