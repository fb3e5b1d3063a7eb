"""What the players' side sees (issue 38): with the fog of war on, the players' view shows
the squares (or zones) their characters see now, what they saw before dimmed and without
creatures, and nothing else. Computed here, Qt-free, for the one filter of what the players may
know (players_copy) and for what a move adds to their memory (Map.explored)."""

from __future__ import annotations

from collections.abc import Iterable

from msgspec import Struct

from gui.engine.contract.base import Ruleset
from gui.engine.grid.from_map import board_of
from gui.engine.grid.squares import Cell, Footprint
from gui.engine.sight.side import SideSight, Viewer
from gui.engine.sight.sweep import Bounds
from gui.engine.sight.zones import seen_zones
from gui.engine.state.explored import explored_cells
from gui.engine.state.model import Combatant, Encounter

MARGIN = 2  # squares looked at beyond what the map holds
LARGEST = 400  # squares each way at most: a hand-edited far wall must not make it endless


class PlayersSight(Struct, frozen=True):
    """What the players' side sees now: squares on a grid (None without one), zones, and the
    creatures standing there (their own always); `known_…`: what it has seen, now or
    before (the map shown dimmed, without creatures)."""

    cells: frozenset[Cell] | None
    zones: frozenset[str]
    creatures: frozenset[str]
    known_cells: frozenset[Cell]
    known_zones: frozenset[str]


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
        cells = self._side.seen(board, eyes, bounds_of(enc, ruleset))
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
    """Whether one of `c`'s squares is among `cells` (a creature off the grid: no)."""
    if c.position.cell is None:
        return False
    space = Footprint(tuple(c.position.cell), ruleset.space(enc, c))  # type: ignore[arg-type]
    return any(cell in cells for cell in space.cells())


def bounds_of(enc: Encounter, ruleset: Ruleset) -> Bounds:
    """The squares the map holds (zones, walls, squares, creatures), with a margin."""
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
            side = ruleset.space(enc, c)
            xs += [c.position.cell[0], c.position.cell[0] + side]
            ys += [c.position.cell[1], c.position.cell[1] + side]
    if not xs:
        return (0, 0, 1, 1)
    x0, y0 = int(min(xs) // 1) - MARGIN, int(min(ys) // 1) - MARGIN
    x1, y1 = int(-(-max(xs) // 1)) + MARGIN, int(-(-max(ys) // 1)) + MARGIN
    return (x0, y0, min(x1, x0 + LARGEST), min(y1, y0 + LARGEST))


def zones_over(enc: Encounter, cells: Iterable[Cell]) -> set[str]:
    """The zones of a gridded map that hold one of `cells` (seen or known there)."""
    grid = enc.map.grid
    assert grid is not None
    boxes = [
        (
            z.id,
            (z.rect.x - grid.origin_x) / grid.cell_px,
            (z.rect.y - grid.origin_y) / grid.cell_px,
            (z.rect.x + z.rect.width - grid.origin_x) / grid.cell_px,
            (z.rect.y + z.rect.height - grid.origin_y) / grid.cell_px,
        )
        for z in enc.map.zones
    ]
    out: set[str] = set()
    for x, y in cells:
        for zid, x0, y0, x1, y1 in boxes:
            if zid not in out and x0 < x + 1 and x < x1 and y0 < y + 1 and y < y1:
                out.add(zid)
    return out
