#!/usr/bin/env bash
# Sets up what TTT Desktop needs on this machine, once: the system libraries Qt
# loads (installed with apt-get when run as root on Debian/Ubuntu, named
# otherwise) and a virtual environment in .venv with the project installed.
# Sourced by run.sh and test.sh; safe to run again: it only does what is missing.
set -euo pipefail

project_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv="$project_root/.venv"

# Qt's xcb and offscreen platforms, fonts, and Python's venv module.
system_packages=(
  libegl1 libgl1 libx11-6 libdbus-1-3 libfontconfig1 libfreetype6 libglib2.0-0
  libxkbcommon0 fontconfig-config fonts-dejavu-core
  libx11-xcb1 libxcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
  libxcb-randr0 libxcb-render0 libxcb-render-util0 libxcb-shape0 libxcb-shm0
  libxcb-sync1 libxcb-util1 libxcb-xfixes0 libxcb-xkb1 libxkbcommon-x11-0
)

python=${PYTHON:-python3}

missing_system_packages() {
  command -v dpkg-query >/dev/null 2>&1 || return 0
  local package
  for package in "${system_packages[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
      || printf '%s\n' "$package"
  done
}

install_system_packages() {
  local missing
  missing=$(missing_system_packages "$@")
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing system libraries Qt needs: $(echo $missing)" >&2
    apt-get update -q >&2
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing >&2
  else
    echo "Note: these system packages look missing; install them if Qt fails to start:" >&2
    echo "  sudo apt-get install $(echo $missing)" >&2
  fi
}

ensure_venv() {
  if [ ! -x "$venv/bin/python" ]; then
    if ! "$python" -m venv --help >/dev/null 2>&1 || ! "$python" -c "import ensurepip" 2>/dev/null; then
      install_system_packages python3-venv
    fi
    "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
      || { echo "TTT Desktop needs Python 3.11 or newer (found $("$python" --version))" >&2; exit 1; }
    "$python" -m venv "$venv"
  fi
  # Reinstall when the dependencies or this recipe change.
  local stamp
  stamp="$venv/.installed-$(cat "$project_root/pyproject.toml" "$project_root/tools/bootstrap.sh" | cksum | cut -d' ' -f1)"
  if [ ! -e "$stamp" ]; then
    echo "Setting up $venv (Python packages from pyproject.toml)..." >&2
    local log="$venv/pip-install.log"
    # compat mode puts a plain path entry in site-packages: the default editable
    # import hook costs every Python process (tests, benchmarks) about 20 ms.
    if ! { "$venv/bin/python" -m pip install --upgrade pip \
           && "$venv/bin/python" -m pip install --config-settings editable_mode=compat -e "$project_root[dev]"; } >"$log" 2>&1; then
      tail -n 40 "$log" >&2
      echo "Installing the Python packages failed; the whole log is in $log" >&2
      exit 1
    fi
    rm -f "$venv"/.installed-*
    touch "$stamp"
  fi
}

install_system_packages "$@"
ensure_venv
