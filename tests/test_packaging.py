"""What the packaged app leaves out (packaging/bundle_contents.py), on names from every system."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

import pytest

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def load_bundle_contents() -> ModuleType:
    # packaging/ is not a package (and "packaging" is also a PyPI module): load by path.
    spec = importlib.util.spec_from_file_location(
        "bundle_contents", PROJECT_ROOT / "packaging" / "bundle_contents.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bundle_contents = load_bundle_contents()

KEPT = [
    # Linux
    "PySide6/Qt/plugins/platforms/libqxcb.so",
    "PySide6/Qt/plugins/platforms/libqoffscreen.so",
    "PySide6/Qt/plugins/iconengines/libqsvgicon.so",
    "PySide6/Qt/plugins/imageformats/libqsvg.so",
    "PySide6/Qt/plugins/imageformats/libqico.so",
    "PySide6/Qt/plugins/platforminputcontexts/libcomposeplatforminputcontextplugin.so",
    "PySide6/Qt/plugins/platformthemes/libqxdgdesktopportal.so",
    "PySide6/Qt/plugins/xcbglintegrations/libqxcb-glx-integration.so",
    "PySide6/Qt/lib/libQt6Core.so.6",
    "PySide6/Qt/lib/libQt6Gui.so.6",
    "PySide6/Qt/lib/libQt6Widgets.so.6",
    "PySide6/Qt/lib/libQt6Svg.so.6",
    "PySide6/Qt/lib/libQt6XcbQpa.so.6",
    "PySide6/Qt/lib/libQt6DBus.so.6",
    "PySide6/QtWidgets.abi3.so",
    "libpython3.11.so.1.0",
    "ttt_desktop/resources/icons/ttt-desktop.svg",
    # Windows
    "PySide6/plugins/platforms/qwindows.dll",
    "PySide6/plugins/platforms/qoffscreen.dll",
    "PySide6/plugins/imageformats/qsvg.dll",
    "PySide6/Qt6Widgets.dll",
    # macOS
    "PySide6/Qt/plugins/platforms/libqcocoa.dylib",
    "PySide6/Qt/plugins/imageformats/libqsvg.dylib",
]
DROPPED = [
    "PySide6/Qt/plugins/platforms/libqwayland.so",
    "PySide6/Qt/plugins/platforms/libqeglfs.so",
    "PySide6/Qt/plugins/platforms/libqminimal.so",
    "PySide6/Qt/plugins/platforms/libqvnc.so",
    "PySide6/plugins/platforms/qdirect2d.dll",
    "PySide6/plugins/platforms/qminimal.dll",
    "PySide6/Qt/plugins/egldeviceintegrations/libqeglfs-kms-integration.so",
    "PySide6/Qt/plugins/wayland-shell-integration/libxdg-shell.so",
    "PySide6/Qt/plugins/platforminputcontexts/libqtvirtualkeyboardplugin.so",
    "PySide6/Qt/plugins/platformthemes/libqgtk3.so",
    "PySide6/Qt/plugins/imageformats/libqpdf.so",
    "PySide6/Qt/plugins/imageformats/libqtiff.so",
    "PySide6/Qt/plugins/imageformats/libqwebp.so",
    "PySide6/plugins/imageformats/qjpeg.dll",
    "PySide6/Qt/plugins/sqldrivers/libqsqlite.so",
    "PySide6/Qt/plugins/tls/libqopensslbackend.so",
    "PySide6/Qt/lib/libQt6Qml.so.6",
    "PySide6/Qt/lib/libQt6Quick.so.6",
    "PySide6/Qt/lib/libQt6Pdf.so.6",
    "PySide6/Qt/lib/libQt6WaylandClient.so.6",
    "PySide6/Qt/lib/libQt6EglFSDeviceIntegration.so.6",
    "PySide6/Qt/lib/libQt6Network.so.6",
    "PySide6/Qt6Network.dll",
    "PySide6/Qt/translations/qtbase_de.qm",
    "PySide6/translations/qtbase_de.qm",
]


@pytest.mark.parametrize("destination", KEPT)
def test_what_the_app_needs_is_kept(destination: str) -> None:
    assert not bundle_contents.is_dropped(destination)


@pytest.mark.parametrize("destination", DROPPED)
def test_what_the_app_never_loads_is_dropped(destination: str) -> None:
    assert bundle_contents.is_dropped(destination)


def test_windows_separators_are_understood() -> None:
    assert bundle_contents.is_dropped("PySide6\\plugins\\platforms\\qdirect2d.dll")
    assert not bundle_contents.is_dropped("PySide6\\plugins\\platforms\\qwindows.dll")


def test_keep_filters_toc_entries() -> None:
    entries = [(name, f"/src/{name}", "BINARY") for name in [*KEPT, *DROPPED]]
    assert [entry[0] for entry in bundle_contents.keep(entries)] == KEPT


def test_the_modules_the_app_uses_are_not_excluded() -> None:
    used = {"PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets", "PySide6.QtSvg", "json"}
    assert used.isdisjoint(bundle_contents.EXCLUDED_MODULES)


def test_pruning_keeps_only_libraries_reached_from_what_is_loaded() -> None:
    needs = {
        "/src/QtWidgets.abi3.so": ["libQt6Widgets.so.6", "libpyside6.abi3.so.6"],
        "/src/libQt6Widgets.so.6": ["libQt6Gui.so.6"],
        "/src/libQt6Gui.so.6": ["libfreetype.so.6", "libEGL.so.1"],
        "/src/libqxcb.so": ["libxcb-cursor.so.0"],
        "/src/libcairo.so.2": ["libpixman-1.so.0"],
        "/src/libQt6Quick.so.6": ["libQt6Gui.so.6"],
    }

    def imports_of(source: str) -> Iterable[tuple[str, str | None]]:
        return [(name, None) for name in needs.get(source, [])]

    binaries = [
        ("PySide6/QtWidgets.abi3.so", "/src/QtWidgets.abi3.so", "EXTENSION"),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", "/src/libqxcb.so", "BINARY"),
        ("libpython3.11.so.1.0", "/src/libpython3.11.so.1.0", "BINARY"),
        ("PySide6/Qt/lib/libQt6Widgets.so.6", "/src/libQt6Widgets.so.6", "BINARY"),
        ("PySide6/Qt/lib/libQt6Gui.so.6", "/src/libQt6Gui.so.6", "BINARY"),
        ("PySide6/Qt/lib/libQt6Quick.so.6", "/src/libQt6Quick.so.6", "BINARY"),
        ("libpyside6.abi3.so.6", "/src/libpyside6.abi3.so.6", "BINARY"),
        ("libfreetype.so.6", "/src/libfreetype.so.6", "BINARY"),
        ("libxcb-cursor.so.0", "/src/libxcb-cursor.so.0", "BINARY"),
        ("libcairo.so.2", "/src/libcairo.so.2", "BINARY"),
        ("libpixman-1.so.0", "/src/libpixman-1.so.0", "BINARY"),
    ]
    kept = [entry[0] for entry in bundle_contents.prune_unreachable_libraries(binaries, imports_of)]
    assert kept == [
        "PySide6/QtWidgets.abi3.so",
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "libpython3.11.so.1.0",
        "PySide6/Qt/lib/libQt6Widgets.so.6",
        "PySide6/Qt/lib/libQt6Gui.so.6",
        "libpyside6.abi3.so.6",
        "libfreetype.so.6",
        "libxcb-cursor.so.0",
    ]
