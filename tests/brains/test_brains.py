"""Gomocup brains: the protocol's grammar, our brain against our manager, the records
of games with brains, the engine list and the command line."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.brain_helpers import bad_brain, our_brain, wait_gone

from ttt_desktop.brains import protocol
from ttt_desktop.brains.engines import EngineEntry, EngineList, EngineListError, probe
from ttt_desktop.brains.factory import BrainPlayerFactory, engine_entries
from ttt_desktop.brains.manager import BrainProcess, BrainRefused, BrainSettings
from ttt_desktop.brains.match import play_brain_game
from ttt_desktop.brains.player import BrainPlayer, brain_kind
from ttt_desktop.brains.protocol import LineSplitter, ReplyKind
from ttt_desktop.brains.serve import BrainServer, budget_for
from ttt_desktop.cli import main
from ttt_desktop.core.board import Board, Mark
from ttt_desktop.core.clock import TimeControl
from ttt_desktop.core.record import Forfeit, GameRecord, PlayerEntry
from ttt_desktop.core.rules import GOMOKU, Rules
from ttt_desktop.formats.json_codec import record_from_json, record_to_json
from ttt_desktop.library import Library
from ttt_desktop.players import create_player
from ttt_desktop.players.process import SearchFailed, SearchProcess, ThinkJob

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="brains run on Linux")

FAST = BrainSettings(
    clock=TimeControl(turn_ms=2000, game_ms=60000, margin_ms=250), end_grace_ms=500
)


# The protocol ---------------------------------------------------------------------------


def test_coordinates_are_columns_and_rows_from_the_top_left() -> None:
    rules = Rules(15, 10, 5)
    assert protocol.cell_of(3, 2, rules.m) == 2 * 15 + 3
    assert protocol.xy_of(2 * 15 + 3, rules.m) == (3, 2)
    # h8 on 15x15 is the centre: column 7, row 7 from the top.
    assert protocol.cell_of(7, 7, 15) == GOMOKU.geometry.parse("h8")


def test_written_lines_are_exact() -> None:
    assert protocol.command_line("turn", "7,7") == "TURN 7,7\r\n"
    assert protocol.board_lines([(1, 2, 1), (3, 4, 2)]) == "BOARD\r\n1,2,1\r\n3,4,2\r\nDONE\r\n"
    with pytest.raises(ValueError, match="one line"):
        protocol.command_line("INFO", "folder a\nb")


@pytest.mark.parametrize(
    ("line", "kind", "text"),
    [
        ("7,8", ReplyKind.MOVE, "7,8"),
        ("  7 , 8 ", ReplyKind.MOVE, "7 , 8"),
        ("OK", ReplyKind.OK, ""),
        ("ok - everything is good", ReplyKind.OK, "- everything is good"),
        ("ERROR Unknown command", ReplyKind.ERROR, "Unknown command"),
        ("error: unsupported size", ReplyKind.ERROR, "unsupported size"),
        ("UNKNOWN what?", ReplyKind.UNKNOWN, "what?"),
        ("MESSAGE Depth 16-29 | Eval 449", ReplyKind.MESSAGE, "Depth 16-29 | Eval 449"),
        ("message hi", ReplyKind.MESSAGE, "hi"),
        ("DEBUG x", ReplyKind.DEBUG, "x"),
        ("SUGGEST 3,4", ReplyKind.SUGGEST, "3,4"),
        ("OKAY then", ReplyKind.OTHER, "OKAY then"),
        ('name="x", version="1"', ReplyKind.OTHER, 'name="x", version="1"'),
        ("7,8,9", ReplyKind.OTHER, "7,8,9"),
    ],
)
def test_replies_are_read_leniently(line: str, kind: ReplyKind, text: str) -> None:
    reply = protocol.parse_reply(line)
    assert (reply.kind, reply.text) == (kind, text)


def test_about_fields() -> None:
    about = protocol.parse_about(
        'name="Embryo", version="0.9", author="Someone, Else" country=CZ, www="x'
    )
    assert about == {
        "name": "Embryo",
        "version": "0.9",
        "author": "Someone, Else",
        "country": "CZ",
        "www": "x",
    }


def test_line_splitter_takes_any_line_end_and_cuts_long_lines() -> None:
    splitter = LineSplitter(limit=10)
    assert splitter.feed(b"OK\r\n1,2\n3,4\rMESS") == ["OK", "1,2", "3,4"]
    assert splitter.feed(b"AGE " + b"x" * 10_000 + b"\r\n\r\n") == ["MESSAGE xx"]
    assert splitter.feed(b"\xff\xfe,\n") == ["\ufffd\ufffd,"]
    assert splitter.feed(b"tail") == []
    assert splitter.rest() == "tail"


# Our brain on its own -------------------------------------------------------------------


def _server(kind: str = "rando") -> tuple[BrainServer, list[str]]:
    said: list[str] = []
    return BrainServer(kind, 3, said.append), said


def test_our_brain_answers_every_command() -> None:
    server, said = _server("levi")
    assert server.handle("ABOUT")
    assert 'name="TTT Levi"' in said[-1] and 'mnk="1"' in said[-1]
    server.handle("start 21")
    assert said[-1].startswith("ERROR")
    server.handle("START 15")
    assert said[-1] == "OK"
    server.handle("INFO timeout_turn 300")
    server.handle("TURN 7,7")
    assert said[-2].startswith("MESSAGE levi")
    x, y = protocol.parse_coordinates(said[-1]) or (-1, -1)
    assert 0 <= x < 15 and 0 <= y < 15 and (x, y) != (7, 7)
    server.handle(f"TAKEBACK {x},{y}")
    assert said[-1] == "OK"
    server.handle("TAKEBACK 0,0")
    assert said[-1].startswith("ERROR")
    server.handle("RESTART")
    assert said[-1] == "OK"
    for line in ("BOARD", "7,7,1", "8,8,2", "9,9,2", "DONE"):
        server.handle(line)
    assert protocol.parse_reply(said[-1]).kind is ReplyKind.MOVE
    server.handle("YXSHOWINFO")
    assert said[-1].startswith("UNKNOWN")
    server.handle("RECTSTART 12,8")
    assert said[-1] == "OK"
    server.handle("INFO k 4")
    server.handle("INFO rule 1")
    server.handle("BEGIN")
    assert server.board is not None and server.board.rules == Rules(12, 8, 4, exact=True)
    assert not server.handle("END")


def test_our_brain_declines_boards_its_player_does_not_play() -> None:
    server, said = _server("perfect")
    server.handle("START 15")
    assert said[-1] == "ERROR Perfect plays only tic-tac-toe, not 15x15"
    server.handle("START 3")
    # Five in a row until our extension says otherwise: 3x3 is too small for it.
    assert said[-1].startswith("ERROR a 3x3 board is too small for 5 in a row")
    server.handle("INFO k 3")
    server.handle("START 3")
    assert said[-1] == "OK"
    server.handle("BEGIN")
    x, y = protocol.parse_coordinates(said[-1]) or (-1, -1)
    assert 0 <= x < 3 and 0 <= y < 3 and said[-2].startswith("MESSAGE perfect")


def test_our_brain_wins_and_blocks_in_one_move() -> None:
    server, said = _server("levi")
    server.handle("START 15")
    # Four of ours in a row on the top row, the opponent's four below: we complete ours.
    stones = [f"{x},0,1" for x in range(4)] + [f"{x},1,2" for x in range(4)]
    for line in ("BOARD", *stones, "DONE"):
        server.handle(line)
    assert said[-1] == "4,0"


def test_turn_budget_keeps_a_margin() -> None:
    assert budget_for(500, None) == 455  # less the clock's safety share (20 ms + 5%)
    assert budget_for(5000, 2000) == 75  # a twentieth of the time left, less a quarter
    assert budget_for(5000, 2_147_483_647) == 4730  # unlimited: the turn's
    assert budget_for(5000, -40) == 5  # over its time: as fast as possible
    assert budget_for(0, None) == 5  # as fast as possible
    assert budget_for(10, None) == 7.5


# Our brain against our manager ----------------------------------------------------------


@pytest.mark.parametrize("rules", [GOMOKU, Rules(12, 8, 5), Rules(7, 6, 4)])
def test_full_games_of_our_brains_through_the_manager(rules: Rules) -> None:
    with (
        BrainPlayer(our_brain("rando", 1), settings=FAST) as x,
        BrainPlayer(our_brain("levi", 2), settings=FAST) as o,
    ):
        assert x.name == "TTT Rando" and x.kind == "brain.ttt-rando"
        groups = [x.process.brain_pid, o.process.brain_pid]  # type: ignore[union-attr]
        records = [play_brain_game(x, o, rules, first) for first in (Mark.X, Mark.O)]
        for record in records:
            assert record.forfeit is None
            assert record.is_finished and record.rules is rules
            assert record.x == PlayerEntry("brain.ttt-rando", "TTT Rando", None)
            starts = "START 15" if rules.m == rules.n else f"RECTSTART {rules.m},{rules.n}"
            assert any(starts in line for line in records[0].log)
        # The second game began with RESTART: the same processes played both.
        assert any("> RESTART" in line for line in records[1].log)
        if rules.k != 5:
            assert any("> INFO k 4" in line for line in records[0].log)
    for group in groups:
        assert wait_gone(group) == []


def test_the_thought_carries_the_message_lines() -> None:
    with BrainPlayer(our_brain("levi"), settings=FAST) as brain:
        thought = brain.think(Board.empty(Mark.X, GOMOKU))
        assert thought.kind == "brain.ttt-levi"
        assert thought.messages and thought.messages[0].startswith("levi")
        assert thought.rules == GOMOKU.key


def test_a_brain_without_the_extension_is_refused_other_k() -> None:
    with (
        BrainPlayer(bad_brain("ok"), settings=FAST) as brain,
        pytest.raises(BrainRefused, match="five in a row only"),
    ):
        brain.choose_move(Board.empty(Mark.X, Rules(9, 9, 4)))


# Records --------------------------------------------------------------------------------


def _forfeited() -> GameRecord:
    return GameRecord(
        PlayerEntry("brain.bad", "Bad"),
        PlayerEntry("rando", "Rando", 4),
        Mark.X,
        moves=(112, 0),
        finished_at="2099-01-01T00:00:00.000Z",
        rules=GOMOKU,
        forfeit=Forfeit(Mark.X, "played 7,7 (h8), a cell already taken"),
        log=("X > TURN 0,0", "X < 7,7"),
    )


def test_a_forfeit_is_the_other_sides_win_and_survives_a_file() -> None:
    record = _forfeited()
    assert record.result == "O" and record.is_finished
    again = record_from_json(record_to_json(record))
    assert again == record
    with pytest.raises(ValueError, match="forfeited"):
        record.with_move(5)
    assert record.truncated(1).forfeit is None and not record.truncated(1).is_finished
    # A file without the keys (every older file) reads as before.
    data = json.loads(record_to_json(record))
    del data["forfeit"], data["log"]
    data["finished_at"] = data["result"] = None
    plain = record_from_json(json.dumps(data))
    assert plain.forfeit is None and plain.log == () and plain.result is None


def test_a_forfeit_needs_an_unfinished_board() -> None:
    with pytest.raises(ValueError, match="ended on the board"):
        GameRecord(
            PlayerEntry("rando", "R"),
            PlayerEntry("rando", "S"),
            Mark.X,
            moves=(0, 3, 1, 4, 2),
            finished_at="2099-01-01T00:00:00.000Z",
            forfeit=Forfeit(Mark.O, "late"),
        )


def test_the_library_stores_a_forfeit_as_a_result(tmp_path: Path) -> None:
    with Library(tmp_path / "lib.sqlite3") as library:
        library.store(_forfeited())
        (row,) = library.rows()
        assert row.result == "O"
        stored = library.record(row.id)
        assert stored.forfeit == _forfeited().forfeit and stored.log == _forfeited().log


# The engine list ------------------------------------------------------------------------


def test_the_engine_list_round_trips_and_keeps_a_bad_file_aside(tmp_path: Path) -> None:
    path = tmp_path / "engines.json"
    engines = EngineList.load(path)
    assert len(engines) == 0
    engines.add(EngineEntry("Ours", "pbrain-ttt --player levi", sizes=(15, 20)))
    engines.save()
    again = EngineList.load(path)
    assert again.get("ours").sizes == (15, 20)
    path.write_text('{"format": "ttt-desktop-engines", "version": 1, "engines": [{"nam": 1}]}')
    with pytest.raises(EngineListError, match="moved to"):
        EngineList.load(path)
    assert not path.exists()
    (aside,) = tmp_path.glob("engines.json.bad-*")
    assert "nam" in aside.read_text()
    assert len(EngineList.load(path)) == 0
    with pytest.raises(KeyError, match="no engine called"):
        again.get("missing")


def test_probing_finds_sizes_rectangles_and_the_extension() -> None:
    ours = probe(EngineEntry("Ours", " ".join(our_brain("rando"))), sizes=(15, 20, 25))
    assert ours.sizes == (15, 20) and ours.rectangles is True and ours.mnk
    assert ours.about["name"] == "TTT Rando"
    assert ours.plays(GOMOKU) and ours.plays(Rules(9, 9, 4)) is None
    loose = probe(EngineEntry("Loose", " ".join(bad_brain("lowercase"))), sizes=(15,))
    assert loose.sizes == (15,) and loose.rectangles is False and not loose.mnk
    assert loose.plays(Rules(15, 15, 4)) is False


def test_a_command_that_does_not_start_is_refused() -> None:
    with pytest.raises(BrainRefused, match="can't start"):
        BrainProcess(["/nonexistent/pbrain-none"])
    with pytest.raises(BrainRefused, match="empty"):
        BrainProcess("   ")
    assert brain_kind("Embryo 21 (x64)") == "brain.embryo-21-x64"


# The command line -----------------------------------------------------------------------


def test_match_with_a_brain_stores_its_games(tmp_path: Path) -> None:
    command = " ".join(our_brain("levi"))
    out, err = io.StringIO(), io.StringIO()
    argv = [
        "match", "--rules", "gomoku", "--x", f"brain:{command}", "--o", "rando",
        "--turn-ms", "1000", "--match-ms", "60000", "--games", "3", "--start", "alternate",
        "--library", str(tmp_path / "lib.sqlite3"), "--seed", "5",
    ]  # fmt: skip
    stdout, stderr = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        assert main(argv) == 0
    finally:
        sys.stdout, sys.stderr = stdout, stderr
    assert "3 games" in out.getvalue() and "TTT Levi" in out.getvalue()
    with Library(tmp_path / "lib.sqlite3") as library:
        rows = library.rows()
        assert len(rows) == 3 and {row.x_kind for row in rows} == {"brain.ttt-levi"}
        assert all(library.record(row.id).log for row in rows)


def test_match_with_an_engine_from_the_list_in_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "engines.json"
    engines = EngineList(path)
    engines.add(EngineEntry("Bad", " ".join(bad_brain("garbage"))))
    engines.save()
    argv = [
        "match", "--rules", "gomoku", "--x", "rando", "--o", "engine:bad", "--games", "2",
        "--engines", str(path), "--json", "--seed", "1",
    ]  # fmt: skip
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["x_wins"] == 2 and result["o"] == {"kind": "brain.bad", "name": "Bad"}
    assert all("instead of a move" in game["forfeit"] for game in result["played"])
    assert main([*argv[:6], "engine:missing", *argv[7:]]) == 2
    assert "no engine called 'missing'" in capsys.readouterr().err


def test_pbrain_ttt_speaks_on_its_pipes() -> None:
    script = "START 15\r\nINFO timeout_turn 500\r\nBEGIN\r\nABOUT\r\nEND\r\n"
    done = subprocess.run(
        [sys.executable, "-c", "from ttt_desktop.cli.brains import main; main()", "--player",
         "rando", "--seed", "2"],
        input=script.encode(), capture_output=True, timeout=30, check=True,
    )  # fmt: skip
    lines = done.stdout.decode().split("\r\n")
    assert lines[0] == "OK"
    assert lines[1].startswith("MESSAGE rando")
    assert protocol.parse_reply(lines[2]).kind is ReplyKind.MOVE
    assert lines[3].startswith('name="TTT Rando"')


def test_our_players_play_the_same_through_the_pipe() -> None:
    # The brain's moves are the player's own: a seeded rando through the pipe and in
    # this process choose the same cells.
    with BrainPlayer(our_brain("rando", 9), settings=FAST) as brain:
        local = create_player("rando", seed=9)
        board = Board.empty(Mark.X, GOMOKU)
        assert brain.choose_move(board) == local.choose_move(board)


def test_the_engines_command_adds_lists_and_removes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "engines.json")
    command = " ".join(our_brain("levi"))
    assert main(["engines", "add", "--command", command, "--engines", path]) == 0
    assert (
        "TTT Levi: accepts sizes 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20"
        in capsys.readouterr().out
    )
    assert main(["engines", "list", "--engines", path, "--json"]) == 0
    (listed,) = json.loads(capsys.readouterr().out)
    assert listed["name"] == "TTT Levi" and listed["rectangles"] and listed["mnk"]
    assert main(["engines", "probe", "ttt levi", "--engines", path]) == 0
    assert main(["engines", "remove", "TTT Levi", "--engines", path]) == 0
    assert main(["engines", "remove", "TTT Levi", "--engines", path]) == 2
    assert "no engine called" in capsys.readouterr().err
    assert main(["engines", "add", "--engines", path]) == 2


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"log": "X > START 15"}, '"log" must be a list of strings'),
        ({"log": ["x" * 501]}, "at most 2000 lines of at most 500 characters"),
        ({"log": ["line"] * 2001}, "at most 2000 lines"),
        ({"forfeit": "X"}, '"forfeit" must be an object'),
        ({"forfeit": {"loser": "Z", "reason": "late"}}, '"loser" must be "X" or "O"'),
        ({"forfeit": {"loser": "X", "reason": " "}}, "a forfeit needs a reason"),
        ({"forfeit": None}, "it has a finish time"),
        ({"result": "X"}, "\"result\" says 'X' but the moves give 'O'"),
    ],
)
def test_a_damaged_forfeit_or_log_is_a_clear_error(change: dict[str, object], message: str) -> None:
    data = json.loads(record_to_json(_forfeited()))
    data.update(change)
    with pytest.raises(ValueError, match=re.escape(message)):
        record_from_json(json.dumps(data))


def test_brains_of_the_engine_list_think_in_the_search_process(tmp_path: Path) -> None:
    path = tmp_path / "engines.json"
    engines = EngineList(path)
    engines.add(EngineEntry("Ours", " ".join(our_brain("levi")), sizes=(15, 20)))
    engines.add(EngineEntry("Garbage", " ".join(bad_brain("garbage")), sizes=(15,)))
    engines.save()
    ours, _garbage = engine_entries(EngineList.load(path))
    assert (ours.kind, ours.name) == ("brain.ours", "Ours")
    assert ours.supports(GOMOKU) and not ours.supports(Rules(9, 9, 4))
    assert "board sizes: 15, 20" in ours.description
    factory = BrainPlayerFactory(create_player, path, FAST.clock)
    assert factory("rando", seed=1).kind == "rando"
    search = SearchProcess(factory)
    try:
        board = Board.empty(Mark.X, GOMOKU)
        thought = search.run(ThinkJob.for_board("brain.ours", None, board, game=1, mark="X"))
        assert thought.kind == "brain.ours" and thought.messages
        with pytest.raises(SearchFailed, match="instead of a move"):
            search.run(ThinkJob.for_board("brain.garbage", None, board, game=1, mark="O"))
        with pytest.raises(SearchFailed, match=r"no engine of kind 'brain\.none'"):
            search.run(ThinkJob.for_board("brain.none", None, board))
        child = search.pid
    finally:
        search.close()
    # The brains were the killed search process's children, in groups of their own (one
    # stopped, one waiting on its pipe): the end of their pipes and SIGHUP end them.
    assert child is not None
    assert brains_left() == []


def brains_left() -> list[str]:
    """This test's brains still there (orphans are re-parented: found by their command)."""
    deadline = time.monotonic() + 3
    while True:
        left = []
        for entry in Path("/proc").iterdir():
            try:
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
                state = (entry / "stat").read_text().rpartition(")")[2].split()[0]
            except (OSError, IndexError):
                continue
            ours = "bad_brain.py garbage" in command or "--player levi --seed 1" in command
            if ours and state != "Z":
                left.append(f"{entry.name} {state} {command}")
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


def test_the_manager_takes_back_and_restarts() -> None:
    with BrainProcess(our_brain("levi", 4), settings=FAST) as brain:
        assert brain.ask_about()["name"] == "TTT Levi"
        brain.start(GOMOKU)
        board = Board.empty(Mark.O, GOMOKU).play(112)
        cell, spent, messages = brain.move(board)
        assert board[cell] is None and spent < 2000 and messages
        assert brain.position == {112: 2, cell: 1}
        assert brain.takeback(cell) and brain.position == {112: 2}
        assert not brain.takeback(0)  # no stone of ours there: nothing is sent
        # Its own move taken back, it is to move on its board: no TURN says that, so the
        # manager sends the position again (RESTART, BOARD).
        assert not brain.continues(board)
        again, _, _ = brain.move(board)
        assert board[again] is None
        assert brain.restart() and brain.position == {}
        log = " | ".join(line for _, line in brain.take_log())
        assert "> TAKEBACK" in log and "< OK" in log and "> RESTART" in log


def test_a_brain_refusing_rectangles_is_refused_not_beaten() -> None:
    with (
        BrainPlayer(bad_brain("lowercase"), settings=FAST) as brain,
        pytest.raises(BrainRefused, match=r"declined RECTSTART 12,8 \(Unknown command\)"),
    ):
        play_brain_game(brain, create_player("rando", seed=1), Rules(12, 8, 5))


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["alphabeta", "monty"])
def test_our_searching_players_answer_within_the_turn_time(kind: str) -> None:
    control = BrainSettings(
        clock=TimeControl(turn_ms=300, game_ms=60_000, margin_ms=200), end_grace_ms=500
    )
    with (
        BrainPlayer(our_brain(kind, 3), settings=control) as brain,
        BrainPlayer(our_brain("levi", 4), settings=control) as levi,
    ):
        record = play_brain_game(brain, levi, GOMOKU)
    assert record.forfeit is None and record.is_finished
    assert max(record.move_seconds) < 0.5
    assert any(f"< MESSAGE {kind} | depth" in line for line in record.log)
