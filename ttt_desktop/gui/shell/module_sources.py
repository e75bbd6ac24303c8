"""PySide6 without reading every module's source at import.

After ``PySide6.QtCore`` is imported, PySide6 hears of every module imported later
(for its ``from __feature__ import ...`` switches) and, for each one it has not seen,
decides whether it "uses PySide" by reading the module's whole source through
``inspect.getsource``: the file is read, split into lines and kept in ``linecache``.
At the app's start that is about 100 modules, 13 ms and 4.5 MiB of resident memory
that stays (benchmarks/start_vs_bare.py).

:func:`spare_module_sources` answers the same question from the finished module's
names instead: a module uses PySide when something in its namespace comes from PySide6
or shiboken6. Only the default of a module that has no ``from __feature__`` import is
decided there (such an import sets its module's switches itself, before this question is
asked), and TTT Desktop has no such import: the answer only tells PySide6 which modules
it may skip when it looks for switches.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Final

_QT_PACKAGES: Final = ("PySide6", "shiboken6")


def uses_pyside(module: ModuleType) -> bool:
    """Whether anything in the module's namespace comes from PySide6 (or shiboken6)."""
    try:
        values = list(vars(module).values())
    except TypeError:
        return False
    for value in values:
        if isinstance(value, ModuleType):
            owner = value.__name__
        else:
            owner = getattr(value, "__module__", "")
        if isinstance(owner, str) and owner.startswith(_QT_PACKAGES):
            return True
    return False


def spare_module_sources() -> bool:
    """Let PySide6 tell a module that uses it by its names, not by its source.

    Call after PySide6 is imported and before the app's own modules are. Returns False
    (and changes nothing) when this PySide6 has no such check.
    """
    feature = sys.modules.get("shibokensupport.feature")
    if feature is None or not callable(getattr(feature, "_mod_uses_pyside", None)):
        return False
    setattr(feature, "_mod_uses_pyside", uses_pyside)  # noqa: B010  (not in its stubs)
    return True
