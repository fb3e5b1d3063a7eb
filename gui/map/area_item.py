"""An area of effect drawn on the map (issue 37): the squares or zones it covers, its point of
origin, and each creature it catches ringed, with the line from the origin in the colour of
what stands between them (clear, cover, soft cover, total cover)."""

from __future__ import annotations

import math

from msgspec import Struct
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

FILL = QColor(255, 112, 0, 70)
EDGE = QColor(230, 81, 0)
RING = QColor("#ff6d00")
HALO = QColor(255, 255, 255, 230)
# What stands between the origin and a creature caught (grid.lines.Cover's values); "" on
# zones, where no line is drawn.
COVER_PENS = {
    "none": (QColor("#2e7d32"), Qt.PenStyle.SolidLine),
    "soft": (QColor("#2e7d32"), Qt.PenStyle.DashLine),
    "normal": (QColor("#ef6c00"), Qt.PenStyle.DashLine),
    "total": (QColor("#616161"), Qt.PenStyle.DotLine),
}


class Mark(Struct, frozen=True):
    """A creature caught: its token's centre and radius, and its cover from the origin."""

    centre: QPointF
    radius: float
    cover: str = ""


class AreaItem(QGraphicsItem):
    """Drawn over the zones and under the tokens' discs (their rings show around them); it
    takes no click: the tokens under it stay the GM's to add or remove."""

    def __init__(self) -> None:
        super().__init__()
        self.region = QPainterPath()
        self.origin: QPointF | None = None
        self.marks: tuple[Mark, ...] = ()
        self._box = QRectF()
        self._lines = False  # some creature caught has a cover line to draw
        self.setZValue(9)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        # The point of origin, over the rings: a stock item, drawn without a call into Python
        # at each paint (benchmark P13).
        self._dot = QGraphicsEllipseItem(-5, -5, 10, 10, self)
        self._dot.setPen(_ORIGIN_PEN)
        self._dot.setBrush(_ORIGIN_BRUSH)
        self._dot.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.hide()

    def show_area(
        self, region: QPainterPath, origin: QPointF | None, marks: tuple[Mark, ...]
    ) -> None:
        self.prepareGeometryChange()
        self.region, self.origin, self.marks = region, origin, marks
        self._lines = origin is not None and any(m.cover in _COVER_LINES for m in marks)
        box = region.boundingRect()
        if marks:  # the rings: the largest radius + 4, then 2 for the pen, round every centre
            xs, ys = [m.centre.x() for m in marks], [m.centre.y() for m in marks]
            r = max(m.radius for m in marks) + 6
            left, top = min(xs) - r, min(ys) - r
            box |= QRectF(left, top, max(xs) + r - left, max(ys) + r - top)
        if origin is not None:
            box |= QRectF(origin.x() - 8, origin.y() - 8, 16, 16)
            self._dot.setPos(origin)
        self._dot.setVisible(origin is not None)
        # The rings' halo is 6 pixels wide whatever the zoom: zoomed out, those pixels reach
        # further into the scene, and the box must hold them (or moving leaves bits behind).
        scale = getattr(self.scene(), "view_scale", 1.0) or 1.0
        pad = max(4.0, 6.0 / scale)
        self._box = box.adjusted(-pad, -pad, pad, pad)
        self.show()
        self.update()

    def clear(self) -> None:
        self.prepareGeometryChange()
        self.region, self.origin, self.marks, self._box = QPainterPath(), None, (), QRectF()
        self.hide()

    def boundingRect(self) -> QRectF:  # Qt override
        return self._box

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:  # Qt override
        painter.setPen(_EDGE_PEN)
        painter.setBrush(_FILL_BRUSH)
        painter.setRenderHint(_ANTIALIASED, False)  # squares and zones: straight edges
        painter.drawPath(self.region)
        painter.setRenderHint(_ANTIALIASED)
        if self._lines:
            for mark in self.marks:
                if mark.cover in _COVER_LINES:
                    painter.setPen(_COVER_LINES[mark.cover])
                    painter.drawLine(self.origin, mark.centre)
        if self.marks:
            _paint_rings(painter, self.marks)


def _paint_rings(painter: QPainter, marks: tuple[Mark, ...]) -> None:
    """A ring round each mark, a white halo under it (seen on a token of any colour), both
    as thick at every zoom: stamped in screen pixels from one drawing per size, as stroking
    two circles per creature at each paint cost more than all else the area draws
    (benchmark P13)."""
    world = painter.worldTransform()
    scale = math.hypot(world.m11(), world.m12())
    ratio = painter.device().devicePixelRatioF()
    painter.resetTransform()
    sized: dict[float, tuple[QPixmap, float]] = {}  # the stamp and its half width, by radius
    for mark in marks:
        found = sized.get(mark.radius)
        if found is None:
            stamp = _stamp((mark.radius + 4) * scale, ratio)
            found = sized[mark.radius] = (stamp, stamp.width() / ratio / 2)
        stamp, half = found
        centre = mark.centre
        x, y = world.map(centre.x(), centre.y())
        painter.drawPixmap(round(x - half), round(y - half), stamp)  # ints: the quickest call
    painter.setWorldTransform(world)


def _stamp(radius: float, ratio: float) -> QPixmap:
    """A ring of `radius` screen pixels (to a quarter pixel) and its halo, on a transparent
    square, for a device of `ratio` pixels a pixel."""
    key = (round(radius * 4), ratio)
    stamp = _stamps.get(key)
    if stamp is None:
        side = math.ceil(2 * key[0] / 4 + _RING_PENS[0].widthF() + 2)
        stamp = QPixmap(round(side * ratio), round(side * ratio))
        stamp.setDevicePixelRatio(ratio)
        stamp.fill(Qt.GlobalColor.transparent)
        painter = QPainter(stamp)
        painter.setRenderHint(_ANTIALIASED)
        for pen in _RING_PENS:
            painter.setPen(pen)
            painter.drawEllipse(QPointF(side / 2, side / 2), key[0] / 4, key[0] / 4)
        painter.end()
        if len(_stamps) >= 32:  # sizes from zooms gone by
            _stamps.clear()
        _stamps[key] = stamp
    return stamp


def _cosmetic(colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(colour, width, style)
    pen.setCosmetic(True)  # as thick at every zoom
    return pen


# Made once: the item is painted at every mouse move that moves the area (benchmark P13).
_EDGE_PEN = _cosmetic(EDGE, 2)
_FILL_BRUSH = QBrush(FILL)
_ORIGIN_BRUSH = QBrush(EDGE)
_RING_PENS = (_cosmetic(HALO, 6), _cosmetic(RING, 3))
_ORIGIN_PEN = QPen(EDGE.darker(130), 1)
_ANTIALIASED = QPainter.RenderHint.Antialiasing
_stamps: dict[tuple[int, float], QPixmap] = {}  # the rings drawn, by size and pixel ratio
_COVER_LINES = {cover: _cosmetic(colour, 2, style) for cover, (colour, style) in COVER_PENS.items()}
