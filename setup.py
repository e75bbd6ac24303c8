"""The one piece of build configuration pyproject.toml cannot say.

The wheel carries the top-level ``resources/`` folder (icons, the .desktop entry,
AppStream metainfo) as the package ``ttt_desktop.resources``, so an installed
app finds them beside its code (see ``ttt_desktop/resource_paths.py``). Mapping
a folder outside the package into it needs ``package_dir`` plus an explicit
package list, hence this file; everything else is in pyproject.toml (including
the package data patterns for resources/, one line per folder).

It also builds the compiled half of the random playouts (``ttt_desktop/core/_fastplay.c``)
and of the Searcher's tree (``ttt_desktop/players/_fastsearch.c``), the project's own C:
optional, so a machine without a C compiler or Python's headers installs the app all the
same and plays with the pure-Python loops (``ttt_desktop.core.playout.COMPILED`` and
``ttt_desktop.players.searcher.COMPILED`` say which ones run).
"""

from pathlib import Path

from setuptools import Extension, find_namespace_packages, setup

RESOURCES_DIR = Path(__file__).resolve().parent / "resources"
RESOURCES_PACKAGE = "ttt_desktop.resources"

resource_subpackages = [
    ".".join((RESOURCES_PACKAGE, *folder.relative_to(RESOURCES_DIR).parts))
    for folder in sorted(RESOURCES_DIR.rglob("*"))
    if folder.is_dir() and folder.name != "__pycache__"
]

setup(
    packages=[
        *find_namespace_packages(
            include=["ttt_desktop", "ttt_desktop.*"], exclude=["*.__pycache__"]
        ),
        RESOURCES_PACKAGE,
        *resource_subpackages,
    ],
    package_dir={RESOURCES_PACKAGE: "resources"},
    ext_modules=[
        Extension(
            "ttt_desktop.core._fastplay",
            ["ttt_desktop/core/_fastplay.c"],
            optional=True,
            extra_compile_args=["-O2"],
        ),
        Extension(
            "ttt_desktop.players._fastsearch",
            ["ttt_desktop/players/_fastsearch.c"],
            optional=True,
            extra_compile_args=["-O2"],
        ),
    ],
)
