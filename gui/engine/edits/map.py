"""ChangeSets that edit the map: zones, links between zones, background image, grid."""

from __future__ import annotations

import re

from gui.engine.core.problems import BilingualError
from gui.engine.play import move_log
from gui.engine.state.changes import ABSENT, Change, ChangeSet, change, log_change
from gui.engine.state.model import Background, Edge, Encounter, Grid, Rect, Zone

COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
PALETTE = ("#8fa8c8", "#a8c88f", "#c8b88f", "#c88f9e", "#8fc8c0", "#b39fd1", "#d1a96b")


class MapEditError(BilingualError, ValueError):
    """A map edit that cannot be made (empty name, unknown zone…); nothing is changed."""


def _zone(enc: Encounter, zid: str) -> Zone:
    try:
        return enc.map.zone(zid)
    except KeyError:
        raise MapEditError(f"Zone inconnue « {zid} »", f"Unknown zone '{zid}'") from None


def _edge_index(enc: Encounter, a: str, b: str) -> int | None:
    for i, e in enumerate(enc.map.edges):
        if {e.a, e.b} == {a, b}:
            return i
    return None


def _check_name(name: str) -> str:
    name = name.strip()
    if not name or len(name) > 200:
        raise MapEditError(
            "Un nom de zone a de 1 à 200 caractères", "A zone name has 1 to 200 characters"
        )
    return name


def _check_length(length_m: float | None) -> None:
    if length_m is not None and not 0 <= length_m <= 100_000:
        raise MapEditError("Longueur entre 0 et 100 000 m", "Length between 0 and 100,000 m")


def new_zone_id(enc: Encounter) -> str:
    taken = {z.id for z in enc.map.zones}
    n = len(taken) + 1
    while f"z{n}" in taken:
        n += 1
    return f"z{n}"


def add_zone(enc: Encounter, rect: Rect, name: str = "") -> tuple[str, ChangeSet]:
    """A new zone drawn as `rect`, named "Zone N" unless a name is given."""
    zid = new_zone_id(enc)
    number = zid[1:]
    colour = PALETTE[len(enc.map.zones) % len(PALETTE)]
    name = _check_name(name) if name.strip() else f"Zone {number}"
    zone = Zone(id=zid, name=name, rect=rect, colour=colour)
    return zid, ChangeSet(
        f"Nouvelle zone « {zone.name} »",
        (Change(("map", "zones", zid), ABSENT, zone),),
        f"New zone '{zone.name}'",
    )


def rename_zone(enc: Encounter, zid: str, name: str) -> ChangeSet:
    name = _check_name(name)
    old = _zone(enc, zid).name
    return ChangeSet(
        f"Renommer « {old} » en « {name} »",
        (change(enc, ("map", "zones", zid, "name"), name),),
        f"Rename '{old}' to '{name}'",
    )


def recolour_zone(enc: Encounter, zid: str, colour: str) -> ChangeSet:
    zone = _zone(enc, zid)
    if not COLOUR.match(colour):
        raise MapEditError("Couleur au format #rrvvbb", "Colour as #rrggbb")
    return ChangeSet(
        f"Couleur de « {zone.name} »",
        (change(enc, ("map", "zones", zid, "colour"), colour),),
        f"Colour of '{zone.name}'",
    )


def set_zone_rect(enc: Encounter, zid: str, rect: Rect) -> ChangeSet:
    zone = _zone(enc, zid)
    return ChangeSet(
        f"Redimensionner « {zone.name} »",
        (change(enc, ("map", "zones", zid, "rect"), rect),),
        f"Resize '{zone.name}'",
    )


def _broken_contacts(
    enc: Encounter, zones: dict[str, str | None], edges: list[Edge]
) -> list[Change]:
    """The contacts that no longer hold once combatants stand in `zones` (id → zone) on a
    map with `edges`: contact needs the same or neighbouring zones (zones.can_touch)."""
    links = {frozenset((e.a, e.b)) for e in edges}

    def touch(a: str | None, b: str | None) -> bool:
        return a is None or b is None or a == b or frozenset((a, b)) in links

    changes = []
    for c in enc.combatants:
        kept = [o for o in c.contacts if touch(zones[c.id], zones.get(o))]
        if kept != c.contacts:
            changes.append(change(enc, ("combatants", c.id, "contacts"), kept))
    return changes


def delete_zone(enc: Encounter, zid: str, evacuate_to: str | None) -> ChangeSet:
    """Delete a zone and its links; its combatants go to `evacuate_to` (or off the map), each
    with its journal line (issue 33), and their contacts that no longer hold are broken."""
    zone = _zone(enc, zid)
    if evacuate_to == zid:
        raise MapEditError("Choisir une autre zone", "Choose another zone")
    if evacuate_to is not None:
        _zone(enc, evacuate_to)
    changes: list[Change] = []
    for c in enc.combatants:
        if c.position.zone == zid:
            moved = c.position.replace(zone=evacuate_to)
            changes.append(change(enc, ("combatants", c.id, "position"), moved))
            line = move_log.evacuated_entry(enc, c, zone.name, evacuate_to)
            changes.append(log_change(enc, line, changes))
    kept = [e for e in enc.map.edges if zid not in (e.a, e.b)]
    if len(kept) != len(enc.map.edges):
        changes.append(change(enc, ("map", "edges"), kept))
    zones = {
        c.id: evacuate_to if c.position.zone == zid else c.position.zone for c in enc.combatants
    }
    changes += _broken_contacts(enc, zones, kept)
    changes.append(change(enc, ("map", "zones", zid), ABSENT))
    return ChangeSet(
        f"Supprimer la zone « {zone.name} »", tuple(changes), f"Delete the zone '{zone.name}'"
    )


def occupants(enc: Encounter, zid: str) -> list[str]:
    """Names of the combatants standing in a zone."""
    return [c.name for c in enc.combatants if c.position.zone == zid]


def connect(enc: Encounter, a: str, b: str, length_m: float | None = None) -> ChangeSet:
    """Make two zones adjacent (AD-02 style adjacency; a length is optional)."""
    za, zb = _zone(enc, a), _zone(enc, b)
    if a == b:
        raise MapEditError("Relier deux zones différentes", "Link two different zones")
    _check_length(length_m)
    if _edge_index(enc, a, b) is not None:
        raise MapEditError(
            f"« {za.name} » et « {zb.name} » sont déjà reliées",
            f"'{za.name}' and '{zb.name}' are already linked",
        )
    edges = [*enc.map.edges, Edge(a=a, b=b, length_m=length_m)]
    return ChangeSet(
        f"Relier « {za.name} » et « {zb.name} »",
        (change(enc, ("map", "edges"), edges),),
        f"Link '{za.name}' and '{zb.name}'",
    )


def disconnect(enc: Encounter, a: str, b: str) -> ChangeSet:
    za, zb = _zone(enc, a), _zone(enc, b)
    i = _edge_index(enc, a, b)
    if i is None:
        raise MapEditError("Ces zones ne sont pas reliées", "These zones are not linked")
    edges = [e for k, e in enumerate(enc.map.edges) if k != i]
    zones = {c.id: c.position.zone for c in enc.combatants}
    changes = [change(enc, ("map", "edges"), edges), *_broken_contacts(enc, zones, edges)]
    return ChangeSet(
        f"Délier « {za.name} » et « {zb.name} »",
        tuple(changes),
        f"Unlink '{za.name}' and '{zb.name}'",
    )


def set_edge_length(enc: Encounter, a: str, b: str, length_m: float | None) -> ChangeSet:
    i = _edge_index(enc, a, b)
    if i is None:
        raise MapEditError("Ces zones ne sont pas reliées", "These zones are not linked")
    if length_m is not None and not 0 <= length_m <= 100_000:
        raise MapEditError("Longueur entre 0 et 100 000 m", "Length between 0 and 100,000 m")
    edges = [e.replace() for e in enc.map.edges]
    edges[i] = Edge(a=edges[i].a, b=edges[i].b, length_m=length_m)
    fr, en = ("inconnue", "unknown") if length_m is None else (f"{length_m:g} m",) * 2
    return ChangeSet(
        f"Longueur de liaison : {fr}", (change(enc, ("map", "edges"), edges),), f"Link length: {en}"
    )


def set_background(enc: Encounter, background: Background | None) -> ChangeSet:
    fr, en = (
        ("Retirer le fond de carte", "Remove the map background")
        if background is None
        else ("Fond de carte", "Map background")
    )
    return ChangeSet(fr, (change(enc, ("map", "background"), background),), en)


def set_grid(enc: Encounter, grid: Grid | None) -> ChangeSet:
    fr, en = ("Retirer la grille", "Remove the grid") if grid is None else ("Grille", "Grid")
    return ChangeSet(fr, (change(enc, ("map", "grid"), grid),), en)


def set_scale(enc: Encounter, metres_per_px: float | None) -> ChangeSet:
    changes = (change(enc, ("map", "metres_per_px"), metres_per_px),)
    return ChangeSet("Échelle de la carte", changes, "Map scale")
