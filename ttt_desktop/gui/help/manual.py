"""The manual window (F1): the user manual's pages, offline, with links between them working.

The pages are the Markdown of ``docs/manual/user/``, copied by ``tools/update_manual.py``
into ``resources/manual/`` (the wheel and the packaged app carry that folder). A
``QTextBrowser`` shows them: a link to another page (``coach.md``) opens it in the same
window, Back and Forward go through the pages seen, and the list on the left names every
page of ``index.md`` (the contents). Links to web pages open in the desktop's browser.

The manual speaks the interface's language where it has been translated: German pages
live in ``resources/manual/de/`` (from ``docs/manual/de/user/``), with their own
``index.md``. A page missing there is shown in English, so a link never leads nowhere.

The pages show their screenshots (``resources/manual/images/``, made for the app by the same
tool), each drawn no wider than the page: a narrow window shrinks them, keeping their shape.

The window is not modal, so the game stays playable beside it, and the Keyboard shortcuts
window it opens comes up in front of it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QLocale, Qt, QUrl, Signal
from PySide6.QtGui import (
    QDesktopServices,
    QImage,
    QPixmap,
    QResizeEvent,
    QTextCursor,
    QTextDocument,
    QTextImageFormat,
)
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ttt_desktop.gui.common import translation
from ttt_desktop.resource_paths import resource_path

CONTENTS: Final = "index.md"
#: Languages the manual is written in besides English, each a folder of ``resources/manual/``.
MANUAL_LANGUAGES: Final = ("de",)
# The pages' names in the list, in the interface's language.
PAGE_TITLES: Final = {
    "index.md": QT_TRANSLATE_NOOP("ManualWindow", "Contents"),
    "playing.md": QT_TRANSLATE_NOOP("ManualWindow", "Playing"),
    "watching.md": QT_TRANSLATE_NOOP("ManualWindow", "Watching and reviewing games"),
    "coach.md": QT_TRANSLATE_NOOP("ManualWindow", "The coach: undo, hints, review"),
    "library.md": QT_TRANSLATE_NOOP("ManualWindow", "History, people and ratings"),
    "look.md": QT_TRANSLATE_NOOP("ManualWindow", "Themes, languages, keys"),
    "players.md": QT_TRANSLATE_NOOP("ManualWindow", "The computer players"),
    "thinking.md": QT_TRANSLATE_NOOP("ManualWindow", "How each computer thinks"),
    "lab.md": QT_TRANSLATE_NOOP("ManualWindow", "The AI lab"),
    "command-line.md": QT_TRANSLATE_NOOP("ManualWindow", "The command line"),
}
_LINK: Final = re.compile(r"^- \[(?P<title>[^\]]+)\]\((?P<page>[^)]+\.md)\)$", re.MULTILINE)


def manual_folder() -> Path:
    """The folder of the app's copy of the user manual (the English pages)."""
    return resource_path("manual")


def manual_language() -> str:
    """The language the manual is shown in: the interface's if the manual has it, else "en"."""
    code = QLocale.languageToCode(translation.app_locale().language())
    return code if code in MANUAL_LANGUAGES else "en"


def translated_folder(folder: Path, language: str) -> Path | None:
    """The folder of ``language``'s pages under ``folder``, or None (English, or not there)."""
    if language == "en":
        return None
    translated = folder / language
    return translated if (translated / CONTENTS).is_file() else None


def manual_pages(folder: Path | None = None, language: str | None = None) -> list[tuple[str, str]]:
    """(file name, title) of the contents and every page it lists, in its order.

    The contents are ``language``'s (default: :func:`manual_language`) where the manual has
    it. The titles are :data:`PAGE_TITLES`' in the interface's language, or the page's own.
    """
    folder = manual_folder() if folder is None else folder
    language = manual_language() if language is None else language
    folder = translated_folder(folder, language) or folder
    text = (folder / CONTENTS).read_text(encoding="utf-8")
    pages = [(CONTENTS, "Contents")]
    pages += [(match["page"], match["title"]) for match in _LINK.finditer(text)]
    return [
        (page, QCoreApplication.translate("ManualWindow", str(PAGE_TITLES[page])))
        if page in PAGE_TITLES
        else (page, title)
        for page, title in pages
    ]


class ManualText(QTextBrowser):
    """A page of the manual: its pictures drawn at their own size, or the page's width when
    that is less (kept in shape, again after each resize)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self._room = -1

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_pictures()

    def fit_pictures(self, *, again: bool = False) -> None:
        """Give every picture of the page its width: its own, or the room there is (``again``:
        a new page, whatever the room)."""
        document = self.document()
        room = int(self.viewport().width() - 2 * document.documentMargin() - 8)
        if (room == self._room and not again) or room <= 0:
            return
        self._room = room
        cursor = QTextCursor(document)
        block = document.begin()
        while block.isValid():
            fragments = block.begin()
            while not fragments.atEnd():
                fragment = fragments.fragment()
                fragments += 1
                if not fragment.charFormat().isImageFormat():
                    continue
                picture = fragment.charFormat().toImageFormat()
                image = document.resource(
                    QTextDocument.ResourceType.ImageResource, QUrl(picture.name())
                )
                if not isinstance(image, (QImage, QPixmap)) or image.isNull():
                    continue
                width = min(image.width(), room)
                fitted = QTextImageFormat(picture)
                fitted.setWidth(width)
                fitted.setHeight(image.height() * width / image.width())
                cursor.setPosition(fragment.position())
                cursor.setPosition(
                    fragment.position() + fragment.length(), QTextCursor.MoveMode.KeepAnchor
                )
                cursor.setCharFormat(fitted)
            block = block.next()


class ManualWindow(QDialog):
    """The user manual: the pages' list, the page shown, Back, Forward and Keyboard shortcuts."""

    shortcuts_requested = Signal()

    def __init__(
        self, parent: QWidget, folder: Path | None = None, language: str | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("manual")
        self.setWindowTitle(self.tr("TTT Desktop manual"))
        self.setModal(False)
        self._folder = manual_folder() if folder is None else folder
        self.language = manual_language() if language is None else language
        # The pages in the manual's language; None when they are the English ones.
        self._translated = translated_folder(self._folder, self.language)

        self.pages = QListWidget(self)
        self.pages.setObjectName("manual-pages")
        self.pages.setAccessibleName(self.tr("Pages of the manual"))
        for page, title in manual_pages(self._folder, self.language):
            item = QListWidgetItem(title, self.pages)
            item.setData(Qt.ItemDataRole.UserRole, page)
            item.setToolTip(title)
        self.pages.currentItemChanged.connect(self._on_page_chosen)

        self.browser = ManualText(self)
        self.browser.setObjectName("manual-text")
        self.browser.setAccessibleName(self.tr("Manual page"))
        self.browser.setOpenLinks(False)
        self.browser.setSearchPaths([str(self._translated or self._folder)])
        self.browser.anchorClicked.connect(self._on_link)
        self.browser.sourceChanged.connect(self._on_source_changed)
        self.browser.historyChanged.connect(self._update_buttons)

        self.back_button = QPushButton(self.tr("Back"), self)
        self.back_button.setObjectName("manual-back")
        self.back_button.clicked.connect(self.browser.backward)
        self.forward_button = QPushButton(self.tr("Forward"), self)
        self.forward_button.setObjectName("manual-forward")
        self.forward_button.clicked.connect(self.browser.forward)
        self.contents_button = QPushButton(self.tr("Contents"), self)
        self.contents_button.setObjectName("manual-contents")
        self.contents_button.clicked.connect(lambda: self.show_page(CONTENTS))
        self.shortcuts_button = QPushButton(self.tr("Keyboard shortcuts"), self)
        self.shortcuts_button.setObjectName("show-shortcuts")
        self.shortcuts_button.clicked.connect(self.shortcuts_requested)

        top = QHBoxLayout()
        for button in (self.back_button, self.forward_button, self.contents_button):
            button.setAutoDefault(False)
            top.addWidget(button)
        top.addStretch(1)
        self.shortcuts_button.setAutoDefault(False)
        top.addWidget(self.shortcuts_button)

        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.pages)
        splitter.addWidget(self.browser)
        splitter.setStretchFactor(1, 1)
        # The list as wide as its longest title (German ones run long), within reason.
        widest = self.pages.sizeHintForColumn(0) + 2 * self.pages.frameWidth() + 8
        splitter.setSizes([min(max(220, widest), 340), 600])

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        if (
            translation.app_locale().language() != QLocale.Language.English
            and self._translated is None
        ):
            note = QLabel(self.tr("The manual is written in English."), self)
            note.setObjectName("manual-language-note")
            layout.addWidget(note)
        layout.addWidget(splitter, 1)
        layout.addWidget(buttons)
        self.resize(860, 600)
        self.show_page(CONTENTS)

    def show_page(self, page: str, fragment: str = "") -> None:
        """Show ``page`` (a file name of the manual, "coach.md"), at ``fragment`` if given."""
        url = QUrl.fromLocalFile(str(self.page_path(page)))
        if fragment:
            url.setFragment(fragment)
        self.browser.setSource(url, QTextDocument.ResourceType.MarkdownResource)

    def page_path(self, page: str) -> Path:
        """The file shown for ``page``: in the manual's language if there, else in English."""
        if self._translated is not None and (self._translated / page).is_file():
            return self._translated / page
        return self._folder / page

    def current_page(self) -> str:
        """The file name of the page shown."""
        return Path(self.browser.source().toLocalFile()).name

    def fit_to(self, window: QWidget) -> None:
        """As large as suits the page, within ``window``'s screen."""
        screen = window.screen().availableGeometry() if window.screen() else None
        if screen is not None:
            self.resize(min(self.width(), screen.width() - 40), min(640, screen.height() - 80))

    def _on_link(self, url: QUrl) -> None:
        if url.scheme() in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)
            return
        if url.isRelative() or url.isLocalFile():
            target = Path(url.path()).name if url.path() else self.current_page()
            if self.page_path(target).is_file():
                self.show_page(target, url.fragment())

    def _on_source_changed(self, url: QUrl) -> None:
        self.browser.fit_pictures(again=True)
        page = Path(url.toLocalFile()).name
        for row in range(self.pages.count()):
            item = self.pages.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == page:
                self.pages.blockSignals(True)
                self.pages.setCurrentItem(item)
                self.pages.blockSignals(False)
                break
        else:
            self.pages.clearSelection()
        self._update_buttons()

    def _on_page_chosen(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            self.show_page(str(item.data(Qt.ItemDataRole.UserRole)))

    def _update_buttons(self) -> None:
        self.back_button.setEnabled(self.browser.isBackwardAvailable())
        self.forward_button.setEnabled(self.browser.isForwardAvailable())
