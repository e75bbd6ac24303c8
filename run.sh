#!/usr/bin/env bash
# Launch TTT Desktop. The first run sets up what playing needs and nothing more: Qt's
# system libraries and .venv with the app and PySide6 (./test.sh adds the developer
# tools to the same .venv), saying what it does, showing pip's progress and how long
# it took. Later runs start the app at once, without a word.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
"$here/tools/bootstrap.sh"
exec "$here/.venv/bin/python" -m ttt_desktop "$@"
