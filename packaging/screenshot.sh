#!/usr/bin/env bash
# Take docs/packaged-app.png: the built executable (packaging/build.sh first) in a
# private X server (Xvfb), two moves played against the default computer player.
# Usage: packaging/screenshot.sh [output.png]   (default docs/packaged-app.png)
# Needs xvfb, xdotool and imagemagick (import).
set -euo pipefail
project_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
executable="$project_root/dist/ttt-desktop/ttt-desktop"
output="${1:-$project_root/docs/packaged-app.png}"
[ -x "$executable" ] || { echo "no $executable: run packaging/build.sh first" >&2; exit 1; }

scratch=$(mktemp -d)
display_file="$scratch/display"
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$display_file" >/dev/null 2>&1 &
xvfb_pid=$!
app_pid=
cleanup() {
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
  kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT
for _ in $(seq 100); do [ -s "$display_file" ] && break; sleep 0.05; done
export DISPLAY=":$(cat "$display_file")"

HOME="$scratch" XDG_CONFIG_HOME="$scratch/.config" "$executable" >/dev/null 2>&1 &
app_pid=$!
window=
for _ in $(seq 200); do
  window=$(xdotool search --onlyvisible --name "TTT Desktop" 2>/dev/null | head -n 1) && [ -n "$window" ] && break
  sleep 0.05
done
[ -n "$window" ] || { echo "the app's window did not appear" >&2; exit 1; }
sleep 1
# Keypad keys, so the layout does not matter: 5 (centre), then 8 (top middle, a side:
# never the corner the computer answers the centre with). The computer answers each
# after its 0.4 s delay. The board has the keyboard focus at start.
xdotool windowfocus --sync "$window" 2>/dev/null || true
xdotool key --clearmodifiers 5
sleep 1.5
xdotool key --clearmodifiers 8
sleep 1.5
xdotool mousemove 1270 790
sleep 0.5
import -window "$window" "$output"
echo "$output"
