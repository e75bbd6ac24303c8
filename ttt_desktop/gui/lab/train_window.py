"""The Train window (filled in next)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget


class TrainWindow(QWidget):
    def __init__(self, parent: QWidget | None = None, *, on_saved: Callable[[], None]) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self._on_saved = on_saved

    def shutdown(self) -> None:
        pass
