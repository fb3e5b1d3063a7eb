"""The squares a creature threatens with a reach, counted from the nearest square of its space."""

from __future__ import annotations

from msgspec import Struct

from gui.engine.grid.board import Board
from gui.engine.grid.lines import Cover, cover
from gui.engine.grid.squares import Cell, Footprint
from gui.engine.space.zones import Diagonal, grid_squares


class Threat(Struct, frozen=True):
    """A creature's space and the reach it threatens with, in squares: from `min_reach` to
    `reach` (a reach weapon: 2 to 2, it cannot hit an adjacent foe)."""

    space: Footprint
    reach: int = 1
    min_reach: int = 1


def squares_to(space: Footprint, cell: Cell, diagonal: Diagonal = "alternate") -> int:
    """Squares from the nearest square of `space` to `cell` (0 inside it)."""
    x, y = space.origin
    n = space.side
    nearest = (min(max(cell[0], x), x + n - 1), min(max(cell[1], y), y + n - 1))
    return grid_squares(nearest, cell, diagonal)


def threatened(
    threat: Threat,
    diagonal: Diagonal = "alternate",
    board: Board | None = None,
    *,
    open_only: bool = False,
) -> frozenset[Cell]:
    """The squares `threat` threatens; with a `board`, not those it has no line of effect to
    (total cover from walls and solid squares, D35-07), and with `open_only` not those with
    any cover from it either: a creature there cannot be attacked of opportunity (D35-04),
    as past the end of a wall or round a corner."""
    x, y = threat.space.origin
    far = threat.reach
    out = set()
    for cy in range(y - far, y + threat.space.side + far):
        for cx in range(x - far, x + threat.space.side + far):
            if threat.min_reach <= squares_to(threat.space, (cx, cy), diagonal) <= far:
                out.add((cx, cy))
    if board is not None:
        out = {c for c in out if _reached(board, threat.space, c, open_only)}
    return frozenset(out)


def _reached(board: Board, space: Footprint, cell: Cell, open_only: bool) -> bool:
    call = cover(board, space, Footprint(cell), melee=True)
    return call.cover == Cover.NONE if open_only else call.line_of_effect


def threatens(
    threat: Threat, target: Footprint, diagonal: Diagonal = "alternate", board: Board | None = None
) -> bool:
    """Whether `threat` threatens some square of the target's space (as `threatened` says,
    looking at the target's squares only)."""
    return any(
        threat.min_reach <= squares_to(threat.space, cell, diagonal) <= threat.reach
        and (
            board is None or cover(board, threat.space, Footprint(cell), melee=True).line_of_effect
        )
        for cell in target.cells()
    )
