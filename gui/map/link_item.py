"""Links between zones (dashed lines with their length) and the square grid overlay."""

from __future__ import annotations

import math
from functools import cache

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QStyleOptionGraphicsItem, QWidget

from gui.boot.i18n import tr

LINK = QColor("#555555")
# What every link paints with, made once: a map of 200 zones has hundreds of links (benchmark
# P9). Shared, never changed in place.
_ANTIALIASED = QPainter.RenderHint.Antialiasing
_NO_PEN = QPen(Qt.PenStyle.NoPen)
_DOT_PEN = QPen(LINK)
_DOT_BRUSH = QBrush(LINK)
_DASHED = QPen(LINK, 2, Qt.PenStyle.DashLine)
_LABEL_BACK = QBrush(QColor(255, 255, 255, 200))
_GRID_PEN = QPen(QColor(0, 0, 0, 60), 0)
_LABEL_TEXT = QColor("#202020")
_DEVICE_CACHE = QGraphicsItem.CacheMode.DeviceCoordinateCache


class LinkItem(QGraphicsRectItem):
    """An edge of the zone graph; a dot on the shared border when the zones touch. Its bounds
    are its QGraphicsRectItem rectangle (no pen, never drawn as such), answered by Qt without
    a call into Python (benchmark P9)."""

    text = ""
    _shown: tuple | None = None  # show_link's arguments, as last shown

    def __init__(self, a: str, b: str) -> None:
        super().__init__()
        self.a, self.b = a, b
        self.line = QLineF()
        self.touching = True  # (its line is shorter than 4)
        self.setPen(_NO_PEN)
        self.setZValue(3)
        self.setAcceptHoverEvents(True)
        self.setCacheMode(_DEVICE_CACHE)

    def show_link(self, p1: tuple[float, float], p2: tuple[float, float], text: str) -> None:
        """Its ends and its length's text; nothing is done when they are those shown (each
        sync shows every link: their cached pixels stay good)."""
        shown = (p1, p2, text)
        if shown == self._shown:
            return
        if text != self.text or self._shown is None:
            self.setToolTip(text or tr("Longueur inconnue"))
        self._shown = shown
        (x1, y1), (x2, y2) = p1, p2
        self.line = QLineF(x1, y1, x2, y2)
        self.touching = self.line.length() < 4
        self.text = text
        # Its line with a margin, and its label's room right of and under its middle.
        mx, my = 0.5 * x1 + 0.5 * x2, 0.5 * y1 + 0.5 * y2  # (as QLineF.center)
        left, top = min(min(x1, x2) - 10, mx), min(min(y1, y2) - 10, my)
        right, bottom = max(max(x1, x2) + 10, mx + 80), max(max(y1, y2) + 10, my + 24)
        self.setRect(QRectF(left, top, right - left, bottom - top))  # (prepareGeometryChange)
        self.update()

    def _touching(self) -> bool:
        return self.touching

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

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:  # Qt override
        painter.setRenderHint(_ANTIALIASED)
        if self.touching:
            painter.setPen(_DOT_PEN)
            painter.setBrush(_DOT_BRUSH)
            painter.drawEllipse(self.line.p1(), 4, 4)
        else:
            painter.setPen(_DASHED)
            painter.drawLine(self.line)
        if self.text:
            mid = self.line.center()
            painter.setFont(_label_font())
            x, y = mid.x() + 4, mid.y() + 2
            painter.setPen(_NO_PEN)
            painter.setBrush(_LABEL_BACK)
            width = painter.fontMetrics().horizontalAdvance(self.text) + 6
            painter.drawRoundedRect(QRectF(x, y, width, 16), 3, 3)
            painter.setPen(_LABEL_TEXT)
            painter.drawText(QRectF(x + 3, y, 73, 16), Qt.AlignmentFlag.AlignVCenter, self.text)


@cache
def _label_font() -> QFont:
    """A link's length's font: the application's, at 8 points (made once)."""
    font = QFont()
    font.setPointSizeF(8)
    return font


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
        painter.setPen(_GRID_PEN)
        c, ox, oy = self.cell, self.origin.x(), self.origin.y()
        left, top, right, bottom = visible.left(), visible.top(), visible.right(), visible.bottom()
        lines = []  # drawn in one call: a big map's hundreds of lines (benchmark P9)
        x = ox + math.floor((left - ox) / c) * c
        while x <= right:
            lines.append(QLineF(x, top, x, bottom))
            x += c
        y = oy + math.floor((top - oy) / c) * c
        while y <= bottom:
            lines.append(QLineF(left, y, right, y))
            y += c
        painter.drawLines(lines)
