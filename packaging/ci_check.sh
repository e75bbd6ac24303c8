#!/usr/bin/env bash
# CI check of the packaged app, after ./test.sh (called from .ci/run):
#   1. build it (packaging/build.sh: one folder plus the tar.gz to hand out);
#   2. the built executable says the version written in pyproject.toml;
#   3. --version and --help load no Qt library;
#   4. unpack the archive somewhere else and run that copy's --self-test offscreen
#      (window, icon, every computer player, a game on the worker thread, save/load,
#      worker processes), so a missing plugin, resource or hidden import fails here;
#      only the window's process loads Qt;
#   5. the wheel (pip wheel) carries resources/ as ttt_desktop/resources;
#   6. print the sizes.
# Needs no display and no input; exits non-zero on the first failure.
set -euo pipefail
project_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$project_root"
python=.venv/bin/python

fail() { echo "packaging check FAILED: $*" >&2; exit 1; }

archive=$(packaging/build.sh | tail -n 1)
[ -f "$archive" ] || fail "build.sh did not produce an archive ($archive)"
executable=dist/ttt-desktop/ttt-desktop
[ -x "$executable" ] || fail "no executable at $executable"

expected="TTT Desktop $("$python" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')"
actual=$("$executable" --version)
[ "$actual" = "$expected" ] || fail "--version printed '$actual', pyproject.toml says '$expected'"
echo "version: $actual"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The paths without a window load no Qt library (the dynamic loader's own log of
# what it opens, one file per process).
for option in --version --help; do
  rm -rf "$scratch/ld" && mkdir "$scratch/ld"
  LD_DEBUG=files LD_DEBUG_OUTPUT="$scratch/ld/log" "$executable" "$option" >/dev/null
  if grep -l 'file=.*lib\(Qt6\|icu\)' "$scratch"/ld/log.* >/dev/null 2>&1; then
    fail "$option loads Qt: $(grep -o 'file=[^ ]*lib\(Qt6\|icu\)[^ ]*' "$scratch"/ld/log.* | head -n 3)"
  fi
done
echo "--version and --help load no Qt library"

tar -xzf "$archive" -C "$scratch"
mkdir -p "$scratch/home"
# From the unpacked copy, in another folder, with empty settings: nothing of the
# source checkout can stand in for a file the bundle lacks. The self-test starts
# worker processes (spawn, forkserver): they are this executable too, and only
# the window's process may load Qt.
rm -rf "$scratch/ld" && mkdir "$scratch/ld"
(cd "$scratch" && env QT_QPA_PLATFORM=offscreen HOME="$scratch/home" \
  XDG_CONFIG_HOME="$scratch/home/.config" LD_DEBUG=files LD_DEBUG_OUTPUT="$scratch/ld/log" \
  ./ttt-desktop/ttt-desktop --self-test) \
  || fail "the packaged app's self-test failed"
processes=$(ls "$scratch"/ld/log.* | wc -l)
qt_processes=$(grep -l 'file=.*libQt6Core' "$scratch"/ld/log.* | wc -l)
[ "$processes" -gt 1 ] || fail "the self-test started no worker process"
[ "$qt_processes" = 1 ] || fail "$qt_processes of $processes processes loaded Qt (only the window's should)"
echo "self-test: $processes processes, Qt loaded in the window's only"

# setuptools works in build/lib; start from nothing so a stale file cannot hide a missing one.
rm -rf build/lib build/bdist.*
"$python" -m pip wheel -q --no-deps . -w "$scratch/wheel" >&2
rm -rf build/lib build/bdist.*
"$python" - "$scratch"/wheel/ttt_desktop-*.whl <<'PYTHON' || fail "the wheel lacks resources"
import sys
import zipfile
from pathlib import Path

names = set(zipfile.ZipFile(sys.argv[1]).namelist())
wanted = {
    "ttt_desktop/resources/" + path.relative_to("resources").as_posix()
    for path in Path("resources").rglob("*")
    if path.is_file()
}
missing = sorted(wanted - names)
if missing:
    sys.exit(f"missing from {sys.argv[1]}: {missing}")
print(f"wheel: {len(wanted)} resource files in {Path(sys.argv[1]).name}")
PYTHON

echo "sizes:"
du -sh dist/ttt-desktop | sed 's/^/  folder  /'
du -h "$archive" | sed 's/^/  archive /'
echo "packaging check passed"
