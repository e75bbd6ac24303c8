"""Renaming and removing people: a small dialog listing the people the drop-downs offer.

:class:`PeopleDialog` shows the names; *Rename...* asks for a new name (in the
same name dialog as "New player...", which says how long a name may be) and
*Remove* takes a person off the list (their stored games stay in the game library:
History lists them, with their page and rating). Someone playing in the current game
can be renamed but not removed. The dialog only reports what was asked
(:attr:`PeopleDialog.rename_requested`, :attr:`PeopleDialog.remove_requested`);
the window applies it, moving their stored games, page and rating to the new name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ttt_desktop.gui.game.player_panel import name_dialog
from ttt_desktop.gui.shell.settings import tidy_person_name

NewNameAsker = Callable[[QWidget, str], "str | None"]


def ask_new_name_with_dialog(parent: QWidget, old_name: str) -> str | None:
    """Ask for ``old_name``'s new name; None when cancelled."""
    dialog = name_dialog(
        parent,
        title=QCoreApplication.translate("PeopleDialog", "Rename {name}").format(name=old_name),
        name=old_name,
    )
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    name = dialog.textValue()
    dialog.deleteLater()
    return name if accepted else None


class PeopleDialog(QDialog):
    """The people's names, with Rename... and Remove."""

    rename_requested = Signal(str, str)  # old name, new name
    remove_requested = Signal(str)

    def __init__(
        self,
        people: Sequence[str],
        playing: Sequence[str],
        parent: QWidget | None = None,
        *,
        ask_new_name: NewNameAsker = ask_new_name_with_dialog,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("people-dialog")
        self.setWindowTitle(self.tr("People"))
        self._playing = set(playing)
        self._ask_new_name = ask_new_name
        self.list = QListWidget()
        self.list.setObjectName("people-list")
        self.list.setAccessibleName(self.tr("People"))
        self.list.addItems(list(people))
        self.list.currentRowChanged.connect(self._update_buttons)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.rename_button = QPushButton(self.tr("&Rename..."))
        self.rename_button.clicked.connect(self.rename_current)
        self.remove_button = QPushButton(self.tr("Re&move"))
        self.remove_button.clicked.connect(self.remove_current)
        side = QVBoxLayout()
        side.addWidget(self.rename_button)
        side.addWidget(self.remove_button)
        side.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.list, 1)
        row.addLayout(side)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        about = QLabel(
            self.tr(
                "Renamed, a person keeps their games, score and rating under the new "
                "name. Removed, they leave the drop-downs; their games stay in History."
            )
        )
        about.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(about)
        layout.addLayout(row)
        layout.addWidget(self.note)
        layout.addWidget(buttons)
        if self.list.count():
            self.list.setCurrentRow(0)
        self._update_buttons()

    @property
    def people(self) -> list[str]:
        """The names as listed now."""
        return [self.list.item(row).text() for row in range(self.list.count())]

    def _current_name(self) -> str | None:
        item = self.list.currentItem()
        return item.text() if item is not None else None

    def _update_buttons(self, *_args: object) -> None:
        name = self._current_name()
        self.rename_button.setEnabled(name is not None)
        playing = name in self._playing
        # The last person stays: the drop-downs always offer someone.
        self.remove_button.setEnabled(name is not None and not playing and self.list.count() > 1)
        if playing and name is not None:
            self.note.setText(
                self.tr(
                    "{name} is playing now: choose someone else for that seat to remove them."
                ).format(name=name)
            )
        else:
            self.note.setText("")

    def rename_current(self) -> None:
        """Ask for the selected person's new name and report it."""
        old = self._current_name()
        if old is None:
            return
        answer = self._ask_new_name(self, old)
        new = tidy_person_name(answer) if answer else ""
        if not new or new == old:
            return
        if new in self.people:
            self.note.setText(self.tr("There is already someone called {name}.").format(name=new))
            return
        item = self.list.currentItem()
        item.setText(new)
        if old in self._playing:
            self._playing.discard(old)
            self._playing.add(new)
        self.rename_requested.emit(old, new)
        self._update_buttons()

    def remove_current(self) -> None:
        """Take the selected person off the list (not someone playing now)."""
        name = self._current_name()
        if name is None or name in self._playing or self.list.count() <= 1:
            return
        self.list.takeItem(self.list.currentRow())
        self.remove_requested.emit(name)
        self._update_buttons()
        self.note.setText(
            self.tr("{name} is off the list. {name}'s games stay in History.").format(name=name)
        )
