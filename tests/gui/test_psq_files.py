"""Piskvork records (.psq) in the window's File menu: Open offers them and reads them (what
was assumed in the record's log), Save as writes one by its name or by the type chosen, a
game a record can't hold is refused with the reason, a bad record names its line."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from ttt_desktop.core import GameRecord, Mark, PlayerEntry
from ttt_desktop.core.rules import Rules
from ttt_desktop.gui.common import translation
from ttt_desktop.gui.review.game_files import GameFiles, describe_open_error

GOMOKU = Rules(15, 15, 5)
RECORD = GameRecord(
    PlayerEntry("human", "Ann"),
    PlayerEntry("searcher", "Searcher", seed=3),
    Mark.X,
    moves=(112, 113, 97),
    move_seconds=(1.5, 0.25, 2.0),
    started_at="2026-05-06T07:08:09.000Z",
    rules=GOMOKU,
)


class Harness:
    def __init__(self, qtbot: QtBot, tmp_path: Path, record: GameRecord = RECORD) -> None:
        self.window = QWidget()
        qtbot.addWidget(self.window)
        settings = QSettings(str(tmp_path / "recent.ini"), QSettings.Format.IniFormat)
        self.files = GameFiles(self.window, lambda: record, settings)
        self.opened: list[GameRecord] = []
        self.dialogs: list[tuple[str, str]] = []
        self.files.record_opened.connect(lambda opened, _where: self.opened.append(opened))
        self.files.show_error_dialog = (  # type: ignore[method-assign]
            lambda _title, text, details="": self.dialogs.append((text, details))
        )

    def answer_save(self, path: Path | None) -> None:
        self.files.ask_save_path = lambda _suggested: None if path is None else str(path)  # type: ignore[method-assign]

    def answer_open(self, path: Path) -> None:
        self.files.ask_open_path = lambda: str(path)  # type: ignore[method-assign]


@pytest.fixture
def harness(qtbot: QtBot, tmp_path: Path) -> Harness:
    return Harness(qtbot, tmp_path)


def test_the_dialogs_offer_psq(harness: Harness) -> None:
    assert "Piskvork records (*.psq)" in harness.files.file_filter().split(";;")
    assert harness.files.open_filter().startswith("Games (*.tttgame *.json *.psq);;")


def test_saved_as_psq_and_opened_again(harness: Harness, tmp_path: Path) -> None:
    path = tmp_path / "game.psq"
    harness.answer_save(path)
    assert harness.files.save()
    assert path.read_bytes() == (
        b"Piskvorky 15x15, 0:11, 0\r\n8,8,1500\r\n9,8,250\r\n8,7,2000\r\nAnn\r\nSearcher\r\n-1\r\n"
    )
    harness.answer_open(path)
    opened = harness.files.open()
    assert opened is not None and harness.opened == [opened]
    assert opened.moves == RECORD.moves and opened.move_seconds == RECORD.move_seconds
    assert (opened.x, opened.o.name) == (RECORD.x, "Searcher")
    assert opened.log[0].startswith("psq: the file does not say the rules: read as free-style")
    assert harness.dialogs == []


def test_the_chosen_type_gives_the_suffix(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = Harness(qtbot, tmp_path).files

    def dialog(*_args: object) -> tuple[str, str]:
        return str(tmp_path / "named"), "Piskvork records (*.psq)"

    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    assert files.ask_save_path("x.tttgame") == str(tmp_path / "named.psq")


def test_a_game_a_record_cannot_hold(qtbot: QtBot, tmp_path: Path) -> None:
    tic_tac_toe = GameRecord(PlayerEntry("human", "A"), PlayerEntry("human", "B"), Mark.X, (4,))
    harness = Harness(qtbot, tmp_path, tic_tac_toe)
    path = tmp_path / "ttt.psq"
    harness.answer_save(path)
    assert not harness.files.save()
    assert not path.exists()
    ((text, details),) = harness.dialogs
    assert "holds five in a row on boards of 5 to 20 a side" in text
    assert "Tic-tac-toe (3,3,3)" in details


@pytest.mark.parametrize(
    ("contents", "detail"),
    [
        ("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n", "line 3: move 2, 8,8, is where move 1"),
        ("Piskvorky 15x15\n", "line 1 is not its header"),
    ],
)
def test_a_bad_record_names_its_line(
    harness: Harness, tmp_path: Path, contents: str, detail: str
) -> None:
    path = tmp_path / "bad.psq"
    path.write_text(contents)
    harness.answer_open(path)
    assert harness.files.open() is None
    ((text, details),) = harness.dialogs
    assert text.startswith("“bad.psq” is not a Piskvork record (.psq) that can be read")
    assert detail in details
    assert harness.opened == []


def test_german(harness: Harness) -> None:
    installed = translation.install(QSettings(), "de")
    try:
        for filters in (harness.files.file_filter(), harness.files.open_filter()):
            assert "(*.psq)" in filters and "Piskvork records" not in filters
        assert "Piskvork" in describe_open_error("a.psq", "not a Piskvork record (.psq): ...")
        assert "is not a Piskvork" not in describe_open_error("a.psq", "not a Piskvork record")
    finally:
        translation.remove(installed)
