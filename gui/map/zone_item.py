"""A zone on the map: a named, coloured rectangle; in edit mode it moves and resizes."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsRectItem,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from gui.boot.i18n import tr

HANDLE = 10.0
MIN_SIDE = 30.0
_CORNERS = ("tl", "tr", "bl", "br")


class Handle(QGraphicsRectItem):
    """A corner square that resizes its zone (edit mode, selected zone only)."""

    def __init__(self, zone: ZoneItem, corner: str) -> None:
        super().__init__(QRectF(-HANDLE / 2, -HANDLE / 2, HANDLE, HANDLE), zone)
        self.corner = corner
        self.setBrush(QBrush(QColor("white")))
        self.setPen(QPen(QColor("#1e88e5"), 1.5))
        self.setZValue(20)
        cursor = (
            Qt.CursorShape.SizeFDiagCursor
            if corner in ("tl", "br")
            else Qt.CursorShape.SizeBDiagCursor
        )
        self.setCursor(cursor)
        self.setToolTip(tr("Redimensionner"))

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # Qt override
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # Qt override
        zone = self.parentItem()
        assert isinstance(zone, ZoneItem)
        zone.drag_corner(self.corner, event.scenePos())

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # Qt override
        zone = self.parentItem()
        assert isinstance(zone, ZoneItem)
        zone.finish_edit()


class ZoneItem(QGraphicsObject):
    """Drawn from its Zone; geometry edits are reported to the scene, which asks the controller."""

    def __init__(self, zid: str) -> None:
        super().__init__()
        self.zid = zid
        self.name = ""
        self.colour = QColor("#8fa8c8")
        self.size = QRectF(0, 0, 100, 100)
        self._box = self.size.adjusted(-2, -2, 2, 2)
        self.highlight = False
        self.setZValue(0)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # cheap token drags
        self.handles: list[Handle] = []  # made when first shown: a map of 200 zones opens fast

    def show_zone(self, name: str, colour: str, x: float, y: float, w: float, h: float) -> None:
        self.prepareGeometryChange()
        self.name, self.colour = name, QColor(colour)
        self.size = QRectF(0, 0, w, h)
        self._box = self.size.adjusted(-2, -2, 2, 2)
        self.setPos(x, y)
        self.setToolTip(name)
        self._place_handles()
        self.update()

    def scene_rect(self) -> QRectF:
        return self.size.translated(self.pos())

    def set_editable(self, on: bool) -> None:
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable, on)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, on)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsFocusable, on)
        if not on:
            self.setSelected(False)
        self._show_handles()

    def set_highlight(self, on: bool) -> None:
        if on != self.highlight:
            self.highlight = on
            self.update()

    def itemChange(self, change, value):  # Qt override
        if change == QGraphicsItem.GraphicsItemChange.ItemSelectedHasChanged:
            self._show_handles()
        return super().itemChange(change, value)

    def _show_handles(self) -> None:
        visible = self.isSelected() and bool(
            self.flags() & QGraphicsItem.GraphicsItemFlag.ItemIsMovable
        )
        if visible and not self.handles:
            self.handles = [Handle(self, c) for c in _CORNERS]
            self._place_handles()
        for h in self.handles:
            h.setVisible(visible)

    def _place_handles(self) -> None:
        r = self.size
        spots = {
            "tl": r.topLeft(),
            "tr": r.topRight(),
            "bl": r.bottomLeft(),
            "br": r.bottomRight(),
        }
        for h in self.handles:
            h.setPos(spots[h.corner])

    def drag_corner(self, corner: str, scene_pos: QPointF) -> None:
        """Resize live while a handle is dragged (the model changes on release)."""
        scene = self.scene()
        p = scene.snap(scene_pos) if scene is not None and hasattr(scene, "snap") else scene_pos
        r = self.scene_rect()
        left, top, right, bottom = r.left(), r.top(), r.right(), r.bottom()
        if "l" in corner:
            left = min(p.x(), right - MIN_SIDE)
        else:
            right = max(p.x(), left + MIN_SIDE)
        if "t" in corner:
            top = min(p.y(), bottom - MIN_SIDE)
        else:
            bottom = max(p.y(), top + MIN_SIDE)
        self.prepareGeometryChange()
        self.setPos(left, top)
        self.size = QRectF(0, 0, right - left, bottom - top)
        self._box = self.size.adjusted(-2, -2, 2, 2)
        self._place_handles()

    def finish_edit(self) -> None:
        scene = self.scene()
        if scene is not None and hasattr(scene, "zone_edited"):
            scene.zone_edited(self)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # Qt override
        super().mouseReleaseEvent(event)
        if self.flags() & QGraphicsItem.GraphicsItemFlag.ItemIsMovable:
            self.finish_edit()

    def boundingRect(self) -> QRectF:  # Qt override
        return self._box

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:  # Qt override
        fill = QColor(self.colour)
        fill.setAlpha(140 if self.highlight else 90)
        painter.setBrush(QBrush(fill))
        border = QColor("#1e88e5") if self.isSelected() else self.colour.darker(150)
        pen = QPen(border, 3 if self.isSelected() or self.highlight else 2)
        if self.highlight:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawRect(self.size)
        font = QFont()
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#202020"))
        painter.drawText(
            self.size.adjusted(6, 3, -6, -3),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
            self.name,
        )
