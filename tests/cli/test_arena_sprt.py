"""``ttt-arena match --sprt ELO0,ELO1[,ALPHA,BETA]``: no openings, no library needed, the
LLR as it goes, the hypothesis accepted; brains may play."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from helpers.brain_helpers import our_brain

from ttt_desktop.arena import main
from ttt_desktop.cli.sprt import parse_settings
from ttt_desktop.lab.sprt import SprtSettings

MATCH = ["match", "--x", "perfect", "--o", "rando", "--seed", "3", "--games", "5000"]


def test_the_values_in_cutechess_order() -> None:
    assert parse_settings("0,10") == SprtSettings(0, 10)
    assert parse_settings("-5, 5, 0.1, 0.2") == SprtSettings(-5, 5, 0.1, 0.2)
    assert parse_settings("0,10,0.01") == SprtSettings(0, 10, 0.01, 0.05)
    assert parse_settings("0,10,model=normalized") == SprtSettings(0, 10, model="normalized")
    assert parse_settings("elo0=1,elo1=4") == SprtSettings(1, 4)
    for text, words in (
        ("10", "give elo0 and elo1"),
        ("0,10,0.1,0.1,3", "at most four values"),
        ("0,ten", "elo1 is a number"),
        ("10,0", "elo0 is less than elo1"),
    ):
        with pytest.raises(ValueError, match=words):
            parse_settings(text)


def test_a_stronger_player_is_accepted_as_stronger_with_the_llr_live(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main([*MATCH, "--sprt", "0,10"]) == 0
    captured = capsys.readouterr()
    assert "H1 accepted: Perfect is stronger than Rando" in captured.out
    live = [line for line in captured.err.splitlines() if line.startswith("sprt: ")]
    # The first pair at once, and the last one with the verdict.
    assert live[0].startswith("sprt: 2 games,") and "LLR" in live[0]
    final = float(live[-1].rpartition("LLR ")[2].split()[0])
    assert final >= 2.94


def test_a_player_against_itself_is_accepted_as_no_stronger(
    capsys: pytest.CaptureFixture[str],
) -> None:
    arguments = ["match", "--x", "levi", "--o", "levi", "--seed", "5", "--games", "20000"]
    assert main([*arguments, "--sprt", "0,20,0.05,0.05", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["sprt"]["verdict"] == "H0"
    assert document["sprt"]["llr"] <= document["sprt"]["lower"]


def test_a_brain_plays_an_sprt(capsys: pytest.CaptureFixture[str]) -> None:
    brain = "brain:" + shlex.join(our_brain("perfect", 1))
    arguments = ["match", "--x", brain, "--o", "rando", "--rules", "3,3,3", "--seed", "1"]
    assert main([*arguments, "--games", "400", "--turn-ms", "2000", "--sprt", "0,50"]) == 0
    captured = capsys.readouterr()
    assert "H1 accepted: TTT Perfect is stronger than Rando" in captured.out
    assert "sprt: 2 games" in captured.err


def test_a_brain_that_declines_the_board_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    from helpers.brain_helpers import bad_brain  # noqa: PLC0415

    brain = "brain:" + shlex.join(bad_brain("refuse"))
    arguments = ["match", "--x", brain, "--o", "rando", "--rules", "gomoku", "--sprt", "0,10"]
    assert main(arguments) == 2
    assert "declined START 15" in capsys.readouterr().err


def test_a_brains_sprt_games_are_stored_with_their_logs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from ttt_desktop.library import Library  # noqa: PLC0415

    brain = "brain:" + shlex.join(our_brain("perfect", 1))
    library = tmp_path / "games.db"
    arguments = ["match", "--x", brain, "--o", "rando", "--rules", "3,3,3", "--seed", "1"]
    assert main([*arguments, "--sprt", "0,50", "--library", str(library)]) == 0
    assert "H1 accepted" in capsys.readouterr().out
    with Library(library) as opened:
        records = [opened.record(row.id) for row in opened.rows()]
    assert len(records) == 46
    brains = [side for record in records for side in (record.x, record.o) if side.seed is None]
    assert len(brains) == 46 and {side.kind for side in brains} == {"brain.ttt-perfect"}
    assert all(any("> START 3" in line for line in record.log) for record in records[:1])
    assert all(record.log for record in records)


def test_the_elo_estimate_has_an_error_bar_and_a_los() -> None:
    import math  # noqa: PLC0415

    from ttt_desktop.lab.sprt import elo_estimate  # noqa: PLC0415

    estimate = elo_estimate(60, 20, 20)  # a score of 70%
    assert estimate.elo == pytest.approx(147.19, abs=0.01)
    assert 60 < estimate.margin < 80  # 100 games: about +/- 70
    assert estimate.los == pytest.approx(0.5 * (1 + math.erf(40 / math.sqrt(2 * 80))))
    mirrored = elo_estimate(20, 20, 60)
    assert mirrored.elo == pytest.approx(-estimate.elo)
    assert mirrored.margin == pytest.approx(estimate.margin)
    assert elo_estimate(0, 10, 0).elo == 0 and elo_estimate(0, 10, 0).los == 0.5
    assert math.isinf(elo_estimate(5, 0, 0).elo)
    assert elo_estimate(5, 0, 0).as_json()["elo"] is None
    assert "Elo +147.2 +/-" in estimate.describe() and "LOS 100.0%" in estimate.describe()
