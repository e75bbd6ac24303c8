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

# Not typing.TYPE_CHECKING: importing typing costs a fresh process ~9 ms (see perfect.py).
TYPE_CHECKING = False

if TYPE_CHECKING:
    from ttt_desktop.engine.records import (
        BranchPoint,
        GameRecord,
        HintUse,
        PlayerEntry,
        UndoEvent,
        load_record,
        save_record,
    )

# Records need json, dataclasses, datetime and tempfile, tens of milliseconds at start-up;
# they load on first use, so the players, the arena and scripts that only play do not pay.
_RECORD_NAMES = frozenset(
    {
        "BranchPoint",
        "GameRecord",
        "HintUse",
        "PlayerEntry",
        "UndoEvent",
        "load_record",
        "save_record",
    }
)


def __getattr__(name: str) -> object:
    if name in _RECORD_NAMES:
        from ttt_desktop.engine import records  # noqa: PLC0415

        value = getattr(records, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    "HintUse",
    "IllegalMoveError",
    "Mark",
    "OccupiedCellError",
    "OffBoardError",
    "PlayerEntry",
    "UndoEvent",
    "cell_from_keypad",
    "cell_from_row_column",
    "describe_cell",
    "keypad_label",
    "load_record",
    "row_column",
    "save_record",
]
