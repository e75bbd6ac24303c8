"""A long session in one window: what the window keeps per game stays bounded.

Plays many watched computer games one after another in the real window (offscreen),
as ``benchmarks/soak.py`` does, and counts the game records still alive afterwards.
A structure that keeps something of every past game grows with the number played;
the window needs only the game in hand and the one just finished.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from test_main_window import WindowMaker

from ttt_desktop.core import GameRecord, Mark
from ttt_desktop.gui.game.controller import Seat

GAMES = 60
KEPT_AT_MOST = 10
"""Records a window may hold after any number of games (the game in hand, the last
finished one and the views showing them); far below GAMES."""


def _records_alive() -> int:
    gc.collect()
    return sum(1 for thing in gc.get_objects() if isinstance(thing, GameRecord))


@pytest.mark.slow
@pytest.mark.parametrize("with_library", [False, True], ids=["no library", "library"])
def test_records_of_past_games_are_not_kept(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path, with_library: bool
) -> None:
    library = tmp_path / "library.sqlite3" if with_library else None
    window = make_window(library_path=library)
    if with_library:
        qtbot.waitUntil(lambda: window.history.library is not None)
    window.set_move_delay(0)
    controller = window.controller
    controller.session.set_seat(Mark.X, Seat("rando", "Rando"))
    controller.session.set_seat(Mark.O, Seat("levi", "Levi"))
    before = _records_alive()
    for _ in range(GAMES):
        with qtbot.waitSignal(controller.game_finished, timeout=60_000):
            window.new_game()
    assert window.history.pending == []
    assert _records_alive() - before <= KEPT_AT_MOST


def test_game_ends_tidy_up_a_long_session(
    make_window: WindowMaker, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a game's end: the table of positions completed stepwise once it wants it, a full
    collection every FULL_COLLECTION_GAMES games, the C heap's free pages handed back."""
    from ttt_desktop.gui.game import controller as controller_module  # noqa: PLC0415

    collector: list[str] = []

    class Collector:
        def collect(self) -> int:
            collector.append("collect")
            return 0

        def freeze(self) -> None:
            collector.append("freeze")

    wanted = [True]
    steps: list[int] = []

    def completion_steps() -> Iterator[int]:
        for step in range(3):
            steps.append(step)
            yield step
        wanted[0] = False

    trims: list[bool] = []
    monkeypatch.setattr(controller_module, "gc", Collector())
    monkeypatch.setattr(controller_module, "_start_up_frozen", True)  # only the positions'
    monkeypatch.setattr(controller_module, "FULL_COLLECTION_GAMES", 2)
    monkeypatch.setattr(controller_module, "wants_completion", lambda: wanted[0])
    monkeypatch.setattr(controller_module, "completion_steps", completion_steps)
    monkeypatch.setattr(controller_module, "release_free_heap", lambda: trims.append(True))
    window = make_window()
    window.set_move_delay(0)
    controller = window.controller
    controller.session.set_seat(Mark.X, Seat("rando", "Rando"))
    controller.session.set_seat(Mark.O, Seat("levi", "Levi"))
    for _ in range(4):
        with qtbot.waitSignal(controller.game_finished, timeout=60_000):
            window.new_game()
    qtbot.waitUntil(lambda: "freeze" in collector)
    assert steps == [0, 1, 2]  # one walk, a step per turn of the event loop
    assert collector.count("collect") == 2  # after games 2 and 4
    assert collector.count("freeze") == 1  # the completed positions, once
    assert len(trims) == 4
