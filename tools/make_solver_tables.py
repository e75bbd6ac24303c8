"""Write ``ttt_desktop/analysis/mnk_tables.bin``: the exact values of the opening positions
of the small boards, so the perfect player answers at once there.

For each board below, every position of at most the given number of stones that a game can
reach (up to symmetry, games not yet over) is solved with one shared search, and its value
for the side to move is stored under its canonical key (see ``mnk_solver.encode_values``).
Run from the repository's root::

    python tools/make_solver_tables.py            # every board (a few minutes)
    python tools/make_solver_tables.py 4,4,4:6    # one board, its depth

The file is read lazily by :mod:`ttt_desktop.analysis.mnk_solver`; a test checks a sample of
its values against fresh proofs.
"""

from __future__ import annotations

import sys
import time

from ttt_desktop.analysis import mnk_solver
from ttt_desktop.core.rules import Rules
from ttt_desktop.core.tactics import completing_bits

BOARDS = {"4,4,4": 6, "5,4,4": 3, "4,5,4": 3, "5,5,4": 4, "6,4,4": 4, "6,5,4": 2}
"""Rules key -> the most stones of a stored position."""


def opening_values(rules: Rules, depth: int) -> dict[int, int]:
    """Canonical key -> value for the mover, for every reachable position up to ``depth``."""
    searcher = mnk_solver._Searcher(rules, None, known=False)
    geo = searcher.geo
    size = geo.size
    values: dict[int, int] = {}
    layer = {geo.canonical(0): (0, 0)}
    for stones in range(depth + 1):
        following: dict[int, tuple[int, int]] = {}
        for key, (me, opp) in sorted(layer.items()):
            if completing_bits(rules.geometry, opp, me) and _has_line(rules, opp):
                continue
            values[key] = mnk_solver._value_of(searcher, me, opp)
            if stones == depth:
                continue
            for cell in range(size):
                bit = 1 << cell
                if (me | opp) & bit:
                    continue
                mine = me | bit
                if _has_line(rules, mine) or mine | opp == geo.full:
                    continue
                child = geo.canonical(opp | mine << size)
                following.setdefault(child, (opp, mine))
        layer = following
        print(
            f"{rules.key}: {len(values)} positions up to {stones} stones, "
            f"{searcher.node_count} nodes",
            flush=True,
        )
    # The search proves many more positions of those depths on the way: keep them too.
    for key, value in mnk_solver.exact_values(searcher, depth).items():
        values.setdefault(key, value)
    return values


def _has_line(rules: Rules, stones: int) -> bool:
    return any(stones & mask == mask for mask in rules.geometry.masks)


def main(argv: list[str]) -> None:
    boards = (
        dict((spec.split(":")[0], int(spec.split(":")[1])) for spec in argv) if argv else BOARDS
    )
    sections = {}
    try:
        with open(mnk_solver.SOLVER_TABLE_PATH, "rb") as file:
            sections = mnk_solver.decode_values(file.read())
    except (OSError, ValueError):
        sections = {}
    for key, depth in boards.items():
        started = time.perf_counter()
        sections[key] = opening_values(Rules.parse(key), depth)
        print(f"{key}: {len(sections[key])} values in {time.perf_counter() - started:.1f} s")
    data = mnk_solver.encode_values(sections)
    with open(mnk_solver.SOLVER_TABLE_PATH, "wb") as file:
        file.write(data)
    print(f"wrote {mnk_solver.SOLVER_TABLE_PATH} ({len(data):,} bytes)")


if __name__ == "__main__":
    main(sys.argv[1:])
