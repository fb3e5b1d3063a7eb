"""ChangeSets that edit the roster: add, duplicate, remove combatants; tracks, states, names."""

from __future__ import annotations

import copy
import re
import unicodedata

from gui.engine.contract.base import Ruleset
from gui.engine.core.copies import deep_copy
from gui.engine.core.problems import BilingualError, Problem
from gui.engine.core.words import Label
from gui.engine.edits.map import COLOUR
from gui.engine.play.placing import free_spaces
from gui.engine.state.changes import ABSENT, Change, ChangeSet, change
from gui.engine.state.model import (
    Combatant,
    Encounter,
    Position,
    Side,
    State,
    StatValue,
    Track,
    TurnEntry,
    TurnState,
)
from gui.engine.state.schema import FieldSpec, check_combatant, check_value, default_stats
from gui.engine.timing import durations
from gui.engine.turns.history import rebuilt, snapshots


class RosterEditError(BilingualError, ValueError):
    """A roster edit that cannot be made; nothing is changed."""


def _slug(name: str) -> str:
    folded = unicodedata.normalize("NFKD", name.lower()).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", folded).strip("_")[:40] or "combattant"


def new_id(taken: set[str], name: str) -> str:
    """An id from a name that no other combatant has ("Gobelin" → "gobelin", "gobelin_2")."""
    base = _slug(name)
    if base not in taken:
        return base
    n = 2
    while f"{base}_{n}" in taken:
        n += 1
    return f"{base}_{n}"


def _numbered(names: set[str], name: str) -> str:
    """ "Gobelin" → "Gobelin 2" (or the next free number; "Gobelin 2" → "Gobelin 3")."""
    stem = re.sub(r"\s+\d+$", "", name)
    n = 2
    while f"{stem} {n}" in names:
        n += 1
    return f"{stem} {n}"


def blank(
    ruleset: Ruleset,
    enc: Encounter,
    name: str,
    side: str,
    tier: str | None,
    stats: dict[str, StatValue] | None = None,
    notes: str = "",
) -> Combatant:
    """A new combatant with every field of its tier at the ruleset's default (or `stats`,
    from a bestiary entry), and the empty tracks of its tier, sized by its sheet."""
    if tier is None and ruleset.data.tiers:
        tier = ruleset.data.tiers[0].value
    c = Combatant(
        id="new",
        name=name,
        side=side,
        tier=tier,
        stats={**default_stats(ruleset.data, tier), **copy.deepcopy(stats or {})},
        notes=notes,
    )
    c.tracks = {
        t.key: Track(marks=[""] * t.size_for(c))
        for t in ruleset.data.tracks
        if not t.tiers or tier in t.tiers
    }
    return c


def add_combatants(
    ruleset: Ruleset,
    enc: Encounter,
    template: Combatant,
    count: int = 1,
    zone: str | None = None,
    on_grid: bool = False,
) -> tuple[list[str], ChangeSet]:
    """`count` combatants made from `template` (numbered when more than one), in `zone`;
    on a grid that holds the tokens, each on free squares of it (of the whole grid with
    `on_grid` and no zone)."""
    if not 1 <= count <= 200:
        raise RosterEditError("Entre 1 et 200 combattants", "Between 1 and 200 combatants")
    enc.side(template.side)  # KeyError for an unknown side, caught by the caller
    problem = check_combatant(ruleset.data, template, ("combatants", len(enc.combatants)))
    if problem is not None:
        raise RosterEditError(problem.fr, problem.en)
    taken = {c.id for c in enc.combatants}
    names = {c.name for c in enc.combatants}
    ids, changes = [], []
    where = zone if zone is not None else template.position.zone
    cells = (
        free_spaces(enc, ruleset, [ruleset.space(enc, template)] * count, where)
        if where is not None or on_grid
        else [None] * count
    )
    for i in range(count):
        name = template.name
        if count > 1 or name in names:
            name = f"{template.name} {i + 1}" if count > 1 else name
            if name in names:
                name = _numbered(names, name)
        cid = new_id(taken, name)
        taken.add(cid)
        names.add(name)
        made = deep_copy(template).replace(
            id=cid, name=name, contacts=[], position=Position(zone=where, cell=cells[i])
        )
        ids.append(cid)
        changes.append(Change(("combatants", cid), ABSENT, made))
    times = f" ×{count}" if count > 1 else ""
    return ids, ChangeSet(
        f"Ajouter {template.name}{times}", tuple(changes), f"Add {template.name}{times}"
    )


def duplicate(
    ruleset: Ruleset, enc: Encounter, cid: str, count: int
) -> tuple[list[str], ChangeSet]:
    """Copies of a combatant in its zone (on free squares of it, on a grid that holds the
    tokens), named "Nom 2", "Nom 3"…"""
    source = enc.combatant(cid)
    names = {c.name for c in enc.combatants}
    taken = {c.id for c in enc.combatants}
    ids, changes = [], []
    if not 1 <= count <= 200:
        raise RosterEditError("Entre 1 et 200 copies", "Between 1 and 200 copies")
    cells = free_spaces(enc, ruleset, [ruleset.space(enc, source)] * count, source.position.zone)
    for i in range(count):
        name = _numbered(names, source.name)
        copy_id = new_id(taken, name)
        names.add(name)
        taken.add(copy_id)
        moved = source.position.replace(cell=cells[i])
        made = deep_copy(source).replace(id=copy_id, name=name, contacts=[], position=moved)
        ids.append(copy_id)
        changes.append(Change(("combatants", copy_id), ABSENT, made))
    return ids, ChangeSet(
        f"Dupliquer {source.name} ×{count}", tuple(changes), f"Duplicate {source.name} ×{count}"
    )


def _current_after(order: list[TurnEntry], current: int, kept: list[TurnEntry]) -> int:
    """Where `current` points once some units are gone: the same unit if it is still there,
    else the unit that came after it (or the last one)."""
    if not kept:
        return -1
    units = [e.unit for e in kept]
    if 0 <= current < len(order) and order[current].unit in units:
        return units.index(order[current].unit)
    following = [e.unit for e in order[max(current, 0) :] if e.unit in units]
    return units.index(following[0]) if following else len(kept) - 1


def _drop_member(order: list[TurnEntry], current: int, cid: str) -> tuple[list[TurnEntry], int]:
    kept = []
    for entry in order:
        members = [m for m in entry.members if m != cid]
        if members:
            kept.append(entry.replace(members=members))
    return kept, _current_after(order, current, kept)


def _without(turn: TurnState, cid: str) -> TurnState:
    """The turn order without one combatant (a unit left empty goes; `current` follows the
    unit it pointed at) and without its spent actions, now and in every past state that
    « Précédent » goes back to."""
    states = snapshots(turn)
    for state in states:
        state.order, state.current = _drop_member(state.order, state.current, cid)
        state.spent = {k: v for k, v in state.spent.items() if k != cid}
    return rebuilt(states)


def remove_combatant(enc: Encounter, cid: str) -> ChangeSet:
    """Remove a combatant: contacts with it end, it leaves the turn order, and the states it
    caused on others end."""
    c = enc.combatant(cid)
    changes: list[Change] = []
    for other in c.contacts:
        links = [i for i in enc.combatant(other).contacts if i != cid]
        changes.append(change(enc, ("combatants", other, "contacts"), links))
    if any(cid in e.members for e in enc.turn.order) or cid in enc.turn.spent:
        changes.append(change(enc, ("turn",), _without(enc.turn, cid)))
    changes += durations.naming(enc, cid)  # the states it caused go with it
    if any(cid in (w.actor, w.target) for w in enc.windows):  # and the windows it is in
        kept = [w for w in enc.windows if cid not in (w.actor, w.target)]
        changes.append(change(enc, ("windows",), kept))
    changes.append(change(enc, ("combatants", cid), ABSENT))
    return ChangeSet(f"Retirer {c.name}", tuple(changes), f"Remove {c.name}")


def rename(enc: Encounter, cid: str, name: str) -> ChangeSet:
    name = name.strip()
    c = enc.combatant(cid)
    if not name or len(name) > 200:
        raise RosterEditError(
            f"{c.name} : un nom a de 1 à 200 caractères ({len(name)} saisis)",
            f"{c.name}: a name has 1 to 200 characters ({len(name)} typed)",
        )
    changes = (change(enc, ("combatants", cid, "name"), name),)
    return ChangeSet(f"Renommer {c.name}", changes, f"Rename {c.name}")


def rename_encounter(enc: Encounter, name: str) -> ChangeSet:
    """The encounter's own name (the window title, the summary, the recovery prompt)."""
    name = name.strip()
    if not name or len(name) > 200:
        raise RosterEditError(
            f"Le nom de la rencontre a de 1 à 200 caractères ({len(name)} saisis)",
            f"An encounter's name has 1 to 200 characters ({len(name)} typed)",
        )
    changes = (change(enc, ("name",), name),)
    return ChangeSet(f"Renommer la rencontre « {name} »", changes, f"Rename the encounter '{name}'")


def set_side(enc: Encounter, cid: str, side: str) -> ChangeSet:
    c = enc.combatant(cid)
    s = enc.side(side)
    return ChangeSet(
        f"{c.name} rejoint {s.name}",
        (change(enc, ("combatants", cid, "side"), side),),
        f"{c.name} joins {s.name}",
    )


def set_notes(enc: Encounter, cid: str, text: str) -> ChangeSet:
    c = enc.combatant(cid)
    if len(text) > 20_000:
        raise RosterEditError(
            "Notes : 20 000 caractères au plus", "Notes: 20,000 characters at most"
        )
    changes = (change(enc, ("combatants", cid, "notes"), text),)
    return ChangeSet(f"Notes de {c.name}", changes, f"Notes of {c.name}")


def set_track(ruleset: Ruleset, enc: Encounter, cid: str, key: str, marks: list[str]) -> ChangeSet:
    """Set a track's boxes, checked against the ruleset's track (size and allowed marks)."""
    c = enc.combatant(cid)
    if any(not isinstance(m, str) or len(m) > 4 for m in marks):
        raise RosterEditError(
            "Une case porte une marque de 4 caractères au plus",
            "A box holds a mark of at most 4 characters",
        )
    trial = c.replace(tracks={key: Track(marks=marks)})
    problem: Problem | None = check_combatant(
        ruleset.data, trial, ("combatants", enc.combatants.index(c))
    )
    if problem is not None:
        raise RosterEditError(f"{c.name} : {problem.fr}", f"{c.name}: {problem.en}")
    label = next((t.label for t in ruleset.data.tracks if t.key == key), Label(fr=key, en=key))
    return ChangeSet(
        f"{c.name} : {label.fr}",
        (change(enc, ("combatants", cid, "tracks", key), Track(marks=marks)),),
        f"{c.name}: {label.en}",
    )


def set_states(enc: Encounter, cid: str, states: list[State]) -> ChangeSet:
    c = enc.combatant(cid)
    changes = (change(enc, ("combatants", cid, "states"), states),)
    return ChangeSet(f"États de {c.name}", changes, f"Conditions of {c.name}")


def add_side(enc: Encounter, name: str, colour: str) -> tuple[str, ChangeSet]:
    name = name.strip()
    if not name or len(name) > 200:
        raise RosterEditError(
            "Un nom de camp a de 1 à 200 caractères", "A side name has 1 to 200 characters"
        )
    if not COLOUR.match(colour):
        raise RosterEditError("Couleur au format #rrvvbb", "Colour as #rrggbb")
    sid = new_id({s.id for s in enc.sides}, name)
    side = Side(id=sid, name=name, colour=colour)
    changes = (Change(("sides", sid), ABSENT, side),)
    return sid, ChangeSet(f"Nouveau camp « {name} »", changes, f"New side '{name}'")


def set_resource(ruleset: Ruleset, enc: Encounter, side: str, key: str, value: int) -> ChangeSet:
    """Set a side's resource (the GM's Réserve, Menace…), checked against the resource the
    ruleset declares; a ruleset that declares none takes any whole number."""
    s = enc.side(side)  # KeyError for an unknown side, caught by the caller
    spec = ruleset.data.resource(key)
    if ruleset.data.resources and spec is None:
        raise RosterEditError(
            f"{s.name} : « {key} » n’est pas une ressource de camp de ces règles",
            f"{s.name}: '{key}' is not a side resource of this ruleset",
        )
    if spec is None:
        if not re.fullmatch(r"[A-Za-z0-9_.:-]{1,64}", key):
            raise RosterEditError(
                f"Nom de ressource impossible : « {key} »", f"Impossible resource name: '{key}'"
            )
        why = check_value(FieldSpec(key=key, label=Label(fr=key, en=key), kind="int"), value)
        label_fr = label_en = key.replace("_", " ").capitalize()
    else:
        why = check_value(spec, value)
        label_fr, label_en = spec.label.fr, spec.label.en
    if why:
        raise RosterEditError(
            f"{s.name} : {label_fr} : {why[0]}", f"{s.name}: {label_en}: {why[1]}"
        )
    return ChangeSet(
        f"{s.name} : {label_fr}",
        (change(enc, ("sides", side, "resources", key), value),),
        f"{s.name}: {label_en}",
    )
