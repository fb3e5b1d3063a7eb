"""Where a moved token goes: a Destination (zone, grid cell, the combatant it was dropped on)
from a point of the map, and the changes of the move, which the engine decides: the
position, the contacts it breaks or makes, the ruleset's costs, and the GM's override (G-3)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from gui.engine.contract.base import is_log_append, log_change
from gui.engine.core.problems import BilingualError
from gui.engine.play import move_log
from gui.engine.space.zones import ZoneGraph, can_touch
from gui.engine.state.changes import Change, ChangeSet, change
from gui.engine.state.model import Combatant, Encounter, Grid, LogEntry, Map, Position

if TYPE_CHECKING:
    from gui.engine.contract.base import Notice, Ruleset


class MoveError(BilingualError, ValueError):
    """A move that cannot be made at all (no place given, an unknown zone); nothing changed."""


@dataclass(frozen=True)
class Destination:
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


def settled(ruleset: Ruleset, enc: Encounter, c: Combatant, dest: Destination) -> Destination:
    """The destination as the rules take it: a token dropped on another one in a ruleset
    with contact goes to that one's zone and touches it; elsewhere the partner is ignored.
    MoveError when there is nowhere to go; KeyError for an unknown zone or combatant."""
    if dest.contact is not None:
        partner = enc.combatant(dest.contact)
        if not ruleset.uses_contact or partner.id == c.id:
            dest = replace(dest, contact=None)
        elif partner.position.zone is not None:
            dest = replace(dest, zone=partner.position.zone)
    if dest.zone is not None and dest.zone not in {z.id for z in enc.map.zones}:
        raise KeyError(dest.zone)
    if dest.zone is None and dest.cell is None:
        raise MoveError("Déposez le jeton dans une zone.", "Drop the token in a zone.")
    return dest


def move_changes(
    ruleset: Ruleset, enc: Encounter, c: Combatant, dest: Destination, overridden: list[Notice]
) -> ChangeSet:
    """One ChangeSet for the whole move: the position, its journal line (move_log.py, issue
    33) and one for each combatant the rules move with it, what the ruleset counts for it,
    the contacts that can no longer hold (and the one made); when the GM overrode the rules'
    objections (`overridden`), the journal says so (G-3)."""
    moved = Position(zone=dest.zone, cell=dest.cell)
    changes: list[Change] = []
    graph = ZoneGraph(enc.map)
    if moved != c.position:
        changes.append(change(enc, ("combatants", c.id, "position"), moved))
        ruled = ruleset.move_changes(enc, c, dest)
        lines = [move_log.move_entry(ruleset, enc, c, dest, graph, overridden)]
        lines += [move_log.carried_entry(enc, enc.combatant(o), c) for o in _carried(ruled, c)]
        for line in lines:
            changes.append(log_change(enc, line, changes))
        changes += _after_lines(ruled, len(lines))
    after = c.model_copy(update={"position": moved})
    links = {c.id: list(c.contacts)}
    for other_id in c.contacts:
        if other_id != dest.contact and not can_touch(graph, after, enc.combatant(other_id)):
            links[c.id].remove(other_id)
            links[other_id] = [i for i in enc.combatant(other_id).contacts if i != c.id]
    if dest.contact is not None and dest.contact not in c.contacts:
        links[c.id].append(dest.contact)
        links[dest.contact] = [*enc.combatant(dest.contact).contacts, c.id]
    for cid, kept in links.items():
        if kept != enc.combatant(cid).contacts:
            changes.append(change(enc, ("combatants", cid, "contacts"), kept))
    fr, en = f"Déplacer {c.name}", f"Move {c.name}"
    if moved == c.position and dest.contact is not None:
        fr = en = f"Contact {c.name} / {enc.combatant(dest.contact).name}"
    if overridden:
        fr, en = f"{fr} (imposé par le MJ)", f"{en} (forced by the GM)"
    if overridden and moved == c.position:  # no move line to say it
        entry = LogEntry.of(
            (fr, en), *move_log.forced_by_the_gm(overridden), round=enc.turn.round, actor=c.id
        )
        changes.append(log_change(enc, entry, changes))
    return ChangeSet(fr, tuple(changes), en)


def _carried(changes: list[Change], c: Combatant) -> list[str]:
    """The other combatants whose position `changes` (the ruleset's) set: moved with `c`."""
    return [
        ch.path[1]
        for ch in changes
        if len(ch.path) == 3 and ch.path[0] == "combatants" and ch.path[2] == "position"
        if ch.path[1] != c.id
    ]


def _after_lines(changes: list[Change], count: int) -> list[Change]:
    """`changes` with their own journal lines put after the `count` lines of the move."""
    return [
        replace(ch, path=("log", ch.path[1] + count)) if is_log_append(ch) else ch for ch in changes
    ]
