"""The stored scores (``ttt_desktop/analysis/scores.bin``) are the solved game, exactly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from helpers.reference_game import outcome_and_length, playable_positions

from ttt_desktop.analysis import position_score, reachable_boards
from ttt_desktop.analysis.solver import (
    SCORE_TABLE_PATH,
    score_table_bytes,
    solved_score,
    stored_scores,
)
from ttt_desktop.core import Board, Mark


def test_the_file_is_the_game_solved_from_scratch() -> None:
    assert Path(SCORE_TABLE_PATH).read_bytes() == score_table_bytes(), (
        "regenerate with: python -m ttt_desktop.analysis"
    )
    assert stored_scores() == score_table_bytes()


def test_every_position_reads_its_negamax_score() -> None:
    boards = [*reachable_boards(Mark.X), *reachable_boards(Mark.O)]
    assert len(boards) == 2 * 5_478
    for board in boards:
        assert position_score(board) == solved_score(board), board


def test_the_scores_agree_with_the_reference() -> None:
    for (cells, mover), _ in playable_positions():
        result, length = outcome_and_length(cells, mover)
        score = position_score(Board.from_string(cells, mover))
        if result > 0:
            assert score == 20 - length
        elif result < 0:
            assert score == length - 20
        else:
            assert score == 0


def test_regenerating_writes_the_same_file(tmp_path: Path) -> None:
    target = tmp_path / "scores.bin"
    script = (
        "import runpy, ttt_desktop.analysis.solver as solver\n"
        f"solver.SCORE_TABLE_PATH = {str(target)!r}\n"
        "runpy.run_module('ttt_desktop.analysis', run_name='__main__')\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, capture_output=True)
    assert target.read_bytes() == Path(SCORE_TABLE_PATH).read_bytes()


def test_without_the_file_the_game_is_solved_instead(tmp_path: Path) -> None:
    script = (
        "import ttt_desktop.analysis.solver as solver\n"
        f"solver.SCORE_TABLE_PATH = {str(tmp_path / 'missing.bin')!r}\n"
        "from ttt_desktop.analysis import coach\n"
        "from ttt_desktop.core import Board\n"
        "assert solver.stored_scores() is None\n"
        "print(coach.hint(Board.from_string('XX.OO....')).sentence)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], check=True, capture_output=True, text=True
    )
    assert result.stdout.strip() == "Take 9: it wins at once"
