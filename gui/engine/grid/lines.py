"""Lines from square corners to square corners, and the cover they give (D35-01 to D35-07).

A line is obstructed by the squares whose inside it crosses (an obstacle square, a creature:
soft cover, D35-05) and by the walls it crosses; it is not obstructed by running along a wall
or an edge, or by touching the end of a wall or the corner of a square, unless obstacles
close it on both sides there (two squares touching at a corner, a wall going on through a
point, two creatures side by side)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from .board import HORIZONTAL, VERTICAL, Board, Edge, Obstruction, edge_text
from .squares import Cell, Footprint, Point, cell_corners, cell_text

SOLID = Obstruction.SOLID


class Cover(StrEnum):
    """The cover a target has against one attacker; "normal" is the partial cover of D35-01."""

    NONE = "none"
    SOFT = "soft"
    NORMAL = "normal"
    TOTAL = "total"


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


@dataclass(frozen=True, slots=True)
class Hit:
    """What obstructs a line most (the first such thing from its start): a wall it crosses,
    a square or a creature it goes through, a point it passes closed on both sides, or an
    edge it runs along between two obstacles."""

    level: Obstruction
    kind: Literal["wall", "square", "creature", "point", "between"]
    cell: Cell | None = None
    edge: Edge | None = None
    point: Point | None = None

    @property
    def fr(self) -> str:
        what = _LEVEL_FR[self.level]
        if self.kind == "wall":
            return f"traverse le mur {edge_text(self.edge)} {what}"
        if self.kind == "square":
            return f"traverse la case {cell_text(self.cell)} {what}"
        if self.kind == "creature":
            return f"traverse la créature en {cell_text(self.cell)} (abri mou)"
        if self.kind == "point":
            return f"passe par le point {cell_text(self.point)}, fermé des deux côtés {what}"
        return f"longe le bord {edge_text(self.edge)} entre deux obstacles {what}"

    @property
    def en(self) -> str:
        what = _LEVEL_EN[self.level]
        if self.kind == "wall":
            return f"crosses the wall {edge_text(self.edge)} {what}"
        if self.kind == "square":
            return f"crosses the square {cell_text(self.cell)} {what}"
        if self.kind == "creature":
            return f"crosses the creature at {cell_text(self.cell)} (soft cover)"
        if self.kind == "point":
            return f"goes through the point {cell_text(self.point)}, closed on both sides {what}"
        return f"runs along the edge {edge_text(self.edge)} between two obstacles {what}"


_LEVEL_FR = {
    Obstruction.SOFT: "(abri mou)",
    Obstruction.COVER: "(donne un abri)",
    Obstruction.SOLID: "(bloque la ligne d'effet)",
}
_LEVEL_EN = {
    Obstruction.SOFT: "(soft cover)",
    Obstruction.COVER: "(gives cover)",
    Obstruction.SOLID: "(blocks line of effect)",
}


@dataclass(frozen=True, slots=True)
class Line:
    """A line from a corner of the attacker's square to a corner of the target's square."""

    start: Point
    end: Point
    hit: Hit | None

    @property
    def level(self) -> Obstruction:
        return Obstruction.CLEAR if self.hit is None else self.hit.level

    @property
    def fr(self) -> str:
        where = f"la ligne {cell_text(self.start)} → {cell_text(self.end)}"
        return f"{where} est dégagée" if self.hit is None else f"{where} {self.hit.fr}"

    @property
    def en(self) -> str:
        where = f"the line {cell_text(self.start)} → {cell_text(self.end)}"
        return f"{where} is clear" if self.hit is None else f"{where} {self.hit.en}"


@dataclass(frozen=True, slots=True)
class CoverCall:
    """The cover of a target against an attacker and why: the squares of each that count
    (D35-06: the attacker picks both), the corner of the attacker's square picked (ranged or
    reach, D35-01), and the lines that decide: from that corner, or all sixteen in melee and
    for total cover (D35-07)."""

    cover: Cover
    melee: bool
    attacker_square: Cell
    target_square: Cell
    corner: Point | None
    lines: tuple[Line, ...]

    @property
    def line_of_effect(self) -> bool:
        return self.cover != Cover.TOTAL

    @property
    def deciding(self) -> Line:
        """The line that gives the cover (the first clear line when there is none)."""
        return max(self.lines, key=lambda line: line.level)

    @property
    def fr(self) -> str:
        squares = f"case {cell_text(self.attacker_square)} → case {cell_text(self.target_square)}"
        if self.cover == Cover.TOTAL:
            blocked = "toutes les lignes sont bloquées"
            return f"Abri total (D35-07) : {squares}, {blocked} ; {self.deciding.fr}."
        head = {
            Cover.NONE: "Pas d'abri (D35-01)",
            Cover.SOFT: "Abri mou (D35-05)",
            Cover.NORMAL: "Abri (D35-01)",
        }[self.cover]
        if self.corner is not None:
            squares += f", depuis le coin {cell_text(self.corner)}"
        if self.cover == Cover.NONE:
            return f"{head} : {squares}, les {len(self.lines)} lignes sont dégagées."
        return f"{head} : {squares}, {self.deciding.fr}."

    @property
    def en(self) -> str:
        squares = (
            f"square {cell_text(self.attacker_square)} → square {cell_text(self.target_square)}"
        )
        if self.cover == Cover.TOTAL:
            return f"Total cover (D35-07): {squares}, every line is blocked; {self.deciding.en}."
        head = {
            Cover.NONE: "No cover (D35-01)",
            Cover.SOFT: "Soft cover (D35-05)",
            Cover.NORMAL: "Cover (D35-01)",
        }[self.cover]
        if self.corner is not None:
            squares += f", from the corner {cell_text(self.corner)}"
        if self.cover == Cover.NONE:
            return f"{head}: {squares}, all {len(self.lines)} lines are clear."
        return f"{head}: {squares}, {self.deciding.en}."


def cover(
    board: Board,
    attacker: Footprint,
    target: Footprint,
    *,
    melee: bool = False,
    creatures: Iterable[Footprint] = (),
) -> CoverCall:
    """The cover of `target` against `attacker` (D35-01): a ranged attack or a reach weapon
    (`melee` False) finds no cover if some corner of the attacker's square has clear lines to
    every corner of the target's square; in melee the target has cover if any line from a
    corner to a corner is obstructed. The attacker picks its own square and the target's
    (D35-06) to give the least cover. `creatures` are the other creatures' spaces, soft cover
    (D35-05); the attacker's and the target's own squares never obstruct."""
    tracer = _Tracer(board, creatures, (*attacker.cells(), *target.cells()))
    # Levels only while searching; the lines of the pair picked are traced in full after.
    best: tuple[Cover, Cell, Cell, Point | None] | None = None
    for a, t in _pairs(attacker, target):
        if best is None or best[0] == Cover.TOTAL:
            if tracer.closed(a, t):
                if best is None and tracer.walled(attacker, target):
                    return tracer.call(melee, Cover.TOTAL, a, t, None)
                best = best or (Cover.TOTAL, a, t, None)
                continue
            cap = _AFTER_SOLID
        else:
            cap = _CAP[best[0]]
        found = tracer.melee(a, t, cap) if melee else tracer.ranged(a, t, cap)
        if found is not None:
            best = (found[0], a, t, found[1])
            if best[0] == Cover.NONE:
                break
    assert best is not None  # a footprint has at least one square
    return tracer.call(melee, *best)


# A pair of squares is worth a look only while its lines stay below the cap: the level that
# gives no better cover than the best found.
_AFTER_SOLID = Obstruction.SOLID + 1
_CAP = {
    Cover.NORMAL: Obstruction.COVER,
    Cover.SOFT: Obstruction.SOFT,
    Cover.NONE: Obstruction.CLEAR,
}


def _pairs(attacker: Footprint, target: Footprint) -> list[tuple[Cell, Cell]]:
    """Every (attacker square, target square), the closest first: they usually decide."""
    pairs = list(itertools.product(attacker.cells(), target.cells()))
    pairs.sort(key=lambda p: (p[0][0] - p[1][0]) ** 2 + (p[0][1] - p[1][1]) ** 2)
    return pairs


def _cover_of(level: Obstruction) -> Cover:
    if level == Obstruction.CLEAR:
        return Cover.NONE
    return Cover.SOFT if level == Obstruction.SOFT else Cover.NORMAL


class _Tracer:
    """Traces lines for one cover question: the board's obstacles with the creatures as soft
    cover and the two combatants' own squares left out; the part of a line between its end
    points is remembered, since neighbouring squares share corners."""

    def __init__(self, board: Board, creatures: Iterable[Footprint], own: Iterable[Cell]) -> None:
        self.edges = board.edges
        self.cells: dict[Cell, Obstruction] = dict(board.cells)
        for space in creatures:
            for cell in space.cells():
                self.cells.setdefault(cell, Obstruction.SOFT)
        for cell in own:
            self.cells.pop(cell, None)
        self.middles: dict[tuple[Point, Point], Hit | None] = {}
        self.lines: dict[tuple[Point, int, Point, int], Line] = {}

    def walled(self, attacker: Footprint, target: Footprint) -> bool:
        """Whether something between the ends blocks every line from any corner of one space
        to any corner of the other: total cover whatever the squares (D35-07)."""
        for p in _points(attacker):
            for q in _points(target):
                if (p, q) not in self.middles:
                    self.middles[p, q] = self.middle(p, q)
                hit = self.middles[p, q]
                if hit is None or hit.level < SOLID:
                    return False
        return True

    def closed(self, a: Cell, t: Cell) -> bool:
        """Whether every line between the two squares is blocked (D35-07)."""
        return all(
            self.level(c, a, e, t) == SOLID for c in cell_corners(a) for e in cell_corners(t)
        )

    def ranged(self, a: Cell, t: Cell, cap: int) -> tuple[Cover, Point] | None:
        """The least cover from a corner of `a` (D35-01, ranged or reach) and that corner,
        unless every corner reaches `cap`."""
        best: tuple[Cover, Point] | None = None
        for corner in cell_corners(a):
            top = Obstruction.CLEAR
            for e in cell_corners(t):
                top = max(top, self.level(corner, a, e, t))
                if top >= cap:
                    break
            else:
                best, cap = (_cover_of(top), corner), top
                if top == Obstruction.CLEAR:
                    return best
        return best

    def melee(self, a: Cell, t: Cell, cap: int) -> tuple[Cover, None] | None:
        """The cover given by the worst line between the squares (D35-01, melee), unless some
        line reaches `cap`."""
        top = Obstruction.CLEAR
        for c in cell_corners(a):
            for e in cell_corners(t):
                top = max(top, self.level(c, a, e, t))
                if top >= cap:
                    return None
        return _cover_of(top), None

    def call(self, melee: bool, cover: Cover, a: Cell, t: Cell, corner: Point | None) -> CoverCall:
        """The explanation of the pair and corner picked: their lines traced in full."""
        starts = (corner,) if corner is not None else cell_corners(a)
        lines = tuple(self.line(c, a, e, t) for c in starts for e in cell_corners(t))
        return CoverCall(cover, melee, a, t, corner, lines)

    def level(self, p: Point, a: Cell, q: Point, t: Cell) -> Obstruction:
        """How much the line from the corner `p` of `a` to the corner `q` of `t` is obstructed:
        what lies between the ends first, since it is shared and usually decides."""
        if (p, q) not in self.middles:
            self.middles[p, q] = self.middle(p, q)
        hit = self.middles[p, q]
        if hit is not None and hit.level == SOLID:
            return SOLID
        return self.line(p, a, q, t).level

    def line(self, p: Point, a: Cell, q: Point, t: Cell) -> Line:
        """The line from the corner `p` of square `a` to the corner `q` of square `t`; at each
        end it leaves or reaches the square's inside (what touches only a corner is judged
        there as at any point of the line)."""
        key = (p, _inside(p, a), q, _inside(q, t))
        line = self.lines.get(key)
        if line is None:
            line = self.lines[key] = Line(p, q, self._trace(*key))
        return line

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


def _points(space: Footprint) -> list[Point]:
    """Every corner of every square of a space."""
    x, y = space.origin
    n = space.side
    return [(x + i, y + j) for i in range(n + 1) for j in range(n + 1)]


def _inside(corner: Point, cell: Cell) -> int:
    """The place, around one of its corners, of the inside of a square."""
    return _PLACE[(1 if corner[0] == cell[0] else -1, 1 if corner[1] == cell[1] else -1)]
