"""What the packaged app leaves out: the lists and filters the PyInstaller spec applies.

Kept apart from ``ttt-desktop.spec`` (which only PyInstaller can run) so that the
tests can check the filters on file names from Linux, Windows and macOS builds.

PySide6's hooks collect every plugin of QtGui and QtWidgets and PyInstaller then
collects every library those plugins need; most of it is never loaded by this
app. :func:`keep` drops collected files by destination path
(:data:`DROPPED_PATHS`) and the system libraries every Linux desktop has
(:data:`SYSTEM_LIBRARIES`, which the .deb names as dependencies);
:func:`prune_unreachable_libraries` then drops the shared libraries that only
dropped files needed. :func:`keep_icu_item` says which items of ICU's data the
bundle keeps (``packaging/icu_data.py`` rebuilds the data library with them).
"""

from __future__ import annotations

import re
import sys
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
    # No network: hashlib falls back to its built-in hashes without _hashlib,
    # and dropping these drops OpenSSL's libcrypto (about 5 MB).
    "ssl",
    "_ssl",
    "_hashlib",
    "pytest",
    "hypothesis",
    # The cluster extra (tournaments on a Dask cluster, from the command line): not part of
    # the packaged app, which says how to install it when --scheduler is asked for. PyInstaller
    # would otherwise follow the runner's guarded import into Dask, NumPy, SciPy and Sphinx.
    "distributed",
    "dask",
    # numpy (about 40 MB with its OpenBLAS) only trains the n-tuple network; the network
    # plays without it (players/ntuple_player.py), and the Lab says why training one needs
    # TTT Desktop from source.
    "numpy",
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
    # Sound (gui/game/sound.py) needs QtMultimedia (and QtNetwork, which its Python module
    # imports) but not FFmpeg: QSoundEffect reads WAV itself and plays through
    # PulseAudio from libQt6Multimedia alone (see DROPPED_PATHS).
    "PySide6.QtMultimediaWidgets",
    # Python extension modules the app never loads (checked: none of them is in
    # sys.modules after a self-test run from source, and no module of the app
    # imports them): the CJK codecs (text in UTF-8 only) and unicodedata.
    "_codecs_cn",
    "_codecs_hk",
    "_codecs_iso2022",
    "_codecs_jp",
    "_codecs_kr",
    "_codecs_tw",
    "_multibytecodec",
    "unicodedata",
    # Standard modules no module of the app imports, which PyInstaller follows from lazy
    # imports elsewhere (about 0.3 MiB of byte code): email (importlib.metadata's, read only
    # when the bundle's pyproject.toml is missing, and urllib.request's) and tarfile
    # (shutil's archives).
    "email",
    "tarfile",
    # decimal's C half (360 KiB): openskill, behind the ratings, imports statistics, which
    # imports fractions, which imports decimal for one isinstance test; no number of the
    # app is a Decimal. decimal falls back to its pure-Python _pydecimal (74 KiB
    # compressed in the archive), imported with the ratings, never before the first paint.
    "_decimal",
)

# The languages the app speaks besides the source language (English): Qt's own
# translation of its standard texts is kept for these, and ICU's data keeps
# these and English.
APP_LANGUAGES: Final = ("de",)

# Excluded modules that the app does import, each behind a guard that leaves the feature
# off: the cluster extra (an ImportError guard), and numpy, which only players/ntuple.py
# (the n-tuple network's training) imports, and only once players.learner's
# network_training_problem() found it (the Lab and ttt-arena train say why otherwise).
OPTIONAL_MODULES: Final = ("distributed", "dask", "numpy")

# System libraries PyInstaller collects from the build machine that every Linux
# desktop has, by soname, with the Debian package that provides each (the .deb
# depends on those). Left out of the bundle; what only they need goes too (for
# libdbus-1: libsystemd, libgcrypt, libgpg-error, liblz4, libcap, libzstd; for
# libX11: libXau, libXdmcp, libbsd, libmd; for fontconfig and FreeType: libexpat,
# libpng, libbrotli; for GLib: libpcre2). The xcb helper libraries (libxcb-cursor
# and friends) stay in the bundle: many systems lack some of them.
SYSTEM_LIBRARIES: Final = {
    "libdbus-1.so.3": "libdbus-1-3",
    # Python's sqlite3 (the game library) links it.
    "libsqlite3.so.0": "libsqlite3-0",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    # Sound: libQt6Multimedia plays through the PulseAudio client library (PipeWire's
    # desktops have it too); what only it needs goes (libsndfile and its codecs).
    "libpulse.so.0": "libpulse0",
    # QtNetwork (which QtMultimedia needs) links Kerberos (libkrb5, libk5crypto...)
    # and Brotli; the C++ runtime and the compression libraries are in every base
    # system. Left to the system, they make room for sound under the bundle's bar,
    # and the system's C++ runtime is the one its OpenGL drivers need anyway.
    "libgssapi_krb5.so.2": "libgssapi-krb5-2",
    "libbrotlidec.so.1": "libbrotli1",
    "libbrotlicommon.so.1": "libbrotli1",
    "libstdc++.so.6": "libstdc++6",
    "libgcc_s.so.1": "libgcc-s1",
    "libzstd.so.1": "libzstd1",
    "liblzma.so.5": "liblzma5",
    "libbz2.so.1.0": "libbz2-1.0",
    "libz.so.1": "zlib1g",
}
# What the bundle loads from the system without collecting it (PyInstaller never
# collects these), with their Debian packages, and the fonts Qt needs.
SYSTEM_PACKAGES_NOT_COLLECTED: Final = ("libc6", "libgl1", "libegl1", "libxcb1")
FONT_PACKAGES: Final = "fonts-dejavu-core | fonts-freefont-ttf | fonts-liberation"

_OTHER_SYSTEMS_ICONS: Final = tuple(
    pattern
    for system, pattern in (
        ("win32", r"ttt_desktop/resources/icons/ttt-desktop\.ico$"),
        ("darwin", r"ttt_desktop/resources/icons/ttt-desktop\.icns$"),
    )
    if not sys.platform.startswith(system)
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
    # No OpenGL anywhere in the app (the charts paint with QPainter): xcb's GL glue goes.
    r"plugins/xcbglintegrations/",
    # QtMultimedia's backends and the FFmpeg they load (about 20 MB): the sounds are WAV
    # files, which QSoundEffect decodes and plays without a backend.
    r"plugins/multimedia/",
    r"(lib)?Qt6FFmpegStub",
    r"(^|/)(lib)?(avcodec|avformat|avutil|swresample|swscale)[-.]",
    # Qt libraries that only the dropped plugins or the excluded modules load.
    r"(lib)?Qt6(Pdf|Qml\w*|Quick\w*|VirtualKeyboard\w*|Wayland\w*|WlShell\w*|EglF[Ss]\w*)\b",
    r"(lib)?Qt6(Sql|Test|Designer\w*|Help|UiTools|Lottie\w*|Labs\w*)\b",
    r"(lib)?Qt6(Xml|PrintSupport|ShaderTools|Multimedia(Quick|Widgets)|SpatialAudio\w*|3D\w*)\b",
    # Qt's translations of its standard texts: only those of the app's languages.
    r"PySide6/(Qt/)?translations/(?!qtbase_(" + "|".join(APP_LANGUAGES) + r")\.qm$)",
    # The translations' sources (the app loads the compiled .qm files).
    r"ttt_desktop/resources/translations/[^/]*\.ts$",
    # The compiled playouts' and search's C sources and type stubs (the bundle carries the
    # built modules).
    r"ttt_desktop/(core/_fastplay|players/_fastsearch)\.(c|pyi)$",
    # The app's icon in the other systems' formats (the spec adds the right one as
    # the executable's icon on Windows and macOS; resources/ is collected whole).
    *_OTHER_SYSTEMS_ICONS,
)
_DROPPED: Final = re.compile("|".join(f"(?:{pattern})" for pattern in DROPPED_PATHS))

# PyInstaller's TOC entries: (destination, source, type code).
Entry = TypeVar("Entry", bound=Sequence[str])
ImportsOf = Callable[[str], Iterable[tuple[str, str | None]]]


def is_dropped(destination: str) -> bool:
    """True if a collected file with this destination path is left out of the bundle."""
    destination = destination.replace("\\", "/")
    if "/" not in destination and destination in SYSTEM_LIBRARIES:
        return True
    return _DROPPED.search(destination) is not None


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
    ``bindepend.get_imports`` does) and keep only the libraries reached. A needed
    name reaches every entry of that name: the library and PyInstaller's
    top-level symbolic link to it (a ``SYMLINK`` entry, whose second field is
    the destination it points at), and a link reaches its target, so no link is
    kept without the file it points at.
    """
    by_name: dict[str, list[Entry]] = {}
    by_destination: dict[str, Entry] = {}
    for entry in binaries:
        destination = entry[0].replace("\\", "/")
        by_name.setdefault(PurePosixPath(destination).name, []).append(entry)
        by_destination[destination] = entry
    reached: set[str] = set()
    pending = [entry for entry in binaries if not _is_pruning_candidate(entry[0])]
    while pending:
        entry = pending.pop()
        if entry[0] in reached:
            continue
        reached.add(entry[0])
        if len(entry) > 2 and entry[2] == "SYMLINK":
            target = by_destination.get(entry[1].replace("\\", "/"))
            if target is not None:
                pending.append(target)
            continue
        for library_name, _resolved in imports_of(entry[1]):
            pending.extend(by_name.get(library_name, []))
    return [entry for entry in binaries if entry[0] in reached]


def drop_dangling_symlinks(entries: Sequence[Entry], collected: Iterable[Entry]) -> list[Entry]:
    """``entries`` without the ``SYMLINK`` entries whose target is not among ``collected``.

    PyInstaller lists its top-level links to Qt's libraries (``libQt6Gui.so.6 ->
    PySide6/Qt/lib/libQt6Gui.so.6``) with the data files, as ``(name, target's
    destination, "SYMLINK")``, whether or not the target survived the pruning.
    """
    destinations = {entry[0].replace("\\", "/") for entry in collected}
    return [
        entry
        for entry in entries
        if not (len(entry) > 2 and entry[2] == "SYMLINK")
        or entry[1].replace("\\", "/") in destinations
    ]


# ICU's data (libicudata), by item name as ``icupkg -l`` lists them: Qt uses ICU
# for collation (QCollator, locale-aware sorting), case mapping, time-zone names
# and the text codecs beyond UTF-8/16/32 and Latin-1. The app needs the first
# three for its languages; the rest of the 30 MiB goes: other languages' locale
# data, break iteration (Qt has its own) with its dictionaries, transliteration,
# number spell-out, the character names and the legacy codecs (the app reads and
# writes UTF-8 only); and the names of currencies, units, languages and regions,
# which Qt takes from its own CLDR data (QLocale), never from ICU, as the spoof
# checker's confusables (ICU's, which Qt does not use).
ICU_LANGUAGES: Final = ("root", "en", *APP_LANGUAGES)
_ICU_DROPPED_TREES: Final = frozenset(
    {"brkitr", "translit", "rbnf", "curr", "unit", "lang", "region"}
)
_ICU_DROPPED_ITEMS: Final = frozenset({"unames.icu", "confusables.cfu"})
_ICU_LOCALE: Final = re.compile(r"[a-z]{2,3}(_\w*)*$")
_ICU_NOT_LOCALES: Final = frozenset({"res_index", "pool"})


def keep_icu_item(item: str) -> bool:
    """True if the bundle's ICU data keeps this item (``coll/de.res``, ``ibm-37.cnv``...)."""
    tree, _, name = item.rpartition("/")
    if tree in _ICU_DROPPED_TREES:
        return False
    stem, _, extension = name.rpartition(".")
    if extension == "cnv" or item in _ICU_DROPPED_ITEMS:
        return False
    if extension == "res" and stem not in _ICU_NOT_LOCALES and _ICU_LOCALE.match(stem):
        return stem.split("_")[0] in ICU_LANGUAGES
    return True
