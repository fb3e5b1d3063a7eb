"""Lines from an area's point of origin (issue 37): how far a square is counted from it, what
a line from it to a square's corner meets, and the squares a line-shaped area passes through
before a barrier stops it. The areas themselves are in `areas`.

The point of origin is a grid intersection, not a square: a line from it leaves no square, so
only what lies between it and the far corner, and what closes the way into the square at that
corner, can obstruct it (as in `tracing`, touching a wall's end or running along a wall does
not)."""

from __future__ import annotations

import weakref

from gui.engine.grid.board import HORIZONTAL, VERTICAL, Board, Obstruction, edge_end
from gui.engine.grid.paths import Diagonal
from gui.engine.grid.squares import Cell, Point
from gui.engine.grid.tracing import Tracer

CLEAR = Obstruction.CLEAR
SOLID = Obstruction.SOLID

# The places around a grid point, numbered as in `tracing`: the ray or square a direction
# (sign of dx, sign of dy) leads to, and the square a cell is, relative to the point.
PLACE = {(1, 0): 0, (1, 1): 1, (0, 1): 2, (-1, 1): 3, (-1, 0): 4, (-1, -1): 5, (0, -1): 6}
PLACE[(1, -1)] = 7
SQUARE_PLACE = {(0, 0): 1, (-1, 0): 3, (-1, -1): 5, (0, -1): 7}


def count(far_x: int, far_y: int, diagonal: Diagonal) -> int:
    """Squares from the origin to a point `far_x`, `far_y` squares away on each axis, counted
    intersection to intersection: "alternate" counts every second diagonal double (d20's
    1-2-1), "chebyshev" counts each diagonal once, "manhattan" twice."""
    big, small = (far_x, far_y) if far_x >= far_y else (far_y, far_x)
    if diagonal == "alternate":
        return big + small // 2
    if diagonal == "manhattan":
        return big + small
    return big


def far_corner(origin: Point, cell: Cell) -> tuple[int, int]:
    """How many squares away, on each axis, the corner of `cell` farthest from the origin is:
    the square is in an area when that corner is (its far edge is within the area)."""
    dx, dy = cell[0] - origin[0], cell[1] - origin[1]
    return (dx + 1 if dx >= 0 else -dx), (dy + 1 if dy >= 0 else -dy)


def reach_level(tracer: Tracer, origin: Point, corner: Point, cell: Cell) -> Obstruction:
    """How much the line from the origin to the corner `corner` of `cell`, into that square,
    is obstructed: what lies between them, then what closes the way into the square there."""
    if corner == origin:  # the square touches the origin: nothing lies between
        return CLEAR
    between = tracer.between(origin, corner)
    if between == SOLID:
        return SOLID
    dx, dy = corner[0] - origin[0], corner[1] - origin[1]
    way = PLACE[(dx > 0) - (dx < 0), (dy > 0) - (dy < 0)]
    inside = SQUARE_PLACE[cell[0] - corner[0], cell[1] - corner[1]]
    return max(between, tracer.point(corner, (way + 4) % 8, inside))


def seen(tracer: Tracer, origin: Point, cell: Cell, touched: frozenset[Point]) -> bool:
    """Whether some line from the origin reaches a corner of `cell` unblocked: without one the
    square has total cover from the origin (D35-07) and a burst does not reach it. The corner
    nearest the origin is tried first, since it is the likeliest clear and the cheapest; at a
    corner no solid thing touches (`touched`, from `solid_points`), the way into the square
    cannot be closed."""
    x, y = cell
    near_x = x if x >= origin[0] else x + 1
    near_y = y if y >= origin[1] else y + 1
    far_x, far_y = 2 * x + 1 - near_x, 2 * y + 1 - near_y
    for corner in ((near_x, near_y), (far_x, near_y), (near_x, far_y), (far_x, far_y)):
        if corner == origin:
            return True
        if tracer.between(origin, corner) == SOLID:
            continue
        if corner not in touched:
            return True
        dx, dy = corner[0] - origin[0], corner[1] - origin[1]
        way = PLACE[(dx > 0) - (dx < 0), (dy > 0) - (dy < 0)]
        inside = SQUARE_PLACE[x - corner[0], y - corner[1]]
        if tracer.point(corner, (way + 4) % 8, inside) < SOLID:
            return True
    return False


# A Board is not changed once built (a changed map is a new Board): what is derived from it
# lives as long as it does.
_TOUCHED: weakref.WeakKeyDictionary[Board, frozenset[Point]] = weakref.WeakKeyDictionary()


def solid_points(board: Board) -> frozenset[Point]:
    """The grid points a solid wall or a solid square touches: the only ones where the way
    into a square can be closed against a line of effect. Built once per board."""
    found = _TOUCHED.get(board)
    if found is None:
        points: set[Point] = set()
        for edge, level in board.edges.items():
            if level == SOLID:
                points.add((edge[0], edge[1]))
                points.add(edge_end(edge))
        for (x, y), level in board.cells.items():
            if level == SOLID:
                points.update(((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)))
        found = _TOUCHED[board] = frozenset(points)
    return found


def line_cells(
    board: Board, tracer: Tracer, origin: Point, toward: Point, reach: int, diagonal: Diagonal
) -> list[Cell]:
    """The squares a line from `origin` aimed at `toward` passes through, `reach` squares
    long, in order: it stops at a solid wall it would cross, at a point it would pass where
    solid things close it on both sides, and after the first solid square it enters (SRD « it
    extends to the limit of its range or until it strikes a barrier that blocks line of
    effect », hors extrait). A square only touched at a corner is not passed through."""
    ox, oy = origin
    dx, dy = toward[0] - ox, toward[1] - oy
    if dx == 0 or dy == 0:
        return _along(board, origin, dx, dy, reach)
    sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    adx, ady = abs(dx), abs(dy)
    way = PLACE[sx, sy]
    ex, ey = int(sx > 0), int(sy > 0)
    cx, cy = ox - 1 + ex, oy - 1 + ey
    # As in tracing: the next vertical grid line is crossed at across / (adx * ady), the next
    # horizontal one at down / (adx * ady); a tie is a grid point passed through.
    across, down = ady, adx
    cells, edges = board.cells, board.edges
    out: list[Cell] = []
    while True:
        # The far corner only moves away along the line, so the first square too far ends it.
        if count(abs(cx + ex - ox), abs(cy + ey - oy), diagonal) > reach:
            return out
        out.append((cx, cy))
        if cells.get((cx, cy)) == SOLID:
            return out
        if across < down:
            edge = (cx + ex, cy, VERTICAL)
            cx += sx
            across += ady
        elif down < across:
            edge = (cx, cy + ey, HORIZONTAL)
            cy += sy
            down += adx
        else:
            if tracer.point((cx + ex, cy + ey), (way + 4) % 8, way) == SOLID:
                return out
            cx += sx
            cy += sy
            across += ady
            down += adx
            continue
        if edges.get(edge) == SOLID:
            return out


def _along(board: Board, origin: Point, dx: int, dy: int, reach: int) -> list[Cell]:
    """A line along a grid line passes between two rows (or columns) of squares: both count,
    each until a solid wall across it or after a solid square in it; a wall along the line
    itself does not stop it (hors extrait: the SRD is silent, and a line touching no square
    would be of no use). Its length is counted along it, whatever the diagonal rule."""
    ox, oy = origin
    out: list[Cell] = []
    step = 1 if dx + dy > 0 else -1
    for side in (-1, 0):
        for k in range(reach):
            # The k-th square along, and the edge crossed to enter it from the one before.
            along = k if step > 0 else -1 - k
            if dy == 0:
                cell, edge = (ox + along, oy + side), (ox + k * step, oy + side, VERTICAL)
            else:
                cell, edge = (ox + side, oy + along), (ox + side, oy + k * step, HORIZONTAL)
            if k and board.edges.get(edge) == SOLID:
                break
            out.append(cell)
            if board.cells.get(cell) == SOLID:
                break
    return out
