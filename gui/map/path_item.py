"""The path a dragged token would take on the grid and its cost (issue 18): a line through the
squares' centres and « 4 cases (6 m) », red where a step is forbidden."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

OK, FORBIDDEN = QColor("#1565c0"), QColor("#c62828")


class PathItem(QGraphicsItem):
    """Hidden until `show_path`; one item, restated at each step of a drag."""

    def __init__(self) -> None:
        super().__init__()
        self.points = QPolygonF()
        self.text, self.allowed = "", True
        self.font = QFont()
        self.font.setBold(True)
        self._box = QRectF()
        self.setZValue(40)  # over the tokens, under the rubber bands
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.hide()

    def show_path(self, points: list[QPointF], text: str, allowed: bool) -> None:
        self.prepareGeometryChange()
        self.points, self.text, self.allowed = QPolygonF(points), text, allowed
        label = QFontMetricsF(self.font).boundingRect(text).adjusted(-4, -2, 4, 2)
        end = points[-1] if points else QPointF()
        self._label = label.translated(end + QPointF(12, -12))
        self._box = self.points.boundingRect().adjusted(-4, -4, 4, 4).united(self._label)
        self.show()

    def boundingRect(self) -> QRectF:  # Qt override
        return self._box

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:  # Qt override
        colour = OK if self.allowed else FORBIDDEN
        painter.setPen(QPen(colour, 3, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap))
        painter.drawPolyline(self.points)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 230))
        painter.drawRoundedRect(self._label, 4, 4)
        painter.setPen(colour)
        painter.setFont(self.font)
        painter.drawText(self._label, Qt.AlignmentFlag.AlignCenter, self.text)
