"""The version: one number in pyproject.toml, found from a checkout or an installation."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

import ttt_desktop
from ttt_desktop import version as version_module
from ttt_desktop.version import (
    DISTRIBUTION_NAME,
    UNKNOWN_VERSION,
    read_version,
    version_from_pyproject,
)

PROJECT_ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = PROJECT_ROOT / "pyproject.toml"


def pyproject_version() -> str:
    with PYPROJECT.open("rb") as file:
        version = tomllib.load(file)["project"]["version"]
    assert isinstance(version, str)
    return version


class TestPackageVersion:
    def test_dunder_version_is_the_pyproject_version(self) -> None:
        assert ttt_desktop.__version__ == pyproject_version()

    def test_dunder_version_can_be_imported_by_name(self) -> None:
        from ttt_desktop import __version__  # noqa: PLC0415

        assert __version__ == pyproject_version()

    def test_unknown_attributes_still_raise(self) -> None:
        with pytest.raises(AttributeError, match="no_such_thing"):
            _ = ttt_desktop.no_such_thing

    def test_importing_the_package_does_not_read_the_version(self) -> None:
        # The start-up path should not pay for tomllib / importlib.metadata.
        code = (
            "import sys, ttt_desktop; "
            "print('ttt_desktop.version' in sys.modules, 'tomllib' in sys.modules)"
        )
        result = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        )
        assert result.stdout.split() == ["False", "False"]


class TestVersionFromPyproject:
    def test_reads_this_projects_file(self) -> None:
        assert version_from_pyproject(PYPROJECT) == pyproject_version()

    def test_missing_file_gives_none(self, tmp_path: Path) -> None:
        assert version_from_pyproject(tmp_path / "pyproject.toml") is None

    def test_another_projects_file_gives_none(self, tmp_path: Path) -> None:
        other = tmp_path / "pyproject.toml"
        other.write_text('[project]\nname = "something-else"\nversion = "9.9"\n')
        assert version_from_pyproject(other) is None

    def test_malformed_file_gives_none(self, tmp_path: Path) -> None:
        broken = tmp_path / "pyproject.toml"
        broken.write_text("[project\nname = ")
        assert version_from_pyproject(broken) is None

    def test_non_string_version_gives_none(self, tmp_path: Path) -> None:
        odd = tmp_path / "pyproject.toml"
        odd.write_text(f'[project]\nname = "{DISTRIBUTION_NAME}"\nversion = 2\n')
        assert version_from_pyproject(odd) is None


class TestReadVersion:
    def test_checkout_file_wins(self, tmp_path: Path) -> None:
        newer = tmp_path / "pyproject.toml"
        newer.write_text(f'[project]\nname = "{DISTRIBUTION_NAME}"\nversion = "7.8.9"\n')
        assert read_version(newer) == "7.8.9"

    def test_without_a_checkout_the_installed_metadata_is_used(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr(metadata, "version", lambda name: f"{name} 4.5.6")
        assert read_version(tmp_path / "absent.toml") == f"{DISTRIBUTION_NAME} 4.5.6"

    def test_neither_gives_the_unknown_marker(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        def not_installed(name: str) -> str:
            raise metadata.PackageNotFoundError(name)

        monkeypatch.setattr(metadata, "version", not_installed)
        assert read_version(tmp_path / "absent.toml") == UNKNOWN_VERSION

    def test_default_path_is_the_checkouts_pyproject(self) -> None:
        assert read_version() == pyproject_version()
        assert version_module.read_version.__defaults__ == (PYPROJECT,)
