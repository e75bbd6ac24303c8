"""Game-tree analysis: the census of all games, the perfect-play solver, the symmetries, the coach.

* :mod:`~ttt_desktop.analysis.gametree`: :func:`census` counts every game of
  tic-tac-toe (255,168 games; 131,184 / 77,904 / 46,080; 26,830 up to symmetry)
  and :func:`reachable_boards` lists every reachable position.
* :mod:`~ttt_desktop.analysis.solver`: :func:`tic_tac_toe_values` gives every legal move's
  exact value under perfect play (outcome and length), :func:`best_moves` the
  moves a perfect player may choose, :func:`position_value` the position's own
  value and :func:`principal_line` the game that follows with best play.
* :mod:`~ttt_desktop.analysis.symmetry`: the eight symmetries of the square
  (:data:`SYMMETRIES`), :func:`transform_cells` and :func:`canonical_cells`.
* :mod:`ttt_desktop.analysis.coach` (imported on its own): hints, per-cell values
  in words and the review of a whole game, built on the solver.

Everything is memoised over boards, so the whole game tree is solved once per
process. Nothing here imports Qt.
"""

from ttt_desktop.analysis.gametree import Census, census, reachable_boards
from ttt_desktop.analysis.solver import (
    MoveValue,
    Outcome,
    best_moves,
    position_score,
    position_value,
    principal_line,
    tic_tac_toe_values,
)
from ttt_desktop.analysis.symmetry import (
    SYMMETRIES,
    Symmetry,
    canonical_cells,
    map_cell,
    transform_board,
    transform_cells,
)

__all__ = [
    "SYMMETRIES",
    "Census",
    "MoveValue",
    "Outcome",
    "Symmetry",
    "best_moves",
    "canonical_cells",
    "census",
    "map_cell",
    "position_score",
    "position_value",
    "principal_line",
    "reachable_boards",
    "tic_tac_toe_values",
    "transform_board",
    "transform_cells",
]
