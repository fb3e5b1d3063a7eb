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
            r = mark.radius + 6
            box |= QRectF(mark.centre.x() - r, mark.centre.y() - r, 2 * r, 2 * r)
        if origin is not None:
            box |= QRectF(origin.x() - 8, origin.y() - 8, 16, 16)
        self._box = box.adjusted(-4, -4, 4, 4)
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
        edge = QPen(EDGE, 2)
        edge.setCosmetic(True)
        painter.setPen(edge)
        painter.setBrush(QBrush(FILL))
        painter.drawPath(self.region)  # squares and zones: straight edges, no antialiasing
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for mark in self.marks:
            if self.origin is not None and mark.cover in COVER_PENS:
                colour, style = COVER_PENS[mark.cover]
                line = QPen(colour, 2, style)
                line.setCosmetic(True)
                painter.setPen(line)
                painter.drawLine(self.origin, mark.centre)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            r = mark.radius + 4
            for colour, width in ((HALO, 6), (RING, 3)):  # seen on a token of any colour
                ring = QPen(colour, width)
                ring.setCosmetic(True)
                painter.setPen(ring)
                painter.drawEllipse(mark.centre, r, r)
        if self.origin is not None:
            painter.setPen(QPen(EDGE.darker(130), 1))
            painter.setBrush(QBrush(EDGE))
            painter.drawEllipse(self.origin, 5, 5)
