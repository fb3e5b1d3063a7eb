"""What a line from a square corner to a square corner meets, written up in French and in
English: the hit that obstructs it most, and the line itself."""

from __future__ import annotations

from typing import Literal

from msgspec import Struct

from gui.engine.grid.board import Edge, Obstruction, edge_text
from gui.engine.grid.squares import Cell, Point, cell_text


class Hit(Struct, frozen=True):
    """What obstructs a line most (the first such thing from its start): a wall it crosses,
    a square or a creature it goes through, a point it passes closed on both sides, or an
    edge it runs along between two obstacles."""

    level: Obstruction
    kind: Literal["wall", "square", "creature", "point", "between"]
    cell: Cell | None = None
    edge: Edge | None = None
    point: Point | None = None

    @property
    def fr(self) -> str:
        what = _LEVEL_FR[self.level]
        if self.kind == "wall":
            return f"traverse le mur {edge_text(self.edge)} {what}"
        if self.kind == "square":
            return f"traverse la case {cell_text(self.cell)} {what}"
        if self.kind == "creature":
            return f"traverse la créature en {cell_text(self.cell)} (abri mou)"
        if self.kind == "point":
            return f"passe par le point {cell_text(self.point)}, fermé des deux côtés {what}"
        return f"longe le bord {edge_text(self.edge)} entre deux obstacles {what}"

    @property
    def en(self) -> str:
        what = _LEVEL_EN[self.level]
        if self.kind == "wall":
            return f"crosses the wall {edge_text(self.edge)} {what}"
        if self.kind == "square":
            return f"crosses the square {cell_text(self.cell)} {what}"
        if self.kind == "creature":
            return f"crosses the creature at {cell_text(self.cell)} (soft cover)"
        if self.kind == "point":
            return f"goes through the point {cell_text(self.point)}, closed on both sides {what}"
        return f"runs along the edge {edge_text(self.edge)} between two obstacles {what}"


_LEVEL_FR = {
    Obstruction.SOFT: "(abri mou)",
    Obstruction.COVER: "(donne un abri)",
    Obstruction.SOLID: "(bloque la ligne d'effet)",
}
_LEVEL_EN = {
    Obstruction.SOFT: "(soft cover)",
    Obstruction.COVER: "(gives cover)",
    Obstruction.SOLID: "(blocks line of effect)",
}


class Line(Struct, frozen=True):
    """A line from a corner of the attacker's square to a corner of the target's square."""

    start: Point
    end: Point
    hit: Hit | None

    @property
    def level(self) -> Obstruction:
        return Obstruction.CLEAR if self.hit is None else self.hit.level

    @property
    def fr(self) -> str:
        where = f"la ligne {cell_text(self.start)} → {cell_text(self.end)}"
        return f"{where} est dégagée" if self.hit is None else f"{where} {self.hit.fr}"

    @property
    def en(self) -> str:
        where = f"the line {cell_text(self.start)} → {cell_text(self.end)}"
        return f"{where} is clear" if self.hit is None else f"{where} {self.hit.en}"
