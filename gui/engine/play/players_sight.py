"""What the players' side sees (issue 38): with the fog of war on, the players' view shows
the squares (or zones) their characters see now, what they saw before dimmed and without
creatures, and nothing else. Computed here, Qt-free, for the one filter of what the players may
know (players_copy) and for what a move adds to their memory (Map.explored)."""

from __future__ import annotations

from math import ceil, floor

from gui.engine.contract.base import Ruleset
from gui.engine.grid.from_map import board_of
from gui.engine.grid.squares import Cell, Footprint
from gui.engine.play.players_memory import Remembered, ZoneBox, zones_over
from gui.engine.play.players_seen import PlayersSight
from gui.engine.sight.runs import SquareRows
from gui.engine.sight.side import SideSight, Viewer
from gui.engine.sight.sweep import Bounds
from gui.engine.sight.zones import seen_zones
from gui.engine.state.model import Combatant, Encounter, Map

MARGIN = 2  # squares looked at beyond what the map holds
BLOCK = 8  # the bounds widened to whole blocks of squares
WIDEST = 4  # the most squares a creature's space is wide (Gargantuan)
LARGEST = 400  # squares each way at most: a hand-edited far wall must not make it endless


class PlayersEyes:
    """The players' sight kept between changes: each character's squares until it moves or
    the map's board changes, the map's extent and its zones' squares until its zones or
    walls change, and what the memory of the fog holds until it grows (P14)."""

    def __init__(self) -> None:
        self._side: SideSight | None = None
        # By the map's board and zones: the map's own bounds and its zones' boxes.
        self._extent: tuple[tuple, Bounds, list[ZoneBox]] | None = None
        self._memory: Remembered | None = None  # what Map.explored holds, for the map's zones

    def _map(self, m: Map, board: object) -> tuple[Bounds, list[ZoneBox]]:
        """The map's own bounds (`map_bounds`) and its zones' boxes, made again only when its
        walls, squares, zones or grid changed."""
        grid = m.grid
        assert grid is not None
        rects = tuple((z.rect.x, z.rect.y, z.rect.width, z.rect.height) for z in m.zones)
        key = (board, rects, grid.origin_x, grid.origin_y, grid.cell_px)
        if self._extent is None or self._extent[0] != key:
            self._extent = (key, map_bounds(m), zone_boxes(m))
            self._memory = Remembered(self._extent[2])
        return self._extent[1], self._extent[2]

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
        placed = [(c, c.position.cell) for c in enc.combatants if c.position.cell is not None]
        own, boxes = self._map(m, board)
        cells = self._side.seen(board, eyes, _looked_at(own, placed))  # type: ignore[arg-type]
        rows = SquareRows(cells)
        seen = {c.id for c in enc.combatants if c.side in players} | _standing_in(
            enc, ruleset, cells, rows, placed
        )
        zones = zones_over(boxes, rows)
        assert self._memory is not None  # made with the extent
        memory = self._memory.read(m.explored)
        return PlayersSight(
            cells,
            frozenset(zones),
            frozenset(seen),
            cells.union(memory.cells),
            frozenset(zones | memory.zones),
        )


def _looked_at(own: Bounds, placed: list[tuple[Combatant, Cell]]) -> Bounds:
    """The squares looked at: the map's own and the creatures' (`placed`), in whole blocks of
    BLOCK squares — a step does not change them (changed bounds would have every
    character's sight worked out again)."""
    x0, y0, x1, y1 = own
    if not placed:
        return own
    xs, ys = [at[0] for _, at in placed], [at[1] for _, at in placed]
    return _blocks(
        min(x0, min(xs) - MARGIN),
        min(y0, min(ys) - MARGIN),
        max(x1, max(xs) + WIDEST + MARGIN),
        max(y1, max(ys) + WIDEST + MARGIN),
    )


def _standing_in(
    enc: Encounter,
    ruleset: Ruleset,
    cells: frozenset[Cell],
    rows: SquareRows,
    placed: list[tuple[Combatant, Cell]],
) -> set[str]:
    """The creatures (`placed`: each at its top left square) one of whose squares is
    among `cells` (`rows`, the same by row): a creature is passed by its place alone unless
    a square it could take is seen (`SquareRows.near`), and only then its size asked (this
    runs for every token at every change)."""
    if not cells:
        return set()
    out = set()
    for c, at in rows.near(WIDEST, placed):
        space = Footprint((at[0], at[1]), ruleset.space(enc, c))
        if any(cell in cells for cell in space.cells()):
            out.add(c.id)
    return out


def map_bounds(m: Map) -> Bounds:
    """The squares a gridded map holds (zones, walls, squares), with a margin, widened to
    whole blocks of BLOCK squares."""
    grid = m.grid
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
    if not xs:
        return (0, 0, 1, 1)
    return _blocks(min(xs) - MARGIN, min(ys) - MARGIN, max(xs) + MARGIN, max(ys) + MARGIN)


def _blocks(x0: float, y0: float, x1: float, y1: float) -> Bounds:
    """A box widened to whole blocks of BLOCK squares, at most LARGEST each way."""
    left, top = floor(x0 / BLOCK) * BLOCK, floor(y0 / BLOCK) * BLOCK
    right, bottom = ceil(x1 / BLOCK) * BLOCK, ceil(y1 / BLOCK) * BLOCK
    return (left, top, min(right, left + LARGEST), min(bottom, top + LARGEST))


def zone_boxes(m: Map) -> list[ZoneBox]:
    """Each zone of a gridded map with the squares its rectangle covers, at least in part."""
    grid = m.grid
    assert grid is not None
    out = []
    for z in m.zones:
        r, px = z.rect, grid.cell_px
        x0, y0 = floor((r.x - grid.origin_x) / px), floor((r.y - grid.origin_y) / px)
        x1 = ceil((r.x + r.width - grid.origin_x) / px)
        y1 = ceil((r.y + r.height - grid.origin_y) / px)
        out.append((z.id, x0, y0, x1, y1))
    return out
