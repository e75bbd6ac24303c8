"""The rules a brain plays: the probe asks for each of exactly five, renju and caro after
``INFO rule N`` and ``BEGIN``, keeps what it answered to those it did not play, the engine
list keeps both (and still reads entries probed before), and a brain is seated only under
the rules it plays."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from helpers.brain_helpers import bad_brain, our_brain

from ttt_desktop.brains.engines import EngineEntry, EngineList, probe
from ttt_desktop.cli import main
from ttt_desktop.core.rules import GOMOKU, Rules

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="brains run on Linux")

RENJU = Rules.parse("renju")
CARO = Rules.parse("caro")
STANDARD = Rules.parse("15,15,5,exact")
REFUSAL = "ERROR renju is not supported"


def _mine() -> EngineEntry:
    return probe(EngineEntry("Mine", " ".join(bad_brain("no-renju"))), sizes=(15, 20))


def test_the_probe_finds_the_rules_a_brain_refuses() -> None:
    mine = _mine()
    assert mine.sizes == (15, 20)
    assert mine.rules == (0, 1, 8)
    assert mine.refusals == {"4": REFUSAL}
    assert mine.plays(GOMOKU) and mine.plays(STANDARD) and mine.plays(CARO)
    assert mine.plays(RENJU) is False
    assert mine.rule_refusal(RENJU) == (
        f"Mine does not play renju: it answered {REFUSAL} to INFO rule 4 when probed"
    )
    assert mine.rule_refusal(CARO) is None


def test_our_brain_plays_every_rule_and_a_warning_before_every_move_proves_nothing() -> None:
    ours = probe(EngineEntry("Ours", " ".join(our_brain("rando"))), sizes=(15,))
    assert ours.rules == (0, 1, 4, 8) and ours.refusals == {}
    assert ours.plays(RENJU) and ours.plays(CARO)
    # An ERROR before its free-style move too: its answers say nothing about the rules.
    warn = probe(EngineEntry("Warn", " ".join(bad_brain("warn"))), sizes=(15,))
    assert warn.sizes == (15,) and warn.rules is None and warn.refusals == {}
    # A brain that takes no size is asked about no rule.
    refuse = probe(EngineEntry("Refuse", " ".join(bad_brain("refuse"))), sizes=(15,))
    assert refuse.sizes == () and refuse.rules is None


def test_the_rules_survive_the_engine_list_and_old_entries_still_load(tmp_path: Path) -> None:
    path = tmp_path / "engines.json"
    engines = EngineList(path)
    engines.add(EngineEntry("Mine", "pbrain-mine", sizes=(15,), rules=(0, 1, 8),
                            refusals={"4": REFUSAL}))  # fmt: skip
    engines.add(EngineEntry("Old", "pbrain-old", sizes=(15,)))
    engines.save()
    saved = {item["name"]: item for item in json.loads(path.read_text())["engines"]}
    assert saved["Mine"]["rules"] == [0, 1, 8] and saved["Mine"]["refusals"] == {"4": REFUSAL}
    assert "rules" not in saved["Old"] and "refusals" not in saved["Old"]  # as before
    again = EngineList.load(path)
    assert again.get("mine") == engines.get("Mine")
    old = again.get("old")
    assert old.rules is None
    # Not asked: free-style and exactly five as ever, renju and caro unknown (not offered).
    assert old.plays(GOMOKU) and old.plays(STANDARD)
    assert old.plays(RENJU) is None and old.plays(CARO) is None
    assert old.rule_refusal(RENJU) == (
        "Old was not asked whether it plays renju: probe it (ttt-arena engines probe 'Old')"
    )
    # A list written by version 1 (times in options) still loads, rules unknown.
    path.write_text(json.dumps({
        "format": "ttt-desktop-engines", "version": 1,
        "engines": [{"name": "V1", "command": "pbrain-v1", "options": {"timeout_turn": 900},
                     "sizes": [15]}],
    }))  # fmt: skip
    (v1,) = EngineList.load(path)
    assert v1.turn_ms == 900 and v1.rules is None and v1.plays(GOMOKU)
    with pytest.raises(ValueError, match="rules must be INFO rule values"):
        EngineEntry("Bad", "pbrain-bad", rules=(16,))
    with pytest.raises(ValueError, match="refusals must map text to text"):
        EngineEntry("Bad", "pbrain-bad", refusals={"4": 4})  # type: ignore[dict-item]


def test_a_match_refuses_a_brain_under_a_rule_it_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "engines.json"
    assert main(["engines", "add", "Mine", "--command", " ".join(bad_brain("no-renju")),
                 "--engines", str(path)]) == 0  # fmt: skip
    said = capsys.readouterr().out
    assert "rules free-style, exactly five, caro" in said
    assert f"not renju (it answered {REFUSAL} to INFO rule 4)" in said
    assert main(["engines", "list", "--engines", str(path)]) == 0
    assert "rules free-style, exactly five, caro" in capsys.readouterr().out
    argv = ["match", "--rules", "renju", "--x", "engine:Mine", "--o", "rando", "--games", "1",
            "--engines", str(path), "--seed", "1"]  # fmt: skip
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"Mine does not play renju: it answered {REFUSAL} to INFO rule 4 when probed" in err
    # Under caro, which it played when probed, it is seated and plays.
    argv[2] = "caro"
    assert main([*argv, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 1 and result["x"]["name"] == "Mine"


def test_a_tournament_refuses_a_brain_under_a_rule_it_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "engines.json"
    assert main(["engines", "add", "Mine", "--command", " ".join(bad_brain("no-renju")),
                 "--engines", str(path)]) == 0  # fmt: skip
    capsys.readouterr()
    argv = ["tournament", "--rules", "renju", "--players", "engine:Mine,rando", "--games", "1",
            "--engines", str(path), "--seed", "1"]  # fmt: skip
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"Mine does not play renju: it answered {REFUSAL} to INFO rule 4 when probed" in err
    assert "Traceback" not in err
