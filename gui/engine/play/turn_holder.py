"""Who holds the turn, for the action the GM opens without saying who acts (issue 34, item
1): the members of the unit whose turn it is, or — where sides alternate and the side holding
the initiative picks which of its units acts (AlternatingSides) — those of that side's units
that can still act; the first of them who can act (Ruleset.cannot_act)."""

from __future__ import annotations

from gui.engine.contract.base import Ruleset
from gui.engine.state.model import Encounter
from gui.engine.turns import TurnMode


def turn_members(enc: Encounter, mode: TurnMode) -> list[str]:
    """The members of the acting unit; with alternating sides, of the holding side's units
    that can still act (none before the combat)."""
    entry = mode.acting(enc.turn)
    if entry is not None:
        return list(entry.members)
    holder, able = getattr(enc.turn, "holder", None), getattr(mode, "able", None)
    if holder is None or able is None:
        return []
    return [m for e in able(enc.turn) if e.side == holder for m in e.members]


def first_able(ruleset: Ruleset, enc: Encounter, members: list[str]) -> str | None:
    """The first of `members` who can act (Ruleset.cannot_act), else the first one."""
    for cid in members:
        if ruleset.cannot_act(enc, enc.combatant(cid)) is None:
            return cid
    return members[0] if members else None


def default_actor(
    ruleset: Ruleset, enc: Encounter, mode: TurnMode, selected: str | None, target: str | None
) -> str | None:
    """Whoever holds the turn: `selected` when it is one of the turn's members and can act,
    else the turn's first member who can act; `selected` when nobody holds the turn; never
    `target` itself (None then)."""
    members = turn_members(enc, mode)
    if not members:
        return selected if selected != target else None
    able = [m for m in members if ruleset.cannot_act(enc, enc.combatant(m)) is None]
    mine = [selected] if selected in able else []
    chosen = [*mine, first_able(ruleset, enc, [m for m in members if m != target])]
    return next((c for c in chosen if c is not None and c != target), None)
