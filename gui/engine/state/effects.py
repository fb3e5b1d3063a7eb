"""What a resolution did, as data (Seams II): each combatant's stats that changed (from, to),
the states it gained and lost, its moves; read from the ChangeSet, the same for every
ruleset, so the views (the player view, the log) need not parse outcome texts."""

from __future__ import annotations

from typing import Literal

from msgspec import Struct

from gui.engine.state.changes import ABSENT, ChangeSet
from gui.engine.state.model import Encounter, Position, StatValue


class Effect(Struct, frozen=True):
    """One thing a resolution changed about a combatant: a stat (`before` → `after`), a
    state gained or lost (`key`), a position."""

    combatant: str
    kind: Literal["stat", "state_added", "state_removed", "moved"]
    key: str = ""
    before: StatValue | str = None
    after: StatValue | str = None


def effects_of(enc: Encounter, cs: ChangeSet) -> tuple[Effect, ...]:
    """The effects of `cs` on the combatants of `enc` (as it was before `cs`)."""
    out: list[Effect] = []
    for ch in cs.changes:
        path = ch.path
        if len(path) < 3 or path[0] != "combatants" or not isinstance(path[1], str):
            continue
        cid, part = path[1], path[2]
        if part == "stats" and len(path) == 4:
            old = None if ch.old is ABSENT else ch.old
            new = None if ch.new is ABSENT else ch.new
            out.append(Effect(cid, "stat", str(path[3]), old, new))
        elif part == "states" and len(path) == 3:
            out += _state_effects(cid, ch.old, ch.new)
        elif part == "position" and isinstance(ch.new, Position):
            before = ch.old.zone if isinstance(ch.old, Position) else None
            out.append(Effect(cid, "moved", "zone", before, ch.new.zone))
    return tuple(out)


def _state_effects(cid: str, old: object, new: object) -> list[Effect]:
    before = {s.key for s in old} if isinstance(old, list) else set()
    after = {s.key for s in new} if isinstance(new, list) else set()
    return [Effect(cid, "state_added", k) for k in sorted(after - before)] + [
        Effect(cid, "state_removed", k) for k in sorted(before - after)
    ]
