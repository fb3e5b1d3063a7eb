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
from gui.engine.sight.runs import Bits, Bounds
from gui.engine.sight.slopes import Slopes, between
from gui.engine.sight.solids import CLOSED, Along

# Up to this many points in a column are found one by one, past it by runs of open slopes.
_FEW = 8


class Reached:
    """What the sweep from one grid point found: the points off the axes some line reaches
    unblocked, added to `lines` (`lines[way][axis]`: by the way the line goes, `PLACE`, and
    the main axis of the octant swept, as `Bits`); how many points in a row from it are
    reached along each axis (`axes`, by way); and the solid squares a line crosses,
    unblocked before, to reach their far corner (the target square's own inside never
    blocks a line to it) as (that corner, the square)."""

    def __init__(self, lines: list[tuple[Bits, Bits]]) -> None:
        self.lines = lines
        self.axes = [0] * 8
        self.through: list[tuple[Point, Cell]] = []


def sweep(
    masks: dict[Point, int],
    along: tuple[tuple[Along, Along], tuple[Along, Along]],
    tables: tuple[Slopes, Slopes],
    origin: Point,
    own: frozenset[Cell],
    bounds: Bounds,
    lines: list[tuple[Bits, Bits]],
) -> Reached:
    """Every point within `bounds` (grid points x0..x1, y0..y1) that a line from `origin`
    reaches with nothing solid between (`masks`, the solid places round each point, and
    `along`, `Solids.along`, with the viewer's solid squares `own` left out). An octant is
    swept with the `tables`' first, short and quick, and again with the second only if some
    line goes on past its end."""
    x0, y0, x1, y1 = bounds
    ox, oy = origin
    # How far the points go from the origin in each direction of each axis.
    far = {(0, 1): x1 - ox, (0, -1): ox - x0, (1, 1): y1 - oy, (1, -1): oy - y0}
    out = Reached(lines)
    short, full = tables
    for axis in (0, 1):
        for sign in (1, -1):
            for side in (1, -1):
                reach, wide = far[axis, sign], far[1 - axis, side]
                if reach > 0 and wide >= 0:
                    solid = along[axis][side < 0]
                    octant = _Octant(masks, solid, origin, own, (axis, sign, side), bounds)
                    if (
                        octant.run(short, min(reach, short.order), wide, out)
                        and reach > short.order
                    ):
                        octant.run(full, reach, wide, out)
    return out


class _Octant:
    """One octant's sweep: `axis` its main axis, `sign` the way along it, `side` the way
    across it; `along` read as is going up across, `mirrored` going down."""

    def __init__(
        self,
        masks: dict[Point, int],
        along: Along,
        origin: Point,
        own: frozenset[Cell],
        turn: tuple[int, int, int],
        bounds: Bounds,
    ) -> None:
        self.masks, self.along, self.own = masks, along, own
        self.axis, self.sign, self.side = axis, sign, side = turn
        self.main, self.cross = origin[axis], origin[1 - axis]
        self.low = bounds[1 - axis]  # bit 0 of the bitsets across
        # Row v of a grid line's (a square's) value c in `along`: c less this.
        up = side > 0
        self.line_at = self.cross if up else -self.cross
        self.square_at = self.cross if up else 1 - self.cross
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

    def run(self, table: Slopes, reach: int, wide: int, out: Reached) -> bool:
        """Sweep columns 1 to `reach`, rows 0 to `wide`, adding what is reached to `out`;
        whether some line is still open at the last column."""
        at, count, fraction, column = table.at, table.count, table.fraction, table.column
        masks, cross, side, sign = self.masks, self.cross, self.side, self.sign
        columns = self.along.columns[sign < 0]
        line_at, square_at = self.line_at, self.square_at
        off_axis = out.lines[self.way_diagonal][self.axis]
        closed_axis = CLOSED[(self.way_axis + 4) % 8 * 8 + self.way_axis]
        closed_diagonal = CLOSED[(self.way_diagonal + 4) % 8 * 8 + self.way_diagonal]
        found = columns.get(self.main)
        blocked = self._strip(table, 0, 0, 1, 0, reach, wide, out, found)
        main, axis_way, axis = self.main, self.way_axis, self.axis
        for u in range(1, reach + 1):
            # Slopes past wide / u lead out of the map from this column on.
            top = count - 1 if wide >= u else at[u][wide]
            open_ = ((1 << (top + 1)) - 1) & ~blocked
            if not open_:
                return False
            main += sign
            seen = column[u] & open_
            if seen & 1:  # bit 0: the slope 0, along the axis
                if out.axes[axis_way] < u:
                    out.axes[axis_way] = u
                seen ^= 1
            if seen:
                off_axis[main] = off_axis.get(main, 0) | self._bits(table, u, seen, open_, wide)
            if u == reach:
                return True
            found = columns.get(main)
            if found is None:
                continue
            walls, points, squares, along = found
            # The rows where something may still hide an open slope.
            n, d = fraction[(open_ & -open_).bit_length() - 1]
            first = max(n * u // d - 1, 0)
            n, d = fraction[open_.bit_length() - 1]
            # Rows past u + 1 hide nothing in the octant.
            last = min(-(-n * (u + 1) // d) + 1, wide, u + 1)
            here = at[u]
            if walls:
                low, high = square_at + first, square_at + last
                for c in walls[bisect_left(walls, low) : bisect_right(walls, high)]:
                    v = c - square_at
                    blocked |= (1 << here[v + 1]) - (1 << (here[v] + 1))
            if points:
                low, high = line_at + first, line_at + (last if last < u else u)
                for c in points[bisect_left(points, low) : bisect_right(points, high)]:
                    v = c - line_at
                    x = cross + side * v
                    mask = masks.get((main, x) if axis == 0 else (x, main), 0)
                    if (closed_diagonal if v else closed_axis)[mask]:
                        blocked |= 1 << here[v]
            if squares or along:
                blocked |= self._strip(table, u, first, last, blocked, reach, wide, out, found)
        return False

    def _bits(self, table: Slopes, u: int, seen: int, open_: int, wide: int) -> int:
        """The points of column u off the axis whose slopes `seen` has (`open_`: every slope
        open), as a bitset across: a run of open slopes is a run of rows, found at once when
        the points are many. Going up, the bits are rows v first, moved at the end (an
        origin before the bounds' low end leaves out the points off the map)."""
        shift, up, fraction = self.cross - self.low, self.side > 0, table.fraction
        base = 0 if up else shift
        many = min(u, wide)
        if seen.bit_count() == many:  # the whole column
            bits = ((1 << many) - 1) << (1 if up else base - many)
        elif seen.bit_count() <= _FEW:
            bits = 0
            while seen:
                bit = seen & -seen
                seen ^= bit
                n, d = fraction[bit.bit_length() - 1]
                v = n * (u // d)
                bits |= 1 << (v if up else base - v)
        else:
            bits, runs = 0, open_ & ~1
            while runs:
                bit = runs & -runs
                past = runs + bit  # the run's bits cleared, the one after it set
                runs &= past
                n, d = fraction[bit.bit_length() - 1]
                first = -(-n * u // d)
                n, d = fraction[(past & -past).bit_length() - 2]
                last = n * u // d
                if first <= last:
                    width = (1 << (last - first + 1)) - 1
                    bits |= width << (first if up else base - last)
        if not up:
            return bits
        return bits << shift if shift >= 0 else bits >> -shift

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
        found: tuple[list[int], ...] | None,
    ) -> int:
        """What the strip of squares between columns u and u + 1 hides (rows `first` to
        `last`; `found`: what `Along.columns` has at its first grid line); the far corners of
        its solid squares that a line reaches through them are noted first."""
        if found is None:
            return 0
        at, own, at_ = table.at, self.own, self.square_at
        rows = [c - at_ for c in _among(found[2], at_ + first - 1, at_ + last)]
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
        at_ = self.line_at
        for c in _among(found[3], at_ + max(first, 1), at_ + min(last, u)):
            hidden |= between(next_[c - at_], here[c - at_])
        return hidden


def _among(values: list[int], low: int, high: int) -> list[int]:
    """The values from `low` to `high` of a sorted list."""
    if not values:
        return values
    return values[bisect_left(values, low) : bisect_right(values, high)]
