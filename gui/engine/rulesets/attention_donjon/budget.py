"""AD-37 and AD-32: the actions of one activation (1 Move, 1 standard, 1 bonus by default,
CFG-AD-8) and the zones of a Move action, tracked as reminders that never block."""

from __future__ import annotations

from gui.engine.contract.base import Ruleset
from gui.engine.contract.edits import Edits
from gui.engine.core.words import Notice
from gui.engine.rulesets.attention_donjon.context import Ctx
from gui.engine.rulesets.attention_donjon.sheet import stat
from gui.engine.space.zones import ZoneGraph
from gui.engine.state.changes import Change
from gui.engine.state.model import Combatant, Encounter, TurnEntry

FLAG = "CFG-AD-8"
MOVE, STANDARD, BONUS = "mouvement", "standard", "bonus"
ZONE = "zone"  # one entry per zone moved this activation
NAMES = {MOVE: "de Mouvement", STANDARD: "standard", BONUS: "bonus"}
NAMES_EN = {MOVE: "Move", STANDARD: "standard", BONUS: "bonus"}


def limits(ruleset: Ruleset, enc: Encounter) -> dict[str, int] | None:
    """Actions of each kind per activation, or None when they are not tracked (outside a
    combat, or CFG-AD-8 « aucun »)."""
    mode = ruleset.flag(enc, FLAG)
    if enc.turn.mode == "none" or mode == "aucun":
        return None
    if mode == "perso":
        return {
            kind: max(0, int(ruleset.flag(enc, f"{FLAG}-{kind}")))
            for kind in (MOVE, STANDARD, BONUS)
        }
    return {MOVE: 1, STANDARD: 1, BONUS: 1}


def used(enc: Encounter, cid: str, kind: str) -> int:
    return enc.turn.spent.get(cid, []).count(kind)


def notice(ruleset: Ruleset, enc: Encounter, c: Combatant, kind: str) -> Notice | None:
    """A reminder when `c` has no `kind` action left in this activation (A-AD-12)."""
    allowed = limits(ruleset, enc)
    if allowed is None or used(enc, c.id, kind) < allowed[kind]:
        return None
    return Notice(
        "AD-37",
        f"{c.name} a déjà utilisé son action {NAMES[kind]} de cette activation (rappel)",
        f"{c.name} has already used its {NAMES_EN[kind]} action this activation (reminder)",
    )


def standard(_ctx: Ctx) -> str:
    """The cost of an action that takes the activation's standard action (ActionDef.cost)."""
    return STANDARD


def bonus(_ctx: Ctx) -> str:
    """The cost of an action that takes the activation's bonus action (ActionDef.cost)."""
    return BONUS


def reminder(ctx: Ctx) -> list[Notice]:
    """The reminder of `notice` for the action `ctx` is about, by its cost."""
    kind = ctx.cost()
    found = notice(ctx.ruleset, ctx.enc, ctx.actor, kind) if kind else None
    return [found] if found else []


def charge(ctx: Ctx, edits: Edits, count: int = 1) -> None:
    """Count the action `ctx` is about against its actor's activation, by its cost."""
    kind = ctx.cost()
    if kind:
        spend(ctx.ruleset, edits, ctx.actor, kind, count)


def spend(ruleset: Ruleset, edits: Edits, c: Combatant, kind: str, count: int = 1) -> None:
    """Count `count` actions of `kind` (a negative count gives them back, AD-34)."""
    if limits(ruleset, edits.enc) is None:
        return
    spent = dict(edits.get(("turn", "spent")))
    mine = list(spent.get(c.id, []))
    for _ in range(count):
        mine.append(kind)
    for _ in range(-count):
        if kind in mine:
            mine.remove(kind)
    spent[c.id] = mine
    edits.set(("turn", "spent"), spent)


def _zones(enc: Encounter, c: Combatant, zone: str | None) -> int | None:
    here = c.position.zone
    if here is None or zone is None or here == zone:
        return 0
    return ZoneGraph(enc.map).distance(here, zone)


def move_notices(ruleset: Ruleset, enc: Encounter, c: Combatant, zone: str | None) -> list[Notice]:
    """AD-32: a Move action covers Déplacement zones; going further than the activation's
    Move actions allow is a warning (A-AD-12)."""
    allowed = limits(ruleset, enc)
    d = _zones(enc, c, zone)
    if allowed is None or not d:
        return []
    pace = stat(c, "deplacement", 1)
    moved = used(enc, c.id, ZONE) + d
    if pace > 0 and -(-moved // pace) <= allowed[MOVE]:
        return []
    most = pace * allowed[MOVE]
    return [
        Notice(
            "AD-32",
            f"{c.name} parcourrait {moved} zone(s) à cette activation : Déplacement {pace}"
            f" × {allowed[MOVE]} action(s) de Mouvement = {most} au plus",
            f"{c.name} would move {moved} zone(s) this activation: Movement {pace}"
            f" × {allowed[MOVE]} Move action(s) = {most} at most",
        )
    ]


def move_changes(ruleset: Ruleset, enc: Encounter, c: Combatant, zone: str | None) -> list[Change]:
    """AD-21, AD-32: the zones moved count towards the activation's Move actions."""
    d = _zones(enc, c, zone)
    if not d:
        return []
    edits = Edits(enc)
    spend(ruleset, edits, c, ZONE, d)
    return list(edits.changes())


def reset(enc: Encounter, members: list[str]) -> list[Change]:
    """AD-37: the budget is reset at each activation (its end clears what it used)."""
    edits = Edits(enc)
    spent = {k: v for k, v in enc.turn.spent.items() if k not in members}
    if spent != enc.turn.spent:
        edits.set(("turn", "spent"), spent)
    return list(edits.changes())


def activation_ended(enc: Encounter, entry: TurnEntry) -> list[Change]:
    return reset(enc, entry.members)
