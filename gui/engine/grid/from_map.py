"""The Board of an encounter's map: its walls and squares as the geometry reads them."""

from __future__ import annotations

from ..model import Map
from .board import Board, Square, Terrain, Wall
from .squares import DEFAULT_CELL_M


def board_of(m: Map) -> Board:
    """The map's walls and squares indexed for movement, reach and lines (build it once per
    change of the map, not once per question)."""
    walls = [Wall(tuple(w.start), tuple(w.end), w.blocks) for w in m.walls]
    squares = [
        Square(tuple(s.cell), Terrain(s.terrain) if s.terrain else None, s.blocks)
        for s in m.squares
    ]
    return Board(walls, squares, m.grid.cell_m if m.grid else DEFAULT_CELL_M)
