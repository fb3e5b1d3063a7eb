"""Map gestures: the edit tools (draw a zone, connect two zones), double-clicks, context menus."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsLineItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneContextMenuEvent,
    QGraphicsSceneMouseEvent,
)

from gui.map.link_item import LinkItem
from gui.map.path_item import PathItem
from gui.map.token_item import TokenItem
from gui.map.walls_item import along_a_line
from gui.map.zone_item import ZoneItem

SELECT, DRAW, CONNECT, WALL, TERRAIN = "select", "draw", "connect", "wall", "terrain"
RULER = "ruler"  # measures in play mode too
AREA = "area"  # an area of effect follows the pointer (area_tool.py), in play mode
DARK, REVEAL, REFOG = "dark", "reveal", "refog"  # brushes over squares (issue 38)
BRUSHES = frozenset({DARK, REVEAL, REFOG})  # revealing and fogging again: in play too
EDIT_TOOLS = frozenset({DRAW, CONNECT, WALL, TERRAIN, DARK})  # choosing one turns edit mode on
MIN_ZONE = 20.0


class ToolScene(QGraphicsScene):
    """The gestures of the map; subclasses provide `zone_at`, `snap` and `zone_items`."""

    zone_drawn = Signal(QRectF)
    connect_requested = Signal(str, str)
    zone_double_clicked = Signal(str)
    context_requested = Signal(str, object, QPointF, QPoint)  # kind, key, scene pos, screen pos
    tool_changed = Signal(str)
    wall_drawn = Signal(object, object)  # grid points (None, None: the map has no grid)
    door_clicked = Signal(int)  # a door's index among the walls, clicked in play
    square_clicked = Signal(object)  # a grid cell (None: the map has no grid)
    cells_brushed = Signal(str, object)  # a brush (DARK…) and the grid cells it went over
    area_hovered = Signal(QPointF)  # the pointer over the map while the area tool is on
    area_pressed = Signal(QPointF, object)  # a click then, and the token under it or None

    zone_items: dict[str, ZoneItem]

    def __init__(self) -> None:
        super().__init__()
        self.tool = SELECT
        self.editing = False  # the map's edit mode (EncounterScene.set_editing)
        self._rubber: QGraphicsRectItem | None = None
        self._start = QPointF()
        self.connect_from: str | None = None
        self._wall_from: tuple[int, int] | None = None
        self.ruler = PathItem()  # the ruler's ends and distance, until the next measure
        self.addItem(self.ruler)
        self.ruler_line = self.addLine(QLineF())
        self.ruler_line.setPen(QPen(QColor("#1565c0"), 3, Qt.PenStyle.DashLine))
        self.ruler_line.setZValue(39)
        self.ruler_line.hide()
        self._wall_line: QGraphicsLineItem | None = None
        self._brushed: list[tuple[int, int]] | None = None  # the cells of a brush stroke
        self._brush_item: QGraphicsPathItem | None = None

    def zone_at(self, p: QPointF) -> str | None:
        raise NotImplementedError

    def snap(self, p: QPointF) -> QPointF:
        raise NotImplementedError

    def grid_point_at(self, p: QPointF) -> tuple[int, int] | None:
        """The grid point nearest to `p`, None without a grid."""
        raise NotImplementedError

    def grid_cell_at(self, p: QPointF) -> tuple[int, int] | None:
        raise NotImplementedError

    def scene_point(self, point: tuple[int, int]) -> QPointF:
        raise NotImplementedError

    def measure(self, a: QPointF, b: QPointF) -> str:
        """The distance from `a` to `b` as the ruler shows it."""
        raise NotImplementedError

    def wall_at(self, p: QPointF) -> int | None:
        """The wall near `p` while the map is edited, the door near it in play (its menu, a
        click that opens or closes it), else None."""
        raise NotImplementedError

    def set_tool(self, tool: str) -> None:
        """Select, draw a zone, or connect zones (the last two only in edit mode)."""
        self._clear_connect()
        self.ruler.hide()
        self.ruler_line.hide()
        self.tool = tool
        self.tool_changed.emit(tool)

    def _clear_connect(self) -> None:
        if self.connect_from in self.zone_items:
            self.zone_items[self.connect_from].set_highlight(False)
        self.connect_from = None

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # Qt override
        if event.button() != Qt.MouseButton.LeftButton or self.tool == SELECT:
            if self.tool == SELECT and not self.editing and self._door_click(event):
                return
            super().mousePressEvent(event)
            return
        if self.tool == DRAW:
            self._start = self.snap(event.scenePos())
            self._rubber = self.addRect(QRectF(self._start, self._start))
            self._rubber.setPen(QPen(QColor("#1e88e5"), 2, Qt.PenStyle.DashLine))
            self._rubber.setZValue(50)
        elif self.tool == WALL:
            self._wall_press(event.scenePos())
        elif self.tool == TERRAIN:
            self.square_clicked.emit(self.grid_cell_at(event.scenePos()))
        elif self.tool in BRUSHES:
            self._brushed = []
            self._brush_item = self.addPath(QPainterPath())
            self._brush_item.setBrush(QColor(30, 136, 229, 90))
            self._brush_item.setPen(QPen(Qt.PenStyle.NoPen))
            self._brush_item.setZValue(50)
            self._brush_over(event.scenePos())
        elif self.tool == RULER:
            self._start = event.scenePos()
            self._measure(self._start)
        elif self.tool == AREA:
            at = event.scenePos()
            token = next((i.cid for i in self.items(at) if isinstance(i, TokenItem)), None)
            self.area_pressed.emit(at, token)
        else:
            self._connect_click(self.zone_at(event.scenePos()))
        event.accept()

    def _door_click(self, event: QGraphicsSceneMouseEvent) -> bool:
        """A left click in play on a door, not on a token: opens or closes it (issue 38)."""
        at = event.scenePos()
        if event.button() != Qt.MouseButton.LeftButton or any(
            isinstance(i, TokenItem) for i in self.items(at)
        ):
            return False
        door = self.wall_at(at)
        if door is None:
            return False
        self.door_clicked.emit(door)
        event.accept()
        return True

    def _measure(self, end: QPointF) -> None:
        """The ruler from where it was pressed to `end`."""
        self.ruler.show_path([self._start, end], self.measure(self._start, end), True)
        self.ruler_line.setLine(QLineF(self._start, end))
        self.ruler_line.show()

    def _wall_press(self, at: QPointF) -> None:
        self._wall_from = self.grid_point_at(at)
        if self._wall_from is None:
            self.wall_drawn.emit(None, None)  # told why by the controller
            return
        start = self.scene_point(self._wall_from)
        self._wall_line = self.addLine(QLineF(start, start))
        self._wall_line.setPen(QPen(QColor("#1e88e5"), 4, Qt.PenStyle.DashLine))
        self._wall_line.setZValue(50)

    def _wall_end(self, at: QPointF) -> tuple[int, int] | None:
        point = self.grid_point_at(at)
        if point is None or self._wall_from is None:
            return None
        return along_a_line(self._wall_from, point)

    def _connect_click(self, zid: str | None) -> None:
        if zid is None:
            self._clear_connect()
        elif self.connect_from is None:
            self.connect_from = zid
            self.zone_items[zid].set_highlight(True)
        elif zid != self.connect_from:
            first = self.connect_from
            self._clear_connect()
            self.connect_requested.emit(first, zid)

    def _brush_over(self, at: QPointF) -> None:
        """The square under the pointer added to the brush stroke, and shown."""
        cell = self.grid_cell_at(at)
        if cell is None or self._brushed is None or self._brush_item is None:
            return
        if cell not in self._brushed:
            self._brushed.append(cell)
            path = self._brush_item.path()
            path.addRect(
                QRectF(self.scene_point(cell), self.scene_point((cell[0] + 1, cell[1] + 1)))
            )
            self._brush_item.setPath(path)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # Qt override
        if self._brushed is not None:
            self._brush_over(event.scenePos())
            event.accept()
            return
        if self.tool == AREA:
            self.area_hovered.emit(event.scenePos())
            event.accept()
            return
        if self.tool == RULER and self.ruler.isVisible() and event.buttons():
            self._measure(event.scenePos())
            event.accept()
            return
        if self._wall_line is not None:
            end = self._wall_end(event.scenePos())
            if end is not None:
                self._wall_line.setLine(QLineF(self._wall_line.line().p1(), self.scene_point(end)))
            event.accept()
            return
        if self._rubber is not None:
            self._rubber.setRect(QRectF(self._start, self.snap(event.scenePos())).normalized())
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # Qt override
        if self._brushed is not None:
            cells, self._brushed = self._brushed, None
            if self._brush_item is not None:
                self.removeItem(self._brush_item)
                self._brush_item = None
            self.cells_brushed.emit(
                self.tool, cells if self.grid_point_at(event.scenePos()) is not None else None
            )
            event.accept()
            return
        if self._wall_line is not None:
            self.removeItem(self._wall_line)
            self._wall_line = None
            end = self._wall_end(event.scenePos())
            if end is not None and end != self._wall_from:
                self.wall_drawn.emit(self._wall_from, end)
            event.accept()
            return
        if self._rubber is not None:
            rect = self._rubber.rect()
            self.removeItem(self._rubber)
            self._rubber = None
            if rect.width() >= MIN_ZONE and rect.height() >= MIN_ZONE:
                self.zone_drawn.emit(rect)
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # Qt override
        zid = self.zone_at(event.scenePos())
        if zid is not None and self.tool == SELECT:
            self.zone_double_clicked.emit(zid)
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def contextMenuEvent(self, event: QGraphicsSceneContextMenuEvent) -> None:  # Qt override
        kind, key = "map", None
        for item in self.items(event.scenePos()):
            if isinstance(item, TokenItem):  # in edit mode too: building an encounter,
                kind, key = "token", item.cid  # a token's menu keeps it in the library
            elif isinstance(item, LinkItem):
                kind, key = "link", (item.a, item.b)
            elif isinstance(item, ZoneItem):
                kind, key = "zone", item.zid
            else:
                continue
            break
        wall = self.wall_at(event.scenePos()) if kind in ("map", "zone") else None
        if wall is not None:  # a wall (a door, in play) is drawn over zones
            kind, key = "wall", wall
        self.context_requested.emit(kind, key, event.scenePos(), event.screenPos())
        event.accept()
