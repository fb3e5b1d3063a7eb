"""Metres moved in a turn, for the rulesets that count them: what a move costs (on the grid
the way round walls and the creatures that bar it, else along the zones' links) and the state
that keeps what a creature moved until the start of its next turn (durations.py), so undo, save
and the sheet see it."""

from __future__ import annotations

from gui.engine.contract.base import Ruleset
from gui.engine.contract.edits import Edits
from gui.engine.core.words import Label
from gui.engine.grid.from_map import board_of
from gui.engine.grid.placed import space_of
from gui.engine.grid.route import route
from gui.engine.grid.squares import Footprint
from gui.engine.grid.straight import GridPath
from gui.engine.space.destination import Destination
from gui.engine.space.zones import ZoneGraph
from gui.engine.state.model import Combatant, Encounter, Expiry, State

MOVED = "budget.mouvement"  # its value: the decimetres moved this turn (0,1 m steps)


def way(
    ruleset: Ruleset,
    enc: Encounter,
    c: Combatant,
    dest: Destination,
    space: Footprint | None = None,
) -> GridPath | None:
    """The way `c` (or `space`, its squares) takes on the grid to `dest`: round walls and the
    creatures that bar it (Ruleset.blocks_way); None off the grid."""
    space = space or space_of(enc, ruleset, c)
    if space is None or dest.cell is None or enc.map.grid is None:
        return None
    foes = frozenset(
        cell
        for o in enc.combatants
        if o.id != c.id and ruleset.blocks_way(enc, c, o)
        if (their := space_of(enc, ruleset, o)) is not None
        for cell in their.cells()
    )
    return route(board_of(enc.map), space, tuple(dest.cell), ruleset.diagonal(enc), avoid=foes)


def way_metres(ruleset: Ruleset, enc: Encounter, c: Combatant, dest: Destination) -> float | None:
    """What the move costs in metres: the way on the grid (difficult terrain counting twice,
    every square as many times as Ruleset.move_factor says), else the zones' links; 0 within
    a zone; None when the map cannot say (the GM judges)."""
    found = way(ruleset, enc, c, dest)
    if found is not None:
        return found.cost.times(ruleset.move_factor(enc, c)).metres
    if c.position.zone and dest.zone and c.position.zone != dest.zone:
        return ZoneGraph(enc.map).metres(c.position.zone, dest.zone)
    return 0.0


def moved(c: Combatant) -> float:
    """Metres moved this turn."""
    return next((s.value or 0 for s in c.states if s.key == MOVED), 0) / 10


def move(edits: Edits, c: Combatant, metres: float) -> None:
    """Add `metres` to what `c` moved this turn."""
    total = round((moved(c) + metres) * 10)
    shown = moved_label(total).fr
    edits.add_state(
        c.id, State(key=MOVED, label=shown, value=total, expiry=Expiry(at="turn_start"))
    )


def moved_label(decimetres: int) -> Label:
    metres = f"{decimetres / 10:g}"
    return Label(fr=f"Déplacé : {metres.replace('.', ',')} m", en=f"Moved: {metres} m")
