"""Where the frozen app starts: PyInstaller freezes this script.

It only hands over to :func:`ttt_desktop.gui.app.main`, the same function
``python -m ttt_desktop`` and the installed ``ttt-desktop`` command call, so
the packaged app runs exactly the code a source checkout runs.
"""

import sys

from ttt_desktop.gui.app import main

if __name__ == "__main__":
    sys.exit(main())
