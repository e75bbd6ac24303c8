"""Game files glue on its own: save, open, every kind of bad file, recent files, clipboard,
drag and drop. Dialogs are replaced, so nothing blocks."""

from __future__ import annotations

import contextlib
import os
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QGuiApplication
from PySide6.QtWidgets import QApplication, QMenu, QWidget
from pytestqt.qtbot import QtBot

from ttt_desktop.core import GameRecord, Mark, PlayerEntry
from ttt_desktop.core.record import MAX_NAME_LENGTH
from ttt_desktop.formats.files import save_record
from ttt_desktop.formats.json_codec import record_to_json
from ttt_desktop.gui.review.game_files import GameFiles, error_box, file_url, suggested_file_name

RECORD = GameRecord(
    PlayerEntry("human", "Ann"),
    PlayerEntry("perfect", "Perfect", seed=11),
    Mark.X,
    moves=(4, 0, 8),
    started_at="2026-05-06T07:08:09.000Z",
)


class Harness:
    """A window stand-in with GameFiles, its signals collected and its dialogs replaced."""

    def __init__(self, qtbot: QtBot, settings_path: Path) -> None:
        self.window = QWidget()
        qtbot.addWidget(self.window)
        self.record = RECORD
        self.settings = QSettings(str(settings_path), QSettings.Format.IniFormat)
        self.files = GameFiles(self.window, lambda: self.record, self.settings)
        self.opened: list[tuple[GameRecord, str]] = []
        self.errors: list[tuple[str, str]] = []
        self.dialogs: list[str] = []
        self.details: list[str] = []
        self.save_answers: list[str | None] = []
        self.open_answers: list[str | None] = []
        self.files.record_opened.connect(lambda record, where: self.opened.append((record, where)))
        self.files.error_reported.connect(lambda title, text: self.errors.append((title, text)))
        self.files.show_error_dialog = self._show  # type: ignore[method-assign]
        self.files.ask_save_path = lambda suggested: self.save_answers.pop(0)  # type: ignore[method-assign]
        self.files.ask_open_path = lambda: self.open_answers.pop(0)  # type: ignore[method-assign]

    def _show(self, title: str, text: str, details: str = "") -> None:
        self.dialogs.append(text)
        self.details.append(details)


@pytest.fixture
def harness(qtbot: QtBot, tmp_path: Path) -> Iterator[Harness]:
    yield Harness(qtbot, tmp_path / "recent.ini")


def test_save_and_open_round_trip(harness: Harness, tmp_path: Path) -> None:
    path = tmp_path / "game"
    harness.save_answers.append(str(path))
    assert harness.files.save()
    saved = tmp_path / "game.tttgame"
    assert saved.exists(), "a name without a suffix gets .tttgame"
    harness.open_answers.append(str(saved))
    assert harness.files.open() == RECORD
    assert harness.opened == [(RECORD, str(saved))]
    assert harness.errors == []


def test_cancelled_dialogs_do_nothing(harness: Harness) -> None:
    harness.save_answers.append(None)
    harness.open_answers.append(None)
    assert not harness.files.save()
    assert harness.files.open() is None
    assert harness.opened == []
    assert harness.errors == []


def test_suggested_file_name() -> None:
    assert suggested_file_name(RECORD) == "Ann-vs-Perfect-2026-05-06-0708.tttgame"


# (file name, contents, the reader's technical reason, what the person is told)
BAD_FILES = [
    (
        "malformed.tttgame",
        b'{"format": "ttt-desktop-game", version: 1}',
        "malformed or cut short",
        "is damaged or cut short",
    ),
    (
        "truncated.tttgame",
        record_to_json(RECORD).encode()[:100],
        "line 7 column 5",
        "is damaged or cut short",
    ),
    (
        "foreign.json",
        b'{"type": "FeatureCollection", "features": []}',
        "lacks the",
        "is not a TTT Desktop game",
    ),
    (
        "future.tttgame",
        record_to_json(RECORD).replace('"version": 3', '"version": 4').encode(),
        "format version 4",
        "was saved by a newer version of TTT Desktop",
    ),
    ("binary.tttgame", bytes(range(256)), "not UTF-8", "is not a TTT Desktop game"),
    ("empty.tttgame", b"", "it is empty", "is empty: there is no game in it"),
    (
        "impossible.tttgame",
        record_to_json(RECORD).replace('"moves": [\n    "5",', '"moves": [\n    "7",').encode(),
        "already taken",
        "is a TTT Desktop game, but it is damaged",
    ),
]


@pytest.mark.parametrize(("name", "contents", "reason", "message"), BAD_FILES)
def test_bad_files_are_reported_and_change_nothing(
    harness: Harness, tmp_path: Path, *, name: str, contents: bytes, reason: str, message: str
) -> None:
    path = tmp_path / name
    path.write_bytes(contents)
    assert harness.files.open(path) is None
    assert harness.opened == []
    [(title, text)] = harness.errors
    assert title == "Could not open the game"
    assert message in text
    assert "The current game is unchanged" in text
    # The person's words name the file once; the reader's explanation is the details.
    assert text.count(name) == 1
    assert reason not in text
    assert harness.dialogs == [text]
    assert harness.details == [harness.files.last_error_details]
    assert reason in harness.details[0]
    assert harness.files.recent_files() == [], "a bad file is not remembered"


def test_parser_internals_stay_in_the_details(harness: Harness, tmp_path: Path) -> None:
    # A game file cut off inside a string: json's own words name a line and column.
    path = tmp_path / "cut.tttgame"
    path.write_text(record_to_json(RECORD)[:20], encoding="utf-8")
    assert harness.files.open(path) is None
    [(_title, text)] = harness.errors
    assert "line" not in text and "column" not in text and "char" not in text
    assert "Unterminated string starting at: line" in harness.details[0]


def test_error_box_keeps_the_details_behind_a_button(qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    box = error_box(parent, "Could not open the game", "“a.tttgame” is empty.", "it is empty")
    assert box.text() == "“a.tttgame” is empty."
    assert box.detailedText() == "it is empty"
    assert any("Details" in button.text() for button in box.buttons())
    plain = error_box(parent, "Could not save the game", "No room.")
    assert plain.detailedText() == ""


def test_missing_file_is_reported(harness: Harness, tmp_path: Path) -> None:
    assert harness.files.open(tmp_path / "gone.tttgame") is None
    assert "“gone.tttgame” is not there any more" in harness.errors[0][1]
    assert "can't read gone.tttgame" in harness.details[0]


def test_failed_save_keeps_the_old_file(
    harness: Harness, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    path = folder / "kept.tttgame"
    old = GameRecord(PlayerEntry("human", "Zed"), PlayerEntry("human", "Yan"), Mark.O)
    save_record(old, path)
    before = path.read_bytes()

    def full_disk(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    assert not harness.files.save(path)
    assert path.read_bytes() == before
    assert [p.name for p in folder.iterdir()] == ["kept.tttgame"], "no temporary file is left"
    [(title, text)] = harness.errors
    assert title == "Could not save the game"
    # The system's reason in the window's words; its own (English) words are the details.
    assert "could not be written: the disk is full." in text
    assert "No space left on device" not in text
    assert "No space left on device" in harness.details[0]
    assert "unchanged" in text


def test_recent_files_and_their_menu(harness: Harness, tmp_path: Path) -> None:
    menu = QMenu()
    harness.files.add_actions_to(menu)
    recent_menu = harness.files.recent_menu
    assert recent_menu is not None
    assert [a.text() for a in recent_menu.actions()] == ["Clear recent files"]
    paths = [tmp_path / f"game{i}.tttgame" for i in range(10)]
    for path in paths:
        assert harness.files.save(path)
    recent = harness.files.recent_files()
    assert recent == [str(p.resolve()) for p in reversed(paths)][:8]
    texts = [a.text() for a in recent_menu.actions() if a.text()]
    assert texts[0] == "&1 game9.tttgame"
    assert texts[-1] == "Clear recent files"
    recent_menu.actions()[2].trigger()
    assert harness.opened[-1] == (RECORD, str(paths[7].resolve()))
    assert harness.files.recent_files()[0] == str(paths[7].resolve()), "opening moves it up"
    recent_menu.actions()[-1].trigger()
    assert harness.files.recent_files() == []
    assert [a.text() for a in recent_menu.actions()] == ["Clear recent files"]


def test_a_recent_file_that_has_gone_leaves_the_list(harness: Harness, tmp_path: Path) -> None:
    kept, gone = tmp_path / "kept.tttgame", tmp_path / "gone.tttgame"
    assert harness.files.save(kept)
    assert harness.files.save(gone)
    gone.unlink()
    assert harness.files.open(gone) is None
    assert harness.files.recent_files() == [str(kept.resolve())]
    assert "is not there any more" in harness.errors[0][1]


def test_file_menu_actions(harness: Harness, tmp_path: Path) -> None:
    menu = QMenu()
    harness.files.add_actions_to(menu)
    texts = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert texts == [
        "&Save game...",
        "&Open game...",
        "Recent &files",
        "&Copy game as text",
        "&Paste game",
    ]
    harness.save_answers.append(str(tmp_path / "menu.tttgame"))
    harness.files.save_action.trigger()
    assert (tmp_path / "menu.tttgame").exists()
    harness.open_answers.append(str(tmp_path / "menu.tttgame"))
    harness.files.open_action.trigger()
    assert harness.opened[-1][0] == RECORD


def test_copy_and_paste_text(harness: Harness) -> None:
    text = harness.files.copy_text()
    assert QGuiApplication.clipboard().text() == text
    assert text.startswith("TTT Desktop game\n")
    assert harness.files.paste_text() == RECORD
    assert harness.opened == [(RECORD, "clipboard")]


def test_paste_of_other_text_is_reported(harness: Harness) -> None:
    QGuiApplication.clipboard().setText("shopping: eggs, milk")
    assert harness.files.paste_text() is None
    assert harness.opened == []
    [(title, text)] = harness.errors
    assert title == "Could not paste a game"
    assert "The clipboard holds no TTT Desktop game" in text
    assert "should start with 'TTT Desktop game'" in harness.details[0]


def drag_enter(mime: QMimeData) -> QDragEnterEvent:
    # PySide marks the one constructor every version has (QPoint) as deprecated.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return QDragEnterEvent(
            QPoint(10, 10),
            Qt.DropAction.CopyAction,
            mime,
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
        )


def drag_events(path: Path) -> tuple[QDragEnterEvent, QDropEvent, QMimeData]:
    mime = QMimeData()
    mime.setUrls([file_url(path)])
    actions = Qt.DropAction.CopyAction
    buttons = Qt.MouseButton.LeftButton
    modifiers = Qt.KeyboardModifier.NoModifier
    enter = drag_enter(mime)
    drop = QDropEvent(QPointF(10, 10), actions, mime, buttons, modifiers)
    return enter, drop, mime


def test_drop_a_game_file(qtbot: QtBot, harness: Harness, tmp_path: Path) -> None:
    path = tmp_path / "dropped.tttgame"
    save_record(RECORD, path)
    harness.files.accept_drops_on(harness.window)
    assert harness.window.acceptDrops()
    enter, drop, _mime = drag_events(path)
    QApplication.sendEvent(harness.window, enter)
    assert enter.isAccepted()
    with qtbot.waitSignal(harness.files.record_opened) as opened:
        QApplication.sendEvent(harness.window, drop)
    assert opened.args == [RECORD, str(path)]


def test_drop_a_bad_file(qtbot: QtBot, harness: Harness, tmp_path: Path) -> None:
    path = tmp_path / "picture.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n")
    harness.files.accept_drops_on(harness.window)
    enter, drop, _mime = drag_events(path)
    # Qt delivers a drop to the widget that accepted the drag's entry.
    QApplication.sendEvent(harness.window, enter)
    with qtbot.waitSignal(harness.files.error_reported) as reported:
        QApplication.sendEvent(harness.window, drop)
    assert "“picture.png” is not a TTT Desktop game" in reported.args[1]
    assert harness.opened == []


def test_drag_of_text_is_refused(harness: Harness) -> None:
    harness.files.accept_drops_on(harness.window)
    mime = QMimeData()
    mime.setText("hello")
    enter = drag_enter(mime)
    QApplication.sendEvent(harness.window, enter)
    assert not enter.isAccepted()


# Hostile files: each must end in a dialog, never a freeze or a traceback ----------------


@contextlib.contextmanager
def named_pipe(path: Path) -> Iterator[Path]:
    """A named pipe at ``path`` with a writer waiting on it.

    Should the app open the pipe after all, the writer gets in and closes at once, so a
    regression fails the test ("it is empty") instead of hanging it.
    """
    os.mkfifo(path)

    def write_nothing() -> None:
        with open(path, "wb"):
            pass

    writer = threading.Thread(target=write_nothing, daemon=True)
    writer.start()
    try:
        yield path
    finally:
        # Release the writer if nobody opened the pipe (the expected case).
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        writer.join()
        os.close(descriptor)


needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX only")


PERSON_WORDS = {
    "special": "is not a file that can hold a game: it is a folder, a device or a pipe",
    "unreadable": "could not be read",
    "damaged": "is a TTT Desktop game, but it is damaged",
}


def assert_refused(harness: Harness, name: str, words: str, reason: str) -> None:
    """One dialog in a person's words naming ``name``, the reader's ``reason`` in its details."""
    assert harness.opened == []
    [(title, text)] = harness.errors
    assert title == "Could not open the game"
    assert f"“{name}” {PERSON_WORDS[words]}" in text
    assert "The current game is unchanged" in text
    assert harness.dialogs == [text]
    assert reason in harness.details[0]


@needs_fifo
def test_named_pipe_by_open_dialog(harness: Harness, tmp_path: Path) -> None:
    with named_pipe(tmp_path / "game.tttgame") as pipe:
        menu = QMenu()
        harness.files.add_actions_to(menu)
        harness.open_answers.append(str(pipe))
        harness.files.open_action.trigger()  # File > Open, the dialog answering the pipe
    assert_refused(harness, "game.tttgame", "special", "it is a named pipe, not a regular file")


@needs_fifo
def test_named_pipe_by_drag_and_drop(qtbot: QtBot, harness: Harness, tmp_path: Path) -> None:
    harness.files.accept_drops_on(harness.window)
    with named_pipe(tmp_path / "game.tttgame") as pipe:
        enter, drop, _mime = drag_events(pipe)
        QApplication.sendEvent(harness.window, enter)
        assert enter.isAccepted()
        with qtbot.waitSignal(harness.files.error_reported):
            QApplication.sendEvent(harness.window, drop)
    assert_refused(harness, "game.tttgame", "special", "it is a named pipe")


@needs_fifo
def test_named_pipe_by_recent_files(harness: Harness, tmp_path: Path) -> None:
    menu = QMenu()
    harness.files.add_actions_to(menu)
    path = tmp_path / "game.tttgame"
    assert harness.files.save(path)
    path.unlink()
    with named_pipe(path):
        assert harness.files.recent_menu is not None
        harness.files.recent_menu.actions()[0].trigger()
    assert_refused(harness, "game.tttgame", "special", "it is a named pipe")
    assert harness.files.recent_files() == [], "what is no longer a file leaves the list"


def test_symlink_loop_gives_a_dialog(harness: Harness, tmp_path: Path) -> None:
    first, second = tmp_path / "a.tttgame", tmp_path / "b.tttgame"
    first.symlink_to(second)
    second.symlink_to(first)
    assert harness.files.open(first) is None
    assert_refused(harness, "a.tttgame", "unreadable", "Too many levels of symbolic links")


def test_a_recent_file_that_became_a_link_loop_leaves_the_list(
    harness: Harness, tmp_path: Path
) -> None:
    path, other = tmp_path / "a.tttgame", tmp_path / "b.tttgame"
    assert harness.files.save(path)
    path.unlink()
    path.symlink_to(other)
    other.symlink_to(path)
    assert harness.files.open(path) is None
    assert harness.files.recent_files() == []
    assert "Too many levels" in harness.details[0]


def test_huge_think_time_gives_a_dialog(harness: Harness, tmp_path: Path) -> None:
    path = tmp_path / "huge.tttgame"
    path.write_text(
        record_to_json(RECORD).replace(
            '"move_seconds": [\n    0.0', '"move_seconds": [1' + "0" * 309
        )
    )
    assert harness.files.open(path) is None
    assert_refused(harness, "huge.tttgame", "damaged", "think time must be a finite number")


def test_a_name_too_long_gives_a_dialog(harness: Harness, tmp_path: Path) -> None:
    path = tmp_path / "long.tttgame"
    path.write_text(record_to_json(RECORD).replace('"Ann"', '"' + "A" * 900_000 + '"'))
    assert harness.files.open(path) is None
    assert_refused(harness, "long.tttgame", "damaged", f"at most {MAX_NAME_LENGTH} characters")


def test_opening_a_game_removes_stale_temporaries_of_its_saves(
    harness: Harness, tmp_path: Path
) -> None:
    path = tmp_path / "game.tttgame"
    save_record(RECORD, path)
    stale = tmp_path / ".game.tttgame.a1b2c3d4.tmp"
    stale.write_text("{")
    os.utime(stale, (0, 0))
    fresh = tmp_path / ".game.tttgame.e5f6g7h8.tmp"
    fresh.write_text("{")
    assert harness.files.open(path) == RECORD
    assert not stale.exists()
    assert fresh.exists(), "a save in progress elsewhere keeps its file"
