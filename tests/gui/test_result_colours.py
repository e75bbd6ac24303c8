"""One table of result colours (won, drawn, lost) for every chart of results, in both themes."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from pytestqt.qtbot import QtBot
from test_history import _fill, _history, _window
from test_main_window import WindowMaker
from test_theme import use_theme

from ttt_desktop.gui.common import theme
from ttt_desktop.gui.common.theme import GRAPHIC_CONTRAST, Scheme, ThemeChoice, contrast_ratio

RUN_TIMEOUT_MS = 300_000  # a ceiling against a hung run, not a speed bar


@pytest.mark.parametrize("scheme", [Scheme.LIGHT, Scheme.DARK])
def test_result_colours_read_on_the_charts_ground_and_mean_what_they_say(scheme: Scheme) -> None:
    colours = theme.RESULT_COLOURS[scheme]
    ground = theme.palette_for(scheme).color(QPalette.ColorRole.Base)
    for result in theme.RESULTS:
        ratio = contrast_ratio(colours.of(result), ground)
        assert ratio >= GRAPHIC_CONTRAST, (scheme, result, round(ratio, 2))
    assert 90 <= colours.won.hslHue() <= 150  # green
    assert colours.lost.hslHue() <= 15 or colours.lost.hslHue() >= 345  # red
    assert colours.drawn.hslSaturation() < 60  # a grey


def names(colours: dict[str, QColor]) -> dict[str, str]:
    return {name: colour.name() for name, colour in colours.items()}


def test_every_chart_of_results_uses_the_same_colours_and_follows_the_theme(
    make_window: WindowMaker, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "library.sqlite3"
    _fill(path, 30)
    window = _window(make_window, qtbot, path)
    wanted = {
        "Won": theme.result_colours(window.palette()).won.name(),
        "Drawn": theme.result_colours(window.palette()).drawn.name(),
        "Lost": theme.result_colours(window.palette()).lost.name(),
    }

    # The Train window's learning curves.
    window.lab.train_action.trigger()
    train = window.lab.train_window
    assert train is not None
    train.episodes_spin.setValue(100)
    train.every_spin.setValue(100)
    train.games_spin.setValue(4)
    with qtbot.waitSignal(
        train.state_changed,
        timeout=RUN_TIMEOUT_MS,
        check_params_cb=lambda state: state == "finished",
    ):
        qtbot.mouseClick(train.start_button, Qt.MouseButton.LeftButton)
    for chart in (train.perfect_chart, train.rando_chart):
        assert {name: chart.colour_of(name).name() for name in wanted} == wanted

    # A person's page: results over time.
    history = _history(qtbot, window)
    history.tabs.setCurrentIndex(1)
    history.people_combo.setCurrentIndex(history.people_combo.findData("human:Ann"))
    history.people_combo.activated.emit(history.people_combo.currentIndex())
    people_chart = history._people_chart
    assert people_chart is not None
    assert names(people_chart.colours()) == wanted

    # The game in numbers: draws in the same "drawn".
    window.lab.numbers_action.trigger()
    numbers = window.lab.numbers_window
    assert numbers is not None
    assert numbers.chart.colours()["Draws"].name() == wanted["Drawn"]

    # A theme switch recolours every one of them.
    use_theme(qtbot, window, ThemeChoice.DARK)
    dark = theme.RESULT_COLOURS[Scheme.DARK]
    dark_wanted = {"Won": dark.won.name(), "Drawn": dark.drawn.name(), "Lost": dark.lost.name()}
    assert dark_wanted != wanted
    qtbot.waitUntil(lambda: train.perfect_chart.colour_of("Won").name() == dark.won.name())
    for chart in (train.perfect_chart, train.rando_chart):
        assert {name: chart.colour_of(name).name() for name in wanted} == dark_wanted
    assert names(people_chart.colours()) == dark_wanted
    assert numbers.chart.colours()["Draws"].name() == dark.drawn.name()
