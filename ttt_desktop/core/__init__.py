"""The core of the game: rules, board, cell names, errors, the game record and the play loop.

Pure Python; nothing in this package imports Qt, so scripts, the arena and
worker threads can use it freely.
"""

from ttt_desktop.core.board import (
    EMPTY,
    Board,
    GameOverError,
    IllegalMoveError,
    Mark,
    OccupiedCellError,
    OffBoardError,
)
from ttt_desktop.core.cells import (
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

# The cold path: no typing module (docs/manual/developer/architecture.md, "Cold start").
TYPE_CHECKING = False

if TYPE_CHECKING:
    from ttt_desktop.core.record import (
        BranchPoint,
        GameRecord,
        HintUse,
        PlayerEntry,
        UndoEvent,
    )

# Records and their files need json, dataclasses, datetime and tempfile, tens of
# milliseconds at start-up; they load on first use, so the players, the arena and
# scripts that only play do not pay. Name -> the module that defines it.
_LAZY_NAMES = {
    "BranchPoint": "ttt_desktop.core.record",
    "GameRecord": "ttt_desktop.core.record",
    "HintUse": "ttt_desktop.core.record",
    "PlayerEntry": "ttt_desktop.core.record",
    "UndoEvent": "ttt_desktop.core.record",
}


def __getattr__(name: str) -> object:
    module_name = _LAZY_NAMES.get(name)
    if module_name is not None:
        import importlib  # noqa: PLC0415

        value = getattr(importlib.import_module(module_name), name)
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
    "row_column",
]
