"""The Perfect player: the solved game, looked up.

Every position a game can reach (X or O moving first) is stored with its best
moves in ``perfect_moves.bin`` beside this module: optimal under perfect play,
fastest win, slowest loss, as :func:`ttt_desktop.analysis.best_moves` computes
them. ``choose_move`` is a dict look-up plus a seeded pick among the equally
best moves. A test regenerates the table and compares it with the file.

The file is a direct-address table, so loading it is one read with nothing to
parse (a fresh process's first move costs interpreter start, a few imports and
well under a millisecond more): after a 12-byte title, two bytes per position
index ``2 * ternary(cells) + (1 if O is to move)``, where ``ternary`` reads the
board string as a base-3 number ('.' 0, 'X' 1, 'O' 2), holding a little-endian
bit mask of the best cells (bit ``c`` for cell ``c``; 0 for a position that is
over or unreachable). Boards met in play are remembered in a dict keyed by the
board itself (boards are interned and hash by identity, in C), so after its
first visit a position costs one look-up.

Regenerate the file with ``python -m ttt_desktop.players.perfect``.

On the other boards the exact solver proves at once
(:data:`ttt_desktop.analysis.mnk_solver.SOLVED`: 4x4 and 5x4 with four in a row, the small
three-in-a-row boards) the player asks :func:`ttt_desktop.analysis.mnk_solver.solve` for the
moves that keep the position's value (win, draw or loss): it never loses a game it was not
already losing, takes a winning cell at once when there is one, and when lost blocks the
other's winning cell. Given a time budget (``budget_ms``) it proves for at most
:data:`PROOF_SHARE` of it, and when the proof does not finish in that time (5,4,4 a few
stones past its opening table) it plays a winning or blocking cell, else the Searcher's move
in the time left: unproven, so there it may not be perfect. The solver knows values, not
distances, so there its Thought's scores
are 11 for a win, 0 for a draw and -11 for a loss with ``plies`` left unknown (None); in a won
position the moves that do not win are scored 0 with an upper bound (at most a draw).

This module imports neither ``pathlib`` nor ``typing`` nor ``threading``: each
would add milliseconds to that first move. Nothing here imports Qt.
"""

from __future__ import annotations

import _thread
import os
import time

from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.cells import Cell
from ttt_desktop.players.base import Player, deadline_of, legal_moves_or_raise, stop_at
from ttt_desktop.players.roster import unsupported

# The cold path: no typing module (docs/manual/developer/architecture.md, "Cold start").
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

    from ttt_desktop.core.clock import StopCheck
    from ttt_desktop.players.thought import Thought

PERFECT_TABLE_PATH: Final = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "perfect_moves.bin"
)
TABLE_TITLE: Final = b"TTT-PERFECT1"
_POSITIONS: Final = 3**9
_TABLE_SIZE: Final = len(TABLE_TITLE) + 2 * 2 * _POSITIONS
_TERNARY: Final = str.maketrans(".XO", "012")

BestMoves = dict[str, tuple[Cell, ...]]
"""Board string -> its best moves (ascending), for one mark to move."""

# On Python 3.11 ``Mark.X`` costs about 0.3 us (the enum metaclass's attribute hook): more
# than the rest of choose_move, so the hot path compares with a module-level name.
_X: Final = Mark.X

_table: bytes | None = None
_table_lock = _thread.allocate_lock()

# Board -> best moves, filled as positions are met (at most 9,040 entries). The values
# are immutable and a dict store is atomic, so all players and threads share it.
_best_by_board: dict[Board, tuple[Cell, ...]] = {}
_moves_by_mask: dict[int, tuple[Cell, ...]] = {}

# The same for the other solved boards (positions hash by value there); emptied when full.
_solved_best: dict[Board, tuple[Cell, ...]] = {}
_SOLVED_REMEMBERED: Final = 200_000
# The solver's values on Meaning.EXACT's scale (no distance known: the slowest win).
_EXACT_SCORE: Final = {1: 11, 0: 0, -1: -11}
PROOF_SHARE: Final = 0.75
"""The most of a time budget the solver may take on a solved board other than tic-tac-toe;
a move it could not prove in that time is the Searcher's, in the rest."""


class _Unproven(Exception):  # noqa: N818  (control flow, never seen outside this module)
    """The solver ran out of its share of the move's time."""


def table_offset(cells: str, to_move: Mark) -> int:
    """Where the best-move mask of a position starts in the table file."""
    index = 2 * int(cells.translate(_TERNARY), 3) + (0 if to_move is _X else 1)
    return len(TABLE_TITLE) + 2 * index


def best_move_table() -> bytes:
    """The table file's bytes, read once per process (thread-safe)."""
    global _table  # noqa: PLW0603  (a load-once cache)
    table = _table
    if table is None:
        with _table_lock:
            table = _table
            if table is None:
                with open(PERFECT_TABLE_PATH, "rb") as file:
                    table = _table = check_table(file.read())
    return table


def check_table(data: bytes) -> bytes:
    """``data`` if it has the table's title and size; ``ValueError`` otherwise."""
    if not data.startswith(TABLE_TITLE) or len(data) != _TABLE_SIZE:
        raise ValueError(
            f"{os.path.basename(PERFECT_TABLE_PATH)} is not a perfect-play table "
            f"({TABLE_TITLE.decode()}, {_TABLE_SIZE} bytes)"
        )
    return data


def moves_of_mask(mask: int) -> tuple[Cell, ...]:
    """The cells whose bits are set in ``mask``, ascending (one tuple per mask, shared)."""
    moves = _moves_by_mask.get(mask)
    if moves is None:
        moves = _moves_by_mask.setdefault(mask, tuple(c for c in range(9) if mask >> c & 1))
    return moves


def look_up(table: bytes, cells: str, to_move: Mark) -> tuple[Cell, ...]:
    """The best moves stored for a position; empty when the table holds none."""
    offset = table_offset(cells, to_move)
    return moves_of_mask(table[offset] | table[offset + 1] << 8)


def compute_tables() -> tuple[BestMoves, BestMoves]:
    """The best moves solved from scratch with :mod:`ttt_desktop.analysis` (about a second)."""
    from ttt_desktop.analysis import best_moves, reachable_boards  # noqa: PLC0415  (the first move's path)

    by_mark: dict[Mark, BestMoves] = {Mark.X: {}, Mark.O: {}}
    for first in (Mark.X, Mark.O):
        for board in reachable_boards(first):
            if not board.is_over:
                by_mark[board.to_move][board.cells] = best_moves(board)
    return dict(sorted(by_mark[Mark.X].items())), dict(sorted(by_mark[Mark.O].items()))


def table_bytes(tables: tuple[BestMoves, BestMoves]) -> bytes:
    """The file form of ``tables`` (best moves for X to move, for O to move)."""
    data = bytearray(_TABLE_SIZE)
    data[: len(TABLE_TITLE)] = TABLE_TITLE
    for mark, table in zip((Mark.X, Mark.O), tables, strict=True):
        for cells, moves in table.items():
            offset = table_offset(cells, mark)
            mask = sum(1 << cell for cell in moves)
            data[offset : offset + 2] = mask.to_bytes(2, "little")
    return bytes(data)


def decode_table(data: bytes) -> tuple[BestMoves, BestMoves]:
    """Every position the file form holds, back as two dicts (for checks, not for play)."""
    check_table(data)
    digits = ".XO"
    tables: tuple[BestMoves, BestMoves] = ({}, {})
    for number in range(_POSITIONS):
        cells = "".join(digits[number // 3**power % 3] for power in range(8, -1, -1))
        for mark, table in zip((Mark.X, Mark.O), tables, strict=True):
            moves = look_up(data, cells, mark)
            if moves:
                table[cells] = moves
    return tables


class PerfectPlayer(Player):
    """Optimal everywhere: wins whenever it can, as fast as it can; loses only as slowly as it can.

    Against best play it draws; it never loses a game it was not already losing.
    Among equally good moves it picks with its own seeded generator.
    """

    kind = "perfect"

    def __init__(self, *, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self._table = best_move_table()
        self._best_by_board = _best_by_board
        self._searcher: Player | None = None
        """The Searcher that plays a move not proved in time (made when first needed)."""

    def choose_move(self, board: Board) -> Cell:
        # The hot path of every Perfect game: a look-up, and a draw only when there is a choice.
        try:
            best = self._best_by_board[board]
        except KeyError:
            best = self._look_up(board)
        if len(best) == 1:
            return best[0]
        return best[int(self._random() * len(best))]

    def think(self, board: Board, *, stop: StopCheck | None = None) -> Thought:
        """The solver's exact value and distance of every move, and its principal line.

        The move is drawn from the table's best moves as :meth:`choose_move`
        draws it; the values come from :func:`ttt_desktop.analysis.tic_tac_toe_values`, and the
        line follows, after the move, the lowest-numbered best move at each turn.
        """
        from ttt_desktop.analysis import best_moves, tic_tac_toe_values  # noqa: PLC0415  (the first move's path)
        from ttt_desktop.players.thought import (  # noqa: PLC0415  (the first move's path)
            CellScore,
            Meaning,
            Rule,
            Thought,
        )

        if not board.rules.is_classic:
            return self._think_solved(board, stop)
        started = time.perf_counter()
        try:
            best = self._best_by_board[board]
        except KeyError:
            best = self._look_up(board)
        move = self.choose_move(board)
        values = tic_tac_toe_values(board)
        line = [move]
        after = board.play(move)
        while not after.is_over:
            reply = best_moves(after)[0]
            line.append(reply)
            after = after.play(reply)
        return Thought(
            self.kind,
            board.cells,
            board.to_move.value,
            move,
            Rule.SOLVED,
            best,
            scores=tuple(
                CellScore(cell, value.score, plies=value.plies) for cell, value in values.items()
            ),
            meaning=Meaning.EXACT,
            depth=len(line),
            seconds=time.perf_counter() - started,
            line=tuple(line),
            rule_cells=best,
        )

    def _think_solved(self, board: Board, stop: StopCheck | None) -> Thought:
        """The solver's value of every move on a solved board other than tic-tac-toe."""
        from ttt_desktop.analysis import mnk_solver  # noqa: PLC0415  (the first move's path)
        from ttt_desktop.players.thought import (  # noqa: PLC0415  (the first move's path)
            Bound,
            CellScore,
            Meaning,
            Rule,
            SearchStopped,
            Thought,
        )

        started = time.perf_counter()
        deadline = deadline_of(self.budget_ms, started)
        try:
            best = self._solved(board, stop, started)
            solution = mnk_solver.solve(board, stop=stop_at(deadline, stop), every=True)
        except _Unproven:
            return self._unproven_thought(board, stop, started)
        except mnk_solver.SolveStopped:
            if stop is not None and stop():
                raise SearchStopped from None
            return self._unproven_thought(board, stop, started)
        move = self.choose_move(board)
        # Moves that keep the value have it; below a win the others are at most a draw
        # (not told apart: a proof each), below a draw they lose.
        scores = []
        for cell in board.legal_moves():
            if cell in solution.best:
                scores.append(CellScore(cell, _EXACT_SCORE[solution.value]))
            elif solution.value == 1:
                scores.append(CellScore(cell, 0, bound=Bound.UPPER))
            else:
                scores.append(CellScore(cell, _EXACT_SCORE[-1]))
        return Thought(
            self.kind,
            board.cells,
            board.to_move.value,
            move,
            Rule.SOLVED,
            best,
            scores=tuple(scores),
            meaning=Meaning.EXACT,
            nodes=solution.nodes,
            depth=1,
            seconds=time.perf_counter() - started,
            line=(move,),
            rule_cells=best,
            rules=board.rules.key,
        )

    def _solved(
        self, board: Board, stop: StopCheck | None = None, started: float | None = None
    ) -> tuple[Cell, ...]:
        """The moves that keep the value of a position on a solved board (not tic-tac-toe).

        With a time budget, counted from ``started``, raises :class:`_Unproven` when the
        solver has not finished within :data:`PROOF_SHARE` of it.
        """
        best = _solved_best.get(board)
        if best is not None:
            return best
        from ttt_desktop.analysis import mnk_solver  # noqa: PLC0415  (the first move's path)
        from ttt_desktop.core.tactics import completing_cells  # noqa: PLC0415  (the first move's path)

        legal_moves_or_raise(board)
        if not mnk_solver.is_solved(board.rules):
            raise unsupported(self.kind, board.rules)
        proof_ms = None if self.budget_ms is None else self.budget_ms * PROOF_SHARE
        deadline = None if started is None else deadline_of(proof_ms, started)
        try:
            solution = mnk_solver.solve(board, stop=stop_at(deadline, stop))
        except mnk_solver.SolveStopped:
            if deadline is None or (stop is not None and stop()):
                raise
            raise _Unproven from None
        best = solution.best
        if solution.value < 0:
            # Lost anyway: at least make the other side find its win.
            blocks = tuple(c for c in completing_cells(board, board.to_move.opponent) if c in best)
            best = tuple(sorted(blocks)) or best
        if len(_solved_best) >= _SOLVED_REMEMBERED:
            _solved_best.clear()
        _solved_best[board] = best
        return best

    def _timed_best(self, board: Board, started: float) -> tuple[Cell, ...]:
        """:meth:`_solved` within the budget of a move asked at ``started``; a move not
        proved in time is the one move offered: a win or a block, else the Searcher's."""
        try:
            return self._solved(board, started=started)
        except _Unproven:
            from ttt_desktop.core.tactics import decisive_moves  # noqa: PLC0415  (the first move's path)

            decisive = decisive_moves(board)
            if decisive:
                return decisive[:1]
            return (self._searcher_for_the_rest(started).choose_move(board),)

    def _unproven_thought(self, board: Board, stop: StopCheck | None, started: float) -> Thought:
        """The thought of a move not proved in time: a win or a block, else the Searcher's
        in what is left of the budget, as this player's."""
        import dataclasses  # noqa: PLC0415  (the first move's path)

        from ttt_desktop.players.thought import Thought, decisive_rule  # noqa: PLC0415  (the first move's path)

        decisive = decisive_rule(board)
        if decisive is not None:
            rule, cells, lines = decisive
            return Thought(
                self.kind,
                board.cells,
                board.to_move.value,
                cells[0],
                rule,
                cells,
                seconds=time.perf_counter() - started,
                rule_cells=cells,
                rule_lines=lines,
                rules=board.rules.key,
            )
        thought = self._searcher_for_the_rest(started).think(board, stop=stop)
        return dataclasses.replace(thought, kind=self.kind, seconds=time.perf_counter() - started)

    def _searcher_for_the_rest(self, started: float) -> Player:
        """The Searcher (made once), given what is left of the budget of a move asked at
        ``started``."""
        if self._searcher is None:
            from ttt_desktop.players.searcher import SearcherPlayer  # noqa: PLC0415  (the first move's path)

            self._searcher = SearcherPlayer(seed=self.seed)
        left_ms = (self.budget_ms or 0.0) - (time.perf_counter() - started) * 1000
        self._searcher.budget_ms = max(left_ms, 0.001)
        return self._searcher

    def _look_up(self, board: Board) -> tuple[Cell, ...]:
        """The best moves of a board not met before, from the file's tables."""
        if not board.rules.is_classic:
            if self.budget_ms is not None:
                return self._timed_best(board, time.perf_counter())
            return self._solved(board)
        best = look_up(self._table, board.cells, board.to_move)
        if not best:
            # Only finished boards are missing from the table (every legal board is reachable).
            legal_moves_or_raise(board)
            from ttt_desktop.analysis import best_moves  # noqa: PLC0415  (the first move's path)

            best = best_moves(board)
        self._best_by_board[board] = best
        return best


def main() -> None:
    """Write ``perfect_moves.bin`` from a fresh solve of the game."""
    with open(PERFECT_TABLE_PATH, "wb") as file:
        file.write(table_bytes(compute_tables()))
    print(f"wrote {PERFECT_TABLE_PATH}")


if __name__ == "__main__":
    main()
