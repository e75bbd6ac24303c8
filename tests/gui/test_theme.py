"""Themes: the contrast of what is drawn (fault 11), switching, and the icon's colours.

Contrast figures are measured on the pixels the board actually paints and on the
colours the window actually sets, in both themes, with WCAG 2's formula.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import WindowMaker
from PySide6.QtCore import QPoint, QRect, QSettings
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPalette
from PySide6.QtWidgets import QStyle, QStyleOptionButton
from pytestqt.qtbot import QtBot

from ttt_desktop.core import Board, Mark
from ttt_desktop.gui.board.board_widget import BoardWidget
from ttt_desktop.gui.common import theme
from ttt_desktop.gui.common.theme import (
    DARK,
    GRAPHIC_CONTRAST,
    LIGHT,
    TEXT_CONTRAST,
    Scheme,
    ThemeChoice,
    ThemeManager,
    contrast_ratio,
)
from ttt_desktop.gui.review.replay_bar import ReplayBar
from ttt_desktop.gui.shell.main_window import MainWindow
from ttt_desktop.resource_paths import resource_path


@pytest.fixture(autouse=True)
def system_theme_after(qtbot: QtBot) -> Iterator[None]:
    """Leave the application in the system's theme for the tests that follow."""
    yield
    manager = ThemeManager.for_application(QSettings())
    manager.set_choice(ThemeChoice.SYSTEM)


def test_wcag_formula_matches_known_figures() -> None:
    assert contrast_ratio(QColor("#000000"), QColor("#ffffff")) == pytest.approx(21.0)
    assert contrast_ratio(QColor("#ffffff"), QColor("#ffffff")) == pytest.approx(1.0)
    # The figures in the fault report: grid #B3B3B3 on white 2.1:1.
    assert contrast_ratio(QColor("#b3b3b3"), QColor("#ffffff")) == pytest.approx(2.1, abs=0.05)
    assert contrast_ratio(QColor("#767676"), QColor("#ffffff")) == pytest.approx(4.54, abs=0.01)
    half_black = QColor(0, 0, 0, 128)
    assert contrast_ratio(half_black, QColor("#ffffff")) == pytest.approx(
        contrast_ratio(QColor("#7f7f7f"), QColor("#ffffff")), abs=0.05
    )


@pytest.mark.parametrize("table", [LIGHT, DARK], ids=["light", "dark"])
def test_every_table_colour_meets_its_contrast_bar(table: theme.BoardColours) -> None:
    ground = table.background
    assert contrast_ratio(table.grid, ground) >= GRAPHIC_CONTRAST
    for mark in Mark:
        assert contrast_ratio(table.mark(mark), ground) >= GRAPHIC_CONTRAST
        assert contrast_ratio(table.mark_text(mark), table.window) >= TEXT_CONTRAST
        assert contrast_ratio(table.mark_text(mark), ground) >= TEXT_CONTRAST
    for value in (1, 0, -1):
        assert contrast_ratio(table.outcome(value), ground) >= TEXT_CONTRAST
    assert contrast_ratio(table.text, ground) >= TEXT_CONTRAST
    assert contrast_ratio(table.winning_line, ground) >= GRAPHIC_CONTRAST
    # The palette of the scheme has the table's window ground.
    palette = theme.palette_for(table.scheme)
    assert palette.color(QPalette.ColorRole.Window) == table.window


@pytest.mark.parametrize("scheme", list(Scheme))
def test_palette_text_roles_meet_4_5_to_1(scheme: Scheme) -> None:
    palette = theme.palette_for(scheme)
    role = QPalette.ColorRole
    for text, ground in (
        (role.WindowText, role.Window),
        (role.Text, role.Base),
        (role.Text, role.AlternateBase),
        (role.ButtonText, role.Button),
        (role.HighlightedText, role.Highlight),
        (role.ToolTipText, role.ToolTipBase),
        (role.Link, role.Base),
        (role.PlaceholderText, role.Base),
    ):
        ratio = contrast_ratio(palette.color(text), palette.color(ground))
        assert ratio >= TEXT_CONTRAST, (scheme, text, ground, round(ratio, 2))


def use_theme(qtbot: QtBot, window: MainWindow, choice: ThemeChoice) -> None:
    """Choose ``choice`` in the window and wait until its widgets have the new palette."""
    window.look.set_theme(choice)
    wanted = window.look.themes.scheme
    qtbot.waitUntil(lambda: theme.scheme_of(window.board.palette()) is wanted)


def _pixel(image: QImage, point: QPoint) -> QColor:
    return QColor(image.pixel(point.x(), point.y()))


def _measure_board(board: BoardWidget) -> tuple[float, float, float]:
    """Contrast of the grid line, an X and an O against the board as painted."""
    image = board.grab().toImage()
    square = board.board_rect()
    size = square.width() / 3
    # Halfway down the first vertical grid line, and a bare spot of the board beside it.
    line = QPoint(round(square.left() + size), round(square.top() + size * 1.5))
    bare = QPoint(round(square.left() + size * 1.5), round(square.top() + size * 1.5))
    ground = _pixel(image, bare)
    assert ground == theme.board_colours(board.palette()).background
    # The grid is the colour drawn at the line's centre, wherever the pen is darkest.
    grid = min(
        (_pixel(image, line + QPoint(dx, 0)) for dx in range(-2, 3)),
        key=lambda colour: -contrast_ratio(colour, ground),
    )
    x_rect = board.cell_rect(0)
    x_point = QPoint(
        round(x_rect.left() + x_rect.width() * 0.5), round(x_rect.top() + x_rect.height() * 0.5)
    )
    o_rect = board.cell_rect(2)
    o_point = QPoint(round(o_rect.left() + o_rect.width() * 0.22), round(o_rect.center().y()))
    o_colour = max(
        (_pixel(image, o_point + QPoint(dx, 0)) for dx in range(-2, 4)),
        key=lambda colour: contrast_ratio(colour, ground),
    )
    return (
        contrast_ratio(grid, ground),
        contrast_ratio(_pixel(image, x_point), ground),
        contrast_ratio(o_colour, ground),
    )


@pytest.mark.parametrize("choice", [ThemeChoice.LIGHT, ThemeChoice.DARK])
def test_board_as_painted_meets_the_contrast_bars(
    qtbot: QtBot, make_window: WindowMaker, choice: ThemeChoice
) -> None:
    window = make_window()
    use_theme(qtbot, window, choice)
    assert window.look.themes.scheme.value == choice.value
    board = window.board
    board.set_board(Board.from_string("X.O......"))
    grid, x, o = _measure_board(board)
    assert grid >= GRAPHIC_CONTRAST
    assert x >= GRAPHIC_CONTRAST
    assert o >= GRAPHIC_CONTRAST


@pytest.mark.parametrize("choice", [ThemeChoice.LIGHT, ThemeChoice.DARK])
def test_status_text_as_set_meets_4_5_to_1(
    qtbot: QtBot, make_window: WindowMaker, choice: ThemeChoice
) -> None:
    window = make_window()
    use_theme(qtbot, window, choice)
    seen = set()
    for cell in (4, 0):  # X to move, then O to move (hot seat: both people).
        label = window.status_label
        text = label.palette().color(QPalette.ColorRole.WindowText)
        ground = window.palette().color(QPalette.ColorRole.Window)
        assert contrast_ratio(text, ground) >= TEXT_CONTRAST, (label.text(), text.name())
        seen.add(text.name())
        if window.controller.session.seat(window.controller.session.board.to_move).is_human:
            window.controller.session.play_cell(cell)
    assert seen


def test_switching_themes_changes_palette_board_and_status(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    look = window.look
    use_theme(qtbot, window, ThemeChoice.DARK)
    assert theme.scheme_of(QGuiApplication.palette()) is Scheme.DARK
    assert theme.board_colours(window.board.palette()) is DARK
    dark_status = window.status_label.palette().color(QPalette.ColorRole.WindowText)
    assert dark_status.lightness() > 128
    use_theme(qtbot, window, ThemeChoice.LIGHT)
    assert theme.scheme_of(QGuiApplication.palette()) is Scheme.LIGHT
    light_status = window.status_label.palette().color(QPalette.ColorRole.WindowText)
    assert light_status.lightness() < 128
    # Remembered for the next start.
    assert window.settings.qsettings.value(theme.THEME_KEY) == "light"
    assert look.theme_actions[ThemeChoice.LIGHT].isChecked()


def test_the_theme_is_remembered_by_a_second_window(qtbot: QtBot, make_window: WindowMaker) -> None:
    first = make_window()
    use_theme(qtbot, first, ThemeChoice.DARK)
    first.close()
    second = make_window()
    assert second.look.themes.choice is ThemeChoice.DARK
    assert second.look.theme_actions[ThemeChoice.DARK].isChecked()
    qtbot.waitUntil(lambda: theme.scheme_of(second.palette()) is Scheme.DARK)


def test_system_choice_follows_the_platform_scheme(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    manager = window.look.themes
    assert manager.choice is ThemeChoice.SYSTEM
    # The offscreen platform names no scheme: the platform's own (light) palette stays.
    assert manager.scheme is manager.system_scheme()
    assert manager.scheme is theme.scheme_of(QGuiApplication.palette())


def test_readable_keeps_the_hue_and_reaches_the_bar() -> None:
    for ground in ("#ffffff", "#efefef", "#2a2d33", "#000000", "#808080"):
        for colour in ("#ff8a4c", "#c24e14", "#6ea0ff", "#ffff00"):
            result = theme.readable(QColor(colour), QColor(ground))
            assert contrast_ratio(result, QColor(ground)) >= TEXT_CONTRAST or (
                result.name() in ("#000000", "#ffffff")
            )


def test_the_icon_uses_the_board_colours() -> None:
    svg = resource_path("icons/ttt-desktop.svg").read_text(encoding="utf-8")
    colours = {name.lower() for name in re.findall(r"#[0-9a-fA-F]{6}", svg)}
    for colour in (LIGHT.background, LIGHT.grid, LIGHT.x, LIGHT.o):
        assert colour.name() in colours
    # The PNGs are rendered from this SVG: the X's blue shows up in the 256 px one.
    image = QImage(str(resource_path("icons/ttt-desktop-256.png")))
    assert not image.isNull()
    found = {QColor(image.pixel(x, y)).name() for x in range(0, 256, 2) for y in range(0, 256, 2)}
    assert LIGHT.x.name() in found and LIGHT.o.name() in found


def test_the_marks_beside_the_drop_downs_follow_the_theme(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    label = window.player_panel._mark_labels[Mark.X]

    def drawn_colour() -> QColor:
        image = label.pixmap().toImage()
        colours = [
            QColor(image.pixel(x, y))
            for x in range(image.width())
            for y in range(image.height())
            if QColor.fromRgba(image.pixel(x, y)).alpha() == 255
        ]
        assert colours
        return colours[len(colours) // 2]

    use_theme(qtbot, window, ThemeChoice.DARK)
    qtbot.waitUntil(lambda: drawn_colour() == DARK.x)
    use_theme(qtbot, window, ThemeChoice.LIGHT)
    qtbot.waitUntil(lambda: drawn_colour() == LIGHT.x)


def _most_contrast(image: QImage, ground: QColor) -> float:
    """The highest contrast of any opaque-ish pixel of ``image`` against ``ground``."""
    best = 1.0
    for y in range(image.height()):
        for x in range(image.width()):
            pixel = image.pixelColor(x, y)
            if pixel.alpha() < 128:
                continue
            best = max(best, contrast_ratio(theme.composite(pixel, ground), ground))
    return best


def _assert_icons_read_like_text(bar: ReplayBar) -> None:
    ground = bar.palette().color(QPalette.ColorRole.Button)
    for button in (bar.start_button, bar.back_button, bar.play_button, bar.end_button):
        image = button.icon().pixmap(18, 18).toImage()
        # Dark grey pictures on the dark scheme's grey read as disabled (about 1.5:1).
        assert _most_contrast(image, ground) >= 4.5, button.objectName()


@pytest.mark.parametrize("choice", [ThemeChoice.LIGHT, ThemeChoice.DARK])
def test_the_replay_bars_icons_read_like_its_text(
    qtbot: QtBot, make_window: WindowMaker, choice: ThemeChoice
) -> None:
    window = make_window()
    use_theme(qtbot, window, choice)
    bar = window.review.replay_bar
    # Drawn when the bar first shows (it starts hidden),
    assert not bar.isVisible() and bar.play_button.icon().isNull()
    window.review.history_always_action.setChecked(True)
    qtbot.waitUntil(bar.isVisible)
    _assert_icons_read_like_text(bar)
    # then again for each new scheme.
    other = ThemeChoice.DARK if choice is ThemeChoice.LIGHT else ThemeChoice.LIGHT
    use_theme(qtbot, window, other)
    _assert_icons_read_like_text(bar)


@pytest.mark.parametrize("choice", [ThemeChoice.LIGHT, ThemeChoice.DARK])
def test_an_unchecked_box_shows_its_edge(
    qtbot: QtBot, make_window: WindowMaker, choice: ThemeChoice
) -> None:
    window = make_window()
    use_theme(qtbot, window, choice)
    # The View menu's check items and the Tournament window's player list draw their
    # boxes as this primitive.
    menu = window.review.view_menu
    ground = menu.palette().color(QPalette.ColorRole.Window)
    for element in (
        QStyle.PrimitiveElement.PE_IndicatorCheckBox,
        QStyle.PrimitiveElement.PE_IndicatorItemViewItemCheck,
    ):
        image = QImage(24, 24, QImage.Format.Format_ARGB32)
        image.fill(ground)
        option = QStyleOptionButton()
        option.initFrom(menu)
        option.rect = QRect(5, 5, 14, 14)
        option.state = QStyle.StateFlag.State_Enabled | QStyle.StateFlag.State_Off
        painter = QPainter(image)
        menu.style().drawPrimitive(element, option, painter, menu)
        painter.end()
        assert _most_contrast(image, ground) >= 3.0, element
