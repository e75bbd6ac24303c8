"""The one chart module: line charts, stacked bar charts and bar charts with error bars.

Every chart in the app comes from here, drawn by QtCharts (PySide6-Addons), never by
hand-painted axes. QtCharts is imported only when a chart is first built, so the
window's start-up does not pay for it: importing this package loads no QtCharts
module (a test checks it).

Each chart is a plain ``QWidget`` holding a ``QChartView``; feed it data with
``set_data`` (and, for live curves, :meth:`LineChart.append`). Colours follow the
widget's palette (background, text, grid) and a small table of series colours
that reads well on light and dark backgrounds; a series of results gives its
colour as ``"won"``, ``"drawn"`` or ``"lost"`` and is drawn in the theme's result
colours (``theme.result_colours``), the same in every chart. A palette change
re-themes the chart, result colours included. Each chart's accessible description
is its data in words, so a screen reader gets the figures too.

Example::

    chart = LineChart(title="Learning curve", x_title="Episodes", y_title="Share")
    chart.set_y_range(0.0, 1.0)
    chart.set_data([Series("Wins", [(0, 0.1), (100, 0.4)])])
    chart.append("Wins", 200, 0.6)
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from PySide6.QtCore import QCoreApplication, QEvent, QMargins, QPointF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPalette, QPen, QResizeEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from ttt_desktop.gui.common.theme import RESULTS, result_colours
from ttt_desktop.gui.common.translation import app_locale

if TYPE_CHECKING:  # pragma: no cover - the annotations only
    from PySide6 import QtCharts

__all__ = [
    "SERIES_COLOURS",
    "BarSet",
    "ErrorBar",
    "ErrorBarChart",
    "LineChart",
    "Series",
    "StackedBarChart",
    "charts_loaded",
]

SERIES_COLOURS: Final[tuple[str, ...]] = (
    "#2f6fd6",  # blue
    "#d9822b",  # orange
    "#3a9e5a",  # green
    "#c2414b",  # red
    "#8a5cc7",  # violet
    "#6b7c93",  # slate
    "#c4a21d",  # ochre
    "#2aa3a3",  # teal
)
"""Series colours in order; mid-tones that keep their contrast on light and dark backgrounds."""

_CAP_HALF_WIDTH: Final = 0.12
"""Half the width of an error bar's caps, in categories (a bar is 0.5 wide)."""


def _qtcharts() -> Any:
    """The QtCharts module, imported on first use."""
    from PySide6 import QtCharts  # noqa: PLC0415  (lazy: only when a chart is built)

    return QtCharts


def charts_loaded() -> bool:
    """Whether QtCharts has been imported in this process."""
    return "PySide6.QtCharts" in sys.modules


def colour_for(index: int) -> QColor:
    """The ``index``-th series colour (the table repeats)."""
    return QColor(SERIES_COLOURS[index % len(SERIES_COLOURS)])


def _resolve(colour: str | None, index: int, palette: QPalette) -> QColor:
    """A series' colour: a result key in the theme's result colours, a hex name, or the table's."""
    if colour in RESULTS:
        return result_colours(palette).of(colour)
    return QColor(colour) if colour else colour_for(index)


@dataclass(frozen=True)
class Series:
    """A named line: ``points`` are (x, y) pairs; ``colour`` (a hex name, or ``"won"``,
    ``"drawn"``, ``"lost"`` for the theme's result colours) overrides the table."""

    name: str
    points: Sequence[tuple[float, float]] = ()
    colour: str | None = None


@dataclass(frozen=True)
class BarSet:
    """One layer of a stacked bar chart: a value per category."""

    name: str
    values: Sequence[float]
    colour: str | None = None


@dataclass(frozen=True)
class ErrorBar:
    """One bar with its error bar from ``low`` to ``high`` (``low <= value <= high``)."""

    label: str
    value: float
    low: float
    high: float

    def __post_init__(self) -> None:
        if not self.low <= self.value <= self.high:
            raise ValueError(f"{self.label}: {self.value} is not within [{self.low}, {self.high}]")


def _number(value: float) -> str:
    """``value`` for a description, as the app's language writes numbers."""
    locale = app_locale()
    if float(value).is_integer():
        return locale.toString(int(value))
    return locale.toString(float(value), "g", 3)


class _ChartWidget(QWidget):
    """A QChartView in a widget, themed from the palette; subclasses add their series."""

    def __init__(self, title: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        charts = _qtcharts()
        self._chart: QtCharts.QChart = charts.QChart()
        self._chart.setTitle(title)
        self._chart.setMargins(QMargins(4, 4, 4, 4))
        self._chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
        # Axis labels in the app language's numbers (1.000,5 in German) and in each
        # axis's label format (QtCharts reads the precision from it).
        self._chart.setLocalizeNumbers(True)
        self._chart.setLocale(app_locale())
        self._view: QtCharts.QChartView = charts.QChartView(self._chart)
        self._view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._view.setMinimumSize(240, 180)
        self._view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._view)
        self.setAccessibleName(title or QCoreApplication.translate("Charts", "Chart"))
        self._theming = False
        self._apply_theme()

    @property
    def chart(self) -> QtCharts.QChart:
        """The underlying ``QChart`` (for tests and for a caller's own tweaks)."""
        return self._chart

    def set_title(self, title: str) -> None:
        self._chart.setTitle(title)
        self.setAccessibleName(title)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange and not self._theming:
            self._apply_theme()
        super().changeEvent(event)

    def _apply_theme(self) -> None:
        """Background, text and grid from the palette; axes too once there are any."""
        self._theming = True
        try:
            palette = self.palette()
            background = palette.color(QPalette.ColorRole.Base)
            text = palette.color(QPalette.ColorRole.WindowText)
            grid = QColor(palette.color(QPalette.ColorRole.Mid))
            grid.setAlpha(110)
            chart = self._chart
            chart.setBackgroundBrush(background)
            chart.setBackgroundRoundness(0)
            chart.setTitleBrush(text)
            chart.legend().setLabelColor(text)
            self._view.setBackgroundBrush(background)
            for axis in chart.axes():
                axis.setLabelsColor(text)
                axis.setTitleBrush(text)
                axis.setLinePenColor(palette.color(QPalette.ColorRole.Mid))
                axis.setGridLineColor(grid)
            self._recolour()
        finally:
            self._theming = False

    def _recolour(self) -> None:
        """Give the series their colours for the current palette (subclasses)."""

    def _set_description(self, description: str) -> None:
        self.setAccessibleDescription(description)
        self._view.setAccessibleDescription(description)

    def grab_image(self) -> Any:
        """The chart as a ``QPixmap`` (for screenshots and tests)."""
        return self._view.grab()


class LineChart(_ChartWidget):
    """Lines over a numeric x axis; :meth:`append` adds points one by one for live curves."""

    def __init__(
        self,
        title: str = "",
        *,
        x_title: str = "",
        y_title: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(title, parent)
        charts = _qtcharts()
        self._x_axis: QtCharts.QValueAxis = charts.QValueAxis()
        self._y_axis: QtCharts.QValueAxis = charts.QValueAxis()
        self._x_axis.setTitleText(x_title)
        self._y_axis.setTitleText(y_title)
        self._x_axis.setLabelFormat("%.0f")
        self._chart.addAxis(self._x_axis, Qt.AlignmentFlag.AlignBottom)
        self._chart.addAxis(self._y_axis, Qt.AlignmentFlag.AlignLeft)
        self._series: dict[str, QtCharts.QLineSeries] = {}
        self._colours: dict[str, tuple[str | None, int]] = {}
        self._fixed_y: tuple[float, float] | None = None
        self._apply_theme()
        self._rescale()

    def set_y_range(self, low: float, high: float) -> None:
        """Keep the y axis at ``low``..``high`` (shares, say) instead of following the data."""
        self._fixed_y = (low, high)
        self._rescale()

    def set_data(self, series: Sequence[Series]) -> None:
        """Replace every line."""
        self._chart.removeAllSeries()
        self._series.clear()
        self._colours.clear()
        for index, item in enumerate(series):
            self._add_series(index, item)
        self._rescale()

    def append(self, name: str, x: float, y: float, colour: str | None = None) -> None:
        """Add a point to the line called ``name`` (made on first use, in ``colour``)."""
        line = self._series.get(name)
        if line is None:
            line = self._add_series(len(self._series), Series(name, colour=colour))
        line.append(QPointF(x, y))
        self._rescale()

    def points(self, name: str) -> list[tuple[float, float]]:
        """The points of the line called ``name``."""
        return [(point.x(), point.y()) for point in self._series[name].points()]

    def series_names(self) -> list[str]:
        return list(self._series)

    def colour_of(self, name: str) -> QColor:
        """The colour the line called ``name`` is drawn in."""
        return self._series[name].pen().color()

    def clear(self) -> None:
        self.set_data([])

    def _add_series(self, index: int, item: Series) -> QtCharts.QLineSeries:
        line: QtCharts.QLineSeries = _qtcharts().QLineSeries()
        line.setName(item.name)
        self._colours[item.name] = (item.colour, index)
        line.setPen(self._pen(item.name))
        for x, y in item.points:
            line.append(QPointF(x, y))
        self._chart.addSeries(line)
        line.attachAxis(self._x_axis)
        line.attachAxis(self._y_axis)
        self._series[item.name] = line
        return line

    def _pen(self, name: str) -> QPen:
        colour, index = self._colours[name]
        pen = QPen(_resolve(colour, index, self.palette()))
        pen.setWidthF(2.0)
        return pen

    def _recolour(self) -> None:
        for name, line in getattr(self, "_series", {}).items():
            line.setPen(self._pen(name))

    def _rescale(self) -> None:
        xs: list[float] = []
        ys: list[float] = []
        for line in self._series.values():
            for point in line.points():
                xs.append(point.x())
                ys.append(point.y())
        self._x_axis.setTickCount(5)
        if xs:
            low, high = min(xs), max(xs)
            self._x_axis.setRange(low, high if high > low else low + 1)
            if high - low >= 10:
                # Ticks at round numbers (0, 5,000, 10,000...), not at quarters of the data's
                # span (5,750 and 11,500 for 23,000 episodes).
                self._x_axis.applyNiceNumbers()
        else:
            self._x_axis.setRange(0, 1)
        _whole_number_ticks(self._x_axis)
        if self._fixed_y is not None:
            self._y_axis.setRange(*self._fixed_y)
        elif ys:
            low, high = min(ys), max(ys)
            self._y_axis.setRange(low, high if high > low else low + 1)
            self._y_axis.applyNiceNumbers()
        else:
            self._y_axis.setRange(0, 1)
        self._describe()

    def _describe(self) -> None:
        parts = []
        for name, line in self._series.items():
            points = line.points()
            if points:
                last = points[-1]
                parts.append(
                    QCoreApplication.translate(
                        "Charts", "{name}: {count} points, last {y} at {x}"
                    ).format(name=name, count=len(points), y=_number(last.y()), x=_number(last.x()))
                )
            else:
                parts.append(
                    QCoreApplication.translate("Charts", "{name}: no points yet").format(name=name)
                )
        self._set_description(
            "; ".join(parts) if parts else QCoreApplication.translate("Charts", "No data yet")
        )


class StackedBarChart(_ChartWidget):
    """Bars per category, each made of stacked layers (:class:`BarSet`)."""

    def __init__(
        self,
        title: str = "",
        *,
        y_title: str = "",
        x_title: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(title, parent)
        self._categories: list[str] = []
        self._sets: list[BarSet] = []
        self._qt_sets: list[Any] = []
        self._x_axis, self._y_axis = _category_axes(self._chart, x_title, y_title)
        self._y_axis.setLabelFormat("%.0f")
        self._apply_theme()
        self._describe()

    def set_data(self, categories: Sequence[str], sets: Sequence[BarSet]) -> None:
        """Replace the chart's bars: ``sets`` each hold one value per category."""
        for bar_set in sets:
            if len(bar_set.values) != len(categories):
                raise ValueError(
                    f"{bar_set.name} has {len(bar_set.values)} values for "
                    f"{len(categories)} categories"
                )
        charts = _qtcharts()
        chart = self._chart
        # The axes stay: a removed axis leaves its labels drawn behind (QtCharts 6.11).
        chart.removeAllSeries()
        series = charts.QStackedBarSeries()
        self._qt_sets = []
        for bar_set in sets:
            qt_set = charts.QBarSet(bar_set.name)
            qt_set.append([float(value) for value in bar_set.values])
            series.append(qt_set)
            self._qt_sets.append(qt_set)
        chart.addSeries(series)
        x_axis, y_axis = self._x_axis, self._y_axis
        x_axis.clear()
        x_axis.append(list(categories))
        series.attachAxis(x_axis)
        series.attachAxis(y_axis)
        totals = [sum(values) for values in zip(*(s.values for s in sets), strict=True)]
        top = max(totals, default=0) or 1
        y_axis.setTickCount(5)
        y_axis.setRange(0, top)
        y_axis.applyNiceNumbers()
        _whole_number_ticks(y_axis)
        self._categories = list(categories)
        self._sets = list(sets)
        self._apply_theme()
        self._describe()

    def values(self) -> dict[str, list[float]]:
        """Each layer's values by name, as drawn."""
        return {bar_set.name: [float(v) for v in bar_set.values] for bar_set in self._sets}

    def categories(self) -> list[str]:
        return list(self._categories)

    def colours(self) -> dict[str, QColor]:
        """Each layer's colour by name, as drawn."""
        pairs = zip(self._sets, self._qt_sets, strict=True)
        return {bar_set.name: qt_set.color() for bar_set, qt_set in pairs}

    def _recolour(self) -> None:
        palette = self.palette()
        sets = getattr(self, "_sets", [])
        for index, (bar_set, qt_set) in enumerate(
            zip(sets, getattr(self, "_qt_sets", []), strict=True)
        ):
            colour = _resolve(bar_set.colour, index, palette)
            qt_set.setColor(colour)
            qt_set.setBorderColor(colour.darker(130))

    def _describe(self) -> None:
        if not self._categories:
            self._set_description(QCoreApplication.translate("Charts", "No data yet"))
            return
        parts = []
        for column, category in enumerate(self._categories):
            layers = ", ".join(
                f"{bar_set.name} {_number(bar_set.values[column])}" for bar_set in self._sets
            )
            parts.append(f"{category}: {layers}")
        self._set_description("; ".join(parts))


def _whole_number_ticks(axis: Any) -> None:
    """On an axis of whole numbers (labels ``%.0f``) whose ticks fall closer than 1 apart,
    put one tick on each whole number instead: 0 1 2, not 0 0 1 1 2."""
    low, high, ticks = axis.min(), axis.max(), axis.tickCount()
    if ticks < 2 or (high - low) / (ticks - 1) >= 1:
        return
    low, high = math.floor(low), max(math.ceil(high), math.floor(low) + 1)
    axis.setRange(low, high)
    axis.setTickCount(high - low + 1)


def _category_axes(chart: Any, x_title: str, y_title: str) -> tuple[Any, Any]:
    """A category axis at the bottom and a value axis at the left, added to ``chart``."""
    charts = _qtcharts()
    x_axis = charts.QBarCategoryAxis()
    x_axis.setTitleText(x_title)
    y_axis = charts.QValueAxis()
    y_axis.setTitleText(y_title)
    y_axis.setRange(0, 1)
    _whole_number_ticks(y_axis)  # empty: 0 and 1, not 0 0 1 1 1
    chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
    chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
    return x_axis, y_axis


LABEL_ROOM: Final = 1.5
"""A bar's label is written across when its room is this many times the label's width
(and two characters more); below that QtCharts has been seen to cut it short."""


@dataclass
class _ErrorBarState:
    bars: list[ErrorBar] = field(default_factory=list)


class ErrorBarChart(_ChartWidget):
    """One bar per item with an error bar over it (a rating and its uncertainty, say).

    The bars are a ``QBarSeries``; each error bar is a ``QLineSeries`` on the same
    category axis, drawn as an I-beam from ``low`` to ``high``.
    """

    def __init__(
        self,
        title: str = "",
        *,
        y_title: str = "",
        bar_name: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(title, parent)
        self._bar_name = bar_name
        self._state = _ErrorBarState()
        self._chart.legend().setVisible(False)
        self._x_axis, self._y_axis = _category_axes(self._chart, "", y_title)
        self._y_axis.setLabelFormat("%.0f")
        # Whole names, turned to fit (_fit_labels), never cut: "Ralph" and "Rando" would
        # both read "R...".
        self._x_axis.setTruncateLabels(False)
        self._chart.plotAreaChanged.connect(self._fit_labels)
        self._apply_theme()
        self._describe()

    def set_data(self, bars: Sequence[ErrorBar], *, y_floor: float | None = None) -> None:
        """Replace the bars. The y axis starts at ``y_floor`` (default: 0, or the lowest
        value if one is negative); error bars reaching below it are cut at the axis."""
        charts = _qtcharts()
        chart = self._chart
        chart.removeAllSeries()
        self._state.bars = list(bars)
        x_axis, y_axis = self._x_axis, self._y_axis
        x_axis.clear()
        x_axis.append([bar.label for bar in bars])
        bar_series = charts.QBarSeries()
        bar_series.setBarWidth(0.5)
        qt_set = charts.QBarSet(self._bar_name or QCoreApplication.translate("Charts", "Value"))
        fill = colour_for(0)
        qt_set.setColor(fill)
        qt_set.setBorderColor(fill.darker(130))
        qt_set.append([float(bar.value) for bar in bars])
        bar_series.append(qt_set)
        chart.addSeries(bar_series)
        bar_series.attachAxis(x_axis)
        bar_series.attachAxis(y_axis)
        whisker_colour = self.palette().color(QPalette.ColorRole.WindowText)
        for index, bar in enumerate(bars):
            whisker = charts.QLineSeries()
            whisker.setName(bar.label)
            pen = QPen(whisker_colour)
            pen.setWidthF(1.6)
            whisker.setPen(pen)
            left, right = index - _CAP_HALF_WIDTH, index + _CAP_HALF_WIDTH
            for x, y in (
                (left, bar.high),
                (right, bar.high),
                (index, bar.high),
                (index, bar.low),
                (left, bar.low),
                (right, bar.low),
            ):
                whisker.append(QPointF(x, y))
            chart.addSeries(whisker)
            whisker.attachAxis(x_axis)
            whisker.attachAxis(y_axis)
        lowest = min((bar.value for bar in bars), default=0.0)
        high = max((bar.high for bar in bars), default=1.0)
        floor = y_floor if y_floor is not None else min(0.0, lowest)
        y_axis.setTickCount(5)
        y_axis.setRange(floor, high if high > floor else floor + 1)
        y_axis.applyNiceNumbers()
        if floor >= 0 and y_axis.min() < 0:
            # Nice numbers may reach below 0; nobody's value does, so the axis starts at 0.
            y_axis.setMin(0.0)
        _whole_number_ticks(y_axis)
        self._apply_theme()
        self._fit_labels()
        self._describe()

    def bars(self) -> list[ErrorBar]:
        return list(self._state.bars)

    @property
    def labels_angle(self) -> int:
        """How the bars' labels are turned: 0 across, -90 upright (when across they would
        not fit their bars' width, and QtCharts would cut them to "Str...")."""
        return int(self._x_axis.labelsAngle())

    def _fit_labels(self, *_: object) -> None:
        """Each label whole: across when the longest fits well within a bar's room (QtCharts
        cuts a label short of its room: "Humist..." in 77 px), else upright. Asked again
        whenever the plot area changes. The one rule for the bars' labels: windows showing
        the chart leave the angle to it."""
        bars = self._state.bars
        if not bars:
            return
        metrics = QFontMetricsF(self._x_axis.labelsFont())
        longest = max(metrics.horizontalAdvance(bar.label) for bar in bars)
        room = self._chart.plotArea().width() or self._view.width() * 0.8
        across = longest * LABEL_ROOM + metrics.averageCharWidth() * 2 <= room / len(bars)
        angle = 0 if across else -90
        if angle != self._x_axis.labelsAngle():
            self._x_axis.setLabelsAngle(angle)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_labels()

    def _describe(self) -> None:
        if not self._state.bars:
            self._set_description(QCoreApplication.translate("Charts", "No data yet"))
            return
        self._set_description(
            "; ".join(
                QCoreApplication.translate(
                    "Charts", "{label}: {value} (from {low} to {high})"
                ).format(
                    label=bar.label,
                    value=_number(bar.value),
                    low=_number(bar.low),
                    high=_number(bar.high),
                )
                for bar in self._state.bars
            )
        )
