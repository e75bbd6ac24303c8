"""The Help menu's dialogs: how to play, and About (version and licences).

The texts are built by plain functions so they can be checked without opening a
dialog; the dialogs open window-modal (``open()``), never blocking the event loop.
"""

from __future__ import annotations

import PySide6
from PySide6.QtCore import QCoreApplication, Qt, qVersion
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox, QWidget

import ttt_desktop
from ttt_desktop.engine import keypad_label
from ttt_desktop.gui.help.shortcuts import open_shortcuts


def keypad_table_html() -> str:
    """The board's keypad digits as a small HTML table (7 8 9 on the top row)."""
    rows = []
    for row in range(3):
        cells = "".join(
            f"<td align='center' style='padding:4px 10px; border:1px solid gray'>"
            f"{keypad_label(row * 3 + column)}</td>"
            for column in range(3)
        )
        rows.append(f"<tr>{cells}</tr>")
    return "<table cellspacing='0' style='border-collapse:collapse'>" + "".join(rows) + "</table>"


def how_to_play_html() -> str:
    """The rules and the essentials, short enough to fit the window (all keys: Ctrl+?)."""
    translate = QCoreApplication.translate
    paragraphs = (
        translate(
            "HowToPlay",
            "Take turns putting your mark, X or O, in an empty cell. Three marks in a row, "
            "a column or a diagonal win; a full board without a line is a draw.",
        ),
        translate(
            "HowToPlay",
            "<b>Players:</b> choose a person or a computer for each mark beside the board; "
            "the stars show how strong a computer is. <b>First move</b> says who starts.",
        ),
        translate(
            "HowToPlay",
            "<b>Mouse:</b> click an empty cell. <b>Keyboard:</b> each digit plays the cell in "
            "the same place on a numeric keypad; the arrow keys move the dashed cursor and "
            "Enter or Space plays there.",
        ),
    )
    looking_back = translate(
        "HowToPlay",
        "<b>Looking back:</b> the replay controls and the move list (View menu) step through "
        "the game; <i>Play on from here</i> starts a new game from the position shown.",
    )
    keys = translate(
        "HowToPlay", "Every key is listed in Help &gt; <b>Keyboard shortcuts</b> ({keys})."
    ).format(keys=_escape(QKeySequence("Ctrl+?").toString(QKeySequence.SequenceFormat.NativeText)))
    title = translate("HowToPlay", "How to play")
    body = "".join(f"<p>{paragraph}</p>" for paragraph in paragraphs)
    return f"<h3>{title}</h3>{body}{keypad_table_html()}<p>{looking_back}</p><p>{keys}</p>"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def about_html() -> str:
    """Version, licences and the Qt / PySide6 versions in use."""
    translate = QCoreApplication.translate
    summary = translate(
        "About",
        "Tic-Tac-Toe for the desktop: play a friend on one screen, or take on "
        "computer players from a random clicker to an unbeatable solver.",
    )
    licence = translate("About", "TTT Desktop is free software under the MIT licence.")
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
    return (
        f"<h3>TTT Desktop {ttt_desktop.__version__}</h3><p>{summary}</p><p>{licence}</p><p>{qt}</p>"
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


def open_how_to_play(parent: QWidget) -> QMessageBox:
    """Show the "How to play" dialog (window-modal, returns at once), with a way to all keys."""
    title = QCoreApplication.translate("HowToPlay", "How to play")
    box = _open_message(parent, title, how_to_play_html(), "how-to-play")
    if parent.findChild(QAction, "keyboard-shortcuts") is not None:
        keys = box.addButton(
            QCoreApplication.translate("HowToPlay", "Keyboard shortcuts"),
            QMessageBox.ButtonRole.ActionRole,
        )
        keys.setObjectName("show-shortcuts")
        # An action-role button would close the box; open the shortcuts window instead.
        keys.clicked.disconnect()
        keys.clicked.connect(lambda: open_shortcuts(parent))
    return box


def open_about(parent: QWidget) -> QMessageBox:
    """Show the About dialog (window-modal, returns at once)."""
    title = QCoreApplication.translate("About", "About TTT Desktop")
    box = _open_message(parent, title, about_html(), "about")
    box.setIconPixmap(parent.windowIcon().pixmap(64, 64))
    return box
