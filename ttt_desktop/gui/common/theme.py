"""Light and dark looks: the board's colour table per scheme, the palettes, and switching.

Every colour the board and its overlays draw comes from :class:`BoardColours`, one
table per scheme (:data:`LIGHT`, :data:`DARK`); everything else comes from the
widget's palette. Which table applies follows the palette a widget has, so code
that draws only asks :func:`board_colours` with its own palette and never needs to
know whether the theme was chosen by the person or by the system::

    colours = theme.board_colours(self.palette())
    painter.setPen(colours.mark(Mark.X))

:class:`ThemeManager` applies View > Theme (System, Light or Dark, remembered in
the settings): "System" follows ``QStyleHints.colorScheme`` and its
``colorSchemeChanged`` signal; "Light" and "Dark" ask the platform through
``QStyleHints.setColorScheme`` (Qt 6.8+) and, where the platform's palette does
not follow (X11 without a desktop's theme, for one), set the app palette of that
scheme from :func:`palette_for`.

The tables were picked for contrast (WCAG 2): marks, annotations and status text
reach 4.5:1 against the board or window, grid lines 3:1 (see
``tests/gui/test_theme.py``, which measures the colours actually drawn).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar, Final

import shiboken6
from PySide6.QtCore import QObject, QSettings, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette

from ttt_desktop.core import Mark

THEME_KEY: Final = "view/theme"

#: WCAG 2 minimum contrast for normal text and for graphical objects such as grid lines.
TEXT_CONTRAST: Final = 4.5
GRAPHIC_CONTRAST: Final = 3.0


class Scheme(enum.Enum):
    """A colour scheme: light (dark text on light ground) or dark."""

    LIGHT = "light"
    DARK = "dark"


class ThemeChoice(enum.Enum):
    """What View > Theme offers: follow the system, or one scheme always."""

    SYSTEM = "system"
    LIGHT = "light"
    DARK = "dark"

    @property
    def scheme(self) -> Scheme | None:
        """The scheme forced by this choice; None for :attr:`SYSTEM`."""
        return None if self is ThemeChoice.SYSTEM else Scheme(self.value)


@dataclass(frozen=True)
class BoardColours:
    """The colours of the board and of whatever is drawn on it, for one scheme.

    ``background`` is the board's tile; ``window`` the window ground around it (the
    palette's, used for status text). Annotation colours are for the coach's and
    the players' per-cell values: a move that wins, draws or loses.
    """

    scheme: Scheme
    background: QColor
    window: QColor
    grid: QColor
    x: QColor
    o: QColor
    x_text: QColor
    o_text: QColor
    text: QColor
    hover: QColor
    last_move: QColor
    winning_line: QColor
    winning_halo: QColor
    annotation_win: QColor
    annotation_draw: QColor
    annotation_loss: QColor

    def mark(self, mark: Mark) -> QColor:
        """The colour ``mark`` is drawn in on the board (a new QColor, free to change)."""
        return QColor(self.x if mark is Mark.X else self.o)

    def mark_text(self, mark: Mark) -> QColor:
        """The colour for text in ``mark``'s colour on the window ground (4.5:1 or more)."""
        return QColor(self.x_text if mark is Mark.X else self.o_text)

    def outcome(self, value: int) -> QColor:
        """The annotation colour for a move's value: > 0 wins, 0 draws, < 0 loses."""
        if value > 0:
            return QColor(self.annotation_win)
        if value < 0:
            return QColor(self.annotation_loss)
        return QColor(self.annotation_draw)


def _alpha(name: str, alpha: int) -> QColor:
    colour = QColor(name)
    colour.setAlpha(alpha)
    return colour


LIGHT: Final = BoardColours(
    scheme=Scheme.LIGHT,
    background=QColor("#ffffff"),
    window=QColor("#efefef"),
    grid=QColor("#7b8088"),
    x=QColor("#2a62c4"),
    o=QColor("#c24e14"),
    x_text=QColor("#245bb8"),
    o_text=QColor("#a8420e"),
    text=QColor("#1d1f23"),
    hover=_alpha("#2a62c4", 18),
    last_move=_alpha("#3d7fd6", 45),
    winning_line=QColor("#30343b"),
    winning_halo=_alpha("#ffffff", 230),
    annotation_win=QColor("#1e7a34"),
    annotation_draw=QColor("#55606e"),
    annotation_loss=QColor("#c0262d"),
)

DARK: Final = BoardColours(
    scheme=Scheme.DARK,
    background=QColor("#1e2127"),
    window=QColor("#2a2d33"),
    grid=QColor("#7d838d"),
    x=QColor("#6ea0ff"),
    o=QColor("#ff8a4c"),
    x_text=QColor("#7eaaff"),
    o_text=QColor("#ff965c"),
    text=QColor("#e8eaee"),
    hover=_alpha("#6ea0ff", 22),
    last_move=_alpha("#5b93e6", 60),
    winning_line=QColor("#eef0f3"),
    winning_halo=_alpha("#1e2127", 230),
    annotation_win=QColor("#5fd07a"),
    annotation_draw=QColor("#b3bac5"),
    annotation_loss=QColor("#ff7a7a"),
)

TABLES: Final = {Scheme.LIGHT: LIGHT, Scheme.DARK: DARK}


@dataclass(frozen=True)
class ResultColours:
    """The colours of a game's result in every chart of wins, draws and losses.

    The same three hues as the coach's per-cell values (a move that wins, draws or
    loses), so green always means won and red lost; each keeps 3:1 or more against
    the chart's ground (the palette's ``Base``) in its scheme.
    """

    won: QColor
    drawn: QColor
    lost: QColor

    def of(self, result: str) -> QColor:
        """The colour for ``result`` (``"won"``, ``"drawn"`` or ``"lost"``), a new QColor."""
        return QColor({"won": self.won, "drawn": self.drawn, "lost": self.lost}[result])


RESULTS: Final = ("won", "drawn", "lost")
"""The keys of :class:`ResultColours`, in the order charts show them."""

RESULT_COLOURS: Final = {
    scheme: ResultColours(table.annotation_win, table.annotation_draw, table.annotation_loss)
    for scheme, table in TABLES.items()
}


def result_colours(palette: QPalette | None = None) -> ResultColours:
    """The result colours for ``palette`` (default: the application's palette)."""
    if palette is None:
        palette = QGuiApplication.palette()
    return RESULT_COLOURS[scheme_of(palette)]


def scheme_of(palette: QPalette) -> Scheme:
    """The scheme a palette belongs to: dark when its window ground is dark."""
    dark = palette.color(QPalette.ColorRole.Window).lightness() < 128
    return Scheme.DARK if dark else Scheme.LIGHT


def board_colours(palette: QPalette | None = None) -> BoardColours:
    """The colour table for ``palette`` (default: the application's palette)."""
    if palette is None:
        palette = QGuiApplication.palette()
    return TABLES[scheme_of(palette)]


def mark_colour(mark: Mark, palette: QPalette | None = None) -> QColor:
    """The colour ``mark`` is drawn in with ``palette`` (default: the application's)."""
    return board_colours(palette).mark(mark)


# WCAG 2 contrast ----------------------------------------------------------------------


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def relative_luminance(colour: QColor) -> float:
    """WCAG 2's relative luminance of an opaque colour (0 black to 1 white)."""
    rgb = colour.toRgb()
    return (
        0.2126 * _linear(rgb.redF())
        + 0.7152 * _linear(rgb.greenF())
        + 0.0722 * _linear(rgb.blueF())
    )


def composite(colour: QColor, ground: QColor) -> QColor:
    """``colour`` painted over the opaque ``ground`` (what a translucent colour looks like)."""
    alpha = colour.alphaF()
    return QColor.fromRgbF(
        colour.redF() * alpha + ground.redF() * (1 - alpha),
        colour.greenF() * alpha + ground.greenF() * (1 - alpha),
        colour.blueF() * alpha + ground.blueF() * (1 - alpha),
    )


def contrast_ratio(first: QColor, second: QColor) -> float:
    """WCAG 2 contrast ratio of two colours, 1 to 21; a translucent first is laid on second."""
    first = composite(first, second) if first.alpha() < 255 else first
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def readable(colour: QColor, ground: QColor, minimum: float = TEXT_CONTRAST) -> QColor:
    """``colour``, darkened or lightened just enough to reach ``minimum`` contrast on ``ground``.

    For text in a mark's colour on a ground the tables do not know (a desktop's
    own palette): the hue stays, the lightness moves away from the ground's.
    """
    result = QColor(colour)
    result.setAlpha(255)
    towards_black = relative_luminance(ground) > 0.18
    for _step in range(40):
        if contrast_ratio(result, ground) >= minimum:
            break
        result = result.darker(108) if towards_black else result.lighter(108)
        if not towards_black and result.lightness() >= 250:
            result = QColor("#ffffff")
    return result


# Palettes ------------------------------------------------------------------------------


def palette_for(scheme: Scheme) -> QPalette:
    """A complete application palette for ``scheme``, matching its board table."""
    table = TABLES[scheme]
    if scheme is Scheme.LIGHT:
        colours = {
            QPalette.ColorRole.Window: "#efefef",
            QPalette.ColorRole.WindowText: "#1d1f23",
            QPalette.ColorRole.Base: "#ffffff",
            QPalette.ColorRole.AlternateBase: "#f5f5f6",
            QPalette.ColorRole.Text: "#1d1f23",
            QPalette.ColorRole.Button: "#e4e5e7",
            QPalette.ColorRole.ButtonText: "#1d1f23",
            QPalette.ColorRole.BrightText: "#ffffff",
            QPalette.ColorRole.Highlight: "#2f6fd6",
            QPalette.ColorRole.HighlightedText: "#ffffff",
            QPalette.ColorRole.ToolTipBase: "#ffffdc",
            QPalette.ColorRole.ToolTipText: "#1d1f23",
            QPalette.ColorRole.PlaceholderText: "#6b7078",
            QPalette.ColorRole.Link: "#1f5fbf",
            QPalette.ColorRole.LinkVisited: "#6a3fb5",
            QPalette.ColorRole.Light: "#ffffff",
            QPalette.ColorRole.Midlight: "#f0f0f0",
            QPalette.ColorRole.Mid: "#b8bcc2",
            QPalette.ColorRole.Dark: "#9da2a9",
            QPalette.ColorRole.Shadow: "#6b7078",
        }
        disabled_text = "#8b9097"
    else:
        colours = {
            QPalette.ColorRole.Window: "#2a2d33",
            QPalette.ColorRole.WindowText: "#e8eaee",
            QPalette.ColorRole.Base: "#1e2127",
            QPalette.ColorRole.AlternateBase: "#262a30",
            QPalette.ColorRole.Text: "#e8eaee",
            QPalette.ColorRole.Button: "#363a41",
            QPalette.ColorRole.ButtonText: "#e8eaee",
            QPalette.ColorRole.BrightText: "#ffffff",
            QPalette.ColorRole.Highlight: "#2f6bc8",
            QPalette.ColorRole.HighlightedText: "#ffffff",
            QPalette.ColorRole.ToolTipBase: "#3a3e45",
            QPalette.ColorRole.ToolTipText: "#e8eaee",
            QPalette.ColorRole.PlaceholderText: "#9aa0a9",
            QPalette.ColorRole.Link: "#8ab4ff",
            QPalette.ColorRole.LinkVisited: "#c5a3ff",
            QPalette.ColorRole.Light: "#4a4f57",
            QPalette.ColorRole.Midlight: "#40444b",
            QPalette.ColorRole.Mid: "#2f3238",
            QPalette.ColorRole.Dark: "#1a1c20",
            QPalette.ColorRole.Shadow: "#0d0e10",
        }
        disabled_text = "#80858e"
    palette = QPalette()
    for role, name in colours.items():
        palette.setColor(role, QColor(name))
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(disabled_text))
    palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Highlight, table.grid)
    return palette


# Switching -----------------------------------------------------------------------------


def _qt_scheme(scheme: Scheme | None) -> Qt.ColorScheme:
    if scheme is Scheme.DARK:
        return Qt.ColorScheme.Dark
    if scheme is Scheme.LIGHT:
        return Qt.ColorScheme.Light
    return Qt.ColorScheme.Unknown


class ThemeManager(QObject):
    """Applies the theme chosen (remembered under :data:`THEME_KEY`) to the application.

    One per application: :meth:`for_application` makes it on first use, as a child
    of the application. :attr:`changed` tells the scheme in effect after every change,
    whether the person or the system made it.
    """

    changed = Signal(object)  # Scheme
    # The one made by for_application. Found again by this, not among the application's
    # children: wrapping those (event dispatcher, session manager, style) for the look
    # cost the start about 26 ms.
    _made: ClassVar[ThemeManager | None] = None

    def __init__(self, settings: QSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._applying = False
        self._own_palette = False
        self._choice = self._stored_choice()
        self._scheme = Scheme.LIGHT
        hints = QGuiApplication.styleHints()
        hints.colorSchemeChanged.connect(self._on_system_scheme_changed)
        self._apply()

    @classmethod
    def for_application(cls, settings: QSettings) -> ThemeManager:
        """The application's theme manager, with the theme remembered in ``settings`` applied.

        Made once per application; asked again with other settings (a test's own
        settings folder), it switches to the theme those remember.
        """
        app = QGuiApplication.instance()
        assert app is not None, "a QGuiApplication must exist"
        made = ThemeManager._made
        if made is not None and shiboken6.isValid(made) and made.parent() is app:
            if made._settings is not settings:
                made._settings = settings
                made._choice = made._stored_choice()
                made._apply()
            return made
        made = ThemeManager._made = cls(settings, app)
        return made

    @property
    def choice(self) -> ThemeChoice:
        """What View > Theme says."""
        return self._choice

    @property
    def scheme(self) -> Scheme:
        """The scheme in effect."""
        return self._scheme

    def set_choice(self, choice: ThemeChoice) -> None:
        """Switch to ``choice`` now and remember it."""
        self._settings.setValue(THEME_KEY, choice.value)
        if choice is not self._choice:
            self._choice = choice
            self._apply()

    def system_scheme(self) -> Scheme:
        """The scheme the system asks for (light when it does not say)."""
        hinted = QGuiApplication.styleHints().colorScheme()
        if hinted == Qt.ColorScheme.Dark:
            return Scheme.DARK
        if hinted == Qt.ColorScheme.Light:
            return Scheme.LIGHT
        return Scheme.LIGHT if self._own_palette else scheme_of(QGuiApplication.palette())

    def _stored_choice(self) -> ThemeChoice:
        stored = self._settings.value(THEME_KEY)
        try:
            return ThemeChoice(stored)
        except ValueError:
            return ThemeChoice.SYSTEM

    def _on_system_scheme_changed(self, _scheme: Qt.ColorScheme) -> None:
        if not self._applying and self._choice is ThemeChoice.SYSTEM:
            self._apply()

    def _apply(self) -> None:
        app = QGuiApplication.instance()
        if not isinstance(app, QGuiApplication):
            return
        self._applying = True
        try:
            if self._own_palette:
                # Back to the platform's palette first, so a desktop's own colours win
                # whenever they already are of the scheme wanted.
                QGuiApplication.setPalette(QPalette())
                self._own_palette = False
            wanted = self._choice.scheme
            hints = QGuiApplication.styleHints()
            if hasattr(hints, "setColorScheme"):  # Qt 6.8+
                if wanted is None and hasattr(hints, "unsetColorScheme"):
                    hints.unsetColorScheme()
                else:
                    hints.setColorScheme(_qt_scheme(wanted))
            if wanted is None:
                wanted = self.system_scheme()
            if scheme_of(QGuiApplication.palette()) is not wanted:
                QGuiApplication.setPalette(palette_for(wanted))
                self._own_palette = True
        finally:
            self._applying = False
        self._scheme = wanted
        self.changed.emit(wanted)
