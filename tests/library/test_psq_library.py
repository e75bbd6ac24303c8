"""Piskvork records (.psq) in and out of the game library: a file or a folder of them
imported (a bad one refused with its line, the same record twice one game), and games
exported as records (those a record can't hold passed over, with the reason)."""

from __future__ import annotations

import random
from pathlib import Path

from ttt_desktop.core import GameRecord, Mark, PlayerEntry
from ttt_desktop.core.board import Board
from ttt_desktop.core.rules import TIC_TAC_TOE, Rules
from ttt_desktop.formats.files import load_record, save_record
from ttt_desktop.library import Library
from ttt_desktop.library.transfer import export_psq_files, find_game_files, import_files

ARCHIVE_GAME = (
    "Piskvorky 20x20, 11:11, 0\r\n"
    "10,10,0\r\n11,11,0\r\n10,11,1200\r\n11,10,800\r\n"
    "pbrain-a.exe\r\npbrain-b.exe\r\n-1\r\n0,Freestyle1\r\n"
)


def played(rules: Rules, seed: int, start: str = "2026-03-01T10:00:00.000Z") -> GameRecord:
    rng = random.Random(seed)
    record = GameRecord(
        PlayerEntry("human", "Ann"),
        PlayerEntry("searcher", "Searcher", 3),
        Mark.X,
        rules=rules,
        started_at=start,
    )
    board = Board.empty(Mark.X, rules)
    while not board.is_over and record.ply < 40:
        move = rng.choice(board.legal_moves())
        board = board.play(move)
        record = record.with_move(move, round(rng.random(), 3))
    return record


def test_a_folder_of_records_is_imported(tmp_path: Path) -> None:
    folder = tmp_path / "gomocup2023" / "freestyle"
    folder.mkdir(parents=True)
    (folder / "1_0_1_0.psq").write_text(ARCHIVE_GAME, newline="")
    (folder / "copy.PSQ").write_text(ARCHIVE_GAME.replace("\r\n", "\n"), newline="")
    (folder / "2_1_0_1.psq").write_text("Piskvorky 20x20, 11:11, 0\n1,1,0\n1,1,0\n")
    (folder / "notes.txt").write_text("not a game")
    assert [path.name for path in find_game_files([tmp_path])] == [
        "1_0_1_0.psq",
        "2_1_0_1.psq",
        "copy.PSQ",
    ]
    with Library(tmp_path / "lib.sqlite3") as library:
        report = import_files(library, [tmp_path / "gomocup2023"])
        assert (report.added, report.duplicates) == (1, 1)
        assert [(path.name, reason) for path, reason in report.refused] == [
            (
                "2_1_0_1.psq",
                "not a readable Piskvork record (.psq): line 3: move 2, 1,1, is where move 1 "
                "is already",
            )
        ]
        (row,) = library.rows()
        record = library.record(row.id)
        assert record.rules is Rules(20, 20, 5)
        assert (record.x.name, record.o.name) == ("pbrain-a.exe", "pbrain-b.exe")
        assert record.log[0].startswith("psq: the file does not say the rules")
        # Imported again: nothing new.
        again = import_files(library, [folder / "1_0_1_0.psq"])
        assert (again.added, again.duplicates, again.refused) == (0, 1, [])


def test_games_exported_as_records_are_imported_back(tmp_path: Path) -> None:
    games = [played(Rules(15, 15, 5), seed) for seed in range(3)]
    games.append(played(Rules(20, 20, 5, exact=True), 7, "2026-03-02T10:00:00.000Z"))
    tic_tac_toe = played(TIC_TAC_TOE, 9, "2026-03-03T10:00:00.000Z")
    out = tmp_path / "out"
    out.mkdir()
    with Library(tmp_path / "a.sqlite3") as first:
        first.store_many([*games, tic_tac_toe])
        ids = {first.record(row.id).game_id: row.id for row in first.rows()}
        written, passed_over = export_psq_files(first, list(ids.values()), out)
    assert [row_id for row_id, _ in passed_over] == [ids[tic_tac_toe.game_id]]
    assert "five-in-a-row" in passed_over[0][1]
    assert len(written) == 4 and all(path.suffix == ".psq" for path in written)
    assert len({path.name for path in written}) == 4
    by_moves = {game.moves: game for game in games}
    for path in written:
        loaded = load_record(path)
        original = by_moves[loaded.moves]
        assert loaded.move_seconds == original.move_seconds
        assert loaded.result == original.result
        assert (loaded.x.name, loaded.o.name) == ("Ann", "Searcher")
    with Library(tmp_path / "b.sqlite3") as second:
        report = import_files(second, [out])
        assert (report.added, report.refused) == (4, [])


def test_a_record_saved_by_name_is_a_psq(tmp_path: Path) -> None:
    game = played(Rules(15, 15, 5), 1)
    save_record(game, tmp_path / "g.psq")
    assert (tmp_path / "g.psq").read_bytes().startswith(b"Piskvorky 15x15, 0:11, 0\r\n")
