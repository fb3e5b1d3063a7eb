"""A combatant's token: a disc in its side's colour, initials, state badges; dragged to move."""

from __future__ import annotations

import html

from msgspec.structs import replace
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QCursor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from gui.map.layout import BADGE_LINES, BADGE_RATIO, pitch
from gui.map.token_text import (
    PLATE_CAP,
    Line,
    badge_line_height,
    gm_lines,
    paint_lines,
    plate_lines,
)

SELECTED = QColor("#1e88e5")
ACTING = QColor("#f2c200")
MAX_BADGES = BADGE_LINES
OUT_GREY = QColor("#8a8a8a")  # the disc of a combatant out of the fight
OUT_CROSS = QColor("#b3261e")
RIDER_LIFT = 3  # a rider's token over its mount's, even when the mount is selected
DISC = QColor("#3a6ea5")  # a token's colour until it is shown

# What every token paints with, made once: opening a 1,000-combatant file paints a thousand
# tokens, and each Qt object made costs as much as a shape drawn (benchmark P9). Shared, so
# never changed in place.
_ANTIALIASED = QPainter.RenderHint.Antialiasing
_NO_PEN = QPen(Qt.PenStyle.NoPen)
_NO_BRUSH = QBrush(Qt.BrushStyle.NoBrush)
_ACTING_RING = QPen(ACTING, 4)
_SELECTED_RING = QPen(SELECTED, 4)
_SELECTED_OUTER = QPen(SELECTED, 2)
_DROPPED_PEN = QPen(QColor("#202020"), 0)  # the line that says badges were left out
_DROPPED_BRUSH = QBrush(QColor(255, 255, 255, 225))
_INITIALS = QColor("white")
_ORIGIN = QPointF()
_MOVABLE = QGraphicsItem.GraphicsItemFlag.ItemIsMovable
_DEVICE_CACHE = QGraphicsItem.CacheMode.DeviceCoordinateCache
_discs: dict[int, tuple[QPen, QBrush]] = {}  # a disc's outline and fill, by its colour
_boxes: dict[tuple[float, int], QRectF] = {}  # a token's bounds, by its size and badge lines
_shapes: dict[float, tuple[QRectF, QRectF]] = {}  # its disc, and its "badges left out" line
_cursors: list[QCursor] = []  # the open hand, made with the first token (a QGuiApplication)


def initials(name: str) -> str:
    """Up to two letters for a token: "Traqueur nain" → "TN", "Gobelin 3" → "G3"."""
    words = [w for w in name.replace("-", " ").split() if w]
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    return name[:2].upper() if name else "?"


class TokenItem(QGraphicsRectItem):
    """Painted from the values `show()` gives it; the model, not the item, says where it is.
    A plain item, not a QGraphicsObject: it has no signal of its own (its scene speaks for
    it), and a thousand of them are made four times faster.

    Its bounds (the disc, its rings and its badges) are its QGraphicsRectItem rectangle, with
    no pen and never drawn as such: Qt asks for them a dozen times per token as a map opens,
    and answered in C++ each spares a call into Python (benchmark P9)."""

    # What a token shows until told: plain values and shared Qt values, each replaced by its
    # setter, never changed in place (a thousand tokens are made without copying them, P9).
    size = 36.0
    colour = DISC
    label = "?"
    name = ""
    floor = 0.0  # the players' view: name and conditions at least this high
    # and moved there from under the disc, None: not drawn, no room (player/plates.py)
    plate_shift: QPointF | None = _ORIGIN
    lift = 0  # RIDER_LIFT for a rider drawn on its mount
    anchor = _ORIGIN  # from the drawn centre to its own space's centre
    carrying = False  # a rider is drawn on it: its initials move aside
    selected = acting = out = False
    home = _ORIGIN

    def __init__(
        self,
        cid: str,
        name: str = "",
        colour: QColor = DISC,
        badges: list[str] | None = None,
        selected: bool = False,
        acting: bool = False,
        out: bool = False,
        size: float = 36.0,
        floor: float = 0.0,
        x: float = 0.0,
        y: float = 0.0,
    ) -> None:
        """A token for `cid`, made with the look `show_state` would give it, its disc's
        `size`, the players' text `floor` and placed at (x, y): its scene makes it whole
        before adding it, so that nothing is computed twice (benchmark P9)."""
        self.cid = cid
        self.name, self.label, self.colour = name, initials(name), colour
        self.badges: list[str] = [] if badges is None else badges
        # Only what differs from the class's values is kept on the token (P9).
        if selected or acting or out:
            self.selected, self.acting, self.out = selected, acting, out
        if size != TokenItem.size:
            self.size = size
        if floor:
            self.floor = floor
        super().__init__(self._bounds())
        self.setPen(_NO_PEN)
        if x or y:
            self.home = QPointF(x, y)
            self.setPos(self.home)
        self.setZValue(12 if selected else 10)
        self.setAcceptHoverEvents(True)
        if not _cursors:
            _cursors.append(QCursor(Qt.CursorShape.OpenHandCursor))
        self.setCursor(_cursors[0])
        self.setFlag(_MOVABLE, True)
        # Painted once per zoom level: dragging over a crowded map repaints from a pixmap.
        self.setCacheMode(_DEVICE_CACHE)

    def show_state(
        self,
        name: str,
        colour: QColor,
        badges: list[str],
        selected: bool,
        acting: bool,
        out: bool = False,
    ) -> None:
        """What the token shows; it repaints only when that changed (a thousand tokens keep
        their cached pixmaps when one of them is hit). `out`: out of the fight (the
        ruleset's `is_out`): greyed and crossed."""
        label = initials(name)
        if (name, label, colour, badges, selected, acting, out) == (
            self.name,
            self.label,
            self.colour,
            self.badges,
            self.selected,
            self.acting,
            self.out,
        ):
            return
        if selected != self.selected:
            self.setZValue((12 if selected else 10) + self.lift)
        self.name, self.label, self.colour, self.badges = name, label, colour, badges
        self.selected, self.acting, self.out = selected, acting, out
        self._reshape()

    def set_floor(self, floor: float) -> None:
        """The players' view: the name and conditions on plates at least `floor` high."""
        if floor != self.floor:
            self.floor = floor
            self._reshape()

    def set_lift(self, lift: int, anchor: QPointF) -> None:
        """A rider on its mount is lifted over it; `anchor` leads from where it is drawn to
        the centre of its own space (where a drop is judged)."""
        if lift != self.lift:
            self.setZValue((12 if self.selected else 10) + lift)
        self.lift, self.anchor = lift, anchor

    def place(self, x: float, y: float, size: float) -> None:
        """Put the token at its layout slot (after a sync, or to snap back after a refusal)."""
        if size != self.size:
            self.size = size
            self.setRect(self._bounds())  # (Qt's prepareGeometryChange, then the new bounds)
        self.home = QPointF(x, y)
        if self.pos() != self.home:
            self.setPos(self.home)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # Qt override
        super().mousePressEvent(event)
        if event.button() != Qt.MouseButton.LeftButton:
            return  # a right-click is for the menu of actions against it: no selection
        self.setCursor(Qt.CursorShape.ClosedHandCursor)
        scene = self.scene()
        if scene is not None:
            scene.token_clicked(self)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # Qt override
        super().mouseMoveEvent(event)
        scene = self.scene()
        if scene is not None:
            scene.token_dragged(self)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # Qt override
        super().mouseReleaseEvent(event)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        scene = self.scene()
        if scene is not None:
            scene.token_released(self)

    def _reshape(self) -> None:
        """Its bounds from its look (Qt told before they change), and painted again."""
        self.setRect(self._bounds())
        self.update()

    def _bounds(self) -> QRectF:
        """The disc, its rings and its badges, or its plates (players' view). On the GM's
        map they depend on the size and how many badge lines only: a thousand tokens share
        a few rectangles (benchmark P9; Qt copies the one it is given)."""
        if self.floor:
            r = self.size / 2 + 7
            box = QRectF(-r, -r, 2 * r, 2 * r)
            for line in self._plates():
                box |= line.rect.adjusted(-2, -2, 2, 2)
            return box
        key = (self.size, min(len(self.badges), MAX_BADGES))
        box = _boxes.get(key)
        if box is None:
            size, lines = key
            r = size / 2 + 7
            half_w = max(r, self._badge_width() / 2 + 1)
            badge_h = max(self._badge_height(), badge_line_height(size)) * lines
            box = _boxes[key] = QRectF(-half_w, -r, 2 * half_w, 2 * r + badge_h)
        return box

    def _plates(self) -> list[Line]:
        shift = self.plate_shift
        if shift is None:
            return []
        lines = plate_lines(self.name, self.badges, self.size, self.floor)
        if shift.isNull():
            return lines
        return [replace(line, rect=line.rect.translated(shift)) for line in lines]

    def has_plates(self) -> bool:
        """Whether it draws plates (the players' view, its text not far taller than its disc)."""
        return 0 < self.floor <= self.size * PLATE_CAP

    def plate_rect(self) -> QRectF:
        """Its plates' place under the disc, unshifted (item coordinates; players' view)."""
        box = QRectF()
        if not self.has_plates():
            return box
        for line in plate_lines(self.name, self.badges, self.size, self.floor):
            box |= line.rect
        return box

    def set_plate_shift(self, shift: QPointF | None) -> None:
        before = self.plate_shift
        if (shift is None) != (before is None) or (shift is not None and shift != before):
            self.plate_shift = shift
            self._reshape()

    def lines(self, scale: float) -> tuple[list[Line], bool]:
        """The texts drawn at `scale` screen pixels per scene unit, and whether badges were
        left out (token_text.py)."""
        if self.floor:
            return self._plates(), False
        room = self._badge_width()
        return gm_lines(self.label, self.badges, self.size, room, scale, self.carrying)

    def set_carrying(self, on: bool) -> None:
        if on != self.carrying:
            self.carrying = on
            self.update()

    def drawn_texts(self, scale: float) -> list[tuple[str, float]]:
        """Each text drawn at `scale` and its height on screen, in pixels."""
        return [(line.text, line.px * scale) for line in self.lines(scale)[0]]

    def shape(self) -> QPainterPath:  # Qt override: only the disc grabs the mouse
        path = QPainterPath()
        r = self.size / 2
        path.addEllipse(QRectF(-r, -r, 2 * r, 2 * r))
        return path

    def _badge_height(self) -> float:
        return self.size * BADGE_RATIO

    def _badge_width(self) -> float:
        return pitch(self.size)[0] - 3

    def _shapes(self) -> tuple[QRectF, QRectF]:
        """Its disc, and the line under it that says badges were left out (made once per
        size: a thousand tokens paint as a big map opens, benchmark P9)."""
        made = _shapes.get(self.size)
        if made is None:
            r = self.size / 2
            made = _shapes[self.size] = (
                QRectF(-r, -r, 2 * r, 2 * r),
                QRectF(-r, r + 2, 2 * r, self._badge_height() / 2),
            )
        return made

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:  # Qt override
        r = self.size / 2
        painter.setRenderHint(_ANTIALIASED)
        if self.acting or self.selected:
            painter.setPen(_ACTING_RING if self.acting else _SELECTED_RING)
            painter.setBrush(_NO_BRUSH)
            painter.drawEllipse(QRectF(-r - 3, -r - 3, 2 * r + 6, 2 * r + 6))
            if self.acting and self.selected:
                painter.setPen(_SELECTED_OUTER)
                painter.drawEllipse(QRectF(-r - 6, -r - 6, 2 * r + 12, 2 * r + 12))
        pen, brush = _disc(OUT_GREY if self.out else self.colour)
        disc, dropped_line = self._shapes()
        painter.setPen(pen)
        painter.setBrush(brush)
        painter.drawEllipse(disc)
        if self.out:  # a cross over the disc: out of the fight, seen from across the table
            painter.setPen(QPen(OUT_CROSS, max(2.0, r / 5)))
            d = r * 0.7
            painter.drawLine(QPointF(-d, -d), QPointF(d, d))
            painter.drawLine(QPointF(-d, d), QPointF(d, -d))
        # Each text readable at this zoom or not drawn (token_text.py): zoomed far out, the
        # discs and their rings still say who is where, a line under one that it has states.
        lines, dropped = self.lines(option.levelOfDetailFromTransform(painter.worldTransform()))
        if dropped:
            painter.setPen(_DROPPED_PEN)
            painter.setBrush(_DROPPED_BRUSH)
            painter.drawRect(dropped_line)
        if lines:
            paint_lines(painter, lines, _INITIALS)


def _disc(fill: QColor) -> tuple[QPen, QBrush]:
    """A disc's outline and fill in `fill`, made once per colour (a side's tokens share it)."""
    key = fill.rgba()
    made = _discs.get(key)
    if made is None:
        made = _discs[key] = (QPen(fill.darker(170), 2), QBrush(fill))
    return made


def token_tooltip(name: str, side: str, badges: list[str], details: list[str], notes: str) -> str:
    """Rich-text tooltip: the sheet at a glance."""
    lines = [f"<b>{html.escape(name)}</b> — {html.escape(side)}"]
    lines += [html.escape(b) for b in badges]
    lines += [f"<span style='color:#555'>{html.escape(d)}</span>" for d in details]
    if notes.strip():
        lines.append(f"<i>{html.escape(notes.strip().splitlines()[0][:120])}</i>")
    return "<br>".join(lines)
