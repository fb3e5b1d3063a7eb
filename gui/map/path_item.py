"""The path a dragged token would take on the grid and its cost (issue 18): a dot on each
square it crosses and « 4 cases (6 m) » by the last, red where a step is forbidden."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

OK, FORBIDDEN = QColor("#1565c0"), QColor("#c62828")
DOT = 5.0  # the radius of a step's dot, in scene units


class PathItem(QGraphicsItem):
    """Hidden until `show_path`. Each step is a small item of its own, moved only when its
    square changes: a drag repaints the steps that moved, not the map the path spans (P3)."""

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)
        self.setZValue(40)  # over the tokens, under the rubber bands
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.dots: list[QGraphicsEllipseItem] = []
        self.back = QGraphicsRectItem(self)
        self.back.setPen(QPen(Qt.PenStyle.NoPen))
        self.back.setBrush(QColor(255, 255, 255, 230))
        self.label = QGraphicsSimpleTextItem(self)
        font = QFont()
        font.setBold(True)
        self.label.setFont(font)
        self.text, self.allowed = "", True
        self.hide()

    def show_path(self, points: list[QPointF], text: str, allowed: bool) -> None:
        brush = QBrush(OK if allowed else FORBIDDEN)
        if allowed != self.allowed:
            for dot in self.dots:
                dot.setBrush(brush)
            self.label.setBrush(brush)
        for i, point in enumerate(points):
            if i == len(self.dots):
                dot = QGraphicsEllipseItem(-DOT, -DOT, 2 * DOT, 2 * DOT, self)
                dot.setPen(QPen(Qt.PenStyle.NoPen))
                dot.setBrush(brush)
                self.dots.append(dot)
            dot = self.dots[i]
            if dot.pos() != point:
                dot.setPos(point)
            dot.setVisible(True)
        for dot in self.dots[len(points) :]:
            dot.setVisible(False)
        if text != self.text:
            self.label.setText(text)
        end = points[-1] if points else QPointF()
        self.label.setPos(end + QPointF(12, -20))
        self.back.setRect(
            self.label.mapRectToParent(self.label.boundingRect()).adjusted(-4, -2, 4, 2)
        )
        self.text, self.allowed = text, allowed
        self.show()

    def boundingRect(self) -> QRectF:  # Qt override: the children draw
        return QRectF()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:  # Qt override
        return
