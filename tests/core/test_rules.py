"""The rules value and its geometry: limits, presets, cell names, lines, symmetries."""

from __future__ import annotations

import itertools
import pickle

import pytest

from ttt_desktop.core.rules import (
    CARO,
    FREE_STYLE,
    GOMOKU,
    PRESET_ALIASES,
    PRESETS,
    RENJU,
    RULE_CHOICES,
    RULE_PRESETS,
    STANDARD,
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
    Rules(15, 15, 5, rule=RENJU),
    Rules(20, 16, 5, rule=CARO),
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


class TestTheRule:
    def test_four_rules_each_a_value(self) -> None:
        assert RULE_CHOICES == (FREE_STYLE, STANDARD, RENJU, CARO)
        assert Rules(15, 15, 5).rule == FREE_STYLE
        assert Rules(15, 15, 5, exact=True) is Rules(15, 15, 5, rule=STANDARD)
        renju, caro = Rules(15, 15, 5, rule=RENJU), Rules(15, 15, 5, rule=CARO)
        assert len({GOMOKU, Rules(15, 15, 5, exact=True), renju, caro}) == 4
        assert not renju.exact and not caro.exact
        assert renju is Rules(15, 15, 5, False, "renju")
        assert renju.has_forbidden_moves and not caro.has_forbidden_moves
        assert not GOMOKU.has_forbidden_moves
        for rules in (renju, caro, Rules(15, 15, 5, exact=True)):
            assert pickle.loads(pickle.dumps(rules)) is rules
            assert Rules.parse(rules.key) is rules

    def test_keys_titles_and_reprs(self) -> None:
        cases = [
            (Rules(15, 15, 5), "15,15,5", "Gomoku 15x15", "Rules(15, 15, 5)"),
            (
                Rules(15, 15, 5, exact=True),
                "15,15,5,exact",
                "Gomoku 15x15, exactly five",
                "Rules(15, 15, 5, exact=True)",
            ),
            (
                Rules(15, 15, 5, rule=RENJU),
                "15,15,5,renju",
                "Renju 15x15",
                "Rules(15, 15, 5, rule='renju')",
            ),
            (
                Rules(20, 18, 5, rule=CARO),
                "20,18,5,caro",
                "Caro 20x18",
                "Rules(20, 18, 5, rule='caro')",
            ),
        ]
        for rules, key, title, text in cases:
            assert (rules.key, rules.title, repr(rules)) == (key, title, text)

    def test_gomocup_rule_bitmask(self) -> None:
        assert [Rules(15, 15, 5, rule=name).gomocup_rule for name in RULE_CHOICES] == [0, 1, 4, 8]
        for name in RULE_CHOICES:
            rules = Rules(15, 15, 5, rule=name)
            assert Rules.from_gomocup(15, 15, rules.gomocup_rule) is rules
            assert Rules.from_gomocup(15, 15, rules.gomocup_rule | 2) is rules  # continuous
        assert Rules.from_gomocup(20, 20, 0) is Rules(20, 20, 5)
        for bad in (5, 9, 12, 16, -1):
            with pytest.raises(RulesError, match="INFO rule"):
                Rules.from_gomocup(15, 15, bad)

    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ("renju", Rules(15, 15, 5, rule=RENJU)),
            ("Renju", Rules(15, 15, 5, rule=RENJU)),
            ("caro", Rules(15, 15, 5, rule=CARO)),
            ("standard", Rules(15, 15, 5, exact=True)),
            ("free-style", GOMOKU),
            ("15,15,5,renju", Rules(15, 15, 5, rule=RENJU)),
            ("15, 15, 5, caro", Rules(15, 15, 5, rule=CARO)),
            ("15,15,5,standard", Rules(15, 15, 5, exact=True)),
            ("15,15,5,exactly", Rules(15, 15, 5, exact=True)),
            ("15,15,5 exact", Rules(15, 15, 5, exact=True)),
            ("7,7,5,free-style", Rules(7, 7, 5)),
            ("20x20 renju", Rules(20, 20, 5, rule=RENJU)),
            ("16x15,caro", Rules(16, 15, 5, rule=CARO)),
        ],
    )
    def test_parse_names_the_rule(self, text: str, expected: Rules) -> None:
        assert Rules.parse(text) is expected

    def test_rule_presets(self) -> None:
        assert {name: rules.key for name, rules in RULE_PRESETS.items()} == {
            "standard": "15,15,5,exact",
            "renju": "15,15,5,renju",
            "caro": "15,15,5,caro",
        }
        assert all(PRESET_ALIASES[name] is rules for name, rules in RULE_PRESETS.items())

    @pytest.mark.parametrize(
        ("make", "message"),
        [
            (lambda: Rules(15, 15, 6, rule=RENJU), r"renju is five in a row: k must be 5, not 6"),
            (lambda: Rules(15, 15, 4, rule=CARO), r"caro is five in a row: k must be 5, not 4"),
            (lambda: Rules(9, 9, 5, rule=RENJU), r"renju plays on boards of 15 to 20 a side"),
            (lambda: Rules(20, 14, 5, rule=CARO), r"caro plays on boards of 15 to 20 a side"),
            (lambda: Rules(15, 15, 5, True, RENJU), r"exact is the standard rule"),
            (lambda: Rules(15, 15, 5, rule="chess"), r"the rule is one of free-style, standard"),
            (lambda: Rules.parse("15,15,5,chess"), r"',renju' or ',caro'"),
            (lambda: Rules.parse("9x9 caro"), r"caro plays on boards of 15 to 20 a side"),
        ],
    )
    def test_limits_of_the_rules(self, make: object, message: str) -> None:
        with pytest.raises(RulesError, match=message):
            make()  # type: ignore[operator]

    def test_standard_where_no_longer_line_fits_is_free_style(self) -> None:
        assert Rules(5, 4, 5, rule=STANDARD) is Rules(5, 4, 5)
        assert Rules(5, 4, 5, rule=STANDARD).rule == FREE_STYLE


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
