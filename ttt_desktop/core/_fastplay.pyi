"""The compiled random playouts (``_fastplay.c``); see ``ttt_desktop.core.playout``."""

from collections.abc import Callable

def playout(
    width: int,
    size: int,
    k: int,
    exact: bool,
    mine: int,
    theirs: int,
    free: list[int],
    random: Callable[[], float],
    moves: list[int] | None,
    /,
) -> int: ...
