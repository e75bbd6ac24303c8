"""Sphinx configuration of the TTT Desktop manual (Markdown sources through MyST).

Build it with ``sphinx-build -W --keep-going -b html docs/manual docs/manual/_build/html``
(the test suite does the same in ``tests/project/test_manual.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The API pages document the code beside this manual, not an installed copy.
sys.path.insert(0, str(ROOT))

project = "TTT Desktop"
author = "TTT Desktop developers"
copyright = "TTT Desktop developers, MIT licence"

extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.napoleon"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build"]
# "page.md#a-heading" links: anchors for headings down to level 3.
myst_heading_anchors = 3
myst_enable_extensions = ["deflist"]

autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True, "ignore-module-all": True}
autodoc_typehints = "signature"
napoleon_google_docstring = True
napoleon_numpy_docstring = False

html_theme = "alabaster"
html_title = "TTT Desktop manual"
html_theme_options = {"description": "Tic-tac-toe and k in a row for the desktop"}
html_show_sourcelink = False
