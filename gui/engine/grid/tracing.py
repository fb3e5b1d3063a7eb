"""What one line from a square corner to a square corner meets (D35-01, D35-05, D35-07).

A line is obstructed by the squares whose inside it crosses (an obstacle square, a creature:
soft cover, D35-05) and by the walls it crosses; it is not obstructed by running along a wall
or an edge, or by touching the end of a wall or the corner of a square, unless obstacles
close it on both sides there (two squares touching at a corner, a wall going on through a
point, two creatures side by side)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable

from gui.engine.grid.board import HORIZONTAL, VERTICAL, Board, Edge, Obstruction, squares_index
from gui.engine.grid.hits import Hit, Line
from gui.engine.grid.squares import Cell, Footprint, Point

CLEAR = Obstruction.CLEAR
SOLID = Obstruction.SOLID
_UNSEEN = object()


# Around a grid point, eight places in turn: a ray along a grid line (even) or the square
# between two rays (odd). Rays are unit edges, squares are cells, both relative to the point.
_PLACE = {(1, 0): 0, (1, 1): 1, (0, 1): 2, (-1, 1): 3, (-1, 0): 4, (-1, -1): 5, (0, -1): 6}
_PLACE[(1, -1)] = 7
_RAYS = {0: (0, 0, HORIZONTAL), 2: (0, 0, VERTICAL), 4: (-1, 0, HORIZONTAL), 6: (0, -1, VERTICAL)}
_SQUARES = {1: (0, 0), 3: (-1, 0), 5: (-1, -1), 7: (0, -1)}


def _side(first: int, last: int) -> tuple[tuple[int, int, int | None], ...]:
    """The places strictly between two places, turning one way: (x, y, axis) offsets of an
    edge, or (x, y, None) of a square."""
    out = []
    for place in range(first + 1, last if last > first else last + 8):
        place %= 8
        out.append((*_SQUARES[place], None) if place % 2 else _RAYS[place])
    return tuple(out)


# Through a point from one place to another: the places on either side of the way.
# The same place twice (a line leaving into its own square) goes round nothing.
_SIDES = {
    (a, b): (_side(a, b), _side(b, a)) if a != b else ((), ()) for a in range(8) for b in range(8)
}

# Going diagonally through a point, the edges on either side of the way (its squares aside).
_CROSS = {
    way: tuple(tuple(e for e in side if e[2] is not None) for side in _SIDES[(p + 4) % 8, p])
    for way, p in _PLACE.items()
    if p % 2
}


# What a line meets, before it is written up as a Hit: (level, kind, cell, edge, point).
Raw = tuple[Obstruction, str, Cell | None, Edge | None, Point | None]


def _hit(raw: Raw | None) -> Hit | None:
    return None if raw is None else Hit(*raw)


class Tracer:
    """Traces lines for one cover question: the board's obstacles with the creatures as soft
    cover and the two combatants' own squares left out. What lies between the end points of a
    line is remembered (as a level and a place, written up only for the lines explained),
    since neighbouring squares share corners."""

    def __init__(self, board: Board, creatures: Iterable[Footprint], own: Iterable[Cell]) -> None:
        self.edges = board.edges
        self.crossings = board.crossings
        self.squares_on = board.squares_on
        self.cells: dict[Cell, Obstruction] = dict(board.cells)
        extra: list[Cell] = []
        for space in creatures:
            for cell in space.cells():
                if cell not in self.cells:
                    self.cells[cell] = Obstruction.SOFT
                    extra.append(cell)
        for cell in own:
            self.cells.pop(cell, None)
        # Where the creatures stand, beside the board's own index: the combatants' squares left
        # in either only make a run look at a step more.
        self.creatures_on = squares_index(extra)
        self.middles: dict[tuple[Point, Point], Raw | None] = {}
        self.lines: dict[tuple[Point, int, Point, int], Line] = {}

    def between(self, p: Point, q: Point) -> Obstruction:
        """How much what lies strictly between the end points obstructs the line."""
        raw = self.middles.get((p, q), _UNSEEN)
        if raw is _UNSEEN:
            raw = self.middles[p, q] = self.middle(p, q)
        return CLEAR if raw is None else raw[0]

    def level(self, p: Point, a: Cell, q: Point, t: Cell) -> Obstruction:
        """How much the line from the corner `p` of `a` to the corner `q` of `t` is obstructed:
        what lies between the ends first, since it is shared and usually decides."""
        if self.between(p, q) == SOLID:
            return SOLID
        return self.line(p, a, q, t).level

    def line(self, p: Point, a: Cell, q: Point, t: Cell) -> Line:
        """The line from the corner `p` of square `a` to the corner `q` of square `t`; at each
        end it leaves or reaches the square's inside (what touches only a corner is judged
        there as at any point of the line)."""
        key = (p, _inside(p, a), q, _inside(q, t))
        line = self.lines.get(key)
        if line is None:
            line = self.lines[key] = Line(p, q, _hit(self._trace(*key)))
        return line

    def _trace(self, p: Point, leave: int, q: Point, reach: int) -> Raw | None:
        dx, dy = q[0] - p[0], q[1] - p[1]
        way = _PLACE.get(((dx > 0) - (dx < 0), (dy > 0) - (dy < 0)))
        if way is None:  # a corner shared by both squares: straight from one into the other
            return _pinch(self.point(p, leave, reach), p)
        hit = _pinch(self.point(p, leave, way), p)
        if hit is None or hit[0] < SOLID:
            self.between(p, q)
            ends = (self.middles[p, q], _pinch(self.point(q, (way + 4) % 8, reach), q))
            if not way % 2 and ((leave - way) % 8 < 4) != ((reach - way) % 8 < 4):
                ends += (self._along(p, q, way),)
            for later in ends:
                if later is not None and (hit is None or later[0] > hit[0]):
                    hit = later
        return hit

    def point(self, v: Point, come: int, go: int) -> Obstruction:
        """What closes the way through the point `v` from place `come` to place `go`: the
        weaker of the two sides' strongest obstacles."""
        x, y = v
        level = SOLID
        for side in _SIDES[come, go]:
            strongest = CLEAR
            for ox, oy, axis in side:
                if axis is None:
                    found = self.cells.get((x + ox, y + oy), CLEAR)
                else:
                    found = self.edges.get((x + ox, y + oy, axis), CLEAR)
                strongest = max(strongest, found)
            level = min(level, strongest)
            if not level:
                return CLEAR
        return level

    def middle(self, p: Point, q: Point) -> Raw | None:
        """The strongest obstruction between the end points (the first one met), found by
        walking the grid lines and squares the line crosses in order."""
        x0, y0 = p
        dx, dy = q[0] - x0, q[1] - y0
        sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
        if p == q:  # a corner shared by both spaces
            return None
        if dx == 0 or dy == 0:
            return self._run(p, sx, sy, abs(dx) + abs(dy))
        if not self.cells:
            return self._walls_crossed(p, dx, dy, sx, sy)
        cells, edges = self.cells, self.edges
        adx, ady = abs(dx), abs(dy)
        way = _PLACE[(sx, sy)]
        cx, cy = (x0 if sx > 0 else x0 - 1), (y0 if sy > 0 else y0 - 1)
        # The next vertical grid line is crossed at t = across / (adx * ady), the next
        # horizontal one at down / (adx * ady): integers, so a tie is exactly a grid point.
        across, down, last = ady, adx, adx * ady
        hit: Raw | None = None
        top = CLEAR
        while True:
            level = cells.get((cx, cy))
            if level is not None and level > top:
                kind = "creature" if level == Obstruction.SOFT else "square"
                top, hit = level, (level, kind, (cx, cy), None, None)
                if top == SOLID:
                    return hit
            if across < down:
                edge = (cx + (sx > 0), cy, VERTICAL)
                cx += sx
                across += ady
            elif down < across:
                edge = (cx, cy + (sy > 0), HORIZONTAL)
                cy += sy
                down += adx
            elif across == last:
                return hit
            else:
                v = (cx + (sx > 0), cy + (sy > 0))
                level = self.point(v, (way + 4) % 8, way)
                if level > top:
                    top, hit = level, (level, "point", None, None, v)
                    if top == SOLID:
                        return hit
                cx += sx
                cy += sy
                across += ady
                down += adx
                continue
            level = edges.get(edge)
            if level is not None and level > top:
                top, hit = level, (level, "wall", None, edge, None)
                if top == SOLID:
                    return hit

    def _walls_crossed(self, p: Point, dx: int, dy: int, sx: int, sy: int) -> Raw | None:
        """`middle` where no square obstructs: only the walls crossed and the points passed
        count, so only grid lines are looked at."""
        edges = self.edges
        get = edges.get
        adx, ady = abs(dx), abs(dy)
        (a, b), (c, d) = _CROSS[sx, sy]
        cx, cy = (p[0] if sx > 0 else p[0] - 1), (p[1] if sy > 0 else p[1] - 1)
        ex, ey = int(sx > 0), int(sy > 0)
        across, down, last = ady, adx, adx * ady
        hit: Raw | None = None
        top = CLEAR
        while True:
            if across < down:
                edge = (cx + ex, cy, VERTICAL)
                cx += sx
                across += ady
            elif down < across:
                edge = (cx, cy + ey, HORIZONTAL)
                cy += sy
                down += adx
            elif across == last:
                return hit
            else:  # through a point: closed by walls on both sides of the line
                vx, vy = cx + ex, cy + ey
                one = get((vx + a[0], vy + a[1], a[2]), CLEAR)
                two = get((vx + b[0], vy + b[1], b[2]), CLEAR)
                level = one if one > two else two
                if level:
                    one = get((vx + c[0], vy + c[1], c[2]), CLEAR)
                    two = get((vx + d[0], vy + d[1], d[2]), CLEAR)
                    level = min(level, one if one > two else two)
                    if level > top:
                        top, hit = level, (level, "point", None, None, (vx, vy))
                        if top == SOLID:
                            return hit
                cx += sx
                cy += sy
                across += ady
                down += adx
                continue
            level = get(edge)
            if level is not None and level > top:
                top, hit = level, (level, "wall", None, edge, None)
                if top == SOLID:
                    return hit

    def _along(self, p: Point, q: Point, way: int) -> Raw | None:
        """A line along a grid line from a square on one side to a square on the other: it
        slips through unless a wall runs its whole length (the weakest part counts)."""
        ox, oy, axis = _RAYS[way]
        sx, sy = q[0] - p[0], q[1] - p[1]
        length = abs(sx) + abs(sy)
        sx, sy = sx // length, sy // length
        walls = [(p[0] + ox + sx * k, p[1] + oy + sy * k, axis) for k in range(length)]
        level = min(self.edges.get(edge, CLEAR) for edge in walls)
        return (level, "wall", None, walls[0], None) if level else None

    def _run(self, p: Point, sx: int, sy: int, length: int) -> Raw | None:
        """A line along a grid line: closed where obstacles stand on both sides of it. Only
        the steps where something can close it are looked at: where a wall goes on through
        it, and beside the squares in the rows (or columns) on either side."""
        way = _PLACE[(sx, sy)]
        hit: Raw | None = None
        for k in self._stops(p, sx, sy, length):
            x, y = p[0] + sx * k, p[1] + sy * k
            if k:
                pinch = self.point((x, y), (way + 4) % 8, way)
                if pinch and (hit is None or pinch > hit[0]):
                    hit = (pinch, "point", None, None, (x, y))
            if sy == 0:
                left, right, edge = (
                    (min(x, x + sx), y - 1),
                    (min(x, x + sx), y),
                    (min(x, x + sx), y, HORIZONTAL),
                )
            else:
                left, right, edge = (
                    (x - 1, min(y, y + sy)),
                    (x, min(y, y + sy)),
                    (x, min(y, y + sy), VERTICAL),
                )
            level = min(self.cells.get(left, CLEAR), self.cells.get(right, CLEAR))
            if level and (hit is None or level > hit[0]):
                hit = (Obstruction(level), "between", None, edge, None)
            if hit is not None and hit[0] == SOLID:
                return hit
        return hit

    def _stops(self, p: Point, sx: int, sy: int, length: int) -> list[int]:
        """The steps k of a run from `p` (the point k steps on, and the edge after it) where
        something may close it, in order: a superset, each is judged in full."""
        if sy == 0:
            run, start, step = (HORIZONTAL, p[1]), p[0], sx
        else:
            run, start, step = (VERTICAL, p[0]), p[1], sy
        # The points from the start up to the one before the end: steps 0 to length - 1.
        lo, hi = (start, start + length - 1) if step > 0 else (start - length + 1, start)
        crossings = self.crossings.get(run, ())
        at = crossings[bisect_left(crossings, lo) : bisect_right(crossings, hi)]
        axis, k = run
        beside = [
            c
            for index in (self.squares_on, self.creatures_on)
            for line in ((axis, k - 1), run)
            for c in index.get(line, ())
            if lo - 1 <= c <= hi
        ]
        if beside:
            # The edge from c to c + 1 beside a square is the step from c going up, from
            # c + 1 going down: both points are stops.
            points = {*at, *beside, *(c + 1 for c in beside)}
            at = sorted(c for c in points if lo <= c <= hi)
        # The point at c is step (c - start) * step.
        return [c - start for c in at] if step > 0 else [start - c for c in reversed(at)]


def _pinch(level: Obstruction, v: Point) -> Raw | None:
    return (level, "point", None, None, v) if level else None


def _inside(corner: Point, cell: Cell) -> int:
    """The place, around one of its corners, of the inside of a square."""
    return _PLACE[(1 if corner[0] == cell[0] else -1, 1 if corner[1] == cell[1] else -1)]
