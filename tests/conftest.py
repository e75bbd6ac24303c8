"""Test configuration shared by every test module.

Qt tests run on the offscreen platform, set here before anything imports Qt,
so no display is needed and nobody has to remember an environment variable.
"""

import os

os.environ["QT_QPA_PLATFORM"] = "offscreen"
