"""Where the frozen app starts: PyInstaller freezes this script.

First, a brain's keeper (``--brain-keeper``, :mod:`ttt_desktop.brains.keeper`): the brain
manager runs this executable so to keep a Gomocup brain; it imports nothing else.

Then, before anything else is imported, ``multiprocessing.freeze_support()``:
a worker process started with the ``spawn`` or ``forkserver`` context runs this
same executable with multiprocessing's own arguments, and freeze_support (as
PyInstaller's run-time hook sets it up) runs the worker's code and exits there,
so a worker never reaches the window's code and never loads Qt.

Then it hands over to :func:`ttt_desktop.gui.shell.app.main`, the same function
``python -m ttt_desktop`` and the installed ``ttt-desktop`` command call, so
the packaged app runs exactly the code a source checkout runs. That function
reads the command line before it imports Qt: ``--version`` and ``--help`` load
no Qt library (PyInstaller's own PySide6 run-time hook would; the spec replaces
it, see ``packaging/hooks/``).
"""

import multiprocessing
import sys

if __name__ == "__main__":
    if sys.argv[1:2] == ["--brain-keeper"]:
        from ttt_desktop.brains.keeper import main as keep

        keep(sys.argv[2:])
    multiprocessing.freeze_support()

    from ttt_desktop.gui.shell.app import main

    sys.exit(main())
