"""Small pieces of the windows' forms shared by every dialog."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget


def buddy_label(text: str, buddy: QWidget) -> QLabel:
    """A form's label for a row whose field is a layout: its shortcut goes to ``buddy``.

    ``QFormLayout.addRow(text, layout)`` makes a label without a buddy, so its "&" would
    show and its Alt shortcut would do nothing.
    """
    label = QLabel(text)
    label.setBuddy(buddy)
    return label
