"""A :class:`~ttt_desktop.players.thought.Thought` in words and figures, through Qt translation.

Cells are named as the board names them: by their keypad digit on tic-tac-toe (7 8 9
on the top row), "h8" on every other board. Every string goes through
``QCoreApplication.translate("Thinking", ...)`` and is formatted after translation.
"""

from __future__ import annotations

import functools

from PySide6.QtCore import QCoreApplication

from ttt_desktop.brains.protocol import xy_of
from ttt_desktop.core.geometry import Geometry
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules
from ttt_desktop.gui.engines.brain_text import own_cell_names, printable, with_cell_names
from ttt_desktop.gui.engines.engine_players import engine_info
from ttt_desktop.players import display_name
from ttt_desktop.players.thought import Bound, CellScore, Meaning, Rule, Thought, proves


def _geometry(thought: Thought) -> Geometry:
    return _geometry_of(thought.rules)


@functools.lru_cache(maxsize=16)
def _geometry_of(rules: str) -> Geometry:
    # Asked once a cell named: a big board's figures name dozens of cells a move.
    return Rules.parse(rules).geometry


def cells_text(cells: tuple[int, ...] | list[int], geometry: Geometry | None = None) -> str:
    """Cells by name (keypad digits on tic-tac-toe): ``"7, 9 and 1"``, ``"h8 and i9"``."""
    name = (geometry or TIC_TAC_TOE.geometry).name
    digits = [name(cell) for cell in cells]
    if len(digits) <= 1:
        return "".join(digits)
    return QCoreApplication.translate("Thinking", "{first} and {last}").format(
        first=", ".join(digits[:-1]), last=digits[-1]
    )


def line_text(line: tuple[int, ...], geometry: Geometry | None = None) -> str:
    """A line as ``"1-5-9"`` (keypad digits, ascending) or ``"h8-i9-j10"`` (along the line)."""
    geometry = geometry or TIC_TAC_TOE.geometry
    if geometry.rules is TIC_TAC_TOE:
        return "-".join(sorted(geometry.name(cell) for cell in line))
    return "-".join(geometry.name(cell) for cell in line)


def kind_name(kind: str) -> str:
    """The display name of a player kind (the kind itself for one not in the roster; a
    brain's name from the engine list)."""
    try:
        return display_name(kind)
    except ValueError:
        info = engine_info(kind)
        return kind if info is None else info.name


def rule_sentence(thought: Thought) -> str:
    """Why the move, in the player's own terms: ``"block: O threatens 1-5-9"``."""
    me = thought.to_move
    other = "O" if me == "X" else "X"
    lines = ", ".join(line_text(line, _geometry(thought)) for line in thought.rule_lines)
    rule = thought.rule
    if rule is Rule.WIN:
        return QCoreApplication.translate("Thinking", "win: {mark} completes {lines}").format(
            mark=me, lines=lines
        )
    if rule is Rule.BLOCK:
        return QCoreApplication.translate("Thinking", "block: {mark} threatens {lines}").format(
            mark=other, lines=lines
        )
    if rule is Rule.FORK:
        return QCoreApplication.translate(
            "Thinking", "fork: two threats at once, on {lines}"
        ).format(lines=lines)
    if rule is Rule.BLOCK_FORK:
        return QCoreApplication.translate(
            "Thinking", "block a fork: {mark} could fork on {cells}"
        ).format(mark=other, cells=cells_text(thought.rule_cells, _geometry(thought)))
    if rule is Rule.CENTRE:
        return QCoreApplication.translate("Thinking", "centre: the middle cell is free")
    if rule is Rule.OPPOSITE_CORNER:
        return QCoreApplication.translate(
            "Thinking", "opposite corner: across from a corner {mark} holds"
        ).format(mark=other)
    if rule is Rule.CORNER:
        return QCoreApplication.translate("Thinking", "corner: a free corner ({cells})").format(
            cells=cells_text(thought.candidates, _geometry(thought))
        )
    if rule is Rule.SIDE:
        return QCoreApplication.translate("Thinking", "side: a free side ({cells})").format(
            cells=cells_text(thought.candidates, _geometry(thought))
        )
    if rule is Rule.RANDOM:
        return QCoreApplication.translate("Thinking", "at random among the free cells")
    if rule is Rule.UTILITY:
        return QCoreApplication.translate(
            "Thinking", "the most useful cell: the highest sum of line utilities"
        )
    if rule is Rule.TALLY:
        return QCoreApplication.translate(
            "Thinking", "the largest tally of wins and losses ahead, in absolute value"
        )
    if rule is Rule.ANY:
        return QCoreApplication.translate("Thinking", "every tally is zero: any free cell")
    if rule is Rule.TABLE:
        return QCoreApplication.translate("Thinking", "the best value in the learned table")
    if rule is Rule.SCRIPT:
        return QCoreApplication.translate("Thinking", "the next cell of its script")
    if rule is Rule.SOLVED:
        return QCoreApplication.translate("Thinking", "a best move of the solved game")
    proven = _chosen_proves(thought)
    if rule is Rule.SEARCH and thought.meaning is Meaning.EVALUATION and proven:
        template = (
            QCoreApplication.translate(
                "Thinking", "a win in {plies}, proven by a search {depth} moves deep"
            )
            if proven > 0
            else QCoreApplication.translate(
                "Thinking", "the best of a search {depth} moves deep: a proven loss in {plies}"
            )
        )
        return template.format(depth=thought.depth, plies=_chosen_plies(thought))
    if rule is Rule.DEEPENING and proven:
        template = (
            QCoreApplication.translate("Thinking", "a win in {plies}, proven by a deepening search")
            if proven > 0
            else QCoreApplication.translate(
                "Thinking", "the best a deepening search found: a proven loss in {plies}"
            )
        )
        return template.format(plies=_chosen_plies(thought))
    if rule is Rule.SEARCH and thought.meaning is Meaning.EVALUATION:
        return QCoreApplication.translate(
            "Thinking", "the best value of a search {depth} moves deep, rated by line utility"
        ).format(depth=thought.depth)
    if rule is Rule.SEARCH:
        return QCoreApplication.translate(
            "Thinking", "the best value of a search to the end of the game"
        )
    if rule is Rule.DEEPENING:
        return QCoreApplication.translate(
            "Thinking",
            "the best move a deepening search found in its time: the best found, not proven",
        )
    if rule is Rule.SIMULATION:
        return QCoreApplication.translate(
            "Thinking", "the cell most visited by random games played to the end"
        )
    if rule is Rule.THREATS:
        return QCoreApplication.translate(
            "Thinking", "a forced win found by threat search: proven, whatever {mark} plays"
        ).format(mark=other)
    return QCoreApplication.translate("Thinking", "its own reasons")


def _chosen_proves(thought: Thought) -> int:
    """What the chosen move's evaluation proves: 1 a win, -1 a loss, 0 nothing (or no score)."""
    if thought.meaning is not Meaning.EVALUATION:
        return 0
    score = thought.score_of(thought.move)
    return 0 if score is None else proves(score)


def _chosen_plies(thought: Thought) -> str:
    """The moves to the end of the chosen move's proof: ``"7"``, or ``"at most 7"`` for a bound."""
    score = thought.score_of(thought.move)
    assert score is not None and score.plies is not None
    if score.bound is Bound.EXACT:
        return str(score.plies)
    return QCoreApplication.translate("Thinking", "at most {plies}").format(plies=score.plies)


def meaning_text(meaning: Meaning) -> str:
    """What the per-cell scores are, in a sentence."""
    texts = {
        Meaning.NONE: QCoreApplication.translate(
            "Thinking", "No scores: this player does not rate cells."
        ),
        Meaning.MINIMAX: QCoreApplication.translate(
            "Thinking",
            "Minimax values: 1 + the empty cells left for a win, minus that for a loss, "
            "0 for a draw.",
        ),
        Meaning.ALPHABETA: QCoreApplication.translate(
            "Thinking",
            "Alpha-beta values on the minimax scale; ≤ marks a bound: that move is no better.",
        ),
        Meaning.UTILITY: QCoreApplication.translate(
            "Thinking", "Line utilities: the sum over the lines through the cell."
        ),
        Meaning.RALPH: QCoreApplication.translate(
            "Thinking", "Ralph's tallies: wins completed on the cell minus losses, nearer first."
        ),
        Meaning.LEARNED: QCoreApplication.translate(
            "Thinking", "Learned values, from -1 (lost) to 1 (won)."
        ),
        Meaning.EXACT: QCoreApplication.translate(
            "Thinking", "Exact values from the solved game, with the moves to the end."
        ),
        Meaning.EVALUATION: QCoreApplication.translate(
            "Thinking",
            "Evaluations of a search cut off at its depth, for the side to move: above 0 is "
            "good for it; W or L with the moves marks a win or loss the search proved, ≤W or "
            "≥L a bound that proves nothing (no better than that win, no worse than that loss).",
        ),
        Meaning.WIN_RATE: QCoreApplication.translate(
            "Thinking",
            "Win rates of Monte Carlo tree search: how often the side to move won the random "
            "games through the cell (draws count a half), with how many games went through it.",
        ),
    }
    return texts[meaning]


def score_text(score: CellScore, meaning: Meaning) -> str:
    """One score, short enough for a cell: ``"+6"``, ``"≤0"``, ``"W3"``, ``"0.84"``."""
    value = score.value
    if meaning is Meaning.WIN_RATE and score.plies is not None:
        # A cell the search proved: its win rate is exactly 1, a half or 0.
        value -= 0.5
        meaning = Meaning.EXACT
    elif meaning is Meaning.WIN_RATE:
        return QCoreApplication.translate("Thinking", "{percent}%").format(
            percent=round(value * 100)
        )
    if meaning is Meaning.EVALUATION and _outcome(score):
        return _outcome_text(score)
    if meaning is Meaning.EVALUATION and abs(value) >= 1000:
        # Big evaluations in thousands, short enough for a small cell.
        text = QCoreApplication.translate("Thinking", "{thousands}k").format(
            thousands=f"{value / 1000:+.1f}"
        )
        return _bounded(text, score)
    if meaning is Meaning.EXACT:
        plies = score.plies or 0
        if value > 0:
            return QCoreApplication.translate("Thinking", "W{plies}").format(plies=plies)
        if value < 0:
            return QCoreApplication.translate("Thinking", "L{plies}").format(plies=plies)
        return QCoreApplication.translate("Thinking", "D")
    text = f"{int(value):+d}" if value else "0"
    if meaning is Meaning.LEARNED:
        text = f"{value:+.2f}"
    if meaning is Meaning.EVALUATION:
        text = f"{round(value):+d}" if round(value) else "0"
    return _bounded(text, score)


def _bounded(text: str, score: CellScore) -> str:
    if score.bound is Bound.UPPER:
        return "≤" + text
    if score.bound is Bound.LOWER:
        return "≥" + text
    return text


def _outcome(score: CellScore) -> bool:
    """An evaluation in the search's win or loss range: told as a win or a loss, never as
    the number of the search's scale that stands for it."""
    return score.plies is not None and score.value != 0


def _outcome_text(score: CellScore) -> str:
    """A win or loss short for a cell: ``"W7"`` proven, ``"W≤7"`` proven within at most 7
    moves, ``"≤W7"`` no better than a win in 7 (not proven); the same with L for losses."""
    plies = score.plies or 0
    won = score.value > 0
    text = (
        QCoreApplication.translate("Thinking", "W{plies}")
        if won
        else QCoreApplication.translate("Thinking", "L{plies}")
    ).format(plies=plies if score.bound is Bound.EXACT or not proves(score) else f"≤{plies}")
    if proves(score) or score.bound is Bound.EXACT:
        return text
    return ("≤" if won else "≥") + text


def _outcome_description(score: CellScore, cell: str) -> str:
    """A win or loss in words: proven (in so many moves, or at most so many) or not."""
    plies = score.plies or 0
    won = score.value > 0
    proven = proves(score)
    if proven and score.bound is Bound.EXACT:
        text = (
            QCoreApplication.translate("Thinking", "cell {cell}: proven win in {plies}")
            if won
            else QCoreApplication.translate("Thinking", "cell {cell}: proven loss in {plies}")
        )
    elif proven:
        text = (
            QCoreApplication.translate("Thinking", "cell {cell}: proven win in at most {plies}")
            if won
            else QCoreApplication.translate(
                "Thinking", "cell {cell}: proven loss in at most {plies}"
            )
        )
    else:
        text = (
            QCoreApplication.translate(
                "Thinking", "cell {cell}: no better than a win in {plies}, not proven"
            )
            if won
            else QCoreApplication.translate(
                "Thinking", "cell {cell}: no worse than a loss in {plies}, not proven"
            )
        )
    return text.format(cell=cell, plies=plies)


def score_description(score: CellScore, meaning: Meaning, geometry: Geometry | None = None) -> str:
    """One score in words, for a screen reader."""
    cell = (geometry or TIC_TAC_TOE.geometry).name(score.cell)
    if meaning is Meaning.WIN_RATE and score.plies is not None:
        score = CellScore(score.cell, score.value - 0.5, plies=score.plies)
        meaning = Meaning.EXACT
    if meaning is Meaning.WIN_RATE:
        visits = score.visits or 0
        if visits == 1:
            text = QCoreApplication.translate(
                "Thinking", "cell {cell}: won {percent}% of 1 random game"
            )
        else:
            text = QCoreApplication.translate(
                "Thinking", "cell {cell}: won {percent}% of {visits} random games"
            )
        return text.format(cell=cell, percent=round(score.value * 100), visits=f"{visits:,}")
    if meaning is Meaning.EVALUATION and _outcome(score):
        return _outcome_description(score, cell)
    if meaning is Meaning.EVALUATION:
        text = score_text(score, meaning)
        if score.bound is Bound.UPPER:
            template = QCoreApplication.translate(
                "Thinking", "cell {cell}: evaluation at most {score}"
            )
        elif score.bound is Bound.LOWER:
            template = QCoreApplication.translate(
                "Thinking", "cell {cell}: evaluation at least {score}"
            )
        else:
            template = QCoreApplication.translate("Thinking", "cell {cell}: evaluation {score}")
        return template.format(cell=cell, score=text.lstrip("≤≥"))
    if meaning is Meaning.EXACT:
        plies = score.plies or 0
        if score.value > 0:
            return QCoreApplication.translate("Thinking", "cell {cell}: wins in {plies}").format(
                cell=cell, plies=plies
            )
        if score.value < 0:
            return QCoreApplication.translate("Thinking", "cell {cell}: loses in {plies}").format(
                cell=cell, plies=plies
            )
        return QCoreApplication.translate("Thinking", "cell {cell}: draw").format(cell=cell)
    text = score_text(score, meaning)
    if score.bound is Bound.UPPER:
        return QCoreApplication.translate("Thinking", "cell {cell}: at most {score}").format(
            cell=cell, score=text.lstrip("≤")
        )
    return QCoreApplication.translate("Thinking", "cell {cell}: {score}").format(
        cell=cell, score=text
    )


def headline(thought: Thought, *, asked: bool = False) -> str:
    """``"Ralph (O) played 5: block: X threatens 1-5-9"``; ``asked``: would play."""
    template = (
        QCoreApplication.translate("Thinking", "{name} ({mark}) would play {cell}: {why}")
        if asked
        else QCoreApplication.translate("Thinking", "{name} ({mark}) played {cell}: {why}")
    )
    return template.format(
        name=kind_name(thought.kind),
        mark=thought.to_move,
        cell=_geometry(thought).name(thought.move),
        why=rule_sentence(thought),
    )


SCORES_LISTED = 12
"""The most cells a thought's figures list in words (a big board's search scores dozens)."""


def _best_scores(thought: Thought) -> tuple[CellScore, ...]:
    """The scores the figures list: all of a few, else the chosen move and the best others.

    Best by visits for a Monte Carlo search, else by value; in cell order, as all are.
    """
    scores = thought.scores
    if len(scores) <= SCORES_LISTED:
        return scores
    if thought.meaning is Meaning.WIN_RATE:
        ranked = sorted(scores, key=lambda s: (s.cell != thought.move, -(s.visits or 0)))
    else:
        ranked = sorted(scores, key=lambda s: (s.cell != thought.move, -s.value))
    best = {s.cell for s in ranked[:SCORES_LISTED]}
    return tuple(s for s in scores if s.cell in best)


def figures(thought: Thought) -> list[str]:
    """The thought's figures, one sentence each."""
    lines: list[str] = []
    if len(thought.candidates) > 1:
        lines.append(
            QCoreApplication.translate("Thinking", "Chosen at random among {cells}.").format(
                cells=cells_text(thought.candidates, _geometry(thought))
            )
        )
    if thought.scores:
        lines.append(meaning_text(thought.meaning))
        listed = _best_scores(thought)
        text = QCoreApplication.translate("Thinking", "Scores: {scores}.").format(
            scores="; ".join(
                score_description(s, thought.meaning, _geometry(thought)) for s in listed
            )
        )
        if len(listed) < len(thought.scores):
            text += " " + QCoreApplication.translate(
                "Thinking",
                "%n more cell(s) scored: see the board.",
                None,
                len(thought.scores) - len(listed),
            )
        lines.append(text)
        lines += _proofs(thought)
    simulations = sum(score.visits or 0 for score in thought.scores)
    if thought.meaning is Meaning.WIN_RATE and simulations:
        lines.append(
            QCoreApplication.translate(
                "Thinking", "{games} random games played to the end."
            ).format(games=f"{simulations:,}")
        )
    if thought.nodes:
        # Counted texts (declared for the translation in plural_texts.Thinking).
        positions = QCoreApplication.translate(
            "Thinking", "%Ln position(s) searched", None, thought.nodes
        )
        deep = QCoreApplication.translate("Thinking", "%n move(s) deep", None, thought.depth)
        lines.append(
            QCoreApplication.translate("Thinking", "{positions}, {deep}.").format(
                positions=positions, deep=deep
            )
        )
        if thought.scored:
            # The horizon's moves valued without being played: said apart, not as positions.
            lines.append(
                QCoreApplication.translate(
                    "Thinking",
                    "At the horizon {scored} more moves were valued from the evaluation "
                    "without being played.",
                ).format(scored=f"{thought.scored:,}")
            )
    if thought.cutoffs:
        lines.append(
            QCoreApplication.translate("Thinking", "{cutoffs} moves cut off unsearched.").format(
                cutoffs=f"{thought.cutoffs:,}"
            )
        )
    if thought.line:
        lines.append(
            QCoreApplication.translate("Thinking", "Expected line: {moves}.").format(
                moves=" ".join(
                    f"{mark}{_geometry(thought).name(cell)}"
                    for mark, cell in zip(
                        _marks(thought.to_move, len(thought.line)), thought.line, strict=False
                    )
                )
            )
        )
    if thought.messages:
        lines += _brain_words(thought)
    lines.append(
        QCoreApplication.translate("Thinking", "Thought for {ms} ms.").format(
            ms=f"{thought.seconds * 1000:.1f}"
        )
    )
    return lines


def _brain_words(thought: Thought) -> list[str]:
    """A Gomocup brain's own words (depth, evaluation, best line), the last few as said, and
    how its cells read on this board: the protocol's x,y (from 0 at the top-left) of its
    move, this board's name after each x,y pair it said, and that other names are its own."""
    rules = Rules.parse(thought.rules)
    said = " / ".join(printable(message) for message in thought.messages[-5:])
    shown, named = with_cell_names(said, rules)
    x, y = xy_of(thought.move, rules.m)
    move = _geometry(thought).name(thought.move)
    if named:
        legend = QCoreApplication.translate(
            "Thinking",
            "It counts x,y from 0 at the top-left: its move {xy} is {cell} here, and this "
            "board's name follows each x,y it said, in brackets.",
        )
    else:
        legend = QCoreApplication.translate(
            "Thinking", "It counts x,y from 0 at the top-left: its move {xy} is {cell} here."
        )
    lines = [
        legend.format(xy=f"{x},{y}", cell=move),
        QCoreApplication.translate("Thinking", "It said: {messages}").format(messages=shown),
    ]
    others = own_cell_names(said)
    if others:
        lines.append(
            QCoreApplication.translate(
                "Thinking",
                "Names such as {name} in its words are its own notation, which may not be "
                "this board's.",
            ).format(name=others[0])
        )
    return lines


def _proofs(thought: Thought) -> list[str]:
    """Which of an evaluation's scores are proven, when some are and others are estimates:
    ``"Cell proven won: h8."``, ``"Cells proven lost: i9 and j10."``, and that the rest are not."""
    if thought.meaning is not Meaning.EVALUATION:
        return []
    proofs = [(score.cell, proves(score)) for score in thought.scores]
    wins = [cell for cell, proof in proofs if proof > 0]
    losses = [cell for cell, proof in proofs if proof < 0]
    if not (wins or losses) or len(wins) + len(losses) == len(proofs):
        return []
    geometry = _geometry(thought)
    lines = []
    # Counted texts (declared for the translation in plural_texts.Thinking).
    if wins:
        lines.append(
            QCoreApplication.translate(
                "Thinking", "Cell(s) proven won: {cells}.", None, len(wins)
            ).format(cells=cells_text(wins, geometry))
        )
    if losses:
        lines.append(
            QCoreApplication.translate(
                "Thinking", "Cell(s) proven lost: {cells}.", None, len(losses)
            ).format(cells=cells_text(losses, geometry))
        )
    lines.append(
        QCoreApplication.translate(
            "Thinking", "The other scores are not proven: the search's estimates or bounds."
        )
    )
    return lines


def _marks(first: str, count: int = 9) -> list[str]:
    other = "O" if first == "X" else "X"
    return [first if index % 2 == 0 else other for index in range(count)]
