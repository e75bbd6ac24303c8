"""``python -m ttt_desktop.cli``: the ``ttt-arena`` command."""

import sys

from ttt_desktop.cli.arena import main

sys.exit(main())
