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
def random_game(
    width: int,
    size: int,
    k: int,
    exact: bool,
    first_random: Callable[[], float],
    second_random: Callable[[], float],
    moves: list[int] | None,
    /,
) -> tuple[int, int, int, int, int, tuple[tuple[int, ...], ...], int, int, int, int]: ...
