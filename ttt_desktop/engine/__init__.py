"""The game engine: board, cell names, errors and game records.

Pure Python; nothing in this package imports Qt, so scripts, the arena and
worker threads can use it freely.
"""

from ttt_desktop.engine.board import (
    EMPTY,
    Board,
    GameOverError,
    IllegalMoveError,
    Mark,
    OccupiedCellError,
    OffBoardError,
)
from ttt_desktop.engine.cells import (
    CELLS,
    CENTRE,
    CORNERS,
    LINES,
    OPPOSITE_CORNER,
    SIDES,
    Cell,
    cell_from_keypad,
    cell_from_row_column,
    describe_cell,
    keypad_label,
    row_column,
)
from ttt_desktop.engine.records import (
    BranchPoint,
    GameRecord,
    PlayerEntry,
    load_record,
    save_record,
)

__all__ = [
    "CELLS",
    "CENTRE",
    "CORNERS",
    "EMPTY",
    "LINES",
    "OPPOSITE_CORNER",
    "SIDES",
    "Board",
    "BranchPoint",
    "Cell",
    "GameOverError",
    "GameRecord",
    "IllegalMoveError",
    "Mark",
    "OccupiedCellError",
    "OffBoardError",
    "PlayerEntry",
    "cell_from_keypad",
    "cell_from_row_column",
    "describe_cell",
    "keypad_label",
    "load_record",
    "row_column",
    "save_record",
]
