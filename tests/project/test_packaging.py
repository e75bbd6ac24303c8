"""What the packaged app leaves out (packaging/bundle_contents.py), on names from every system."""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def load_packaging_module(name: str) -> ModuleType:
    # packaging/ is not a package (and "packaging" is also a PyPI module): load by path.
    spec = importlib.util.spec_from_file_location(name, PROJECT_ROOT / "packaging" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


bundle_contents = load_packaging_module("bundle_contents")

KEPT = [
    # Linux
    "ttt_desktop/core/_fastplay.cpython-311-x86_64-linux-gnu.so",
    "PySide6/Qt/plugins/platforms/libqxcb.so",
    "PySide6/Qt/plugins/platforms/libqoffscreen.so",
    "PySide6/Qt/plugins/iconengines/libqsvgicon.so",
    "PySide6/Qt/plugins/imageformats/libqsvg.so",
    "PySide6/Qt/plugins/imageformats/libqico.so",
    "PySide6/Qt/plugins/platforminputcontexts/libcomposeplatforminputcontextplugin.so",
    "PySide6/Qt/plugins/platformthemes/libqxdgdesktopportal.so",
    "PySide6/Qt/lib/libQt6Core.so.6",
    "PySide6/Qt/lib/libQt6Gui.so.6",
    "PySide6/Qt/lib/libQt6Widgets.so.6",
    "PySide6/Qt/lib/libQt6Svg.so.6",
    "PySide6/Qt/lib/libQt6XcbQpa.so.6",
    "PySide6/Qt/lib/libQt6DBus.so.6",
    # QtCharts links these two (the Python modules QtOpenGL* stay excluded).
    "PySide6/Qt/lib/libQt6OpenGL.so.6",
    "PySide6/Qt/lib/libQt6OpenGLWidgets.so.6",
    # Qt's German texts for its standard buttons and dialogs.
    "PySide6/Qt/translations/qtbase_de.qm",
    "PySide6/translations/qtbase_de.qm",
    "ttt_desktop/resources/icons/ttt-desktop-48.png",
    "ttt_desktop/resources/translations/ttt_desktop_de.qm",
    # The manual F1 shows, in English and in German.
    "ttt_desktop/resources/manual/index.md",
    "ttt_desktop/resources/manual/de/playing.md",
    "libxcb-cursor.so.0",
    # Sound: QSoundEffect (QtMultimedia, which links QtNetwork and whose Python module
    # imports QtNetwork's).
    "PySide6/Qt/lib/libQt6Multimedia.so.6",
    "PySide6/Qt/lib/libQt6Network.so.6",
    "PySide6/Qt/lib/libQt6Concurrent.so.6",
    "PySide6/QtMultimedia.abi3.so",
    "PySide6/QtNetwork.abi3.so",
    "PySide6/Qt6Multimedia.dll",
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
    # QtMultimedia's media backends and FFmpeg: the sounds are WAV, which QSoundEffect
    # plays without them.
    "PySide6/Qt/plugins/multimedia/libffmpegmediaplugin.so",
    "PySide6/Qt/lib/libavcodec.so.61",
    "PySide6/Qt/lib/libavformat.so.61",
    "PySide6/Qt/lib/libswresample.so.5",
    "PySide6/avcodec-61.dll",
    "PySide6/Qt/lib/libavutil.59.dylib",
    "PySide6/Qt/lib/libQt6MultimediaQuick.so.6",
    "PySide6/Qt/lib/libQt6MultimediaWidgets.so.6",
    "PySide6/Qt/translations/qtbase_fr.qm",
    "PySide6/Qt/translations/qt_de.qm",
    "PySide6/Qt/translations/qtdeclarative_de.qm",
    "PySide6/Qt/plugins/xcbglintegrations/libqxcb-glx-integration.so",
    "PySide6/Qt/plugins/xcbglintegrations/libqxcb-egl-integration.so",
    # System libraries every desktop has (the .deb depends on them).
    "libdbus-1.so.3",
    "libglib-2.0.so.0",
    "libX11.so.6",
    "libfontconfig.so.1",
    "libfreetype.so.6",
    "libxkbcommon.so.0",
    "libpulse.so.0",
    "libstdc++.so.6",
    "libgssapi_krb5.so.2",
    "ttt_desktop/resources/translations/ttt_desktop_de.ts",
    # The compiled playouts' source and stub (the built module is kept).
    "ttt_desktop/core/_fastplay.c",
    "ttt_desktop/core/_fastplay.pyi",
    # The macOS icon (this is not a macOS build).
    "ttt_desktop/resources/icons/ttt-desktop.icns",
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


def test_system_libraries_are_dropped_at_the_top_level_only() -> None:
    assert all(bundle_contents.is_dropped(name) for name in bundle_contents.SYSTEM_LIBRARIES)
    assert not bundle_contents.is_dropped("PySide6/Qt/lib/libdbus-1.so.3")


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


def test_pruning_keeps_a_link_only_with_its_target() -> None:
    needs = {"/src/QtGui.abi3.so": ["libQt6Gui.so.6"], "/src/libqxcb.so": ["libQt6XcbQpa.so.6"]}

    def imports_of(source: str) -> Iterable[tuple[str, str | None]]:
        return [(name, None) for name in needs.get(source, [])]

    binaries = [
        ("PySide6/QtGui.abi3.so", "/src/QtGui.abi3.so", "EXTENSION"),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", "/src/libqxcb.so", "BINARY"),
        ("libQt6Gui.so.6", "PySide6/Qt/lib/libQt6Gui.so.6", "SYMLINK"),
        ("PySide6/Qt/lib/libQt6Gui.so.6", "/src/libQt6Gui.so.6", "BINARY"),
        ("libQt6XcbQpa.so.6", "PySide6/Qt/lib/libQt6XcbQpa.so.6", "SYMLINK"),
        ("PySide6/Qt/lib/libQt6XcbQpa.so.6", "/src/libQt6XcbQpa.so.6", "BINARY"),
        ("libQt6OpenGL.so.6", "PySide6/Qt/lib/libQt6OpenGL.so.6", "SYMLINK"),
        ("PySide6/Qt/lib/libQt6OpenGL.so.6", "/src/libQt6OpenGL.so.6", "BINARY"),
    ]
    kept = [entry[0] for entry in bundle_contents.prune_unreachable_libraries(binaries, imports_of)]
    assert kept == [
        "PySide6/QtGui.abi3.so",
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "libQt6Gui.so.6",
        "PySide6/Qt/lib/libQt6Gui.so.6",
        "libQt6XcbQpa.so.6",
        "PySide6/Qt/lib/libQt6XcbQpa.so.6",
    ]


def test_links_to_files_not_collected_are_dropped() -> None:
    binaries = [("PySide6/Qt/lib/libQt6Gui.so.6", "/src/libQt6Gui.so.6", "BINARY")]
    datas = [
        ("libQt6Gui.so.6", "PySide6/Qt/lib/libQt6Gui.so.6", "SYMLINK"),
        ("libQt6OpenGL.so.6", "PySide6/Qt/lib/libQt6OpenGL.so.6", "SYMLINK"),
        ("pyproject.toml", "/src/pyproject.toml", "DATA"),
    ]
    kept = bundle_contents.drop_dangling_symlinks(datas, [*binaries, *datas])
    assert [entry[0] for entry in kept] == ["libQt6Gui.so.6", "pyproject.toml"]


ICU_KEPT = [
    "root.res",
    "en.res",
    "en_GB.res",
    "de.res",
    "de_CH.res",
    "pool.res",
    "res_index.res",
    "supplementalData.res",
    "zoneinfo64.res",
    "coll/root.res",
    "coll/de.res",
    "coll/de__PHONEBOOK.res",
    "coll/ucadata.icu",
    "coll/res_index.res",
    "zone/de.res",
    "zone/pool.res",
    "metaZones.res",
    "cnvalias.icu",
    "nfkc.nrm",
    "uts46.nrm",
]
ICU_DROPPED = [
    "fr.res",
    "ar_SA.res",
    "ceb.res",
    "coll/fr.res",
    "coll/es__TRADITIONAL.res",
    "zone/ja.res",
    "brkitr/de.res",
    "brkitr/cjdict.dict",
    "brkitr/word.brk",
    "translit/root.res",
    "rbnf/en.res",
    "ibm-37_P100-1995.cnv",
    "gb18030.cnv",
    "unames.icu",
    # Names Qt takes from its own CLDR data.
    "curr/en.res",
    "unit/pool.res",
    "lang/de.res",
    "region/en.res",
    "confusables.cfu",
]


@pytest.mark.parametrize("item", ICU_KEPT)
def test_icu_data_keeps_what_the_apps_languages_need(item: str) -> None:
    assert bundle_contents.keep_icu_item(item)


@pytest.mark.parametrize("item", ICU_DROPPED)
def test_icu_data_drops_other_languages_and_what_qt_never_asks_for(item: str) -> None:
    assert not bundle_contents.keep_icu_item(item)


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


# What Qt asks ICU for, in the app's languages: collation (plain and numeric),
# case mapping, time-zone names; and names Qt must not ask ICU for (currencies,
# languages, regions), which the trimmed data no longer has.
ICU_PROBE = """
import json
from functools import cmp_to_key
from PySide6.QtCore import QCollator, QLocale, QTimeZone

words = ["Zebra", "Äpfel", "apfel", "Ödem", "ober", "zebra", "Bär", "Bart", "Straße", "10", "9"]
answers = {}
for name in ("de_DE", "de_CH", "en_US", "en_GB"):
    locale = QLocale(name)
    collator = QCollator(locale)
    answers[name + " sorted"] = sorted(words, key=cmp_to_key(collator.compare))
    collator.setNumericMode(True)
    answers[name + " numeric"] = sorted(words, key=cmp_to_key(collator.compare))
    answers[name + " upper"] = locale.toUpper("straße ǆ istanbul")
    for zone_name in (QTimeZone.NameType.LongName, QTimeZone.NameType.ShortName):
        answers[name + " zone " + zone_name.name] = QTimeZone(b"Europe/Berlin").displayName(
            QTimeZone.TimeType.StandardTime, zone_name, locale
        )
    answers[name + " money"] = locale.toCurrencyString(1234.5)
    answers[name + " names"] = [
        locale.nativeLanguageName(),
        locale.nativeTerritoryName(),
        locale.languageToString(QLocale.Language.French),
        locale.currencySymbol(QLocale.CurrencySymbolFormat.CurrencyDisplayName),
    ]
print(json.dumps(answers))
"""


def icu_answers(preload: Path | None) -> dict[str, Any]:
    environment = dict(os.environ)
    if preload is not None:
        environment["LD_PRELOAD"] = str(preload)
    result = subprocess.run(
        [sys.executable, "-c", ICU_PROBE],
        capture_output=True,
        text=True,
        check=True,
        env=environment,
    )
    assert result.stderr == ""  # e.g. Qt's "Could not create collator"
    answers: dict[str, Any] = json.loads(result.stdout)
    return answers


@pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("icupkg", "objcopy", "objdump", "readelf", "ld")),
    reason="needs icupkg (icu-devtools) and binutils",
)
def test_the_trimmed_icu_data_answers_like_the_full_data_in_english_and_german(
    tmp_path: Path,
) -> None:
    icu_data = load_packaging_module("icu_data")
    pyside = importlib.util.find_spec("PySide6")
    assert pyside is not None and pyside.origin is not None
    qt_lib = Path(pyside.origin).parent / "Qt" / "lib"
    (full,) = qt_lib.glob("libicudata.so.*")
    library, kept, dropped = icu_data.trimmed_library(full, tmp_path, bundle_contents.keep_icu_item)
    assert library.name == full.name
    assert library.stat().st_size < full.stat().st_size / 5
    assert "coll/de.res" in kept and "coll/fr.res" in dropped
    full_answers = icu_answers(None)
    # ICU's collation, not code-point order (which puts every capital first).
    assert full_answers["de_DE sorted"][:4] == ["10", "9", "apfel", "Äpfel"]
    assert full_answers["de_DE numeric"][:2] == ["9", "10"]
    assert icu_answers(library) == full_answers


def test_no_module_of_the_app_imports_an_excluded_module() -> None:
    # An optional module is imported behind an ImportError guard (the cluster extra).
    excluded = set(bundle_contents.EXCLUDED_MODULES) - set(bundle_contents.OPTIONAL_MODULES)
    found = []
    for path in sorted((PROJECT_ROOT / "ttt_desktop").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            else:
                continue
            found += [
                f"{path.relative_to(PROJECT_ROOT)}: {name}"
                for name in names
                if name in excluded or name.split(".")[0] in excluded
            ]
    assert found == []


def test_no_excluded_module_is_loaded_by_a_self_test_run(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from ttt_desktop.gui.shell.app import main\n"
        "code = main(['--self-test'])\n"
        "print(' '.join(sorted(sys.modules)))\n"
        "sys.exit(code)\n"
    )
    environment = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=PROJECT_ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    loaded = set(result.stdout.splitlines()[-1].split())
    assert "ttt_desktop.gui.shell.main_window" in loaded
    # hashlib uses OpenSSL's _hashlib where it can; the bundle has its built-in hashes.
    assert loaded & set(bundle_contents.EXCLUDED_MODULES) - {"_hashlib"} == set()
