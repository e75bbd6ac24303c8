#!/usr/bin/env bash
# Launch TTT Desktop, setting up .venv and the system libraries on first run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
"$here/tools/bootstrap.sh"
exec "$here/.venv/bin/python" -m ttt_desktop "$@"
