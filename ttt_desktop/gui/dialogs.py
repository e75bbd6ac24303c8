"""The Help menu's dialogs: how to play, and About (version and licences).

The texts are built by plain functions so they can be checked without opening a
dialog; the dialogs open window-modal (``open()``), never blocking the event loop.
"""

from __future__ import annotations

import PySide6
from PySide6.QtCore import Qt, qVersion
from PySide6.QtWidgets import QMessageBox, QWidget

import ttt_desktop
from ttt_desktop.engine import keypad_label


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
    """The rules and the controls, as rich text."""
    return (
        "<h3>How to play</h3>"
        "<p>Two players take turns putting their mark, X or O, in an empty cell of the "
        "3&times;3 grid. The first to get three marks in a row, a column or a diagonal "
        "wins. When all nine cells are full and nobody has a line, the game is a draw.</p>"
        "<h4>Choosing players</h4>"
        "<p>Pick a person or a computer player for each mark in the <b>Players</b> panel. "
        "<i>New player...</i> adds a person by name; names are remembered. The stars show "
        "how strong each computer player is (five stars cannot be beaten). "
        "<b>First move</b> decides who starts: X, O, taking turns, or at random.</p>"
        "<h4>Playing with the mouse</h4>"
        "<p>Click an empty cell. A faint mark shows where your move would go.</p>"
        "<h4>Playing with the keyboard</h4>"
        "<p>Each digit plays the cell in the same place on a numeric keypad "
        "(the number row works too):</p>"
        f"{keypad_table_html()}"
        "<p>The arrow keys move the dashed cursor; <b>Enter</b> or <b>Space</b> plays "
        "the cell under it.</p>"
        "<h4>Watching and reviewing</h4>"
        "<p>The replay bar under the board steps through the game: first position, back, "
        "play/pause, forward, newest; the timeline covers every move and <i>Speed</i> sets "
        "how fast computer players move. Two computer players play by themselves: pause "
        "holds the game between moves, <i>Live</i> follows the newest move again. Click a "
        "row of the move list to see that position. <b>Alt+Left</b>/<b>Alt+Right</b> step "
        "one move, <b>Alt+Home</b>/<b>Alt+End</b> go to the start/newest move and "
        "<b>Ctrl+P</b> plays or pauses, anywhere in the window; in the move list the plain "
        "arrows, Home and End do the same (on the board they play). "
        "<i>View &gt; Play on from here</i> starts a new game from the position shown.</p>"
        "<h4>Shortcuts</h4>"
        "<p><b>Ctrl+N</b> new game &nbsp; <b>Ctrl+R</b> play again &nbsp; "
        "<b>Ctrl+Q</b> quit &nbsp; <b>F1</b> this help</p>"
    )


def about_html() -> str:
    """Version, licences and the Qt / PySide6 versions in use."""
    return (
        f"<h3>TTT Desktop {ttt_desktop.__version__}</h3>"
        "<p>Tic-Tac-Toe for the desktop: play a friend on one screen, or take on "
        "computer players from a random clicker to an unbeatable solver.</p>"
        "<p>TTT Desktop is free software under the MIT licence.</p>"
        f"<p>It uses Qt {qVersion()} through PySide6 {PySide6.__version__} "
        "(Qt for Python), both used under the GNU Lesser General Public License "
        "version 3 (LGPLv3). You may replace the Qt and PySide6 libraries with your own "
        "builds; their sources are at "
        "<a href='https://www.qt.io/download-open-source'>qt.io</a> and "
        "<a href='https://code.qt.io/cgit/pyside/pyside-setup.git/'>code.qt.io</a>.</p>"
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
    """Show the "How to play" dialog (window-modal, returns at once)."""
    return _open_message(parent, "How to play", how_to_play_html(), "how-to-play")


def open_about(parent: QWidget) -> QMessageBox:
    """Show the About dialog (window-modal, returns at once)."""
    box = _open_message(parent, "About TTT Desktop", about_html(), "about")
    box.setIconPixmap(parent.windowIcon().pixmap(64, 64))
    return box
