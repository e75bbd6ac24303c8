"""The rules value and its geometry: limits, presets, cell names, lines, symmetries."""

from __future__ import annotations

import itertools
import pickle

import pytest

from ttt_desktop.core.rules import (
    GOMOKU,
    PRESET_ALIASES,
    PRESETS,
    TIC_TAC_TOE,
    Rules,
    RulesError,
    coerce_rules,
)

SOME_RULES = [
    Rules(3, 3, 3),
    Rules(4, 3, 3),
    Rules(4, 4, 4),
    Rules(5, 5, 4),
    Rules(6, 5, 4),
    Rules(7, 7, 5),
    Rules(10, 6, 4),
    Rules(15, 15, 5),
    Rules(15, 15, 5, exact=True),
    Rules(20, 20, 5),
    Rules(3, 20, 3),
]


class TestRules:
    def test_interned_and_immutable(self) -> None:
        assert Rules(7, 7, 5) is Rules(7, 7, 5) is Rules.parse("7,7,5")
        assert pickle.loads(pickle.dumps(Rules(10, 6, 4))) is Rules(10, 6, 4)
        with pytest.raises(AttributeError):
            Rules(3, 3, 3).k = 4  # type: ignore[misc]

    @pytest.mark.parametrize(
        ("m", "n", "k", "message"),
        [
            (2, 3, 3, r"m \(columns\) must be 3 to 20, not 2"),
            (21, 3, 3, r"m \(columns\) must be 3 to 20, not 21"),
            (3, 30, 3, r"n \(rows\) must be 3 to 20, not 30"),
            (3, 3, 4, r"k \(in a row\) must be 3 to max\(m, n\) = 3, not 4"),
            (5, 4, 2, r"k \(in a row\) must be 3 to max\(m, n\) = 5, not 2"),
            (3.0, 3, 3, r"m \(columns\) must be 3 to 20, not 3.0"),
            (True, 3, 3, r"m \(columns\) must be 3 to 20, not True"),
        ],
    )
    def test_limits_are_named(self, m: object, n: object, k: object, message: str) -> None:
        with pytest.raises(RulesError, match=message):
            Rules(m, n, k)  # type: ignore[arg-type]
        assert issubclass(RulesError, ValueError)

    def test_every_size_in_the_limits_exists(self) -> None:
        for m, n in itertools.product(range(3, 21), repeat=2):
            for k in (3, max(m, n)):
                rules = Rules(m, n, k)
                assert (rules.m, rules.n, rules.k, rules.size) == (m, n, k, m * n)

    def test_exact_only_where_a_longer_line_fits(self) -> None:
        assert Rules(15, 15, 5, exact=True).exact
        assert Rules(15, 15, 5, exact=True).key == "15,15,5,exact"
        assert Rules(4, 4, 4, exact=True) is Rules(4, 4, 4)  # no line longer than 4 fits

    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ("gomoku", GOMOKU),
            ("Gomoku", GOMOKU),
            ("tic-tac-toe", TIC_TAC_TOE),
            ("tic tac toe", TIC_TAC_TOE),
            ("3x3", TIC_TAC_TOE),
            ("15,15,5", GOMOKU),
            (" 15, 15, 5 ", GOMOKU),
            ("15x15,5", GOMOKU),
            ("15,15,5,exact", Rules(15, 15, 5, exact=True)),
            ("standard-gomoku", Rules(15, 15, 5, exact=True)),
            ("10,6,4", Rules(10, 6, 4)),
            ("9x9", Rules(9, 9, 5)),
            ("12x8", Rules(12, 8, 5)),
            ("4x3", Rules(4, 3, 4)),
        ],
    )
    def test_parse(self, text: str, expected: Rules) -> None:
        assert Rules.parse(text) is expected

    @pytest.mark.parametrize(
        "text", ["", "chess", "3,3", "3,3,3,3", "a,b,c", "1e3,3,3", "99999,3,3"]
    )
    def test_parse_refuses_clearly(self, text: str) -> None:
        with pytest.raises(RulesError, match=r"rules are 'M,N,K'|must be"):
            Rules.parse(text)

    def test_presets(self) -> None:
        assert list(PRESETS.values()) == [
            Rules(3, 3, 3),
            Rules(4, 4, 4),
            Rules(5, 5, 4),
            Rules(6, 5, 4),
            Rules(7, 7, 5),
            Rules(15, 15, 5),
        ]
        for name, rules in PRESETS.items():
            assert Rules.parse(name) is rules
            assert rules.preset_name == name
        for alias, rules in PRESET_ALIASES.items():
            assert Rules.parse(alias) is rules
        assert TIC_TAC_TOE.title == "Tic-tac-toe"
        assert Rules(7, 7, 5).title == "7x7, five in a row"
        assert coerce_rules(None) is TIC_TAC_TOE
        assert coerce_rules("gomoku") is GOMOKU


def reference_lines(m: int, n: int, k: int) -> set[frozenset[int]]:
    """Every k-window, found the slow way: all runs of k cells in a straight line."""
    lines = set()
    for row, col in itertools.product(range(n), range(m)):
        for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
            cells = [(row + d_row * i, col + d_col * i) for i in range(k)]
            if all(0 <= r < n and 0 <= c < m for r, c in cells):
                lines.add(frozenset(r * m + c for r, c in cells))
    return lines


class TestGeometry:
    @pytest.mark.parametrize("rules", SOME_RULES, ids=str)
    def test_lines_and_masks(self, rules: Rules) -> None:
        g = rules.geometry
        assert {frozenset(line) for line in g.lines} == reference_lines(rules.m, rules.n, rules.k)
        assert len(set(g.lines)) == len(g.lines)
        for line, mask in zip(g.lines, g.masks, strict=True):
            assert mask == sum(1 << cell for cell in line)
        for cell in g.cells:
            assert {g.lines[i] for i in g.lines_through[cell]} == {
                line for line in g.lines if cell in line
            }

    def test_tic_tac_toe_lines_are_the_classic_eight_in_order(self) -> None:
        from ttt_desktop.core.cells import LINES  # noqa: PLC0415

        assert TIC_TAC_TOE.geometry.lines == LINES

    @pytest.mark.parametrize("rules", SOME_RULES, ids=str)
    def test_symmetries_map_lines_to_lines(self, rules: Rules) -> None:
        g = rules.geometry
        assert len(g.symmetries) == (8 if rules.m == rules.n else 4)
        assert g.symmetries[0] == g.cells
        lines = {frozenset(line) for line in g.lines}
        tables = set()
        for table in g.symmetries:
            assert sorted(table) == list(g.cells)
            assert {frozenset(table[c] for c in line) for line in g.lines} == lines
            tables.add(table)
        assert len(tables) == len(g.symmetries)

    @pytest.mark.parametrize("rules", SOME_RULES, ids=str)
    def test_names_round_trip(self, rules: Rules) -> None:
        g = rules.geometry
        names = [g.name(cell) for cell in g.cells]
        assert len(set(names)) == g.size
        for cell, name in enumerate(names):
            assert g.parse(name) == cell
            assert g.parse(name.upper()) == cell

    def test_gomoku_names(self) -> None:
        g = GOMOKU.geometry
        assert (g.name(0), g.name(14), g.name(210), g.name(224)) == ("a15", "o15", "a1", "o1")
        assert g.name(112) == "h8"
        assert Rules(20, 20, 5).geometry.name(399) == "t1"
        assert Rules(10, 6, 4).geometry.name(0) == "a6"

    def test_keypad_names_on_tic_tac_toe(self) -> None:
        g = TIC_TAC_TOE.geometry
        assert g.names(range(9)) == "7 8 9 4 5 6 1 2 3"
        assert g.describe(2) == "cell 9 (row 1, column 3)"

    @pytest.mark.parametrize("text", ["", "0", "10", "p1", "a16", "a0", "h", "88", "aa1", 7])
    def test_bad_names_are_refused(self, text: object) -> None:
        with pytest.raises(ValueError, match="cell"):
            GOMOKU.geometry.parse(text)  # type: ignore[arg-type]

    def test_bad_cells_are_refused(self) -> None:
        with pytest.raises(ValueError, match="a cell of 15,15,5 is an int 0-224, not 225"):
            GOMOKU.geometry.name(225)
