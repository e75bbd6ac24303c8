"""The Searcher's compiled tree (``_fastsearch.c``); see ``ttt_desktop.players.searcher``."""

from collections.abc import Callable

class Tables:
    """One rules value's search tables as C arrays (``searcher.compiled_tables`` builds it)."""

    def __init__(
        self,
        size: int,
        k: int,
        exact: bool,
        big: bool,
        cells: list[int],
        through_at: list[int],
        through: list[int],
        ends: list[int],
        gain: list[int],
        loss: list[int],
        front: list[int],
        weights: list[int],
        near: bytes,
        zobrist: list[int],
        side_key: int,
        four_x: int,
        four_o: int,
        four: int,
        mate: int,
        proven: int,
        loss_mask: int,
        shift: int,
        tactical_bit: int,
        killer_bonus: int,
        ahead: int,
        behind: int,
        /,
    ) -> None: ...

class Table:
    """The transposition table a compiled search left."""

    def get(self, key: int, /) -> tuple[int, int, int, int] | None: ...
    def __len__(self) -> int: ...

def run(
    tables: Tables,
    x: bytes,
    o: bytes,
    near: bytes,
    key: int,
    side: int,
    moves: list[tuple[int, int, int]],
    limit: int,
    node_limit: int | None,
    deadline: float | None,
    started: float,
    seconds: float | None,
    stop: Callable[[], bool] | None,
    table_limit: int,
    width: int | None,
    whole_budget: bool,
    /,
) -> tuple[int, int, int, int, list[tuple[int, int, bool]], int, bool, Table, int]: ...
