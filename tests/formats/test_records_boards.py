"""Game records on every board: format version 3, the clipboard text with its rules line, and
the files of earlier versions (``tests/data``), which still open as tic-tac-toe games."""

from __future__ import annotations

import dataclasses
import doctest
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ttt_desktop.core import (
    BranchPoint,
    GameRecord,
    HintUse,
    Mark,
    PlayerEntry,
    UndoEvent,
)
from ttt_desktop.core.rules import GOMOKU, TIC_TAC_TOE, Rules
from ttt_desktop.formats import files, json_codec, text_codec
from ttt_desktop.formats.files import load_record, save_record
from ttt_desktop.formats.json_codec import (
    record_from_dict,
    record_from_json,
    record_to_dict,
    record_to_json,
)
from ttt_desktop.formats.text_codec import record_from_text, record_to_text

DATA = Path(__file__).parents[1] / "data"
RECTANGLE = Rules(10, 6, 4)
ANN = PlayerEntry("human", "Ann")
BOB = PlayerEntry("levi", "Levi", seed=3)
STARTED = "2026-03-04T05:06:07.890Z"
GAME_ID = "0123456789abcdef0123456789abcdef"


def game(rules: Rules, names: str, first: Mark = Mark.X) -> GameRecord:
    """A game of ``rules`` with moves given by name ("h8 i9 ...")."""
    record = GameRecord(ANN, BOB, first, started_at=STARTED, game_id=GAME_ID, rules=rules)
    for name in names.split():
        record = record.with_move(rules.geometry.parse(name), 0.5)
    return record


# Gomoku: X makes five on the row 8 from h8 to l8 while O plays on row 9.
GOMOKU_WIN = "h8 h9 i8 i9 j8 j9 k8 k9 l8"
# 10x6, four in a row: X plays down the a column from the top (a6 a5 a4 a3).
RECTANGLE_WIN = "a6 j1 a5 j2 a4 j3 a3"


# Format version 3 ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "names", "result"),
    [(GOMOKU, GOMOKU_WIN, "X"), (RECTANGLE, RECTANGLE_WIN, "X"), (GOMOKU, "h8 a1 o15", None)],
)
def test_round_trips_on_other_boards(
    tmp_path: Path, rules: Rules, names: str, result: str | None
) -> None:
    record = game(rules, names)
    assert record.result == result
    data = json.loads(record_to_json(record))
    assert data["version"] == 3
    assert data["rules"] == rules.key
    assert data["moves"] == names.split()
    assert record_from_json(record_to_json(record)) == record
    assert record_from_dict(record_to_dict(record)) == record
    text = record_to_text(record)
    assert f"Rules: {rules.key}" in text.splitlines()
    assert text.splitlines()[-1] == f"Moves: {names}"
    assert record_from_text(text) == record
    path = tmp_path / "game.tttgame"
    save_record(record, path)
    assert load_record(path) == record
    assert load_record(path).rules is rules


def test_undos_hints_and_branches_on_gomoku() -> None:
    record = game(GOMOKU, "h8 h9 i8").with_hint().with_move(GOMOKU.geometry.parse("a1"))
    record = record.with_undo(2).with_move(GOMOKU.geometry.parse("o15"))
    branch = dataclasses.replace(record.branched_at(2), started_at=STARTED, game_id=GAME_ID)
    for each in (record, branch):
        assert record_from_json(record_to_json(each)) == each
        assert record_from_text(record_to_text(each)) == each
    data = record_to_dict(record)
    assert data["undos"] == [{"moves_before": ["h8", "h9", "i8", "a1"], "count": 2, "by": "X"}]
    assert data["hints"] == [{"ply": 3, "mark": "O"}]
    assert "Taken back: h8,h9,i8,a1/2" in record_to_text(record)
    assert record_to_dict(branch)["branched_from"]["parent_moves"] == ["h8", "h9", "o15"]
    assert f"Branched from: {record.started_at} at ply 2 of h8,h9,o15" in record_to_text(branch)


def test_exactly_k_rules_are_kept() -> None:
    rules = Rules(7, 7, 5, exact=True)
    record = game(rules, "d4 e5")
    assert record_to_dict(record)["rules"] == "7,7,5,exact"
    assert record_from_json(record_to_json(record)).rules is rules
    assert record_from_text(record_to_text(record)).rules is rules


def test_tic_tac_toe_is_written_as_before_but_in_version_3() -> None:
    record = game(TIC_TAC_TOE, "5 7 3")
    data = record_to_dict(record)
    assert (data["version"], data["rules"], data["moves"]) == (3, "3,3,3", ["5", "7", "3"])
    # The text has no rules line: a text without one is tic-tac-toe.
    text = record_to_text(record)
    assert not any(line.startswith("Rules") for line in text.splitlines())
    assert text.splitlines()[-1] == "Moves: 573"
    for spec in ("3,3,3", "tic-tac-toe"):
        named = text.replace("TTT Desktop game\n", f"TTT Desktop game\nRules: {spec}\n")
        assert record_from_text(named) == record


def test_a_gomoku_text_names_its_rules_and_reads_back_by_preset_name() -> None:
    record = game(GOMOKU, "h8")
    text = record_to_text(record).replace("Rules: 15,15,5", "Rules: gomoku")
    assert record_from_text(text) == record
    # Without its rules line the moves are no tic-tac-toe moves.
    bare = "\n".join(
        line for line in record_to_text(record).splitlines() if not line.startswith("Rules")
    )
    with pytest.raises(ValueError, match="moves are keypad digits 1-9, not 'h8'"):
        record_from_text(bare)


def test_older_versions_are_written_for_tic_tac_toe_only() -> None:
    record = game(TIC_TAC_TOE, "5 7 3")
    assert record_to_dict(record, 1)["moves"] == [4, 0, 8]
    assert record_to_dict(record, 2)["game_id"] == GAME_ID
    for version in (1, 2):
        assert record_from_dict(record_to_dict(record, version)).moves == record.moves
    with pytest.raises(ValueError, match="version 2 holds tic-tac-toe games only, not Gomoku"):
        record_to_dict(game(GOMOKU, "h8"), 2)
    with pytest.raises(ValueError, match="versions are 1-3, not 7"):
        record_to_dict(record, 7)


# Messages name the board's limits ----------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"moves": ["h8", "p8"]}, r"column a-o and a row 1-15 \(like a1, the bottom-left\)"),
        ({"moves": ["h8", "h16"]}, "a row 1-15"),
        ({"moves": ["h8", "5"]}, "not '5'"),
        ({"moves": [112]}, r'list of cell names "a15"-"o1"'),
        ({"moves": ["h8", "h8"], "move_seconds": [1, 2]}, "already taken"),
        ({"moves": ["h8" * 500]}, r"but one is 'h8h8h8"),
        ({"rules": "21,21,5"}, "m .columns. must be 3 to 20"),
        ({"rules": "x" * 100_000}, '"rules" must be rules like "15,15,5"'),
        ({"rules": None}, '"rules" must be rules like'),
        ({"undos": [{"moves_before": ["z1"], "count": 1, "by": "X"}]}, "column a-o"),
        ({"hints": [{"ply": 225, "mark": "X"}]}, "after 0-224 moves, not 225"),
        (
            {"branched_from": {"parent_started_at": STARTED, "ply": 0, "parent_moves": [3]}},
            '"parent_moves" must be a list of cell names',
        ),
    ],
)
def test_damaged_gomoku_files_name_the_boards_limits(change: dict[str, Any], message: str) -> None:
    data = record_to_dict(game(GOMOKU, "h8"))
    data.update(change)
    with pytest.raises(ValueError, match=f"the game file is damaged: .*{message}"):
        record_from_json(json.dumps(data))


def test_records_check_cells_against_their_own_board() -> None:
    board_limits = r"moves must be cells 0-59 of the 10x6 board \(10,6,4\), but one is 60"
    with pytest.raises(ValueError, match=board_limits):
        GameRecord(ANN, BOB, Mark.X, moves=(60,), rules=RECTANGLE)
    with pytest.raises(ValueError, match="moves must be cells 0-8, but one is 9"):
        GameRecord(ANN, BOB, Mark.X, moves=(9,))
    with pytest.raises(ValueError, match="the moves before an undo must be cells 0-8"):
        GameRecord(ANN, BOB, Mark.X, undos=(UndoEvent((4, 12), 1, Mark.O),))
    with pytest.raises(ValueError, match="a hint is asked for after 0-8 moves, not 9"):
        GameRecord(ANN, BOB, Mark.X, hints=(HintUse(9, Mark.O),))
    # The largest board's cells are all fine on it.
    big = Rules(20, 20, 5)
    assert GameRecord(ANN, BOB, Mark.X, moves=(399,), rules=big).moves == (399,)
    assert GameRecord(ANN, BOB, Mark.X, rules="10,6,4").rules is RECTANGLE
    with pytest.raises(ValueError, match=r"k \(in a row\) must be"):
        GameRecord(ANN, BOB, Mark.X, rules="3,3,7")
    # A branch point alone takes any board's cells; the record checks them on its board.
    point = BranchPoint(STARTED, 0, (399,))
    with pytest.raises(ValueError, match="not a legal game"):
        GameRecord(ANN, BOB, Mark.X, branched_from=point)


def test_damaged_gomoku_texts_name_the_boards_limits() -> None:
    text = record_to_text(game(GOMOKU, "h8 h9"))
    with pytest.raises(ValueError, match="a column a-o and a row 1-15"):
        record_from_text(text.replace("Moves: h8 h9", "Moves: h8 z9"))
    with pytest.raises(ValueError, match=r"moves are cells like a1 \(the bottom-left\) to o1"):
        record_from_text(text.replace("Moves: h8 h9", "Moves: h8 " + "h" * 1000))
    with pytest.raises(ValueError, match="'Rules' should read like '15,15,5'"):
        record_from_text(text.replace("Rules: 15,15,5", "Rules: " + "9" * 1000))
    with pytest.raises(ValueError, match="rules are 'M,N,K'"):
        record_from_text(text.replace("Rules: 15,15,5", "Rules: chess"))
    # Commas or spaces between the moves, upper case or lower.
    assert record_from_text(text.replace("Moves: h8 h9", "Moves: H8, h9")).moves == (112, 97)


# Earlier versions' files --------------------------------------------------------------------


def test_version_1_and_2_fixtures_open_as_tic_tac_toe_exactly() -> None:
    v1 = load_record(DATA / "game_v1.tttgame")
    v2 = load_record(DATA / "game_v2.tttgame")
    text = record_from_text((DATA / "game_v2.txt").read_text(encoding="utf-8"))
    for record in (v1, v2, text):
        assert record.rules is TIC_TAC_TOE
        assert record.moves == (4, 0, 8, 2, 6, 3, 1, 7, 5)
        assert record.first is Mark.O
        assert record.result == "draw"
        assert record.move_seconds == (1.5, 0.25, 2.0, 0.5, 0.75, 0.75, 0.75, 0.75, 0.75)
        assert (record.x, record.o) == (ANN, PlayerEntry("perfect", "Perfect", seed=7))
    # Version 1 knew no ids: the one derived from its content, as it always was.
    assert v1.game_id == "0cbf2fad9d13510e91a67a78399d02b6"
    assert load_record(DATA / "game_v1.tttgame").game_id == v1.game_id
    assert v1.undos == () and v1.hints == ()
    assert v2.game_id == "3f2c9a7e5b1d4c8fa0e6b2d9c4f18a37"
    assert v2.undos == (UndoEvent((4, 0, 8, 2, 1), 1, Mark.O),)
    assert v2.hints == (HintUse(4, Mark.O),)
    assert text == v2
    branch = load_record(DATA / "game_v2_branch.tttgame")
    assert branch.branched_from == BranchPoint("2025-06-01T10:00:00.000Z", 3, v2.moves)
    assert branch.moves == (4, 0, 8, 6)


def test_fixtures_saved_again_become_version_3_and_stay_the_same_game(tmp_path: Path) -> None:
    for name in ("game_v1.tttgame", "game_v2.tttgame", "game_v2_branch.tttgame"):
        record = load_record(DATA / name)
        save_record(record, tmp_path / name)
        saved = json.loads((tmp_path / name).read_text(encoding="utf-8"))
        assert saved["version"] == 3 and saved["rules"] == "3,3,3"
        assert load_record(tmp_path / name) == record
        # Written back in the old version, the file is what it was.
        old = json.loads((DATA / name).read_text(encoding="utf-8"))
        assert record_to_dict(record, old["version"]) == old


# Any board, any game --------------------------------------------------------------------------


@st.composite
def games(draw: st.DrawFn) -> GameRecord:
    rules = draw(st.sampled_from([GOMOKU, RECTANGLE, Rules(4, 4, 4), Rules(20, 3, 3)]))
    record = GameRecord(ANN, BOB, draw(st.sampled_from(list(Mark))), rules=rules)
    for cell in draw(st.permutations(range(rules.size)))[: draw(st.integers(0, 60))]:
        if record.is_finished:
            break
        record = record.with_move(cell, draw(st.floats(0, 100)))
        if draw(st.integers(0, 9)) == 0:
            record = record.with_undo(draw(st.integers(1, record.ply)))
        if draw(st.integers(0, 9)) == 0 and not record.is_finished:
            record = record.with_hint()
    if draw(st.booleans()) and record.ply:
        record = record.branched_at(draw(st.integers(0, record.ply)))
    return record


@pytest.mark.slow
@settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_any_game_on_any_board_survives_both_forms(record: GameRecord) -> None:
    assert record_from_json(record_to_json(record)) == record
    assert record_from_text(record_to_text(record)) == record
    data = record_to_dict(record)
    assert data["moves"] == [record.rules.geometry.name(cell) for cell in record.moves]


@pytest.mark.parametrize("module", [json_codec, text_codec, files])
def test_the_examples_in_the_formats_documentation_hold(module: ModuleType) -> None:
    failures, _ = doctest.testmod(module)
    assert failures == 0


def test_the_record_examples_hold() -> None:
    from ttt_desktop.core import record  # noqa: PLC0415

    failures, tried = doctest.testmod(record)
    assert tried > 0 and failures == 0
