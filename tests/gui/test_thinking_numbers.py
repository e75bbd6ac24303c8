"""The Thinking dock's numbers on the big boards (issue 32, item 4): a search's wins and losses
are words, never the numbers of its scale; the headline claims a proof only where the scores
prove it; and a score drawn on a cell fits it, or the dock says what the dots mean."""

from __future__ import annotations

import pytest
from conftest import WindowMaker
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont, QFontMetricsF
from pytestqt.qtbot import QtBot

from ttt_desktop.core import Board, Mark
from ttt_desktop.core.rules import GOMOKU, Rules
from ttt_desktop.gui.board.board_overlay import (
    ANNOTATION_FONT_MIN_PX,
    CellAnnotation,
    annotation_box,
    fitted_label,
)
from ttt_desktop.gui.game.controller import Seat
from ttt_desktop.gui.insight import words
from ttt_desktop.gui.insight.features import THOUGHT_LAYER
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.players import HUMAN_KIND, create_player
from ttt_desktop.players.search.limited import WIN_SCORE
from ttt_desktop.players.searcher import tables_for
from ttt_desktop.players.thought import Bound, CellScore, Meaning, Rule, Thought, proves

GEOMETRY = GOMOKU.geometry


def open_three() -> Board:
    """X to move with an open three on h8-j8: k8 (or g8) wins in 3."""
    board = Board.empty(Mark.X, GOMOKU)
    return board.play_all([GEOMETRY.parse(name) for name in ("h8", "a1", "i8", "a3", "j8", "o15")])


def searcher_thought() -> Thought:
    return create_player("searcher", seed=1, depth=2).think(open_three())


def test_a_bound_on_a_win_is_words_never_the_searchs_infinity() -> None:
    thought = searcher_thought()
    mate = tables_for(GOMOKU).mate
    bounded = [s for s in thought.scores if s.bound is Bound.UPPER and s.value > mate // 2]
    assert bounded, "the other winning move is searched with a null window: a bound on a win"
    for score in bounded:
        assert proves(score) == 0
        text = words.score_text(score, Meaning.EVALUATION)
        description = words.score_description(score, Meaning.EVALUATION, GEOMETRY)
        assert text == f"≤W{score.plies}"
        assert description.endswith(f"no better than a win in {score.plies}, not proven")
    shown = " ".join(words.figures(thought))
    for number in (str(mate)[:4], f"{mate / 1000:.1f}k", f"{mate / 1000:+.1f}k"):
        assert number not in shown


def test_every_bound_of_a_win_or_loss_says_what_it_proves() -> None:
    meaning = Meaning.EVALUATION

    def said(value: int, bound: Bound) -> tuple[str, str]:
        score = CellScore(GEOMETRY.parse("h8"), value, bound, plies=7)
        return (
            words.score_text(score, meaning),
            words.score_description(score, meaning, GEOMETRY),
        )

    assert said(134_217_721, Bound.EXACT) == ("W7", "cell h8: proven win in 7")
    assert said(134_217_721, Bound.LOWER) == ("W≤7", "cell h8: proven win in at most 7")
    assert said(134_217_721, Bound.UPPER) == (
        "≤W7",
        "cell h8: no better than a win in 7, not proven",
    )
    assert said(-134_217_721, Bound.EXACT) == ("L7", "cell h8: proven loss in 7")
    assert said(-134_217_721, Bound.UPPER) == ("L≤7", "cell h8: proven loss in at most 7")
    assert said(-134_217_721, Bound.LOWER) == (
        "≥L7",
        "cell h8: no worse than a loss in 7, not proven",
    )


def test_the_limited_searches_mark_a_bound_on_a_win_too() -> None:
    thought = create_player("alphabeta", seed=1, depth=3).think(open_three())
    assert thought.meaning is Meaning.EVALUATION
    said = {
        GEOMETRY.name(score.cell): words.score_text(score, Meaning.EVALUATION)
        for score in thought.scores
        if abs(score.value) >= WIN_SCORE
    }
    # k8 wins in 3; g8, searched after it with a window that proves only "no better".
    assert said == {"k8": "W3", "g8": "≤W3"}


def test_the_headline_says_proven_when_the_chosen_move_is() -> None:
    thought = searcher_thought()
    assert thought.rule is Rule.DEEPENING
    chosen = thought.score_of(thought.move)
    assert chosen is not None and proves(chosen) == 1
    headline = words.headline(thought)
    assert "not proven" not in headline
    assert headline.endswith(f"a win in {chosen.plies}, proven by a deepening search")
    figures = words.figures(thought)
    # Some are proven, the others are estimates or bounds: the figures say which.
    assert f"Cell(s) proven won: {GEOMETRY.name(thought.move)}." in figures
    assert "The other scores are not proven: the search's estimates or bounds." in figures


def test_the_headline_says_not_proven_and_names_the_proven_losses() -> None:
    board = Board.empty(Mark.X, GOMOKU).play(GEOMETRY.parse("g7"))
    h8, i9, j10 = (GEOMETRY.parse(name) for name in ("h8", "i9", "j10"))
    thought = Thought(
        kind="searcher",
        cells=board.cells,
        to_move="O",
        move=h8,
        rule=Rule.DEEPENING,
        scores=(
            CellScore(h8, 40.0),
            CellScore(i9, -134_217_725, Bound.UPPER, plies=3),
            CellScore(j10, -134_217_723, plies=5),
        ),
        meaning=Meaning.EVALUATION,
        rules=GOMOKU.key,
    )
    assert words.headline(thought).endswith("the best found, not proven")
    figures = words.figures(thought)
    assert "Cell(s) proven lost: i9 and j10." in figures
    assert "Cell(s) proven won: h8." not in " ".join(figures)
    # Every score proven: no sentence about estimates.
    lost = Thought(**{**_fields(thought), "scores": thought.scores[1:], "move": j10})
    assert words.headline(lost).endswith("the best a deepening search found: a proven loss in 5")
    assert not any("not proven" in line for line in words.figures(lost))


def _fields(thought: Thought) -> dict[str, object]:
    return {name: getattr(thought, name) for name in Thought.__slots__}


def _played_thought_on_the_board(
    qtbot: QtBot, make_window: WindowMaker, rules: Rules
) -> tuple[MainWindow, Thought]:
    """A person (X) against the Searcher (O) on ``rules``, the Thinking dock open: the
    person plays the middle, and the Searcher's reply is drawn on the board."""
    window = make_window()
    window.show()
    qtbot.waitExposed(window)
    window.insight.dock_action.trigger()
    window.set_move_delay(0)
    window.controller.session.set_seat(Mark.X, Seat(HUMAN_KIND, "Ann"))
    window.controller.session.set_seat(Mark.O, Seat("searcher", "Searcher"))
    window.controller.session.new_game(Mark.X, rules)
    with qtbot.waitSignal(window.controller.computer_thought, timeout=30_000) as replied:
        window.board.cell_clicked.emit(rules.geometry.parse("h8"))
    thought = replied.args[1]
    qtbot.waitUntil(lambda: window.board.overlay(THOUGHT_LAYER) is not None, timeout=30_000)
    return window, thought


def _labels(window: MainWindow) -> dict[int, tuple[str, QFont] | None]:
    """What the board writes in each scored cell at its size (None: the tint alone)."""
    overlay = window.board.overlay(THOUGHT_LAYER)
    assert overlay is not None
    ghosts = {ghost.cell for ghost in overlay.ghosts}
    return {
        cell: fitted_label(
            annotation,
            annotation_box(window.board.cell_rect(cell), centred=cell not in ghosts),
            window.board.font(),
        )
        for cell, annotation in overlay.annotations.items()
    }


@pytest.mark.slow
@pytest.mark.parametrize("key", ["15,15,5", "20,20,5"])
def test_a_score_on_the_board_is_written_whole_or_the_dock_says_what_the_dots_are(
    qtbot: QtBot, make_window: WindowMaker, key: str
) -> None:
    window, thought = _played_thought_on_the_board(qtbot, make_window, Rules.parse(key))
    overlay = window.board.overlay(THOUGHT_LAYER)
    assert overlay is not None and overlay.annotations
    panel = window.insight.panel
    labels = _labels(window)
    for cell, label in labels.items():
        annotation = overlay.annotations[cell]
        # The mover's mark and the score, or the score alone; never a cut text.
        assert annotation.text.startswith("O:")
        assert annotation.shorter == (annotation.text[2:],)
        if label is None:
            continue
        text, font = label
        assert text in (annotation.text, *annotation.shorter)
        ghost = any(g.cell == cell for g in overlay.ghosts)
        box = annotation_box(window.board.cell_rect(cell), centred=not ghost)
        assert QFontMetricsF(font).horizontalAdvance(text) <= box.width() + 0.5
        assert font.pixelSize() >= ANNOTATION_FONT_MIN_PX
    unwritten = sum(label is None for label in labels.values())
    # Where the board has dots instead of numbers, the dock says what they are.
    assert panel.board_note.isVisibleTo(panel) == bool(unwritten)
    if unwritten:
        assert panel.board_note.text().startswith(f"{unwritten} scored cell")
        assert "a dot there marks a scored cell" in panel.board_note.text()
    assert words.headline(thought) == panel.headline.text()


def test_a_label_too_long_for_its_cell_is_shortened_never_cut(qtbot: QtBot) -> None:
    annotation = CellAnnotation("X:≤-11", "cell f11: evaluation at most -11", shorter=("≤-11",))
    font = QFont()
    for side in (30.0, 40.0, 80.0):
        box = annotation_box(QRectF(0, 0, side, side), centred=True)
        label = fitted_label(annotation, box, font)
        assert label is not None
        text, fitted = label
        assert text in ("X:≤-11", "≤-11")
        assert QFontMetricsF(fitted).horizontalAdvance(text) <= box.width()
    # Where neither form fits, nothing is written (the cell's words still say it).
    assert fitted_label(annotation, annotation_box(QRectF(0, 0, 8, 8), centred=True), font) is None
