"""A QGraphicsScene drawing an encounter's zones, links and tokens from the model."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsLineItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
)

from ..engine.model import Combatant, Encounter
from ..engine.rulesets.base import Ruleset
from ..engine.turns import current_entry
from .layout import link_segment, token_slots


def initials(name: str) -> str:
    """Up to two letters for a token: "Traqueur nain" → "TN", "Gobelin 3" → "G3"."""
    words = [w for w in name.replace("-", " ").split() if w]
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    return name[:2].upper() if name else "?"


class EncounterScene(QGraphicsScene):
    """Zones as coloured rectangles, adjacency as dashed lines, combatants as round tokens."""

    def __init__(self, enc: Encounter, ruleset: Ruleset) -> None:
        super().__init__()
        self.enc, self.ruleset = enc, ruleset
        self.token_items: dict[str, QGraphicsEllipseItem] = {}
        self.rebuild()

    def rebuild(self) -> None:
        """Redraw everything from the model (views never hold state of their own)."""
        self.clear()
        self.token_items.clear()
        self._background()
        self._edges()
        for zone in self.enc.map.zones:
            self._zone(zone)
        self._tokens()
        self.setSceneRect(self.itemsBoundingRect().adjusted(-20, -20, 20, 20))

    def _background(self) -> None:
        bg = self.enc.map.background
        if bg is None or not Path(bg.path).is_file():
            return
        item = self.addPixmap(QPixmap(bg.path))
        item.setPos(bg.x, bg.y)
        item.setScale(bg.scale)
        item.setOpacity(bg.opacity)
        item.setZValue(-10)

    def _edges(self) -> None:
        zones = {z.id: z for z in self.enc.map.zones}
        pen = QPen(QColor("#555555"), 2, Qt.PenStyle.DashLine)
        for edge in self.enc.map.edges:
            (x1, y1), (x2, y2) = link_segment(zones[edge.a].rect, zones[edge.b].rect)
            if (x2 - x1) ** 2 + (y2 - y1) ** 2 < 16:  # touching zones: a dot on the border
                dot = self.addEllipse(
                    QRectF(x1 - 4, y1 - 4, 8, 8), QPen(QColor("#555555")), QBrush(QColor("#555555"))
                )
                dot.setZValue(3)
            else:
                line = QGraphicsLineItem(QLineF(QPointF(x1, y1), QPointF(x2, y2)))
                line.setPen(pen)
                line.setZValue(1)
                self.addItem(line)
            if edge.length_m is not None:
                label = self.addSimpleText(f"{edge.length_m:g} m")
                label.setPos((x1 + x2) / 2 + 4, (y1 + y2) / 2 + 2)
                label.setZValue(2)

    def _zone(self, zone) -> None:
        r = zone.rect
        colour = QColor(zone.colour)
        item = QGraphicsRectItem(QRectF(r.x, r.y, r.width, r.height))
        fill = QColor(colour)
        fill.setAlpha(90)
        item.setBrush(QBrush(fill))
        item.setPen(QPen(colour.darker(150), 2))
        item.setToolTip(zone.name)
        self.addItem(item)
        name = QGraphicsSimpleTextItem(zone.name, item)
        font = QFont()
        font.setBold(True)
        name.setFont(font)
        name.setPos(r.x + 6, r.y + 3)

    def _tokens(self) -> None:
        by_zone: dict[str, list[Combatant]] = {}
        for c in self.enc.combatants:
            if c.position.zone is not None:
                by_zone.setdefault(c.position.zone, []).append(c)
        sides = {s.id: s for s in self.enc.sides}
        acting = current_entry(self.enc.turn)
        active = set(acting.members) if acting else set()
        for zone in self.enc.map.zones:
            members = by_zone.get(zone.id, [])
            size, slots = token_slots(zone.rect, len(members))
            for c, (x, y) in zip(members, slots, strict=True):
                self._token(c, x, y, size, QColor(sides[c.side].colour), c.id in active)

    def _token(
        self, c: Combatant, x: float, y: float, size: float, colour: QColor, acting: bool
    ) -> None:
        item = QGraphicsEllipseItem(QRectF(-size / 2, -size / 2, size, size))
        item.setPos(x, y)
        item.setBrush(QBrush(colour))
        item.setPen(QPen(QColor("#f2c200") if acting else colour.darker(170), 4 if acting else 2))
        item.setZValue(5)
        badges = self.ruleset.badges(self.enc, c)
        item.setToolTip("\n".join([f"<b>{c.name}</b>", *badges]).replace("\n", "<br>"))
        text = QGraphicsSimpleTextItem(initials(c.name), item)
        text.setBrush(QBrush(QColor("white")))
        font = QFont()
        font.setBold(True)
        font.setPointSizeF(max(6.0, size / 3.2))
        text.setFont(font)
        box = text.boundingRect()
        text.setPos(-box.width() / 2, -box.height() / 2)
        self.addItem(item)
        self.token_items[c.id] = item
