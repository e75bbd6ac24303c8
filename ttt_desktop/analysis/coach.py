"""The coach: exact values of every cell, hints in words, and a review that explains mistakes.

Everything here is read off the solver (:mod:`ttt_desktop.analysis.solver`), never
from the computer player in the game, so it is exact and distance-aware: a win
sooner is better than a win later, a loss later better than a loss sooner.

* :func:`cell_values` gives each empty cell of a position what playing there leads
  to ("wins in 2", "draw", "loses in 1"), for the side to move.
* :func:`hint` names the best cell(s) for the side to move and says why ("Take 3:
  it wins at once", "Block 7", "Take 9: it makes two threats", "Any of 1, 3, 7, 9
  keeps the draw").
* :func:`review_game` gives every move of a game a verdict (best; kept the result;
  missed a win; mistake; blunder), one plain sentence for each move that was not
  the best, built from the solver's principal line ("After O6, X plays 3 and
  threatens both 1-2-3 and 3-6-9; 5 would have kept the draw."), and a summary per
  player.

Cells are named by their keypad digit, as everywhere in the app (7 8 9 on the top
row). Counts of moves ("wins in 2") are the winner's moves, this one included for
a win: "wins in 1" is a move that wins at once, "loses in 1" lets the opponent win
with their next move.

The words go through :func:`translate`, which the window points at Qt's
translation (:func:`set_translator`); on its own the module speaks English and
imports no Qt. Values and hints are memoised for the positions used most recently
(a bounded number), so after the first call each takes microseconds
(``benchmarks/coach_speed.py``) and memory stays flat over a long session.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal

from ttt_desktop.analysis.solver import (
    MoveValue,
    Outcome,
    best_moves,
    position_value,
    principal_line,
    tic_tac_toe_values,
)
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.cells import LINES, Cell
from ttt_desktop.core.rules import TIC_TAC_TOE
from ttt_desktop.core.tactics import completing_cells

if TYPE_CHECKING:
    from ttt_desktop.core.record import GameRecord

Line = tuple[Cell, ...]
"""A line of the board, its cells in order (three on tic-tac-toe)."""

# The coach is exact on tic-tac-toe, the one board it knows: cells are named by its geometry.
_name = TIC_TAC_TOE.geometry.name


def _keypad(cell: Cell) -> int:
    return int(_name(cell))


Translator = Callable[[str, str, str | None, int], str]

REMEMBERED_HINTS: Final = 1024
"""How many hints, and how many explanations of a move, are remembered (the most recently
used): a long session's would otherwise pile up, one per position and move met."""

# Translation context of every sentence (a literal in each call, for lupdate to find).
CONTEXT: Final = "Coach"

# Translation -----------------------------------------------------------------------------


def _english(context: str, text: str, disambiguation: str | None = None, n: int = -1) -> str:
    return text.replace("%n", str(n)) if n >= 0 else text


_translator: Translator = _english


def set_translator(translator: Translator | None) -> None:
    """Route the coach's words through ``translator`` (Qt's ``QCoreApplication.translate``).

    ``None`` goes back to plain English. Memoised sentences are dropped, so a new
    language shows at once.
    """
    global _translator  # noqa: PLW0603  (one hook for the whole module)
    _translator = _english if translator is None else translator
    _hint_for.cache_clear()


def forget() -> None:
    """Drop the coach's memoised hints and explanations (the solver's tables stay)."""
    _hint_for.cache_clear()
    _explanation_parts.cache_clear()


def translate(context: str, text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """``text`` in the user's language; ``%n`` becomes ``n`` (plural forms where translated).

    An untranslated ``"(s)"`` after a count reads as English: "1 move", "2 moves".
    """
    result = _translator(context, text, disambiguation, n)
    if n >= 0 and "(s)" in result:
        result = result.replace("(s)", "" if n == 1 else "s")
    return result


# Naming cells and lines -------------------------------------------------------------------


def cell_name(cell: Cell) -> str:
    """The keypad digit of ``cell`` as text (``"7"`` for the top-left)."""
    return _name(cell)


def line_name(line: Iterable[Cell]) -> str:
    """A line by its keypad digits, lowest first: ``"1-2-3"``, ``"3-5-7"``."""
    return "-".join(str(label) for label in sorted(_keypad(cell) for cell in line))


def cell_list(cells: Iterable[Cell]) -> str:
    """Cells by keypad digit, lowest first: ``"5"``, ``"1 or 3"``, ``"1, 3 or 9"``."""
    names = [str(label) for label in sorted(_keypad(cell) for cell in cells)]
    if len(names) <= 1:
        return "".join(names)
    return translate("Coach", "{first} or {last}").format(
        first=", ".join(names[:-1]), last=names[-1]
    )


def move_name(mark: Mark, cell: Cell) -> str:
    """A move as a mark and a keypad digit: ``"O6"``."""
    return f"{mark.value}{_keypad(cell)}"


# Threats -----------------------------------------------------------------------------------


def threats(board: Board, mark: Mark) -> tuple[tuple[Line, Cell], ...]:
    """The lines where ``mark`` has two cells and the third is empty, with that empty cell."""
    cells = board.cells
    found = []
    for line in LINES:
        contents = [cells[cell] for cell in line]
        if contents.count(mark.value) == 2 and contents.count(".") == 1:
            found.append((line, line[contents.index(".")]))
    return tuple(found)


# Values of cells ---------------------------------------------------------------------------


def moves_to_end(value: MoveValue) -> int:
    """The winner's moves until the game is won (this move included for a win); 0 for a draw."""
    if value.outcome is Outcome.DRAW:
        return 0
    return (value.plies + 1) // 2


def value_words(value: MoveValue) -> str:
    """``"wins in 2"``, ``"draw"`` or ``"loses in 1"``: what a move leads to, for its mover."""
    # The count goes in as a plain name: lupdate reads no nested call in the arguments.
    n = moves_to_end(value)
    if value.outcome is Outcome.WIN:
        return translate("Coach", "wins in %n", None, n)
    if value.outcome is Outcome.LOSS:
        return translate("Coach", "loses in %n", None, n)
    return translate("Coach", "draw")


def value_description(value: MoveValue) -> str:
    """The long form for a screen reader: ``"playing here wins in 2 moves with best play"``."""
    n = moves_to_end(value)
    if value.outcome is Outcome.WIN:
        return translate("Coach", "playing here wins in %n move(s) with best play", None, n)
    if value.outcome is Outcome.LOSS:
        return translate("Coach", "playing here loses in %n move(s) against best play", None, n)
    return translate("Coach", "playing here leads to a draw with best play")


def cell_values(board: Board) -> Mapping[Cell, MoveValue]:
    """Each empty cell with what playing there leads to for the side to move (none once over).

    The solver's exact, distance-aware values: a read-only mapping in cell order.
    """
    if board.is_over:
        return {}
    return tic_tac_toe_values(board)


# Hints ---------------------------------------------------------------------------------------

HintKind = Literal["win_now", "block", "lost_block", "fork", "win", "keep_draw", "hold_out"]


@dataclass(frozen=True)
class Hint:
    """The best cell(s) for the side to move and why.

    ``kind`` says which reason applies: ``win_now`` (a move wins at once),
    ``block`` (the opponent threatens one line), ``lost_block`` (the opponent
    threatens two: the cells are where to block one), ``fork`` (a move makes two
    threats), ``win`` (a slower forced win), ``keep_draw``, ``hold_out`` (the game is
    lost: the move that lasts longest). ``lines`` are the lines the reason is about.
    ``value`` is what the best move leads to for the side to move.
    """

    mark: Mark
    cells: tuple[Cell, ...]
    kind: HintKind
    value: MoveValue
    lines: tuple[Line, ...]
    sentence: str


def hint(board: Board) -> Hint:
    """The hint for the side to move on ``board``; ``ValueError`` once the game is over."""
    if board.is_over:
        raise ValueError("the game is over: there is nothing to hint")
    return _hint_for(board)


@functools.lru_cache(maxsize=REMEMBERED_HINTS)
def _hint_for(board: Board) -> Hint:
    mark = board.to_move
    opponent = mark.opponent
    values = tic_tac_toe_values(board)
    best = best_moves(board)
    value = values[best[0]]
    mine = threats(board, mark)
    theirs = threats(board, opponent)

    if value.outcome is Outcome.WIN and value.plies == 1:
        lines = tuple(line for line, cell in mine if cell in best)
        if len(best) == 1:
            text = translate("Coach", "Take {cell}: it wins at once")
        else:
            text = translate("Coach", "Take {cell}: each wins at once")
        return Hint(mark, best, "win_now", value, lines, text.format(cell=cell_list(best)))

    block_cells = tuple(sorted({cell for _, cell in theirs}))
    if len(block_cells) == 1:
        cell = block_cells[0]
        lines = tuple(sorted((line for line, _ in theirs), key=line_name))
        after = board.play(cell)
        if len(completing_cells(after, mark)) >= 2:
            text = translate("Coach", "Block {cell}: it also makes two threats")
        elif value.outcome is Outcome.LOSS:
            text = translate("Coach", "Block {cell}, though {opponent} still wins with best play")
        else:
            text = translate("Coach", "Block {cell}")
        sentence = text.format(cell=cell_name(cell), opponent=opponent.value)
        return Hint(mark, (cell,), "block", value, lines, sentence)
    if len(block_cells) > 1:
        lines = tuple(sorted((line for line, _ in theirs), key=line_name))
        text = translate(
            "Coach",
            "{opponent} threatens both {first} and {second}: block at {cells}, "
            "but the game is lost",
        )
        sentence = text.format(
            opponent=opponent.value,
            first=line_name(lines[0]),
            second=line_name(lines[1]),
            cells=cell_list(block_cells),
        )
        return Hint(mark, block_cells, "lost_block", value, lines, sentence)

    if value.outcome is Outcome.WIN:
        forks = tuple(cell for cell in best if len(completing_cells(board.play(cell), mark)) >= 2)
        if forks:
            lines = tuple(
                sorted(
                    {line for cell in forks for line, _ in threats(board.play(cell), mark)},
                    key=line_name,
                )
            )
            if len(forks) == 1:
                text = translate("Coach", "Take {cell}: it makes two threats")
            else:
                text = translate("Coach", "Take {cell}: each makes two threats")
            return Hint(mark, forks, "fork", value, lines, text.format(cell=cell_list(forks)))
        n = moves_to_end(value)
        text = translate("Coach", "Take {cell}: it wins in %n move(s) with best play", None, n)
        if len(best) > 1:
            text = translate(
                "Coach", "Take {cell}: each wins in %n move(s) with best play", None, n
            )
        return Hint(mark, best, "win", value, (), text.format(cell=cell_list(best)))

    if value.outcome is Outcome.DRAW:
        if len(best) == 1:
            text = translate("Coach", "Take {cell}: it is the only move that keeps the draw")
            sentence = text.format(cell=cell_list(best))
        else:
            labels = ", ".join(str(label) for label in sorted(_keypad(c) for c in best))
            sentence = translate("Coach", "Any of {cells} keeps the draw").format(cells=labels)
        return Hint(mark, best, "keep_draw", value, (), sentence)

    n = moves_to_end(value)
    if len(best) == len(values):
        text = translate(
            "Coach", "Whatever you play, {opponent} wins in %n move(s) with best play", None, n
        )
    elif len(best) == 1:
        text = translate(
            "Coach",
            "Take {cell}: it holds out longest, but {opponent} wins in %n move(s) with best play",
            None,
            n,
        )
    else:
        text = translate(
            "Coach",
            "Any of {cells} holds out longest, but {opponent} wins in %n move(s) with best play",
            None,
            n,
        )
    labels = ", ".join(str(label) for label in sorted(_keypad(c) for c in best))
    sentence = text.format(cell=cell_list(best), cells=labels, opponent=opponent.value)
    return Hint(mark, best, "hold_out", value, (), sentence)


# Review --------------------------------------------------------------------------------------

VerdictKind = Literal["best", "kept", "missed_win", "mistake", "blunder"]
VERDICT_KINDS: Final[tuple[VerdictKind, ...]] = ("best", "kept", "missed_win", "mistake", "blunder")


def verdict_kind(before: MoveValue, after: MoveValue) -> VerdictKind:
    """The verdict on a move worth ``after`` where the best move was worth ``before``.

    Best: as good as the best, distance included. Kept the result: the same
    outcome, won more slowly or lost sooner. Missed a win: a won position became a
    draw. Mistake: a drawn position became lost. Blunder: a won position became lost.
    """
    if after.score == before.score:
        return "best"
    if after.outcome is before.outcome:
        return "kept"
    if before.outcome is Outcome.WIN:
        return "missed_win" if after.outcome is Outcome.DRAW else "blunder"
    return "mistake"


def verdict_label(kind: VerdictKind) -> str:
    """A verdict in a word or two for lists: "Best", "Kept the result", "Missed a win"..."""
    labels = {
        "best": translate("Coach", "Best"),
        "kept": translate("Coach", "Kept the result"),
        "missed_win": translate("Coach", "Missed a win"),
        "mistake": translate("Coach", "Mistake"),
        "blunder": translate("Coach", "Blunder"),
    }
    return labels[kind]


@dataclass(frozen=True)
class MoveVerdict:
    """One move of a game, judged against the solver.

    ``ply`` is the number of moves before this one, so the position it was played
    in is ``record.board_at(ply)``. ``before`` is the value of the best move there
    and ``after`` the value of the move played, both for its mover. ``better`` are
    the best cells (empty when the move was one of them). ``refutation`` is the
    principal line after the move played. ``sentence`` explains a move that was not
    the best (empty for a best move).
    """

    ply: int
    mark: Mark
    cell: Cell
    kind: VerdictKind
    before: MoveValue
    after: MoveValue
    better: tuple[Cell, ...]
    refutation: tuple[Cell, ...]
    sentence: str

    @property
    def keeps_value(self) -> bool:
        """True for a move that kept the position's result (best or kept)."""
        return self.kind in ("best", "kept")

    @property
    def number(self) -> int:
        """The move's number in the game, counting from 1."""
        return self.ply + 1


@dataclass(frozen=True)
class PlayerSummary:
    """How one player did: moves, verdict counts, accuracy, moves taken back, hints."""

    mark: Mark
    name: str
    moves: int
    counts: Mapping[VerdictKind, int]
    undos: int
    hints: int

    @property
    def value_keeping(self) -> int:
        """Moves that kept the position's result (best or kept)."""
        return self.counts["best"] + self.counts["kept"]

    @property
    def mistakes(self) -> int:
        """Moves that lost value: missed wins, mistakes and blunders together."""
        return self.moves - self.value_keeping

    @property
    def accuracy(self) -> float | None:
        """The share of value-keeping moves (0-1); None for a player who has not moved."""
        return None if self.moves == 0 else self.value_keeping / self.moves


@dataclass(frozen=True)
class GameReview:
    """A whole game reviewed: a verdict per move and a summary per player."""

    verdicts: tuple[MoveVerdict, ...]
    summaries: Mapping[Mark, PlayerSummary]

    @property
    def first_mistake(self) -> MoveVerdict | None:
        """The first move that lost value (the place to "try again from"), if any."""
        return next((verdict for verdict in self.verdicts if not verdict.keeps_value), None)


def summarise(
    verdicts: Sequence[Any],
    names: Mapping[Mark, str],
    undos: Mapping[Mark, int],
    hints: Mapping[Mark, int],
) -> dict[Mark, PlayerSummary]:
    """The summary per player of ``verdicts`` (each with a ``mark`` and a ``kind``: this
    coach's or the any-board coach's), with names, moves taken back and hints from the game."""
    summaries = {}
    for mark in (Mark.X, Mark.O):
        own = [verdict for verdict in verdicts if verdict.mark is mark]
        counts = dict.fromkeys(VERDICT_KINDS, 0)
        for verdict in own:
            counts[verdict.kind] += 1
        summaries[mark] = PlayerSummary(
            mark, names[mark], len(own), counts, undos.get(mark, 0), hints.get(mark, 0)
        )
    return summaries


def review_game(record: GameRecord) -> GameReview:
    """Judge every move of ``record`` against the solver and sum it up per player."""
    verdicts = []
    board = Board.empty(record.first)
    for ply, cell in enumerate(record.moves):
        verdicts.append(_verdict(board, ply, cell))
        board = board.play(cell)
    marks = (Mark.X, Mark.O)
    summaries = summarise(
        verdicts,
        {mark: record.player(mark).name for mark in marks},
        {mark: record.moves_taken_back(mark) for mark in marks},
        {mark: record.hints_used(mark) for mark in marks},
    )
    return GameReview(tuple(verdicts), summaries)


def review_move(board: Board, cell: Cell, ply: int | None = None) -> MoveVerdict:
    """The verdict on playing ``cell`` on ``board`` (``ply`` defaults to the board's)."""
    return _verdict(board, board.ply if ply is None else ply, cell)


def _verdict(board: Board, ply: int, cell: Cell) -> MoveVerdict:
    values = tic_tac_toe_values(board)
    best = best_moves(board)
    before = values[best[0]]
    after = values[cell]
    kind = verdict_kind(before, after)
    after_board = board.play(cell)
    refutation = principal_line(after_board)
    if kind == "best":
        return MoveVerdict(ply, board.to_move, cell, kind, before, after, (), refutation, "")
    sentence = _explain(board, cell, kind, before, after)
    return MoveVerdict(ply, board.to_move, cell, kind, before, after, best, refutation, sentence)


@functools.lru_cache(maxsize=REMEMBERED_HINTS)
def _explanation_parts(
    board: Board, cell: Cell
) -> tuple[tuple[str, Mark, Cell, tuple[Line, ...]], ...]:
    """The principal line after ``cell`` up to the decisive move, as (action, mark, cell, lines)."""
    parts: list[tuple[str, Mark, Cell, tuple[Line, ...]]] = []
    current = board.play(cell)
    winner = board.to_move.opponent
    lost = position_value(current).outcome is Outcome.WIN
    for reply in principal_line(current):
        mover = current.to_move
        blocks = reply in completing_cells(current, mover.opponent)
        following = current.play(reply)
        if following.winning_line is not None:
            parts.append(("wins", mover, reply, (following.winning_line,)))
            break
        lines = tuple(sorted((line for line, _ in threats(following, mover)), key=line_name))
        parts.append(("blocks" if blocks else "plays", mover, reply, lines))
        # A drawn game is told by its first reply; a lost one up to the winner's double threat.
        if not lost or (mover is winner and len(lines) >= 2):
            break
        current = following
    return tuple(parts)


def _describe_part(action: str, mark: Mark, cell: Cell, lines: tuple[Line, ...]) -> str:
    names = {"mark": mark.value, "cell": cell_name(cell)}
    if action == "wins":
        return translate("Coach", "{mark} plays {cell} and completes {line}").format(
            line=line_name(lines[0]), **names
        )
    blocks = action == "blocks"
    if len(lines) >= 2:
        text = (
            translate("Coach", "{mark} blocks at {cell} and threatens both {first} and {second}")
            if blocks
            else translate("Coach", "{mark} plays {cell} and threatens both {first} and {second}")
        )
        return text.format(first=line_name(lines[0]), second=line_name(lines[1]), **names)
    if len(lines) == 1:
        text = (
            translate("Coach", "{mark} blocks at {cell} and threatens {line}")
            if blocks
            else translate("Coach", "{mark} plays {cell} and threatens {line}")
        )
        return text.format(line=line_name(lines[0]), **names)
    text = (
        translate("Coach", "{mark} blocks at {cell}")
        if blocks
        else translate("Coach", "{mark} plays {cell}")
    )
    return text.format(**names)


def _better_clause(board: Board, best: tuple[Cell, ...], before: MoveValue) -> str:
    cells = cell_list(best)
    if before.outcome is Outcome.WIN:
        if before.plies == 1:
            return translate("Coach", "{cells} would have won at once").format(cells=cells)
        n = moves_to_end(before)
        return translate("Coach", "{cells} would have won in %n move(s)", None, n).format(
            cells=cells
        )
    blocking = set(best) <= set(completing_cells(board, board.to_move.opponent))
    if before.outcome is Outcome.DRAW:
        if blocking:
            text = translate("Coach", "blocking at {cells} would have kept the draw")
        else:
            text = translate("Coach", "{cells} would have kept the draw")
    elif blocking:
        text = translate("Coach", "blocking at {cells} would have held out longer")
    else:
        text = translate("Coach", "{cells} would have held out longer")
    return text.format(cells=cells)


def _explain(
    board: Board, cell: Cell, kind: VerdictKind, before: MoveValue, after: MoveValue
) -> str:
    best = best_moves(board)
    played = move_name(board.to_move, cell)
    better = _better_clause(board, best, before)
    if kind == "kept" and after.outcome is Outcome.WIN:
        n = moves_to_end(after)
        text = translate("Coach", "{move} still wins, in %n move(s); {better}.", None, n)
        return text.format(move=played, better=better)
    steps = "; ".join(_describe_part(*part) for part in _explanation_parts(board, cell))
    if after.outcome is Outcome.DRAW:
        text = translate(
            "Coach", "After {move}, {steps}, and best play draws from there; {better}."
        )
    else:
        text = translate("Coach", "After {move}, {steps}; {better}.")
    return text.format(move=played, steps=steps, better=better)
