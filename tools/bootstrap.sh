#!/usr/bin/env bash
# Sets up what TTT Desktop needs on this machine, once, and only what is asked for:
#
#   tools/bootstrap.sh                  # to play (./run.sh): the system libraries Qt
#                                       # loads, and .venv with the app and its run-time
#                                       # Python packages (PySide6), nothing else
#   tools/bootstrap.sh --dev            # to develop (./test.sh): the above plus the test
#                                       # and developer tools (pytest, ruff, mypy,
#                                       # PyInstaller: the "dev" extra) in the same .venv
#   ... --for "WHAT THEY ARE FOR" PACKAGE...
#                                       # also these Debian/Ubuntu packages, named in the
#                                       # messages by what they are for
#
# System packages are installed with apt-get when run as root on Debian/Ubuntu (its
# output is kept in a log and shown only if it fails); otherwise the missing ones
# are named with the command that installs them. Safe to run again: it only does
# what is missing (.venv is set up again when pyproject.toml or this file change),
# and says nothing when nothing is missing. When it sets something up it says each
# step as it starts, shows pip's progress, and ends with how long the set-up took.
set -euo pipefail

project_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv="$project_root/.venv"
python=${PYTHON:-python3}

# Qt's xcb (X11) and offscreen platforms, fonts. Qt from the PySide6 wheels links
# these from the system.
qt_libraries=(
  libegl1 libgl1 libx11-6 libdbus-1-3 libfontconfig1 libfreetype6 libglib2.0-0
  libxkbcommon0 fontconfig-config fonts-dejavu-core
  libx11-xcb1 libxcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
  libxcb-randr0 libxcb-render0 libxcb-render-util0 libxcb-shape0 libxcb-shm0
  libxcb-sync1 libxcb-util1 libxcb-xfixes0 libxcb-xkb1 libxkbcommon-x11-0
  libpulse0
)
# The compiled half of the random playouts (ttt_desktop/core/_fastplay.c): a C compiler
# and Python's headers. Without them the app installs all the same and plays with the
# pure-Python loop (ttt-arena --version says which).
compiler_packages=(gcc libc6-dev python3-dev)

usage() { sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; }

set_up_started=$SECONDS
set_up_done=0  # 1 once something had to be set up: the end says how long it took

dev=0
# Requested system packages, one "purpose<TAB>package" line each.
requested=$(printf "Qt's system libraries\t%s\n" "${qt_libraries[@]}"
  printf "the compiled playouts' C compiler\t%s\n" "${compiler_packages[@]}")
purpose="other tools"
while [ $# -gt 0 ]; do
  case "$1" in
    --dev) dev=1 ;;
    --for)
      [ $# -ge 2 ] || { echo "bootstrap.sh: --for needs a description" >&2; exit 2; }
      purpose=$2
      shift
      ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "bootstrap.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    *) requested+=$'\n'"$purpose"$'\t'"$1" ;;
  esac
  shift
done

# The requested lines whose package is not installed (all of them without dpkg).
missing_lines() {
  local line_purpose package
  while IFS=$'\t' read -r line_purpose package; do
    [ -n "$package" ] || continue
    if command -v dpkg-query >/dev/null 2>&1 \
        && dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
      continue
    fi
    printf '%s\t%s\n' "$line_purpose" "$package"
  done <<<"$1"
}

# "Qt's system libraries: a b; the tests' validators: c d", from purpose/package lines.
describe() {
  awk -F'\t' '
    !($1 in seen) { order[++n] = $1; seen[$1] = 1 }
    { names[$1] = names[$1] " " $2 }
    END { for (i = 1; i <= n; i++) printf "%s%s:%s", (i > 1 ? "; " : ""), order[i], names[order[i]] }
  ' <<<"$1"
}

install_system_packages() {
  local missing packages log
  missing=$(missing_lines "$1")
  [ -z "$missing" ] && return 0
  packages=$(cut -f2 <<<"$missing" | paste -sd' ')
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing with apt-get (a minute or so): $(describe "$missing")" >&2
    set_up_done=1
    log=$(mktemp "${TMPDIR:-/tmp}/ttt-desktop-apt.XXXXXX.log")
    # shellcheck disable=SC2086
    if ! { apt-get update \
           && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $packages; } \
         >"$log" 2>&1; then
      tail -n 40 "$log" >&2
      echo "apt-get failed (the whole output is in $log); to install by hand:" >&2
      echo "  sudo apt-get install $packages" >&2
      exit 1
    fi
    rm -f "$log"
  else
    echo "Note: these system packages look missing ($(describe "$missing"))." >&2
    echo "If something fails to start, install them: sudo apt-get install $packages" >&2
  fi
}

ensure_venv() {
  if [ ! -x "$venv/bin/python" ]; then
    if ! "$python" -m venv --help >/dev/null 2>&1 || ! "$python" -c "import ensurepip" 2>/dev/null; then
      install_system_packages "$(printf "Python's venv module\tpython3-venv")"
    fi
    "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
      || { echo "TTT Desktop needs Python 3.11 or newer (found $("$python" --version))" >&2; exit 1; }
    echo "Creating the Python environment $venv..." >&2
    set_up_done=1
    "$python" -m venv "$venv"
  fi
  # What is installed, by what it was installed from: reinstalled when pyproject.toml
  # or this recipe change. The dev tools include everything the app needs.
  local recipe app_stamp dev_stamp target what
  recipe=$(cat "$project_root/pyproject.toml" "$project_root/tools/bootstrap.sh" \
    "$project_root/setup.py" "$project_root"/ttt_desktop/core/*.c | cksum | cut -d' ' -f1)
  app_stamp="$venv/.installed-app-$recipe"
  dev_stamp="$venv/.installed-dev-$recipe"
  if [ "$dev" = 1 ]; then
    [ -e "$dev_stamp" ] && return 0
    target="$project_root[dev]"
    what="the app with its test and developer tools (pytest, ruff, mypy, PyInstaller)"
  else
    { [ -e "$app_stamp" ] || [ -e "$dev_stamp" ]; } && return 0
    target="$project_root"
    what="the app and the Python packages it runs on (PySide6)"
  fi
  set_up_done=1
  local log="$venv/pip-install.log"
  echo "Setting up $venv: $what." >&2
  echo "pip downloads and installs them (the first time some 200 MB, a minute or so);" \
    "its output follows and is kept in $log." >&2
  # compat mode puts a plain path entry in site-packages: the default editable
  # import hook costs every Python process (tests, benchmarks) about 20 ms.
  if ! { "$venv/bin/python" -m pip install --upgrade pip \
         && "$venv/bin/python" -m pip install --config-settings editable_mode=compat -e "$target"; } \
       2>&1 | tee "$log" >&2; then
    echo "Installing the Python packages failed; the whole log is in $log" >&2
    exit 1
  fi
  rm -f "$venv"/.installed-*
  touch "$app_stamp"
  [ "$dev" = 1 ] && touch "$dev_stamp"
  return 0
}

install_system_packages "$requested"
ensure_venv
if [ "$set_up_done" = 1 ]; then
  echo "Set-up finished in $((SECONDS - set_up_started)) s (later runs skip it)." >&2
fi
