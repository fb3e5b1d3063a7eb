"""Straight-line movement (charge D35-20, run D35-34): the squares a space passes through
when its centre moves in a straight line, and what the way costs and meets."""

from __future__ import annotations

from msgspec import Struct

from gui.engine.grid.board import Board
from gui.engine.grid.paths import PathCost, path_cost
from gui.engine.grid.squares import Cell, Footprint
from gui.engine.space.zones import Diagonal


class GridPath(Struct, frozen=True):
    """The stops of a move (the space's top-left square, start and end included)
    and their cost; `clear` when no step is forbidden and none is in difficult terrain, as
    a charge needs."""

    cells: tuple[Cell, ...]
    cost: PathCost

    @property
    def clear(self) -> bool:
        return all(step.blocked is None and not step.difficult for step in self.cost.steps)


def straight_path(
    board: Board,
    start: Footprint,
    end: Cell,
    diagonal: Diagonal = "alternate",
    *,
    parity: int = 0,
) -> GridPath:
    """The squares crossed by the centre of `start` moving straight to where its top-left
    square is `end`; where the line passes exactly through a corner, a diagonal step."""
    (x0, y0), (x1, y1) = start.origin, end
    dx, dy = x1 - x0, y1 - y0
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    adx, ady = abs(dx), abs(dy)
    # Centre to centre: the k-th column line is crossed at t = (2k - 1) / (2 adx).
    across, down = ady, adx
    cells = [start.origin]
    cx, cy = x0, y0
    while (cx, cy) != end:
        if ady == 0 or (adx and across < down):
            cx += sx
            across += 2 * ady
        elif adx == 0 or down < across:
            cy += sy
            down += 2 * adx
        else:
            cx, cy = cx + sx, cy + sy
            across += 2 * ady
            down += 2 * adx
        cells.append((cx, cy))
    return GridPath(tuple(cells), path_cost(board, cells, diagonal, parity=parity, side=start.side))
