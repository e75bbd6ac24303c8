"""What the packaged app leaves out (packaging/bundle_contents.py), on names from every system."""

from __future__ import annotations

import ast
import importlib.util
import json
import subprocess
import sys
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


HOOKS_DIR = PROJECT_ROOT / "packaging" / "hooks"
# Runs the app's PySide6 run-time hook as PyInstaller would (with sys._MEIPASS set and
# PyInstaller's helper module in place, here a recording stand-in), then imports Qt.
RUN_HOOK = """
import json, os, runpy, sys, types

sys._MEIPASS = sys.argv[2]
calls = []
utils = types.ModuleType("_pyi_rth_utils")
utils.is_macos_app_bundle = False
utils.prepend_path_to_environment_variable = lambda *arguments: None
qt = types.ModuleType("_pyi_rth_utils.qt")
qt.ensure_single_qt_bindings_package = lambda name: calls.append(["single", name])


def create_embedded_qt_conf(bindings, prefix):
    core = sys.modules.get("PySide6.QtCore")
    calls.append(["qt.conf", bindings, prefix, hasattr(core, "QLibraryInfo")])


qt.create_embedded_qt_conf = create_embedded_qt_conf
utils.qt = qt
sys.modules.update({"_pyi_rth_utils": utils, "_pyi_rth_utils.qt": qt})

runpy.run_path(sys.argv[1])
before = {
    "qt_loaded": any(name.startswith("PySide6") for name in sys.modules),
    "plugins": os.environ["QT_PLUGIN_PATH"],
    "calls": list(calls),
}
from PySide6 import QtWidgets  # noqa: E402
print(json.dumps({"before": before, "after": calls}))
"""


def test_the_pyside6_run_time_hook_replaces_pyinstallers() -> None:
    hooks = ast.literal_eval((HOOKS_DIR / "rthooks.dat").read_text())
    assert list(hooks) == ["PySide6"]
    assert all((HOOKS_DIR / "rthooks" / name).is_file() for name in hooks["PySide6"])


def test_the_pyside6_run_time_hook_loads_qt_only_when_the_app_does(tmp_path: Path) -> None:
    (hook,) = ast.literal_eval((HOOKS_DIR / "rthooks.dat").read_text())["PySide6"]
    result = subprocess.run(
        [sys.executable, "-c", RUN_HOOK, str(HOOKS_DIR / "rthooks" / hook), str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(result.stdout)
    qt_folder = str(tmp_path / "PySide6" / "Qt")
    assert report["before"] == {
        "qt_loaded": False,
        "plugins": str(tmp_path / "PySide6" / "Qt" / "plugins"),
        "calls": [["single", "PySide6"]],
    }
    # qt.conf is registered once, right after QtCore is initialised.
    assert report["after"] == [["single", "PySide6"], ["qt.conf", "PySide6", qt_folder, True]]
