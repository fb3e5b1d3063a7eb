"""The geometry between two combatants standing on the map's grid, as every ruleset reads it
through its contract (`Ruleset.space`, `reach`, `diagonal`): their spaces, the squares and
metres between them, the cover one has against the other, flanking. Each answers None when
either has no cell (or the map no grid): the rules then fall back on zones."""

from __future__ import annotations

from gui.engine.grid.board import Board
from gui.engine.grid.flanking import FlankCall, flanking
from gui.engine.grid.footing import Footing
from gui.engine.grid.from_map import board_of
from gui.engine.grid.lines import CoverCall, cover
from gui.engine.grid.reach import Threat, squares_to
from gui.engine.grid.squares import Footprint
from gui.engine.state.model import Combatant, Encounter


def space_of(enc: Encounter, ruleset: Footing, c: Combatant) -> Footprint | None:
    """The squares `c` takes on the grid (its size's footprint), None off the grid."""
    if enc.map.grid is None or c.position.cell is None:
        return None
    return Footprint(tuple(c.position.cell), ruleset.space(enc, c))  # type: ignore[arg-type]


def threat_of(enc: Encounter, ruleset: Footing, c: Combatant) -> Threat | None:
    space = space_of(enc, ruleset, c)
    return None if space is None else Threat(space, ruleset.reach(enc, c))


def squares_apart(enc: Encounter, ruleset: Footing, a: Combatant, b: Combatant) -> int | None:
    """Squares from the nearest square of `a` to the nearest of `b` (1: adjacent), with the
    ruleset's diagonal count."""
    sa, sb = space_of(enc, ruleset, a), space_of(enc, ruleset, b)
    if sa is None or sb is None:
        return None
    return min(squares_to(sa, cell, ruleset.diagonal(enc)) for cell in sb.cells())


def metres_apart(enc: Encounter, ruleset: Footing, a: Combatant, b: Combatant) -> float | None:
    squares = squares_apart(enc, ruleset, a, b)
    grid = enc.map.grid
    return None if squares is None or grid is None else squares * grid.cell_m


def cover_between(
    enc: Encounter,
    ruleset: Footing,
    attacker: Combatant,
    target: Combatant,
    *,
    melee: bool = False,
    board: Board | None = None,
) -> CoverCall | None:
    """The cover `target` has against `attacker` from the walls and squares of the map and,
    as soft cover, the other combatants still in the fight (D35-01, D35-05, D35-07) — not
    those that share either one's space (a rider's mount: Ruleset.together)."""
    sa, st = space_of(enc, ruleset, attacker), space_of(enc, ruleset, target)
    if sa is None or st is None:
        return None
    apart = {attacker.id, target.id}
    apart |= ruleset.together(enc, attacker) | ruleset.together(enc, target)
    others = [
        space
        for c in enc.combatants
        if c.id not in apart and not ruleset.is_out(enc, c)
        if (space := space_of(enc, ruleset, c)) is not None
    ]
    return cover(board or board_of(enc.map), sa, st, melee=melee, creatures=others)


def flanked_by(
    enc: Encounter,
    ruleset: Footing,
    attacker: Combatant,
    target: Combatant,
    board: Board | None = None,
) -> FlankCall | None:
    """Whether `attacker` flanks `target` with an ally of its side still in the fight
    (D35-66), the ally being the one the call names by its index among `allies_of`."""
    threat, space = threat_of(enc, ruleset, attacker), space_of(enc, ruleset, target)
    if threat is None or space is None:
        return None
    allies = [t for c in allies_of(enc, ruleset, attacker) if (t := threat_of(enc, ruleset, c))]
    return flanking(space, threat, allies, ruleset.diagonal(enc), board or board_of(enc.map))


def allies_of(enc: Encounter, ruleset: Footing, c: Combatant) -> list[Combatant]:
    """The others of `c`'s side on the grid and still in the fight."""
    return [
        o
        for o in enc.combatants
        if o.side == c.side and o.id != c.id and not ruleset.is_out(enc, o)
        if space_of(enc, ruleset, o) is not None
    ]
