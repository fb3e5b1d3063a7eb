"""The grid's walls and squares on the map (issue 18): one item paints them all, so that
thousands of wall segments cost one item, not thousands."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui.engine.state.model import Grid, MapSquare, MapWall

NEAR = 6.0  # scene units: how close to a wall a right-click names it

WALL = QColor("#3b3127")  # a solid wall: dark, thick
COVER_WALL = QColor("#8a6d3b")  # a wall that gives cover: dashed
DOOR = QColor("#b5651d")  # a door: a wooden leaf across the gap, or swung open beside it
DARK = QBrush(QColor(10, 10, 40, 90))  # an unlit square (issue 38)
FILLS = {
    "impassable": QBrush(QColor(40, 40, 40, 170)),
    "difficult": QBrush(QColor(139, 94, 52, 110), Qt.BrushStyle.BDiagPattern),
    "solid": QBrush(QColor(60, 60, 60, 200)),
    "cover": QBrush(QColor(120, 110, 90, 150), Qt.BrushStyle.Dense5Pattern),
}


def scene_point(grid: Grid, p: tuple[int, int]) -> QPointF:
    """Where a grid point (a corner of squares) is in the scene."""
    return QPointF(grid.origin_x + p[0] * grid.cell_px, grid.origin_y + p[1] * grid.cell_px)


def cell_rect(grid: Grid, cell: tuple[int, int]) -> QRectF:
    """A grid square's rectangle in the scene."""
    return QRectF(scene_point(grid, cell), scene_point(grid, (cell[0] + 1, cell[1] + 1)))


def grid_point(grid: Grid, p: QPointF) -> tuple[int, int]:
    """The grid point (a corner of squares) nearest to `p`."""
    c = grid.cell_px
    return round((p.x() - grid.origin_x) / c), round((p.y() - grid.origin_y) / c)


def along_a_line(start: tuple[int, int], end: tuple[int, int]) -> tuple[int, int]:
    """`end` brought onto the row or column of `start`, whichever it is nearer (a wall runs
    along one grid line)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    return (end[0], start[1]) if abs(dx) >= abs(dy) else (start[0], end[1])


def wall_near(grid: Grid, walls: list[MapWall], p: QPointF, doors_only: bool = False) -> int | None:
    """The index of the wall (or only the door) within NEAR of `p`, doors first, then the
    last drawn first (it is on top)."""
    doors = [i for i in range(len(walls) - 1, -1, -1) if walls[i].door is not None]
    rest = [] if doors_only else [i for i in range(len(walls) - 1, -1, -1) if walls[i].door is None]
    for i in doors + rest:
        w = walls[i]
        box = QRectF(scene_point(grid, w.start), scene_point(grid, w.end)).normalized()
        box = box.adjusted(-NEAR, -NEAR, NEAR, NEAR)
        if box.contains(p):
            return i
    return None


class WallsItem(QGraphicsItem):
    """Walls along the grid's lines and squares tinted by what they hold: difficult terrain
    hatched, impassable or solid dark, cover dotted."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[tuple[QLineF, bool]] = []  # (line, gives cover only)
        self.doors: list[tuple[QLineF, bool]] = []  # (the gap, open)
        self.cells: list[tuple[QRectF, QBrush]] = []
        self.bounds = QRectF()
        self.setZValue(-2)  # over zones and the grid, under links and tokens
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # Painted once into a pixmap at the view's scale: a token dragged over thousands of
        # walls repaints a copy, not every wall (P3g).
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def show_walls(self, grid: Grid | None, walls: list[MapWall], squares: list[MapSquare]) -> None:
        self.prepareGeometryChange()
        self.lines, self.doors, self.cells = [], [], []
        if grid is not None:
            for w in walls:
                line = QLineF(scene_point(grid, w.start), scene_point(grid, w.end))
                if w.door is None:
                    self.lines.append((line, w.blocks == "cover"))
                else:
                    self.doors.append((line, w.door == "open"))
            for s in squares:
                rect = cell_rect(grid, s.cell)
                for kind in (s.terrain, s.blocks):
                    if kind is not None:
                        self.cells.append((rect, FILLS[kind]))
                if s.dark:
                    self.cells.append((rect, DARK))
        self.bounds = QRectF()
        for line, _ in self.lines + self.doors:
            self.bounds = self.bounds.united(QRectF(line.p1(), line.p2()).normalized())
        for rect, _ in self.cells:
            self.bounds = self.bounds.united(rect)
        reach = grid.cell_px if self.doors and grid is not None else 4  # an open leaf swings
        drawn = self.lines or self.doors or self.cells
        self.bounds = self.bounds.adjusted(-reach, -reach, reach, reach) if drawn else QRectF()
        self.update()

    def boundingRect(self) -> QRectF:  # Qt override
        return self.bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:  # Qt override
        painter.setPen(Qt.PenStyle.NoPen)
        for rect, brush in self.cells:
            painter.fillRect(rect, brush)
        solid = QPen(WALL, 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap)
        cover = QPen(COVER_WALL, 4, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap)
        for line, gives_cover in self.lines:
            painter.setPen(cover if gives_cover else solid)
            painter.drawLine(line)
        for line, is_open in self.doors:
            paint_door(painter, line, is_open)


def paint_door(painter: QPainter, gap: QLineF, is_open: bool) -> None:
    """A closed door: a wooden leaf filling the gap between its jambs. An open one: the leaf
    swung a quarter turn on its hinge (the gap's first end), the gap left dotted."""
    jamb = QPen(WALL, 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap)
    painter.setPen(jamb)
    for end in (gap.p1(), gap.p2()):
        painter.drawPoint(end)
    if not is_open:
        painter.setPen(QPen(QColor("#3b2412"), 9, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
        painter.drawLine(gap)
        painter.setPen(QPen(DOOR, 6, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
        painter.drawLine(gap)
        return
    painter.setPen(QPen(DOOR, 2, Qt.PenStyle.DotLine))
    painter.drawLine(gap)
    leaf = QLineF(gap)
    leaf.setAngle(gap.angle() + 90)
    painter.setPen(QPen(DOOR, 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
    painter.drawLine(leaf)
