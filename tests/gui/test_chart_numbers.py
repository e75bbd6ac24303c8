"""Numbers on chart axes and in the Lab's and History's labels follow the app's language,
and a rating axis is fitted to the ratings (no negative ratings unless one is negative)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QLocale
from pytestqt.qtbot import QtBot
from test_history import _fill, _history, _window
from test_main_window import WindowMaker
from test_translation import german  # noqa: F401  (the fixture)

from ttt_desktop.gui.charts import ErrorBar, ErrorBarChart, LineChart, StackedBarChart
from ttt_desktop.gui.common.translation import number


def test_a_rating_axis_starts_at_zero_unless_a_rating_is_negative(qtbot: QtBot) -> None:
    chart = ErrorBarChart(y_title="Rating")
    qtbot.addWidget(chart)
    # Rando's error bar reaches below 0, its rating does not (as in a real tournament).
    chart.set_data([ErrorBar("Perfect", 2368, 1848, 2888), ErrorBar("Rando", 440, -207, 1087)])
    axis = chart._y_axis
    assert axis.min() == 0 and 2888 <= axis.max() <= 4000
    assert axis.labelFormat() == "%.0f"
    chart.set_data([ErrorBar("Worse", -120, -400, 160), ErrorBar("Better", 900, 600, 1200)])
    assert axis.min() <= -120 and axis.max() >= 1200


def test_chart_axes_and_descriptions_write_numbers_in_english_by_default(qtbot: QtBot) -> None:
    for chart in (ErrorBarChart(), LineChart(), StackedBarChart()):
        qtbot.addWidget(chart)
        assert chart.chart.localizeNumbers()
        assert chart.chart.locale().decimalPoint() == "."
    assert number(1234.5, 1) == "1,234.5" and number(255_168) == "255,168"


def test_numbers_follow_german_in_the_lab_charts_and_a_persons_page(
    make_window: WindowMaker,
    qtbot: QtBot,
    tmp_path: Path,
    german: Callable[[], None],  # noqa: F811
) -> None:
    german()
    assert QLocale().language() == QLocale.Language.German
    assert number(0.25, 2) == "0,25" and number(255_168) == "255.168"
    chart = LineChart()
    qtbot.addWidget(chart)
    assert chart.chart.localizeNumbers()
    assert chart.chart.locale().decimalPoint() == ","
    chart.set_data([])
    chart.append("Gewonnen", 1500, 0.25)
    assert "0,25" in chart.accessibleDescription() and "1.500" in chart.accessibleDescription()

    path = tmp_path / "library.sqlite3"
    _fill(path, 40)
    window = _window(make_window, qtbot, path)
    window.lab.numbers_action.trigger()
    numbers = window.lab.numbers_window
    assert numbers is not None
    assert numbers.total_label.text() == "255.168 Partien"

    history = _history(qtbot, window)
    history.tabs.setCurrentIndex(1)
    history.people_combo.setCurrentIndex(history.people_combo.findData("human:Ann"))
    history.people_combo.activated.emit(history.people_combo.currentIndex())
    stats = history.person_stats
    assert stats.mistakes_per_game is not None
    wanted = QLocale(QLocale.Language.German).toString(stats.mistakes_per_game, "f", 2)
    assert "," in wanted
    assert f"Fehler je Partie: {wanted} " in history.summary_label.text()


def test_an_empty_rating_axis_labels_each_tick_with_a_different_number(qtbot: QtBot) -> None:
    chart = ErrorBarChart(y_title="Rating")
    qtbot.addWidget(chart)
    axis = chart._y_axis
    # Labels "%.0f" on ticks closer than 1 apart read 0 0 1 1 1 (seen before the first game).
    assert (axis.max() - axis.min()) / (axis.tickCount() - 1) >= 1
    chart.set_data([ErrorBar("Only", 0.2, 0.0, 0.4)])
    assert (axis.max() - axis.min()) / (axis.tickCount() - 1) >= 1
