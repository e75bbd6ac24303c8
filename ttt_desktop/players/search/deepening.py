"""Iterative deepening: one search per depth, deeper each time, until a stop or a reason to end.

A search under a time budget does not know how deep it can go, so it searches one ply, then
two, and so on, and answers from the deepest search that finished: the deeper search that
was stopped is thrown away. :func:`deepen` is that loop for every player that deepens (the
Searcher, MiniMax and AlphaBeta under a time budget, Ralph's tallies).

Nothing here imports Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from ttt_desktop.core.clock import StopCheck
from ttt_desktop.players.thought import SearchStopped

R = TypeVar("R")


def deepen(
    search_to: Callable[[int], R],
    depths: Iterable[int],
    *,
    found: R,
    deeper: Callable[[R, int], bool] | None = None,
    told: StopCheck | None = None,
) -> tuple[R, int]:
    """``search_to(depth)`` for each of ``depths`` in turn: the last result that finished and
    its depth (``found`` and 0 when none did).

    A search that raises :class:`~ttt_desktop.players.thought.SearchStopped` (its stop check
    answered true: out of time, or told to stop) ends the loop; when ``told`` answers true
    then, the stop came from the caller and the SearchStopped goes on to it. ``deeper(result,
    depth)``, when given, says after each search whether another is worth starting (a proof
    found, too little of the budget left).
    """
    depth_found = 0
    for depth in depths:
        try:
            result = search_to(depth)
        except SearchStopped:
            if told is not None and told():
                raise
            break
        found, depth_found = result, depth
        if deeper is not None and not deeper(result, depth):
            break
    return found, depth_found
