"""The cost of renju's forbidden-point test on 15x15 midgame positions, beside references.

Positions: seeded games on 15x15 renju where each side plays a random empty cell within
two of a stone already down (the first move at the centre), black never on a forbidden
cell, stopped at a random ply from 20 to 60 and kept unless someone already has five. It
times, on the same positions:

* ``forbidden_reason``: :func:`ttt_desktop.core.renju.forbidden_reason` on every empty
  cell, one call a cell (what a player asks of a candidate move), each cell the best of
  ``--rounds`` calls (a busy neighbour's pause is not the test's): microseconds a call, the
  mean over all cells and the slowest cell;
* ``forbidden_cells``: :func:`ttt_desktop.core.renju.forbidden_cells`, the whole position
  at once (what the window marks): milliseconds a position, the best of ``--rounds``
  passes;
* ``win test``: :func:`ttt_desktop.core.renju.wins` for a stone on every empty cell, the
  check every move already pays, for scale (the best of ``--rounds`` passes);
* ``reference``: the slow reference of the test suite (``tests/helpers/renju_reference.py``) on the
  same positions, milliseconds a position.

Usage: ``nice .venv/bin/python benchmarks/forbidden_speed.py [--positions 200] [--seed 1]
[--rounds 3]``. Figures in one run are what to quote: the machine is shared.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from helpers.renju_reference import reference_forbidden  # type: ignore[import-not-found]

from ttt_desktop.core.renju import forbidden_cells, forbidden_reason, wins
from ttt_desktop.core.rules import RULE_PRESETS

RULES = RULE_PRESETS["renju"]
GEOMETRY = RULES.geometry


def midgame(draw: random.Random) -> tuple[int, int] | None:
    """Black's and white's stones after a random near-stone game, or None if one has five."""
    black = white = 0
    centre = GEOMETRY.cell_at(7, 7)
    plies = draw.randint(20, 60)
    for ply in range(plies):
        taken = black | white
        if ply == 0:
            cell = centre
        else:
            near = [cell for cell in GEOMETRY.cells if not taken >> cell & 1 and _near(cell, taken)]
            draw.shuffle(near)
            cell = -1
            for candidate in near:
                if ply % 2 == 1 or forbidden_reason(GEOMETRY, black, white, candidate) is None:
                    cell = candidate
                    break
            if cell < 0:
                return None
        if ply % 2 == 0:
            black |= 1 << cell
            if wins(RULES, True, black, white, cell):
                return None
        else:
            white |= 1 << cell
            if wins(RULES, False, white, black, cell):
                return None
    return black, white


def _near(cell: int, taken: int) -> bool:
    row, column = divmod(cell, 15)
    for d_row in range(-2, 3):
        for d_column in range(-2, 3):
            r, c = row + d_row, column + d_column
            if 0 <= r < 15 and 0 <= c < 15 and taken >> (r * 15 + c) & 1:
                return True
    return False


def text_of(black: int, white: int) -> str:
    return "".join(
        "X" if black >> cell & 1 else "O" if white >> cell & 1 else "." for cell in GEOMETRY.cells
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    draw = random.Random(args.seed)
    positions: list[tuple[int, int]] = []
    while len(positions) < args.positions:
        found = midgame(draw)
        if found is not None:
            positions.append(found)
    stones = sum((b | w).bit_count() for b, w in positions) / len(positions)

    clock = time.perf_counter
    cells_total = sum(225 - (b | w).bit_count() for b, w in positions)
    spent = 0.0
    slowest = 0.0
    for black, white in positions:
        taken = black | white
        for cell in GEOMETRY.cells:
            if not taken >> cell & 1:
                best = float("inf")
                for _ in range(args.rounds):
                    start = clock()
                    forbidden_reason(GEOMETRY, black, white, cell)
                    best = min(best, clock() - start)
                spent += best
                slowest = max(slowest, best)
    per_cell = spent / cells_total

    whole = float("inf")
    win_test = float("inf")
    forbidden_total = 0
    for _ in range(args.rounds):
        start = clock()
        counted = 0
        for black, white in positions:
            counted += len(forbidden_cells(GEOMETRY, black, white))
        whole = min(whole, (clock() - start) / len(positions))
        forbidden_total = counted

        start = clock()
        for black, white in positions:
            taken = black | white
            for cell in GEOMETRY.cells:
                if not taken >> cell & 1:
                    wins(RULES, True, black | 1 << cell, white, cell)
        win_test = min(win_test, (clock() - start) / cells_total)

    sample = positions[: max(1, len(positions) // 10)]
    start = clock()
    for black, white in sample:
        reference_forbidden(text_of(black, white), 15, 15)
    reference = (clock() - start) / len(sample)

    print(
        f"15x15 renju, {len(positions)} midgame positions (seed {args.seed}), "
        f"{stones:.1f} stones and {forbidden_total / len(positions):.2f} forbidden cells "
        f"a position on average; best of {args.rounds}"
    )
    print(
        f"  forbidden_reason   {per_cell * 1e6:8.2f} us a cell "
        f"(slowest cell {slowest * 1e6:.0f} us)"
    )
    print(f"  win test (wins)    {win_test * 1e6:8.2f} us a cell")
    print(f"  forbidden_cells    {whole * 1e3:8.3f} ms a position")
    print(f"  reference (tests)  {reference * 1e3:8.1f} ms a position ({len(sample)} positions)")


if __name__ == "__main__":
    main()
