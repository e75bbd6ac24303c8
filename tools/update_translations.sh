#!/usr/bin/env bash
# Collect the window's texts into the translation sources and build the translations:
#   resources/translations/ttt_desktop_<lang>.ts  (pyside6-lupdate; translated by hand, in git)
#   resources/translations/ttt_desktop_<lang>.qm  (pyside6-lrelease; loaded at start-up, in git)
# Run after changing any text in ttt_desktop/gui, translate what is new in the .ts
# (Qt Linguist, or any editor: entries marked type="unfinished"), then run it again.
# tests/gui/test_translation.py fails while a text is missing from the .ts, untranslated,
# or the .qm is older than its .ts.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin="$root/.venv/bin"
languages=(de)
for language in "${languages[@]}"; do
  ts="$root/resources/translations/ttt_desktop_${language}.ts"
  # No line numbers in the .ts: it changes only when a text does.
  "$bin/pyside6-lupdate" -silent -locations none -no-obsolete -extensions py \
    -source-language en -target-language "$language" "$root/ttt_desktop/gui" "$root/ttt_desktop/analysis/coach.py" -ts "$ts"
  "$bin/pyside6-lrelease" -silent "$ts" -qm "${ts%.ts}.qm"
done
