"""Why a target has cover, drawn on the grid while an action aims at it (issue 18): the
attacker's and the target's squares the call picked, the lines that decide — clear in green,
obstructed in the colour of what they meet, the obstruction ringed — the line of a flank
when there is one, and the call written beside the target in the ruleset's words
(Ruleset.cover_words and flank_words: cover D35-01 to D35-07, flanking D35-66)."""

from __future__ import annotations

from msgspec import Struct
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from gui.boot.i18n import either
from gui.engine.contract.base import Ruleset
from gui.engine.grid.board import Board, Obstruction, edge_end
from gui.engine.grid.flanking import FlankCall
from gui.engine.grid.hits import Hit
from gui.engine.grid.lines import CoverCall
from gui.engine.grid.placed import cover_between, flanked_by, squares_apart
from gui.engine.grid.squares import Cell
from gui.engine.state.model import Encounter, Grid
from gui.map.walls_item import cell_rect, scene_point

LEVEL_COLOUR = {
    Obstruction.CLEAR: QColor("#2e7d32"),
    Obstruction.SOFT: QColor("#f9a825"),
    Obstruction.COVER: QColor("#ef6c00"),
    Obstruction.SOLID: QColor("#c62828"),
}
FLANK = QColor("#6a1b9a")
LABEL_WIDTH = 320.0  # scene units: the call's text wraps at this width


class Aim(Struct, frozen=True):
    """What the overlay draws: a cover call, maybe a flanking call, and the text beside the
    target (the calls in the GM's language)."""

    cover: CoverCall
    flank: FlankCall | None
    text: str


class AimItem(QGraphicsItem):
    """Hidden until `show_aim`; one item paints the squares and lines, a child the text."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(35)  # over the tokens, under the dragged path
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.squares: list[QRectF] = []
        self.lines: list[tuple[QLineF, QColor]] = []
        self.rings: list[tuple[QPointF, QColor]] = []
        self._box = QRectF()
        self._text_items: tuple[QGraphicsRectItem, QGraphicsTextItem] | None = None
        self.text = ""
        self.hide()

    def show_aim(self, grid: Grid, aim: Aim) -> None:
        self.prepareGeometryChange()
        call = aim.cover
        self.squares = [cell_rect(grid, call.attacker_square), cell_rect(grid, call.target_square)]
        self.lines, self.rings = [], []
        for line in call.lines:
            colour = LEVEL_COLOUR[line.level]
            self.lines.append(
                (QLineF(scene_point(grid, line.start), scene_point(grid, line.end)), colour)
            )
            if line.hit is not None:
                self.rings.append((_hit_point(grid, line.hit), colour))
        if aim.flank is not None and aim.flank.flanked and aim.flank.squares:
            a, b = aim.flank.squares
            self.lines.append((QLineF(_centre(grid, a), _centre(grid, b)), FLANK))
        self._box = QRectF()
        for rect in self.squares:
            self._box = self._box.united(rect)
        for line, _ in self.lines:
            self._box = self._box.united(QRectF(line.p1(), line.p2()).normalized())
        self._box = self._box.adjusted(-10, -10, 10, 10)
        self.text = aim.text
        back, label = self._text()
        label.setPlainText(aim.text)
        # Under the lines, from their left: the action dialog opens at the window's right.
        label.setPos(self._box.bottomLeft() + QPointF(0, 4))
        back.setRect(label.mapRectToParent(label.boundingRect()))
        self.show()
        self.update()

    def _text(self) -> tuple[QGraphicsRectItem, QGraphicsTextItem]:
        """The text beside the target and its back, made at the first aim (a text item lays out a
        document: a cost every map would pay at start-up for what only aimed attacks show)."""
        if self._text_items is None:
            back = QGraphicsRectItem(self)
            back.setPen(QPen(QColor("#555555"), 1))
            back.setBrush(QColor(255, 255, 255, 235))
            label = QGraphicsTextItem(self)
            label.setTextWidth(LABEL_WIDTH)
            self._text_items = back, label
        return self._text_items

    def boundingRect(self) -> QRectF:  # Qt override
        return self._box

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:  # Qt override
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor("#1e88e5"), 3, Qt.PenStyle.DashLine))
        for rect in self.squares:
            painter.drawRect(rect)
        for line, colour in self.lines:
            painter.setPen(QPen(colour, 2 if colour != FLANK else 3))
            painter.drawLine(line)
        for point, colour in self.rings:
            painter.setPen(QPen(colour, 3))
            painter.setBrush(QBrush(QColor(colour.red(), colour.green(), colour.blue(), 60)))
            painter.drawEllipse(point, 9, 9)


def _centre(grid: Grid, cell: Cell) -> QPointF:
    return cell_rect(grid, cell).center()


def _hit_point(grid: Grid, hit: Hit) -> QPointF:
    """Where to ring what obstructs a line: the square's centre, the wall edge's middle, or
    the point passed."""
    if hit.cell is not None:
        return _centre(grid, hit.cell)
    if hit.edge is not None:
        start = scene_point(grid, hit.edge[:2])
        return (start + scene_point(grid, edge_end(hit.edge))) / 2
    return scene_point(grid, hit.point)


def aim_between(
    enc: Encounter, ruleset: Ruleset, actor: str, target: str, board: Board
) -> Aim | None:
    """The cover `target` has against `actor` and whether `actor` flanks it, when both stand
    on the grid: melee lines when they are adjacent, else the ranged corner rule (D35-01)."""
    try:
        a, t = enc.combatant(actor), enc.combatant(target)
    except KeyError:
        return None
    melee = squares_apart(enc, ruleset, a, t) == 1
    call = cover_between(enc, ruleset, a, t, melee=melee, board=board)
    if call is None or a.id == t.id:
        return None
    flank = flanked_by(enc, ruleset, a, t, board) if a.side != t.side else None
    lines = [f"{a.name} → {t.name}", either(*ruleset.cover_words(enc, call))]
    if flank is not None and flank.flanked:
        lines.append(either(*ruleset.flank_words(enc, flank)))
    return Aim(call, flank, "\n".join(lines))
