#!/usr/bin/env bash
# Build the packaged TTT Desktop with PyInstaller, from the project root's .venv
# (set up by tools/bootstrap.sh, which this runs first):
#
#   packaging/build.sh             # dist/ttt-desktop/ttt-desktop (one folder),
#                                  # dist/ttt-desktop-<version>-<os>-<arch>.tar.xz (the
#                                  # folder with install.sh and uninstall.sh) and, on
#                                  # Debian/Ubuntu, dist/ttt-desktop_<version>_<arch>.deb
#   packaging/build.sh --onefile   # dist/onefile/ttt-desktop (one self-unpacking file) and
#                                  # dist/ttt-desktop-<version>-<os>-<arch>-onefile.tar.xz
#
# Prints the path of the archive and then of the .deb, one per line, last.
set -euo pipefail
project_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$project_root"

onefile=0
for argument in "$@"; do
  case "$argument" in
    --onefile) onefile=1 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
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
  archive="dist/ttt-desktop-$version-$system-$machine-onefile.tar.xz"
else
  dist_dir=dist
  archive="dist/ttt-desktop-$version-$system-$machine.tar.xz"
fi
# File dates in the archives: the last commit's, so the same sources give the same bytes.
if [ -z "${SOURCE_DATE_EPOCH:-}" ] && git -C "$project_root" rev-parse --git-dir >/dev/null 2>&1; then
  SOURCE_DATE_EPOCH=$(git -C "$project_root" log -1 --format=%ct)
fi
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-0}

rm -rf "$dist_dir/ttt-desktop" "$archive" dist/ttt-desktop_*.deb
echo "Building TTT Desktop $version with PyInstaller ($([ "$onefile" = 1 ] && echo onefile || echo onedir))..." >&2
TTT_DESKTOP_ONEFILE=$onefile "$python" -m PyInstaller --noconfirm --log-level WARN \
  --distpath "$dist_dir" --workpath build/pyinstaller packaging/ttt-desktop.spec >&2

# The archive for other distributions: the folder, with install.sh / uninstall.sh
# beside the program (for the current user; see packaging/tarball/).
stage=build/tarball
rm -rf "$stage" && mkdir -p "$stage"
cp -a "$dist_dir/ttt-desktop" "$stage/ttt-desktop"
if [ "$onefile" = 0 ]; then
  install -m 755 packaging/tarball/install.sh packaging/tarball/uninstall.sh "$stage/ttt-desktop/"
fi
# The .deb (on Debian/Ubuntu) is compressed alongside the archive: one xz each, two cores.
deb_pid=
if [ "$onefile" = 0 ] && command -v dpkg-deb >/dev/null 2>&1; then
  echo "Building the .deb (dpkg-deb, xz -9)..." >&2
  "$python" packaging/make_deb.py "$dist_dir/ttt-desktop" dist >build/deb-path.txt &
  deb_pid=$!
fi
echo "Compressing $archive (xz -9)..." >&2
# Same bytes for the same inputs: sorted names, fixed owner and dates, one xz thread.
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" --clamp-mtime \
  -C "$stage" -cf - ttt-desktop | xz -9 -T1 > "$archive"
rm -rf "$stage"
echo "$archive"
if [ -n "$deb_pid" ]; then
  wait "$deb_pid" || { echo "build.sh: building the .deb failed" >&2; exit 1; }
  cat build/deb-path.txt
fi
