#!/usr/bin/env bash
# Collect the window's texts into the translation sources and build the translations:
#   resources/translations/ttt_desktop_<lang>.ts  (pyside6-lupdate; translated by hand, in git)
#   resources/translations/ttt_desktop_<lang>.qm  (pyside6-lrelease; loaded at start-up, in git)
# Run after changing any text in ttt_desktop/gui, translate what is new in the .ts
# (Qt Linguist, or any editor: entries marked type="unfinished"), then run it again.
# English needs no translation but its plural forms: ttt_desktop_en.ts holds only the texts
# with a count ("%n move(s)"), filled in here ("1 move", "2 moves").
# tests/gui/test_translation.py fails while a .ts text is untranslated or a .qm is older than
# its .ts, and lists texts of the code that are not in the .ts yet.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin="$root/.venv/bin"
folder="$root/resources/translations"
# The texts: the window, and the coach's sentences (Qt-free, but in Qt's translation).
sources=("$root/ttt_desktop/gui" "$root/ttt_desktop/analysis/coach.py"
  "$root/ttt_desktop/analysis/board_coach.py")

update() {  # update <language> [lupdate options...]
  local language=$1
  shift
  local ts="$folder/ttt_desktop_${language}.ts"
  # No line numbers in the .ts: it changes only when a text does.
  "$bin/pyside6-lupdate" -silent -locations none -no-obsolete -extensions py "$@" \
    -source-language en -target-language "$language" "${sources[@]}" -ts "$ts"
}

update de
update en -pluralonly
"$bin/python" - "$folder/ttt_desktop_en.ts" <<'PYTHON'
"""Give every counted English text its two forms: "(s)" dropped for one, "s" for more."""
import sys
import xml.etree.ElementTree as ElementTree

path = sys.argv[1]
tree = ElementTree.parse(path)
for message in tree.getroot().iter("message"):
    source = message.findtext("source") or ""
    translation = message.find("translation")
    for form in list(translation):
        translation.remove(form)
    translation.attrib.pop("type", None)
    translation.text = None
    for ending in ("", "s"):
        ElementTree.SubElement(translation, "numerusform").text = source.replace("(s)", ending)
ElementTree.indent(tree, space="    ")
with open(path, "w", encoding="utf-8") as out:
    out.write('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
    out.write(ElementTree.tostring(tree.getroot(), encoding="unicode") + "\n")
PYTHON
for language in de en; do
  ts="$folder/ttt_desktop_${language}.ts"
  "$bin/pyside6-lrelease" -silent "$ts" -qm "${ts%.ts}.qm"
done
