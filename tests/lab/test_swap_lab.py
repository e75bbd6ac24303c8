"""Swap and swap2 in the lab and on the command line: matches, SPRT, tournaments, the library."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from ttt_desktop.cli.arena import main
from ttt_desktop.core.board import Mark
from ttt_desktop.core.clock import GameClock, TimeControl
from ttt_desktop.core.rules import Rules
from ttt_desktop.core.swap import BLACK, PLACE_TWO, SWAP, SWAP2, WHITE, SwapOpening
from ttt_desktop.lab.spec import TournamentSpec, make_entrants
from ttt_desktop.lab.tournament import TournamentGame, encode_moves, game_record
from ttt_desktop.library import Library

NINE = Rules(9, 9, 5)


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = main(list(argv))
        except SystemExit as exit_:
            status = int(exit_.code or 0)
    return status, out.getvalue(), err.getvalue()


def test_a_match_under_swap2_reports_each_games_choices_and_scores_the_players() -> None:
    status, out, err = run(
        "match", "--rules", "9,9,5", "--x", "levi", "--o", "rando", "--games", "12",
        "--seed", "5", "--opening-rule", "swap2", "--json",
    )  # fmt: skip
    assert status == 0, err
    document = json.loads(out)
    played = document["played"]
    assert len(played) == 12
    levi_wins = rando_wins = 0
    for game in played:
        opening = SwapOpening.from_json(game["opening"])
        assert opening.rule == SWAP2 and opening.finished
        assert game["swapped"] == opening.swapped
        if game["winner"] is not None:
            # --x (Levi) held X unless the opening exchanged the marks.
            levi_won = (game["winner"] == "X") != game["swapped"]
            levi_wins += levi_won
            rando_wins += not levi_won
    assert (document["x"]["wins"], document["o"]["wins"]) == (levi_wins, rando_wins)
    assert levi_wins > rando_wins  # Levi wins, blocks and takes a win Rando leaves


def test_the_same_seed_gives_the_same_swap_tournament_with_one_worker_or_two(
    tmp_path: Path,
) -> None:
    documents = []
    for jobs in ("1", "2"):
        library = tmp_path / f"games-{jobs}.sqlite"
        status, out, err = run(
            "tournament", "--rules", "9,9,5", "--players", "levi,rando", "--games", "3",
            "--seed", "11", "--opening-rule", "swap", "--jobs", jobs, "--json",
            "--library", str(library),
        )  # fmt: skip
        assert status == 0, err
        document = json.loads(out)
        documents.append(document["games"])
        assert document["opening_rule"] == SWAP
        with Library(library) as stored:
            records = [stored.record(row.id) for row in stored.rows()]
        assert len(records) == 6
        by_moves = {tuple(record.moves): record for record in records}
        for game in document["games"]:
            record = by_moves[tuple(game["moves"])]
            assert record.opening == SwapOpening(SWAP, tuple(game["opening"]["choices"]))
            assert (record.x.name, record.o.name) == (game["x"].title(), game["o"].title())
            assert record.result == (game["winner"] if game["winner"] != "draw" else "draw")
    assert documents[0] == documents[1]
    # Each pairing's games take turns at opening: the opener's colour is the first mover's.
    assert {tuple(game["opening"]["choices"]) for game in documents[0]} <= {(BLACK,), (WHITE,)}


def test_an_sprt_under_swap_runs_pairs_of_games() -> None:
    status, out, err = run(
        "match", "--rules", "9,9,5", "--x", "levi", "--o", "rando", "--games", "8",
        "--seed", "2", "--opening-rule", "swap", "--sprt", "0,50", "--json",
    )  # fmt: skip
    assert status == 0, err
    sprt = json.loads(out)["sprt"]
    assert sprt["games"] == 8 and sprt["wins"] + sprt["draws"] + sprt["losses"] == 8


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("match", "--x", "levi", "--o", "rando", "--opening-rule", "swap"), "five in a row"),
        (
            ("match", "--rules", "7,7,4", "--x", "levi", "--o", "rando", "--opening-rule", "swap2"),
            "k of at least 5",
        ),
        (
            (
                "tournament", "--rules", "9,9,5", "--players", "levi,rando",
                "--openings", "builtin", "--opening-rule", "swap",
            ),
            "give one of them",
        ),
        (
            (
                "match", "--rules", "9,9,5", "--x", "levi", "--o", "rando", "--sprt", "0,50",
                "--openings", "builtin", "--opening-rule", "swap2",
            ),
            "not both",
        ),
        (("match", "--x", "levi", "--o", "rando", "--opening-rule", "pro"), "invalid choice"),
    ],
)  # fmt: skip
def test_an_opening_rule_that_does_not_apply_is_refused_with_the_reason(
    argv: tuple[str, ...], words: str
) -> None:
    status, out, err = run(*argv)
    assert status == 2 and out == ""
    assert words in err and "Traceback" not in err


def test_a_resumed_tournament_keeps_its_own_opening_rule(tmp_path: Path) -> None:
    status, _, err = run(
        "tournament", "--resume", "1", "--library", str(tmp_path / "g.sqlite"),
        "--opening-rule", "swap",
    )  # fmt: skip
    assert status == 2 and "opening rule" in err


def test_the_tournament_settings_keep_the_opening_rule() -> None:
    spec = TournamentSpec(
        make_entrants([("levi", 1), ("rando", 2)]), 2, 1, rules=NINE, opening_rule="Swap2"
    )
    assert spec.opening_rule == SWAP2
    assert TournamentSpec.from_json(spec.as_json()) == spec
    plain = TournamentSpec(make_entrants([("levi", 1), ("rando", 2)]), 2, 1, rules=NINE)
    assert "opening_rule" not in plain.as_json()


def test_a_tournament_game_keeps_its_choices_beside_its_moves() -> None:
    spec = TournamentSpec(
        make_entrants([("levi", 1), ("rando", 2)]), 2, 1, rules=NINE, opening_rule=SWAP2
    )
    moves = (40, 0, 41, 1, 42, 8, 43)
    game = TournamentGame(
        0, 0, 1, 0, encode_moves(moves, (PLACE_TWO, WHITE)), "X", 0.1, "forfeit: lost"
    )
    assert game.cells == list(moves) and game.choices == (PLACE_TWO, WHITE)
    assert TournamentGame(0, 0, 0, 1, encode_moves(moves), "X", 0.1).choices == ()
    record = game_record(spec, game)
    assert record.opening == SwapOpening(SWAP2, (PLACE_TWO, WHITE))
    assert record.x.kind == "rando" and record.forfeit is not None


def test_a_game_clock_follows_its_players_across_an_exchange() -> None:
    class Seat:
        budget_ms: float | None = None

    fast, slow = Seat(), Seat()
    clock = GameClock(
        {Mark.X: TimeControl(turn_ms=100), Mark.O: None}, {Mark.X: fast, Mark.O: slow}
    )
    assert fast.budget_ms is not None and slow.budget_ms is None
    clock.on_choice(None, SwapOpening(SWAP, (WHITE,)))
    assert clock.clocks[Mark.O] is None
    clock.on_choice(None, SwapOpening(SWAP, (BLACK,)))
    assert clock.clocks[Mark.X] is None and clock.seats[Mark.O] is fast
    assert clock.clocks[Mark.O] is not None
