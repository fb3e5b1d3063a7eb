"""An area of effect drawn on the map (issue 37): the squares or zones it covers, its point of
origin, and each creature it catches ringed, with the line from the origin in the colour of
what stands between them (clear, cover, soft cover, total cover)."""

from __future__ import annotations

from msgspec import Struct
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

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
        self.setZValue(9)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        self.hide()

    def show_area(
        self, region: QPainterPath, origin: QPointF | None, marks: tuple[Mark, ...]
    ) -> None:
        self.prepareGeometryChange()
        self.region, self.origin, self.marks = region, origin, marks
        box = region.boundingRect()
        for mark in marks:
            r = mark.radius + 4
            box |= QRectF(mark.centre.x() - r - 2, mark.centre.y() - r - 2, 2 * r + 4, 2 * r + 4)
        if origin is not None:
            box |= QRectF(origin.x() - 8, origin.y() - 8, 16, 16)
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
        painter.drawPath(self.region)  # squares and zones: straight edges, no antialiasing
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.origin is not None:
            for mark in self.marks:
                if mark.cover in _COVER_LINES:
                    painter.setPen(_COVER_LINES[mark.cover])
                    painter.drawLine(self.origin, mark.centre)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for pen in _RING_PENS:  # a white halo under the ring: seen on a token of any colour
            painter.setPen(pen)
            for mark in self.marks:
                r = mark.radius + 4
                painter.drawEllipse(mark.centre, r, r)
        if self.origin is not None:
            painter.setPen(QPen(EDGE.darker(130), 1))
            painter.setBrush(_ORIGIN_BRUSH)
            painter.drawEllipse(self.origin, 5, 5)


def _cosmetic(colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(colour, width, style)
    pen.setCosmetic(True)  # as thick at every zoom
    return pen


# Made once: the item is painted at every mouse move that moves the area (benchmark P13).
_EDGE_PEN = _cosmetic(EDGE, 2)
_FILL_BRUSH = QBrush(FILL)
_ORIGIN_BRUSH = QBrush(EDGE)
_RING_PENS = (_cosmetic(HALO, 6), _cosmetic(RING, 3))
_COVER_LINES = {cover: _cosmetic(colour, 2, style) for cover, (colour, style) in COVER_PENS.items()}
