"""Check boxes and icons that read in both schemes.

Fusion (Qt's own style, the one used where the desktop names none) draws an
unchecked check box with an outline a shade darker than the window: on the dark
scheme's grey that outline vanishes, so unchecked items of the View menu and the
Tournament window's player list showed no box at all (and on the light scheme the
edge is a pale 1.7:1). :class:`VisibleIndicators`, a proxy over whatever style is
in use, draws the box's edge again in the text colour at about half strength:
3:1 or more against either scheme's ground, the bar for the parts of a control.

:func:`tinted_icon` recolours a style's standard icon (Fusion's media icons are
dark grey pictures, which on the dark scheme looked disabled) in the palette's
button-text colour, with the disabled colour for the disabled state.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleOption, QWidget

EDGE_ALPHA = 150
"""The box edge: the text colour at this opacity (of 255)."""

_BOXES = (
    QStyle.PrimitiveElement.PE_IndicatorCheckBox,
    QStyle.PrimitiveElement.PE_IndicatorItemViewItemCheck,
)


class VisibleIndicators(QProxyStyle):
    """The style in use, with check boxes whose edge shows on any palette."""

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element not in _BOXES:
            return
        edge = QColor(option.palette.color(QPalette.ColorRole.WindowText))
        edge.setAlpha(EDGE_ALPHA)
        rect: QRect = option.rect
        side = min(rect.width(), rect.height())
        box = QRect(0, 0, side, side)
        box.moveCenter(rect.center())
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(edge)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(box.toRectF().adjusted(0.5, 0.5, -0.5, -0.5))
        painter.restore()


def install_indicators(app: QApplication) -> None:
    """Put :class:`VisibleIndicators` over the application's style (once)."""
    if isinstance(app.style(), VisibleIndicators):
        return
    app.setStyle(VisibleIndicators(app.style().name()))


def tinted_icon(widget: QWidget, standard: QStyle.StandardPixmap, size: int) -> QIcon:
    """``standard`` from ``widget``'s style, in its palette's button-text colour (and the
    disabled text colour for the disabled state), sharp at ``size`` px."""
    source = widget.style().standardIcon(standard)
    palette = widget.palette()
    icon = QIcon()
    for mode, group in (
        (QIcon.Mode.Normal, QPalette.ColorGroup.Active),
        (QIcon.Mode.Disabled, QPalette.ColorGroup.Disabled),
    ):
        pixmap = source.pixmap(size, size)
        tinted = QPixmap(pixmap.size())
        tinted.setDevicePixelRatio(pixmap.devicePixelRatio())
        tinted.fill(Qt.GlobalColor.transparent)
        painter = QPainter(tinted)
        painter.drawPixmap(0, 0, pixmap)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
        painter.fillRect(tinted.rect(), palette.color(group, QPalette.ColorRole.ButtonText))
        painter.end()
        icon.addPixmap(tinted, mode)
    return icon
