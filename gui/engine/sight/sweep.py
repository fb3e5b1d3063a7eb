"""The grid points a line from one grid point reaches unblocked, all at once (issue 38): what
`Tracer.between` says of each, found by sweeping each octant column by column.

In an octant the points are (u, v) with 0 <= v <= u, u along its main axis, and a line from
the origin is its slope v / u (`slopes`). What lies between columns u and u + 1 hides the
slopes whose lines cross it there: a solid wall across (the open interval between its ends:
touching a wall's end does not block), a solid square (the open interval its inside spans),
a wall along (likewise); a point passed closed on both sides (`Tracer.point`) hides its own
slope; a line along the axis is closed where solid squares stand on both sides of it
(`Tracer._run`). A point is reached when its slope is not hidden by what lies before it."""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from gui.engine.grid.area_lines import PLACE
from gui.engine.grid.squares import Cell, Point
from gui.engine.sight.slopes import Slopes, between
from gui.engine.sight.solids import Along, closes

# The cells of the map looked at: columns x0 to x1 - 1 and rows y0 to y1 - 1.
Bounds = tuple[int, int, int, int]


class Reached:
    """What the sweep from one grid point found: the points some line reaches unblocked, by
    the way the line goes (`PLACE`), and the solid squares a line crosses, unblocked before,
    to reach their far corner (the target square's own inside never blocks a line to it) as
    (that corner, the square)."""

    def __init__(self) -> None:
        self.points: list[set[Point]] = [set() for _ in range(8)]
        self.through: list[tuple[Point, Cell]] = []


def sweep(
    masks: dict[Point, int],
    along: tuple[Along, Along],
    tables: tuple[Slopes, Slopes],
    origin: Point,
    own: frozenset[Cell],
    bounds: Bounds,
) -> Reached:
    """Every point within `bounds` (grid points x0..x1, y0..y1) that a line from `origin`
    reaches with nothing solid between (the squares `own` left out, as from `masks`, the
    solid places round each point). An octant is swept with the `tables`' first, short and
    quick, and again with the second only if some line goes on past its end."""
    x0, y0, x1, y1 = bounds
    ox, oy = origin
    # How far the points go from the origin in each direction of each axis.
    far = {(0, 1): x1 - ox, (0, -1): ox - x0, (1, 1): y1 - oy, (1, -1): oy - y0}
    out = Reached()
    for axis in (0, 1):
        for sign in (1, -1):
            for side in (1, -1):
                reach, wide = far[axis, sign], far[1 - axis, side]
                if reach > 0 and wide >= 0:
                    octant = _Octant(masks, along[axis], origin, own, axis, sign, side)
                    short, full = tables
                    if (
                        octant.run(short, min(reach, short.order), wide, out)
                        and reach > short.order
                    ):
                        octant.run(full, reach, wide, out)
    return out


class _Octant:
    """One octant's sweep: `axis` its main axis, `sign` the way along it, `side` the way
    across it."""

    def __init__(
        self,
        masks: dict[Point, int],
        along: Along,
        origin: Point,
        own: frozenset[Cell],
        axis: int,
        sign: int,
        side: int,
    ) -> None:
        self.masks, self.along, self.own = masks, along, own
        self.axis, self.sign, self.side = axis, sign, side
        self.main, self.cross = origin[axis], origin[1 - axis]
        step = [0, 0]
        step[axis] = sign
        self.way_axis = PLACE[step[0], step[1]]
        step[1 - axis] = side
        self.way_diagonal = PLACE[step[0], step[1]]

    def point(self, u: int, v: int) -> Point:
        main, cross = self.main + self.sign * u, self.cross + self.side * v
        return (main, cross) if self.axis == 0 else (cross, main)

    def cell(self, u: int, v: int) -> Cell:
        """The square between columns u and u + 1 and rows v and v + 1."""
        main = self.main + u if self.sign > 0 else self.main - u - 1
        cross = self.cross + v if self.side > 0 else self.cross - v - 1
        return (main, cross) if self.axis == 0 else (cross, main)

    def _rows(self, values: list[int] | None, low: int, high: int, squares: bool) -> list[int]:
        """The rows v from `low` to `high` among `values` (a line's list in `Along`): a
        square's (or an edge's from v to v + 1) when `squares`, else a grid line's."""
        if not values:
            return []
        cross = self.cross
        if self.side > 0:
            return [
                c - cross
                for c in values[
                    bisect_left(values, cross + low) : bisect_right(values, cross + high)
                ]
            ]
        cross -= 1 if squares else 0
        found = values[bisect_left(values, cross - high) : bisect_right(values, cross - low)]
        return [cross - c for c in reversed(found)]

    def run(self, table: Slopes, reach: int, wide: int, out: Reached) -> bool:
        """Sweep columns 1 to `reach`, rows 0 to `wide`, adding what is reached to `out`;
        whether some line is still open at the last column."""
        at, count, fraction, column = table.at, table.count, table.fraction, table.column
        masks, cross, side = self.masks, self.cross, self.side
        across, touched = self.along.across, self.along.points
        on_axis, off_axis = out.points[self.way_axis], out.points[self.way_diagonal]
        through_axis = ((self.way_axis + 4) % 8, self.way_axis)
        through_diagonal = ((self.way_diagonal + 4) % 8, self.way_diagonal)
        blocked = self._strip(table, 0, 0, 1, 0, reach, wide, out)
        for u in range(1, reach + 1):
            # Slopes past wide / u lead out of the map from this column on.
            top = count - 1 if wide >= u else at[u][wide]
            inside = (1 << (top + 1)) - 1
            open_ = inside & ~blocked
            if not open_:
                return False
            seen = column[u] & open_
            main = self.main + self.sign * u
            if seen & 1:  # bit 0: the slope 0, along the axis
                on_axis.add((main, cross) if self.axis == 0 else (cross, main))
                seen ^= 1
            if seen and seen == column[u] & inside & ~1:  # the whole column: no bits to read
                ends = (cross + side, cross + side * min(u, wide) + side)
                if self.axis == 0:
                    off_axis.update((main, v) for v in range(*ends, side))
                else:
                    off_axis.update((v, main) for v in range(*ends, side))
                seen = 0
            while seen:
                low = seen & -seen
                seen ^= low
                n, d = fraction[low.bit_length() - 1]
                v = cross + side * n * (u // d)
                off_axis.add((main, v) if self.axis == 0 else (v, main))
            if u == reach:
                return True
            # The rows where something may still hide an open slope.
            n, d = fraction[(open_ & -open_).bit_length() - 1]
            first = max(n * u // d - 1, 0)
            n, d = fraction[open_.bit_length() - 1]
            # Rows past u + 1 hide nothing in the octant.
            last = min(-(-n * (u + 1) // d) + 1, wide, u + 1)
            here = at[u]
            for v in self._rows(across.get(main), first, last, True):
                blocked |= between(here[v], here[v + 1])
            for v in self._rows(touched.get(main), first, min(last, u), False):
                come, go = through_diagonal if v else through_axis
                x = cross + side * v
                if closes(masks.get((main, x) if self.axis == 0 else (x, main), 0), come, go):
                    blocked |= 1 << here[v]
            blocked |= self._strip(table, u, first, last, blocked, reach, wide, out)
        return False

    def _strip(
        self,
        table: Slopes,
        u: int,
        first: int,
        last: int,
        blocked: int,
        reach: int,
        wide: int,
        out: Reached,
    ) -> int:
        """What the strip of squares between columns u and u + 1 hides (rows `first` to
        `last`); the far corners of its solid squares that a line reaches through them are
        noted first."""
        at, along, own = table.at, self.along, self.own
        strip = self.main + u if self.sign > 0 else self.main - u - 1
        rows = self._rows(along.squares.get(strip), first - 1, last, True)
        if own:
            rows = [v for v in rows if self.cell(u, v) not in own]
        # A line along the axis is closed between two solid squares (Tracer._run).
        hidden = 1 if rows[:2] == [-1, 0] else 0
        if not u:
            # The square at the origin hides every slope but the axis.
            return hidden | (between(0, table.count) if 0 in rows else 0)
        here, next_ = at[u], at[u + 1]
        for v in rows:
            if v < 0:
                continue
            if v <= u and v < wide and u < reach and not blocked >> next_[v + 1] & 1:
                out.through.append((self.point(u + 1, v + 1), self.cell(u, v)))
            hidden |= between(next_[v], here[v + 1])
        for v in self._rows(along.along.get(strip), max(first, 1), min(last, u), False):
            hidden |= between(next_[v], here[v])
        return hidden
