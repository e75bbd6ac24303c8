"""TTT Desktop: tic-tac-toe for the desktop.

Subpackages: ``engine`` (board, cells, records), ``players`` (the AI roster),
``analysis`` (census and solver), ``arena`` (command-line matches) and ``gui``
(the Qt window). Only ``gui`` imports Qt.
"""
