"""TTT Desktop: tic-tac-toe for the desktop.

Subpackages: ``engine`` (board, cells, records), ``players`` (the AI roster),
``analysis`` (census and solver), ``arena`` (command-line matches) and ``gui``
(the Qt window). Only ``gui`` imports Qt.
"""

from functools import cache

__all__ = ["__version__"]


@cache
def _version() -> str:
    # Looked up on first use only: tomllib / importlib.metadata cost tens of
    # milliseconds, which the window's start-up should not pay.
    from ttt_desktop.version import read_version  # noqa: PLC0415

    return read_version()


def __getattr__(name: str) -> str:
    """Provide ``__version__`` lazily (PEP 562)."""
    if name == "__version__":
        return _version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
