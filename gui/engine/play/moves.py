"""The changes of a move to a Destination (space/destination.py), which the engine decides: the
position, the contacts it breaks or makes, the ruleset's costs, and the GM's override (G-3)."""

from __future__ import annotations

from msgspec.structs import replace

from gui.engine.contract.base import Ruleset
from gui.engine.core.problems import BilingualError
from gui.engine.core.words import Notice
from gui.engine.play import move_log
from gui.engine.space.destination import Destination
from gui.engine.space.zones import ZoneGraph, can_touch
from gui.engine.state.changes import Change, ChangeSet, change, is_log_append, log_change
from gui.engine.state.model import Combatant, Encounter, LogEntry, Position


class MoveError(BilingualError, ValueError):
    """A move that cannot be made at all (no place given, an unknown zone); nothing changed."""


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
    after = c.replace(position=moved)
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
