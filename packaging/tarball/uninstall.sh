#!/bin/sh
# Remove TTT Desktop installed for the current user by install.sh: the files it
# placed (listed in installed-files.txt beside this script), the folders it made
# that are left empty, and the installation folder itself. Settings and saved
# games are the user's and stay. --quiet says nothing on success.
set -eu

prefix=$(cd "$(dirname "$0")" && pwd)
manifest="$prefix/installed-files.txt"
quiet=0
[ "${1:-}" = "--quiet" ] && quiet=1

[ -x "$prefix/ttt-desktop" ] || {
  echo "uninstall.sh: $prefix does not look like a TTT Desktop installation" >&2
  exit 1
}

if [ -f "$manifest" ]; then
  while IFS= read -r file; do
    [ -n "$file" ] || continue
    rm -f "$file"
    # Remove the folders install.sh may have made, up to the first one still in use.
    folder=$(dirname "$file")
    while [ "$folder" != "$HOME" ] && [ "$folder" != / ] && rmdir "$folder" 2>/dev/null; do
      folder=$(dirname "$folder")
    done
  done < "$manifest"
fi

rm -rf "$prefix"
folder=$(dirname "$prefix")
while [ "$folder" != "$HOME" ] && [ "$folder" != / ] && rmdir "$folder" 2>/dev/null; do
  folder=$(dirname "$folder")
done
[ "$quiet" = 1 ] || echo "TTT Desktop removed from $prefix."
