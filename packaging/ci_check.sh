#!/usr/bin/env bash
# CI check of the packaged app, after ./test.sh (called from .ci/run):
#   1. build it (packaging/build.sh: the one folder, the .tar.xz with install.sh and
#      uninstall.sh, the .deb);
#   2. the built executable says the version written in pyproject.toml;
#   3. --version and --help load no Qt library;
#   4. unpack the archive somewhere else and run that copy's --self-test offscreen
#      (window, icon, every computer player, a game on the worker thread, save/load,
#      worker processes, sound), so a missing plugin, resource or hidden import fails
#      here; only the window's process loads Qt; with a private PulseAudio server
#      whose only output is a null sink, QSoundEffect loads every sound (status Ready);
#   5. the archive's install.sh into a throwaway HOME: menu entry, icons, metainfo,
#      the installed program's --self-test; its uninstall.sh leaves HOME as it was;
#   6. the .deb: lintian reports no error; installed with dpkg into a throwaway root
#      (dpkg --root: its own database and folder tree, not a chroot; the installed
#      program runs against this machine's system libraries), every file in place,
#      the installed program's --self-test, then purged: nothing left behind;
#   7. the wheel (pip wheel) carries resources/ as ttt_desktop/resources;
#   8. the sizes, against the bars: folder at most 75 MiB, .tar.xz and .deb at most 25 MB.
# Needs no display and no input; exits non-zero on the first failure.
set -euo pipefail
project_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$project_root"
python=.venv/bin/python

fail() { echo "packaging check FAILED: $*" >&2; exit 1; }

# lintian checks the .deb (a Debian tool: installed like the build's tools); a PulseAudio
# server gives the self-test an audio output (a null sink) to load the sounds for.
tools/bootstrap.sh --dev --for "checking the .deb" lintian \
  --for "checking the packaged app's sound" pulseaudio

mapfile -t built < <(packaging/build.sh | tail -n 2)
archive=${built[0]:-}
deb=${built[1]:-}
[ -f "$archive" ] || fail "build.sh did not produce an archive ($archive)"
[ -f "$deb" ] || fail "build.sh did not produce a .deb ($deb)"
executable=dist/ttt-desktop/ttt-desktop
[ -x "$executable" ] || fail "no executable at $executable"

expected="TTT Desktop $("$python" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')"
actual=$("$executable" --version)
[ "$actual" = "$expected" ] || fail "--version printed '$actual', pyproject.toml says '$expected'"
echo "version: $actual"

scratch=$(mktemp -d)
pulse_pid=
cleanup() {
  if [ -n "$pulse_pid" ]; then
    kill "$pulse_pid" 2>/dev/null || true
    wait "$pulse_pid" 2>/dev/null || true
  fi
  rm -rf "$scratch"
}
trap cleanup EXIT

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

# Runs a program's --self-test offscreen with settings and data in $scratch/app.
self_test() {
  env QT_QPA_PLATFORM=offscreen XDG_CONFIG_HOME="$scratch/app/config" \
    XDG_DATA_HOME="$scratch/app/data" XDG_CACHE_HOME="$scratch/app/cache" "$@" --self-test
}

# A private sound server for the self-tests: its only output is a null sink, its
# socket is in $scratch (PULSE_SERVER sends the app there), and it ends with this script.
mkdir -p "$scratch/pulse/home" "$scratch/pulse/runtime"
chmod 700 "$scratch/pulse/runtime"
HOME="$scratch/pulse/home" XDG_RUNTIME_DIR="$scratch/pulse/runtime" \
  pulseaudio --daemonize=no --exit-idle-time=-1 --disallow-exit --disable-shm -n \
  -L "module-null-sink sink_name=ttt_check" \
  -L "module-native-protocol-unix auth-anonymous=1 socket=$scratch/pulse/native" \
  >"$scratch/pulse/log" 2>&1 &
pulse_pid=$!
export PULSE_SERVER="unix:$scratch/pulse/native"
for _ in $(seq 100); do [ -S "$scratch/pulse/native" ] && break; sleep 0.05; done
[ -S "$scratch/pulse/native" ] || { cat "$scratch/pulse/log" >&2; fail "the PulseAudio server did not start"; }

mkdir -p "$scratch/unpacked" "$scratch/home"
tar -xJf "$archive" -C "$scratch/unpacked"
# From the unpacked copy, in another folder, with empty settings: nothing of the
# source checkout can stand in for a file the bundle lacks. The self-test starts
# worker processes (spawn, forkserver): they are this executable too, and only
# the window's process may load Qt.
rm -rf "$scratch/ld" && mkdir "$scratch/ld"
(cd "$scratch" && HOME="$scratch/home" LD_DEBUG=files LD_DEBUG_OUTPUT="$scratch/ld/log" \
  self_test ./unpacked/ttt-desktop/ttt-desktop) | tee "$scratch/self-test.txt" \
  || fail "the packaged app's self-test failed"
grep -qx "self-test sound: move, win, loss, draw loaded by QSoundEffect" "$scratch/self-test.txt" \
  || fail "the packaged app loaded no sound: $(grep '^self-test sound' "$scratch/self-test.txt")"
# The bundle carries the compiled playouts (built by the editable install from _fastplay.c).
grep -q "^self-test playouts: compiled (C)" "$scratch/self-test.txt" \
  || fail "the packaged app has no compiled playouts: $(grep '^self-test playouts' "$scratch/self-test.txt")"
# And the Searcher's compiled tree (from _fastsearch.c).
grep -q "^self-test search: compiled (C)" "$scratch/self-test.txt" \
  || fail "the packaged app has no compiled search: $(grep '^self-test search' "$scratch/self-test.txt")"
processes=$(ls "$scratch"/ld/log.* | wc -l)
qt_processes=$(grep -l 'file=.*libQt6Core' "$scratch"/ld/log.* | wc -l)
[ "$processes" -gt 1 ] || fail "the self-test started no worker process"
[ "$qt_processes" = 1 ] || fail "$qt_processes of $processes processes loaded Qt (only the window's should)"
echo "self-test: $processes processes, Qt loaded in the window's only"

# The archive's install.sh / uninstall.sh, for a user whose HOME is empty.
app_id=org.tttdesktop.TTTDesktop
icon_sizes=(16 24 32 48 64 128 256 512)
user_home="$scratch/user home"  # a space, as some people's home folders have
mkdir -p "$user_home"
HOME="$user_home" "$scratch/unpacked/ttt-desktop/install.sh" || fail "install.sh failed"
entry="$user_home/.local/share/applications/$app_id.desktop"
[ -f "$entry" ] || fail "install.sh wrote no menu entry"
grep -qx "Exec=\"$user_home/.local/opt/ttt-desktop/ttt-desktop\"" "$entry" \
  || fail "the menu entry does not run the installed program: $(grep '^Exec=' "$entry")"
if command -v desktop-file-validate >/dev/null 2>&1; then
  desktop-file-validate "$entry" || fail "the installed menu entry is not valid"
fi
for size in "${icon_sizes[@]}"; do
  [ -f "$user_home/.local/share/icons/hicolor/${size}x${size}/apps/ttt-desktop.png" ] \
    || fail "install.sh put no ${size}x${size} icon"
done
[ -f "$user_home/.local/share/icons/hicolor/scalable/apps/ttt-desktop.svg" ] || fail "no SVG icon"
[ -f "$user_home/.local/share/metainfo/$app_id.metainfo.xml" ] || fail "no metainfo"
HOME="$user_home" self_test "$user_home/.local/bin/ttt-desktop" >/dev/null \
  || fail "the program install.sh installed fails its self-test"
HOME="$user_home" "$user_home/.local/opt/ttt-desktop/uninstall.sh" || fail "uninstall.sh failed"
left=$(find "$user_home" -mindepth 1)
[ -z "$left" ] || fail "uninstall.sh left files behind: $left"
echo "tarball: install.sh and uninstall.sh for the current user (menu entry, ${#icon_sizes[@]} icon sizes + SVG, metainfo), nothing left behind"

# The .deb: lintian, then installed into a throwaway root and purged again.
lintian --fail-on error --no-tag-display-limit "$deb" >"$scratch/lintian.txt" 2>&1 \
  || { cat "$scratch/lintian.txt" >&2; fail "lintian reports errors in $deb"; }
echo "lintian: no errors ($(grep -c '^W:' "$scratch/lintian.txt" || true) warnings)"
root="$scratch/root"
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$root/var/lib/dpkg/triggers"
touch "$root/var/lib/dpkg/status"
# --force-depends: the dependencies are installed on this machine, not in the empty root.
dpkg --root="$root" --force-depends --install "$deb" >"$scratch/dpkg.txt" 2>&1 \
  || { cat "$scratch/dpkg.txt" >&2; fail "dpkg could not install $deb"; }
[ "$(readlink "$root/usr/games/ttt-desktop")" = /opt/ttt-desktop/ttt-desktop ] \
  || fail "/usr/games/ttt-desktop does not point at /opt/ttt-desktop/ttt-desktop"
[ -x "$root/opt/ttt-desktop/ttt-desktop" ] || fail "no /opt/ttt-desktop/ttt-desktop"
for file in "usr/share/applications/$app_id.desktop" "usr/share/metainfo/$app_id.metainfo.xml" \
    usr/share/icons/hicolor/scalable/apps/ttt-desktop.svg usr/share/man/man6/ttt-desktop.6.gz \
    usr/share/doc/ttt-desktop/copyright; do
  [ -f "$root/$file" ] || fail "the .deb does not install /$file"
done
for size in "${icon_sizes[@]}"; do
  [ -f "$root/usr/share/icons/hicolor/${size}x${size}/apps/ttt-desktop.png" ] \
    || fail "the .deb installs no ${size}x${size} icon"
done
HOME="$scratch/home" self_test "$root/opt/ttt-desktop/ttt-desktop" >/dev/null \
  || fail "the program the .deb installed fails its self-test"
dpkg --root="$root" --purge ttt-desktop >"$scratch/dpkg.txt" 2>&1 \
  || { cat "$scratch/dpkg.txt" >&2; fail "dpkg could not remove ttt-desktop"; }
left=$(find "$root" -mindepth 1 -not -path "$root/var/lib/dpkg*" -not -path "$root/var/lib" \
  -not -path "$root/var")
[ -z "$left" ] || fail "removing the .deb left files behind: $(echo "$left" | head -n 5)"
echo "deb: installed into a throwaway root with dpkg --root (usr/games link, menu entry, ${#icon_sizes[@]} icon sizes + SVG, metainfo, manual page), self-test passed, purged with nothing left"

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

# Sizes against the bars (the folder as benchmarks/package_size_and_start.py counts it).
"$python" - dist/ttt-desktop "$archive" "$deb" <<'PYTHON' || fail "a size is over its bar"
import sys
from pathlib import Path

folder, archive, deb = (Path(argument) for argument in sys.argv[1:])
folder_mib = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 2**20
checks = [
    ("one-folder bundle", folder_mib, 75.0, "MiB"),
    (archive.name, archive.stat().st_size / 1e6, 25.0, "MB"),
    (deb.name, deb.stat().st_size / 1e6, 25.0, "MB"),
]
over = False
for label, value, bar, unit in checks:
    verdict = "within" if value <= bar else "OVER"
    over |= value > bar
    print(f"  {label:40} {value:6.1f} {unit:3}  {verdict} the bar of {bar:g} {unit}")
sys.exit(1 if over else 0)
PYTHON
echo "packaging check passed"
