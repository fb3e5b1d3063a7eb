"""The line tracer against a plain reference: every square walked, every point looked at,
nothing skipped or remembered but the middles (the tracer as it was before it learnt to skip
runs of empty grid line and to leave squares out where there are none)."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from gui.engine.grid.board import HORIZONTAL, VERTICAL, Board, Obstruction, Square, Wall
from gui.engine.grid.hits import Hit
from gui.engine.grid.lines import cover
from gui.engine.grid.squares import Cell, Footprint, Point
from gui.engine.grid.tracing import _PLACE, _RAYS, _SIDES, Tracer, _hit, _inside

SOLID = Obstruction.SOLID


class _Reference:
    def __init__(self, board: Board, creatures, own) -> None:
        self.edges = board.edges
        self.cells: dict[Cell, Obstruction] = dict(board.cells)
        for space in creatures:
            for cell in space.cells():
                self.cells.setdefault(cell, Obstruction.SOFT)
        for cell in own:
            self.cells.pop(cell, None)
        self.middles: dict[tuple[Point, Point], Hit | None] = {}

    def line(self, p: Point, a: Cell, q: Point, t: Cell) -> Hit | None:
        return self._trace(p, _inside(p, a), q, _inside(q, t))

    def _trace(self, p: Point, leave: int, q: Point, reach: int) -> Hit | None:
        dx, dy = q[0] - p[0], q[1] - p[1]
        way = _PLACE.get(((dx > 0) - (dx < 0), (dy > 0) - (dy < 0)))
        if way is None:  # a corner shared by both squares: straight from one into the other
            return self.point(p, leave, reach)
        hit = self.point(p, leave, way)
        if hit is None or hit.level < SOLID:
            if (p, q) not in self.middles:
                self.middles[p, q] = self.middle(p, q)
            ends = (self.middles[p, q], self.point(q, (way + 4) % 8, reach))
            if not way % 2 and ((leave - way) % 8 < 4) != ((reach - way) % 8 < 4):
                ends += (self._along(p, q, way),)
            for later in ends:
                if later is not None and (hit is None or later.level > hit.level):
                    hit = later
        return hit

    def point(self, v: Point, come: int, go: int) -> Hit | None:
        """What closes the way through the point `v` from place `come` to place `go`: the
        weaker of the two sides' strongest obstacles."""
        x, y = v
        level = SOLID
        for side in _SIDES[come, go]:
            strongest = Obstruction.CLEAR
            for ox, oy, axis in side:
                if axis is None:
                    found = self.cells.get((x + ox, y + oy), Obstruction.CLEAR)
                else:
                    found = self.edges.get((x + ox, y + oy, axis), Obstruction.CLEAR)
                strongest = max(strongest, found)
            level = min(level, strongest)
            if not level:
                return None
        return Hit(level, "point", point=v)

    def middle(self, p: Point, q: Point) -> Hit | None:
        """The strongest obstruction between the end points (the first one met), found by
        walking the grid lines and squares the line crosses in order."""
        x0, y0 = p
        dx, dy = q[0] - x0, q[1] - y0
        sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
        if p == q:  # a corner shared by both spaces
            return None
        if dx == 0 or dy == 0:
            return self._run(p, sx, sy, abs(dx) + abs(dy))
        cells, edges = self.cells, self.edges
        adx, ady = abs(dx), abs(dy)
        way = _PLACE[(sx, sy)]
        cx, cy = (x0 if sx > 0 else x0 - 1), (y0 if sy > 0 else y0 - 1)
        # The next vertical grid line is crossed at t = across / (adx * ady), the next
        # horizontal one at down / (adx * ady): integers, so a tie is exactly a grid point.
        across, down, last = ady, adx, adx * ady
        hit: Hit | None = None
        top = Obstruction.CLEAR
        while True:
            level = cells.get((cx, cy))
            if level is not None and level > top:
                kind = "creature" if level == Obstruction.SOFT else "square"
                top, hit = level, Hit(level, kind, cell=(cx, cy))
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
                pinch = self.point((cx + (sx > 0), cy + (sy > 0)), (way + 4) % 8, way)
                if pinch is not None and pinch.level > top:
                    top, hit = pinch.level, pinch
                    if top == SOLID:
                        return hit
                cx += sx
                cy += sy
                across += ady
                down += adx
                continue
            level = edges.get(edge)
            if level is not None and level > top:
                top, hit = level, Hit(level, "wall", edge=edge)
                if top == SOLID:
                    return hit

    def _along(self, p: Point, q: Point, way: int) -> Hit | None:
        """A line along a grid line from a square on one side to a square on the other: it
        slips through unless a wall runs its whole length (the weakest part counts)."""
        ox, oy, axis = _RAYS[way]
        sx, sy = q[0] - p[0], q[1] - p[1]
        length = abs(sx) + abs(sy)
        sx, sy = sx // length, sy // length
        walls = [(p[0] + ox + sx * k, p[1] + oy + sy * k, axis) for k in range(length)]
        level = min(self.edges.get(edge, Obstruction.CLEAR) for edge in walls)
        return Hit(level, "wall", edge=walls[0]) if level else None

    def _run(self, p: Point, sx: int, sy: int, length: int) -> Hit | None:
        """A line along a grid line: closed where obstacles stand on both sides of it."""
        way = _PLACE[(sx, sy)]
        hit: Hit | None = None
        for k in range(length):
            x, y = p[0] + sx * k, p[1] + sy * k
            if k:
                pinch = self.point((x, y), (way + 4) % 8, way)
                if pinch is not None and (hit is None or pinch.level > hit.level):
                    hit = pinch
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
            level = min(
                self.cells.get(left, Obstruction.CLEAR), self.cells.get(right, Obstruction.CLEAR)
            )
            if level and (hit is None or level > hit.level):
                hit = Hit(Obstruction(level), "between", edge=edge)
            if hit is not None and hit.level == SOLID:
                return hit
        return hit


_walls = st.lists(
    st.builds(
        lambda x, y, length, vertical, kind: Wall(
            (x, y), (x, y + length) if vertical else (x + length, y), kind
        ),
        st.integers(-1, 7),
        st.integers(-1, 7),
        st.integers(1, 4),
        st.booleans(),
        st.sampled_from(["cover", "solid"]),
    ),
    max_size=25,
)
_squares = st.lists(
    st.builds(
        lambda x, y, kind: Square((x, y), blocks=kind),
        st.integers(-1, 7),
        st.integers(-1, 7),
        st.sampled_from(["cover", "solid"]),
    ),
    max_size=8,
)
_space = st.builds(Footprint, st.tuples(st.integers(0, 6), st.integers(0, 6)), st.integers(1, 3))


@settings(max_examples=300, deadline=None)
@given(
    walls=_walls,
    squares=_squares,
    attacker=_space,
    target=_space,
    creatures=st.lists(_space, max_size=3),
    melee=st.booleans(),
)
def test_the_tracer_finds_what_the_reference_finds(
    walls, squares, attacker, target, creatures, melee
):
    board = Board(walls, squares)
    own = (*attacker.cells(), *target.cells())
    tracer, reference = Tracer(board, creatures, own), _Reference(board, creatures, own)
    for a, t in itertools.product(attacker.cells(), target.cells()):
        for p, q in itertools.product(_corners(a), _corners(t)):
            assert tracer.line(p, a, q, t).hit == reference.line(p, a, q, t)
    for p, q in itertools.product(_points(attacker), _points(target)):
        tracer.between(p, q)
        assert _hit(tracer.middles[p, q]) == reference.middle(p, q)
    call = cover(board, attacker, target, melee=melee, creatures=creatures)
    assert all(
        line.hit == reference.line(line.start, call.attacker_square, line.end, call.target_square)
        for line in call.lines
    )


def test_a_run_is_closed_just_before_its_end_beside_a_square():
    """Going west along y = 0 to (0, 0): the point (1, 0) has the pillar (0, 0) on one side and
    the wall (1, -1)–(1, 0) on the other."""
    board = Board([Wall((1, -1), (1, 0))], [Square((0, 0), blocks="solid")])
    own = [(5, 0), (-1, 0)]
    hit = Tracer(board, (), own).line((5, 0), (5, 0), (0, 0), (-1, 0)).hit
    assert hit == _Reference(board, (), own).line((5, 0), (5, 0), (0, 0), (-1, 0))
    assert hit.kind == "point" and hit.point == (1, 0) and hit.level == SOLID


def _corners(cell: Cell) -> list[Point]:
    x, y = cell
    return [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]


def _points(space: Footprint) -> list[Point]:
    x, y = space.origin
    return [(x + i, y + j) for i in range(space.side + 1) for j in range(space.side + 1)]
