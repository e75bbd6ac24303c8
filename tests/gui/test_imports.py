"""The window's features take their collaborators: none imports the main window, and the
game session imports nothing of the GUI."""

from __future__ import annotations

import ast
from pathlib import Path

GUI = Path(__file__).resolve().parents[2] / "ttt_desktop" / "gui"
# The start-up and the self-test make the window; nothing else may know it.
MAY_IMPORT_THE_WINDOW = {"shell/app.py", "shell/self_test.py"}


def _imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top, in functions or for the type checker."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_no_gui_module_but_the_start_up_imports_the_main_window() -> None:
    importers = sorted(
        str(path.relative_to(GUI))
        for path in GUI.rglob("*.py")
        if "ttt_desktop.gui.shell.main_window" in _imported_modules(path)
    )
    assert importers == sorted(MAY_IMPORT_THE_WINDOW)


def test_the_session_imports_no_gui_and_no_qt() -> None:
    session = GUI.parent / "core" / "session.py"
    imported = _imported_modules(session)
    assert not [name for name in imported if name.startswith(("ttt_desktop.gui", "PySide6"))]
