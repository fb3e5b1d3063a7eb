"""The journal lines of a move (issue 33): who went where and how far, in French and in English.
They go into the move's own ChangeSet (moves.py, map_edits.py), so one undo takes the move and
its lines back together."""

from __future__ import annotations

from gui.engine.contract.base import Ruleset
from gui.engine.contract.moving import way
from gui.engine.core.words import Notice
from gui.engine.space.destination import Destination
from gui.engine.space.zones import ZoneGraph
from gui.engine.state.model import Combatant, Encounter, LogEntry

Words = tuple[str, str]  # (French, English)


def _metres(value: float) -> Words:
    text = f"{round(value, 1):g}"
    return text.replace(".", ","), text


def how_far(
    ruleset: Ruleset, enc: Encounter, c: Combatant, dest: Destination, graph: ZoneGraph
) -> Words | None:
    """How far `c` goes to `dest`: on the grid the squares and metres of the way the map's
    drag shows (round walls and the creatures in the way, each square as many times as
    Ruleset.move_factor says), else the metres along the zones' links; None when the map
    cannot say (within a zone, links of unknown length)."""

    found = way(ruleset, enc, c, dest)
    if found is not None:
        cost = found.cost.times(ruleset.move_factor(enc, c))
        n, (fr, en) = cost.squares, _metres(cost.metres)
        return f"{n} case{'s' * (n > 1)}, {fr} m", f"{n} square{'s' * (n != 1)}, {en} m"
    here, there = c.position.zone, dest.zone
    if here is None or there is None or here == there:
        return None
    metres = graph.metres(here, there)
    if not metres:
        return None
    fr, en = _metres(metres)
    return f"{fr} m", f"{en} m"


def move_entry(
    ruleset: Ruleset,
    enc: Encounter,
    c: Combatant,
    dest: Destination,
    graph: ZoneGraph,
    overridden: list[Notice],
) -> LogEntry:
    """« Aldric se déplace vers « La nef » (3 cases, 4,5 m) », "Aldric moves to 'La nef'
    (3 squares, 4.5 m)": the zone it goes to (« dans » within its zone), how far, the one it
    comes into contact with; a move the GM forced against the rules says so and lists the
    objections overridden (G-3)."""
    fr, en = f"{c.name} se déplace", f"{c.name} moves"
    zone = _zone_name(enc, dest.zone)
    if zone is not None and dest.zone == c.position.zone:
        fr, en = f"{fr} dans « {zone} »", f"{en} within '{zone}'"
    elif zone is not None:
        fr, en = f"{fr} vers « {zone} »", f"{en} to '{zone}'"
    far = how_far(ruleset, enc, c, dest, graph)
    if far is not None:
        fr, en = f"{fr} ({far[0]})", f"{en} ({far[1]})"
    if dest.contact is not None and dest.contact not in c.contacts:
        partner = enc.combatant(dest.contact).name
        fr, en = f"{fr}, au contact de {partner}", f"{en}, into contact with {partner}"
    return LogEntry.of(
        (fr, en),
        *forced_by_the_gm(overridden),
        round=enc.turn.round,
        actor=c.id,
        target=dest.contact,
    )


def forced_by_the_gm(overridden: list[Notice]) -> tuple[Words, list[Words]]:
    """The outcome and breakdown of a move the GM forced despite the rules' objections (G-3);
    nothing for a move within the rules."""
    if not overridden:
        return ("", ""), []
    return (
        (
            "Déplacement imposé par le MJ malgré les règles",
            "Move forced by the GM despite the rules",
        ),
        [(f"G-3 passé outre : {n}", f"G-3 overridden: {n.rule} {n.en}") for n in overridden],
    )


def carried_entry(enc: Encounter, other: Combatant, c: Combatant) -> LogEntry:
    """Another combatant the rules move with `c` (a rider on its mount…)."""
    return LogEntry.of(
        (f"{other.name} se déplace avec {c.name}", f"{other.name} moves with {c.name}"),
        round=enc.turn.round,
        actor=other.id,
    )


def evacuated_entry(enc: Encounter, c: Combatant, zone: str, to: str | None) -> LogEntry:
    """A combatant moved out of a deleted zone, to another zone or off the map."""
    fr, en = f"Zone « {zone} » supprimée : {c.name}", f"Zone '{zone}' deleted: {c.name}"
    where = _zone_name(enc, to)
    if where is None:
        fr, en = f"{fr} quitte la carte", f"{en} leaves the map"
    else:
        fr, en = f"{fr} va dans « {where} »", f"{en} goes to '{where}'"
    return LogEntry.of((fr, en), round=enc.turn.round, actor=c.id)


def _zone_name(enc: Encounter, zid: str | None) -> str | None:
    if zid is None:
        return None
    return next((z.name for z in enc.map.zones if z.id == zid), None)
