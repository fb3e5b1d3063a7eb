"""Areas of effect on the square grid (issue 37): the squares a burst, spread, emanation,
cone, line or cylinder covers, the creatures caught in them, and the cover a caught creature
has against the point of origin (for D35-03's +2 on Reflex).

The d20 rules excerpt gives cover (D35-01 to D35-07) but not how areas are laid
on the grid: that follows the d20 SRD's « Aiming a Spell », hors extrait. The point of origin
is always a grid intersection; distance is counted intersection to intersection with the
board's diagonal rule (d20: every second diagonal counts double); a square is in the area if
its far edge is (its corner farthest from the origin is within reach), not if the area only
touches its near edge. A burst, an emanation and a cone reach only the squares with a line of
effect from the origin (no total cover from it); a spread turns corners, its distance counted
along the way round; a cylinder ignores obstructions; a line stops at a barrier."""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import NamedTuple

from msgspec import Struct

from gui.engine.grid.area_lines import (
    SHADOWED_REACH,
    SOLID,
    SQUARE_PLACE,
    count,
    far_corner,
    line_cells,
    reach_level,
    reached,
    seen,
    shadows,
    solid_points,
)
from gui.engine.grid.board import Board, Obstruction, edge_between
from gui.engine.grid.lines import Cover
from gui.engine.grid.paths import Diagonal
from gui.engine.grid.squares import Cell, Footprint, GridError, Point, cell_corners, cell_text
from gui.engine.grid.tracing import Tracer


class Shape(StrEnum):
    """The SRD's shapes of area (hors extrait). Emanation and burst cover the same squares:
    an emanation lasts, which is not geometry."""

    BURST = "burst"
    SPREAD = "spread"
    EMANATION = "emanation"
    CONE = "cone"
    LINE = "line"
    CYLINDER = "cylinder"


_AIMED = (Shape.CONE, Shape.LINE)


class Template(Struct, frozen=True):
    """An area laid on the grid: its shape, its point of origin (a grid intersection, in
    corner coordinates as `tracing.Point`), its reach in squares (the radius; a cone's length;
    a line's length) and, for a cone or a line, the intersection it is aimed at (only the
    direction counts)."""

    shape: Shape
    origin: Point
    reach: int
    toward: Point | None = None

    def __post_init__(self) -> None:
        if self.reach < 1:
            raise GridError(
                f"Une zone d'effet s'étend sur au moins une case, pas {self.reach}.",
                f"An area of effect reaches at least one square, not {self.reach}.",
            )
        if self.shape in _AIMED and (self.toward is None or self.toward == self.origin):
            fr, en = ("Un cône", "A cone") if self.shape == Shape.CONE else ("Une ligne", "A line")
            raise GridError(
                f"{fr} se dirige vers un point autre que son origine {cell_text(self.origin)}.",
                f"{en} is aimed at a point other than its origin {cell_text(self.origin)}.",
            )


def covered(template: Template, board: Board, diagonal: Diagonal = "alternate") -> frozenset[Cell]:
    """The squares `template` covers on `board`, counting diagonals by `diagonal`. Burst,
    emanation and cone: not the squares with total cover from the origin (every line from it
    to their corners blocked by solid walls or squares; creatures and low walls do not block).
    Spread: round corners, counted along the way. Cylinder: every square within reach. Line:
    the squares it passes through until a barrier stops it."""
    origin, reach, shape = template.origin, template.reach, template.shape
    if shape == Shape.SPREAD:
        return _spread(template, board, diagonal)
    if shape == Shape.LINE:
        assert template.toward is not None  # refused at construction
        tracer = Tracer(board, (), ())
        return frozenset(line_cells(board, tracer, origin, template.toward, reach, diagonal))
    if shape == Shape.CONE:
        assert template.toward is not None
        layout = _cone_layout(reach, diagonal, *_direction(origin, template.toward))
    else:
        layout = _disk_layout(reach, diagonal)
    ox, oy = origin
    if shape == Shape.CYLINDER or not (board.edges or board.cells):
        # SRD: a cylinder ignores obstructions within its area (hors extrait).
        return frozenset([(ox + i, oy + j) for i, j, _bit in layout.cells])
    if reach > SHADOWED_REACH:
        tracer, touched = Tracer(board, (), ()), solid_points(board)
        cells = [(ox + i, oy + j) for i, j, _bit in layout.cells]
        return frozenset([cell for cell in cells if seen(tracer, origin, cell, touched)])
    bits = reached(board, origin, shadows(reach), layout.box)
    if bits & layout.whole == layout.whole:
        return frozenset([(ox + i, oy + j) for i, j, _bit in layout.cells])
    return frozenset([(ox + i, oy + j) for i, j, bit in layout.cells if bits & bit])


class _Layout(NamedTuple):
    """A shape's squares (i, j, bit) relative to its origin, each with its bit in
    `area_lines.Shadows`' numbering for its reach (0 beyond the reaches tabled, where the
    lines are traced), all of their bits, and the box (left, right, top, bottom) that holds the
    origin and their corners: only there can a line to them be blocked (a cone's is about
    half its disk's). A cone's squares are its disk's, shared."""

    cells: tuple[tuple[int, int, int], ...]
    whole: int
    box: tuple[int, int, int, int]


def _layout(cells: tuple[tuple[int, int, int], ...]) -> _Layout:
    xs, ys = [0, *(i for i, _j, _bit in cells)], [0, *(j for _i, j, _bit in cells)]
    box = (min(xs), max(xs) + 1, min(ys), max(ys) + 1)
    return _Layout(cells, sum(bit for _i, _j, bit in cells), box)


def _bit(reach: int, i: int, j: int) -> int:
    """The index of the point (i, j), or of the square whose top-left corner it is."""
    return (j + reach) * (2 * reach + 1) + i + reach


@functools.lru_cache(maxsize=64)
def _disk_layout(reach: int, diagonal: Diagonal) -> _Layout:
    tabled = reach <= SHADOWED_REACH
    return _layout(
        tuple((i, j, 1 << _bit(reach, i, j) if tabled else 0) for i, j in _disk(reach, diagonal))
    )


@functools.lru_cache(maxsize=1024)
def _cone_layout(reach: int, diagonal: Diagonal, dx: int, dy: int) -> _Layout:
    """The squares of the disk that a quarter circle aimed along (dx, dy) enters: those with a
    corner strictly within 45° of the aim (SRD « a cone-shaped spell shoots away from you in a
    quarter-circle », hors extrait). A square the cone's edge cuts through the middle counts
    (its far edge is in the area); one it only touches along its side does not.

    Exact in integers: p is within 45° of d when d·p > |d×p|, i.e. both d·p − d×p and
    d·p + d×p are positive. As the cone is an infinite wedge from a grid point and no square
    spans 90° seen from it, it enters a square exactly when it holds one of its corners.
    Both are linear in x: on each row of points those within 45° are one run, found by
    division (a new aim comes with most moves of the pointer round its caster)."""
    a, b = dx + dy, dy - dx  # d·p − d×p = a·x + b·y ; d·p + d×p = −b·x + a·y
    width = 2 * reach + 1
    ahead = 0  # the points within 45°, as bits numbered by `_bit`
    for y in range(-reach, reach + 1):
        lo, hi = -reach, reach
        for k, c in ((a, -b * y), (-b, -a * y)):  # keep the x with k·x > c
            if k > 0:
                lo = max(lo, c // k + 1)
            elif k < 0:
                hi = min(hi, -(c // -k) - 1)
            elif c >= 0:
                hi = lo - 1
        if lo <= hi:
            ahead |= ((1 << (hi - lo + 1)) - 1) << _bit(reach, lo, y)
    # A square's bit is its top-left corner's: move each corner's onto its square's (what
    # wraps onto the next row falls outside the disk).
    near = ahead | ahead >> 1 | ahead >> width | ahead >> (width + 1)
    disk = _disk_layout(reach, diagonal).cells
    if reach <= SHADOWED_REACH:
        return _layout(tuple(cell for cell in disk if cell[2] & near))
    return _layout(tuple(cell for cell in disk if near >> _bit(reach, *cell[:2]) & 1))


def _direction(origin: Point, toward: Point) -> tuple[int, int]:
    """The aim reduced to its smallest integer step, so that aims along one ray share a cone."""
    dx, dy = toward[0] - origin[0], toward[1] - origin[1]
    g = math.gcd(dx, dy)
    return dx // g, dy // g


@functools.lru_cache(maxsize=64)
def _disk(reach: int, diagonal: Diagonal) -> tuple[Cell, ...]:
    """The squares whose far corner is within `reach`, relative to the origin (the square
    (0, 0) is the one whose top-left corner the origin is): a burst in the open, nearest
    first."""
    out = [
        (i, j)
        for j in range(-reach, reach)
        for i in range(-reach, reach)
        if count(*far_corner((0, 0), (i, j)), diagonal) <= reach
    ]
    out.sort(key=lambda c: count(*far_corner((0, 0), c), diagonal))
    return tuple(out)


# The eight steps of a spread from square to square.
_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def _spread(template: Template, board: Board, diagonal: Diagonal) -> frozenset[Cell]:
    """A spread flows from square to square (SRD « figure distance by actual distance
    traveled, taking into account turns the spell effect takes », hors extrait): not across a
    solid wall, not diagonally through a point that solid things close on both sides (as a
    line of effect), not out of a solid square (it reaches the square, not beyond). The four
    squares round the origin are one diagonal from it; each step after costs as a move, so in
    the open a spread covers what a burst does. With 1-2-1 the parity of the diagonals goes
    with the way taken: each square is searched with both."""
    ox, oy = template.origin
    reach = template.reach
    tracer = Tracer(board, (), ())
    edges, solid = board.edges, board.cells
    alternate = diagonal == "alternate"
    diagonal_cost = 2 if diagonal == "manhattan" else 1
    first = count(1, 1, diagonal)
    best: dict[tuple[Cell, int], int] = {}
    buckets: list[list[tuple[Cell, int]]] = [[] for _ in range(reach + 1)]
    if first <= reach:
        for cell in ((ox - 1, oy - 1), (ox, oy - 1), (ox - 1, oy), (ox, oy)):
            best[cell, int(alternate)] = first
            buckets[first].append((cell, int(alternate)))
    out: set[Cell] = set()
    for cost, bucket in enumerate(buckets):
        for state in bucket:
            if best[state] < cost:
                continue
            (cx, cy), parity = state
            out.add((cx, cy))
            if solid.get((cx, cy)) == SOLID:
                continue
            for dx, dy in _STEPS:
                there = (cx + dx, cy + dy)
                if dx and dy:
                    step = 1 + parity if alternate else diagonal_cost
                    after = 1 - parity if alternate else parity
                    v = (cx + (dx > 0), cy + (dy > 0))
                    come = SQUARE_PLACE[cx - v[0], cy - v[1]]
                    go = SQUARE_PLACE[there[0] - v[0], there[1] - v[1]]
                    if tracer.point(v, come, go) == SOLID:
                        continue
                else:
                    step, after = 1, parity
                    if edges.get(edge_between((cx, cy), there)) == SOLID:
                        continue
                total = cost + step
                if total <= reach and best.get((there, after), reach + 1) > total:
                    best[there, after] = total
                    buckets[total].append((there, after))
    return frozenset(out)


def index_spaces(spaces: Mapping[str, Footprint]) -> dict[Cell, tuple[str, ...]]:
    """Who stands on each square, from each combatant's space: build it once per state of
    the map, then ask `caught` of it for every area."""
    out: dict[Cell, tuple[str, ...]] = {}
    for ident, space in spaces.items():
        for cell in space.cells():
            out[cell] = (*out.get(cell, ()), ident)
    return out


def caught(squares: frozenset[Cell], index: Mapping[Cell, tuple[str, ...]]) -> tuple[str, ...]:
    """The ids of the creatures with at least one square in `squares` (a creature in an area
    is caught by it: hors extrait), each once, in id order."""
    found: set[str] = set()
    if len(squares) <= len(index):
        for cell in squares:
            ids = index.get(cell)
            if ids:
                found.update(ids)
    else:
        for cell, ids in index.items():
            if cell in squares:
                found.update(ids)
    return tuple(sorted(found))


_COVER_OF = {
    Obstruction.CLEAR: Cover.NONE,
    Obstruction.SOFT: Cover.SOFT,
    Obstruction.COVER: Cover.NORMAL,
    Obstruction.SOLID: Cover.NORMAL,  # some lines blocked, not all: cover (D35-01)
}
_RANK = {Cover.NONE: 0, Cover.SOFT: 1, Cover.NORMAL: 2, Cover.TOTAL: 3}


def origin_cover(
    template: Template, board: Board, space: Footprint, creatures: Iterable[Footprint] = ()
) -> Cover:
    """The cover `space` has against the point of origin, as against a ranged attack from a
    square whose one corner is that point (D35-01): none if the lines from it to every corner
    of the square reach it clear; soft if only creatures (`creatures`, the others' spaces:
    D35-05) are in the way; total if every line is blocked (D35-07). The origin picks the
    creature's square that gives the least (D35-06). Whether the cover counts is the
    caller's: D35-03's +2 on Reflex does not work against a spread, D35-05's soft cover gives
    none, and a cylinder ignores obstructions."""
    origin = template.origin
    tracer = Tracer(board, creatures, tuple(space.cells()))
    best = Cover.TOTAL
    for cell in space.cells():
        levels = [reach_level(tracer, origin, corner, cell) for corner in cell_corners(cell)]
        found = Cover.TOTAL if min(levels) == SOLID else _COVER_OF[max(levels)]
        if _RANK[found] < _RANK[best]:
            best = found
            if best == Cover.NONE:
                break
    return best


def corner_toward(space: Footprint, x: float, y: float) -> Point:
    """The intersection on the edge of `space` nearest the pointer at (x, y), in square
    units: where a cone or a line starts (SRD: « any corner of your square »; for a creature
    of several squares, any corner of any of its squares on its edge, hors extrait). Ties go
    to the first in reading order."""
    ox, oy = space.origin
    n = space.side
    edge = [
        (ox + i, oy + j) for j in range(n + 1) for i in range(n + 1) if i in (0, n) or j in (0, n)
    ]
    return min(edge, key=lambda p: (p[0] - x) ** 2 + (p[1] - y) ** 2)


def nearest_corner(x: float, y: float) -> Point:
    """The grid intersection nearest (x, y), in square units: where a burst's origin snaps.
    Halves round up (towards larger coordinates), not to even as `round` does."""
    return math.floor(x + 0.5), math.floor(y + 0.5)
