"""Lines of effect and the cover they give (D35-01 to D35-07): which squares of the attacker
and of the target count, which corner, and which lines decide. What one line meets is traced
in `tracing`."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from enum import StrEnum

from msgspec import Struct

from gui.engine.core.words import Told
from gui.engine.grid.board import Board, Obstruction
from gui.engine.grid.hits import Hit, Line
from gui.engine.grid.squares import Cell, Footprint, Point, cell_corners, cell_text
from gui.engine.grid.tracing import Tracer

__all__ = ["Cover", "CoverCall", "Hit", "Line", "cover"]

SOLID = Obstruction.SOLID


class Cover(StrEnum):
    """The cover a target has against one attacker; "normal" is the partial cover of D35-01."""

    NONE = "none"
    SOFT = "soft"
    NORMAL = "normal"
    TOTAL = "total"


class CoverCall(Told, Struct, frozen=True):
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

    def words(self, heads: Mapping[Cover, tuple[str, str]] | None = None) -> tuple[str, str]:
        """The call in French and English, each cover named by `heads` (a ruleset's own
        words and rule ids, Ruleset.cover_words; plain words by default)."""
        heads = heads or HEADS
        fr_squares = (
            f"case {cell_text(self.attacker_square)} → case {cell_text(self.target_square)}"
        )
        en_squares = (
            f"square {cell_text(self.attacker_square)} → square {cell_text(self.target_square)}"
        )
        head_fr, head_en = heads[self.cover]
        if self.cover == Cover.TOTAL:
            return (
                f"{head_fr} : {fr_squares}, toutes les lignes sont bloquées ; {self.deciding.fr}.",
                f"{head_en}: {en_squares}, every line is blocked; {self.deciding.en}.",
            )
        if self.corner is not None:
            fr_squares += f", depuis le coin {cell_text(self.corner)}"
            en_squares += f", from the corner {cell_text(self.corner)}"
        if self.cover == Cover.NONE:
            return (
                f"{head_fr} : {fr_squares}, les {len(self.lines)} lignes sont dégagées.",
                f"{head_en}: {en_squares}, all {len(self.lines)} lines are clear.",
            )
        return (
            f"{head_fr} : {fr_squares}, {self.deciding.fr}.",
            f"{head_en}: {en_squares}, {self.deciding.en}.",
        )


# Plain words for each cover, no rule's.
HEADS: Mapping[Cover, tuple[str, str]] = {
    Cover.NONE: ("Pas d'abri", "No cover"),
    Cover.SOFT: ("Abri mou", "Soft cover"),
    Cover.NORMAL: ("Abri", "Cover"),
    Cover.TOTAL: ("Abri total", "Total cover"),
}


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
    tracer = Tracer(board, creatures, (*attacker.cells(), *target.cells()))
    # Levels only while searching; the lines of the pair picked are traced in full after.
    best: tuple[Cover, Cell, Cell, Point | None] | None = None
    for a, t in _pairs(attacker, target):
        if best is None or best[0] == Cover.TOTAL:
            if _closed(tracer, a, t):
                if best is None and _walled(tracer, attacker, target):
                    return _call(tracer, melee, Cover.TOTAL, a, t, None)
                best = best or (Cover.TOTAL, a, t, None)
                continue
            cap = _AFTER_SOLID
        else:
            cap = _CAP[best[0]]
        found = _melee(tracer, a, t, cap) if melee else _ranged(tracer, a, t, cap)
        if found is not None:
            best = (found[0], a, t, found[1])
            if best[0] == Cover.NONE:
                break
    assert best is not None  # a footprint has at least one square
    return _call(tracer, melee, *best)


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


def _walled(tracer: Tracer, attacker: Footprint, target: Footprint) -> bool:
    """Whether something between the ends blocks every line from any corner of one space to
    any corner of the other: total cover whatever the squares (D35-07)."""
    between = tracer.between
    targets = _points(target)
    return all(between(p, q) == SOLID for p in _points(attacker) for q in targets)


def _closed(tracer: Tracer, a: Cell, t: Cell) -> bool:
    """Whether every line between the two squares is blocked (D35-07)."""
    return all(tracer.level(c, a, e, t) == SOLID for c in cell_corners(a) for e in cell_corners(t))


def _ranged(tracer: Tracer, a: Cell, t: Cell, cap: int) -> tuple[Cover, Point] | None:
    """The least cover from a corner of `a` (D35-01, ranged or reach) and that corner, unless
    every corner reaches `cap`."""
    best: tuple[Cover, Point] | None = None
    for corner in cell_corners(a):
        top = Obstruction.CLEAR
        for e in cell_corners(t):
            top = max(top, tracer.level(corner, a, e, t))
            if top >= cap:
                break
        else:
            best, cap = (_cover_of(top), corner), top
            if top == Obstruction.CLEAR:
                return best
    return best


def _melee(tracer: Tracer, a: Cell, t: Cell, cap: int) -> tuple[Cover, None] | None:
    """The cover given by the worst line between the squares (D35-01, melee), unless some line
    reaches `cap`."""
    top = Obstruction.CLEAR
    for c in cell_corners(a):
        for e in cell_corners(t):
            top = max(top, tracer.level(c, a, e, t))
            if top >= cap:
                return None
    return _cover_of(top), None


def _call(
    tracer: Tracer, melee: bool, cover: Cover, a: Cell, t: Cell, corner: Point | None
) -> CoverCall:
    """The explanation of the pair and corner picked: their lines traced in full."""
    starts = (corner,) if corner is not None else cell_corners(a)
    lines = tuple(tracer.line(c, a, e, t) for c in starts for e in cell_corners(t))
    return CoverCall(cover, melee, a, t, corner, lines)


def _points(space: Footprint) -> list[Point]:
    """Every corner of every square of a space."""
    x, y = space.origin
    n = space.side
    return [(x + i, y + j) for i in range(n + 1) for j in range(n + 1)]
