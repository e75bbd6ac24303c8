"""Lab > Engines... > Add...: which program is the brain, where it runs, what it is called.

:class:`AddEngineDialog` asks, as Cute Chess's engine dialog does, for the command that
runs the brain (*Browse...* picks the program with a file dialog and keeps the arguments
typed after it), its working folder (*Browse...* picks a folder; left empty, it is the
program's folder) and a name (left empty, the name the brain gives in its ``ABOUT``
answer). *Add* refuses, in words, a command that can't be read, a program that is not
there or can't be run, a folder that is not one, a name already on the list; the
Engines dialog then starts the brain and probes it in the background.

Nothing here starts a brain.
"""

from __future__ import annotations

import os
import shlex
import shutil
from collections.abc import Collection
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

__all__ = ["AddEngineDialog", "program_folder"]


def program_folder(command: str) -> str:
    """The folder of the program ``command`` runs ("" when it can't be found)."""
    try:
        parts = shlex.split(command)
    except ValueError:
        return ""
    if not parts:
        return ""
    program = parts[0] if "/" in parts[0] else shutil.which(parts[0]) or ""
    folder = os.path.dirname(os.path.abspath(os.path.expanduser(program))) if program else ""
    return folder if folder and os.path.isdir(folder) else ""


class AddEngineDialog(QDialog):
    """The command, working folder and name of a brain to add; :meth:`values` once accepted."""

    def __init__(self, parent: QWidget | None = None, taken: Collection[str] = ()) -> None:
        super().__init__(parent)
        self.setObjectName("add-engine")
        self.setWindowTitle(self.tr("Add an engine"))
        self._taken = {name.lower() for name in taken}
        self.command_edit = QLineEdit()
        self.command_edit.setPlaceholderText(self.tr("e.g. /opt/brains/pbrain-rapfi"))
        self.command_edit.setAccessibleName(self.tr("Command"))
        self.command_edit.setToolTip(
            self.tr(
                "The program and its arguments, split as a shell would (quotes for spaces), "
                "never run by one"
            )
        )
        self.command_edit.textChanged.connect(self._show_default_folder)
        self.browse_program_button = QPushButton(self.tr("&Browse..."))
        self.browse_program_button.clicked.connect(self._browse_program)
        self.folder_edit = QLineEdit()
        self.folder_edit.setAccessibleName(self.tr("Working folder"))
        self.browse_folder_button = QPushButton(self.tr("B&rowse..."))
        self.browse_folder_button.clicked.connect(self._browse_folder)
        self.name_edit = QLineEdit()
        self.name_edit.setAccessibleName(self.tr("Name"))
        self.name_edit.setPlaceholderText(self.tr("the name the brain gives (its ABOUT answer)"))
        self.name_edit.setMaxLength(60)
        form = QFormLayout()
        for text, edit, button in (
            (self.tr("&Command:"), self.command_edit, self.browse_program_button),
            (self.tr("&Working folder:"), self.folder_edit, self.browse_folder_button),
        ):
            label = QLabel(text)
            label.setBuddy(edit)
            form.addRow(label, _row(edit, button))
        form.addRow(self.tr("&Name:"), self.name_edit)
        self.problem = QLabel()
        self.problem.setObjectName("add-engine-problem")
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.hide()
        note = QLabel(
            self.tr(
                "The brain is started and asked its name and the board sizes it plays "
                "before it joins the list."
            )
        )
        note.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.add_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.add_button.setText(self.tr("&Add"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self._show_default_folder()
        self.resize(620, self.sizeHint().height())

    # Asking for files (replaced in tests) ---------------------------------------------

    def ask_program(self, start: str) -> str | None:
        """The brain's program, from a file dialog; None when cancelled."""
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Choose the brain's program"), start)
        return path or None

    def ask_folder(self, start: str) -> str | None:
        """The brain's working folder, from a folder dialog; None when cancelled."""
        path = QFileDialog.getExistingDirectory(
            self, self.tr("Choose the brain's working folder"), start
        )
        return path or None

    def _browse_program(self) -> None:
        start = program_folder(self.command_edit.text()) or str(Path.home())
        path = self.ask_program(start)
        if path is None:
            return
        try:
            arguments = shlex.split(self.command_edit.text())
        except ValueError:
            arguments = []
        if arguments and not arguments[0].startswith("-"):
            arguments = arguments[1:]  # the program it replaces
        self.command_edit.setText(shlex.join([path, *arguments]))

    def _browse_folder(self) -> None:
        start = self.folder_edit.text() or program_folder(self.command_edit.text())
        path = self.ask_folder(start or str(Path.home()))
        if path is not None:
            self.folder_edit.setText(path)

    def _show_default_folder(self) -> None:
        folder = program_folder(self.command_edit.text())
        if folder:
            text = self.tr("{folder} (the program's folder)").format(folder=folder)
        else:
            text = self.tr("the program's folder")
        self.folder_edit.setPlaceholderText(text)

    # The answer ---------------------------------------------------------------------

    def values(self) -> tuple[str, str, str]:
        """The command, the working folder (the program's when none was given) and the
        name ("": the brain's own)."""
        command = self.command_edit.text().strip()
        folder = self.folder_edit.text().strip()
        folder = os.path.expanduser(folder) if folder else program_folder(command)
        return command, folder, " ".join(self.name_edit.text().split())

    def refusal(self) -> str:
        """Why the values can't be added ("" when they can)."""
        command = self.command_edit.text().strip()
        if not command:
            return self.tr("Choose the brain's program, or type the command that runs it.")
        try:
            parts = shlex.split(command)
        except ValueError as error:
            # shlex's words are English: "No closing quotation", "No escaped character".
            if "quotation" in str(error):
                return self.tr("The command can't be read: a quotation mark is not closed.")
            return self.tr("The command can't be read: it ends with a lone backslash.")
        program = os.path.expanduser(parts[0])
        if "/" not in program:
            if shutil.which(program) is None:
                return self.tr("There is no program {program} on the PATH.").format(program=program)
        elif not os.path.isfile(program):
            return self.tr("There is no program at {path}.").format(path=program)
        elif not os.access(program, os.X_OK):
            return self.tr("{path} can't be run: it is not marked executable.").format(path=program)
        folder = self.folder_edit.text().strip()
        if folder and not os.path.isdir(os.path.expanduser(folder)):
            return self.tr("{folder} is not a folder.").format(folder=folder)
        name = " ".join(self.name_edit.text().split())
        if name.lower() in self._taken:
            return self.tr("There is already an engine called {name}.").format(name=name)
        return ""

    def accept(self) -> None:
        refusal = self.refusal()
        if refusal:
            self.problem.setText(refusal)
            self.problem.show()
            return
        super().accept()


def _row(edit: QLineEdit, button: QPushButton) -> QHBoxLayout:
    row = QHBoxLayout()
    row.addWidget(edit, 1)
    row.addWidget(button)
    return row
