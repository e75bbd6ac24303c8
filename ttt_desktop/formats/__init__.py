"""How games are written down: game files, the clipboard text, and reading files safely.

* :mod:`~ttt_desktop.formats.json_codec`: game files as versioned JSON; the newest
  version (3, with the rules and moves in the board's notation) is written, every
  older version read (versions 1 and 2 as tic-tac-toe).
* :mod:`~ttt_desktop.formats.psq`: Piskvork's game records (``.psq``, the Gomocup's
  archives), read as Piskvork and the organisers' judge write them and written as the judge
  writes them; what the format leaves unsaid (the rules) is assumed and said.
* :mod:`~ttt_desktop.formats.text_codec`: the short text copied to the clipboard.
* :mod:`~ttt_desktop.formats.files`: atomic saves, loading (either format, told apart by
  what the file holds), leftover temporary files,
  and :func:`~ttt_desktop.formats.files.read_user_file`, the one way a file a person
  gives the program is read (special files refused unopened, a size limit per kind).

The record itself lives in :mod:`ttt_desktop.core.record`. Nothing here imports Qt.
"""
