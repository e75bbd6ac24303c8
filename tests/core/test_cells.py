"""Cell names: every conversion, both ways, and the named cell groups."""

from __future__ import annotations

import pytest

from ttt_desktop.core import (
    CELLS,
    CENTRE,
    CORNERS,
    LINES,
    OPPOSITE_CORNER,
    SIDES,
    cell_from_keypad,
    cell_from_row_column,
    describe_cell,
    keypad_label,
    row_column,
)
from ttt_desktop.core.cells import is_cell

# The keypad as it looks: 7 8 9 on top, 1 2 3 at the bottom.
KEYPAD_ROWS = ((7, 8, 9), (4, 5, 6), (1, 2, 3))
NOT_CELLS = [-1, 9, 10, True, False, 4.0, "4", None]


def test_cells_are_zero_to_eight() -> None:
    assert tuple(range(9)) == CELLS
    assert all(is_cell(cell) for cell in CELLS)
    assert not any(is_cell(value) for value in NOT_CELLS)


@pytest.mark.parametrize("cell", range(9))
def test_every_cell_converts_both_ways(cell: int) -> None:
    row, column = divmod(cell, 3)
    label = KEYPAD_ROWS[row][column]
    assert keypad_label(cell) == label
    assert cell_from_keypad(label) == cell
    assert row_column(cell) == (row + 1, column + 1)
    assert cell_from_row_column(row + 1, column + 1) == cell
    assert describe_cell(cell) == f"cell {label} (row {row + 1}, column {column + 1})"


def test_keypad_labels_are_a_bijection() -> None:
    assert sorted(keypad_label(cell) for cell in CELLS) == list(range(1, 10))
    assert sorted(cell_from_keypad(label) for label in range(1, 10)) == list(CELLS)


@pytest.mark.parametrize("value", NOT_CELLS)
def test_cell_functions_refuse_non_cells(value: object) -> None:
    for function in (keypad_label, row_column, describe_cell):
        with pytest.raises(ValueError, match="a cell is an int 0-8"):
            function(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("label", [0, 10, -3, True, 7.0, "7", None])
def test_keypad_refuses_non_digits(label: object) -> None:
    with pytest.raises(ValueError, match="keypad label must be a digit 1-9"):
        cell_from_keypad(label)  # type: ignore[arg-type]


@pytest.mark.parametrize(("row", "column"), [(0, 1), (1, 0), (4, 1), (1, 4), (True, 1), (1.0, 1)])
def test_row_column_refuses_out_of_range(row: object, column: object) -> None:
    with pytest.raises(ValueError, match="row and column must each be 1-3"):
        cell_from_row_column(row, column)  # type: ignore[arg-type]


def test_lines_are_the_eight_lines_of_three() -> None:
    rows = {tuple(range(r * 3, r * 3 + 3)) for r in range(3)}
    columns = {(c, c + 3, c + 6) for c in range(3)}
    diagonals = {(0, 4, 8), (2, 4, 6)}
    assert len(LINES) == 8
    assert set(LINES) == rows | columns | diagonals


def test_cell_groups() -> None:
    assert CENTRE == 4
    assert set(CORNERS) | set(SIDES) | {CENTRE} == set(CELLS)
    assert not set(CORNERS) & set(SIDES)
    assert all(sum(cell in line for line in LINES) == 3 for cell in CORNERS)
    assert all(sum(cell in line for line in LINES) == 2 for cell in SIDES)
    for corner, opposite in OPPOSITE_CORNER.items():
        assert (corner, CENTRE, opposite) in LINES or (opposite, CENTRE, corner) in LINES
        assert OPPOSITE_CORNER[opposite] == corner
    assert set(OPPOSITE_CORNER) == set(CORNERS)
