#!/usr/bin/env bash
# Build the packaged TTT Desktop with PyInstaller, from the project root's .venv
# (set up by tools/bootstrap.sh, which this runs first):
#
#   packaging/build.sh             # dist/ttt-desktop/ttt-desktop (one folder) and
#                                  # dist/ttt-desktop-<version>-<os>-<arch>.tar.gz
#   packaging/build.sh --onefile   # dist/onefile/ttt-desktop (one self-unpacking file) and
#                                  # dist/ttt-desktop-<version>-<os>-<arch>-onefile.tar.gz
#
# Prints the path of the archive as its last line.
set -euo pipefail
project_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$project_root"

onefile=0
for argument in "$@"; do
  case "$argument" in
    --onefile) onefile=1 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "build.sh: unknown option $argument (try --help)" >&2; exit 2 ;;
  esac
done

# PyInstaller reads and strips the collected libraries with binutils (objdump, strip),
# icu_data.py trims ICU's data with icupkg (icu-devtools) and links it with ld,
# and bundles libpython, which Debian/Ubuntu ship apart from their system Python.
build_packages=(binutils icu-devtools)
if [ "$("${PYTHON:-python3}" -c 'import sys; print(sys.base_prefix)')" = /usr ]; then
  build_packages+=("libpython$("${PYTHON:-python3}" -c 'import sys; print("%d.%d" % sys.version_info[:2])')")
fi
tools/bootstrap.sh --dev --for "building the package" "${build_packages[@]}"
python=.venv/bin/python

version=$("$python" -c 'import ttt_desktop; print(ttt_desktop.__version__)')
system=$(uname -s | tr '[:upper:]' '[:lower:]')
machine=$(uname -m)
if [ "$onefile" = 1 ]; then
  dist_dir=dist/onefile
  archive="dist/ttt-desktop-$version-$system-$machine-onefile.tar.gz"
else
  dist_dir=dist
  archive="dist/ttt-desktop-$version-$system-$machine.tar.gz"
fi

rm -rf "$dist_dir/ttt-desktop" "$archive"
echo "Building TTT Desktop $version with PyInstaller ($([ "$onefile" = 1 ] && echo onefile || echo onedir))..." >&2
TTT_DESKTOP_ONEFILE=$onefile "$python" -m PyInstaller --noconfirm --log-level WARN \
  --distpath "$dist_dir" --workpath build/pyinstaller packaging/ttt-desktop.spec >&2

# Same bytes for the same inputs: sorted names, fixed owner, no gzip timestamp.
tar --sort=name --owner=0 --group=0 --numeric-owner -C "$dist_dir" -cf - ttt-desktop \
  | gzip -n -9 > "$archive"
echo "$archive"
