"""Riders and their mounts, as the rulesets with mounted combat keep them: the rider carries a
state (the ruleset names its key) whose `source` is its mount; a mount that acts on its
rider's initiative joins its rider's turn unit, just after it (D35-24, DOU-67).

Readings:
- A state without a source, or whose source is not in the encounter, names no mount.
- A chain (a rider that is itself ridden) is followed to its head; a loop stops where it
  closes, and the units are left as they are there."""

from __future__ import annotations

from collections.abc import Mapping

from gui.engine.state.model import Combatant, Encounter, TurnEntry


def mount_of(enc: Encounter, rider: Combatant, key: str) -> Combatant | None:
    """The mount `rider` is on (the source of its state `key`), if it is in the encounter."""
    source = next((s.source for s in rider.states if s.key == key), None)
    return next((c for c in enc.combatants if c.id == source and c.id != rider.id), None)


def riders(enc: Encounter, mount: Combatant, key: str) -> list[Combatant]:
    """Who rides `mount` (state `key` with `mount` as its source), in roster order."""
    return [
        c
        for c in enc.combatants
        if c.id != mount.id and any(s.key == key and s.source == mount.id for s in c.states)
    ]


def together(enc: Encounter, c: Combatant, key: str) -> set[str]:
    """Who moves with `c`: its mount and the mount's other riders, or its own riders."""
    mount = mount_of(enc, c, key) or c
    return {o.id for o in (mount, *riders(enc, mount, key))} - {c.id}


def leader(cid: str, follows: Mapping[str, str]) -> str:
    """Whose turn `cid` takes in the end: the one it follows, followed in turn to the head of
    the chain (the last one before a loop closes)."""
    seen, lead = {cid}, cid
    while (nxt := follows.get(lead)) is not None and nxt not in seen:
        seen.add(nxt)
        lead = nxt
    return lead


def join_units(units: list[TurnEntry], follows: Mapping[str, str]) -> list[TurnEntry]:
    """`units` with each combatant of `follows` moved into the unit of the one it follows
    (at the head of the chain, `leader`), just after it there, or last when it is not in that
    unit. The units keep their order; one left empty goes; `units` is unchanged."""
    members = [list(u.members) for u in units]
    home = {cid: i for i, m in enumerate(members) for cid in m}
    for cid, followed in follows.items():
        head = leader(cid, follows)
        if cid not in home or head not in home or home[cid] == home[head]:
            continue
        src, dst = home[cid], home[head]
        members[src].remove(cid)
        into = members[dst]
        into.insert(into.index(followed) + 1 if followed in into else len(into), cid)
        home[cid] = dst
    return [u.replace(members=m) for u, m in zip(units, members, strict=True) if m or not u.members]


def ridden(enc: Encounter, c: Combatant, along: set[str]) -> Combatant | None:
    """The mount `c` rides, read without the ruleset's state key: among those that move with
    it (`along`, Ruleset.together) the source of one of its states (the map draws a rider on
    its mount and moves them as one)."""
    sources = {s.source for s in c.states if s.source is not None}
    return next((o for o in enc.combatants if o.id in along & sources and o.id != c.id), None)
