"""The grid points a line from one grid point reaches unblocked, all at once (issue 38): what
`Tracer.between` says of each, found by sweeping each octant column by column.

In an octant the points are (u, v) with 0 <= v <= u, u along its main axis, and a line from
the origin is its slope v / u (`slopes`). What lies between columns u and u + 1 hides the
slopes whose lines cross it there: a solid wall across (the open interval between its ends:
touching a wall's end does not block), a solid square (the open interval its inside spans),
a wall along (likewise); a point passed closed on both sides (`Tracer.point`) hides its own
slope; a line along the axis is closed where solid squares stand on both sides of it
(`Tracer._run`). A point is reached when its slope is not hidden by what lies before it.

The slopes still open are kept as runs of slope bits (`Open`): a sweep costs what it reaches
and what it meets, however many slopes the table holds (P14)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from gui.engine.grid.area_lines import PLACE
from gui.engine.grid.squares import Cell, Point
from gui.engine.sight.runs import Bits, Bounds
from gui.engine.sight.slopes import Slopes
from gui.engine.sight.solids import CLOSED, Along


class Reached:
    """What the sweep from one grid point found: the points off the axes some line reaches
    unblocked (`lines[way][axis]`: by the way the line goes, `PLACE`, and the main axis of
    the octant swept, as `Bits`); how many points in a row from it are reached along each
    axis (`axes`, by way); and the solid squares a line crosses, unblocked before, to reach
    their far corner (the target square's own inside never blocks a line to it) as (that
    corner, the square). Read only once made: a caller may keep it."""

    def __init__(self) -> None:
        self.lines: list[tuple[Bits, Bits]] = [({}, {}) for _ in range(8)]
        self.axes = [0] * 8
        self.through: list[tuple[Point, Cell]] = []


def sweep(
    masks: dict[Point, int],
    along: tuple[tuple[Along, Along], tuple[Along, Along]],
    table: Slopes,
    origin: Point,
    own: frozenset[Cell],
    bounds: Bounds,
) -> Reached:
    """Every point within `bounds` (grid points x0..x1, y0..y1) that a line from `origin`
    reaches with nothing solid between (`masks`, the solid places round each point, and
    `along`, `Solids.along`, with the viewer's solid squares `own` left out), the slopes
    numbered by `table` (of an order at least the farthest point's)."""
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
                    solid = along[axis][side < 0]
                    octant = _Octant(masks, solid, origin, own, (axis, sign, side), bounds)
                    octant.run(table, reach, wide, out)
    return out


class Open:
    """The slopes of an octant no line is hidden at yet: sorted runs of slope bits, the n-th
    from `low[n]` to `high[n]` (both open)."""

    __slots__ = ("high", "low")

    def __init__(self, last: int) -> None:
        self.low, self.high = [0], [last]

    def has(self, bit: int) -> bool:
        """Whether a slope is open."""
        n = bisect_right(self.low, bit) - 1
        return n >= 0 and self.high[n] >= bit

    def hide(self, first: int, last: int) -> None:
        """Hide the slopes `first` to `last` (none when `last` < `first`)."""
        low, high = self.low, self.high
        n = bisect_left(high, first)  # the first run that ends at or past `first`
        if n == len(high) or low[n] > last or first > last:
            return
        m = bisect_right(low, last, n)  # the runs n to m - 1 meet the slopes hidden
        lows, highs = [], []
        if low[n] < first:
            lows.append(low[n])
            highs.append(first - 1)
        if high[m - 1] > last:
            lows.append(last + 1)
            highs.append(high[m - 1])
        low[n:m], high[n:m] = lows, highs

    def below(self, top: int) -> None:
        """Hide every slope past `top`."""
        low, high = self.low, self.high
        while high and high[-1] > top:
            if low[-1] > top:
                low.pop()
                high.pop()
            else:
                high[-1] = top


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

    def run(self, table: Slopes, reach: int, wide: int, out: Reached) -> None:
        """Sweep columns 1 to `reach`, rows 0 to `wide`, adding what is reached to `out`."""
        at, fraction = table.at, table.fraction
        masks, cross, side, sign = self.masks, self.cross, self.side, self.sign
        columns = self.along.columns[sign < 0]
        line_at, square_at = self.line_at, self.square_at
        off_axis = out.lines[self.way_diagonal][self.axis]
        closed_axis = CLOSED[(self.way_axis + 4) % 8 * 8 + self.way_axis]
        closed_diagonal = CLOSED[(self.way_diagonal + 4) % 8 * 8 + self.way_diagonal]
        opened = Open(table.count - 1)
        low, high, hide = opened.low, opened.high, opened.hide
        found = columns.get(self.main)
        for first, last in self._strip(table, 0, 0, 1, opened, reach, wide, out, found):
            hide(first, last)
        main, axis_way, axis = self.main, self.way_axis, self.axis
        for u in range(1, reach + 1):
            if wide < u:  # slopes past wide / u lead out of the map from this column on
                opened.below(at[u][wide])
            if not low:
                return
            main += sign
            if not low[0] and out.axes[axis_way] < u:  # the slope 0, along the axis
                out.axes[axis_way] = u
            bits = self._rows(fraction, u, low, high)
            if bits:
                off_axis[main] = off_axis.get(main, 0) | bits
            if u == reach:
                return
            found = columns.get(main)
            if found is None:
                continue
            walls, points, squares, along = found
            # The rows where something may still hide an open slope.
            n, d = fraction[low[0]]
            first = max(n * u // d - 1, 0)
            n, d = fraction[high[-1]]
            # Rows past u + 1 hide nothing in the octant.
            last = min(-(-n * (u + 1) // d) + 1, wide, u + 1)
            here = at[u]
            if walls:
                lo, hi = square_at + first, square_at + last
                for c in walls[bisect_left(walls, lo) : bisect_right(walls, hi)]:
                    v = c - square_at
                    hide(here[v] + 1, here[v + 1] - 1)
            if points:
                lo, hi = line_at + first, line_at + (last if last < u else u)
                for c in points[bisect_left(points, lo) : bisect_right(points, hi)]:
                    v = c - line_at
                    x = cross + side * v
                    mask = masks.get((main, x) if axis == 0 else (x, main), 0)
                    if (closed_diagonal if v else closed_axis)[mask]:
                        hide(here[v], here[v])
            if squares or along:
                for lo, hi in self._strip(table, u, first, last, opened, reach, wide, out, found):
                    hide(lo, hi)

    def _rows(
        self, fraction: list[tuple[int, int]], u: int, low: list[int], high: list[int]
    ) -> int:
        """The points of column u off the axis whose slopes are open, as a bitset across: a
        run of open slopes is a run of rows. Going up, the bits are rows v first, moved at
        the end (an origin before the bounds' low end leaves out the points off the map)."""
        shift, up = self.cross - self.low, self.side > 0
        bits = 0
        for start, end in zip(low, high, strict=True):
            a, b = fraction[start]
            first = -(-a * u // b) or 1
            a, b = fraction[end]
            last = a * u // b
            if first <= last:
                width = (1 << (last - first + 1)) - 1
                bits |= width << (first if up else shift - last)
        if not up:
            return bits
        return bits << shift if shift >= 0 else bits >> -shift

    def _strip(
        self,
        table: Slopes,
        u: int,
        first: int,
        last: int,
        opened: Open,
        reach: int,
        wide: int,
        out: Reached,
        found: tuple[list[int], ...] | None,
    ) -> list[tuple[int, int]]:
        """What the strip of squares between columns u and u + 1 hides (rows `first` to
        `last`; `found`: what `Along.columns` has at its first grid line), as runs of slope
        bits; the far corners of its solid squares that a line reaches through them are
        noted first."""
        if found is None:
            return []
        at, own, at_ = table.at, self.own, self.square_at
        rows = [c - at_ for c in _among(found[2], at_ + first - 1, at_ + last)]
        if own:
            rows = [v for v in rows if self.cell(u, v) not in own]
        # A line along the axis is closed between two solid squares (Tracer._run).
        hidden = [(0, 0)] if rows[:2] == [-1, 0] else []
        if not u:
            # The square at the origin hides every slope but the axis.
            if 0 in rows:
                hidden.append((1, table.count - 1))
            return hidden
        here, next_ = at[u], at[u + 1]
        for v in rows:
            if v < 0:
                continue
            if v <= u and v < wide and u < reach and opened.has(next_[v + 1]):
                out.through.append((self.point(u + 1, v + 1), self.cell(u, v)))
            hidden.append((next_[v] + 1, here[v + 1] - 1))
        at_ = self.line_at
        for c in _among(found[3], at_ + max(first, 1), at_ + min(last, u)):
            hidden.append((next_[c - at_] + 1, here[c - at_] - 1))
        return hidden


def _among(values: list[int], low: int, high: int) -> list[int]:
    """The values from `low` to `high` of a sorted list."""
    if not values:
        return values
    return values[bisect_left(values, low) : bisect_right(values, high)]
