#!/usr/bin/env bash
# The whole test suite: lint (ruff), types (mypy), then pytest (engine, players,
# arena and the real window, offscreen). Extra arguments go to pytest.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
# The app plus the test and developer tools, in the same .venv as ./run.sh's; the
# validators check resources/'s .desktop entry and AppStream metainfo.
tools/bootstrap.sh --dev \
  --for "the tests' validators of the .desktop entry and AppStream metainfo" \
  desktop-file-utils appstream
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy
.venv/bin/python -m pytest "$@"
