"""``ttt-arena forbidden``: the side to move's forbidden cells, and bad input refused (exit 2)."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout

import pytest

from ttt_desktop.cli.arena import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = main(["forbidden", *argv])
        except SystemExit as exit_:
            status = int(exit_.code or 0)
    return status, out.getvalue(), err.getvalue()


# Black f8 g8 h9 h10, white far away: h8 is a double-three, black to move.
DOUBLE_THREE_MOVES = "f8 a1 g8 a3 h9 a5 h10 a7"


def test_json_lists_each_forbidden_cell_with_its_reason() -> None:
    status, out, err = run("--rules", "renju", DOUBLE_THREE_MOVES, "--json")
    assert (status, err) == (0, "")
    document = json.loads(out)
    assert document == {
        "rules": "15,15,5,renju",
        "moves": DOUBLE_THREE_MOVES.split(),
        "to_move": "X",
        "forbidden": [{"cell": "h8", "reason": "double-three"}],
    }


def test_moves_as_separate_arguments_and_commas_and_the_default_rules() -> None:
    status, out, _ = run(*DOUBLE_THREE_MOVES.replace(" ", ", ").split())
    assert status == 0
    assert out.splitlines() == [
        "Renju 15x15 (15,15,5,renju), after 8 moves, black (X) to move: 1 forbidden cell",
        "    h8  double-three",
    ]


def test_every_reason_and_none() -> None:
    # Black e8 f8 g8 i8 j8 k8 (h8 an overline), white elsewhere.
    moves = "e8 a1 f8 a3 g8 a5 i8 a7 j8 a9 k8 a11"
    document = json.loads(run("--json", moves)[1])
    assert {"cell": "h8", "reason": "overline"} in document["forbidden"]
    status, out, _ = run("h8")
    assert status == 0 and "white (O) to move: white has no forbidden cells" in out
    status, out, _ = run()
    assert status == 0 and out.startswith("Renju 15x15 (15,15,5,renju), empty, black (X)")
    assert json.loads(run("--json")[1])["forbidden"] == []


def test_rules_without_forbidden_cells_say_so() -> None:
    status, out, _ = run("--rules", "gomoku", DOUBLE_THREE_MOVES)
    assert status == 0
    assert out == "Gomoku 15x15 (15,15,5), after 8 moves: no cell is forbidden under free-style\n"
    assert json.loads(run("--rules", "caro", DOUBLE_THREE_MOVES, "--json")[1])["forbidden"] == []


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (("h8 h8",), "ttt-arena: move 2, h8: h8 is taken\n"),
        (
            ("h8 z99",),
            "ttt-arena: move 2, 'z99': a cell of 15,15,5,renju is a column a-o and a row 1-15 "
            "(like a1, the bottom-left), not 'z99'\n",
        ),
        (
            (DOUBLE_THREE_MOVES + " h8",),
            "ttt-arena: move 9, h8: black may not play h8 under renju (double-three)\n",
        ),
        (
            ("d8 a1 e8 a2 f8 a3 g8 a4 h8 a5",),
            "ttt-arena: move 9, h8: black wins there; the game is over before move 10\n",
        ),
        (
            ("d8 a1 e8 a2 f8 a3 g8 a4 h8",),
            "ttt-arena: move 9, h8: black wins there; nobody is to move\n",
        ),
    ],
)
def test_bad_moves_exit_2_with_one_line(argv: tuple[str, ...], reason: str) -> None:
    status, out, err = run(*argv)
    assert (status, out, err) == (2, "", reason)


def test_bad_rules_exit_2() -> None:
    status, out, err = run("--rules", "7,7,5,renju", "h8")
    assert status == 2 and out == ""
    assert err.splitlines()[-1] == (
        "ttt-arena forbidden: error: argument --rules: renju plays on boards of 15 to 20 a "
        "side, not 7x7"
    )
