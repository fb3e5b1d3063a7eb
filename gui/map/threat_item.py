"""The squares the selected combatant threatens (issue 18): tinted on the grid when the GM
shows them (Affichage › Cases menacées), from its space and reach and the map's walls."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui.engine.contract.base import Ruleset
from gui.engine.grid.board import Board
from gui.engine.grid.reach import Threat, threatened
from gui.engine.grid.squares import Cell, Footprint
from gui.engine.state.model import Combatant, Encounter, Grid
from gui.map.walls_item import cell_rect

TINT = QColor(230, 120, 20, 70)


def threatened_cells(
    enc: Encounter, ruleset: Ruleset, c: Combatant, board: Board
) -> frozenset[Cell]:
    """The squares `c` threatens with its space and reach (none off the grid), not those it
    has no clear line to: a wall, a corner or a low wall between (D35-04)."""
    if enc.map.grid is None or c.position.cell is None:
        return frozenset()
    space = Footprint(c.position.cell, ruleset.space(enc, c))
    return threatened(
        Threat(space, ruleset.reach(enc, c)), ruleset.diagonal(enc), board, open_only=True
    )


class ThreatItem(QGraphicsItem):
    """One item tints every square threatened; hidden when nothing is to show."""

    def __init__(self) -> None:
        super().__init__()
        self.rects: list[QRectF] = []
        self._box = QRectF()
        self.setZValue(-1)  # over the walls, under links and tokens
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def show_cells(self, grid: Grid | None, cells: frozenset[Cell]) -> None:
        self.prepareGeometryChange()
        self.rects = [cell_rect(grid, cell) for cell in cells] if grid is not None else []
        self._box = QRectF()
        for rect in self.rects:
            self._box = self._box.united(rect)
        self.setVisible(bool(self.rects))

    def boundingRect(self) -> QRectF:  # Qt override
        return self._box

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:  # Qt override
        for rect in self.rects:
            painter.fillRect(rect, TINT)
