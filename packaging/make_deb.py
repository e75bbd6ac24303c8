"""Build ``ttt-desktop_<version>_<arch>.deb`` from the one-folder bundle, with dpkg-deb.

Called by ``packaging/build.sh`` after PyInstaller::

    python packaging/make_deb.py dist/ttt-desktop dist/

What the package installs:

- the bundle under ``/opt/ttt-desktop`` and ``/usr/games/ttt-desktop``, a link to
  its executable (where Debian's games put their commands; /usr/games is on the
  PATH of every user session on Debian and Ubuntu);
- the desktop entry in ``/usr/share/applications``, the icon in the hicolor theme
  at every size (PNG 16-512 px and the SVG as ``scalable``), the AppStream
  metainfo in ``/usr/share/metainfo``, a manual page (section 6, games);
- ``copyright`` and ``changelog.gz`` in ``/usr/share/doc/ttt-desktop``, and the
  lintian overrides for what a self-contained bundle in /opt is (each explained).

``Depends`` names the system libraries the bundle does not carry
(``bundle_contents.SYSTEM_LIBRARIES`` and what PyInstaller never collects) and
fonts. Files are owned by root (``--root-owner-group``), dates come from
``SOURCE_DATE_EPOCH`` when set, compression is xz. Prints the .deb's path.
"""

from __future__ import annotations

import argparse
import gzip
import os
import platform
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bundle_contents import (
    FONT_PACKAGES,
    SYSTEM_LIBRARIES,
    SYSTEM_PACKAGES_NOT_COLLECTED,
)

PROJECT_ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "ttt-desktop"
APP_ID = "org.tttdesktop.TTTDesktop"
ICON_NAME = "ttt-desktop"
INSTALL_DIR = Path("opt") / PACKAGE
MAINTAINER = "TTT Desktop developers <developers@tttdesktop.org>"
# The oldest C library the bundle runs on: the build machine's (Debian 12), whose
# libstdc++ and libpython the bundle carries.
MINIMUM_LIBC = "2.36"
DEBIAN_ARCHITECTURES = {"x86_64": "amd64", "aarch64": "arm64"}

# Each tag is what a self-contained application bundle is, not a fault to fix.
# Only tags lintian reports for this package, each being what a self-contained
# application bundle in /opt is, not a fault (the errors among them are errors
# for a package of Debian itself, which this is not).
LINTIAN_OVERRIDES = """\
# The application is one self-contained folder (PyInstaller: Python, Qt and the
# libraries a desktop may lack), installed under /opt as third-party software is.
ttt-desktop: dir-or-file-in-opt [opt/ttt-desktop/*]
# The bundle's libraries find each other through $ORIGIN run paths: the folder
# can be moved (the tarball installs it in ~/.local/opt).
ttt-desktop: custom-library-search-path *
# Python's own extension modules, built that way by Python's build.
ttt-desktop: library-not-linked-against-libc [opt/ttt-desktop/_internal/python3.11/lib-dynload/*]
# zlib and bzip2 as the bundle's Python and Qt were built against; the same
# bundle goes into the tarball for other distributions.
ttt-desktop: embedded-library * [opt/ttt-desktop/_internal/*]
"""

MANUAL_PAGE = """\
.TH TTT-DESKTOP 6 "" "TTT Desktop {version}" "Games"
.SH NAME
ttt-desktop \\- tic-tac-toe against a friend or computer opponents
.SH SYNOPSIS
.B ttt-desktop
.RB [ \\-\\-version | \\-\\-help | \\-\\-self\\-test ]
.RI [ "Qt options" ]
.SH DESCRIPTION
Opens the TTT Desktop window: play a friend on one screen, take on computer
players from a random clicker to an unbeatable solver, or watch two computer
players with a replay control in hand.
.SH OPTIONS
.TP
.B \\-\\-version
Print the version and exit.
.TP
.B \\-\\-help
Print the options and exit.
.TP
.B \\-\\-self\\-test
Open the window, play a quick computer game, save and reload it, start worker
processes, print one line per check and exit with 0 when everything works.
.PP
Other options (for example
.BR "\\-platform offscreen" )
are passed to Qt.
"""


def project() -> dict[str, object]:
    """pyproject.toml's [project] table."""
    with (PROJECT_ROOT / "pyproject.toml").open("rb") as file:
        table: dict[str, object] = tomllib.load(file)["project"]
    return table


def depends() -> str:
    """The Depends field: system libraries and fonts the bundle leaves to the system."""
    packages = sorted({*SYSTEM_LIBRARIES.values(), *SYSTEM_PACKAGES_NOT_COLLECTED} - {"libc6"})
    return ", ".join([f"libc6 (>= {MINIMUM_LIBC})", *packages, FONT_PACKAGES])


def control(version: str, architecture: str, installed_kib: int) -> str:
    """The DEBIAN/control file."""
    summary = "tic-tac-toe against a friend or computer opponents"
    long_description = (
        "TTT Desktop is tic-tac-toe for the desktop. Play a friend on one screen with\n"
        "both names shown, take on computer opponents from a random clicker to an\n"
        "unbeatable solver, or watch two computer players play each other with a\n"
        "replay control in hand.\n"
        ".\n"
        "The application is a self-contained bundle (Python and Qt included) installed\n"
        "under /opt/ttt-desktop, with a menu entry and the ttt-desktop command."
    )
    return (
        f"Package: {PACKAGE}\n"
        f"Version: {version}\n"
        f"Architecture: {architecture}\n"
        f"Maintainer: {MAINTAINER}\n"
        f"Installed-Size: {installed_kib}\n"
        f"Depends: {depends()}\n"
        "Section: games\n"
        "Priority: optional\n"
        f"Description: {summary}\n"
        + "".join(f" {line}\n" for line in long_description.splitlines())
    )


def copyright_file() -> str:
    """usr/share/doc/ttt-desktop/copyright (machine-readable format)."""
    license_text = (PROJECT_ROOT / "LICENSE").read_text(encoding="utf-8")
    holder = next(line for line in license_text.splitlines() if line.startswith("Copyright"))
    body = license_text.split(holder, 1)[1].strip()
    indented = "\n".join(f" {line}" if line.strip() else " ." for line in body.splitlines())
    return (
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        "Upstream-Name: TTT Desktop\n"
        "Comment: /opt/ttt-desktop/_internal holds the bundled Python interpreter and\n"
        " standard library (PSF-2.0), PySide6 and Qt 6 (LGPL-3), ICU (Unicode-3.0)\n"
        " and system libraries from Debian, each under its own license.\n"
        "\n"
        "Files: *\n"
        f"Copyright: {holder.removeprefix('Copyright (c) ').removeprefix('Copyright ')}\n"
        "License: MIT\n"
        "\n"
        f"License: MIT\n{indented}\n"
    )


def changelog(version: str, date: str) -> bytes:
    """usr/share/doc/ttt-desktop/changelog.gz (a native package's changelog)."""
    text = (
        f"{PACKAGE} ({version}) unstable; urgency=medium\n\n"
        f"  * Release {version}; see the README for what changed.\n\n"
        f" -- {MAINTAINER}  {date}\n"
    )
    return gzip.compress(text.encode(), compresslevel=9, mtime=0)


def _write(path: Path, content: str | bytes, mode: int = 0o644) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    path.chmod(mode)


def stage(bundle: Path, root: Path, version: str, date: str) -> None:
    """Lay out the package's files under ``root`` (without DEBIAN/)."""
    resources = bundle / "_internal" / "ttt_desktop" / "resources"
    shutil.copytree(bundle, root / INSTALL_DIR, symlinks=True)
    (root / "usr" / "games").mkdir(parents=True)
    (root / "usr" / "games" / PACKAGE).symlink_to(Path("/") / INSTALL_DIR / PACKAGE)
    share = root / "usr" / "share"
    _write(
        share / "applications" / f"{APP_ID}.desktop",
        (resources / f"{APP_ID}.desktop").read_text(encoding="utf-8"),
    )
    _write(
        share / "metainfo" / f"{APP_ID}.metainfo.xml",
        (resources / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8"),
    )
    icons = share / "icons" / "hicolor"
    for png in sorted((resources / "icons").glob(f"{ICON_NAME}-*.png")):
        size = re.fullmatch(rf"{ICON_NAME}-(\d+)\.png", png.name)
        if size is not None:
            pixels = size.group(1)
            _write(icons / f"{pixels}x{pixels}" / "apps" / f"{ICON_NAME}.png", png.read_bytes())
    svg = resources / "icons" / f"{ICON_NAME}.svg"
    _write(icons / "scalable" / "apps" / f"{ICON_NAME}.svg", svg.read_bytes())
    manual = MANUAL_PAGE.format(version=version).encode()
    _write(share / "man" / "man6" / f"{PACKAGE}.6.gz", gzip.compress(manual, 9, mtime=0))
    doc = share / "doc" / PACKAGE
    _write(doc / "copyright", copyright_file())
    _write(doc / "changelog.gz", changelog(version, date))
    _write(share / "lintian" / "overrides" / PACKAGE, LINTIAN_OVERRIDES)
    # Directories and programs 0755; other files, shared libraries too, 0644.
    executable = root / INSTALL_DIR / PACKAGE
    for path in [root, *root.rglob("*")]:
        if not path.is_symlink():
            path.chmod(0o755 if path.is_dir() or path == executable else 0o644)


def installed_size_kib(root: Path) -> int:
    """Installed-Size: the files' sizes in KiB, rounded up per file as dpkg-gencontrol does."""
    total = 0
    for path in root.rglob("*"):
        if path.is_symlink() or path.is_dir():
            total += 1
        else:
            total += -(-path.stat().st_size // 1024)
    return total


def build(bundle: Path, out_dir: Path, work_dir: Path) -> Path:
    """Stage and build the .deb; return its path."""
    version = str(project()["version"])
    machine = platform.machine()
    architecture = DEBIAN_ARCHITECTURES.get(machine, machine)
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "0")) or None
    date = subprocess.run(
        ["date", "-R", "-u", *(["-d", f"@{epoch}"] if epoch else [])],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    root = work_dir / f"{PACKAGE}_{version}_{architecture}"
    if work_dir.exists():
        shutil.rmtree(work_dir)
    root.mkdir(parents=True)
    stage(bundle, root, version, date)
    _write(root / "DEBIAN" / "control", control(version, architecture, installed_size_kib(root)))
    deb = out_dir / f"{root.name}.deb"
    deb.unlink(missing_ok=True)
    subprocess.run(
        ["dpkg-deb", "--root-owner-group", "-Zxz", "-z9", "--build", str(root), str(deb)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return deb


def main() -> int:
    """Build the .deb from the bundle folder given on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bundle", type=Path, help="the one-folder bundle (dist/ttt-desktop)")
    parser.add_argument("out_dir", type=Path, help="where the .deb goes (dist/)")
    parser.add_argument(
        "--work-dir", type=Path, default=PROJECT_ROOT / "build" / "deb", help="staging folder"
    )
    options = parser.parse_args()
    print(build(options.bundle, options.out_dir, options.work_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main())
