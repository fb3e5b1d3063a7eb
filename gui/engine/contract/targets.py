"""Whom an action aims at when the GM does not say (`A`, issue 33): the nearest foe the actor
can reach (Ruleset.can_reach), the last target only while it still can; with none in reach,
the nearest foe."""

from __future__ import annotations

from typing import Protocol

from gui.engine.grid.footing import Footing
from gui.engine.grid.placed import squares_apart
from gui.engine.space.zones import ZoneGraph, can_touch, in_contact
from gui.engine.state.model import Combatant, Encounter


class Reaching(Footing, Protocol):
    """What finding a target asks of a ruleset (the contract's Ruleset answers it): besides
    the grid's footing, whom a combatant can strike from where it stands."""

    def can_reach(self, enc: Encounter, c: Combatant, target: Combatant) -> bool: ...


def within_reach(ruleset: Footing, enc: Encounter, c: Combatant, target: Combatant) -> bool:
    """Ruleset.can_reach by default: on the grid, `target`'s space within `c`'s reach
    (Ruleset.reach squares, counted as Ruleset.diagonal says); off the grid, in contact or
    in the same or a linked zone."""
    squares = squares_apart(enc, ruleset, c, target)
    if squares is not None:
        return squares <= ruleset.reach(enc, c)
    if in_contact(c, target):
        return True
    here, there = c.position.zone, target.position.zone
    return here is not None and there is not None and can_touch(ZoneGraph(enc.map), c, target)


def by_distance(ruleset: Footing, enc: Encounter, c: Combatant, others: list[Combatant]):
    """`others` nearest first: squares apart on the grid, else zones apart (in contact first
    in a zone); those whose distance the map cannot say last; the roster's order between
    equals."""
    graph = ZoneGraph(enc.map)

    def apart(o: Combatant) -> tuple[int, float, int]:
        squares = squares_apart(enc, ruleset, c, o)
        if squares is not None:
            return 0, squares, 0
        here, there = c.position.zone, o.position.zone
        zones = graph.distance(here, there) if here and there else None
        return (1, zones, not in_contact(c, o)) if zones is not None else (2, 0, 0)

    return sorted(others, key=apart)


def default_target(ruleset: Reaching, enc: Encounter, actor: str, last: str | None) -> str | None:
    """The last target while it is a foe `actor` can still reach; else the nearest foe still
    in the fight it can reach; else the nearest foe still in the fight (None without one)."""
    me = enc.combatant(actor)
    if last is not None:
        target = enc.combatant(last)
        if target.side != me.side and ruleset.can_reach(enc, me, target):
            return last
    foes = [c for c in enc.combatants if c.side != me.side and not ruleset.is_out(enc, c)]
    ranked = by_distance(ruleset, enc, me, foes)
    reached = next((c for c in ranked if ruleset.can_reach(enc, me, c)), None)
    if reached is not None:
        return reached.id
    return ranked[0].id if ranked else None
