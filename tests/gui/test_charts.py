"""The chart module: lazy QtCharts, the three chart kinds, their data, theme and words."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from pytestqt.qtbot import QtBot

from ttt_desktop.gui.charts import (
    SERIES_COLOURS,
    BarSet,
    ErrorBar,
    ErrorBarChart,
    LineChart,
    Series,
    StackedBarChart,
)


def test_the_window_shows_without_loading_qtcharts() -> None:
    """Importing the app and showing the main window loads no QtCharts; a chart does."""
    script = """
import json, os, sys
os.environ["QT_QPA_PLATFORM"] = "offscreen"
import ttt_desktop.gui.charts
from PySide6.QtWidgets import QApplication
from ttt_desktop.gui.shell.main_window import MainWindow
app = QApplication([])
window = MainWindow()
window.show()
app.processEvents()
before = "PySide6.QtCharts" in sys.modules
from ttt_desktop.gui.charts import LineChart
chart = LineChart("t")
after = "PySide6.QtCharts" in sys.modules
window.controller.shutdown()
print(json.dumps([before, after]))
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert json.loads(result.stdout.strip().splitlines()[-1]) == [False, True]


def test_line_chart_draws_its_series_and_live_points(qtbot: QtBot) -> None:
    chart = LineChart("Curve", x_title="Episodes", y_title="Share")
    qtbot.addWidget(chart)
    chart.set_y_range(0.0, 1.0)
    chart.set_data([Series("Wins", [(0, 0.25), (10, 0.5)]), Series("Draws", [(0, 0.5)])])
    chart.append("Draws", 10, 0.75)
    chart.append("Losses", 10, 0.0)
    chart.show()
    qtbot.waitExposed(chart)
    assert chart.series_names() == ["Wins", "Draws", "Losses"]
    assert chart.points("Draws") == [(0, 0.5), (10, 0.75)]
    lines = chart.chart.series()
    assert [line.name() for line in lines] == ["Wins", "Draws", "Losses"]
    assert [line.pen().color().name() for line in lines] == list(SERIES_COLOURS[:3])
    x_axis, y_axis = chart.chart.axes()
    assert (x_axis.min(), x_axis.max()) == (0, 10)
    assert (y_axis.min(), y_axis.max()) == (0.0, 1.0)
    assert "Draws: 2 points, last 0.75 at 10" in chart.accessibleDescription()
    assert not chart.grab_image().isNull()


def test_stacked_bar_chart_holds_one_value_per_category_and_layer(qtbot: QtBot) -> None:
    chart = StackedBarChart("Games", y_title="Games")
    qtbot.addWidget(chart)
    chart.set_data(["5", "6"], [BarSet("X wins", [1440, 5328]), BarSet("Draws", [0, 0])])
    chart.show()
    qtbot.waitExposed(chart)
    (series,) = chart.chart.series()
    sets = series.barSets()
    assert [qt_set.label() for qt_set in sets] == ["X wins", "Draws"]
    assert [qt_set.at(1) for qt_set in sets] == [5328, 0]
    assert chart.values() == {"X wins": [1440.0, 5328.0], "Draws": [0.0, 0.0]}
    assert chart.accessibleDescription() == "5: X wins 1,440, Draws 0; 6: X wins 5,328, Draws 0"
    _, y_axis = chart.chart.axes()
    assert y_axis.max() >= 5328
    # New data keeps the two axes (a replaced axis would leave its labels drawn behind).
    chart.set_data(["5"], [BarSet("X wins", [172])])
    assert len(chart.chart.axes()) == 2
    assert chart.chart.axes()[0].categories() == ["5"]
    assert chart.chart.axes()[1].max() < 5328
    with pytest.raises(ValueError, match="2 categories"):
        chart.set_data(["5", "6"], [BarSet("X wins", [1])])


def test_error_bar_chart_draws_a_whisker_per_bar(qtbot: QtBot) -> None:
    chart = ErrorBarChart("Ratings", y_title="Rating")
    qtbot.addWidget(chart)
    bars = [ErrorBar("perfect", 30.0, 24.0, 36.0), ErrorBar("rando", 10.0, 2.5, 17.5)]
    chart.set_data(bars)
    chart.show()
    qtbot.waitExposed(chart)
    bar_series, *whiskers = chart.chart.series()
    assert [bar_series.barSets()[0].at(i) for i in range(2)] == [30.0, 10.0]
    assert [whisker.name() for whisker in whiskers] == ["perfect", "rando"]
    ys = sorted({point.y() for point in whiskers[1].points()})
    xs = {point.x() for point in whiskers[1].points()}
    assert ys == [2.5, 17.5]
    assert min(xs) < 1 < max(xs)
    assert chart.bars() == bars
    assert "rando: 10 (from 2.5 to 17.5)" in chart.accessibleDescription()
    with pytest.raises(ValueError, match="not within"):
        ErrorBar("x", 5.0, 6.0, 7.0)


def test_charts_follow_the_palette(qtbot: QtBot) -> None:
    chart = LineChart("Dark")
    qtbot.addWidget(chart)
    chart.set_data([Series("a", [(0, 1), (1, 2)])])
    palette = chart.palette()
    palette.setColor(QPalette.ColorRole.Base, QColor("#1e1e1e"))
    palette.setColor(QPalette.ColorRole.WindowText, QColor("#eeeeee"))
    chart.setPalette(palette)
    assert chart.chart.backgroundBrush().color().name() == "#1e1e1e"
    assert chart.chart.titleBrush().color().name() == "#eeeeee"
    assert all(axis.labelsColor().name() == "#eeeeee" for axis in chart.chart.axes())


def test_a_line_charts_ticks_fall_on_round_numbers(qtbot: QtBot) -> None:
    chart = LineChart("Learning", x_title="Episodes", y_title="Share")
    qtbot.addWidget(chart)
    chart.set_y_range(0.0, 1.0)
    chart.set_data([Series("Won", [(episodes, 0.5) for episodes in range(0, 23_001, 500)])])
    (x_axis,) = chart.chart.axes(Qt.Orientation.Horizontal)
    low, high, ticks = x_axis.min(), x_axis.max(), x_axis.tickCount()
    step = (high - low) / (ticks - 1)
    labels = [low + step * number for number in range(ticks)]
    assert low <= 0 and high >= 23_000
    # 0, 5,000, 10,000... and never 5,750 or 11,500.
    mantissa = step / 10 ** math.floor(math.log10(step))
    assert round(mantissa, 6) in (1.0, 2.0, 2.5, 5.0), labels
    assert all(label % step == 0 for label in labels), labels
