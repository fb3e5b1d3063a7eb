"""Whether one creature sees another on the grid, and the line that decides (issue 38): the
rule `seen_squares` computes for every square at once, traced line by line."""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from msgspec import Struct

from gui.engine.core.words import Told
from gui.engine.grid.board import Board, Obstruction
from gui.engine.grid.hits import Line
from gui.engine.grid.squares import Cell, Footprint, cell_corners
from gui.engine.grid.tracing import Tracer
from gui.engine.sight.darkness import dark_reach, darkness_words, too_dark
from gui.engine.space.zones import Diagonal

SOLID = Obstruction.SOLID


class SightCall(Told, Struct, frozen=True):
    """Whether a viewer sees a target and why: the clear line found, or the blocked line
    between their nearest squares, or the dark (`line` None: every square of the target is
    unlit and beyond the viewer's darkvision, `darkvision_m`)."""

    seen: bool
    line: Line | None
    darkvision_m: float = 0.0

    def words(self) -> tuple[str, str]:
        if self.line is None:
            return darkness_words(self.darkvision_m)
        if self.seen:
            return f"voit : {self.line.fr}", f"sees: {self.line.en}"
        return f"ne voit pas : {self.line.fr}", f"does not see: {self.line.en}"


def sees(
    board: Board,
    viewer: Footprint,
    target: Footprint,
    darkvision_m: float = 0.0,
    diagonal: Diagonal = "alternate",
) -> SightCall:
    """Whether `viewer` sees some square of `target` (issue 38): a line from a corner of one
    of its squares to a corner of one of the target's squares that nothing solid blocks (a
    solid wall crossed, a solid square gone through, a point passed closed on both sides:
    the grid's corner tracer, as for lines of effect, D35-07; walls and squares giving cover
    do not block sight, nor do the two creatures' own squares), to a square that is lit or
    within its darkvision. Lit squares see each other both ways."""
    reach = dark_reach(board, darkvision_m)
    lit = [t for t in target.cells() if not too_dark(board, viewer, t, reach, diagonal)]
    if not lit:
        return SightCall(False, None, darkvision_m)
    tracer = Tracer(board, (), (*viewer.cells(), *target.cells()))
    line = clear_line(tracer, viewer.cells(), lit)
    if line is not None:
        return SightCall(True, line, darkvision_m)
    a, t = min(itertools.product(viewer.cells(), lit), key=lambda pair: _apart(*pair))
    # The blocked line told: from the viewer's corner nearest the target's middle to the
    # target's nearest other corner (side by side squares share corners: a line of no
    # length would tell nothing of the wall between them).
    c = min(cell_corners(a), key=lambda p: _apart2(p, t))
    e = min((q for q in cell_corners(t) if q != c), key=lambda q: _apart2(q, a))
    return SightCall(False, tracer.line(c, a, e, t), darkvision_m)


def clear_line(tracer: Tracer, viewer: Iterable[Cell], targets: Iterable[Cell]) -> Line | None:
    """The first line found from a corner of a viewer's square to a corner of a target square
    that nothing solid blocks, the nearest squares first; None if every line is blocked."""
    pairs = sorted(itertools.product(viewer, targets), key=lambda pair: _apart(*pair))
    for a, t in pairs:
        for c in cell_corners(a):
            for e in cell_corners(t):
                if tracer.level(c, a, e, t) < SOLID:
                    return tracer.line(c, a, e, t)
    return None


def _apart2(p: tuple[int, int], cell: tuple[int, int]) -> int:
    """Four times the squared distance from a point to a square's middle (whole numbers)."""
    return (2 * p[0] - 2 * cell[0] - 1) ** 2 + (2 * p[1] - 2 * cell[1] - 1) ** 2


def _apart(a: tuple[int, int], b: tuple[int, int]) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2
