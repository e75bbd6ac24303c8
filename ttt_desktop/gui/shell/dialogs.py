"""The Help menu's About dialog: the version and the licences (the manual is in gui/help).

The texts are built by plain functions so they can be checked without opening a
dialog; the dialogs open window-modal (``open()``), never blocking the event loop.
"""

from __future__ import annotations

import PySide6
from PySide6.QtCore import QCoreApplication, Qt, qVersion
from PySide6.QtWidgets import QMessageBox, QWidget

import ttt_desktop


def about_html() -> str:
    """Version, licences and the Qt / PySide6 versions in use."""
    translate = QCoreApplication.translate
    summary = translate(
        "About",
        "Tic-Tac-Toe for the desktop: play a friend on one screen, or take on "
        "computer players from a random clicker to an unbeatable solver.",
    )
    licence = translate("About", "TTT Desktop is free software under the MIT licence.")
    sounds = translate(
        "About",
        "Its sounds are its own, synthesized from plain tones by tools/make_sounds.py, and "
        "free under the same MIT licence.",
    )
    qt = translate(
        "About",
        "It uses Qt {qt} through PySide6 {pyside} (Qt for Python), both used under the "
        "GNU Lesser General Public License version 3 (LGPLv3). You may replace the Qt and "
        "PySide6 libraries with your own builds; their sources are at {qt_link} and "
        "{pyside_link}.",
    ).format(
        qt=qVersion(),
        pyside=PySide6.__version__,
        qt_link="<a href='https://www.qt.io/download-open-source'>qt.io</a>",
        pyside_link="<a href='https://code.qt.io/cgit/pyside/pyside-setup.git/'>code.qt.io</a>",
    )
    from ttt_desktop.core.playout import COMPILED  # noqa: PLC0415  (the About box only)

    playouts = (
        translate(
            "About",
            "Its random playouts (Monty's) run compiled, from its own C source; renju and "
            "caro in pure Python.",
        )
        if COMPILED
        else translate(
            "About",
            "Its random playouts run in pure Python: the compiled ones were not built here "
            "(no C compiler when it was installed).",
        )
    )
    # The Searcher's module (some 20 ms on the About box's first showing) says which tree runs.
    from ttt_desktop.players.searcher import COMPILED_TREE  # noqa: PLC0415  (the About box only)

    search = (
        translate(
            "About",
            "Its search (the Searcher's and Strongest's tree) runs compiled, from its own C "
            "source, for free-style and exactly k; renju and caro in pure Python.",
        )
        if COMPILED_TREE
        else translate(
            "About",
            "Its search runs in pure Python: the compiled one was not built here (no C "
            "compiler when it was installed).",
        )
    )
    return (
        f"<h3>TTT Desktop {ttt_desktop.__version__}</h3><p>{summary}</p><p>{licence} {sounds}</p>"
        f"<p>{qt}</p><p>{playouts} {search}</p>"
    )


def _open_message(parent: QWidget, title: str, html: str, name: str) -> QMessageBox:
    box = QMessageBox(parent)
    box.setObjectName(name)
    box.setWindowTitle(title)
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
    box.setText(html)
    box.setStandardButtons(QMessageBox.StandardButton.Close)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def open_about(parent: QWidget) -> QMessageBox:
    """Show the About dialog (window-modal, returns at once)."""
    title = QCoreApplication.translate("About", "About TTT Desktop")
    box = _open_message(parent, title, about_html(), "about")
    box.setIconPixmap(parent.windowIcon().pixmap(64, 64))
    return box
