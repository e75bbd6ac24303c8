"""The Thinking dock's words for the searches of the bigger boards, and their scores on the
board: an evaluation, a win rate with visits (a heat map), deepening, simulation, threats;
and scores shown after a move are labelled as the mover's (issue 18, fault 3)."""

from __future__ import annotations

from conftest import WindowMaker
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from pytestqt.qtbot import QtBot

from ttt_desktop.core import Board, Mark
from ttt_desktop.core.rules import GOMOKU, TIC_TAC_TOE
from ttt_desktop.gui.board.board_widget import BoardWidget
from ttt_desktop.gui.insight import words
from ttt_desktop.gui.insight.features import thought_overlay
from ttt_desktop.players.roster import kinds_for
from ttt_desktop.players.thought import Bound, CellScore, Meaning, Rule, Thought

GEOMETRY = GOMOKU.geometry
H8, I9, J10 = (GEOMETRY.parse(name) for name in ("h8", "i9", "j10"))


def gomoku_thought(meaning: Meaning, scores: tuple[CellScore, ...], rule: Rule) -> Thought:
    board = Board.empty(Mark.X, GOMOKU).play(GEOMETRY.parse("g7"))
    return Thought(
        kind="rando",
        cells=board.cells,
        to_move="O",
        move=scores[0].cell,
        rule=rule,
        scores=scores,
        meaning=meaning,
        line=(scores[0].cell, I9),
        rules=GOMOKU.key,
    )


def test_evaluations_read_short_on_the_board_and_whole_in_words() -> None:
    meaning = Meaning.EVALUATION
    assert words.score_text(CellScore(H8, 35.0), meaning) == "+35"
    assert words.score_text(CellScore(H8, -4.4), meaning) == "-4"
    assert words.score_text(CellScore(H8, 0.2), meaning) == "0"
    assert words.score_text(CellScore(H8, 12500.0), meaning) == "+12.5k"
    assert words.score_text(CellScore(H8, 20.0, Bound.UPPER), meaning) == "≤+20"
    assert words.score_text(CellScore(H8, 900.0, plies=7), meaning) == "W7"
    assert words.score_text(CellScore(H8, -900.0, plies=4), meaning) == "L4"
    assert (
        words.score_description(CellScore(H8, 35.0), meaning, GEOMETRY) == "cell h8: evaluation +35"
    )
    assert (
        words.score_description(CellScore(H8, 20.0, Bound.LOWER), meaning, GEOMETRY)
        == "cell h8: evaluation at least +20"
    )
    assert (
        words.score_description(CellScore(H8, 900.0, plies=7), meaning, GEOMETRY)
        == "cell h8: proven win in 7"
    )
    assert "search cut off at its depth" in words.meaning_text(meaning)


def test_win_rates_say_how_many_games_went_through_the_cell() -> None:
    meaning = Meaning.WIN_RATE
    score = CellScore(I9, 0.625, visits=1204)
    assert words.score_text(score, meaning) == "62%" or words.score_text(score, meaning) == "63%"
    assert words.score_description(score, meaning, GEOMETRY).startswith("cell i9: won 6")
    assert words.score_description(score, meaning, GEOMETRY).endswith("of 1,204 random games")
    assert "Monte Carlo" in words.meaning_text(meaning)
    thought = gomoku_thought(meaning, (score, CellScore(H8, 0.5, visits=796)), Rule.SIMULATION)
    assert "2,000 random games played to the end." in words.figures(thought)


def test_the_new_rules_in_words() -> None:
    score = (CellScore(H8, 10.0),)
    deepening = gomoku_thought(Meaning.EVALUATION, score, Rule.DEEPENING)
    assert words.rule_sentence(deepening).endswith("the best found, not proven")
    assert words.headline(deepening).startswith("Rando (O) played h8: the best move")
    simulation = gomoku_thought(Meaning.WIN_RATE, score, Rule.SIMULATION)
    assert "most visited" in words.rule_sentence(simulation)
    threats = gomoku_thought(Meaning.EVALUATION, score, Rule.THREATS)
    assert words.rule_sentence(threats) == (
        "a forced win found by threat search: proven, whatever X plays"
    )
    # A line longer than tic-tac-toe's nine moves keeps alternating marks.
    long_line = Thought(
        kind="rando",
        cells=Board.empty(Mark.X, GOMOKU).cells,
        to_move="X",
        move=H8,
        line=tuple(range(12)),
        rules=GOMOKU.key,
    )
    expected = words.figures(long_line)[-2]
    assert expected.startswith("Expected line: Xa15 Ob15") and "Ol15" in expected


def test_asked_scores_are_the_side_to_moves_and_visits_shade_the_cells() -> None:
    thought = gomoku_thought(
        Meaning.WIN_RATE,
        (CellScore(H8, 0.6, visits=300), CellScore(I9, 0.4, visits=100)),
        Rule.SIMULATION,
    )
    overlay = thought_overlay(thought, thought.board)
    assert overlay.annotations[H8].text == "60%"
    assert overlay.annotations[H8].description == (
        "Rando thinks cell h8: won 60% of 300 random games"
    )
    assert overlay.shades == {H8: 0.75, I9: 0.25}
    assert overlay.marked == (H8,)


def test_scores_shown_after_the_move_carry_the_movers_mark() -> None:
    thought = gomoku_thought(
        Meaning.EVALUATION,
        (CellScore(H8, 30.0), CellScore(J10, -900.0, plies=6)),
        Rule.DEEPENING,
    )
    after = thought.board.play(H8)  # X is to move on the board shown
    overlay = thought_overlay(thought, after)
    assert set(overlay.annotations) == {J10}
    annotation = overlay.annotations[J10]
    assert annotation.text == "O:L6"
    assert annotation.tone == "loss"
    assert annotation.description == (
        "Rando (O) rated this before its move: cell j10: proven loss in 6"
    )
    # The line still to come starts with the side to move on the board shown.
    assert [(ghost.cell, ghost.mark) for ghost in overlay.ghosts] == [(I9, Mark.X)]
    assert overlay.marked == ()


def test_the_heat_map_is_painted_strongest_where_most_visited(qtbot: QtBot) -> None:
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(600, 600)
    thought = gomoku_thought(
        Meaning.WIN_RATE,
        (CellScore(H8, 0.6, visits=900), CellScore(I9, 0.4, visits=100)),
        Rule.SIMULATION,
    )
    board.set_board(thought.board)
    board.show()
    qtbot.waitExposed(board)
    plain = board.grab().toImage()
    board.set_overlay("thought", thought_overlay(thought, thought.board))
    image = board.grab().toImage()
    highlight = board.palette().color(QPalette.ColorRole.Highlight)

    def corner(cell: int, picture: object) -> QColor:
        rect = board.cell_rect(cell)
        x, y = round(rect.left() + 3), round(rect.top() + 3)
        return QColor(picture.pixel(x, y))  # type: ignore[attr-defined]

    def shift(cell: int) -> int:
        before, after = corner(cell, plain), corner(cell, image)
        return abs(before.lightness() - after.lightness()) + abs(before.hue() - after.hue())

    assert shift(H8) > shift(I9) > 0
    assert highlight.isValid()
    # A board of other rules drops the old layers; tic-tac-toe draws only its own cells of a
    # bigger board's overlay.
    board.set_board(Board.empty(Mark.X, TIC_TAC_TOE))
    assert board.overlays == {}
    board.set_overlay("thought", thought_overlay(thought, thought.board))
    assert not board.grab().isNull()


def test_the_ask_row_offers_only_the_computers_that_play_the_board(
    make_window: WindowMaker,
) -> None:
    window = make_window(rules=GOMOKU)
    panel = window.insight.panel
    model = panel.kind_box.model()
    enabled = {
        str(model.index(row, 0).data(Qt.ItemDataRole.UserRole))
        for row in range(model.rowCount())
        if model.flags(model.index(row, 0)) & Qt.ItemFlag.ItemIsEnabled
    }
    assert enabled == {kind for kind in kinds_for(GOMOKU) if kind != "sequence"}
    assert str(panel.kind_box.currentData()) in enabled
    perfect = panel.kind_box.findData("perfect")
    assert model.index(perfect, 0).data(Qt.ItemDataRole.ToolTipRole) == (
        "Perfect does not play Gomoku 15x15"
    )
