"""The Board of an encounter's map: its walls and squares as the geometry reads them."""

from __future__ import annotations

from gui.engine.grid.board import Board, Square, Terrain, Wall
from gui.engine.grid.squares import DEFAULT_CELL_M
from gui.engine.state.model import Map

_KEPT = "_board"  # where a map keeps its board (an attribute that is not a field)


def board_of(m: Map) -> Board:
    """The map's walls and squares indexed for movement, reach, lines and sight: an open door
    is no wall. Kept on the map until its walls, doors, squares or scale change (a move, an
    attack, a sight asks it again and again: built once, not once per question)."""
    cell_m = m.grid.cell_m if m.grid else DEFAULT_CELL_M
    key = (id(m.walls), len(m.walls), id(m.squares), len(m.squares), cell_m, _doors(m))
    kept = m.__dict__.get(_KEPT)
    if kept is not None and kept[0] == key:
        return kept[1]
    walls = [Wall(tuple(w.start), tuple(w.end), w.blocks) for w in m.walls if w.door != "open"]
    squares = [
        Square(tuple(s.cell), Terrain(s.terrain) if s.terrain else None, s.blocks, s.dark)
        for s in m.squares
    ]
    board = Board(walls, squares, cell_m)
    m.__dict__[_KEPT] = (key, board)
    return board


def _doors(m: Map) -> tuple[int, ...]:
    """Where the open doors are: opening or closing one changes the board in place."""
    return tuple(i for i, w in enumerate(m.walls) if w.door == "open")
