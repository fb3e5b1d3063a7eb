"""Combatants carried out of an encounter (into the GM's library, from another file) and into
another: what of a combatant belongs to its fight stays behind."""

from __future__ import annotations

from gui.engine.contract.base import Ruleset
from gui.engine.core.copies import deep_copy
from gui.engine.edits.roster import RosterEditError, add_combatants
from gui.engine.state.changes import ChangeSet, apply, revert
from gui.engine.state.model import Combatant, Encounter, Position


def portable(c: Combatant) -> Combatant:
    """A copy of `c` out of its encounter: nowhere on a map, in contact with no one, without
    the states another combatant caused (they end when their source leaves the fight,
    durations.naming); its sheet, tracks, own states and notes as they are."""
    return deep_copy(c).replace(
        position=Position(),
        contacts=[],
        states=[deep_copy(s) for s in c.states if s.source is None],
    )


def add_all(
    ruleset: Ruleset,
    enc: Encounter,
    templates: list[Combatant],
    zone: str | None = None,
    on_grid: bool = False,
) -> tuple[list[str], ChangeSet]:
    """One combatant made from each template (their names and ids made unique, each on free
    squares when the grid holds the tokens), as one ChangeSet."""
    if not templates:
        raise RosterEditError("Aucun combattant choisi", "No combatant chosen")
    ids: list[str] = []
    n = len(templates)
    total = ChangeSet(f"Importer {n} combattant(s)", (), f"Import {n} combatant(s)")
    made: list[ChangeSet] = []
    try:
        # Each addition is applied for the next one to see the names, ids and squares taken;
        # all of them are taken back before the whole is returned, to be applied as one.
        for template in templates:
            new, cs = add_combatants(ruleset, enc, template, 1, zone, on_grid)
            apply(enc, cs, checked=False)
            made.append(cs)
            ids += new
    finally:
        for cs in reversed(made):
            revert(enc, cs, checked=False)
    for cs in made:
        total += cs
    return ids, total
