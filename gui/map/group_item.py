"""The outline of a group of tokens that act as one unit (a camp's minor extras)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from .layout import pitch

_LABEL_W = 160.0  # room for "Figurants mineurs ×6" under a lone token


class GroupItem(QGraphicsItem):
    """A dashed outline around the cells of a group's tokens in one zone, with its label."""

    def __init__(self) -> None:
        super().__init__()
        self.path = QPainterPath()
        self.label = ""
        self.colour = QColor("#b53a2f")
        self.setZValue(5)  # above zones, under tokens
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def show_group(
        self, label: str, colour: QColor, slots: list[tuple[float, float]], size: float
    ) -> None:
        """Outline the cells centred on `slots` for tokens of diameter `size`."""
        self.prepareGeometryChange()
        px, py = pitch(size)
        path = QPainterPath()
        for x, y in slots:
            cell = QPainterPath()
            cell.addRect(QRectF(x - px / 2 - 0.5, y - size / 2 - 4, px + 1, py + 1))
            path = path.united(cell)
        self.path, self.label, self.colour = path.simplified(), label, colour
        self.update()

    def boundingRect(self) -> QRectF:  # Qt override
        box = self.path.boundingRect()
        return box.adjusted(-2, -2, 2, 14).united(QRectF(box.left(), box.bottom(), _LABEL_W, 14))

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:  # Qt override
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = QColor(self.colour)
        fill.setAlpha(28)
        painter.setBrush(fill)
        painter.setPen(QPen(self.colour, 1.5, Qt.PenStyle.DashLine))
        painter.drawPath(self.path)
        font = QFont()
        font.setPointSizeF(7.5)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(self.colour.darker(130))
        box = self.path.boundingRect()
        painter.drawText(
            QRectF(box.left() + 4, box.bottom() + 1, _LABEL_W, 12),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            self.label,
        )
