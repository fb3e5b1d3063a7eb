"""The outline of a group of tokens that act as one unit (a camp's minor extras)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui.map.layout import pitch
from gui.map.token_text import MIN_PX, Line, paint_lines, text_width

LABEL_RATIO = 0.3  # the label's natural height, of a token's diameter
LABEL_CAP = 0.8  # it grows up to this much when the map is zoomed out, then is not drawn


class GroupItem(QGraphicsItem):
    """A dashed outline around the cells of a group's tokens in one zone, with its label on a
    tab of the outline over its first token (issue 33: the label sits on its group), drawn at
    least MIN_PX high at the view's zoom or not at all."""

    def __init__(self) -> None:
        super().__init__()
        self.path = QPainterPath()  # the cells' outline
        self.drawn = QPainterPath()  # and its label's tab
        self.label = ""
        self.colour = QColor("#b53a2f")
        self.slots: list[tuple[float, float]] = []
        self.size = 36.0
        self.scale_seen = 1.0  # the view's zoom, screen pixels per scene unit
        self.min_px = MIN_PX  # the label's least height on screen (more on the players' view)
        self.label_line: Line | None = None
        self.setZValue(5)  # above zones, under tokens
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def show_group(
        self,
        label: str,
        colour: QColor,
        slots: list[tuple[float, float]],
        size: float,
        scale: float | None = None,
        min_px: float | None = None,
    ) -> None:
        """Outline the cells centred on `slots` for tokens of diameter `size`; the label at
        least `min_px` high at the view's zoom `scale`."""
        self.label, self.colour, self.slots, self.size = label, colour, list(slots), size
        self.scale_seen = scale or self.scale_seen
        self.min_px = min_px or self.min_px
        self._shape()

    def set_scale(self, scale: float, min_px: float = MIN_PX) -> None:
        """The view's zoom changed: the label keeps its height on screen."""
        if (scale, min_px) != (self.scale_seen, self.min_px):
            self.scale_seen, self.min_px = scale, min_px
            self._shape()

    def _shape(self) -> None:
        self.prepareGeometryChange()
        px, py = pitch(self.size)
        size = self.size
        path = QPainterPath()
        cells = [QRectF(x - px / 2 - 0.5, y - size / 2 - 4, px + 1, py + 1) for x, y in self.slots]
        for cell in cells:
            one = QPainterPath()
            one.addRect(cell)
            path = path.united(one)
        self.path = path.simplified()
        self.label_line = None
        text_px = max(size * LABEL_RATIO, self.min_px / max(self.scale_seen, 1e-6))
        if cells and self.label and text_px <= size * LABEL_CAP:
            first = min(cells, key=lambda r: (round(r.top()), r.left()))
            w = text_width(self.label, text_px, True) + text_px
            h = text_px * 1.3
            tab = QRectF(first.left(), first.top() - h + 0.5, w, h)
            self.label_line = Line(self.label, tab, text_px, True, False)
            one = QPainterPath()
            one.addRect(tab)
            path = path.united(one)
        self.drawn = path.simplified()
        self.update()

    def boundingRect(self) -> QRectF:  # Qt override
        return self.drawn.boundingRect().adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:  # Qt override
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = QColor(self.colour)
        fill.setAlpha(28)
        painter.setBrush(fill)
        painter.setPen(QPen(self.colour, 1.5, Qt.PenStyle.DashLine))
        painter.drawPath(self.drawn)
        line = self.label_line
        scale = option.levelOfDetailFromTransform(painter.worldTransform())
        if line is not None and line.px * scale >= self.min_px - 0.01:
            paint_lines(painter, [line], self.colour.darker(130))
