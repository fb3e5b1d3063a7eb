"""Whom an action may aim at (issue 34, item 1): a foe, an ally, oneself, anyone but oneself,
anyone; and whether one out of the fight may be aimed at. Each action says it on its spec
(ActionSpec.aim, anyone by default); Ruleset.aim may answer otherwise. A target the rules do
not allow is a blocking notice: the GM may still force it (G-3, logged by the Table)."""

from __future__ import annotations

from typing import Protocol

from gui.engine.contract.targets import Reaching, by_distance, default_target
from gui.engine.contract.values import ActionSpec, Aim
from gui.engine.core.words import Notice
from gui.engine.state.model import Combatant, Encounter


class Aiming(Reaching, Protocol):
    """What aiming asks of a ruleset (the contract's Ruleset answers it): whom an action may
    aim at, besides who is out of the fight and who reaches whom."""

    def aim(self, enc: Encounter, actor: str, spec: ActionSpec) -> Aim: ...


def refusal(
    ruleset: Aiming, enc: Encounter, actor: Combatant, spec: ActionSpec, target: Combatant
) -> Notice | None:
    """Why `spec`, taken by `actor`, may not aim at `target` (a blocking notice in both
    languages), or None when it may."""
    aim = ruleset.aim(enc, actor.id, spec)
    rule = aim.rule or spec.rule
    label = spec.label
    if not aim.out_of_fight and ruleset.is_out(enc, target):
        return Notice(
            rule,
            f"{target.name} est hors de combat : « {label.fr} » ne le vise pas",
            f"{target.name} is out of the fight: '{label.en}' cannot aim at them",
            True,
        )
    whom, same, itself = aim.whom, target.side == actor.side, target.id == actor.id
    if itself and whom in ("other", "foe", "ally"):
        return Notice(
            rule,
            f"« {label.fr} » ne vise pas son auteur ({actor.name})",
            f"'{label.en}' cannot aim at the one who takes it ({actor.name})",
            True,
        )
    if whom == "foe" and same:
        return Notice(
            rule,
            f"« {label.fr} » vise un adversaire : {target.name} est du même camp",
            f"'{label.en}' aims at a foe: {target.name} is on the same side",
            True,
        )
    if whom in ("ally", "ally_or_self") and not same:
        return Notice(
            rule,
            f"« {label.fr} » vise un allié : {target.name} est du camp adverse",
            f"'{label.en}' aims at an ally: {target.name} is on another side",
            True,
        )
    if whom == "self" and not itself:
        return Notice(
            rule,
            f"« {label.fr} » ne vise que son auteur, pas {target.name}",
            f"'{label.en}' aims only at the one who takes it, not {target.name}",
            True,
        )
    return None


def allowed(ruleset: Aiming, enc: Encounter, actor: str, spec: ActionSpec) -> list[str]:
    """The combatants `spec` may aim at when `actor` takes it, in the roster's order."""
    me = enc.combatant(actor)
    return [c.id for c in enc.combatants if refusal(ruleset, enc, me, spec, c) is None]


def target_for(
    ruleset: Aiming, enc: Encounter, actor: str, spec: ActionSpec | None, last: str | None
) -> str | None:
    """Whom `spec` aims at unless the GM says otherwise, following the action: `last` while
    the action may aim at it; else, for a foe, the `A` key's choice (targets.default_target:
    the nearest foe in reach) when allowed, else the nearest allowed; for an ally the nearest
    allowed ally when a target is needed, else none (oneself); for oneself the actor; for an
    action that aims at anyone, `last` as it is (or the `A` key's choice when a target is
    needed)."""
    if spec is None:
        return last
    whom = ruleset.aim(enc, actor, spec).whom
    ok = allowed(ruleset, enc, actor, spec)
    if last is not None and last in ok:
        return last
    if whom == "self":
        return actor
    if whom in ("ally", "ally_or_self") and not spec.needs_target:
        return None
    if whom == "any" and not spec.needs_target:
        return last
    if whom in ("foe", "other", "any"):
        chosen = default_target(ruleset, enc, actor, last)
        if chosen is not None and chosen in ok:
            return chosen
    me = enc.combatant(actor)
    ranked = by_distance(ruleset, enc, me, [c for c in enc.combatants if c.id in ok])
    others = [c for c in ranked if c.id != actor]
    return others[0].id if others else (actor if actor in ok else None)
