"""Resources: found in a checkout, a wheel and the frozen app; icons, .desktop, metainfo."""

from __future__ import annotations

import configparser
import importlib.util
import re
import shutil
import struct
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from xml.etree import ElementTree

import pytest

from ttt_desktop import resource_paths
from ttt_desktop.resource_paths import resource_path, resources_root

PROJECT_ROOT = Path(__file__).resolve().parents[2]
RESOURCES = PROJECT_ROOT / "resources"
ICONS = RESOURCES / "icons"
APP_ID = "org.tttdesktop.TTTDesktop"
DESKTOP_FILE = RESOURCES / f"{APP_ID}.desktop"
METAINFO_FILE = RESOURCES / f"{APP_ID}.metainfo.xml"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def load_make_icons() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_icons", PROJECT_ROOT / "packaging" / "make_icons.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def pyproject() -> dict[str, object]:
    with (PROJECT_ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)


def fake_resources(root: Path) -> Path:
    (root / "icons").mkdir(parents=True)
    (root / "icons" / "ttt-desktop.svg").write_text("<svg/>")
    return root


class TestResourcePath:
    def test_finds_the_icon_in_a_checkout(self) -> None:
        assert resources_root() == RESOURCES
        assert resource_path("icons/ttt-desktop.svg") == ICONS / "ttt-desktop.svg"
        assert resource_path("icons/ttt-desktop.svg").is_file()

    def test_a_missing_file_still_gets_its_path(self) -> None:
        assert resource_path("icons/none.png") == ICONS / "none.png"

    @pytest.mark.parametrize("bad", ["/etc/passwd", "../pyproject.toml", "icons/../../x"])
    def test_refuses_paths_outside_the_folder(self, bad: str) -> None:
        with pytest.raises(ValueError, match="inside resources"):
            resource_path(bad)

    def test_frozen_app_uses_the_bundle_folder(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        bundled = fake_resources(tmp_path / "ttt_desktop" / "resources")
        monkeypatch.setattr(sys, "frozen", True, raising=False)
        monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
        assert resource_path("icons/ttt-desktop.svg") == bundled / "icons" / "ttt-desktop.svg"

    def test_installed_wheel_uses_the_folder_inside_the_package(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        package = tmp_path / "site-packages" / "ttt_desktop"
        installed = fake_resources(package / "resources")
        monkeypatch.setattr(resource_paths, "_PACKAGE_DIR", package)
        assert resources_root() == installed

    def test_nowhere_to_be_found_says_where_it_looked(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr(resource_paths, "_PACKAGE_DIR", tmp_path / "pkg")
        with pytest.raises(FileNotFoundError, match="resources not found") as caught:
            resource_path("icons/ttt-desktop.svg")
        assert str(tmp_path / "pkg" / "resources") in str(caught.value)


class TestIcons:
    def test_every_png_size_is_there_and_square(self) -> None:
        make_icons = load_make_icons()
        for size in make_icons.PNG_SIZES:
            data = (ICONS / f"ttt-desktop-{size}.png").read_bytes()
            assert png_size(data) == (size, size)

    def test_ico_holds_png_images_from_16_to_256(self) -> None:
        data = (ICONS / "ttt-desktop.ico").read_bytes()
        reserved, kind, count = struct.unpack("<HHH", data[:6])
        assert (reserved, kind) == (0, 1)
        sizes = []
        for index in range(count):
            entry = data[6 + 16 * index : 22 + 16 * index]
            width, height, _, _, _, _, length, offset = struct.unpack("<BBBBHHII", entry)
            image = data[offset : offset + length]
            sizes.append(png_size(image)[0])
            assert png_size(image) == (width or 256, height or 256)
        assert sizes == [16, 24, 32, 48, 64, 128, 256]

    def test_icns_holds_png_images_up_to_1024(self) -> None:
        data = (ICONS / "ttt-desktop.icns").read_bytes()
        assert data[:4] == b"icns"
        assert struct.unpack(">I", data[4:8])[0] == len(data)
        found = {}
        position = 8
        while position < len(data):
            element_type = data[position : position + 4]
            (length,) = struct.unpack(">I", data[position + 4 : position + 8])
            found[element_type] = png_size(data[position + 8 : position + length])[0]
            position += length
        assert position == len(data)
        assert found == {
            b"icp4": 16,
            b"icp5": 32,
            b"icp6": 64,
            b"ic07": 128,
            b"ic08": 256,
            b"ic09": 512,
            b"ic10": 1024,
        }

    def test_the_script_regenerates_every_icon_file(self, qapp: object, tmp_path: Path) -> None:
        # qapp: pytest-qt's QApplication, so the script does not make a lesser QGuiApplication.
        make_icons = load_make_icons()
        written = make_icons.write_icons(ICONS / "ttt-desktop.svg", tmp_path)
        committed = {path.name for path in ICONS.iterdir() if path.suffix != ".svg"}
        assert {path.name for path in written} == committed
        for path in written:
            if path.suffix == ".png":
                assert png_size(path.read_bytes()) == png_size((ICONS / path.name).read_bytes())


class TestDesktopIntegration:
    def read_desktop_entry(self) -> configparser.SectionProxy:
        parser = configparser.ConfigParser(interpolation=None)
        parser.optionxform = str  # type: ignore[assignment,method-assign]
        parser.read(DESKTOP_FILE, encoding="utf-8")
        return parser["Desktop Entry"]

    def test_desktop_entry_launches_the_installed_command_with_the_icon(self) -> None:
        entry = self.read_desktop_entry()
        gui_scripts = pyproject()["project"]["gui-scripts"]  # type: ignore[index]
        assert entry["Type"] == "Application"
        assert entry["Exec"] in gui_scripts
        assert (ICONS / f"{entry['Icon']}.svg").is_file()
        assert "Game" in entry["Categories"].split(";")
        assert entry["Terminal"] == "false"

    def test_metainfo_names_the_desktop_entry_and_this_version(self) -> None:
        component = ElementTree.parse(METAINFO_FILE).getroot()
        assert component.get("type") == "desktop-application"
        assert component.findtext("id") == APP_ID
        assert component.findtext("launchable") == DESKTOP_FILE.name
        releases = component.findall("releases/release")
        version = pyproject()["project"]["version"]  # type: ignore[index]
        assert releases and releases[0].get("version") == version

    def test_the_same_application_id_everywhere(self) -> None:
        spec = (PROJECT_ROOT / "packaging" / "ttt-desktop.spec").read_text()
        assert re.search(rf'BUNDLE_IDENTIFIER = "{re.escape(APP_ID)}"', spec)
        # The window tells the desktop which entry it belongs to (setDesktopFileName).
        gui_sources = (PROJECT_ROOT / "ttt_desktop" / "gui").rglob("*.py")
        assert any(f'"{APP_ID}"' in path.read_text() for path in gui_sources)

    @pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="no validator")
    def test_desktop_file_validate_accepts_the_entry(self) -> None:
        result = subprocess.run(
            ["desktop-file-validate", str(DESKTOP_FILE)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0 and result.stdout == "", result.stdout

    @pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="no validator")
    def test_appstreamcli_accepts_the_metainfo(self) -> None:
        result = subprocess.run(
            ["appstreamcli", "validate", "--no-net", str(METAINFO_FILE)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, result.stdout


class TestWheelCarriesResources:
    def test_every_resources_folder_has_package_data(self) -> None:
        # setup.py maps resources/ to ttt_desktop.resources; each folder needs its
        # own package-data line in pyproject.toml or its files miss the wheel.
        package_data = pyproject()["tool"]["setuptools"]["package-data"]  # type: ignore[index]
        folders = [RESOURCES, *(path for path in RESOURCES.rglob("*") if path.is_dir())]
        for folder in folders:
            if folder.name == "__pycache__":
                continue
            package = ".".join(("ttt_desktop.resources", *folder.relative_to(RESOURCES).parts))
            assert package_data.get(package) == ["*"], package
