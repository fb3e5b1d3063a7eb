"""Links between zones (dashed lines with their length) and the square grid overlay."""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPainterPathStroker, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui.boot.i18n import tr

LINK = QColor("#555555")


class LinkItem(QGraphicsItem):
    """An edge of the zone graph; a dot on the shared border when the zones touch."""

    def __init__(self, a: str, b: str) -> None:
        super().__init__()
        self.a, self.b = a, b
        self.line = QLineF()
        self.text = ""
        self._box = QRectF()
        self.setZValue(3)
        self.setAcceptHoverEvents(True)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def show_link(self, p1: tuple[float, float], p2: tuple[float, float], text: str) -> None:
        self.prepareGeometryChange()
        self.line = QLineF(QPointF(*p1), QPointF(*p2))
        self.text = text
        box = QRectF(self.line.p1(), self.line.p2()).normalized().adjusted(-10, -10, 10, 10)
        mid = self.line.center()
        self._box = box.united(QRectF(mid.x(), mid.y(), 80, 24))
        self.setToolTip(text or tr("Longueur inconnue"))
        self.update()

    def _touching(self) -> bool:
        return self.line.length() < 4

    def shape(self) -> QPainterPath:  # Qt override: easy to right-click
        path = QPainterPath()
        if self._touching():
            path.addEllipse(self.line.p1(), 8, 8)
            return path
        path.moveTo(self.line.p1())
        path.lineTo(self.line.p2())
        stroker = QPainterPathStroker()
        stroker.setWidth(12)
        return stroker.createStroke(path)

    def boundingRect(self) -> QRectF:  # Qt override
        return self._box

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:  # Qt override
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self._touching():
            painter.setPen(QPen(LINK))
            painter.setBrush(LINK)
            painter.drawEllipse(self.line.p1(), 4, 4)
        else:
            painter.setPen(QPen(LINK, 2, Qt.PenStyle.DashLine))
            painter.drawLine(self.line)
        if self.text:
            mid = self.line.center()
            font = QFont()
            font.setPointSizeF(8)
            painter.setFont(font)
            box = QRectF(mid.x() + 4, mid.y() + 2, 76, 16)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 255, 255, 200))
            width = painter.fontMetrics().horizontalAdvance(self.text) + 6
            painter.drawRoundedRect(QRectF(box.x(), box.y(), width, 16), 3, 3)
            painter.setPen(QColor("#202020"))
            painter.drawText(box.adjusted(3, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter, self.text)


class GridItem(QGraphicsItem):
    """Square cells of `cell` scene units from an origin, over the given area."""

    def __init__(self) -> None:
        super().__init__()
        self.area = QRectF()
        self.cell = 50.0
        self.origin = QPointF()
        self.setZValue(-5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        # Kept as pixels at the view's scale (Qt caches what the viewport shows): a token
        # dragged across the map repaints a copy, not hundreds of lines (P3g).
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def show_grid(self, area: QRectF, cell: float, origin: QPointF) -> None:
        if (area, cell, origin) == (self.area, self.cell, self.origin):
            return  # its cached pixels stay good
        self.prepareGeometryChange()
        self.area, self.cell, self.origin = area, cell, origin
        self.update()

    def boundingRect(self) -> QRectF:  # Qt override
        return self.area

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:  # Qt override
        visible = option.exposedRect.intersected(self.area)
        if visible.isEmpty() or self.cell <= 0:
            return
        painter.setPen(QPen(QColor(0, 0, 0, 60), 0))
        c, ox, oy = self.cell, self.origin.x(), self.origin.y()
        x = ox + math.floor((visible.left() - ox) / c) * c
        while x <= visible.right():
            painter.drawLine(QPointF(x, visible.top()), QPointF(x, visible.bottom()))
            x += c
        y = oy + math.floor((visible.top() - oy) / c) * c
        while y <= visible.bottom():
            painter.drawLine(QPointF(visible.left(), y), QPointF(visible.right(), y))
            y += c
