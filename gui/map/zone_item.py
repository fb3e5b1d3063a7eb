"""A zone on the map: a named, coloured rectangle; in edit mode it moves and resizes."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from gui.boot.i18n import tr
from gui.map.walls_item import DARK

HANDLE = 10.0
MIN_SIDE = 30.0
_CORNERS = ("tl", "tr", "bl", "br")
SELECTED = QColor("#1e88e5")
NAME = QColor("#202020")
_NO_PEN = QPen(Qt.PenStyle.NoPen)
_SELECTED_HAS_CHANGED = QGraphicsItem.GraphicsItemChange.ItemSelectedHasChanged
_MOVABLE = QGraphicsItem.GraphicsItemFlag.ItemIsMovable
_DEVICE_CACHE = QGraphicsItem.CacheMode.DeviceCoordinateCache
_NAME_FLAGS = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop


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


class ZoneItem(QGraphicsRectItem):
    """Drawn from its Zone; geometry edits are reported to the scene, which asks the controller.

    A plain item, not a QGraphicsObject: it has no signal, and a map of 200 zones opens
    faster without a QObject each (benchmark P9). Its bounds are its QGraphicsRectItem
    rectangle (no pen, never drawn as such), answered by Qt without a call into Python."""

    name = ""
    colour = QColor("#8fa8c8")  # shared until shown, never changed in place
    highlight = False
    dark = False  # unlit (issue 38): shaded
    _shown: tuple | None = None  # show_zone's arguments, as last shown

    def __init__(self, zid: str) -> None:
        super().__init__()
        self.zid = zid
        self.size = QRectF(0, 0, 100, 100)
        self.setPen(_NO_PEN)
        self.setRect(self.size.adjusted(-2, -2, 2, 2))
        self.setCacheMode(_DEVICE_CACHE)  # cheap token drags
        self.handles: list[Handle] = []  # made when first shown: a map of 200 zones opens fast

    def show_zone(
        self, name: str, colour: str, x: float, y: float, w: float, h: float, dark: bool = False
    ) -> None:
        """Its name, colour and place, shaded when `dark` (issue 38). Each sync shows every
        zone: one shown as it is keeps its cached pixels (a zone dragged or resized, not yet
        in the model, is put back)."""
        shown = (name, colour, x, y, w, h, dark)
        if shown == self._shown and self.pos() == QPointF(x, y) and self.size == QRectF(0, 0, w, h):
            return
        if name != self.name:
            self.setToolTip(name)
        self._shown = shown
        self.name, self.colour, self.dark = name, _colour(colour), dark
        self.size = QRectF(0, 0, w, h)
        self.setRect(self.size.adjusted(-2, -2, 2, 2))  # (Qt's prepareGeometryChange first)
        self.setPos(x, y)
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
        """The handles follow the selection. Qt calls this at every change of the item (six
        times as a zone is made): it is kept short, and the value is returned as is, as
        QGraphicsItem.itemChange does."""
        if change == _SELECTED_HAS_CHANGED:
            self._show_handles()
        return value

    def _show_handles(self) -> None:
        visible = self.isSelected() and bool(self.flags() & _MOVABLE)
        if visible and not self.handles:
            self.handles = [Handle(self, c) for c in _CORNERS]
            self._place_handles()
        for h in self.handles:
            h.setVisible(visible)

    def _place_handles(self) -> None:
        if not self.handles:  # (most zones never show theirs)
            return
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
        self.setPos(left, top)
        self.size = QRectF(0, 0, right - left, bottom - top)
        self.setRect(self.size.adjusted(-2, -2, 2, 2))  # (Qt's prepareGeometryChange first)
        self._place_handles()

    def finish_edit(self) -> None:
        scene = self.scene()
        if scene is not None and hasattr(scene, "zone_edited"):
            scene.zone_edited(self)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # Qt override
        super().mouseReleaseEvent(event)
        if self.flags() & QGraphicsItem.GraphicsItemFlag.ItemIsMovable:
            self.finish_edit()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:  # Qt override
        selected = self.isSelected()
        pen, brush = _look(self.colour, selected, self.highlight)
        painter.setBrush(brush)
        painter.setPen(pen)
        painter.drawRect(self.size)
        if self.dark:
            painter.fillRect(self.size, DARK)
        painter.setFont(_name_font())
        painter.setPen(NAME)
        painter.drawText(self.size.adjusted(6, 3, -6, -3), _NAME_FLAGS, self.name)


_looks: dict[tuple[int, bool, bool], tuple[QPen, QBrush]] = {}


def _look(colour: QColor, selected: bool, highlight: bool) -> tuple[QPen, QBrush]:
    """A zone's border and fill, made once per colour and state: 200 zones paint as a big
    map opens (benchmark P9). Shared, never changed in place."""
    key = (colour.rgba(), selected, highlight)
    made = _looks.get(key)
    if made is None:
        fill = QColor(colour)
        fill.setAlpha(140 if highlight else 90)
        border = SELECTED if selected else colour.darker(150)
        pen = QPen(border, 3 if selected or highlight else 2)
        if highlight:
            pen.setStyle(Qt.PenStyle.DashLine)
        made = _looks[key] = (pen, QBrush(fill))
    return made


@cache
def _colour(name: str) -> QColor:
    """A zone's colour, parsed once per name (shared, never changed in place)."""
    return QColor(name)


@cache
def _name_font() -> QFont:
    """The application's font, bold (made once, as token_text's fonts)."""
    font = QFont()
    font.setBold(True)
    return font
