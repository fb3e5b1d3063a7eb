"""What the players' side sees (issue 38): with the fog of war on, the players' view shows
the squares (or zones) their characters see now, what they saw before dimmed and without
creatures, and nothing else. Computed here, Qt-free, for the one filter of what the players may
know (players_copy) and for what a move adds to their memory (Map.explored)."""

from __future__ import annotations

from math import ceil, floor

from gui.engine.contract.base import Ruleset
from gui.engine.grid.from_map import board_of
from gui.engine.grid.squares import Cell, Footprint
from gui.engine.play.players_seen import PlayersSight
from gui.engine.sight.side import SideSight, Viewer
from gui.engine.sight.sweep import Bounds
from gui.engine.sight.zones import seen_zones
from gui.engine.state.explored import explored_cells
from gui.engine.state.model import Combatant, Encounter

MARGIN = 2  # squares looked at beyond what the map holds
BLOCK = 8  # the bounds widened to whole blocks of squares
WIDEST = 4  # the most squares a creature's space is wide (Gargantuan)
LARGEST = 400  # squares each way at most: a hand-edited far wall must not make it endless


class PlayersEyes:
    """The players' sight kept between changes: each character's squares until it moves or
    the map's board changes (P14)."""

    def __init__(self) -> None:
        self._side: SideSight | None = None

    def sight(self, enc: Encounter, ruleset: Ruleset) -> PlayersSight | None:
        """What the players' side sees, None when the fog is off."""
        m = enc.map
        if not m.fog:
            return None
        players = frozenset(s.id for s in enc.sides if s.players)
        viewers = [c for c in enc.combatants if c.side in players and not c.hidden]
        if m.grid is None:
            zones = frozenset().union(
                *(
                    seen_zones(m, c.position.zone, ruleset.darkvision_m(enc, c))
                    for c in viewers
                    if c.position.zone is not None
                )
            )
            known = zones | {z.id for z in m.zones if z.explored}
            seen = {c.id for c in enc.combatants if c.side in players or c.position.zone in zones}
            return PlayersSight(None, zones, frozenset(seen), frozenset(), frozenset(known))
        board = board_of(m)
        if self._side is None or self._side.diagonal != ruleset.diagonal(enc):
            self._side = SideSight(ruleset.diagonal(enc))
        eyes: dict[str, Viewer] = {}
        for c in viewers:
            if c.position.cell is not None:
                space = Footprint(tuple(c.position.cell), ruleset.space(enc, c))  # type: ignore[arg-type]
                eyes[c.id] = (space, ruleset.darkvision_m(enc, c))
        cells = self._side.seen(board, eyes, bounds_of(enc))
        known = cells | explored_cells(m.explored)
        seen = {
            c.id for c in enc.combatants if c.side in players or _stands_in(enc, ruleset, c, cells)
        }
        return PlayersSight(
            cells,
            frozenset(zones_over(enc, cells)),
            frozenset(seen),
            frozenset(known),
            frozenset(zones_over(enc, known)),
        )


def _stands_in(enc: Encounter, ruleset: Ruleset, c: Combatant, cells: frozenset[Cell]) -> bool:
    """Whether one of `c`'s squares is among `cells` (a creature off the grid: no); its
    size asked only when some square it could take is seen (this runs for every token)."""
    if c.position.cell is None:
        return False
    x, y = c.position.cell
    near = range(WIDEST)
    if not any((x + i, y + j) in cells for i in near for j in near):
        return False
    space = Footprint((x, y), ruleset.space(enc, c))
    return any(cell in cells for cell in space.cells())


def bounds_of(enc: Encounter) -> Bounds:
    """The squares the map holds (zones, walls, squares, creatures), with a margin, widened
    to whole blocks of BLOCK squares: a creature's step does not change them (changed
    bounds would have every character's sight worked out again)."""
    m, grid = enc.map, enc.map.grid
    assert grid is not None
    xs: list[float] = []
    ys: list[float] = []
    for z in m.zones:
        r = z.rect
        xs += [(r.x - grid.origin_x) / grid.cell_px, (r.x + r.width - grid.origin_x) / grid.cell_px]
        ys += [
            (r.y - grid.origin_y) / grid.cell_px,
            (r.y + r.height - grid.origin_y) / grid.cell_px,
        ]
    for w in m.walls:
        xs += [w.start[0], w.end[0]]
        ys += [w.start[1], w.end[1]]
    for s in m.squares:
        xs += [s.cell[0], s.cell[0] + 1]
        ys += [s.cell[1], s.cell[1] + 1]
    for c in enc.combatants:
        if c.position.cell is not None:
            xs += [c.position.cell[0], c.position.cell[0] + WIDEST]
            ys += [c.position.cell[1], c.position.cell[1] + WIDEST]
    if not xs:
        return (0, 0, 1, 1)
    x0, y0 = _block(min(xs) - MARGIN, floor), _block(min(ys) - MARGIN, floor)
    x1, y1 = _block(max(xs) + MARGIN, ceil), _block(max(ys) + MARGIN, ceil)
    return (x0, y0, min(x1, x0 + LARGEST), min(y1, y0 + LARGEST))


def _block(value: float, way) -> int:
    return way(value / BLOCK) * BLOCK


def zones_over(enc: Encounter, cells: frozenset[Cell]) -> set[str]:
    """The zones of a gridded map that hold one of `cells` (seen or known there): each
    zone's squares looked up, not each square against every zone."""
    grid = enc.map.grid
    assert grid is not None
    out: set[str] = set()
    for z in enc.map.zones:
        r, px = z.rect, grid.cell_px
        x0, y0 = floor((r.x - grid.origin_x) / px), floor((r.y - grid.origin_y) / px)
        x1 = ceil((r.x + r.width - grid.origin_x) / px)
        y1 = ceil((r.y + r.height - grid.origin_y) / px)
        if (x1 - x0) * (y1 - y0) > len(cells):  # a zone larger than what is seen
            if any(x0 <= x < x1 and y0 <= y < y1 for x, y in cells):
                out.add(z.id)
        elif any((x, y) in cells for x in range(x0, x1) for y in range(y0, y1)):
            out.add(z.id)
    return out
