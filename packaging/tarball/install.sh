#!/bin/sh
# Install TTT Desktop for the current user, from the unpacked archive:
#
#   ttt-desktop/install.sh
#
# The app goes to ~/.local/opt/ttt-desktop, its menu entry to
# ~/.local/share/applications, its icon to ~/.local/share/icons/hicolor (every
# size), its AppStream metainfo to ~/.local/share/metainfo and a link to the
# program to ~/.local/bin/ttt-desktop. Running it again replaces an earlier
# installation. ~/.local/opt/ttt-desktop/uninstall.sh removes all of it.
# (XDG_DATA_HOME is honoured for the share/ part.) Needs no root.
set -eu

source_dir=$(cd "$(dirname "$0")" && pwd)
app_id=org.tttdesktop.TTTDesktop
icon=ttt-desktop
prefix="$HOME/.local/opt/ttt-desktop"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
bin="$HOME/.local/bin"
resources="$source_dir/_internal/ttt_desktop/resources"

[ -x "$source_dir/ttt-desktop" ] && [ -d "$resources" ] || {
  echo "install.sh: run it from the unpacked ttt-desktop folder (no ttt-desktop program beside it)" >&2
  exit 1
}
if [ "$source_dir" = "$prefix" ]; then
  echo "install.sh: TTT Desktop is already installed in $prefix" >&2
  exit 1
fi

# A previous installation goes first, by its own list.
if [ -x "$prefix/uninstall.sh" ]; then
  "$prefix/uninstall.sh" --quiet
fi

mkdir -p "$prefix"
cp -R "$source_dir/." "$prefix/"
rm -f "$prefix/install.sh"

# Every file placed outside $prefix, one per line, for uninstall.sh.
manifest="$prefix/installed-files.txt"
: > "$manifest"
place() {  # place SOURCE TARGET
  mkdir -p "$(dirname "$2")"
  cp "$1" "$2"
  chmod 644 "$2"
  printf '%s\n' "$2" >> "$manifest"
}

# The menu entry runs this installation's program by its full path, quoted and
# escaped as the Desktop Entry specification asks (argument level: \ " ` $;
# string level: \ again; % doubled).
entry="$data/applications/$app_id.desktop"
mkdir -p "$(dirname "$entry")"
exec_path=$(printf '%s' "$prefix/ttt-desktop" | sed -e 's/[\\"`$]/\\&/g' -e 's/\\/\\\\/g' -e 's/%/%%/g')
EXEC_LINE="Exec=\"$exec_path\"" awk '/^Exec=/ { print ENVIRON["EXEC_LINE"]; next } { print }' \
  "$resources/$app_id.desktop" > "$entry"
chmod 644 "$entry"
printf '%s\n' "$entry" >> "$manifest"

for png in "$resources/icons/$icon"-*.png; do
  size=${png##*-}
  size=${size%.png}
  place "$png" "$data/icons/hicolor/${size}x${size}/apps/$icon.png"
done
place "$resources/icons/$icon.svg" "$data/icons/hicolor/scalable/apps/$icon.svg"
place "$resources/$app_id.metainfo.xml" "$data/metainfo/$app_id.metainfo.xml"

mkdir -p "$bin"
ln -sf "$prefix/ttt-desktop" "$bin/ttt-desktop"
printf '%s\n' "$bin/ttt-desktop" >> "$manifest"

# Desktops watch these folders and show the entry without further ado (no MIME
# types to register, so no cache to update).
echo "TTT Desktop installed in $prefix; it is in the applications menu."
case ":$PATH:" in
  *":$bin:"*) echo "Start it from the menu or with: ttt-desktop" ;;
  *) echo "Start it from the menu or with: $bin/ttt-desktop" ;;
esac
echo "To remove it: $prefix/uninstall.sh"
