"""Where a moved token goes: a Destination (zone, grid cell, the combatant it was dropped on)
from a point of the map."""

from __future__ import annotations

import math

from msgspec import Struct

from gui.engine.state.model import Encounter, Grid, Map


class Destination(Struct, frozen=True):
    """Where a token goes: a zone, a grid cell (a map with a snapping grid), and the
    combatant it was dropped on, to touch in rulesets that use contact."""

    zone: str | None = None
    cell: tuple[int, int] | None = None
    contact: str | None = None


def zone_at(game_map: Map, x: float, y: float) -> str | None:
    """The topmost zone (the last drawn) that holds the point."""
    for zone in reversed(game_map.zones):
        r = zone.rect
        if r.x <= x <= r.x + r.width and r.y <= y <= r.y + r.height:
            return zone.id
    return None


def cell_at(grid: Grid, x: float, y: float, side: int = 1) -> tuple[int, int]:
    """The grid cell (column, row) that holds the point; for a space `side` squares wide
    centred on the point, its top-left cell."""
    shift = (side - 1) / 2 * grid.cell_px
    return (
        math.floor((x - shift - grid.origin_x) / grid.cell_px),
        math.floor((y - shift - grid.origin_y) / grid.cell_px),
    )


def cell_centre(grid: Grid, cell: tuple[int, int], side: int = 1) -> tuple[float, float]:
    """The centre of the cell, or of the space `side` squares wide whose top-left it is."""
    return (
        grid.origin_x + (cell[0] + side / 2) * grid.cell_px,
        grid.origin_y + (cell[1] + side / 2) * grid.cell_px,
    )


def destination_at(
    enc: Encounter, x: float, y: float, onto: str | None = None, side: int = 1
) -> Destination:
    """The destination of a token `side` squares wide let go with its centre at (x, y),
    maybe on the token of `onto`: the zone under the point, and its space's top-left cell
    when the map's grid snaps tokens to cells."""
    grid = enc.map.grid
    cell = cell_at(grid, x, y, side) if grid is not None and grid.snap else None
    return Destination(zone_at(enc.map, x, y), cell, onto)
