"""What the packaged app leaves out: the lists and filters the PyInstaller spec applies.

Kept apart from ``ttt-desktop.spec`` (which only PyInstaller can run) so that the
tests can check the filters on file names from Linux, Windows and macOS builds.

PySide6's hooks collect every plugin of QtGui and QtWidgets and PyInstaller then
collects every library those plugins need; most of it is never loaded by this
app. :func:`keep` drops collected files by destination path
(:data:`DROPPED_PATHS`); :func:`prune_unreachable_libraries` then drops the
shared libraries that only dropped files needed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import PurePosixPath
from typing import Final, TypeVar

# Modules the app never imports; some are pulled in by optional imports in the
# standard library or in PySide6's own helpers.
EXCLUDED_MODULES: Final = (
    "tkinter",
    "unittest",
    "pydoc",
    "doctest",
    "lib2to3",
    "xmlrpc",
    "sqlite3",
    # No network: hashlib falls back to its built-in hashes without _hashlib,
    # and dropping these drops OpenSSL's libcrypto (about 5 MB).
    "ssl",
    "_ssl",
    "_hashlib",
    "pytest",
    "hypothesis",
    "PySide6.QtNetwork",
    "PySide6.QtQml",
    "PySide6.QtQuick",
    "PySide6.QtQuickWidgets",
    "PySide6.QtOpenGL",
    "PySide6.QtOpenGLWidgets",
    "PySide6.QtPdf",
    "PySide6.QtSql",
    "PySide6.QtDBus",
    "PySide6.QtTest",
    "PySide6.QtPrintSupport",
    "PySide6.QtXml",
    "PySide6.QtConcurrent",
    "PySide6.QtDesigner",
    "PySide6.QtHelp",
    "PySide6.QtUiTools",
)

# Collected files whose destination matches one of these are dropped. Destinations
# look like PySide6/Qt/plugins/platforms/libqwayland.so (Linux, macOS),
# PySide6/plugins/platforms/qwindows.dll (Windows) or PySide6/Qt/lib/libQt6Qml.so.6.
DROPPED_PATHS: Final = (
    # Platforms: xcb (X11, XWayland) and offscreen (CI, the self-test) on Linux;
    # qwindows / qcocoa and offscreen on the other systems.
    r"plugins/platforms/(?!(lib)?q(xcb|offscreen|windows|cocoa)\.)",
    r"plugins/(egldeviceintegrations|wayland-[a-z-]+|generic|networkinformation|tls)/",
    r"plugins/(sqldrivers|qmltooling|designer|printsupport|vectorimageformats)/",
    r"plugins/platforminputcontexts/(lib)?qtvirtualkeyboard",
    r"plugins/platformthemes/(lib)?qgtk3",
    # Image formats: the app reads SVG (its icon) and PNG (built into QtGui); ICO is
    # kept for Windows title bars. The rest only cost space.
    r"plugins/imageformats/(lib)?q(pdf|tiff|webp|gif|jpeg|tga|wbmp|icns)",
    # Qt libraries that only the dropped plugins or the excluded modules load.
    r"(lib)?Qt6(Pdf|Qml\w*|Quick\w*|VirtualKeyboard\w*|Wayland\w*|WlShell\w*|EglF[Ss]\w*)\b",
    r"(lib)?Qt6(Network|Sql|Test|Designer\w*|Help|UiTools|OpenGLWidgets|Lottie\w*|Labs\w*)\b",
    r"(lib)?Qt6(Concurrent|Xml|PrintSupport|ShaderTools|Multimedia\w*|3D\w*)\b",
    # Qt's translations: the app's text is English.
    r"PySide6/(Qt/)?translations/",
)
_DROPPED: Final = re.compile("|".join(f"(?:{pattern})" for pattern in DROPPED_PATHS))

# PyInstaller's TOC entries: (destination, source, type code).
Entry = TypeVar("Entry", bound=Sequence[str])
ImportsOf = Callable[[str], Iterable[tuple[str, str | None]]]


def is_dropped(destination: str) -> bool:
    """True if a collected file with this destination path is left out of the bundle."""
    return _DROPPED.search(destination.replace("\\", "/")) is not None


def keep(entries: Iterable[Entry]) -> list[Entry]:
    """The entries whose destination :func:`is_dropped` does not match."""
    return [entry for entry in entries if not is_dropped(entry[0])]


def _is_pruning_candidate(destination: str) -> bool:
    # Top-level system libraries and Qt's own libraries are only there because
    # something needs them; everything else (extension modules, Qt plugins,
    # libpython) is loaded directly by Python or Qt.
    destination = destination.replace("\\", "/")
    top_level_library = "/" not in destination and not destination.startswith("libpython")
    return top_level_library or destination.startswith("PySide6/Qt/lib/")


def prune_unreachable_libraries(binaries: Sequence[Entry], imports_of: ImportsOf) -> list[Entry]:
    """Drop the shared libraries that no kept binary needs any more (for Linux builds).

    Starting from the binaries loaded directly (Python extension modules, Qt
    plugins, libpython), follow each one's needed libraries (``imports_of(source)``
    gives ``(library name, resolved path)`` pairs, as PyInstaller's
    ``bindepend.get_imports`` does) and keep only the libraries reached.
    """
    by_name = {PurePosixPath(entry[0].replace("\\", "/")).name: entry for entry in binaries}
    reached: set[str] = set()
    pending = [entry for entry in binaries if not _is_pruning_candidate(entry[0])]
    while pending:
        entry = pending.pop()
        if entry[0] in reached:
            continue
        reached.add(entry[0])
        for library_name, _resolved in imports_of(entry[1]):
            dependency = by_name.get(library_name)
            if dependency is not None and dependency[0] not in reached:
                pending.append(dependency)
    return [entry for entry in binaries if entry[0] in reached]
