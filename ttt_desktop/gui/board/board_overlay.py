"""Drawing on the board's cells: annotations, marked cells and numbered ghost marks.

One generic way for any feature to show something on the board without owning it:
the coach shows move values and hints with it, the Thinking dock a player's
per-cell scores and principal line. A feature puts a :class:`BoardOverlay` on the
board under a name of its own (``board.set_overlay("coach-values", overlay)``) and
takes it off with ``board.set_overlay(name, None)``; layers are drawn in the order
they were first set, so features never erase each other.

An overlay holds:

* ``annotations``: per cell a :class:`CellAnnotation`, a short text or symbol (drawn
  small in the cell) with a tone (``"win"``, ``"draw"``, ``"loss"`` or
  ``"neutral"``, coloured from the theme's table, so it follows light and dark) or a
  colour of its own, and an accessible description that is added to the cell's
  own, so a screen reader says what the colour shows;
* ``marked``: cells outlined boldly (a hint's best cells), with a description;
* ``ghosts``: :class:`GhostMark` values, a faint mark with a number in the corner
  (a principal line: 1 is the next move);
* ``shades``: per cell a share from 0 to 1, drawn as a tint of that strength (a
  heat map: how often a search visited each move).

Cells are numbered as on any board (0 to 399 on 20x20); a board draws only the
cells it has.

When two layers annotate or ghost the same cell, the layer set later is drawn on
top; marked cells from every layer are outlined. Everything here is plain data
plus painting helpers for :class:`~ttt_desktop.gui.board.board_widget.BoardWidget`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final, Literal

from PySide6.QtCore import QCoreApplication, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from ttt_desktop.core import Mark
from ttt_desktop.core.record import MAX_CELLS
from ttt_desktop.gui.common import theme

Tone = Literal["win", "draw", "loss", "neutral"]
TONES: Final[tuple[Tone, ...]] = ("win", "draw", "loss", "neutral")


@dataclass(frozen=True)
class CellAnnotation:
    """A short text on one cell, its colour, and what it means in words.

    ``colour`` overrides the tone's colour from the theme when given. ``shorter`` are
    shorter forms of ``text``, tried in turn where it does not fit the cell (``"≤-11"`` for
    ``"X:≤-11"``); where none fits, the cell shows the tint alone (see :func:`fitted_label`).
    """

    text: str
    description: str
    tone: Tone = "neutral"
    colour: QColor | None = None
    shorter: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.tone not in TONES:
            raise ValueError(
                f"an annotation's tone is one of {', '.join(TONES)}, not {self.tone!r}"
            )


@dataclass(frozen=True)
class GhostMark:
    """A faint ``mark`` on ``cell`` with ``number`` in its corner (a move of a line)."""

    cell: int
    mark: Mark
    number: int


@dataclass(frozen=True)
class BoardOverlay:
    """What one feature draws on the board: annotations, marked cells and ghost marks."""

    annotations: Mapping[int, CellAnnotation] = field(default_factory=dict)
    marked: tuple[int, ...] = ()
    marked_description: str = ""
    ghosts: tuple[GhostMark, ...] = ()
    shades: Mapping[int, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        cells = [
            *self.annotations,
            *self.marked,
            *(ghost.cell for ghost in self.ghosts),
            *self.shades,
        ]
        for cell in cells:
            if type(cell) is not int or not 0 <= cell < MAX_CELLS:
                raise ValueError(f"an overlay's cells are 0-{MAX_CELLS - 1}, not {cell!r}")
        for share in self.shades.values():
            if not 0.0 <= share <= 1.0:
                raise ValueError(f"a shade is a share from 0 to 1, not {share!r}")

    @property
    def is_empty(self) -> bool:
        """True when the overlay draws nothing."""
        return not (self.annotations or self.marked or self.ghosts or self.shades)

    def within(self, size: int) -> BoardOverlay:
        """This overlay without the cells a board of ``size`` cells does not have."""
        if all(
            cell < size
            for cell in (
                *self.annotations,
                *self.marked,
                *(ghost.cell for ghost in self.ghosts),
                *self.shades,
            )
        ):
            return self
        return BoardOverlay(
            annotations={c: a for c, a in self.annotations.items() if c < size},
            marked=tuple(c for c in self.marked if c < size),
            marked_description=self.marked_description,
            ghosts=tuple(g for g in self.ghosts if g.cell < size),
            shades={c: s for c, s in self.shades.items() if c < size},
        )


def tone_colour(annotation: CellAnnotation, colours: theme.BoardColours) -> QColor:
    """The colour ``annotation`` is drawn in with the theme's table ``colours``."""
    if annotation.colour is not None:
        return QColor(annotation.colour)
    if annotation.tone == "win":
        return QColor(colours.annotation_win)
    if annotation.tone == "loss":
        return QColor(colours.annotation_loss)
    if annotation.tone == "draw":
        return QColor(colours.annotation_draw)
    return QColor(colours.text)


def cell_descriptions(overlays: Iterable[BoardOverlay], cell: int) -> list[str]:
    """What the overlays say about ``cell``, for its accessible description."""
    notes: list[str] = []
    for overlay in overlays:
        annotation = overlay.annotations.get(cell)
        if annotation is not None and annotation.description:
            notes.append(annotation.description)
        share = overlay.shades.get(cell)
        if share is not None:
            notes.append(
                QCoreApplication.translate("BoardOverlay", "{percent} % of the search").format(
                    percent=round(share * 100)
                )
            )
        if cell in overlay.marked:
            notes.append(
                overlay.marked_description or QCoreApplication.translate("BoardOverlay", "marked")
            )
        for ghost in overlay.ghosts:
            if ghost.cell == cell:
                notes.append(
                    QCoreApplication.translate(
                        "BoardOverlay", "move {number} of the line shown: {mark}"
                    ).format(number=ghost.number, mark=ghost.mark.value)
                )
    return notes


MarkPainter = Callable[[QPainter, Mark, QRectF, QColor], None]


ANNOTATION_FONT_MIN_PX = 8
"""The smallest letters (px) an annotation is written in; smaller would not be read."""


def annotation_box(rect: QRectF, *, centred: bool) -> QRectF:
    """Where an annotation's text goes in the cell ``rect``: the middle, or under a ghost
    mark's number (``centred`` false)."""
    side = rect.width()
    if centred:
        return rect.adjusted(side * 0.06, side * 0.1, -side * 0.06, -side * 0.1)
    return rect.adjusted(side * 0.05, side * 0.56, -side * 0.05, -side * 0.04)


def fitted_label(annotation: CellAnnotation, box: QRectF, font: QFont) -> tuple[str, QFont] | None:
    """The text of ``annotation`` that fits ``box`` whole, and the font to write it in.

    The text, then each of its shorter forms, in ``font``'s bold at the cell's own size
    (13 % of the cell, as the box is about 88 % of it) down to
    :data:`ANNOTATION_FONT_MIN_PX`; None when none fits: the cell shows its tint alone,
    and its description has the words. A text is never cut.
    """
    largest = max(ANNOTATION_FONT_MIN_PX, int(box.width() / 0.88 * 0.13), 9)
    fitted = QFont(font)
    fitted.setBold(True)
    for text in (annotation.text, *annotation.shorter):
        for pixels in range(largest, ANNOTATION_FONT_MIN_PX - 1, -1):
            fitted.setPixelSize(pixels)
            metrics = QFontMetricsF(fitted)
            if metrics.horizontalAdvance(text) <= box.width() and metrics.height() <= box.height():
                return text, QFont(fitted)
    return None


def paint_overlays(
    painter: QPainter,
    overlays: Iterable[BoardOverlay],
    *,
    rect_of: Callable[[int], QRectF],
    colours: theme.BoardColours,
    highlight: QColor,
    paint_mark: MarkPainter,
) -> None:
    """Draw ``overlays`` in order; ``rect_of(cell)`` and ``paint_mark(...)`` are the board's."""
    layers = list(overlays)
    annotations: dict[int, CellAnnotation] = {}
    ghosts: dict[int, GhostMark] = {}
    marked: set[int] = set()
    shades: dict[int, float] = {}
    for overlay in layers:
        annotations.update(overlay.annotations)
        ghosts.update({ghost.cell: ghost for ghost in overlay.ghosts})
        marked.update(overlay.marked)
        shades.update(overlay.shades)

    top = max(shades.values(), default=0.0)
    if top > 0:
        # A heat map in the highlight colour: the most visited cell strongest.
        painter.setPen(Qt.PenStyle.NoPen)
        for cell, share in shades.items():
            if share <= 0:
                continue
            tint = QColor(highlight)
            tint.setAlpha(round(25 + 140 * share / top))
            painter.setBrush(tint)
            rect = rect_of(cell)
            inset = rect.width() * 0.04
            painter.drawRect(rect.adjusted(inset, inset, -inset, -inset))

    for cell in sorted(marked):
        rect = rect_of(cell)
        side = rect.width()
        pen = QPen(highlight, max(3.0, side * 0.045))
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inset = side * 0.07
        painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), 10, 10)

    for cell, ghost in ghosts.items():
        rect = rect_of(cell)
        colour = colours.mark(ghost.mark)
        colour.setAlpha(95)
        paint_mark(painter, ghost.mark, rect, colour)
        _paint_number(painter, rect, ghost.number, colours.mark(ghost.mark), colours)

    for cell, annotation in annotations.items():
        rect = rect_of(cell)
        _paint_annotation(painter, rect, annotation, colours, centred=cell not in ghosts)


def _paint_number(
    painter: QPainter, rect: QRectF, number: int, colour: QColor, colours: theme.BoardColours
) -> None:
    side = rect.width()
    radius = side * 0.12
    centre_x, centre_y = rect.left() + side * 0.2, rect.top() + side * 0.2
    disc = QRectF(centre_x - radius, centre_y - radius, 2 * radius, 2 * radius)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawEllipse(disc)
    font = QFont(painter.font())
    font.setBold(True)
    font.setPixelSize(max(8, int(radius * 1.3)))
    painter.setFont(font)
    painter.setPen(colours.background)
    painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, str(number))


def paint_annotation_over(
    painter: QPainter, rect: QRectF, annotation: CellAnnotation, colours: theme.BoardColours
) -> None:
    """``annotation`` at the foot of the cell ``rect``, on a plate of the board's colour, over
    what is drawn in the cell (the faint mark a click would place): both stay readable."""
    box = annotation_box(rect, centred=False)
    label = fitted_label(annotation, box, painter.font())
    if label is None:
        return
    text, font = label
    painter.setFont(font)
    metrics = QFontMetricsF(font)
    width = min(box.width(), metrics.horizontalAdvance(text) + metrics.height() * 0.6)
    height = min(box.height(), metrics.height() * 1.15)
    plate = QRectF(box.center().x() - width / 2, box.bottom() - height, width, height)
    ground = QColor(colours.background)
    ground.setAlpha(235)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(ground)
    painter.drawRoundedRect(plate, height / 3, height / 3)
    painter.setPen(tone_colour(annotation, colours))
    painter.drawText(plate, int(Qt.AlignmentFlag.AlignCenter), text)


def _paint_annotation(
    painter: QPainter,
    rect: QRectF,
    annotation: CellAnnotation,
    colours: theme.BoardColours,
    *,
    centred: bool,
) -> None:
    side = rect.width()
    colour = tone_colour(annotation, colours)
    if centred:
        # A soft disc in the tone's colour behind the text: it reads as a colour at a glance
        # and as words up close.
        tint = QColor(colour)
        tint.setAlpha(34)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(tint)
        inset = side * 0.14
        painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), 12, 12)
        flags = Qt.AlignmentFlag.AlignCenter
    else:
        flags = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom
    box = annotation_box(rect, centred=centred)
    label = fitted_label(annotation, box, painter.font())
    if label is None:
        return  # no form fits: the tint says it, the cell's description has the words
    text, font = label
    painter.setFont(font)
    painter.setPen(colour)
    painter.drawText(box, int(flags), text)
