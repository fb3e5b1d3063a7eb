"""Lines from an area's point of origin (issue 37): how far a square is counted from it, what
a line from it to a square's corner meets, which squares some line from it reaches (each
alone, or all within a reach at once from tables of shadows), and the squares a line-shaped
area passes through before a barrier stops it. The areas themselves are in `areas`.

The point of origin is a grid intersection, not a square: a line from it leaves no square, so
only what lies between it and the far corner, and what closes the way into the square at that
corner, can obstruct it (as in `tracing`, touching a wall's end or running along a wall does
not)."""

from __future__ import annotations

import functools
import weakref
from bisect import bisect_left

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
    cannot be closed. `reached` answers the same for every square within a reach at once."""
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


# The shadows of solid things round an origin (P13g): a burst asks whether some line reaches
# each of a hundred squares, and most of their corners' lines meet something on a walled map.
# Whether a line from a grid point is blocked depends only on what is solid at the grid points
# it passes near, each told by eight bits; so, once per reach, every line from (0, 0) to the
# points within it is walked and each thing it meets (seen from (0, 0)) notes the line in its
# shadow, a bit per end point. An area then only ORs the shadows of the solid points round
# its origin, and reads its squares off the bits left clear.

# A grid point's mask: a bit for each of its places (as PLACE numbers them) whose thing is
# solid, the rays being the unit edges leaving it, the odd places the squares round it.


def _sides(come: int, go: int) -> tuple[int, int]:
    """The places strictly between `come` and `go` turning each way, as bits: the way
    through a point is closed when something solid stands on both sides (`Tracer.point`).
    A line leaving into the square it came from goes round nothing."""
    if come == go:
        return 0, 0
    one = sum(1 << (p % 8) for p in range(come + 1, go if go > come else go + 8))
    two = sum(1 << (p % 8) for p in range(go + 1, come if come > go else come + 8))
    return one, two


_SIDE_BITS = {(come, go): _sides(come, go) for come in range(8) for go in range(8)}


def _closes(mask: int, come: int, go: int) -> bool:
    one, two = _SIDE_BITS[come, go]
    return bool(mask & one and mask & two)


# What a line meets, in the shadows' parts, named by the grid point it is told at: the square
# whose top-left corner the point is (place 1), the edge leaving it east (place 0) or south
# (place 2), the edge leaving it east or south when a line runs along it between two solid
# squares (places 1 and 7, or 1 and 3), and the point itself when a line passes through it.
_SQUARE, _EAST, _SOUTH, _RUN_EAST, _RUN_SOUTH, _THROUGH = range(6)


def _met(tx: int, ty: int) -> list[tuple[int, int, int]]:
    """What the line from (0, 0) to (tx, ty) meets strictly between them, as (x, y, part):
    the walk of `Tracer.middle` (or `Tracer._run` along a grid line), which judges the same
    things by the same rules."""
    sx, sy = (tx > 0) - (tx < 0), (ty > 0) - (ty < 0)
    out: list[tuple[int, int, int]] = []
    if tx == 0 or ty == 0:
        for k in range(abs(tx) + abs(ty)):
            x, y = sx * k, sy * k
            if k:
                out.append((x, y, _THROUGH))
            if sy == 0:
                out.append((min(x, x + sx), y, _RUN_EAST))
            else:
                out.append((x, min(y, y + sy), _RUN_SOUTH))
        return out
    adx, ady = abs(tx), abs(ty)
    ex, ey = int(sx > 0), int(sy > 0)
    cx, cy = ex - 1, ey - 1
    across, down, last = ady, adx, adx * ady
    while True:
        out.append((cx, cy, _SQUARE))
        if across < down:
            out.append((cx + ex, cy, _SOUTH))
            cx += sx
            across += ady
        elif down < across:
            out.append((cx, cy + ey, _EAST))
            cy += sy
            down += adx
        elif across == last:
            return out
        else:
            out.append((cx + ex, cy + ey, _THROUGH))
            cx += sx
            cy += sy
            across += ady
            down += adx


# The reaches tabled: a table's size and the time to build it grow as the reach's fourth
# power (about 6 ms at 12, on first use). Beyond, the lines are traced square by square.
SHADOWED_REACH = 12
# The solid points' shadows kept for each reach, by place round the origin and mask, before
# starting afresh: a map shows a few dozen masks; this only bounds the memory of a freak one.
_KEPT = 1 << 14


# The lanes of the closed ways in, by the corner of the square the point is: (lane, dx, dy)
# from the square's top-left corner, and the lane of the square at each odd place.
_LANES = ((1, 0, 0), (2, 1, 0), (3, 0, 1), (4, 1, 1))
_LANE_OF = {1: 1, 3: 2, 7: 3, 5: 4}


class Shadows:
    """The lines from the origin (0, 0) to the grid points within `reach` on each axis, each a
    bit: the point (x, y) is bit (y + reach) * width + x + reach. The same numbering names a
    square by its top-left corner. Beyond the first `size` bits, four lanes of as many say at
    which points the way into a square is closed, for the square each corner of which the
    point is (top-left, top-right, bottom-left, bottom-right in turn)."""

    def __init__(self, reach: int) -> None:
        self.reach = reach
        self.width = width = 2 * reach + 1
        self.size = size = width * width
        self.full = (1 << size) - 1
        # The corners of a square, by their offset from its top-left corner's bit.
        self.corners = tuple((lane * size, dx + dy * width) for lane, dx, dy in _LANES)
        # For each point (by its bit): the lines each of its parts blocks, and the way the
        # lines from the origin go through it (none at the origin itself).
        self.parts = [[0] * 6 for _ in range(size)]
        self.ways = [_ORIGIN] * size
        for ty in range(-reach, reach + 1):
            for tx in range(-reach, reach + 1):
                if tx or ty:
                    here = (ty + reach) * width + tx + reach
                    self.ways[here] = PLACE[(tx > 0) - (tx < 0), (ty > 0) - (ty < 0)]
                    bit = 1 << here
                    for x, y, part in _met(tx, ty):
                        self.parts[(y + reach) * width + x + reach][part] |= bit
        self.by_key: dict[int, int] = {}

    def of(self, key: int) -> int:
        """The shadow of the point whose bit is `key >> 8` holding the solid places `key & 255`
        (the lines it blocks, and where it closes the way into a square), remembered."""
        found = self.by_key.get(key)
        if found is None:
            if len(self.by_key) >= _KEPT:
                self.by_key.clear()
            here, mask = key >> 8, key & 255
            parts = self.parts[here]
            blocking, closed = _recipe(self.ways[here], mask)
            found = 0
            for part in blocking:
                found |= parts[part]
            for lane in closed:
                found |= 1 << (lane * self.size + here)
            self.by_key[key] = found
        return found


_ORIGIN = 8  # the way of the origin's point: no line goes through it


@functools.cache
def _recipe(way: int, mask: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For a point with the solid places `mask`, reached from the origin going `way`: the parts
    of its shadow that block (`Shadows.parts`), and the lanes of the squares whose way in
    it closes. The square, walls and runs it names are the same whichever way the line goes;
    passing through it and entering a square there are judged as `Tracer.point` does."""
    blocking = []
    if mask & 1 << 1:
        blocking.append(_SQUARE)
        if mask & 1 << 7:
            blocking.append(_RUN_EAST)
        if mask & 1 << 3:
            blocking.append(_RUN_SOUTH)
    if mask & 1 << 0:
        blocking.append(_EAST)
    if mask & 1 << 2:
        blocking.append(_SOUTH)
    if way == _ORIGIN:  # lines leave it: none passes or enters a square there
        return tuple(blocking), ()
    back = (way + 4) % 8
    if _closes(mask, back, way):
        blocking.append(_THROUGH)
    closed = tuple(lane for place, lane in _LANE_OF.items() if _closes(mask, back, place))
    return tuple(blocking), closed


@functools.lru_cache(maxsize=SHADOWED_REACH)
def shadows(reach: int) -> Shadows:
    """The tables for one reach, built at its first area (a few milliseconds)."""
    return Shadows(reach)


# Each row of a board's solid points, as x * 256 + the mask of its solid places, in order.
_ROWS: weakref.WeakKeyDictionary[Board, dict[int, list[int]]] = weakref.WeakKeyDictionary()

# The places a solid thing is at round the points it touches: an edge (x, y, axis) is the ray
# leaving (x, y) and the one coming into its other end; a square is at a place round each of
# its four corners. As (dx, dy, the place's bit) from the edge's or the square's (x, y).
_EDGE_PLACES = {
    HORIZONTAL: ((0, 0, 1 << 0), (1, 0, 1 << 4)),
    VERTICAL: ((0, 0, 1 << 2), (0, 1, 1 << 6)),
}
_SQUARE_PLACES = ((0, 0, 1 << 1), (1, 0, 1 << 3), (1, 1, 1 << 5), (0, 1, 1 << 7))


def _solid_rows(board: Board) -> dict[int, list[int]]:
    """Built once per board (a changed map is a new Board: at the first area after a change),
    from its solid things rather than by asking round each point they touch: P13's 2,000
    walls touch 4,600 points: 2 to 4 ms this way, three times as long the other."""
    found = _ROWS.get(board)
    if found is None:
        rows: dict[int, dict[int, int]] = {}
        for (x, y, axis), level in board.edges.items():
            if level == SOLID:
                for dx, dy, bit in _EDGE_PLACES[axis]:
                    row = rows.get(y + dy)
                    if row is None:
                        row = rows[y + dy] = {}
                    row[x + dx] = row.get(x + dx, 0) | bit
        for (x, y), level in board.cells.items():
            if level == SOLID:
                for dx, dy, bit in _SQUARE_PLACES:
                    row = rows.get(y + dy)
                    if row is None:
                        row = rows[y + dy] = {}
                    row[x + dx] = row.get(x + dx, 0) | bit
        found = _ROWS[board] = {
            y: sorted([x * 256 + mask for x, mask in row.items()]) for y, row in rows.items()
        }
    return found


def reached(
    board: Board, origin: Point, table: Shadows, box: tuple[int, int, int, int] | None = None
) -> int:
    """The squares within the table's reach of `origin` that some line from it reaches at a
    corner unblocked (`seen`, for all of them at once), as bits numbered by `table`: the
    shadows of the solid points round the origin ORed, then for each corner of a square, the
    squares whose line to it is clear and whose way in there is open. With `box` (left, right,
    top, bottom, from the origin), only for the squares whose corners lie in it: all that
    blocks a line lies in the box its ends span, so only the solid points there are read."""
    ox, oy = origin
    reach, width = table.reach, table.width
    left, right, top, bottom = box or (-reach, reach, -reach, reach)
    rows = _solid_rows(board)
    get, of = table.by_key.get, table.of
    low, high = (ox + left) * 256, (ox + right + 1) * 256
    dark = 0
    for y in range(oy + top, oy + bottom + 1):
        codes = rows.get(y)
        if codes is None:
            continue
        start = bisect_left(codes, low)
        if start == len(codes) or codes[start] >= high:
            continue
        # A point's key: its bit shifted past its mask, + the mask (the code's low byte).
        base = ((y - oy + reach) * width + reach - ox) * 256
        for code in codes[start : bisect_left(codes, high, start)]:
            shadow = get(base + code)
            dark |= shadow if shadow is not None else of(base + code)
    if not dark:
        return table.full
    clear = table.full & ~dark
    out = 0
    for lane, shift in table.corners:
        out |= (clear & ~(dark >> lane)) >> shift
    return out


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
