"""``python -m ttt_desktop.arena``: the ``ttt-arena`` command under its older module name.

The README and the benchmarks run the arena this way; the command itself is
:mod:`ttt_desktop.cli`.
"""

import sys

from ttt_desktop.cli.arena import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
