"""Saying that the computer is not answering, and offering to wait or to restart it.

The search process's heartbeat tells the controller within a few seconds when the
process stops answering without dying (stopped from outside, frozen by the
system). :class:`NotAnsweringNotice` then opens a window-modal message box (never
blocking the event loop) with two choices: *Wait* closes the box and keeps waiting,
with a line in the status bar; *Restart the computer player* ends the process and
asks the move again in a fresh one. When the process answers again the box closes
by itself.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QMainWindow, QMessageBox, QPushButton

from ttt_desktop.gui.game.controller import GameController


class NotAnsweringNotice(QObject):
    """Listens to ``controller.search_silence_changed`` and speaks to the person in ``window``."""

    def __init__(self, window: QMainWindow, controller: GameController) -> None:
        super().__init__(window)
        self._window = window
        self._controller = controller
        self._box: QMessageBox | None = None
        self._status: str | None = None
        self.restart_button: QPushButton | None = None
        self.wait_button: QPushButton | None = None
        controller.search_silence_changed.connect(self._on_silence_changed)

    @property
    def box(self) -> QMessageBox | None:
        """The message box while it shows, else None."""
        return self._box

    def _on_silence_changed(self, silent: bool) -> None:
        if silent:
            self._ask()
        else:
            self._close_box()
            bar = self._window.statusBar()
            if self._status is not None and bar.currentMessage() == self._status:
                bar.clearMessage()
            self._status = None

    def _ask(self) -> None:
        if self._box is not None:
            return
        box = QMessageBox(self._window)
        box.setObjectName("not-answering")
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle(self.tr("The computer is not answering"))
        box.setText(self.tr("The computer player is not answering."))
        box.setInformativeText(
            self.tr(
                "Its process has stopped responding (the system may have paused it). "
                "You can wait for it, or restart it: the move is then thought out again."
            )
        )
        self.wait_button = box.addButton(self.tr("Wait"), QMessageBox.ButtonRole.RejectRole)
        self.restart_button = box.addButton(
            self.tr("Restart the computer player"), QMessageBox.ButtonRole.AcceptRole
        )
        box.setDefaultButton(self.restart_button)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.buttonClicked.connect(self._on_clicked)
        box.finished.connect(self._forget_box)
        self._box = box
        box.open()

    def _on_clicked(self, button: object) -> None:
        if button is self.restart_button:
            self._status = self.tr("Restarting the computer player...")
            self._controller.restart_search_process()
        else:
            self._status = self.tr("Waiting for the computer player, which is not answering")
        self._window.statusBar().showMessage(self._status)

    def _forget_box(self) -> None:
        self._box = None
        self.restart_button = self.wait_button = None

    def _close_box(self) -> None:
        box = self._box
        if box is not None:
            self._forget_box()
            box.done(0)
