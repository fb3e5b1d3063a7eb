"""The fog of war drawn over a map (issue 38): dark where the players' side never saw, dimmed
where it saw before but does not see now, clear where it sees. Opaque on the players' view;
a light tint on the GM's map (« Voir comme les joueurs »)."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QRegion
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui.engine.play.players_seen import PlayersSight
from gui.engine.state.model import Encounter

OPAQUE = (QColor(12, 14, 18), QColor(12, 14, 18, 150))  # never seen, seen before: players'
TINT = (QColor(20, 30, 60, 120), QColor(20, 30, 60, 55))  # the same on the GM's map
REACH = 100_000.0  # how far the dark goes beyond the map (the view never shows its edge)


def cells_region(cells: Iterable[tuple[int, int]]) -> QRegion:
    """The squares as one region in grid units, built from each row's runs."""
    rows: dict[int, list[int]] = {}
    for x, y in cells:
        rows.setdefault(y, []).append(x)
    region = QRegion()
    for y, xs in rows.items():
        xs.sort()
        start = prev = xs[0]
        for x in [*xs[1:], None]:
            if x is not None and x == prev + 1:
                prev = x
                continue
            region += QRegion(QRect(start, y, prev - start + 1, 1))
            if x is not None:
                start = prev = x
    return region


class FogItem(QGraphicsItem):
    """Above everything but the area being drawn: `show(enc, sight)` sets what it covers."""

    def __init__(self, colours: tuple[QColor, QColor] = OPAQUE) -> None:
        super().__init__()
        self.colours = colours
        self.dark = QPainterPath()  # never seen
        self.dim = QPainterPath()  # seen before, not now
        self.setZValue(30)  # over tokens (20s), under the area of effect and the ruler
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.hide()

    def show_sight(self, enc: Encounter, sight: PlayersSight | None) -> None:
        """Cover what `sight` leaves unseen (hidden when None: no fog)."""
        self.prepareGeometryChange()
        if sight is None:
            self.dark, self.dim = QPainterPath(), QPainterPath()
            self.hide()
            return
        outer = QPainterPath()
        outer.addRect(QRectF(-REACH, -REACH, 2 * REACH, 2 * REACH))
        grid = enc.map.grid
        if grid is not None and sight.cells is not None:
            known = cells_region(sight.known_cells)
            now = cells_region(sight.cells)
            scale = (grid.origin_x, grid.origin_y, grid.cell_px)
            known_path, dim_path = _scaled(known, scale), _scaled(known - now, scale)
        else:
            known_path, dim_path = QPainterPath(), QPainterPath()
            for z in enc.map.zones:
                rect = QRectF(z.rect.x, z.rect.y, z.rect.width, z.rect.height)
                if z.id in sight.known_zones:
                    known_path.addRect(rect)
                    if z.id not in sight.zones:
                        dim_path.addRect(rect)
        self.dark = outer.subtracted(known_path.simplified())
        self.dim = dim_path.simplified()
        self.show()
        self.update()

    def boundingRect(self) -> QRectF:  # Qt override
        return QRectF(-REACH, -REACH, 2 * REACH, 2 * REACH)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:  # Qt override
        painter.setPen(Qt.PenStyle.NoPen)
        painter.fillPath(self.dark, QBrush(self.colours[0]))
        painter.fillPath(self.dim, QBrush(self.colours[1]))


def _scaled(region: QRegion, scale: tuple[float, float, float]) -> QPainterPath:
    """A region in grid units as a path in the scene."""
    ox, oy, px = scale
    path = QPainterPath()
    for rect in region:
        path.addRect(
            QRectF(ox + rect.x() * px, oy + rect.y() * px, rect.width() * px, rect.height() * px)
        )
    return path
