"""``python -m ttt_desktop`` and the ``ttt-desktop`` launcher: open the window."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Run the desktop app (see :func:`ttt_desktop.gui.shell.app.main`)."""
    from ttt_desktop.gui.shell.app import main as run_app  # noqa: PLC0415

    return run_app(argv)


if __name__ == "__main__":
    sys.exit(main())
