"""The fog of war drawn over a map (issue 38): dark where the players' side never saw, dimmed
where it saw before but does not see now, clear where it sees. Opaque on the players' view;
a light tint on the GM's map (« Voir comme les joueurs »).

On a grid the fog is an image of one pixel per square, drawn scaled without smoothing over the
squares the side knows, and dark around it: a repaint costs one scaled image whatever the shape
of what was seen (P14; a path of every seen run made the fogged repaint 4× the bare one)."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui.engine.grid.squares import Cell
from gui.engine.play.players_seen import PlayersSight
from gui.engine.state.model import Encounter

OPAQUE = (QColor(12, 14, 18), QColor(12, 14, 18, 150))  # never seen, seen before: players'
TINT = (QColor(20, 30, 60, 120), QColor(20, 30, 60, 55))  # the same on the GM's map
# Where the fog lies among the map's items. On the GM's map, over the tokens (a creature the
# players do not see is tinted) and under the lines and the ruler. On the players' view,
# where only the creatures they see are, just under the tokens: a seen creature's name plate
# that reaches past what is seen stays readable, while zones, links, groups and the area of
# effect (whose squares stop at walls they never saw) stay under it.
OVER_TOKENS, UNDER_TOKENS = 30.0, 9.5
REACH = 100_000.0  # how far the dark goes beyond the map (the view never shows its edge)
CLEAR, DIM, DARK = 0, 1, 2  # a square's shade (`FogItem.shade`), its index in the image
MOST = 2048  # squares each way the fog's image covers at most (`shades`)


def shades(known: Iterable[Cell], now: Iterable[Cell]) -> tuple[QImage, int, int]:
    """One pixel per square over the box of the `known` squares (which hold those seen `now`):
    DARK, DIM or CLEAR as an index, with the box's first column and row. The box is at most
    MOST squares each way, round what is seen now: a memory further away (a hand-edited
    file's; no map is that wide) stays dark rather than make an image of millions of
    pixels."""
    known, now = list(known), list(now)
    x0, y0, x1, y1 = _box(known)
    if x1 - x0 >= MOST or y1 - y0 >= MOST:
        cx, cy = now[0] if now else known[0]
        x0, y0 = cx - MOST // 2, cy - MOST // 2
        x1, y1 = x0 + MOST - 1, y0 + MOST - 1
        known = [(x, y) for x, y in known if x0 <= x <= x1 and y0 <= y <= y1]
        now = [(x, y) for x, y in now if x0 <= x <= x1 and y0 <= y <= y1]
        x0, y0, x1, y1 = _box(known)
    width, height = x1 - x0 + 1, y1 - y0 + 1
    stride = (width + 3) & ~3  # an 8-bit image's rows are 32-bit aligned
    pixels = bytearray([DARK]) * (stride * height)
    for x, y in known:
        pixels[(y - y0) * stride + x - x0] = DIM
    for x, y in now:
        pixels[(y - y0) * stride + x - x0] = CLEAR
    image = QImage(pixels, width, height, stride, QImage.Format.Format_Indexed8).copy()
    return image, x0, y0


def _box(cells: list[Cell]) -> tuple[int, int, int, int]:
    """The first and last column and row of some squares."""
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    return min(xs), min(ys), max(xs), max(ys)


class FogItem(QGraphicsItem):
    """The fog at height `z` among the map's items (OVER_TOKENS, UNDER_TOKENS):
    `show_sight(enc, sight)` sets what it covers."""

    def __init__(self, colours: tuple[QColor, QColor] = OPAQUE, z: float = OVER_TOKENS) -> None:
        super().__init__()
        self.colours = colours
        self.dark = QPainterPath()  # never seen: on zones (on a grid, all when none known)
        self.dim = QPainterPath()  # seen before, not now (on zones)
        self.index = QImage()  # on a grid: each known square's shade (`shades`)
        self.image = QImage()  # the same in colours, as painted
        self.box = QRectF()  # where the image lies in the scene
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.hide()

    def show_sight(self, enc: Encounter, sight: PlayersSight | None) -> None:
        """Cover what `sight` leaves unseen (hidden when None: no fog)."""
        self.prepareGeometryChange()
        self.dark, self.dim, self.index, self.image = (
            QPainterPath(),
            QPainterPath(),
            QImage(),
            QImage(),
        )
        self.box = QRectF()
        if sight is None:
            self.hide()
            return
        grid = enc.map.grid
        if grid is not None and sight.cells is not None:
            self._show_squares(sight, (grid.origin_x, grid.origin_y, grid.cell_px))
        else:
            self._show_zones(enc, sight)
        self.show()
        self.update()

    def shade(self, point: QPointF) -> int:
        """How the fog covers a point of the scene: CLEAR, DIM or DARK."""
        if not self.index.isNull() and self.box.contains(point):
            scale = self.box.width() / self.index.width()
            x = int((point.x() - self.box.x()) / scale)
            y = int((point.y() - self.box.y()) / scale)
            return self.index.pixelIndex(x, y)
        if not self.index.isNull() or self.dark.contains(point):
            return DARK
        return DIM if self.dim.contains(point) else CLEAR

    def _show_squares(self, sight: PlayersSight, scale: tuple[float, float, float]) -> None:
        if not sight.known_cells:
            self.dark.addRect(self.boundingRect())
            return
        self.index, x0, y0 = shades(sight.known_cells, sight.cells or ())
        self.index.setColorTable([0, self.colours[1].rgba(), self.colours[0].rgba()])
        self.image = self.index.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
        ox, oy, px = scale
        size = (self.index.width() * px, self.index.height() * px)
        self.box = QRectF(ox + x0 * px, oy + y0 * px, *size)

    def _show_zones(self, enc: Encounter, sight: PlayersSight) -> None:
        known, dim = QPainterPath(), QPainterPath()
        for z in enc.map.zones:
            if z.id in sight.known_zones:
                rect = QRectF(z.rect.x, z.rect.y, z.rect.width, z.rect.height)
                known.addRect(rect)
                if z.id not in sight.zones:
                    dim.addRect(rect)
        outer = QPainterPath()
        outer.addRect(self.boundingRect())
        self.dark = outer.subtracted(known.simplified())
        self.dim = dim.simplified()

    def boundingRect(self) -> QRectF:  # Qt override
        return QRectF(-REACH, -REACH, 2 * REACH, 2 * REACH)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:  # Qt override
        painter.setPen(Qt.PenStyle.NoPen)
        if self.image.isNull():
            painter.fillPath(self.dark, QBrush(self.colours[0]))
            painter.fillPath(self.dim, QBrush(self.colours[1]))
            return
        box, far = self.box, REACH
        for rect in (  # the dark around the known squares' box
            QRectF(-far, -far, 2 * far, box.top() + far),
            QRectF(-far, box.bottom(), 2 * far, far - box.bottom()),
            QRectF(-far, box.top(), box.left() + far, box.height()),
            QRectF(box.right(), box.top(), far - box.right(), box.height()),
        ):
            painter.fillRect(rect, self.colours[0])
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)  # squares
        painter.drawImage(box, self.image)
        painter.restore()
