#!/usr/bin/env bash
# Regenerate docs/window-*.png: the real window under a private Xvfb display.
# Needs xvfb (xvfb-run); settings go to a throw-away folder, never the user's.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
exec xvfb-run -a -s "-screen 0 1280x900x24 -nolisten tcp" \
  .venv/bin/python docs/take_screenshots.py
