"""PySide6 tells which modules use it from their names, not by reading their sources."""

from __future__ import annotations

import linecache
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget

from ttt_desktop.gui.shell import module_sources


@pytest.fixture
def spared() -> Iterator[None]:
    """spare_module_sources() for one test; PySide6's own check is put back after it."""
    feature = sys.modules["shibokensupport.feature"]
    original = getattr(feature, "_mod_uses_pyside")  # noqa: B009
    try:
        assert module_sources.spare_module_sources()
        yield
    finally:
        setattr(feature, "_mod_uses_pyside", original)  # noqa: B010


def test_a_module_holding_a_qt_class_or_module_uses_pyside() -> None:
    with_class = types.ModuleType("with_class")
    with_class.QWidget = QWidget  # type: ignore[attr-defined]
    with_module = types.ModuleType("with_module")
    with_module.QtWidgets = sys.modules["PySide6.QtWidgets"]  # type: ignore[attr-defined]
    plain = types.ModuleType("plain")
    plain.Path = Path  # type: ignore[attr-defined]
    plain.number = 3  # type: ignore[attr-defined]
    assert module_sources.uses_pyside(with_class)
    assert module_sources.uses_pyside(with_module)
    assert not module_sources.uses_pyside(plain)


def test_the_window_modules_are_told_apart_as_pyside_would() -> None:
    import ttt_desktop.core.board  # noqa: PLC0415
    import ttt_desktop.gui.board.board_widget  # noqa: PLC0415

    assert module_sources.uses_pyside(ttt_desktop.gui.board.board_widget)
    assert not module_sources.uses_pyside(ttt_desktop.core.board)


def test_a_module_imported_after_it_is_not_read(
    spared: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "spared_example.py"
    source.write_text("from PySide6.QtCore import QObject\n\n\nclass Thing(QObject):\n    pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    linecache.clearcache()
    # An import statement (PySide6 hears of builtins.__import__, not of importlib).
    module = __import__("spared_example")
    try:
        feature = sys.modules["shibokensupport.feature"]
        # PySide6 still records the module as one using it, with no features switched on.
        assert feature.pyside_feature_dict.get("spared_example") == 0
        assert str(source) not in linecache.cache
        assert module.Thing().metaObject().className() == "Thing"
    finally:
        sys.modules.pop("spared_example", None)
        feature.pyside_feature_dict.pop("spared_example", None)
