"""The Board of an encounter's map: its walls and squares as the geometry reads them."""

from __future__ import annotations

from gui.engine.grid.board import Board, Square, Terrain, Wall
from gui.engine.grid.squares import DEFAULT_CELL_M
from gui.engine.state.model import Map


def board_of(m: Map) -> Board:
    """The map's walls and squares indexed for movement, reach and lines (build it once per
    change of the map, not once per question): an open door is no wall."""
    walls = [Wall(tuple(w.start), tuple(w.end), w.blocks) for w in m.walls if w.door != "open"]
    squares = [
        Square(tuple(s.cell), Terrain(s.terrain) if s.terrain else None, s.blocks, s.dark)
        for s in m.squares
    ]
    return Board(walls, squares, m.grid.cell_m if m.grid else DEFAULT_CELL_M)
