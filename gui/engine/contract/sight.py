"""Whether one creature sees another on the map (issue 38), for the rules that ask it (an
attack on a target the attacker cannot see, an attack of opportunity on a creature it sees
leave): on the grid the corner tracer through walls, closed doors and solid squares, and the
dark within the viewer's darkvision (sight/sees.py); on a zone map the zones seen through
links that do not block sight (sight/zones.py); off the map, seen. Always with the line that
decides, and the GM may say otherwise (G-3: the « Vue » option of an action)."""

from __future__ import annotations

from msgspec import Struct

from gui.engine.contract.base import Ruleset
from gui.engine.contract.fields import choice_field
from gui.engine.grid.from_map import board_of
from gui.engine.grid.squares import Footprint
from gui.engine.sight.darkness import darkness_words
from gui.engine.sight.sees import sees
from gui.engine.sight.zones import seen_zones
from gui.engine.state.model import Combatant, Encounter
from gui.engine.state.schema import FieldSpec

SIGHT = "vue"  # the option by which the GM says whether the actor sees its target (G-3)
BY_MAP, SEES, BLIND = "carte", "voit", "ne_voit_pas"


class Seeing(Struct, frozen=True):
    """Whether the viewer sees, and why (French, English): the line that decides."""

    seen: bool
    fr: str
    en: str


def map_sight(enc: Encounter, ruleset: Ruleset, viewer: Combatant, target: Combatant) -> Seeing:
    """What the map says of whether `viewer` sees `target`."""
    dark = ruleset.darkvision_m(enc, viewer)
    a, b = viewer.position, target.position
    if enc.map.grid is not None and a.cell is not None and b.cell is not None:
        here = Footprint(tuple(a.cell), ruleset.space(enc, viewer))  # type: ignore[arg-type]
        there = Footprint(tuple(b.cell), ruleset.space(enc, target))  # type: ignore[arg-type]
        call = sees(board_of(enc.map), here, there, dark, ruleset.diagonal(enc))
        fr, en = darkness_words(dark) if call.line is None else (call.line.fr, call.line.en)
        return Seeing(call.seen, fr, en)
    zoned = a.zone is not None and b.zone is not None
    if zoned and b.zone not in seen_zones(enc.map, a.zone, dark):  # type: ignore[arg-type]
        where = _zone_name(enc, b.zone)  # type: ignore[arg-type]
        return Seeing(
            False,
            f"ne voit pas {where} (un passage bloque la vue, ou le noir)",
            f"cannot see {where} (a way that blocks sight, or the dark)",
        )
    return Seeing(True, "la voit", "sees it")


def _zone_name(enc: Encounter, zid: str) -> str:
    try:
        return enc.map.zone(zid).name
    except KeyError:
        return zid


def sight_option(rule: str) -> FieldSpec:
    """The GM's say on whether the actor sees its target (G-3): as the map has it by default."""
    return choice_field(
        SIGHT,
        "Vue de la cible",
        "Sight of the target",
        [
            (BY_MAP, "selon la carte", "as the map has it"),
            (SEES, "la voit (MJ)", "sees it (GM)"),
            (BLIND, "ne la voit pas (MJ)", "cannot see it (GM)"),
        ],
        rule,
        BY_MAP,
    )


def overridden(seeing: Seeing, said: str) -> Seeing:
    """The map's answer, or the GM's when the « Vue » option says otherwise (G-3)."""
    if said == SEES and not seeing.seen:
        return Seeing(True, "la voit (le MJ l’impose)", "sees it (the GM says so)")
    if said == BLIND and seeing.seen:
        return Seeing(False, "ne la voit pas (le MJ l’impose)", "cannot see it (the GM says so)")
    return seeing
